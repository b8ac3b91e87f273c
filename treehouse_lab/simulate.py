"""Seeded simulation at any scale: one game or a million, on one core, a process pool or a
Dask cluster, with the same results.

Why seeding per game: game *i* draws from generators keyed to ``(seed, i)`` alone (one for
chance, one per seat for its bot, one for who is quicker in a real-time phase), never from
a stream shared with other games. So a run can be cut into chunks, sent anywhere and
gathered in any order, and every game comes out the same; ``rows[17]`` of a run on a
cluster is ``rows[17]`` of the same run on a laptop. Separate chance and bot streams also
mean that two runs with the same seed deal the same cards whatever the bots do (in games
where play does not change what chance offers, like Backyard's deck), which makes
comparisons of bots or rule variants sharper (common random numbers).

    import treehouse_lab as tl
    game = tl.load_game("backyard", players=3)
    results = tl.simulate(game, bots=["greedy", "random", "random"], games=2000, seed=1)
    print(results)                      # the summary table, with confidence intervals
    results.rows[0]                     # one game: scores, winners, length, seats

The summary counts exactly (wins, win shares as Fractions, point totals) and gives 95%
confidence intervals: Wilson's interval for a win rate, the normal one for a mean.
"""

from __future__ import annotations

import atexit
import math
import os
import random
import sys
import time
import types
import warnings
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from .bots import ask_bot, bot_name, make_bot, takes_player
from .core.chance import sample_outcome
from .errors import IllegalActionError, RuleError, clip, quote
from .protocol import Game, State
from .schedules import resolve_schedule

if TYPE_CHECKING:  # pragma: no cover - imported when a run needs them
    from concurrent.futures import Executor, ProcessPoolExecutor

#: Seeds are whole numbers of at most 63 bits, as for a ``Match``.
SEED_LIMIT = 2**63
#: A default run first plays this long in this process, to see how long it will take...
PROBE_SECONDS = 0.3
#: ...and moves to worker processes only if the rest would take longer than this.
POOL_WORTH_SECONDS = 2.0
#: The confidence level of every interval shown.
CONFIDENCE = 0.95
MAX_STEPS = 100_000


# -- one game ----------------------------------------------------------------------------------

def game_rng(seed: int, index: int, purpose: str) -> random.Random:
    """The generator game ``index`` of a run seeded ``seed`` uses for ``purpose``
    (``"chance"``, ``"seat0"``, ``"seat1"``, ..., ``"schedule"``): a pure function of the
    three, so the game is the same wherever and whenever it is played."""
    return random.Random(f"{seed}/{index}/{purpose}")


@dataclass(frozen=True)
class GameRow:
    """One finished game of a run.

    ``seats[p]`` is the name of the bot that played seat ``p`` (with ``rotate=True`` the
    bots change seats from game to game); ``scores`` is ``scores()`` at the end (None for
    a game without points); ``length`` counts the players' decisions, ``steps`` every step
    including chance; ``measure`` is what the run's ``measure(final_state)`` returned."""

    index: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    returns: tuple[Fraction, ...]
    scores: tuple[dict, ...] | None
    length: int
    steps: int
    measure: Any = None

    @property
    def totals(self) -> tuple[int, ...] | None:
        """Each seat's total points (None for a game without points)."""
        return None if self.scores is None else tuple(row["total"] for row in self.scores)


