"""The search samples a game with zones through the protocol's ``game.determinize``
(core/zones.py), never through the game's ``bots`` module; where nothing is hidden from the
seat the sample is a copy."""

from __future__ import annotations

import random

import pytest
import tl_toyorchard as orchard

from treehouse_lab.search import MCTSBot
from treehouse_lab.search.determinize import consistent, determinize, sampler


def _bidding(players: int = 2):
    """A toy orchard state in the bid step, one grower's card already face down."""
    s = orchard.OrchardGame(players=players).new_initial_state()
    while s.stage != "bid":
        if s.is_chance_node():
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply(s.legal_actions(s.actors()[0])[0], by=s.actors()[0])
    s.apply(s.legal_actions(0)[-1], by=0)
    return s


def test_a_game_with_zones_is_sampled_through_game_determinize(monkeypatch):
    s = _bidding()
    calls = []
    real = orchard.OrchardGame.determinize

    def spy(self, observation, seat, rng):
        calls.append(seat)
        return real(self, observation, seat, rng)

    monkeypatch.setattr(orchard.OrchardGame, "determinize", spy)
    d = determinize(s, 1, random.Random(3))
    assert calls == [1]
    assert consistent(d, s, 1) and d.components() == s.components()
    # seat 1 cannot see seat 0's bid: over many samples it is every card seat 0 holds
    bids = {determinize(s, 1, random.Random(k)).bids[0] for k in range(40)}
    assert bids == set(s.hands[0]) | {s.bids[0]}


def test_nothing_hidden_gives_a_copy(monkeypatch):
    s = _bidding()
    monkeypatch.setattr(orchard.OrchardState, "_hidden_from", lambda self, p: set())

    def refuse(*args):
        raise AssertionError("nothing is hidden: no dealing needed")

    monkeypatch.setattr(orchard.OrchardGame, "determinize", refuse)
    d = sampler(s, 0)(random.Random(0))
    assert d == s and d is not s


def test_a_bad_seat_is_refused():
    with pytest.raises(Exception, match="seat"):
        determinize(_bidding(), True, random.Random(0))


def test_mcts_plays_the_orchard_without_peeking():
    """Two true states that look the same to seat 1 get the same decision."""
    s = _bidding()
    twin = next(d for k in range(50) if (d := determinize(s, 1, random.Random(k))).bids[0]
                != s.bids[0])
    assert consistent(twin, s, 1)
    bot = MCTSBot(iterations=20)
    for seed in range(2):
        assert bot.choose(s.clone(), random.Random(seed), 1) == bot.choose(
            twin.clone(), random.Random(seed), 1)
