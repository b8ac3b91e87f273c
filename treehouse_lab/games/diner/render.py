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

The modules (issue 9), drawn only when they are played, so the basic board is unchanged:

* Save the Bees: a bee spot on each order in a kitchen (a bee token, "Be", and the
  number of bees), the beehive and the Challenges in a strip above each kitchen (card
  text wrapped, full text in a ``<title>``; mastered ones framed and marked "✓", announced
  ones greyed and "turned over"). Targets: ``bee:<order>`` (after the bee in the supply,
  ``supply:<seat>:bee``), ``announce:<challenge>``, the ``end-turn`` button.
* Secret Ingredient: the pantry's chili side (its own row bonuses), Soup Stew plates
  (round, lettered A-D under the plate: identical letters take identical ingredients;
  what covers a plate is drawn on it), an Action cards panel right of the phone tray
  with the draw pile's count, the discard pile's top and the hand of ``viewer`` only;
  every kitchen shows its hand's count, never its cards (hands are hidden). Targets:
  ``play:<card>`` a card in the hand; ``slot:<order>:<i>`` a plate (after an ingredient
  in the supply, as for any symbol); ``shortcut:<size>-<column>:<ingredient>`` a pantry
  token while taking a shortcut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Iterable
from xml.sax.saxutils import escape