def play_game(state: State, seat_bots: Sequence[Any], chance_rng: random.Random,
              seat_rngs: Sequence[random.Random], schedule: Callable | None = None,
              schedule_rng: random.Random | None = None, max_steps: int = MAX_STEPS,
              ) -> tuple[int, int]:
    """Play ``state`` (changed in place) to the end and return ``(decisions, steps)``.

    Chance is sampled from ``chance_rng``; seat ``p``'s bot draws from ``seat_rngs[p]``
    and is shown a copy of the state (what it does to it cannot reach the game). Where
    several seats may act at once, ``schedule(state, seats, rng, last)`` picks who is
    quicker (default: uniformly at random, from ``schedule_rng``)."""
    with_player = [takes_player(b) for b in seat_bots]
    decisions = steps = 0
    last: int | None = None
    while not state.is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"{state.game.name}: no end after {max_steps} steps")
        steps += 1
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), chance_rng))
            last = None
            continue
        actors = state.actors()
        if len(actors) == 1:
            seat = actors[0]
        elif schedule is None:
            seat = (schedule_rng or chance_rng).choice(actors)
        else:
            seat = schedule(state, actors, schedule_rng or chance_rng, last)
        bot = seat_bots[seat]
        try:
            action = ask_bot(bot, state.clone(), seat_rngs[seat], seat, with_player[seat])
        except RuleError:
            raise
        except Exception as exc:  # noqa: BLE001 - a user's bot may raise anything
            raise RuleError(f"{state.game.player_name(seat)}'s bot {bot_name(bot)!r} failed: "
                            f"{type(exc).__name__}: {clip(str(exc))}") from exc
        try:
            state.apply(action, by=seat)
        except IllegalActionError as exc:
            raise RuleError(f"{state.game.player_name(seat)}'s bot {bot_name(bot)!r} chose an "
                            f"illegal move: {exc}") from None
        decisions += 1
        last = seat
    return decisions, steps


def play_out(state: State, rng: random.Random, bots: Mapping[int, Any] | None = None,
             max_steps: int = MAX_STEPS) -> State:
    """Play ``state`` (mutated in place) to the end with one generator for everything:
    chance sampled, seats by bots (uniform random where none is given). For quick
    experiments; runs of many games use :func:`simulate`. Returns the state."""
    seats = [make_bot((bots or {}).get(p, "random")) for p in range(state.game.players)]
    play_game(state, seats, rng, [rng] * len(seats), max_steps=max_steps)
    return state


# -- a chunk of a run: what a worker receives ------------------------------------------------------

@dataclass(frozen=True)
class _Task:
    """Everything a worker needs to play games ``start <= i < stop`` of a run: the game as
    its class and options (a game object may hold unpicklable read-only views), the bots as
    names or objects, and the seeding."""

    game_class: type
    options: dict
    bots: tuple
    rotate: bool
    seed: int
    start: int
    stop: int
    schedule: Any
    measure: Callable | None
    max_steps: int


_GAMES: dict[tuple, Game] = {}


