"""Shared fixtures and the suite's hygiene. Test helpers shared by several folders live in
tests/support (on pytest's ``pythonpath``): the toy games and the conformance harness.

The suite leaves nothing in the checkout: no bytecode (here and in every process it
starts, through ``PYTHONDONTWRITEBYTECODE``), no Hypothesis database, and, checked at the
end of the session, no new file that ``git status --ignored`` would show.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import tl_toygame as toygame

sys.dont_write_bytecode = True
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"

try:
    from hypothesis import settings
    from hypothesis.configuration import set_hypothesis_home_dir
except ImportError:  # pragma: no cover - hypothesis comes with the test extra
    pass
else:
    # No example database, and Hypothesis's other caches (it keeps constants found in the
    # code under test) outside the checkout.
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    set_hypothesis_home_dir(cache / "treehouse-lab" / "hypothesis")
    settings.register_profile("treehouse-lab", database=None)
    settings.load_profile("treehouse-lab")

ROOT = Path(__file__).resolve().parents[1]


def _checkout_status() -> set[str] | None:
    """Every untracked, ignored or changed path under the checkout, or None outside git."""
    try:
        run = subprocess.run(
            ["git", "status", "--porcelain", "--ignored", "--untracked-files=all"],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if run.returncode != 0:
        return None
    return set(run.stdout.splitlines())


def _is_xdist_worker(config: pytest.Config) -> bool:
    """True in a pytest-xdist worker process (the controller and a plain run are not)."""
    return hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    # Under xdist only the controller looks: it starts before the first worker and finishes
    # after the last, while a worker's look would race the other workers' temporary files.
    if not _is_xdist_worker(session.config):
        session.config._tl_checkout_before = _checkout_status()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if the tests left files in the checkout (issue 6, defect 10)."""
    before = getattr(session.config, "_tl_checkout_before", None)
    after = _checkout_status()
    if before is None or after is None:
        return
    new = sorted(after - before)
    if new:
        shown = "\n  ".join(new[:20])
        sys.stderr.write(f"\nThe tests left files in the checkout:\n  {shown}\n")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def playwright():
    """One Playwright driver for the whole session, shared by the JupyterLab, Voila and
    JupyterLite browser tests: its sync API runs an event loop, and a second driver started
    while the first lives is refused ("Sync API inside the asyncio loop")."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game reachable through ``tl.load_game("toyrace")`` for one test."""
    from treehouse_lab import registry

    monkeypatch.setitem(registry._REGISTRY, "toyrace", "tl_toygame:ToyGame")
    return toygame
