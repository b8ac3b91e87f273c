"""Treehouse Diner by the numbers (treehouse_lab.games.diner.counting): every count and
chance is reached two ways, and the two must agree.

* Joker options: the generating function against brute force on random supplies, and
  against the stacks the engine lets a player build (the one difference, four daisies,
  is ruling D11's: two daisies already finish a joker).
* Ways to complete an order: the engine's legal Phase 2 actions, explored from a teaching
  position, against the sympy generating function, on random orders and supplies.
* Draws: the engine's chance outcomes, followed draw by draw, against the multivariate
  hypergeometric distribution; and a seeded simulation near the exact value.

Small cases are also worked by hand here, so that a formula and an enumeration that are
wrong in the same way still fail.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
import sympy

import treehouse_lab as tl
from treehouse_lab.exercises import audit_bank
from treehouse_lab.games.diner import ChooseShelf, DrawIngredient, MoveOrder, counting
from treehouse_lab.games.diner.exercises import IDS
from treehouse_lab.games.diner.rules import BAG, BASIC_KINDS

GAME = tl.load_game("diner", players=2)
BASIC = list(GAME.basic_ids)


def random_supply(rng: random.Random, size: int, favour: tuple[str, ...] = ()) -> dict:
    """``size`` ingredients, drawn from ``favour`` (an order's ingredients) half the time
    and from all six kinds otherwise, never more of a kind than the bag holds."""
    out: Counter = Counter()
    while sum(out.values()) < size:
        kind = rng.choice(favour) if favour and rng.random() < 0.5 else rng.choice(BASIC_KINDS)
        if out[kind] < BAG[kind]:
            out[kind] += 1
    return dict(out)


# -- Joker options ---------------------------------------------------------------------------

def test_joker_options_worked_by_hand():
    # 2 Daisies, 2 Acorns, a Blueberry, a Radish: (1+x+x^2)^2 (1+x)^2 has 1 + 4 + 3 = 8
    # at x^4, and the two daisies make one more stack.
    assert counting.joker_options({"daisy": 2, "acorn": 2, "blueberry": 1, "radish": 1}) == 9
    assert counting.joker_options({}) == 0
    assert counting.joker_options({"daisy": 2}) == 1                  # only two daisies
    assert counting.joker_options({"acorn": 3, "radish": 0}) == 0     # 3 cannot make 4
    assert counting.joker_options({"acorn": 4}) == 1
    assert counting.joker_options({"daisy": 4}) == 2                  # DDDD and DD
    assert counting.joker_options(dict(BAG)) == comb(6 + 4 - 1, 4) + 1
    assert isinstance(counting.joker_options({"acorn": 4}), sympy.Integer)


def test_joker_options_equals_enumeration_on_random_supplies():
    rng = random.Random(8)
    for _ in range(60):
        supply = random_supply(rng, rng.randint(0, 10))
        stacks = counting.joker_stacks(supply)
        assert counting.joker_options(supply) == len(stacks), supply
        assert len(set(stacks)) == len(stacks)
        assert all(len(s) == 4 or s == ("daisy", "daisy") for s in stacks)


def test_the_engine_builds_every_stack_four_daisies_included():
    """Four Daisies are "4 arbitrary ingredients" (D11): the engine builds every stack."""
    rng = random.Random(9)
    fours = 0
    for _ in range(25):
        supply = random_supply(rng, rng.randint(2, 7), favour=("daisy",))
        engine = counting.engine_joker_stacks(supply)
        brute = counting.joker_stacks(supply)
        assert engine == brute, supply
        assert len(engine) == counting.joker_options(supply)
        fours += ("daisy",) * 4 in engine
    assert fours >= 3


# -- Ways to complete an order ------------------------------------------------------------

def test_ways_to_complete_worked_by_hand():
    """Acorn Smoothie (Acorn, Acorn, Daisy) from 2 Acorns, 3 Daisies and a Radish: the
    ingredients themselves (1); a joker on the Daisy: two daisies, or Daisy Daisy Daisy
    Radish (2); a joker on one Acorn: two daisies, or Acorn Daisy Daisy Radish (2). Two
    jokers would need 4 daisies or 6 more ingredients. 5 ways."""
    supply = {"acorn": 2, "daisy": 3, "radish": 1}
    ways = counting.completions("acorn-smoothie", supply)
    assert len(ways) == 5 == counting.ways_to_complete("acorn-smoothie", supply)
    assert (("acorn",), ("acorn",), ("daisy",)) in ways
    assert (("acorn",), ("acorn", "daisy", "daisy", "radish"), ("daisy",)) in ways
    assert counting.completions("acorn-smoothie", supply, jokers=False) == [
        (("acorn",), ("acorn",), ("daisy",))]
    assert counting.ways_to_complete("dandelion-soup", supply, jokers=False) == 0


def test_identical_symbols_and_stacking_order_do_not_make_new_ways():
    # Acorn Pizza (Acorn, Acorn) from 1 Acorn and 2 Daisies: the acorn on one symbol and the
    # two daisies on the other is one way, whichever symbol got the joker.
    supply = {"acorn": 1, "daisy": 2}
    assert counting.completions("acorn-pizza", supply) == [(("acorn",), ("daisy", "daisy"))]
    assert counting.ways_to_complete("acorn-pizza", supply) == 1


def test_ways_to_complete_enumeration_and_formula_agree_on_random_pairs():
    rng = random.Random(2026)
    several = 0
    for _ in range(55):
        order = GAME.orders[rng.choice(BASIC)]
        supply = random_supply(rng, rng.randint(5, 7), favour=order.ingredients + ("daisy",))
        counts = {}
        for jokers in (True, False):
            ways = counting.completions(order.id, supply, jokers=jokers)
            formula = counting.ways_to_complete(order.id, supply, jokers=jokers)
            assert isinstance(formula, sympy.Integer)
            assert len(ways) == formula, (order.id, supply, jokers)
            counts[jokers] = len(ways)
        assert counts[False] <= 1 <= counts[True] or counts[True] == counts[False] == 0
        several += counts[True] > 1
    assert several >= 25   # many pairs have several ways: not a trivial agreement


def test_under_the_rulebook_default_jokers_cover_only_what_is_missing():
    """D11 (``jokers="missing"``): the Acorn Smoothie from 2 Acorns, 3 Daisies and a Radish
    has one way (its own ingredients must go on it); from 1 Acorn, 3 Daisies and a Radish
    the Acorn and a Daisy go on their symbols, the second Acorn is missing, and of the 2
    Daisies and the Radish left only two Daisies make a joker: one way. The formula agrees
    with the engine on random pairs, and never counts more than the variant."""
    smoothie = {"acorn": 2, "daisy": 3, "radish": 1}
    assert counting.completions("acorn-smoothie", smoothie, game=GAME) == [
        (("acorn",), ("acorn",), ("daisy",))]
    assert counting.ways_to_complete("acorn-smoothie", smoothie, game=GAME) == 1
    short = {"acorn": 1, "daisy": 3, "radish": 1}
    assert counting.completions("acorn-smoothie", short, game=GAME) == [
        (("acorn",), ("daisy", "daisy"), ("daisy",))]
    assert counting.ways_to_complete("acorn-smoothie", short, game=GAME) == 1
    rng = random.Random(2027)
    for _ in range(30):
        order = GAME.orders[rng.choice(BASIC)]
        supply = random_supply(rng, rng.randint(4, 8), favour=order.ingredients + ("daisy",))
        for jokers in (True, False):
            ways = counting.completions(order.id, supply, jokers=jokers, game=GAME)
            formula = counting.ways_to_complete(order.id, supply, jokers=jokers, game=GAME)
            assert len(ways) == formula, (order.id, supply, jokers)
            assert formula <= counting.ways_to_complete(order.id, supply, jokers=jokers)


# -- Draws ------------------------------------------------------------------------------------

def first_draw(game):
    s = game.new_initial_state()
    while not isinstance(s.chance_outcomes()[0][0], DrawIngredient):
        s.apply(s.chance_outcomes()[0][0])
    return s


def test_starting_ingredients_engine_equals_hypergeometric():
    s = first_draw(GAME)
    engine = counting.next_draws(s, 3)
    formula = counting.draw_distribution(s.bag(), 3)
    assert len(engine) == comb(6 + 3 - 1, 3) == len(formula)
    assert engine == {k: Fraction(int(v.p), int(v.q)) for k, v in formula.items()}
    assert sum(engine.values()) == 1 and sum(formula.values()) == 1
    # Three daisies: 10 * 9 * 8 / (90 * 89 * 88), worked by hand.
    assert engine[("daisy",) * 3] == Fraction(10 * 9 * 8, 90 * 89 * 88)
    pair = sum(p for k, p in engine.items() if len(set(k)) < 3)
    assert pair == 1 - counting.all_different(s.bag(), 3) == Fraction(434, 979)


def emptied_row(players, size, bag_left=None):
    """A position where Player 1 has just taken the last space of the ``size`` row: the
    row is being refilled from the bag."""
    g = tl.load_game("diner", players=players)
    kit = [{6: "daisy-bread"}] + [{}] * (players - 1)
    s = g.position(kitchens=kit, pantry={size: [["acorn"] * size] + [[]] * (g.columns - 1)})
    s.apply(ChooseShelf(size, 1))
    for m in range(6, 6 - size, -1):
        s.apply(MoveOrder("daisy-bread", m))
    assert s.is_chance_node() and "shelf row is filled" in s.waiting_for()
    return s


@pytest.mark.parametrize("players,size", [(2, 1), (3, 1), (2, 2)])
def test_a_refilled_row_engine_equals_hypergeometric(players, size):
    s = emptied_row(players, size)
    k = size * s.game.columns
    engine = counting.next_draws(s, k)
    formula = counting.draw_distribution(s.bag(), k)
    assert set(engine) == set(formula)
    assert all(engine[m] == formula[m] for m in engine)
    assert sum(engine.values()) == 1
    daisy = sum(p for m, p in engine.items() if "daisy" in m)
    assert daisy == counting.at_least_one(s.bag(), "daisy", k)
    n, d = s.bag_count, s.bag()["daisy"]
    assert daisy == 1 - Fraction(comb(n - d, k), comb(n, k))


def test_a_seeded_simulation_lands_near_the_exact_chance():
    s = first_draw(GAME)
    trials = 3000
    seen = counting.simulate_draws(s, 3, trials, seed=5)
    assert sum(seen.values()) == trials
    exact = Fraction(434, 979)
    hits = sum(c for k, c in seen.items() if len(set(k)) < 3)
    spread = (exact * (1 - exact) / trials) ** 0.5
    assert abs(hits / trials - exact) < 4 * spread
    assert seen == counting.simulate_draws(s, 3, trials, seed=5)   # the seed fixes it


def test_bad_input_gets_a_typed_error_naming_the_field():
    with pytest.raises(tl.RuleError, match="not an ingredient"):
        counting.joker_options({"wasp": 2})
    with pytest.raises(tl.RuleError, match=r"supply\['daisy'\]"):
        counting.joker_options({"daisy": -1})
    with pytest.raises(tl.RuleError, match="the bag holds 10"):
        counting.joker_options({"daisy": 11})
    with pytest.raises(tl.RuleError, match="not an order"):
        counting.ways_to_complete("no-such-order", {"acorn": 1})
    with pytest.raises(tl.RuleError, match="k: a whole number of draws 0..3"):
        counting.draw_distribution({"acorn": 3}, 4)
    with pytest.raises(tl.RuleError, match="drawn"):
        counting.hypergeometric({"acorn": 3}, ["acorn", "wasp"])
    decision = GAME.position()
    with pytest.raises(tl.RuleError, match="not a draw from the bag"):
        counting.next_draws(decision, 1)
    long = "x" * 500
    with pytest.raises(tl.RuleError) as err:
        counting.joker_options({long: 1})
    assert len(str(err.value)) < 200


def test_importing_counting_does_not_import_sympy():
    code = ("import sys, treehouse_lab.games.diner.counting, treehouse_lab.games.diner.exercises;"
            " print('sympy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"


# -- The exercise bank (notebooks/treehouse-diner-exercises.ipynb) ----------------------------

def exercise_answers() -> dict:
    """Every answer, recomputed from the engine or by brute force."""
    start = counting.next_draws(first_draw(GAME), 3)
    four = first_draw(tl.load_game("diner", players=4))
    daisy = dict(four.chance_outcomes())[DrawIngredient("daisy")]
    circles = 4 * four.game.columns                  # the 4er row with 4 players
    return {
        "three-of-a-kind": sum(p for k, p in start.items() if len(set(k)) == 1),
        "joker-options": len(counting.joker_stacks(
            {"dandelion": 3, "acorn": 1, "mushroom": 1, "daisy": 3})),
        "ways-dandelion-soup": len(counting.completions(
            "dandelion-soup", {"dandelion": 1, "acorn": 2, "radish": 1, "daisy": 2})),
        "daisy-space": counting.next_draws(first_draw(GAME), 2)[("daisy", "daisy")],
        # Before set-up every circle is like the first draws (exchangeable): 12 circles.
        "setup-row-daisy": 1 - Fraction(comb(80, 12), comb(90, 12)),
        "expected-daisies": circles * daisy,         # linearity of expectation
        # Issue 9: a soup stew filled from a supply with bees, by the engine; the chance the
        # 1er row (3 circles) shows a chili after set-up (98 ingredients, no bees), by the
        # formula and by brute force over the sets of 3.
        "soup-stew-fills": len(counting.completions(
            "hearty-soup-stew", {"acorn": 3, "radish": 2, "daisy": 1, "chili": 1, "bee": 2},
            game=tl.load_game("diner", players=2, modules={"bees", "chili"}))),
        "setup-row-chili": _chili_in_three(),
    }


def _chili_in_three() -> Fraction:
    full = {**BAG, "chili": 8}
    formula = counting.refill_shows_formula(full, 3)
    brute = 1 - Fraction(comb(sum(full.values()) - 8, 3), comb(sum(full.values()), 3))
    assert formula == brute
    return brute


def test_every_exercise_answer_is_recomputed_and_accepted():
    got = exercise_answers()
    assert audit_bank(got, IDS) == []


# -- Issue 9: bees in the supply, soup stews, chilis -------------------------------------------

def test_bees_in_the_supply_never_count_for_jokers():
    rng = random.Random(91)
    for _ in range(12):
        supply = {k: rng.randint(0, 3) for k in ("acorn", "radish", "daisy", "chili")}
        with_bees = {**supply, "bee": rng.randint(1, 4)}
        assert counting.joker_options(with_bees) == counting.joker_options(supply)
        assert counting.joker_stacks(with_bees) == counting.joker_stacks(supply)
    supply = {"acorn": 1, "radish": 1, "daisy": 1, "bee": 3}
    assert counting.joker_options(supply) == 0 == len(counting.engine_joker_stacks(supply))
    supply = {"acorn": 2, "radish": 1, "daisy": 2, "bee": 2}
    engine = counting.engine_joker_stacks(supply)
    assert engine and all("bee" not in stack for stack in engine)
    assert len(engine) == counting.joker_options(supply)


def test_ways_to_complete_with_bees_agree_with_the_engine():
    g = tl.load_game("diner", players=2, modules={"bees"})
    rng = random.Random(92)
    orders = [o for o in g.basic_ids if len(g.orders[o].ingredients) <= 3]
    for _ in range(4):
        order = rng.choice(orders)
        supply = {k: rng.randint(0, 2) for k in ("dandelion", "acorn", "blueberry", "radish",
                                                  "mushroom", "daisy")}
        supply["bee"] = rng.randint(1, 3)
        ways = counting.ways_to_complete(order, supply, game=g)
        assert ways == len(counting.completions(order, supply, game=g))
        no_bees = {k: v for k, v in supply.items() if k != "bee"}
        assert ways == counting.ways_to_complete(order, no_bees, game=GAME)


@pytest.mark.parametrize("pattern", ["A", "AA", "AB", "AAB", "ABC", "AABB", "AAA", "ABCD",
                                     "AABC", "AAABB"])
def test_soup_fills_by_enumeration_and_by_formula(pattern):
    rng = random.Random(f"soup/{pattern}")
    kinds = ["dandelion", "acorn", "blueberry", "radish", "mushroom", "daisy", "chili"]
    for _ in range(40):
        supply = {k: rng.randint(0, 4) for k in rng.sample(kinds, rng.randint(1, 7))}
        if rng.random() < 0.5:
            supply["bee"] = rng.randint(1, 5)
        fills = counting.soup_fills(pattern, supply)
        assert counting.soup_ways(pattern, supply) == len(fills)
        # Each fill: one kind per letter, different letters different kinds, enough of it.
        for fill in fills:
            assert len(set(fill.values())) == len(fill) and "bee" not in fill.values()
            for plate, kind in fill.items():
                assert supply[kind] >= pattern.count(plate[-1].upper())


def test_soup_fills_agree_with_the_engine_for_every_soup_stew():
    # soup_ways counts a kind per letter: the engine asked without jokers on plates.
    g = tl.load_game("diner", players=2, modules={"chili"}, plate_jokers="never")
    rng = random.Random(93)
    soups = [o for o in g.basic_ids if "plate_a" in g.orders[o].ingredients]
    assert len(soups) == 8
    for order in soups:
        supply = {k: rng.randint(0, 3) for k in ("acorn", "radish", "daisy", "chili")}
        ways = counting.ways_to_complete(order, supply, game=g)
        assert ways == counting.soup_ways(g.orders[order], supply)
        assert ways == len(counting.completions(order, supply, game=g))


def test_the_chance_a_refilled_row_shows_a_chili():
    g = tl.load_game("diner", players=2, modules={"bees", "chili"})
    for size in (1, 2, 3):
        pantry = {r.size: [[], [], []] for r in g.rows if r.size != size}
        pantry[size] = [["acorn"] * size, [], []]
        s = g.position(pantry=pantry, kitchens=[{4: "acorn-chowder", 6: "acorn-fritters"},
                                                {4: "blueberry-risotto", 6: "blueberry-salad"}])
        s.apply(ChooseShelf(size, 1))
        while s.stage == "minutes":
            s.apply(s.legal_actions()[0])
        circles = 3 * size
        engine = counting.refill_shows(s)
        formula = counting.refill_shows_formula(s.bag(), circles)
        assert engine == formula
        n, c = s.bag_count, s.bag()["chili"]
        assert engine == 1 - Fraction(comb(n - c, circles), comb(n, circles))
        assert 0 < engine < 1


def test_ways_to_complete_chili_orders_agree_with_the_engine():
    g = tl.load_game("diner", players=2, modules={"chili"})
    rng = random.Random(94)
    orders = [o for o in g.basic_ids if "chili" in g.orders[o].ingredients
              and len(g.orders[o].ingredients) <= 3]
    assert orders
    for order in rng.sample(orders, 3):
        supply = {k: rng.randint(0, 2) for k in ("acorn", "radish", "daisy", "chili")}
        assert counting.ways_to_complete(order, supply, game=g) == len(
            counting.completions(order, supply, game=g))
