"""Small constructed games with known answers, for the design lab's tests
(tests/design): each is written on the public protocol alone, scripted so that what a
metric should say can be worked out by hand.

* ``CoinFlip``: seat 0 calls heads or tails, a fair coin is tossed, the call wins for
  seat 0, else seat 1 wins. Fair: balance 1, no first-player edge, luck 1.
* ``FirstMoveDecides``: seat 0's first move gives the only point to itself or to seat 1;
  then ``rounds - 1`` rounds of forced passes. The lead never changes after the first
  move: no lead change, no drama, decided at once.
* ``Seesaw``: four rounds of forced moves whose points make the lead swing (see its
  docstring for the hand-worked figures).
* ``Forced``: three rounds of: seat 0 picks one of three, then passes (forced); seat 1
  the same. Half the moves are forced, exactly; branching factor 2, exactly.
* ``HighCard``: each seat in turn picks 0, 1 or 2 points; the highest wins, ties split.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from treehouse_lab.core.options import Option
from treehouse_lab.protocol import CHANCE, TERMINAL, Action, Game, State


@dataclass(frozen=True)
class Pick(Action):
    KIND = "pick"
    value: int

    def __str__(self) -> str:
        return f"Pick {self.value}"


@dataclass(frozen=True)
class Toss(Action):
    KIND = "toss"
    heads: bool

    def __str__(self) -> str:
        return "Heads" if self.heads else "Tails"


class ScriptState(State):
    """Moves in a fixed order of seats (``game.ORDER``, one entry a move); each move adds
    points (``game.points(step, value, seat)``); chance where ``game.chance_at(step)``."""

    def __init__(self, game: ScriptGame, step: int = 0, points: tuple[int, ...] = (0, 0),
                 picks: tuple[int, ...] = (), pending: bool = False) -> None:
        self.game = game
        self.step = step
        self.points = points
        self.picks = picks
        self.pending = pending           # a chance step waits before the next move

    @property
    def current_player(self) -> int:
        if self.pending:
            return CHANCE
        if self.step >= len(self.game.ORDER):
            return TERMINAL
        return self.game.ORDER[self.step]

    def _legal_actions(self, player: int) -> list[Action]:
        return [Pick(v) for v in self.game.choices(self.step, self.picks)]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(Toss(True), Fraction(1, 2)), (Toss(False), Fraction(1, 2))]

    def _apply(self, action: Action, player: int) -> None:
        if isinstance(action, Toss):
            self.pending = False
            self.points = self.game.after_toss(self.picks, action.heads)
            return
        assert isinstance(action, Pick)
        points = list(self.points)
        for seat, add in enumerate(self.game.gain(self.step, action.value, player)):
            points[seat] += add
        self.points = tuple(points)
        self.picks = self.picks + (action.value,)
        self.pending = self.game.chance_after(self.step)
        self.step += 1

    def scores(self) -> list[dict]:
        return [{"total": p, "points": p} for p in self.points]

    def winners(self) -> list[int]:
        best = max(self.points)
        return [p for p, v in enumerate(self.points) if v == best]

    def clone(self) -> ScriptState:
        return ScriptState(self.game, self.step, self.points, self.picks, self.pending)

    def to_json(self) -> dict:
        return {"step": self.step, "points": list(self.points), "picks": list(self.picks),
                "pending": self.pending}


class ScriptGame(Game):
    TITLE = "A scripted test game"
    OPTIONS = (Option("players", 2, "two seats", choices=(2,)),)
    ACTION_TYPES = (Pick, Toss)
    ORDER: tuple[int, ...] = ()

    def new_initial_state(self) -> ScriptState:
        return ScriptState(self)

    def choices(self, step: int, picks: tuple[int, ...]) -> list[int]:
        return [0]

    def gain(self, step: int, value: int, seat: int) -> tuple[int, int]:
        return (0, 0)

    def chance_after(self, step: int) -> bool:
        return False

    def after_toss(self, picks: tuple[int, ...], heads: bool) -> tuple[int, int]:
        return (0, 0)


class CoinFlip(ScriptGame):
    NAME = "coinflip"
    ORDER = (0,)

    def choices(self, step, picks):
        return [0, 1]                    # 0: heads, 1: tails

    def chance_after(self, step):
        return True

    def after_toss(self, picks, heads):
        called_heads = picks[0] == 0
        return (1, 0) if called_heads == heads else (0, 1)


class FirstMoveDecides(ScriptGame):
    """Seat 0 picks 0 (the point to itself) or 1 (to seat 1); then 3 rounds of passes."""

    NAME = "firstmove"
    ORDER = (0, 1, 0, 1, 0, 1, 0, 1)

    def choices(self, step, picks):
        return [0, 1] if step == 0 else [0]

    def gain(self, step, value, seat):
        if step != 0:
            return (0, 0)
        return (1, 0) if value == 0 else (0, 1)


class Seesaw(ScriptGame):
    """Four rounds, every move forced. Round by round the points are (2, 0), (2, 3),
    (4, 3), (4, 6): the lead goes 0, 1, 0, 1 (3 lead changes) and seat 1 wins 6 to 4,
    having been behind after rounds 1 (by 2) and 3 (by 1): drama (2 + 1) / 4 = 3/4,
    behind after 2 of 4 rounds, in the lead for good from round 4 (decisiveness 3/4),
    leading after half the rounds (no comeback), margin 2."""

    NAME = "seesaw"
    ORDER = (0, 1) * 4
    GAINS = ((2, 0), (0, 0), (0, 0), (0, 3), (2, 0), (0, 0), (0, 0), (0, 3))

    def gain(self, step, value, seat):
        return self.GAINS[step]


class Forced(ScriptGame):
    """Seats take turns of two moves: pick one of three, then a forced pass."""

    NAME = "forced"
    ORDER = (0, 0, 1, 1) * 3

    def choices(self, step, picks):
        return [0, 1, 2] if step % 2 == 0 else [0]


class HighCard(ScriptGame):
    NAME = "highcard"
    ORDER = (0, 1)

    def choices(self, step, picks):
        return [0, 1, 2]

    def gain(self, step, value, seat):
        return (value, 0) if seat == 0 else (0, value)


def constant_value(state: State) -> list[float]:
    """A value estimate by which seat 1 always leads."""
    return [0.0, 1.0]
