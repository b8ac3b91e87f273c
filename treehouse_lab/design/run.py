"""One call for a design question: :func:`measure` plays a seeded run of a game and returns
its :class:`Metrics`, every named figure (:mod:`.metrics`) with its 95% interval and number
of games, as a table (``str``, ``_repr_html_``) and as rows for a CSV (``to_rows``).

The games are played by :func:`treehouse_lab.simulate.simulate` itself, with an observer
that records each game's :class:`~.trace.Trace`: so the run is seeded the same way (game
``i`` from ``(seed, i)`` alone), plays in this process, a local pool or on Dask with the
same games, and its rows are the rows ``simulate`` would give for the same arguments.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from ..errors import RuleError, quote
from ..protocol import Game
from ..results import Results
from .estimate import Distribution, Figure
from .metrics import GROUPS, METRICS, decisions, duration, label, outcome, skill, tension
from .trace import Recording


@dataclass
class Metrics:
    """The figures of one run: ``figures`` by name (``"win_share[0]"``, ``"balance"``,
    ``"lead_changes:score"``, ...; :data:`.metrics.METRICS` defines each), the
    ``distributions`` of lengths and branching, the run itself (``results``, its rows
    carrying their traces) and, with ``skill``, the second run (``skill_results``)."""

    game: str
    options: dict
    bots: tuple[str, ...]
    seed: int
    games: int
    players: int
    figures: dict[str, Figure]
    distributions: dict[str, Distribution]
    results: Results
    skill_bots: tuple[str, str] | None = None
    skill_results: Results | None = None
    value: str = ""
    notes: list[str] = field(default_factory=list)

    def __getitem__(self, name: str) -> Figure:
        return self.figures[name]

    def label(self, name: str) -> str:
        """What a figure is called in the table ("win share of Player 1")."""
        base, _, series = name.partition(":")
        base, _, seat = base.partition("[")
        words = {"series": "by points" if series == "score" else f"by {self.value or 'value'}"}
        if seat:
            from ..core.seating import player_name

            words["seat"] = player_name(int(seat.rstrip("]")))
        if self.skill_bots:
            words["strong"], words["weak"] = self.skill_bots
        return label(base, **words)

    def group(self, name: str) -> str:
        return METRICS[name.partition(":")[0].partition("[")[0]].group

    def to_rows(self) -> list[dict[str, Any]]:
        """One dict a figure, for a CSV: game, metric, label, group, value, low, high, n,
        exact, note (n/a figures have empty values and say why)."""
        rows = []
        for name, fig in self.figures.items():
            rows.append({"game": self.game, "metric": name, "label": self.label(name),
                         "group": self.group(name), "value": fig.value, "low": fig.low,
                         "high": fig.high, "n": fig.n,
                         "exact": None if fig.exact is None else str(fig.exact),
                         "note": fig.why})
        return rows

    def _lines(self) -> list[tuple[str, str, str, str]]:
        """(group, label, value with interval, n) per figure, in the table's order."""
        out = []
        for group in GROUPS:
            for name, fig in self.figures.items():
                if self.group(name) != group:
                    continue
                if fig.value is None:
                    text = fig.why
                else:
                    text = f"{_num(fig.value)} [{_num(fig.low)}, {_num(fig.high)}]"
                    if fig.exact is not None:
                        text += f"  exact {fig.exact}"
                out.append((group, self.label(name), text, str(fig.n)))
        return out

    def _title(self) -> str:
        return (f"{self.game}: {self.games} games, seed {self.seed}, bots "
                f"{', '.join(self.bots)}")

    def __str__(self) -> str:
        lines = [self._title(), "95% intervals; n = games counted"]
        width = max((len(lab) for _, lab, _, _ in self._lines()), default=10)
        last = None
        for group, lab, text, n in self._lines():
            if group != last:
                lines.append(f"-- {group}")
                last = group
            lines.append(f"  {lab:<{width}}  {text}  (n={n})")
        for name, dist in self.distributions.items():
            qs = dist.quantiles()
            lines.append(f"  {name} quantiles: " + ", ".join(
                f"{int(q * 100)}%: {v}" for q, v in qs.items()))
        lines.extend(self.notes)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        parts = [f"<table class='tl-design'><caption>{esc(self._title())} (95% intervals)"
                 "</caption><thead><tr><th>group</th><th>metric</th><th>value [95%]</th>"
                 "<th>n</th></tr></thead><tbody>"]
        for group, lab, text, n in self._lines():
            parts.append(f"<tr><td>{esc(group)}</td><td>{esc(lab)}</td><td>{esc(text)}</td>"
                         f"<td>{esc(n)}</td></tr>")
        parts.append("</tbody></table>")
        return "".join(parts)

    def report(self, path: Any) -> str:
        """Write the run as one self-contained HTML file (the table, its plots inside,
        the definitions; :mod:`.report`). Returns the path written."""
        from .report import write_report

        return write_report(self, path)


