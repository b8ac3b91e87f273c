"""core.chance: exact sampling over the common denominator, and per-step generators."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from math import lcm

import pytest

from treehouse_lab.core.chance import sample_outcome, step_rng


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
