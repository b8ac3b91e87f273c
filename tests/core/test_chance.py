"""core.chance: exact sampling over the common denominator, uniform nodes known to be
uniform, and per-step generators."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import pytest

import treehouse_lab as tl
from treehouse_lab.core.chance import (
    CountedDraws,
    UniformDraws,
    UniformOutcomes,
    sample_outcome,
    step_rng,
)


class Tickets(random.Random):
    """A generator whose randrange hands out the tickets 0, 1, 2, ... in turn."""

    def __init__(self):
        super().__init__(0)
        self.next_ticket = 0
        self.asked = []

    def randrange(self, n, *args, **kwargs):
        self.asked.append(n)
        t = self.next_ticket
        self.next_ticket += 1
        return t % n


OUTCOME_SETS = [
    [("a", Fraction(1, 2)), ("b", Fraction(1, 3)), ("c", Fraction(1, 6))],
    [("x", Fraction(1))],
    [(1, Fraction(1, 6)), (2, Fraction(1, 3)), (3, Fraction(1, 2))],
    [("p", Fraction(2, 7)), ("q", Fraction(3, 11)), ("r", Fraction(1) - Fraction(2, 7)
                                                     - Fraction(3, 11))],
    [(k, Fraction(1, 52)) for k in range(52)],
]


@pytest.mark.parametrize("outcomes", OUTCOME_SETS)
def test_every_ticket_counts_exactly_its_probability(outcomes):
    denominator = lcm(*(p.denominator for _, p in outcomes))
    rng = Tickets()
    counts = Counter(sample_outcome(outcomes, rng) for _ in range(denominator))
    assert set(rng.asked) == {denominator}
    for outcome, p in outcomes:
        assert Fraction(counts[outcome], denominator) == p


def test_sampling_with_a_real_generator_only_returns_listed_outcomes():
    outcomes = OUTCOME_SETS[0]
    rng = random.Random(5)
    seen = {sample_outcome(outcomes, rng) for _ in range(500)}
    assert seen == {"a", "b", "c"}


def test_empty_and_short_outcomes_raise():
    with pytest.raises(ValueError):
        sample_outcome([], random.Random(0))
    short = [("a", Fraction(1, 4)), ("b", Fraction(1, 4))]
    rng = Tickets()
    rng.next_ticket = 3  # a ticket beyond the listed half
    with pytest.raises(ValueError):
        sample_outcome(short, rng)


def test_step_rng_is_a_pure_function_of_its_key():
    a = [step_rng(7, 3, "chance").random() for _ in range(2)]
    assert a[0] == a[1]
    assert step_rng(7, 3, "chance").random() != step_rng(7, 4, "chance").random()
    assert step_rng(7, 3, "chance").random() != step_rng(7, 3, "bot0").random()
    assert step_rng(7, 3, "chance").random() != step_rng(8, 3, "chance").random()
    assert step_rng(7, 3, "x").random() == step_rng("7", 3, "x").random()


def test_step_rng_is_the_same_in_other_processes():
    """String seeds must not depend on PYTHONHASHSEED or anything of the process."""
    code = ("from treehouse_lab.core.chance import step_rng;"
            "r = step_rng(42, 17, 'chance'); print([r.randrange(1000) for _ in range(8)])")
    outs = set()
    for hashseed in ("0", "1", "12345"):
        env = {"PYTHONHASHSEED": hashseed, "PATH": "/usr/bin:/bin",
               "PYTHONDONTWRITEBYTECODE": "1"}
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, check=True)
        outs.add(res.stdout.strip())
    r = step_rng(42, 17, "chance")
    here = str([r.randrange(1000) for _ in range(8)])
    assert outs == {here}


# -- uniform nodes: equal by construction, sampled without reading the probabilities ---------

def test_uniform_outcomes_are_each_one_over_k():
    made = UniformOutcomes.of(iter("abcde"), 5)
    assert made == [(c, Fraction(1, 5)) for c in "abcde"] and made.equal
    assert isinstance(made, list)
    with pytest.raises(ValueError, match="3 outcomes given as 4"):
        UniformOutcomes.of("abc", 4)
    with pytest.raises(ValueError, match="no outcomes"):
        UniformOutcomes.of([], 0)


def test_a_uniform_node_draws_what_the_same_list_plainly_draws():
    """The short path must not change any seeded game: the same generator state gives the
    same outcome as sampling an ordinary list of the same outcomes."""
    made = UniformOutcomes.of(range(52), 52)
    plain = list(made)
    a, b = random.Random(11), random.Random(11)
    assert [sample_outcome(made, a) for _ in range(300)] == \
        [sample_outcome(plain, b) for _ in range(300)]
    rng = Tickets()
    counts = Counter(sample_outcome(made, rng) for _ in range(52))
    assert set(rng.asked) == {52} and set(counts.values()) == {1}


def _unequal_by(made, change):
    change(made)
    return made.equal


#: Every list method that changes the outcomes themselves, by name.
CHANGES = {
    "setitem": lambda x: x.__setitem__(0, ("z", Fraction(1, 2))),
    "delitem": lambda x: x.__delitem__(0),
    "iadd": lambda x: x.__iadd__([("z", Fraction(0))]),
    "imul": lambda x: x.__imul__(2),
    "append": lambda x: x.append(("z", Fraction(0))),
    "extend": lambda x: x.extend([("z", Fraction(0))]),
    "insert": lambda x: x.insert(0, ("z", Fraction(0))),
    "pop": lambda x: x.pop(),
    "remove": lambda x: x.remove(x[0]),
    "clear": lambda x: x.clear(),
}
#: And the two that only reorder them.
REORDERS = {"sort": lambda x: x.sort(key=lambda o: o[1]), "reverse": lambda x: x.reverse()}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES)
def test_any_change_that_could_unbalance_a_uniform_list_makes_it_ordinary(change):
    assert _unequal_by(UniformOutcomes.of("abcd", 4), change) is False


def test_reordering_and_copying_keep_a_uniform_list_uniform():
    made = UniformOutcomes.of("abcd", 4)
    made.reverse()
    made.sort()
    copy = made.copy()
    assert made.equal and copy.equal and copy == made and copy is not made
    copy.pop()
    assert made.equal and not copy.equal


def test_a_changed_uniform_list_is_sampled_by_its_probabilities():
    """The caller's edit is honoured (and refused where it no longer sums to 1)."""
    made = UniformOutcomes.of("ab", 2)
    made[0] = ("a", Fraction(3, 4))
    made[1] = ("b", Fraction(1, 4))
    rng = Tickets()
    assert Counter(sample_outcome(made, rng) for _ in range(4)) == {"a": 3, "b": 1}
    short = UniformOutcomes.of("abcd", 4)
    del short[3]
    rng = Tickets()
    rng.next_ticket = 3
    with pytest.raises(ValueError, match="sum to 1"):
        sample_outcome(short, rng)


