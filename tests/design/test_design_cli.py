"""``python -m treehouse_lab design``: writes the report and the CSV; bad arguments are
refused with a one-line message before anything runs, and nothing is written."""

from __future__ import annotations

import csv
import math
import subprocess
import sys

import pytest


def design(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "treehouse_lab", "design", *args],
                          capture_output=True, text=True, cwd=cwd, timeout=300)


def test_a_comparison_writes_its_report_and_csv(tmp_path):
    out, table = tmp_path / "report.html", tmp_path / "metrics.csv"
    done = design("backyard", "--players", "2", "--compare", "wild_floor_points=1",
                  "--games", "30", "--workers", "1", "--no-progress", "--seed", "2",
                  "--out", str(out), "--csv", str(table))
    assert done.returncode == 0, done.stderr
    assert "wild_floor_points=1 - wild_floor_points=0" in done.stdout
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "data:image/svg+xml;base64," in page
    assert "wild_floor_points=1" in page
    with open(table, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    metrics = {r["metric"]: r for r in rows}
    assert {"balance", "moves", "win_share[0]", "lead_changes:score"} <= set(metrics)
    share = metrics["win_share[0]"]
    assert share["n"] == "30" and share["paired"] == "True"
    assert math.isclose(float(share["difference"]),
                        float(share["variant_value"]) - float(share["base_value"]))
    assert float(share["difference_low"]) <= float(share["difference"]) \
        <= float(share["difference_high"])


def test_a_single_configuration_writes_its_csv(tmp_path):
    table = tmp_path / "one.csv"
    done = design("backyard", "--option", "min_run=2", "--games", "12", "--workers", "1",
                  "--no-progress", "--csv", str(table))
    assert done.returncode == 0, done.stderr
    assert "backyard: 12 games" in done.stdout
    with open(table, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    moves = next(r for r in rows if r["metric"] == "moves")
    assert moves["n"] == "12" and float(moves["low"]) <= float(moves["value"])
    assert not (tmp_path / "report.html").exists()


@pytest.mark.parametrize("args, says", [
    (["--option", "players=9"], "players=9"),
    (["--compare", "no_such_option=1"], "no_such_option"),
    (["--compare", "wild_floor_points=0"], "--compare: these options change nothing"),
    (["--bots", "no-such-bot"], "no-such-bot"),
    (["--skill", "greedy"], "--skill: expected two bots"),
    (["--max-moves", "0"], "--max-moves"),
    (["--games", "0"], "--games"),
    (["--workers", "0"], "--workers"),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "not allowed with"),
    (["--out", "{tmp}"], "is a folder"),
    (["--csv", "{tmp}/missing/m.csv"], "the folder of"),
    (["--out", "{tmp}/same", "--csv", "{tmp}/same"], "the same file"),
    # checked before the cluster is reached: the option's error, not the address's
    (["--option", "players=9", "--scheduler", "tcp://127.0.0.1:1"], "players=9"),
])
def test_bad_arguments_are_refused_before_anything_runs(tmp_path, args, says):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    outputs = [] if {"--out", "--csv"} & set(args) else \
        ["--out", str(tmp_path / "r.html"), "--csv", str(tmp_path / "m.csv")]
    done = design("backyard", "--games", "20", "--no-progress", *outputs, *args)
    assert done.returncode == 2
    assert done.stdout == ""                        # no table: nothing was played
    last = done.stderr.strip().splitlines()[-1]
    assert "error:" in last and says in last, done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []           # nothing written
