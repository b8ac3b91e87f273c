"""benchmarks/bots.py times one decision of each bot and prints it beside the reference
(figures are printed, never asserted: speed is measured by the script, not by a test)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bots_benchmark_prints_a_line_per_game_and_bot() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bots.py"), "--positions", "2",
         "--games", "backyard,pyramids", "--bots", "random,greedy,backyard-runs"],
        capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert re.search(r"^reference: (50,000 steps of OpenSpiel tic-tac-toe .* take \d+ ms|"
                     r"OpenSpiel is not installed)", out, re.M), out
    rows = re.findall(r"^(backyard|pyramids), (\d) players\s+(\S+)\s+[\d.]+\s+[\d.]+", out, re.M)
    assert [(g, b) for g, _, b in rows] == [("backyard", "random"), ("backyard", "greedy"),
                                           ("backyard", "backyard-runs"),
                                           ("pyramids", "random"), ("pyramids", "greedy")]
