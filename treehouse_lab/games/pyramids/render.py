"""Drawing Treehouse (pyramids): trios and the House as real pyramids, in SVG and text.

Pieces are triangles of three sizes, one colour per trio (the House is stone grey).
Upright stacks nest: each piece sits part-way up the one below, so the Tree looks like a
tree; a larger piece over a smaller one is drawn see-through so the one inside shows.
Lying pieces are arrows on the ground pointing the way they point.

Clicking (docs/dev/contracts.md): a move is two clicks, a piece and then a destination.
Targets are ``<side>:<piece>`` for the piece (``trio:0:M``, ``house:M``) and
``<side>:<target>`` for where to (``trio:0:gap:2``, ``house:on:1``, ``trio:1:tip-left``,
``trio:0:swap:S`` ...; the tokens are ``arrangement.Move.target``, places by index in the
line as drawn). Passing is one click on ``pass``. Every path has two steps except
``pass``, which is no piece id, so no path is a prefix of another. Clickable parts are
marked by ``core.svg.target_attrs``, as on every game's board.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable

from ...core.svg import Picture, target_attrs
from ...protocol import Action
from . import data, rules
from .arrangement import RIGHT, TRIO, Arrangement, Position, name

# piece letter -> (base width, height) of its triangle
SIZES = {"S": (30, 36), "M": (42, 50), "L": (54, 64)}
_DEFAULT_SIZE = (36, 42)
PLAYER_COLOURS = ["#e4572e", "#2e86de", "#17a589", "#f0a202", "#8e44ad", "#d81b60",
                  "#00838f", "#6d4c41"]
HOUSE_COLOUR = "#8d99ae"
GAP = 34          # space between positions, room for the gap markers
LINE_X = 178      # where each line starts
ROW_H = 150
TOP = 64          # height of the title band
WIDTH = 660


def side_id(side: str, player: int) -> str:
    """``trio:0`` or ``house``: the prefix of every target id on that line."""
    return "house" if side == rules.HOUSE_SIDE else f"trio:{player}"


def click_paths(state: Any, player: int | None = None) -> dict[Action, tuple[str, ...]]:
    """Each legal decision of ``player`` (None: the one to move) and its clicks: (piece,
    destination), or ("pass",)."""
    from .actions import Pass, Play

    p = state.current_player
    if p < 0 or player not in (None, p):
        return {}
    out: dict[Action, tuple[str, ...]] = {}
    for a in state.legal_actions():
        if isinstance(a, Pass):
            out[a] = ("pass",)
        elif isinstance(a, Play):
            s = side_id(a.side, p)
            out[a] = (f"{s}:{a.piece}", f"{s}:{state.move_of(a).target}")
    return out


# -- text ----------------------------------------------------------------------------------

def render_text(state: Any) -> str:
    """A short text board: the House, then each trio; who moves, what was rolled."""
    g = state.game
    width = max(len(g.player_name(p)) for p in range(g.players))
    lines = [f"{'House':<{width}}  {state.house}"]
    for p in range(g.players):
        note = []
        if state.matches(p):
            note.append("matches the House")
        if p in state.winners():
            note.append("WINS")
        elif not state.is_terminal() and p == state.to_move:
            if state.rolled:
                note.append(f"to move, rolled {data.FACE_NAMES[state.rolled]}")
            elif state.rerolled:
                note.append(f"rolled {data.FACE_NAMES[state.rerolled]} (no use): rolls again")
            else:
                note.append("to roll")
        tail = f"   <- {'; '.join(note)}" if note else ""
        lines.append(f"{g.player_name(p):<{width}}  {state.trio(p)}{tail}")
    return "\n".join(lines)


# -- geometry ------------------------------------------------------------------------------

def _size(c: str) -> tuple[int, int]:
    return SIZES.get(c, _DEFAULT_SIZE)


def _pos_width(pos: Position) -> int:
    if pos.upright:
        return max(_size(c)[0] for c in pos.pieces)
    return _size(pos.pieces)[1]


def _layout(arr: Arrangement) -> list[tuple[float, float]]:
    """(left x, width) of each position, relative to the line start."""
    out, x = [], GAP / 2
    for pos in arr:
        w = _pos_width(pos)
        out.append((x, w))
        x += w + GAP
    return out


def _stack_shapes(pos: Position, cx: float, ground: float) -> list[tuple[str, list, float]]:
    """(piece, points, base y) per piece of an upright stack, bottom first."""
    shapes, base = [], ground
    below_h = 0.0
    for k, c in enumerate(pos.pieces):
        w, h = _size(c)
        if k:
            # sit part-way up the piece below, so every piece of the stack shows
            base -= below_h * 0.45
        pts = [(cx - w / 2, base), (cx + w / 2, base), (cx, base - h)]
        shapes.append((c, pts, base))
        below_h = h
    return shapes


def _lying_shape(pos: Position, x: float, ground: float) -> list:
    w, h = _size(pos.pieces)
    if pos.facing == RIGHT:
        return [(x, ground), (x, ground - w), (x + h, ground - w / 2)]
    return [(x + h, ground), (x + h, ground - w), (x, ground - w / 2)]


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _shade(hex_colour: str, factor: float) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    def mix(v: int) -> int:
        return int(v * factor) if factor < 1 else int(v + (255 - v) * (factor - 1))

    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, mix(v))) for v in (r, g, b)))


# -- SVG -----------------------------------------------------------------------------------

_STYLE = """
.tl-pyramids text { font-family: 'Trebuchet MS', 'Segoe UI', sans-serif; }
.tl-pyramids .tl-target { cursor: pointer; }
.tl-pyramids .marker circle, .tl-pyramids .marker rect { fill: #fff8e1; stroke: #f9a825;
  stroke-width: 2; }
