"""tl.simulate / tl.playouts on the toy game: seeded, complete games, honest summaries."""

from __future__ import annotations

import random

from tl_toygame import ToyGame

import treehouse_lab as tl
from treehouse_lab.simulate import play_out


def test_playouts_are_seeded_and_finished():
    game = ToyGame(players=3)
    a = [s.to_json() for s in tl.playouts(game, 5, seed=1)]
    b = [s.to_json() for s in tl.playouts(game, 5, seed=1)]
    c = [s.to_json() for s in tl.playouts(game, 5, seed=2)]
    assert a == b and a != c
    assert all(game.state_from_json(d).is_terminal() for d in a)


def test_summary_counts_wins_and_means():
    game = ToyGame(players=2, target=8)
    finals = list(tl.playouts(game, 40, seed=3))
    summary = tl.simulate(game, games=40, seed=3)
    assert summary.games == 40
    wins = [0, 0]
    for s in finals:
        for w in s.winners():
            wins[w] += 1
    assert [summary.wins[p] for p in (0, 1)] == wins and sum(wins) >= 40
    assert summary.win_rate(0) == wins[0] / 40
    means = [sum(s.returns()[p] for s in finals) / 40 for p in (0, 1)]
    assert summary.mean_returns == means


def test_measure_gets_every_final_state():
    game = ToyGame(players=2)
    got = tl.simulate(game, games=6, seed=0, measure=lambda s: s.positions[0]).measures
    assert got == [s.positions[0] for s in tl.playouts(game, 6, seed=0)]


def test_play_out_uses_the_given_bots():
    class RollBot:
        name = "roll"

        def choose(self, state, rng):
            return state.legal_actions()[0]

    s = play_out(ToyGame().new_initial_state(), random.Random(0), {0: RollBot(), 1: RollBot()})
    assert s.is_terminal() and not s.discard  # nobody ever played a card
