"""Drawing Treehouse Diner: an SVG board, a text board and the board's click targets.

The layout (issue 18: readable on a school laptop), top to bottom: the title and status;
the pantry across the board (a row per shelf size with its bonus, a dashed space per
column); the phone tray, with the compost box and the bag beside it where there is room
(else in a strip above it); then each kitchen as a row: the player, the mood as a number
with a small bar, the score, the supply, and six time spaces from 6 minutes down to 1 with
the delivery space at the right. The board is 920 wide, the width a notebook's output has
in JupyterLab on a 1366x768 screen, and no text is under 12 px (``drawing``); a board
taller than the screen scrolls inside its frame. The bag and the order pile are counts;
nothing else in the basic game is hidden, so ``viewer`` (the seat at the screen) only
marks that seat's kitchen.

What may be clicked has a gold frame (the one Backyard's playable cards have,
``core.svg.frame``); what has been picked on the way to a move has the picked frame
(thicker, darker, with a dashed inner line) until the move is complete: the clicks of
the board's selection, and the parts an earlier move of the same visit chose
(``picked``: the shelf space whose minutes are being paid, the symbol whose joker is
being stacked).

Ingredient tokens carry a two-letter label (Dn, Ac, Bb, Ra, Mu, Dy) besides their colour
(after the Okabe-Ito palette), so colour is never the only cue; a joker stack, too small
for letters, is small tokens on its symbol with its size under it ("J2", "J4") and its
ingredients named in the symbol's title. No element has an SVG
``id``: several boards can share a page.

Targets (docs/dev/contracts.md), each a ``data-target`` when clickable:
``shelf:<size>:<column>`` a shelf space; ``tray:<order>`` an order on the phone;
``order:<order>`` an order in a kitchen (to move it); ``supply:<seat>:<ingredient>`` an
ingredient of a supply; ``slot:<order>:<i>`` symbol ``i`` of an order (to place on it);
``joker:<order>:<i>`` the joker box under a symbol; ``finish``, ``decline:recycle``,
``decline:move_left`` buttons. Paths: a shelf space (then one click per order moved); a
phone order; an ingredient then the symbol to cover; a joker box then each ingredient.

The modules (issue 9), drawn only when they are played, so the basic board is unchanged
(``render_modules``):

* Save the Bees: a bee spot under each order in a kitchen (a bee token, "Be", and the
  number of bees), the beehive and the Challenges in a strip above each kitchen (card
  text wrapped, full text in a ``<title>``; mastered ones framed and marked "✓", announced
  ones greyed and "turned over"). Targets: ``bee:<order>`` (after the bee in the supply,
  ``supply:<seat>:bee``), ``announce:<challenge>``, the ``end-turn`` button.
* Secret Ingredient: the pantry's chili side (its own row bonuses), Soup Stew plates
  (round, lettered A-D under the plate: identical letters take identical ingredients;
  what covers a plate is drawn on it), an Action cards panel right of the phone tray
  (under it where the tray leaves too little room) with the draw pile's count, the
  discard pile's top and the hand of ``viewer`` only; every kitchen shows its hand's
  count, never its cards (hands are hidden). Targets: ``play:<card>`` a card in the
  hand; ``slot:<order>:<i>`` a plate (after an ingredient in the supply, as for any
  symbol); ``shortcut:<size>-<column>:<ingredient>`` a pantry token while taking a shortcut.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Collection, Iterable, Sequence
from xml.sax.saxutils import quoteattr

from ...core.svg import frame, target_attrs
from ...core.textwidth import fit, text_width
from .drawing import (
    CARD_H,
    CARD_W,
    FONT,
    SHORT,
    SMALL,
    SPACE_W,
    SPACES_X,
    TOKEN_R,
    M,
    W,
    svg_text,
    svg_token,
)
from .module_moves import paying_for
from .render_kitchen import card_svg, kitchen_height, kitchen_svg
from .render_modules import PANEL_MIN_W, actions_panel, panel_height
from .rules import (
    BEE,
    LETTERS,
    ingredient,
    is_plate,
    plural,
)
from .stages import ShortcutStep

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

#: The header (title, status, counts), the pantry's row height and its label column.
HEAD_H = 62
ROW_H = 40
ROW_LABEL_W = 186
TOKEN_STEP = 2 * TOKEN_R + 3
#: The compost as a strip (one line, as wide as the board), or as a box beside the phone
#: tray where the tray leaves it at least ``COMPOST_MIN_W``.
COMPOST_H = 36
COMPOST_STRIP_W = 600
COMPOST_MIN_W = 220
COMPOST_STEP = 64
TRAY_H = 26 + CARD_H + 6

# -- The SVG ---------------------------------------------------------------------------------

def picked(state: DinerState) -> set[str]:
    """The parts chosen by an earlier move of a move still under way, which the board
    keeps marked until it is complete (issue 18): the shelf space whose minutes are being
    paid (Go to the Pantry: "For each ingredient in the chosen shelf space, one minute
    passes"), and the symbol whose joker is being stacked (Ingredient Jokers). They join
    the board's own selection (the clicks of a path not yet played), so both are marked
    by the same ``tl-selected`` class and frame (``core.svg.frame``)."""
    out = set()
    shelf = paying_for(state)
    if shelf is not None:
        out.add(f"shelf:{shelf[0]}:{shelf[1]}")
    joker = state.joker_being_built()
    if joker is not None:
        out.add(f"joker:{joker[0]}:{joker[1]}")
    return out


#: Core hands ``render_svg`` and ``render_text`` the seen state of the viewer
#: (``core.game.Game.render_svg``), not the true one: a card the zones hide (the deck, the
#: others' Action hands) reaches this module only as the mark ``zones.UNSEEN``.
DRAWS_SEEN = True


def render_svg(state: DinerState, viewer: int | None = None, selection: Iterable[str] = (),
               targets: Collection[str] = frozenset()) -> str:
    """The board for ``viewer`` (see the module docstring)."""
    g = state.game
    selection = set(selection) | picked(state)
    targets = set(targets)
    parts: list[str] = []
    y = HEAD_H
    parts.append(pantry_svg(state, y, targets, selection))
    y += pantry_height(state) + 10
    # Right of the phone tray: the Action cards panel where it fits, else the compost box
    # where that fits (the compost strip and the panel otherwise take rows of their own).
    room = W - M - (SPACES_X + g.tray_spaces * SPACE_W) - 4
    actions_beside = g.chili and room >= PANEL_MIN_W
    compost_beside = not actions_beside and room >= COMPOST_MIN_W
    if not compost_beside:
        parts.append(compost_svg(state, M, y, W - 2 * M))
        y += compost_height(state, W - 2 * M) + 10
    parts.append(tray_svg(state, y, targets, selection))
    below = y + TRAY_H
    side_x = W - M - room
    if compost_beside:
        parts.append(compost_svg(state, side_x, y, room))
        below = max(below, y + compost_height(state, room))
    if g.chili:
        px, py, pw = (side_x, y, room) if actions_beside else (M, below + 4, W - 2 * M)
        parts.append(actions_panel(state, px, py, pw, viewer, targets, selection))
        below = max(below, py + panel_height(state, viewer, pw))
    kitchens_y = below + 10
    kitchen_h = kitchen_height(state)
    height = kitchens_y + g.players * (kitchen_h + 10) + 4
    for p in range(g.players):
        parts.append(kitchen_svg(state, p, kitchens_y + p * (kitchen_h + 10), viewer, targets,
                                 selection))
    counts = (f"Turn {state.turn} · game ends after {g.end_after} delivered orders · bag "
              f"{state.bag_count} ingredients · order pile {state.deck_count} · discard pile "
              f"{len(state.discard_pile())}")
    status_x = M + 10 + text_width(g.TITLE, 21, True) + 18
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-diner" width="{W}" '
        f'height="{height:g}" viewBox="0 0 {W} {height:g}" {FONT} data-stage="{state.stage}" '
        f'data-turn="{state.turn}" data-current="{state.current_player}"'
        + (f' data-modules="{" ".join(sorted(g.modules))}"' if g.modules else "") + '>',
        f'<rect width="{W}" height="{height:g}" rx="14" fill="#F7F2E6"/>',
        svg_text(M + 10, 30, g.TITLE, 21, "#3B2E14", weight="bold"),
        svg_text(status_x, 30, fit(state.waiting_for(), W - M - 10 - status_x, 15), 15,
                 "#3A3A3A", extra=' class="tl-status"'),
        svg_text(M + 10, 52, fit(counts, W - 2 * M - 20, SMALL), SMALL, "#555",
                 extra=f' class="tl-counts" data-bag="{state.bag_count}" '
                       f'data-deck="{state.deck_count}"'),
        *parts,
        "</svg>",
    ])


def pantry_height(state: DinerState) -> int:
    return 32 + len(state.game.rows) * ROW_H + 4


def pantry_svg(state: DinerState, y0: float, targets: Collection[str],
               selection: Collection[str]) -> str:
    """The pantry across the board: a row per shelf size with its bonus, a dashed shelf
    space per column, each a target while a pantry visit may be chosen; the space being
    paid for stays marked (``picked``)."""
    g = state.game
    out = [f'<g class="tl-pantry" data-columns="{g.columns}"'
           + (' data-side="chili"' if g.chili else "") + '>',
           f'<rect x="{M}" y="{y0:g}" width="{W - 2 * M}" height="{pantry_height(state)}" '
           'rx="10" fill="#EADFC8" stroke="#B9A37A"/>',
           svg_text(M + 12, y0 + 22, "Pantry", 15, "#5A4520", weight="bold")]
    shortcut = isinstance(state.top, ShortcutStep)
    hint_x = M + 84
    if g.chili:
        # Secret Ingredient, Setup 1: the pantry turned to its chili side, whose shelf rows
        # have their own bonuses (pantry_chili.toml).
        out.append('<g class="tl-chili-side">' + svg_token(hint_x + 10, y0 + 17, "chili", 10)
                   + svg_text(hint_x + 24, y0 + 22, "chili side", SMALL, "#8E1F1F",
                              weight="bold")
                   + "<title>The pantry's chili side (Secret Ingredient): its own row "
                   "bonuses</title></g>")
        hint_x += 110
    paying = paying_for(state)
    if shortcut:
        hint = "take a shortcut: click any one ingredient or bee"
    elif paying is not None:
        hint = ("the marked space is chosen: pay its minutes by moving orders in your "
                "kitchen one space right")
    else:
        hint = "choose a space: one minute per ingredient"
    out.append(svg_text(hint_x, y0 + 22, fit(hint, W - M - 12 - hint_x, SMALL), SMALL,
                        "#6A5530", extra=' class="tl-pantry-hint"'))
    pantry = state.pantry()
    x0 = M + ROW_LABEL_W
    col_w = (W - M - 8 - x0) / g.columns
    for r, row in enumerate(g.rows):
        y = y0 + 32 + r * ROW_H
        bonus = ", ".join(SHORT.get(e["kind"], e["kind"]) for e in row.bonus) or "-"
        out.append(svg_text(M + 12, y + 15, f"{row.size}er row", 13, "#5A4520", weight="bold"))
        out.append(svg_text(M + 12, y + 31, f"bonus: {bonus}", SMALL, "#6A5530",
                            extra=f' class="tl-row-bonus" data-row="{row.size}"'))
        for c, space in enumerate(pantry[r]):
            x = x0 + c * col_w
            tid = f"shelf:{row.size}:{c + 1}"
            w = row.size * TOKEN_STEP + 9
            out.append(f'<g{target_attrs(tid, targets, selection, "tl-shelf")} '
                       f'data-size="{row.size}" data-column="{c + 1}" '
                       f'data-count="{len(space)}" '
                       f'data-label={quoteattr(_space_label(row.size, c + 1, space))}>'
                       + frame(tid, targets, selection, x, y + 1, w, 34, pad=3)
                       + f'<rect x="{x:g}" y="{y + 1:g}" width="{w:g}" height="34" rx="8" '
                       'fill="#F7F0DE" stroke="#8C7548" stroke-dasharray="5 3"/>')
            for i in range(row.size):
                kind = space[i] if i < len(space) else None
                tx = x + 4.5 + TOKEN_R + 1.5 + i * TOKEN_STEP
                token = svg_token(tx, y + 18, kind)
                sid = f"shortcut:{row.size}-{c + 1}:{kind}"
                if kind is not None and (sid in targets or sid in selection):
                    # "Take a shortcut!": any one token of the pantry, no minutes to pay.
                    token = (f'<g{target_attrs(sid, targets, selection, "tl-shortcut")}>'
                             + frame(sid, targets, selection, tx - TOKEN_R,
                                            y + 18 - TOKEN_R, 2 * TOKEN_R, 2 * TOKEN_R,
                                            rx=TOKEN_R - 2, pad=2)
                             + token + f"<title>Take a shortcut: this {ingredient(kind)}"
                             "</title></g>")
                out.append(token)
            out.append("</g>")
    out.append("</g>")
    return "".join(out)


def _space_label(size: int, column: int, space: Sequence[str]) -> str:
    """A shelf space as a screen reader says it (issue 47): its letters as drawn, where it
    is, every token it holds and the minutes it costs, one per token, bees included
    (Treehouse Diner rulebook, 'Phase 1: Visit the pantry'). Its first token's tooltip
    alone used to name it ("Acorn" for the space drawn "Ac Ra")."""
    letters = " ".join(LETTERS.get(k, k) for k in space)
    held = ", ".join(plural(n, k) for k, n in Counter(space).items()) or "empty"
    minutes = len(space)
    return (f"{letters}: {size}er row, column {column}: {held}, "
            f"{minutes} minute{'s' if minutes != 1 else ''}")


def _compost_per_row(w: float) -> int:
    return max(1, int((w - 24) // COMPOST_STEP))


def _compost_words(state: DinerState) -> tuple[str, str]:
    """What the compost holds ("12 ingredients, 2 bees": bees are not ingredients, Save
    the Bees) and what the bag says (a count: it is hidden)."""
    comp = state.compost()
    n_bees = comp.get(BEE, 0)
    what = f"{sum(comp.values()) - n_bees} ingredients"
    if BEE in comp:
        what += f", {n_bees} bee{'s' if n_bees != 1 else ''}"
    return what, f"Bag: {state.bag_count} ingredients (hidden)"


def _strip(state: DinerState, x: float, w: float) -> tuple[list[float], bool]:
    """The tokens' x in a compost strip, and whether they need a line of their own (the
    label, the tokens and the bag do not fit on one)."""
    what, bag = _compost_words(state)
    first = x + 12 + text_width(f"Compost: {what}", 13, True) + 18 + TOKEN_R
    xs = []
    tx = first
    for c in state.compost().values():
        xs.append(tx)
        tx += TOKEN_R + 15 + text_width(f"× {c}", SMALL) + 14
    if tx - TOKEN_R - 14 + 16 <= x + w - 12 - text_width(bag, SMALL):
        return xs, False
    return [x + 12 + TOKEN_R + (t - first) for t in xs], True


def compost_height(state: DinerState, w: float) -> int:
    """A strip as wide as the board (one line, two when it is crowded), or a box beside
    the phone tray."""
    if w >= COMPOST_STRIP_W:
        return COMPOST_H + (28 if _strip(state, M, w)[1] else 0)
    rows = -(-len(state.compost()) // _compost_per_row(w))
    return 60 + rows * 30 + 12


def compost_svg(state: DinerState, x: float, y: float, w: float) -> str:
    """The compost box (what it holds, by kind) and the bag (a count: it is hidden): a
    strip as wide as the board, or a box ``w`` wide beside the phone tray."""
    comp = state.compost()
    what, bag = _compost_words(state)
    h = compost_height(state, w)
    out = [f'<g class="tl-compost" data-count="{sum(comp.values())}">',
           f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h}" rx="10" '
           'fill="#E4EAD8" stroke="#8BA069"/>']
    if w >= COMPOST_STRIP_W:
        xs, two = _strip(state, x, w)
        out.append(svg_text(x + 12, y + 23, f"Compost: {what}", 13, "#3E5222", weight="bold"))
        for tx, (kind, c) in zip(xs, comp.items()):
            out.append(_compost_token(kind, c, tx, y + COMPOST_H / 2 + (28 if two else 0)))
        out.append(svg_text(x + w - 12, y + 23, bag, SMALL, "#3E5222", "end"))
    else:
        out.append(svg_text(x + 12, y + 22, "Compost", 14, "#3E5222", weight="bold"))
        out.append(svg_text(x + 12, y + 40, fit(what, w - 24, SMALL), SMALL, "#3E5222"))
        per_row = _compost_per_row(w)
        for i, (kind, c) in enumerate(comp.items()):
            out.append(_compost_token(kind, c, x + 12 + TOKEN_R + (i % per_row) * COMPOST_STEP,
                                      y + 60 + (i // per_row) * 30))
        out.append(svg_text(x + 12, y + h - 10, fit(bag, w - 24, SMALL), SMALL, "#3E5222"))
    out.append("</g>")
    return "".join(out)


def _compost_token(kind: str, count: int, cx: float, cy: float) -> str:
    return svg_token(cx, cy, kind) + svg_text(cx + 15, cy + 4.5, f"× {count}", SMALL,
                                              "#3E5222")


def tray_svg(state: DinerState, y: float, targets: Collection[str],
             selection: Collection[str]) -> str:
    """The phone tray: its face-up orders, each a target when the phone may be answered."""
    g = state.game
    out = [f'<g class="tl-tray" data-spaces="{g.tray_spaces}">',
           svg_text(M + 12, y + 17, "Phone tray", 15, "#5A4520", weight="bold")]
    for i, o in enumerate(state.tray()):
        x = SPACES_X + 2 + i * SPACE_W
        if o is None:
            out.append(f'<rect x="{x:g}" y="{y + 26:g}" width="{CARD_W}" height="{CARD_H}" '
                       'rx="8" fill="none" stroke="#B9A37A" stroke-dasharray="6 4"/>')
            continue
        out.append(card_svg(state, o, x, y + 26, None, f"tray:{o}", "tl-tray-order", False,
                            targets, selection))
    out.append("</g>")
    return "".join(out)


# -- Click paths ---------------------------------------------------------------------------------


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