def test_uniform_draws_follow_the_pile_and_share_one_fraction_per_size():
    draws = UniformDraws({c: f"draw {c}" for c in "abcdef"})
    got = draws.outcomes(("d", "a", "f"))
    assert got == [("draw d", Fraction(1, 3)), ("draw a", Fraction(1, 3)),
                   ("draw f", Fraction(1, 3))] and got.equal
    again = draws.outcomes(("b", "c", "e"))
    assert again[0][1] is got[0][1]
    assert draws.outcomes(("b",)) == [("draw b", Fraction(1))]


@pytest.mark.parametrize("name", ["magical", "backyard", "diner"])
def test_a_states_uniform_outcomes_are_the_callers_own(name):
    """chance_outcomes hands out a copy that is still known to be uniform; changing it
    changes nothing in the state."""
    game = tl.load_game(name, players=3)
    s = game.new_initial_state()
    rng = random.Random(3)
    while not (s.is_chance_node() and isinstance(s.chance_outcomes(), UniformOutcomes)
               and len(s.chance_outcomes()) > 2):
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            by = s.actors()[0]
            s.apply(rng.choice(s.legal_actions(by)), by=by)
    mine = s.chance_outcomes()
    assert mine.equal
    want = list(mine)
    mine.clear()
    assert s.chance_outcomes() == want and s.chance_outcomes().equal


