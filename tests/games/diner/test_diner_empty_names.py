"""Diner actions refuse an empty name when they are built (issue 17, item 18).

Before, ``str()`` of these actions with an empty name raised IndexError inside
``rules.a_an`` (or ``plate_name``): a move typed by hand, or read from JSON, could not
even be printed in the error that refused it. Now the constructor raises a RuleError that
names the field and the names it may hold.
"""

from __future__ import annotations

import pytest

import treehouse_lab as tl
from treehouse_lab.games.diner import Discard, DrawIngredient, Joker, Place, PlacePlate, Recycle

GAME = tl.load_game("diner", players=2, modules={"bees", "chili"})

EMPTY = [
    (DrawIngredient, {"ingredient": ""}, "ingredient"),
    (Discard, {"ingredient": ""}, "ingredient"),
    (Recycle, {"ingredient": ""}, "ingredient"),
    (Place, {"order": "acorn-chowder", "ingredient": ""}, "ingredient"),
    (Joker, {"order": "acorn-chowder", "symbol": "acorn", "ingredient": ""}, "ingredient"),
    (Joker, {"order": "acorn-chowder", "symbol": "", "ingredient": "daisy"}, "symbol"),
    (PlacePlate, {"order": "harvest-soup-stew", "plate": "plate_a", "ingredient": ""},
     "ingredient"),
    (PlacePlate, {"order": "harvest-soup-stew", "plate": "", "ingredient": "acorn"}, "plate"),
]


@pytest.mark.parametrize("cls,fields,field", EMPTY,
                         ids=[f"{c.__name__}-{f}" for c, _, f in EMPTY])
def test_an_empty_name_is_refused_when_the_action_is_built(cls, fields, field):
    with pytest.raises(tl.RuleError) as err:
        cls(**fields)
    message = str(err.value)
    assert f"{cls.KIND}: {field} must not be empty" in message
    allowed = "plate_a" if field == "plate" else "acorn"
    assert allowed in message and len(message) < 200


@pytest.mark.parametrize("cls,fields,field", EMPTY,
                         ids=[f"{c.__name__}-{f}" for c, _, f in EMPTY])
def test_an_empty_name_from_json_is_refused_the_same_way(cls, fields, field):
    with pytest.raises(tl.RuleError, match=f"{field} must not be empty"):
        GAME.action_from_json({"kind": cls.KIND, **fields})


@pytest.mark.parametrize("cls,fields,field", EMPTY,
                         ids=[f"{c.__name__}-{f}" for c, _, f in EMPTY])
def test_a_named_action_still_prints(cls, fields, field):
    full = {k: (v or ("plate_a" if k == "plate" else "acorn")) for k, v in fields.items()}
    assert str(cls(**full)).strip()
