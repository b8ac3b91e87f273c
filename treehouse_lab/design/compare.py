"""Variants side by side: :func:`compare` plays two (or more) configurations of a game on
the same seeds and gives each metric's difference with its 95% interval, paired on the
games where the metric is a mean over games.

Why the same seeds: game ``i`` of every variant is seeded from ``(seed, i)`` alone, so the
bots draw from the same random streams and the deals start from the same seed. Whatever
the variants share (often most of a game) then moves the same way in both, and the
difference of a figure varies less from game to game than either figure does: a paired
interval is narrower than one that treats the two runs as independent, for the same
games.

How each difference gets its interval: by the MOVER method ("method of variance estimates
recovery", Zou and Donner, "Construction of confidence limits about effect measures: a
general approach", Statistics in Medicine 27, 2008), which builds the interval of a
difference from each variant's own interval and the correlation ``r`` of the two
variants' per-game values, over the games both count:

    low  = d - sqrt((b - l_b)^2 + (u_a - a)^2 - 2 r (b - l_b)(u_a - a))
    high = d + sqrt((u_b - b)^2 + (a - l_a)^2 - 2 r (u_b - b)(a - l_a))

for the difference ``d = b - a`` of figures ``a`` (interval ``[l_a, u_a]``) and ``b``.

* A mean over games (moves, branching, lead changes, ...) has the normal interval, and
  there MOVER is exactly the paired interval: the mean of the per-game differences on the
  same seed ± 1.96 s_d/√n (``tests/design/test_design_compare.py`` checks it).
* A share of games (win shares, ties, comebacks, ...) has Wilson's interval, and there
  MOVER is Newcombe's paired interval ("Improved confidence intervals for the difference
  between binomial proportions based on paired data", Statistics in Medicine 17, 1998,
  method 10), ``r`` being the phi coefficient of the paired outcomes: it stays sensible
  for shares near 0 or 1, where the normal interval collapses.
* Where the two variants do not count the same games (a comeback counts only games with
  a sole winner, which an option may change), or the figure is not a mean over games
  (balance: a largest gap between seats), the runs are combined as independent (``r =
  0``) and the row says "unpaired". Such an interval is wider than a paired one would be
  when the variants' games go the same way, as they do on the same seeds.

The per-game values come from the metrics' own definitions (:mod:`.metrics`): a figure
that is a mean over games is, over a single game, that game's value; so nothing here
defines a metric a second time.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from ..errors import RuleError, quote
from ..protocol import Game
from .estimate import Figure
from .metrics import GROUPS, decisions, duration, outcome, skill, tension
from .run import Metrics, measure

#: Figures that are no mean over games, whatever their values happen to be.
NOT_PER_GAME = frozenset({"balance"})


@dataclass(frozen=True)
class Difference:
    """One metric's difference between a variant and the base, ``variant - base``:
    ``value`` with its 95% interval ``[low, high]``, over ``n`` games (paired: the games
    both count; unpaired: the fewer of the two counts). ``paired`` says whether the
    interval uses the games' pairing (see the module's docstring). ``value`` is None when
    either figure is n/a (``why`` says why). ``exact`` is the difference of two exact
    values, where both have one."""

    name: str
    value: float | None
    low: float | None
    high: float | None
    n: int
    paired: bool = False
    why: str = ""
    exact: Fraction | None = None

    def contains(self, x: float) -> bool:
        return self.low is not None and self.high is not None and self.low <= x <= self.high

    @property
    def clear(self) -> bool:
        """Whether the interval leaves 0 out: a difference these games show."""
        return self.value is not None and not self.contains(0.0)


def per_game(m: Metrics) -> dict[str, list[float | None]]:
    """Each figure's value in each game of the run (None where the game does not count
    for it), for the figures that are means over games: the metric functions applied to
    one game at a time. Figures that are not (:data:`NOT_PER_GAME`, or any whose per-game
    values do not average to the figure) are left out."""
    players = m.players
    series = [s for s in ("score", "value") if f"lead_changes:{s}" in m.figures]
    out: dict[str, list[float | None]] = {}

    def record(i: int, total: int, figures: Mapping[str, Figure]) -> None:
        for name, fig in figures.items():
            out.setdefault(name, [None] * total)[i] = fig.value

    rows = m.results.rows
    for i, row in enumerate(rows):
        trace = row.trace
        figs = dict(outcome([row], [trace], players))
        figs.update(duration([trace])[0])
        figs.update(decisions([trace])[0])
        for s in series:
            figs.update(tension([trace], s, players))
        record(i, len(rows), figs)
    if m.skill_results is not None and m.skill_bots is not None:
        srows = m.skill_results.rows
        for i, row in enumerate(srows):
            record(i, len(srows), skill([row], m.skill_bots[0], players))
    for name in list(out):
        fig = m.figures.get(name)
        values = [v for v in out[name] if v is not None]
        if (name in NOT_PER_GAME or fig is None or fig.value is None
                or len(values) != fig.n or not values
                or not math.isclose(sum(values) / len(values), fig.value,
                                    rel_tol=1e-9, abs_tol=1e-12)):
            del out[name]
    return out


def correlation(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation of paired values (the phi coefficient for 0/1 outcomes); 0
    where either is constant, as Newcombe does."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return 0.0
    return max(-1.0, min(1.0, sxy / math.sqrt(sxx * syy)))


def mover(base: Figure, other: Figure, r: float) -> tuple[float, float]:
    """The interval of ``other - base`` from their own intervals and the correlation of
    their estimates (Zou and Donner's MOVER; Newcombe's method 10 for shares)."""
    assert None not in (base.value, base.low, base.high, other.value, other.low, other.high)
    a, la, ua = base.value, base.low, base.high
    b, lb, ub = other.value, other.low, other.high
    d = b - a  # type: ignore[operator]
    down_b, up_a = b - lb, ua - a  # type: ignore[operator]
    up_b, down_a = ub - b, a - la  # type: ignore[operator]
    low = d - math.sqrt(max(0.0, down_b ** 2 + up_a ** 2 - 2 * r * down_b * up_a))
    high = d + math.sqrt(max(0.0, up_b ** 2 + down_a ** 2 - 2 * r * up_b * down_a))
    return low, high


def difference(name: str, base: Figure | None, other: Figure | None,
               base_games: list[float | None] | None,
               other_games: list[float | None] | None) -> Difference:
    """``other - base`` for one figure; paired when both give per-game values for the
    same games."""
    if base is None or other is None:
        return Difference(name, None, None, None, 0,
                          why="n/a: only one variant has this figure")
    if base.value is None or other.value is None:
        why = base.why if base.value is None else other.why
        return Difference(name, None, None, None, min(base.n, other.n), why=why)
    exact = (other.exact - base.exact
             if base.exact is not None and other.exact is not None else None)
    paired = False
    r = 0.0
    n = min(base.n, other.n)
    if base_games is not None and other_games is not None \
            and len(base_games) == len(other_games) \
            and all((x is None) == (y is None) for x, y in zip(base_games, other_games)):
        pairs = [(x, y) for x, y in zip(base_games, other_games) if x is not None]
        paired = bool(pairs)
        r = correlation([float(x) for x, _ in pairs], [float(y) for _, y in pairs])  # type: ignore[arg-type]
        n = len(pairs)
    low, high = mover(base, other, r)
    return Difference(name, other.value - base.value, low, high, n, paired, exact=exact)


@dataclass
class Comparison:
    """Two or more variants of a game played on the same seeds: each one's
    :class:`Metrics` (``variants``, by label, the first being the base), the options
    each was given (``changes``) and, for every other variant, each figure's
    :class:`Difference` from the base (``differences[label][name]``)."""

    game: str
    variants: dict[str, Metrics]
    changes: dict[str, dict[str, Any]]
    differences: dict[str, dict[str, Difference]]

    @property
    def base(self) -> str:
        return next(iter(self.variants))

    @property
    def others(self) -> list[str]:
        return list(self.variants)[1:]

    def __getitem__(self, label: str) -> Metrics:
        return self.variants[label]

    def difference(self, name: str, label: str | None = None) -> Difference:
        """``name``'s difference between ``label`` (default: the second variant) and the
        base."""
        return self.differences[label or self.others[0]][name]

    def names(self) -> list[str]:
        """Every figure's name, in the table's order (by group, the base's order first)."""
        seen: list[str] = []
        for m in self.variants.values():
            seen += [n for n in m.figures if n not in seen]
        first = self.variants[self.base]

        def group(name: str) -> int:
            return GROUPS.index(first.group(name))
        return sorted(seen, key=lambda n: (group(n), seen.index(n)))

    def label(self, name: str) -> str:
        for m in self.variants.values():
            if name in m.figures:
                return m.label(name)
        return name

    def group(self, name: str) -> str:
        return self.variants[self.base].group(name)

    def _title(self) -> str:
        m = self.variants[self.base]
        return (f"{self.game}: {', '.join(self.variants)} on the same {m.games} seeds "
                f"(seed {m.seed}), bots {', '.join(m.bots)}")

    def settings(self) -> list[str]:
        """The options all variants share, then each variant's own."""
        options = {label: m.options for label, m in self.variants.items()}
        first = options[self.base]
        shared = {k: v for k, v in first.items()
                  if all(k in o and o[k] == v for o in options.values())}
        lines = ["options of every variant: " + (", ".join(
            f"{k}={v!r}" for k, v in shared.items()) or "none in common")]
        for label, opts in options.items():
            own = {k: v for k, v in opts.items() if k not in shared}
            lines.append(f"{label}: " + (", ".join(f"{k}={v!r}" for k, v in own.items())
                                         or "no other option"))
        return lines

    def _cells(self, name: str) -> list[str]:
        cells = []
        for m in self.variants.values():
            fig = m.figures.get(name)
            cells.append("-" if fig is None else _figure_text(fig))
        for label in self.others:
            cells.append(_difference_text(self.differences[label][name]))
        return cells

    def _header(self) -> list[str]:
        return [*self.variants, *(f"{label} - {self.base}" for label in self.others)]

    def __str__(self) -> str:
        lines = [self._title(), *self.settings(),
                 "95% intervals; differences paired on the same seeds unless marked "
                 "'unpaired'"]
        names = self.names()
        width = max((len(self.label(n)) for n in names), default=10)
        widths = [max(len(h), *(len(self._cells(n)[i]) for n in names))
                  for i, h in enumerate(self._header())]
        lines.append(("  " + " " * width + "  " + "  ".join(
            h.ljust(w) for h, w in zip(self._header(), widths))).rstrip())
        last = None
        for name in names:
            group = self.group(name)
            if group != last:
                lines.append(f"-- {group}")
                last = group
            lines.append(f"  {self.label(name):<{width}}  " + "  ".join(
                c.ljust(w) for c, w in zip(self._cells(name), widths)).rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(h)}</th>" for h in self._header())
        parts = [f"<table class='tl-design'><caption>{esc(self._title())} (95% intervals; "
                 "differences paired on the same seeds unless marked 'unpaired')</caption>"
                 f"<thead><tr><th>group</th><th>metric</th>{head}</tr></thead><tbody>"]
        for name in self.names():
            cells = self._cells(name)
            tds = "".join(f"<td>{esc(c)}</td>" for c in cells)
            strong = any(self.differences[lab][name].clear for lab in self.others)
            attr = " class='tl-clear'" if strong else ""
            parts.append(f"<tr{attr}><td>{esc(self.group(name))}</td>"
                         f"<td>{esc(self.label(name))}</td>{tds}</tr>")
        parts.append("</tbody></table>")
        return "".join(parts)

    def to_rows(self) -> list[dict[str, Any]]:
        """One dict a figure and variant other than the base, for a CSV: the figure in
        both variants and their difference (its interval, games, paired or not)."""
        rows = []
        base = self.variants[self.base]
        for label in self.others:
            other = self.variants[label]
            for name in self.names():
                d = self.differences[label][name]
                a, b = base.figures.get(name), other.figures.get(name)
                rows.append({
                    "game": self.game, "metric": name, "label": self.label(name),
                    "group": self.group(name), "base": self.base, "variant": label,
                    "base_value": _v(a, "value"), "base_low": _v(a, "low"),
                    "base_high": _v(a, "high"), "base_n": _v(a, "n"),
                    "variant_value": _v(b, "value"), "variant_low": _v(b, "low"),
                    "variant_high": _v(b, "high"), "variant_n": _v(b, "n"),
                    "difference": d.value, "difference_low": d.low,
                    "difference_high": d.high, "n": d.n, "paired": d.paired,
                    "exact": None if d.exact is None else str(d.exact), "note": d.why})
        return rows

    def report(self, path: Any) -> str:
        """Write the comparison as one self-contained HTML file (table, plots inside,
        definitions): see :mod:`.report`. Returns the path written."""
        from .report import write_report

        return write_report(self, path)


def _v(fig: Figure | None, attr: str) -> Any:
    return None if fig is None else getattr(fig, attr)


def _num(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.3f}" if abs(x) < 100 else f"{x:.1f}"


def _figure_text(fig: Figure) -> str:
    if fig.value is None:
        return "n/a"
    return f"{_num(fig.value)} [{_num(fig.low)}, {_num(fig.high)}]"


def _difference_text(d: Difference) -> str:
    if d.value is None:
        return "n/a"
    text = f"{d.value:+.3f} [{_num(d.low)}, {_num(d.high)}]"
    if not d.paired:
        text += " unpaired"
    if d.exact is not None:
        text += f" exact {d.exact}"
    return text


def variant_games(game: Game | str, variants: Mapping[str, Mapping[str, Any]]
                  ) -> dict[str, Game]:
    """Each variant's game: ``game``'s options (a name: the defaults) with the variant's
    changes. Every variant is loaded before any game is played, so a bad option is
    refused at once."""
    from ..registry import load_game_from

    if not isinstance(variants, Mapping) or len(variants) < 2:
        raise RuleError("compare: variants must map two or more labels to options, e.g. "
                        f"{{'A': {{}}, 'B': {{'players': 3}}}}, got {quote(variants)}")
    out: dict[str, Game] = {}
    for label, changes in variants.items():
        if not isinstance(label, str) or not label:
            raise RuleError(f"compare: a variant's label must be a non-empty string, got "
                            f"{quote(label)}")
        if not isinstance(changes, Mapping):
            raise RuleError(f"compare: variant {quote(label, 30)}: options must be a "
                            f"mapping of option names to values, got {quote(changes)}")
        if isinstance(game, Game):
            odd = [k for k in changes if not isinstance(k, str)]
            if odd:
                raise RuleError(f"compare: variant {quote(label, 30)}: option names are "
                                f"strings, got {quote(odd[0], 30)}")
            out[label] = type(game)(**{**game.options, **changes})
        elif isinstance(game, str):
            out[label] = load_game_from(game, dict(changes))
        else:
            raise RuleError(f"compare: expected a game's name or a game from tl.load_game, "
                            f"got {quote(game)}")
    return out


def compare(game: Game | str, variants: Mapping[str, Mapping[str, Any]],
            games: int = 1000, bots: Any = None, seed: int = 0, *,
            workers: int | None = None, executor: Any = None, rotate: bool = False,
            max_moves: int | None = None, value: Any = None, by_points: bool = True,
            skill_bots: tuple[str, str] | None = None, schedule: Any = None,
            progress: bool = True) -> Comparison:
    """Play every variant of ``game`` on the same ``games`` seeds and compare them.

    ``game`` is a game's name or a configured game; ``variants`` maps a label to the
    options that variant changes (``{"A": {}, "B": {"save_the_bees": True}}``), the first
    being the base every other is compared with. The other arguments are
    :func:`~.run.measure`'s, the same for every variant. Everything is checked (options,
    bots, arguments) before any game is played.

        c = compare("diner", {"plain": {}, "bees": {"save_the_bees": True}}, games=2000)
        print(c)                      # both variants and their difference, by metric
        c.difference("moves")         # a Difference: value, low, high, n, paired
        c.report("bees.html")         # one HTML file with the plots inside
    """
    from ..seeded_play import check_count

    made = variant_games(game, variants)
    check_count(games)
    common = dict(rotate=rotate, max_moves=max_moves, value=value, by_points=by_points,
                  skill_bots=skill_bots, schedule=schedule)
    for g in made.values():
        # No games: measure's and simulate's own checks of every argument, for every
        # variant, before the first game of the first variant is played.
        measure(g, 0, bots, seed, workers=1, progress=False, **common)
    runs = {label: measure(g, games, bots, seed, workers=workers, executor=executor,
                           progress=progress, **common)
            for label, g in made.items()}
    name = next(iter(made.values())).name
    labels = list(runs)
    base = runs[labels[0]]
    base_games = per_game(base)
    diffs: dict[str, dict[str, Difference]] = {}
    partial = Comparison(name, runs, {k: dict(v) for k, v in variants.items()}, {})
    for label in labels[1:]:
        other = runs[label]
        other_games = per_game(other)
        diffs[label] = {n: difference(n, base.figures.get(n), other.figures.get(n),
                                      base_games.get(n), other_games.get(n))
                        for n in partial.names()}
    partial.differences = diffs
    return partial


__all__ = ["NOT_PER_GAME", "Comparison", "Difference", "compare", "correlation",
           "difference", "mover", "per_game", "variant_games"]
