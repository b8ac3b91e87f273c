"""Determinization: a full state a seat cannot tell apart from the real one.

Why: a search bot must not peek. In a game with hidden cards the state a bot is handed
(a copy of the true state) holds the deck order, the other hands and the face-down cards;
a bot that searched it would play as if it could see through card backs. So the search
starts from a *sample*: the hidden components dealt at random among the places the seat
cannot see, consistent with everything the seat can see, built from
``state.observation(seat)`` alone. Averaged over many samples, the search weighs each
possible deal by its chance.

Where it comes from: the protocol's ``game.determinize(observation, seat, rng)``, derived
in core from the game's zones (``core/zones.py``), for every game that declares ``ZONES``.
Where nothing is hidden from the seat (``hidden_from(seat)`` is empty, as in Treehouse)
the sample is a copy of the state. A game that hides something and cannot deal it is
refused with a message rather than searched with the true state.
"""

from __future__ import annotations

import random
from typing import Callable

from ..errors import RuleError
from ..protocol import State


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A state drawn at random from those ``seat`` cannot tell apart from ``state``.

    Built from ``state.observation(seat)`` only, never from what is hidden in ``state``.
    Where nothing is hidden from ``seat``, a copy of ``state``."""
    return sampler(state, seat)(rng)


def sampler(state: State, seat: int) -> Callable[[random.Random], State]:
    """``sampler(state, seat)(rng)`` is ``determinize(state, seat, rng)``, with the
    observation read once for the many samples a search draws."""
    game = state.game
    if game.ZONES is not None:
        if not state.hidden_from(seat):
            return lambda rng: state.clone()
        observation = state.observation(seat)
        return lambda rng: game.determinize(observation, seat, rng)
    if not state.hidden_from(seat):
        return lambda rng: state.clone()
    raise RuleError(
        f"{game.name} hides cards from {game.player_name(seat)} but declares no zones "
        "(ZONES) to determinize from, so a search bot cannot play it without peeking"
    )


def consistent(sample: State, state: State, seat: int) -> bool:
    """Whether ``sample`` looks to ``seat`` exactly as ``state`` does (a test helper and
    a check a game's zones can be held to)."""
    return sample.observation(seat) == state.observation(seat)


__all__ = ["consistent", "determinize", "sampler"]
