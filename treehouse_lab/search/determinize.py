"""Determinization: a full state a seat cannot tell apart from the real one.

Why: a search bot must not peek. In a game with hidden cards the state a bot is handed
(a copy of the true state) holds the deck order, the other hands and the face-down cards;
a bot that searched it would play as if it could see through card backs. So the search
starts from a *sample*: the hidden components dealt at random among the places the seat
cannot see, consistent with everything the seat can see, built from
``state.observation(seat)`` alone. Averaged over many samples, the search weighs each
possible deal by its chance.

How a game provides it: its package's ``bots`` module defines
``determinize(game, observation, rng) -> State`` (Backyard does). A game that hides
nothing from the seat (``hidden_from(seat)`` is empty, as in Treehouse) needs no hook:
the state is what the seat sees. A game that hides something and has no hook is refused
with a message rather than searched with the true state.

Proposed protocol addition (docs/dev/contracts.md): ``Game.determinize(observation, rng)``
as an optional hook, so the lookup below becomes a method call.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from typing import Any, Callable

from ..errors import RuleError
from ..protocol import Game, State

Determinizer = Callable[[Game, dict, random.Random], State]

_HOOKS: dict[type, Determinizer | None] = {}


def game_bots_module(game: Game) -> Any:
    """The ``bots`` module of the game's package (None if it has none): where a game
    keeps its heuristics and the hooks search bots use."""
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
    """The game's ``determinize(game, observation, rng)`` hook, from its package's
    ``bots`` module, or None if it has none."""
    cls = type(game)
    if cls not in _HOOKS:
        hook = getattr(game, "determinize", None)
        if hook is not None:
            _HOOKS[cls] = lambda g, obs, rng: g.determinize(obs, rng)  # type: ignore[attr-defined]
        else:
            module = game_bots_module(game)
            _HOOKS[cls] = getattr(module, "determinize", None) if module else None
    return _HOOKS[cls]


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A state drawn at random from those ``seat`` cannot tell apart from ``state``.

    Built from ``state.observation(seat)`` only, never from what is hidden in ``state``.
    Where nothing is hidden from ``seat``, a copy of ``state``."""
    hook = determinizer(state.game)
    if hook is not None:
        return hook(state.game, state.observation(seat), rng)
    if not state.hidden_from(seat):
        return state.clone()
    raise RuleError(
        f"{state.game.name} hides cards from {state.game.player_name(seat)} and has no "
        "determinize(game, observation, rng) hook in its bots module, so a search bot "
        "cannot play it without peeking"
    )


def sampler(state: State, seat: int) -> Callable[[random.Random], State]:
    """``sampler(state, seat)(rng)`` is ``determinize(state, seat, rng)``, with the
    observation read once for the many samples a search draws."""
    hook = determinizer(state.game)
    if hook is not None:
        observation = state.observation(seat)
        game = state.game
        return lambda rng: hook(game, observation, rng)
    if not state.hidden_from(seat):
        return lambda rng: state.clone()
    determinize(state, seat, random.Random(0))  # raises the explanation
    raise AssertionError("unreachable")  # pragma: no cover


def consistent(sample: State, state: State, seat: int) -> bool:
    """Whether ``sample`` looks to ``seat`` exactly as ``state`` does (a test helper and
    a check a game's hook can be held to)."""
    return sample.observation(seat) == state.observation(seat)


__all__ = ["Determinizer", "consistent", "determinize", "determinizer", "game_bots_module",
           "sampler"]


