"""core.bag: a multiset with exact draw probabilities."""

from __future__ import annotations

from fractions import Fraction

import pytest

from treehouse_lab.core.bag import Bag


def test_draw_outcomes_are_count_over_total():
    bag = Bag(["red", "blue", "red", "green", "red"])
    assert bag.draw_outcomes() == [
        ("blue", Fraction(1, 5)), ("green", Fraction(1, 5)), ("red", Fraction(3, 5))]
    assert all(type(p) is Fraction for _, p in bag.draw_outcomes())
    assert sum(p for _, p in bag.draw_outcomes()) == 1
    assert len(bag) == 5 and bag.count("red") == 3 and bag.count("pink") == 0


def test_empty_bag_has_no_outcomes():
    assert Bag().draw_outcomes() == [] and len(Bag()) == 0
    assert "x" not in Bag()


def test_from_counts_iter_and_kinds_are_sorted():
    bag = Bag.from_counts({"b": 2, "a": 1, "z": 0})
    assert list(bag) == ["a", "b", "b"]
    assert bag.kinds() == ["a", "b"] and bag.counts() == {"a": 1, "b": 2}
    assert "z" not in bag and bag == Bag(["b", "a", "b"])


def test_remove_updates_counts_and_probabilities():
    bag = Bag("aab")
    bag.remove("a")
    assert bag.draw_outcomes() == [("a", Fraction(1, 2)), ("b", Fraction(1, 2))]
    bag.remove("a")
    assert "a" not in bag and bag.kinds() == ["b"] and bag.draw_outcomes() == [("b", 1)]
    assert bag == Bag("b")


def test_remove_more_than_held_raises_and_changes_nothing():
    bag = Bag("aab")
    with pytest.raises(ValueError, match="holds 2"):
        bag.remove("a", 3)
    with pytest.raises(ValueError):
        bag.remove("c")
    assert bag == Bag("aab") and len(bag) == 3


def test_add_and_remove_reject_negative_counts():
    bag = Bag("ab")
    with pytest.raises(ValueError):
        bag.add("a", -1)
    with pytest.raises(ValueError):
        bag.remove("a", -1)  # removing -1 must not add a token
    assert bag == Bag("ab") and len(bag) == 2


def test_removing_zero_is_a_no_op_even_for_an_absent_kind():
    bag = Bag("ab")
    bag.remove("c", 0)
    bag.remove("a", 0)
    assert bag == Bag("ab") and len(bag) == 2


def test_copy_is_independent():
    bag = Bag("aab")
    twin = bag.copy()
    twin.remove("a")
    twin.add("z", 2)
    assert bag == Bag("aab") and twin == Bag("abzz") and len(twin) == 4


def test_deck_of_distinct_cards():
    deck = Bag(f"c{i}" for i in range(1, 11))
    outs = deck.draw_outcomes()
    assert len(outs) == 10 and {p for _, p in outs} == {Fraction(1, 10)}
