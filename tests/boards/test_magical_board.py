"""The live board on Magical Treehouse (issue 10, "2. The board"), driven as the browser
drives it: the seat at the screen clicks in the real-time planning step, hidden cards stay
hidden from every other seat, and the picture shows the forest, the carriages, the villages
and the turn order arrow."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import treehouse_lab as tl
from treehouse_lab.core.seating import players_phrase
from treehouse_lab.games.magical.moves import Place

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def board():
    """Player 1 at the screen against two random bots, at the planning step."""
    return tl.Board(tl.load_game("magical", players=3), seed=1, bots={1: "random", 2: "random"})


def cards_drawn(svg: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', svg))


#: What the test driver prefers (higher first): build face up, place familiars, fill the
#: drawer, so that a few rounds give villages, pipes and familiars to draw.
PREFER = {"build": 6, "place_familiar": 6, "place": 5, "pipe": 5, "take": 4, "draw_four": 4,
          "store": 3, "cast": 2}


def played_until(players: int, seed: int, done, limit: int = 5000,
                 prefer: dict | None = None) -> tl.Match:
    """A match where every seat plays a seeded greedy choice (random among the kinds of
    action it prefers), stepped until ``done(state)``."""
    m = tl.Match(tl.load_game("magical", players=players), seed=seed)
    prefer = PREFER if prefer is None else {**PREFER, **prefer}
    rng = random.Random(seed)
    for _ in range(limit):
        s = m.state
        if done(s) or s.is_terminal():
            break
        if s.is_chance_node():
            m.step()
            continue
        p = rng.choice(s.actors())
        acts = s.legal_actions(p)
        best = max(prefer.get(a.KIND, 1) for a in acts)
        m.play(rng.choice([a for a in acts if prefer.get(a.KIND, 1) == best]), by=p)
    assert done(m.state), "the match never reached the position asked for"
    return m


def test_the_board_opens_on_the_planning_step_with_the_viewers_hand_clickable(board):
    s = board.state
    assert s.stage == "planning" and 0 in s.actors() and board.viewer == 0
    hand = s.hand(0)
    assert hand
    svg = board.view.svg
    assert {f"card:{c}" for c in hand if s.game.cards[c].kind != "spell"} <= board.targets()
    assert set(hand) <= cards_drawn(svg)
    # The first clicks are exactly the first steps of Player 1's legal actions.
    firsts = {p[0] for p in s.click_paths(0).values()}
    assert board.targets() == firsts
    assert set(re.findall(r'data-target="([^"]+)"', svg)) == firsts


def test_a_seat_clicked_in_the_planning_step_places_a_card_in_its_drawer(board):
    s = board.state
    card = next(c for c in sorted(s.hand(0)) if s.game.cards[c].kind != "spell")
    hand_before, drawer_before = len(s.hand(0)), len(s.drawer(0))
    board.click(f"card:{card}")
    assert board.selection == (f"card:{card}",)
    assert "drawer" in board.targets()
    assert re.search(r'<g class="[^"]*tl-drawer[^"]*tl-target[^"]*"[^>]*data-target="drawer"',
                     board.view.svg)
    board.click("drawer")
    assert (0, Place(card)) in board.match.moves
    after = board.match.state
    assert card in after.drawer(0) and len(after.drawer(0)) >= drawer_before + 1
    assert card not in after.hand(0)
    # The rest of the hand went on a carriage (the bots may have moved on since).
    assert sum(after.card_census()[k] for k in ("hands", "carriages", "drawers")) > 0
    assert hand_before > 1
    svg = board.view.svg
    drawer = re.search(r'<g class="tl-player" data-player="0" data-drawer="(\d+)"', svg)
    assert drawer and int(drawer.group(1)) == len(after.drawer(0))
    assert f'data-card="{card}"' in svg  # the viewer sees their own drawer card face up


def test_other_players_hands_and_drawers_never_appear_in_the_viewers_picture(board):
    s = board.state
    board.click(next(iter(sorted(t for t in board.targets() if t.startswith("card:")))))
    board.click("drawer")
    s = board.match.state
    for viewer in range(3):
        svg = s.render_svg(viewer=viewer)
        hidden = s.hidden_from(viewer)
        assert hidden, "something is always hidden in the planning step"
        assert not cards_drawn(svg) & hidden
        root = ET.fromstring(svg)
        shown = {v for e in root.iter() for v in e.attrib.values()}
        shown |= {t.strip() for e in root.iter() for t in (e.text, e.tail) if t}
        assert not shown & hidden
        for p in range(3):
            if p != viewer:
                assert not set(s.hand(p)) & cards_drawn(svg)
                assert not set(s.drawer(p)) & cards_drawn(svg)
    nobody = s.render_svg()
    assert not {c for p in range(3) for c in s.hand(p) + s.drawer(p)} & cards_drawn(nobody)
    assert "personal objectives: face down" in nobody
    text = s.game.render_text(s)
    assert not any(re.search(rf"\b{re.escape(c)}\b", text) for c in s.hidden_from(0))


def test_the_hand_row_is_drawn_only_for_the_seat_at_the_screen(board):
    s = board.state
    svg0 = s.render_svg(viewer=0)
    svg1 = s.render_svg(viewer=1)
    assert re.search(r'<g class="tl-hand" data-player="0" data-count="(\d+)"', svg0)
    assert 'class="tl-hand" data-player="1"' not in svg0
    assert cards_drawn(svg1).isdisjoint(s.hand(0))
    assert 'class="tl-hand"' not in s.render_svg()  # nobody at the screen: no hand


def test_the_forest_shows_every_familiar_with_its_seat():
    m = played_until(4, 3, lambda s: sum(v is not None for v in s.forest().values()) >= 3)
    s = m.state
    svg = s.render_svg(viewer=0)
    drawn = dict(re.findall(r'data-area="([^"]+)" data-outermost="[a-z]+" '
                            r'data-familiar="(\d*)"', svg))
    assert set(drawn) == set(s.forest())
    assert {a: int(v) for a, v in drawn.items() if v} == \
        {a: q for a, q in s.forest().items() if q is not None}
    forest = re.search(r'<g class="tl-forest" data-side="(\w+)" data-familiars="(\d+)"', svg)
    assert forest and forest.group(1) == "day"
    assert int(forest.group(2)) == sum(v is not None for v in s.forest().values())


def test_villages_pipes_and_carriages_are_counted_as_the_state_has_them():
    m = played_until(4, 5, lambda s: s.round >= 2 and s.stage == "planning")
    s = m.state
    svg = s.render_svg(viewer=1)
    for p in range(4):
        v = re.search(rf'<g class="tl-village" data-player="{p}" data-count="(\d+)" '
                      r'data-pipes="(\d+)"', svg)
        assert v and (int(v.group(1)), int(v.group(2))) == (len(s.village(p)), len(s.pipes(p)))
    counts = {int(i): int(c) for i, c in
              re.findall(r'data-carriage="(\d+)" data-count="(\d+)"', svg)}
    assert counts == dict(enumerate(s.carriages_counts()))
    assert f'data-direction="{s.direction}"' in svg


def test_the_turn_order_arrow_follows_the_direction(board):
    s = board.state
    d = s.to_json()
    d["direction"] = -s.direction
    flipped = s.game._state_from_json(d)
    a, b = s.render_svg(viewer=0), flipped.render_svg(viewer=0)
    assert 'class="tl-turn-order" data-direction="1"' in a and ">clockwise<" in a
    assert 'class="tl-turn-order" data-direction="-1"' in b and ">anticlockwise<" in b
    # and the carriage Player 1 takes from follows it
    assert flipped.take_carriage(0) != s.take_carriage(0)


def test_a_spell_being_resolved_shows_who_still_has_to_choose():
    m = played_until(4, 1, lambda s: s.stage == "spell", prefer={"cast": 9})
    s = m.state
    todo = s.spell["to_choose"]
    assert todo
    svg = s.render_svg(viewer=todo[0])
    assert "Spell cast by " + s.game.player_name(s.spell["caster"]) in svg
    assert "still choosing: " + players_phrase(todo) in svg      # "Players 2 and 3"
    assert "still choosing: " + ", ".join(s.game.player_name(p) for p in todo) in \
        s.game.render_text(s)
    badges = re.findall(r'<text[^>]*>(choosing|stopped|done)</text>', svg)
    assert badges.count("choosing") == len(todo)


def test_building_a_card_by_clicking_grows_the_village():
    m = played_until(3, 2, lambda s: s.stage == "building" and any(
        a.KIND == "build" for a in s.legal_actions(s.builder)))
    p = m.state.builder
    b = tl.Board(m, viewer=p, autorun=False)
    action, path = next((a, pth) for a, pth in m.game.click_paths(m.state, p).items()
                        if a.KIND == "build")
    before = len(m.state.village(p)) + sum(len(x["cards"]) for x in m.state.village(p))
    for target in path:
        assert target in b.targets()
        b.click(target)
    assert m.moves[-1] == (p, action)
    after = len(m.state.village(p)) + sum(len(x["cards"]) for x in m.state.village(p))
    assert after > before
    assert action.card in {c for x in m.state.village(p) for c in x["cards"]}
    root = ET.fromstring(b.view.svg)
    panel = next(e for e in root.iter(f"{NS}g")
                 if e.get("class") == "tl-player" and e.get("data-player") == str(p))
    drawer = next(e for e in panel.iter(f"{NS}g") if "tl-drawer" in (e.get("class") or ""))
    village = next(e for e in panel.iter(f"{NS}g") if e.get("class") == "tl-village")
    assert action.card not in {e.get("data-card") for e in drawer.iter()}
    assert int(drawer.get("data-count")) == len(m.state.drawer(p))
    assert int(village.get("data-count")) == len(m.state.village(p))


@pytest.mark.parametrize("players", [3, 4])
def test_the_picture_fits_a_laptop_screen_at_readable_sizes(players):
    """JupyterLab draws the board about 918 pixels wide beside its file browser, at most
    1.2 times its own size (widgets/board.js), with no height cap: a taller picture
    scrolls inside the board (widgets/board.css). Its smallest text must be 11 pixels or
    more once scaled (issue 18; the browser test measures it on screen too)."""
    m = played_until(players, 2, lambda s: s.stage == "building" and s.round >= 2)
    for viewer in (None, 0):
        svg = m.state.render_svg(viewer=viewer)
        w, _h = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
        scale = min(918 / w, 1.2)
        smallest = min(float(x) for x in re.findall(r'font-size="([\d.]+)"', svg))
        assert smallest * scale >= 11, (smallest, scale)


def test_a_whole_game_on_the_board_with_bots():
    b = tl.Board(tl.load_game("magical", players=3), seed=4,
                 bots={0: "random", 1: "random", 2: "random"})
    b.match.run()
    b.refresh()
    assert b.state.is_terminal()
    assert "Game over" in b.view.svg
    assert "Scores:" in b.state.game.render_text(b.state)


def test_discarding_the_whole_hand_asks_to_confirm_on_a_discard_all_button():
    """Issue 18: one click on the trash can threw away the whole 8-card hand. The first
    click only asks: a "Discard all N cards?" button appears, which does it; the trash can
    clicked again keeps the hand, and so does any other click."""
    from treehouse_lab.games.magical.moves import DiscardHand

    def opens_with_a_spell(seed):
        b = tl.Board(tl.load_game("magical", players=3), seed=seed,
                     bots={1: "random", 2: "random"})
        return b if DiscardHand() in b.state.legal_actions(0) else None

    board = next(b for b in map(opens_with_a_spell, range(1, 60)) if b)
    hand, steps = board.state.hand(0), board.match.position
    board.click("trash:0")
    assert board.selection == ("trash:0",) and board.match.position == steps
    assert board.state.hand(0) == hand
    assert "discard-all:0" in board.targets()
    assert f">Discard all {len(hand)} cards?</text>" in board.view.svg
    assert "confirm on the right, or click the trash can to keep the hand" in board.view.svg
    # The trash can again keeps the hand, and so does anything else: nothing is discarded.
    assert board.click("trash:0") == "Put back."
    assert board.selection == () and board.state.hand(0) == hand
    assert "Discard all" not in board.view.svg
    board.click("trash:0")
    card = next(c for c in hand if board.state.game.cards[c].kind != "spell")
    board.click(f"card:{card}")
    assert board.selection == () and board.state.hand(0) == hand
    assert (0, DiscardHand()) not in board.match.moves
    board.click("trash:0")
    board.click("discard-all:0")
    assert (0, DiscardHand()) in board.match.moves
    assert board.match.state.hand(0) == []


def _box(rect: ET.Element, grow: float = 0.0) -> tuple[float, float, float, float]:
    """``rect``'s x0, y0, x1, y1, grown by ``grow`` on every side (half a stroke)."""
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    w, h = float(rect.get("width")), float(rect.get("height"))
    return (x - grow, y - grow, x + w + grow, y + h + grow)


