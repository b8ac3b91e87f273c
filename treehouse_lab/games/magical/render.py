"""Drawing Magical Treehouse: an SVG board, a text board and the board's click paths.

Layout (issue 18: every text at least 11 px at 1366x768): one picture 860 wide, so that in
JupyterLab's board beside the file browser (about 920 pixels wide) it is drawn at 1.07
times its size or more and its smallest text (12) is 12.8 pixels; it is taller than the
screen and scrolls inside the board, under the board's controls (``widgets/board.css``).
(The 1200-wide landscape layout of issue 10 drew it at 0.77: 9.2 pixel text.)
At the top, the magic forest with the familiars and, beside it, the sub board: round and
biscuits (the tray's four piles), the objectives, the ring of seats with the carriages
between them and the turn order arrow, and the play order or the spell being resolved.
Under them the hand of the seat at the screen with the buttons for its choices (what is
clicked most, so on the first screen), then one working board per player (drawer, deck,
storage, trash, biscuits, familiars left, and the village with its pipes).

Hidden information (rulebook, 2. Planning Step; issue 10): the picture is drawn for
``viewer`` (the seat at the screen; ``None`` is nobody). Only the viewer's hand, drawer,
storage and personal objective are drawn face up, and on a carriage only the cards the
viewer put there (in the carriage's tooltip). Everybody else's are counts or face-down
backs, and no id of a card hidden from the viewer appears anywhere in its picture.

Cues never rely on colour alone: a building shows its colour's name (or letter when
narrow), its level and VP; a resource carries a two-letter label and a shape; each player's
familiar is a shape with the seat's number; unproductive areas are hatched with the word
"none", outermost areas have a thick outer border, and connections are drawn as bars.

Targets (each a ``data-target`` when clickable; each kind's ``click_path`` in
moves.py gives the path):
``card:<id>`` a card of the viewer (hand, drawer or storage); ``drawer``; ``cast``;
``trash:<p>`` (then ``discard-all:<p>``, the "Discard all N cards?" button, confirms
throwing away the whole hand); ``carriage:<i>``; ``deck:<p>``; ``done:<p>``; ``wait:<p>``;
``biscuit:<p>`` (give a biscuit to dropped-out seat p); ``keep:<p>``; ``reveal``;
``village:<p>`` (a new building); ``facedown:<p>``; ``stack:<building>``;
``store:<building>``; ``pipe:<card>``; ``area:<area>``; ``skipfam``; ``finish``.
A pipe's two buildings are clicked left to right as they stand in the village.
"""

from __future__ import annotations

from math import cos, pi, sin
from typing import TYPE_CHECKING, Collection, Iterable

from ...core.seating import players_phrase
from ...core.svg import frame, target_attrs

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState

from .render_shapes import (
    FONT,
    HAND_H,
    HEAD_H,
    LEFT_W,
    PAD,
    PHASE_TEXT,
    RES_NAME,
    RW,
    RX,
    SUB_W,
    SUB_X,
    W,
    carriage_counts,
    dropped_seats,
    rect,
    resource_icon,
    seat_name,
    seat_token,
    spell_text,
    svg_text,
    title,
    trash_seen,
)
from .render_village import hand_row, working_board
from .stages import Building, Planning, RevealStep, Spell


