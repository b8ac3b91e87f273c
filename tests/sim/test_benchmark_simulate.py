"""benchmarks/simulate.py runs and prints each figure beside its reference (figures are
printed, never asserted: speed is measured by the script, not by a test)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_simulate_benchmark_prints_speed_ups_beside_references() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "simulate.py"), "--quick"],
        capture_output=True, text=True, timeout=600,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert re.search(r"^1 process \(reference\)\s+[\d.]+ s", out, re.M), out
    assert re.search(r"^process pool, 2 workers\s+[\d.]+ s .* speed-up [\d.]+x vs 1 process "
                     r"\(target >= 1\.8x: (met|NOT met); \d+% of the room measured\)$",
                     out, re.M), out
    assert re.search(r"^calibration: 2 processes ran a pure-Python loop [\d.]+x as fast as 1",
                     out, re.M), out
    assert re.search(r"^Dask, 2 workers\s+[\d.]+ s .* [\d.]+x the pool's time \(reference: "
                     r"the pool\), overhead [+-][\d.]+ ms per chunk", out, re.M), out
    assert "identical games from every executor: True" in out
    for name in ("backyard", "magical"):
        assert re.search(rf"^overhead, {name} 3p\s+tl\.simulate [\d.]+x a bare playout loop "
                         r"per game .*target <= 1\.2x: (met|NOT met)\); seeding each game's "
                         r"generators alone [\d.]+x$", out, re.M), out
