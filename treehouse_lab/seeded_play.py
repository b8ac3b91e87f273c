"""Seeded games: one game of a run played from generators keyed to ``(seed, index)``.

Why seeding per game: game *i* draws from generators keyed to ``(seed, i)`` alone (one for
chance, one per seat for its bot, one for who is quicker in a real-time phase), never from
a stream shared with other games. So a run can be cut into chunks (:class:`Chunk`), sent
anywhere and gathered in any order, and every game comes out the same; ``rows[17]`` of a
run on a cluster is ``rows[17]`` of the same run on a laptop. Separate chance and bot
streams also mean that two runs with the same seed deal the same cards whatever the bots do
(in games where play does not change what chance offers, like Backyard's deck), which makes
comparisons of bots or rule variants sharper (common random numbers).

:func:`treehouse_lab.simulate.simulate` decides where the chunks are played; this module
plays them, and checks the seed, the number of games and the bots of a run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterator, Mapping, Sequence

from .bots import ask_bot, bot_failed, bot_name, make_bot, reads_only, takes_player
from .core.chance import SEED_LIMIT, check_seed, sample_outcome
from .errors import IllegalActionError, RuleError, quote
from .protocol import CHANCE, TERMINAL, Game, State
from .schedules import resolve_schedule

#: Seeds are whole numbers of at most 63 bits, as for a ``Match``.
MAX_STEPS = 100_000


# -- one game ----------------------------------------------------------------------------------

def game_rng(seed: int, index: int, purpose: str) -> random.Random:
    """The generator game ``index`` of a run seeded ``seed`` uses for ``purpose``
    (``"chance"``, ``"seat0"``, ``"seat1"``, ..., ``"schedule"``): a pure function of the
    three, so the game is the same wherever and whenever it is played."""
    return random.Random(f"{seed}/{index}/{purpose}")


class _LaterRng:
    """``game_rng(seed, index, purpose)``, made when it is first used: seeding a
    generator costs as much as a dozen Backyard decisions, and most games never need the
    schedule's (only where several players may act at once)."""

    __slots__ = ("_key", "_rng")

    def __init__(self, seed: int, index: int, purpose: str) -> None:
        self._key = (seed, index, purpose)
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rng is None:
            self._rng = game_rng(*self._key)
        return getattr(self._rng, name)


@dataclass(frozen=True)
class GameRow:
    """One finished game of a run.

    ``seats[p]`` is the name of the bot that played seat ``p`` (with ``rotate=True`` the
    bots change seats from game to game); ``scores`` is ``scores()`` at the end (None for
    a game without points); ``length`` counts the players' decisions, ``steps`` every step
    including chance; ``measure`` is what the run's ``measure(final_state)`` returned;
    ``trace`` what its observer recorded along the game (``play_game``), None without one."""

    index: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    returns: tuple[Fraction, ...]
    scores: tuple[dict, ...] | None
    length: int
    steps: int
    measure: Any = None
    trace: Any = None

    @property
    def totals(self) -> tuple[int, ...] | None:
        """Each seat's total points (None for a game without points)."""
        return None if self.scores is None else tuple(row["total"] for row in self.scores)


def play_game(state: State, seat_bots: Sequence[Any], chance_rng: random.Random,
              seat_rngs: Sequence[random.Random], schedule: Callable | None = None,
              schedule_rng: random.Random | None = None, max_steps: int = MAX_STEPS,
              with_player: Sequence[bool] | None = None,
              read_only: Sequence[bool] | None = None,
              observe: Callable[[State, int, int], bool] | None = None) -> tuple[int, int]:
    """Play ``state`` (changed in place) to the end and return ``(decisions, steps)``.

    Chance is sampled from ``chance_rng``; seat ``p``'s bot draws from ``seat_rngs[p]``
    and is shown a copy of the state (what it does to it cannot reach the game). Where
    several seats may act at once, ``schedule(state, seats, rng, last)`` picks who is
    quicker (default: uniformly at random, from ``schedule_rng``). ``with_player`` says
    for each seat whether its bot takes the seat (``takes_player``): a run works it out
    once per chunk, not once a game (reading a signature costs more than a Backyard
    game's decisions). ``read_only`` says for each seat whether its bot is known to leave
    the state alone (``bots.reads_only``): it is then shown the state itself, not a copy
    (the same position, so the same choice).

    ``observe(state, seat, step)``, when given, is called before each decision with the
    seat about to decide and the step's number (so an observer sees where chance stepped
    in between): what a run records along a game beyond its end (the design lab's
    traces). It must only read the state. A true answer stops the game there, unfinished
    (the observer's own length limit): the state is then not terminal and its
    ``returns()`` are all 0."""
    if with_player is None:
        with_player = [takes_player(b) for b in seat_bots]
    if read_only is None:
        read_only = [reads_only(b) for b in seat_bots]
    decisions = steps = 0
    last: int | None = None
    # The node's kind is read once a step from ``current_player`` (the protocol defines
    # ``is_terminal``, ``is_chance_node`` and ``actors`` by it): three calls a step fewer,
    # which is a tenth of a random Backyard game.
    while (now := state.current_player) != TERMINAL:
        if steps >= max_steps:
            raise RuntimeError(f"{state.game.name}: no end after {max_steps} steps")
        steps += 1
        if now == CHANCE:
            state.apply(sample_outcome(state.chance_outcomes(), chance_rng))
            last = None
            continue
        if now >= 0:
            seat = now
        else:
            actors = state.actors()
            if len(actors) == 1:
                seat = actors[0]
            elif schedule is None:
                seat = (schedule_rng or chance_rng).choice(actors)
            else:
                seat = schedule(state, actors, schedule_rng or chance_rng, last)
        if observe is not None and observe(state, seat, steps):
            break
        bot = seat_bots[seat]
        if read_only[seat]:
            shown = state
        else:
            # The seat's legal actions, worked out here before the copy: the copy shares
            # this position's caches, so the bot's ``legal_actions`` and the ``apply`` that
            # checks its choice read the one list instead of generating it twice.
            state.legal_actions(seat)
            shown = state.clone()
        try:
            if with_player[seat]:  # ask_bot's common case, written out: once a decision
                action = bot.choose(shown, seat_rngs[seat], seat)
            else:
                action = ask_bot(bot, shown, seat_rngs[seat], seat, False)
        except Exception as exc:  # noqa: BLE001 - a user's bot may raise anything
            raise bot_failed(f"{state.game.player_name(seat)}'s bot {bot_name(bot)!r}",
                             exc) from exc
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
class Chunk:
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
    #: Makes one observer per game (``play_game``'s ``observe``, with a
    #: ``finish(state, scores, returns)`` whose answer is the row's ``trace``: it is handed
    #: the end's ``scores()``, None without points, and ``returns()`` as the row has them,
    #: so it need not score the end again); None records nothing more.
    observer: Callable[[], Any] | None = None


