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
* the shipped "Without House moves" analyses (nobody, only the first, only the second
  player may move the House) are certified intervals as narrow as the rules' value, and
  ordered as more choices for a player must order them;
* striking a seat's House moves removes exactly its House choices (the trio moves and the
  pass stay, no face becomes a dead end), and that seat's policy, at sampled positions,
  plays legal engine moves and never a House move, while the other seat's does;
* ``import treehouse_lab`` and a game played by ``pyramids-perfect`` never import numpy;
* a fresh solve gives the shipped table byte for byte and the shipped value (slow: the
  whole game, about 3 minutes alone on two cores, 9 on a loaded machine).
"""

from __future__ import annotations

import dataclasses
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
from treehouse_lab.games.pyramids.actions import Pass
from treehouse_lab.games.pyramids.arrangement import FACES
from treehouse_lab.games.pyramids.rules import HOUSE_SIDE, TRIO_SIDE
from treehouse_lab.games.pyramids.table import ARRANGEMENTS, INDEX
from treehouse_lab.games.pyramids.theory import perfect

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


#: The shipped House-move analyses and the seats that may move the House in each.
HOUSE_ANALYSES = {"nobody": [], "first": [0], "second": [1]}


def test_shipped_house_analyses_are_certified_and_ordered():
    rows = RESULTS["house_moves"]
    assert set(rows) == set(HOUSE_ANALYSES)
    for name, row in rows.items():
        lo, hi = row["win"]
        assert 0 < lo <= hi < 1 and hi - lo <= 1e-12, name
        assert row["house_seats"] == HOUSE_ANALYSES[name]
        assert row["aim_stack_top"] is True and row["house_start"] == "LMS"
        assert row["tie"] == [0.0, 0.0] and row["policy_regret"] <= 1e-11
    win = {name: rows[name]["win"] for name in rows}
    win["rules"] = certified(True)
    # More choices never hurt the player who gets them (zero-sum): the first player is
    # helped by their own House moves and hurt by the second player's.
    for better, worse in (("first", "nobody"), ("first", "rules"),
                          ("rules", "second"), ("nobody", "second")):
        assert win[better][1] >= win[worse][0], (better, worse)


def test_house_seats_must_be_seats():
    pytest.importorskip("numpy")
    from treehouse_lab.games.pyramids.theory import duel

    assert duel.house_seats_arg([1, 0, 1]) == (0, 1)
    for bad in ((2,), "first", 0):
        with pytest.raises(tl.RuleError, match="house_seats"):
            duel.house_seats_arg(bad)


@pytest.fixture(scope="module")
def second_only():
    """A coarse solve (a few sweeps: the move sets, not the values, are under test) in
    which only the second player may move the House."""
    pytest.importorskip("numpy")
    from treehouse_lab.games.pyramids.theory import duel

    return duel.solve_two_player(house_seats=(1,), tolerance=0.95, progress=False)


def test_struck_house_moves_leave_the_trio_moves_and_the_pass(second_only):
    np = pytest.importorskip("numpy")
    from treehouse_lab.games.pyramids.theory import duel_model, duel_policy

    sol, r = second_only, second_only.reduced
    assert not sol.symmetric and sol.house_seats == (1,)
    v = np.full(r.k, 0.5)
    for f in FACES:
        barred = duel_policy.choice_values(sol, f, v, seat=0)
        free = duel_policy.choice_values(sol, f, v, seat=1)
        # the columns: trio moves (padded to the widest row), House moves, the pass
        trio_w = max(1, max(len(x) for x in sol.model.results[TRIO_SIDE][f]))
        house = slice(trio_w, barred.shape[1] - 1)
        assert np.isneginf(barred[:, house]).all(), f
        assert np.array_equal(np.delete(barred, house, axis=1),
                              np.delete(free, house, axis=1)), f
        # no face becomes a dead end: where the rules offer a choice, one remains
        assert np.array_equal(np.isfinite(barred).any(1), np.isfinite(free).any(1)), f
        # the free seat keeps exactly the House moves the turn rule offers
        assert np.array_equal(np.isfinite(free[:, house]).any(1), r.house_ok[f]), f
    assert r.house_ok["wild"].all() and r.house_ok["tip"].any()
    # the check that barring is a restriction: a House move offered alone would fail it
    duel_model.check_house_declinable(sol.model)
    alone = dataclasses.replace(sol.model, pass_ok={f: ~x for f, x in sol.model.pass_ok.items()})
    with pytest.raises(AssertionError, match="only choice"):
        duel_model.check_house_declinable(alone)


def test_barred_seat_never_moves_the_house(second_only):
    game = tl.load_game("pyramids", players=2)
    tables = [second_only.seat_policy(0), second_only.seat_policy(1)]
    rng = random.Random(2101)
    house_moves = [0, 0]
    checked = 0
    while checked < 600:
        a, b, h = (rng.randrange(len(ARRANGEMENTS)) for _ in range(3))
        face, seat = rng.choice(FACES), rng.randrange(2)
        if a == h or b == h or game.decide(a, h, face)[1].reroll:
            continue
        trios = [ARRANGEMENTS[b], ARRANGEMENTS[b]]
        trios[seat] = ARRANGEMENTS[a]
        state = game.position(trios=trios, house=ARRANGEMENTS[h], to_move=seat, rolled=face)
        action = perfect.perfect_action(state, tables[seat], seat)
        assert action in state.legal_actions(seat)
        if not isinstance(action, Pass) and action.side == HOUSE_SIDE:
            house_moves[seat] += 1
        checked += 1
    assert house_moves[0] == 0 and house_moves[1] > 0, house_moves


def test_sweep_arrays_reproduce_the_exact_solitaire_values():
    np = pytest.importorskip("numpy")
    from treehouse_lab.games.pyramids.theory import duel_model, solver

    exact = solver.solve("SML")
    rolls = duel_model.solitaire_rolls(duel_model.build(True))
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
    """The whole solve (about a minute alone on two cores): the same table, byte for
    byte, the same certified value."""
    pytest.importorskip("numpy")
    from treehouse_lab.games.pyramids.theory import duel, duel_policy

    sol = duel.solve_two_player(aim_stack_top=True, progress=False)
    assert list(sol.win) == RESULTS["variants"]["aim_stack_top=True"]["win"]
    assert sol.width <= 1e-12
    shipped = perfect.shipped_table(True)
    fresh = sol.policy
    assert fresh.perms == shipped.perms and list(fresh.reps) == list(shipped.reps)
    assert fresh.moves == shipped.moves
    assert duel_policy.regret(sol, shipped) <= 1e-11


@pytest.mark.slow
def test_shipped_house_analysis_matches_a_fresh_solve():
    """Nobody moving the House (about half a minute alone): the shipped interval again."""
    pytest.importorskip("numpy")
    from treehouse_lab.games.pyramids.theory import duel

    sol = duel.solve_two_player(house_seats=(), progress=False)
    assert list(sol.win) == RESULTS["house_moves"]["nobody"]["win"]
    assert sol.width <= 1e-12
