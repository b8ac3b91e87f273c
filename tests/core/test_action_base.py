"""protocol.Action and the shared parts of Game/State, on small local classes."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

import treehouse_lab as tl
from treehouse_lab.core.options import Option
from treehouse_lab.protocol import Action


@dataclass(frozen=True)
class Place(Action):
    KIND = "place"
    card: str
    slot: int
    wild: bool = False


@dataclass(frozen=True)
class Route(Action):
    KIND = "route"
    steps: tuple = ()


class G(tl.Game):
    NAME = "g"
    OPTIONS = (Option("players", 2, "two", choices=(2,)),)
    ACTION_TYPES = (Place, Route)


def _round_trip(game, a):
    return game.action_from_json(json.loads(json.dumps(a.to_json())))


def test_actions_are_values():
    a, b = Place("c1", 2), Place("c1", 2)
    assert a == b and hash(a) == hash(b) and {a, b} == {a}
    assert Place("c1", 2) != Place("c1", 3) and Place("c1", 2) != Route()
    assert sorted([Place("c2", 1), Route(), Place("c1", 5)]) == \
        [Place("c1", 5), Place("c2", 1), Route()]


def test_action_json_round_trip():
    game = G()
    for a in (Place("c1", 2), Place("c9", 0, True), Route((1, 2, 3)), Route(()),
              Route(("a", None, True))):
        d = a.to_json()
        assert d["kind"] == a.KIND and json.loads(json.dumps(d)) == d
        assert _round_trip(game, a) == a


def test_nested_tuples_round_trip_through_json():
    game = G()
    a = Route(((0, 1), (2, 3)))
    assert _round_trip(game, a) == a


@pytest.mark.parametrize("bad", [
    None, [], "place", {"card": "c1"}, {"kind": "nope"}, {"kind": 3},
    {"kind": "place", "card": "c1"},                              # missing field
    {"kind": "place", "card": "c1", "slot": 1, "wild": False, "x": 1},   # extra field
    {"kind": "place", "card": {"a": 1}, "slot": 1, "wild": False},       # not JSON-atomic
    {"kind": "place", "card": "c1", "slot": 1.5, "wild": False},
    {"kind": "route", "steps": [[{}]]},
])
def test_bad_action_json_raises_rule_error(bad):
    with pytest.raises(tl.RuleError):
        G().action_from_json(bad)


def test_game_identity_and_repr():
    assert G() == G() and hash(G()) == hash(G())
    assert "load_game('g'" in repr(G())
