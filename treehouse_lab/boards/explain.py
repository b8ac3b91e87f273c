"""What a board's *Explain* button shows: the choices of the seat at the screen.

Explain lists what each highlighted target does (the legal moves on the current click path,
with ``state.explain``) and why each greyed one cannot be played (the render module's
optional ``greyed_actions``, with ``state.why_illegal``, and the rule the refusal cites
with a link to its entry in the Rules panel, boards/rules_panel.py). It never explains a
bot's last move: on a bot's or chance's turn it says whose turn it is (issue 7).

Why functions and not board methods: the text depends only on the match, the seat at the
screen and what the picture on show was drawn for, so it can be read without a widget.
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..match import Match
from ..protocol import Game, State
from ..rules_index import rules_index
from .rules_panel import refused_by_html
from .screen import Screen
from .selection import Selector
from .status import outcome
from .wording import names, renderer_hook, sentence

#: How many moves "Explain" lists at once.
EXPLAIN_LIMIT = 12


def explanation_html(match: Match, screen: Screen, selector: Selector,
                     selection: Sequence[str], drawn_state: State | None,
                     drawn_acting: int | None, stepping: bool = True,
                     instead: str = "") -> str:
    """The Explain panel. ``selector`` and ``selection`` are the picture's click paths and
    the targets picked so far; ``drawn_state`` and ``drawn_acting`` the position and seat
    the picture on show was drawn for (a picture of another position explains nothing).
    ``stepping`` and ``instead``: see :func:`nothing_to_choose`."""
    s, game = match.state, match.game
    if s.is_terminal():
        return f"<div><b>Game over.</b> {html.escape(sentence([outcome(game, s)]))}</div>"
    acting = drawn_acting
    if acting is None or not selector or drawn_state is not s:
        said = nothing_to_choose(match, screen, stepping, instead)
        return f"<div>{html.escape(said)}</div>"
    actions = selector.matching(selection)
    shown = actions[:EXPLAIN_LIMIT]
    items = [f"<li><b>{html.escape(str(a))}</b>"
             f"{html.escape(_reason(a, s.explain(a, by=acting)))}</li>" for a in shown]
    if len(actions) > len(shown):
        items.append(f"<li>... and {len(actions) - len(shown)} more: pick a piece to see "
                     "only its moves</li>")
    refused = []
    index = rules_index(game)  # the refusal's rule, named with a link to the Rules panel
    for a in ([] if selection else greyed(game, s, acting))[:EXPLAIN_LIMIT]:
        why = s.why_illegal(a, by=acting)
        rule = refused_by_html(index, why, a)
        refused.append(f'<li class="tl-greyed"><b>{html.escape(str(a))}</b>: not allowed. '
                       f"{html.escape(why)}{' (' + rule + ')' if rule else ''}</li>")
    head = ("The moves you are picking" if selection
            else f"Your choices, {game.player_name(acting)}")
    out = f"<div><b>{html.escape(head)}:</b><ul>{''.join(items)}</ul>"
    if refused:
        out += f"<b>Greyed out:</b><ul>{''.join(refused)}</ul>"
    return out + "</div>"


def greyed(game: Game, state: State, seat: int) -> list:
    """The renderer's greyed-out moves for ``seat`` (none if it offers no such hook)."""
    hook = renderer_hook(game, "greyed_actions")
    try:
        return list(hook(state, seat)) if hook is not None else []
    except Exception:  # noqa: BLE001 - an explanation must not fail for a drawing hint
        return []


def nothing_to_choose(match: Match, screen: Screen, stepping: bool = True,
                      instead: str = "") -> str:
    """Why the seat at the screen has nothing to choose now, and what moves the game on.

    ``stepping`` says whether the board's Step and Autoplay controls are on show
    (``Board.stepping``); where they are hidden (a lesson moves the match itself), the
    sentence does not send the reader to them but says ``instead``, the board's guide's
    own words for what moves things on (a lesson's "press Next to go on"), if any: the
    same rule as the status line's (:func:`.status.turn_text`)."""
    s, game = match.state, match.game
    after = " Explain explains the choices of the seat at the screen."
    if not stepping:
        after = f" {instead}" if instead else ""
    if s.is_chance_node():
        press = " (press Step or Autoplay)" if stepping else ""
        return f"Chance moves next{press}: there is nothing for you to choose yet.{after}"
    bots, humans = match.bots_to_act(), match.humans_to_act()
    if humans:
        return (f"{names(game, humans, plain=True)} may act, but not at this screen: "
                f"{screen.why_no_clicks()}.")
    if bots:
        press = ": press Step to see what it does" if stepping else ""
        return f"{names(game, bots, plain=True)} (bot) is to move{press}.{after}"
    return "Nothing to choose here."


def _reason(action: Any, why: str) -> str:
    """``explain``'s text after the move's own sentence, which is shown in bold already:
    a game that starts its explanation with the sentence must not print it twice."""
    text = str(action)
    if why.startswith(text):
        why = why[len(text):].lstrip(" .:;,")
    return f": {why}" if why else ""


__all__ = ["EXPLAIN_LIMIT", "explanation_html", "greyed", "nothing_to_choose"]
