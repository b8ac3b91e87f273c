"""Seeded simulation at any scale: one game or a million, on one core, a process pool or a
Dask cluster, with the same results.

    import treehouse_lab as tl
    game = tl.load_game("backyard", players=3)
    results = tl.simulate(game, bots=["greedy", "random", "random"], games=2000, seed=1)
    print(results)                      # the summary table, with confidence intervals
    results.rows[0]                     # one game: scores, winners, length, seats

This module decides where a run is played (here, a local process pool, any executor, a
Dask cluster) and holds :func:`simulate` and :func:`tournament`. It names the other parts
of a run too, as notebooks import them from here:

* :mod:`treehouse_lab.seeded_play`: one game seeded from ``(seed, index)`` alone, so a run
  cut into chunks and played anywhere gives the same rows (``game_rng``, ``play_game``,
  ``run_chunk``, ``final_state``, ``playouts``, ``play_out``, ``GameRow``);
* :mod:`treehouse_lab.results`: what a run returns (``Results``, ``Line``,
  ``Tournament``), counted exactly;
* :mod:`treehouse_lab.intervals`: the 95% confidence intervals shown (``wilson``,
  ``mean_interval``, ``Rate``);
* :mod:`treehouse_lab.exact_bounds`: exact win-share brackets for fixed policies
  (``exact_bracket``, ``Bracket``).
"""

from __future__ import annotations

import atexit
import math
import os
import sys
import time
import types
import warnings
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .bots import bot_name, make_bot
from .errors import RuleError, clip, quote
from .exact_bounds import Bracket, exact_bracket
from .intervals import CONFIDENCE, Rate, mean_interval, wilson
from .protocol import Game, State
from .results import Line, Results, Tournament
from .schedules import resolve_schedule
from .seeded_play import (
    MAX_STEPS,
    SEED_LIMIT,
    Chunk,
    GameRow,
    bots_per_seat,
    check_count,
    check_seed,
    final_state,
    game_rng,
    play_game,
    play_out,
    playouts,
    run_chunk,
)

if TYPE_CHECKING:  # pragma: no cover - imported when a run needs them
    from concurrent.futures import Executor, ProcessPoolExecutor

#: A default run first plays this long in this process, to see how long it will take...
PROBE_SECONDS = 0.3
#: ...and moves to worker processes only if the rest would take longer than this.
POOL_WORTH_SECONDS = 2.0


# -- where a run is played -------------------------------------------------------------------

def _not_portable(task: Chunk) -> str | None:
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
             max_steps: int = MAX_STEPS, observer: Callable[[], Any] | None = None) -> Results:
    """Play ``games`` seeded games of ``game`` and return their :class:`Results`.

    * ``bots``: one per seat as a list (``["greedy", "random", "random"]``), a
      ``{seat: bot}`` mapping (other seats random) or one bot for every seat; names
      (``"mcts(iterations=200)"``) or bot objects.
    * ``seed``: game ``i`` is seeded from ``(seed, i)`` alone, so the results are the
      same whatever runs them and in whatever order.
    * ``executor``: None for a local process pool of ``workers`` processes (default: one
      per core, once the first games show the run is long enough to be worth starting
      them; ``workers=1`` plays in this process), any ``concurrent.futures`` executor, or
      a Dask ``distributed.Client``. A Dask cluster costs 1.2 to 9 s to start and some
      15 ms a chunk more than the local pool (``benchmarks/simulate.py``): on one machine
      the local pool is faster, and Dask pays over one process once the run would take
      it more than about ``workers / (workers - 1) × (start-up + chunks × 0.015 s)``
      (docs/teaching.md, "Running a class").
    * ``progress``: a tqdm progress bar when tqdm is installed.
    * ``rotate``: turn the bots one seat per game, so each plays every seat equally often.
    * ``measure``: a function of the final state, recorded in each row.
    * ``schedule``: who is quicker where several may act (a name from ``tl.SCHEDULES``;
      default uniformly at random).
    * ``observer``: makes one observer per game, which sees every decision and records a
      row's ``trace`` (``seeded_play.play_game``; the design lab's metrics use it).
    """
    from concurrent.futures import Executor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    check_count(games)
    check_seed(seed)
    if not isinstance(game, Game):
        raise RuleError(f"simulate: expected a game from tl.load_game, got {quote(game)}")
    specs = bots_per_seat(game, bots)
    made = [make_bot(b) for b in specs]     # fail here, not in a worker, on a bad name
    names = tuple(s if isinstance(s, str) else bot_name(b) for s, b in zip(specs, made))
    if schedule is not None:
        resolve_schedule(schedule)
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise RuleError(f"workers must be a whole number >= 1, got {quote(workers)}")

    def task(start: int, stop: int) -> Chunk:
        return Chunk(type(game), dict(game.options), tuple(specs), rotate, seed, start, stop,
                     schedule, measure, max_steps, observer)

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

def tournament(game: Game, bots: Sequence[str], games: int = 200, seed: int = 0,
               **options: Any) -> Tournament:
    """Every bot against every other: for each ordered pair (a, b), ``games`` games with
    ``a`` in one seat and ``b`` in the others, seats rotating (``simulate``'s other
    keywords, such as ``executor`` or ``workers``, pass through). Every pairing uses the
    same seed, so the same deals recur across the table. With 2 players one run answers
    both (a, b) and (b, a), and an even ``games`` gives each bot each seat equally often.

    The result prints the table of win rates and the ratings (``.ratings()``: one
    Bradley–Terry strength per bot on the Elo scale, with 95% intervals, the first bot
    at 0); ``treehouse_lab.plots.ladder(result)`` draws them."""
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
    "CONFIDENCE", "MAX_STEPS", "SEED_LIMIT", "Bracket", "GameRow", "Line", "Rate", "Results",
    "Tournament", "exact_bracket", "final_state", "game_rng", "mean_interval", "play_game",
    "play_out", "playouts", "run_chunk", "simulate", "tournament", "wilson",
]
