"""Bots: seat-fillers that choose an action given a state and a seeded generator.

A bot never owns randomness; the driver hands it a generator keyed to the decision, so a
match replays exactly. Bots are named in a registry so that a saved match can name the
bot of each seat and be loaded again: ``register_bot("mine", MyBot)``.

A bot's ``choose(state, rng, player)`` gets the seat it plays for: where several players
may act at once (a real-time phase) the state alone does not say whose decision it is.
Bots written for turn-based games as ``choose(state, rng)`` keep working there.
"""

from __future__ import annotations

import inspect
import random
from typing import Any, Callable, Protocol

from .errors import RuleError, quote
from .protocol import Action, State


class Bot(Protocol):
    name: str

    def choose(self, state: State, rng: random.Random, player: int) -> Action: ...


class RandomBot:
    """Uniform over the legal actions: the baseline every game supports."""

    name = "random"

    def choose(self, state: State, rng: random.Random, player: int | None = None) -> Action:
        return rng.choice(state.legal_actions(player))


BOTS: dict[str, Callable[[], Any]] = {"random": RandomBot}


def register_bot(name: str, factory: Callable[[], Any]) -> None:
    """Make ``name`` a bot that matches, boards and saves can name.

    ``factory()`` makes a fresh bot. Registering the same name again replaces it (handy
    while editing a bot in a notebook)."""
    if not isinstance(name, str) or not name or name == "human":
        raise RuleError(f"a bot name must be a non-empty string other than 'human', "
                        f"got {quote(name)}")
    if not callable(factory):
        raise RuleError(f"register_bot({name!r}, ...): the factory must be callable")
    BOTS[name] = factory


def bot_name(bot: Any) -> str:
    """The name a save records for ``bot``."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


def make_bot(spec: Any) -> Any:
    """A bot from a registered name or a bot object (anything with ``choose``)."""
    if isinstance(spec, str):
        try:
            factory = BOTS[spec]
        except KeyError:
            raise RuleError(
                f"unknown bot {quote(spec, 40)}; bots are: {', '.join(sorted(BOTS))} "
                "(register your own with tl.register_bot(name, factory))"
            ) from None
        return factory()
    if not callable(getattr(spec, "choose", None)):
        raise RuleError(f"a bot needs a choose(state, rng, player) method, got {quote(spec)}")
    return spec


def takes_player(bot: Any) -> bool:
    """Whether ``bot.choose`` accepts the seat (as ``player`` or a third argument)."""
    try:
        params = list(inspect.signature(bot.choose).parameters.values())
    except (TypeError, ValueError):
        return True
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        return True
    return len(params) >= 3 or any(p.name == "player" for p in params)


def ask_bot(bot: Any, state: State, rng: random.Random, seat: int,
            with_player: bool | None = None) -> Action:
    """``bot``'s choice for ``seat``. A bot that takes no seat may only be asked where
    ``seat`` is the one player to act."""
    if with_player is None:
        with_player = takes_player(bot)
    if with_player:
        return bot.choose(state, rng, seat)
    if state.actors() != [seat]:
        raise RuleError(
            f"bot {bot_name(bot)!r} has choose(state, rng) without a player, but several "
            "players may act now: give it a third parameter, player"
        )
    return bot.choose(state, rng)
