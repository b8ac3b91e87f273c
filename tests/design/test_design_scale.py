"""The design lab plays through ``simulate``: its observer changes no game, and one
process, the local pool and Dask give the same table for the same seed."""

from __future__ import annotations

import dataclasses

import pytest

import treehouse_lab as tl
from treehouse_lab.design import measure
from treehouse_lab.design.trace import Recording


@pytest.fixture(scope="module")
def game():
    return tl.load_game("backyard", players=3)


@pytest.fixture(scope="module")
def here(game):
    return measure(game, 48, bots=["greedy", "random", "random"], seed=4, rotate=True,
                   workers=1, progress=False, value="points")


def test_recording_changes_no_game(game):
    bare = tl.simulate(game, 30, bots="greedy", seed=2, workers=1, progress=False)
    traced = tl.simulate(game, 30, bots="greedy", seed=2, workers=1, progress=False,
                         observer=Recording(value="points"))
    assert all(r.trace is not None for r in traced.rows)
    assert [dataclasses.replace(r, trace=None) for r in traced.rows] == bare.rows
    assert [r.trace.moves for r in traced.rows] == [r.length for r in bare.rows]


def test_the_pool_gives_the_same_table(game, here):
    pooled = measure(game, 48, bots=["greedy", "random", "random"], seed=4, rotate=True,
                     workers=2, progress=False, value="points")
    assert pooled.results.executor.startswith("a local process pool")
    assert str(pooled) == str(here)
    assert pooled.to_rows() == here.to_rows()
    assert pooled.results.rows == here.results.rows


def test_dask_gives_the_same_table(game, here):
    import distributed  # the scale extra, part of the test extra
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = measure(game, 48, bots=["greedy", "random", "random"], seed=4,
                          rotate=True, executor=client, progress=False, value="points")
    assert on_dask.results.executor.startswith("a Dask cluster")
    assert str(on_dask) == str(here)
    assert on_dask.to_rows() == here.to_rows()
