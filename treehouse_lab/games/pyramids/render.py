"""Drawing Treehouse (pyramids): trios and the House as real pyramids, in SVG and text.

Pieces are triangles of three sizes, one colour per trio (the House is stone grey).
Upright stacks nest: each piece sits part-way up the one below, so the Tree looks like a
tree. A larger piece over a smaller one is drawn behind it, slightly see-through, so the
smaller piece inside shows whole (a Medium on a Small never hides the Small). Lying pieces
are arrows on the ground pointing the way they point.

Layout (issue 7, a laptop screen): the House and the trios are cells of a grid three wide,
House first, so a 2-player table is one row and eight players are three rows; the picture
is wider than tall and its text stays readable at 1366x768.

Clicking (docs/dev/contracts.md): a move is two clicks, a piece and then a destination.
Targets are ``<side>:<piece>`` for the piece (``trio:0:M``, ``house:M``) and
``<side>:<target>`` for where to (``trio:0:gap:2``, ``house:on:1``, ``trio:1:tip-left``,
``trio:0:swap:S`` ...; the tokens are ``arrangement.Move.target``, places by index in the
line as drawn). Passing is one click on ``pass``. Every path has two steps except
``pass``, which is no piece id, so no path is a prefix of another. Clickable parts are
marked by ``core.svg.target_attrs``, as on every game's board, and every piece and marker
has a ``<title>`` tooltip (a destination's is the sentence of the move it makes).

Besides ``render_svg`` and ``render_text`` (each kind names its clicks, moves.py),
``outcome_text(state)`` says who won for the board's status line.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable

from ...core.svg import Picture, kind_click_paths, target_attrs
from . import data, rules
from .arrangement import RIGHT, TRIO, Arrangement, Position, name
from .geometry import (
    GAP,
    line_layout,
    line_width,
    lying_shape,
    piece_size,
    points_attr,
    shade,
    stack_shapes,
)
from .moves import side_id

# piece letter -> (base width, height) of its triangle
PLAYER_COLOURS = ["#e4572e", "#2e86de", "#17a589", "#f0a202", "#8e44ad", "#d81b60",
                  "#00838f", "#6d4c41"]
HOUSE_COLOUR = "#8d99ae"
LINE_X = 14       # where a line starts in its cell
CELL_W = 316      # one line (the House or a trio) with its name
CELL_H = 172
CELL_GAP = 8
COLUMNS = 3
MARGIN = 10
TOP = 60          # height of the title band
#: The widest a picture of bare arrangements is drawn (it must fit a notebook column).
PICTURE_MAX_W = 760


#: Core hands ``render_svg`` and ``render_text`` the seen state of the viewer
#: (``core.game.Game.render_svg``); Treehouse hides nothing (no zones), so it is the
#: position itself, but every renderer draws from the seat's own view (issue 49).
DRAWS_SEEN = True


# -- text ----------------------------------------------------------------------------------

#: What a trio equal to the House says before any move made it so: the rulings' "a match is
#: only ever made by an action" (Set-up and winning), so this is no match and no win.
SAME_AT_SETUP = "same as the House (set-up, not a match)"


def render_text(state: Any) -> str:
    """A short text board: the House, then each trio; who moves, what was rolled."""
    g = state.game
    width = max(len(g.player_name(p)) for p in range(g.players))
    lines = [f"{'House':<{width}}  {state.house}"]
    for p in range(g.players):
        note = []
        if state.drawn:
            note.append(_drawn_note(state))
        elif p in state.winners():
            note.append("matches the House: SOLVED" if g.solitaire else "matches the House: WINS")
        elif state.matches(p):
            note.append(SAME_AT_SETUP)
        if not state.is_terminal() and p == state.to_move:
            if state.rolled:
                note.append(f"to move, rolled {data.FACE_NAMES[state.rolled]}")
            elif state.rerolled:
                note.append(f"rolled {data.FACE_NAMES[state.rerolled]} (no use): rolls again")
            else:
                note.append("to roll")
        tail = f"   <- {'; '.join(note)}" if note else ""
        lines.append(f"{g.player_name(p):<{width}}  {state.trio(p)}{tail}")
    if g.solitaire:
        lines.append(f"Solitaire: {_rolls(state.rolls)} so far (ruling R19)")
    return "\n".join(lines)


def outcome_text(state: Any) -> str:
    """Who won and how, for the board's status line ("" before the end)."""
    return _status(state) if state.is_terminal() else ""


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


