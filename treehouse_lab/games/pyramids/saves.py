"""Treehouse (pyramids) saves: the checks no field's codec can make, and format migrations.

Each field's type and domain (an arrangement of the trio, a seat, a die face) is checked by
its declaration in state.py. What is left needs several fields at once: the winners must
match the House and follow the ruling on ties, and a face waiting to be used (or one just
rolled in vain) must be one the turn rule would have kept (or rolled again).

Format 1 added ``"format"`` and ``"game"`` to every save (core/fields.py); format 0 saves,
written before, are read by adding the game's name. The stack of stages is not saved: it
is rebuilt from the fields (stages.stages_from).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping

from ...errors import RuleError
from .table import ARRANGEMENTS

if TYPE_CHECKING:  # pragma: no cover
    from .state import PyramidsState

FORMAT = 2


def migrate_0(save: dict) -> dict:
    """Format 0 -> 1: the save names its game (it was implied by the loader)."""
    return {"game": "pyramids", **save}


def migrate_1(save: dict) -> dict:
    """Format 1 -> 2: the roll count of the roll limit (ruling R18). A format-1 save does
    not say how many rolls were made, so the count starts at the load: 1 if a roll is
    waiting (or was just rolled in vain), else 0."""
    out = dict(save)
    if "rolls" not in out:
        out["rolls"] = int(out.get("rolled") is not None or out.get("rerolled") is not None)
    return out


MIGRATIONS: Mapping[int, Callable[[dict], dict]] = {0: migrate_0, 1: migrate_1}


def check(s: PyramidsState) -> None:
    """Raise RuleError naming the field for a save the rules cannot reach."""
    g = s.game
    n = g.players
    trios, house, to_move = s.trio_numbers, s.house_number, s.to_move
    rolled, rerolled, winners = s.rolled, s.rerolled, list(s.won)
    if len(set(winners)) != len(winners) or winners != sorted(winners):
        raise RuleError("state.winners: seats must be distinct and in order")
    if winners:
        if rolled is not None or rerolled is not None:
            raise RuleError("state.rolled: the game is over (there are winners), so no die "
                            "face can be waiting")
        for w in winners:
            if trios[w] != house:
                raise RuleError(f"state.winners: player seat {w} is listed as a winner but "
                                f"their trio {ARRANGEMENTS[trios[w]]} does not match the House "
                                f"{ARRANGEMENTS[house]}")
        matching = [p for p in range(n) if trios[p] == house]
        expected = [to_move] if trios[to_move] == house else matching
        if winners != expected:
            raise RuleError("state.winners: inconsistent with the ruling on ties: the mover "
                            f"(seat {to_move}) wins alone if they match the House, else every "
                            f"matching player wins; expected {expected}, got {winners}")
    if rolled is not None and rerolled is not None:
        raise RuleError("state.rerolled: must be null once a usable face is rolled")

    trio = trios[to_move]
    if rolled is not None and g.decide(trio, house, rolled)[1].reroll:
        raise RuleError(f"state.rolled: {rolled} can change neither the trio of "
                        f"{g.player_name(to_move)} nor the House; they would have rolled again")
    if rerolled is not None and not g.decide(trio, house, rerolled)[1].reroll:
        raise RuleError(f"state.rerolled: {rerolled} could be used by "
                        f"{g.player_name(to_move)}, so it would not have been rolled again")
    if (rolled is not None or rerolled is not None) and not s.rolls:
        raise RuleError("state.rolls: a face was rolled, so at least 1 roll was made")


__all__ = ["FORMAT", "MIGRATIONS", "check", "migrate_0", "migrate_1"]
