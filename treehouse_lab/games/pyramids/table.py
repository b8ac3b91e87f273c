"""The game's move tables: for every arrangement of a trio and every die face, the moves
on each side and what each leaves, worked out once.

Why: a game asks the same few questions over and over ("what may this roll do to this
trio?", "what does this move leave?"), and a trio has only 204 arrangements (rulings,
Notation). So each answer is computed once from the arrangement model and then looked up:
states hold arrangement numbers (indices into ``ARRANGEMENTS``), a legality check is a
dictionary lookup, and applying a move reads its result here instead of trusting anything
the action carries. A variant's table is built whole by the first game that uses it.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .actions import Play
from .arrangement import FACES, TRIO, Arrangement, Move, all_arrangements, moves
from .rules import SIDES

#: Every arrangement of the trio, sorted by text; states refer to them by index.
ARRANGEMENTS: tuple[Arrangement, ...] = all_arrangements(TRIO)
INDEX: dict[Arrangement, int] = {a: i for i, a in enumerate(ARRANGEMENTS)}


class Side(NamedTuple):
    """What one face can do to one line (a trio or the House): its moves as actions, in
    the model's order, and for each the index of the arrangement it leaves and the model's
    ``Move`` (for the board's click targets)."""

    plays: tuple[Play, ...]
    after: dict[Play, tuple[int, Move]]


class Table:
    """The move table of one ``aim_stack_top`` and ``hop_onto_lying`` variant (get it with
    ``table(aim, hop)``): every row worked out when it is made, about a tenth of a second,
    once per process."""

    def __init__(self, aim_stack_top: bool, hop_onto_lying: bool = True) -> None:
        self.aim_stack_top = aim_stack_top
        self.hop_onto_lying = hop_onto_lying
        self._all: tuple[Play, ...] | None = None
        self._rows: dict[str, dict[str, list[Side]]] = {side: {} for side in SIDES}
        for face in FACES:
            rows = [self._row(face, a) for a in ARRANGEMENTS]
            for k, side in enumerate(SIDES):
                self._rows[side][face] = [row[k] for row in rows]

    def all_plays(self) -> tuple[Play, ...]:
        """Every move this table holds, each once, sorted: the ``Listed`` action space of
        the plays (core/codec.py), the same for every game with this Aim ruling (worked
        out once per table)."""
        if self._all is None:
            plays = {p for rows in self._rows.values() for sides in rows.values()
                     for side in sides for p in side.plays}
            self._all = tuple(sorted(plays, key=Play.sort_key))
        return self._all

    def side(self, side: str, face: str, index: int) -> Side:
        """The moves ``face`` offers on arrangement number ``index``, as actions of
        ``side`` ("trio" or "house")."""
        return self._rows[side][face][index]

    def _row(self, face: str, arr: Arrangement) -> tuple[Side, ...]:
        ms = moves(arr, face, aim_stack_top=self.aim_stack_top,
                   hop_onto_lying=self.hop_onto_lying)
        out = []
        for side in SIDES:
            plays = tuple(_play(side, m.action, m.pieces, m.dest) for m in ms)
            out.append(Side(plays, {p: (INDEX[m.result], m) for p, m in zip(plays, ms)}))
        return tuple(out)


@cache
def _play(side: str, action: str, pieces: str, dest: str) -> Play:
    """One shared ``Play`` per distinct move: the table's thousands of entries are a few
    hundred different moves, each built (and checked) once."""
    return Play(side, action, pieces, dest)


@cache
def table(aim_stack_top: bool, hop_onto_lying: bool = True) -> Table:
    """The shared table of a variant: every game with the same ``aim_stack_top`` and
    ``hop_onto_lying`` fills and reads the same rows."""
    return Table(bool(aim_stack_top), bool(hop_onto_lying))


__all__ = ["ARRANGEMENTS", "INDEX", "Side", "Table", "table"]
