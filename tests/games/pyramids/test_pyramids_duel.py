"""Two-player Treehouse solved (issue 21): the solver's tables, the shipped perfect policy,
and the bot that plays it.

What is proved here, and how each test can fail:
* the two-player sweep's arrays (move table, turn rule, die, winners_after) give back the
  exact solitaire values of ``solver.solve`` at every one of the 41,616 positions;
* the shipped table's move at sampled positions (any seat, any face, symmetric images
  included) is a legal action of ``tl.load_game("pyramids", players=2)``, and it is
  missing exactly where the engine rerolls;
* the bot's self-play first-seat win rate is consistent with the certified value (an exact
  binomial test whose false-failure chance is below 1e-6);
* ``import treehouse_lab`` and a game played by ``pyramids-perfect`` never import numpy;
* a fresh solve gives the shipped table byte for byte and the shipped value (slow: the
  whole game, about 3 minutes alone on two cores, 9 on a loaded machine).
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.bots import make_bot
from treehouse_lab.games.pyramids import perfect
from treehouse_lab.games.pyramids.arrangement import FACES
from treehouse_lab.games.pyramids.table import ARRANGEMENTS, INDEX

ROOT = Path(__file__).resolve().parents[3]
RESULTS = json.loads(resources.files("treehouse_lab.games.pyramids")
                     .joinpath("solved", "two-player.json").read_text())


def certified(aim: bool = True) -> tuple[float, float]:
    lo, hi = RESULTS["variants"][f"aim_stack_top={aim}"]["win"]
    return lo, hi


def test_shipped_result_is_a_certified_narrow_interval():
    for aim in (True, False):
        row = RESULTS["variants"][f"aim_stack_top={aim}"]
        lo, hi = row["win"]
        assert 0 < lo <= hi < 1 and hi - lo <= 1e-12
        assert row["tie"] == [0.0, 0.0]
        assert row["house_starts"]["LMS"] == row["win"]
        assert len(row["house_starts"]) == len(ARRANGEMENTS)
        assert row["policy_regret"] <= 1e-11


def test_sweep_arrays_reproduce_the_exact_solitaire_values():
    np = pytest.importorskip("numpy")
    from treehouse_lab.games.pyramids import duel, solver

    exact = solver.solve("SML")
    rolls = duel.solitaire_rolls(duel.build(True))
    n = len(ARRANGEMENTS)
    want = np.array([float(exact.values[exact.model.class_of[t * n + h]])
                     for t in range(n) for h in range(n)]).reshape(n, n)
    tree = INDEX[ARRANGEMENTS[0].tree("SML")]
    assert rolls[tree, tree] == pytest.approx(5.0127999820, abs=1e-9)
    assert np.abs(rolls - want).max() < 1e-9


@pytest.mark.parametrize("aim", [True, False])
def test_policy_moves_are_legal_moves_of_the_engine(aim):
    game = tl.load_game("pyramids", players=2, aim_stack_top=aim)
    table = perfect.shipped_table(aim)
    rng = random.Random(21)
    checked = rerolls = 0
    while checked < 400:
        a, b, h = (rng.randrange(len(ARRANGEMENTS)) for _ in range(3))
        face = rng.choice(FACES)
        seat = rng.randrange(2)
        index, _, _ = table.lookup(a, b, h, face)
        decision = game.decide(a, h, face)
        if decision[1].reroll:
            assert index == perfect.NO_MOVE
            rerolls += 1
            continue
        assert index != perfect.NO_MOVE
        trios = [ARRANGEMENTS[b], ARRANGEMENTS[b]]
        trios[seat] = ARRANGEMENTS[a]
        if a == h or b == h:
            continue  # a saved position cannot hold a match; the start is the exception
        state = game.position(trios=trios, house=ARRANGEMENTS[h], to_move=seat, rolled=face)
        action = perfect.perfect_action(state, table, seat)
        assert action in state.legal_actions(seat)
        checked += 1
    assert rerolls > 0


def test_the_bot_plays_the_start_and_refuses_three_players():
    state = tl.load_game("pyramids", players=3).new_initial_state()
    state.apply(state.chance_outcomes()[0][0])
    with pytest.raises(tl.RuleError, match="two-player games only"):
        make_bot("pyramids-perfect").choose(state, random.Random(0))


def _tail_probability(games: int, wins: int, p: float) -> float:
    """P(X <= wins) for X ~ Binomial(games, p), exactly summed in log space."""
    logs = [math.lgamma(games + 1) - math.lgamma(k + 1) - math.lgamma(games - k + 1)
            + k * math.log(p) + (games - k) * math.log1p(-p) for k in range(wins + 1)]
    top = max(logs)
    return math.exp(top) * sum(math.exp(x - top) for x in logs)


def test_self_play_first_seat_win_rate_matches_the_certified_value():
    """A two-sided exact binomial test at level 1e-6: the first seat's wins over 20000
    seeded games of the perfect bot against itself. The policy's regret is below 1e-11,
    so its self-play win chance is the certified value to within far less than one game;
    the test fails (with chance below 1e-6 if the bot is right) when the count is in
    either 5e-7 tail for every p in the interval."""
    games = 20000
    res = tl.simulate(tl.load_game("pyramids", players=2), games, bots="pyramids-perfect",
                      seed=2121, progress=False, workers=1)
    wins = sum(1 for row in res.rows if row.winners == (0,))
    assert sum(1 for row in res.rows if row.winners) == games
    lo, hi = certified(True)
    low_tail = _tail_probability(games, wins, hi)              # too few wins, even at hi
    high_tail = 1 - _tail_probability(games, wins - 1, lo)     # too many, even at lo
    assert low_tail > 5e-7 and high_tail > 5e-7, (wins, games, lo)


def test_no_numpy_for_the_engine_or_the_bot():
    code = (
        "import sys, random, treehouse_lab as tl\n"
        "assert 'numpy' not in sys.modules\n"
        "res = tl.simulate(tl.load_game('pyramids', players=2), 3, bots='pyramids-perfect',"
        " seed=0, progress=False, workers=1)\n"
        "assert 'numpy' not in sys.modules, 'the bot imported numpy'\n"
        "print(len(res.rows))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.split() == ["3"]


@pytest.mark.slow
def test_shipped_table_matches_a_fresh_solve():
    """The whole solve (about 3 minutes alone on two cores): the same table, byte for
    byte, the same certified value."""
    pytest.importorskip("numpy")
    from treehouse_lab.games.pyramids import duel

    sol = duel.solve_two_player(aim_stack_top=True, progress=False)
    assert list(sol.win) == RESULTS["variants"]["aim_stack_top=True"]["win"]
    assert sol.width <= 1e-12
    shipped = perfect.shipped_table(True)
    fresh = sol.policy
    assert fresh.perms == shipped.perms and list(fresh.reps) == list(shipped.reps)
    assert fresh.moves == shipped.moves
    assert duel.regret(sol, shipped) <= 1e-11
