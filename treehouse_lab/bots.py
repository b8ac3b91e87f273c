"""Bots: seat-fillers that choose an action given a state and a seeded generator.

A bot never owns randomness; the driver hands it a generator keyed to the decision, so
a match replays exactly.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol

from .errors import RuleError
from .protocol import Action, State


class Bot(Protocol):
    name: str

    def choose(self, state: State, rng: random.Random) -> Action: ...


class RandomBot:
    """Uniform over the legal actions: the baseline every game supports."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot}


def make_bot(spec: str | Bot) -> Bot:
    if isinstance(spec, str):
        try:
            return BOTS[spec]()
        except KeyError:
            raise RuleError(f"unknown bot {spec!r}; bots are: {', '.join(BOTS)}") from None
    if not callable(getattr(spec, "choose", None)):
        raise RuleError(f"a bot needs a choose(state, rng) method, got {spec!r}")
    return spec