# -- counted nodes: a bag's draw, sampled from its counts -------------------------------------

BAGS = [(5, 0, 3, 2), (1,), (4, 4, 4), (0, 7, 0, 14, 21), (2, 3, 5, 7, 11, 13, 17), (6, 0)]


@pytest.mark.parametrize("bag", BAGS, ids=str)
def test_counted_outcomes_are_the_kinds_in_the_bag_each_count_over_total(bag):
    draws = CountedDraws([f"k{k}" for k in range(len(bag))])
    made = draws.outcomes(bag)
    total = sum(bag)
    assert made == [(f"k{k}", Fraction(c, total)) for k, c in enumerate(bag) if c]
    assert made.counts == bag and isinstance(made, list)


@pytest.mark.parametrize("bag", BAGS, ids=str)
def test_a_counted_node_draws_what_the_same_list_plainly_draws(bag):
    """The short path must not change any seeded game: the same generator state gives the
    same outcome as sampling an ordinary list of the same outcomes, and every ticket of
    the general method's denominator lands where it would there."""
    made = CountedDraws(range(len(bag))).outcomes(bag)
    plain = list(made)
    a, b = random.Random(3), random.Random(3)
    assert [sample_outcome(made, a) for _ in range(400)] == \
        [sample_outcome(plain, b) for _ in range(400)]
    denominator = lcm(*(p.denominator for _, p in plain))
    counted, general = Tickets(), Tickets()
    assert [sample_outcome(made, counted) for _ in range(denominator)] == \
        [sample_outcome(plain, general) for _ in range(denominator)]
    assert counted.asked == general.asked


def test_an_empty_bag_has_no_outcomes_to_draw():
    made = CountedDraws("ab").outcomes((0, 0))
    assert made == [] and made.counts is None
    with pytest.raises(ValueError, match="no outcomes"):
        sample_outcome(made, random.Random(0))


@pytest.mark.parametrize("change", [*CHANGES.values(), *REORDERS.values()],
                         ids=[*CHANGES, *REORDERS])
def test_any_change_to_a_counted_list_makes_it_ordinary(change):
    """Reordering too: the counts would no longer line up with their outcomes."""
    made = CountedDraws("abc").outcomes((1, 2, 3))
    change(made)
    assert made.counts is None


def test_a_reversed_counted_list_draws_as_a_reversed_plain_list():
    made = CountedDraws("abc").outcomes((1, 2, 3))
    made.reverse()
    a, b = random.Random(8), random.Random(8)
    assert [sample_outcome(made, a) for _ in range(200)] == \
        [sample_outcome(list(made), b) for _ in range(200)]


def test_a_copy_of_a_counted_list_keeps_its_counts_and_is_its_own():
    made = CountedDraws("abc").outcomes((1, 0, 3))
    copy = made.copy()
    assert copy == made and copy is not made and copy.counts == (1, 0, 3)
    copy.pop()
    assert made.counts == (1, 0, 3) and copy.counts is None


def test_the_tables_know_their_own_actions_only_by_identity():
    """How a stage recognises its draw without the list (``Stage.drawn``): an equal
    object that is not the table's own is not one of its draws."""
    actions = {"a": Token("a"), "b": Token("b")}
    uniform = UniformDraws(actions)
    counted = CountedDraws(list(actions.values()))
    for k, (key, a) in enumerate(actions.items()):
        assert uniform.key_by_id.get(id(a)) == key and counted.kind_by_id.get(id(a)) == k
    stranger = Token("a")
    assert stranger == actions["a"]
    assert uniform.key_by_id.get(id(stranger)) is None
    assert counted.kind_by_id.get(id(stranger)) is None


@dataclass(frozen=True)
class Token:
    name: str
