"""The suite's sharing among xdist workers (the root ``conftest.py``): what must stay
together stays on one worker, and the long groups are handed out first."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _root_conftest():
    spec = importlib.util.spec_from_file_location("tl_root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_notebooks_cells_share_a_group_and_notebooks_do_not():
    group = _root_conftest().xdist_group
    a0, a5 = group("notebooks/treehouse.ipynb::Cell 0"), group("notebooks/treehouse.ipynb::Cell 5")
    b0 = group("notebooks/start.ipynb::Cell 0")
    assert a0 == a5
    assert a0[1] != b0[1]
    # The solutions notebooks (teacher/, collected by nbval too) likewise.
    s0 = group("teacher/treehouse-exercises-solutions.ipynb::Cell 0")
    assert s0 == group("teacher/treehouse-exercises-solutions.ipynb::Cell 7")
    assert s0[1] not in (a0[1], b0[1])


def test_the_browser_and_the_offline_site_tests_are_one_group_each_and_first():
    group = _root_conftest().xdist_group
    lab = {group(f"tests/browser/{f}::t[x]") for f in ("test_jupyterlab.py", "test_text_sizes.py")}
    lite = {group(f"tests/lite/{f}::t") for f in ("test_lite_site.py", "test_voila.py")}
    assert len(lab) == 1 and len(lite) == 1 and lab != lite
    other = group("tests/core/test_match.py::test_x")
    assert max(r for r, _ in lab | lite) < other[0]


def test_a_file_is_a_group_and_a_long_test_is_a_group_of_its_own():
    conftest = _root_conftest()
    group = conftest.xdist_group
    duel = "tests/games/pyramids/test_pyramids_duel.py"
    assert group(f"{duel}::test_a") == group(f"{duel}::test_b[1]")
    fresh = group(f"{duel}::test_shipped_table_matches_a_fresh_solve")
    house = group(f"{duel}::test_shipped_house_analysis_matches_a_fresh_solve")
    assert len({fresh, house, group(f"{duel}::test_a")}) == 3
    assert fresh[0] < group(f"{duel}::test_a")[0]
    for long in conftest.LONG_ALONE:  # every name still names a collected test or file
        path = long.split("::")[0]
        assert (ROOT / path).is_file(), path
        name = long.split("::")[1]
        assert not name or f"def {name}(" in (ROOT / path).read_text(), long


@pytest.mark.slow
def test_two_workers_run_each_file_on_one_worker():
    """A real two-worker run: every test of a file reports from the same worker (xdist's
    own loadgroup, under pytest 9.2, would spread them: it ignores our grouping)."""
    pytest.importorskip("xdist")
    files = ["tests/core/test_chance.py", "tests/core/test_counting.py"]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "2",
            "--dist",
            "loadgroup",
            "--no-loadscope-reorder",
            "-v",
            *files,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    workers = defaultdict(set)
    for worker, nodeid in re.findall(r"^\[(gw\d+)\] \[ *\d+%\] PASSED (\S+)", run.stdout, re.M):
        workers[nodeid.split("::")[0]].add(worker)
    assert set(workers) == set(files), run.stdout[-3000:]
    assert all(len(w) == 1 for w in workers.values()), dict(workers)


@pytest.mark.slow
def test_figures_measured_in_a_worker_reach_the_summary(tmp_path):
    """Figures recorded in xdist workers (``tl_figures``: the offline site's timings) are
    printed by the controller at the end; a worker's own summary is never shown."""
    pytest.importorskip("xdist")
    (tmp_path / "test_figure.py").write_text(
        "import pytest\n"
        "from tl_figures import FIGURES\n\n"
        "@pytest.mark.parametrize('n', [1, 2, 3, 4])\n"
        "def test_record(n):\n"
        "    FIGURES[f'figure {n} (s)'] = n / 10\n")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests" / "support")])}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-p", "conftest",
         "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    summary = run.stdout.split("JupyterLite and Voila figures (measured, not asserted)", 1)
    assert len(summary) == 2, run.stdout[-3000:]
    for n in (1, 2, 3, 4):
        assert re.search(rf"^figure {n} \(s\) +{n / 10}$", summary[1], re.M), summary[1]
