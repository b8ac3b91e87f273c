"""Two-player Treehouse solve: time per sweep, beside a pure-Python tic-tac-toe reference
in the same run (issue 21).

    python benchmarks/solve.py [--sweeps 6] [--rounds 3] [--aim on|off]

The solve (``duel.solve_two_player``) is a sequence of sweeps of the Bellman operator over
the 707,544 symmetry classes, two per sweep (the lower and the upper bound). This times
``--sweeps`` real sweeps (from the start of the bracket) in ``--rounds`` rounds, each round
alternating with the reference, so a burst of load on the machine lands on both:

* the reference: a full solve of tic-tac-toe (every position's minimax value, 5,478
  positions, memoised recursion) in pure Python, the same unit benchmarks/engines.py
  measures engines against (its reference is OpenSpiel's pure-Python tic-tac-toe; when
  the ``bench`` extra is installed, its playouts per second are printed too).

Printed: the model build time, seconds per sweep (median of rounds, and range), the
reference's seconds, their ratio, and the whole solve's projected time for the sweeps the
shipped result needed (solved/two-player.json). Figures are printed, never asserted.
Needs numpy (the ``solve`` extra).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from treehouse_lab.games.pyramids.theory import duel, duel_model  # noqa: E402

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
         (2, 4, 6)]


def tictactoe_solve() -> int:
    """Solve tic-tac-toe from scratch in pure Python: the minimax value of every reachable
    position (memoised). Returns the number of positions (5,478)."""

    @cache
    def value(board: str, player: str) -> int:
        for a, b, c in LINES:
            if board[a] != "." and board[a] == board[b] == board[c]:
                return 1 if board[a] == "x" else -1
        if "." not in board:
            return 0
        nxt = "o" if player == "x" else "x"
        vals = [value(board[:i] + player + board[i + 1:], nxt)
                for i in range(9) if board[i] == "."]
        return max(vals) if player == "x" else min(vals)

    assert value("." * 9, "x") == 0  # a draw with perfect play
    return value.cache_info().currsize


def time_reference() -> float:
    t = time.process_time()
    tictactoe_solve()
    return time.process_time() - t


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweeps", type=int, default=6, help="sweeps timed per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--aim", choices=("on", "off"), default="on")
    args = parser.parse_args(argv)
    aim = args.aim == "on"
    t = time.process_time()
    model = duel_model.build(aim)
    reduced = duel_model.reduce_model(model)
    sweep = duel.Sweeper(model, reduced)
    build = time.process_time() - t
    print(f"model: {duel_model.N ** 3:,} positions in {reduced.k:,} classes, built in "
          f"{build:.2f} s CPU (aim_stack_top={aim})")
    per_sweep, refs = [], []
    lower, upper = np.zeros(reduced.k), np.ones(reduced.k)
    for _ in range(args.rounds):
        refs.append(time_reference())
        t = time.process_time()
        for _ in range(args.sweeps):
            lower, upper = sweep(upper, -np.inf), sweep(lower, np.inf)
        per_sweep.append((time.process_time() - t) / args.sweeps)
    s, r = statistics.median(per_sweep), statistics.median(refs)
    print(f"one sweep (both bounds):   {s:8.3f} s CPU  (rounds {min(per_sweep):.3f}.."
          f"{max(per_sweep):.3f})")
    print(f"tic-tac-toe full solve:    {r:8.3f} s CPU  (pure Python, "
          f"{tictactoe_solve():,} positions; rounds {min(refs):.3f}..{max(refs):.3f})")
    cube = duel_model.N ** 3
    print(f"one sweep = {s / r:.1f} tic-tac-toe solves; per position and sweep "
          f"{s / cube * 1e9:.0f} ns over the cube, {s / reduced.k * 1e9:.0f} ns a class")
    shipped = ROOT / "treehouse_lab/games/pyramids/solved/two-player.json"
    if shipped.exists():
        row = json.loads(shipped.read_text())["variants"].get(f"aim_stack_top={aim}")
        if row:
            print(f"the shipped solve needed {row['sweeps']} sweeps: projected "
                  f"{build + row['sweeps'] * s:.0f} s CPU here (recorded {row['seconds']} s "
                  f"wall, peak {row['peak_memory_mb']} MB)")
    try:
        from engines import TICTACTOE, openspiel_games, play_openspiel, time_playouts
    except ImportError:  # pragma: no cover
        return
    refs_os = openspiel_games()
    if refs_os:
        sps, _, _ = time_playouts(refs_os[TICTACTOE].new_initial_state, play_openspiel,
                                  1.0, 0)
        print(f"{TICTACTOE}: {sps:,.0f} playout steps/s (benchmarks/engines.py's unit)")


if __name__ == "__main__":
    main()
