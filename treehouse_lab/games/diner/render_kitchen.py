"""Treehouse Diner drawing: the kitchens and their order cards (symbols, plates, jokers,
bees), for ``render.py``.

A kitchen is one row across the board (issue 18): a header (the player, the mood as a
number with a small bar, the score, the button of a choice that is not a piece), the
supply, the modules' line and Challenges when they are played, then the six time spaces
from 6 minutes down to 1 and the delivery space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection
from xml.sax.saxutils import escape, quoteattr

from ...core.svg import frame, target_attrs
from ...core.textwidth import fit, wrap_to_width
from .drawing import (
    CARD_H,
    CARD_W,
    CHEF,
    FILL,
    SHORT,
    SMALL,
    SPACE_W,
    SPACES_X,
    TOKEN_R,
    M,
    W,
    strip_height,
    svg_button,
    svg_dot,
    svg_text,
    svg_token,
)
from .render_modules import module_strip
from .rules import (
    BEE,
    EFFECTS,
    LETTERS,
    MOOD_MAX,
    MOOD_MIN,
    a_an,
    ingredient,
    is_plate,
    plate_name,
    title,
)
from .stages import AssignStep, EndStep, MoveLeftStep, RecycleStep

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

#: A kitchen's header (two lines), then its spaces; a space is a card and a footer line.
HEADER_H = 60
SPACE_H = CARD_H + 4 + 24
#: Where a card's symbols sit (their centre), and the step between two of them.
SYMBOL_Y = 73
SYMBOL_STEP = 28
JOKER_COLOUR = "#4B2E9E"


def kitchen_height(state: DinerState) -> int:
    return HEADER_H + strip_height(state) + SPACE_H + 8


def card_svg(state: DinerState, order: str, x: float, y: float, covers: list | None,
             tid: str, cls: str, slot_targets: bool, targets: Collection[str],
             selection: Collection[str]) -> str:
    """An order card ``CARD_W`` x ``CARD_H``: the chef's stripe, the name (two lines at
    most), the preparation time and points, the symbols (with what covers them and a
    joker box under an uncovered one when a joker may start) and the effects. Soup Stew
    plates are round, lettered under the plate. ``covers`` is None for an order on the
    phone tray. With Save the Bees an order in a kitchen has its bee spot under the card,
    in the space's footer."""
    g = state.game
    o = g.orders[order]
    effects = ", ".join(SHORT.get(e["kind"], EFFECTS.text(e)) for e in o.effects)
    # The card's own title first: it names the card to a screen reader (board.js).
    out = [f'<g{target_attrs(tid, targets, selection, cls)} data-order="{order}">'
           f"<title>{escape(o.name)}: prep {o.minutes} min, {o.points} points, "
           f"{escape(effects or 'no effects')}</title>",
           frame(tid, targets, selection, x, y, CARD_W, CARD_H),
           f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="8" '
           'fill="#FFFFFF" stroke="#6B5B3A"/>',
           f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="6" rx="3" '
           f'fill="{CHEF.get(o.chef, "#999")}"><title>Chef {o.chef.capitalize()}</title></rect>']
    for i, line in enumerate(wrap_to_width(o.name, CARD_W - 12, SMALL, True, 2)):
        out.append(svg_text(x + 6, y + 21 + i * 14, line, SMALL, "#2B2B2B", weight="bold"))
    out.append(svg_text(x + 6, y + 52, f"prep {o.minutes} min", SMALL, "#555"))
    out.append(svg_text(x + CARD_W - 6, y + 52, f"{o.points} pts", 13, "#6B4E00", "end",
                        "bold"))
    for i, kind_index in enumerate(g.symbols[order]):
        out.append(_symbol(state, order, i, g.symbol_names[kind_index],
                           x + 19 + i * SYMBOL_STEP, y + SYMBOL_Y,
                           covers[i] if covers is not None else None, slot_targets,
                           targets, selection))
    for i, line in enumerate(wrap_to_width(effects or "no effects", CARD_W - 12, SMALL,
                                           False, 2)):
        out.append(svg_text(x + 6, y + 119 + i * 14, line, SMALL, "#6B5B3A"))
    if g.bees and covers is not None:
        out.append(_bee_spot(state, order, x + CARD_W - 36, y + CARD_H + 13, targets,
                             selection))
    out.append("</g>")
    return "".join(out)


