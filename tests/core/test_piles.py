"""core.piles: a card taken out of a pile of card ids."""

from __future__ import annotations

import random

import pytest

from treehouse_lab.core.piles import without, without_sorted


def test_without_takes_out_the_one_card_and_keeps_the_order():
    pile = ("d", "a", "c", "b")
    assert without(pile, "c") == ("d", "a", "b")
    assert without(pile, "d") == ("a", "c", "b")
    assert without(pile, "b") == ("d", "a", "c")
    assert without(("x",), "x") == ()
    assert pile == ("d", "a", "c", "b")


def test_without_refuses_a_card_the_pile_does_not_hold():
    with pytest.raises(ValueError):
        without(("a", "b"), "z")


def test_without_sorted_agrees_with_without_on_sorted_piles():
    rng = random.Random(3)
    for _ in range(200):
        pile = tuple(sorted(rng.sample([f"card-{i:02d}" for i in range(60)], rng.randint(1, 60))))
        card = rng.choice(pile)
        assert without_sorted(pile, card) == without(pile, card) == tuple(
            c for c in pile if c != card)
