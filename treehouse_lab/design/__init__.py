"""The design lab: named metrics of a game, a configuration and a seating of bots, each
with its 95% interval and its number of games (docs/design-lab.md).

    import treehouse_lab as tl
    from treehouse_lab.design import measure
    m = measure(tl.load_game("backyard", players=3), games=2000, bots="greedy", seed=1)
    print(m)                    # the table
    m["balance"]                # a Figure: value, low, high, n
    m.to_rows()                 # rows for a CSV

Parts, one idea each: :mod:`.trace` (what one game records), :mod:`.estimate` (figures,
intervals, distributions), :mod:`.metrics` (the named metrics, their definitions and
sources), :mod:`.run` (``measure`` and its result), :mod:`.compare` (variants on the same
seeds, ``compare``), :mod:`.plots` and :mod:`.report` (one HTML file to share). Loaded
only when used (``tl.design`` imports it on first use).
"""

from __future__ import annotations

from .compare import Comparison, Difference, compare
from .estimate import Distribution, Figure
from .metrics import METRICS, Metric
from .restrict import Restriction, restricted
from .run import Metrics, measure
from .trace import Recording, Standing, Trace

__all__ = ["METRICS", "Comparison", "Difference", "Distribution", "Figure", "Metric",
           "Metrics", "Recording", "Restriction", "Standing", "Trace", "compare", "measure",
           "restricted"]