def status(state: MagicalState, viewer: int | None) -> str:
    top = state.top
    n = state.game.players
    if state.is_terminal():
        sc = state.scores()
        w = state.winners()[0]
        return f"Game over: {seat_name(state, w)} wins with {sc[w]['total']} VP"
    if isinstance(top, (Planning, Spell, RevealStep)):
        actors = state.actors()
        bits = [f"playing now: {players_phrase(actors)}"]
        wait = [p for p in range(n) if state.waiting()[p] and not dropped_seats(state)[p]]
        if wait and isinstance(top, Planning):
            bits.append(f"waiting: {players_phrase(wait)}")
        done = [p for p in range(n) if dropped_seats(state)[p]]
        if done and not isinstance(top, RevealStep):
            bits.append(f"finished planning: {players_phrase(done)}")
        if isinstance(top, Planning) and len(actors) == 1 and all(
                dropped_seats(state)[q] or state.waiting()[q] for q in range(n)):
            bits.append(f"everyone waits, so the eldest ({seat_name(state, actors[0])}) moves")
        return " · ".join(bits)
    if isinstance(top, Building):
        b = state.builder
        return f"{seat_name(state, b)} builds" if b is not None else "building"
    return PHASE_TEXT.get(state.stage, state.stage)


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
    body = [
        svg_text(PAD + 6, 24, f"Magical Treehouse · round {state.round} of 4 · "
           f"{PHASE_TEXT.get(state.stage, state.stage)}", 17, "#3B2E14", weight="bold"),
        svg_text(PAD + 6, 43, status(state, viewer), 13, "#4A4A4A", extra=' class="tl-status"',
           fit=W - 2 * PAD - 12),
    ]
    y = max(_forest(state, body, PAD, HEAD_H, targets, selection),
            _subboard(state, body, SUB_X, HEAD_H, SUB_W, viewer, targets, selection))
    if viewer is not None:
        hand_row(state, body, viewer, RX, y + 4, RW, HAND_H - 4, targets, selection)
        y += HAND_H
    # A working board is as tall as in the landscape layout: four fit in 618, three in 568.
    ph = ((630 if n == 4 else 580) - HAND_H - (n - 1) * 6) / n
    for p in range(n):
        working_board(state, body, p, RX, y + 6 + p * (ph + 6), RW, ph, viewer, targets,
                      selection)
    height = round(y + 6 + n * (ph + 6) + PAD - 6)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-magical" width="{W}" '
        f'height="{height}" viewBox="0 0 {W} {height}" {FONT} data-phase="{state.stage}" '
        f'data-round="{state.round}" data-direction="{state.direction}" '
        f'data-side="{state.side}">',
        rect(0, 0, W, height, "#F7F2E6", rx=14),
        *body,
        "</svg>",
    ]
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
    out.append(svg_text(x + 4, y + 16, f"Magic forest ({state.side} side)", 14, "#2D3B2D",
                  weight="bold"))
    out.append(svg_text(x + LEFT_W - 4, y + 16, f"{placed} familiars placed", 12, "#555", "end"))
    out.append(rect(fx - 4, fy - 4, fw + 2, fh, bg, "#6E8B5A", 10))
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
        out.append(frame(tid, targets, selection, cx, cy, CELL_W, CELL_H, rx=7, pad=2))
        out.append(f'<g{attrs} data-area="{a}" data-outermost="{str(area.outermost).lower()}"'
                   f' data-familiar="{"" if owner is None else owner}">')
        what = ", ".join(RES_NAME[x] for x in area.resources) or "unproductive (no resource)"
        tip = f"Area {a} (tile {area.tile}): {what}" + (", outermost" if area.outermost else "")
        if owner is not None:
            tip += f"; familiar of {seat_name(state, owner)}"
        out.append(title(tip))
        fill = cell if area.resources else ("#556080" if night else "#DAD5C8")
        sw = 2.6 if area.outermost else 1
        out.append(rect(cx, cy, CELL_W, CELL_H, fill, "#24401A" if not night else "#DDE6FF",
                         5, f' stroke-width="{sw}"'))
        if not area.resources:
            out.append(f'<path d="M{cx + 4:g} {cy + CELL_H - 4:g} L{cx + 18:g} {cy + 4:g} '
                       f'M{cx + 14:g} {cy + CELL_H - 4:g} L{cx + 28:g} {cy + 4:g}" '
                       f'stroke="{"#8893B0" if night else "#B3AC9A"}" stroke-width="1.5"/>')
            out.append(svg_text(cx + 4, cy + CELL_H - 6, "none", 12, ink,
                                extra=' font-style="italic"'))
        for i, res in enumerate(area.resources[:2]):
            out.append(resource_icon(cx + 3, cy + 16 + i * 17, res, not night))
        if owner is not None:
            out.append(seat_token(cx + CELL_W - 9, cy + CELL_H - 11, owner, 8))
        out.append("</g>")
    out.append("</g>")
    ly = fy + fh + 10
    out.append(svg_text(x + 4, ly, "Thick border: outermost · hatched: unproductive · "
                  "bars: connected", 12, "#555", fit=LEFT_W - 8))
    return ly + 2