def _apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("cards", [8, 25])
def test_the_discard_all_button_lies_inside_the_hand_row_clear_of_the_cards(cards):
    """Issue 47, item 7: the "Discard all 25 cards?" button was half hidden: its gold
    frame crossed the hand row's top edge and the hand's cards, drawn after it, covered its
    lower part. The button with its frame (and half its stroke) now lies inside the hand
    row's box and meets no card, for a hand of full-width cards (8) and of narrow strips
    (25, the issue's hand)."""
    from tl_magical_setups import make, seats

    from treehouse_lab.games.magical.render import render_svg

    g = tl.load_game("magical", players=3)
    kinds = ("red", "green", "blue", "purple", "yellow", "pipe")
    hand = [c for c in g.card_ids if c.startswith(kinds)][:cards - 1] + ["spell1"]
    state = make(g, hands=seats(3, **{"0": hand}))
    root = ET.fromstring(render_svg(state, 0, ["trash:0"], {"trash:0", "discard-all:0"}))
    row = root.find(f".//{NS}g[@class='tl-hand']")
    assert row is not None and row.get("data-count") == str(cards)
    row_box = _box(row.find(f"{NS}rect"))
    button = row.find(f".//{NS}g[@data-target='discard-all:0']")
    assert button.find(f"{NS}text").text == f"Discard all {cards} cards?"
    gold = row.find(f"{NS}rect[@data-frame-for='discard-all:0']")
    shapes = [("button", _box(button.find(f"{NS}rect"))),
              ("button's gold frame", _box(gold, float(gold.get("stroke-width")) / 2))]
    card_boxes = [_box(c.find(f"{NS}rect")) for c in row.iter(f"{NS}g") if c.get("data-card")]
    assert len(card_boxes) == cards
    for name, (x0, y0, x1, y1) in shapes:
        assert (row_box[0] <= x0 and row_box[1] <= y0 and x1 <= row_box[2]
                and y1 <= row_box[3]), f"the {name} {x0, y0, x1, y1} leaves the hand row {row_box}"
        hit = [c for c in card_boxes if not _apart((x0, y0, x1, y1), c)]
        assert not hit, f"the {name} {x0, y0, x1, y1} meets the cards {hit}"


