"""Drawing Treehouse Diner: an SVG board, a text board and the board's click paths.

The board shows the pantry (shelf rows with their bonuses, one dashed space per column),
the phone tray, and each kitchen: six time spaces from 6 minutes down to 1, the delivery
space at the right, the mood track, and the personal supply. The bag and the order pile
are counts; nothing else in the basic game is hidden, so ``viewer`` (the seat at the
screen) only marks that seat's kitchen.

Ingredient tokens carry a two-letter label (Dn, Ac, Bb, Ra, Mu, Dy) besides their colour
(after the Okabe-Ito palette), so colour is never the only cue. No element has an SVG
``id``: several boards can share a page.

Targets (docs/dev/contracts.md), each a ``data-target`` when clickable:
``shelf:<size>:<column>`` a shelf space; ``tray:<order>`` an order on the phone;
``order:<order>`` an order in a kitchen (to move it); ``supply:<seat>:<ingredient>`` an
ingredient of a supply; ``slot:<order>:<i>`` symbol ``i`` of an order (to place on it);
``joker:<order>:<i>`` the joker box under a symbol; ``finish``, ``decline:recycle``,
``decline:move_left`` buttons. Paths: a shelf space (then one click per order moved); a
phone order; an ingredient then the symbol to cover; a joker box then each ingredient.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Iterable
from xml.sax.saxutils import escape

from ...core.svg import clicking_seat, target_attrs
from ...protocol import Action
from .moves import (
    ChooseShelf,
    Decline,
    Discard,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    Recycle,
    StartJoker,
    TakeOrder,
)
from .rules import EFFECTS, LETTERS, MOOD_MAX, MOOD_MIN, ingredient

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

FILL = {"dandelion": "#F0E442", "acorn": "#A6761D", "blueberry": "#0072B2",
        "radish": "#CC79A7", "mushroom": "#E3D3B5", "daisy": "#FFFFFF"}
INK = {"dandelion": "#3A3300", "acorn": "#FFFFFF", "blueberry": "#FFFFFF",
       "radish": "#2B0A1E", "mushroom": "#3B2E14", "daisy": "#333333"}
CHEF = {"hazel": "#D55E00", "bramble": "#009E73", "pip": "#56B4E9"}
SHORT = {"draw": "+1 ingredient", "others_draw": "others +1", "discard": "discard 1",
         "others_discard": "others discard", "recycle": "recycle", "praise": "praise",
         "complaint": "complaint", "others_complaint": "others: complaint",
         "draw_order": "+1 order", "move_left": "order left"}
FONT = "font-family=\"'Nunito','Trebuchet MS','Segoe UI',sans-serif\""

W = 1120
TOKEN_R = 9
SPACE_W = 150   # a kitchen space (and an order card on it)
CARD_H = 112
KITCHEN_H = 176


def _t(x: float, y: float, text: str, size: int = 12, fill: str = "#333",
       anchor: str = "start", weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(text)}</text>')


def _token(x: float, y: float, kind: str | None, r: float = TOKEN_R, attrs: str = "") -> str:
    """An ingredient token (or an empty dashed circle for None), labelled."""
    if kind is None:
        return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="none" stroke="#9A8F7A" '
                f'stroke-dasharray="2 2"{attrs}/>')
    return (f'<g class="tl-ingredient" data-ingredient="{kind}"{attrs}>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{FILL[kind]}" stroke="#4A4030" '
            f'stroke-width="1"/>'
            + _t(x, y + r * 0.38, LETTERS[kind], int(r * 0.95) + 1, INK[kind], "middle", "bold")
            + f"<title>{ingredient(kind)}</title></g>")


def _button(x: float, y: float, w: float, label: str, tid: str, targets: Collection[str],
            selection: Collection[str]) -> str:
    return (f'<g{target_attrs(tid, targets, selection, "tl-button")}>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="24" rx="8" fill="#2E7D4F"/>'
            + _t(x + w / 2, y + 16, label, 12, "#FFFFFF", "middle", "bold") + "</g>")


# -- The SVG ---------------------------------------------------------------------------------

def render_svg(state: DinerState, viewer: int | None = None, selection: Iterable[str] = (),
               targets: Collection[str] = frozenset()) -> str:
    """The board for ``viewer`` (see the module docstring)."""
    g = state.game
    n = g.players
    selection = set(selection)
    targets = set(targets)
    rows = len(g.rows)
    pantry_h = 34 + rows * 46
    tray_y = 78 + pantry_h + 30
    kitchens_y = tray_y + CARD_H + 44
    height = kitchens_y + n * (KITCHEN_H + 10) + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-diner" width="{W}" '
        f'height="{height:g}" viewBox="0 0 {W} {height:g}" {FONT} data-stage="{state.stage}" '
        f'data-turn="{state.turn}" data-current="{state.current_player}">',
        f'<rect width="{W}" height="{height:g}" rx="14" fill="#F7F2E6"/>',
        _t(24, 32, g.TITLE, 20, "#3B2E14", weight="bold"),
        _t(24, 54, state.waiting_for(), 13, "#4A4A4A", extra=' class="tl-status"'),
        _t(24, 72, f"Turn {state.turn} · game ends after {g.end_after} delivered orders · "
           f"bag {state.bag_count} ingredients · order pile {state.deck_count} · discard pile "
           f"{len(state.discard_pile())}", 11, "#666",
           extra=f' class="tl-counts" data-bag="{state.bag_count}" '
                 f'data-deck="{state.deck_count}"'),
    ]
    out.append(_pantry(state, 78, targets, selection))
    out.append(_compost(state, 800, 78))
    out.append(_tray(state, tray_y, targets, selection))
    for p in range(n):
        out.append(_kitchen(state, p, kitchens_y + p * (KITCHEN_H + 10), viewer, targets,
                            selection))
    out.append("</svg>")
    return "".join(out)


def _pantry(state: DinerState, y0: float, targets: Collection[str],
            selection: Collection[str]) -> str:
    g = state.game
    out = [f'<g class="tl-pantry" data-columns="{g.columns}">',
           f'<rect x="16" y="{y0:g}" width="770" height="{34 + len(g.rows) * 46:g}" rx="10" '
           'fill="#EADFC8" stroke="#B9A37A"/>',
           _t(28, y0 + 22, "Pantry", 14, "#5A4520", weight="bold"),
           _t(110, y0 + 22, "choose a space: one minute per ingredient", 11, "#7A6540")]
    pantry = state.pantry()
    col_w = (770 - 150) / g.columns
    for r, row in enumerate(g.rows):
        y = y0 + 34 + r * 46
        bonus = ", ".join(SHORT.get(e["kind"], e["kind"]) for e in row.bonus) or "-"
        out.append(_t(28, y + 18, f"{row.size}er row", 12, "#5A4520", weight="bold"))
        out.append(_t(28, y + 32, f"bonus: {bonus}", 10, "#7A6540",
                      extra=f' class="tl-row-bonus" data-row="{row.size}"'))
        for c, space in enumerate(pantry[r]):
            x = 150 + c * col_w
            tid = f"shelf:{row.size}:{c + 1}"
            w = row.size * (2 * TOKEN_R + 4) + 10
            out.append(f'<g{target_attrs(tid, targets, selection, "tl-shelf")} '
                       f'data-size="{row.size}" data-column="{c + 1}" '
                       f'data-count="{len(space)}">'
                       f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="38" rx="8" '
                       'fill="#F7F0DE" stroke="#8C7548" stroke-dasharray="5 3"/>')
            for i in range(row.size):
                kind = space[i] if i < len(space) else None
                out.append(_token(x + 5 + TOKEN_R + 2 + i * (2 * TOKEN_R + 4), y + 19, kind))
            out.append("</g>")
    out.append("</g>")
    return "".join(out)


def _compost(state: DinerState, x: float, y: float) -> str:
    comp = state.compost()
    out = [f'<g class="tl-compost" data-count="{sum(comp.values())}">',
           f'<rect x="{x:g}" y="{y:g}" width="300" height="110" rx="10" fill="#E4EAD8" '
           'stroke="#8BA069"/>',
           _t(x + 12, y + 22, f"Compost: {sum(comp.values())} ingredients", 13, "#3E5222",
              weight="bold")]
    i = 0
    for kind, c in comp.items():
        cx = x + 22 + (i % 3) * 92
        cy = y + 46 + (i // 3) * 28
        out.append(_token(cx, cy, kind) + _t(cx + 14, cy + 4, f"× {c}", 12, "#3E5222"))
        i += 1
    out.append(_t(x + 12, y + 102, f"Bag: {state.bag_count} ingredients (hidden)", 11,
                  "#3E5222"))
    out.append("</g>")
    return "".join(out)


def _card(state: DinerState, order: str, x: float, y: float, covers: list | None,
          attrs: str, slot_targets: bool, targets: Collection[str],
          selection: Collection[str]) -> str:
    """An order card: name, chef stripe, minutes, points, symbols (with what covers them
    and a joker box under each uncovered symbol) and effects."""
    g = state.game
    o = g.orders[order]
    w = SPACE_W - 8
    out = [f'<g{attrs} data-order="{order}">',
           f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{CARD_H}" rx="8" fill="#FFFFFF" '
           'stroke="#6B5B3A"/>',
           f'<rect x="{x:g}" y="{y:g}" width="{w}" height="6" rx="3" '
           f'fill="{CHEF.get(o.chef, "#999")}"><title>Chef {o.chef.capitalize()}</title></rect>',
           _t(x + 6, y + 20, o.name, 11, "#2B2B2B", weight="bold"),
           _t(x + 6, y + 34, f"prep {o.minutes} min", 10, "#555"),
           _t(x + w - 6, y + 34, f"{o.points} pts", 11, "#6B4E00", "end", "bold")]
    for i, kind_index in enumerate(g.symbols[order]):
        kind = g.kinds[kind_index]
        sx = x + 16 + i * 30
        sy = y + 56
        cover = covers[i] if covers is not None else []
        sid = f"slot:{order}:{i}"
        slot_attrs = target_attrs(sid, targets, selection, "tl-slot") if slot_targets else ""
        out.append(f'<g{slot_attrs} data-symbol="{kind}" data-covered="{len(cover)}">'
                   f'<rect x="{sx - 12:g}" y="{sy - 12:g}" width="24" height="24" rx="5" '
                   f'fill="{FILL[kind]}" fill-opacity="0.35" stroke="#6B5B3A" '
                   'stroke-dasharray="3 2"/>'
                   + _t(sx, sy + 4, LETTERS[kind], 10, "#3B2E14", "middle", "bold"))
        for j, k in enumerate(cover):
            out.append(_token(sx - 6 + (j % 2) * 12 if len(cover) > 1 else sx,
                              sy - 6 + (j // 2) * 12 if len(cover) > 1 else sy,
                              g.kinds[k] if isinstance(k, int) else k,
                              5 if len(cover) > 1 else 9))
        out.append("</g>")
        building = _building(state, order, i)
        if covers is not None and slot_targets and (building or (not cover and not _any_joker(
                state))):
            jid = f"joker:{order}:{i}"
            out.append(f'<g{target_attrs(jid, targets, selection, "tl-joker")}>'
                       f'<rect x="{sx - 9:g}" y="{sy + 15:g}" width="18" height="13" rx="3" '
                       'fill="#EFE7FF" stroke="#7B61C4"/>'
                       + _t(sx, sy + 25, "J", 9, "#4B2E9E", "middle", "bold") + "</g>")
    effects = ", ".join(SHORT.get(e["kind"], EFFECTS.text(e)) for e in o.effects)
    out.append(_t(x + 6, y + CARD_H - 8, effects or "no effects", 9, "#6B5B3A"))
    out.append("</g>")
    return "".join(out)


def _building(state: DinerState, order: str, i: int) -> bool:
    """Whether symbol ``i`` of ``order`` carries the joker being built."""
    t = state._stack[-1] if state._stack else None
    return t is not None and t[0] == "assign" and t[2] == (order, i)


def _any_joker(state: DinerState) -> bool:
    t = state._stack[-1] if state._stack else None
    return t is not None and t[0] == "assign" and t[2] is not None


def _tray(state: DinerState, y: float, targets: Collection[str],
          selection: Collection[str]) -> str:
    g = state.game
    out = [f'<g class="tl-tray" data-spaces="{g.tray_spaces}">',
           _t(24, y - 6, "Phone tray", 14, "#5A4520", weight="bold")]
    for i, o in enumerate(state.tray()):
        x = 24 + i * (SPACE_W + 6)
        if o is None:
            out.append(f'<rect x="{x:g}" y="{y + 4:g}" width="{SPACE_W - 8}" height="{CARD_H}" '
                       'rx="8" fill="none" stroke="#B9A37A" stroke-dasharray="6 4"/>')
            continue
        tid = f"tray:{o}"
        out.append(_card(state, o, x, y + 4, None,
                         target_attrs(tid, targets, selection, "tl-tray-order"), False,
                         targets, selection))
    out.append("</g>")
    return "".join(out)


def _kitchen(state: DinerState, p: int, y: float, viewer: int | None,
             targets: Collection[str], selection: Collection[str]) -> str:
    g = state.game
    active = state.active == p
    deciding = state.current_player == p
    mood = state.mood(p)
    delivered = state.delivered(p)
    score = state.scores()[p]
    out = [f'<g class="tl-kitchen" data-player="{p}" data-mood="{mood}" '
           f'data-delivered="{len(delivered)}" data-score="{score["total"]}">',
           f'<rect x="16" y="{y:g}" width="{W - 32}" height="{KITCHEN_H}" rx="12" '
           f'fill="{"#FFFFFF" if p == viewer else "#FBF8F0"}" '
           f'stroke="{"#2E7D4F" if deciding else "#D8CFB8"}" '
           f'stroke-width="{2.5 if deciding else 1}"/>']
    label = g.player_name(p) + (" (you)" if p == viewer else "")
    if active:
        label += " · their turn"
    out.append(_t(28, y + 20, label, 14, "#2D3B2D", weight="bold"))
    # The mood track, -8 to +8.
    mx = 260
    out.append(_t(mx - 8, y + 19, "mood", 10, "#666", "end"))
    for i, v in enumerate(range(MOOD_MIN, MOOD_MAX + 1)):
        here = v == mood
        out.append(f'<rect x="{mx + i * 13:g}" y="{y + 8:g}" width="12" height="14" rx="2" '
                   f'fill="{"#D55E00" if here else "#F1E9D6"}" stroke="#C9BB98"/>')
        if v in (MOOD_MIN, 0, MOOD_MAX) or here:
            out.append(_t(mx + i * 13 + 6, y + 19, f"{v:+d}" if v else "0", 7,
                          "#FFFFFF" if here else "#8A7A5A", "middle"))
    out.append(_t(mx + 17 * 13 + 10, y + 19,
                  f"{score['total']} points ({score['orders']} orders {score['mood']:+d} mood)",
                  11, "#3B2E14", weight="bold", extra=' class="tl-score"'))
    # The supply.
    sx = 700
    out.append(_t(sx, y + 19, "supply:", 11, "#555"))
    sup = state.supply(p)
    if not sup:
        out.append(_t(sx + 50, y + 19, "empty", 11, "#999"))
    for i, (kind, c) in enumerate(sup.items()):
        tid = f"supply:{p}:{kind}"
        x = sx + 58 + i * 56
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-supply")} '
                   f'data-count="{c}">' + _token(x, y + 15, kind)
                   + _t(x + 12, y + 19, f"×{c}", 11, "#333") + "</g>")
    # The six time spaces, 6 minutes on the left down to 1, then the delivery space.
    ky = y + 32
    kitchen = state.kitchen(p)
    assigning = state.current_player == p and state.stage == "assign"
    for i, minutes in enumerate(range(6, 0, -1)):
        x = 24 + i * SPACE_W
        out.append(f'<rect x="{x:g}" y="{ky:g}" width="{SPACE_W - 4}" height="{CARD_H + 24}" '
                   'rx="8" fill="#F3ECDC" stroke="#D8CFB8"/>'
                   + _t(x + (SPACE_W - 4) / 2, ky + CARD_H + 19, f"{minutes} min", 10, "#8A7A5A",
                        "middle", extra=f' data-space="{minutes}"'))
        entry = kitchen.get(minutes)
        if entry is not None:
            o = entry["order"]
            out.append(_card(state, o, x + 2, ky + 2, entry["covers"],
                             target_attrs(f"order:{o}", targets, selection, "tl-order"),
                             assigning, targets, selection))
    dx = 24 + 6 * SPACE_W
    pts = score["orders"]
    out.append(f'<g class="tl-delivery" data-count="{len(delivered)}">'
               f'<rect x="{dx:g}" y="{ky:g}" width="{W - 40 - dx:g}" height="{CARD_H + 24}" '
               'rx="8" fill="#E6F0E0" stroke="#8BA069"/>'
               + _t(dx + 10, ky + 22, "Delivered", 12, "#3E5222", weight="bold")
               + _t(dx + 10, ky + 44, f"{len(delivered)} order{'' if len(delivered) == 1 else 's'}",
                    12, "#3E5222")
               + _t(dx + 10, ky + 62, f"{pts} points", 12, "#3E5222")
               + "</g>")
    # Buttons for the choices that are not a piece on the board.
    bx = dx + 10
    if deciding:
        t = state._stack[-1]
        if t[0] == "assign" and t[2] is None:
            out.append(_button(bx, ky + 80, 110, "Finish", "finish", targets, selection))
        elif t[0] == "recycle":
            out.append(_button(bx, ky + 80, 110, "Don't recycle", "decline:recycle", targets,
                               selection))
        elif t[0] == "move_left":
            out.append(_button(bx, ky + 80, 110, "Leave orders", "decline:move_left",
                               targets, selection))
    out.append("</g>")
    return "".join(out)


# -- Click paths ---------------------------------------------------------------------------------

def click_paths(state: DinerState, player: int | None = None) -> dict[Action, tuple[str, ...]]:
    """For each legal action of ``player`` (None: the one player deciding) the targets
    clicked, in order (see the module docstring)."""
    player = clicking_seat(state, player)
    if player is None:
        return {}
    out: dict[Action, tuple[str, ...]] = {}
    for a in state.legal_actions(player):
        if isinstance(a, ChooseShelf):
            out[a] = (f"shelf:{a.size}:{a.column}",)
        elif isinstance(a, TakeOrder):
            out[a] = (f"tray:{a.order}",)
        elif isinstance(a, (MoveOrder, MoveLeft)):
            out[a] = (f"order:{a.order}",)
        elif isinstance(a, (Discard, Recycle, Joker)):
            out[a] = (f"supply:{player}:{a.ingredient}",)
        elif isinstance(a, Decline):
            out[a] = (f"decline:{a.what}",)
        elif isinstance(a, FinishAssigning):
            out[a] = ("finish",)
        elif isinstance(a, Place):
            g = state.game
            slot = state._slot_of(player, a.order)
            i = state._first_uncovered(player, slot, g.kind_index[a.ingredient])
            out[a] = (f"supply:{player}:{a.ingredient}", f"slot:{a.order}:{i}")
        elif isinstance(a, StartJoker):
            g = state.game
            slot = state._slot_of(player, a.order)
            i = state._first_uncovered(player, slot, g.kind_index[a.symbol])
            out[a] = (f"joker:{a.order}:{i}",)
    return out


# -- Text -------------------------------------------------------------------------------------

def _tokens(kinds: Iterable[str]) -> str:
    return " ".join(LETTERS[k] for k in kinds) or "-"


def render_text(state: DinerState) -> str:
    """A short text board: status, the pantry, the phone, then each kitchen (6 minutes on
    the left), its supply, mood and deliveries. Tokens are written with their letters."""
    g = state.game
    lines = [f"{g.TITLE}: {g.players} players, turn {state.turn}, ends after {g.end_after} "
             f"delivered orders; bag {state.bag_count}, order pile {state.deck_count}, "
             f"discard pile {len(state.discard_pile())}, compost "
             f"{_tokens(k for k, c in state.compost().items() for _ in range(c))}",
             f"Now: {state.waiting_for()}",
             "Pantry:"]
    pantry = state.pantry()
    for r, row in enumerate(g.rows):
        bonus = ", ".join(SHORT.get(e["kind"], e["kind"]) for e in row.bonus)
        spaces = " | ".join(_tokens(x) for x in pantry[r])
        lines.append(f"  {row.size}er row (bonus {bonus}): {spaces}")
    phone = [str(g.orders[o].name) + f" ({g.orders[o].minutes} min)" if o else "-"
             for o in state.tray()]
    lines.append("Phone: " + "; ".join(phone))
    scores = state.scores()
    for p in range(g.players):
        s = scores[p]
        mark = " *" if state.current_player == p else ""
        lines.append(f"{g.player_name(p)}{mark}: mood {s['mood']:+d}, "
                     f"{len(state.delivered(p))} delivered ({s['orders']} points), total "
                     f"{s['total']}; supply "
                     + _tokens(k for k, c in state.supply(p).items() for _ in range(c)))
        kitchen = state.kitchen(p)
        for m in range(6, 0, -1):
            e = kitchen.get(m)
            if e is None:
                continue
            o = g.orders[e["order"]]
            syms = " ".join(LETTERS[g.kinds[k]] + ("=" + "+".join(LETTERS[c] for c in cov)
                                                   if cov else "")
                            for k, cov in zip(g.symbols[o.id], e["covers"]))
            lines.append(f"    {m} min: {o.name} [{syms}] {o.points} pts")
    if state.is_terminal():
        w = state.winners()
        names = " and ".join(g.player_name(p) for p in w)
        lines.append(f"Game over: {names} win{'s' if len(w) == 1 else ''}.")
    return "\n".join(lines)
