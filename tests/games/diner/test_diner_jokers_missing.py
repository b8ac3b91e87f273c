"""Rule tests for issue 17, items 1 and 3: jokers only for missing ingredients (D11), on
ingredient symbols and on Soup Stew plates (D29), and today's readings as variants.

Ingredient Jokers: "You may replace missing ingredients during assignment using an
ingredient joker." 2. Assign Ingredients: "All your ingredients that can be assigned to
orders must be assigned in this phase." Positions are built with ``game.position``; Acorn
Omelette (1 minute) shows an Acorn and a Blueberry, Acorn Smoothie (3 minutes) Acorn,
Acorn, Daisy, Twin Soup Stew (2 minutes) plates A, A and Pair Soup Stew plates A, B."""

from __future__ import annotations

import json

import pytest

import treehouse_lab as tl
from treehouse_lab.games.diner import FinishAssigning, Joker, Place, PlacePlate, StartJoker


def assign(kitchen, supply, **opts):
    g = tl.load_game("diner", players=2, **opts)
    return g.position(kitchens=[kitchen, {}], supplies=[supply, []], stage="assign")


def starts(s):
    return [a for a in s.legal_actions() if isinstance(a, StartJoker)]


# -- Item 1: the position -------------------------------------------------------------

def test_no_joker_on_a_symbol_whose_ingredient_the_supply_holds():
    """Acorn Omelette on the 1-minute space, supply one Acorn and two Daisies, Phase 2:
    the Acorn must go on the Acorn symbol; a joker there is neither offered nor legal, and
    finishing is not offered while the Acorn could be assigned. The Blueberry is missing
    (the supply holds none), so a joker there may come before the Acorn (D11); with the
    variant ``jokers="placed-first"`` only after it."""
    s = assign({1: "acorn-omelette"}, ["acorn", "daisy", "daisy"])
    assert s.legal_actions() == [Place("acorn-omelette", "acorn"),
                                 StartJoker("acorn-omelette", "blueberry")]
    why = s.why_illegal(StartJoker("acorn-omelette", "acorn"))
    assert "missing ingredients" in why and "Acorn" in why
    assert "Do not leave ingredients lying around" in s.why_illegal(FinishAssigning())
    first = assign({1: "acorn-omelette"}, ["acorn", "daisy", "daisy"], jokers="placed-first")
    assert first.legal_actions() == [Place("acorn-omelette", "acorn")]
    assert not first.is_legal(StartJoker("acorn-omelette", "blueberry"))
    s.apply(Place("acorn-omelette", "acorn"))
    # Now the Blueberry is missing: the two Daisies may replace it, or stay.
    assert starts(s) == [StartJoker("acorn-omelette", "blueberry")]
    assert FinishAssigning() in s.legal_actions()
    s.apply(StartJoker("acorn-omelette", "blueberry"))
    s.apply(Joker("acorn-omelette", "blueberry", "daisy"))
    s.apply(Joker("acorn-omelette", "blueberry", "daisy"))
    assert s.legal_actions() == [FinishAssigning()]
    s.apply(FinishAssigning())
    assert s.delivered(0) == ["acorn-omelette"] and s.supply(0) == {}


def test_variant_any_allows_a_joker_that_keeps_the_ingredient():
    """Variant ``jokers="any"`` (the old D11): the issue's line is legal, the joker on the
    Acorn symbol and finishing while the Acorn stays in the supply."""
    s = assign({1: "acorn-omelette"}, ["acorn", "daisy", "daisy"], jokers="any")
    assert starts(s) == [StartJoker("acorn-omelette", "acorn"),
                         StartJoker("acorn-omelette", "blueberry")]
    s.apply(StartJoker("acorn-omelette", "acorn"))
    s.apply(Joker("acorn-omelette", "acorn", "daisy"))
    s.apply(Joker("acorn-omelette", "acorn", "daisy"))
    assert s.legal_actions() == [FinishAssigning()]
    assert s.supply(0) == {"acorn": 1}


def test_placed_first_a_joker_may_not_eat_an_ingredient_that_can_be_placed():
    """Variant ``jokers="placed-first"`` (the reading before the Mushroom Sandwich ruling):
    with Acorn, Daisy, Daisy for the Acorn Smoothie the Acorn and one Daisy must be placed;
    the Daisy left cannot make a joker for the second Acorn. The variant ``any`` allows the
    Daisies on that joker instead (and the default D11 too, once the Acorn is placed)."""
    s = assign({3: "acorn-smoothie"}, ["acorn", "daisy", "daisy"], jokers="placed-first")
    assert not starts(s)
    s.apply(Place("acorn-smoothie", "acorn"))
    assert not starts(s)                   # the Daisy symbol can still take a Daisy
    s.apply(Place("acorn-smoothie", "daisy"))
    assert s.legal_actions() == [FinishAssigning()]
    v = assign({3: "acorn-smoothie"}, ["acorn", "daisy", "daisy"], jokers="any")
    v.apply(Place("acorn-smoothie", "acorn"))
    assert StartJoker("acorn-smoothie", "acorn") in v.legal_actions()


