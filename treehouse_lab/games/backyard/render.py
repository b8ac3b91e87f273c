"""Drawing Backyard Builders: an SVG board, a text board and the board's click paths.

The SVG is drawn for one viewer (the seat at the screen; None means the player to move, as
in hot-seat play) and shows only what that seat may see: other players' face-down cards are
plain grey, the deck is a count, and the hand is drawn only for the player holding it.

Colours are chosen to stay apart for colour-blind readers (after the Okabe-Ito palette) and
every floor also carries its colour's letter and a light pattern, so colour is never the
only cue. Targets (docs/dev/contracts.md): ``hand:<card>:up`` plays a card face up (offered
only when it matches) and ``hand:<card>:down`` plays it face down as a wild.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Iterable
from xml.sax.saxutils import escape, quoteattr

from ...core.svg import target_attrs
from ...protocol import Action
from .moves import Play
from .rules import LETTERS, Floor, matches

if TYPE_CHECKING:  # pragma: no cover
    from .state import BackyardState

FILL = {"purple": "#8E5DB0", "green": "#2E9E6B", "yellow": "#F2C53D", "blue": "#2F74C0"}
INK = {"purple": "#FFFFFF", "green": "#FFFFFF", "yellow": "#3A2E00", "blue": "#FFFFFF"}
WILD_FILL, WILD_INK = "#B9B9B9", "#3D3D3D"
PATTERN = {"purple": "tl-by-stripes", "green": "tl-by-dots", "yellow": "tl-by-none",
           "blue": "tl-by-waves"}

COL_W = 176          # one treehouse column
FLOOR_H = 20         # one floor
CARD_GAP = 4         # between stacked cards
CARD_W = 120         # a card in a treehouse
HAND_W, HAND_FLOOR = 104, 38  # a card in the hand
TAB_H = 24           # the "face down" tab under a hand card
FONT = "font-family=\"'Nunito','Trebuchet MS','Segoe UI',sans-serif\""


def _t(x: float, y: float, text: str, size: int = 12, fill: str = "#333", anchor: str = "start",
       weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(text)}</text>')


def _defs() -> str:
    return (
        "<defs>"
        '<pattern id="tl-by-stripes" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="3" height="8" fill="#fff" '
        'opacity="0.18"/></pattern>'
        '<pattern id="tl-by-dots" width="8" height="8" patternUnits="userSpaceOnUse">'
        '<circle cx="4" cy="4" r="1.3" fill="#fff" opacity="0.28"/></pattern>'
        '<pattern id="tl-by-waves" width="12" height="6" patternUnits="userSpaceOnUse">'
        '<path d="M0 4 Q3 1 6 4 T12 4" fill="none" stroke="#fff" stroke-width="1" '
        'opacity="0.3"/></pattern>'
        '<pattern id="tl-by-none" width="8" height="8" patternUnits="userSpaceOnUse"/>'
        '<pattern id="tl-by-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(-45)"><rect width="1.5" height="6" fill="#fff" '
        'opacity="0.35"/></pattern>'
        '<linearGradient id="tl-by-sky" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#EAF4FB"/><stop offset="1" stop-color="#F8F5EC"/>'
        "</linearGradient>"
        '<filter id="tl-by-shadow" x="-10%" y="-10%" width="120%" height="130%">'
        '<feDropShadow dx="0" dy="1.5" stdDeviation="1.5" flood-opacity="0.25"/></filter>'
        "</defs>"
    )


def _shape(x: float, y: float, w: float, h: float, top: bool, bottom: bool, r: float = 6) -> str:
    """A rectangle path with rounded top and/or bottom corners."""
    rt, rb = (r if top else 0), (r if bottom else 0)
    return (f"M{x + rt:g} {y:g} H{x + w - rt:g} Q{x + w:g} {y:g} {x + w:g} {y + rt:g} "
            f"V{y + h - rb:g} Q{x + w:g} {y + h:g} {x + w - rb:g} {y + h:g} H{x + rb:g} "
            f"Q{x:g} {y + h:g} {x:g} {y + h - rb:g} V{y + rt:g} Q{x:g} {y:g} {x + rt:g} {y:g} Z")


def _floor(x: float, y: float, w: float, h: float, f: Floor, size: int = 12,
           top: bool = False, bottom: bool = False) -> str:
    """One floor: colour, pattern, colour letter badge and number."""
    d = _shape(x, y, w, h, top, bottom)
    if f.colour is None:
        return (f'<g class="tl-floor" data-colour="wild">'
                f'<path d="{d}" fill="{WILD_FILL}"/><path d="{d}" fill="url(#tl-by-hatch)"/>'
                + _t(x + 8, y + h / 2 + size * 0.36, "WILD", size - 2, WILD_INK, weight="bold")
                + _t(x + w - 8, y + h / 2 + size * 0.36, str(f.number), size, WILD_INK, "end",
                     "bold") + "</g>")
    fill, ink = FILL[f.colour], INK[f.colour]
    r = min(h / 2 - 2, 8)
    return (f'<g class="tl-floor" data-colour="{f.colour}">'
            f'<path d="{d}" fill="{fill}"/><path d="{d}" fill="url(#{PATTERN[f.colour]})"/>'
            f'<circle cx="{x + 4 + r:g}" cy="{y + h / 2:g}" r="{r:g}" fill="#fff" '
            f'opacity="0.9"/>'
            + _t(x + 4 + r, y + h / 2 + r * 0.42, LETTERS[f.colour], int(r * 1.2) + 1,
                 "#333" if f.colour != "yellow" else "#3A2E00", "middle", "bold")
            + _t(x + w - 8, y + h / 2 + size * 0.36, str(f.number), size, ink, "end", "bold")
            + "</g>")


def _card(x: float, y: float, w: float, fh: float, floors: tuple[Floor, Floor], face_down: bool,
          size: int = 12, attrs: str = "") -> str:
    """A card of two floors, bottom floor drawn below the top floor, rounded corners."""
    fd = ' data-face-down="true"' if face_down else ""
    return (f'<g{attrs}{fd}><g filter="url(#tl-by-shadow)">'
            + _floor(x, y, w, fh, floors[1], size, top=True)
            + _floor(x, y + fh, w, fh, floors[0], size, bottom=True) + "</g>"
            f'<path d="{_shape(x, y, w, 2 * fh, True, True)}" fill="none" stroke="#2b2b2b" '
            f'stroke-opacity="0.5" stroke-width="1.2"/>'
            f'<line x1="{x:g}" y1="{y + fh:g}" x2="{x + w:g}" y2="{y + fh:g}" stroke="#fff" '
            f'stroke-opacity="0.75" stroke-width="1"/></g>')


def _ladder(x: float, y: float, w: float, h: float) -> str:
    rungs = "".join(
        f'<line x1="{x + 14:g}" y1="{y + 6 + i * (h - 10) / 3:g}" x2="{x + w - 14:g}" '
        f'y2="{y + 6 + i * (h - 10) / 3:g}" stroke="#7A4E24" stroke-width="3" '
        'stroke-linecap="round"/>'
        for i in range(4))
    return (f'<g class="tl-ladder"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" '
            f'fill="#E9D3B0" stroke="#A9773F" stroke-width="1.2"/>'
            f'<line x1="{x + 14:g}" y1="{y + 2:g}" x2="{x + 14:g}" y2="{y + h - 2:g}" '
            f'stroke="#7A4E24" stroke-width="3"/>'
            f'<line x1="{x + w - 14:g}" y1="{y + 2:g}" x2="{x + w - 14:g}" y2="{y + h - 2:g}" '
            f'stroke="#7A4E24" stroke-width="3"/>{rungs}'
            + _t(x + w / 2, y + h / 2 + 4, "LADDER", 10, "#5A3815", "middle", "bold",
                 ' letter-spacing="2" opacity="0.85"')
            + "</g>")


def _hammer(x: float, y: float) -> str:
    return (f'<g class="tl-hammer" transform="translate({x:g},{y:g}) rotate(-35)">'
            '<rect x="-1.8" y="-2" width="3.6" height="16" rx="1.5" fill="#8B5A2B"/>'
            '<rect x="-7" y="-6" width="14" height="6" rx="1.5" fill="#5F6B73"/>'
            "<title>Start player (hammer)</title></g>")


def _viewer(state: BackyardState, viewer: int | None) -> int | None:
    if viewer is not None:
        return viewer
    p = state.current_player
    return p if p >= 0 else state.holder


def render_svg(state: BackyardState, viewer: int | None = None, selection: Iterable[str] = (),
               targets: Collection[str] = frozenset()) -> str:
    """The board for ``viewer`` (see the module docstring)."""
    g = state.game
    n = g.players
    selection = set(selection)
    targets = set(targets)
    me = _viewer(state, viewer)
    k = g.cards_each
    width = max(40 + n * COL_W, 780)
    left = (width - n * COL_W) / 2
    top = 96
    stack_h = k * (2 * FLOOR_H + CARD_GAP)
    base = top + 30 + stack_h          # y of the ladder's top
    ladder_h = 34
    scores_y = base + ladder_h + 20
    hand_y = scores_y + 52
    height = hand_y + (2 * HAND_FLOOR + TAB_H + 56 if state.holder is not None else 24)
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-backyard" '
        f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" {FONT} '
        f'data-phase="{state.phase}" data-turn="{state.turn}">',
        _defs(),
        f'<rect width="{width:g}" height="{height:g}" rx="14" fill="url(#tl-by-sky)"/>',
    ]

    # Header: title, status, deck, achievement.
    phase = state.phase
    holder = state.holder
    if phase == "over":
        w = state.winners()
        status = (f"Game over: {g.player_name(w[0])} wins with "
                  f"{state.scores()[w[0]]['total']} points" if w else "Game over")
    elif phase in ("achievement", "start"):
        status = "Setting up: " + ("turning up the achievement card" if phase == "achievement"
                                   else "choosing the start player")
    elif phase == "deal":
        status = f"{g.player_name(holder)} (start player) draws {n} cards"  # type: ignore[arg-type]
    elif phase == "draw":
        status = f"{g.player_name(holder)} draws a card"  # type: ignore[arg-type]
    else:
        status = f"{g.player_name(holder)} to build"  # type: ignore[arg-type]
    out.append(_t(24, 34, g.TITLE, 20, "#2D3B2D", weight="bold"))
    out.append(_t(24, 56, f"{status}  ·  turn {min(state.turn + 1, g.total_plays)} of "
                  f"{g.total_plays}  ·  {k} cards each", 13, "#4A4A4A",
                  extra=' class="tl-status"'))
    # The deck: a small stack with its count.
    dx = 24
    out.append(f'<g class="tl-deck" data-count="{state.deck_count}">'
               + "".join(f'<rect x="{dx + i * 2:g}" y="{66 - i * 2:g}" width="30" height="22" '
                         f'rx="4" fill="#6B8F5E" stroke="#3F5A36"/>' for i in range(3))
               + _t(dx + 42, 84, f"Deck: {state.deck_count} cards", 12, "#3F5A36", weight="bold")
               + "</g>")
    ach = state.achievement
    if ach is not None:
        ax, aw = width - 320, 296
        out.append(f'<g class="tl-achievement" data-achievement={quoteattr(ach.id)}>'
                   f'<rect x="{ax:g}" y="14" width="{aw}" height="62" rx="10" fill="#FFF7E0" '
                   f'stroke="#D9A400" stroke-width="1.5" filter="url(#tl-by-shadow)"/>'
                   + _t(ax + 12, 34, f"★ {ach.name}", 13, "#6B4E00", weight="bold")
                   + _t(ax + aw - 12, 34, f"+{ach.points}", 15, "#6B4E00", "end", "bold")
                   + _t(ax + 12, 54, ach.text, 11, "#5A4A1A")
                   + _t(ax + 12, 69, "Everyone who meets it scores the points", 9, "#8A7A4A")
                   + "</g>")
    elif g.achievements_on:
        out.append(_t(width - 24, 40, "Achievement card: not chosen yet", 12, "#777", "end"))

    # Treehouses.
    scores = state.scores()
    runs = [state.run(p) for p in range(n)]
    for p in range(n):
        cx = left + p * COL_W
        x = cx + (COL_W - CARD_W) / 2
        house = state.treehouse(p)
        mine = p == me
        out.append(f'<g data-treehouse="{p}" data-cards="{len(house)}" '
                   f'data-run="{runs[p].length}" data-score="{scores[p]["total"]}">')
        panel = "#FFFFFF" if mine else "#FBFAF6"
        out.append(f'<rect x="{cx + 6:g}" y="{top:g}" width="{COL_W - 12:g}" '
                   f'height="{scores_y + 34 - top:g}" rx="12" fill="{panel}" '
                   f'stroke="{"#2E7D4F" if p == holder else "#D8D2C4"}" '
                   f'stroke-width="{2.5 if p == holder else 1}"/>')
        label = g.player_name(p) + (" (you)" if mine and viewer is not None else "")
        out.append(_t(cx + COL_W / 2, top + 20, label, 13, "#2D3B2D", "middle", "bold"))
        if p == state.start_player:
            out.append(_hammer(cx + 20, top + 14))
        if p == holder:
            out.append(_t(cx + COL_W / 2, top + 34, "holds the hand", 10, "#2E7D4F", "middle"))
        # Ladder, then cards upward (bottom floor first).
        out.append(_ladder(x, base, CARD_W, ladder_h))
        out.append(f'<rect x="{cx + 10:g}" y="{base + ladder_h:g}" width="{COL_W - 20:g}" '
                   'height="5" rx="2.5" fill="#8DBF6A"/>')
        for i, pc in enumerate(house):
            y = base - (i + 1) * (2 * FLOOR_H + CARD_GAP) + CARD_GAP
            out.append(_card(x, y, CARD_W, FLOOR_H, pc.floors, pc.face_down, 12,
                             f' class="tl-built" data-index="{i}"'))
        run = runs[p]
        if run.length:
            # Floor j (bottom up) of card j//2: its y from the card's top.
            def floor_top(j: int) -> float:
                card_top = base - (j // 2 + 1) * (2 * FLOOR_H + CARD_GAP) + CARD_GAP
                return card_top + (FLOOR_H if j % 2 == 0 else 0)
            y_hi = floor_top(run.start + run.length - 1)
            y_lo = floor_top(run.start) + FLOOR_H
            bonus = scores[p]["run"]
            colour = "#D4A000" if bonus else "#555"
            out.append(f'<g class="tl-run" data-run="{run.length}" data-colour="{run.colour}">'
                       f'<rect x="{x - 4:g}" y="{y_hi - 3:g}" width="{CARD_W + 8:g}" '
                       f'height="{y_lo - y_hi + 6:g}" rx="8" fill="none" stroke="{colour}" '
                       f'stroke-width="{3 if bonus else 1.5}" '
                       f'stroke-dasharray="{"none" if bonus else "5 3"}"/>'
                       + _t(x + CARD_W + 6, (y_hi + y_lo) / 2 - 2, "run", 8, colour)
                       + _t(x + CARD_W + 6, (y_hi + y_lo) / 2 + 9,
                            f"{run.length}", 12, colour, "start", "bold")
                       + "</g>")
        s = scores[p]
        parts = f"floors {s['floors']} + run {s['run']}"
        if g.achievements_on:
            parts += f" + ach. {s['achievement']}"
        out.append(_t(cx + COL_W / 2, scores_y, f"{s['total']} points", 14, "#2D3B2D",
                      "middle", "bold", ' class="tl-score"'))
        out.append(_t(cx + COL_W / 2, scores_y + 16, parts, 10, "#666", "middle"))
        out.append("</g>")

    # The hand.
    out.append(_hand(state, me, width, hand_y, targets, selection))
    out.append("</svg>")
    return "".join(out)


def _hand(state: BackyardState, me: int | None, width: float, y: float,
          targets: Collection[str], selection: Collection[str]) -> str:
    g = state.game
    holder = state.holder
    parts = ['<g class="tl-hand">']
    if holder is None:
        if state.phase == "over":
            msg = (f"The {len(state.discard)} leftover cards were set aside unscored. "
                   "Longest run bonus: outlined in gold.")
        else:
            msg = "Set-up: the start player will draw the hand."
        parts.append(_t(24, y, msg, 12, "#555"))
        parts.append("</g>")
        return "".join(parts)
    hand = state.hand(holder)
    if me != holder:
        parts.append(_t(24, y, f"{g.player_name(holder)} holds the hand ({len(hand)} cards)",
                        13, "#2D3B2D", weight="bold"))
        for i in range(len(hand)):
            x = 24 + i * 34
            parts.append(f'<rect x="{x:g}" y="{y + 12:g}" width="44" height="62" rx="7" '
                         'fill="#6B8F5E" stroke="#3F5A36" filter="url(#tl-by-shadow)"/>')
        parts.append("</g>")
        return "".join(parts)
    top = state.top_floor(holder)
    on = "your ladder" if top is None else ("your wild" if top.colour is None else f"your {top}")
    playing = state.phase == "play"
    head = f"{g.player_name(holder)}'s hand ({len(hand)} cards): build on {on}"
    parts.append(_t(24, y - 8, head, 13, "#2D3B2D", weight="bold"))
    if playing:
        parts.append(_t(24, y + 7, "Click a glowing card to build it face up, or any card's "
                        "tab to build it face down as a wild.", 11, "#666"))
    step = HAND_W + 14
    x0 = 24
    for i, card in enumerate(hand):
        x = x0 + i * step
        cy = y + 18
        fits = matches(top, card)
        up, down = f"hand:{card.id}:up", f"hand:{card.id}:down"
        parts.append(f'<g class="tl-hand-card" data-card={quoteattr(card.id)} '
                     f'data-playable="{"true" if fits else "false"}">')
        if fits:
            parts.append(f'<rect x="{x - 4:g}" y="{cy - 4:g}" width="{HAND_W + 8:g}" '
                         f'height="{2 * HAND_FLOOR + 8:g}" rx="10" fill="#FFE9A8" '
                         'stroke="#E0A800" stroke-width="2.5"/>')
        body = _card(x, cy, HAND_W, HAND_FLOOR, card.floors, False, 15,
                     target_attrs(up, targets, selection, "tl-face-up"))
        if not fits:
            body = f'<g opacity="0.55">{body}</g>'
        parts.append(body)
        parts.append(f'<g{target_attrs(down, targets, selection, "tl-face-down-tab")}>'
                     f'<rect x="{x + 8:g}" y="{cy + 2 * HAND_FLOOR + 6:g}" '
                     f'width="{HAND_W - 16:g}" height="{TAB_H - 4:g}" rx="6" fill="{WILD_FILL}" '
                     'stroke="#777"/>'
                     + _t(x + HAND_W / 2, cy + 2 * HAND_FLOOR + 20, "face down", 10, WILD_INK,
                          "middle", "bold") + "</g>")
        parts.append("</g>")
    parts.append("</g>")
    return "".join(parts)


def click_paths(state: BackyardState, player: int | None = None
                ) -> dict[Action, tuple[str, ...]]:
    """One click per play of ``player`` (None: the player to move): the card (face up) or
    its tab (face down)."""
    actors = state.actors()
    if player is None:
        if len(actors) != 1:
            return {}
        player = actors[0]
    out: dict[Action, tuple[str, ...]] = {}
    for a in state.legal_actions(player):
        if isinstance(a, Play):
            out[a] = (f"hand:{a.card}:{'down' if a.face_down else 'up'}",)
    return out


def render_text(state: BackyardState) -> str:
    """A short text board: status, then each treehouse bottom up, then the hand of the
    player to move (as in hot-seat play; the deck and face-down cards stay hidden)."""
    g = state.game
    n = g.players
    lines = [f"{g.TITLE}: {n} players, {g.cards_each} cards each, "
             f"turn {state.turn}/{g.total_plays}, deck {state.deck_count}"]
    if state.start_player is not None:
        lines.append(f"Start player (hammer): {g.player_name(state.start_player)}")
    ach = state.achievement
    if ach is not None:
        lines.append(f"Achievement: {ach}")
    scores = state.scores()
    for p in range(n):
        house = state.treehouse(p)
        cards = " | ".join(str(pc) for pc in house) or "-"
        s = scores[p]
        extra = f" + ach {s['achievement']}" if g.achievements_on else ""
        mark = " *" if p == state.holder else ""
        lines.append(f"{g.player_name(p)}{mark}: Ladder | {cards}   "
                     f"[floors {s['floors']} + run {s['run']}{extra} = {s['total']}; "
                     f"longest run {state.longest_run(p)}]")
    h = state.holder
    if h is not None:
        lines.append(f"Hand ({g.player_name(h)}): "
                     + (", ".join(c.text for c in state.hand(h)) or "-"))
    if state.is_terminal():
        w = state.winners()
        lines.append(f"Game over: {g.player_name(w[0])} wins." if w else "Game over.")
    return "\n".join(lines)
