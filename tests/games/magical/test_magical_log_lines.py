"""The log tells what happened ("Player 2 waits for the others"); the buttons keep the
player's own call ("Wait for the others"). A board's log read as orders before."""

from __future__ import annotations

import random

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome
from treehouse_lab.games.magical.actions import DropOut, Wait


def _first_state_offering(kind: type, seed: int = 3):
    game = tl.load_game("magical", players=3)
    s, rng = game.new_initial_state(), random.Random(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        for seat in s.actors():
            moves = s.legal_actions(seat)
            offered = [a for a in moves if isinstance(a, kind)]
            if offered:
                return s, seat, offered[0]
        seat = s.actors()[0]
        s.apply(rng.choice(s.legal_actions(seat)), by=seat)
    raise AssertionError(f"no {kind.__name__} offered in a seeded game")


def test_a_wait_is_logged_as_what_the_player_did():
    s, seat, wait = _first_state_offering(Wait)
    assert str(wait) == "Wait for the others"
    assert s.narrate(wait, by=seat) == f"Player {seat + 1} waits for the others"


def test_dropping_out_is_logged_as_what_the_player_did():
    s, seat, drop = _first_state_offering(DropOut)
    assert s.narrate(drop, by=seat) == (
        f"Player {seat + 1} drops out of the planning step: \"I'm done!\"")
