"""Drawing Magical Treehouse: an SVG board, a text board and the board's click paths.

Layout (issue 10, a 1366x768 laptop): one landscape picture, 1200 wide and at most 780
tall, so JupyterLab's board (920 to 970 pixels wide, at most 80% of the window high) shows
all of it with no text under 9 pixels. The left column holds the magic forest with the familiars,
then the sub board: round and biscuits (the tray's four piles), the objectives, the ring of
seats with the carriages between them and the turn order arrow, and the play order or the
spell being resolved. The right column has one working board per player (drawer, deck,
storage, trash, biscuits, familiars left, and the village with its pipes) and, at the
bottom, the hand of the seat at the screen with the buttons for its choices.

Hidden information (rulebook, 2. Planning Step; issue 10): the picture is drawn for
``viewer`` (the seat at the screen; ``None`` is nobody). Only the viewer's hand, drawer,
storage and personal objective are drawn face up, and on a carriage only the cards the
viewer put there (in the carriage's tooltip). Everybody else's are counts or face-down
backs, and no id of a card hidden from the viewer appears anywhere in its picture.

Cues never rely on colour alone: a building shows its colour's name (or letter when
narrow), its level and VP; a resource carries a two-letter label and a shape; each player's
familiar is a shape with the seat's number; unproductive areas are hatched with the word
"none", outermost areas have a thick outer border, and connections are drawn as bars.

Targets (each a ``data-target`` when clickable; paths are in ``click_paths``):
``card:<id>`` a card of the viewer (hand, drawer or storage); ``drawer``; ``cast``;
``trash:<p>``; ``carriage:<i>``; ``deck:<p>``; ``done:<p>``; ``wait:<p>``;
``biscuit:<p>`` (give a biscuit to dropped-out seat p); ``keep:<p>``; ``reveal``;
``village:<p>`` (a new building); ``facedown:<p>``; ``stack:<building>``;
``store:<building>``; ``pipe:<card>``; ``area:<area>``; ``skipfam``; ``finish``.
A pipe's two buildings are clicked left to right as they stand in the village.
"""

from __future__ import annotations

from math import cos, pi, sin
from typing import TYPE_CHECKING, Collection, Iterable
from xml.sax.saxutils import escape

from ...core.svg import clicking_seat, target_attrs
from ...protocol import Action
from .rules import RESOURCE_COLOUR, SPELL_TEXT, effect_text

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState

FONT = "font-family=\"'Nunito','Trebuchet MS','Segoe UI',sans-serif\""
W = 1200
PAD = 10
HEAD_H = 50
LEFT_W = 350                 # the forest and the sub board
RX = PAD + LEFT_W + 10       # the working boards
RW = W - RX - PAD
HAND_H = 104                 # the viewer's hand and buttons
MIN_FONT = 12                # 12 * 920 / 1200 > 9 pixels, even beside the file browser

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
SPELL_SHORT = {"reverse": "reverse direction", "hand_to_carriage": "hands to carriage",
               "discard_hand": "discard a hand card", "discard_drawer": "discard a drawer card",
               "exchange": "drawer/storage swap"}
CARD_BACK = "#6B4F8A"


# -- small pieces -----------------------------------------------------------------------------

def _t(x: float, y: float, text: str, size: float = 13, fill: str = "#333",
       anchor: str = "start", weight: str = "normal", extra: str = "",
       fit: float | None = None) -> str:
    """A text; with ``fit``, squeezed to that width when it would be wider."""
    size = max(size, MIN_FONT)
    if fit is not None and len(text) * size * (0.64 if weight == "bold" else 0.56) > fit:
        extra += f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(text)}</text>')


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
          rx: float = 6, extra: str = "") -> str:
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" '
            f'fill="{fill}" stroke="{stroke}"{extra}/>')


def _seat_token(x: float, y: float, p: int, r: float = 9, extra: str = "") -> str:
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


def _resource(x: float, y: float, res: str, light: bool) -> str:
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
            + _t(x + 13, y + 1, RES_LABEL[res], 12, ink, weight="bold") + "</g>")


def _button(x: float, y: float, w: float, label: str, tid: str, targets: Collection[str],
            selection: Collection[str], tip: str = "") -> str:
    return (f'<g{target_attrs(tid, targets, selection, "tl-button")}>'
            + _title(tip or label)
            + _rect(x, y, w, 24, "#2E7D4F", rx=8)
            + _t(x + w / 2, y + 16.5, label, 12.5, "#FFFFFF", "middle", "bold", fit=w - 8)
            + "</g>")


def _card_face(state: MagicalState, cid: str, x: float, y: float, w: float, h: float,
               attrs: str = "") -> str:
    """A planning card face up: colour (word or letter), level, VP, play order, effect."""
    c = state.game.cards[cid]
    out = [f'<g{attrs} data-card="{cid}" data-kind="{c.kind}">{_title(cid + ": " + c.describe())}']
    if w < 30:  # many cards in a row: a narrow strip with the colour letter and level
        fill, ink = (FILL[c.colour], INK[c.colour]) if c.kind == "building" else \
            ("#B8B8B8", "#111") if c.kind == "pipe" else ("#F6F0FF", "#4B2E9E")
        word = f"{LETTER[c.colour]}{c.level}" if c.kind == "building" else c.kind[:2]
        out.append(_rect(x, y, w, h, fill, "#2B2B2B", 3))
        out.append(_t(x + 2, y + 14, word, 12, ink, weight="bold", fit=max(w - 4, 4)))
        out.append("</g>")
        return "".join(out)
    if c.kind == "building":
        fill, ink = FILL[c.colour], INK[c.colour]
        out.append(_rect(x, y, w, h, fill, "#2B2B2B", 5, ' stroke-width="1"'))
        name = c.colour if w >= 50 else LETTER[c.colour]
        out.append(_t(x + 4, y + 14, f"{name} {c.level}", 12, ink, weight="bold", fit=w - 8))
        out.append(_t(x + 4, y + 28, f"{c.vp} VP", 12, ink))
        if h >= 44:
            out.append(_t(x + 4, y + 42, f"#{c.order}" + (" +fam" if c.familiar and w >= 50
                                                           else ""), 12, ink, fit=w - 8))
        if h >= 58:
            out.append(_t(x + 4, y + 56, _effect_short(c.effect), 12, ink, fit=w - 8))
    elif c.kind == "pipe":
        out.append(_rect(x, y, w, h, "#B8B8B8", "#2B2B2B", 5))
        out.append(f'<rect x="{x + 4:g}" y="{y + h - 10:g}" width="{w - 8:g}" height="6" '
                   'rx="3" fill="#555"/>')
        out.append(_t(x + 4, y + 14, "pipe", 12, "#111", weight="bold"))
        out.append(_t(x + 4, y + 28, f"#{c.order}", 12, "#111"))
    else:
        out.append(_rect(x, y, w, h, "#F6F0FF", "#5B3FA0", 5, ' stroke-width="1.5"'))
        out.append(_t(x + 4, y + 14, "spell", 12, "#4B2E9E", weight="bold"))
        words = SPELL_SHORT.get(c.effect, c.effect).split(" ", 1)
        for i, wd in enumerate(words[: 2 if h >= 44 else 1]):
            out.append(_t(x + 4, y + 28 + 14 * i, wd, 12, "#4B2E9E", fit=w - 8))
    out.append("</g>")
    return "".join(out)


