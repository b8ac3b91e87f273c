"""tools/explore_runs.py runs a notebook's own code cells with more games (issue 19): the
numbers the exploration notebooks' prose quotes must come from the code above them."""

from __future__ import annotations

import importlib.util
import json
import pickle
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    path = ROOT / "tools" / "explore_runs.py"
    spec = importlib.util.spec_from_file_location("explore_runs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebook(folder: Path, *sources: str) -> str:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# a title"}]
    cells += [{"cell_type": "code", "metadata": {}, "source": s, "outputs": [],
               "execution_count": None} for s in sources]
    (folder / "nb.ipynb").write_text(json.dumps({"cells": cells, "metadata": {},
                                                 "nbformat": 4, "nbformat_minor": 5}))
    return "nb.ipynb"


def test_the_cells_run_with_games_and_workers_replaced(tmp_path, monkeypatch):
    tool = _tool()
    monkeypatch.setattr(tool, "NOTEBOOKS", tmp_path)
    name = _notebook(tmp_path, "GAMES = 5\nWORKERS = 1",
                     "def double(n):\n    return 2 * n",
                     "print('games', double(GAMES), 'workers', WORKERS)",
                     "print('skipped?')")
    printed: list[str] = []
    module = tool.run_notebook(name, 7, 2, printed.append)
    assert [p.splitlines()[-1] for p in printed] == ["games 14 workers 2", "skipped?"]
    # What the cells define lives in a module of its own, which pickles by reference, so
    # tl.simulate can send the notebook's bots and measures to worker processes.
    assert module.double.__module__ == tool.MODULE
    assert pickle.loads(pickle.dumps(module.double)) is module.double


def test_only_the_cells_asked_for_run_and_the_first_always(tmp_path, monkeypatch):
    tool = _tool()
    monkeypatch.setattr(tool, "NOTEBOOKS", tmp_path)
    name = _notebook(tmp_path, "GAMES = 5\nWORKERS = 1", "print('two')", "print('three', GAMES)")
    printed: list[str] = []
    tool.run_notebook(name, 9, 1, printed.append, cells={3})
    assert [p.splitlines()[-1] for p in printed] == ["three 9"]


def test_a_notebook_without_games_is_refused(tmp_path, monkeypatch):
    tool = _tool()
    monkeypatch.setattr(tool, "NOTEBOOKS", tmp_path)
    name = _notebook(tmp_path, "x = 1")
    with pytest.raises(SystemExit, match="GAMES and WORKERS"):
        tool.run_notebook(name, 3, 1, print)


@pytest.mark.parametrize("name", ["explore-diner.ipynb", "explore-magical.ipynb"])
def test_the_exploration_notebooks_set_games_and_workers_first(name):
    first = _tool().code_cells(name)[0]
    assert "GAMES = " in first and "WORKERS = " in first


def test_the_search_bot_and_its_games_are_replaced_where_the_notebook_sets_them(
        tmp_path, monkeypatch):
    tool = _tool()
    monkeypatch.setattr(tool, "NOTEBOOKS", tmp_path)
    name = _notebook(tmp_path, "GAMES = 5\nWORKERS = 1\nMCTS = 'mcts(iterations=10)'\n"
                     "MCTS_GAMES = 2", "print(MCTS, MCTS_GAMES, GAMES)")
    printed: list[str] = []
    tool.run_notebook(name, 7, 1, printed.append, replace={"MCTS": "mcts", "MCTS_GAMES": 40})
    assert printed[-1].splitlines()[-1] == "mcts 40 7"
    printed.clear()
    tool.run_notebook(name, 7, 1, printed.append)
    assert printed[-1].splitlines()[-1] == "mcts(iterations=10) 2 7"
    bare = _notebook(tmp_path, "GAMES = 5\nWORKERS = 1")
    with pytest.raises(SystemExit, match="does not set MCTS"):
        tool.run_notebook(bare, 3, 1, print, replace={"MCTS": "mcts"})


def test_the_magical_notebook_sets_its_search_bot_first():
    first = _tool().code_cells("explore-magical.ipynb")[0]
    assert "MCTS = " in first and "MCTS_GAMES = " in first


def test_the_diner_mcts_series_plays_the_ladders_games():
    """The series the notebook quotes is the tournament's pairings (seed 7, seats
    alternating); checked with a quick bot in mcts's place."""
    import treehouse_lab as tl

    printed = []
    lines = _tool().diner_mcts_series(4, 1, printed.append, bot="random")
    ladder = tl.tournament(tl.load_game("diner", players=2), ["random", "greedy", "diner-cook"],
                           games=4, seed=7, workers=1, progress=False)
    for other in ("greedy", "diner-cook"):
        assert lines[other].win_rate == ladder.cells[("random", other)].win_rate
    assert len(printed) == 2 and printed[0].startswith("random against greedy: wins")