def _symbol(state: DinerState, order: str, i: int, kind: str, sx: float, sy: float,
            cover: list | None, slot_targets: bool, targets: Collection[str],
            selection: Collection[str]) -> str:
    """Symbol ``i`` of an order at (sx, sy): what covers it, and under it either the
    joker box (``joker:<order>:<i>``, where a joker may start or is being stacked), the
    size of a joker stack ("J2", "J4"), or a plate's letter."""
    sid = f"slot:{order}:{i}"
    # Named by its order and place (issue 47: every Blueberry symbol read "Blueberry").
    what = plate_name(kind).capitalize() if is_plate(kind) else ingredient(kind).capitalize()
    slot_name = f"{title(order)}, symbol {i + 1}: {what}{_covered_by(cover or [])}"
    slot_attrs = (target_attrs(sid, targets, selection, "tl-slot")
                  + f" data-label={quoteattr(slot_name)}" if slot_targets else "")
    mark = (frame(sid, targets, selection, sx - 13, sy - 13, 26, 26, rx=5, pad=3)
            if slot_targets else "")
    covered = cover or []
    jid = f"joker:{order}:{i}"
    building = _building(state, order, i)
    if is_plate(kind):
        # A joker box only where a joker may go (D29: a letter that holds a kind).
        box = cover is not None and slot_targets and (jid in targets or building)
        below = "box" if box else ("stack" if len(covered) > 1 else "letter")
        out = [f'<g{slot_attrs} data-symbol="{kind}" data-covered="{len(covered)}">', mark,
               _plate(kind, sx, sy, covered, below == "letter")]
    else:
        box = (cover is not None and slot_targets
               and (building or (not covered and not _any_joker(state))))
        below = "box" if box else ("stack" if len(covered) > 1 else "")
        out = [f'<g{slot_attrs} data-symbol="{kind}" data-covered="{len(covered)}">', mark,
               f'<rect x="{sx - 13:g}" y="{sy - 13:g}" width="26" height="26" rx="5" '
               f'fill="{FILL[kind]}" fill-opacity="0.35" stroke="#6B5B3A" '
               'stroke-dasharray="3 2"/>']
        if not covered:
            out.append(svg_text(sx, sy + 4.3, LETTERS[kind], SMALL, "#3B2E14", "middle",
                                "bold"))
        out.append(_covers(covered, sx, sy))
        out.append(f"<title>{ingredient(kind).capitalize()}"
                   + _covered_by(covered) + "</title>")
    if below == "stack" and not box:
        out.append(svg_text(sx, sy + 28, f"J{len(covered)}", SMALL, JOKER_COLOUR, "middle",
                            "bold", extra=' class="tl-joker-count"'))
    out.append("</g>")
    if box:
        out.append(_joker_box(jid, sx, sy, targets, selection, f"{title(order)}, symbol {i + 1}"))
    return "".join(out)


