"""The bigger runs behind the prose of the exploration notebooks, from the notebooks' own
code.

Why run the notebook's code and not a copy: the numbers a notebook's prose quotes must come
from the code a student reads above them, only with more games. Each exploration notebook
sets ``GAMES`` (games in each of its runs) and ``WORKERS`` in its first code cell; this tool
executes the notebook's code cells in order with those two replaced, and prints what each
cell prints. A notebook whose search bot is too slow for CI also sets ``MCTS`` (the bot it
plays, a small budget in the notebook) and ``MCTS_GAMES`` (the games of its runs):
``--mcts`` and ``--mcts-games`` replace them (the bigger run plays ``mcts`` at its default
budget). The notebook's bots and measures are defined in a module of their own here
(``explore_cells``), not in ``__main__``, so ``tl.simulate`` may send them to worker
processes (forked: the workers inherit the module, so the pool is started again after each
cell). A few figures the prose quotes are not printed by the notebook (how many games ended
in a tie, for instance): :data:`EXTRAS` reads them from the same runs.

    nice python tools/explore_runs.py explore-diner.ipynb --games 300 --workers 2
    nice python tools/explore_runs.py explore-magical.ipynb --games 100 --workers 2
    nice python tools/explore_runs.py explore-magical.ipynb --games 100 --cells 23,25 \
        --mcts mcts --mcts-games 200        # the ladder with mcts at its default budget

``--cells`` repeats some cells only (the strength ladders were run apart from the rest).
``--diner-series N`` plays the Diner's search bot against ``greedy`` and ``diner-cook``, N games
each (:func:`diner_mcts_series`: minutes a game, too slow for the notebook itself).

Plots are drawn and dropped (matplotlib's Agg backend); nothing is written.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import time
import types
from pathlib import Path
from typing import Any, Callable

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MODULE = "explore_cells"


def code_cells(name: str) -> list[str]:
    """The code cells of notebook ``name`` (in ``notebooks/``), in order."""
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def run_notebook(name: str, games: int, workers: int, out: Callable[[str], None] = print,
                 cells: set[int] | None = None,
                 replace: dict[str, Any] | None = None) -> types.ModuleType:
    """Execute the notebook's code cells with ``GAMES = games`` and ``WORKERS = workers``
    (set after the first cell, which defines them); return the module they ran in.
    ``cells``: only these code cells (numbered from 1; the first always runs), to repeat
    one question: include the cells that define what it uses. ``replace``: more names of
    the first cell to set (``MCTS``, ``MCTS_GAMES``); each must be defined there."""
    import importlib

    pools = importlib.import_module("treehouse_lab.simulate")._POOLS
    module = types.ModuleType(MODULE)
    sys.modules[MODULE] = module
    for i, source in enumerate(code_cells(name)):
        if cells is not None and i > 0 and i + 1 not in cells:
            continue
        clock = time.perf_counter()
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(source, f"{name} cell {i}", "exec"), module.__dict__)
        if i == 0:
            if "GAMES" not in module.__dict__ or "WORKERS" not in module.__dict__:
                raise SystemExit(f"{name}: the first code cell must set GAMES and WORKERS")
            module.GAMES, module.WORKERS = games, workers
            for key, value in (replace or {}).items():
                if key not in module.__dict__:
                    raise SystemExit(f"{name}: the first code cell does not set {key}")
                setattr(module, key, value)
        # Worker processes are forked with the module as it is: after a cell has defined
        # new functions, the next run needs workers that know them.
        for pool in pools.values():
            pool.shutdown(wait=True)
        pools.clear()
        text = printed.getvalue().rstrip()
        if text:
            out(f"--- code cell {i + 1} ({time.perf_counter() - clock:.0f} s)\n{text}")
    return module


# -- what the notebooks' bigger runs add ---------------------------------------------------------

def _diner_extras(nb: Any, out: Callable[[str], None]) -> None:
    """Seat order: how many games of each player count ended on the tiebreakers."""
    for players, run in nb.seats.items():
        tied = sum(1 for row in run.rows
                   if sorted(row.totals, reverse=True)[0] == sorted(row.totals, reverse=True)[1])
        out(f"{players} players: {tied} of {run.games} games ended with the top points tied")


def _magical_extras(nb: Any, out: Callable[[str], None]) -> None:
    """How many games ended with the top VP tied (the biscuits, then age, decided them)."""
    for label, run in (("3 players", nb.three), ("4 players", nb.four)):
        ties = sum(1 for row in run.rows
                   if sorted(row.totals, reverse=True)[0] == sorted(row.totals, reverse=True)[1])
        out(f"{label}: {ties} of {run.games} games ended with the top VP tied")


def diner_mcts_series(games: int, workers: int, out: Callable[[str], None] = print,
                      seed: int = 7, bot: str = "mcts") -> dict[str, Any]:
    """``mcts`` at its default budget against ``greedy`` and ``diner-cook``: ``games``
    two-player games each, seats alternating, the seed of the notebook's ladder (so these
    are the games ``tl.tournament`` plays for those pairings). Too slow for the notebook's
    CI run (one game takes minutes), so the notebook quotes this run and its size.
    ``bot`` replaces ``mcts`` (a quick check of the series itself)."""
    import treehouse_lab as tl

    game = tl.load_game("diner", players=2)
    lines = {}
    for other in ("greedy", "diner-cook"):
        run = tl.simulate(game, games, bots=[bot, other], seed=seed, rotate=True,
                          workers=workers, progress=False)
        line = {ln.label: ln for ln in run.by_bot()}[bot]
        lines[other] = line
        out(f"{bot} against {other}: wins {line.win_rate} of {run.games}, "
            f"{float(line.mean_points):.1f} points a game")
    return lines


EXTRAS: dict[str, Callable[[Any, Callable[[str], None]], None]] = {
    "explore-diner.ipynb": _diner_extras,
    "explore-magical.ipynb": _magical_extras,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", choices=sorted(EXTRAS))
    parser.add_argument("--games", type=int, required=True, help="games in each run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cells", default=None,
                        help="only these code cells, numbered from 1 (e.g. 2,14)")
    parser.add_argument("--mcts", default=None,
                        help="the search bot of the notebook's MCTS runs (e.g. mcts)")
    parser.add_argument("--mcts-games", type=int, default=None,
                        help="games of the notebook's MCTS runs (MCTS_GAMES)")
    parser.add_argument("--diner-series", type=int, default=None, metavar="GAMES",
                        help="explore-diner only: instead of the notebook, play mcts "
                        "against greedy and diner-cook, GAMES games each")
    args = parser.parse_args(argv)
    if args.diner_series is not None:
        if args.notebook != "explore-diner.ipynb":
            parser.error("--diner-series is for explore-diner.ipynb")
        diner_mcts_series(args.diner_series, args.workers)
        return 0
    cells = None if args.cells is None else {int(c) for c in args.cells.split(",")}
    replace: dict[str, Any] = {}
    if args.mcts is not None:
        replace["MCTS"] = args.mcts
    if args.mcts_games is not None:
        replace["MCTS_GAMES"] = args.mcts_games
    os.environ.setdefault("MPLBACKEND", "Agg")
    clock = time.perf_counter()

    def out(text: str) -> None:
        print(text, flush=True)

    out(f"{args.notebook}: GAMES = {args.games}, WORKERS = {args.workers}"
        + "".join(f", {k} = {v!r}" for k, v in replace.items()))
    nb = run_notebook(args.notebook, args.games, args.workers, out, cells, replace)
    if cells is None:
        out("--- read from the same runs")
        EXTRAS[args.notebook](nb, out)
    out(f"--- done in {time.perf_counter() - clock:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
