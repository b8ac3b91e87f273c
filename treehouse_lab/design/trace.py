"""What one game of a design-lab run records along the way: a :class:`Trace`.

Why a trace and not the final state: duration, decisions and tension are about the path
(how many choices each decision offered, who led after each round), which the final state
no longer shows. A run's observer (``simulate(..., observer=...)``, see
``seeded_play.play_game``) sees every decision as it comes and keeps only a few numbers a
game, so a trace is small to send back from a worker and costs little to record.

Everything here reads the public protocol only (``current_player``, ``legal_actions``,
``scores``, ``returns``): a game that lacks something a figure needs (points, a fixed turn
order) records None there, and the figure says "n/a for this game".

Words used (docs/design-lab.md):

* a *move* is a player's decision (chance steps are not moves);
* a *turn* is a run of moves by one seat, ended when another seat moves (in a one-player
  game, when chance steps in: the next roll starts a new turn);
* a *round* is one pass of the turn order, where turns pass in a fixed cycle of seats;
  where they do not (several may act at once, or a seat answers in another's turn) rounds
  are None;
* a *standing* is each seat's value at a moment: its points (``scores()`` totals) or the
  run's value estimate. It is read when the first player (who made the game's first move)
  begins a turn, so after each round where turns pass in order, and at the end.

Why after each round and not after every move (as Ludii's LeadChange and Drama read it):
in a game where players score in turn, the player who has just moved often leads until
the next one scores, and a lead read after every turn swings with the turn order alone;
read after every round, every seat has had the same number of turns. It is cheaper too:
``scores()`` can cost as much as twenty random moves (Magical Treehouse).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..errors import RuleError
from ..protocol import SIMULTANEOUS, State

#: A value estimate: each seat's standing in a state, higher is better.
ValueFn = Callable[[State], Sequence[float]]


@dataclass(frozen=True)
class Standing:
    """The tension of one finished game on one series of standings (points or a value
    estimate), one standing a round, the last at the end (``samples`` of them).

    ``winners`` are the game's winners (``returns()``), so a standing is read against
    the eventual result: ``behind`` counts the standings at which the winners were below
    the leader, by ``gap`` in all (the winners' mean shortfall, summed over those
    standings); ``decided`` is the standing (1-based) from which a sole winner led alone
    to the end (None when the win was shared); ``trailed_at_half`` says whether a sole
    winner was strictly behind someone after half the rounds; ``margin`` is the last
    standing's lead of the first over the second."""

    samples: int
    lead_changes: int
    behind: int
    gap: float
    decided: int | None
    trailed_at_half: bool | None
    margin: float


@dataclass(frozen=True)
class Trace:
    """What one game recorded: ``moves``, ``turns``, ``rounds`` (None without a fixed
    turn order), ``forced`` (moves with a single legal choice), ``branching`` (pairs
    ``(choices, moves offering that many)``), ``first`` (the seat that moved first, None
    if nobody moved), ``cut`` (stopped at the run's length limit: a timeout), and the
    :class:`Standing` of its points (``score``) and of the value estimate (``value``),
    None where the game has none, or was cut, or has one seat."""

    moves: int
    turns: int
    rounds: int | None
    forced: int
    branching: tuple[tuple[int, int], ...]
    first: int | None
    cut: bool
    score: Standing | None
    value: Standing | None


#: Says "read it from the state" where a caller may hand over what it has already read.
_READ: Any = object()


def _points(state: State) -> list[float] | None:
    """Each seat's total points, or None for a game without points."""
    try:
        return [row["total"] for row in state.scores()]
    except RuleError:
        return None


def points_estimate(state: State) -> list[float] | None:
    """The estimate the ``greedy`` bot plays by: the game's own ``GREEDY_POINTS`` where
    it names one (the Diner, whose points come only at a delivery), else its points.
    Cheap: one evaluation of the state, no search."""
    from ..bots import greedy_points

    hook = greedy_points(state.game)
    return _points(state) if hook is None else [float(v) for v in hook(state)]


@dataclass(frozen=True)
class Recording:
    """What to record, and the factory of one :class:`Recorder` a game (the ``observer``
    a run hands each game; it pickles, so a worker process makes its own).

    ``max_moves``: a game still going after this many moves stops there, a timeout (None:
    the game's own end). ``scores``: sample the points after every round. ``value``: a
    value estimate sampled after every round as well (None: none; ``"points"``:
    :func:`points_estimate`; or a function of the state, defined in a module so worker
    processes can load it)."""

    max_moves: int | None = None
    scores: bool = True
    value: Any = None

    def __call__(self) -> Recorder:
        value = points_estimate if self.value == "points" else self.value
        return Recorder(self.max_moves, self.scores, value)


