"""Which games exist and how to load one.

Games are named here by import path, not imported, so ``import treehouse_lab`` stays fast
and a game's data files are read only when that game is loaded. Registering a game here is
all it takes for the conformance suite, the benchmark and the boards to pick it up.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping

from .errors import RuleError, quote
from .protocol import Game

_REGISTRY: dict[str, str] = {
    "backyard": "treehouse_lab.games.backyard:BackyardGame",
    "diner": "treehouse_lab.games.diner:DinerGame",
    "magical": "treehouse_lab.games.magical:MagicalGame",
    "pyramids": "treehouse_lab.games.pyramids:PyramidsGame",
}

GAMES: tuple[str, ...] = tuple(sorted(_REGISTRY))


def game_class(name: str) -> type[Game]:
    try:
        path = _REGISTRY[name]
    except (KeyError, TypeError):
        raise RuleError(f"unknown game {quote(name, 40)}; games are: {', '.join(GAMES)}") from None
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def declared(attr: str) -> dict[str, Any]:
    """{game name: the value of ``attr`` on its class}, in the registry's order, for every
    registered game whose class declares it (a non-empty ``BOTS``, ``EXERCISES``,
    ``LESSONS``), module paths made absolute (:func:`absolute`).

    Why the games declare and the generic modules ask here: a generic module (bots,
    exercises, lessons) then names no game, and a new game's bots and exercises need no
    edit outside its own package. Imports every game class, so callers ask only when they
    need the games' declarations, not at their own import."""
    found: dict[str, Any] = {}
    for name in GAMES:
        cls = game_class(name)
        value = getattr(cls, attr, None)
        if not value:
            continue
        if isinstance(value, str):
            value = absolute(value, cls)
        elif isinstance(value, Mapping):
            value = {k: absolute(v, cls) if isinstance(v, str) else v
                     for k, v in value.items()}
        found[name] = value
    return found


def absolute(path: str, cls: type) -> str:
    """A module path a game class declares (``".exercises"``, ``".bots:CookBot"``) made
    absolute: a leading dot is the package of the class's own module, so a game names its
    modules without spelling its package (and could be moved or copied without edits)."""
    if not path.startswith("."):
        return path
    package = cls.__module__.rpartition(".")[0]
    return f"{package}{path}" if package else path[1:]


def theory(game: Game) -> Any:
    """The module of ``game``'s theory (its class's ``THEORY``, imported), or None when
    the game declares none: where the design lab reads exact values and the game's names
    for kinds of moves, and the OpenSpiel solve the key of a position
    (docs/dev/adding-a-game.md, "Theory the generic layers read"). Only the game's own
    class is read, so asking costs one import, not every game's."""
    cls = type(game)
    path = getattr(cls, "THEORY", "")
    return importlib.import_module(absolute(path, cls)) if path else None


def load_game(name: str, **options: Any) -> Game:
    """``load_game("backyard", players=3)``: a configured game, options validated."""
    return game_class(name)(**options)


def load_game_from(name: str, options: Mapping[Any, Any]) -> Game:
    """``load_game`` for options read from a save: a mapping whose keys are checked to be
    option names (strings) before they become keyword arguments."""
    odd = [k for k in options if not isinstance(k, str)]
    if odd:
        raise RuleError(f"{quote(name, 40)}: option names are strings, got {quote(odd[0], 30)}")
    return load_game(name, **options)
