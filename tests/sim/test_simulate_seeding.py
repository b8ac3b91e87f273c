"""Seeded simulation gives the same games whatever runs them (issue 12): in this process,
in a local process pool, on a Dask LocalCluster, in chunks of any size and in any order.
Game i depends on (seed, i) alone."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import treehouse_lab as tl
from treehouse_lab.simulate import final_state

BOTS = ["greedy", "random", "backyard-runs"]


@pytest.fixture(scope="module")
def game():
    return tl.load_game("backyard", players=3, achievements=True)


@pytest.fixture(scope="module")
def reference(game):
    return tl.simulate(game, 40, bots=BOTS, seed=11, rotate=True, workers=1, progress=False)


def test_the_reference_run_is_not_trivial(reference):
    """The games differ from each other, so equal runs below mean something."""
    rows = reference.rows
    assert [r.index for r in rows] == list(range(40))
    assert len({r.totals for r in rows}) > 30
    assert {w for r in rows for w in r.winners} == {0, 1, 2}
    assert {r.seats for r in rows} == {("greedy", "random", "backyard-runs"),
                                        ("backyard-runs", "greedy", "random"),
                                        ("random", "backyard-runs", "greedy")}


def test_chunks_of_any_size_in_any_order_give_the_same_rows(game, reference):
    for chunk in (1, 7, 40):
        again = tl.simulate(game, 40, bots=BOTS, seed=11, rotate=True, workers=1,
                            progress=False, chunk=chunk)
        assert again.rows == reference.rows
    with ThreadPoolExecutor(3) as pool:   # completes chunks out of order
        threaded = tl.simulate(game, 40, bots=BOTS, seed=11, rotate=True, executor=pool,
                               progress=False, chunk=3)
    assert threaded.rows == reference.rows


def test_a_process_pool_gives_the_same_rows(game, reference):
    pooled = tl.simulate(game, 40, bots=BOTS, seed=11, rotate=True, workers=2, progress=False)
    assert pooled.executor.startswith("a local process pool")
    assert pooled.rows == reference.rows
    with ProcessPoolExecutor(2) as pool:
        given = tl.simulate(game, 40, bots=BOTS, seed=11, rotate=True, executor=pool,
                            progress=False)
    assert given.rows == reference.rows


def test_a_dask_local_cluster_gives_the_same_rows(game, reference):
    import distributed  # the scale extra, part of the test extra

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = tl.simulate(game, 40, bots=BOTS, seed=11, rotate=True, executor=client,
                              progress=False)
    assert on_dask.executor.startswith("a Dask cluster")
    assert on_dask.rows == reference.rows


def test_game_i_depends_only_on_seed_and_i(game, reference):
    longer = tl.simulate(game, 50, bots=BOTS, seed=11, rotate=True, workers=1, progress=False)
    assert longer.rows[:40] == reference.rows
    other = tl.simulate(game, 40, bots=BOTS, seed=12, rotate=True, workers=1, progress=False)
    assert sum(a.totals != b.totals for a, b in zip(other.rows, reference.rows)) > 30
    state = final_state(game, BOTS, 11, 17, rotate=True)
    assert tuple(state.winners()) == reference.rows[17].winners
    assert tuple(state.scores()) == reference.rows[17].scores


def dealt(state):
    """The start player and the cards never drawn: the same if every draw was."""
    return state.start_player, state.to_json()["deck"]


def test_chance_draws_do_not_depend_on_the_bots(game):
    """Separate streams for chance and for bots: the same seed deals the same cards to
    any bots (Backyard's deck does not depend on play), so comparisons are paired."""
    a = tl.simulate(game, 12, bots="random", seed=5, workers=1, progress=False,
                    measure=dealt)
    b = tl.simulate(game, 12, bots="greedy", seed=5, workers=1, progress=False,
                    measure=dealt)
    assert a.measures == b.measures
    assert [r.scores for r in a.rows] != [r.scores for r in b.rows]


def test_seeded_bots_replay_the_same_in_a_match(game):
    """A bot's choices come from the generator it is handed: a Match with the same moves
    is the same game."""
    m = tl.Match(game, seed=3, bots={0: "greedy", 1: "backyard-runs", 2: "mcts(iterations=8)"})
    m.run()
    again = tl.Match.from_json(m.to_json())
    assert again.state == m.state and again.bots == m.bots
    fresh = tl.Match(game, seed=3, bots={0: "greedy", 1: "backyard-runs",
                                         2: "mcts(iterations=8)"})
    fresh.run()
    assert fresh.state == m.state


def test_a_default_run_moves_to_workers_only_when_worth_it(game, reference, monkeypatch):
    """By default a run starts in this process and moves to a pool only if the rest would
    take long; the games are the same either way."""
    import importlib
    import os

    sim = importlib.import_module("treehouse_lab.simulate")

    monkeypatch.setattr(sim, "POOL_WORTH_SECONDS", 1e9)
    quick = tl.simulate(game, 40, bots=BOTS, seed=11, rotate=True, progress=False)
    assert quick.executor == "this process" and quick.rows == reference.rows
    monkeypatch.setattr(sim, "POOL_WORTH_SECONDS", 0.0)
    monkeypatch.setattr(sim, "PROBE_SECONDS", 0.0)
    moved = tl.simulate(game, 40, bots=BOTS, seed=11, rotate=True, progress=False)
    if (os.cpu_count() or 1) > 1:
        assert moved.executor.startswith("a local process pool")
    assert moved.rows == reference.rows


def test_bots_shown_the_game_itself_choose_as_on_a_copy(game, monkeypatch):
    """``random`` and ``greedy`` are shown the game's own state, not a copy
    (``bots.READ_ONLY_BOTS``): the run is the same as when every bot gets a copy, for every
    game; and a subclass, which may change the state it is shown, still gets a copy."""
    from treehouse_lab import bots, seeded_play

    for name in tl.GAMES:
        g = tl.load_game(name)
        seats = ["greedy"] + ["random"] * (g.players - 1)
        fast = tl.simulate(g, 6, bots=seats, seed=4, workers=1, progress=False)
        with monkeypatch.context() as m:
            m.setattr(seeded_play, "reads_only", lambda bot: False)
            copied = tl.simulate(g, 6, bots=seats, seed=4, workers=1, progress=False)
        assert fast.rows == copied.rows, name
        assert len({(r.steps, repr(r.scores), r.returns) for r in fast.rows}) > 1, name

    class Meddler(bots.RandomBot):
        """Chooses as ``random`` does, then plays a move on the state it was shown."""

        def choose(self, state, rng, player=None):
            action = super().choose(state, rng, player)
            state.apply(action, by=player)
            return action

    assert not bots.reads_only(Meddler()) and bots.reads_only(bots.RandomBot())
    plain = tl.simulate(game, 6, bots="random", seed=2, workers=1, progress=False)
    meddled = tl.simulate(game, 6, bots=Meddler(), seed=2, workers=1, progress=False)
    assert [r.returns for r in meddled.rows] == [r.returns for r in plain.rows]
    assert [r.steps for r in meddled.rows] == [r.steps for r in plain.rows]