def _grid(players: int) -> tuple[int, int]:
    """(columns, rows) of the cells: the House and one per trio."""
    cells = players + 1
    cols = min(COLUMNS, cells)
    return cols, -(-cells // cols)


def render_svg(state: Any, viewer: int | None = None, selection: Iterable[str] = (),
               targets: Iterable[str] = frozenset()) -> str:
    """The whole table: title and die, then the House and each player's trio."""
    g = state.game
    targets = frozenset(targets)
    selection = frozenset(selection)
    cells = [(rules.HOUSE_SIDE, -1)] + [(rules.TRIO_SIDE, p) for p in range(g.players)]
    cols, rows = _grid(g.players)
    width = 2 * MARGIN + cols * CELL_W + (cols - 1) * CELL_GAP
    height = TOP + rows * (CELL_H + CELL_GAP) + MARGIN - CELL_GAP + 4
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-pyramids" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'data-to-move="{state.to_move}" data-rolled="{state.rolled or ""}" '
        f'data-terminal="{"true" if state.is_terminal() else "false"}">',
        f"<style>{_STYLE}</style>",
        f'<rect x="0" y="0" width="{width}" height="{height}" rx="14" fill="#fdf6e3"/>',
    ]
    out += _title(state, targets, width)
    picked = _picked(state, selection)
    sentences = _sentences(state, picked, selection) if picked else {}
    for i, (side, p) in enumerate(cells):
        x0 = MARGIN + (i % cols) * (CELL_W + CELL_GAP)
        y0 = TOP + (i // cols) * (CELL_H + CELL_GAP)
        out += _cell(state, side, p, x0, y0, targets, selection, picked, viewer, sentences)
    out.append("</svg>")
    return "\n".join(out)


def _picked(state: Any, selection: frozenset) -> tuple[str, str] | None:
    """(side id, piece) of the piece clicked first, if any."""
    for t in selection:
        head, _, piece = t.rpartition(":")
        if len(piece) == 1 and piece.isupper():
            return head, piece
    return None


def _sentences(state: Any, picked: tuple[str, str], selection: frozenset) -> dict[str, str]:
    """For each destination of the picked piece, the sentence of the move it makes: the
    tooltip of its marker."""
    first = f"{picked[0]}:{picked[1]}"
    out = {}
    for action, path in kind_click_paths(state).items():
        if len(path) == 2 and path[0] == first:
            out[path[1]] = str(action)
    return out


def _rolls(n: int) -> str:
    return f"{n} roll{'' if n == 1 else 's'}"


def _drawn_note(state: Any) -> str:
    """A trio's note when the roll limit has ended the game (R18; R19 in the solitaire)."""
    if state.game.solitaire:
        return "unsolved: no match within the roll limit"
    return "a tie: no match within the roll limit"


def _status(state: Any) -> str:
    g = state.game
    if g.solitaire:
        # Ruling R19: one player, the puzzle; the rolls so far are its score.
        if state.drawn:
            return f"No match in {g.roll_limit} rolls of the die: the puzzle ends unsolved"
        if state.is_terminal():
            return (f"{g.player_name(0)} solved the puzzle: matched the House in "
                    f"{_rolls(state.rolls)}!")
        return _turn_status(state)
    if state.drawn:
        return (f"No match in {g.roll_limit} rolls of the die: the game ends in a tie of all "
                "players")
    if state.is_terminal():
        won = state.winners()
        names = " and ".join(g.player_name(w) for w in won)
        return f"{names} {'win (a tie)' if len(won) > 1 else 'wins'}: matched the House!"
    return _turn_status(state)


def _turn_status(state: Any) -> str:
    """What the player to move does now (the game is not over)."""
    who = state.game.player_name(state.to_move)
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


def _title(state: Any, targets: frozenset, width: int) -> list[str]:
    # Ruling R19: the solitaire's title says so, with its score so far (the rolls).
    title = (f"Treehouse solitaire · {_rolls(state.rolls)}" if state.game.solitaire
             else "Treehouse")
    out = [
        '<text x="20" y="28" font-size="21" font-weight="bold" fill="#5d4037">'
        f"{title}</text>",
        f'<text x="20" y="49" font-size="14" fill="#3e2723" data-status="">'
        f"{escape(_status(state))}</text>",
    ]
    face = state.rolled or state.rerolled
    dx, dy = width - 84, 8
    label = data.FACE_NAMES[face].upper() if face else "?"
    faded = ' opacity="0.45"' if state.rerolled and not state.rolled else ""
    tip = (f"The die shows {data.FACE_NAMES[face]}" if face else "The die: not rolled yet")
    out.append(
        f'<g data-die="{face or ""}"{faded}><title>{escape(tip)}</title>'
        f'<rect x="{dx}" y="{dy}" width="64" height="44" '
        f'rx="9" fill="#fff" stroke="#5d4037" stroke-width="2.5"/>'
        f'<text x="{dx + 32}" y="{dy + 28}" font-size="15" font-weight="bold" '
        f'text-anchor="middle" fill="#5d4037">{label}</text></g>'
    )
    if "pass" in targets:
        px = width - 180
        out.append(
            f'<g{target_attrs("pass", targets, frozenset(), "marker")} data-pass="">'
            "<title>Pass: leave the House as it is</title>"
            f'<rect x="{px}" y="{dy + 5}" width="80" height="34" rx="17"/>'
            f'<text x="{px + 40}" y="{dy + 27}" font-size="14" text-anchor="middle">Pass</text>'
            "</g>"
        )
    return out


def _cell(state: Any, side: str, p: int, x0: float, y0: float, targets: frozenset,
          selection: frozenset, picked: tuple[str, str] | None, viewer: int | None,
          sentences: dict[str, str]) -> list[str]:
    g = state.game
    house = side == rules.HOUSE_SIDE
    arr = state.house if house else state.trio(p)
    sid = side_id(side, p)
    colour = HOUSE_COLOUR if house else PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    ground = y0 + CELL_H - 30
    to_move = not state.is_terminal() and not house and p == state.to_move
    if house:
        head = f'<g data-house="" data-arrangement="{escape(str(arr))}">'
        label, owner, sub, sub_colour = "House", "The House's", "", "#6d4c41"
    else:
        match = state.matches(p)
        head = (f'<g data-trio="{p}" data-arrangement="{escape(str(arr))}" '
                f'data-matches="{"true" if match else "false"}">')
        label = g.player_name(p) + (" (you)" if viewer == p else "")
        owner = f"{g.player_name(p)}'s"
        notes = ["to move"] if to_move else []
        if state.drawn:
            notes, sub_colour = [_drawn_note(state)], "#6d4c41"
        elif p in state.winners():
            won = "SOLVED" if g.solitaire else "WINS"
            notes, sub_colour = [f"{won}: matches the House!"], "#2e7d32"
        else:
            # Equal to the House without an action making it so: no match (rulings,
            # Set-up and winning), so it is not drawn as one.
            sub_colour = "#bf360c" if to_move else "#6d4c41"
            if match:
                notes.append(SAME_AT_SETUP)
        sub = " · ".join(notes)
    out = [head]
    band = "#efe6cf" if house else ("#fde9c4" if to_move else "#f7efdc")
    out.append(f'<rect x="{x0}" y="{y0}" width="{CELL_W}" height="{CELL_H}" rx="12" '
               f'fill="{band}"/>')
    out.append(f'<line x1="{x0 + 8}" y1="{ground}" x2="{x0 + CELL_W - 8}" y2="{ground}" '
               'stroke="#a1887f" stroke-width="2" stroke-dasharray="6 5"/>')
    out.append(f'<rect x="{x0 + 12}" y="{y0 + 11}" width="13" height="13" rx="3" '
               f'fill="{colour}"/>')
    out.append(f'<text x="{x0 + 32}" y="{y0 + 23}" font-size="15" font-weight="bold" '
               f'fill="#3e2723">{escape(label)}</text>')
    out.append(f'<text x="{x0 + CELL_W - 12}" y="{y0 + 23}" font-size="13" fill="#6d4c41" '
               f'text-anchor="end">{escape(str(arr))}</text>')
    if sub:
        out.append(f'<text x="{x0 + 12}" y="{y0 + 41}" font-size="12" font-weight="bold" '
                   f'fill="{sub_colour}">{escape(sub)}</text>')
    layout = line_layout(arr)
    lx0 = x0 + LINE_X
    mine = picked is not None and picked[0] == sid
    sel_piece = picked[1] if mine else None
    # piece -> (centre x, apex y, badge x, badge y): where its markers go
    anchors: dict[str, tuple[float, float, float, float]] = {}
    for (lx, w), pos in zip(layout, arr):
        if pos.upright:
            cx = lx0 + lx + w / 2
            for s in stack_shapes(pos, cx, ground):
                out.append(_piece(sid, s.piece, s.pts, colour, targets, selection, s.label_y,
                                  s.see_through, _piece_tip(owner, pos, s.piece, targets, sid)))
                by = s.label_y - 5
                anchors[s.piece] = (cx, s.apex, cx + s.half_width(by) - 2, by)
        else:
            pts = lying_shape(pos, lx0 + lx, ground)
            c = pos.pieces
            out.append(_piece(sid, c, pts, colour, targets, selection, None,
                              tip=_piece_tip(owner, pos, c, targets, sid)))
            w_, h_ = piece_size(c)
            anchors[c] = (lx0 + lx + h_ / 2, ground - w_, lx0 + lx + h_ / 2, ground - w_ / 2)
    if mine:  # destination markers, only on the line of the picked piece
        out += _markers(arr, sid, sel_piece, layout, lx0, ground, anchors, targets, sentences)
    out.append("</g>")
    return out


def _piece_tip(owner: str, pos: Position, piece: str, targets: frozenset, sid: str) -> str:
    # "Player 1's Medium": ``name`` says "the Medium", whose article an owner replaces
    # (issue 47: a screen reader read "Player 1's The medium").
    what = name(piece).removeprefix("the ")
    if pos.upright:
        k = pos.pieces.index(piece)
        where = ("standing" if len(pos.pieces) == 1 else
                 f"at the bottom of a stack of {len(pos.pieces)}" if k == 0 else
                 "on top of the stack" if k == len(pos.pieces) - 1 else "in the middle of a stack")
    else:
        where = f"lying, pointing {'right' if pos.facing == RIGHT else 'left'}"
    tip = f"{owner} {what}, {where}"
    if f"{sid}:{piece}" in targets:
        tip += ": click it to see where it can go"
    return tip


def _piece(sid: str, c: str, pts: list, colour: str, targets: frozenset,
           selection: frozenset, label_y: float | None, see_through: bool = False,
           tip: str = "") -> str:
    tid = f"{sid}:{c}"
    size = {"S": "small", "M": "medium", "L": "large"}.get(c, "piece")
    fill_op = "0.82" if see_through else "1"
    (ax, ay), (bx, by), (tx, ty) = pts
    # a lighter left face and darker right face make a 3-D pyramid
    mid = ((ax + bx) / 2, (ay + by) / 2)
    lx = sum(x for x, _ in pts) / 3
    ly = sum(y for _, y in pts) / 3 + 5 if label_y is None else label_y
    return (
        f'<g data-piece="{c}" data-size="{size}"{target_attrs(tid, targets, selection)}>'
        f"<title>{escape(tip or name(c).capitalize())}</title>"
        f'<polygon class="piece-face" points="{points_attr(pts)}" fill="{colour}" '
        f'fill-opacity="{fill_op}" stroke="{shade(colour, 0.6)}" stroke-width="2" '
        'stroke-linejoin="round"/>'
        f'<polygon points="{points_attr([(tx, ty), mid, (bx, by)])}" fill="{shade(colour, 0.75)}" '
        f'fill-opacity="{0.45 if see_through else 0.55}" stroke="none"/>'
        f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="12" font-weight="bold" fill="#fff" '
        'font-family="sans-serif" '
        f'text-anchor="middle">{escape(c)}</text></g>'
    )


def _marker(tid: str, x: float, y: float, glyph: str, targets: frozenset, tip: str) -> str:
    if tid not in targets:
        return ""
    return (
        f'<g{target_attrs(tid, targets, frozenset(), "marker")}><title>{escape(tip)}</title>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11"/><text x="{x:.1f}" y="{y + 5:.1f}" '
        f'font-size="14" text-anchor="middle">{glyph}</text></g>'
    )


def _markers(arr: Arrangement, sid: str, piece: str | None, layout: list, x0: float,
             ground: float, anchors: dict, targets: frozenset,
             sentences: dict[str, str]) -> list[str]:
    def tip(tid: str, fallback: str) -> str:
        return sentences.get(tid, fallback)

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
                f"<title>{escape(tip(tid, 'put it here'))}</title>"
                f'<rect x="{x - 9:.1f}" y="{ground - 30:.1f}" width="18" height="26" rx="9"/>'
                f'<text x="{x:.1f}" y="{ground - 12:.1f}" font-size="15" '
                f'text-anchor="middle">+</text></g>'
            )
    for j, ((lx, w), pos) in enumerate(zip(layout, arr)):
        cx = x0 + lx + w / 2
        if pos.upright:
            top = min(anchors[c][1] for c in pos.pieces)
        else:
            top = ground - piece_size(pos.pieces)[0]
        out.append(_marker(f"{sid}:on:{j}", cx, top - 15, "&#8595;", targets,
                           tip(f"{sid}:on:{j}", f"onto {name(pos.top)}")))
        out.append(_marker(f"{sid}:under:{j}", cx, ground + 16, "&#8593;", targets,
                           tip(f"{sid}:under:{j}", f"under {name(pos.bottom)}")))
    for c, (_, _, ax, ay) in anchors.items():
        out.append(_marker(f"{sid}:swap:{c}", ax, ay, "&#8644;", targets,
                           tip(f"{sid}:swap:{c}", f"swap with {name(c)}")))
    if piece is not None and piece in anchors:
        i, _ = arr.locate(piece)
        lx, w = layout[i]
        px, top, _, _ = anchors[piece]
        left, right = x0 + lx - 4, x0 + lx + w + 4
        for tid, x, y, glyph, fallback in (
            ("tip-left", left - 6, ground - 62, "&#8630;", "tip it over to the left"),
            ("tip-right", right + 6, ground - 62, "&#8631;", "tip it over to the right"),
            ("aim-left", px - 22, top - 13, "&#8592;", "point it left"),
            ("aim-right", px + 22, top - 13, "&#8594;", "point it right"),
            ("aim-up", px, top - 19, "&#8593;", "stand it up"),
            ("in-place", px, ground + 16, "&#9679;", "dig in place: stand it up here"),
        ):
            out.append(_marker(f"{sid}:{tid}", x, y, glyph, targets,
                               tip(f"{sid}:{tid}", fallback)))
    return [o for o in out if o]


