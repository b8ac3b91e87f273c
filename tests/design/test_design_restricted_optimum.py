"""The two-player House value, exact, against a simulation of the play it assumes
(treehouse_lab/design/exact.py, ``restricted_optimum``; restrict.py, ``restricted_bots``).

``exact.house_value(seat)`` is the first player's win under perfect play less the same
when ``seat`` may not move the House and *both* seats play perfectly under that
restriction (Jaffe et al.'s restricted player). ``pyramids-perfect`` made to skip its House
moves plays another policy (the unrestricted one), whose value is larger; so the
simulation that must contain the exact value plays the restricted game's own solved
policies in the barred run, on the same seeds as two ``pyramids-perfect`` bots."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.design import exact
from treehouse_lab.design.restrict import parse_kind, restricted

RUN = dict(workers=1, progress=False)
#: The restricted game solved to this gap (about 45 sweeps, a minute on one core); the
#: policies' regret is then below 1e-4 a move, far inside the simulation's interval.
TOLERANCE = 1e-4


@pytest.fixture(scope="module")
def optimum():
    pytest.importorskip("numpy")  # the solver's extra
    return exact.restricted_optimum(0, tolerance=TOLERANCE)


@pytest.mark.slow
def test_the_restricted_optimum_is_a_solve_of_the_barred_game(optimum):
    """Its bracket is the shipped certified one (only the second player may move the
    House), widened to the coarser tolerance; its policies lose less than 1e-3 a move;
    the barred seat's policy never moves the House where it has another move."""
    lo, hi = exact.first_player_win(house_seats=(1,))
    assert optimum.win[0] <= lo <= hi <= optimum.win[1]
    assert optimum.win[1] - optimum.win[0] <= TOLERANCE
    assert optimum.regret < 1e-3
    assert optimum.seat == 0 and len(optimum.bots) == 2
    game = tl.load_game("pyramids", players=2)
    house = parse_kind(game, "house")
    offered = 0
    for seed in range(60):
        state, r = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply(r.choices([a for a, _ in outcomes],
                                      [float(p) for _, p in outcomes])[0])
                continue
            seat = state.current_player
            legal = state.legal_actions(seat)
            action = optimum.bots[seat].choose(state, r, seat)
            assert action in legal
            if seat == 0 and any(house(a) for a in legal):
                offered += 1
                assert not house(action)
            state.apply(action)
    assert offered > 20


@pytest.mark.slow
def test_a_20000_game_restricted_run_contains_the_exact_house_value(optimum):
    """The issue's check for "House moves restricted": 20,000 paired games, two
    pyramids-perfect bots as they are, and the restricted game's solved policies with
    seat 0 barred from the House; the paired interval of what the House moves are worth
    to seat 0 (about 0.012 wide) contains the exact value, 0.1224. The same seeds with
    pyramids-perfect merely skipping its House moves measure another value (about 0.18),
    which that interval excludes. (Seed 22; a 95% interval misses one time in twenty, and
    seed 21 is such a time: 0.1163 [0.1105, 0.1220], its plain run's first player at
    0.5456 against the exact 0.5489. Seeds 22 and 23 give 0.1249 and 0.1241.)"""
    game = tl.load_game("pyramids", players=2)
    r = restricted(game, 0, "house", 20000, bots="pyramids-perfect", seed=22,
                   restricted_bots=optimum.bots, **RUN)
    fig = r.value
    assert fig.exact == exact.house_value(0).exact
    assert fig.n == 20000 and fig.high - fig.low < 0.015, fig
    assert fig.contains(float(fig.exact)), (fig, float(fig.exact))
    assert r.restricted_results.bots[1] == optimum.bots[1].name
    # the barred run alone: the first player's share near the restricted game's value
    first = sum(row.returns[0] for row in r.restricted_results.rows) / 20000
    assert abs(first - sum(optimum.win) / 2) < 0.011
    # the bot that keeps its unrestricted judgement: a different value, and no exact one
    skip = restricted(game, 0, "house", 4000, bots="pyramids-perfect", seed=22, **RUN)
    assert skip.value.exact is None
    assert not skip.value.contains(float(fig.exact)) and skip.value.low > fig.high


def test_restricted_bots_are_checked_before_any_game():
    game = tl.load_game("pyramids", players=2)
    with pytest.raises(tl.RuleError, match="restricted_bots"):
        restricted(game, 0, "house", 10, bots="random", restricted_bots=["random"], **RUN)
    with pytest.raises(tl.RuleError, match="seat must be 0 or 1"):
        exact.restricted_optimum(2)


def test_the_barred_run_plays_the_restricted_bots_and_says_so():
    """Without a solver: the barred run's bots are the ones given (the seat's wrapped in
    Forbid), the plain run's are ``bots``, and the printed result names both."""
    game = tl.load_game("pyramids", players=2)
    r = restricted(game, 1, "house", 30, bots="random", seed=4,
                   restricted_bots=["random", "pyramids-perfect"], **RUN)
    assert r.results.bots == ("random", "random")
    assert r.restricted_results.bots == ("random", "pyramids-perfect without house")
    assert r.value.exact is None      # no solver covers random against perfect play
    assert "barred run: random, pyramids-perfect without house" in str(r)
