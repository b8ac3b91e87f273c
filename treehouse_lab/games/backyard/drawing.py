"""Drawing Backyard Builders: the pieces every picture is made of (a floor, a card, the
ladder, the hammer), the palette and the layout sizes. render.py lays them out.

Colours are chosen to stay apart for colour-blind readers (after the Okabe-Ito palette) and
every floor also carries its colour's letter and a light pattern, so colour is never the
only cue.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .rules import LETTERS, Floor

FILL = {"purple": "#8E5DB0", "green": "#2E9E6B", "yellow": "#F2C53D", "blue": "#2F74C0"}
INK = {"purple": "#FFFFFF", "green": "#FFFFFF", "yellow": "#3A2E00", "blue": "#FFFFFF"}
WILD_FILL, WILD_INK = "#B9B9B9", "#3D3D3D"
PATTERN = {"purple": "tl-by-stripes", "green": "tl-by-dots", "yellow": "tl-by-none",
           "blue": "tl-by-waves"}

PAD = 20             # outer margin
HEAD_H = 62          # title and status
COL_W = 142          # one treehouse column (narrower for five players: ``_col_w``)
CARD_W = 96          # a card in a treehouse: 46 less than its column, 13 on its left and
                     # a gutter on its right for the run label (issue 47)
FLOOR_H = 16         # one floor of a built card
CARD_GAP = 4         # between stacked cards
SLOT = 2 * FLOOR_H + CARD_GAP
LADDER_H = 26
HAND_W, HAND_FLOOR = 92, 30   # a card in the hand
HAND_STEP = HAND_W + 12
TAB_H = 22           # the "face down" tab under a hand card
HAND_ROW = 3         # hand cards per row
HAND_ROW_H = 2 * HAND_FLOOR + TAB_H + 18
SIDE_W = HAND_ROW * HAND_STEP  # the side panel: deck, achievement card, hand
FONT = "font-family=\"'Nunito','Trebuchet MS','Segoe UI',sans-serif\""


#: No board text is drawn smaller (issue 18: at least 11 px on screen at 1366x768; a
#: five-player board is drawn at about 0.93 of its size beside JupyterLab's file browser,
#: and a picture of a state at its own size).
MIN_FONT = 12


def text(x: float, y: float, text: str, size: float = 12, fill: str = "#333",
       anchor: str = "start", weight: str = "normal", extra: str = "",
       fit: float | None = None) -> str:
    """A text; with ``fit``, squeezed to that width when it would be wider (a narrow
    column keeps its words at a readable size rather than shrinking them)."""
    size = max(size, MIN_FONT)
    if fit is not None and len(text) * size * 0.56 > fit:
        extra += f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(text)}</text>')


def title(text: str) -> str:
    """A tooltip (and the accessible name the board gives a clickable part)."""
    return f"<title>{escape(text)}</title>"


def defs() -> str:
    # Fixed ids: the live board gives each of its pictures its own (widgets/board.js), and
    # a static picture is drawn on its own (an <img> in JupyterLab, a PNG in a notebook).
    return (
        "<defs>"
        '<pattern id="tl-by-stripes" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="3" height="8" fill="#fff" '
        'opacity="0.18"/></pattern>'
        '<pattern id="tl-by-dots" width="8" height="8" patternUnits="userSpaceOnUse">'
        '<circle cx="4" cy="4" r="1.3" fill="#fff" opacity="0.28"/></pattern>'
        '<pattern id="tl-by-waves" width="12" height="6" patternUnits="userSpaceOnUse">'
        '<path d="M0 4 Q3 1 6 4 T12 4" fill="none" stroke="#fff" stroke-width="1" '
        'opacity="0.3"/></pattern>'
        '<pattern id="tl-by-none" width="8" height="8" patternUnits="userSpaceOnUse"/>'
        '<pattern id="tl-by-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(-45)"><rect width="1.5" height="6" fill="#fff" '
        'opacity="0.35"/></pattern>'
        '<linearGradient id="tl-by-sky" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#EAF4FB"/><stop offset="1" stop-color="#F8F5EC"/>'
        "</linearGradient>"
        '<filter id="tl-by-shadow" x="-10%" y="-10%" width="120%" height="130%">'
        '<feDropShadow dx="0" dy="1.5" stdDeviation="1.5" flood-opacity="0.25"/></filter>'
        "</defs>"
    )


def shape(x: float, y: float, w: float, h: float, top: bool, bottom: bool, r: float = 6) -> str:
    """A rectangle path with rounded top and/or bottom corners."""
    rt, rb = (r if top else 0), (r if bottom else 0)
    return (f"M{x + rt:g} {y:g} H{x + w - rt:g} Q{x + w:g} {y:g} {x + w:g} {y + rt:g} "
            f"V{y + h - rb:g} Q{x + w:g} {y + h:g} {x + w - rb:g} {y + h:g} H{x + rb:g} "
            f"Q{x:g} {y + h:g} {x:g} {y + h - rb:g} V{y + rt:g} Q{x:g} {y:g} {x + rt:g} {y:g} Z")


def floor_svg(x: float, y: float, w: float, h: float, f: Floor, size: int = 12,
           top: bool = False, bottom: bool = False) -> str:
    """One floor: colour, pattern, colour letter badge and number."""
    d = shape(x, y, w, h, top, bottom)
    base = y + h / 2 + size * 0.36
    if f.colour is None:
        return (f'<g class="tl-floor" data-colour="wild">'
                f'<path d="{d}" fill="{WILD_FILL}"/><path d="{d}" fill="url(#tl-by-hatch)"/>'
                + text(x + 8, base, "WILD", size - 1, WILD_INK, weight="bold")
                + text(x + w - 8, base, str(f.number), size, WILD_INK, "end", "bold") + "</g>")
    fill, ink = FILL[f.colour], INK[f.colour]
    r = min(h / 2 - 0.5, 8)  # room for a 12-unit letter (MIN_FONT) on a 16-unit floor
    return (f'<g class="tl-floor" data-colour="{f.colour}">'
            f'<path d="{d}" fill="{fill}"/><path d="{d}" fill="url(#{PATTERN[f.colour]})"/>'
            f'<circle cx="{x + 4 + r:g}" cy="{y + h / 2:g}" r="{r:g}" fill="#fff" '
            f'opacity="0.9"/>'
            + text(x + 4 + r, y + h / 2 + r * 0.42, LETTERS[f.colour], int(r * 1.2) + 1,
                 "#333" if f.colour != "yellow" else "#3A2E00", "middle", "bold")
            + text(x + w - 8, base, str(f.number), size, ink, "end", "bold")
            + "</g>")


def card_svg(x: float, y: float, w: float, fh: float, floors: tuple[Floor, Floor], face_down: bool,
          size: int = 12, attrs: str = "", tip: str = "") -> str:
    """A card of two floors, bottom floor drawn below the top floor, rounded corners."""
    fd = ' data-face-down="true"' if face_down else ""
    return (f'<g{attrs}{fd}>' + (title(tip) if tip else "") + '<g filter="url(#tl-by-shadow)">'
            + floor_svg(x, y, w, fh, floors[1], size, top=True)
            + floor_svg(x, y + fh, w, fh, floors[0], size, bottom=True) + "</g>"
            f'<path d="{shape(x, y, w, 2 * fh, True, True)}" fill="none" stroke="#2b2b2b" '
            f'stroke-opacity="0.5" stroke-width="1.2"/>'
            f'<line x1="{x:g}" y1="{y + fh:g}" x2="{x + w:g}" y2="{y + fh:g}" stroke="#fff" '
            f'stroke-opacity="0.75" stroke-width="1"/></g>')


def ladder_svg(x: float, y: float, w: float, h: float) -> str:
    rungs = "".join(
        f'<line x1="{x + 14:g}" y1="{y + 5 + i * (h - 8) / 3:g}" x2="{x + w - 14:g}" '
        f'y2="{y + 5 + i * (h - 8) / 3:g}" stroke="#7A4E24" stroke-width="2.5" '
        'stroke-linecap="round"/>'
        for i in range(4))
    return (f'<g class="tl-ladder">{title("Ladder: any card may be built on it")}'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" '
            f'fill="#E9D3B0" stroke="#A9773F" stroke-width="1.2"/>'
            f'<line x1="{x + 14:g}" y1="{y + 2:g}" x2="{x + 14:g}" y2="{y + h - 2:g}" '
            f'stroke="#7A4E24" stroke-width="2.5"/>'
            f'<line x1="{x + w - 14:g}" y1="{y + 2:g}" x2="{x + w - 14:g}" y2="{y + h - 2:g}" '
            f'stroke="#7A4E24" stroke-width="2.5"/>{rungs}'
            + text(x + w / 2, y + h / 2 + 4, "LADDER", 10, "#5A3815", "middle", "bold",
                 ' letter-spacing="2" opacity="0.85"')
            + "</g>")


def hammer_svg(x: float, y: float) -> str:
    return (f'<g class="tl-hammer" transform="translate({x:g},{y:g}) rotate(-35)">'
            "<title>Start player (hammer)</title>"
            '<rect x="-1.8" y="-2" width="3.6" height="16" rx="1.5" fill="#8B5A2B"/>'
            '<rect x="-7" y="-6" width="14" height="6" rx="1.5" fill="#5F6B73"/></g>')


__all__ = [
    "CARD_GAP", "CARD_W", "COL_W", "FILL", "FLOOR_H", "FONT", "HAND_FLOOR", "HAND_ROW",
    "HAND_ROW_H", "HAND_STEP", "HAND_W", "HEAD_H", "INK", "LADDER_H", "PAD", "PATTERN",
    "SIDE_W", "SLOT", "TAB_H", "WILD_FILL", "WILD_INK", "card_svg", "defs", "floor_svg",
    "hammer_svg", "ladder_svg", "shape", "text", "title",
]
