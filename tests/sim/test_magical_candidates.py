"""Magical Treehouse's ``mcts`` weighs only the teaching bot's best few moves at its root
(``top`` in the game's ``SEARCH``, ranked by ``CANDIDATES``): the ranking is the
builder's own, the search never plays a move outside it, and a single candidate is
played without searching."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.games.magical import bots as magical_bots
from treehouse_lab.games.magical.bots import BuilderBot, candidates, plan_value, supports
from treehouse_lab.games.magical.moves import Cast, Place
from treehouse_lab.search.mcts import MCTSBot


def _positions(seed: int = 3, every: int = 7):
    """Decisions of a seeded 4-player builder game with a choice to make, every
    ``every``-th one, with the seat to move."""
    game = tl.load_game("magical", players=4)
    m = tl.Match(game, seed=seed, bots={p: "magical-builder" for p in range(4)})
    k = 0
    while not m.state.is_terminal():
        s = m.state
        if not s.is_chance_node():
            seat = s.actors()[0]
            if len(s.legal_actions(seat)) > 2:
                if k % every == 0:
                    yield s.clone(), seat
                k += 1
        m.step()


def test_the_ranking_is_the_builders_own_best_first():
    phases = set()
    for s, seat in _positions():
        legal = s.legal_actions(seat)
        ranked = candidates(s, seat, legal)
        assert sorted(map(str, ranked)) == sorted(map(str, legal))     # a permutation
        assert ranked[0] == BuilderBot().choose(s.clone(), random.Random(0), seat)
        assert ranked == candidates(s.clone(), seat, legal)          # a function of s
        rest = ranked[1:]
        if s.stage == "planning":
            below = supports(s, seat)
            values = [plan_value(s, seat, a.card, below) for a in rest if isinstance(a, Place)]
            assert values == sorted(values, reverse=True)
            casts = [i for i, a in enumerate(rest) if isinstance(a, Cast)]
            places = [i for i, a in enumerate(rest) if isinstance(a, Place)]
            assert not casts or not places or max(places) < min(casts)
        if s.stage == "building":
            value = BuilderBot().build_value(s, seat)
            scores = [value(a) for a in rest]
            assert scores == sorted(scores, reverse=True)
        phases.add(s.stage)
    assert {"planning", "building"} <= phases


def test_mcts_plays_only_among_the_top_candidates():
    bot = MCTSBot(iterations=12, top=2)
    seen = 0
    for s, seat in _positions(seed=5, every=11):
        legal = s.legal_actions(seat)
        top = candidates(s, seat, legal)[:2]
        stats = bot.statistics(s.clone(), random.Random(seen), seat)
        assert [a for a, _, _ in stats] == top
        assert sum(n for _, n, _ in stats) == 12
        assert bot.choose(s.clone(), random.Random(seen), seat) in top
        seen += 1
    assert seen >= 3
    # without the setting every legal move is weighed
    s, seat = next(_positions(seed=5, every=11))
    wide = MCTSBot(iterations=12, top=None).statistics(s.clone(), random.Random(0), seat)
    assert [a for a, _, _ in wide] == s.legal_actions(seat)


def test_one_candidate_is_played_without_a_search(monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("searched a decision with one candidate")

    bot = MCTSBot(iterations=50, top=1)
    monkeypatch.setattr(bot, "_search", no_search)
    for s, seat in list(_positions(seed=2, every=13))[:6]:
        assert bot.choose(s.clone(), random.Random(0), seat) == candidates(
            s, seat, s.legal_actions(seat))[0]


def test_the_default_searches_the_games_top_candidates():
    s, seat = next(_positions(seed=5, every=11))
    top = magical_bots.SEARCH["top"]
    stats = MCTSBot(iterations=6).statistics(s.clone(), random.Random(0), seat)
    assert len(stats) == min(top, len(s.legal_actions(seat)))


@pytest.mark.parametrize("value", [0, -1, 1.5, "3", True])
def test_a_bad_top_is_refused(value):
    with pytest.raises(tl.RuleError, match="top"):
        MCTSBot(top=value)
