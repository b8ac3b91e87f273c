"""Bridges to other libraries' game interfaces, each an optional extra imported only where
used: :mod:`treehouse_lab.interop.openspiel` (``pip install "treehouse-lab[openspiel]"``)
and :mod:`treehouse_lab.interop.pettingzoo` (``pip install "treehouse-lab[rl]"``).

Importing this package imports neither peer; both adapters read games only through the
protocol, the stable action ids (``game.encode``/``decode``) and the observation tensors
(docs/dev/interop.md)."""

from __future__ import annotations

from typing import Any

#: What a Treehouse Lab option becomes as a peer's game parameter.
PLUS = "+"


def option_to_param(value: Any) -> Any:
    """An option value as a flat game parameter (OpenSpiel's game strings split on commas,
    so a set of modules is ``"bees+chili"``; None is ``""``)."""
    if value is None:
        return ""
    if isinstance(value, (tuple, list)):
        return PLUS.join(str(v) for v in value)
    return value


def param_to_option(value: Any, option: Any) -> Any:
    """The option value a game parameter stands for (the inverse of
    :func:`option_to_param`; the game's own option check then validates it)."""
    if option.is_set():
        return tuple(v for v in str(value).split(PLUS) if v)
    if option.default is None or isinstance(option.default, (tuple, list)):
        if value == "":
            return None
        parts = [int(v) if v.lstrip("-").isdigit() else v for v in str(value).split(PLUS)]
        if isinstance(option.default, (tuple, list)) or len(parts) > 1:
            return tuple(parts)
        return parts[0]
    return value


def player_range(game_class: Any) -> tuple[int, int]:
    """The fewest and most players a game allows (from its ``players`` option)."""
    option = next(o for o in game_class.OPTIONS if o.name == "players")
    counts = list(option.choices or option.examples or (option.default,))
    return min(counts), max(counts)


__all__ = ["PLUS", "option_to_param", "param_to_option", "player_range"]
