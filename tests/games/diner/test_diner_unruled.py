"""Rule tests for issue 17, item 4: what the rulebook left unruled, rulings D35 to D39.

Positions are built with ``game.position``. Acorn Omelette (1 minute) shows an Acorn and a
Blueberry; Twin Soup Stew (2 minutes) plates A, A; the Starting orders Acorn Chowder (4)
and Acorn Fritters (6) are Player 1's, Blueberry Risotto and Blueberry Salad Player 2's."""

from __future__ import annotations

import treehouse_lab as tl
from treehouse_lab.games.diner import (
    AssignBee,
    DrawAction,
    FinishAssigning,
    Joker,
    Place,
    PlacePlate,
    PlayAction,
    StartJoker,
    TakeFromPantry,
)

STARTING = [{4: "acorn-chowder", 6: "acorn-fritters"},
            {4: "blueberry-risotto", 6: "blueberry-salad"}]


def game(**opts):
    return tl.load_game("diner", players=2, **opts)


# -- D35: the most ingredients placed (Soup Stew hold-back) ----------------------------------

def test_a_radish_first_that_blocks_both_acorns_is_not_offered():
    """Acorn, Acorn and Radish for a Twin Soup Stew: both Acorns fit the two A plates, so
    the Radish may not go first ("Holding back ingredients is ... not allowed")."""
    g = game(modules=("chili",))
    s = g.position(kitchens=[{2: "twin-soup-stew"}, {}], supplies=[["acorn", "acorn", "radish"],
                                                                   []], stage="assign")
    assert s.legal_actions() == [PlacePlate("twin-soup-stew", "plate_a", "acorn")]
    why = s.why_illegal(PlacePlate("twin-soup-stew", "plate_a", "radish"))
    assert "Holding back" in why and "2 ingredients" in why
    s.apply(PlacePlate("twin-soup-stew", "plate_a", "acorn"))
    s.apply(PlacePlate("twin-soup-stew", "plate_a", "acorn"))
    assert s.legal_actions() == [FinishAssigning()]
    assert s.supply(0) == {"radish": 1}


def test_when_every_line_places_as_many_each_is_offered():
    # One Acorn and one Radish: either fills one A plate, and then the other cannot.
    g = game(modules=("chili",))
    s = g.position(kitchens=[{2: "twin-soup-stew"}, {}], supplies=[["acorn", "radish"], []],
                   stage="assign")
    assert s.legal_actions() == [PlacePlate("twin-soup-stew", "plate_a", "acorn"),
                                 PlacePlate("twin-soup-stew", "plate_a", "radish")]
    # An ingredient symbol beside the plates: with two Acorns and a Radish for the Hot
    # Acorn Omelette (Acorn, Chili) and the Twin, an Acorn on the Omelette and one on plate
    # A places 2, both Acorns on the Twin place 2 too; the Radish first on plate A places
    # only 2 as well (Radish, then an Acorn on the Omelette), so every first step is
    # offered. With a third Acorn the Radish first would place 2 of 3 possible: refused.
    s = g.position(kitchens=[{1: "hot-acorn-omelette", 2: "twin-soup-stew"}, {}],
                   supplies=[["acorn", "acorn", "radish"], []], stage="assign")
    legal = s.legal_actions()
    assert Place("hot-acorn-omelette", "acorn") in legal
    assert PlacePlate("twin-soup-stew", "plate_a", "acorn") in legal
    assert PlacePlate("twin-soup-stew", "plate_a", "radish") in legal
    assert s.most_placed(0) == 2
    s = g.position(kitchens=[{1: "hot-acorn-omelette", 2: "twin-soup-stew"}, {}],
                   supplies=[["acorn", "acorn", "acorn", "radish"], []], stage="assign")
    assert s.most_placed(0) == 3
    assert PlacePlate("twin-soup-stew", "plate_a", "radish") not in s.legal_actions()


