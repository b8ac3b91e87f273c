"""The five actions on one line of Treehouse (pyramids) pieces: every move of a line and the
tokens that name it (rulings: Actions; R3, R4 and R13).

Why apart from the line (line.py): the line (parsing, notation, enumeration) and what may
be done to it are two ideas. ``moves`` lists each way to act once per (piece clicked,
result); ``results`` is the set of distinct results, which is what the rulings count
("Distinct moves are counted by the arrangement they produce"). A move is named by tokens
that say what moves where in terms of pieces (``pieces="MS"``, ``dest="on:L"``), never by
its sentence or its result: the sentence is computed from the tokens (words.py), the result
from the line.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from ....errors import RuleError, quote
from .line import LEFT, RIGHT, TRIO, UP, Arrangement, ArrangementLike, Position, default_size_order
from .words import sentence

#: The five actions that change an arrangement, in die order (Wild is their union).
ACTIONS: tuple[str, ...] = ("tip", "aim", "hop", "dig", "swap")
#: The six faces of the Treehouse die.
FACES: tuple[str, ...] = ACTIONS + ("wild",)

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
                        tree=default_size_order(self.result.pieces)[::-1])

    def __str__(self) -> str:
        return self.text


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
            result = Arrangement.trusted(ps[:i] + lying + ps[i + 1:])
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
                result = Arrangement.trusted(ps[:i] + (Position(pos.pieces, facing),) + ps[i + 1:])
                yield Move("aim", pos.pieces, tokens[facing], result, tokens[facing])
        elif aim_stack_top:
            top, rest = pos.top, Position(pos.pieces[:-1], UP)
            for facing in (LEFT, RIGHT):
                lying = Position(top, facing)
                spot = (lying, rest) if facing == LEFT else (rest, lying)
                result = Arrangement.trusted(ps[:i] + spot + ps[i + 1:])
                yield Move("aim", top, tokens[facing], result, tokens[facing])


def _hop(arr: Arrangement, onto_lying: bool = True) -> Iterator[Move]:
    """Hop (rulings: Actions, Hop): an upright piece, carrying every piece above it, lands
    upright in any gap or on top of any other position (a lying piece it lands on stands
    up underneath; with ``onto_lying`` False it lands on upright positions only,
    docs/rulings/pyramids.md, R20). Landing where it started is no move."""
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
                result = Arrangement.trusted(line[:k2] + (Position(flying, UP),) + line[k2:])
                yield Move("hop", flying, gap_token(line, k2), result, f"gap:{k}")
            for j, target in enumerate(ps):
                if j == i:
                    continue  # onto what it stood on is where it started
                if not (onto_lying or target.upright):
                    continue  # R20's variant: "Lying down pieces can never be nested"
                j2 = j - 1 if emptied and j > i else j
                landed = Position(target.pieces + flying, UP)
                result = Arrangement.trusted(line[:j2] + (landed,) + line[j2 + 1:])
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
        yield Move("dig", x, "in-place", Arrangement.trusted(ps[:i] + (up,) + ps[i + 1:]),
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
                result = Arrangement.trusted(line[:k2] + (up,) + line[k2:])
                yield Move("dig", x, gap_token(line, k2), result, f"gap:{where}")
            else:
                j, target = where, ps[where]
                j2 = j - 1 if j > i else j
                merged = Position(x + target.pieces, UP)
                result = Arrangement.trusted(line[:j2] + (merged,) + line[j2 + 1:])
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
        result = Arrangement.trusted(
            tuple(Position("".join(p), f) for p, f in zip(new, facing))
        )
        yield Move("swap", a, f"swap:{b}", result, f"swap:{b}")


_GENERATORS = {"tip": _tip, "hop": _hop, "dig": _dig, "swap": _swap}


def raw_moves(arr: Arrangement, action: str, aim_stack_top: bool = True,
              hop_onto_lying: bool = True) -> Iterator[Move]:
    """Every way the physical action can go, before duplicates are merged (``moves`` keeps
    one per picked piece and result). For explaining why a move is not offered."""
    if action == "aim":
        return _aim(arr, aim_stack_top)
    if action == "hop":
        return _hop(arr, hop_onto_lying)
    if action in _GENERATORS:
        return _GENERATORS[action](arr)
    raise RuleError(f"unknown action {quote(action)}; actions are {', '.join(ACTIONS)}")


def forget_moves() -> None:
    """Drop every move worked out so far (a benchmark's cold start)."""
    _moves_cached.cache_clear()


@lru_cache(maxsize=65536)
def _moves_cached(arr: Arrangement, action: str, aim_stack_top: bool,
                  hop_onto_lying: bool = True) -> tuple[Move, ...]:
    actions = ACTIONS if action == "wild" else (action,)
    seen: set[tuple[str, Arrangement]] = set()
    out = []
    for act in actions:
        for m in raw_moves(arr, act, aim_stack_top, hop_onto_lying):
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


def moves(arrangement: ArrangementLike, action: str, *, aim_stack_top: bool = True,
          hop_onto_lying: bool = True) -> list[Move]:
    """Every way to use ``action`` ("tip", "aim", "hop", "dig", "swap" or "wild") here.

    One move per (picked piece, result) (docs/rulings/pyramids.md, R3 and R4): two
    different pieces reaching the same result
    stay two moves (on a board you pick the piece you want to move), but one piece never
    offers two ways to the same result; under "wild" the first action in die order keeps
    it (a lone upright piece aimed left is the same as tipped left: it is offered as the
    Tip). No move returns the arrangement unchanged. Texts are unique within the list.
    ``aim_stack_top`` and ``hop_onto_lying`` are the game's variants of those names.
    """
    return list(_moves_cached(_coerce(arrangement), _check_action(action), bool(aim_stack_top),
                              bool(hop_onto_lying)))


def results(arrangement: ArrangementLike, action: str, *,
            aim_stack_top: bool = True, hop_onto_lying: bool = True) -> frozenset[Arrangement]:
    """The distinct arrangements one ``action`` can produce: the rulings' count of "ways"
    (never the arrangement itself)."""
    return frozenset(m.result for m in moves(arrangement, action, aim_stack_top=aim_stack_top,
                                             hop_onto_lying=hop_onto_lying))


def can(arrangement: ArrangementLike, action: str, *, aim_stack_top: bool = True,
        hop_onto_lying: bool = True) -> bool:
    """Whether ``action`` can change this arrangement at all (the turn rule's test)."""
    return bool(_moves_cached(_coerce(arrangement), _check_action(action), bool(aim_stack_top),
                              bool(hop_onto_lying)))


__all__ = [
    "ACTIONS", "FACES", "DEST_FORMS", "Move", "moves", "raw_moves", "results", "can",
    "token_problem", "gap_token", "forget_moves",
]
