"""Each player's working board on the Magical Treehouse board (drawer, deck, storage,
trash, biscuits, familiars left and the village with its pipes) and the hand of the seat
at the screen with its buttons and help lines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection

from ...core.svg import frame, target_attrs
from ...core.zones import UNSEEN
from .render_shapes import (
    FILL,
    INK,
    LETTER,
    button,
    card_back,
    card_face,
    dropped_seats,
    rect,
    seat_name,
    seat_token,
    svg_text,
    title,
    trash_seen,
)
from .stages import Building, Planning, RevealStep, Spell
from .view import building_name

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState

def working_board(state: MagicalState, out: list[str], p: int, x: float, y: float, w: float,
            h: float, viewer: int | None, targets: Collection[str],
            selection: Collection[str]) -> None:
    me = p == viewer
    dropped = dropped_seats(state)[p]
    acting = p in state.actors()
    village = state.village(p)
    vp = sum(b["vp"] for b in village)
    out.append(f'<g class="tl-player" data-player="{p}" data-drawer="{len(state.drawer(p))}" '
               f'data-hand="{state.hand_size(p)}" data-biscuits="{state.biscuits()[p]}" '
               f'data-buildings="{len(village)}" data-dropped="{str(dropped).lower()}">')
    out.append(rect(x, y, w, h, "#FFFFFF" if me else "#FBF8F0",
                     "#2E7D4F" if acting else "#D8CFB8", 10,
                     f' stroke-width="{2.5 if acting else 1}"'))
    out.append(seat_token(x + 16, y + 15, p, 9))
    label = seat_name(state, p) + (" (you)" if me else "")
    out.append(svg_text(x + 32, y + 20, label, 14, "#2D3B2D", weight="bold"))
    badge = _badge(state, p)
    bx = x + 32 + len(label) * 8 + 8
    if badge:
        out.append(rect(bx, y + 6, len(badge) * 7 + 12, 19, "#E3F1E6" if acting else "#EEE",
                         "#8BA069", 8))
        out.append(svg_text(bx + 6, y + 20, badge, 12, "#234", weight="bold"))
    facts = (f"biscuits {state.biscuits()[p]} · familiars left {state.familiar_supply()[p]}"
             f" · hand {state.hand_size(p)} · village {vp} VP")
    if state.is_terminal():   # 4. Scoring, by source
        sc = state.scores()[p]
        facts = f"biscuits {state.biscuits()[p]} · score {sc['total']} VP = " + " + ".join(
            f"{v} {k}" for k, v in sc.items() if k != "total")
    out.append(svg_text(x + w - 10, y + 20, facts, 12.5, "#3B2E14", "end",
                  extra=' class="tl-facts"'))
    # Give a biscuit to a dropped-out player (to move the carriage cards past them).
    btid = f"biscuit:{p}"
    if btid in targets:
        out.append(button(x + 222, y + 4, 112, "Give a biscuit", btid, targets, selection,
                           f"Give {seat_name(state, p)} a biscuit: the cards they would take "
                           "move on to the next carriage"))
    top = y + 28
    _drawer(state, out, p, x + 8, top, viewer, targets, selection, h - 32)
    _village(state, out, p, x + 332, top, w - 340, h - 32, viewer, targets, selection)
    out.append("</g>")


def _badge(state: MagicalState, p: int) -> str:
    top = state.top
    if isinstance(top, (Planning, Spell)):
        if dropped_seats(state)[p]:
            return "done"
        if isinstance(top, Spell):
            sp = state.spell
            return "choosing" if sp and p in sp["to_choose"] else "stopped"
        return "waiting" if state.waiting()[p] else "planning"
    if isinstance(top, RevealStep):
        return "choosing" if p in state.actors() else "chosen"
    if isinstance(top, Building):
        if state.builder == p:
            return "building now"
        if p in state.play_order:
            return f"builds {state.play_order.index(p) + 1}."
    return ""


def _drawer(state: MagicalState, out: list[str], p: int, x: float, y: float,
            viewer: int | None, targets: Collection[str], selection: Collection[str],
            h: float) -> None:
    """Deck, drawer (5 spaces), storage and trash of seat ``p``."""
    me = p == viewer
    drawer = state.drawer(p)
    cw = 50
    ch = 58 if h >= 110 else 44
    # The deck.
    dtid = f"deck:{p}"
    deck = state.deck_sizes()[p]
    out.append(frame(dtid, targets, selection, x, y + 16, 44, ch, pad=3))
    out.append(f'<g{target_attrs(dtid, targets, selection, "tl-deck")} data-count="{deck}">'
               + title(f"Deck of {seat_name(state, p)}: {deck} cards face down")
               + (card_back(x, y + 16, 44, ch, str(deck)) if deck else
                  rect(x, y + 16, 44, ch, "none", "#AAA", 5, ' stroke-dasharray="4 3"'))
               + svg_text(x, y + 12, "deck", 12, "#555") + "</g>")
    # The drawer: face up for its owner only.
    dx = x + 52
    tid = "drawer" if me else None
    out.append(frame(tid, targets, selection, dx - 3, y + 13, 5 * (cw + 2) + 4, ch + 6, pad=3))
    out.append(f'<g{target_attrs(tid, targets, selection, "tl-drawer")} '
               f'data-count="{len(drawer)}">'
               + title(f"Drawer of {seat_name(state, p)}: {len(drawer)} of 5 cards")
               + rect(dx - 3, y + 13, 5 * (cw + 2) + 4, ch + 6, "#F1E9D6", "#C9BB98", 6)
               + svg_text(dx, y + 11, f"drawer {len(drawer)}/5", 12, "#555"))
    for i in range(5):
        sx = dx + i * (cw + 2)
        if i < len(drawer):
            if me:
                cid = drawer[i]
                out.append(frame(f"card:{cid}", targets, selection, sx, y + 16, cw, ch,
                                 rx=6, pad=2))
                out.append(card_face(state, cid, sx, y + 16, cw, ch,
                                      target_attrs(f"card:{cid}", targets, selection,
                                                   "tl-drawer-card")))
            else:
                out.append(card_back(sx, y + 16, cw, ch))
        else:
            out.append(rect(sx, y + 16, cw, ch, "none", "#C9BB98", 5,
                             ' stroke-dasharray="4 3"'))
    out.append("</g>")
    # Storage and trash on one line under the drawer.
    ly = y + ch + 36
    stored = state.storage(p)
    if me and stored:
        out.append(svg_text(x, ly, "storage:", 12, "#555"))
        sw = min(46, 140 / len(stored) - 2)
        for i, (cid, _on) in enumerate(stored):
            out.append(frame(f"card:{cid}", targets, selection, x + 52 + i * (sw + 2), ly - 13,
                             sw, 30, rx=6, pad=2))
            out.append(card_face(state, cid, x + 52 + i * (sw + 2), ly - 13, sw, 30,
                                  target_attrs(f"card:{cid}", targets, selection,
                                               "tl-storage-card")))
    else:
        out.append(svg_text(x, ly, f"storage {len(stored)}" + (" (face down)" if stored else ""),
                      12, "#555", extra=f' class="tl-storage" data-count="{len(stored)}"'))
    trash = trash_seen(state, p, viewer)
    ttid = f"trash:{p}"
    tx, tw = x + 200, 118
    # The top card by its name (as Explain and the log say it); the tooltip lists all the
    # viewer may see (ruling R18: under trash="top", the cards under the top are hidden).
    text = f"trash {len(trash)}" + (f": {trash[-1]}" if trash else "")
    out.append(frame(ttid, targets, selection, tx - 4, ly - 14, tw, 19, pad=3))
    out.append(f'<g{target_attrs(ttid, targets, selection, "tl-trash")} '
               f'data-count="{len(trash)}">'
               + title(f"Trash can of {seat_name(state, p)} (face up, top first): "
                        + ("; ".join("a card you have not seen" if c == UNSEEN
                                     else state.game.cards[c].describe()
                                     for c in reversed(trash)) or "empty"))
               + rect(tx - 4, ly - 14, tw, 19, "#F3F0EA", "#B9A37A", 5)
               + svg_text(tx, ly, text, 12, "#333", fit=tw - 8) + "</g>")


def _card_word(state: MagicalState, cid: str) -> str:
    """A card in a short list: its name, as Explain and the log say it (``red2a``)."""
    return cid


def _village(state: MagicalState, out: list[str], p: int, x: float, y: float, w: float,
             h: float, viewer: int | None, targets: Collection[str],
             selection: Collection[str]) -> None:
    """The buildings in a row (top card's colour, level and VP; face-down ones grey), what
    each stores, and the pipes as lines under them. A face-down card is named only for its
    builder; the others see "face-down building k" (ruling R17)."""
    g = state.game
    village = state.village(p)
    pipes = state.pipes(p)
    stored = state.storage(p)
    per: dict[str, int] = {}
    for _, on in stored:
        per[on] = per.get(on, 0) + 1
    new_tid, down_tid = f"village:{p}", f"facedown:{p}"
    extra = sum(1 for t in (new_tid, down_tid) if t in targets)
    count = max(1, len(village) + extra)
    bw = min(60, (w - 4) / count - 4)
    bh = min(64, h - 40)
    out.append(f'<g class="tl-village" data-player="{p}" data-count="{len(village)}" '
               f'data-pipes="{len(pipes)}">')
    out.append(svg_text(x, y + 12, f"village: {len(village)} building"
                  f"{'' if len(village) == 1 else 's'}, {len(pipes)} pipe"
                  f"{'' if len(pipes) == 1 else 's'}", 12, "#555"))
    xs: dict[str, float] = {}
    for i, b in enumerate(village):
        bx = x + i * (bw + 4)
        by = y + 18
        xs[b["id"]] = bx + bw / 2
        tid = f"stack:{b['id']}"
        depth = len(b["cards"])
        name = building_name(state, p, b["id"], viewer)
        down_word = f"down ({_card_word(state, b['id'])})" if viewer == p else "down"
        levels = " / ".join(_card_word(state, c) if not (k == 0 and b["down"])
                            else down_word for k, c in enumerate(b["cards"]))
        tip = (f"Building {name}: level {b['level']}, {b['vp']} VP"
               + (f", {b['colour']}" if b["colour"] else ", face down")
               + f"; cards bottom to top: {levels}")
        effects = [g.cards[c].power.text for k, c in enumerate(b["cards"])
                   if not (k == 0 and b["down"])]
        if effects:
            tip += "; effects: " + ", ".join(effects)
        attrs = target_attrs(tid, targets, selection, "tl-building")
        out.append(frame(tid, targets, selection, bx, by, bw, bh, rx=6, pad=3))
        out.append(f'<g{attrs} data-building="{name}" data-level="{b["level"]}" '
                   f'data-vp="{b["vp"]}" data-down="{str(b["down"]).lower()}">{title(tip)}')
        for k in range(min(depth, 5) - 1, 0, -1):  # the cards below peek out on top
            out.append(rect(bx, by - 3 * k + 3 * (min(depth, 5) - 1), bw, bh, "#DDD",
                             "#777", 4))
        top_y = by + 3 * (min(depth, 5) - 1)
        if b["colour"]:
            fill, ink = FILL[b["colour"]], INK[b["colour"]]
            # A building is named by its bottom card, as Explain and the log name it
            # ("Build red2a on red1a"); one begun face down keeps the alias others see
            # (building_name, ruling R17), since its bottom card is the secret.
            short = name if name == b["id"] else name.replace("face-down building ", "down ")
            name = short if bw >= 50 else LETTER[b["colour"]]
        else:
            fill, ink, name = "#9A9A9A", "#FFFFFF", "down"
        out.append(rect(bx, top_y, bw, bh - 3 * (min(depth, 5) - 1), fill, "#2B2B2B", 4))
        out.append(svg_text(bx + 3, top_y + 14, name, 12, ink, weight="bold", fit=bw - 6))
        out.append(svg_text(bx + 3, top_y + 28, f"L{b['level']}", 12, ink, fit=bw - 6))
        out.append(svg_text(bx + 3, top_y + 42, f"{b['vp']}VP", 12, ink, weight="bold", fit=bw - 6))
        if per.get(b["id"]):
            out.append(f'<g class="tl-stored" data-count="{per[b["id"]]}">'
                       + rect(bx + 2, top_y + 46, bw - 4, 15, "#FFF3C4", "#B98A2E", 3)
                       + svg_text(bx + bw / 2, top_y + 58, f"{per[b['id']]} stored", 12, "#5A3E00",
                            "middle", fit=bw - 8) + "</g>")
        out.append("</g>")
        stid = f"store:{b['id']}"
        if stid in targets:
            out.append(f'<g{target_attrs(stid, targets, selection, "tl-store")}>'
                       + title(f"Store the card under building {b['id']}")
                       + rect(bx - 1, by + bh - 17, bw + 2, 19, "#FFF3C4", "#B98A2E", 4)
                       + svg_text(bx + bw / 2, by + bh - 3, "store here", 12, "#5A3E00", "middle",
                            "bold", fit=bw - 4) + "</g>")
    # Pipes: a U under the two buildings, each one a little deeper.
    py0 = y + 18 + bh + 6
    for k, (pc, a, b) in enumerate(pipes):
        if a not in xs or b not in xs:
            continue
        x1, x2 = sorted((xs[a], xs[b]))
        d = py0 + 4 + (k % 4) * 5
        tid = f"pipe:{pc}"
        attrs = target_attrs(tid, targets, selection, "tl-pipe")
        ends = " to ".join(building_name(state, p, e, viewer) for e in (a, b))
        out.append(f'<g{attrs} data-pipe="{pc}">{title(f"Pipe {pc}: {ends}")}'
                   f'<path d="M{x1 - 6:g} {py0 - 6:g} V{d:g} H{x2 + 6:g} V{py0 - 6:g}" '
                   'fill="none" stroke="#555" stroke-width="3.5" stroke-linejoin="round"/>'
                   f'<path d="M{x1 - 6:g} {py0 - 6:g} V{d:g} H{x2 + 6:g} V{py0 - 6:g}" '
                   'fill="none" stroke="transparent" stroke-width="10"/></g>')
    sx = x + len(village) * (bw + 4)
    for tid, label, tip in ((new_tid, "new", "Build the card as a new level 1 building"),
                            (down_tid, "face down", "Build the card face down: level 1, 0 VP")):
        if tid in targets:
            out.append(f'<g{target_attrs(tid, targets, selection, "tl-slot")}>'
                       + title(tip)
                       + rect(sx, y + 18, bw, bh, "#F7F0DE", "#2E7D4F", 4,
                               ' stroke-dasharray="5 3" stroke-width="1.5"')
                       + svg_text(sx + bw / 2, y + 18 + bh / 2 + 4, label, 12, "#2E7D4F", "middle",
                            "bold", fit=bw - 4) + "</g>")
            sx += bw + 4
    if not village and not extra:
        out.append(svg_text(x, y + 40, "no buildings yet", 12, "#999",
                      extra=' font-style="italic"'))
    out.append("</g>")


def hand_row(state: MagicalState, out: list[str], p: int, x: float, y: float, w: float,
          h: float, targets: Collection[str], selection: Collection[str]) -> None:
    """The viewer's hand, face up, and the buttons for the viewer's choices."""
    hand = state.hand(p)
    out.append(f'<g class="tl-hand" data-player="{p}" data-count="{len(hand)}">')
    out.append(rect(x, y, w, h, "#FFFDF6", "#B9A37A", 10))
    prompt = _prompt(state, p, targets, selection)
    shown = [(tid, label, tip, 176 if tid.startswith("discard-all:") else 96)
             for tid, label, tip in _buttons(state, p) if tid in targets]
    # The buttons' band: a button (24 high) with its gold frame (3 out, and half its
    # stroke) inside the row's top edge and clear of the cards under it; they were drawn
    # across the edge and under the cards, half hidden (issue 47).
    band = 34
    out.append(svg_text(x + 10, y + 21, f"Your hand ({seat_name(state, p)}): {len(hand)} card"
                  f"{'' if len(hand) == 1 else 's'}" + (f" · {prompt}" if prompt else ""),
                  13, "#3B2E14", weight="bold", fit=w - 30 - sum(bw + 8 for *_, bw in shown)))
    bx = x + w - 8
    for tid, label, tip, bw in shown:
        bx -= bw + 4
        out.append(button(bx, y + 5, bw, label, tid, targets, selection, tip))
    cw = min(76, (w - 16) / max(1, len(hand)) - 4)
    for i, cid in enumerate(hand):
        out.append(frame(f"card:{cid}", targets, selection, x + 8 + i * (cw + 4), y + band,
                         cw, h - band - 4, rx=6, pad=2))
        out.append(card_face(state, cid, x + 8 + i * (cw + 4), y + band, cw, h - band - 4,
                              target_attrs(f"card:{cid}", targets, selection,
                                           "tl-hand-card")))
    if not hand:
        lines = _help(state, p, targets, selection)
        for i, line in enumerate(lines[:4]):
            out.append(svg_text(x + 10, y + 40 + 16 * i, line, 12.5, "#555" if i else "#333",
                          fit=w - 20))
    out.append("</g>")


def _help(state: MagicalState, p: int, targets: Collection[str],
          selection: Collection[str]) -> list[str]:
    """What the viewer can do now, in words (the hand row is empty outside planning)."""
    g = state.game
    first = ["no cards in hand"]
    picked = [t[5:] for t in selection if t.startswith("card:") and t[5:] in g.cards]
    if picked:
        c = g.cards[picked[0]]
        first = [f"Selected: {c.describe()}"]
    if not targets:
        return first
    words = []
    if any(t.startswith("stack:") for t in targets):
        words.append("a glowing building (to build on it, or to join it with a pipe)")
    if f"village:{p}" in targets:
        words.append("'new' for a new building")
    if f"facedown:{p}" in targets:
        words.append("'face down' (level 1, 0 VP)")
    if any(t.startswith("store:") for t in targets):
        words.append("'store here' to keep it in a storage")
    if f"trash:{p}" in targets:
        words.append("your trash can")
    if any(t.startswith("area:") for t in targets):
        words.append("a glowing forest area for your familiar")
    if "reveal" in targets:
        words.append("Reveal")
    if any(t.startswith("card:") for t in targets) and not selection:
        words.insert(0, "one of your glowing cards (drawer or storage)")
    if any(t.startswith("pipe:") for t in targets):
        words.append("a pipe under your village (to move it)")
    if words:
        first.append("Click " + words[0] + ("," if len(words) > 1 else "."))
        first.extend(f"  or {w}." for w in words[1:3])
    return first


def _buttons(state: MagicalState, p: int) -> list[tuple[str, str, str]]:
    n = len(state.hand(p))
    return [(f"discard-all:{p}", f"Discard all {n} card{'' if n == 1 else 's'}?",
             "Put the whole hand in your trash can, spell on top (Back undoes it)"),
            ("finish", "Finish", "Finish building"),
            ("skipfam", "No familiar", "Place no familiar"),
            ("reveal", "Reveal", "Reveal this card for the play order"),
            ("cast", "Cast spell", "Cast the spell: I whistle! Everyone resolves it"),
            (f"keep:{p}", "No exchange", "Exchange nothing"),
            (f"wait:{p}", "Wait", "Wait for the others (if all wait, the eldest moves)"),
            (f"done:{p}", "I'm done!", "Drop out of the planning step (take a biscuit)")]


def _prompt(state: MagicalState, p: int, targets: Collection[str],
            selection: Collection[str]) -> str:
    if not targets:
        return ""
    if set(selection) == {f"trash:{p}"}:
        return "confirm on the right, or click the trash can to keep the hand"
    if selection:
        return "now click where it goes"
    top = state.top
    if isinstance(top, Planning):
        if targets and not any(t.startswith("card:") for t in targets):
            return "take from the carriage, draw 4 from your deck, or drop out"
        if f"trash:{p}" in targets:
            return "click a card, then your drawer (or your trash: discard the hand)"
        return "click a card, then your drawer"
    if isinstance(top, Spell):
        return "choose for the spell"
    if isinstance(top, RevealStep):
        return "click a drawer card, then Reveal"
    if isinstance(top, Building):
        if any(t.startswith("area:") for t in targets):
            return "place a familiar: click a glowing area"
        if not any(t.startswith("card:") for t in targets):
            return "move a pipe (click it, then two buildings), or Finish"
        return "click a drawer card, then where to build it"
    return ""
