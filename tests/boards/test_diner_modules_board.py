"""The Treehouse Diner board with its modules, "Save the Bees" and "Secret Ingredient"
(issue 9, section 5), without a browser: the live board driven by the message the browser
sends, and positions built with ``game.position`` drawn and clicked target by target.

What the board must show: bees on orders and in each beehive, the Challenges above each
kitchen (mastered ones marked, announced ones turned over), the Action card hand of the
seat at the screen and only the counts of the others, the Action pile and discard pile,
Soup Stew plates and what covers them, the pantry's chili side; and every legal action
must be a click path whose targets are drawn.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import treehouse_lab as tl
from treehouse_lab.games.diner import render
from treehouse_lab.games.diner.actions import (
    AnnounceChallenge,
    AssignBee,
    EndTurn,
    PlacePlate,
    PlayAction,
)

NS = "{http://www.w3.org/2000/svg}"
BOTH = ("bees", "chili")


def browser_click(board, target):
    """Exactly the message board.js sends for a click on ``[data-target=target]``."""
    board.view._handle_custom_msg(
        {"type": "click", "target": target, "version": board.view.version}, [])


def data_targets(svg: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', svg))


def attr_of(svg: str, tag_attrs: str, name: str) -> str:
    """The value of ``name`` on the first element whose attributes contain ``tag_attrs``."""
    root = ET.fromstring(svg)
    key, _, value = tag_attrs.partition("=")
    for e in root.iter():
        if e.get(key) == value:
            return e.get(name)
    raise AssertionError(f"no element with {tag_attrs} in the SVG")


def board_whose_card_is(name: str, modules=BOTH) -> tl.Board:
    """A 2-player board (seat 1 a random bot) whose human opens holding the Action card
    called ``name`` (the seed is searched, so the test does not depend on the shuffle)."""
    game = tl.load_game("diner", players=2, modules=modules)
    for seed in range(60):
        b = tl.Board(game, seed=seed, bots={1: "random"})
        hand = b.state.hand(0)
        if hand and game.action_cards[hand[0]].name == name:
            return b
    raise AssertionError(f"no seed opens with {name!r} in Player 1's hand")


# -- Action cards: played by clicking -----------------------------------------------------------

def test_an_action_card_played_by_clicking_it_changes_the_state_the_svg_and_the_log():
    b = board_whose_card_is("Kind words!")
    s = b.state
    card = s.hand(0)[0]
    assert s.stage == "phase1" and s.current_player == 0 and s.mood(0) == 0
    svg = b.view.svg
    assert f"play:{card}" in data_targets(svg) == set(b.targets())
    assert attr_of(svg, f"data-card={card}", "class").split().count("tl-target") == 1
    discard_before = len(s.action_discard())
    browser_click(b, f"play:{card}")
    s = b.state
    assert card not in s.hand(0) and s.action_discard()[-1] == card
    assert len(s.action_discard()) == discard_before + 1
    assert s.mood(0) == 1  # Kind words!: "Receive 1 praise"
    assert s.stage == "phase1" and s.current_player == 0  # the turn goes on
    svg = b.view.svg
    assert f'data-card="{card}"' not in svg  # no longer in the hand
    assert attr_of(svg, "class=tl-actions", "data-discard") == str(discard_before + 1)
    assert f'data-top="{card}"' in svg
    assert "Your hand (Player 1): no cards" in svg
    assert 'data-mood="1"' in svg
    assert "Player 1 plays the Action card Kind words! Receive 1 praise." in \
        b.controls.log.value
    assert not any(t.startswith("play:") for t in b.targets())


def test_take_a_shortcut_is_two_steps_on_the_board_the_card_then_a_pantry_token():
    b = board_whose_card_is("Take a shortcut!")
    card = b.state.hand(0)[0]
    supply_before = sum(b.state.supply(0).values())
    browser_click(b, f"play:{card}")
    s = b.state
    assert s.stage == "shortcut" and s.current_player == 0
    shortcut = sorted(t for t in b.targets() if t.startswith("shortcut:"))
    assert shortcut and set(b.targets()) == set(shortcut)  # only pantry tokens to click
    svg = b.view.svg
    assert data_targets(svg) == set(shortcut)
    assert "take a shortcut: click any one ingredient or bee" in svg
    size_col, kind = shortcut[0].split(":")[1:]
    size, col = map(int, size_col.split("-"))
    before = s.space_contents(size, col)
    assert kind in before
    browser_click(b, shortcut[0])
    s = b.state
    assert sum(s.supply(0).values()) == supply_before + 1 and s.supply(0).get(kind, 0) >= 1
    assert "takes a shortcut" in b.controls.log.value
    assert s.action_discard()[-1] == card
    # The circle it left was refilled from the bag (a chance step the board ran).
    assert len(s.space_contents(size, col)) == len(before)


# -- Hidden hands -------------------------------------------------------------------------------

def test_another_seats_hand_never_appears_in_the_board_drawn_for_the_screen():
    b = tl.Board(tl.load_game("diner", players=2, modules=BOTH), seed=1, bots={1: "random"})
    g = b.match.game
    checked = 0
    for _ in range(120):
        s = b.state
        if s.is_terminal():
            break
        svg = b.view.svg
        mine = {g.action_cards[c].name for c in s.hand(0)}
        discard = s.action_discard()
        public = mine | ({g.action_cards[discard[-1]].name} if discard else set())
        for card in s.hand(1):
            assert card not in svg, f"Player 2's {card} drawn for Player 1"
            name = g.action_cards[card].name
            if name not in public:
                assert name not in svg, f"Player 2's {name} drawn for Player 1"
            checked += 1
        assert attr_of(svg, "class=tl-hand-count", "data-count") == str(s.hand_count(0))
        counts = re.findall(r'class="tl-hand-count" data-player="(\d)" data-count="(\d+)"', svg)
        assert {int(p): int(n) for p, n in counts} == {0: s.hand_count(0), 1: s.hand_count(1)}
        assert len(re.findall(r'data-card="', svg)) == s.hand_count(0)
        # Play on: prefer Action cards, so that hands change.
        targets = sorted(b.targets(), key=lambda t: (not t.startswith("play:"), t))
        if targets:
            browser_click(b, targets[0])
        else:
            b.controls.step.click()
    assert checked >= 10


def test_nobody_at_the_screen_sees_no_hand_and_the_text_board_shows_only_counts():
    g = tl.load_game("diner", players=2, modules=BOTH)
    s = g.position(hands=[["kind-words-1", "take-a-shortcut-2"], ["plan-ahead-1"]],
                   action_discard=["quick-hands-1"])
    nobody = s.render_svg()
    for card in ("kind-words-1", "take-a-shortcut-2", "plan-ahead-1"):
        assert card not in nobody and card not in str(s)
    assert "Kind words!" not in nobody and "Plan ahead!" not in nobody
    assert "Hands are hidden" in nobody
    seat1 = g.render_svg(s, viewer=1)
    assert "plan-ahead-1" in seat1 and "Plan ahead!" in seat1
    assert "kind-words-1" not in seat1 and "Kind words!" not in seat1
    text = str(s)
    assert "Player 1: " in text and "2 Action cards in hand" in text
    assert "1 Action card in hand" in text
    assert "Action cards: draw pile 40, discard pile 1 (top: Quick hands!)" in text
    assert attr_of(nobody, "class=tl-action-pile", "data-count") == "40"


# -- Plates, bees, Challenges: a position clicked target by target ------------------------------

def soup_position(stage="assign", mood=(5, 0), hives=(3, 1), modules=BOTH):
    """Player 1's kitchen: a Harvest Soup Stew (plates A A B C) with an Acorn on the first
    plate A and a Radish on plate B, 2 bees on it; a Hot Acorn Smoothie with no bee. The
    supply: an Acorn and a bee. Challenges face up; two Action cards in hand."""
    g = tl.load_game("diner", players=2, modules=modules)
    soup = [{6: ("harvest-soup-stew", [["acorn"], [], ["radish"], []], 2),
             3: "hot-acorn-smoothie"},
            {4: ("acorn-chowder", [[], [], []], 1), 6: "acorn-fritters"}]
    return g, g.position(
        kitchens=soup if g.chili else None,  # (Soup Stews are Chili orders)
        supplies=[["acorn", "bee"] if g.bees else ["acorn"], []], stage=stage,
        mood=list(mood), beehives=list(hives),
        challenges=[["good-mood", "specialize", "beekeeper"],
                    ["busy-bees", "full-kitchen", "steady-service"]],
        hands=[["kind-words-1", "take-a-shortcut-2"], ["plan-ahead-1"]],
        action_discard=["quick-hands-1"])


def plate_groups(svg: str, order: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    card = next(e for e in root.iter() if e.get("data-order") == order
                and "tl-order" in (e.get("class") or "").split())
    return [e for e in card.iter() if (e.get("data-symbol") or "").startswith("plate_")]


def test_plates_are_drawn_with_their_letters_and_what_covers_them():
    g, s = soup_position()
    svg = g.render_svg(s, viewer=0)
    plates = plate_groups(svg, "harvest-soup-stew")
    assert [p.get("data-symbol") for p in plates] == ["plate_a", "plate_a", "plate_b",
                                                      "plate_c"]
    assert [p.get("data-covered") for p in plates] == ["1", "0", "1", "0"]
    covering = [[t.get("data-ingredient") for t in p.iter() if t.get("data-ingredient")]
                for p in plates]
    assert covering == [["acorn"], [], ["radish"], []]
    letters = [[t.text for t in p.iter(f"{NS}text")
                if "tl-plate-letter" in (t.get("class") or "")] for p in plates]
    assert letters == [["A"], ["A"], ["B"], ["C"]]  # identical letters: same ingredient
    assert "pA=Ac pA pB=Ra pC" in str(s)


def test_an_ingredient_then_a_plate_places_it_and_the_plate_shows_it():
    g, s = soup_position()
    paths = g.click_paths(s, 0)
    assert set(paths) == set(s.legal_actions(0))
    a = PlacePlate("harvest-soup-stew", "plate_a", "acorn")
    assert paths[a] == ("supply:0:acorn", "slot:harvest-soup-stew:1")
    after_first = g.render_svg(s, viewer=0, selection=paths[a][:1],
                               targets={p[1] for p in paths.values()
                                        if p[:1] == paths[a][:1]})
    assert "slot:harvest-soup-stew:1" in data_targets(after_first)
    assert 'class="tl-supply tl-selected' in after_first
    s.apply(a)
    plates = plate_groups(g.render_svg(s, viewer=0), "harvest-soup-stew")
    assert [p.get("data-covered") for p in plates] == ["1", "1", "1", "0"]


def bee_spots(svg: str) -> dict[str, int]:
    """{order: the number its bee spot shows} for every order in a kitchen."""
    out = {}
    for e in ET.fromstring(svg).iter():
        if "tl-order" in (e.get("class") or "").split():
            (spot,) = [x for x in e.iter() if x.get("data-bees") is not None]
            out[e.get("data-order")] = int(spot.get("data-bees"))
    return out


def test_bees_are_counted_on_orders_and_in_beehives_and_a_bee_goes_where_clicked():
    g, s = soup_position()
    svg = g.render_svg(s, viewer=0)
    spots = bee_spots(svg)
    assert spots["harvest-soup-stew"] == 2 and spots["hot-acorn-smoothie"] == 0
    assert spots["acorn-chowder"] == 1 and spots["acorn-fritters"] == 0
    assert attr_of(svg, "class=tl-beehive", "data-count") == "3"
    assert "Beehive: 3 bees saved" in svg and "Beehive: 1 bee saved" in svg
    assert "+3 most bees" in svg  # Player 1 has the most bees now
    # The bee in the supply, then the order with the fewest bees.
    paths = g.click_paths(s, 0)
    bee = AssignBee("hot-acorn-smoothie")
    assert paths[bee] == ("supply:0:bee", "bee:hot-acorn-smoothie")
    assert AssignBee("harvest-soup-stew") not in paths  # it has more bees
    nxt = {p[1] for p in paths.values() if p[0] == "supply:0:bee"}
    assert nxt == {"bee:hot-acorn-smoothie"}
    picked = g.render_svg(s, viewer=0, selection=("supply:0:bee",), targets=nxt)
    assert data_targets(picked) == {"bee:hot-acorn-smoothie"}
    s.apply(bee)
    assert bee_spots(g.render_svg(s, viewer=0))["hot-acorn-smoothie"] == 1
    assert "Hot Acorn Smoothie [Ac Ac Dy] 5 pts, 1 bee" in str(s)
    assert "beehive 3 bees (3 points +3 most bees)" in str(s)
    assert "beehive 1 bee (1 point)" in str(s)


def test_challenges_above_each_kitchen_mastered_marked_announced_turned_over():
    g, s = soup_position(stage="end", mood=(5, 0), hives=(4, 1))
    assert s.stage == "end" and s.mastered(0) == ["good-mood", "beekeeper"]
    svg = g.render_svg(s, viewer=0, targets=frozenset(
        p[0] for p in g.click_paths(s, 0).values()))
    states = dict(re.findall(r'data-challenge="([^"]+)" data-state="(\w+)"', svg))
    assert states == {"good-mood": "mastered", "specialize": "open", "beekeeper": "mastered",
                      "busy-bees": "open", "full-kitchen": "open", "steady-service": "open"}
    assert "Your mood is at least +4." in svg  # the card's text, readable
    assert "✓ announce" in svg
    assert "Good mood! Your mood is at least +4. (mastered now" in svg  # the full text tip
    paths = g.click_paths(s, 0)
    assert paths[AnnounceChallenge("good-mood")] == ("announce:good-mood",)
    assert paths[EndTurn()] == ("end-turn",)
    assert paths[PlayAction("kind-words-1")] == ("play:kind-words-1",)
    assert {"announce:good-mood", "end-turn", "play:kind-words-1"} <= data_targets(svg)
    assert "Good mood! (mastered); Specialize!; Beekeeper! (mastered)" in str(s)
    s.apply(AnnounceChallenge("good-mood"))
    assert s.mood(0) == 7 and s.stage == "end"
    svg = g.render_svg(s, viewer=0, targets=frozenset(
        p[0] for p in g.click_paths(s, 0).values()))
    assert re.search(r'data-challenge="good-mood" data-state="announced"', svg)
    assert "turned over: +2 praise" in svg
    # Announcing ends the turn: no Action card may be played afterwards, only more
    # announcements (Beekeeper!) or the end of the turn.
    assert data_targets(svg) == {"announce:beekeeper", "end-turn"}
    assert "announced: Good mood!" in str(s)


def test_click_paths_are_exactly_the_legal_actions_in_module_positions():
    for stage in ("phase1", "assign", "end"):
        g, s = soup_position(stage=stage)
        paths = g.click_paths(s, 0)
        assert set(paths) == set(s.legal_actions(0)), stage
        assert g.click_paths(s, 1) == {}  # not Player 2's turn
        firsts = {p[0] for p in paths.values()}
        assert firsts <= data_targets(g.render_svg(s, viewer=0, targets=firsts))


# -- The pantry's chili side, the layout, the basic game untouched ------------------------------

def test_the_chili_side_of_the_pantry_and_its_row_bonuses():
    chili = tl.load_game("diner", players=2, modules=("chili",)).new_initial_state()
    svg = chili.render_svg()
    assert 'data-side="chili"' in svg and "chili side" in svg
    bonuses = dict(re.findall(r'data-row="(\d)">bonus: ([^<]+)<', svg))
    assert bonuses["1"] == "+1 Action card"  # the chili side's own bonuses
    basic = tl.load_game("diner", players=2).new_initial_state().render_svg()
    assert dict(re.findall(r'data-row="(\d)">bonus: ([^<]+)<', basic))["1"] != "+1 Action card"
    assert "Pantry (chili side):" in str(chili)


@pytest.mark.parametrize("modules", [("bees",), ("chili",), BOTH])
def test_module_text_is_readable_and_the_board_grows_taller_not_smaller(modules):
    basic = ET.fromstring(tl.load_game("diner", players=2).new_initial_state().render_svg())
    g, s = soup_position(modules=modules)
    root = ET.fromstring(g.render_svg(s, viewer=0))
    assert root.get("width") == basic.get("width")
    assert float(root.get("height")) > float(basic.get("height"))
    tokens = {id(t) for e in root.iter() if e.get("class") == "tl-ingredient"
              for t in e.iter(f"{NS}text")}  # a token's letters are sized to the token
    parts = 0
    for e in root.iter():
        if (e.get("class") or "").split()[:1] in (["tl-challenges"], ["tl-actions"],
                                                  ["tl-beehive"]):
            sizes = [float(t.get("font-size")) for t in e.iter(f"{NS}text")
                     if id(t) not in tokens]
            assert sizes and min(sizes) >= render.SMALL, (e.get("class"), min(sizes))
            parts += 1
    assert parts == {("bees",): 4, ("chili",): 1, BOTH: 5}[modules]


def test_the_basic_game_board_has_no_module_parts():
    s = tl.load_game("diner", players=3).new_initial_state()
    svg = s.render_svg(viewer=0)
    for part in ("tl-challenges", "tl-actions", "tl-beehive", "data-bees", "tl-hand-count",
                 "chili side", "data-modules"):
        assert part not in svg
    assert "beehive" not in str(s) and "Action card" not in str(s)


def test_after_phase_2_the_end_turn_button_ends_the_turn():
    """With a module the turn stops after Phase 2 (announce, play a card or end it)."""
    b = tl.Board(tl.load_game("diner", players=2, modules=("chili",)), seed=3,
                 bots={1: "random"})
    for _ in range(200):
        s = b.state
        if s.stage == "end" and s.current_player == 0:
            break
        # Never play a card here, so that the turn moves on to its end.
        targets = sorted(t for t in b.targets() if not t.startswith("play:"))
        browser_click(b, targets[0]) if targets else b.controls.step.click()
    else:
        raise AssertionError("Player 1 never reached the end of a turn")
    turn = b.state.turn
    assert "end-turn" in b.targets() and "end-turn" in data_targets(b.view.svg)
    assert ">End turn<" in b.view.svg
    step = b.match.position
    browser_click(b, "end-turn")
    assert b.state.turn > turn
    # The bot moves on at once, so the click's line may have scrolled out of the shown log.
    assert b.match.log[step].text.startswith("Player 1 ends the turn")
    assert "ends the turn" not in b.match.log[step - 1].text
