"""Treehouse Diner drawing: colours, sizes and the small SVG pieces every part of the board
uses (text, a token, a button), shared by ``render.py`` and ``render_kitchen.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection
from xml.sax.saxutils import escape

from ...core.svg import target_attrs
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

W = 1120
TOKEN_R = 9
SPACE_W = 150   # a kitchen space (and an order card on it)
CARD_H = 112
KITCHEN_H = 176


def svg_text(x: float, y: float, text: str, size: int = 12, fill: str = "#333",
       anchor: str = "start", weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(text)}</text>')


def svg_token(x: float, y: float, kind: str | None, r: float = TOKEN_R, attrs: str = "") -> str:
    """An ingredient token (or an empty dashed circle for None), labelled."""
    if kind is None:
        return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="none" stroke="#9A8F7A" '
                f'stroke-dasharray="2 2"{attrs}/>')
    return (f'<g class="tl-ingredient" data-ingredient="{kind}"{attrs}>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{FILL[kind]}" stroke="#4A4030" '
            f'stroke-width="1"/>'
            + svg_text(x, y + r * 0.38, LETTERS[kind], int(r * 0.95) + 1, INK[kind], "middle",
                       "bold")
            + f"<title>{ingredient(kind)}</title></g>")


def svg_button(x: float, y: float, w: float, label: str, tid: str, targets: Collection[str],
            selection: Collection[str]) -> str:
    return (f'<g{target_attrs(tid, targets, selection, "tl-button")}>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="24" rx="8" fill="#2E7D4F"/>'
            + svg_text(x + w / 2, y + 16, label, 12, "#FFFFFF", "middle", "bold") + "</g>")


# -- The modules: sizes and small helpers ---------------------------------------------------------

PANEL_X = 806           # the Action cards panel, right of the phone tray (Secret Ingredient)
PANEL_W = W - 16 - PANEL_X
STRIP_BEES = 58         # the Challenges strip above a kitchen (Save the Bees)
STRIP_CHILI = 24        # the hand-count line above a kitchen (Secret Ingredient alone)
HAND_CARD_H = 50
CHALLENGE_W = 256
SMALL = 11              # the smallest text the modules draw (readable once scaled to a laptop)


def wrap(text: str, chars: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of about ``chars`` characters, broken at spaces;
    the last line ends with an ellipsis when the text is longer (the full text goes in a
    ``<title>``)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > chars:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = ellipsis(out[-1], chars)
    return out


def ellipsis(line: str, chars: int) -> str:
    cut = line if len(line) < chars else line[: chars - 1].rstrip()
    return cut + "…"


def strip_height(state: DinerState) -> int:
    g = state.game
    if g.bees:
        return STRIP_BEES
    return STRIP_CHILI if g.chili else 0


def hand_shown(state: DinerState, viewer: int | None) -> list[str]:
    """The Action cards the board may show: the hand of the seat at the screen, nobody
    else's (Hidden information: hands are hidden from the other players)."""
    if not state.game.chili or viewer is None or not 0 <= viewer < state.game.players:
        return []
    return state.hand(viewer)


def panel_height(state: DinerState, viewer: int | None) -> int:
    shown = len(hand_shown(state, viewer))
    return 104 + max(shown, 0) * HAND_CARD_H + (4 if shown else 14)