def test_a_second_symbol_of_the_kind_is_missing_once_the_first_is_filled():
    """Two Acorn symbols and one Acorn: once it is placed, the other Acorn is missing."""
    s = assign({3: "acorn-smoothie"}, ["acorn", "daisy", "daisy", "daisy"])
    s.apply(Place("acorn-smoothie", "acorn"))
    s.apply(Place("acorn-smoothie", "daisy"))
    assert starts(s) == [StartJoker("acorn-smoothie", "acorn")]


@pytest.mark.parametrize("jokers", ["missing", "placed-first", "any"])
def test_the_jokers_option_is_checked_and_saved(jokers):
    s = assign({1: "acorn-omelette"}, ["acorn", "daisy", "daisy"], jokers=jokers)
    assert s.game.jokers == jokers
    again = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again == s
    with pytest.raises(tl.RuleError):
        tl.load_game("diner", jokers="sometimes")


# -- Item 3: jokers on Soup Stew plates -------------------------------------------------------

def twin(covers, supply, **opts):
    return assign({2: ("twin-soup-stew", covers)}, supply, modules=("chili",), **opts)


def test_a_joker_on_the_second_plate_of_a_letter_that_holds_a_kind():
    """Twin Soup Stew with plate A holding an Acorn, supply two Daisies and no Acorn: the
    second A misses an Acorn, which the supply cannot give, so a joker there is offered."""
    s = twin([["acorn"], []], ["daisy", "daisy"])
    assert starts(s) == [StartJoker("twin-soup-stew", "plate_a")]
    assert not any(isinstance(a, PlacePlate) for a in s.legal_actions())
    s.apply(StartJoker("twin-soup-stew", "plate_a"))
    # A save in the middle of the joker loads back (the lone Daisy is no plate's kind).
    mid = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert mid == s
    s.apply(Joker("twin-soup-stew", "plate_a", "daisy"))
    s.apply(Joker("twin-soup-stew", "plate_a", "daisy"))
    done = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert done == s
    assert s.legal_actions() == [FinishAssigning()]
    s.apply(FinishAssigning())
    assert s.delivered(0) == ["twin-soup-stew"]


def test_no_joker_on_a_plate_the_supply_can_fill_or_a_letter_without_a_kind():
    # The supply holds an Acorn: it must go on the second A.
    s = twin([["acorn"], []], ["acorn", "daisy", "daisy"])
    assert s.legal_actions() == [PlacePlate("twin-soup-stew", "plate_a", "acorn")]
    assert "missing ingredients" in s.why_illegal(StartJoker("twin-soup-stew", "plate_a"))
    # No plate of the letter holds an ingredient: any fits, none is missing.
    s = twin([[], []], ["daisy", "daisy"])
    assert not starts(s)
    assert "none is missing" in s.why_illegal(StartJoker("twin-soup-stew", "plate_a"))
    g = tl.load_game("diner", players=2, modules=("chili",))
    s = g.position(kitchens=[{2: ("pair-soup-stew", [["acorn"], []])}, {}],
                   supplies=[["acorn", "acorn", "acorn", "acorn"], []], stage="assign")
    assert "none is missing" in s.why_illegal(StartJoker("pair-soup-stew", "plate_b"))


def test_variant_never_refuses_every_joker_on_a_plate():
    """Variant ``plate_jokers="never"`` (the old D29): no joker goes on a plate, and a save
    with one is refused."""
    s = twin([["acorn"], []], ["daisy", "daisy"], plate_jokers="never")
    assert s.legal_actions() == [FinishAssigning()]
    assert "plate_jokers='never'" in s.why_illegal(StartJoker("twin-soup-stew", "plate_a"))
    ok = twin([["acorn"], []], ["daisy", "daisy"])
    ok.apply(StartJoker("twin-soup-stew", "plate_a"))
    ok.apply(Joker("twin-soup-stew", "plate_a", "daisy"))
    ok.apply(Joker("twin-soup-stew", "plate_a", "daisy"))
    data = ok.to_json()
    with pytest.raises(tl.RuleError, match="no jokers on plates"):
        s.game.state_from_json(data)


def test_a_save_with_a_joker_on_a_letter_without_a_kind_is_refused():
    s = twin([["acorn"], []], ["daisy", "daisy"])
    s.apply(StartJoker("twin-soup-stew", "plate_a"))
    s.apply(Joker("twin-soup-stew", "plate_a", "daisy"))
    s.apply(Joker("twin-soup-stew", "plate_a", "daisy"))
    data = s.to_json()
    entry = next(e for e in data["kitchens"][0] if e)
    entry["covers"] = [["daisy", "daisy"], []]
    data["compost"] = data.get("compost", []) + ["acorn"]
    with pytest.raises(tl.RuleError, match="another plate of its letter"):
        s.game.state_from_json(data)