def _subboard(state: MagicalState, out: list[str], x: float, y: float, w: float,
              viewer: int | None, targets: Collection[str], selection: Collection[str]) -> float:
    """Round, biscuits, objectives, the ring of carriages and the play order, ``w`` wide;
    returns the y under it."""
    out.append('<g class="tl-subboard">')
    # Round, this round's biscuits and the tray.
    tray = state.tray()
    out.append(svg_text(x + 4, y + 16, f"Round {state.round}/4 · this round's biscuits: "
                  f"{state.round_biscuits}", 13, "#3B2E14", weight="bold",
                  extra=f' class="tl-round-biscuits" data-count="{state.round_biscuits}"'))
    out.append(svg_text(x + 4, y + 34, "Tray:", 12, "#555"))
    for i, c in enumerate(tray):
        bx = x + 44 + i * 54
        cur = i == state.round - 1
        out.append(f'<g class="tl-tray-pile" data-pile="{i + 1}" data-count="{c}">'
                   + rect(bx, y + 22, 48, 18, "#FFF3D6" if not cur else "#FFE2A0",
                           "#B98A2E", 4)
                   + svg_text(bx + 24, y + 35, f"{i + 1}: {c}", 12, "#5A3E00", "middle") + "</g>")
    out.append(svg_text(x + 264, y + 34, f"box {state.box_biscuits}", 12, "#555"))
    # Objectives.
    oy = y + 58
    out.append(svg_text(x + 4, oy, "Objectives (single most only)", 13, "#3B2E14", weight="bold"))
    common = state.common_objectives()
    for i, (label, oid) in enumerate(zip(("brown", "green"), common)):
        text = f"{label}: {objective_text(state, oid)}" if oid else f"{label}: not drawn yet"
        out.append(svg_text(x + 4, oy + 17 + 16 * i, text, 12, "#333", fit=w - 8,
                      extra=' class="tl-common"' + (f' data-objective="{oid}"' if oid else "")))
    py = oy + 17 + 32
    mine = state.personal_objective(viewer) if viewer is not None else None
    if mine:
        text = f"your personal: {objective_text(state, mine)} (secret)"
    else:
        text = "personal objectives: face down"
    out.append(svg_text(x + 4, py, text, 12, "#333", fit=w - 8, extra=' class="tl-personal"'))
    # The ring of seats, carriages and the turn order arrow.
    ry = py + 10
    _ring(state, out, x, ry, w, 192, viewer, targets, selection)
    # Play order or the spell.
    iy = ry + 210
    lines = _info_lines(state)[:4]
    for i, line in enumerate(lines):
        out.append(svg_text(x + 4, iy + 16 * i, line, 12 if i else 13, "#3B2E14",
                      weight="bold" if i == 0 else "normal", fit=w - 8,
                      extra=' class="tl-info"'))
    out.append("</g>")
    return iy + 16 * max(len(lines) - 1, 0) + 8


def objective_text(state: MagicalState, oid: str) -> str:
    """An objective in a few words with the VP the game's option counts."""
    o = state.game.data.objectives[oid]
    vals = state.game.options.get("objective_values", "tiles")
    vp = o.tile_vp if vals == "tiles" else o.vp
    return f"{objective_short(o.goal)} {vp:+d} VP"


def objective_short(goal: str) -> str:
    if goal.startswith("resource:"):
        return f"most {RES_NAME[goal[9:]]}"
    return {"biscuits": "most biscuits", "level2plus": "most buildings of level 2+",
            "any_resource": "most of one resource", "colours": "most colours",
            "level1": "most level-1 buildings"}.get(goal, goal)


def _info_lines(state: MagicalState) -> list[str]:
    g = state.game
    sp = state.spell
    if sp is not None:
        todo = players_phrase(sp["to_choose"])
        return [f"Spell cast by {seat_name(state, sp['caster'])}:", spell_text(state),
                f"still choosing: {todo}", "play resumes when all have chosen"]
    if isinstance(state.top, Building) and state.play_order:
        order = players_phrase(state.play_order, order=" → ")
        b = state.builder
        return ["Play order (building step)", order,
                f"building now: {seat_name(state, b)}" if b is not None else ""]
    if isinstance(state.top, RevealStep):
        return ["Play order: revealed together", "each chooses a drawer card face down",
                "lowest number builds first"]
    if state.is_terminal():
        sc = state.scores()
        return ["Final scores", "VP of Players " + ", ".join(str(p + 1) for p in range(g.players))
                + ": " + ", ".join(str(sc[p]["total"]) for p in range(g.players))]
    eldest = seat_name(state, state.eldest)
    return ["Planning: all at once", f"eldest: {eldest} (moves first if all wait)",
            "last to finish gets no biscuit"]


