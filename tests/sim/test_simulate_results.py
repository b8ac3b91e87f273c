"""What a run returns: exact counts that add up, honest intervals, the summary table,
typed errors for bad input, and the first version's API (wins, win_rate, mean_returns)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from tl_toygame import ToyGame

import treehouse_lab as tl
from treehouse_lab.simulate import Rate, mean_interval, wilson


@pytest.fixture(scope="module")
def run():
    game = tl.load_game("backyard", players=3)
    return tl.simulate(game, 60, bots=["greedy", "random", "random"], seed=2, workers=1,
                       progress=False)


def test_counts_add_up(run):
    rows = run.rows
    wins = Counter(w for r in rows for w in r.winners)
    assert run.wins == wins and sum(wins.values()) == 60        # Backyard never ties
    assert run.win_rate(0) == wins[0] / 60
    assert run.mean_returns == [Fraction(wins[p], 60) for p in range(3)]
    seats = run.seats()
    assert [ln.wins for ln in seats] == [wins[p] for p in range(3)]
    assert [ln.mean_points for ln in seats] == [
        Fraction(sum(r.totals[p] for r in rows), 60) for p in range(3)]
    bots = {ln.label: ln for ln in run.by_bot()}
    assert set(bots) == {"greedy", "random"}
    assert bots["random"].played == 120 and bots["greedy"].played == 60
    assert bots["random"].wins == wins[1] + wins[2]
    assert sorted(run.scores(bot="random")) == sorted(
        [r.totals[1] for r in rows] + [r.totals[2] for r in rows])
    for r in rows:
        assert r.length == 18 and r.steps == 18 + 1 + 3 + 18   # plays, start, deal, draws
        assert all(row["total"] == row["floors"] + row["run"] + row["achievement"]
                   for row in r.scores)


def test_greedy_beats_random_by_a_clear_margin(run):
    """At Backyard a bot that builds its best card face up wins far more than its fair
    third: the lower end of the interval is well above it."""
    greedy = run.by_bot()[0]
    assert greedy.label == "greedy"
    assert greedy.win_rate.interval[0] > 0.6
    assert greedy.mean_points > run.by_bot()[1].mean_points + 10


def test_the_table_shows_every_line(run):
    text = str(run)
    assert "60 games, seed 2, bots greedy, random, random" in text
    assert "Player 1 (greedy)" in text and "a fair share is 33.3%" in text
    assert "95% intervals" in text and "mean points" in text
    assert text.count("\n") >= 10


def test_wilson_matches_published_values():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)
    r = Rate(3, 4)
    assert r.exact == Fraction(3, 4) and r.interval[0] < 0.75 < r.interval[1]


def test_mean_interval():
    lo, hi = mean_interval([1, 2, 3, 4, 5])
    assert lo < 3 < hi and abs((hi - 3) - 1.96 * (2.5 / 5) ** 0.5) < 0.01
    assert mean_interval([7]) == (7.0, 7.0)


def test_a_game_without_points_has_win_rates_only():
    game = tl.load_game("pyramids", players=2)
    res = tl.simulate(game, 20, bots=["greedy", "random"], seed=1, workers=1, progress=False)
    assert all(r.scores is None for r in res.rows)
    assert res.seats()[0].mean_points is None and "mean points" not in str(res)
    with pytest.raises(tl.RuleError, match="no points"):
        res.scores()


@pytest.mark.parametrize("kwargs, words", [
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"games": -1}, "games must be a whole number"),
    ({"bots": ["random"]}, "has 3 seats, got 1 bots"),
    ({"bots": {5: "random"}}, "seats are 0..2"),
    ({"bots": ["random", "random", "nobody"]}, "unknown bot 'nobody'"),
    ({"bots": "mcts(iterations=0)"}, "iterations must be a whole number"),
    ({"workers": 0}, "workers must be a whole number"),
    ({"executor": "fast"}, "executor must be None"),
    ({"schedule": "whenever"}, "unknown schedule"),
])
def test_bad_input_is_refused_with_the_field_named(kwargs, words):
    game = tl.load_game("backyard", players=3)
    with pytest.raises(tl.RuleError, match=words):
        tl.simulate(game, **{"games": 2, "progress": False, **kwargs})


def test_a_failing_bot_is_named_with_its_game():
    class Broken:
        name = "broken"

        def choose(self, state, rng, player):
            raise ZeroDivisionError("oops")

    game = tl.load_game("backyard", players=2)
    with pytest.raises(tl.RuleError, match=r"game 0 of the run .*'broken' failed: ZeroDiv"):
        tl.simulate(game, 3, bots=[Broken(), "random"], progress=False)


def test_the_first_api_still_works():
    """playouts, measure and the old summary fields, on the toy game."""
    game = ToyGame(players=2, target=8)
    finals = list(tl.playouts(game, 12, seed=3))
    res = tl.simulate(game, 12, seed=3, progress=False, measure=lambda s: s.positions[0])
    assert res.measures == [s.positions[0] for s in finals]
    assert [r.winners for r in res.rows] == [tuple(s.winners()) for s in finals]
    assert all(s.is_terminal() for s in finals)
    assert len({tuple(s.positions) for s in finals}) > 1


def test_a_notebook_bot_runs_in_this_process_with_the_same_results():
    """A bot defined in __main__ (a notebook) cannot reach worker processes: the run
    stays in this process, says so, and gives the same rows."""
    import sys

    main = sys.modules["__main__"]

    class FirstLegal:
        name = "first-legal"

        def choose(self, state, rng, player):
            return state.legal_actions(player)[0]

    FirstLegal.__module__ = "__main__"
    FirstLegal.__qualname__ = "FirstLegal"
    main.FirstLegal = FirstLegal
    try:
        game = tl.load_game("backyard", players=2)
        with pytest.warns(UserWarning, match="FirstLegal is defined in the notebook"):
            res = tl.simulate(game, 8, bots=[FirstLegal(), "random"], seed=4, workers=2,
                              progress=False)
        assert res.executor == "this process"
        same = tl.simulate(game, 8, bots=[FirstLegal(), "random"], seed=4, workers=1,
                           progress=False)
        assert res.rows == same.rows
    finally:
        delattr(main, "FirstLegal")


def test_progress_bar_draws_when_asked(monkeypatch, capsys):
    import importlib

    sim = importlib.import_module("treehouse_lab.simulate")
    made = []
    real = sim._progress_bar

    def spy(enabled, total, desc):
        bar = real(enabled, total, desc)
        made.append(bar)
        if bar is not None:
            bar.delay = 0     # draw at once, for the test
        return bar

    monkeypatch.setattr(sim, "_progress_bar", spy)
    game = tl.load_game("backyard", players=2)
    tl.simulate(game, 5, seed=1, workers=1, progress=True)
    tl.simulate(game, 5, seed=1, workers=1, progress=False)
    assert made[0] is not None and made[0].n == 5 and made[0].monitor_interval == 0
    assert made[1] is None
    assert "5/5" in capsys.readouterr().err


def test_exact_bracket_agrees_with_a_recursive_expectation():
    """For a fixed policy the bracket's bounds close on the exact win shares, which a
    plain recursion over the game tree computes independently."""
    import json
    from functools import cache

    from treehouse_lab.simulate import exact_bracket

    class FirstLegal:
        name = "first-legal"

        def choose(self, state, rng, player):
            return state.legal_actions(player)[0]

    game = ToyGame(players=2, target=5)
    bot = FirstLegal()

    @cache
    def value(key):
        s = game.state_from_json(json.loads(key))
        if s.is_terminal():
            return tuple(Fraction(r) for r in s.returns())
        if s.is_chance_node():
            total = [Fraction(0)] * 2
            for o, p in s.chance_outcomes():
                v = value(json.dumps(s.child(o).to_json(), sort_keys=True))
                total = [t + p * x for t, x in zip(total, v)]
            return tuple(total)
        seat = s.current_player
        child = s.child(bot.choose(s, None, seat))
        return value(json.dumps(child.to_json(), sort_keys=True))

    # from a dealt position a few moves into the race (a small tree, quick to follow)
    start = game.new_initial_state()
    rng = random.Random(4)
    while start.is_chance_node() or sum(start.positions) < 3:
        if start.is_chance_node():
            start.apply(start.chance_outcomes()[rng.randrange(len(start.chance_outcomes()))][0])
        else:
            start.apply(bot.choose(start, None, start.current_player))
    exact = value(json.dumps(start.to_json(), sort_keys=True))
    brackets = exact_bracket(game, [bot, bot], 200, every=1, start=start)
    for a, b in zip(brackets, brackets[1:]):
        assert a.low[0] <= b.low[0] and b.high(0) <= a.high(0)     # it only narrows
    for b in brackets:
        assert b.low[0] <= exact[0] <= b.high(0)
    assert brackets[-1].open == 0 and brackets[-1].low == exact
    assert 0 < exact[0] < 1 and sum(exact) == 1 and len(brackets) > 4