_GAMES: dict[tuple, Game] = {}


def _game_for(task: Chunk) -> Game:
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


def run_chunk(task: Chunk) -> list[GameRow]:
    """Play the games of one chunk (in whatever process receives it)."""
    game = _game_for(task)
    made = [make_bot(b) for b in task.bots]
    names = [spec if isinstance(spec, str) else bot_name(bot)
             for spec, bot in zip(task.bots, made)]
    asks = [takes_player(b) for b in made]
    alone = [reads_only(b) for b in made]
    schedule = None if task.schedule is None else resolve_schedule(task.schedule)[1]
    rows = []
    #: Each seating's bots and their traits, in seat order (one seating without rotate).
    seatings: dict[tuple[int, ...], tuple[list, list, list, tuple]] = {}
    purposes = [f"seat{p}" for p in range(game.players)]
    fixed = None if task.rotate else tuple(range(len(made)))
    for i in range(task.start, task.stop):
        order = fixed or tuple(_seating(range(len(made)), i, task.rotate))
        seated = seatings.get(order)
        if seated is None:
            seated = seatings[order] = ([made[k] for k in order], [asks[k] for k in order],
                                        [alone[k] for k in order],
                                        tuple(names[k] for k in order))
        state = game.new_initial_state()
        rngs = [game_rng(task.seed, i, purpose) for purpose in purposes]
        observer = None if task.observer is None else task.observer()
        try:
            decisions, steps = play_game(
                state, seated[0], game_rng(task.seed, i, "chance"), rngs,
                schedule, _LaterRng(task.seed, i, "schedule"), task.max_steps,
                seated[1], seated[2], observer)
        except RuleError as exc:
            raise RuleError(f"game {i} of the run (seed {task.seed}): {exc}") from exc
        try:
            scores: tuple[dict, ...] | None = tuple(state.scores())
        except RuleError:
            scores = None
        # The winners are the seats with a share of the win (returns(): 1/k to each of k
        # winners, 0 to the others): read off the returns, not scored a third time.
        # (Engines return Fractions already; making a Fraction of one costs microseconds.)
        returns = tuple(r if r.__class__ is Fraction else Fraction(r) for r in state.returns())
        rows.append(GameRow(
            index=i,
            seats=seated[3],
            winners=tuple(p for p, r in enumerate(returns) if r > 0),
            returns=returns,
            scores=scores,
            length=decisions,
            steps=steps,
            measure=None if task.measure is None else task.measure(state),
            trace=None if observer is None else observer.finish(state, scores, returns),
        ))
    return rows


def final_state(game: Game, bots: Sequence[Any], seed: int, index: int, rotate: bool = False,
                schedule: Any = None, max_steps: int = MAX_STEPS) -> State:
    """The final state of game ``index`` of a run: the same game :func:`simulate` played,
    for a closer look at one row."""
    made = [make_bot(b) for b in bots_per_seat(game, bots)]
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
    check_count(games)
    check_seed(seed)
    for i in range(games):
        yield final_state(game, bots, seed, i, rotate)


# -- checking a run's arguments --------------------------------------------------------------

def check_count(games: Any) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise RuleError(f"games must be a whole number >= 0, got {quote(games)}")
    return games


def bots_per_seat(game: Game, bots: Any) -> list[Any]:
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



__all__ = [
    "MAX_STEPS", "SEED_LIMIT", "Chunk", "GameRow", "bots_per_seat", "check_count",
    "check_seed", "final_state", "game_rng", "play_game", "play_out", "playouts", "run_chunk",
]
