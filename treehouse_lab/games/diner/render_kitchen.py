"""Treehouse Diner drawing: the kitchens with their order cards (symbols, plates, jokers,
bees), and the modules' panels (Action cards, Challenges), for ``render.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection
from xml.sax.saxutils import escape

from ...core.svg import target_attrs
from .render_parts import (
    CARD_H,
    CHALLENGE_W,
    CHEF,
    FILL,
    HAND_CARD_H,
    KITCHEN_H,
    PANEL_W,
    PANEL_X,
    SHORT,
    SMALL,
    SPACE_W,
    W,
    ellipsis,
    hand_shown,
    panel_height,
    strip_height,
    svg_button,
    svg_text,
    svg_token,
    wrap,
)
from .rules import (
    BEE,
    EFFECTS,
    LETTERS,
    MOOD_MAX,
    MOOD_MIN,
    PRAISE_PER_CHALLENGE,
    a_an,
    is_plate,
    plate_name,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


def card_svg(state: DinerState, order: str, x: float, y: float, covers: list | None,
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
           svg_text(x + 6, y + 20, o.name, 11, "#2B2B2B", weight="bold"),
           svg_text(x + 6, y + 34, f"prep {o.minutes} min", 10, "#555"),
           svg_text(x + w - 6, y + 34, f"{o.points} pts", 11, "#6B4E00", "end", "bold")]
    for i, kind_index in enumerate(g.symbols[order]):
        kind = g.symbol_names[kind_index]
        sx = x + 16 + i * 30
        sy = y + 56
        cover = covers[i] if covers is not None else []
        sid = f"slot:{order}:{i}"
        slot_attrs = target_attrs(sid, targets, selection, "tl-slot") if slot_targets else ""
        jid = f"joker:{order}:{i}"
        if is_plate(kind):
            # A joker box only where a joker may go (D29: a letter that holds a kind); it
            # takes the place of the letter under the plate (an empty plate shows it too).
            box = covers is not None and slot_targets and (jid in targets
                                                           or _building(state, order, i))
            out.append(_plate(kind, sx, sy, cover, slot_attrs, letter_below=not box))
            if box:
                out.append(_joker_box(jid, sx, sy, targets, selection))
            continue
        out.append(f'<g{slot_attrs} data-symbol="{kind}" data-covered="{len(cover)}">'
                   f'<rect x="{sx - 12:g}" y="{sy - 12:g}" width="24" height="24" rx="5" '
                   f'fill="{FILL[kind]}" fill-opacity="0.35" stroke="#6B5B3A" '
                   'stroke-dasharray="3 2"/>'
                   + svg_text(sx, sy + 4, LETTERS[kind], 10, "#3B2E14", "middle", "bold"))
        for j, k in enumerate(cover):
            out.append(svg_token(sx - 6 + (j % 2) * 12 if len(cover) > 1 else sx,
                              sy - 6 + (j // 2) * 12 if len(cover) > 1 else sy,
                              g.kinds[k] if isinstance(k, int) else k,
                              5 if len(cover) > 1 else 9))
        out.append("</g>")
        building = _building(state, order, i)
        if covers is not None and slot_targets and (building or (not cover and not _any_joker(
                state))):
            out.append(_joker_box(jid, sx, sy, targets, selection))
    if g.bees and covers is not None:
        out.append(_bee_spot(state, order, x + w - 12, y + 52, targets, selection))
    effects = ", ".join(SHORT.get(e["kind"], EFFECTS.text(e)) for e in o.effects)
    out.append(svg_text(x + 6, y + CARD_H - 8, effects or "no effects", 9, "#6B5B3A"))
    out.append("</g>")
    return "".join(out)


def _joker_box(jid: str, sx: float, sy: float, targets: Collection[str],
               selection: Collection[str]) -> str:
    """The J box under a symbol (or a plate) that starts a joker there."""
    return (f'<g{target_attrs(jid, targets, selection, "tl-joker")}>'
            f'<rect x="{sx - 9:g}" y="{sy + 15:g}" width="18" height="13" rx="3" '
            'fill="#EFE7FF" stroke="#7B61C4"/>'
            + svg_text(sx, sy + 25, "J", 9, "#4B2E9E", "middle", "bold") + "</g>")


def _plate(kind: str, sx: float, sy: float, cover: list, slot_attrs: str,
           letter_below: bool = True) -> str:
    """A Soup Stew plate symbol: a round plate with its letter (identical letters take
    identical ingredients, different letters different ones), and what covers it."""
    letter = kind[-1].upper()
    out = [f'<g{slot_attrs} data-symbol="{kind}" data-covered="{len(cover)}">'
           f'<circle cx="{sx:g}" cy="{sy:g}" r="12" fill="#FFFFFF" stroke="#6B5B3A" '
           'stroke-width="1.5"/>'
           f'<circle cx="{sx:g}" cy="{sy:g}" r="8" fill="none" stroke="#B9A37A"/>']
    if not cover:
        out.append(svg_text(sx, sy + 4, letter, 11, "#3B2E14", "middle", "bold"))
    for j, k in enumerate(cover):     # one ingredient, or the tokens of a joker (D29)
        many = len(cover) > 1
        out.append(svg_token(sx - 6 + (j % 2) * 12 if many else sx,
                             sy - 6 + (j // 2) * 12 if many else sy, k, 5 if many else 9))
    if letter_below:
        out.append(svg_text(sx, sy + 27, letter, 10, "#3B2E14", "middle", "bold",
                            extra=' class="tl-plate-letter"'))
    out.append(f"<title>{plate_name(kind).capitalize()}: identical letters take identical "
               "ingredients, different letters different ones (no bees)"
               + (f"; covered by {a_an(cover[0])}" if len(cover) == 1 else
                  f"; covered by a joker of {len(cover)}" if cover else "") + "</title></g>")
    return "".join(out)


def _bee_spot(state: DinerState, order: str, cx: float, cy: float,
              targets: Collection[str], selection: Collection[str]) -> str:
    """Save the Bees: the bees on an order in a kitchen (a bee token and their number),
    where a new bee is put (``bee:<order>``)."""
    n = state.bees_on(order)
    tid = f"bee:{order}"
    out = [f'<g{target_attrs(tid, targets, selection, "tl-bee-spot")} data-bees="{n}">']
    if n:
        out.append(svg_token(cx, cy, BEE, 8))
    else:
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="8" fill="#FFF7E0" stroke="#B08A2E" '
                   'stroke-dasharray="2 2"/>'
                   + svg_text(cx, cy + 3, "Be", 8, "#B08A2E", "middle", "bold"))
    out.append(svg_text(cx, cy + 22, f"×{n}", 10, "#5A4520", "middle", "bold"))
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


def actions_panel(state: DinerState, y: float, viewer: int | None,
                   targets: Collection[str], selection: Collection[str]) -> str:
    """Secret Ingredient: the Action card draw pile (a count: face down), the discard
    pile's top card (face up) and the hand of the seat at the screen, each card clickable
    when it may be played (``play:<card>``). Other hands are only counted, in their
    kitchens."""
    g = state.game
    x = PANEL_X
    hand = hand_shown(state, viewer)
    h = panel_height(state, viewer)
    pile = state.action_pile_count
    discard = state.action_discard()
    out = [f'<g class="tl-actions" data-pile="{pile}" data-discard="{len(discard)}">',
           f'<rect x="{x:g}" y="{y:g}" width="{PANEL_W}" height="{h}" rx="10" fill="#EEF1FA" '
           'stroke="#7B8CC4"/>',
           svg_text(x + 12, y + 20, "Action cards", 13, "#23346E", weight="bold")]
    # The draw pile, face down.
    out.append(f'<g class="tl-action-pile" data-count="{pile}">'
               f'<rect x="{x + 12:g}" y="{y + 30:g}" width="64" height="46" rx="6" '
               'fill="#3F5AA8" stroke="#23346E"/>'
               + svg_text(x + 44, y + 51, str(pile), 15, "#FFFFFF", "middle", "bold")
               + svg_text(x + 44, y + 68, "draw pile", SMALL, "#FFFFFF", "middle")
               + f"<title>Action card draw pile: {pile} card{'s' if pile != 1 else ''}, face "
               "down (reshuffled from the discard pile when it runs out)</title></g>")
    # The discard pile's top, face up.
    dx = x + 84
    dw = PANEL_W - 96
    out.append(f'<g class="tl-action-discard" data-count="{len(discard)}"'
               + (f' data-top="{discard[-1]}"' if discard else "") + '>'
               f'<rect x="{dx:g}" y="{y + 30:g}" width="{dw}" height="46" rx="6" '
               'fill="#FFFFFF" stroke="#7B8CC4"/>'
               + svg_text(dx + 8, y + 46, f"discard pile: {len(discard)}"
                    + (", top:" if discard else " (empty)"), SMALL, "#555"))
    if discard:
        top = g.action_cards[discard[-1]]
        out.append(svg_text(dx + 8, y + 66, ellipsis(top.name, 30) if len(top.name) > 30
                      else top.name, 12, "#23346E", weight="bold")
                   + f"<title>{escape(top.text)}</title>")
    out.append("</g>")
    # The hand of the seat at the screen.
    hy = y + 98
    if viewer is None or not 0 <= viewer < g.players:
        out.append(svg_text(x + 12, hy, "Hands are hidden: each kitchen shows how many", SMALL,
                      "#555"))
    else:
        n = len(hand)
        out.append(svg_text(x + 12, hy, f"Your hand ({g.player_name(viewer)}): "
                      + (f"{n} card{'s' if n != 1 else ''}" if n else "no cards"), 12,
                      "#23346E", weight="bold", extra=' class="tl-hand-label"'))
    for i, card in enumerate(hand):
        c = g.action_cards[card]
        cy = hy + 8 + i * HAND_CARD_H
        tid = f"play:{card}"
        clickable = tid in targets
        body = c.text[len(c.name):].strip()
        lines = wrap(body, 46, 2)
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-action-card")} '
                   f'data-card="{card}">'
                   f'<rect x="{x + 12:g}" y="{cy:g}" width="{PANEL_W - 24}" '
                   f'height="{HAND_CARD_H - 4}" rx="6" '
                   f'fill="{"#FFF6D6" if clickable else "#FFFFFF"}" stroke="#3F5AA8" '
                   f'stroke-width="{1.5 if clickable else 1}"/>'
                   + svg_text(x + 20, cy + 15, c.name, 12, "#23346E", weight="bold")
                   + (svg_text(x + PANEL_W - 20, cy + 15, "click to play", SMALL, "#2E7D4F", "end",
                         "bold") if clickable else ""))
        for j, line in enumerate(lines):
            out.append(svg_text(x + 20, cy + 29 + j * 13, line, SMALL, "#333"))
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
                   + svg_text(x + 8, y + 15, card.name, 12, "#555" if done else "#2B2B2B",
                        weight="bold"))
        if done:
            out.append(svg_text(x + CHALLENGE_W - 8, y + 15, "announced", SMALL, "#6B6455", "end",
                          "bold"))
            out.append(svg_text(x + 8, y + 32, f"turned over: +{PRAISE_PER_CHALLENGE} praise",
                          SMALL, "#6B6455"))
        else:
            if cid in mastered:
                out.append(svg_text(x + CHALLENGE_W - 8, y + 15,
                              "✓ announce" if tid in targets else "✓ mastered", SMALL,
                              "#1E6B3C", "end", "bold"))
            body = card.text[len(card.name):].strip()
            for j, line in enumerate(wrap(body, 43, 2)):
                out.append(svg_text(x + 8, y + 30 + j * 13, line, SMALL, "#333"))
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
                   + svg_token(bx + 9, y + 14, BEE, 9)
                   + svg_text(bx + 24, y + 19,
                              f"Beehive: {hive} bee{'s' if hive != 1 else ''} saved",
                        12, "#5A4520", weight="bold")
                   + svg_text(bx + 24, y + 35, line, SMALL, "#5A4520")
                   + f"<title>Bees saved by {g.player_name(p)}: 1 point each, 3 more for the "
                   "most bees (ties all get them)</title></g>")
        if g.chili:
            out.append(_hand_count(state, p, bx + 24, y + 51))
    elif g.chili:
        out.append(_hand_count(state, p, 28, y + 16))
    return "".join(out)


def _hand_count(state: DinerState, p: int, x: float, y: float) -> str:
    n = state.hand_count(p)
    return svg_text(x, y, f"Action cards in hand: {n}", SMALL, "#23346E", "start", "bold",
              extra=f' class="tl-hand-count" data-player="{p}" data-count="{n}"')


def kitchen_svg(state: DinerState, p: int, y: float, viewer: int | None,
             targets: Collection[str], selection: Collection[str]) -> str:
    g = state.game
    active = state.active == p
    deciding = state.current_player == p
    mood = state.mood(p)
    delivered = state.delivered(p)
    score = state.scores()[p]
    strip = strip_height(state)
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
        label += " · your turn" if p == viewer else " · their turn"
    out.append(svg_text(28, y + 20, label, 14, "#2D3B2D", weight="bold"))
    # The mood track, -8 to +8.
    mx = 260
    out.append(svg_text(mx - 8, y + 19, "mood", 10, "#666", "end"))
    for i, v in enumerate(range(MOOD_MIN, MOOD_MAX + 1)):
        here = v == mood
        out.append(f'<rect x="{mx + i * 13:g}" y="{y + 8:g}" width="12" height="14" rx="2" '
                   f'fill="{"#D55E00" if here else "#F1E9D6"}" stroke="#C9BB98"/>')
        if v in (MOOD_MIN, 0, MOOD_MAX) or here:
            out.append(svg_text(mx + i * 13 + 6, y + 19, f"{v:+d}" if v else "0", 7,
                          "#FFFFFF" if here else "#8A7A5A", "middle"))
    # The total, then what makes it: how many orders were delivered and their points (so
    # "4 orders (17)" cannot be read as 17 orders), the mood and the bees.
    made = f"{len(delivered)} order{'s' * (len(delivered) != 1)} ({score['orders']})"
    if g.bees:
        bees = score["bees"] + score["bee_bonus"]
        total = f"{score['total']} pts: {made}, mood {score['mood']:+d}, bees +{bees}"
    else:
        total = f"{score['total']} points: {made}, mood {score['mood']:+d}"
    out.append(svg_text(mx + 17 * 13 + 10, y + 19, total, 11, "#3B2E14", weight="bold",
                  extra=' class="tl-score"'))
    # The supply.
    sx = 720 if g.bees else 700
    out.append(svg_text(sx, y + 19, "supply:", 11, "#555"))
    sup = state.supply(p)
    if not sup:
        out.append(svg_text(sx + 50, y + 19, "empty", 11, "#999"))
    step = 56 if len(sup) <= 6 else 42  # chilis and bees: up to 8 kinds
    for i, (kind, c) in enumerate(sup.items()):
        tid = f"supply:{p}:{kind}"
        x = sx + 58 + i * step
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-supply")} '
                   f'data-count="{c}">' + svg_token(x, y + 15, kind)
                   + svg_text(x + 12, y + 19, f"×{c}", 11, "#333") + "</g>")
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
                   + svg_text(x + (SPACE_W - 4) / 2, ky + CARD_H + 19, f"{minutes} min", 10,
                              "#8A7A5A",
                        "middle", extra=f' data-space="{minutes}"'))
        entry = kitchen.get(minutes)
        if entry is not None:
            o = entry["order"]
            out.append(card_svg(state, o, x + 2, ky + 2, entry["covers"],
                             target_attrs(f"order:{o}", targets, selection, "tl-order"),
                             assigning, targets, selection))
    dx = 24 + 6 * SPACE_W
    pts = score["orders"]
    out.append(f'<g class="tl-delivery" data-count="{len(delivered)}">'
               f'<rect x="{dx:g}" y="{ky:g}" width="{W - 40 - dx:g}" height="{CARD_H + 24}" '
               'rx="8" fill="#E6F0E0" stroke="#8BA069"/>'
               + svg_text(dx + 10, ky + 22, "Delivered", 12, "#3E5222", weight="bold")
               + svg_text(dx + 10, ky + 44,
                          f"{len(delivered)} order{'' if len(delivered) == 1 else 's'}",
                    12, "#3E5222")
               + svg_text(dx + 10, ky + 62, f"{pts} points", 12, "#3E5222")
               + "</g>")
    # Buttons for the choices that are not a piece on the board.
    bx = dx + 10
    if deciding:
        t = state.top.NAME
        if t == "assign" and state.joker_being_built() is None:
            out.append(svg_button(bx, ky + 80, 110, "Finish", "finish", targets, selection))
        elif t == "recycle":
            out.append(svg_button(bx, ky + 80, 110, "Don't recycle", "decline:recycle", targets,
                               selection))
        elif t == "move_left":
            out.append(svg_button(bx, ky + 80, 110, "Leave orders", "decline:move_left",
                               targets, selection))
        elif t == "end":
            out.append(svg_button(bx, ky + 80, 110, "End turn", "end-turn", targets, selection))
    out.append("</g>")
    return "".join(out)
