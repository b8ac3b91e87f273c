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

TRANSITIONAL: a game not yet on zones (``ZONES is None``) may still keep a
``determinize(game, observation, rng)`` function in its package's ``bots`` module, found by
:func:`determinizer`. Delete that lookup (and :func:`determinizer`) once every game
declares its zones; nothing else here names a game's ``bots`` module.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from typing import Any, Callable

from ..errors import RuleError
from ..protocol import Game, State

#: TRANSITIONAL: the old per-game hook, ``determinize(game, observation, rng)``.
Determinizer = Callable[[Game, dict, random.Random], State]

_HOOKS: dict[type, Determinizer | None] = {}


def game_bots_module(game: Game) -> Any:
    """The ``bots`` module of the game's package (None if it has none): where a game
    keeps its heuristics and its fast playout bot (``ROLLOUT``)."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return None
    name = f"{package}.bots"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):
        return None
    return importlib.import_module(name)


def determinizer(game: Game) -> Determinizer | None:
    """TRANSITIONAL, for games without zones only: the ``determinize(game, observation,
    rng)`` function of the game's ``bots`` module, or None. A game that declares ``ZONES``
    gets None here: it is sampled through the protocol's ``game.determinize``. Delete this
    once every game declares its zones."""
    if game.ZONES is not None:
        return None
    cls = type(game)
    if cls not in _HOOKS:
        module = game_bots_module(game)
        _HOOKS[cls] = getattr(module, "determinize", None) if module else None
    return _HOOKS[cls]


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
    # TRANSITIONAL: a game not on zones yet. The order (hook first) is the old one, so
    # seeded searches of unported games replay as before.
    hook = determinizer(game)
    if hook is not None:
        observation = state.observation(seat)
        return lambda rng: hook(game, observation, rng)
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


__all__ = ["Determinizer", "consistent", "determinize", "determinizer", "game_bots_module",
           "sampler"]