# -- pictures of bare arrangements (notebooks) ------------------------------------------

def _stack_height(arr: Arrangement) -> float:
    tallest = 0.0
    for pos in arr:
        if pos.upright:
            shapes = stack_shapes(pos, 0.0, 0.0)
            tallest = max(tallest, -min(s.apex for s in shapes))
        else:
            tallest = max(tallest, piece_size(pos.pieces)[0])
    return tallest


def arrangements_svg(arrangements: Iterable[Arrangement | str], captions: Iterable[str] = (),
                     colour: str = PLAYER_COLOURS[0], per_row: int = 4) -> str:
    """Several lines of pieces side by side, each with a caption (its notation by
    default): how the notebook shows what ``results(...)`` returns. At most
    ``PICTURE_MAX_W`` wide: more lines wrap onto more rows."""
    arrs = [a if isinstance(a, Arrangement) else Arrangement.parse(a) for a in arrangements]
    given = list(captions)
    caps = given + [str(a) for a in arrs[len(given):]]
    cell_w = int(max([140] + [line_width(a) + 16 for a in arrs]))
    cell_h = int(max([60.0] + [_stack_height(a) for a in arrs])) + 44
    cols = max(1, min(per_row, len(arrs), PICTURE_MAX_W // cell_w))
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
        for (lx, pw), pos in zip(line_layout(arr), arr):
            if pos.upright:
                for s in stack_shapes(pos, x0 + 8 + lx + pw / 2, ground):
                    out.append(_piece("line", s.piece, s.pts, colour, frozenset(), frozenset(),
                                      s.label_y, s.see_through))
            else:
                pts = lying_shape(pos, x0 + 8 + lx, ground)
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


__all__ = ["render_svg", "render_text", "side_id", "arrangements_svg", "show",
           "outcome_text", "Picture", "TRIO"]
