"""Treehouse Diner drawing: colours, sizes and the small SVG pieces every part of the board
uses (text, a token, a button, the frame of a clickable part), shared by ``render.py``,
``render_kitchen.py`` and ``render_modules.py``.

The sizes are chosen for the screen a student has (issue 18): JupyterLab's default layout on
a 1366x768 laptop gives a notebook's output about 920 px (measured in Chromium: the board's
frame is 934 px wide, its picture 920 px), so the board is drawn ``W`` = 920 wide and shown
at its natural size there, and no text is smaller than ``SMALL`` = 12 px. A board taller
than the screen scrolls inside its frame (``widgets/board.css``) rather than shrinking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection
from xml.sax.saxutils import escape, quoteattr

from ...core.svg import frame, target_attrs
from .rules import (
    LETTERS,
    ingredient,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


FILL = {"dandelion": "#F0E442", "acorn": "#A6761D", "blueberry": "#0072B2",
        "radish": "#CC79A7", "mushroom": "#E3D3B5", "daisy": "#FFFFFF",
        "chili": "#B2182B", "bee": "#FFB000"}
INK = {"dandelion": "#3A3300", "acorn": "#FFFFFF", "blueberry": "#FFFFFF",
       "radish": "#2B0A1E", "mushroom": "#3B2E14", "daisy": "#333333",
       "chili": "#FFFFFF", "bee": "#1A1A1A"}
CHEF = {"hazel": "#D55E00", "bramble": "#009E73", "pip": "#56B4E9"}
SHORT = {"draw": "+1 ingredient", "others_draw": "others +1", "discard": "discard 1",
         "others_discard": "others discard", "recycle": "recycle", "praise": "praise",
         "complaint": "complaint", "others_complaint": "others: complaint",
         "draw_order": "+1 order", "move_left": "order left",
         "draw_action": "+1 Action card", "shortcut": "shortcut"}
FONT = "font-family=\"'Nunito','Trebuchet MS','Segoe UI',sans-serif\""

#: The board's width: the width JupyterLab gives it on a 1366x768 laptop (see above).
W = 920
#: The margin round the board's panels.
M = 14
#: The smallest text on the board, in px at its natural size (shown at 1:1 on a laptop).
SMALL = 12
#: The radius of an ingredient token (its letters are SMALL bold).
TOKEN_R = 12
#: A kitchen space (an order card is ``SPACE_W - 8`` wide on it), 6 of them in a row.
SPACE_W = 130
CARD_W = SPACE_W - 8
CARD_H = 138
#: The x of the first kitchen space, and of the first order on the phone tray.
SPACES_X = M + 8


def svg_text(x: float, y: float, text: str, size: float = SMALL, fill: str = "#333",
             anchor: str = "start", weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(text)}</text>')


def svg_token(x: float, y: float, kind: str | None, r: float = TOKEN_R, attrs: str = "") -> str:
    """An ingredient token (or an empty dashed circle for None), labelled with its two
    letters in SMALL bold (colour is never the only cue)."""
    if kind is None:
        return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="none" stroke="#9A8F7A" '
                f'stroke-dasharray="3 2"{attrs}/>')
    return (f'<g class="tl-ingredient" data-ingredient="{kind}"{attrs}>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{FILL[kind]}" stroke="#4A4030" '
            f'stroke-width="1"/>'
            + svg_text(x, y + 4.3, LETTERS[kind], SMALL, INK[kind], "middle", "bold")
            + f"<title>{ingredient(kind)}</title></g>")


def svg_dot(x: float, y: float, kind: str, r: float = 5.5) -> str:
    """A small unlabelled token, one of the ingredients of a joker stack: the stack's
    count is written beside it and its ingredients are named in the symbol's title."""
    return (f'<g class="tl-ingredient tl-dot" data-ingredient="{kind}">'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{FILL[kind]}" stroke="#4A4030" '
            f'stroke-width="0.8"/><title>{ingredient(kind)}</title></g>')


def svg_button(x: float, y: float, w: float, label: str, tid: str, targets: Collection[str],
               selection: Collection[str], says: str = "") -> str:
    """A button drawn on the board; ``says`` what it does, for its accessible name after
    its drawn ``label`` (a screen reader hears "Finish: ...", not the target's id)."""
    name = f"{label}: {says}" if says else label
    return (f'<g{target_attrs(tid, targets, selection, "tl-button")} '
            f'data-label={quoteattr(name)}>'
            + frame(tid, targets, selection, x, y, w, 26, rx=8, pad=3)
            + f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="26" rx="8" fill="#2E7D4F"/>'
            + svg_text(x + w / 2, y + 17.5, label, 13, "#FFFFFF", "middle", "bold") + "</g>")


def strip_height(state: DinerState) -> int:
    """The height the modules add to a kitchen: one line (the beehive, the hand's count)
    and, with Save the Bees, the row of Challenges."""
    g = state.game
    if not g.modules:
        return 0
    return 26 + (66 if g.bees else 0)


def hand_shown(state: DinerState, viewer: int | None) -> list[str]:
    """The Action cards the board may show: the hand of the seat at the screen, nobody
    else's (Hidden information: hands are hidden from the other players)."""
    if not state.game.chili or viewer is None or not 0 <= viewer < state.game.players:
        return []
    return state.hand(viewer)