def _covers(cover: list, sx: float, sy: float) -> str:
    """What lies on a symbol: one token, or the small tokens of a joker stack."""
    if len(cover) == 1:
        return svg_token(sx, sy, cover[0], TOKEN_R)
    return "".join(svg_dot(sx - 6 + (j % 2) * 12, sy - 6 + (j // 2) * 12, k)
                   for j, k in enumerate(cover))


def _covered_by(cover: list) -> str:
    if len(cover) == 1:
        return f": covered by {a_an(cover[0])}"
    if cover:
        return f": covered by a joker of {', '.join(ingredient(k) for k in cover)}"
    return ""


def _joker_box(jid: str, sx: float, sy: float, targets: Collection[str],
               selection: Collection[str], where: str) -> str:
    """The J box under a symbol (or a plate) that starts a joker there; ``where`` names
    the order and symbol, for its accessible name (one per symbol, issue 47)."""
    name = f"J: a joker on {where}: 2 Daisies or 4 ingredients stacked on this symbol"
    return (f'<g{target_attrs(jid, targets, selection, "tl-joker")} '
            f'data-joker="{jid.partition(":")[2]}" data-label={quoteattr(name)}>'
            + frame(jid, targets, selection, sx - 11, sy + 16, 22, 16, rx=3, pad=2)
            + f'<rect x="{sx - 11:g}" y="{sy + 16:g}" width="22" height="16" rx="3" '
            'fill="#EFE7FF" stroke="#7B61C4"/>'
            + svg_text(sx, sy + 28.5, "J", SMALL, JOKER_COLOUR, "middle", "bold")
            + "<title>A joker: 2 Daisies or 4 ingredients stacked on this symbol</title></g>")


def _plate(kind: str, sx: float, sy: float, cover: list, letter_below: bool) -> str:
    """A Soup Stew plate symbol: a round plate with its letter (identical letters take
    identical ingredients, different letters different ones), and what covers it."""
    letter = kind[-1].upper()
    out = [f'<circle cx="{sx:g}" cy="{sy:g}" r="13" fill="#FFFFFF" stroke="#6B5B3A" '
           'stroke-width="1.5"/>'
           f'<circle cx="{sx:g}" cy="{sy:g}" r="9" fill="none" stroke="#B9A37A"/>']
    if not cover:
        out.append(svg_text(sx, sy + 4.3, letter, SMALL, "#3B2E14", "middle", "bold"))
    out.append(_covers(cover, sx, sy))
    if letter_below:
        out.append(svg_text(sx, sy + 28, letter, SMALL, "#3B2E14", "middle", "bold",
                            extra=' class="tl-plate-letter"'))
    out.append(f"<title>{plate_name(kind).capitalize()}: identical letters take identical "
               "ingredients, different letters different ones (no bees)"
               + (f"; covered by {a_an(cover[0])}" if len(cover) == 1 else
                  f"; covered by a joker of {len(cover)}" if cover else "") + "</title>")
    return "".join(out)


def _bee_spot(state: DinerState, order: str, cx: float, cy: float,
              targets: Collection[str], selection: Collection[str]) -> str:
    """Save the Bees: the bees on an order in a kitchen (a bee token and their number),
    where a new bee is put (``bee:<order>``). It sits under the card, in the footer of
    the kitchen space, so the card keeps its room for four symbols."""
    n = state.bees_on(order)
    tid = f"bee:{order}"
    bees = "1 bee" if n == 1 else f"{n} bees"
    # Named by its order (issue 47: every order's spot read the same, or "Bee").
    name = (f"Be ×{n}: a bee on {title(order)} ({bees} on it now, to the beehive when it "
            "is delivered)")
    out = [f'<g{target_attrs(tid, targets, selection, "tl-bee-spot")} data-bees="{n}" '
           f'data-label={quoteattr(name)}>',
           frame(tid, targets, selection, cx - 11, cy - 11, 46, 22, rx=6, pad=2)]
    if n:
        out.append(svg_token(cx, cy, BEE, 10))
    else:
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="10" fill="#FFF7E0" stroke="#B08A2E" '
                   'stroke-dasharray="2 2"/>'
                   + svg_text(cx, cy + 4.3, "Be", SMALL, "#8A6A1E", "middle", "bold"))
    out.append(svg_text(cx + 14, cy + 4.5, f"×{n}", SMALL, "#5A4520", "start", "bold"))
    out.append(f"<title>{bees} on this order (to the beehive when it is delivered)</title>")
    out.append("</g>")
    return "".join(out)


def _building(state: DinerState, order: str, i: int) -> bool:
    """Whether symbol ``i`` of ``order`` carries the joker at hand: one being built, or
    one of 2 Daisies just laid whose J box takes 2 more (D11)."""
    joker = state.joker_at_hand()
    return joker is not None and joker == (order, i)


def _any_joker(state: DinerState) -> bool:
    return state.joker_being_built() is not None


def _mood(mood: int, x: float, y: float) -> str:
    """The mood as a number with a small bar (issue 18): the bar runs from -8 to +8 and
    is filled from 0 to the mood, green for praise, orange for complaints."""
    step = 6
    bar = x + 70
    mid = bar + (MOOD_MAX - MOOD_MIN) * step / 2
    span = (MOOD_MAX - MOOD_MIN) * step
    colour = "#2E7D4F" if mood > 0 else "#D55E00" if mood < 0 else "#5A4520"
    out = [f'<g class="tl-mood" data-mood="{mood}">',
           svg_text(x, y, "mood", SMALL, "#666"),
           svg_text(x + 64, y, f"{mood:+d}" if mood else "0", 15, colour, "end", "bold"),
           f'<rect x="{bar:g}" y="{y - 10:g}" width="{span:g}" height="10" rx="3" '
           'fill="#F1E9D6" stroke="#C9BB98"/>']
    if mood:
        left = min(mid, mid + mood * step)
        out.append(f'<rect x="{left:g}" y="{y - 10:g}" width="{abs(mood) * step:g}" '
                   f'height="10" fill="{colour}"/>')
    out.append(f'<line x1="{mid:g}" y1="{y - 13:g}" x2="{mid:g}" y2="{y + 3:g}" '
               'stroke="#5A4520" stroke-width="1.5"/>')
    out.append(f"<title>Mood {mood:+d} (the track runs from {MOOD_MIN} to +{MOOD_MAX}): "
               f"{mood:+d} points at the end</title></g>")
    return "".join(out)


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
           f'<rect x="{M}" y="{y:g}" width="{W - 2 * M}" height="{kitchen_height(state)}" '
           f'rx="12" fill="{"#FFFFFF" if p == viewer else "#FBF8F0"}" '
           f'stroke="{"#2E7D4F" if deciding else "#D8CFB8"}" '
           f'stroke-width="{2.5 if deciding else 1}"/>']
    label = g.player_name(p) + (" (you)" if p == viewer else "")
    if active:
        label += " · your turn" if p == viewer else " · their turn"
    out.append(svg_text(M + 12, y + 25, label, 15, "#2D3B2D", weight="bold"))
    out.append(_mood(mood, 262, y + 25))
    # The total, then what makes it: how many orders were delivered and their points (so
    # "4 orders (17)" cannot be read as 17 orders), the mood and the bees.
    made = f"{len(delivered)} order{'s' * (len(delivered) != 1)} ({score['orders']})"
    if g.bees:
        bees = score["bees"] + score["bee_bonus"]
        total = f"{score['total']} pts: {made}, mood {score['mood']:+d}, bees +{bees}"
    else:
        total = f"{score['total']} points: {made}, mood {score['mood']:+d}"
    out.append(svg_text(448, y + 25, total, 13, "#3B2E14", weight="bold",
                        extra=' class="tl-score"'))
    if deciding:
        out.append(_button(state, W - M - 8 - 120, y + 8, targets, selection))
    out.append(_supply(state, p, y + 50, targets, selection))
    if strip:
        out.append(module_strip(state, p, y + HEADER_H, targets, selection))
    out.append(_spaces(state, p, y + HEADER_H + strip, targets, selection))
    out.append("</g>")
    return "".join(out)


