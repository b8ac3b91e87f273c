"""Ruling R18: the die is rolled at most ``roll_limit`` times (re-rolls count); after the
last roll, used or vain, a game without a match is a tie of all players. So every game
ends, within ``max_game_length() == 2 * roll_limit`` steps."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import treehouse_lab as tl
from treehouse_lab.games.pyramids import PyramidsGame, Roll
from treehouse_lab.games.pyramids.render import outcome_text

LIMIT = 7


def at(game, rolls, trios, house, rolled=None, rerolled=None, to_move=0):
    """A state from its save: ``rolls`` rolls made so far."""
    return game.state_from_json({
        "format": 2, "game": "pyramids", "trios": trios, "house": house,
        "to_move": to_move, "rolled": rolled, "rerolled": rerolled, "winners": [],
        "rolls": rolls})


@pytest.fixture
def game():
    return PyramidsGame(players=3, roll_limit=LIMIT)


LYING = ["<S <M <L", "<S <M <L", "LMS"]   # nothing upright on seat 0's trio
HOUSE = "<L <M <S"                         # nor in the House: a Tip is vain for seat 0


def test_a_vain_last_roll_ends_the_game_in_a_tie_of_all(game):
    s = at(game, LIMIT - 1, LYING, HOUSE)
    early = at(game, LIMIT - 2, LYING, HOUSE)
    early.apply(Roll("tip"))   # vain, but not the last: roll again, same player
    assert not early.is_terminal() and early.is_chance_node() and early.rerolled == "tip"
    assert "last roll" in s.narrate(Roll("tip"))
    s.apply(Roll("tip"))
    assert s.is_terminal() and s.rolls == LIMIT
    assert s.winners() == [0, 1, 2]
    assert s.returns() == [Fraction(1, 3)] * 3
    assert "tie of all players" in outcome_text(s)
    assert "a tie: no match within the roll limit" in game.render_text(s)
    with pytest.raises(tl.IllegalActionError, match="game is over"):
        s.apply(Roll("swap"))


def test_a_used_last_roll_without_a_match_is_a_tie(game):
    s = at(game, LIMIT, LYING, HOUSE, rolled="swap")
    move = next(a for a in s.legal_actions() if not s.winners_if(a))
    assert "last roll" in s.narrate(move) and "R18" in s.explain(move)
    s.apply(move)
    assert s.is_terminal() and s.winners() == [0, 1, 2]
    assert s.observation(1)["winners"] == [0, 1, 2]


def test_a_match_on_the_last_roll_still_wins_alone(game):
    # Seat 0's trio is the House but for a swap of the Small and the Large.
    s = at(game, LIMIT, ["<L <M <S", "LMS", "LMS"], "<S <M <L", rolled="swap")
    win = next(a for a in s.legal_actions() if s.winners_if(a))
    s.apply(win)
    assert s.is_terminal() and s.winners() == [0]
    assert s.returns() == [1, 0, 0]


def test_the_bound_is_exact_when_every_roll_is_used():
    """Swap is usable on every trio, so rolling it every time gives LIMIT rolls and LIMIT
    moves: the game is exactly ``max_game_length()`` steps long."""
    game = PyramidsGame(players=2, roll_limit=LIMIT)
    assert game.max_game_length() == 2 * LIMIT
    s, steps = game.new_initial_state(), 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(Roll("swap"))
        else:
            s.apply(next(a for a in s.legal_actions() if not s.winners_if(a)))
        steps += 1
    assert steps == game.max_game_length() and s.winners() == [0, 1]


def test_saves_keep_the_count_and_refuse_what_the_limit_forbids(game):
    s = at(game, 3, LYING, HOUSE, rolled="swap")
    again = game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again == s and again.rolls == 3
    with pytest.raises(tl.RuleError, match="state.rolls"):
        at(game, LIMIT + 1, LYING, HOUSE)
    with pytest.raises(tl.RuleError, match="state.rolls"):
        at(game, 0, LYING, HOUSE, rolled="swap")


def test_a_format_1_save_starts_counting_at_the_load(game):
    old = {"format": 1, "game": "pyramids", "trios": LYING, "house": HOUSE, "to_move": 0,
           "rolled": "swap", "rerolled": None, "winners": []}
    assert game.state_from_json(old).rolls == 1
    assert game.state_from_json({**old, "rolled": None}).rolls == 0


@pytest.mark.parametrize("bad", [0, -1, True, "2000", 2.5, 10**7])
def test_the_option_refuses_what_is_not_a_count_of_rolls(bad):
    with pytest.raises(tl.RuleError, match="roll_limit"):
        PyramidsGame(roll_limit=bad)
