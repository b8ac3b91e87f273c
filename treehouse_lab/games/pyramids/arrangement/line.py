"""One line of Treehouse (pyramids) pieces: stacks and lying pieces, left to right.

The value the whole arrangement model is about (the package docstring says why it is a
model of its own): reading and writing the rulings' notation, checking a line is a line,
and listing every line of a set of pieces. What may be done to a line is ``line_moves``; how a
move is said is ``words``.

Notation (docs/rulings/pyramids.md, "Notation"): positions left to right,
separated by single spaces; an upright position is its pieces bottom to top (``LMS`` is the
Tree); a lying piece carries an arrow on the side it points to (``<S`` points left, ``L>``
points right). Example: ``L> S M``.

Pieces are single uppercase letters, all distinct. A piece string such as ``"SML"`` lists
them smallest first; only the Tree (largest at the bottom) and the names used in sentences
depend on that order. Nothing in the rules depends on sizes, so any set of distinct
letters works: ``all_arrangements(n)`` uses ``"SML"[:n]`` for n <= 3 and ``"ABCD..."[:n]``
for n >= 4 (A smallest).
"""

from __future__ import annotations

import importlib
import itertools
from functools import lru_cache
from typing import Iterable, Iterator, NamedTuple, Union

from ....errors import RuleError, quote

UP, LEFT, RIGHT = "^", "<", ">"

TRIO = "SML"
#: The module that draws arrangements (see ``Arrangement._repr_svg_``).
RENDERER = "treehouse_lab.games.pyramids.render"
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
    def trusted(cls, positions: tuple[Position, ...]) -> Arrangement:
        """Build without validation: for move generation, whose outputs are valid by
        construction (and the tests check that they re-parse)."""
        return cls._built(positions, " ".join(map(str, positions)))

    @classmethod
    def _built(cls, positions: tuple[Position, ...], text: str) -> Arrangement:
        """``trusted`` with the text already known (``_all`` joins cached position texts)."""
        self = object.__new__(cls)
        object.__setattr__(self, "_positions", positions)
        object.__setattr__(self, "_text", text)
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
            arr = cls.trusted(_parse_positions(text))
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
        """Drawn as pyramids in a notebook. The renderer is found by name, only then, the
        way the game finds it (``PyramidsGame.RENDERER``): it draws arrangements, so the
        line cannot import it without a circle."""
        return importlib.import_module(RENDERER).arrangements_svg([self])

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
            pieces = default_size_order(self.pieces)
        return self == Arrangement.tree(pieces)


ArrangementLike = Union[Arrangement, str]


def _joined(pieces: Iterable[str]) -> str:
    """Letters given as a list (``["S", "M", "L"]``) as one string, for ``piece_set``."""
    try:
        letters = list(itertools.islice(pieces, len(_BIG_ALPHABET) + 1))
        return "".join(letters)
    except TypeError:
        raise RuleError(f"pieces must be letters such as 'SML', got {quote(pieces)}") from None


def default_size_order(pieces: str) -> str:
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
    """Why the position texts are cached and the sort has a key: six pieces are 973,440
    arrangements, and building each position's text anew and sorting through ``__lt__``
    took about four times as long (the same arrangements, in the same order)."""
    texts: dict[str, list[tuple[Position, str]]] = {}

    def choices(block: str) -> list[tuple[Position, str]]:
        known = texts.get(block)
        if known is None:
            facings = (UP, LEFT, RIGHT) if len(block) == 1 else (UP,)
            known = texts[block] = [(p, str(p)) for p in (Position(block, f) for f in facings)]
        return known

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
            for combo in itertools.product(*map(choices, blocks)):
                out.append(Arrangement._built(tuple(p for p, _ in combo),
                                              " ".join([t for _, t in combo])))
    out.sort(key=str)
    return tuple(out)


def all_arrangements(pieces: str | int = TRIO) -> tuple[Arrangement, ...]:
    """Every arrangement of these pieces, sorted by text: 204 for a trio (rulings,
    Notation). ``pieces`` is a string of distinct letters or a count (see ``piece_set``).

    Each arrangement is read off exactly once as (order of the pieces left to right and
    bottom to top, where the line is cut into positions, facing of each lone piece).
    """
    return _all(piece_set(pieces))


__all__ = [
    "TRIO", "UP", "LEFT", "RIGHT", "MAX_TEXT", "Position", "Arrangement", "ArrangementLike",
    "all_arrangements", "piece_set", "default_size_order",
]
