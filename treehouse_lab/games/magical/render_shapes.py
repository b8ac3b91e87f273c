"""Drawing primitives of the Magical Treehouse board: sizes, colours, text, cards and
buttons, shared by the board's parts (``render.py`` and ``render_village.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection
from xml.sax.saxutils import escape

from ...core.svg import frame, target_attrs
from . import view
from .rules import RESOURCE_COLOUR, power

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState

FONT = "font-family=\"'Nunito','Trebuchet MS','Segoe UI',sans-serif\""
W = 860                      # 12 * 920 / 860 > 12.8 pixels, even beside the file browser
PAD = 10
HEAD_H = 50
LEFT_W = 350                 # the forest
SUB_X = PAD + LEFT_W + 10    # the sub board, right of the forest
SUB_W = W - SUB_X - PAD
RX = PAD                     # the hand and the working boards, under both
RW = W - 2 * PAD
HAND_H = 104                 # the viewer's hand and buttons
MIN_FONT = 12

FILL = {"red": "#D55E00", "yellow": "#F0E442", "blue": "#0072B2", "purple": "#8E5DB0",
        "green": "#009E73"}
INK = {"red": "#FFFFFF", "yellow": "#3A3300", "blue": "#FFFFFF", "purple": "#FFFFFF",
       "green": "#FFFFFF"}
LETTER = {"red": "R", "yellow": "Y", "blue": "B", "purple": "P", "green": "G"}
RES_LABEL = {"apples": "Ap", "webs": "We", "shrooms": "Sh", "tails": "Ta", "fangs": "Fa"}
RES_NAME = {"apples": "juicy apples", "webs": "spider webs", "shrooms": "light shrooms",
            "tails": "lizard's tails", "fangs": "bat fangs"}
SEAT_FILL = ("#E69F00", "#56B4E9", "#CC79A7", "#F5F5F5")
SEAT_SHAPE = ("circle", "square", "diamond", "triangle")
CARD_BACK = "#6B4F8A"


# -- small pieces -----------------------------------------------------------------------------

def svg_text(x: float, y: float, text: str, size: float = 13, fill: str = "#333",
       anchor: str = "start", weight: str = "normal", extra: str = "",
       fit: float | None = None) -> str:
    """A text; with ``fit``, squeezed to that width when it would be wider."""
    size = max(size, MIN_FONT)
    if fit is not None and len(text) * size * (0.64 if weight == "bold" else 0.56) > fit:
        extra += f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(text)}</text>')


def title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
          rx: float = 6, extra: str = "") -> str:
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" '
            f'fill="{fill}" stroke="{stroke}"{extra}/>')


def seat_token(x: float, y: float, p: int, r: float = 9, extra: str = "") -> str:
    """A player's familiar: a shape of its own with the seat number (never colour alone)."""
    shape = SEAT_SHAPE[p % 4]
    fill = SEAT_FILL[p % 4]
    st = 'stroke="#222" stroke-width="1.3"'
    if shape == "circle":
        body = f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" {st}/>'
    elif shape == "square":
        body = f'<rect x="{x - r:g}" y="{y - r:g}" width="{2 * r:g}" height="{2 * r:g}" ' \
               f'rx="2" fill="{fill}" {st}/>'
    elif shape == "diamond":
        k = r * 1.25
        body = f'<path d="M{x:g} {y - k:g} L{x + k:g} {y:g} L{x:g} {y + k:g} L{x - k:g} ' \
               f'{y:g} Z" fill="{fill}" {st}/>'
    else:
        k = r * 1.3
        body = f'<path d="M{x:g} {y - k:g} L{x + k:g} {y + k * 0.75:g} L{x - k:g} ' \
               f'{y + k * 0.75:g} Z" fill="{fill}" {st}/>'
    dy = 4.5 if shape != "triangle" else 6.5
    return (f'<g class="tl-familiar" data-player="{p}"{extra}>{body}'
            f'<text x="{x:g}" y="{y + dy:g}" font-size="{MIN_FONT}" fill="#111" '
            f'text-anchor="middle" font-weight="bold">{p + 1}</text></g>')


def resource_icon(x: float, y: float, res: str, light: bool) -> str:
    """A resource icon: a shape in its potion colour plus a two-letter label."""
    fill = FILL[RESOURCE_COLOUR[res]]
    ink = "#222" if light else "#F4F4F4"
    shape = {"apples": f'<circle cx="{x + 5:g}" cy="{y - 4:g}" r="5" fill="{fill}"/>',
             "webs": f'<path d="M{x:g} {y - 9:g} L{x + 10:g} {y + 1:g} M{x + 10:g} {y - 9:g} '
                     f'L{x:g} {y + 1:g} M{x + 5:g} {y - 10:g} V{y + 2:g}" stroke="{fill}" '
                     'stroke-width="2.2"/>',
             "shrooms": f'<path d="M{x:g} {y - 3:g} A5 5 0 0 1 {x + 10:g} {y - 3:g} Z M{x + 3.5:g} '
                        f'{y - 3:g} h3 v4 h-3 Z" fill="{fill}" stroke="#333" stroke-width="0.6"/>',
             "tails": f'<path d="M{x:g} {y - 2:g} Q{x + 3:g} {y - 10:g} {x + 6:g} {y - 4:g} T'
                      f'{x + 11:g} {y - 6:g}" fill="none" stroke="{fill}" stroke-width="2.6"/>',
             "fangs": f'<path d="M{x:g} {y - 9:g} H{x + 10:g} L{x + 5:g} {y + 1:g} Z" '
                      f'fill="{fill}" stroke="#333" stroke-width="0.6"/>'}[res]
    return (f'<g class="tl-resource" data-resource="{res}">{shape}'
            + svg_text(x + 13, y + 1, RES_LABEL[res], 12, ink, weight="bold") + "</g>")