def _button(state: DinerState, x: float, y: float, targets: Collection[str],
            selection: Collection[str]) -> str:
    """The button for the choice of the deciding kitchen that is not a piece on the board
    (finish assigning, decline a bonus, end the turn), at the kitchen's top right."""
    t = state.top
    if isinstance(t, AssignStep) and state.joker_being_built() is None:
        return svg_button(x, y, 120, "Finish", "finish", targets, selection,
                          "stop placing ingredients on your orders")
    if isinstance(t, RecycleStep):
        return svg_button(x, y, 120, "Don't recycle", "decline:recycle", targets, selection,
                          "skip the recycle effect")
    if isinstance(t, MoveLeftStep):
        return svg_button(x, y, 120, "Leave orders", "decline:move_left", targets,
                          selection, "move no order left")
    if isinstance(t, EndStep):
        return svg_button(x, y, 120, "End turn", "end-turn", targets, selection,
                          "the next player's turn begins")
    return ""


def _supply(state: DinerState, p: int, y: float, targets: Collection[str],
            selection: Collection[str]) -> str:
    """The personal supply: one token per kind with its count, each clickable when an
    ingredient (or a bee) may be placed from it."""
    out = [svg_text(M + 12, y, "Supply:", 13, "#555", weight="bold")]
    sup = state.supply(p)
    if not sup:
        out.append(svg_text(M + 76, y, "empty", 13, "#888"))
    for i, (kind, c) in enumerate(sup.items()):
        tid = f"supply:{p}:{kind}"
        cx = M + 90 + i * 52
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-supply")} data-count="{c}">'
                   + frame(tid, targets, selection, cx - 13, y - 17, 48, 26, rx=6,
                                  pad=3)
                   + svg_token(cx, y - 4, kind)
                   + svg_text(cx + 15, y + 0.5, f"×{c}", 13, "#333", weight="bold") + "</g>")
    return "".join(out)


