"""Figures tests measure and print (never assert): timings of the offline site, Voila and
the browser, gathered for one summary at the end of the run.

Why a module of its own: under pytest-xdist the tests run in worker processes, and a
worker's terminal summary is never shown. So each worker hands its figures to the
controller when it finishes (``pytest_sessionfinish`` in the root conftest puts them in
xdist's ``workeroutput``), and the controller, which prints the summary, merges them
(``pytest_testnodedown``). A serial run prints its own.
"""

from __future__ import annotations

#: name -> value (seconds, ms, MiB, a list of timings or of hosts): plain values only, as
#: they cross from a worker to the controller.
FIGURES: dict[str, object] = {}

TITLE = "JupyterLite and Voila figures (measured, not asserted)"


def lines() -> list[str]:
    """The summary's lines, in the order the figures were recorded."""
    return [f"{name:52s} {value}" for name, value in FIGURES.items()]
