"""Plots of simulation results: score distributions, win rates by seat and by bot, how a
variant option moves them, and estimates converging to an exact value.

matplotlib is the optional ``plot`` extra (the offline JupyterLite site cannot install
it), so it is imported inside each function, never at module level. Each function draws
on ``ax`` if given (to combine plots) or on a new figure, gives the plot a title, axis
labels and a legend, and returns the figure: the last expression of a notebook cell
shows it in JupyterLab, Voila and Binder alike.

    from treehouse_lab import plots
    plots.win_rates(results, by="bot")
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping, Sequence

from .core.seating import player_name
from .simulate import Line, Results, mean_interval

#: What a plot calls its groups: ``by="seat"`` groups by where a player sat, and students
#: read players as "Player 1..n" on the boards, so the plots do too.
AXIS = {"seat": "player", "bot": "bot"}

COLOURS = ("#3b7dd8", "#d8543b", "#4fa34a", "#c9a227", "#8a56c2", "#3bb5b0")


def _axes(ax: Any, size: tuple[float, float] = (7, 3.6)) -> tuple[Any, Any]:
    """(figure, axes): the given axes' figure, or a new figure that pyplot does not keep
    (so a notebook shows it once, as the cell's value). Without matplotlib (the offline
    browser site cannot have it) the "figure" is a :class:`FigureNumbers`: the same calls
    record the numbers, and the cell shows them in a table instead of failing."""
    if ax is not None:
        return ax.figure, ax
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        fig = FigureNumbers()
        return fig, fig.axes
    fig, ax = plt.subplots(figsize=size)
    plt.close(fig)
    return fig, ax


def axes_for(ax: Any = None, size: tuple[float, float] = (7, 3.6)) -> tuple[Any, Any]:
    """(figure, axes) for a plot drawn elsewhere in the package (the design lab's), with
    this module's rules: see :func:`_axes`."""
    return _axes(ax, size)


def _numbers(values: Any) -> list[str]:
    if isinstance(values, (int, float, Fraction)):
        values = [values]
    out = []
    for v in list(values):
        if isinstance(v, (list, tuple)):
            out.append("/".join(_numbers(v)))
        else:
            out.append(f"{float(v):.4g}" if isinstance(v, (float, Fraction)) else str(v))
    return out


class _NumbersAxes:
    """Records what a plotting function draws (the subset of matplotlib's Axes that
    this module uses) so :class:`FigureNumbers` can print it."""

    def __init__(self, figure: FigureNumbers) -> None:
        self.figure = figure
        self.title = self.xlabel = self.ylabel = ""
        self.series: list[tuple[str, str]] = []
        self.ticks: list[str] = []

    def _add(self, kind: str, label: Any, **parts: Any) -> None:
        text = "; ".join(f"{k} " + ", ".join(_numbers(v)) for k, v in parts.items())
        self.series.append((f"{kind} {label}" if label else kind, text))

    def plot(self, xs: Any, ys: Any, label: str = "", **_: Any) -> None:
        self._add("line", label, x=xs, y=ys)

    def bar(self, xs: Any, heights: Any, label: str = "", yerr: Any = None, **_: Any) -> None:
        self._add("bars", label, height=heights, **({"error": yerr} if yerr is not None else {}))

    def errorbar(self, xs: Any, ys: Any, yerr: Any = None, label: str = "", **_: Any) -> None:
        self._add("points", label, x=xs, y=ys,
                  **({"error": list(zip(*yerr))} if yerr is not None else {}))

    def fill_between(self, xs: Any, lo: Any, hi: Any, label: str = "", **_: Any) -> None:
        self._add("band", label, low=lo, high=hi)

    def axhline(self, y: Any, label: str = "", **_: Any) -> None:
        self._add("level", label, y=y)

    def axvline(self, x: Any, label: str = "", **_: Any) -> None:
        self._add("mark", label, x=x)

    def axhspan(self, lo: Any, hi: Any, label: str = "", **_: Any) -> None:
        self._add("span", label, low=lo, high=hi)

    def set_title(self, text: str) -> None:
        self.title = text

    def set_xlabel(self, text: str) -> None:
        self.xlabel = text

    def set_ylabel(self, text: str) -> None:
        self.ylabel = text

    def set_xticks(self, ticks: Any, labels: Any = None) -> None:
        if labels is not None:
            self.ticks = [str(t) for t in labels]

    def set_xscale(self, *_: Any, **__: Any) -> None:
        """Only the look of the axis: nothing to record."""

    def set_ylim(self, *_: Any, **__: Any) -> None:
        """Only the look of the axis: nothing to record."""

    def legend(self, *_: Any, **__: Any) -> None:
        """The labels are printed with each series."""


class FigureNumbers:
    """What a plot shows, as text, where matplotlib is not installed."""

    NOTE = ("matplotlib is not installed here (the offline browser site cannot have it): "
            "the figure's numbers instead.")

    def __init__(self) -> None:
        self.axes = _NumbersAxes(self)

    def __repr__(self) -> str:
        ax = self.axes
        lines = [self.NOTE, ax.title or "(untitled)", f"  x: {ax.xlabel}; y: {ax.ylabel}"]
        if ax.ticks:
            lines.append("  categories: " + ", ".join(ax.ticks))
        lines += [f"  {name}: {text}" for name, text in ax.series]
        return "\n".join(lines)


def score_distribution(results: Results, by: str = "bot", ax: Any = None) -> Any:
    """How often each final point total came up, one line per bot (or per seat), with
    each mean marked: the spread tells as much as the mean."""
    fig, ax = _axes(ax)
    groups = _groups(results, by)
    lo = min(min(v) for v in groups.values())
    hi = max(max(v) for v in groups.values())
    for i, (label, values) in enumerate(groups.items()):
        counts = [0] * (hi - lo + 1)
        for v in values:
            counts[v - lo] += 1
        colour = COLOURS[i % len(COLOURS)]
        xs = list(range(lo, hi + 1))
        ax.plot(xs, [c / len(values) for c in counts], color=colour, drawstyle="steps-mid",
                label=f"{label} (mean {sum(values) / len(values):.1f})")
        ax.axvline(sum(values) / len(values), color=colour, linestyle=":", linewidth=1)
    ax.set_title(f"{results.game}: final points, {results.games:,} games")
    ax.set_xlabel("points at the end of the game")
    ax.set_ylabel("share of games")
    ax.legend(title=AXIS[by])
    return fig


def _groups(results: Results, by: str) -> dict[str, list[int]]:
    if by == "bot":
        return {ln.label: results.scores(bot=ln.label) for ln in results.by_bot()}
    if by == "seat":
        return {player_name(p): results.scores(seat=p) for p in range(results.players)}
    raise ValueError(f"by must be 'bot' or 'seat', got {by!r}")


def win_rates(results: Results, by: str = "seat", ax: Any = None) -> Any:
    """Win rates with 95% intervals, by seat or by bot, against the fair share
    1/players: a bar whose interval misses the line is a real difference."""
    fig, ax = _axes(ax)
    if by == "seat":
        lines: Sequence[Line] = results.seats()
        labels = [player_name(p) + ("" if results.rotate else f"\n{results.bots[p]}")
                  for p in range(results.players)]
    elif by == "bot":
        lines = results.by_bot()
        labels = [ln.label for ln in lines]
    else:
        raise ValueError(f"by must be 'seat' or 'bot', got {by!r}")
    _bars(ax, labels, lines, COLOURS[0], "win rate")
    ax.axhline(1 / results.players, color="grey", linestyle="--",
               label=f"fair share, 1/{results.players}")
    ax.set_title(f"{results.game}: win rate by {AXIS[by]}, {results.games:,} games")
    ax.set_xlabel(AXIS[by])
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.legend()
    return fig


def _bars(ax: Any, labels: Sequence[str], lines: Sequence[Line], colour: str, label: str,
          offset: float = 0.0, width: float = 0.6) -> None:
    rates = [float(ln.win_rate) for ln in lines]
    errors = [[r - ln.win_rate.interval[0] for r, ln in zip(rates, lines)],
              [ln.win_rate.interval[1] - r for r, ln in zip(rates, lines)]]
    xs = [i + offset for i in range(len(lines))]
    ax.bar(xs, rates, width=width, color=colour, yerr=errors, capsize=4, label=label)
    ax.set_xticks(range(len(labels)), labels)


def variant_effect(runs: Mapping[Any, Results], option: str, measure: str = "win rate",
                   by: str = "seat", ax: Any = None) -> Any:
    """How one option moves the results: ``runs`` maps each value of ``option`` to the
    results of a run with it (same seed and bots, so the deals are the same). ``measure``
    is ``"win rate"`` or ``"mean points"``, one line per seat or bot, with 95%
    intervals."""
    fig, ax = _axes(ax)
    values = list(runs)
    first = runs[values[0]]
    keys = ([player_name(p) for p in range(first.players)] if by == "seat"
            else [ln.label for ln in first.by_bot()])
    for i, key in enumerate(keys):
        ys, los, his = [], [], []
        for v in values:
            lines = runs[v].seats() if by == "seat" else runs[v].by_bot()
            ln = lines[keys.index(key)]
            if measure == "win rate":
                y, (lo, hi) = float(ln.win_rate), ln.win_rate.interval
            elif measure == "mean points":
                if ln.mean_points is None:
                    raise ValueError(f"{first.game} has no points: use measure='win rate'")
                y, (lo, hi) = float(ln.mean_points), ln.points_interval
            else:
                raise ValueError(f"measure must be 'win rate' or 'mean points', got "
                                 f"{measure!r}")
            ys.append(y)
            los.append(y - lo)
            his.append(hi - y)
        xs = [j + (i - (len(keys) - 1) / 2) * 0.06 for j in range(len(values))]
        ax.errorbar(xs, ys, yerr=[los, his], marker="o", capsize=4,
                    color=COLOURS[i % len(COLOURS)], label=key)
    if measure == "win rate":
        ax.axhline(1 / first.players, color="grey", linestyle="--", label="fair share")
    ax.set_xticks(range(len(values)), [str(v) for v in values])
    ax.set_title(f"{first.game}: {measure} as {option} changes ({first.games:,} games each)")
    ax.set_xlabel(option)
    ax.set_ylabel(f"{measure} (95% interval)")
    ax.legend(title=AXIS[by])
    return fig


def convergence(samples: Sequence[float | int | Fraction], exact: Fraction | float,
                label: str = "estimate", ax: Any = None, log: bool = True) -> Any:
    """The law of large numbers on one picture: the running mean of ``samples`` after
    each one, its 95% band, and the ``exact`` value it must close in on."""
    fig, ax = _axes(ax)
    means, los, his = [], [], []
    total = 0.0
    total_sq = 0.0
    for n, x in enumerate(samples, start=1):
        x = float(x)
        total += x
        total_sq += x * x
        m = total / n
        means.append(m)
        if n > 1:
            var = max(0.0, (total_sq - n * m * m) / (n - 1))
            half = 1.96 * math.sqrt(var / n)
        else:
            half = float("nan")
        los.append(m - half)
        his.append(m + half)
    ns = range(1, len(means) + 1)
    ax.fill_between(ns, los, his, color=COLOURS[0], alpha=0.2, label="95% interval")
    ax.plot(ns, means, color=COLOURS[0], label=f"running mean ({label})")
    ax.axhline(float(exact), color=COLOURS[1], linestyle="--",
               label=f"exact value {_exact_text(exact)}")
    if log:
        ax.set_xscale("log")
    ax.set_title(f"{label}: the running mean closes in on the exact value")
    ax.set_xlabel("samples so far" + (" (log scale)" if log else ""))
    ax.set_ylabel(label)
    ax.legend()
    return fig


def bracket(brackets: Sequence[Any], seat: int = 0, estimate: Any = None,
            label: str = "win share", ax: Any = None) -> Any:
    """Exact bounds closing in on a value (``simulate.exact_bracket``): the lower and upper
    bound of ``seat``'s win share after each number of steps, with a simulation's estimate
    and its 95% interval (a :class:`~treehouse_lab.simulate.Rate`) beside them."""
    fig, ax = _axes(ax)
    steps = [b.steps for b in brackets]
    low = [float(b.low[seat]) for b in brackets]
    high = [float(b.high(seat)) for b in brackets]
    ax.fill_between(steps, low, high, color=COLOURS[0], alpha=0.25, step="post",
                    label="exact bounds")
    ax.plot(steps, low, color=COLOURS[0], drawstyle="steps-post")
    ax.plot(steps, high, color=COLOURS[0], drawstyle="steps-post")
    if estimate is not None:
        lo, hi = estimate.interval
        ax.axhspan(lo, hi, color=COLOURS[1], alpha=0.2,
                   label=f"simulation, 95% interval ({estimate.trials:,} games)")
        ax.axhline(float(estimate), color=COLOURS[1], linestyle="--",
                   label=f"simulation estimate {float(estimate):.3f}")
    ax.set_ylim(0, 1)
    ax.set_title(f"{player_name(seat)}'s {label}: exact bounds close in as more steps are "
                 "followed")
    ax.set_xlabel("steps of the game followed exactly (chance and moves)")
    ax.set_ylabel(label)
    ax.legend()
    return fig


def ladder(tournament: Any, ax: Any = None) -> Any:
    """A tournament's ratings (``Tournament.ratings()``), weakest first: each bot's Elo
    points above the first bot with its 95% interval. Two bots whose intervals overlap
    much are not told apart by this many games."""
    fig, ax = _axes(ax)
    ratings = sorted(tournament.ratings(), key=lambda r: r.elo)
    xs = list(range(len(ratings)))
    ys = [r.elo for r in ratings]
    errors = [[r.elo - r.low for r in ratings], [r.high - r.elo for r in ratings]]
    ax.errorbar(xs, ys, yerr=errors, marker="o", linestyle="none", capsize=5,
                color=COLOURS[0], label="rating (95% interval)")
    ax.axhline(0, color="grey", linestyle="--", label=f"{tournament.bots[0]} (anchor, 0)")
    ax.set_xticks(xs, [r.bot for r in ratings])
    ax.set_title(f"{tournament.game}, {tournament.players} players: strength ladder, "
                 f"{tournament.games:,} games a pairing")
    ax.set_xlabel("bot")
    ax.set_ylabel(f"Elo points above {tournament.bots[0]}")
    ax.legend()
    return fig


def first_player_advantage(variants: Mapping[str, Mapping[str, Sequence[float]]],
                           marks: Sequence[str] = ("LMS", "<L S M>"), ax: Any = None) -> Any:
    """Two-player Treehouse solved (``solver.solve_two_player``): for each variant (a label
    mapped to ``{house_start: (low, high)}``, the first player's certified win interval
    from every starting House), the first player's advantage (win chance minus 1/2) over
    all starting Houses, sorted, with the Houses in ``marks`` marked. The intervals are
    narrower than a line (1e-12): the plot shows their middles."""
    fig, ax = _axes(ax)
    for i, (label, starts) in enumerate(variants.items()):
        colour = COLOURS[i % len(COLOURS)]
        ranked = sorted(starts, key=lambda h: sum(starts[h]))
        ys = [sum(starts[h]) / 2 - 0.5 for h in ranked]
        ax.plot(range(len(ys)), ys, color=colour, label=label)
        for h, marker in zip(marks, "os^Dv"):
            if h in starts:
                x = ranked.index(h)
                ax.errorbar([x], [ys[x]], marker=marker, color=colour, linestyle="none",
                            label=f"{label}: House {h}")
    ax.axhline(0.0, color="grey", linestyle="--", label="fair (no advantage)")
    ax.set_title("first player's advantage under perfect play, by starting House")
    ax.set_xlabel("starting House (all arrangements, sorted by the advantage)")
    ax.set_ylabel("win chance minus 1/2")
    ax.legend()
    return fig


def _exact_text(exact: Fraction | float) -> str:
    if isinstance(exact, Fraction) and exact.denominator < 10_000:
        return f"{exact} ≈ {float(exact):.4f}"
    return f"≈ {float(exact):.4f}"


def running_interval(samples: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean of all ``samples`` (the band's last width)."""
    return mean_interval(list(samples))


__all__ = ["axes_for", "bracket", "convergence", "first_player_advantage", "ladder",
           "running_interval", "score_distribution", "variant_effect", "win_rates"]
