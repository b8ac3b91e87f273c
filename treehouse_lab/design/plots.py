"""Plots of the design lab's figures: each figure of a group with its 95% interval (one
colour a variant), each variant's difference from the base with its interval against 0,
and the distribution of a length or of the branching factor.

As :mod:`treehouse_lab.plots` (whose axes, colours and no-matplotlib fallback these use):
matplotlib is optional and imported only when a plot is drawn; each function draws on
``ax`` if given, else on a new figure, and returns the figure.

    from treehouse_lab.design import plots
    plots.differences(comparison, "Outcome")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..plots import COLOURS, axes_for
from .metrics import GROUPS

if TYPE_CHECKING:
    from .compare import Comparison
    from .run import Metrics


# Told apart by what they hold, not by class: Metrics.report and Comparison.report call
# down into the report, which draws these plots, so importing their classes here would
# close an import circle (tests/test_layers.py).
def is_comparison(obj: Any) -> bool:
    """Whether ``obj`` is compare()'s result: variants by label, with differences."""
    return hasattr(obj, "variants") and hasattr(obj, "differences")


def is_metrics(obj: Any) -> bool:
    """Whether ``obj`` is measure()'s result: figures and distributions of one run."""
    return hasattr(obj, "figures") and hasattr(obj, "distributions")


def runs_of(obj: Metrics | Comparison) -> dict[str, Metrics]:
    """Each run of ``obj`` by variant label (one run: the label "")."""
    if is_comparison(obj):
        return obj.variants
    if is_metrics(obj):
        return {"": obj}
    raise TypeError(f"expected the Metrics of measure() or the Comparison of compare(), "
                    f"got {type(obj).__name__}")


def _group(group: str) -> str:
    if group not in GROUPS:
        raise ValueError(f"group must be one of {', '.join(GROUPS)}, got {group!r}")
    return group


def _slanted(ax: Any) -> None:
    if hasattr(ax, "tick_params"):          # matplotlib's axes, not the numbers' stand-in
        ax.tick_params(axis="x", labelrotation=25)
        for text in ax.get_xticklabels():
            text.set_horizontalalignment("right")


def values(obj: Metrics | Comparison, group: str = "Outcome", ax: Any = None) -> Any:
    """Each available figure of ``group`` with its 95% interval, one colour a variant
    side by side: intervals that overlap little are figures the variants change."""
    runs = runs_of(obj)
    group = _group(group)
    first = next(iter(runs.values()))
    names = [n for n in (obj.names() if is_comparison(obj) else list(first.figures))
             if first.group(n) == group
             and any(m.figures.get(n) is not None and m.figures[n].value is not None
                     for m in runs.values())]
    fig, ax = axes_for(ax, (max(6.0, 0.9 * len(names) + 2), 3.8))
    width = 0.7 / max(1, len(runs))
    for i, (label, m) in enumerate(runs.items()):
        xs, ys, los, his = [], [], [], []
        for j, n in enumerate(names):
            f = m.figures.get(n)
            if f is None or f.value is None:
                continue
            xs.append(j + (i - (len(runs) - 1) / 2) * width)
            ys.append(f.value)
            los.append(f.value - f.low)
            his.append(f.high - f.value)
        ax.errorbar(xs, ys, yerr=[los, his], marker="o", linestyle="none", capsize=4,
                    color=COLOURS[i % len(COLOURS)], label=label or "95% interval")
    ax.set_xticks(range(len(names)), [_label(obj, n) for n in names])
    _slanted(ax)
    ax.set_title(f"{first.game}: {group.lower()}, {first.games:,} games"
                 + (" each, same seeds" if len(runs) > 1 else ""))
    ax.set_xlabel("metric")
    ax.set_ylabel("value (95% interval)")
    ax.legend()
    return fig


def differences(comparison: Comparison, group: str = "Outcome", ax: Any = None) -> Any:
    """Each variant's difference from the base, figure by figure of ``group``, with its
    95% interval (paired on the same seeds where the figure is a mean over games): an
    interval that leaves the zero line is a difference these games show."""
    if not is_comparison(comparison):
        raise TypeError(f"expected the Comparison of compare(), got "
                        f"{type(comparison).__name__}")
    group = _group(group)
    names = [n for n in comparison.names() if comparison.group(n) == group
             and any(comparison.differences[lab][n].value is not None
                     for lab in comparison.others)]
    fig, ax = axes_for(ax, (max(6.0, 0.9 * len(names) + 2), 3.8))
    others = comparison.others
    width = 0.6 / max(1, len(others))
    for i, label in enumerate(others):
        xs, ys, los, his = [], [], [], []
        for j, n in enumerate(names):
            d = comparison.differences[label][n]
            if d.value is None or d.low is None or d.high is None:
                continue
            xs.append(j + (i - (len(others) - 1) / 2) * width)
            ys.append(d.value)
            los.append(d.value - d.low)
            his.append(d.high - d.value)
        ax.errorbar(xs, ys, yerr=[los, his], marker="o", linestyle="none", capsize=4,
                    color=COLOURS[(i + 1) % len(COLOURS)],
                    label=f"{label} - {comparison.base}")
    ax.axhline(0.0, color="grey", linestyle="--", label="no difference")
    ax.set_xticks(range(len(names)), [comparison.label(n) for n in names])
    _slanted(ax)
    first = comparison[comparison.base]
    ax.set_title(f"{comparison.game}: {group.lower()}, difference from "
                 f"{comparison.base} ({first.games:,} games each, same seeds)")
    ax.set_xlabel("metric")
    ax.set_ylabel("difference (95% interval)")
    ax.legend()
    return fig


def distribution(obj: Metrics | Comparison, name: str = "moves", ax: Any = None) -> Any:
    """The share of games (or, for ``branching``, of moves) at each value of a length
    (``moves``, ``turns``, ``rounds``) or of the branching factor, one line a variant,
    each mean marked: the spread tells as much as the mean."""
    runs = runs_of(obj)
    fig, ax = axes_for(ax)
    first = next(iter(runs.values()))
    for i, (label, m) in enumerate(runs.items()):
        dist = m.distributions.get(name)
        if dist is None or not dist.counts:
            continue
        colour = COLOURS[i % len(COLOURS)]
        total = dist.n
        mean = float(dist.mean)  # type: ignore[arg-type]
        xs = [v for v, _ in dist.counts]
        ax.plot(xs, [c / total for _, c in dist.counts], color=colour,
                drawstyle="steps-mid", label=f"{label + ': ' if label else ''}mean {mean:.2f}")
        ax.axvline(mean, color=colour, linestyle=":", linewidth=1)
    per = "moves" if name == "branching" else "games"
    ax.set_title(f"{first.game}: {name}, {first.games:,} games"
                 + (" each, same seeds" if len(runs) > 1 else ""))
    ax.set_xlabel("legal choices at a move" if name == "branching" else f"{name} a game")
    ax.set_ylabel(f"share of {per}")
    ax.legend()
    return fig


def _label(obj: Metrics | Comparison, name: str) -> str:
    return obj.label(name)


__all__ = ["differences", "distribution", "values"]
