"""compare(): two variants on the same seeds, each metric's difference with its interval.

The known answers come from a constructed game (tests/support/tl_design_variants.py:
HighCard with a handicap, worked out by hand) and from the textbook formulas of the
paired intervals, written out here from their papers (the paired normal interval for a
mean, Newcombe's method 10 for a share), not from the code under test."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
from tl_design_variants import Handicap

import treehouse_lab as tl
from treehouse_lab.design import compare
from treehouse_lab.intervals import mean_interval, wilson, z_value


def run(variants, games=400, game=None, **kw):
    kw.setdefault("bots", "random")
    return compare(game or Handicap(), variants, games, seed=3, workers=1, progress=False,
                   **kw)


@pytest.fixture(scope="module")
def handicap():
    return run({"A": {}, "B": {"bonus": 1}})


def test_a_handicap_shows_its_known_difference(handicap):
    # by hand (tl_design_variants): seat 0's win share goes from 1/2 to 2/9
    assert handicap["A"]["win_share[0]"].contains(1 / 2)
    assert handicap["B"]["win_share[0]"].contains(2 / 9)
    d = handicap.difference("win_share[0]")
    assert d.paired and d.n == 400
    assert d.contains(2 / 9 - 1 / 2) and d.clear
    assert math.isclose(d.value, handicap["B"]["win_share[0]"].value
                        - handicap["A"]["win_share[0]"].value)


def test_a_mean_difference_is_the_paired_interval_of_per_game_differences():
    c = run({"A": {}, "B": {"wild_floor_points": 1}}, games=120,
            game=tl.load_game("backyard", players=3))
    a = [r.trace.score.margin for r in c["A"].results.rows]
    b = [r.trace.score.margin for r in c["B"].results.rows]
    diffs = [y - x for x, y in zip(a, b)]
    lo, hi = mean_interval(diffs)
    d = c.difference("margin:score")
    assert d.paired and d.n == 120
    assert math.isclose(d.value, sum(diffs) / len(diffs))
    assert math.isclose(d.low, lo, abs_tol=1e-9) and math.isclose(d.high, hi, abs_tol=1e-9)
    # narrower than the interval of two independent runs of the same games
    sa = math.sqrt(sum((x - sum(a) / len(a)) ** 2 for x in a) / (len(a) - 1))
    sb = math.sqrt(sum((x - sum(b) / len(b)) ** 2 for x in b) / (len(b) - 1))
    unpaired = z_value() * math.sqrt((sa ** 2 + sb ** 2) / len(a))
    assert hi - lo < 2 * unpaired


def test_a_share_difference_is_newcombes_paired_interval(handicap):
    # Newcombe (1998), method 10, from the 2x2 table of ties in A and in B on each seed
    ta = [len(r.winners) > 1 for r in handicap["A"].results.rows]
    tb = [len(r.winners) > 1 for r in handicap["B"].results.rows]
    n = len(ta)
    both = sum(x and y for x, y in zip(ta, tb))
    only_a = sum(x and not y for x, y in zip(ta, tb))
    only_b = sum(y and not x for x, y in zip(ta, tb))
    neither = n - both - only_a - only_b
    p1, p2 = (both + only_b) / n, (both + only_a) / n        # B's and A's share
    l1, u1 = wilson(both + only_b, n)
    l2, u2 = wilson(both + only_a, n)
    denominator = ((both + only_a) * (only_b + neither) * (both + only_b)
                   * (only_a + neither))
    phi = (both * neither - only_a * only_b) / math.sqrt(denominator)
    delta = p1 - p2
    low = delta - math.sqrt((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    high = delta + math.sqrt((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    d = handicap.difference("ties")
    assert d.paired
    assert math.isclose(d.value, delta)
    assert math.isclose(d.low, low, abs_tol=1e-12) and math.isclose(d.high, high,
                                                                    abs_tol=1e-12)


def test_the_same_variant_twice_differs_by_nothing():
    c = run({"A": {}, "B": {"bonus": 0}}, games=200)
    for name in c.names():
        d = c.difference(name)
        assert d.value == 0 and d.contains(0.0), name
    # a mean over games: identical games on the same seeds, an interval of width 0
    assert c.difference("margin:score").low == c.difference("margin:score").high == 0


def test_figures_counting_different_games_or_no_mean_are_unpaired(handicap):
    # decisiveness counts games with a sole winner, which the bonus changes
    d = handicap.difference("decisiveness:score")
    assert not d.paired
    assert d.n == min(handicap["A"]["decisiveness:score"].n,
                      handicap["B"]["decisiveness:score"].n)
    assert not handicap.difference("balance").paired
    assert handicap.difference("balance").contains(
        handicap["B"]["balance"].value - handicap["A"]["balance"].value)


def test_bad_variants_are_refused_before_any_game(monkeypatch):
    simulate_module = sys.modules["treehouse_lab.simulate"]   # tl.simulate is the function
    played = []
    real = simulate_module.simulate

    def counting(game, games, **kw):
        played.append(games)
        return real(game, games, **kw)

    monkeypatch.setattr(simulate_module, "simulate", counting)
    with pytest.raises(tl.RuleError, match="bonus"):
        run({"A": {}, "B": {"bonus": 7}})
    with pytest.raises(tl.RuleError, match="max_moves"):
        run({"A": {}, "B": {"bonus": 1}}, max_moves=0)
    with pytest.raises(tl.RuleError, match="no-such-bot"):
        run({"A": {}, "B": {"bonus": 1}}, bots="no-such-bot")
    with pytest.raises(tl.RuleError, match="two or more"):
        run({"A": {}})
    with pytest.raises(tl.RuleError, match="players=9"):
        compare("backyard", {"A": {}, "B": {"players": 9}}, 10, progress=False)
    assert not any(played)


def test_the_table_rows_and_report(handicap, tmp_path):
    text = str(handicap)
    assert "B - A" in text and "B: bonus=1" in text
    assert "-0.275" in text or f"{handicap.difference('win_share[0]').value:+.3f}" in text
    rows = handicap.to_rows()
    assert len(rows) == len(handicap.names())
    row = next(r for r in rows if r["metric"] == "win_share[0]")
    assert row["difference"] == handicap.difference("win_share[0]").value
    assert row["paired"] is True and row["n"] == 400
    page = handicap._repr_html_()
    assert page.count("<tr") == len(handicap.names()) + 1
    path = handicap.report(tmp_path / "variants.html")
    html = open(path, encoding="utf-8").read()
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html
    assert "data:image/svg+xml;base64," in html
    assert html.count("<img") >= 5           # values and differences a group, lengths
    assert "Newcombe" in html and "Ludii" in html
    assert "file:" not in html and str(tmp_path) not in html
    # the same run gives the same file
    again = handicap.report(tmp_path / "again.html")
    assert open(again, encoding="utf-8").read() == html


def test_a_single_run_writes_its_report(tmp_path):
    from treehouse_lab.design import measure

    m = measure(Handicap(), 50, seed=1, workers=1, progress=False)
    html = open(m.report(tmp_path / "one.html"), encoding="utf-8").read()
    assert "Design lab: handicap" in html and "data:image/svg+xml;base64," in html
    assert m.label("balance") in html


def test_the_differences_plot_draws_each_difference(handicap):
    from treehouse_lab.design import plots

    fig = plots.differences(handicap, "Outcome")
    ax = fig.axes[0]
    ys = list(ax.containers[0].lines[0].get_ydata())
    want = [handicap.difference(n).value for n in handicap.names()
            if handicap.group(n) == "Outcome" and handicap.difference(n).value is not None]
    assert ys == pytest.approx(want)
    assert len(plots.values(handicap, "Tension").axes[0].containers) == 2   # A and B
    with pytest.raises(ValueError, match="group"):
        plots.values(handicap, "Fun")


def test_the_pool_gives_the_same_comparison():
    game = tl.load_game("backyard", players=3)
    args = dict(games=40, game=game, bots=["greedy", "random", "random"], rotate=True)
    here = run({"A": {}, "B": {"wild_floor_points": 1}}, **args)
    pooled = compare(game, {"A": {}, "B": {"wild_floor_points": 1}}, 40, seed=3,
                     workers=2, progress=False, bots=["greedy", "random", "random"],
                     rotate=True)
    assert pooled["B"].results.executor.startswith("a local process pool")
    assert str(pooled) == str(here) and pooled.to_rows() == here.to_rows()


def test_dask_gives_the_same_comparison():
    import distributed  # the scale extra, part of the test extra

    game = tl.load_game("backyard", players=3)
    here = run({"A": {}, "B": {"min_run": 2}}, games=40, game=game)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = compare(game, {"A": {}, "B": {"min_run": 2}}, 40, seed=3,
                          executor=client, progress=False, bots="random")
    assert on_dask["A"].results.executor.startswith("a Dask cluster")
    assert str(on_dask) == str(here) and on_dask.to_rows() == here.to_rows()


def test_tl_design_loads_only_when_used():
    script = ("import sys, treehouse_lab as tl\n"
              "print('treehouse_lab.design' in sys.modules)\n"
              "compare = tl.design.compare\n"
              "from treehouse_lab.design.compare import compare as direct\n"
              "print(compare is direct)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "True"]
