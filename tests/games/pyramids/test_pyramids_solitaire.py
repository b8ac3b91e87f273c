"""Ruling R19: one player is the solitaire puzzle. It ends at the first match (return 1,
the puzzle solved); at the roll limit (R18) it ends unsolved (no winner, return 0, not the
1 a "tie of all players" would hand a lone player). Two or more players are unchanged."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import treehouse_lab as tl
from treehouse_lab.games.pyramids import PyramidsGame, Roll
from treehouse_lab.games.pyramids.render import render_text

LIMIT = 7


def at(game, rolls, trio, house, rolled=None):
    return game.state_from_json({
        "format": 2, "game": "pyramids", "trios": [trio], "house": house, "to_move": 0,
        "rolled": rolled, "rerolled": None, "winners": [], "rolls": rolls})


def test_one_player_is_allowed_and_zero_is_not():
    assert tl.load_game("pyramids", players=1).players == 1
    with pytest.raises(tl.RuleError, match="solitaire"):
        tl.load_game("pyramids", players=0)


def test_a_match_solves_the_puzzle():
    game = PyramidsGame(players=1)
    rng = random.Random(0)
    s = game.new_initial_state()
    while not s.is_terminal():
        moves = [o for o, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply(rng.choice(moves))
    assert s.winners() == [0] and s.returns() == [Fraction(1)]
    assert s.matches(0) and s.rolls < game.roll_limit
    assert "SOLVED" in render_text(s)
    assert f"solved the puzzle: matched the House in {s.rolls} rolls" in game.render_svg(s)


def test_the_roll_limit_leaves_the_puzzle_unsolved():
    game = PyramidsGame(players=1, roll_limit=LIMIT)
    s = at(game, LIMIT - 1, "<S <M <L", "<L <M <S")
    s.apply(Roll("tip"))   # vain on both, and the last roll allowed
    assert s.is_terminal() and not s.won
    assert s.winners() == [] and s.returns() == [Fraction(0)]
    assert "unsolved" in render_text(s) and "unsolved" in s.game.render_svg(s)
    assert "puzzle ends unsolved" in s.draw_words()


def test_two_players_still_tie_at_the_limit():
    game = PyramidsGame(players=2, roll_limit=LIMIT)
    s = game.state_from_json({
        "format": 2, "game": "pyramids", "trios": ["<S <M <L", "<S <M <L"],
        "house": "<L <M <S", "to_move": 0, "rolled": None, "rerolled": None,
        "winners": [], "rolls": LIMIT - 1})
    s.apply(Roll("tip"))
    assert s.winners() == [0, 1] and s.returns() == [Fraction(1, 2)] * 2


def test_the_solitaire_board_says_so():
    game = PyramidsGame(players=1)
    s = game.new_initial_state()
    assert "Treehouse solitaire" in game.render_svg(s)
    assert "Solitaire: 0 rolls so far" in render_text(s)
