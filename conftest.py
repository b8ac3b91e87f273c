"""How the suite is shared among pytest-xdist workers (``tools/test-all`` runs
``-n 2 --dist loadgroup``; CI has two cores).

Some tests must stay together on one worker, in collection order:

- a notebook's cells (nbval): they run in order in one kernel;
- ``tests/browser``: one JupyterLab and Voila server for all of them (session fixtures);
- ``tests/lite``: one built JupyterLite site;
- a test module: its module- and session-scoped fixtures and its cached played matches are
  then built on one worker, not once per worker.

So a test's group is its folder for those two folders, else its file, and the few tests
that run for minutes alone are groups of their own, handed out first with the two folders:
the longest work starts first and the two workers finish together.

Why a scheduler of our own rather than ``xdist_group`` marks: pytest-xdist 3.8's loadgroup
reads the marks by appending ``@group`` to ``item._nodeid``, which pytest 9.2 no longer
reads (a node's id is ``item._id``), so the marks are silently ignored and a notebook's
cells are spread over both workers. Grouping by node id in the controller needs no marks.
This lives in the root conftest so that it is loaded whatever paths pytest is given.

The root conftest also prints the figures tests measure (``tests/support/tl_figures.py``:
the offline site's and Voila's timings) once, in the controller: a worker's own terminal
summary is never shown, so each worker hands its figures over when it finishes.
"""

from __future__ import annotations

import pytest

#: Folders whose tests share an expensive session fixture: one group each, first.
ONE_GROUP_FOLDERS = ("tests/lite", "tests/browser")

#: Tests (or a file, ending in ``::``) that run a minute or more alone: one group each, next.
LONG_ALONE = (
    "tests/games/pyramids/test_pyramids_duel.py::test_shipped_table_matches_a_fresh_solve",
    "tests/games/pyramids/test_pyramids_duel.py::test_shipped_house_analysis_matches_a_fresh_solve",
    "tests/packaging/test_binder.py::",
)


def xdist_group(nodeid: str) -> tuple[int, str]:
    """The group of the test ``nodeid`` and its rank in the hand-out order (lower first)."""
    path = nodeid.split("::", 1)[0]
    for rank, folder in enumerate(ONE_GROUP_FOLDERS):
        if path.startswith(folder + "/"):
            return rank, folder
    for long in LONG_ALONE:
        if nodeid.startswith(long):
            return len(ONE_GROUP_FOLDERS), long.rstrip(":")
    return len(ONE_GROUP_FOLDERS) + 1, path


def _grouping(config: pytest.Config) -> bool:
    """True under ``--dist loadgroup``: in the controller ``dist`` says so; in a worker
    xdist has reset ``dist`` to "no" and set ``loadgroup``."""
    return config.getoption("dist", "no") == "loadgroup" or bool(
        getattr(config.option, "loadgroup", False)
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In each worker, put the long groups first (a stable sort: within a group the
    collection order stays, and every worker sorts the same, as xdist requires). The
    controller hands groups out in this order (``--no-loadscope-reorder``). A serial run
    keeps the collected order."""
    if hasattr(config, "workerinput") and _grouping(config):
        items.sort(key=lambda item: xdist_group(item.nodeid)[0])


@pytest.hookimpl(optionalhook=True)  # the hook exists only with pytest-xdist loaded
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Under ``--dist loadgroup``: xdist's scope scheduler, with our groups as scopes."""
    if not _grouping(config):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        """Hands out whole groups (see the module docstring); a worker runs a group's tests
        in collection order."""

        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid)[1]

    return GroupScheduling(config, log)


# -- figures measured by tests, printed once at the end (tests/support/tl_figures.py) ------

def pytest_sessionfinish(session: pytest.Session) -> None:
    """In an xdist worker: hand this worker's figures to the controller."""
    out = getattr(session.config, "workeroutput", None)
    if out is not None:
        from tl_figures import FIGURES

        out["tl_figures"] = dict(FIGURES)


@pytest.hookimpl(optionalhook=True)  # an xdist hook
def pytest_testnodedown(node, error) -> None:
    """In the controller: a worker finished; keep its figures for the summary."""
    from tl_figures import FIGURES

    FIGURES.update(getattr(node, "workeroutput", {}).get("tl_figures", {}))


def pytest_terminal_summary(terminalreporter) -> None:
    from tl_figures import FIGURES, TITLE, lines

    if FIGURES:
        terminalreporter.section(TITLE)
        for line in lines():
            terminalreporter.write_line(line)
