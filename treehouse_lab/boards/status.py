"""A board's status line and log: who may act now, who won, and the latest steps.

**A bot's turn looks like one** (issue 7): the status line says "Player 2 (bot) is
thinking: press Step or Autoplay", and at the end it says who won, in the game's own
sentence where its render module has ``outcome_text`` (which names the tie-break on a tie
on points), with the points when the game has them.

Why functions of the match and not board methods: the text depends only on the match, the
seat at the screen and whether the picture offers clicks, so it can be read (and tested)
without a widget.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Sequence

from ..errors import clip
from ..match import LogEntry, Match
from ..protocol import Game, State
from .screen import Screen
from .wording import names, renderer_hook, sentence


def turn_text(match: Match, screen: Screen, clickable: bool, selection: Sequence[str],
              plain: bool = False, stepping: bool = True) -> str:
    """Who may act now, for the status line: everyone, humans and bots, by name.
    ``clickable`` is whether the picture on show offers moves to click; ``selection`` the
    targets picked so far; ``plain`` leaves out the HTML. ``stepping`` says whether the
    board's Step and Autoplay controls are on show: where something else moves the match
    (a lesson hides them and counts its own steps), the line neither sends the reader to
    them nor numbers the match's steps (the log keeps its numbering)."""
    s, game = match.state, match.game
    b = (lambda t: t) if plain else (lambda t: f"<b>{html.escape(t)}</b>")
    esc = (lambda t: t) if plain else html.escape
    step = "" if plain or not stepping else f'<span class="tl-step">step {match.position}</span> '
    press = ": press Step or Autoplay" if stepping else ""
    if s.is_terminal():
        return step + game_over_text(game, s)
    if s.is_chance_node():
        return step + f"Chance to act{press}."
    humans, bots = match.humans_to_act(), match.bots_to_act()
    acting = screen.acting()
    parts = []
    if acting is not None:
        head = f"Your move, {b(game.player_name(acting))}"
        others = [p for p in humans if p != acting]
        if others:
            head += f" ({names(game, others, plain)} may act too)"
        if not clickable:
            head += " (this game has no clickable moves here)"
        elif selection:
            head += (": click a highlighted choice to go on "
                     "(or the picked one to put it back)")
        else:
            head += ": click a highlighted choice"
        parts.append(head)
    elif humans:
        verb = "may act" if len(humans) > 1 else "is to move"
        parts.append(f"{names(game, humans, plain)} {verb}: {esc(screen.why_no_clicks())}")
    if bots:
        who = " and ".join(b(f"{game.player_name(p)} (bot)") for p in bots)
        verb = "is" if len(bots) == 1 else "are"
        parts.append(f"{who} {verb} thinking{press}")
    return step + "; ".join(parts) + "."


def game_over_text(game: Game, state: State) -> str:
    """The status line at the end: who won, and each seat's points if the game has them."""
    points = tally(game, state)
    return (f"Game over: {html.escape(sentence([outcome(game, state)]))}"
            + (f" Points: {html.escape(points)}." if points else ""))


def tally(game: Game, state: State) -> str:
    """Each seat's total points ("" for a game without points)."""
    try:
        totals = [sc["total"] for sc in state.scores()]
    except Exception:  # noqa: BLE001 - points are a courtesy here (some games have none)
        return ""
    return "; ".join(f"{game.player_name(p)} {v}" for p, v in enumerate(totals))


def outcome(game: Game, state: State) -> str:
    """Who won: the game's own sentence (``outcome_text``, which names the tie-break
    on a tie on points), else a generic one."""
    hook = renderer_hook(game, "outcome_text")
    if hook is not None:
        try:
            text = hook(state)
        except Exception:  # noqa: BLE001 - fall back to the generic sentence
            text = ""
        if text:
            return clip(str(text))
    winners = state.winners()
    if not winners:
        return "nobody wins"
    if len(winners) > 1:
        return "a tie between " + names(game, winners, plain=True)
    try:
        totals = [sc["total"] for sc in state.scores()]
    except Exception:  # noqa: BLE001
        return f"{game.player_name(winners[0])} wins"
    w = winners[0]
    tied = [p for p, t in enumerate(totals) if t == totals[w] and p != w]
    if tied:
        return (f"{game.player_name(w)} wins on the tie-break (tied with "
                f"{names(game, tied, plain=True)} on {totals[w]} points)")
    return f"{game.player_name(w)} wins"


def log_html(log: Sequence[LogEntry], lines: int) -> str:
    """The last ``lines`` entries of the match's log, as the board's log panel."""
    if not log:
        return ('<div class="tl-log-title">Log</div>'
                '<div class="tl-log-empty">No moves yet.</div>')
    shown = log[-lines:]
    earlier = len(log) - len(shown)
    rows = [f'<li class="tl-log-more">... {earlier} earlier steps</li>'] if earlier else []
    rows += [_log_row(e) for e in shown]
    return f'<div class="tl-log-title">Log</div><ol class="tl-log-list">{"".join(rows)}</ol>'


def _log_row(entry: LogEntry) -> str:
    prob = ""
    if entry.probability is not None:
        prob = (' <span class="tl-prob" title="probability">'
                f"p = {_fraction(entry.probability)}</span>")
    who = "tl-chance" if entry.player < 0 else f"tl-p{entry.player}"
    row = (f'<li class="{who}"><span class="tl-n">{entry.step}.</span> '
           f"{html.escape(entry.text)}{prob}</li>")
    if entry.revealed:  # what the step turned face up: a line of its own, after it
        row += (f'<li class="tl-revealed"><span class="tl-n"></span> '
                f"{html.escape(entry.revealed)}</li>")
    return row


def _fraction(p: Fraction) -> str:
    return html.escape(str(Fraction(p)))


__all__ = ["game_over_text", "log_html", "outcome", "tally", "turn_text"]
