"""Module "Save the Bees" as tests: bees in the bag and the pantry, Jutta's even spread,
bees to the beehive or the compost, bees that are not ingredients, the most-bees bonus, and
Challenges (the mood cap, delaying, announcing ends the turn). Positions are built with
``game.position`` so each test shows exactly the rule it checks."""

from __future__ import annotations

import json

import pytest

import treehouse_lab as tl
from treehouse_lab.games import diner
from treehouse_lab.games.diner import (
    AnnounceChallenge,
    AssignBee,
    ChooseShelf,
    Discard,
    EndTurn,
    FinishAssigning,
    Joker,
    MoveOrder,
    Place,
    PlayAction,
    Recycle,
    StartJoker,
)


def game(players: int = 2, modules=("bees",)) -> diner.DinerGame:
    return tl.load_game("diner", players=players, modules=set(modules))


def test_set_up_puts_22_bees_in_the_bag_and_deals_3_challenges_each():
    g = game(3)
    s = g.new_initial_state()
    assert s.bag().get("bee") == 22 and s.bag_count == 90 + 22
    import random

    from treehouse_lab.core.chance import sample_outcome
    rng = random.Random(5)
    while s.is_chance_node():
        s.apply(sample_outcome(s.chance_outcomes(), rng))
    assert all(len(s.challenges(p)) == 3 for p in range(3))
    census = s.card_census()
    assert census["challenge box"] == 15 - 9
    # The Challenges back in the box are face down: hidden from everyone.
    box = set(g.challenges) - {c for p in range(3) for c in s.challenges(p)}
    assert all(box <= s.hidden_from(p) for p in range(3))
    assert all(set(s.challenges(q)).isdisjoint(s.hidden_from(p))
               for p in range(3) for q in range(3))
    # The census holds the bees under "bee" and the 90 ingredients besides.
    tokens: dict[str, int] = {}
    for place in s.ingredient_census().values():
        for k, c in place.items():
            tokens[k] = tokens.get(k, 0) + c
    assert tokens.pop("bee") == 22 and sum(tokens.values()) == 90


def test_a_bee_on_the_shelf_costs_a_minute():
    g = game()
    s = g.position(pantry={2: [["bee", "acorn"], ["acorn", "acorn"], ["radish", "daisy"]]})
    s.apply(ChooseShelf(2, 1))
    assert "pay minute 1 of 2" in s.waiting_for()
    for _ in range(2):
        s.apply(s.legal_actions()[0])
    assert s.supply(0) == {"acorn": 1, "bee": 1}


def jutta():
    """Jutta's kitchen: three orders, three new bees in the supply, Phase 2."""
    g = game()
    s = g.position(kitchens=[{4: "acorn-chowder", 6: "acorn-fritters", 2: "acorn-cake"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}],
                   supplies=[["bee", "bee", "bee"], []], stage="assign")
    return g, s


def test_jutta_spreads_three_bees_over_three_orders():
    g, s = jutta()
    first = s.legal_actions()
    # All three orders have no bee: Jutta chooses; she may not finish with bees left.
    assert set(first) == {AssignBee("acorn-chowder"), AssignBee("acorn-fritters"),
                          AssignBee("acorn-cake")}
    assert "bee" in s.why_illegal(FinishAssigning())
    s.apply(AssignBee("acorn-fritters"))
    assert set(s.legal_actions()) == {AssignBee("acorn-chowder"), AssignBee("acorn-cake")}
    assert "fewest bees" in s.why_illegal(AssignBee("acorn-fritters"))
    s.apply(AssignBee("acorn-cake"))
    assert s.legal_actions() == [AssignBee("acorn-chowder")]
    s.apply(AssignBee("acorn-chowder"))
    assert [s.bees_on(o) for o in ("acorn-chowder", "acorn-fritters", "acorn-cake")] == [1, 1, 1]
    assert s.kitchen(0)[2]["bees"] == 1
    assert s.legal_actions() == [FinishAssigning()]


def test_jutta_later_chooses_where_one_more_bee_goes():
    g = game()
    s = g.position(kitchens=[{4: ("acorn-chowder", [[], [], []], 1),
                              6: ("acorn-fritters", [[], [], [], []], 1),
                              2: ("acorn-cake", [[], []], 1)},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}],
                   supplies=[["bee"], []], stage="assign")
    assert len([a for a in s.legal_actions() if isinstance(a, AssignBee)]) == 3
    s.apply(AssignBee("acorn-cake"))
    assert s.bees_on("acorn-cake") == 2 and s.legal_actions() == [FinishAssigning()]