def test_what_may_be_clicked_has_a_gold_frame_and_the_pick_stays_framed():
    """Issue 18, feedback like Backyard's (``core.svg.frame``): every card of the opening
    hand sits on a gold frame; a clicked card keeps a "picked" frame, and the drawer it may
    go to gets a gold one, until the move completes."""
    board = tl.Board(tl.load_game("magical", players=3), seed=8,
                     bots={1: "random", 2: "random"})
    hand = board.state.hand(0)
    svg = board.view.svg
    for cid in hand:
        assert re.search(rf'class="tl-gold-frame"[^>]*/><g class="tl-hand-card tl-target" '
                         rf'data-target="card:{cid}"', svg), cid
    assert "tl-picked-frame" not in svg
    card = next(c for c in hand if board.state.game.cards[c].kind != "spell")
    board.click(f"card:{card}")
    svg = board.view.svg
    assert svg.count('class="tl-picked-frame"') == 1
    assert re.search(rf'class="tl-picked-frame">.*?</g><g class="tl-hand-card tl-target '
                     rf'tl-selected" data-target="card:{card}"', svg)
    assert re.search(r'class="tl-gold-frame"[^>]*/><g class="tl-drawer tl-target"', svg)
    board.click("drawer")
    assert card in board.state.drawer(0)
    assert "tl-picked-frame" not in board.view.svg
