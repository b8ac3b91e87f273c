"""Drawing Backyard Builders: an SVG board, a text board and the board's click paths.

The SVG is drawn for one viewer (the seat at the screen) and shows only what that seat may
see, because it is drawn from what that seat sees: core hands this module the seen state
(``DRAWS_SEEN``; ``core.fields.seen_state``), in which every card the zones (view.py) hide
from the viewer is the mark ``UNSEEN``, never its id. A mark is drawn as a back: another
player's face-down card as plain grey (the game's ``placed`` table reads the mark as the
card's back), the deck as a count, a hidden hand as its backs. ``viewer=None`` is nobody:
every hidden card stays hidden (a bot's turn, a picture in a notebook). Cards glow only
when they are ``targets`` (clickable now): a hand drawn for a seat that cannot act looks
inert.

Layout (issue 7, a laptop screen): the treehouses stand side by side with a faint slot for
every card still to come, and the deck, the achievement card and the hand sit to their right
(below them for 4 and 5 players), so the whole board is wider than tall and the hand, its
face-down tabs and the status line under the board fit on a 1366x768 screen.

Colours are chosen to stay apart for colour-blind readers (after the Okabe-Ito palette) and
every floor also carries its colour's letter and a light pattern, so colour is never the
only cue. Every card, the deck, a ladder and the achievement have a ``<title>``: hovering
shows what it is and, for a card in the hand, why it can or cannot go on face up.

Targets (docs/dev/contracts.md): ``hand:<card>:up`` plays a card face up (offered only when
it matches) and ``hand:<card>:down`` plays it face down as a wild. With ``offered=False``
(the board's guide wants no move now) the targets stay, but the hand asks for no click.

Besides ``render_svg`` and ``render_text`` (each kind names its clicks, moves.py), the
module offers the board two optional hooks: ``greyed_actions(state, player)`` (the face-up
plays drawn greyed out, so "Explain" can say why each is not allowed) and
``outcome_text(state)`` (who won and, on a tie on points, the tie-break that decided it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Iterable
from xml.sax.saxutils import quoteattr

from ...core.svg import frame, target_attrs
from ...core.zones import is_unseen
from ...protocol import Action
from .actions import Play
from .drawing import (
    CARD_GAP,
    CARD_W,
    COL_W,
    FLOOR_H,
    FONT,
    HAND_FLOOR,
    HAND_ROW,
    HAND_ROW_H,
    HAND_STEP,
    HAND_W,
    HEAD_H,
    LADDER_H,
    PAD,
    SIDE_W,
    SLOT,
    TAB_H,
    WILD_FILL,
    WILD_INK,
    card_svg,
    defs,
    hammer_svg,
    ladder_svg,
    text,
    title,
)
from .rules import matches
from .stages import PlayStage

if TYPE_CHECKING:  # pragma: no cover
    from .state import BackyardState

#: Core hands ``render_svg`` and ``render_text`` the seen state of the viewer
#: (``core.game.Game.render_svg``), not the true one.
DRAWS_SEEN = True


def text_viewer(state: BackyardState) -> int | None:
    """Whom ``str(state)`` is written for: the seat holding the hand, as in hot-seat play
    (the hand is shown to it; the deck and the others' face-down cards stay hidden)."""
    return state.holder

# -- what the board needs beyond the picture ---------------------------------------------

def outcome_text(state: BackyardState) -> str:
    """Who won, with their points; on a tie on points, the tie-break that decided it
    (Winner of the Game, ruling R5). "" before the end."""
    if not state.is_terminal():
        return ""
    g = state.game
    w, tied, points = _result(state)
    if len(tied) == 1:
        return f"{g.player_name(w)} wins with {points} points"
    others = " and ".join(g.player_name(p) for p in tied if p != w)
    return (f"{g.player_name(w)} wins the tie with {others} on {points} points: of the tied "
            f"players, {g.player_name(w)} sits farthest clockwise from the start player, "
            f"{_start_name(state)}")


def _result(state: BackyardState) -> tuple[int, list[int], int]:
    """(winner, the players tied on the winner's points, those points) at the end."""
    totals = [row["total"] for row in state.scores()]
    w = state.winners()[0]
    return w, [p for p, t in enumerate(totals) if t == totals[w]], totals[w]


def _start_name(state: BackyardState) -> str:
    sp = state.start_player
    return state.game.player_name(sp) if sp is not None else "nobody"


def greyed_actions(state: BackyardState, player: int | None) -> list[Action]:
    """The face-up plays the picture shows greyed out for ``player``: cards in their hand
    that do not match their top floor. The board's "Explain" says why each is refused
    (``state.why_illegal``)."""
    if player is None or not isinstance(state.top, PlayStage) or player != state.holder:
        return []
    top = state.top_floor(player)
    return [Play(c.id) for c in state.hand(player) if not matches(top, c)]


# -- the picture ----------------------------------------------------------------------------

def _status(state: BackyardState) -> str:
    """The status line: the result at the end, else what the top stage waits for (its
    label, stages.py)."""
    if not state.is_terminal():
        return state.waiting_for()
    g = state.game
    w, tied, points = _result(state)
    if len(tied) > 1:
        return f"Game over: {g.player_name(w)} wins the tie on {points} points"
    return f"Game over: {g.player_name(w)} wins with {points} points"


def render_svg(state: BackyardState, viewer: int | None = None, selection: Iterable[str] = (),
               targets: Collection[str] = frozenset(), offered: bool = True) -> str:
    """The board for ``viewer`` (see the module docstring). ``offered`` False: the viewer
    is not asked to move now (a board's guide wants no move, e.g. a lesson's step to read),
    so the hand does not say "click", though its cards stay targets."""
    g = state.game
    n = g.players
    selection = set(selection)
    targets = set(targets)
    k = g.cards_each
    col_h = 40 + k * SLOT + LADDER_H + 44
    sx = PAD + n * _col_w(n) + 16        # the side panel: deck, achievement, hand
    hand_y = HEAD_H + (116 if g.achievements_on else 42)
    # The hand holds players + 1 cards after a draw; at the end there is none (ruling R2).
    rows = -(-(n + 1) // HAND_ROW) if state.holder is not None else 0
    panel_h = hand_y - HEAD_H + (72 + rows * HAND_ROW_H if rows else 100)
    width = sx + SIDE_W + PAD
    height = HEAD_H + max(col_h, panel_h) + 12
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-backyard" '
        f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" {FONT} '
        f'data-phase="{state.stage}" data-turn="{state.turn}">',
        defs(),
        f'<rect width="{width:g}" height="{height:g}" rx="14" fill="url(#tl-by-sky)"/>',
        text(PAD, 30, g.TITLE, 19, "#2D3B2D", weight="bold"),
        text(PAD, 50, f"{_status(state)}  ·  turn {min(state.turn + 1, g.total_plays)} of "
           f"{g.total_plays}  ·  {k} cards each", 13, "#4A4A4A", extra=' class="tl-status"'),
    ]
    out.append(_treehouses(state, viewer, PAD, HEAD_H, col_h))
    out.append(_deck_and_achievement(state, sx, HEAD_H))
    out.append(_hand(state, viewer, sx, hand_y, targets, selection, offered))
    spare = HEAD_H + col_h - (HEAD_H + panel_h)
    if spare >= 96 and state.holder is not None:
        out.append(_how_to_build(sx, HEAD_H + col_h - 88))
    out.append("</svg>")
    return "".join(out)


def _how_to_build(x: float, y: float) -> str:
    """The matching rule, under the hand where there is room: what a glowing card means."""
    lines = ["How to Build Your Treehouse: a card goes on face up",
             "when its bottom floor matches the colour or the number",
             "of your top floor; the ladder and grey wilds match all.",
             "Any card may go on face down: a wild that scores 0",
             "and breaks colour runs."]
    return ('<g class="tl-rules">'
            f'<rect x="{x:g}" y="{y:g}" width="{SIDE_W:g}" height="86" rx="8" fill="#FFFFFF" '
            'fill-opacity="0.6" stroke="#D8D2C4"/>'
            + "".join(text(x + 10, y + 17 + 15 * i, line, 10.5, "#555")
                      for i, line in enumerate(lines))
            + "</g>")


def _col_w(players: int) -> int:
    """A treehouse column's width: five columns are narrower, so that a five-player board
    is still drawn near its natural size in a notebook on a laptop."""
    return COL_W if players <= 4 else 124


def _treehouses(state: BackyardState, viewer: int | None, x0: float, y0: float,
                col_h: float) -> str:
    g = state.game
    n, k = g.players, g.cards_each
    holder = state.holder
    scores = state.scores()
    runs = [state.run(p) for p in range(n)]
    base = y0 + 40 + k * SLOT          # the ladder's top
    col_w = _col_w(n)
    card_w = col_w - (COL_W - CARD_W)
    out: list[str] = []
    for p in range(n):
        cx = x0 + p * col_w
        # Left of centre: the run label goes in the gutter on the right, between the run's
        # outline and the column's edge (issue 47: it crossed the edge).
        x = cx + 13
        house = state.treehouse(p)
        mine = viewer is not None and p == viewer
        out.append(f'<g data-treehouse="{p}" data-cards="{len(house)}" '
                   f'data-run="{runs[p].length}" data-score="{scores[p]["total"]}">')
        out.append(f'<rect x="{cx + 4:g}" y="{y0:g}" width="{col_w - 8:g}" '
                   f'height="{col_h:g}" rx="12" fill="{"#FFFFFF" if mine else "#FBFAF6"}" '
                   f'stroke="{"#2E7D4F" if p == holder else "#D8D2C4"}" '
                   f'stroke-width="{2.5 if p == holder else 1}"/>')
        label = g.player_name(p) + (" (you)" if mine else "")
        out.append(text(cx + col_w / 2, y0 + 19, label, 13, "#2D3B2D", "middle", "bold"))
        if p == state.start_player:
            out.append(hammer_svg(cx + 18, y0 + 13))
        if p == holder:
            out.append(text(cx + col_w / 2, y0 + 33, "holds the hand", 10, "#2E7D4F", "middle"))
        # Faint slots for the cards still to come: the column shows how tall it will grow.
        for i in range(len(house), k):
            y = base - (i + 1) * SLOT + CARD_GAP
            out.append(f'<rect x="{x + 3:g}" y="{y + 1:g}" width="{card_w - 6:g}" '
                       f'height="{2 * FLOOR_H - 2:g}" rx="6" fill="none" stroke="#CFC8B6" '
                       'stroke-dasharray="4 4" stroke-width="1"/>')
        out.append(ladder_svg(x, base, card_w, LADDER_H))
        out.append(f'<rect x="{cx + 10:g}" y="{base + LADDER_H:g}" width="{col_w - 20:g}" '
                   'height="4" rx="2" fill="#8DBF6A"/>')
        for i, (pc, (cid, _)) in enumerate(zip(house, state.treehouses[p])):
            y = base - (i + 1) * SLOT + CARD_GAP
            if not pc.face_down:
                tip = f"{g.player_name(p)}'s card {i + 1}: {pc.card.text}"
            elif not is_unseen(cid):  # only its owner sees a face-down card
                tip = f"Your card {i + 1}: {pc.card.text}, built face down as a wild"
            else:
                tip = (f"{g.player_name(p)}'s card {i + 1}: face down, a wild (grey floors "
                       f"score {g.wild_points} each)")
            out.append(card_svg(x, y, card_w, FLOOR_H, pc.floors, pc.face_down, 11,
                             f' class="tl-built" data-index="{i}"', tip))
        out.append(_run(x, base, card_w, runs[p], scores[p]["run"],
                        (x + card_w + 4 + cx + col_w - 4) / 2))
        s = scores[p]
        parts = f"floors {s['floors']} + run {s['run']}"
        if g.achievements_on:
            parts += f" + ach. {s['achievement']}"
        sy = base + LADDER_H + 22
        out.append(text(cx + col_w / 2, sy, f"{s['total']} points", 14, "#2D3B2D",
                      "middle", "bold", ' class="tl-score"'))
        out.append(text(cx + col_w / 2, sy + 15, parts, 10, "#666", "middle", fit=col_w - 14))
        out.append("</g>")
    return "".join(out)


def _run(x: float, base: float, card_w: float, run, bonus: int, label_x: float) -> str:
    """The outline around a treehouse's longest run, its length centred on ``label_x``."""
    if not run.length:
        return ""

    def floor_top(j: int) -> float:  # floor j (bottom up) belongs to card j // 2
        card_top = base - (j // 2 + 1) * SLOT + CARD_GAP
        return card_top + (FLOOR_H if j % 2 == 0 else 0)

    y_hi = floor_top(run.start + run.length - 1)
    y_lo = floor_top(run.start) + FLOOR_H
    colour = "#D4A000" if bonus else "#555"
    what = (f"Longest run: {run.length} {run.colour} floor{'s' if run.length > 1 else ''}"
            + (f", the longest in the game: +{bonus} points" if bonus else
               ", not the longest in the game"))
    return (f'<g class="tl-run" data-run="{run.length}" data-colour="{run.colour}">'
            + title(what)
            + f'<rect x="{x - 4:g}" y="{y_hi - 3:g}" width="{card_w + 8:g}" '
            f'height="{y_lo - y_hi + 6:g}" rx="8" fill="none" stroke="{colour}" '
            f'stroke-width="{3 if bonus else 1.5}" '
            f'stroke-dasharray="{"none" if bonus else "5 3"}"/>'
            + text(label_x, (y_hi + y_lo) / 2 - 2, "run", 12, colour, "middle", fit=17)
            + text(label_x, (y_hi + y_lo) / 2 + 10, f"{run.length}", 11, colour,
                 "middle", "bold")
            + "</g>")


def _deck_and_achievement(state: BackyardState, x: float, y: float) -> str:
    g = state.game
    out = [f'<g class="tl-deck" data-count="{state.deck_count}">'
           + title(f"The draw deck: {state.deck_count} cards, drawn at random")
           + "".join(f'<rect x="{x + i * 2:g}" y="{y + 6 - i * 2:g}" width="28" height="20" '
                     f'rx="4" fill="#6B8F5E" stroke="#3F5A36"/>' for i in range(3))
           + text(x + 40, y + 21, f"Deck: {state.deck_count} cards", 12, "#3F5A36",
                weight="bold")
           + "</g>"]
    ach = state.achievement
    ay = y + 36
    if ach is not None:
        aw = SIDE_W
        out.append(f'<g class="tl-achievement" data-achievement={quoteattr(ach.id)}>'
                   + title(f"Achievement card: {ach.name}, +{ach.points} points to everyone "
                            f"who meets it at the end: {ach.text}")
                   + f'<rect x="{x:g}" y="{ay:g}" width="{aw}" height="62" rx="10" '
                   'fill="#FFF7E0" stroke="#D9A400" stroke-width="1.5" '
                   'filter="url(#tl-by-shadow)"/>'
                   + text(x + 12, ay + 20, f"★ {ach.name}", 13, "#6B4E00", weight="bold")
                   + text(x + aw - 12, ay + 20, f"+{ach.points}", 15, "#6B4E00", "end", "bold")
                   + text(x + 12, ay + 40, ach.text, 11, "#5A4A1A")
                   + text(x + 12, ay + 55, "Everyone who meets it scores the points", 10,
                        "#8A7A4A")
                   + "</g>")
    elif g.achievements_on:
        out.append(text(x, ay + 20, "Achievement card: not chosen yet", 12, "#777"))
    return "".join(out)


def _hand(state: BackyardState, me: int | None, x0: float, y: float,
          targets: Collection[str], selection: Collection[str], offered: bool = True) -> str:
    g = state.game
    holder = state.holder
    parts = ['<g class="tl-hand">']
    if holder is None:
        if state.is_terminal():
            lines = _end_lines(state)
        else:
            lines = ["Set-up: the start player will draw the hand."]
        parts += [text(x0, y + 16 + 16 * i, line, 12, "#555") for i, line in enumerate(lines)]
        parts.append("</g>")
        return "".join(parts)
    cy = y + 58
    if me != holder:
        # Nobody at the screen may see this hand (a bot's, another player's, or a picture
        # drawn for nobody): its backs only (in the seen state it is marks).
        count = len(state.hand_cards)
        parts.append(text(x0, y + 14, f"{g.player_name(holder)} holds the hand "
                        f"({count} cards)", 13, "#2D3B2D", weight="bold"))
        parts.append(text(x0, y + 31, "Their cards are hidden from this screen.", 11, "#666"))
        for i in range(count):
            parts.append(f'<rect x="{x0 + i * 34:g}" y="{y + 42:g}" width="44" height="62" '
                         'rx="7" fill="#6B8F5E" stroke="#3F5A36" filter="url(#tl-by-shadow)">'
                         f"{title('A card in the hand (hidden from this screen)')}</rect>")
        parts.append("</g>")
        return "".join(parts)
    hand = state.hand(holder)
    top = state.top_floor(holder)
    on = ("the ladder: any card fits" if top is None
          else "a wild: any card fits" if top.colour is None else f"{top}")
    clickable = any(f"hand:{c.id}:{how}" in targets for c in hand for how in ("up", "down"))
    parts.append(text(x0, y + 14, f"Your hand, {g.player_name(holder)} ({len(hand)} cards)",
                    13, "#2D3B2D", weight="bold"))
    parts.append(text(x0, y + 30, f"Your top floor: {on}", 11, "#444"))
    if clickable and not offered:
        hint = ["Nothing to click just now."]
    elif clickable:
        hint = ["Click a glowing card to build it face up,",
                "or the tab under any card to build it face down."]
    elif isinstance(state.top, PlayStage):
        hint = ["Not your turn at this screen: nothing to click."]
    else:
        hint = ["Waiting for the draw."]
    parts += [text(x0, y + 44 + 12 * i, line, 10.5, "#666") for i, line in enumerate(hint)]
    cy += 12 * (len(hint) - 1)
    playing = isinstance(state.top, PlayStage)
    for i, card in enumerate(hand):
        x = x0 + (i % HAND_ROW) * HAND_STEP + 4
        yy = cy + (i // HAND_ROW) * HAND_ROW_H
        fits = matches(top, card)
        up, down = f"hand:{card.id}:up", f"hand:{card.id}:down"
        parts.append(f'<g class="tl-hand-card" data-card={quoteattr(card.id)} '
                     f'data-playable="{"true" if fits else "false"}">')
        # Glow only what can be clicked now (the shared gold frame, core.svg.frame).
        parts.append(frame(up, targets, (), x, yy, HAND_W, 2 * HAND_FLOOR, rx=10))
        if playing:
            tip = (state.explain(Play(card.id), by=holder) if fits
                   else f"{card.text} cannot go on face up. "
                   + state.why_illegal(Play(card.id), by=holder))
        else:
            tip = card.text
        body = card_svg(x, yy, HAND_W, HAND_FLOOR, card.floors, False, 14,
                     target_attrs(up, targets, selection, "tl-face-up"), tip)
        if playing and not fits:
            body = f'<g opacity="0.5">{body}</g>'
        parts.append(body)
        ty = yy + 2 * HAND_FLOOR + 5
        # The tab names its card (issue 47: the hand's tabs all read the same rule, so a
        # screen reader could not tell one from another).
        tab_tip = f"{card.text} face down: " + (
            state.explain(Play(card.id, True), by=holder) if playing
            else "build this card face down as a wild")
        parts.append(f'<g{target_attrs(down, targets, selection, "tl-face-down-tab")}>'
                     + title(tab_tip)
                     + f'<rect x="{x + 8:g}" y="{ty:g}" width="{HAND_W - 16:g}" '
                     f'height="{TAB_H - 4:g}" rx="6" fill="{WILD_FILL}" stroke="#777"/>'
                     + text(x + HAND_W / 2, ty + 13, "face down", 10, WILD_INK, "middle", "bold")
                     + "</g>")
        parts.append("</g>")
    parts.append("</g>")
    return "".join(parts)


def _end_lines(state: BackyardState) -> list[str]:
    """The end of the game in a few short lines: who won, how a tie on points was broken,
    what became of the hand (R2)."""
    g = state.game
    w, tied, points = _result(state)
    if len(tied) == 1:
        lines = [f"{g.player_name(w)} wins with {points} points."]
    else:
        names = ", ".join(g.player_name(p) for p in tied[:-1]) + " and " + g.player_name(tied[-1])
        lines = [f"{names} tie on {points} points.",
                 "Winner of the Game: the tied player farthest",
                 f"clockwise from the start player ({_start_name(state)})",
                 f"wins the tie: {g.player_name(w)}."]
    return lines + [f"The {len(state.leftover)} leftover cards were set aside,",
                    "unscored. The longest run bonus is outlined in gold."]


def render_text(state: BackyardState) -> str:
    """A short text board: status, then each treehouse bottom up, then the hand if the
    viewer sees it (``str(state)`` is written for the holder, ``text_viewer``; the deck
    and face-down cards stay hidden)."""
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
    if h is not None and any(map(is_unseen, state.hand_cards)):
        lines.append(f"Hand ({g.player_name(h)}): {len(state.hand_cards)} cards, hidden")
    elif h is not None:
        lines.append(f"Hand ({g.player_name(h)}): "
                     + (", ".join(c.text for c in state.hand(h)) or "-"))
    if state.is_terminal():
        lines.append(f"Game over: {outcome_text(state)}.")
    return "\n".join(lines)