def _spaces(state: DinerState, p: int, ky: float, targets: Collection[str],
            selection: Collection[str]) -> str:
    """The six time spaces, 6 minutes on the left down to 1, then the delivery space."""
    kitchen = state.kitchen(p)
    assigning = state.current_player == p and isinstance(state.top, AssignStep)
    out = []
    for i, minutes in enumerate(range(6, 0, -1)):
        x = SPACES_X + i * SPACE_W
        out.append(f'<rect x="{x:g}" y="{ky:g}" width="{SPACE_W - 4}" height="{SPACE_H}" '
                   'rx="8" fill="#F3ECDC" stroke="#D8CFB8"/>'
                   + svg_text(x + 8, ky + SPACE_H - 7, f"{minutes} min", SMALL, "#7A6A4A",
                              extra=f' data-space="{minutes}"'))
        entry = kitchen.get(minutes)
        if entry is not None:
            o = entry["order"]
            out.append(card_svg(state, o, x + 2, ky + 2, entry["covers"], f"order:{o}",
                                "tl-order", assigning, targets, selection))
    dx = SPACES_X + 6 * SPACE_W
    delivered = state.delivered(p)
    pts = state.scores()[p]["orders"]
    out.append(f'<g class="tl-delivery" data-count="{len(delivered)}">'
               f'<rect x="{dx:g}" y="{ky:g}" width="{W - M - 6 - dx:g}" height="{SPACE_H}" '
               'rx="8" fill="#E6F0E0" stroke="#8BA069"/>'
               + svg_text(dx + 9, ky + 24, "Delivered", 13, "#3E5222", weight="bold")
               + svg_text(dx + 9, ky + 50,
                          f"{len(delivered)} order{'' if len(delivered) == 1 else 's'}",
                          13, "#3E5222")
               + svg_text(dx + 9, ky + 72, fit(f"{pts} points", W - M - 24 - dx, 13), 13,
                          "#3E5222")
               + f"<title>Delivered orders: their points count at the end "
               f"({pts} so far)</title></g>")
    return "".join(out)