def _ring(state: MagicalState, out: list[str], x: float, y: float, w: float, h: float,
          viewer: int | None, targets: Collection[str], selection: Collection[str]) -> None:
    """Seats around a circle (clockwise), a carriage between each two, the turn order arrow
    in the middle."""
    g = state.game
    n = g.players
    cx, cy, r = x + w / 2, y + h / 2 + 10, 64
    counts = carriage_counts(state)
    dropped = dropped_seats(state)
    out.append(f'<g class="tl-ring" data-direction="{state.direction}">')
    out.append(rect(x + 2, y, w - 4, h, "#EFE6D2", "#C9B88F", 10))
    out.append(svg_text(x + 10, y + 17, "Carriages", 13, "#3B2E14", weight="bold"))
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
    out.append(svg_text(cx, cy + 4, "↻" if clockwise else "↺", 14, "#7A3E00", "middle", "bold"))
    out.append("</g>")
    out.append(svg_text(x + w - 10, y + 17, "clockwise" if clockwise else "anticlockwise", 12,
                  "#7A3E00", "end", "bold"))
    for p in range(n):
        sx, sy = pt(p * 360 / n, r)
        mark = "done" if dropped[p] else ("waits" if state.waiting()[p] and
                                           isinstance(state.top, Planning) else "")
        out.append(seat_token(sx, sy, p, 11))
        if p == viewer:  # "you: waiting", not "you waits"
            label = f"you: {'waiting' if mark == 'waits' else mark}" if mark else "you"
        else:
            label = mark
        if label:
            if abs(sx - cx) < 8 and sy < cy:    # top: above the token
                lx, ly, anchor = sx, sy - 17, "middle"
            elif abs(sx - cx) < 8:              # bottom: beside the token
                lx, ly, anchor = sx + 16, sy + 4, "start"
            else:                     # left or right: outwards
                anchor = "start" if sx > cx else "end"
                lx, ly = sx + (16 if sx > cx else -16), sy + 4
            out.append(svg_text(lx, ly, label, 12, "#333", anchor))
    for i in range(n):
        mx, my = pt((i + 0.5) * 360 / n, r - 10)
        tid = f"carriage:{i}"
        known = state.carriage_known(i, viewer) if viewer is not None else []
        tip = f"Carriage between {seat_name(state, i)} and {seat_name(state, (i + 1) % n)}: " \
              f"{counts[i]} cards"
        if known:
            tip += "; yours: " + "; ".join(g.cards[c].describe() for c in known)
        out.append(frame(tid, targets, selection, mx - 25, my - 13, 50, 26 + (13 if known else 0),
                         pad=3))
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-carriage")} '
                   f'data-carriage="{i}" data-count="{counts[i]}">{title(tip)}'
                   + rect(mx - 25, my - 13, 50, 26 + (13 if known else 0), "#FFFFFF",
                           "#6B5B3A", 6, ' stroke-width="1.5"')
                   + svg_text(mx, my + 4.5, f"{counts[i]} card{'' if counts[i] == 1 else 's'}",
                        12, "#3B2E14", "middle", "bold", fit=44)
                   + (svg_text(mx, my + 18, f"{len(known)} yours", 12, "#555", "middle", fit=44)
                      if known else "")
                   + "</g>")
    out.append("</g>")


# -- click paths ------------------------------------------------------------------------------


# -- text ---------------------------------------------------------------------------------------

def render_text(state: MagicalState) -> str:
    """A short text board in words, with nobody's hidden cards: counts for hands, drawers,
    storage, decks and carriages; trash cans, villages and the forest in full."""
    g = state.game
    n = g.players
    lines = [f"Magical Treehouse, {n} players, round {state.round} of 4: "
             f"{PHASE_TEXT.get(state.stage, state.stage)}.",
             f"Now: {status(state, None)}.",
             f"Turn order {'clockwise' if state.direction == 1 else 'anticlockwise'}; "
             f"this round's biscuits {state.round_biscuits}; tray {state.tray()}; "
             f"carriages {carriage_counts(state)} cards."]
    common = [f"{label} {objective_text(state, o)}" if o else f"{label} not drawn"
              for label, o in zip(("brown", "green"), state.common_objectives())]
    lines.append("Common objectives: " + "; ".join(common) + ". Personal objectives: face "
                 "down.")
    sp = state.spell
    if sp is not None:
        todo = ", ".join(seat_name(state, p) for p in sp["to_choose"]) or "nobody"
        lines.append(f"Spell cast by {seat_name(state, sp['caster'])}: "
                     f"{spell_text(state)}; still choosing: {todo}.")
    if isinstance(state.top, Building) and state.play_order:
        lines.append("Play order: " + ", ".join(seat_name(state, p) for p in state.play_order)
                     + ".")
    forest = state.forest()
    fam = [f"{a}: {seat_name(state, q)}" for a, q in sorted(forest.items()) if q is not None]
    lines.append(f"Forest ({state.side} side): " + (", ".join(fam) or "no familiars yet")
                 + ".")
    for p in range(n):
        dropped = dropped_seats(state)[p] and isinstance(state.top, (Planning, Spell))
        village = state.village(p)
        b = ", ".join(
            ("face down" if not x["colour"] else f"{x['colour']} L{x['level']}")
            + f" {x['vp']} VP" for x in village) or "none"
        trash = trash_seen(state, p, None)
        lines.append(
            f"{seat_name(state, p)}{' (done)' if dropped else ''}: hand {state.hand_size(p)}, "
            f"drawer {len(state.drawer(p))}/5, deck {state.deck_sizes()[p]}, storage "
            f"{len(state.storage(p))}, trash {len(trash)}, biscuits {state.biscuits()[p]}, "
            f"familiars left {state.familiar_supply()[p]}; village: {b}; pipes "
            f"{len(state.pipes(p))}.")
    if state.is_terminal():
        sc = state.scores()
        lines.append("Scores: " + ", ".join(f"{seat_name(state, p)} {sc[p]['total']} VP"
                                            for p in range(n)) + ".")
    return "\n".join(lines)


__all__ = ["render_svg", "render_text"]
