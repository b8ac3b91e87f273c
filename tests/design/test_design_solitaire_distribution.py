"""The solitaire's exact length distribution under the optimal policy
(``exact.solitaire().move_counts``, the policy's chain stepped forward) against a
simulation of ``pyramids-solo``: the whole distribution, by the Kolmogorov-Smirnov
distance between the simulated and the exact distribution functions (issue 48, item 2:
"the exact distribution of the solitaire's length under the optimal policy")."""

from __future__ import annotations

import math

import pytest

import treehouse_lab as tl
from treehouse_lab.design import exact, measure

GAMES = 3000
#: The Kolmogorov-Smirnov 95% bound on the largest gap between an empirical distribution
#: function of n draws and the true one (conservative for a discrete distribution).
KS95 = 1.358


def ks_distance(observed: dict[int, int], exact_counts: dict[int, float]) -> float:
    n = sum(observed.values())
    gap = seen = want = 0.0
    for k in sorted(set(observed) | set(exact_counts)):
        seen += observed.get(k, 0) / n
        want += exact_counts.get(k, 0.0)
        gap = max(gap, abs(seen - want))
    return gap


@pytest.mark.slow
def test_the_simulated_length_of_the_solitaire_follows_its_exact_distribution():
    game = tl.load_game("pyramids", players=1)
    m = measure(game, GAMES, bots="pyramids-solo", seed=5, workers=1, progress=False)
    observed = dict(m.distributions["moves"].counts)
    assert sum(observed.values()) == GAMES
    s = exact.solitaire("optimal")
    bound = KS95 / math.sqrt(GAMES)
    assert ks_distance(observed, s.move_counts) < bound, (observed, bound)
    # the bound can fail: the rolls' distribution (a vain roll is no move) is far off
    assert ks_distance(observed, s.roll_counts) > 2 * bound
    # the median and the share of the shortest games, one by one
    median = next(k for k, _ in sorted(s.move_counts.items())
                  if sum(p for j, p in s.move_counts.items() if j <= k) >= 0.5)
    assert m.distributions["moves"].quantile(0.5) == median