def test_a_delivered_order_brings_its_bees_to_the_beehive():
    g = game()
    s = g.position(kitchens=[{4: ("acorn-chowder", [["acorn"], ["dandelion"], []], 2),
                              6: "acorn-fritters"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}],
                   supplies=[["blueberry"], []], stage="assign")
    s.apply(Place("acorn-chowder", "blueberry"))
    s.apply(FinishAssigning())
    assert s.beehive(0) == 2 and s.bees_on("acorn-chowder") == 0
    assert s.ingredient_census()["beehive 0"] == {"bee": 2}
    assert s.compost() == {"acorn": 1, "dandelion": 1, "blueberry": 1}


def test_a_pushed_out_order_loses_its_bees_to_the_compost():
    g = game()
    s = g.position(kitchens=[{1: ("acorn-cake", [["acorn"], []], 3), 6: "acorn-fritters"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}],
                   pantry={1: [["radish"], ["radish"], ["radish"]]})
    s.apply(ChooseShelf(1, 1))
    s.apply(MoveOrder("acorn-cake", 1))
    assert s.compost() == {"acorn": 1, "bee": 3}
    assert s.beehive(0) == 0 and s.bees_on("acorn-cake") == 0
    assert s.mood(0) == -1 and "acorn-cake" in s.discard_pile()


def test_bees_are_refused_as_jokers_and_for_recycling_and_discarding():
    g = game()
    s = g.position(kitchens=[{4: "acorn-chowder", 6: "acorn-fritters"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}],
                   supplies=[["bee", "bee", "bee", "radish"], []], stage="assign")
    # Three bees and a radish are four tokens but one ingredient: no joker.
    assert not any(isinstance(a, StartJoker) for a in s.legal_actions())
    why = s.why_illegal(StartJoker("acorn-chowder", "acorn"))
    assert "bees are not ingredients" in why
    # With four ingredients a joker may start, but a bee never goes on it.
    s = g.position(kitchens=[{4: "acorn-chowder", 6: "acorn-fritters"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}],
                   supplies=[["bee", "radish", "radish", "daisy", "radish"], []],
                   stage="assign")
    s.apply(StartJoker("acorn-chowder", "acorn"))
    assert all(a.ingredient != "bee" for a in s.legal_actions())
    assert "ingredient jokers" in s.why_illegal(Joker("acorn-chowder", "acorn", "bee"))
    # Recycle and discard: only ingredients are offered.
    s = g.position(supplies=[["bee", "radish"], []],
                   stack=[{"task": "end", "player": 0, "announced": False},
                          {"task": "assign", "player": 0, "joker": None},
                          {"task": "recycle", "player": 0}])
    assert Recycle("bee") not in s.legal_actions() and Recycle("radish") in s.legal_actions()
    assert "may not be recycled" in s.why_illegal(Recycle("bee"))
    s = g.position(supplies=[["bee", "bee"], ["bee", "acorn"]],
                   stack=[{"task": "end", "player": 0, "announced": False},
                          {"task": "assign", "player": 0, "joker": None},
                          {"task": "discard", "player": 1}])
    assert s.current_player == 1 and s.legal_actions() == [Discard("acorn")]
    assert "Bees are not ingredients" in s.why_illegal(Discard("bee"), by=1)


def test_discard_with_only_bees_in_the_supply_does_nothing():
    g = game()
    # "If you have no ingredients in your supply, nothing happens": the discard task
    # resolves by itself, so a save stopping there is refused, naming the stack.
    # A save whose top task would happen by itself is refused, naming the stack.
    with pytest.raises(tl.RuleError, match="stack"):
        g.position(supplies=[[], ["bee", "bee"]],
                   stack=[{"task": "end", "player": 0, "announced": False},
                          {"task": "assign", "player": 0, "joker": None},
                          {"task": "discard", "player": 1}])


