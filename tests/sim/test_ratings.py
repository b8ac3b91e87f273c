"""Tournament ratings: the Bradley–Terry fit agrees with its closed form where there is
one, orders a transitive field, and a tournament's ladder and plot read it."""

from __future__ import annotations

import math

import matplotlib
import pytest

import treehouse_lab as tl
from treehouse_lab import plots
from treehouse_lab.intervals import z_value
from treehouse_lab.ratings import ELO, SMOOTHING, Pairing, fit

matplotlib.use("Agg")


def logit(p):
    return math.log(p / (1 - p))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_bots_match_the_closed_form(players):
    # One pairing: the fitted strength is the one whose predicted share is the observed
    # (smoothed) share, p = σ(θ − ln m), and its interval is z / sqrt(n·p·(1 − p)).
    games, share = 80, 52.5
    others = players - 1
    a, b = fit(["b", "a"], [Pairing("a", "b", others, games, share)])[::-1]
    n = games + SMOOTHING
    p = (share + SMOOTHING / players) / n
    theta = logit(p) + math.log(others)
    assert b.elo == 0 and b.low == 0 == b.high
    assert a.elo == pytest.approx(ELO * theta, abs=1e-6)
    half = ELO * z_value() / math.sqrt(n * p * (1 - p))
    assert a.high - a.elo == pytest.approx(half, rel=1e-6)
    assert a.elo - a.low == pytest.approx(half, rel=1e-6)


def test_an_even_share_rates_equal():
    r = fit(["x", "y"], [Pairing("x", "y", 2, 90, 30)])
    assert r[1].elo == pytest.approx(0, abs=1e-9)


def test_a_transitive_field_is_ordered_and_a_clean_sweep_stays_finite():
    strengths = {"weak": 0.0, "mid": 1.0, "strong": 2.5}
    pairings = []
    names = list(strengths)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = 1 / (1 + math.exp(strengths[b] - strengths[a]))
            pairings.append(Pairing(a, b, 1, 1000, 1000 * p))
    pairings.append(Pairing("strong", "weak", 1, 50, 50))     # every game won
    r = {x.bot: x for x in fit(names, pairings)}
    assert r["weak"].elo == 0 < r["mid"].elo < r["strong"].elo < math.inf
    assert r["mid"].elo == pytest.approx(ELO * 1.0, rel=0.05)
    assert r["mid"].low < r["mid"].elo < r["mid"].high


@pytest.fixture(scope="module")
def table():
    game = tl.load_game("backyard", players=2)
    return tl.tournament(game, ["random", "greedy"], games=12, seed=3, workers=1,
                         progress=False)


def test_a_tournament_counts_two_player_games_once(table):
    (pairing,) = table.pairings()
    line = table.cells[("random", "greedy")]
    assert (pairing.bot, pairing.against, pairing.games) == ("random", "greedy", 12)
    assert pairing.share == float(line.share)
    ratings = table.ratings()
    assert [r.bot for r in ratings] == ["random", "greedy"] and ratings[0].elo == 0
    assert ratings[1].elo > 0             # greedy beats random in Backyard
    assert "ratings (Bradley–Terry" in table.table() and "greedy" in table.ladder()


def test_ladder_plot(table):
    fig = plots.ladder(table)
    ax = fig.axes[0]
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel() and ax.get_legend()
    assert [t.get_text() for t in ax.get_xticklabels()] == ["random", "greedy"]


def test_a_rung_is_measured_more_tightly_than_the_two_ratings_it_joins():
    from treehouse_lab.ratings import steps

    pairings = [Pairing("mid", "weak", 1, 400, 392), Pairing("top", "weak", 1, 400, 396),
                Pairing("top", "mid", 1, 400, 240)]
    names = ["weak", "mid", "top"]
    r = {x.bot: x for x in fit(names, pairings)}
    low_rung, high_rung = steps(names, pairings)
    assert (low_rung.lower, low_rung.upper) == ("weak", "mid")
    assert (high_rung.lower, high_rung.upper) == ("mid", "top")
    # the first rung is the anchor's: the same as the rating above it
    assert low_rung.elo == pytest.approx(r["mid"].elo)
    assert low_rung.high - low_rung.low == pytest.approx(r["mid"].high - r["mid"].low)
    # the second: the difference of two ratings, whose shared anchor error cancels
    assert high_rung.elo == pytest.approx(r["top"].elo - r["mid"].elo)
    assert high_rung.high - high_rung.low < r["top"].high - r["top"].low
    assert high_rung.low > 0          # 240 of 400 head to head is a real difference


def test_a_run_played_one_way_joins_the_ladder():
    """``including``: a bot played in one seat against another in the others (too slow
    for the whole round robin) gets a rating from that run alone, fitted with the rest."""
    game = tl.load_game("backyard", players=3)
    base = tl.tournament(game, ["random", "greedy"], games=6, seed=3, workers=1,
                         progress=False)
    run = tl.simulate(game, 9, bots=["backyard-runs", "greedy", "greedy"], seed=5,
                      rotate=True, workers=1, progress=False)
    both = base.including(run)
    assert both.bots == ("random", "greedy", "backyard-runs")
    mine = next(line for line in run.by_bot() if line.label == "backyard-runs")
    assert both.cells[("backyard-runs", "greedy")] == mine
    assert ("greedy", "backyard-runs") not in both.cells
    assert both.cells[("random", "greedy")] == base.cells[("random", "greedy")]
    pairing = next(p for p in both.pairings() if p.bot == "backyard-runs")
    assert (pairing.against, pairing.others, pairing.games) == ("greedy", 2, 9)
    assert pairing.share == float(mine.share)
    ratings = {r.bot: r for r in both.ratings()}
    assert ratings["backyard-runs"].games == 9 and math.isfinite(ratings["backyard-runs"].high)
    text = both.table()
    assert "not played" in text and "backyard-runs against greedy, 9 games" in text
    assert base.cells == tl.tournament(game, ["random", "greedy"], games=6, seed=3,
                                       workers=1, progress=False).cells   # not changed
    with pytest.raises(tl.RuleError, match="one bot against one other"):
        base.including(tl.simulate(game, 3, bots=["random", "greedy", "backyard-runs"],
                                   seed=1, workers=1, progress=False))
