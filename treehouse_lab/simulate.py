"""Seeded playouts: many games at once, for notebooks that confirm exact results and for
rule-variant experiments. The same seed gives the same games everywhere."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping

from .bots import ask_bot, make_bot
from .core.chance import sample_outcome
from .protocol import Game, State


def play_out(state: State, rng: random.Random, bots: Mapping[int, Any] | None = None,
             max_steps: int = 100_000) -> State:
    """Play ``state`` (mutated in place) to the end: chance sampled, seats by bots
    (uniform random where none is given). Returns the state for chaining."""
    default = make_bot("random")
    seats = {p: make_bot(b) for p, b in (bots or {}).items()}
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            # where several may act at once, who is quicker is drawn from the same stream
            actors = state.actors()
            mover = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(ask_bot(seats.get(mover, default), state, rng, mover), by=mover)
    raise RuntimeError(f"no end after {max_steps} steps")


def playouts(game: Game, games: int, seed: int = 0,
             bots: Mapping[int, Any] | None = None) -> Iterator[State]:
    """Final states of ``games`` seeded random games, one generator for the whole run."""
    rng = random.Random(seed)
    for _ in range(games):
        yield play_out(game.new_initial_state(), rng, bots)


@dataclass
class Summary:
    games: int
    wins: Counter
    mean_returns: list[float]

    def win_rate(self, seat: int) -> float:
        return self.wins[seat] / self.games


def simulate(game: Game, games: int = 1000, seed: int = 0,
             bots: Mapping[int, Any] | None = None,
             measure: Callable[[State], Any] | None = None) -> Summary | list:
    """Play ``games`` seeded games. Without ``measure``, a :class:`Summary` of wins
    (a tie counts for each winner) and mean returns (a win's share: 1, or 1/k in a k-way
    tie); with it, the list of
    ``measure(final_state)``."""
    finals = playouts(game, games, seed, bots)
    if measure is not None:
        return [measure(s) for s in finals]
    wins: Counter = Counter()
    totals = [0] * game.players
    for s in finals:
        wins.update(s.winners())
        for p, r in enumerate(s.returns()):
            totals[p] += r
    return Summary(games, wins, [t / games for t in totals])
