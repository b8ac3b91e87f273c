"""Bots are named in a registry, so a match with a custom bot can be saved and loaded again
(issue 6, defect 7: such a match could not be reloaded from its own save)."""

from __future__ import annotations

import json

import pytest

import treehouse_lab as tl
from treehouse_lab import bots as bots_module


class FirstBot:
    name = "first-legal"

    def choose(self, state, rng, player):
        return state.legal_actions(player)[0]


@pytest.fixture
def game(toy_registered):
    return toy_registered.ToyGame(players=2, target=8)


@pytest.fixture
def clean_registry(monkeypatch):
    monkeypatch.setattr(bots_module, "BOTS", dict(bots_module.BOTS))
    return bots_module.BOTS


def test_a_custom_bot_object_reloads_when_passed_back(game, clean_registry):
    m = tl.Match(game, seed=4, bots={0: FirstBot(), 1: "random"})
    m.run()
    saved = json.loads(json.dumps(m.to_json()))
    assert saved["bots"] == {"0": "first-legal", "1": "random"}
    with pytest.raises(tl.RuleError) as info:
        tl.Match.from_json(saved)
    msg = str(info.value)
    assert "unknown bot 'first-legal'" in msg and "from_json(save, bots=" in msg
    back = tl.Match.from_json(saved, bots={0: FirstBot()})
    assert back.state == m.state and back.seat(0) == "first-legal"


def test_a_registered_bot_reloads_by_name(game, clean_registry):
    tl.register_bot("first-legal", FirstBot)
    m = tl.Match(game, seed=4, bots={0: "first-legal", 1: "random"})
    m.run()
    back = tl.Match.from_json(json.loads(json.dumps(m.to_json())))
    assert back.state == m.state and back.bots == {0: "first-legal", 1: "random"}


def test_bots_for_seats_the_save_does_not_have_are_refused(game, clean_registry):
    m = tl.Match(game, seed=4, bots={1: "random"})
    with pytest.raises(tl.RuleError, match="have no bot in the save"):
        tl.Match.from_json(m.to_json(), bots={0: FirstBot()})


@pytest.mark.parametrize("name", ["", "human", 3, None])
def test_register_bot_names(name, clean_registry):
    with pytest.raises(tl.RuleError):
        tl.register_bot(name, FirstBot)


def test_a_failing_bot_is_named_and_changes_nothing(game):
    class Broken:
        name = "broken"

        def choose(self, state, rng, player):
            raise ZeroDivisionError("oops")

    class Cheat:
        name = "cheat"

        def choose(self, state, rng, player):
            return "Win at once"

    class Vandal:
        """Scribbles on the state it is shown: the match must not notice."""

        name = "vandal"

        def choose(self, state, rng, player):
            state.positions[player] = 99
            state.hands[player].clear()
            return state.legal_actions(player)[0]

    for bot, text in ((Broken(), "Player 1's bot 'broken' failed: ZeroDivisionError: oops"),
                      (Cheat(), "'cheat' chose an illegal move")):
        m = tl.Match(game, seed=1, bots={0: bot})
        m.run(4)  # the deal
        before = (m.position, m.state.to_json())
        with pytest.raises(tl.RuleError) as info:
            m.run()
        assert text in str(info.value)
        assert (m.position, m.state.to_json()) == before
    m = tl.Match(game, seed=1, bots={0: Vandal()})
    m.run()
    assert m.state.positions[0] < 99 and m.state.hands[0]


def test_games_declare_their_own_bots_read_on_first_need(monkeypatch):
    """Issue 49: a game's own bots come from its class (``BOTS``) through the registry, the
    first time a name is not a generic bot or the list is asked for; a bot registered
    before that comes after the games' (or replaces a game's bot of its name, in place);
    a game's bot may not take a generic bot's name."""
    from treehouse_lab import registry

    declared = registry.declared("BOTS")
    game_bots = [b for bots in declared.values() for b in bots]
    assert "diner-cook" in game_bots and declared["pyramids"]["pyramids-perfect"].startswith(
        "treehouse_lab.games.pyramids.")  # a relative ".module:attr" made absolute
    fresh = bots_module.BotRegistry(bots_module.GENERIC_BOTS)
    fresh["mine"] = FirstBot
    fresh["diner-cook"] = FirstBot
    assert list(fresh) == [*bots_module.GENERIC_BOTS, *game_bots, "mine"]
    assert fresh["diner-cook"] is FirstBot and fresh.games["diner-cook"] == "diner"
    lazy = bots_module.BotRegistry(bots_module.GENERIC_BOTS)
    assert type(lazy["backyard-runs"]()).__name__ == "RunKeeperBot"
    monkeypatch.setattr(type(tl.load_game("pyramids")), "BOTS", {"random": ".bots:X"})
    clash = bots_module.BotRegistry(bots_module.GENERIC_BOTS)
    with pytest.raises(tl.RuleError, match="'random', which is already a bot"):
        list(clash)