def _recounted_keeps_most(s, player, slot, i, k):
    """D35 by its definition: place the ``k`` on symbol ``i`` of the order in ``slot`` and
    count again; it keeps the most if one fewer can still be placed afterwards."""
    from treehouse_lab.games.diner.must_assign import most_placed

    g = s.game
    kitchen = [e for e in s.kitchens[player] if e is not None]
    pos = kitchen.index(s.kitchens[player][slot])
    orders = [(g.symbols[e[0]], e[1]) for e in kitchen]
    covers = list(orders[pos][1])
    covers[i] = (k,)
    orders[pos] = (orders[pos][0], tuple(covers))
    supply = list(s.supplies[player])
    supply[k] -= 1
    return most_placed(supply, orders, g.plate0, g.ingredients) == s.most_placed(player) - 1


def test_one_search_per_move_list_agrees_with_recounting_each_placement():
    """Phase 2's move list asks the D35 search once per position and forces one letter's
    kind per question (must_assign.PlacingPlan); recounting the kitchen after each
    placement, as the ruling reads, must give the same answer at every Phase 2 decision of
    seeded games with Soup Stews."""
    import random

    from treehouse_lab.core.chance import sample_outcome

    asked = refused = 0
    for players in (2, 3, 4):
        g = game(modules=("chili",)) if players == 2 else tl.load_game(
            "diner", players=players, modules=("chili",))
        for seed in range(6):
            rng = random.Random(seed)
            s = g.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply(sample_outcome(s.chance_outcomes(), rng))
                    continue
                top = s.stack[-1]
                if top.NAME == "assign" and top.joker is None and s.placing_order_matters(
                        top.player):
                    p = top.player
                    for slot, e in enumerate(s.kitchens[p]):
                        if e is None:
                            continue
                        syms, covers = g.symbols[e[0]], e[1]
                        for i, (sym, c) in enumerate(zip(syms, covers)):
                            if c or sym < g.plate0 or s.letter_kind(p, slot, sym) is not None:
                                continue
                            for k in g.ingredients:
                                if s.supplies[p][k] and s.plate_ok(covers, syms, sym, k):
                                    want = _recounted_keeps_most(s, p, slot, i, k)
                                    assert s.keeps_most(p, slot, i, k) == want
                                    asked += 1
                                    refused += not want
                actors = s.actors()
                seat = actors[0] if len(actors) == 1 else rng.choice(actors)
                s.apply(rng.choice(s.legal_actions(seat)), by=seat)
    assert asked > 200 and refused > 0, (asked, refused)


# -- D36: a bee on an order completed in the same Phase 2 -------------------------------------

def test_a_bee_on_an_order_completed_this_phase_is_saved_at_once():
    """The bee goes on an order in Phase 2 like an ingredient; the order is delivered at
    the end of that Phase 2, and its bees go to the beehive then."""
    g = game(modules=("bees",))
    s = g.position(kitchens=[{1: "acorn-omelette", 4: "acorn-chowder"}, STARTING[1]],
                   supplies=[["acorn", "blueberry", "bee"], []], stage="assign")
    s.apply(Place("acorn-omelette", "acorn"))
    s.apply(Place("acorn-omelette", "blueberry"))
    assert s.kitchen(0)[1]["complete"]
    assert AssignBee("acorn-omelette") in s.legal_actions()   # both orders have no bee
    s.apply(AssignBee("acorn-omelette"))
    s.apply(FinishAssigning())
    assert s.delivered(0) == ["acorn-omelette"] and s.beehive(0) == 1


# -- D37: bees gained after Phase 2 ---------------------------------------------------------

