"""The board's guide hook: a coach that spotlights some moves and vets the rest.

Why a hook and not lesson code in the board: a lesson (``treehouse_lab.lessons``), a
puzzle or an exercise all want the same two things from a live board, and the board must
stay generic over them as it is over games:

* **spotlight**: of the moves the engine allows, the ones the coach wants now; the board
  draws their next click targets with the class ``tl-spotlight`` and dims the other
  targets (``BoardView.spotlight``, drawn by ``widgets/board.js``). The dimmed targets stay
  clickable: a wrong click must reach the coach, to be answered with a reason and a hint.
* **vet and play**: a click that would pick a move off the spotlit paths is refused with
  the coach's sentence and changes nothing; a spotlit move is handed to the coach to play,
  so that what follows it (bots, chance, the next step) is the coach's to tell.

* **status** (optional): the guide's own sentence for the board's status line, where the
  board's would be wrong for it (a lesson paused on a step to read: "press Next", not the
  board's hidden Step button); None or no such method: the board's own line.

A board without a guide behaves exactly as before.
"""

from __future__ import annotations

from typing import Collection, Mapping, Protocol, Sequence

from ..protocol import Action, State
from .selection import ClickResult, Selector


class Guide(Protocol):
    """What a board asks its guide (``board.guide``); see the module docstring."""

    def accepted(self, state: State, seat: int) -> Collection[Action] | None:
        """The moves the guide wants from ``seat`` now; None for no restriction (no
        spotlight at all), an empty collection for "no move now" (everything dimmed)."""

    def vet(self, state: State, seat: int, actions: Sequence[Action]) -> str:
        """Why a click leading only to ``actions`` (none of them accepted) is refused: the
        sentence shown; the board changes nothing."""

    def play(self, action: Action, seat: int) -> str:
        """Play an accepted ``action`` for ``seat``; return the sentence to show."""


def guide_status(guide: Guide | None, state: State) -> str:
    """The guide's status line for ``state`` (its optional ``status`` method), or "" for
    the board's own. A failing hook says nothing: the board's line is shown instead."""
    hook = getattr(guide, "status", None)
    if hook is None:
        return ""
    try:
        said = hook(state)
    except Exception:  # noqa: BLE001 - a guide bug must not kill the board
        return ""
    return str(said) if said else ""


def spotlit_paths(paths: Mapping[Action, tuple[str, ...]],
                  accepted: Collection[Action] | None) -> dict[Action, tuple[str, ...]]:
    """The click paths of the accepted moves (every path when ``accepted`` is None)."""
    if accepted is None:
        return dict(paths)
    wanted = set(accepted)
    return {a: p for a, p in paths.items() if a in wanted}


def spot_selector(guide: Guide | None, state: State, acting: int | None,
                  selector: Selector, seat: int | None = None) -> Selector | None:
    """The click paths the guide accepts in this picture, or None where it restricts
    nothing (no guide, or the guide says None). A failing guide accepts nothing: every
    target is dimmed, and a click tells the guide's refusal.

    Where nobody at the screen may act (``acting`` None: chance, a bot, the end), the
    guide is asked about the screen's ``seat``: a guide that restricts it (a lesson on a
    step to read) gets an empty spotlight, so the board says "nothing to click now" the
    same way whether or not the learner could click; without a seat, None."""
    who = acting if acting is not None and selector else seat
    if guide is None or who is None:
        return None
    try:
        accepted = guide.accepted(state, who)
    except Exception:  # noqa: BLE001 - a guide bug must not kill the board
        accepted = ()
    if accepted is None:
        return None
    return Selector(spotlit_paths(selector.paths, accepted) if who == acting else {})


def refusal(guide: Guide | None, spot: Selector | None, selector: Selector,
            clicked: tuple[str, ...], result: ClickResult, state: State,
            acting: int) -> str:
    """The guide's sentence refusing a click that leaves its spotlit paths ("" when the
    click stays on them, or there is no guide): ``clicked`` is the selection with the new
    target, ``result`` what the selector made of it. Only a click that picks a move or
    starts one is vetted; putting a piece back is always allowed."""
    if guide is None or spot is None or result.kind not in ("select", "play"):
        return ""
    if result.kind == "play" and result.action in spot.paths:
        return ""
    if result.kind == "select" and spot.is_prefix(clicked):
        return ""
    leads_to = [result.action] if result.action is not None else selector.matching(clicked)
    return guide.vet(state, acting, leads_to)


__all__ = ["Guide", "guide_status", "refusal", "spot_selector", "spotlit_paths"]
