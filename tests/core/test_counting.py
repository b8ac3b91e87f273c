"""The one hypergeometric law (core/counting.py) against brute force: every handful of a
small bag enumerated, so the formula is trusted only where it agrees with counting."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

import treehouse_lab as tl
from treehouse_lab.core.counting import hypergeometric, hypergeometric_at_least


def _brute(counts: dict[str, int], n: int) -> dict[tuple, Fraction]:
    """Each multiset of ``n`` items from the bag, by listing every handful of distinct
    tokens."""
    tokens = [(kind, i) for kind, k in counts.items() for i in range(k)]
    hands = list(itertools.combinations(tokens, n))
    seen = Counter(tuple(sorted(kind for kind, _ in h)) for h in hands)
    return {h: Fraction(c, len(hands)) for h, c in seen.items()}


@given(st.dictionaries(st.sampled_from("abcd"), st.integers(0, 4), min_size=1),
       st.integers(0, 6))
def test_every_handful_agrees_with_brute_force(counts, n):
    n = min(n, sum(counts.values()))
    brute = _brute(counts, n)
    for hand, p in brute.items():
        assert hypergeometric(counts, hand) == p
        assert hypergeometric(counts, Counter(hand)) == p  # a mapping says the same
    assert sum(brute.values()) == 1


def test_the_result_is_an_exact_fraction_and_impossible_handfuls_are_zero():
    p = hypergeometric({"spell": 12, "other": 84}, {"spell": 2, "other": 6})
    assert type(p) is Fraction and p == Fraction(comb(12, 2) * comb(84, 6), comb(96, 8))
    assert hypergeometric({"a": 1, "b": 5}, ["a", "a"]) == 0
    assert hypergeometric({"a": 3}, []) == 1


def test_the_tail_agrees_with_brute_force():
    cards = range(10)
    good = set(range(3))
    for draws in range(0, 6):
        hands = list(itertools.combinations(cards, draws))
        for k in (-1, 0, 1, 2, 3, 4):
            brute = Fraction(sum(len(good & set(h)) >= k for h in hands), len(hands))
            assert hypergeometric_at_least(3, 10, draws, k) == brute
    # "at least one purple in 3 from 32 with 8 purple" (the Backyard exercise)
    assert hypergeometric_at_least(8, 32, 3) == 1 - Fraction(comb(24, 3), comb(32, 3))


@pytest.mark.parametrize("counts, drawn, match", [
    ({"acorn": 3}, ["acorn", "wasp"], r"drawn: 'wasp' is not one of the kinds"),
    ({"acorn": 3}, ["acorn"] * 4, "drawn: 4 items drawn, but the bag holds only 3"),
    ({"acorn": -1}, [], r"counts\['acorn'\]: a whole number"),
    ({"acorn": True}, [], r"counts\['acorn'\]"),
    ({"acorn": 2}, {"acorn": 1.0}, r"drawn\['acorn'\]"),
    ({"acorn": 2}, "acorn", "drawn: the items drawn"),
    ([3], [], "counts: a mapping"),
])
def test_bad_input_names_the_field(counts, drawn, match):
    with pytest.raises(tl.RuleError, match=match):
        hypergeometric(counts, drawn)


def test_a_bad_tail_names_the_field():
    with pytest.raises(tl.RuleError, match="draws <= total"):
        hypergeometric_at_least(3, 10, 11)
    with pytest.raises(tl.RuleError, match="good"):
        hypergeometric_at_least(-1, 10, 2)
    with pytest.raises(tl.RuleError, match="k: a whole number"):
        hypergeometric_at_least(3, 10, 2, 1.5)


def test_the_games_share_the_one_function():
    from treehouse_lab.core import counting
    from treehouse_lab.games.backyard import counting as backyard
    from treehouse_lab.games.diner import counting as diner
    from treehouse_lab.games.magical import counting as magical

    assert diner.hypergeometric is magical.hypergeometric is counting.hypergeometric
    assert backyard.hypergeometric_at_least is counting.hypergeometric_at_least
