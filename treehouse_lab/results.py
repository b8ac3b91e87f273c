"""What a run returns: :class:`Results` (the games of one run and their summary, by seat
and by bot) and :class:`Tournament` (each bot against each other), with the text tables
the command line prints.

The summaries count exactly (wins, win shares as Fractions, point totals) and give 95%
confidence intervals (:mod:`treehouse_lab.intervals`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

from .core.seating import player_name
from .errors import RuleError, quote
from .intervals import CONFIDENCE, Rate, mean_interval
from .ratings import Pairing, Rating, Step, fit, steps
from .seeded_play import GameRow


@dataclass(frozen=True)
class Line:
    """The summary of one seat or one bot: games (or seats played), wins (a shared win
    counts for each winner), win share (a k-way tie is worth 1/k), and points."""

    label: str
    played: int
    wins: int
    share: Fraction
    points: tuple[int, ...] | None

    @property
    def win_rate(self) -> Rate:
        return Rate(self.wins, self.played)

    @property
    def mean_share(self) -> Fraction:
        return self.share / self.played if self.played else Fraction(0)

    @property
    def mean_points(self) -> Fraction | None:
        if not self.points:
            return None
        return Fraction(sum(self.points), len(self.points))

    @property
    def points_interval(self) -> tuple[float, float] | None:
        return None if not self.points else mean_interval(self.points)


# -- a run ----------------------------------------------------------------------------------------

@dataclass
class Results:
    """The games of a run (``rows``, in game order) and their summary.

    ``wins[seat]``, ``win_rate(seat)`` and ``mean_returns`` are kept from the first
    version of ``tl.simulate``; ``seats()`` and ``by_bot()`` give :class:`Line` summaries
    with intervals; ``str(results)`` is the table the command line prints."""

    game: str
    options: dict
    bots: tuple[str, ...]
    seed: int
    rotate: bool
    rows: list[GameRow]
    executor: str = "this process"
    players: int = field(init=False)

    def __post_init__(self) -> None:
        self.players = len(self.bots)

    # -- the original summary ---------------------------------------------------------------
    @property
    def games(self) -> int:
        return len(self.rows)

    @property
    def wins(self) -> Counter:
        """Wins by seat; a shared win counts for each winner."""
        out: Counter = Counter()
        for r in self.rows:
            out.update(r.winners)
        return out

    def win_rate(self, seat: int) -> float:
        return self.wins[seat] / self.games if self.games else 0.0

    @property
    def mean_returns(self) -> list[Fraction]:
        """Each seat's mean win share, exactly."""
        n = self.games or 1
        return [sum((r.returns[p] for r in self.rows), Fraction(0)) / n
                for p in range(self.players)]

    @property
    def measures(self) -> list:
        """What ``measure(final_state)`` returned, game by game."""
        return [r.measure for r in self.rows]

    # -- summaries ----------------------------------------------------------------------------
    def seats(self) -> list[Line]:
        """One line per seat (whatever bot sat there)."""
        lines = []
        for p in range(self.players):
            points = None if not self.rows or self.rows[0].totals is None else tuple(
                r.totals[p] for r in self.rows)  # type: ignore[index]
            lines.append(Line(
                label=player_name(p),
                played=self.games,
                wins=sum(1 for r in self.rows if p in r.winners),
                share=sum((r.returns[p] for r in self.rows), Fraction(0)),
                points=points,
            ))
        return lines

    def by_bot(self) -> list[Line]:
        """One line per bot name, over every seat it played (a bot in two seats of a game
        plays twice): its fair share of wins is 1/players."""
        played: Counter = Counter()
        wins: Counter = Counter()
        share: dict[str, Fraction] = {}
        points: dict[str, list[int]] = {}
        has_points = bool(self.rows) and self.rows[0].totals is not None
        for r in self.rows:
            for p, name in enumerate(r.seats):
                played[name] += 1
                wins[name] += p in r.winners
                share[name] = share.get(name, Fraction(0)) + r.returns[p]
                if has_points:
                    points.setdefault(name, []).append(r.totals[p])  # type: ignore[index]
        order = list(dict.fromkeys(self.bots))
        return [Line(name, played[name], wins[name], share[name],
                     tuple(points[name]) if has_points else None) for name in order]

    def scores(self, seat: int | None = None, bot: str | None = None) -> list[int]:
        """Final point totals: of one seat, of one bot (every seat it played), or of
        every seat of every game."""
        if self.rows and self.rows[0].totals is None:
            raise RuleError(f"{self.game} has no points: see the win rates")
        out = []
        for r in self.rows:
            for p, t in enumerate(r.totals or ()):
                if (seat is None or p == seat) and (bot is None or r.seats[p] == bot):
                    out.append(t)
        return out

    def mean_length(self) -> Fraction:
        return Fraction(sum(r.length for r in self.rows), self.games or 1)

    # -- text ------------------------------------------------------------------------------------
    def table(self) -> str:
        """The summary as a text table: by seat, then by bot when bots differ or move."""
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items()
                         if not (isinstance(v, str) and v.startswith("standard@")))
        lines = [
            f"{self.game} ({opts}): {self.games:,} games, seed {self.seed}, "
            f"bots {', '.join(self.bots)}{' (rotating seats)' if self.rotate else ''}",
            f"run in {self.executor}; {CONFIDENCE:.0%} intervals in brackets",
            "",
        ]
        # Players as the boards name them ("Player 1", the seat numbered 0 in code).
        lines += _line_table("player", self.seats(), self._seat_labels())
        if self.rotate or len(set(self.bots)) > 1:
            lines.append("")
            lines += _line_table("bot", self.by_bot(), None,
                                 fair=f"a fair share is {1 / self.players:.1%}")
        lines.append("")
        lines.append(f"mean length: {float(self.mean_length()):.1f} decisions per game")
        return "\n".join(lines)

    def _seat_labels(self) -> list[str]:
        if self.rotate:
            return [player_name(p) for p in range(self.players)]
        return [f"{player_name(p)} ({b})" for p, b in enumerate(self.bots)]

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (f"<Results {self.game}: {self.games} games, seed {self.seed}, "
                f"bots {', '.join(self.bots)}>")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.table())