def _effect_short(effect: str) -> str:
    if effect.startswith("extract:"):
        return f"extract {LETTER[effect[8:]]}"
    if effect.startswith("potion_vp:"):
        return f"{LETTER[effect[10:]]}→VP"
    return {"storage": "storage", "breeding": "breed", "flying": "flying",
            "place_unproductive": "fam unprod", "move_pipes": "move pipes",
            "unlimited_storage": "storage ∞", "three_potions": "P→RBY",
            "vp_level3": "VP/lvl 3", "vp_unproductive": "VP/unprod", "vp_pipes": "VP/pipe",
            "vp_storage": "VP/stored", "vp_potion_colours": "VP/potion"}.get(effect, effect)


def _back(x: float, y: float, w: float, h: float, label: str = "") -> str:
    return (f'<g class="tl-card-back">{_rect(x, y, w, h, CARD_BACK, "#2B1F3A", 5)}'
            f'<rect x="{x + 3:g}" y="{y + 3:g}" width="{w - 6:g}" height="{h - 6:g}" rx="3" '
            'fill="none" stroke="#B9A6D6" stroke-dasharray="3 2"/>'
            + (_t(x + w / 2, y + h / 2 + 4, label, 12, "#FFFFFF", "middle", "bold")
               if label else "") + "</g>")


# -- accessors of the engine's public API -------------------------------------------------

def _trash(state: MagicalState, p: int) -> list[str]:
    return state.trash_of(p)


def _carriages(state: MagicalState) -> list[int]:
    return state.carriages_counts()


def _dropped(state: MagicalState) -> list[bool]:
    return state.dropped_out()


def _name(state: MagicalState, p: int) -> str:
    return state.game.player_name(p)


def _short(state: MagicalState, p: int) -> str:
    return f"P{p + 1}"


# -- status -----------------------------------------------------------------------------------

PHASE_TEXT = {"setup": "Preparations: drawing the objectives",
              "deal": "Preparations step: dealing cards",
              "planning": "Planning step: everyone plays at once",
              "spell": "Planning step stopped: a spell is being resolved",
              "reveal": "Building step: everyone chooses a play-order card",
              "building": "Building step", "over": "Game over"}


def _status(state: MagicalState, viewer: int | None) -> str:
    ph = state.phase
    n = state.game.players
    if ph == "over":
        sc = state.scores()
        w = state.winners()[0]
        return f"Game over: {_name(state, w)} wins with {sc[w]['total']} VP"
    if ph in ("planning", "spell", "reveal"):
        actors = state.actors()
        who = ", ".join(_short(state, p) for p in actors) or "nobody"
        bits = [f"may act: {who}"]
        wait = [p for p in range(n) if state.waiting()[p] and not _dropped(state)[p]]
        if wait and ph == "planning":
            bits.append("waiting: " + ", ".join(_short(state, p) for p in wait))
        done = [p for p in range(n) if _dropped(state)[p]]
        if done and ph != "reveal":
            bits.append("done: " + ", ".join(_short(state, p) for p in done))
        if ph == "planning" and len(actors) == 1 and all(
                _dropped(state)[q] or state.waiting()[q] for q in range(n)):
            bits.append(f"everyone waits, so the eldest ({_short(state, actors[0])}) moves")
        return " · ".join(bits)
    if ph == "building":
        b = state.builder
        return f"{_name(state, b)} builds" if b is not None else "building"
    return PHASE_TEXT.get(ph, ph)


# -- the picture ------------------------------------------------------------------------------

def render_svg(state: MagicalState, viewer: int | None = None, selection: Iterable[str] = (),
               targets: Collection[str] = frozenset()) -> str:
    """The board for ``viewer`` (see the module docstring)."""
    g = state.game
    n = g.players
    selection = set(selection)
    targets = set(targets)
    if not isinstance(viewer, int) or not 0 <= viewer < n:
        viewer = None
    height = 780 if n == 4 else 730
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-magical" width="{W}" '
        f'height="{height}" viewBox="0 0 {W} {height}" {FONT} data-phase="{state.phase}" '
        f'data-round="{state.round}" data-direction="{state.direction}" '
        f'data-side="{state.side}">',
        _rect(0, 0, W, height, "#F7F2E6", rx=14),
        _t(PAD + 6, 24, f"Magical Treehouse · round {state.round} of 4 · "
           f"{PHASE_TEXT.get(state.phase, state.phase)}", 17, "#3B2E14", weight="bold"),
        _t(PAD + 6, 43, _status(state, viewer), 13, "#4A4A4A", extra=' class="tl-status"',
           fit=W - 2 * PAD - 12),
    ]
    y = _forest(state, out, PAD, HEAD_H, targets, selection)
    _subboard(state, out, PAD, y + 6, height, viewer, targets, selection)
    hand_h = HAND_H if viewer is not None else 0
    avail = height - HEAD_H - hand_h - 8
    ph = (avail - (n - 1) * 6) / n
    for p in range(n):
        _player(state, out, p, RX, HEAD_H + p * (ph + 6), RW, ph, viewer, targets, selection)
    if viewer is not None:
        _hand(state, out, viewer, RX, height - HAND_H - 4, RW, HAND_H - 4, targets, selection)
    out.append("</svg>")
    return "".join(out)