.tl-pyramids .marker text { fill: #e65100; font-weight: bold; }
.tl-pyramids .tl-target .piece-face { stroke: #f9a825; stroke-width: 3; }
.tl-pyramids .tl-selected .piece-face { stroke: #d50000; stroke-width: 3.5; }
"""


def render_svg(state: Any, viewer: int | None = None, selection: Iterable[str] = (),
               targets: Iterable[str] = frozenset()) -> str:
    """The whole table: title and die, the House, then each player's trio."""
    g = state.game
    targets = frozenset(targets)
    selection = frozenset(selection)
    rows = [(rules.HOUSE_SIDE, -1)] + [(rules.TRIO_SIDE, p) for p in range(g.players)]
    height = TOP + ROW_H * len(rows) + 16
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-pyramids" '
        f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        f'data-to-move="{state.to_move}" data-rolled="{state.rolled or ""}" '
        f'data-terminal="{"true" if state.is_terminal() else "false"}">',
        f"<style>{_STYLE}</style>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" rx="14" fill="#fdf6e3"/>',
    ]
    out += _title(state, targets)
    picked = _picked(state, selection)
    for r, (side, p) in enumerate(rows):
        y0 = TOP + r * ROW_H
        out += _row(state, side, p, y0, targets, selection, picked, viewer)
    out.append("</svg>")
    return "\n".join(out)


def _picked(state: Any, selection: frozenset) -> tuple[str, str] | None:
    """(side id, piece) of the piece clicked first, if any."""
    for t in selection:
        head, _, piece = t.rpartition(":")
        if len(piece) == 1 and piece.isupper():
            return head, piece
    return None


def _status(state: Any) -> str:
    g = state.game
    if state.is_terminal():
        won = state.winners()
        names = " and ".join(g.player_name(w) for w in won)
        return f"{names} {'win (a tie)' if len(won) > 1 else 'wins'}: matched the House!"
    who = g.player_name(state.to_move)
    if state.rolled is None:
        if state.rerolled:
            return (f"{who} rolled {data.FACE_NAMES[state.rerolled]}: no use on their trio or "
                    "the House, so roll again")
        return f"{who} to roll the die"
    face = state.rolled
    verb = data.FACE_NAMES[face]
    if face == "wild":
        return f"{who} rolled Wild: any action, on their trio or on the House"
    if state.turn_options().trio:
        return f"{who} rolled {verb}: they must {verb} their own trio"
    return f"{who} rolled {verb}: their trio can't, so {verb} the House or pass"


def _title(state: Any, targets: frozenset) -> list[str]:
    out = [
        '<text x="20" y="30" font-size="22" font-weight="bold" fill="#5d4037">Treehouse</text>',
        f'<text x="20" y="52" font-size="14" fill="#3e2723" data-status="">'
        f"{escape(_status(state))}</text>",
    ]
    # the die
    face = state.rolled or state.rerolled
    dx, dy = WIDTH - 84, 10
    label = data.FACE_NAMES[face].upper() if face else "?"
    faded = ' opacity="0.45"' if state.rerolled and not state.rolled else ""
    out.append(
        f'<g data-die="{face or ""}"{faded}><rect x="{dx}" y="{dy}" width="64" height="46" '
        f'rx="9" fill="#fff" stroke="#5d4037" stroke-width="2.5"/>'
        f'<text x="{dx + 32}" y="{dy + 29}" font-size="15" font-weight="bold" '
        f'text-anchor="middle" fill="#5d4037">{label}</text></g>'
    )
    if "pass" in targets:
        px = WIDTH - 180
        out.append(
            f'<g{target_attrs("pass", targets, frozenset(), "marker")} data-pass="">'
            f'<rect x="{px}" y="{dy + 6}" width="80" height="34" rx="17"/>'
            f'<text x="{px + 40}" y="{dy + 28}" font-size="14" text-anchor="middle">Pass</text>'
            "</g>"
        )
    return out


def _row(state: Any, side: str, p: int, y0: float, targets: frozenset,
         selection: frozenset, picked: tuple[str, str] | None, viewer: int | None) -> list[str]:
    g = state.game
    arr = state.house if side == rules.HOUSE_SIDE else state.trio(p)
    sid = side_id(side, p)
    colour = HOUSE_COLOUR if side == rules.HOUSE_SIDE else PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    ground = y0 + ROW_H - 34
    if side == rules.HOUSE_SIDE:
        head = f'<g data-house="" data-arrangement="{escape(str(arr))}">'
        label, sub = "House", ""
    else:
        match = state.matches(p)
        head = (f'<g data-trio="{p}" data-arrangement="{escape(str(arr))}" '
                f'data-matches="{"true" if match else "false"}">')
        label = g.player_name(p) + (" (you)" if viewer == p else "")
        if p in state.winners():
            sub = "WINS: matches the House!"
        elif match:
            sub = "matches the House"
        elif not state.is_terminal() and p == state.to_move:
            sub = "to move"
        else:
            sub = ""
    out = [head]
    band = "#efe6cf" if side == rules.HOUSE_SIDE else "#f7efdc"
    if not state.is_terminal() and side == rules.TRIO_SIDE and p == state.to_move:
        band = "#fde9c4"
    out.append(f'<rect x="10" y="{y0 + 4}" width="{WIDTH - 20}" height="{ROW_H - 8}" rx="12" '
               f'fill="{band}"/>')
    out.append(f'<line x1="{LINE_X - 8}" y1="{ground}" x2="{WIDTH - 24}" y2="{ground}" '
               'stroke="#a1887f" stroke-width="2" stroke-dasharray="6 5"/>')
    out.append(f'<rect x="22" y="{y0 + 22}" width="14" height="14" rx="3" fill="{colour}"/>')
    out.append(f'<text x="44" y="{y0 + 34}" font-size="16" font-weight="bold" fill="#3e2723">'
               f"{escape(label)}</text>")
    out.append(f'<text x="22" y="{y0 + 56}" font-size="13" fill="#6d4c41">'
               f"{escape(str(arr))}</text>")
    if sub:
        out.append(f'<text x="22" y="{y0 + 76}" font-size="13" font-weight="bold" '
                   f'fill="{"#2e7d32" if "match" in sub or "WINS" in sub else "#bf360c"}">'
                   f"{escape(sub)}</text>")
    layout = _layout(arr)
    x0 = LINE_X
    mine = picked is not None and picked[0] == sid
    sel_piece = picked[1] if mine else None
    # pieces
    # piece -> (centre x, apex y, badge x, badge y): where its markers go
    anchors: dict[str, tuple[float, float, float, float]] = {}
    for (lx, w), pos in zip(layout, arr):
        if pos.upright:
            cx = x0 + lx + w / 2
            shapes = _stack_shapes(pos, cx, ground)
            for k, (c, pts, base) in enumerate(shapes):
                label_y = base - 6 if k < len(shapes) - 1 else None
                out.append(_piece(sid, c, pts, colour, targets, selection, label_y,
                                  see_through=any(_size(c)[0] > _size(d)[0]
                                                  for d in pos.pieces[:k])))
                w_, h_ = _size(c)
                top_y = base - h_
                # the badge sits on the piece's visible band, at its right edge
                band = (base + shapes[k + 1][2]) / 2 if k + 1 < len(shapes) else base - h_ * 0.3
                anchors[c] = (cx, top_y, cx + w_ / 2 - 3, band)
        else:
            pts = _lying_shape(pos, x0 + lx, ground)
            out.append(_piece(sid, pos.pieces, pts, colour, targets, selection, None))
            w_, h_ = _size(pos.pieces)
            anchors[pos.pieces] = (x0 + lx + h_ / 2, ground - w_,
                                   x0 + lx + h_ / 2, ground - w_ / 2)
    # destination markers, only for the line of the picked piece
    if mine:
        out += _markers(arr, sid, sel_piece, layout, x0, ground, anchors, targets)
    out.append("</g>")
    return out


def _piece(sid: str, c: str, pts: list, colour: str, targets: frozenset,
           selection: frozenset, label_y: float | None, see_through: bool = False) -> str:
    tid = f"{sid}:{c}"
    size = {"S": "small", "M": "medium", "L": "large"}.get(c, "piece")
    fill_op = "0.78" if see_through else "1"
    (ax, ay), (bx, by), (tx, ty) = pts
    # a lighter left face and darker right face make a 3-D pyramid
    mid = ((ax + bx) / 2 + (tx - (ax + bx) / 2) * 0.0, (ay + by) / 2)
    lx = sum(x for x, _ in pts) / 3
    ly = sum(y for _, y in pts) / 3 + 5 if label_y is None else label_y
    return (
        f'<g data-piece="{c}" data-size="{size}"{target_attrs(tid, targets, selection)}>'
        f'<polygon class="piece-face" points="{_pts(pts)}" fill="{colour}" '
        f'fill-opacity="{fill_op}" stroke="{_shade(colour, 0.6)}" stroke-width="2" '
        'stroke-linejoin="round"/>'
        f'<polygon points="{_pts([(tx, ty), mid, (bx, by)])}" fill="{_shade(colour, 0.75)}" '
        f'fill-opacity="{0.5 if see_through else 0.55}" stroke="none"/>'
        f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="13" font-weight="bold" fill="#fff" '
        'font-family="sans-serif" '
        f'text-anchor="middle">{escape(c)}</text>'
        f"<title>{escape(name(c).capitalize())}</title></g>"
    )


def _marker(tid: str, x: float, y: float, glyph: str, targets: frozenset, tip: str) -> str:
    if tid not in targets:
        return ""
    return (
        f'<g{target_attrs(tid, targets, frozenset(), "marker")}><circle cx="{x:.1f}" cy="{y:.1f}" '
        f'r="11"/><text x="{x:.1f}" y="{y + 5:.1f}" font-size="14" text-anchor="middle">'
        f"{glyph}</text><title>{escape(tip)}</title></g>"
    )


def _markers(arr: Arrangement, sid: str, piece: str | None, layout: list, x0: float,
             ground: float, anchors: dict, targets: frozenset) -> list[str]:
    out = []
    n = len(arr)
    # gaps: before each position and after the last
    for k in range(n + 1):
        if k == 0:
            x = x0 + layout[0][0] - GAP / 2 if n else x0
        else:
            lx, w = layout[k - 1]
            x = x0 + lx + w + GAP / 2
        tid = f"{sid}:gap:{k}"
        if tid in targets:
            out.append(
                f'<g{target_attrs(tid, targets, frozenset(), "marker")}>'
                f'<rect x="{x - 9:.1f}" y="{ground - 30:.1f}" width="18" height="26" rx="9"/>'
                f'<text x="{x:.1f}" y="{ground - 12:.1f}" font-size="15" '
                f'text-anchor="middle">+</text><title>put it here</title></g>'
            )
    for j, ((lx, w), pos) in enumerate(zip(layout, arr)):
        cx = x0 + lx + w / 2
        if pos.upright:
            top = min(anchors[c][1] for c in pos.pieces)
        else:
            top = ground - _size(pos.pieces)[0]
        out.append(_marker(f"{sid}:on:{j}", cx, top - 16, "&#8595;", targets,
                           f"onto {name(pos.top)}"))
        out.append(_marker(f"{sid}:under:{j}", cx, ground + 17, "&#8593;", targets,
                           f"under {name(pos.bottom)}"))
    for c, (_, _, ax, ay) in anchors.items():
        out.append(_marker(f"{sid}:swap:{c}", ax, ay, "&#8644;", targets,
                           f"swap with {name(c)}"))
    if piece is not None and piece in anchors:
        i, _ = arr.locate(piece)
        lx, w = layout[i]
        px, top, _, _ = anchors[piece]
        left, right = x0 + lx - 4, x0 + lx + w + 4
        out.append(_marker(f"{sid}:tip-left", left - 6, ground - 70, "&#8630;", targets,
                           "tip it over to the left"))
        out.append(_marker(f"{sid}:tip-right", right + 6, ground - 70, "&#8631;", targets,
                           "tip it over to the right"))
        out.append(_marker(f"{sid}:aim-left", px - 22, top - 14, "&#8592;", targets,
                           "point it left"))
        out.append(_marker(f"{sid}:aim-right", px + 22, top - 14, "&#8594;", targets,
                           "point it right"))
        out.append(_marker(f"{sid}:aim-up", px, top - 20, "&#8593;", targets,
                           "stand it up"))
        out.append(_marker(f"{sid}:in-place", px, ground + 17, "&#9679;", targets,
                           "dig in place: stand it up here"))
    return [o for o in out if o]




# -- pictures of bare arrangements (notebooks) ------------------------------------------

def arrangements_svg(arrangements: Iterable[Arrangement | str], captions: Iterable[str] = (),
                     colour: str = PLAYER_COLOURS[0], per_row: int = 4) -> str:
    """Several lines of pieces side by side, each with a caption (its notation by
    default): how the notebook shows what ``results(...)`` returns."""
    arrs = [a if isinstance(a, Arrangement) else Arrangement.parse(a) for a in arrangements]
    given = list(captions)
    caps = given + [str(a) for a in arrs[len(given):]]
    cell_w = max([150] + [int(_layout(a)[-1][0] + _layout(a)[-1][1] + GAP) for a in arrs])
    cell_h = 130
    cols = max(1, min(per_row, len(arrs)))
    rows = max(1, -(-len(arrs) // cols))
    w, h = cols * cell_w, rows * cell_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-pyramids-lines" '
           f'viewBox="0 0 {w} {h}" width="{w}" height="{h}">',
           f'<rect width="{w}" height="{h}" rx="10" fill="#fdf6e3"/>']
    for k, (arr, cap) in enumerate(zip(arrs, caps)):
        x0, y0 = (k % cols) * cell_w, (k // cols) * cell_h
        ground = y0 + cell_h - 30
        out.append(f'<g data-arrangement="{escape(str(arr))}">')
        out.append(f'<line x1="{x0 + 8}" y1="{ground}" x2="{x0 + cell_w - 8}" y2="{ground}" '
                   'stroke="#a1887f" stroke-width="1.5" stroke-dasharray="5 4"/>')
        for (lx, pw), pos in zip(_layout(arr), arr):
            if pos.upright:
                cx = x0 + 8 + lx + pw / 2
                shapes = _stack_shapes(pos, cx, ground)
                for i, (c, pts, base) in enumerate(shapes):
                    out.append(_piece("line", c, pts, colour, frozenset(), frozenset(),
                                      base - 6 if i < len(shapes) - 1 else None,
                                      see_through=any(_size(c)[0] > _size(d)[0]
                                                      for d in pos.pieces[:i])))
            else:
                pts = _lying_shape(pos, x0 + 8 + lx, ground)
                out.append(_piece("line", pos.pieces, pts, colour, frozenset(), frozenset(),
                                  None))
        out.append(f'<text x="{x0 + cell_w / 2}" y="{ground + 20}" font-size="13" '
                   f'text-anchor="middle" fill="#3e2723" font-family="sans-serif">'
                   f"{escape(cap)}</text></g>")
    out.append("</svg>")
    return "\n".join(out)


def show(arrangements: Iterable[Arrangement | str], captions: Iterable[str] = (),
         **kw: Any) -> Picture:
    """``show(results("LMS", "hop"))``: the arrangements drawn, for a notebook cell (a
    ``core.svg.Picture``, re-exported here for notebooks that import it from this module)."""
    arrs = sorted(arrangements) if isinstance(arrangements, frozenset) else list(arrangements)
    text = ", ".join(map(str, arrs[:6])) + (" ..." if len(arrs) > 6 else "")
    return Picture(arrangements_svg(arrs, captions, **kw), text or "no arrangements")


__all__ = ["render_svg", "render_text", "click_paths", "side_id", "arrangements_svg", "show",
           "Picture", "TRIO"]