class Recorder:
    """Sees each decision of one game (``play_game``'s ``observe``) and, at the end, makes
    its :class:`Trace` (``finish``).

    Why it is written for speed: it runs at every decision of a run, and the design lab
    promises its figures at most 1.5 times the bare simulation (benchmarks/design.py),
    where a random Backyard decision costs some twenty microseconds. So a decision costs
    one count of the legal moves and a few counters; a new turn does the rest; the forced
    moves are the branching count of 1; and the end's points and winners are taken from
    what the run has just read (``finish``), not scored again."""

    __slots__ = ("max_moves", "limit", "value_fn", "moves", "branching", "seats", "players",
                 "solo", "last_seat", "last_step", "cycle", "cyclic", "score_series",
                 "value_series")

    def __init__(self, max_moves: int | None, scores: bool, value: ValueFn | None) -> None:
        self.max_moves = max_moves
        self.limit = -1 if max_moves is None else max_moves   # moves never reach -1
        self.value_fn = value
        self.moves = 0
        self.branching: dict[int, int] = {}
        self.seats: list[int] = []          # the seat of each turn
        self.players = 0                    # known at the first move
        self.solo = False                   # a one-player game: chance ends a turn
        self.last_seat = -1
        self.last_step = 0
        self.cycle: list[int] = []          # the turn order's cycle, while it holds
        self.cyclic = True
        self.score_series: list[list[float]] | None = [] if scores else None
        self.value_series: list[list[float]] | None = [] if value is not None else None

    def __call__(self, state: State, seat: int, step: int) -> bool:
        moves = self.moves
        if moves == self.limit:
            return True
        if seat != self.last_seat or (self.solo and step > self.last_step + 1):
            self._begin(state, seat)
        if self.cyclic and state.current_player == SIMULTANEOUS:
            self.cyclic = False            # the order is the schedule's, not the rules'
        choices = len(state.legal_actions(seat))
        branching = self.branching
        branching[choices] = branching.get(choices, 0) + 1
        self.moves = moves + 1
        self.last_seat = seat
        self.last_step = step
        return False

    def _begin(self, state: State, seat: int) -> None:
        """A new turn, ``seat``'s: the standing is read when the first player begins one."""
        seats = self.seats
        turn = len(seats)
        if not turn:
            self.players = players = state.game.players
            self.solo = players == 1
            if players < 2:
                self.score_series = self.value_series = None   # no one to lead
        elif seat == seats[0]:
            self._sample(state)            # the standing after the round just ended
        seats.append(seat)
        if self.cyclic:
            cycle = self.cycle
            if turn == len(cycle) and seat not in cycle:
                cycle.append(seat)         # still the first pass of the order
            elif cycle[turn % len(cycle)] != seat:
                self.cyclic = False

    def _sample(self, state: State, points: Any = _READ) -> None:
        """Append the standing now; ``points``, where given, are the totals already read
        (None: a game without points)."""
        if self.score_series is not None:
            if points is _READ:
                points = _points(state)
            if points is None:
                self.score_series = None
            else:
                self.score_series.append(points)
        if self.value_series is not None and self.value_fn is not None:
            values = self.value_fn(state)
            if values is None:
                self.value_series = None
            else:
                self.value_series.append([float(v) for v in values])

    def finish(self, state: State, scores: Any = _READ, returns: Any = None) -> Trace:
        """The game's trace. ``scores`` and ``returns``, where given, are the end's
        ``scores()`` (None for a game without points) and ``returns()`` as the run has
        just read them (``seeded_play.run_chunk``): in Magical Treehouse each of them is
        a full scoring, worth some twenty random moves."""
        cut = not state.is_terminal()
        if self.seats:                     # the last turn's standing: the end
            if scores is _READ or self.score_series is None:
                self._sample(state)
            else:
                self._sample(state, None if scores is None
                             else [row["total"] for row in scores])
        turns = len(self.seats)
        rounds = None
        if self.cyclic and self.cycle:
            rounds = -(-turns // len(self.cycle))
        winners: list[int] = []
        if not cut:
            winners = [p for p, r in enumerate(state.returns() if returns is None
                                               else returns) if r > 0]
        players = state.game.players

        def standing(series: list[list[float]] | None) -> Standing | None:
            if series is None or not series or cut or not winners or players < 2:
                return None
            return tension(series, winners)

        return Trace(
            moves=self.moves, turns=turns, rounds=rounds, forced=self.branching.get(1, 0),
            branching=tuple(sorted(self.branching.items())),
            first=self.seats[0] if self.seats else None, cut=cut,
            score=standing(self.score_series), value=standing(self.value_series))


def tension(series: Sequence[Sequence[float]], winners: Sequence[int]) -> Standing:
    """The :class:`Standing` of one game: ``series`` holds each seat's value after each
    turn (the last at the end), ``winners`` the seats that won (several in a tie).

    A lead is a seat strictly ahead of all others; a tie for first is no lead, and
    changes nothing (as a lead change in sport: the lead passes from one player to
    another)."""
    sole = winners[0] if len(winners) == 1 else None
    changes = 0
    leader: int | None = None
    behind = 0
    gap = 0.0
    last_not_leading = -1      # the last turn after which the sole winner did not lead alone
    for t, values in enumerate(series):
        top = max(values)
        leaders = [p for p, v in enumerate(values) if v == top]
        if len(leaders) == 1:
            if leader is not None and leaders[0] != leader:
                changes += 1
            leader = leaders[0]
        short = top - sum(values[w] for w in winners) / len(winners)
        if short > 0:
            behind += 1
            gap += short
        if sole is not None and leaders != [sole]:
            last_not_leading = t
    samples = len(series)
    decided = trailed = None
    if sole is not None:
        # Led alone from standing last_not_leading + 2 on (1-based); if the winner did not
        # lead alone even at the end (a tie-break), it was decided at the last turn.
        decided = min(last_not_leading + 2, samples)
        half = series[(samples + 1) // 2 - 1]
        trailed = max(half) > half[sole]
    final = sorted(series[-1], reverse=True)
    margin = final[0] - final[1] if len(final) > 1 else 0.0
    return Standing(samples, changes, behind, gap, decided, trailed, float(margin))


__all__ = ["Recorder", "Recording", "Standing", "Trace", "ValueFn", "points_estimate",
           "tension"]
