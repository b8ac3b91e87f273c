"""Input a user (or a forged save) can send through the public API gets a typed error with
a short message, and changes nothing (issue 6, defects 4, 6 and 9)."""

from __future__ import annotations

import json
import re

import pytest

import treehouse_lab as tl
from treehouse_lab.errors import quote
from treehouse_lab.protocol import Action

ADDRESS = re.compile(r"0x[0-9a-f]{6,}")


@pytest.fixture
def game(toy_registered):
    return toy_registered.ToyGame(players=2, target=8)


def _save(game):
    m = tl.Match(game, seed=3, bots={0: "random", 1: "random"})
    m.run(6)
    return json.loads(json.dumps(m.to_json()))


def _nested(depth, leaf="x"):
    doc = leaf
    for _ in range(depth):
        doc = [doc]
    return doc


def test_a_small_save_nested_340_deep_is_refused(game):
    d = _save(game)
    d["moves"][0]["action"]["card"] = _nested(340)
    assert len(json.dumps(d)) < 4000
    with pytest.raises(tl.RuleError, match="nested more than"):
        tl.Match.from_json(d)


def test_a_state_with_a_list_nested_100000_deep_is_refused(game):
    d = game.new_initial_state().to_json()
    d["deck"] = _nested(100_000)
    with pytest.raises(tl.RuleError, match="nested more than"):
        game.state_from_json(d)


def test_an_action_nested_deep_is_refused(game):
    with pytest.raises(tl.RuleError, match="nested more than"):
        game.action_from_json({"kind": "play", "card": _nested(400)})


@pytest.mark.parametrize("seed", [10**5000, -(10**5000), 2**63, -(2**63)],
                         ids=["1e5000", "-1e5000", "2**63", "-2**63"])
def test_a_huge_seed_is_a_rule_error_with_a_short_message(game, seed):
    with pytest.raises(tl.RuleError) as info:
        tl.Match(game, seed=seed)
    assert len(str(info.value)) < 200


def test_non_string_option_names_are_a_rule_error(game, toy_registered):
    d = _save(game)
    d["options"] = {1: 2, "players": 2}
    with pytest.raises(tl.RuleError, match="option names are strings"):
        tl.Match.from_json(d)


def test_a_bare_action_is_refused_without_a_memory_address():
    with pytest.raises(tl.RuleError) as info:
        Action()
    assert "base class" in str(info.value) and not ADDRESS.search(str(info.value))


def test_wrongly_typed_action_fields_are_rule_errors(toy_registered):
    with pytest.raises(tl.RuleError, match="card must be a string"):
        toy_registered.Play(123)


def test_messages_quote_only_a_prefix_of_long_input(game, toy_registered):
    huge = "x" * 1_000_000
    cases = [
        lambda: game.action_from_json({"kind": huge}),
        lambda: game.action_from_json({"kind": "play", "card": huge}),
        lambda: toy_registered.Play(huge),
        lambda: game.state_from_json({**game.new_initial_state().to_json(), "phase": huge}),
        lambda: tl.Match.from_json({**_save(game), "game": huge}),
        lambda: tl.load_game("toyrace", players=huge),
        lambda: game.new_initial_state().find_action(huge),
        lambda: tl.Match(game, seed=0).play(huge),
    ]
    for make in cases:
        with pytest.raises(tl.RuleError) as info:
            make()
        assert len(str(info.value)) < 600, str(info.value)[:200]


def test_quote_builds_only_a_prefix():
    assert quote("abc") == "'abc'"
    long = quote("y" * 10**7)
    assert long.startswith("'yyy") and "10000000 characters" in long and len(long) < 120
    assert quote(list(range(10**6))) == "<a list of 1000000 entries>"
    assert len(quote(10**5000)) < 80
