"""The arrangement model of Treehouse (pyramids): a line of stacks and lying pieces.

Why a model of its own: every question the game, the renderer, the counting notebook and
the solver ask ("how many ways can a Tree Hop?", "which arrangements can a Dig reach?")
is a question about one trio's line of pieces, independent of players, dice and turns.
So the line and the five actions live here, as pure functions on an immutable value.

Notation (shared/design/pyramids-rulings.md, "Notation"): positions left to right,
separated by single spaces; an upright position is its pieces bottom to top (``LMS`` is the
Tree); a lying piece carries an arrow on the side it points to (``<S`` points left, ``L>``
points right). Example: ``L> S M``.

Pieces are single uppercase letters, all distinct. A piece string such as ``"SML"`` lists
them smallest first; only the Tree (largest at the bottom) and the names used in sentences
depend on that order. Nothing in the rules depends on sizes, so any set of distinct
letters works: ``all_arrangements(n)`` uses ``"SML"[:n]`` for n <= 3 and ``"ABCD..."[:n]``
for n >= 4 (A smallest).

Moves (docs/rulings/pyramids.md, R3, R4 and R13): ``moves`` lists each way to
act once per (piece clicked, result); ``results`` is the set of distinct results, which is
what the rulings count ("Distinct moves are counted by the arrangement they produce").
A move is named by tokens that say what moves where in terms of pieces (``pieces="MS"``,
``dest="on:L"``), never by its sentence or its result: the sentence is computed from the
tokens by ``sentence`` (the one place moves are put into words), the result from the line.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator, NamedTuple, Union

from ...errors import RuleError, quote

UP, LEFT, RIGHT = "^", "<", ">"

#: The five actions that change an arrangement, in die order (Wild is their union).
ACTIONS: tuple[str, ...] = ("tip", "aim", "hop", "dig", "swap")
#: The six faces of the Treehouse die.
FACES: tuple[str, ...] = ACTIONS + ("wild",)

TRIO = "SML"
#: Names used in sentences; any other letter is called by itself ("the A").
NAMES = {"S": "Small", "M": "Medium", "L": "Large"}
_BIG_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The longest text ``Arrangement.parse`` reads: 26 lone lying pieces and their spaces
#: ("<A <B ... <Z") are 77 characters. Anything longer is refused before any parsing work,
#: so a forged megabyte string costs nothing (issue 6: "Messages repeat the input whole").
MAX_TEXT = 3 * len(_BIG_ALPHABET)


class Position(NamedTuple):
    """One spot of the line: ``pieces`` bottom to top, ``facing`` UP, LEFT or RIGHT.

    A lying position (LEFT/RIGHT) always holds exactly one piece: "Lying down pieces can
    never be nested" and "Stacked pieces are always kept upright" (rulebook, Arranging).
    """

    pieces: str
    facing: str

    @property
    def upright(self) -> bool:
        return self.facing == UP

    @property
    def top(self) -> str:
        return self.pieces[-1]

    @property
    def bottom(self) -> str:
        return self.pieces[0]

    def __str__(self) -> str:
        if self.facing == LEFT:
            return "<" + self.pieces
        if self.facing == RIGHT:
            return self.pieces + ">"
        return self.pieces


class Arrangement:
    """An immutable, hashable, ordered line of positions (left to right).

    Build one with :meth:`parse` (``Arrangement.parse("L> S M")``), :meth:`tree`, or from
    positions (``Arrangement([("LM", "^"), ("S", ">")])``). Arrangements order by their
    text, so sorted lists read like a dictionary.
    """

    __slots__ = ("_positions", "_text", "_hash")

    def __init__(self, positions: Iterable[Position | tuple[str, str]]) -> None:
        try:
            ps = tuple(Position(*p) for p in itertools.islice(positions, len(_BIG_ALPHABET) + 1))
        except TypeError:
            raise RuleError("an arrangement is built from (pieces, facing) pairs such as "
                            "('LM', '^'), or parsed from text like 'L> S M'") from None
        _validate(ps)
        object.__setattr__(self, "_positions", ps)
        object.__setattr__(self, "_text", " ".join(map(str, ps)))
        object.__setattr__(self, "_hash", hash(ps))

    @classmethod
    def _trusted(cls, positions: tuple[Position, ...]) -> Arrangement:
        """Build without validation: for move generation, whose outputs are valid by
        construction (and the tests check that they re-parse)."""
        self = object.__new__(cls)
        object.__setattr__(self, "_positions", positions)
        object.__setattr__(self, "_text", " ".join(map(str, positions)))
        object.__setattr__(self, "_hash", hash(positions))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Arrangement is immutable")

    # -- reading and writing ---------------------------------------------------------
    @classmethod
    def parse(cls, text: str, pieces: str | Iterable[str] | None = None) -> Arrangement:
        """Read the rulings' notation. ``pieces`` (e.g. ``"SML"``) requires exactly that
        set of pieces; without it any distinct uppercase letters are accepted.

        Malformed text raises :class:`~treehouse_lab.RuleError` saying what is wrong.
        """
        if isinstance(text, Arrangement):
            arr = text
        else:
            arr = cls._trusted(_parse_positions(text))
            _validate(arr._positions, text)
        if pieces is not None:
            want = piece_set(pieces if isinstance(pieces, str) else _joined(pieces))
            have = arr.pieces
            missing = sorted(set(want) - set(have))
            extra = sorted(set(have) - set(want))
            if missing or extra:
                parts = []
                if extra:
                    parts.append(f"unknown piece(s) {', '.join(extra)}")
                if missing:
                    parts.append(f"missing piece(s) {', '.join(missing)}")
                raise RuleError(
                    f"arrangement {quote(str(arr))}: {'; '.join(parts)} "
                    f"(the pieces must be exactly {', '.join(want)})"
                )
        return arr

    @classmethod
    def tree(cls, pieces: str = TRIO) -> Arrangement:
        """The Tree: every piece in one stack, largest at the bottom (rulebook, Setup).
        ``pieces`` lists the pieces smallest first."""
        return cls([(pieces[::-1], UP)])

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Arrangement({self._text!r})"

    # -- value semantics -------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Arrangement):
            return self._positions == other._positions
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Arrangement) -> bool:
        if not isinstance(other, Arrangement):
            return NotImplemented
        return self._text < other._text

    def __le__(self, other: Arrangement) -> bool:
        if not isinstance(other, Arrangement):
            return NotImplemented
        return self._text <= other._text

    def __gt__(self, other: Arrangement) -> bool:
        if not isinstance(other, Arrangement):
            return NotImplemented
        return self._text > other._text

    def __ge__(self, other: Arrangement) -> bool:
        if not isinstance(other, Arrangement):
            return NotImplemented
        return self._text >= other._text

    def _repr_svg_(self) -> str:
        """Drawn as pyramids in a notebook (the renderer is imported only then)."""
        from .render import arrangements_svg

        return arrangements_svg([self])

    def __reduce__(self):
        return (Arrangement.parse, (self._text,))

    # -- inspection ------------------------------------------------------------------
    @property
    def positions(self) -> tuple[Position, ...]:
        return self._positions

    def __len__(self) -> int:
        return len(self._positions)

    def __iter__(self) -> Iterator[Position]:
        return iter(self._positions)

    def __getitem__(self, i: int) -> Position:
        return self._positions[i]

    @property
    def pieces(self) -> str:
        """Every piece, left to right and bottom to top."""
        return "".join(p.pieces for p in self._positions)

    def locate(self, piece: str) -> tuple[int, int]:
        """(position index, height in its stack, 0 = bottom) of ``piece``."""
        for i, pos in enumerate(self._positions):
            h = pos.pieces.find(piece)
            if h >= 0:
                return i, h
        raise RuleError(f"arrangement {quote(self._text)} has no piece {quote(piece, 10)}")

    def facing(self, piece: str) -> str:
        """UP, LEFT or RIGHT: the way ``piece`` points."""
        return self._positions[self.locate(piece)[0]].facing

    def is_tree(self, pieces: str | None = None) -> bool:
        """True for the Tree of these pieces (smallest first; default: the trio when the
        pieces are S, M, L, else the letters in alphabetical order)."""
        if pieces is None:
            pieces = _default_size_order(self.pieces)
        return self == Arrangement.tree(pieces)


ArrangementLike = Union[Arrangement, str]


def _joined(pieces: Iterable[str]) -> str:
    """Letters given as a list (``["S", "M", "L"]``) as one string, for ``piece_set``."""
    try:
        letters = list(itertools.islice(pieces, len(_BIG_ALPHABET) + 1))
        return "".join(letters)
    except TypeError:
        raise RuleError(f"pieces must be letters such as 'SML', got {quote(pieces)}") from None


def _default_size_order(pieces: str) -> str:
    if set(pieces) <= set(TRIO):
        return "".join(p for p in TRIO if p in pieces)
    return "".join(sorted(pieces))


def _parse_positions(text: object) -> tuple[Position, ...]:
    if not isinstance(text, str):
        raise RuleError(f"an arrangement is text like 'L> S M', got {quote(text)}")
    if len(text) > MAX_TEXT:
        # refused before any parsing work: a line of 26 pieces fits in MAX_TEXT characters
        raise RuleError(f"arrangement {quote(text)} is too long: a line of pieces is at most "
                        f"{MAX_TEXT} characters, like 'L> S M'")
    shown = quote(text)
    if text.strip() == "":
        raise RuleError("arrangement is empty: write positions like 'LMS' or 'L> S M'")
    if text != text.strip(" "):
        raise RuleError(f"arrangement {shown}: no spaces at the start or end")
    if "  " in text:
        raise RuleError(f"arrangement {shown}: positions are separated by single spaces")
    out = []
    for token in text.split(" "):
        bad = [c for c in token if c not in "<>" and not ("A" <= c <= "Z")]
        if bad:
            raise RuleError(
                f"arrangement {shown}: unknown piece {bad[0]!r} in {quote(token, 30)} "
                "(pieces are uppercase letters such as S, M, L; arrows are < and >)"
            )
        left, right = token.startswith("<"), token.endswith(">")
        core = token[1 if left else 0: len(token) - (1 if right else 0)]
        if "<" in core or ">" in core or (left and right):
            raise RuleError(
                f"arrangement {shown}: {quote(token, 30)} has an arrow in the wrong place "
                "(write <S for a piece pointing left, S> for one pointing right)"
            )
        if core == "":
            raise RuleError(f"arrangement {shown}: an arrow {token!r} with no piece")
        if (left or right) and len(core) > 1:
            raise RuleError(
                f"arrangement {shown}: an arrow on the stack {quote(token, 30)}; only a "
                "single lying piece points left or right (stacked pieces are always upright)"
            )
        out.append(Position(core, LEFT if left else RIGHT if right else UP))
    return tuple(out)


def _validate(ps: tuple[Position, ...], text: str | None = None) -> None:
    where = f"arrangement {quote(text)}" if text is not None else "arrangement"
    if not ps:
        raise RuleError(f"{where} is empty: it needs at least one position")
    seen: set[str] = set()
    for p in ps:
        if not isinstance(p.pieces, str) or not p.pieces:
            raise RuleError(f"{where}: every position needs at least one piece")
        if p.facing not in (UP, LEFT, RIGHT):
            raise RuleError(f"{where}: facing must be '^', '<' or '>', got {quote(p.facing)}")
        if p.facing != UP and len(p.pieces) != 1:
            raise RuleError(f"{where}: a lying position holds exactly one piece")
        for c in p.pieces:
            if not ("A" <= c <= "Z"):
                raise RuleError(f"{where}: unknown piece {quote(c)} (pieces are uppercase "
                                "letters)")
            if c in seen:
                raise RuleError(f"{where}: piece {c} appears twice (every piece is unique)")
            seen.add(c)


# -- enumeration ---------------------------------------------------------------------


def piece_set(pieces: str | int = TRIO) -> str:
    """The piece letters, smallest first: a string as given, or for a number n the first
    n of ``"SML"`` (n <= 3) or of ``"ABC..."`` (n >= 4)."""
    if isinstance(pieces, bool):
        raise RuleError(f"pieces must be a string of letters or a number, got {quote(pieces)}")
    if isinstance(pieces, int):
        if not 1 <= pieces <= len(_BIG_ALPHABET):
            raise RuleError(f"pieces: a number of pieces 1..26, got {pieces}")
        return TRIO[:pieces] if pieces <= 3 else _BIG_ALPHABET[:pieces]
    if not isinstance(pieces, str) or not pieces or len(pieces) > len(_BIG_ALPHABET):
        raise RuleError("pieces must be a string of 1 to 26 different uppercase letters, got "
                        f"{quote(pieces)}")
    _validate((Position(pieces, UP),), pieces)
    return pieces


@lru_cache(maxsize=16)
def _all(pieces: str) -> tuple[Arrangement, ...]:
    out = []
    n = len(pieces)
    for perm in itertools.permutations(pieces):
        word = "".join(perm)
        # a composition of n: cut points between consecutive letters of the word
        for cuts in itertools.product((False, True), repeat=n - 1):
            blocks, start = [], 0
            for k, cut in enumerate(cuts, 1):
                if cut:
                    blocks.append(word[start:k])
                    start = k
            blocks.append(word[start:])
            choices = [
                [(b, UP), (b, LEFT), (b, RIGHT)] if len(b) == 1 else [(b, UP)]
                for b in blocks
            ]
            for combo in itertools.product(*choices):
                out.append(Arrangement._trusted(tuple(Position(*c) for c in combo)))
    return tuple(sorted(out))


def all_arrangements(pieces: str | int = TRIO) -> tuple[Arrangement, ...]:
    """Every arrangement of these pieces, sorted by text: 204 for a trio (rulings,
    Notation). ``pieces`` is a string of distinct letters or a count (see ``piece_set``).

    Each arrangement is read off exactly once as (order of the pieces left to right and
    bottom to top, where the line is cut into positions, facing of each lone piece).
    """
    return _all(piece_set(pieces))


# -- moves ---------------------------------------------------------------------------

#: The forms a move's ``dest`` token takes, for each action (see ``Move``).
DEST_FORMS: dict[str, tuple[str, ...]] = {
    "tip": ("tip-left", "tip-right"),
    "aim": ("aim-left", "aim-up", "aim-right"),
    "hop": ("left-end", "right-end", "between:<pieces>:<pieces>", "on:<piece>"),
    "dig": ("in-place", "left-end", "right-end", "between:<pieces>:<pieces>", "under:<piece>"),
    "swap": ("swap:<piece>",),
}


@dataclass(frozen=True)
class Move:
    """One way to act on an arrangement.

    ``pieces`` are the pieces that move together, bottom to top: the first is the one you
    pick up (``piece``), the others ride on it (a Hop or Tip carries the whole stack above
    the picked piece). ``dest`` says where to, naming pieces rather than places so that it
    means the same to a reader as to the engine:

    ``tip-left``/``tip-right`` · ``aim-left``/``aim-up``/``aim-right`` · ``in-place`` ·
    ``left-end``/``right-end`` of the line · ``between:A:B`` (between the positions holding
    pieces A and B, bottom to top, in the line without the moving pieces) · ``on:X`` (on top
    of the position whose top piece is X) · ``under:X`` (underneath the position whose bottom
    piece is X) · ``swap:X`` (trade places with the piece X).

    ``target`` is the same place as the board marks it, by index in the line as it is now:
    ``gap:k`` (the gap before position k), ``on:j``/``under:j`` (position j), or ``dest``
    itself. ``result`` is the arrangement the move leaves.
    """

    action: str
    pieces: str
    dest: str
    result: Arrangement
    target: str

    @property
    def piece(self) -> str:
        """The piece you pick up (on a board: click first)."""
        return self.pieces[0]

    @property
    def text(self) -> str:
        return sentence(self.action, self.pieces, self.dest,
                        tree=_default_size_order(self.result.pieces)[::-1])

    def __str__(self) -> str:
        return self.text


def name(piece: str) -> str:
    """``"the Small"``; letters without a size name are "the A"."""
    return "the " + NAMES.get(piece, piece)


def _and(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _subject(stack: str, tree: str) -> str:
    """``the Medium, with the Small on it,`` for a piece carrying others; ``the Tree`` for
    the whole Tree."""
    if len(stack) == 1:
        return name(stack)
    if stack == tree:
        return "the Tree"
    return f"{name(stack[0])}, with {_and([name(c) for c in stack[1:]])} on it,"


def stack_name(pieces: str) -> str:
    if len(pieces) == 1:
        return name(pieces)
    return "the stack of " + _and([name(c) for c in pieces])


_AIM_WORDS = {"aim-left": "to the left", "aim-up": "up", "aim-right": "to the right"}
_END_WORDS = {"in-place": "in place", "left-end": "to the left end of the line",
              "right-end": "to the right end of the line"}


def sentence(action: str, pieces: str, dest: str, tree: str = "LMS") -> str:
    """The sentence a child reads for a move (docs/rulings/pyramids.md, R13), from its
    tokens alone: "Tip the Tree to the right", "Hop the Medium, with the Small on it, onto
    the Large", "Dig the Large between the Small and the Medium", "Swap the Small and the
    Large". ``tree`` is the Tree's stack, bottom to top, which is called "the Tree".

    The one place moves are put into words: the arrangement model, the game's actions and
    the board all call it, so a rewording changes every text at once and no save (saves
    hold the tokens, never the words).
    """
    if action == "tip":
        return f"Tip {_subject(pieces, tree)} to the {dest.removeprefix('tip-')}"
    if action == "aim":
        return f"Aim {name(pieces)} {_AIM_WORDS[dest]}"
    if action == "swap":
        return f"Swap {name(pieces)} and {name(dest.removeprefix('swap:'))}"
    verb = "Hop" if action == "hop" else "Dig"
    if dest in _END_WORDS:
        where = _END_WORDS[dest]
    else:
        kind, _, rest = dest.partition(":")
        if kind == "between":
            left, right = rest.split(":")
            where = f"between {stack_name(left)} and {stack_name(right)}"
        else:
            where = f"{'onto' if kind == 'on' else 'under'} {name(rest)}"
    return f"{verb} {_subject(pieces, tree)} {where}"


def _distinct_letters(value: object, letters: str) -> bool:
    return (isinstance(value, str) and 0 < len(value) <= len(letters)
            and len(set(value)) == len(value) and set(value) <= set(letters))


def token_problem(action: object, pieces: object, dest: object, letters: str = TRIO) -> str:
    """What is malformed in these move tokens, whatever the arrangement ("" when they are
    well formed), with the field named and its allowed values.

    Why apart from the rules: a forged token ("gap", "on:²") must be refused where it comes
    in, with a sentence, before any rule tries to read a place out of it (issue 6:
    "Forged pyramids destinations" crashed the explanation of why a move is illegal).
    """
    if not isinstance(action, str) or action not in DEST_FORMS:
        return f"action must be one of {', '.join(ACTIONS)}, got {quote(action)}"
    if not _distinct_letters(pieces, letters):
        return (f"pieces must be 1 to {len(letters)} different pieces from "
                f"{', '.join(letters)} (bottom to top), got {quote(pieces)}")
    assert isinstance(pieces, str)
    if action in ("aim", "dig", "swap") and len(pieces) != 1:
        return (f"pieces: {'an' if action == 'aim' else 'a'} {action} moves a single "
                f"piece, got {quote(pieces)}")
    if _dest_ok(action, pieces, dest, letters):
        return ""
    return (f"dest of {'an' if action == 'aim' else 'a'} {action} must be "
            f"{' or '.join(DEST_FORMS[action])} (pieces from {', '.join(letters)}, none named "
            f"twice), got {quote(dest)}")


def _dest_ok(action: str, pieces: str, dest: object, letters: str) -> bool:
    if not isinstance(dest, str):
        return False
    forms = DEST_FORMS[action]
    if dest in forms:
        return "<" not in dest
    kind, sep, rest = dest.partition(":")
    if not sep or not any(f.startswith(kind + ":") for f in forms):
        return False
    parts = rest.split(":")
    if len(parts) != (2 if kind == "between" else 1) or not all(parts):
        return False
    if kind != "between" and len(parts[0]) != 1:
        return False
    return _distinct_letters(pieces + "".join(parts), letters)


def gap_token(line: tuple[Position, ...], k: int) -> str:
    """The ``dest`` of gap k of ``line`` (the line without the moving pieces)."""
    if k == 0:
        return "left-end"
    if k == len(line):
        return "right-end"
    return f"between:{line[k - 1].pieces}:{line[k].pieces}"


def _tip(arr: Arrangement) -> Iterator[Move]:
    """Tip (rulings: Actions, Tip): an upright position falls; its pieces lie side by side
    on that spot, all pointing the way it fell, the top piece farthest."""
    ps = arr.positions
    for i, pos in enumerate(ps):
        if not pos.upright:
            continue
        right = tuple(Position(c, RIGHT) for c in pos.pieces)
        left = tuple(Position(c, LEFT) for c in reversed(pos.pieces))
        for token, lying in (("tip-left", left), ("tip-right", right)):
            result = Arrangement._trusted(ps[:i] + lying + ps[i + 1:])
            yield Move("tip", pos.pieces, token, result, token)


def _aim(arr: Arrangement, aim_stack_top: bool) -> Iterator[Move]:
    """Aim (rulings: Actions, Aim): a lone piece turns to either other direction in place;
    with ``aim_stack_top`` the top of a stack may turn left or right, coming off to lie
    beside the stack on that side."""
    ps = arr.positions
    tokens = {UP: "aim-up", LEFT: "aim-left", RIGHT: "aim-right"}
    for i, pos in enumerate(ps):
        if len(pos.pieces) == 1:
            for facing in (LEFT, UP, RIGHT):
                if facing == pos.facing:
                    continue
                result = Arrangement._trusted(ps[:i] + (Position(pos.pieces, facing),) + ps[i + 1:])
                yield Move("aim", pos.pieces, tokens[facing], result, tokens[facing])
        elif aim_stack_top:
            top, rest = pos.top, Position(pos.pieces[:-1], UP)
            for facing in (LEFT, RIGHT):
                lying = Position(top, facing)
                spot = (lying, rest) if facing == LEFT else (rest, lying)
                result = Arrangement._trusted(ps[:i] + spot + ps[i + 1:])
                yield Move("aim", top, tokens[facing], result, tokens[facing])


def _hop(arr: Arrangement) -> Iterator[Move]:
    """Hop (rulings: Actions, Hop): an upright piece, carrying every piece above it, lands
    upright in any gap or on top of any other position (a lying piece it lands on stands
    up underneath). Landing where it started is no move."""
    ps = arr.positions
    n = len(ps)
    for i, pos in enumerate(ps):
        if not pos.upright:
            continue
        for h in range(len(pos.pieces)):
            flying, staying = pos.pieces[h:], pos.pieces[:h]
            emptied = h == 0
            if emptied:
                line = ps[:i] + ps[i + 1:]
            else:
                line = ps[:i] + (Position(staying, UP),) + ps[i + 1:]
            for k in range(n + 1):  # gap k of the current line
                if emptied and k in (i, i + 1):
                    continue  # both gaps beside its own spot: "You cannot Hop in place"
                k2 = k - 1 if emptied and k > i else k  # the same gap in ``line``
                result = Arrangement._trusted(line[:k2] + (Position(flying, UP),) + line[k2:])
                yield Move("hop", flying, gap_token(line, k2), result, f"gap:{k}")
            for j, target in enumerate(ps):
                if j == i:
                    continue  # onto what it stood on is where it started
                j2 = j - 1 if emptied and j > i else j
                landed = Position(target.pieces + flying, UP)
                result = Arrangement._trusted(line[:j2] + (landed,) + line[j2 + 1:])
                yield Move("hop", flying, f"on:{target.top}", result, f"on:{j}")


def _dig(arr: Arrangement) -> Iterator[Move]:
    """Dig (rulings: Actions, Dig): a lying piece stands up in place, or travels the way it
    points and surfaces upright in any gap ahead or under any one position ahead (a lying
    piece it digs under stands up on top of it). Never backwards."""
    ps = arr.positions
    n = len(ps)
    for i, pos in enumerate(ps):
        if pos.upright:
            continue
        x = pos.pieces
        line = ps[:i] + ps[i + 1:]
        up = Position(x, UP)
        yield Move("dig", x, "in-place", Arrangement._trusted(ps[:i] + (up,) + ps[i + 1:]),
                   "in-place")
        if pos.facing == RIGHT:
            gaps = range(i + 2, n + 1)      # gap i+1, right beside it, is "in place"
            unders = range(i + 1, n)
        else:
            gaps = range(i - 1, -1, -1)     # nearest first, the way it tunnels
            unders = range(i - 1, -1, -1)
        # in the order met while tunnelling (gap k lies just before position k)
        sign = 1 if pos.facing == RIGHT else -1
        events = sorted([(j, "under") for j in unders] + [(k, "gap") for k in gaps],
                        key=lambda e: sign * (2 * e[0] - (e[1] == "gap")))
        for where, kind in events:
            if kind == "gap":
                k2 = where - 1 if where > i else where
                result = Arrangement._trusted(line[:k2] + (up,) + line[k2:])
                yield Move("dig", x, gap_token(line, k2), result, f"gap:{where}")
            else:
                j, target = where, ps[where]
                j2 = j - 1 if j > i else j
                merged = Position(x + target.pieces, UP)
                result = Arrangement._trusted(line[:j2] + (merged,) + line[j2 + 1:])
                yield Move("dig", x, f"under:{target.bottom}", result, f"under:{j}")


def _swap(arr: Arrangement) -> Iterator[Move]:
    """Swap (rulings: Actions, Swap): two single pieces trade places, each keeping its
    orientation, except that a piece moving into a stack stands upright. The piece that
    comes first in the line (left to right, bottom to top) is the one picked (ruling R5)."""
    ps = arr.positions
    spots = [(i, h, c) for i, pos in enumerate(ps) for h, c in enumerate(pos.pieces)]
    for (i, h, a), (j, g, b) in itertools.combinations(spots, 2):
        new = [list(p.pieces) for p in ps]
        facing = [p.facing for p in ps]
        new[i][h], new[j][g] = b, a
        if i != j:
            # a lone spot takes the orientation of the piece arriving; a stack stays upright
            # (two pieces of one stack: it stays upright)
            facing[i] = ps[j].facing if len(new[i]) == 1 else UP
            facing[j] = ps[i].facing if len(new[j]) == 1 else UP
        result = Arrangement._trusted(
            tuple(Position("".join(p), f) for p, f in zip(new, facing))
        )
        yield Move("swap", a, f"swap:{b}", result, f"swap:{b}")


_GENERATORS = {"tip": _tip, "hop": _hop, "dig": _dig, "swap": _swap}


def raw_moves(arr: Arrangement, action: str, aim_stack_top: bool = True) -> Iterator[Move]:
    """Every way the physical action can go, before duplicates are merged (``moves`` keeps
    one per picked piece and result). For explaining why a move is not offered."""
    if action == "aim":
        return _aim(arr, aim_stack_top)
    if action in _GENERATORS:
        return _GENERATORS[action](arr)
    raise RuleError(f"unknown action {quote(action)}; actions are {', '.join(ACTIONS)}")


@lru_cache(maxsize=65536)
def _moves_cached(arr: Arrangement, action: str, aim_stack_top: bool) -> tuple[Move, ...]:
    actions = ACTIONS if action == "wild" else (action,)
    seen: set[tuple[str, Arrangement]] = set()
    out = []
    for act in actions:
        for m in raw_moves(arr, act, aim_stack_top):
            if m.result == arr:
                continue  # "each must change the arrangement: no null moves"
            key = (m.piece, m.result)
            if key in seen:
                continue  # same piece, same result: one way, not two
            seen.add(key)
            out.append(m)
    return tuple(out)


def _coerce(arrangement: ArrangementLike) -> Arrangement:
    if isinstance(arrangement, Arrangement):
        return arrangement
    return Arrangement.parse(arrangement)


def _check_action(action: str) -> str:
    if not isinstance(action, str) or action not in FACES:
        raise RuleError(f"unknown action {quote(action)}; actions are {', '.join(FACES)}")
    return action


def moves(arrangement: ArrangementLike, action: str, *, aim_stack_top: bool = True) -> list[Move]:
    """Every way to use ``action`` ("tip", "aim", "hop", "dig", "swap" or "wild") here.

    One move per (picked piece, result) (docs/rulings/pyramids.md, R3 and R4): two
    different pieces reaching the same result
    stay two moves (on a board you pick the piece you want to move), but one piece never
    offers two ways to the same result; under "wild" the first action in die order keeps
    it (a lone upright piece aimed left is the same as tipped left: it is offered as the
    Tip). No move returns the arrangement unchanged. Texts are unique within the list.
    """
    return list(_moves_cached(_coerce(arrangement), _check_action(action), bool(aim_stack_top)))


def results(arrangement: ArrangementLike, action: str, *,
            aim_stack_top: bool = True) -> frozenset[Arrangement]:
    """The distinct arrangements one ``action`` can produce: the rulings' count of "ways"
    (never the arrangement itself)."""
    return frozenset(m.result for m in moves(arrangement, action, aim_stack_top=aim_stack_top))


def can(arrangement: ArrangementLike, action: str, *, aim_stack_top: bool = True) -> bool:
    """Whether ``action`` can change this arrangement at all (the turn rule's test)."""
    return bool(_moves_cached(_coerce(arrangement), _check_action(action), bool(aim_stack_top)))


__all__ = [
    "ACTIONS", "FACES", "TRIO", "NAMES", "UP", "LEFT", "RIGHT", "DEST_FORMS", "MAX_TEXT",
    "Position", "Arrangement", "Move", "all_arrangements", "piece_set",
    "moves", "raw_moves", "results", "can", "name", "sentence", "token_problem",
]
