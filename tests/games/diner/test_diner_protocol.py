"""Treehouse Diner through the protocol: what each player may see, the board and its click
paths, the text board, the census, the teaching-position builder and saves that must be
refused (inconsistent, or a position the engine never stops at)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import treehouse_lab as tl
from treehouse_lab.games.diner import (
    ChooseShelf,
    Decline,
    FinishAssigning,
    MoveOrder,
    Place,
    StartJoker,
    TakeOrder,
)

BAG = {"dandelion": 20, "acorn": 18, "blueberry": 16, "radish": 14, "mushroom": 12,
       "daisy": 10}


def game(players=2, **opts):
    return tl.load_game("diner", players=players, **opts)


def strings(value):
    out = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, dict):
            out.update(map(str, v))
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


# -- Options ----------------------------------------------------------------------------------

def test_options_and_their_defaults():
    g = tl.load_game("diner")
    assert g.players == 3 and g.end_after == 7 and g.options["end_after"] is None
    assert g.options["modules"] == () and g.options["move_left"] == "must"
    assert [tl.load_game("diner", players=n).end_after for n in (2, 3, 4)] == [8, 7, 6]
    assert tl.load_game("diner", players=4, end_after=3).end_after == 3
    for bad in (0, 47, True, "8", 2.0):
        with pytest.raises(tl.RuleError, match="end_after"):
            tl.load_game("diner", end_after=bad)
    with pytest.raises(tl.RuleError, match="modules"):
        tl.load_game("diner", modules=("wasps",))
    with pytest.raises(tl.RuleError, match="modules"):
        tl.load_game("diner", modules="bees")
    # Issue 9: the two modules, alone and together; a set resolves to a sorted tuple.
    for mods in ({"bees"}, {"chili"}, {"chili", "bees"}):
        g = tl.load_game("diner", players=2, modules=mods)
        assert g.options["modules"] == tuple(sorted(mods)) and g.modules == mods
    assert {tuple(sorted(c.get("modules", ()))) for c in tl.load_game("diner").configurations()
                  if c.get("players") == 2} == {(), ("bees",), ("bees", "chili"), ("chili",)}
    with pytest.raises(tl.RuleError, match="players"):
        tl.load_game("diner", players=5)


# -- What each player may see -----------------------------------------------------------------

def test_observation_hides_the_order_pile_the_box_and_the_bag():
    s = game().position()
    hidden = s.hidden_from(0)
    d = s.to_json()
    assert hidden == set(d["deck"]) | set(d["box"]) and hidden
    for p in range(2):
        obs = s.observation(p)
        assert not hidden & strings(obs)
        assert "bag" not in obs and obs["bag_count"] == len(d["bag"])
        assert obs["deck_count"] == len(d["deck"]) and obs["box_count"] == len(d["box"])
        assert obs["waiting_for"] == "Player 1: Phase 1, go to the pantry or to the phone"
        assert obs["tray"] == d["tray"] and obs["supplies"] == d["supplies"]
    with pytest.raises(tl.RuleError, match="observation"):
        s.observation(2)


def test_the_census_adds_up_to_the_starting_bag():
    s = game(players=4).position(supplies=[["acorn"], [], [], ["daisy", "daisy"]],
                                 compost=["radish"],
                                 kitchens=[{4: ("dandelion-soup", [["dandelion"], [], []])},
                                           {}, {}, {}])
    census = s.ingredient_census()
    assert census["supply 3"] == {"daisy": 2} and census["compost"] == {"radish": 1}
    assert census["order dandelion-soup"] == {"dandelion": 1}
    assert len([k for k in census if k.startswith("pantry ")]) == 4 * 5
    total = Counter()
    for place in census.values():
        total.update(place)
    assert total == BAG
    census["bag"]["acorn"] = 999          # the caller's to keep
    assert s.ingredient_census()["bag"].get("acorn", 0) != 999


# -- The board --------------------------------------------------------------------------------

def test_svg_board_shape_and_classes():
    g = game(players=3)
    s = g.position()
    svg = g.render_svg(s, viewer=1)
    root = ET.fromstring(svg)
    assert root.get("class") == "tl-board tl-diner"
    assert not re.search(r'\sid="', svg)             # no ids: boards share a page
    kitchens = [e for e in root.iter() if e.get("class") == "tl-kitchen"]
    assert [k.get("data-player") for k in kitchens] == ["0", "1", "2"]
    assert "Player 2 (you)" in svg
    assert len([e for e in root.iter() if (e.get("class") or "").startswith("tl-shelf")]) \
        == 4 * 4
    assert "data-target" not in svg                   # nothing clickable unless asked
    # Colour is never the only cue: every token carries its letters.
    assert all(e.find("{http://www.w3.org/2000/svg}text") is not None
               for e in root.iter() if e.get("class") == "tl-ingredient")


def test_click_paths_phase_1_pantry_and_phone():
    s = game().position(kitchens=[{4: "acorn-scones"}, {}])
    paths = s.click_paths()
    assert paths[ChooseShelf(2, 3)] == ("shelf:2:3",)
    assert paths[TakeOrder(s.tray()[0])] == (f"tray:{s.tray()[0]}",)
    svg = s.render_svg(targets=frozenset(t for p in paths.values() for t in p))
    assert 'data-target="shelf:4:1"' in svg and f'data-target="tray:{s.tray()[2]}"' in svg
    s.apply(ChooseShelf(2, 3))
    assert s.click_paths() == {MoveOrder("acorn-scones", 4): ("order:acorn-scones",)}


def test_click_paths_assigning_an_ingredient_then_the_symbol():
    g = game()
    s = g.position(kitchens=[{4: "dandelion-soup"}, {}],
                   supplies=[["acorn", "daisy", "daisy"], []], stage="assign")
    paths = s.click_paths()
    assert paths[Place("dandelion-soup", "acorn")] == ("supply:0:acorn",
                                                       "slot:dandelion-soup:1")
    # The Radish is missing (the supply holds none): its joker box is open at once (D11);
    # with the variant jokers="placed-first" it waits until the Acorn is placed.
    assert paths[StartJoker("dandelion-soup", "radish")] == ("joker:dandelion-soup:2",)
    first = tl.load_game("diner", players=2, jokers="placed-first").position(
        kitchens=[{4: "dandelion-soup"}, {}], supplies=[["acorn", "daisy", "daisy"], []],
        stage="assign")
    assert StartJoker("dandelion-soup", "radish") not in first.click_paths()
    # After the first click, the board marks the symbol to click next.
    svg = g.render_svg(s, viewer=0, selection=("supply:0:acorn",),
                       targets=frozenset({"slot:dandelion-soup:1"}))
    root = ET.fromstring(svg)
    marked = [e for e in root.iter() if e.get("data-target") == "slot:dandelion-soup:1"]
    assert marked and "tl-target" in marked[0].get("class")
    assert any("tl-selected" in (e.get("class") or "") for e in root.iter())
    s.apply(Place("dandelion-soup", "acorn"))
    assert s.click_paths()[StartJoker("dandelion-soup", "radish")] == ("joker:dandelion-soup:2",)
    assert s.click_paths()[FinishAssigning()] == ("finish",)


def test_the_recycle_bonus_can_be_declined_by_button():
    s = game().position(kitchens=[{4: "acorn-scones"}, {}], supplies=[["radish"], []],
                        pantry={1: [["acorn"], [], []]})
    s.apply(ChooseShelf(1, 1))
    s.apply(MoveOrder("acorn-scones", 4))
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0])
    assert s.click_paths()[Decline("recycle")] == ("decline:recycle",)
    svg = s.render_svg(targets=frozenset({"decline:recycle"}))
    assert 'data-target="decline:recycle"' in svg


def test_text_board():
    s = game().position(kitchens=[{4: ("dandelion-soup", [["dandelion"], [], []])}, {}])
    text = str(s)
    assert text.startswith("Treehouse Diner: 2 players, turn 1, ends after 8 delivered")
    assert "Now: Player 1: Phase 1, go to the pantry or to the phone" in text
    assert "4 min: Dandelion Soup [Dn=Dn Ac Ra] 4 pts" in text
    assert "1er row (bonus recycle)" in text


# -- Words ------------------------------------------------------------------------------------

def test_explain_and_why_illegal_cite_the_rulebook():
    s = game().position(kitchens=[{2: "acorn-cake"}, {}])
    assert s.explain(ChooseShelf(2, 1)).startswith("Go to the Pantry: the space holds 2")
    assert s.explain(ChooseShelf(4, 1)).startswith("Not legal.")
    assert "fewer ingredients" in s.why_illegal(ChooseShelf(4, 1))
    assert "Go to the Phone" in s.explain(TakeOrder(s.tray()[0]))
    assert "not what happens now" in s.why_illegal(FinishAssigning())


def test_legal_action_texts_are_sentences():
    s = game().position(kitchens=[{4: "dandelion-soup"}, {}],
                        supplies=[["acorn", "daisy", "daisy"], []], stage="assign")
    texts = [str(a) for a in s.legal_actions()]
    assert "Place an Acorn on Dandelion Soup" in texts
    assert len(set(texts)) == len(texts)
    s.apply(Place("dandelion-soup", "acorn"))
    texts = [str(a) for a in s.legal_actions()]
    assert "Start a joker for the Radish of Dandelion Soup (2 Daisies or 4 ingredients)" \
        in texts
    assert len(set(texts)) == len(texts)


# -- Teaching positions and saves -------------------------------------------------------------

def test_position_builder_is_validated():
    g = game()
    with pytest.raises(tl.RuleError, match="unknown order"):
        g.position(kitchens=[{4: "no-such-order"}, {}])
    with pytest.raises(tl.RuleError, match="no 'daisy' left"):
        g.position(supplies=[["daisy"] * 11, []])
    with pytest.raises(tl.RuleError, match="stage"):
        g.position(stage="lunch")
    with pytest.raises(tl.RuleError, match="one per player"):
        g.position(kitchens=[{}])
    with pytest.raises(tl.RuleError, match="its own ingredient, 2 Daisies or 4"):
        g.position(kitchens=[{4: ("dandelion-soup", [["acorn"], [], []])}, {}])
    with pytest.raises(tl.RuleError, match="also in"):
        g.position(kitchens=[{4: "dandelion-soup"}, {4: "dandelion-soup"}])


def _save(**changes):
    g = game()
    s = g.position(kitchens=[{4: "dandelion-soup"}, {6: "daisy-bread"}],
                   supplies=[["acorn"], []])
    d = json.loads(json.dumps(s.to_json()))
    for path, value in changes.items():
        node = d
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return g, d


@pytest.mark.parametrize("changes,message", [
    ({"stack": [{"task": "assign", "player": 0, "joker": None},
                {"task": "discard", "player": 1}]},        # Player 2 has nothing to discard
     "happens by itself"),
    ({"stack": [{"task": "assign", "player": 1, "joker": None}]}, "Phase 2 of the player"),
    ({"stack": [{"task": "phase1", "player": 0}]}, "Phase 2 of the player"),
    ({"kitchens.0.3": None, "kitchens.0.1": {"order": "dandelion-soup", "covers": [[]] * 3},
      "stack": [{"task": "assign", "player": 0, "joker": None},
                {"task": "minutes", "player": 0, "row": 4, "column": 1, "left": 4}]},
     "more minutes to pay than the kitchen"),
    ({"stack": [{"task": "assign", "player": 0, "joker": None},
                {"task": "tray"}, {"task": "phone", "takers": [0, 1]}]}, "clockwise"),
    ({"stack": [{"task": "assign", "player": 0, "joker": None},
                {"task": "phase1", "player": 0}, {"task": "draw", "player": 0}]},
     "nothing happens on top of it"),
    ({"supplies": [["radish"], []]}, "acorn ingredients in all places, but the game has 18"),
    ({"kitchens.1.5.order": "dandelion-soup"}, "also in"),
    ({"turn": 0}, "during set-up"),
    ({"mood": [9, 0]}, "out of range"),
    ({"kitchens.0.3.covers": [["dandelion"], ["acorn"]]}, "expected 3 entries"),
])
def test_inconsistent_saves_are_refused(changes, message):
    g, d = _save(**changes)
    with pytest.raises(tl.RuleError, match=message):
        g.state_from_json(d)


def test_an_empty_bag_with_a_full_compost_is_not_a_position():
    g = game()
    s = g.position()
    d = s.to_json()
    d["compost"], d["bag"] = d["bag"], []
    with pytest.raises(tl.RuleError, match="the bag is empty while the compost is not"):
        g.state_from_json(d)


def test_a_finished_game_is_a_position():
    g = game(end_after=1)
    s = g.position(delivered=[["acorn-cake"], []], turn=2, stack=[])
    assert s.is_terminal() and s.winners() == [0]
    with pytest.raises(tl.RuleError, match="a new turn begins"):
        g.position(delivered=[["acorn-cake"], []], turn=1, stack=[])


# -- Issue 9: the modules in Match, saves and observations -------------------------------------

@pytest.mark.parametrize("modules", [("bees",), ("chili",), ("bees", "chili")])
def test_modules_round_trip_through_a_match(modules):
    g = tl.load_game("diner", players=3, modules=set(modules))
    m = tl.Match(g, seed=4, bots={0: "random", 1: "random", 2: "random"})
    m.run(max_steps=400)
    d = json.loads(json.dumps(m.to_json()))
    again = tl.Match.from_json(d)
    assert again.game.options["modules"] == modules
    assert again.state.to_json() == m.state.to_json()
    s = m.state
    for p in range(3):
        obs = s.observation(p)
        if "chili" in modules:
            assert obs["hands"][p] == s.hand(p)
            assert all(obs["hands"][q] is None for q in range(3) if q != p)
            assert "action_deck" not in obs
        if "bees" in modules:
            assert "challenge_box" not in obs and obs["beehives"] == [s.beehive(q)
                                                                     for q in range(3)]