def _game_for(task: _Task) -> Game:
    key = (task.game_class, repr(sorted(task.options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = task.game_class(**task.options)
    return game


def _seating(bots: Sequence[Any], index: int, rotate: bool) -> list[Any]:
    """Which entry of ``bots`` sits in each seat for game ``index``: the list as given,
    or turned by one seat per game (so every bot plays every seat equally often)."""
    n = len(bots)
    if not rotate:
        return list(bots)
    return [bots[(p - index) % n] for p in range(n)]


def run_chunk(task: _Task) -> list[GameRow]:
    """Play the games of one chunk (in whatever process receives it)."""
    game = _game_for(task)
    made = [make_bot(b) for b in task.bots]
    names = [spec if isinstance(spec, str) else bot_name(bot)
             for spec, bot in zip(task.bots, made)]
    schedule = None if task.schedule is None else resolve_schedule(task.schedule)[1]
    rows = []
    for i in range(task.start, task.stop):
        order = _seating(range(len(made)), i, task.rotate)
        state = game.new_initial_state()
        rngs = [game_rng(task.seed, i, f"seat{p}") for p in range(game.players)]
        try:
            decisions, steps = play_game(
                state, [made[k] for k in order], game_rng(task.seed, i, "chance"), rngs,
                schedule, game_rng(task.seed, i, "schedule"), task.max_steps)
        except RuleError as exc:
            raise RuleError(f"game {i} of the run (seed {task.seed}): {exc}") from exc
        try:
            scores: tuple[dict, ...] | None = tuple(state.scores())
        except RuleError:
            scores = None
        rows.append(GameRow(
            index=i,
            seats=tuple(names[k] for k in order),
            winners=tuple(state.winners()),
            returns=tuple(Fraction(r) for r in state.returns()),
            scores=scores,
            length=decisions,
            steps=steps,
            measure=None if task.measure is None else task.measure(state),
        ))
    return rows


def final_state(game: Game, bots: Sequence[Any], seed: int, index: int, rotate: bool = False,
                schedule: Any = None, max_steps: int = MAX_STEPS) -> State:
    """The final state of game ``index`` of a run: the same game :func:`simulate` played,
    for a closer look at one row."""
    made = [make_bot(b) for b in _bot_list(game, bots)]
    order = _seating(range(len(made)), index, rotate)
    state = game.new_initial_state()
    play_game(state, [made[k] for k in order], game_rng(seed, index, "chance"),
              [game_rng(seed, index, f"seat{p}") for p in range(game.players)],
              None if schedule is None else resolve_schedule(schedule)[1],
              game_rng(seed, index, "schedule"), max_steps)
    return state


def playouts(game: Game, games: int, seed: int = 0, bots: Any = None,
             rotate: bool = False) -> Iterator[State]:
    """Final states of ``games`` seeded games, in order: game ``i`` is game ``i`` of
    ``simulate(game, bots=bots, games=..., seed=seed)``."""
    _check_count(games)
    _check_seed(seed)
    for i in range(games):
        yield final_state(game, bots, seed, i, rotate)


# -- statistics ------------------------------------------------------------------------------------

def _z(confidence: float = CONFIDENCE) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: int, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Wilson's score interval for a proportion: unlike "p ± z·se" it stays inside [0, 1]
    and behaves for rates near 0 or 1 and for few trials."""
    if trials <= 0:
        return (0.0, 1.0)
    z = _z(confidence)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials**2))
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


def mean_interval(values: Sequence[float | Fraction],
                  confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The normal-approximation interval for a mean: mean ± z·s/√n."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    mean = float(sum(values)) / n
    if n == 1:
        return (mean, mean)
    var = sum((float(v) - mean) ** 2 for v in values) / (n - 1)
    half = _z(confidence) * math.sqrt(var / n)
    return (mean - half, mean + half)


@dataclass(frozen=True)
class Rate:
    """A count out of a number of trials, with its exact value and its interval."""

    count: int
    trials: int

    @property
    def exact(self) -> Fraction:
        return Fraction(self.count, self.trials) if self.trials else Fraction(0)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.trials)

    def __float__(self) -> float:
        return float(self.exact)

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{float(self.exact):6.1%} [{lo:5.1%}, {hi:5.1%}]"


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
                label=f"seat {p}",
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
        lines += _line_table("seat", self.seats(), self._seat_labels())
        if self.rotate or len(set(self.bots)) > 1:
            lines.append("")
            lines += _line_table("bot", self.by_bot(), None,
                                 fair=f"a fair share is {1 / self.players:.1%}")
        lines.append("")
        lines.append(f"mean length: {float(self.mean_length()):.1f} decisions per game")
        return "\n".join(lines)

    def _seat_labels(self) -> list[str]:
        if self.rotate:
            return [f"seat {p}" for p in range(self.players)]
        return [f"seat {p} ({b})" for p, b in enumerate(self.bots)]

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


# -- running a run ------------------------------------------------------------------------------

def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT < seed < SEED_LIMIT:
        raise RuleError(f"seed must be a whole number between -2**63 and 2**63, got {quote(seed)}")
    return seed


def _check_count(games: Any) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise RuleError(f"games must be a whole number >= 0, got {quote(games)}")
    return games


def _bot_list(game: Game, bots: Any) -> list[Any]:
    """One bot spec per seat from a list, a {seat: bot} mapping, a single bot for every
    seat, or None (all random); unnamed seats are random."""
    n = game.players
    if bots is None:
        return ["random"] * n
    if isinstance(bots, str) or callable(getattr(bots, "choose", None)):
        return [bots] * n
    if isinstance(bots, Mapping):
        odd = [k for k in bots if isinstance(k, bool) or not isinstance(k, int)
               or not 0 <= k < n]
        if odd:
            raise RuleError(f"bots: seats are 0..{n - 1}, got {quote(odd[0])}")
        return [bots.get(p, "random") for p in range(n)]
    if isinstance(bots, (list, tuple)):
        if len(bots) != n:
            raise RuleError(f"bots: {game.name} has {n} seats, got {len(bots)} bots "
                            f"({quote(list(bots))})")
        return list(bots)
    raise RuleError(f"bots: a list with one bot per seat, a {{seat: bot}} mapping or one "
                    f"bot for every seat, got {quote(bots)}")


def _not_portable(task: _Task) -> str | None:
    """Why ``task`` cannot be sent to a worker process (None if it can): a bot or measure
    defined in a notebook or script (``__main__``) or a lambda cannot be found there."""
    import pickle

    found: list[str] = []

    class Checker(pickle.Pickler):
        def reducer_override(self, obj: Any) -> Any:
            if isinstance(obj, (type, types.FunctionType)):
                module, name = obj.__module__, obj.__qualname__
            else:
                module, name = type(obj).__module__, type(obj).__qualname__
            if module == "__main__" or "<lambda>" in name or "<locals>" in name:
                found.append(name)
            return NotImplemented

    try:
        Checker(_Sink(), protocol=pickle.HIGHEST_PROTOCOL).dump(task)
    except Exception as exc:  # noqa: BLE001 - anything unpicklable
        return f"it cannot be pickled ({type(exc).__name__}: {clip(str(exc), 80)})"
    if found:
        return (f"{found[0]} is defined in the notebook or script itself; define it in a "
                "module to use worker processes")
    return None


class _Sink:
    def write(self, data: bytes) -> int:
        return len(data)


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """A process pool kept for the session (starting workers costs more than a small run).

    Started by ``fork`` where that is safe (a POSIX process with one thread: a script, a
    terminal), which needs no ``if __name__ == "__main__":`` guard in the user's script;
    by ``forkserver`` where threads run (a Jupyter kernel, where forking is unsafe); by
    ``spawn`` elsewhere."""
    pool = _POOLS.get(workers)
    if pool is None:
        import multiprocessing
        import threading
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        if "fork" in methods and threading.active_count() == 1 and sys.platform != "darwin":
            method = "fork"
        elif "forkserver" in methods:
            method = "forkserver"
        else:
            method = "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(["treehouse_lab"])
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                                     initializer=_worker_start)
    return pool


def _worker_start() -> None:
    """Workers leave Ctrl-C (and a notebook's interrupt) to the process that started
    them, which stops the run; otherwise each would print its own traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@atexit.register
def _shutdown_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


def _is_dask_client(obj: Any) -> bool:
    return type(obj).__module__.startswith("distributed") and hasattr(obj, "get_executor")


def _progress_bar(enabled: bool, total: int, desc: str) -> Any:
    """A tqdm bar (the notebook widget in Jupyter, text in a terminal) when tqdm is
    installed and progress is wanted; otherwise None. Its monitor thread is off: a
    process with a second thread could no longer start workers by forking."""
    if not enabled or total == 0:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None

    class Bar(tqdm):  # type: ignore[misc, valid-type]
        monitor_interval = 0

    # Shown once a run has taken a second: a quick run leaves no bar behind (nor in a
    # saved notebook's outputs).
    return Bar(total=total, desc=desc, unit="game", file=sys.stderr, delay=1.0)


def simulate(game: Game, games: int = 1000, *, bots: Any = None, seed: int = 0,
             executor: Any = None, workers: int | None = None, progress: bool = True,
             rotate: bool = False, measure: Callable[[State], Any] | None = None,
             schedule: Any = None, chunk: int | None = None,
             max_steps: int = MAX_STEPS) -> Results:
    """Play ``games`` seeded games of ``game`` and return their :class:`Results`.

    * ``bots``: one per seat as a list (``["greedy", "random", "random"]``), a
      ``{seat: bot}`` mapping (other seats random) or one bot for every seat; names
      (``"mcts(iterations=200)"``) or bot objects.
    * ``seed``: game ``i`` is seeded from ``(seed, i)`` alone, so the results are the
      same whatever runs them and in whatever order.
    * ``executor``: None for a local process pool of ``workers`` processes (default: one
      per core, once the first games show the run is long enough to be worth starting
      them; ``workers=1`` plays in this process), any ``concurrent.futures`` executor, or
      a Dask ``distributed.Client``.
    * ``progress``: a tqdm progress bar when tqdm is installed.
    * ``rotate``: turn the bots one seat per game, so each plays every seat equally often.
    * ``measure``: a function of the final state, recorded in each row.
    * ``schedule``: who is quicker where several may act (a name from ``tl.SCHEDULES``;
      default uniformly at random).
    """
    from concurrent.futures import Executor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    _check_count(games)
    _check_seed(seed)
    if not isinstance(game, Game):
        raise RuleError(f"simulate: expected a game from tl.load_game, got {quote(game)}")
    specs = _bot_list(game, bots)
    made = [make_bot(b) for b in specs]     # fail here, not in a worker, on a bad name
    names = tuple(s if isinstance(s, str) else bot_name(b) for s, b in zip(specs, made))
    if schedule is not None:
        resolve_schedule(schedule)
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise RuleError(f"workers must be a whole number >= 1, got {quote(workers)}")

    def task(start: int, stop: int) -> _Task:
        return _Task(type(game), dict(game.options), tuple(specs), rotate, seed, start, stop,
                     schedule, measure, max_steps)

    # Where to run.
    where = "this process"
    pool: Executor | None = None
    # In the browser (Pyodide) there are no processes to start: play here.
    parallel = 1 if sys.platform == "emscripten" else (workers or os.cpu_count() or 1)
    deferred = False     # a local pool, started only if the run turns out long enough
    if executor is None:
        if parallel > 1 and games >= 2 * parallel:
            why = _not_portable(task(0, 1))
            if why is None:
                deferred = workers is None
                if not deferred:
                    pool = _pool(parallel)
                    where = f"a local process pool ({parallel} workers)"
            elif workers is not None:
                warnings.warn(f"simulate: playing in this process: {why}", stacklevel=2)
    elif _is_dask_client(executor):
        pool = executor.get_executor()
        threads = sum(executor.nthreads().values()) or 1
        parallel = threads
        where = f"a Dask cluster ({threads} worker threads)"
    elif isinstance(executor, Executor):
        pool = executor
        parallel = workers or getattr(executor, "_max_workers", None) or parallel
        where = f"a {type(executor).__name__}"
    else:
        raise RuleError("executor must be None, a concurrent.futures executor or a Dask "
                        f"distributed.Client, got {quote(executor)}")

    if chunk is None:
        # Enough chunks to keep every worker busy to the end and the bar moving, few
        # enough that sending them costs little.
        chunk = max(1, min(250, math.ceil(games / (8 * parallel)))) \
            if pool is not None or deferred else 50
    done: dict[int, list[GameRow]] = {}
    bar = _progress_bar(progress, games, game.name)
    try:
        played = 0
        if deferred:
            # By default a run starts here, a few games at a time, and moves to worker
            # processes only if the rest would take longer than starting them costs: a
            # notebook's small run stays quick. The games are the same either way.
            clock = time.perf_counter()
            while played < games and time.perf_counter() - clock < PROBE_SECONDS:
                stop = min(games, played + max(1, min(chunk, 8)))
                done[played] = run_chunk(task(played, stop))
                if bar is not None:
                    bar.update(stop - played)
                played = stop
            rate = (time.perf_counter() - clock) / max(played, 1)
            if rate * (games - played) > POOL_WORTH_SECONDS:
                try:
                    pool = _pool(parallel)
                    where = f"a local process pool ({parallel} workers)"
                except (ImportError, OSError, NotImplementedError):
                    pool = None     # no processes here (a browser's Pyodide): play on here
        spans = [(a, min(a + chunk, games)) for a in range(played, games, chunk)]
        if pool is None:
            for a, b in spans:
                done[a] = run_chunk(task(a, b))
                if bar is not None:
                    bar.update(b - a)
        else:
            futures = {pool.submit(run_chunk, task(a, b)): (a, b) for a, b in spans}
            for fut in as_completed(futures):
                a, b = futures[fut]
                done[a] = fut.result()
                if bar is not None:
                    bar.update(b - a)
    except BrokenProcessPool:
        _POOLS.pop(parallel, None)
        raise
    finally:
        if bar is not None:
            bar.close()
    rows = [row for a in sorted(done) for row in done[a]]
    return Results(game.name, dict(game.options), names, seed, rotate, rows, where)


# -- exact bounds ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Bracket:
    """Exact bounds on each seat's win share after following every way the first
    ``steps`` steps of a game can go: ``low[p]`` is the share already won within them,
    ``open`` the probability that the game is still going, so the true value lies in
    ``[low[p], low[p] + open]``."""

    steps: int
    low: tuple[Fraction, ...]
    open: Fraction
    states: int

    def high(self, seat: int) -> Fraction:
        return self.low[seat] + self.open

    def __str__(self) -> str:
        parts = ", ".join(f"seat {p} in [{float(lo):.4f}, {float(lo + self.open):.4f}]"
                          for p, lo in enumerate(self.low))
        return f"after {self.steps} steps: {parts} (still open: {float(self.open):.4f})"


def exact_bracket(game: Game, bots: Any, steps: int, every: int = 1,
                  start: State | None = None) -> list[Bracket]:
    """Exact win-share bounds for bots that never draw from their generator (a fixed
    policy, like ``pyramids-solo``), from the game's exact chance outcomes: every
    position reachable in ``steps`` steps is followed with its probability (equal
    positions merged), games that end count exactly, and the rest is the gap. Returns the
    bracket after every ``every`` steps, so a notebook can watch it close. ``start`` is
    the position to start from (default: the game's first)."""
    made = [make_bot(b) for b in _bot_list(game, bots)]
    with_player = [takes_player(b) for b in made]
    frontier: dict[str, tuple[State, Fraction]] = {}
    first = game.new_initial_state() if start is None else start.clone()
    frontier[_key(first)] = (first, Fraction(1))
    won = [Fraction(0)] * game.players
    out = []
    for step in range(1, steps + 1):
        nxt: dict[str, tuple[State, Fraction]] = {}

        def add(s: State, p: Fraction, nxt: dict = nxt) -> None:
            if s.is_terminal():
                for seat, r in enumerate(s.returns()):
                    won[seat] += p * r
                return
            k = _key(s)
            old = nxt.get(k)
            nxt[k] = (s, p if old is None else old[1] + p)

        for s, p in frontier.values():
            if s.is_chance_node():
                for outcome, q in s.chance_outcomes():
                    add(s.child(outcome), p * q)
                continue
            actors = s.actors()
            if len(actors) != 1:
                raise RuleError("exact_bracket follows one player at a time; several may "
                                "act here")
            seat = actors[0]
            action = ask_bot(made[seat], s.clone(), random.Random(0), seat, with_player[seat])
            add(s.child(action, by=seat), p)
        frontier = nxt
        if step % every == 0 or step == steps or not frontier:
            out.append(Bracket(step, tuple(won), sum((p for _, p in frontier.values()),
                                                     Fraction(0)), len(frontier)))
        if not frontier:
            break
    return out


def _key(state: State) -> str:
    import json

    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))


# -- tournaments ----------------------------------------------------------------------------------

@dataclass
class Tournament:
    """Each bot against each other: ``cell[a][b]`` is bot ``a``'s win rate in games where
    it sits in one seat and ``b`` in all the others, seats rotating. In a 2-player game
    that is head to head, and a fair share is 1/2."""

    game: str
    bots: tuple[str, ...]
    players: int
    games: int
    seed: int
    cells: dict[tuple[str, str], Line]

    def rate(self, bot: str, against: str) -> Rate:
        return self.cells[(bot, against)].win_rate

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
                row += f"{'—':>{col}}" if a == b else f"{str(self.rate(a, b)):>{col}}"
            out.append(row)
        return "\n".join(out)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"<Tournament {self.game}: {', '.join(self.bots)}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.table())


def tournament(game: Game, bots: Sequence[str], games: int = 200, seed: int = 0,
               **options: Any) -> Tournament:
    """Every bot against every other: for each ordered pair (a, b), ``games`` games with
    ``a`` in one seat and ``b`` in the others, seats rotating (``simulate``'s other
    keywords, such as ``executor`` or ``workers``, pass through). Every pairing uses the
    same seed, so the same deals recur across the table. With 2 players one run answers
    both (a, b) and (b, a)."""
    cells: dict[tuple[str, str], Line] = {}
    names = list(dict.fromkeys(bots))
    for a in names:
        for b in names:
            if a == b or (a, b) in cells:
                continue
            res = simulate(game, games, bots=[a] + [b] * (game.players - 1), seed=seed,
                           rotate=True, **options)
            lines = {ln.label: ln for ln in res.by_bot()}
            cells[(a, b)] = lines[a]
            if game.players == 2:
                # head to head: the same games answer (b, a), from b's side
                cells[(b, a)] = lines[b]
    return Tournament(game.name, tuple(names), game.players, games, seed, cells)


__all__ = [
    "Bracket", "GameRow", "Line", "Rate", "Results", "Tournament", "exact_bracket",
    "final_state", "game_rng", "mean_interval", "play_game", "play_out", "playouts",
    "run_chunk", "simulate", "tournament", "wilson",
]
