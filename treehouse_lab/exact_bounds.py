"""Exact bounds on win shares, for bots that never draw from their generator (a fixed
policy): every way the first steps of a game can go, followed with its probability.

Why exact and not sampled: for a fixed policy the game is a finite tree of chance outcomes,
so a notebook can watch a true bracket close on the value that :func:`simulate` only
estimates.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .bots import ask_bot, make_bot, takes_player
from .errors import RuleError
from .protocol import Game, State
from .seeded_play import bots_per_seat


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
    made = [make_bot(b) for b in bots_per_seat(game, bots)]
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


__all__ = ["Bracket", "exact_bracket"]