def test_a_bee_taken_by_a_shortcut_after_phase_two_waits_for_the_next_phase_two():
    g = game(modules=("bees", "chili"))
    pantry = {1: [["bee"], ["acorn"], ["acorn"]]}
    s = g.position(kitchens=STARTING, pantry=pantry, stage="end",
                   hands=[["take-a-shortcut-1"], []])
    s.apply(PlayAction("take-a-shortcut-1"))
    s.apply(TakeFromPantry(1, 1, "bee"))
    while s.is_chance_node():                     # the circle is refilled from the bag
        s.apply(s.chance_outcomes()[0][0])
    # Nothing is left to decide at the end step: the turn is over, the bee in the supply.
    assert s.current_player == 1 and s.stage == "phase1"
    assert s.supply(0).get("bee") == 1 and s.beehive(0) == 0
    # It goes on an order in Player 1's next Phase 2, like any bee (D22).
    later = g.position(kitchens=STARTING, supplies=[["bee"], []], stage="assign", turn=3)
    assert later.legal_actions() == [AssignBee("acorn-chowder"), AssignBee("acorn-fritters")]


# -- D38: a shortcut that empties a row while the bag and the compost are empty ---------------

def test_a_shortcut_that_leaves_a_row_empty_pays_the_row_bonus():
    """With nothing in the bag or the compost the circle is not refilled; the row is then
    completely empty, so it was emptied, and its bonus (chili side, 1er row: draw an
    Action card) is paid."""
    g = game(modules=("chili",))
    everything = [k for k, n in zip(g.kinds, g.bag_start) for _ in range(n)]
    everything.remove("acorn")
    s = g.position(kitchens=STARTING, stage="end", hands=[["take-a-shortcut-1"], []],
                   pantry={1: [["acorn"], [], []], 2: [[], [], []], 3: [[], [], []],
                           4: [[], [], []]},
                   supplies=[everything, []])
    assert s.bag_count == 0 and s.compost() == {}
    s.apply(PlayAction("take-a-shortcut-1"))
    s.apply(TakeFromPantry(1, 1, "acorn"))
    assert s.pantry()[0] == [[], [], []]
    assert s.is_chance_node()
    assert all(isinstance(a, DrawAction) for a, _ in s.chance_outcomes())


def test_a_shortcut_refilled_from_the_bag_pays_no_bonus():
    g = game(modules=("chili",))
    s = g.position(kitchens=STARTING, stage="end", hands=[["take-a-shortcut-1"], []],
                   pantry={1: [["acorn"], [], []]})
    s.apply(PlayAction("take-a-shortcut-1"))
    s.apply(TakeFromPantry(1, 1, "acorn"))
    assert "refilled from the bag" in s.waiting_for()
    s.apply(s.chance_outcomes()[0][0])
    assert not s.is_chance_node() and s.hand(0) == []


# -- D39: tiebreaker 3 counts every token of a joker -------------------------------------------

def test_tiebreaker_three_counts_each_token_of_a_joker():
    """Tiebreakers: "3. Number of ingredients on unfinished orders in your own kitchen": a
    joker of 4 lying on an unfinished order is 4 ingredients there."""
    g = game()
    s = g.position(kitchens=[
        {4: ("acorn-chowder", [[], ["radish", "radish", "mushroom", "mushroom"], []]),
         6: "acorn-fritters"},
        {4: ("blueberry-risotto", [["blueberry"], [], []]), 6: "blueberry-salad"}])
    assert s.tiebreak(0)[3] == 4 and s.tiebreak(1)[3] == 1
    assert s.tiebreak(0)[:3] == s.tiebreak(1)[:3]


def test_a_joker_started_late_still_counts_only_when_finished():
    # A joker is finished before anything else (D11), so at the end of a game none is half
    # built; the one in this position counts its tokens once finished.
    g = game()
    s = g.position(kitchens=[{4: "acorn-chowder", 6: "acorn-fritters"}, STARTING[1]],
                   supplies=[["daisy", "daisy"], []], stage="assign")
    s.apply(StartJoker("acorn-chowder", "acorn"))
    s.apply(Joker("acorn-chowder", "acorn", "daisy"))
    s.apply(Joker("acorn-chowder", "acorn", "daisy"))
    assert s.tiebreak(0)[3] == 2
