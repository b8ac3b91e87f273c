"""Treehouse Diner: the table of the Diner's kinds and what the kinds share.

Every kind (core/kinds.py) generates its legal moves (``generate``: legality is stated
there once, and core's ``why_not`` is a lookup in that list), names the rule that refuses
any other move (``refusal``, the rule's own sentence for the position), makes the change
(``apply``), says why a move is allowed (``explain``, citing the rulebook), writes the log
line (``narrate``) and names the board targets clicked to choose it (``CLICKS``, or a
``click_path`` where the target depends on the position). The
stage on top of the stack (stages.py) says which kinds are offered now; a kind reads and
changes the state through its public fields and methods. The kinds live by part of the
rules: ``pantry_phone.py`` (the draws and Phase 1), ``effects.py`` (the effects that ask
for a choice), ``assigning.py`` (Phase 2) and ``module_moves.py`` (the modules); they
register into :data:`RULES` here, and ``moves.py`` gathers them in the order of
``Game.ACTION_TYPES``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.kinds import KindTable
from ...protocol import Action
from . import stages as st

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

RULES = KindTable("diner")


# -- Shared wording ---------------------------------------------------------------------------

def who(s: DinerState, p: int) -> str:
    return s.game.player_name(p)


def out_of_turn(s: DinerState, p: int) -> str:
    """' (on Player 1's turn)' when ``p`` decides during someone else's turn."""
    a = s.active
    if a is None or a == p:
        return ""
    return f" (on {who(s, a)}'s turn)"


def not_now(s: DinerState, what: str) -> str:
    return f"{what} is not what happens now: {s.waiting_for()}"


def top_is(s: DinerState, *classes: type) -> Any:
    """The top stage if it is an instance of one of the stage ``classes``, else None."""
    t = s.stack[-1] if s.stack else None
    return t if isinstance(t, classes) else None


def chance_moves(s: DinerState, action_type: type) -> list[Action]:
    """A chance kind's moves: the outcomes of the draw on top, when they are its own."""
    return [a for a, _ in s.chance_outcomes() if a.__class__ is action_type]


def supply_path(a: Any, seat: int) -> tuple[str, ...]:
    """One click on the ingredient in the supply."""
    return (f"supply:{seat}:{a.ingredient}",)


def row_emptied(s: DinerState, size: int, player: int) -> None:
    """Refilling a Shelf Row: "As soon as you have taken the last ingredients from a shelf
    row (all spaces in this row are completely empty), you must immediately refill this
    shelf row ... As a reward for refilling you receive the shelf bonus": refill at once,
    then the row's bonus (D7; with an empty bag and compost nothing is drawn, D14)."""
    g = s.game
    if size in s.emptied:
        s.push(st.FillStep(size))  # a row pays its bonus at most once a turn (D40)
        return
    s.emptied = (*s.emptied, size)
    s.push(st.FillStep(size), *g.bonus[(size, player)])
