"""Treehouse's solitaire (ruling R19) through OpenSpiel: the exact least expected number of
rolls found through the pyspiel API alone (treehouse_lab.interop.solitaire) equals
``solver.solve()`` exactly, at the start and at every position it solved; the one-player
configuration is general-sum with returns 1 (solved) and 0 (unsolved at the limit)."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pyspiel
import pytest

import treehouse_lab as tl
from treehouse_lab.games.pyramids.arrangement import TRIO, all_arrangements
from treehouse_lab.games.pyramids.theory import solver
from treehouse_lab.interop import openspiel as O
from treehouse_lab.interop import solitaire


@pytest.fixture(scope="module")
def solved():
    game = pyspiel.load_game("python_treehouse_pyramids(players=1)")
    return solitaire.fewest_expected_rolls(game, solitaire.position_key(game))


@pytest.fixture(scope="module")
def solution():
    return solver.solve()


def test_the_openspiel_value_equals_solver_solve_exactly(solved, solution):
    assert isinstance(solved.value, Fraction)
    assert solved.value == solution.start_value()
    assert solved.bellman
    # Every position it reached: the same exact value as the solver's.
    arrs = all_arrangements(TRIO)
    n = len(arrs)
    assert solved.nodes == len(solved.values) > 3000
    for (k, rolled), v in solved.values.items():
        assert rolled is None
        t, h = divmod(k, n)
        assert v == solution.value(arrs[t], arrs[h]), (arrs[t], arrs[h])


def test_the_key_that_counts_rolls_is_refused_at_a_short_limit():
    # The observation string holds the roll counter: with 3 rolls allowed, exploring it
    # reaches the limit's unsolved end, which must not be counted as a match.
    game = O.load("pyramids", players=1, roll_limit=3)
    with pytest.raises(tl.RuleError, match="without a match"):
        solitaire.fewest_expected_rolls(game, lambda s: s.observation_string(0))


def test_only_one_player_games_are_solved():
    with pytest.raises(tl.RuleError, match="one-player"):
        solitaire.fewest_expected_rolls(O.load("pyramids", players=2), str)
    with pytest.raises(tl.RuleError, match="solitaire"):
        solitaire.position_key(O.load("pyramids", players=2))


def test_the_key_is_the_one_the_game_s_theory_declares():
    """interop.solitaire names no game (issue 49, item 7): Treehouse's key is its theory's
    (``PyramidsGame.THEORY``), and a game whose theory gives no key is refused by name."""
    from treehouse_lab.games.pyramids.theory import exact as theory

    game = O.load("pyramids", players=1)
    state = game.new_initial_state().child(0)
    assert solitaire.position_key(game)(state) == theory.position_key(game)(state)
    with pytest.raises(tl.RuleError, match="declares no position key"):
        solitaire.position_key(O.load("backyard", players=2))


def test_probabilities_are_read_back_exactly():
    assert solitaire.exact_probability(1 / 6) == Fraction(1, 6)
    assert solitaire.exact_probability(0.25) == Fraction(1, 4)
    with pytest.raises(tl.RuleError, match="not a fraction"):
        solitaire.exact_probability(2 ** -0.5)


def test_the_solitaire_is_general_sum_and_returns_one_or_zero():
    two = O.load("pyramids", players=2)
    assert two.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    game = O.load("pyramids", players=1, roll_limit=40)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_players() == 1 and game.get_type().min_num_players == 1
    ends = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        rolls = json.loads(state.observation_string(0))["rolls"]
        ends.add((state.returns()[0], rolls == 40))
    # A match before the limit returns 1; the limit's end returns 0.
    assert ends == {(1.0, False), (0.0, True)}