def test_most_bees_bonus_goes_to_every_tied_player():
    g = game(3)
    s = g.position(beehives=[4, 4, 2])
    sc = s.scores()
    assert [x["bees"] for x in sc] == [4, 4, 2]
    assert [x["bee_bonus"] for x in sc] == [3, 3, 0]
    assert all(x["total"] == x["orders"] + x["mood"] + x["bees"] + x["bee_bonus"] for x in sc)
    # Nobody saved a bee: nobody "has saved the most bees" (ruling D24).
    assert [x["bee_bonus"] for x in g.position().scores()] == [0, 0, 0]
    # Bees on unfinished orders score nothing.
    s = g.position(kitchens=[{4: ("acorn-chowder", [[], [], []], 5), 6: "acorn-fritters"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"},
                             {4: "dandelion-chowder", 6: "dandelion-lemonade"}],
                   beehives=[0, 1, 0])
    assert [x["bees"] + x["bee_bonus"] for x in s.scores()] == [0, 4, 0]


def specialize(mood: int, others=()):
    """Player 1 has mastered "Specialize!" (3 identical ingredients), Phase 2 done."""
    g = game()
    s = g.position(supplies=[["radish", "radish", "radish"], []], mood=[mood, 0],
                   challenges=[["specialize", "beekeeper", *others], []], stage="end")
    return g, s


def test_challenge_card_text_is_its_condition():
    g = game()
    texts = {c.id: c.text for c in g.challenges.values()}
    assert texts["manage-the-stock"] == ("Manage the stock! You emptied the 1er or 2er shelf "
                                         "row this round.")
    assert texts["specialize"] == ("Specialize! You have at least 3 identical ingredients in "
                                   "your supply.")
    assert texts["bring-all-three-together"] == ("Bring all three together! You have at least "
                                                 "3 orders from different chefs in your "
                                                 "kitchen.")


def test_announcing_gives_two_praise_and_ends_the_turn():
    g, s = specialize(0)
    assert s.stage == "end" and s.mastered(0) == ["specialize"]
    assert set(s.legal_actions()) == {AnnounceChallenge("specialize"), EndTurn()}
    assert "not mastered" in s.why_illegal(AnnounceChallenge("beekeeper"))
    s.apply(AnnounceChallenge("specialize"))
    assert s.mood(0) == 2 and s.announced(0) == ["specialize"]
    assert s.challenges(0) == ["beekeeper"]
    # Nothing else was mastered: the turn is over, it is Player 2's.
    assert s.active == 1 and s.current_player == 1


def test_a_challenge_at_the_mood_cap_loses_the_surplus_or_waits():
    g, s = specialize(7)
    assert "1 praise lost" in s.explain(AnnounceChallenge("specialize"))
    t = s.clone()
    t.apply(AnnounceChallenge("specialize"))
    assert t.mood(0) == 8      # +2 from +7: one praise is lost at the cap
    # ... or Player 1 delays: the Challenge stays face up for a later turn.
    s.apply(EndTurn())
    assert s.active == 1 and s.challenges(0) == ["specialize", "beekeeper"]
    assert s.announced(0) == []


def test_challenges_are_announced_only_after_phase_2():
    g = game()
    s = g.position(supplies=[["radish", "radish", "radish"], []],
                   challenges=[["specialize"], []], stage="assign",
                   kitchens=[{4: "acorn-chowder", 6: "acorn-fritters"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}])
    assert "after Phase 2" in s.why_illegal(AnnounceChallenge("specialize"))
    s.apply(FinishAssigning())
    assert s.stage == "end" and AnnounceChallenge("specialize") in s.legal_actions()


def test_manage_the_stock_counts_a_row_emptied_this_turn():
    g = game()
    s = g.position(pantry={1: [["radish"], [], []]}, challenges=[["manage-the-stock"], []],
                   kitchens=[{4: "acorn-chowder", 6: "acorn-fritters"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}])
    s.apply(ChooseShelf(1, 1))
    s.apply(MoveOrder("acorn-chowder", 4))
    # The 1er row is refilled from the bag (chance), then its bonus (recycle).
    import random

    from treehouse_lab.core.chance import sample_outcome
    rng = random.Random(1)
    while s.stage != "end" and not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            acts = s.legal_actions()
            s.apply(next((a for a in acts if isinstance(a, (FinishAssigning,))), acts[-1]))
    assert s.stage == "end" and s.mastered(0) == ["manage-the-stock"]


def test_bees_only_game_has_no_action_cards():
    g, s = specialize(0)
    assert "Secret Ingredient" in s.why_illegal(PlayAction("take-a-shortcut-1"))
    assert s.card_census()["action box"] == 44


@pytest.mark.parametrize("change,message", [
    (lambda d: d["beehives"].__setitem__(0, 23), "beehives"),
    (lambda d: d["beehives"].__setitem__(0, 1), "bee"),
    (lambda d: d["challenges"][0].append("specialize"), "Challenge"),
    (lambda d: d["challenges"][0].append("no-such-card"), "challenges"),
    (lambda d: d["challenge_box"].pop(), "missing"),
    (lambda d: d.pop("emptied"), "emptied"),
    (lambda d: d["kitchens"][0][3].__setitem__("bees", "x"), "bees"),
    (lambda d: d["kitchens"][0][3]["covers"][0].append("bee"), "bees are not ingredients"),
])
def test_malformed_bee_saves_are_refused_naming_the_field(change, message):
    g = game()
    s = g.position(challenges=[["specialize"], ["beekeeper"]],
                   kitchens=[{4: ("acorn-chowder", [[], [], []], 1), 6: "acorn-fritters"},
                             {4: "blueberry-risotto", 6: "blueberry-salad"}])
    d = json.loads(json.dumps(s.to_json()))
    assert g.state_from_json(d).to_json() == d
    change(d)
    with pytest.raises(tl.RuleError, match=message):
        g.state_from_json(d)