def button(x: float, y: float, w: float, label: str, tid: str, targets: Collection[str],
            selection: Collection[str], tip: str = "") -> str:
    return (frame(tid, targets, selection, x, y, w, 24, rx=10, pad=3)
            + f'<g{target_attrs(tid, targets, selection, "tl-button")}>'
            + title(tip or label)
            + rect(x, y, w, 24, "#2E7D4F", rx=8)
            + svg_text(x + w / 2, y + 16.5, label, 12.5, "#FFFFFF", "middle", "bold", fit=w - 8)
            + "</g>")


def card_face(state: MagicalState, cid: str, x: float, y: float, w: float, h: float,
               attrs: str = "") -> str:
    """A planning card face up: colour (word or letter), level, VP, play order, effect."""
    c = state.game.cards[cid]
    out = [f'<g{attrs} data-card="{cid}" data-kind="{c.kind}">{title(cid + ": " + c.describe())}']
    if w < 30:  # many cards in a row: a narrow strip with the colour letter and level
        fill, ink = (FILL[c.colour], INK[c.colour]) if c.kind == "building" else \
            ("#B8B8B8", "#111") if c.kind == "pipe" else ("#F6F0FF", "#4B2E9E")
        word = f"{LETTER[c.colour]}{c.level}" if c.kind == "building" else c.kind[:2]
        out.append(rect(x, y, w, h, fill, "#2B2B2B", 3))
        out.append(svg_text(x + 2, y + 14, word, 12, ink, weight="bold", fit=max(w - 4, 4)))
        out.append("</g>")
        return "".join(out)
    if c.kind == "building":
        fill, ink = FILL[c.colour], INK[c.colour]
        out.append(rect(x, y, w, h, fill, "#2B2B2B", 5, ' stroke-width="1"'))
        # The card's name as Explain, the log and the rulings say it (``green2b``); a
        # narrow card shows its colour letter and level.
        name = c.id if w >= 50 else f"{LETTER[c.colour]}{c.level}"
        out.append(svg_text(x + 4, y + 14, name, 12, ink, weight="bold", fit=w - 8))
        out.append(svg_text(x + 4, y + 28, f"{c.vp} VP", 12, ink))
        if h >= 44:
            out.append(svg_text(x + 4, y + 42, f"#{c.order}" + (" familiar" if c.familiar
                                                           and w >= 50 else ""), 12, ink,
                                fit=w - 8))
        if h >= 58:
            out.append(svg_text(x + 4, y + 56, c.power.short, 12, ink, fit=w - 8))
    elif c.kind == "pipe":
        out.append(rect(x, y, w, h, "#B8B8B8", "#2B2B2B", 5))
        out.append(f'<rect x="{x + 4:g}" y="{y + h - 10:g}" width="{w - 8:g}" height="6" '
                   'rx="3" fill="#555"/>')
        out.append(svg_text(x + 4, y + 14, cid, 12, "#111", weight="bold", fit=w - 8))
        out.append(svg_text(x + 4, y + 28, f"#{c.order}", 12, "#111"))
    else:
        out.append(rect(x, y, w, h, "#F6F0FF", "#5B3FA0", 5, ' stroke-width="1.5"'))
        out.append(svg_text(x + 4, y + 14, cid, 12, "#4B2E9E", weight="bold", fit=w - 8))
        words = c.power.short.split(" ", 1)
        for i, wd in enumerate(words[: 2 if h >= 44 else 1]):
            out.append(svg_text(x + 4, y + 28 + 14 * i, wd, 12, "#4B2E9E", fit=w - 8))
    out.append("</g>")
    return "".join(out)


def card_back(x: float, y: float, w: float, h: float, label: str = "") -> str:
    return (f'<g class="tl-card-back">{rect(x, y, w, h, CARD_BACK, "#2B1F3A", 5)}'
            f'<rect x="{x + 3:g}" y="{y + 3:g}" width="{w - 6:g}" height="{h - 6:g}" rx="3" '
            'fill="none" stroke="#B9A6D6" stroke-dasharray="3 2"/>'
            + (svg_text(x + w / 2, y + h / 2 + 4, label, 12, "#FFFFFF", "middle", "bold")
               if label else "") + "</g>")


# -- accessors of the engine's public API -------------------------------------------------

def trash_seen(state: MagicalState, p: int, viewer: int | None) -> list[str]:
    """Seat ``p``'s trash can as ``viewer`` sees it, "?" for a card hidden from it (ruling
    R18, variant trash="top"); ``view.trash_seen`` reads it off the zones."""
    return view.trash_seen(state, p, viewer)


def carriage_counts(state: MagicalState) -> list[int]:
    return state.carriages_counts()


def dropped_seats(state: MagicalState) -> list[bool]:
    return state.dropped_out()


def spell_text(state: MagicalState) -> str:
    """The sentence of the spell being resolved, from the vocabulary (rules.EFFECTS)."""
    sp = state.spell
    return power(sp["effect"]).text if sp else ""


def seat_name(state: MagicalState, p: int) -> str:
    return state.game.player_name(p)


# -- status -----------------------------------------------------------------------------------

PHASE_TEXT = {"setup": "Preparations: drawing the objectives",
              "deal": "Preparations step: dealing cards",
              "planning": "Planning step: everyone plays at once",
              "spell": "Planning step stopped: a spell is being resolved",
              "reveal": "Building step: everyone chooses a play-order card",
              "building": "Building step", "over": "Game over"}