def _num(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.3f}" if abs(x) < 100 else f"{x:.1f}"


def measure(game: Game, games: int = 1000, bots: Any = None, seed: int = 0, *,
            workers: int | None = None, executor: Any = None, rotate: bool = False,
            max_moves: int | None = None, value: Any = None, by_points: bool = True,
            skill_bots: tuple[str, str] | None = None, schedule: Any = None,
            progress: bool = True) -> Metrics:
    """Play ``games`` seeded games of ``game`` and measure them.

    * ``bots``, ``seed``, ``rotate``, ``schedule``, ``workers``, ``executor`` (a
      ``concurrent.futures`` executor or a Dask ``distributed.Client``), ``progress``: as
      for :func:`treehouse_lab.simulate.simulate`, which plays the games.
    * ``max_moves``: a game still going after this many moves stops, a timeout (default:
      the game's own end).
    * ``value``: a value estimate read after every turn for the tension figures "by
      value" (off by default, as it costs an evaluation a turn): ``"points"`` for the
      estimate the ``greedy`` bot plays by (the game's own ``GREEDY_POINTS``, else its
      points), or a function of the state giving each seat's value, defined in a module.
    * ``by_points``: read each seat's points after every round for the tension figures
      "by points" (True by default; False makes them n/a and the run cheaper where
      ``scores()`` is dear: with random bots it is about a third of the run's cost in
      Backyard and Magical Treehouse).
    * ``skill_bots``: ``(stronger, weaker)`` bot names; a second run of ``games`` games on
      the same seed with the stronger bot in one seat, rotating, gives the skill and luck
      figures.

    Where a solver covers the configuration and the bots (two-player Treehouse played
    perfectly, the solitaire played optimally), figures carry ``exact``, the solver's
    value (:mod:`.exact`).
    """
    from ..simulate import simulate

    if max_moves is not None and (isinstance(max_moves, bool) or not isinstance(max_moves, int)
                                  or max_moves < 1):
        raise RuleError(f"max_moves must be a whole number >= 1 or None, got {quote(max_moves)}")
    if value is not None and value != "points" and not callable(value):
        raise RuleError("value must be None, 'points' or a function of the state, got "
                        f"{quote(value)}")
    if skill_bots is not None:
        if (not isinstance(skill_bots, (tuple, list)) or len(skill_bots) != 2
                or not all(isinstance(b, str) for b in skill_bots)
                or skill_bots[0] == skill_bots[1]):
            raise RuleError("skill_bots must be two different bot names (stronger, weaker), "
                            f"got {quote(skill_bots)}")
    recording = Recording(max_moves=max_moves, scores=bool(by_points), value=value)
    common = dict(seed=seed, workers=workers, executor=executor, progress=progress,
                  schedule=schedule)
    results = simulate(game, games, bots=bots, rotate=rotate, observer=recording,
                       **common)  # type: ignore[arg-type]
    rows = results.rows
    traces = [r.trace for r in rows]
    players = game.players
    figures = dict(outcome(rows, traces, players))
    dists: dict[str, Distribution] = {}
    for part in (duration(traces), decisions(traces)):
        figures.update(part[0])
        dists.update(part[1])
    if by_points:
        figures.update(tension(traces, "score", players))
    if value is not None:
        figures.update(tension(traces, "value", players))
    skill_results = None
    if skill_bots is not None:
        strong, weak = skill_bots
        skill_results = simulate(game, games, bots=[strong] + [weak] * (players - 1),
                                 rotate=True, **common)  # type: ignore[arg-type]
        figures.update(skill(skill_results.rows, strong, players))
    value_name = "" if value is None else ("points estimate" if value == "points"
                                           else getattr(value, "__name__", "value"))
    metrics = Metrics(game.name, dict(game.options), results.bots, seed, games, players,
                      figures, dists, results,
                      None if skill_bots is None else (skill_bots[0], skill_bots[1]),
                      skill_results, value_name)
    from .exact import attach  # the solvers' values, where they cover this run

    return attach(metrics, game, max_moves)


__all__ = ["Metrics", "measure"]
