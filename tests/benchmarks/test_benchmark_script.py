"""The benchmark script runs and reports every registered game (figures are printed, not
asserted: speed is measured by the script, never by a test)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import treehouse_lab as tl
from treehouse_lab.registry import game_class

ROOT = Path(__file__).resolve().parents[2]


def test_engines_benchmark_reports_every_game_and_player_count() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "engines.py"), "--seconds", "0.05"],
        capture_output=True, text=True, check=True,
    )
    out = run.stdout
    for name in tl.GAMES:
        players = next(o for o in game_class(name).OPTIONS if o.name == "players")
        for n in players.test_values():
            line = re.search(rf"^{name}, {n} players\s+([\d,]+) steps/s", out, re.M)
            assert line, f"no figure for {name} with {n} players in:\n{out}"
            assert int(line.group(1).replace(",", "")) > 0
        for option in game_class(name).OPTIONS:
            if option.is_set() and option.subset_of:
                full = ", ".join(sorted(option.subset_of))
                for n in players.test_values():
                    line = re.search(rf"^{name} \({full}\), {n} players\s+([\d,]+) steps/s",
                                     out, re.M)
                    assert line, f"no figure for {name} with every module ({full}) in:\n{out}"
    if importlib.util.find_spec("pyspiel"):
        assert "OpenSpiel backgammon (C++)" in out and "tic-tac-toe" in out
        for name in tl.GAMES:
            ratio = re.search(rf"^{name}(?: \([a-z, ]+\))?, \d players\s+[\d.]+x tic-tac-toe "
                              rf"\([\d.]+\.\.[\d.]+\)\s+[\d.]+x backgammon\s+"
                              rf"target >= [\d.]+x tic-tac-toe: (met|NOT met)$", out, re.M)
            assert ratio, f"no ratio and target line for {name} in:\n{out}"
    else:
        assert "OpenSpiel is not installed" in out


def test_pyramids_benchmark_prints_each_figure_beside_its_reference() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "pyramids.py"), "--quick", "--repeat", "1"],
        capture_output=True, text=True, check=True,
    )
    out = run.stdout
    assert re.search(r"engine states \(reference\).*tables agree: True", out), out
    counts = re.findall(r"Arrangements of (\d) pieces: .* (\d+) vs (\d+)", out)
    assert counts and all(a == b for _, a, b in counts), out
    assert re.search(r"Exact solver, aim_stack_top=True: .* start value \d+\.\d+", out), out
