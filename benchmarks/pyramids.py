"""Treehouse (pyramids) counting and solver timings, each beside a reference in one run.

    python benchmarks/pyramids.py [--repeat 3] [--quick]

1. The full move table (204 arrangements x 6 faces x both ``aim_stack_top`` variants,
   distinct results) from the arrangement model, cold (move cache cleared), beside the
   same table read off the engine's states (``game.position(..., rolled=face)`` and its
   legal actions): the naive route a notebook might take. Both tables are compared.
2. Counting arrangements: sympy's EGF coefficient beside brute-force enumeration.
3. The exact solitaire solver (symmetry reduction, float value iteration, exact
   Fraction policy evaluation, exact Bellman check) beside a pure-Python float value
   iteration over all 41,616 positions without symmetry (the baseline: same equations, no
   exactness). The two answers are compared. ``--quick`` skips the baseline.

Figures are printed, never asserted (speed is measured here, not in tests).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from treehouse_lab.errors import RuleError  # noqa: E402
from treehouse_lab.games.pyramids import arrangement, table  # noqa: E402
from treehouse_lab.games.pyramids.arrangement import (  # noqa: E402
    FACES,
    all_arrangements,
    line,
)
from treehouse_lab.games.pyramids.game import PyramidsGame  # noqa: E402
from treehouse_lab.games.pyramids.theory import counting, solver  # noqa: E402


def timed(fn: Callable[[], Any], repeat: int, before: Callable[[], None] | None = None):
    """(median seconds, last result) of ``repeat`` runs; ``before`` runs untimed first."""
    times, result = [], None
    for _ in range(repeat):
        if before:
            before()
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def cold() -> None:
    """Forget every move worked out so far: the model's cache and the game's tables."""
    arrangement.forget_moves()
    table.table.cache_clear()


def table_from_model() -> dict:
    return {ast: counting.move_table(ast) for ast in (True, False)}


def table_from_engine() -> dict:
    """The naive route: for every arrangement and face, build the engine's decision, play
    each of its moves on the trio and collect the distinct trios they leave (a Wild's House
    moves aside)."""
    out = {}
    for ast in (True, False):
        game = PyramidsGame(players=2, aim_stack_top=ast)
        table = {}
        for a in all_arrangements(3):
            row = {}
            for face in FACES:
                # a House that no single action on the trio can reach keeps House moves
                # out of the way: use the trio itself as the House (so a face the trio
                # cannot use is refused as a reroll, or offered only on the House)
                try:
                    state = game.position(trios=[str(a), "LMS"], house=str(a), rolled=face)
                    row[face] = len({state.child(act).trio(0) for act in state.legal_actions()
                                     if act.KIND == "play" and act.side == "trio"})
                except RuleError:
                    row[face] = 0
            table[str(a)] = row
        out[ast] = table
    return out


def float_baseline() -> float:
    """Value iteration in floats on all 204 x 204 positions, no symmetry, plain Python."""
    arrs = all_arrangements(3)
    n = len(arrs)
    idx = {a: i for i, a in enumerate(arrs)}
    res = {f: [[idx[b] for b in arrangement.results(a, f)] for a in arrs] for f in FACES}
    rows = []
    for t in range(n):
        for h in range(n):
            row, reroll = [], 0
            for f in FACES:
                on_t = res[f][t]
                if f == "wild":
                    succ = [-1 if x == h else x * n + h for x in on_t] + [
                        -1 if y == t else t * n + y for y in res[f][h]]
                elif on_t:
                    succ = [-1 if x == h else x * n + h for x in on_t]
                elif f != "swap" and res[f][h]:
                    succ = [-1 if y == t else t * n + y for y in res[f][h]] + [t * n + h]
                else:
                    reroll += 1
                    continue
                if -1 not in succ:
                    row.append(succ)
            rows.append((row, 6 - reroll))
    v = [0.0] * (n * n)
    get = v.__getitem__
    while True:
        delta = 0.0
        for s, (row, counted) in enumerate(rows):
            total = 6.0
            for succ in row:
                total += min(map(get, succ))
            new = total / counted
            delta = max(delta, abs(new - v[s]))
            v[s] = new
        if delta < 1e-12:
            break
    tree = idx[arrangement.Arrangement.parse("LMS")]
    return v[tree * n + tree]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--quick", action="store_true", help="skip the slow float baseline")
    args = parser.parse_args(argv)
    r = max(1, args.repeat)
    print(f"Python {sys.version.split()[0]}, median of {r} run(s)\n")

    t_model, model = timed(table_from_model, r, before=cold)
    t_engine, engine = timed(table_from_engine, 1, before=cold)
    same = all(model[ast][a][f] == engine[ast][a][f]
               for ast in model for a in model[ast] for f in FACES)
    print("Move table, 204 arrangements x 6 faces x 2 aim variants")
    print(f"  arrangement model (cold cache)   {t_model * 1000:9.1f} ms")
    print(f"  engine states (reference)        {t_engine * 1000:9.1f} ms"
          f"   model is {t_engine / t_model:5.1f}x faster; tables agree: {same}")
    totals = counting.move_totals(True)
    print("  totals (aim_stack_top=True): " + ", ".join(f"{f} {totals[f]}" for f in FACES))
    print()

    for n in (5, 6):
        t_sym, c_sym = timed(lambda n=n: counting.count_arrangements(n), r)
        t_enum, c_enum = timed(lambda n=n: counting.count_by_enumeration(n), 1,
                               before=line._all.cache_clear)
        print(f"Arrangements of {n} pieces: sympy EGF {t_sym * 1000:8.1f} ms, "
              f"enumeration (reference) {t_enum * 1000:8.1f} ms; {c_sym} vs {c_enum}")
    line._all.cache_clear()  # a million arrangements would slow the GC below
    print()

    for ast in (True, False):
        t_solve, sol = timed(lambda ast=ast: solver.solve("SML", ast), r, before=cold)
        v = sol.start_value()
        print(f"Exact solver, aim_stack_top={ast}: {t_solve:6.2f} s for {sol.positions} "
              f"positions ({sol.classes} classes); start value {float(v):.12f} "
              f"(denominator {len(str(v.denominator))} digits)")
    if not args.quick:
        t_float, fv = timed(float_baseline, 1, before=cold)
        sol = solver.solve("SML", True)
        diff = abs(fv - float(sol.start_value()))
        print(f"Float value iteration, no symmetry (reference): {t_float:6.2f} s; start "
              f"{fv:.12f}; |difference| {diff:.1e}")
    exact = solver.solve("SML", True).start_value()
    print(f"\nExpected rolls from the start, exact: {exact.numerator.bit_length()}-bit / "
          f"{exact.denominator.bit_length()}-bit fraction = {float(exact):.15f}")


if __name__ == "__main__":
    main()