def _line_table(what: str, lines: Sequence[Line], labels: Sequence[str] | None,
                fair: str = "") -> list[str]:
    labels = list(labels) if labels is not None else [ln.label for ln in lines]
    width = max(len(what), *(len(x) for x in labels))
    points = lines[0].points is not None if lines else False
    head = f"{what:<{width}}  {'played':>7}  {'wins':>7}  {'win rate':>23}"
    if points:
        head += f"  {'mean points':>24}"
    out = [head + (f"   ({fair})" if fair else "")]
    for label, ln in zip(labels, lines):
        row = f"{label:<{width}}  {ln.played:>7,}  {ln.wins:>7,}  {str(ln.win_rate):>23}"
        if points:
            lo, hi = ln.points_interval  # type: ignore[misc]
            row += f"  {float(ln.mean_points):7.2f} [{lo:6.2f}, {hi:6.2f}]"  # type: ignore[arg-type]
        out.append(row)
    return out


# -- tournaments ----------------------------------------------------------------------------------

@dataclass
class Tournament:
    """Each bot against each other: ``cell[a][b]`` is bot ``a``'s win rate in games where
    it sits in one seat and ``b`` in all the others, seats rotating. In a 2-player game
    that is head to head, and a fair share is 1/2.

    ``ratings()`` sums the table up as one strength per bot (Bradley–Terry, on the Elo
    scale, with 95% intervals: :mod:`treehouse_lab.ratings`), ``ladder()`` prints them
    weakest first, and ``treehouse_lab.plots.ladder`` draws them."""

    game: str
    bots: tuple[str, ...]
    players: int
    games: int
    seed: int
    cells: dict[tuple[str, str], Line]

    def rate(self, bot: str, against: str) -> Rate:
        return self.cells[(bot, against)].win_rate

    def including(self, *runs: Results) -> Tournament:
        """This tournament with more pairings, each from a run of ``tl.simulate`` with
        one bot in one seat and another bot in all the others (seats rotating): how a
        bot too slow for the whole round robin (``mcts`` in Magical Treehouse, where
        three search seats in a game cost three times one) joins the ladder, played one
        way only. The runs' bots join the table in their order; a pairing never played
        shows as "not played", and the ratings are fitted to every pairing there is."""
        cells = dict(self.cells)
        names = list(self.bots)
        for run in runs:
            lines = run.by_bot()
            if len(lines) != 2 or run.players != self.players or run.game != self.game:
                raise RuleError(
                    f"including: a run of {self.game} for {self.players} players with one "
                    f"bot against one other is needed, got {quote(run)}")
            counts = Counter(r for row in run.rows for r in row.seats)
            a, b = sorted(lines, key=lambda ln: counts[ln.label])
            cells[(a.label, b.label)] = a
            if self.players == 2:
                cells[(b.label, a.label)] = b
            names += [n for n in (a.label, b.label) if n not in names]
        return Tournament(self.game, tuple(names), self.players, self.games, self.seed, cells)

    def pairings(self) -> list[Pairing]:
        """The data the ratings are fitted to: one :class:`~treehouse_lab.ratings.Pairing`
        per run (with 2 players the cells (a, b) and (b, a) are the same games, counted
        once)."""
        out = []
        for i, a in enumerate(self.bots):
            for j, b in enumerate(self.bots):
                if a == b or (self.players == 2 and j < i) or (a, b) not in self.cells:
                    continue
                line = self.cells[(a, b)]
                out.append(Pairing(a, b, self.players - 1, line.played, float(line.share)))
        return out

    def ratings(self) -> list[Rating]:
        """Each bot's strength in Elo points above the first bot (fixed at 0), with its
        95% interval, in the tournament's order (sort by ``.elo`` for a ladder)."""
        return fit(self.bots, self.pairings())

    def steps(self) -> list[Step]:
        """Each rung of the ladder: a bot's Elo points above the bot rated just below it,
        with the 95% interval of that difference (a rung whose interval is above 0 is a
        real difference)."""
        return steps(self.bots, self.pairings())

    def ladder(self) -> str:
        """The ratings as text, weakest first, each with its step above the one below."""
        ratings = sorted(self.ratings(), key=lambda r: r.elo)
        rungs = {s.upper: s for s in self.steps()}
        width = max(len(r.bot) for r in ratings)
        out = [f"ratings (Bradley–Terry, Elo points above {self.bots[0]}, "
               f"{CONFIDENCE:.0%} intervals), weakest first, and each one's step above the "
               "one below:"]
        for r in ratings:
            line = (f"  {r.bot:<{width}}  {r.elo:+7.0f}  [{r.low:+7.0f}, {r.high:+7.0f}]"
                    f"   {r.games:,} seats played")
            step = rungs.get(r.bot)
            if step is not None:
                line += f"   step {step.elo:+5.0f} [{step.low:+5.0f}, {step.high:+5.0f}]"
            out.append(line)
        return "\n".join(out)

    def table(self) -> str:
        width = max(len(b) for b in self.bots) + 2
        col = 23
        head = f"{'win rate of ↓ against →':<{max(width, 24)}}" + "".join(
            f"{b:>{col}}" for b in self.bots)
        out = [
            f"{self.game}, {self.players} players: {self.games:,} games a pairing, seed "
            f"{self.seed}, seats rotating; a fair share is {1 / self.players:.1%}; "
            f"{CONFIDENCE:.0%} intervals in brackets",
            "",
            head,
        ]
        for a in self.bots:
            row = f"{a:<{max(width, 24)}}"
            for b in self.bots:
                cell = "—" if a == b else str(self.rate(a, b)) if (a, b) in self.cells \
                    else "not played"
                row += f"{cell:>{col}}"
            out.append(row)
        extra = sorted({line.played for line in self.cells.values()} - {self.games})
        if extra:
            out += ["", "pairings added to the round robin: " + "; ".join(
                f"{a} against {b}, {line.played:,} games"
                for (a, b), line in self.cells.items() if line.played != self.games)]
        out += ["", self.ladder()]
        return "\n".join(out)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"<Tournament {self.game}: {', '.join(self.bots)}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.table())


__all__ = ["Line", "Results", "Tournament"]
