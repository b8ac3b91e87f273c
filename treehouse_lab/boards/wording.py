"""Small pieces of a board's text: seat names joined into a phrase, sentences, an exception
as a status-line message, the picture drawn when drawing fails, and the optional hooks of a
game's render module.

Why a module of their own: the status line (:mod:`.status`), Explain (:mod:`.explain`),
Step/Back/Forward (:mod:`.navigation`), the seat at the screen (:mod:`.screen`) and the
board itself all word things the same way; writing each piece once keeps them alike.
"""

from __future__ import annotations

import html
import importlib
from typing import Callable, Sequence

from ..errors import RuleError, clip
from ..protocol import Game


def names(game: Game, seats: Sequence[int], plain: bool = True, joiner: str = " and ") -> str:
    """``seats`` as a phrase ("Player 1, Player 2 and Player 3"; "nobody" for none), each
    name in bold HTML unless ``plain``."""
    named = [game.player_name(p) if plain else f"<b>{html.escape(game.player_name(p))}</b>"
             for p in seats]
    if len(named) <= 1:
        return "".join(named) or "nobody"
    return ", ".join(named[:-1]) + joiner + named[-1]


def sentence(parts: list[str]) -> str:
    """The non-empty ``parts`` as sentences: a full stop added where none ends one."""
    return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in parts if p)


def describe(exc: BaseException) -> str:
    """An exception as a status-line sentence of bounded length: a rule's own message as
    it is, anything else with its type (a bug should look like one)."""
    text = clip(str(exc))
    return text if isinstance(exc, RuleError) else f"{type(exc).__name__}: {text}"


def error_svg(text: str) -> str:
    """The picture shown instead of a position the game could not draw."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-error" viewBox="0 0 600 60">'
        f'<text x="10" y="35" font-size="14">{html.escape(text)}</text></svg>'
    )


def renderer_hook(game: Game, name: str) -> Callable | None:
    """An optional function of the game's render module, or None when it has none.

    Besides ``render_svg`` and ``click_paths`` a render module may offer
    ``greyed_actions(state, player)`` (moves drawn greyed out, which Explain explains with
    ``state.why_illegal``) and ``outcome_text(state)`` (who won and, on a tie, the
    tie-break that decided it, for the status line); see ``docs/dev/contracts.md``. Games
    without them get generic text."""
    module = getattr(game, "RENDERER", "")
    if not module:
        return None
    try:
        return getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None


__all__ = ["describe", "error_svg", "names", "renderer_hook", "sentence"]


#: How many of the steps after a human's move the status line names.
THEN_SHOWN = 3


def then_text(taken: Sequence) -> str:
    """What followed a human's move (chance and the bots: the match's log entries), for the
    status line: the last steps by name, so a student sees the reply without scrolling down
    to the log, which a tall board pushes below the fold; the rest is counted. "" when
    nothing followed."""
    if not taken:
        return ""
    texts = "; ".join(clip(t, 90) for e in taken[-THEN_SHOWN:]
                      for t in (e.text, e.revealed) if t)
    if len(taken) <= THEN_SHOWN:
        return " Then " + sentence([texts])
    return f" Then {len(taken)} more steps (see the log), the last: " + sentence([texts])
