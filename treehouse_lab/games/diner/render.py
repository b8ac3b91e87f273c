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

from ...core.svg import clicking_seat, target_attrs
from ...protocol import Action
from .render_kitchen import (
    actions_panel,
    card_svg,
    kitchen_svg,
)
from .render_parts import (
    CARD_H,
    FONT,
    KITCHEN_H,
    SHORT,
    SMALL,
    SPACE_W,
    TOKEN_R,
    W,
    panel_height,
    strip_height,
    svg_text,
    svg_token,
)
from .rules import (
    BEE,
    LETTERS,
    ingredient,
    is_plate,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

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
        kitchens_y = max(kitchens_y, panel_y + panel_height(state, viewer) + 14)
    kitchen_h = KITCHEN_H + strip_height(state)
    height = kitchens_y + n * (kitchen_h + 10) + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-diner" width="{W}" '
        f'height="{height:g}" viewBox="0 0 {W} {height:g}" {FONT} data-stage="{state.stage}" '
        f'data-turn="{state.turn}" data-current="{state.current_player}"'
        + (f' data-modules="{" ".join(sorted(g.modules))}"' if g.modules else "") + '>',
        f'<rect width="{W}" height="{height:g}" rx="14" fill="#F7F2E6"/>',
        svg_text(24, 32, g.TITLE, 20, "#3B2E14", weight="bold"),
        svg_text(24, 54, state.waiting_for(), 13, "#4A4A4A", extra=' class="tl-status"'),
        svg_text(24, 72, f"Turn {state.turn} · game ends after {g.end_after} delivered orders · "
           f"bag {state.bag_count} ingredients · order pile {state.deck_count} · discard pile "
           f"{len(state.discard_pile())}", 11, "#666",
           extra=f' class="tl-counts" data-bag="{state.bag_count}" '
                 f'data-deck="{state.deck_count}"'),
    ]
    out.append(pantry_svg(state, 78, targets, selection))
    out.append(compost_svg(state, 800, 78))
    out.append(tray_svg(state, tray_y, targets, selection))
    if g.chili:
        out.append(actions_panel(state, panel_y, viewer, targets, selection))
    for p in range(n):
        out.append(kitchen_svg(state, p, kitchens_y + p * (kitchen_h + 10), viewer, targets,
                            selection))
    out.append("</svg>")
    return "".join(out)


def pantry_svg(state: DinerState, y0: float, targets: Collection[str],
            selection: Collection[str]) -> str:
    g = state.game
    out = [f'<g class="tl-pantry" data-columns="{g.columns}"'
           + (' data-side="chili"' if g.chili else "") + '>',
           f'<rect x="16" y="{y0:g}" width="770" height="{34 + len(g.rows) * 46:g}" rx="10" '
           'fill="#EADFC8" stroke="#B9A37A"/>',
           svg_text(28, y0 + 22, "Pantry", 14, "#5A4520", weight="bold")]
    shortcut = state.stage == "effects" and state.top.NAME == "shortcut"
    if g.chili:
        # Secret Ingredient, Setup 1: the pantry turned to its chili side, whose shelf rows
        # have their own bonuses (pantry_chili.toml).
        out.append('<g class="tl-chili-side">' + svg_token(92, y0 + 17, "chili", 7)
                   + svg_text(104, y0 + 22, "chili side", SMALL, "#8E1F1F", weight="bold")
                   + "<title>The pantry's chili side (Secret Ingredient): its own row "
                   "bonuses</title></g>")
        hint = ("take a shortcut: click any one ingredient or bee" if shortcut
                else "choose a space: one minute per ingredient")
        out.append(svg_text(180, y0 + 22, hint, 11, "#7A6540"))
    else:
        out.append(svg_text(110, y0 + 22, "choose a space: one minute per ingredient", 11,
                            "#7A6540"))
    pantry = state.pantry()
    col_w = (770 - 150) / g.columns
    for r, row in enumerate(g.rows):
        y = y0 + 34 + r * 46
        bonus = ", ".join(SHORT.get(e["kind"], e["kind"]) for e in row.bonus) or "-"
        out.append(svg_text(28, y + 18, f"{row.size}er row", 12, "#5A4520", weight="bold"))
        out.append(svg_text(28, y + 32, f"bonus: {bonus}", 10, "#7A6540",
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
                token = svg_token(x + 5 + TOKEN_R + 2 + i * (2 * TOKEN_R + 4), y + 19, kind)
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


def compost_svg(state: DinerState, x: float, y: float) -> str:
    comp = state.compost()
    per_row = 3 if len(state.game.kinds) <= 6 else 4   # chilis and bees: one more column
    step = 92 if per_row == 3 else 70
    out = [f'<g class="tl-compost" data-count="{sum(comp.values())}">',
           f'<rect x="{x:g}" y="{y:g}" width="300" height="110" rx="10" fill="#E4EAD8" '
           'stroke="#8BA069"/>',
           svg_text(x + 12, y + 22, f"Compost: {sum(comp.values())} ingredients", 13, "#3E5222",
              weight="bold")]
    if BEE in comp:  # Save the Bees: bees are not ingredients
        n = comp[BEE]
        out[-1] = svg_text(x + 12, y + 22, f"Compost: {sum(comp.values()) - n} ingredients, "
                     f"{n} bee{'s' if n != 1 else ''}", 13, "#3E5222", weight="bold")
    i = 0
    for kind, c in comp.items():
        cx = x + 22 + (i % per_row) * step
        cy = y + 46 + (i // per_row) * 28
        out.append(svg_token(cx, cy, kind) + svg_text(cx + 14, cy + 4, f"× {c}", 12, "#3E5222"))
        i += 1
    out.append(svg_text(x + 12, y + 102, f"Bag: {state.bag_count} ingredients (hidden)", 11,
                  "#3E5222"))
    out.append("</g>")
    return "".join(out)


def tray_svg(state: DinerState, y: float, targets: Collection[str],
          selection: Collection[str]) -> str:
    g = state.game
    out = [f'<g class="tl-tray" data-spaces="{g.tray_spaces}">',
           svg_text(24, y - 6, "Phone tray", 14, "#5A4520", weight="bold")]
    for i, o in enumerate(state.tray()):
        x = 24 + i * (SPACE_W + 6)
        if o is None:
            out.append(f'<rect x="{x:g}" y="{y + 4:g}" width="{SPACE_W - 8}" height="{CARD_H}" '
                       'rx="8" fill="none" stroke="#B9A37A" stroke-dasharray="6 4"/>')
            continue
        tid = f"tray:{o}"
        out.append(card_svg(state, o, x, y + 4, None,
                         target_attrs(tid, targets, selection, "tl-tray-order"), False,
                         targets, selection))
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
