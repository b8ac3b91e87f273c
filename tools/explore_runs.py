"""The bigger runs behind the prose of the exploration notebooks, from the notebooks' own
code.

Why run the notebook's code and not a copy: the numbers a notebook's prose quotes must come
from the code a student reads above them, only with more games. Each exploration notebook
sets ``GAMES`` (games in each of its runs) and ``WORKERS`` in its first code cell; this tool
executes the notebook's code cells in order with those two replaced, and prints what each
cell prints. The notebook's bots and measures are defined in a module of their own here
(``explore_cells``), not in ``__main__``, so ``tl.simulate`` may send them to worker
processes (forked: the workers inherit the module, so the pool is started again after each
cell). A few questions then ask more than a
small notebook can afford (every spell on its own, for instance): those extra runs are below
(:data:`EXTRAS`), built on the notebook's functions, and their size is printed.

    nice python tools/explore_runs.py explore-diner.ipynb --games 1000 --workers 2
    nice python tools/explore_runs.py explore-magical.ipynb --games 300 --workers 2

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


def run_notebook(name: str, games: int, workers: int,
                 out: Callable[[str], None] = print) -> types.ModuleType:
    """Execute the notebook's code cells with ``GAMES = games`` and ``WORKERS = workers``
    (set after the first cell, which defines them); return the module they ran in."""
    import importlib

    pools = importlib.import_module("treehouse_lab.simulate")._POOLS
    module = types.ModuleType(MODULE)
    sys.modules[MODULE] = module
    cells = code_cells(name)
    for i, source in enumerate(cells):
        clock = time.perf_counter()
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(source, f"{name} cell {i}", "exec"), module.__dict__)
        if i == 0:
            if "GAMES" not in module.__dict__ or "WORKERS" not in module.__dict__:
                raise SystemExit(f"{name}: the first code cell must set GAMES and WORKERS")
            module.GAMES, module.WORKERS = games, workers
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
    """A spell in hand: each kind of spell cast on its own, one caster against three
    magical-builders, seats rotating."""
    for effect in nb.EFFECTS:
        caster = nb.Caster([effect])
        run = nb.run(bots=[caster] + ["magical-builder"] * 3, seed=2)
        line = run.by_bot()[0]
        low, high = line.points_interval
        out(f"{line.label}: wins {line.win_rate} of {line.played}, "
            f"{float(line.mean_points):.1f} VP [{low:.1f}, {high:.1f}]")
    ties = sum(1 for row in nb.four.rows
               if sorted(row.totals, reverse=True)[0] == sorted(row.totals, reverse=True)[1])
    out(f"4 players: {ties} of {nb.four.games} games ended with the top VP tied "
        "(biscuits, then age, decided them)")


EXTRAS: dict[str, Callable[[Any, Callable[[str], None]], None]] = {
    "explore-diner.ipynb": _diner_extras,
    "explore-magical.ipynb": _magical_extras,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", choices=sorted(EXTRAS))
    parser.add_argument("--games", type=int, required=True, help="games in each run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    os.environ.setdefault("MPLBACKEND", "Agg")
    clock = time.perf_counter()

    def out(text: str) -> None:
        print(text, flush=True)

    out(f"{args.notebook}: GAMES = {args.games}, WORKERS = {args.workers}")
    nb = run_notebook(args.notebook, args.games, args.workers, out)
    out(f"--- the bigger run's own questions ({args.games} games each)")
    EXTRAS[args.notebook](nb, out)
    out(f"--- done in {time.perf_counter() - clock:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