from ...core.svg import clicking_seat, target_attrs
from ...protocol import Action
from .rules import (
    BEE,
    EFFECTS,
    LETTERS,
    MOOD_MAX,
    MOOD_MIN,
    PRAISE_PER_CHALLENGE,
    a_an,
    ingredient,
    is_plate,
    plate_name,
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


# -- The modules: sizes and small helpers ---------------------------------------------------------

PANEL_X = 806           # the Action cards panel, right of the phone tray (Secret Ingredient)
PANEL_W = W - 16 - PANEL_X
STRIP_BEES = 58         # the Challenges strip above a kitchen (Save the Bees)
STRIP_CHILI = 24        # the hand-count line above a kitchen (Secret Ingredient alone)
HAND_CARD_H = 50
CHALLENGE_W = 256
SMALL = 11              # the smallest text the modules draw (readable once scaled to a laptop)


def _wrap(text: str, chars: int, lines: int) -> list[str]:
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
        out[-1] = _ellipsis(out[-1], chars)
    return out


def _ellipsis(line: str, chars: int) -> str:
    cut = line if len(line) < chars else line[: chars - 1].rstrip()
    return cut + "…"


def _strip_height(state: DinerState) -> int:
    g = state.game
    if g.bees:
        return STRIP_BEES
    return STRIP_CHILI if g.chili else 0


def _hand_shown(state: DinerState, viewer: int | None) -> list[str]:
    """The Action cards the board may show: the hand of the seat at the screen, nobody
    else's (Hidden information: hands are hidden from the other players)."""
    if not state.game.chili or viewer is None or not 0 <= viewer < state.game.players:
        return []
    return state.hand(viewer)


def _panel_height(state: DinerState, viewer: int | None) -> int:
    shown = len(_hand_shown(state, viewer))
    return 104 + max(shown, 0) * HAND_CARD_H + (4 if shown else 14)


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
    panel_y = 78 + 110 + 10
    if g.chili:
        kitchens_y = max(kitchens_y, panel_y + _panel_height(state, viewer) + 14)
    kitchen_h = KITCHEN_H + _strip_height(state)
    height = kitchens_y + n * (kitchen_h + 10) + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-diner" width="{W}" '
        f'height="{height:g}" viewBox="0 0 {W} {height:g}" {FONT} data-stage="{state.stage}" '
        f'data-turn="{state.turn}" data-current="{state.current_player}"'
        + (f' data-modules="{" ".join(sorted(g.modules))}"' if g.modules else "") + '>',
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
    if g.chili:
        out.append(_actions_panel(state, panel_y, viewer, targets, selection))
    for p in range(n):
        out.append(_kitchen(state, p, kitchens_y + p * (kitchen_h + 10), viewer, targets,
                            selection))
    out.append("</svg>")
    return "".join(out)


def _pantry(state: DinerState, y0: float, targets: Collection[str],
            selection: Collection[str]) -> str:
    g = state.game
    out = [f'<g class="tl-pantry" data-columns="{g.columns}"'
           + (' data-side="chili"' if g.chili else "") + '>',
           f'<rect x="16" y="{y0:g}" width="770" height="{34 + len(g.rows) * 46:g}" rx="10" '
           'fill="#EADFC8" stroke="#B9A37A"/>',
           _t(28, y0 + 22, "Pantry", 14, "#5A4520", weight="bold")]
    shortcut = state.stage == "effects" and state.top.NAME == "shortcut"
    if g.chili:
        # Secret Ingredient, Setup 1: the pantry turned to its chili side, whose shelf rows
        # have their own bonuses (pantry_chili.toml).
        out.append('<g class="tl-chili-side">' + _token(92, y0 + 17, "chili", 7)
                   + _t(104, y0 + 22, "chili side", SMALL, "#8E1F1F", weight="bold")
                   + "<title>The pantry's chili side (Secret Ingredient): its own row "
                   "bonuses</title></g>")
        hint = ("take a shortcut: click any one ingredient or bee" if shortcut
                else "choose a space: one minute per ingredient")
        out.append(_t(180, y0 + 22, hint, 11, "#7A6540"))
    else:
        out.append(_t(110, y0 + 22, "choose a space: one minute per ingredient", 11, "#7A6540"))
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
                token = _token(x + 5 + TOKEN_R + 2 + i * (2 * TOKEN_R + 4), y + 19, kind)
                sid = f"shortcut:{row.size}-{c + 1}:{kind}"
                if kind is not None and (sid in targets or sid in selection):
                    # "Take a shortcut!": any one token of the pantry, no minutes to pay.
                    token = (f'<g{target_attrs(sid, targets, selection, "tl-shortcut")}>'
                             + token + f"<title>Take a shortcut: this {ingredient(kind)}"
                             "</title></g>")
                out.append(token)
            out.append("</g>")
    out.append("</g>")
    return "".join(out)


def _compost(state: DinerState, x: float, y: float) -> str:
    comp = state.compost()
    per_row = 3 if len(state.game.kinds) <= 6 else 4   # chilis and bees: one more column
    step = 92 if per_row == 3 else 70
    out = [f'<g class="tl-compost" data-count="{sum(comp.values())}">',
           f'<rect x="{x:g}" y="{y:g}" width="300" height="110" rx="10" fill="#E4EAD8" '
           'stroke="#8BA069"/>',
           _t(x + 12, y + 22, f"Compost: {sum(comp.values())} ingredients", 13, "#3E5222",
              weight="bold")]
    if BEE in comp:  # Save the Bees: bees are not ingredients
        n = comp[BEE]
        out[-1] = _t(x + 12, y + 22, f"Compost: {sum(comp.values()) - n} ingredients, "
                     f"{n} bee{'s' if n != 1 else ''}", 13, "#3E5222", weight="bold")
    i = 0
    for kind, c in comp.items():
        cx = x + 22 + (i % per_row) * step
        cy = y + 46 + (i // per_row) * 28
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
    and a joker box under each uncovered symbol) and effects. Soup Stew plates are round,
    with their letter under them; with Save the Bees an order in a kitchen has a bee spot
    at its right, with the number of bees on it."""
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
        kind = g.symbol_names[kind_index]
        sx = x + 16 + i * 30
        sy = y + 56
        cover = covers[i] if covers is not None else []
        sid = f"slot:{order}:{i}"
        slot_attrs = target_attrs(sid, targets, selection, "tl-slot") if slot_targets else ""
        if is_plate(kind):
            out.append(_plate(kind, sx, sy, cover, slot_attrs))
            continue
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
    if g.bees and covers is not None:
        out.append(_bee_spot(state, order, x + w - 12, y + 52, targets, selection))
    effects = ", ".join(SHORT.get(e["kind"], EFFECTS.text(e)) for e in o.effects)
    out.append(_t(x + 6, y + CARD_H - 8, effects or "no effects", 9, "#6B5B3A"))
    out.append("</g>")
    return "".join(out)


def _plate(kind: str, sx: float, sy: float, cover: list, slot_attrs: str) -> str:
    """A Soup Stew plate symbol: a round plate with its letter (identical letters take
    identical ingredients, different letters different ones), and what covers it."""
    letter = kind[-1].upper()
    out = [f'<g{slot_attrs} data-symbol="{kind}" data-covered="{len(cover)}">'
           f'<circle cx="{sx:g}" cy="{sy:g}" r="12" fill="#FFFFFF" stroke="#6B5B3A" '
           'stroke-width="1.5"/>'
           f'<circle cx="{sx:g}" cy="{sy:g}" r="8" fill="none" stroke="#B9A37A"/>']
    if not cover:
        out.append(_t(sx, sy + 4, letter, 11, "#3B2E14", "middle", "bold"))
    for k in cover:
        out.append(_token(sx, sy, k))
    out.append(_t(sx, sy + 27, letter, 10, "#3B2E14", "middle", "bold",
                  extra=' class="tl-plate-letter"'))
    out.append(f"<title>{plate_name(kind).capitalize()}: identical letters take identical "
               "ingredients, different letters different ones (no bees)"
               + (f"; covered by {a_an(cover[0])}" if cover else "") + "</title></g>")
    return "".join(out)


def _bee_spot(state: DinerState, order: str, cx: float, cy: float,
              targets: Collection[str], selection: Collection[str]) -> str:
    """Save the Bees: the bees on an order in a kitchen (a bee token and their number),
    where a new bee is put (``bee:<order>``)."""
    n = state.bees_on(order)
    tid = f"bee:{order}"
    out = [f'<g{target_attrs(tid, targets, selection, "tl-bee-spot")} data-bees="{n}">']
    if n:
        out.append(_token(cx, cy, BEE, 8))
    else:
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="8" fill="#FFF7E0" stroke="#B08A2E" '
                   'stroke-dasharray="2 2"/>'
                   + _t(cx, cy + 3, "Be", 8, "#B08A2E", "middle", "bold"))
    out.append(_t(cx, cy + 22, f"×{n}", 10, "#5A4520", "middle", "bold"))
    bees = "1 bee" if n == 1 else f"{n} bees"
    out.append(f"<title>{bees} on this order (to the beehive when it is delivered)</title>")
    out.append("</g>")
    return "".join(out)


def _building(state: DinerState, order: str, i: int) -> bool:
    """Whether symbol ``i`` of ``order`` carries the joker being built."""
    joker = state.joker_being_built()
    return joker is not None and joker == (order, i)


def _any_joker(state: DinerState) -> bool:
    return state.joker_being_built() is not None


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


def _actions_panel(state: DinerState, y: float, viewer: int | None,
                   targets: Collection[str], selection: Collection[str]) -> str:
    """Secret Ingredient: the Action card draw pile (a count: face down), the discard
    pile's top card (face up) and the hand of the seat at the screen, each card clickable
    when it may be played (``play:<card>``). Other hands are only counted, in their
    kitchens."""
    g = state.game
    x = PANEL_X
    hand = _hand_shown(state, viewer)
    h = _panel_height(state, viewer)
    pile = state.action_pile_count
    discard = state.action_discard()
    out = [f'<g class="tl-actions" data-pile="{pile}" data-discard="{len(discard)}">',
           f'<rect x="{x:g}" y="{y:g}" width="{PANEL_W}" height="{h}" rx="10" fill="#EEF1FA" '
           'stroke="#7B8CC4"/>',
           _t(x + 12, y + 20, "Action cards", 13, "#23346E", weight="bold")]
    # The draw pile, face down.
    out.append(f'<g class="tl-action-pile" data-count="{pile}">'
               f'<rect x="{x + 12:g}" y="{y + 30:g}" width="64" height="46" rx="6" '
               'fill="#3F5AA8" stroke="#23346E"/>'
               + _t(x + 44, y + 51, str(pile), 15, "#FFFFFF", "middle", "bold")
               + _t(x + 44, y + 68, "draw pile", SMALL, "#FFFFFF", "middle")
               + f"<title>Action card draw pile: {pile} card{'s' if pile != 1 else ''}, face "
               "down (reshuffled from the discard pile when it runs out)</title></g>")
    # The discard pile's top, face up.
    dx = x + 84
    dw = PANEL_W - 96
    out.append(f'<g class="tl-action-discard" data-count="{len(discard)}"'
               + (f' data-top="{discard[-1]}"' if discard else "") + '>'
               f'<rect x="{dx:g}" y="{y + 30:g}" width="{dw}" height="46" rx="6" '
               'fill="#FFFFFF" stroke="#7B8CC4"/>'
               + _t(dx + 8, y + 46, f"discard pile: {len(discard)}"
                    + (", top:" if discard else " (empty)"), SMALL, "#555"))
    if discard:
        top = g.action_cards[discard[-1]]
        out.append(_t(dx + 8, y + 66, _ellipsis(top.name, 30) if len(top.name) > 30
                      else top.name, 12, "#23346E", weight="bold")
                   + f"<title>{escape(top.text)}</title>")
    out.append("</g>")
    # The hand of the seat at the screen.
    hy = y + 98
    if viewer is None or not 0 <= viewer < g.players:
        out.append(_t(x + 12, hy, "Hands are hidden: each kitchen shows how many", SMALL,
                      "#555"))
    else:
        n = len(hand)
        out.append(_t(x + 12, hy, f"Your hand ({g.player_name(viewer)}): "
                      + (f"{n} card{'s' if n != 1 else ''}" if n else "no cards"), 12,
                      "#23346E", weight="bold", extra=' class="tl-hand-label"'))
    for i, card in enumerate(hand):
        c = g.action_cards[card]
        cy = hy + 8 + i * HAND_CARD_H
        tid = f"play:{card}"
        clickable = tid in targets
        body = c.text[len(c.name):].strip()
        lines = _wrap(body, 46, 2)
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-action-card")} '
                   f'data-card="{card}">'
                   f'<rect x="{x + 12:g}" y="{cy:g}" width="{PANEL_W - 24}" '
                   f'height="{HAND_CARD_H - 4}" rx="6" '
                   f'fill="{"#FFF6D6" if clickable else "#FFFFFF"}" stroke="#3F5AA8" '
                   f'stroke-width="{1.5 if clickable else 1}"/>'
                   + _t(x + 20, cy + 15, c.name, 12, "#23346E", weight="bold")
                   + (_t(x + PANEL_W - 20, cy + 15, "click to play", SMALL, "#2E7D4F", "end",
                         "bold") if clickable else ""))
        for j, line in enumerate(lines):
            out.append(_t(x + 20, cy + 29 + j * 13, line, SMALL, "#333"))
        out.append(f"<title>{escape(c.text)}</title></g>")
    out.append("</g>")
    return "".join(out)


def _challenges(state: DinerState, p: int, y: float, targets: Collection[str],
                selection: Collection[str]) -> str:
    """Save the Bees: the Challenges above a kitchen. Face-up ones show their text, those
    whose condition holds now say "mastered" (and are clickable to announce when that is
    allowed); announced ones are turned over, greyed, with the praise they brought."""
    g = state.game
    mastered = set(state.mastered(p))
    cards = [(c, False) for c in state.challenges(p)] + [(c, True) for c in state.announced(p)]
    out = [f'<g class="tl-challenges" data-player="{p}" data-face-up="{len(state.challenges(p))}"'
           f' data-mastered="{len(mastered)}" data-announced="{len(state.announced(p))}">']
    for i, (cid, done) in enumerate(cards):
        card = g.challenges[cid]
        x = 24 + i * (CHALLENGE_W + 6)
        tid = f"announce:{cid}"
        state_name = "announced" if done else ("mastered" if cid in mastered else "open")
        fill, stroke, width = {"announced": ("#E7E3DA", "#A39C8C", 1),
                               "mastered": ("#E6F4E8", "#2E7D4F", 2.5),
                               "open": ("#FFFFFF", "#B9A37A", 1)}[state_name]
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-challenge")} '
                   f'data-challenge="{cid}" data-state="{state_name}">'
                   f'<rect x="{x:g}" y="{y:g}" width="{CHALLENGE_W}" height="52" rx="7" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"'
                   + (' stroke-dasharray="5 3"' if done else "") + "/>"
                   + _t(x + 8, y + 15, card.name, 12, "#555" if done else "#2B2B2B",
                        weight="bold"))
        if done:
            out.append(_t(x + CHALLENGE_W - 8, y + 15, "announced", SMALL, "#6B6455", "end",
                          "bold"))
            out.append(_t(x + 8, y + 32, f"turned over: +{PRAISE_PER_CHALLENGE} praise",
                          SMALL, "#6B6455"))
        else:
            if cid in mastered:
                out.append(_t(x + CHALLENGE_W - 8, y + 15,
                              "✓ announce" if tid in targets else "✓ mastered", SMALL,
                              "#1E6B3C", "end", "bold"))
            body = card.text[len(card.name):].strip()
            for j, line in enumerate(_wrap(body, 43, 2)):
                out.append(_t(x + 8, y + 30 + j * 13, line, SMALL, "#333"))
        how = ("announced (turned over)" if done else
               "mastered now: may be announced after Phase 2 for "
               f"{PRAISE_PER_CHALLENGE} praise" if cid in mastered else "not mastered yet")
        out.append(f"<title>Challenge {escape(card.text)} ({how})</title></g>")
    out.append("</g>")
    return "".join(out)


def _module_strip(state: DinerState, p: int, y: float, targets: Collection[str],
                  selection: Collection[str]) -> str:
    """What the modules add above a kitchen: its Challenges, its beehive and how many
    Action cards its hand holds (a count only: the cards themselves are hidden)."""
    g = state.game
    out = []
    if g.bees:
        out.append(_challenges(state, p, y + 2, targets, selection))
        bx = 24 + 3 * (CHALLENGE_W + 6) + 8
        hive = state.beehive(p)
        sc = state.scores()[p]
        line = f"= {hive} point{'s' if hive != 1 else ''}"
        if sc.get("bee_bonus"):
            line += f", +{sc['bee_bonus']} most bees"
        out.append(f'<g class="tl-beehive" data-player="{p}" data-count="{hive}">'
                   + _token(bx + 9, y + 14, BEE, 9)
                   + _t(bx + 24, y + 19, f"Beehive: {hive} bee{'s' if hive != 1 else ''} saved",
                        12, "#5A4520", weight="bold")
                   + _t(bx + 24, y + 35, line, SMALL, "#5A4520")
                   + f"<title>Bees saved by {g.player_name(p)}: 1 point each, 3 more for the "
                   "most bees (ties all get them)</title></g>")
        if g.chili:
            out.append(_hand_count(state, p, bx + 24, y + 51))
    elif g.chili:
        out.append(_hand_count(state, p, 28, y + 16))
    return "".join(out)


def _hand_count(state: DinerState, p: int, x: float, y: float) -> str:
    n = state.hand_count(p)
    return _t(x, y, f"Action cards in hand: {n}", SMALL, "#23346E", "start", "bold",
              extra=f' class="tl-hand-count" data-player="{p}" data-count="{n}"')


def _kitchen(state: DinerState, p: int, y: float, viewer: int | None,
             targets: Collection[str], selection: Collection[str]) -> str:
    g = state.game
    active = state.active == p
    deciding = state.current_player == p
    mood = state.mood(p)
    delivered = state.delivered(p)
    score = state.scores()[p]
    strip = _strip_height(state)
    out = [f'<g class="tl-kitchen" data-player="{p}" data-mood="{mood}" '
           f'data-delivered="{len(delivered)}" data-score="{score["total"]}"'
           + (f' data-beehive="{state.beehive(p)}"' if g.bees else "")
           + (f' data-hand="{state.hand_count(p)}"' if g.chili else "") + '>',
           f'<rect x="16" y="{y:g}" width="{W - 32}" height="{KITCHEN_H + strip}" rx="12" '
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
    if g.bees:
        bees = score["bees"] + score["bee_bonus"]
        total = (f"{score['total']} pts: {score['orders']} orders {score['mood']:+d} mood "
                 f"+{bees} bees")
    else:
        total = f"{score['total']} points ({score['orders']} orders {score['mood']:+d} mood)"
    out.append(_t(mx + 17 * 13 + 10, y + 19, total, 11, "#3B2E14", weight="bold",
                  extra=' class="tl-score"'))
    # The supply.
    sx = 720 if g.bees else 700
    out.append(_t(sx, y + 19, "supply:", 11, "#555"))
    sup = state.supply(p)
    if not sup:
        out.append(_t(sx + 50, y + 19, "empty", 11, "#999"))
    step = 56 if len(sup) <= 6 else 42  # chilis and bees: up to 8 kinds
    for i, (kind, c) in enumerate(sup.items()):
        tid = f"supply:{p}:{kind}"
        x = sx + 58 + i * step
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-supply")} '
                   f'data-count="{c}">' + _token(x, y + 15, kind)
                   + _t(x + 12, y + 19, f"×{c}", 11, "#333") + "</g>")
    if strip:
        out.append(_module_strip(state, p, y + 28, targets, selection))
    # The six time spaces, 6 minutes on the left down to 1, then the delivery space.
    ky = y + 32 + strip
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
        t = state.top.NAME
        if t == "assign" and state.joker_being_built() is None:
            out.append(_button(bx, ky + 80, 110, "Finish", "finish", targets, selection))
        elif t == "recycle":
            out.append(_button(bx, ky + 80, 110, "Don't recycle", "decline:recycle", targets,
                               selection))
        elif t == "move_left":
            out.append(_button(bx, ky + 80, 110, "Leave orders", "decline:move_left",
                               targets, selection))
        elif t == "end":
            out.append(_button(bx, ky + 80, 110, "End turn", "end-turn", targets, selection))
    out.append("</g>")
    return "".join(out)


# -- Click paths ---------------------------------------------------------------------------------

def click_paths(state: DinerState, player: int | None = None) -> dict[Action, tuple[str, ...]]:
    """For each legal action of ``player`` (None: the one player deciding) the targets
    clicked, in order (see the module docstring); each kind names its own (moves.py)."""
    player = clicking_seat(state, player)
    if player is None:
        return {}
    kinds = state.KINDS
    return {a: kinds.get(a).click_path(state, a, player) for a in state.legal_actions(player)}


# -- Text -------------------------------------------------------------------------------------

def _tokens(kinds: Iterable[str]) -> str:
    return " ".join(LETTERS[k] for k in kinds) or "-"


def _n(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _symbol(name: str) -> str:
    """A symbol's letters: 'Ac' for an Acorn, 'pA' for plate A of a Soup Stew."""
    return f"p{name[-1].upper()}" if is_plate(name) else LETTERS[name]


def render_text(state: DinerState) -> str:
    """A short text board: status, the pantry, the phone, then each kitchen (6 minutes on
    the left), its supply, mood and deliveries. Tokens are written with their letters;
    plates as pA, pB ... With the modules: bees on orders and in beehives, Challenges
    (mastered or announced), Action card counts (never a hand's cards: this text is the
    same for everyone), the Action pile and the discard pile's top."""
    g = state.game
    lines = [f"{g.TITLE}: {g.players} players, turn {state.turn}, ends after {g.end_after} "
             f"delivered orders; bag {state.bag_count}, order pile {state.deck_count}, "
             f"discard pile {len(state.discard_pile())}, compost "
             f"{_tokens(k for k, c in state.compost().items() for _ in range(c))}",
             f"Now: {state.waiting_for()}",
             "Pantry (chili side):" if g.chili else "Pantry:"]
    pantry = state.pantry()
    for r, row in enumerate(g.rows):
        bonus = ", ".join(SHORT.get(e["kind"], e["kind"]) for e in row.bonus)
        spaces = " | ".join(_tokens(x) for x in pantry[r])
        lines.append(f"  {row.size}er row (bonus {bonus}): {spaces}")
    phone = [str(g.orders[o].name) + f" ({g.orders[o].minutes} min)" if o else "-"
             for o in state.tray()]
    lines.append("Phone: " + "; ".join(phone))
    if g.chili:
        discard = state.action_discard()
        top = g.action_cards[discard[-1]].name if discard else "empty"
        lines.append(f"Action cards: draw pile {state.action_pile_count}, discard pile "
                     f"{len(discard)} (top: {top})")
    scores = state.scores()
    for p in range(g.players):
        s = scores[p]
        mark = " *" if state.current_player == p else ""
        extra = ""
        if g.bees:
            extra += (f", beehive {_n(state.beehive(p), 'bee')} ({_n(s['bees'], 'point')}"
                      + (f" +{s['bee_bonus']} most bees" if s["bee_bonus"] else "") + ")")
        if g.chili:
            extra += f", {_n(state.hand_count(p), 'Action card')} in hand"
        lines.append(f"{g.player_name(p)}{mark}: mood {s['mood']:+d}, "
                     f"{len(state.delivered(p))} delivered ({s['orders']} points){extra}, total "
                     f"{s['total']}; supply "
                     + _tokens(k for k, c in state.supply(p).items() for _ in range(c)))
        if g.bees:
            mastered = set(state.mastered(p))
            up = [g.challenges[c].name + (" (mastered)" if c in mastered else "")
                  for c in state.challenges(p)]
            done = [g.challenges[c].name for c in state.announced(p)]
            lines.append("    Challenges: " + ("; ".join(up) or "none face up")
                         + (f"; announced: {'; '.join(done)}" if done else ""))
        kitchen = state.kitchen(p)
        for m in range(6, 0, -1):
            e = kitchen.get(m)
            if e is None:
                continue
            o = g.orders[e["order"]]
            syms = " ".join(_symbol(g.symbol_names[k])
                            + ("=" + "+".join(LETTERS[c] for c in cov) if cov else "")
                            for k, cov in zip(g.symbols[o.id], e["covers"]))
            bees = e.get("bees", 0)
            lines.append(f"    {m} min: {o.name} [{syms}] {o.points} pts"
                         + (f", {bees} bee{'s' if bees != 1 else ''}" if bees else ""))
    if state.is_terminal():
        w = state.winners()
        names = " and ".join(g.player_name(p) for p in w)
        lines.append(f"Game over: {names} win{'s' if len(w) == 1 else ''}.")
    return "\n".join(lines)