CELL_W, CELL_H, GAP, TILE_GAP = 50, 44, 4, 6


def _cell_xy(x0: float, y0: float, row: int, col: int) -> tuple[float, float]:
    return (x0 + col * (CELL_W + GAP) + (col // 2) * TILE_GAP,
            y0 + row * (CELL_H + GAP) + (row // 2) * TILE_GAP)


def _forest(state: MagicalState, out: list[str], x: float, y: float,
            targets: Collection[str], selection: Collection[str]) -> float:
    """The magic forest: 6 tiles of 2x2 areas; returns the y under it."""
    g = state.game
    grid = g.area_grid()
    forest = state.forest()
    night = state.side == "night"
    bg, cell, ink = ("#24304D", "#3A4A70", "#F4F4F4") if night else \
        ("#CFE3C0", "#EEF6E6", "#222")
    rows = 1 + max(r for r, _ in grid.values())
    cols = 1 + max(c for _, c in grid.values())
    fx, fy = x + 4, y + 24
    fw = cols * (CELL_W + GAP) + (cols // 2) * TILE_GAP + 4
    fh = rows * (CELL_H + GAP) + (rows // 2) * TILE_GAP + 4
    placed = sum(1 for v in forest.values() if v is not None)
    out.append(f'<g class="tl-forest" data-side="{state.side}" data-familiars="{placed}">')
    out.append(_t(x + 4, y + 16, f"Magic forest ({state.side} side)", 14, "#2D3B2D",
                  weight="bold"))
    out.append(_t(x + LEFT_W - 4, y + 16, f"{placed} familiars placed", 12, "#555", "end"))
    out.append(_rect(fx - 4, fy - 4, fw + 2, fh, bg, "#6E8B5A", 10))
    # Tiles: a faint outline around each 2x2 block.
    tiles: dict[int, list[tuple[int, int]]] = {}
    for a, (r, c) in grid.items():
        tiles.setdefault(g.forest[a].tile, []).append((r, c))
    for _tile, cells in sorted(tiles.items()):
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        r1, c1 = max(r for r, _ in cells), max(c for _, c in cells)
        ax, ay = _cell_xy(fx, fy, r0, c0)
        bx, by = _cell_xy(fx, fy, r1, c1)
        out.append(f'<rect x="{ax - 2:g}" y="{ay - 2:g}" width="{bx - ax + CELL_W + 4:g}" '
                   f'height="{by - ay + CELL_H + 4:g}" rx="6" fill="none" '
                   f'stroke="{"#8FA3D0" if night else "#7FA36A"}" stroke-dasharray="4 3"/>')
    # Connections: a bar across the gap between connected areas.
    done: set[tuple[str, str]] = set()
    for a, area in g.forest.items():
        for b in area.connects:
            if (b, a) in done or b not in grid:
                continue
            done.add((a, b))
            (ra, ca), (rb, cb) = grid[a], grid[b]
            ax, ay = _cell_xy(fx, fy, ra, ca)
            bx, by = _cell_xy(fx, fy, rb, cb)
            x1, y1 = ax + CELL_W / 2, ay + CELL_H / 2
            x2, y2 = bx + CELL_W / 2, by + CELL_H / 2
            out.append(f'<line class="tl-connection" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" '
                       f'y2="{y2:g}" stroke="{"#C9D6F2" if night else "#8A6A3A"}" '
                       'stroke-width="5" stroke-linecap="round"/>')
    for a in sorted(grid):
        area = g.forest[a]
        r, c = grid[a]
        cx, cy = _cell_xy(fx, fy, r, c)
        tid = f"area:{a}"
        owner = forest.get(a)
        attrs = target_attrs(tid, targets, selection, "tl-area")
        out.append(f'<g{attrs} data-area="{a}" data-outermost="{str(area.outermost).lower()}"'
                   f' data-familiar="{"" if owner is None else owner}">')
        what = ", ".join(RES_NAME[x] for x in area.resources) or "unproductive (no resource)"
        tip = f"Area {a} (tile {area.tile}): {what}" + (", outermost" if area.outermost else "")
        if owner is not None:
            tip += f"; familiar of {_name(state, owner)}"
        out.append(_title(tip))
        fill = cell if area.resources else ("#556080" if night else "#DAD5C8")
        sw = 2.6 if area.outermost else 1
        out.append(_rect(cx, cy, CELL_W, CELL_H, fill, "#24401A" if not night else "#DDE6FF",
                         5, f' stroke-width="{sw}"'))
        if not area.resources:
            out.append(f'<path d="M{cx + 4:g} {cy + CELL_H - 4:g} L{cx + 18:g} {cy + 4:g} '
                       f'M{cx + 14:g} {cy + CELL_H - 4:g} L{cx + 28:g} {cy + 4:g}" '
                       f'stroke="{"#8893B0" if night else "#B3AC9A"}" stroke-width="1.5"/>')
            out.append(_t(cx + 4, cy + CELL_H - 6, "none", 12, ink, extra=' font-style="italic"'))
        for i, res in enumerate(area.resources[:2]):
            out.append(_resource(cx + 3, cy + 16 + i * 17, res, not night))
        if owner is not None:
            out.append(_seat_token(cx + CELL_W - 9, cy + CELL_H - 11, owner, 8))
        out.append("</g>")
    out.append("</g>")
    ly = fy + fh + 10
    out.append(_t(x + 4, ly, "Thick border: outermost · hatched: unproductive · "
                  "bars: connected", 12, "#555", fit=LEFT_W - 8))
    return ly + 2


def _subboard(state: MagicalState, out: list[str], x: float, y: float, height: float,
              viewer: int | None, targets: Collection[str], selection: Collection[str]) -> None:
    out.append('<g class="tl-subboard">')
    # Round, this round's biscuits and the tray.
    tray = state.tray()
    out.append(_t(x + 4, y + 16, f"Round {state.round}/4 · this round's biscuits: "
                  f"{state.round_biscuits}", 13, "#3B2E14", weight="bold",
                  extra=f' class="tl-round-biscuits" data-count="{state.round_biscuits}"'))
    out.append(_t(x + 4, y + 34, "Tray:", 12, "#555"))
    for i, c in enumerate(tray):
        bx = x + 44 + i * 54
        cur = i == state.round - 1
        out.append(f'<g class="tl-tray-pile" data-pile="{i + 1}" data-count="{c}">'
                   + _rect(bx, y + 22, 48, 18, "#FFF3D6" if not cur else "#FFE2A0",
                           "#B98A2E", 4)
                   + _t(bx + 24, y + 35, f"{i + 1}: {c}", 12, "#5A3E00", "middle") + "</g>")
    out.append(_t(x + 264, y + 34, f"box {state.box_biscuits}", 12, "#555"))
    # Objectives.
    oy = y + 58
    out.append(_t(x + 4, oy, "Objectives (single most only)", 13, "#3B2E14", weight="bold"))
    common = state.common_objectives()
    for i, (label, oid) in enumerate(zip(("brown", "green"), common)):
        text = f"{label}: {_objective_text(state, oid)}" if oid else f"{label}: not drawn yet"
        out.append(_t(x + 4, oy + 17 + 16 * i, text, 12, "#333", fit=LEFT_W - 8,
                      extra=' class="tl-common"' + (f' data-objective="{oid}"' if oid else "")))
    py = oy + 17 + 32
    mine = state.personal_objective(viewer) if viewer is not None else None
    if mine:
        text = f"your personal: {_objective_text(state, mine)} (secret)"
    else:
        text = "personal objectives: face down"
    out.append(_t(x + 4, py, text, 12, "#333", fit=LEFT_W - 8, extra=' class="tl-personal"'))
    # The ring of seats, carriages and the turn order arrow.
    ry = py + 10
    _ring(state, out, x, ry, LEFT_W, 192, viewer, targets, selection)
    # Play order or the spell.
    iy = ry + 210
    for i, line in enumerate(_info_lines(state)[:4]):
        out.append(_t(x + 4, iy + 16 * i, line, 12 if i else 13, "#3B2E14",
                      weight="bold" if i == 0 else "normal", fit=LEFT_W - 8,
                      extra=' class="tl-info"'))
    out.append("</g>")


def _objective_text(state: MagicalState, oid: str) -> str:
    """An objective in a few words with the VP the game's option counts."""
    o = state.game.data.objectives[oid]
    vals = state.game.options.get("objective_values", "tiles")
    vp = o.tile_vp if vals == "tiles" else o.vp
    return f"{_objective_short(o.goal)} {vp:+d} VP"


def _objective_short(goal: str) -> str:
    if goal.startswith("resource:"):
        return f"most {RES_NAME[goal[9:]]}"
    return {"biscuits": "most biscuits", "level2plus": "most buildings of level 2+",
            "any_resource": "most of one resource", "colours": "most colours",
            "level1": "most level-1 buildings"}.get(goal, goal)


def _info_lines(state: MagicalState) -> list[str]:
    g = state.game
    sp = state.spell
    if sp is not None:
        todo = ", ".join(_short(state, p) for p in sp["to_choose"]) or "nobody"
        return [f"Spell cast by {_name(state, sp['caster'])}:", SPELL_TEXT[sp["effect"]],
                f"still choosing: {todo}", "play resumes when all have chosen"]
    if state.phase == "building" and state.play_order:
        order = " → ".join(_short(state, p) for p in state.play_order)
        b = state.builder
        return ["Play order (building step)", order,
                f"building now: {_name(state, b)}" if b is not None else ""]
    if state.phase == "reveal":
        return ["Play order: revealed together", "each chooses a drawer card face down",
                "lowest number builds first"]
    if state.phase == "over":
        sc = state.scores()
        return ["Final scores"] + [", ".join(f"{_short(state, p)} {sc[p]['total']} VP"
                                             for p in range(g.players))]
    eldest = _short(state, state.eldest)
    return ["Planning: all at once", f"eldest: {eldest} (moves first if all wait)",
            "last to finish gets no biscuit"]


def _ring(state: MagicalState, out: list[str], x: float, y: float, w: float, h: float,
          viewer: int | None, targets: Collection[str], selection: Collection[str]) -> None:
    """Seats around a circle (clockwise), a carriage between each two, the turn order arrow
    in the middle."""
    g = state.game
    n = g.players
    cx, cy, r = x + w / 2, y + h / 2 + 10, 64
    counts = _carriages(state)
    dropped = _dropped(state)
    out.append(f'<g class="tl-ring" data-direction="{state.direction}">')
    out.append(_rect(x + 2, y, w - 4, h, "#EFE6D2", "#C9B88F", 10))
    out.append(_t(x + 10, y + 17, "Carriages", 13, "#3B2E14", weight="bold"))
    out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="none" stroke="#B9A37A" '
               'stroke-width="2" stroke-dasharray="5 4"/>')
    # The turn order arrow: an arc with an arrow head, and the word.
    clockwise = state.direction == 1
    a0, a1 = (-150, 150) if clockwise else (150, -150)
    rr = 26

    def pt(deg: float, rad: float) -> tuple[float, float]:
        return cx + rad * cos(deg * pi / 180 - pi / 2), cy + rad * sin(deg * pi / 180 - pi / 2)

    sx, sy = pt(a0, rr)
    ex, ey = pt(a1, rr)
    sweep = 1 if clockwise else 0
    out.append(f'<g class="tl-turn-order" data-direction="{state.direction}">'
               f'<title>Turn order: {"clockwise" if clockwise else "anticlockwise"}: cards '
               'pass in this direction</title>'
               f'<path d="M{sx:g} {sy:g} A{rr} {rr} 0 1 {sweep} {ex:g} {ey:g}" fill="none" '
               'stroke="#7A3E00" stroke-width="3"/>')
    hx, hy = ex, ey
    tx, ty = (1, 0.3) if clockwise else (-1, 0.3)
    out.append(f'<path d="M{hx - 7 * tx:g} {hy - 7:g} L{hx + 5 * tx:g} {hy + 1:g} '
               f'L{hx - 7 * tx:g} {hy + 7:g} Z" fill="#7A3E00"/>')
    out.append(_t(cx, cy + 4, "↻" if clockwise else "↺", 14, "#7A3E00", "middle", "bold"))
    out.append("</g>")
    out.append(_t(x + w - 10, y + 17, "clockwise" if clockwise else "anticlockwise", 12,
                  "#7A3E00", "end", "bold"))
    for p in range(n):
        sx, sy = pt(p * 360 / n, r)
        mark = "done" if dropped[p] else ("waits" if state.waiting()[p] and
                                           state.phase == "planning" else "")
        out.append(_seat_token(sx, sy, p, 11))
        label = "you" if p == viewer else ""
        if mark:
            label = (label + " " + mark).strip()
        if label:
            if abs(sx - cx) < 8 and sy < cy:    # top: above the token
                lx, ly, anchor = sx, sy - 17, "middle"
            elif abs(sx - cx) < 8:              # bottom: beside the token
                lx, ly, anchor = sx + 16, sy + 4, "start"
            else:                     # left or right: outwards
                anchor = "start" if sx > cx else "end"
                lx, ly = sx + (16 if sx > cx else -16), sy + 4
            out.append(_t(lx, ly, label, 12, "#333", anchor))
    for i in range(n):
        mx, my = pt((i + 0.5) * 360 / n, r - 10)
        tid = f"carriage:{i}"
        known = state.carriage_known(i, viewer) if viewer is not None else []
        tip = f"Carriage between {_name(state, i)} and {_name(state, (i + 1) % n)}: " \
              f"{counts[i]} cards"
        if known:
            tip += "; yours: " + "; ".join(g.cards[c].describe() for c in known)
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-carriage")} '
                   f'data-carriage="{i}" data-count="{counts[i]}">{_title(tip)}'
                   + _rect(mx - 25, my - 13, 50, 26 + (13 if known else 0), "#FFFFFF",
                           "#6B5B3A", 6, ' stroke-width="1.5"')
                   + _t(mx, my + 4.5, f"{counts[i]} card{'' if counts[i] == 1 else 's'}",
                        12, "#3B2E14", "middle", "bold", fit=44)
                   + (_t(mx, my + 18, f"{len(known)} yours", 12, "#555", "middle", fit=44)
                      if known else "")
                   + "</g>")
    out.append("</g>")


def _player(state: MagicalState, out: list[str], p: int, x: float, y: float, w: float,
            h: float, viewer: int | None, targets: Collection[str],
            selection: Collection[str]) -> None:
    me = p == viewer
    dropped = _dropped(state)[p]
    acting = p in state.actors()
    village = state.village(p)
    vp = sum(b["vp"] for b in village)
    out.append(f'<g class="tl-player" data-player="{p}" data-drawer="{len(state.drawer(p))}" '
               f'data-hand="{state.hand_size(p)}" data-biscuits="{state.biscuits()[p]}" '
               f'data-buildings="{len(village)}" data-dropped="{str(dropped).lower()}">')
    out.append(_rect(x, y, w, h, "#FFFFFF" if me else "#FBF8F0",
                     "#2E7D4F" if acting else "#D8CFB8", 10,
                     f' stroke-width="{2.5 if acting else 1}"'))
    out.append(_seat_token(x + 16, y + 15, p, 9))
    label = _name(state, p) + (" (you)" if me else "")
    out.append(_t(x + 32, y + 20, label, 14, "#2D3B2D", weight="bold"))
    badge = _badge(state, p)
    bx = x + 32 + len(label) * 8 + 8
    if badge:
        out.append(_rect(bx, y + 6, len(badge) * 7 + 12, 19, "#E3F1E6" if acting else "#EEE",
                         "#8BA069", 8))
        out.append(_t(bx + 6, y + 20, badge, 12, "#234", weight="bold"))
    facts = (f"biscuits {state.biscuits()[p]} · familiars left {state.familiar_supply()[p]}"
             f" · hand {state.hand_size(p)} · village {vp} VP")
    if state.phase == "over":   # 4. Scoring, by source
        sc = state.scores()[p]
        facts = f"biscuits {state.biscuits()[p]} · score {sc['total']} VP = " + " + ".join(
            f"{v} {k}" for k, v in sc.items() if k != "total")
    out.append(_t(x + w - 10, y + 20, facts, 12.5, "#3B2E14", "end",
                  extra=' class="tl-facts"'))
    # Give a biscuit to a dropped-out player (to move the carriage cards past them).
    btid = f"biscuit:{p}"
    if btid in targets:
        out.append(_button(x + 222, y + 4, 112, "Give a biscuit", btid, targets, selection,
                           f"Give {_name(state, p)} a biscuit: the cards they would take "
                           "move on to the next carriage"))
    top = y + 28
    _drawer(state, out, p, x + 8, top, viewer, targets, selection, h - 32)
    _village(state, out, p, x + 332, top, w - 340, h - 32, targets, selection)
    out.append("</g>")


def _badge(state: MagicalState, p: int) -> str:
    ph = state.phase
    if ph in ("planning", "spell"):
        if _dropped(state)[p]:
            return "done"
        if ph == "spell":
            sp = state.spell
            return "choosing" if sp and p in sp["to_choose"] else "stopped"
        return "waiting" if state.waiting()[p] else "planning"
    if ph == "reveal":
        return "choosing" if p in state.actors() else "chosen"
    if ph == "building":
        if state.builder == p:
            return "building now"
        if p in state.play_order:
            return f"builds {state.play_order.index(p) + 1}."
    return ""


def _drawer(state: MagicalState, out: list[str], p: int, x: float, y: float,
            viewer: int | None, targets: Collection[str], selection: Collection[str],
            h: float) -> None:
    """Deck, drawer (5 spaces), storage and trash of seat ``p``."""
    me = p == viewer
    drawer = state.drawer(p)
    cw = 50
    ch = 58 if h >= 110 else 44
    # The deck.
    dtid = f"deck:{p}"
    deck = state.deck_sizes()[p]
    out.append(f'<g{target_attrs(dtid, targets, selection, "tl-deck")} data-count="{deck}">'
               + _title(f"Deck of {_name(state, p)}: {deck} cards face down")
               + (_back(x, y + 16, 44, ch, str(deck)) if deck else
                  _rect(x, y + 16, 44, ch, "none", "#AAA", 5, ' stroke-dasharray="4 3"'))
               + _t(x, y + 12, "deck", 12, "#555") + "</g>")
    # The drawer: face up for its owner only.
    dx = x + 52
    tid = "drawer" if me else None
    out.append(f'<g{target_attrs(tid, targets, selection, "tl-drawer")} '
               f'data-count="{len(drawer)}">'
               + _title(f"Drawer of {_name(state, p)}: {len(drawer)} of 5 cards")
               + _rect(dx - 3, y + 13, 5 * (cw + 2) + 4, ch + 6, "#F1E9D6", "#C9BB98", 6)
               + _t(dx, y + 11, f"drawer {len(drawer)}/5", 12, "#555"))
    for i in range(5):
        sx = dx + i * (cw + 2)
        if i < len(drawer):
            if me:
                cid = drawer[i]
                out.append(_card_face(state, cid, sx, y + 16, cw, ch,
                                      target_attrs(f"card:{cid}", targets, selection,
                                                   "tl-drawer-card")))
            else:
                out.append(_back(sx, y + 16, cw, ch))
        else:
            out.append(_rect(sx, y + 16, cw, ch, "none", "#C9BB98", 5,
                             ' stroke-dasharray="4 3"'))
    out.append("</g>")
    # Storage and trash on one line under the drawer.
    ly = y + ch + 36
    stored = state.storage(p)
    if me and stored:
        out.append(_t(x, ly, "storage:", 12, "#555"))
        sw = min(46, 140 / len(stored) - 2)
        for i, (cid, _on) in enumerate(stored):
            out.append(_card_face(state, cid, x + 52 + i * (sw + 2), ly - 13, sw, 30,
                                  target_attrs(f"card:{cid}", targets, selection,
                                               "tl-storage-card")))
    else:
        out.append(_t(x, ly, f"storage {len(stored)}" + (" (face down)" if stored else ""),
                      12, "#555", extra=f' class="tl-storage" data-count="{len(stored)}"'))
    trash = _trash(state, p)
    ttid = f"trash:{p}"
    tx, tw = x + 200, 118
    words = ", ".join(_card_word(state, c) for c in reversed(trash[-2:]))
    text = f"trash {len(trash)}" + (f": {words}" if trash else "")
    out.append(f'<g{target_attrs(ttid, targets, selection, "tl-trash")} '
               f'data-count="{len(trash)}">'
               + _title(f"Trash can of {_name(state, p)} (face up, top first): "
                        + ("; ".join(state.game.cards[c].describe() for c in reversed(trash))
                           or "empty"))
               + _rect(tx - 4, ly - 14, tw, 19, "#F3F0EA", "#B9A37A", 5)
               + _t(tx, ly, text, 12, "#333", fit=tw - 8) + "</g>")


def _card_word(state: MagicalState, cid: str) -> str:
    c = state.game.cards[cid]
    if c.kind == "building":
        return f"{LETTER[c.colour]}{c.level}"
    return "pipe" if c.kind == "pipe" else "spell"


def _village(state: MagicalState, out: list[str], p: int, x: float, y: float, w: float,
             h: float, targets: Collection[str], selection: Collection[str]) -> None:
    """The buildings in a row (top card's colour, level and VP; face-down ones grey), what
    each stores, and the pipes as lines under them."""
    g = state.game
    village = state.village(p)
    pipes = state.pipes(p)
    stored = state.storage(p)
    per: dict[str, int] = {}
    for _, on in stored:
        per[on] = per.get(on, 0) + 1
    new_tid, down_tid = f"village:{p}", f"facedown:{p}"
    extra = sum(1 for t in (new_tid, down_tid) if t in targets)
    count = max(1, len(village) + extra)
    bw = min(60, (w - 4) / count - 4)
    bh = min(64, h - 40)
    out.append(f'<g class="tl-village" data-player="{p}" data-count="{len(village)}" '
               f'data-pipes="{len(pipes)}">')
    out.append(_t(x, y + 12, f"village: {len(village)} building"
                  f"{'' if len(village) == 1 else 's'}, {len(pipes)} pipe"
                  f"{'' if len(pipes) == 1 else 's'}", 12, "#555"))
    xs: dict[str, float] = {}
    for i, b in enumerate(village):
        bx = x + i * (bw + 4)
        by = y + 18
        xs[b["id"]] = bx + bw / 2
        tid = f"stack:{b['id']}"
        depth = len(b["cards"])
        levels = " / ".join(_card_word(state, c) if not (k == 0 and b["down"])
                            else "down" for k, c in enumerate(b["cards"]))
        tip = (f"Building {b['id']}: level {b['level']}, {b['vp']} VP"
               + (f", {b['colour']}" if b["colour"] else ", face down")
               + f"; cards bottom to top: {levels}")
        effects = [g.cards[c].effect for k, c in enumerate(b["cards"])
                   if not (k == 0 and b["down"])]
        if effects:
            tip += "; effects: " + ", ".join(effect_text(e) for e in effects)
        attrs = target_attrs(tid, targets, selection, "tl-building")
        out.append(f'<g{attrs} data-building="{b["id"]}" data-level="{b["level"]}" '
                   f'data-vp="{b["vp"]}" data-down="{str(b["down"]).lower()}">{_title(tip)}')
        for k in range(min(depth, 5) - 1, 0, -1):  # the cards below peek out on top
            out.append(_rect(bx, by - 3 * k + 3 * (min(depth, 5) - 1), bw, bh, "#DDD",
                             "#777", 4))
        top_y = by + 3 * (min(depth, 5) - 1)
        if b["colour"]:
            fill, ink = FILL[b["colour"]], INK[b["colour"]]
            name = b["colour"] if bw >= 50 else LETTER[b["colour"]]
        else:
            fill, ink, name = "#9A9A9A", "#FFFFFF", "down"
        out.append(_rect(bx, top_y, bw, bh - 3 * (min(depth, 5) - 1), fill, "#2B2B2B", 4))
        out.append(_t(bx + 3, top_y + 14, name, 12, ink, weight="bold", fit=bw - 6))
        out.append(_t(bx + 3, top_y + 28, f"L{b['level']}", 12, ink, fit=bw - 6))
        out.append(_t(bx + 3, top_y + 42, f"{b['vp']}VP", 12, ink, weight="bold", fit=bw - 6))
        if per.get(b["id"]):
            out.append(f'<g class="tl-stored" data-count="{per[b["id"]]}">'
                       + _rect(bx + 2, top_y + 46, bw - 4, 15, "#FFF3C4", "#B98A2E", 3)
                       + _t(bx + bw / 2, top_y + 58, f"{per[b['id']]} stored", 12, "#5A3E00",
                            "middle", fit=bw - 8) + "</g>")
        out.append("</g>")
        stid = f"store:{b['id']}"
        if stid in targets:
            out.append(f'<g{target_attrs(stid, targets, selection, "tl-store")}>'
                       + _title(f"Store the card under building {b['id']}")
                       + _rect(bx - 1, by + bh - 17, bw + 2, 19, "#FFF3C4", "#B98A2E", 4)
                       + _t(bx + bw / 2, by + bh - 3, "store here", 12, "#5A3E00", "middle",
                            "bold", fit=bw - 4) + "</g>")
    # Pipes: a U under the two buildings, each one a little deeper.
    py0 = y + 18 + bh + 6
    for k, (pc, a, b) in enumerate(pipes):
        if a not in xs or b not in xs:
            continue
        x1, x2 = sorted((xs[a], xs[b]))
        d = py0 + 4 + (k % 4) * 5
        tid = f"pipe:{pc}"
        attrs = target_attrs(tid, targets, selection, "tl-pipe")
        out.append(f'<g{attrs} data-pipe="{pc}">{_title(f"Pipe {pc}: {a} to {b}")}'
                   f'<path d="M{x1 - 6:g} {py0 - 6:g} V{d:g} H{x2 + 6:g} V{py0 - 6:g}" '
                   'fill="none" stroke="#555" stroke-width="3.5" stroke-linejoin="round"/>'
                   f'<path d="M{x1 - 6:g} {py0 - 6:g} V{d:g} H{x2 + 6:g} V{py0 - 6:g}" '
                   'fill="none" stroke="transparent" stroke-width="10"/></g>')
    sx = x + len(village) * (bw + 4)
    for tid, label, tip in ((new_tid, "new", "Build the card as a new level 1 building"),
                            (down_tid, "face down", "Build the card face down: level 1, 0 VP")):
        if tid in targets:
            out.append(f'<g{target_attrs(tid, targets, selection, "tl-slot")}>'
                       + _title(tip)
                       + _rect(sx, y + 18, bw, bh, "#F7F0DE", "#2E7D4F", 4,
                               ' stroke-dasharray="5 3" stroke-width="1.5"')
                       + _t(sx + bw / 2, y + 18 + bh / 2 + 4, label, 12, "#2E7D4F", "middle",
                            "bold", fit=bw - 4) + "</g>")
            sx += bw + 4
    if not village and not extra:
        out.append(_t(x, y + 40, "no buildings yet", 12, "#999",
                      extra=' font-style="italic"'))
    out.append("</g>")


def _hand(state: MagicalState, out: list[str], p: int, x: float, y: float, w: float,
          h: float, targets: Collection[str], selection: Collection[str]) -> None:
    """The viewer's hand, face up, and the buttons for the viewer's choices."""
    hand = state.hand(p)
    out.append(f'<g class="tl-hand" data-player="{p}" data-count="{len(hand)}">')
    out.append(_rect(x, y, w, h, "#FFFDF6", "#B9A37A", 10))
    prompt = _prompt(state, p, targets, selection)
    out.append(_t(x + 10, y + 17, f"Your hand ({_name(state, p)}): {len(hand)} card"
                  f"{'' if len(hand) == 1 else 's'}" + (f" · {prompt}" if prompt else ""),
                  13, "#3B2E14", weight="bold", fit=w - 30 - 104 * _buttons_count(p, targets)))
    bx = x + w - 8
    for tid, label, tip in _buttons(state, p):
        if tid in targets:
            bw = 96
            bx -= bw + 4
            out.append(_button(bx, y + 3, bw, label, tid, targets, selection, tip))
    cw = min(76, (w - 16) / max(1, len(hand)) - 4)
    for i, cid in enumerate(hand):
        out.append(_card_face(state, cid, x + 8 + i * (cw + 4), y + 26, cw, h - 32,
                              target_attrs(f"card:{cid}", targets, selection,
                                           "tl-hand-card")))
    if not hand:
        lines = _help(state, p, targets, selection)
        for i, line in enumerate(lines[:4]):
            out.append(_t(x + 10, y + 40 + 16 * i, line, 12.5, "#555" if i else "#333",
                          fit=w - 20))
    out.append("</g>")


def _help(state: MagicalState, p: int, targets: Collection[str],
          selection: Collection[str]) -> list[str]:
    """What the viewer can do now, in words (the hand row is empty outside planning)."""
    g = state.game
    first = ["no cards in hand"]
    picked = [t[5:] for t in selection if t.startswith("card:") and t[5:] in g.cards]
    if picked:
        c = g.cards[picked[0]]
        first = [f"Selected: {c.describe()}"]
    if not targets:
        return first
    words = []
    if any(t.startswith("stack:") for t in targets):
        words.append("a glowing building (to build on it, or to join it with a pipe)")
    if f"village:{p}" in targets:
        words.append("'new' for a new building")
    if f"facedown:{p}" in targets:
        words.append("'face down' (level 1, 0 VP)")
    if any(t.startswith("store:") for t in targets):
        words.append("'store here' to keep it in a storage")
    if f"trash:{p}" in targets:
        words.append("your trash can")
    if any(t.startswith("area:") for t in targets):
        words.append("a glowing forest area for your familiar")
    if "reveal" in targets:
        words.append("Reveal")
    if any(t.startswith("card:") for t in targets) and not selection:
        words.insert(0, "one of your glowing cards (drawer or storage)")
    if any(t.startswith("pipe:") for t in targets):
        words.append("a pipe under your village (to move it)")
    if words:
        first.append("Click " + words[0] + ("," if len(words) > 1 else "."))
        first.extend(f"  or {w}." for w in words[1:3])
    return first


def _buttons(state: MagicalState, p: int) -> list[tuple[str, str, str]]:
    return [("finish", "Finish", "Finish building"),
            ("skipfam", "No familiar", "Place no familiar"),
            ("reveal", "Reveal", "Reveal this card for the play order"),
            ("cast", "Cast spell", "Cast the spell: I whistle! Everyone resolves it"),
            (f"keep:{p}", "No exchange", "Exchange nothing"),
            (f"wait:{p}", "Wait", "Wait for the others (if all wait, the eldest moves)"),
            (f"done:{p}", "I'm done!", "Drop out of the planning step (take a biscuit)")]


def _buttons_count(p: int, targets: Collection[str]) -> int:
    return sum(1 for t in targets if t in ("finish", "skipfam", "reveal", "cast", f"keep:{p}",
                                           f"wait:{p}", f"done:{p}"))


def _prompt(state: MagicalState, p: int, targets: Collection[str],
            selection: Collection[str]) -> str:
    if not targets:
        return ""
    if selection:
        return "now click where it goes"
    ph = state.phase
    if ph == "planning":
        if targets and not any(t.startswith("card:") for t in targets):
            return "take from the carriage, draw 4 from your deck, or drop out"
        if f"trash:{p}" in targets:
            return "click a card, then your drawer (or your trash: discard the hand)"
        return "click a card, then your drawer"
    if ph == "spell":
        return "choose for the spell"
    if ph == "reveal":
        return "click a drawer card, then Reveal"
    if ph == "building":
        if any(t.startswith("area:") for t in targets):
            return "place a familiar: click a glowing area"
        return "click a drawer card, then where to build it"
    return ""


# -- click paths ------------------------------------------------------------------------------

def click_paths(state: MagicalState, player: int | None = None) -> dict[Action, tuple[str, ...]]:
    """For each legal action of ``player`` (None: the one seat acting) the targets clicked,
    in order (see the module docstring); each kind names its own (``moves.py``)."""
    player = clicking_seat(state, player)
    if player is None:
        return {}
    kinds = state.KINDS
    return {a: kinds.get(a).click_path(state, a, player) for a in state.legal_actions(player)}


# -- text ---------------------------------------------------------------------------------------

def render_text(state: MagicalState) -> str:
    """A short text board in words, with nobody's hidden cards: counts for hands, drawers,
    storage, decks and carriages; trash cans, villages and the forest in full."""
    g = state.game
    n = g.players
    lines = [f"Magical Treehouse, {n} players, round {state.round} of 4: "
             f"{PHASE_TEXT.get(state.phase, state.phase)}.",
             f"Now: {_status(state, None)}.",
             f"Turn order {'clockwise' if state.direction == 1 else 'anticlockwise'}; "
             f"this round's biscuits {state.round_biscuits}; tray {state.tray()}; "
             f"carriages {_carriages(state)} cards."]
    common = [f"{label} {_objective_text(state, o)}" if o else f"{label} not drawn"
              for label, o in zip(("brown", "green"), state.common_objectives())]
    lines.append("Common objectives: " + "; ".join(common) + ". Personal objectives: face "
                 "down.")
    sp = state.spell
    if sp is not None:
        todo = ", ".join(_name(state, p) for p in sp["to_choose"]) or "nobody"
        lines.append(f"Spell cast by {_name(state, sp['caster'])}: "
                     f"{SPELL_TEXT[sp['effect']]}; still choosing: {todo}.")
    if state.phase == "building" and state.play_order:
        lines.append("Play order: " + ", ".join(_name(state, p) for p in state.play_order)
                     + ".")
    forest = state.forest()
    fam = [f"{a}: {_short(state, q)}" for a, q in sorted(forest.items()) if q is not None]
    lines.append(f"Forest ({state.side} side): " + (", ".join(fam) or "no familiars yet")
                 + ".")
    for p in range(n):
        dropped = _dropped(state)[p] and state.phase in ("planning", "spell")
        village = state.village(p)
        b = ", ".join(
            ("face down" if not x["colour"] else f"{x['colour']} L{x['level']}")
            + f" {x['vp']} VP" for x in village) or "none"
        trash = _trash(state, p)
        lines.append(
            f"{_name(state, p)}{' (done)' if dropped else ''}: hand {state.hand_size(p)}, "
            f"drawer {len(state.drawer(p))}/5, deck {state.deck_sizes()[p]}, storage "
            f"{len(state.storage(p))}, trash {len(trash)}, biscuits {state.biscuits()[p]}, "
            f"familiars left {state.familiar_supply()[p]}; village: {b}; pipes "
            f"{len(state.pipes(p))}.")
    if state.is_terminal():
        sc = state.scores()
        lines.append("Scores: " + ", ".join(f"{_name(state, p)} {sc[p]['total']} VP"
                                            for p in range(n)) + ".")
    return "\n".join(lines)


__all__ = ["click_paths", "render_svg", "render_text"]
