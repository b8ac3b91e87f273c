"""Module "Secret Ingredient" as tests: chilis in the bag, the chili side of the pantry,
Chili orders, Soup Stews (identical and different plates, must-place, no bees, no jokers),
Action cards (play during your own turn, the shortcut, the reshuffle of the discard pile,
hidden hands) and, with both modules, no Action card after announcing a Challenge."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import treehouse_lab as tl
from treehouse_lab.games import diner
from treehouse_lab.games.diner import (
    AnnounceChallenge,
    DrawAction,
    DrawIngredient,
    EndTurn,
    FinishAssigning,
    Place,
    PlacePlate,
    PlayAction,
    StartJoker,
    TakeFromPantry,
    TakeOrder,
)

STARTING = [{4: "acorn-chowder", 6: "acorn-fritters"},
            {4: "blueberry-risotto", 6: "blueberry-salad"}]


def game(players: int = 2, modules=("chili",)) -> diner.DinerGame:
    return tl.load_game("diner", players=players, modules=set(modules))


def test_set_up_uses_chilis_chili_orders_the_chili_pantry_and_deals_an_action_card():
    g = game(3)
    s = g.new_initial_state()
    assert s.bag() == {"dandelion": 20, "acorn": 18, "blueberry": 16, "radish": 14,
                       "mushroom": 12, "daisy": 10, "chili": 8}
    assert len(g.basic_ids) == 46 and all(g.orders[o].deck == "chili" for o in g.basic_ids)
    assert not any(g.orders[o].deck == "basic" for o in g.orders)
    assert [dict(b) for b in g.rows[0].bonus] == [{"kind": "draw_action"}]
    import random

    from treehouse_lab.core.chance import sample_outcome
    rng = random.Random(3)
    while s.is_chance_node():
        s.apply(sample_outcome(s.chance_outcomes(), rng))
    assert [s.hand_count(p) for p in range(3)] == [1, 1, 1]
    assert s.card_census()["action draw pile"] == 41
    # Hands are hidden from the others, and so is the draw pile.
    for p in range(3):
        hidden = s.hidden_from(p)
        assert not set(s.hand(p)) & hidden
        assert all(set(s.hand(q)) <= hidden for q in range(3) if q != p)
        obs = json.dumps(s.observation(p))
        assert all(c not in obs for q in range(3) if q != p for c in s.hand(q))
        assert s.observation(p)["hand_counts"] == [1, 1, 1]
        assert s.observation(p)["hands"][p] == s.hand(p)


def soup(supply, order="hearty-soup-stew", covers=None, modules=("chili",)):
    g = game(modules=modules)
    covers = covers or [[] for _ in g.symbols[order]]
    s = g.position(kitchens=[{4: (order, covers), 6: "acorn-fritters"}, STARTING[1]],
                   supplies=[supply, []], stage="assign")
    return g, s


def test_identical_plates_take_identical_ingredients():
    # Hearty Soup Stew: plates A, A, B.
    g, s = soup(["radish", "radish", "acorn"])
    s.apply(PlacePlate("hearty-soup-stew", "plate_a", "radish"))
    # The second A plate takes only a radish; B takes anything but a radish.
    plates = {a for a in s.legal_actions() if isinstance(a, PlacePlate)}
    assert plates == {PlacePlate("hearty-soup-stew", "plate_a", "radish"),
                      PlacePlate("hearty-soup-stew", "plate_b", "acorn")}
    assert "identical plates" in s.why_illegal(
        PlacePlate("hearty-soup-stew", "plate_a", "acorn"))
    assert "different plates" in s.why_illegal(
        PlacePlate("hearty-soup-stew", "plate_b", "radish"))
    s.apply(PlacePlate("hearty-soup-stew", "plate_a", "radish"))
    s.apply(PlacePlate("hearty-soup-stew", "plate_b", "acorn"))
    s.apply(FinishAssigning())
    assert "hearty-soup-stew" in s.delivered(0)


def test_different_plates_take_different_ingredients():
    # Garden Soup Stew: plates A, B, C.
    g, s = soup(["daisy", "daisy", "daisy"], order="garden-soup-stew")
    s.apply(PlacePlate("garden-soup-stew", "plate_a", "daisy"))
    # Two daisies are left, but no other plate may take a daisy: they may stay in the
    # supply (or make an optional joker for another order).
    assert not any(isinstance(a, PlacePlate) for a in s.legal_actions())
    assert FinishAssigning() in s.legal_actions()
    s.apply(FinishAssigning())
    assert s.supply(0) == {"daisy": 2}


def test_everything_that_can_go_on_a_plate_must_go_there():
    # "So it can happen, for example, that you must place a Daisy on an empty order."
    g, s = soup(["daisy"], order="twin-soup-stew")
    assert s.legal_actions() == [PlacePlate("twin-soup-stew", "plate_a", "daisy")]
    assert "must be" in s.why_illegal(FinishAssigning())


def test_no_bees_and_no_jokers_on_plates():
    g, s = soup(["bee", "radish", "acorn", "daisy", "mushroom"], order="twin-soup-stew",
                modules=("bees", "chili"))
    assert all(a.ingredient != "bee" for a in s.legal_actions() if isinstance(a, PlacePlate))
    assert "Bees are not ingredients" in s.why_illegal(
        PlacePlate("twin-soup-stew", "plate_a", "bee"))
    assert "no joker" in s.why_illegal(StartJoker("twin-soup-stew", "plate_a"))
    assert not any(isinstance(a, StartJoker) and a.order == "twin-soup-stew"
                   for a in s.legal_actions())


def test_a_soup_with_mismatched_plates_is_refused_in_a_save():
    g, s = soup(["radish"])
    d = s.to_json()
    d["kitchens"][0][3]["covers"] = [["radish"], ["acorn"], []]
    with pytest.raises(tl.RuleError, match="identical plates"):
        g.state_from_json(d)


def test_action_cards_are_played_during_your_own_turn_only():
    g = game()
    s = g.position(kitchens=STARTING, hands=[["kind-words-1"], ["kind-words-2"]])
    assert PlayAction("kind-words-1") in s.legal_actions()
    assert "not in your hand" in s.why_illegal(PlayAction("kind-words-2"))
    s.apply(PlayAction("kind-words-1"))
    assert s.mood(0) == 1 and s.action_discard() == ["kind-words-1"]
    assert s.stage == "phase1"          # played before Phase 1: the turn goes on
    # Player 2 holds a card but it is not their turn.
    assert "not what happens now" in s.why_illegal(PlayAction("kind-words-2"), by=1) or \
        "own turn" in s.why_illegal(PlayAction("kind-words-2"), by=1)


def test_take_a_shortcut_takes_one_token_and_refills_its_circle():
    g = game(modules=("bees", "chili"))
    card = g.action_cards["take-a-shortcut-1"]
    assert card.text == ("Take a shortcut! Take 1 arbitrary ingredient or bee from the pantry. "
                         "Refill the space that became empty.")
    s = g.position(kitchens=STARTING, hands=[["take-a-shortcut-1"], []],
                   pantry={3: [["bee", "acorn", "radish"], ["acorn"] * 3, ["daisy"] * 3]})
    s.apply(PlayAction("take-a-shortcut-1"))
    assert TakeFromPantry(3, 1, "bee") in s.legal_actions()
    s.apply(TakeFromPantry(3, 1, "bee"))
    assert s.supply(0) == {"bee": 1}
    assert s.is_chance_node() and "refilled" in s.waiting_for()
    bag = s.bag()
    total = sum(bag.values())
    assert dict((a.ingredient, p) for a, p in s.chance_outcomes()) == {
        k: Fraction(c, total) for k, c in bag.items()}
    s.apply(DrawIngredient("chili"))
    assert sorted(s.space_contents(3, 1)) == ["acorn", "chili", "radish"]
    assert s.stage == "phase1" and s.action_discard() == ["take-a-shortcut-1"]


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    g = game()
    cards = sorted(g.action_cards)
    # Everything but one card is in the discard pile; Player 1 holds "Plan ahead!" (draw
    # two Action cards).
    plan = "plan-ahead-1"
    last = "quick-hands-1"
    discard = [c for c in cards if c not in (plan, last)]
    s = g.position(kitchens=STARTING, hands=[[plan], []], action_discard=discard)
    assert s.action_pile_count == 1
    s.apply(PlayAction(plan))
    # First draw: the only card left in the pile, certainly.
    assert s.chance_outcomes() == [(DrawAction(last), Fraction(1))]
    s.apply(DrawAction(last))
    # Second draw: the pile is empty, the discard pile (42 cards; the card being played is
    # not on it yet) becomes the new pile, each card 1/42.
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 42 and {p for _, p in outcomes} == {Fraction(1, 42)}
    assert plan not in {a.card for a, _ in outcomes}
    assert s.card_census()["action discard pile"] == 0
    s.apply(DrawAction("rush-hour-2"))
    assert sorted(s.hand(0)) == [last, "rush-hour-2"]
    assert s.action_discard() == [plan]
    census = s.card_census()
    assert sum(v for k, v in census.items() if k.startswith("action")) == 44
    # "If it is your turn, you can already play the new Action card in this turn."
    assert PlayAction(last) in s.legal_actions()


def test_after_announcing_no_action_card_may_be_played():
    g = game(modules=("bees", "chili"))
    s = g.position(supplies=[["radish"] * 3, []], challenges=[["specialize", "beekeeper"], []],
                   hands=[["kind-words-1"], []], kitchens=STARTING, stage="end")
    assert set(s.legal_actions()) == {AnnounceChallenge("specialize"),
                                      PlayAction("kind-words-1"), EndTurn()}
    # A card may still be played before announcing ...
    t = s.clone()
    t.apply(PlayAction("kind-words-1"))
    assert t.mood(0) == 1 and AnnounceChallenge("specialize") in t.legal_actions()
    # ... but announcing ends the turn: no Action card afterwards.
    s.apply(AnnounceChallenge("specialize"))
    assert s.active == 1 and s.hand(0) == ["kind-words-1"]


def test_announcing_with_more_mastered_leaves_only_announcements():
    g = game(modules=("bees", "chili"))
    s = g.position(supplies=[["radish"] * 6, []], challenges=[["specialize", "well-stocked"],
                                                               []],
                   hands=[["kind-words-1"], []], kitchens=STARTING, stage="end")
    s.apply(AnnounceChallenge("specialize"))
    assert set(s.legal_actions()) == {AnnounceChallenge("well-stocked"), EndTurn()}
    assert "no longer play Action cards" in s.why_illegal(PlayAction("kind-words-1"))
    s.apply(AnnounceChallenge("well-stocked"))
    assert s.mood(0) == 4 and s.active == 1


def test_draw_an_action_card_from_an_order_effect():
    g = game()
    order = next(o for o in g.basic_ids
                 if [dict(e) for e in g.orders[o].effects] == [{"kind": "draw_action"}])
    s = g.position(kitchens=STARTING, tray=[order, *[o for o in g.basic_ids
                                                      if o != order][:2]])
    s.apply(TakeOrder(order))
    assert s.is_chance_node() and isinstance(s.chance_outcomes()[0][0], DrawAction)
    assert {p for _, p in s.chance_outcomes()} == {Fraction(1, 44)}


@pytest.mark.parametrize("change,message", [
    (lambda d: d["hands"][0].append("kind-words-1"), "kind-words-1"),
    (lambda d: d["hands"][1].append("no-such-card"), "hands"),
    (lambda d: d["action_deck"].pop(), "missing"),
    (lambda d: d.pop("action_discard"), "action_discard"),
    (lambda d: d["supplies"][0].append("chili"), "chili"),
])
def test_malformed_chili_saves_are_refused_naming_the_field(change, message):
    g = game()
    s = g.position(kitchens=STARTING, hands=[["kind-words-1"], []])
    d = json.loads(json.dumps(s.to_json()))
    assert g.state_from_json(d).to_json() == d
    change(d)
    with pytest.raises(tl.RuleError, match=message):
        g.state_from_json(d)


def test_chili_is_an_ordinary_ingredient():
    g = game()
    order = next(o for o in g.basic_ids if "chili" in g.orders[o].ingredients)
    syms = g.orders[order].ingredients
    s = g.position(kitchens=[{g.orders[order].minutes: order}, STARTING[1]],
                   supplies=[["chili"], []], stage="assign")
    assert syms.count("chili") >= 1
    assert Place(order, "chili") in s.legal_actions()


def test_a_card_played_in_phase_2_brings_an_ingredient_that_must_be_placed():
    g = game()
    s = g.position(kitchens=STARTING, hands=[["quick-hands-1"], []], stage="assign")
    assert set(s.legal_actions()) == {FinishAssigning(), PlayAction("quick-hands-1")}
    s.apply(PlayAction("quick-hands-1"))
    assert s.is_chance_node()
    s.apply(DrawIngredient("acorn"))
    # Back in Phase 2: the acorn matches Acorn Chowder and must be placed.
    assert s.stage == "assign" and "must be" in s.why_illegal(FinishAssigning())
    assert Place("acorn-chowder", "acorn") in s.legal_actions()
    assert s.action_discard() == ["quick-hands-1"] and s.hand(0) == []
