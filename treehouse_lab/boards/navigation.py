"""What a board's Step, Back and Forward buttons do to the match, and what they say.

*Back* goes to just before the latest decision made by a seat that is human now
(``Match.undo_to_human``: what "take back my move" means to a player, skipping the bot
replies and dice in between); when there is no such decision (all bots, or only set-up so
far) it goes back one step (``Match.undo``). *Forward* is its mirror: it redoes the undone
steps up to the next decision of a human seat (or the end of the game), so Back then
Forward returns to the human's decision; when the undone steps run out first, at a bot's
or chance's turn, it stops there and says so. *Step* moves one step at a time.

Why functions of the match: each gesture changes only the match (the board redraws from
it afterwards), so the rules of moving through a match live apart from the widgets.
"""

from __future__ import annotations

from ..errors import HumanToMove
from ..match import Match
from .controls import HUMAN
from .screen import Screen
from .wording import names


def step(match: Match) -> str:
    """One step: chance or the bot to move plays (or an undone step is redone)."""
    if match.state.is_terminal() and not match.can_redo:
        return "The game is over: Back, Restart or change seats to play on."
    try:
        entry = match.step()
    except HumanToMove:
        humans = match.humans_to_act()
        return (f"{names(match.game, humans, plain=True)} "
                f"{'is a human seat' if len(humans) == 1 else 'are human seats'}: "
                "click a highlighted target, or make the seat a bot.")
    return str(entry)


def back(match: Match, screen: Screen) -> str:
    """Back to just before the latest decision of a human seat, else one step back."""
    m = match
    if m.position == 0:
        return "Already at the start."
    human_before = any(
        e.player >= 0 and m.seat(e.player) == HUMAN for e in m.log
    )
    if human_before:
        m.undo_to_human()
        return f"Back to step {m.position}: {whose_decision(m, screen)}."
    m.undo()
    return f"Back one step (to step {m.position})."


def forward(match: Match, screen: Screen) -> str:
    """Redo up to the next human decision (the mirror of Back), or say why not."""
    m = match
    if not m.can_redo:
        return "Nothing to redo."
    start = m.position
    m.redo()
    while m.can_redo and not m.state.is_terminal() and not m.waiting_for_human():
        m.redo()
    steps = m.position - start
    head = f"Forward {steps} step{'s' if steps > 1 else ''} (to step {m.position})"
    if m.state.is_terminal():
        return f"{head}: the end of the game."
    if m.waiting_for_human():
        return f"{head}: {whose_decision(m, screen)}."
    who = ("chance" if m.state.is_chance_node()
           else names(m.game, m.bots_to_act(), plain=True) + " (bot)")
    return (f"{head}: no more undone steps; {who} is to move next: press Step or "
            "Autoplay to go on.")


def whose_decision(match: Match, screen: Screen) -> str:
    """"your decision again", or whose it is when not the screen's."""
    if screen.acting() is not None:
        return "your decision again"
    return f"{names(match.game, match.humans_to_act(), plain=True)} to decide"


__all__ = ["back", "forward", "step", "whose_decision"]
