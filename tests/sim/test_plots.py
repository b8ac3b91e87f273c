"""Every plot has a title, axis labels and a legend, draws what it is given, and
matplotlib is imported only when a plot is drawn (it is the optional plot extra)."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction

import matplotlib  # the plot extra (in the lab extra the test run installs)
import pytest

import treehouse_lab as tl
from treehouse_lab import plots

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def results():
    game = tl.load_game("backyard", players=3)
    return tl.simulate(game, 30, bots=["greedy", "random", "random"], seed=1, workers=1,
                       progress=False)


def labelled(fig):
    ax = fig.axes[0]
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    legend = ax.get_legend()
    assert legend is not None and legend.get_texts()
    return ax


def test_score_distribution(results):
    ax = labelled(plots.score_distribution(results))
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts[0].startswith("greedy (mean ") and texts[1].startswith("random (mean ")
    steps = ax.get_lines()[0].get_ydata()
    assert abs(sum(steps) - 1) < 1e-9          # shares of games add up to 1
    labelled(plots.score_distribution(results, by="seat"))


def test_win_rates_by_seat_and_bot(results):
    ax = labelled(plots.win_rates(results))
    heights = [p.get_height() for p in ax.patches]
    assert heights == [float(ln.win_rate) for ln in results.seats()]
    ax = labelled(plots.win_rates(results, by="bot"))
    assert [t.get_text() for t in ax.get_xticklabels()] == ["greedy", "random"]
    with pytest.raises(ValueError):
        plots.win_rates(results, by="colour")


def test_variant_effect():
    runs = {v: tl.simulate(tl.load_game("backyard", players=2, wild_floor_points=v), 20,
                           bots=["greedy", "random"], seed=3, workers=1, progress=False)
            for v in (0, 2)}
    ax = labelled(plots.variant_effect(runs, "wild_floor_points", measure="mean points"))
    assert "wild_floor_points" in ax.get_title() and ax.get_xlabel() == "wild_floor_points"
    labelled(plots.variant_effect(runs, "wild_floor_points", by="bot"))


def test_convergence_to_an_exact_value():
    samples = [1, 0, 0, 1, 1, 0, 1, 0] * 25
    ax = labelled(plots.convergence(samples, Fraction(1, 2), label="heads"))
    running = ax.get_lines()[0].get_ydata()
    assert len(running) == 200 and running[-1] == 0.5
    assert any("1/2" in t.get_text() for t in ax.get_legend().get_texts())


def test_matplotlib_is_imported_only_to_draw():
    code = ("import sys, treehouse_lab.plots, treehouse_lab.simulate; "
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


def test_bracket_plot():
    from treehouse_lab.simulate import Rate, exact_bracket

    game = tl.load_game("pyramids", players=2)
    brackets = exact_bracket(game, "pyramids-solo", 6)
    ax = labelled(plots.bracket(brackets, seat=0, estimate=Rate(30, 60)))
    assert ax.get_ylim() == (0.0, 1.0)


def test_without_matplotlib_a_plot_prints_its_numbers(monkeypatch, results):
    """The offline browser site has no matplotlib: a plotting cell shows the figure's
    numbers with a one-line note instead of failing (issue 11)."""
    import builtins

    from treehouse_lab import plots

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.split(".")[0] == "matplotlib":
            raise ImportError("no matplotlib here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    fig = plots.convergence([1, 0, 1, 1, 0, 1], Fraction(2, 3), label="wins")
    text = repr(fig)
    assert text.startswith(plots.FigureNumbers.NOTE)
    assert "band" in text and "0.6667" in text
    fig = plots.win_rates(results, by="bot")
    assert "bars" in repr(fig) and "categories:" in repr(fig)


def test_players_are_named_as_on_the_boards(results):
    """Plots say "Player 1..n" where the boards do, never "seat 0" (issue 18)."""
    ax = plots.win_rates(results).axes[0]
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert ticks == ["Player 1\ngreedy", "Player 2\nrandom", "Player 3\nrandom"]
    assert ax.get_xlabel() == "player" and "by player" in ax.get_title()
    legend = plots.score_distribution(results, by="seat").axes[0].get_legend()
    assert legend.get_title().get_text() == "player"
    assert [t.get_text().split(" (")[0] for t in legend.get_texts()] == [
        "Player 1", "Player 2", "Player 3"]
    from treehouse_lab.simulate import exact_bracket

    brackets = exact_bracket(tl.load_game("pyramids", players=2), "pyramids-solo", 2)
    assert plots.bracket(brackets, seat=1).axes[0].get_title().startswith("Player 2's ")
