"""Treehouse Diner drawing: what the modules add (issue 9), drawn only when they are
played: the Action cards panel (Secret Ingredient), and above each kitchen a line with
its beehive and its hand's count, and its Challenges (Save the Bees).

Hands are hidden: the panel shows the hand of the seat at the screen only, and every
kitchen only the number of cards its hand holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection
from xml.sax.saxutils import escape

from ...core.svg import frame, target_attrs
from ...core.textwidth import fit, text_width, wrap_to_width
from .drawing import (
    SMALL,
    SPACES_X,
    M,
    W,
    hand_shown,
    svg_text,
    svg_token,
)
from .rules import BEE, PRAISE_PER_CHALLENGE

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

#: The narrowest the Action cards panel may be beside the phone tray (else it goes under
#: it, as wide as the board), and the width of a card of the hand.
PANEL_MIN_W = 300
HAND_CARD_W = 292
HAND_CARD_H = 58
CHALLENGE_H = 58


def _hand_columns(w: float) -> int:
    return max(1, int((w - 24 + 8) // (HAND_CARD_W + 8)))


def panel_height(state: DinerState, viewer: int | None, w: float) -> int:
    """The height of the Action cards panel ``w`` wide: its piles, the hand's label and
    the hand of the seat at the screen in rows of cards."""
    shown = len(hand_shown(state, viewer))
    rows = -(-shown // _hand_columns(w))
    return 110 + rows * (HAND_CARD_H + 6) + (4 if rows else 10)


def actions_panel(state: DinerState, x: float, y: float, w: float, viewer: int | None,
                  targets: Collection[str], selection: Collection[str]) -> str:
    """Secret Ingredient: the Action card draw pile (a count: face down), the discard
    pile's top card (face up) and the hand of the seat at the screen, each card clickable
    when it may be played (``play:<card>``). Other hands are only counted, in their
    kitchens."""
    g = state.game
    hand = hand_shown(state, viewer)
    h = panel_height(state, viewer, w)
    pile = state.action_pile_count
    discard = state.action_discard()
    out = [f'<g class="tl-actions" data-pile="{pile}" data-discard="{len(discard)}">',
           f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h}" rx="10" fill="#EEF1FA" '
           'stroke="#7B8CC4"/>',
           svg_text(x + 12, y + 21, "Action cards", 14, "#23346E", weight="bold")]
    # The draw pile, face down.
    out.append(f'<g class="tl-action-pile" data-count="{pile}">'
               f'<rect x="{x + 12:g}" y="{y + 30:g}" width="76" height="50" rx="6" '
               'fill="#3F5AA8" stroke="#23346E"/>'
               + svg_text(x + 50, y + 52, str(pile), 16, "#FFFFFF", "middle", "bold")
               + svg_text(x + 50, y + 71, "draw pile", SMALL, "#FFFFFF", "middle")
               + f"<title>Action card draw pile: {pile} card{'s' if pile != 1 else ''}, face "
               "down (reshuffled from the discard pile when it runs out)</title></g>")
    # The discard pile's top, face up.
    dx = x + 96
    dw = w - 108
    out.append(f'<g class="tl-action-discard" data-count="{len(discard)}"'
               + (f' data-top="{discard[-1]}"' if discard else "") + '>'
               f'<rect x="{dx:g}" y="{y + 30:g}" width="{dw:g}" height="50" rx="6" '
               'fill="#FFFFFF" stroke="#7B8CC4"/>'
               + svg_text(dx + 8, y + 47, fit(f"discard pile: {len(discard)}"
                          + (", top:" if discard else " (empty)"), dw - 16, SMALL),
                          SMALL, "#555"))
    if discard:
        top = g.action_cards[discard[-1]]
        out.append(svg_text(dx + 8, y + 68, fit(top.name, dw - 16, 13, True), 13, "#23346E",
                            weight="bold")
                   + f"<title>{escape(top.text)}</title>")
    out.append("</g>")
    # The hand of the seat at the screen.
    hy = y + 102
    if viewer is None or not 0 <= viewer < g.players:
        out.append(svg_text(x + 12, hy, fit("Hands are hidden: each kitchen shows how many",
                                            w - 24, SMALL), SMALL, "#555"))
    else:
        n = len(hand)
        out.append(svg_text(x + 12, hy, fit(f"Your hand ({g.player_name(viewer)}): "
                            + (f"{n} card{'s' if n != 1 else ''}" if n else "no cards"),
                            w - 24, 13, True), 13, "#23346E", weight="bold",
                            extra=' class="tl-hand-label"'))
    cols = _hand_columns(w)
    cw = (w - 24 - (cols - 1) * 8) / cols
    for i, card in enumerate(hand):
        cx = x + 12 + (i % cols) * (cw + 8)
        cy = hy + 10 + (i // cols) * (HAND_CARD_H + 6)
        out.append(_hand_card(state, card, cx, cy, cw, targets, selection))
    out.append("</g>")
    return "".join(out)


def _hand_card(state: DinerState, card: str, x: float, y: float, w: float,
               targets: Collection[str], selection: Collection[str]) -> str:
    c = state.game.action_cards[card]
    tid = f"play:{card}"
    clickable = tid in targets
    hint = "click to play" if clickable else ""
    name_w = w - 16 - (text_width(hint, SMALL, True) + 8 if hint else 0)
    out = [f'<g{target_attrs(tid, targets, selection, "tl-action-card")} data-card="{card}">'
           f"<title>{escape(c.text)}</title>",
           frame(tid, targets, selection, x, y, w, HAND_CARD_H - 4, rx=6, pad=3),
           f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{HAND_CARD_H - 4}" rx="6" '
           f'fill="#FFFFFF" stroke="#3F5AA8" stroke-width="{1.5 if clickable else 1}"/>',
           svg_text(x + 8, y + 17, fit(c.name, name_w, 13, True), 13, "#23346E",
                    weight="bold")]
    if hint:
        out.append(svg_text(x + w - 8, y + 17, hint, SMALL, "#2E7D4F", "end", "bold"))
    body = c.text[len(c.name):].strip()
    for j, line in enumerate(wrap_to_width(body, w - 16, SMALL, False, 2)):
        out.append(svg_text(x + 8, y + 33 + j * 14, line, SMALL, "#333"))
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
    cw = (W - 2 * SPACES_X - 2 * 8) / 3
    out = [f'<g class="tl-challenges" data-player="{p}" data-face-up="{len(state.challenges(p))}"'
           f' data-mastered="{len(mastered)}" data-announced="{len(state.announced(p))}">']
    for i, (cid, done) in enumerate(cards):
        card = g.challenges[cid]
        x = SPACES_X + i * (cw + 8)
        tid = f"announce:{cid}"
        state_name = "announced" if done else ("mastered" if cid in mastered else "open")
        fill, stroke, width = {"announced": ("#E7E3DA", "#A39C8C", 1),
                               "mastered": ("#E6F4E8", "#2E7D4F", 2.5),
                               "open": ("#FFFFFF", "#B9A37A", 1)}[state_name]
        how = ("announced (turned over)" if done else
               "mastered now: may be announced after Phase 2 for "
               f"{PRAISE_PER_CHALLENGE} praise" if cid in mastered else "not mastered yet")
        if done:
            mark = "announced"
        elif cid in mastered:
            mark = "✓ announce" if tid in targets else "✓ mastered"
        else:
            mark = ""
        name_w = cw - 16 - (text_width(mark, SMALL, True) + 8 if mark else 0)
        out.append(f'<g{target_attrs(tid, targets, selection, "tl-challenge")} '
                   f'data-challenge="{cid}" data-state="{state_name}">'
                   f"<title>Challenge {escape(card.text)} ({how})</title>"
                   + frame(tid, targets, selection, x, y, cw, CHALLENGE_H, rx=7, pad=3)
                   + f'<rect x="{x:g}" y="{y:g}" width="{cw:g}" height="{CHALLENGE_H}" rx="7" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"'
                   + (' stroke-dasharray="5 3"' if done else "") + "/>"
                   + svg_text(x + 8, y + 18, fit(card.name, name_w, 13, True), 13,
                              "#555" if done else "#2B2B2B", weight="bold"))
        if mark:
            out.append(svg_text(x + cw - 8, y + 18, mark, SMALL,
                                "#6B6455" if done else "#1E6B3C", "end", "bold"))
        if done:
            out.append(svg_text(x + 8, y + 36, f"turned over: +{PRAISE_PER_CHALLENGE} praise",
                                SMALL, "#6B6455"))
        else:
            body = card.text[len(card.name):].strip()
            for j, line in enumerate(wrap_to_width(body, cw - 16, SMALL, False, 2)):
                out.append(svg_text(x + 8, y + 35 + j * 15, line, SMALL, "#333"))
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def module_strip(state: DinerState, p: int, y: float, targets: Collection[str],
                 selection: Collection[str]) -> str:
    """What the modules add above a kitchen's spaces: a line with its beehive and how many
    Action cards its hand holds (a count only: the cards themselves are hidden), then its
    Challenges."""
    g = state.game
    out = []
    x = M + 12
    if g.bees:
        hive = state.beehive(p)
        sc = state.scores()[p]
        saved = f"Beehive: {hive} bee{'s' if hive != 1 else ''} saved"
        line = f"= {hive} point{'s' if hive != 1 else ''}"
        if sc.get("bee_bonus"):
            line += f", +{sc['bee_bonus']} most bees"
        after = x + 22 + text_width(saved, 13, True) + 8
        out.append(f'<g class="tl-beehive" data-player="{p}" data-count="{hive}">'
                   + svg_token(x + 10, y + 10, BEE, 10)
                   + svg_text(x + 26, y + 15, saved, 13, "#5A4520", weight="bold")
                   + svg_text(after + 4, y + 15, line, SMALL, "#5A4520")
                   + f"<title>Bees saved by {g.player_name(p)}: 1 point each, 3 more for the "
                   "most bees (ties all get them)</title></g>")
        x = max(420, after + text_width(line, SMALL) + 28)
    if g.chili:
        n = state.hand_count(p)
        out.append(svg_text(x, y + 15, f"Action cards in hand: {n}", 13, "#23346E", "start",
                            "bold",
                            extra=f' class="tl-hand-count" data-player="{p}" data-count="{n}"'))
    if g.bees:
        out.append(_challenges(state, p, y + 26, targets, selection))
    return "".join(out)
