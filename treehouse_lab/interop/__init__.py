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


#: What None is as a whole-number parameter (an option such as the Diner's ``end_after``,
#: None or a number of rounds).
NONE_NUMBER = -1


def counts(option: Any) -> bool:
    """Whether an option whose default is None otherwise holds whole numbers (its
    examples say so): its parameter is then a number, :data:`NONE_NUMBER` for None (a game
    string reads ``3`` as a number, so a text parameter could not hold it)."""
    shown = [v for v in (*(option.examples or ()), *(option.choices or ())) if v is not None]
    return bool(shown) and all(isinstance(v, int) and not isinstance(v, bool) for v in shown)


def option_to_param(value: Any, option: Any = None) -> Any:
    """An option value as a flat game parameter (OpenSpiel's game strings split on commas,
    so a set of modules is ``"bees+chili"``; None is ``""``, or ``-1`` for an option that
    otherwise counts)."""
    if value is None:
        return NONE_NUMBER if option is not None and counts(option) else ""
    if option is not None and option.default is None and not counts(option) and isinstance(
            value, int):
        return str(value)
    if isinstance(value, (tuple, list)):
        # Names join with "+"; numbers with spaces, since a game string reads "2+0+1" as a
        # malformed number.
        numbers = all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        return (" " if numbers and value else PLUS).join(str(v) for v in value)
    return value


def param_to_option(value: Any, option: Any) -> Any:
    """The option value a game parameter stands for (the inverse of
    :func:`option_to_param`; the game's own option check then validates it)."""
    if option.is_set():
        return tuple(v for v in str(value).split(PLUS) if v)
    if option.default is None and counts(option):
        return None if value == NONE_NUMBER else value
    if option.default is None or isinstance(option.default, (tuple, list)):
        if value == "":
            return None
        parts = [int(v) if v.lstrip("-").isdigit() else v
                 for v in str(value).replace(PLUS, " ").split()]
        if isinstance(option.default, (tuple, list)) or len(parts) > 1:
            return tuple(parts)
        return parts[0]
    return value


def player_range(game_class: Any) -> tuple[int, int]:
    """The fewest and most players a game allows (from its ``players`` option)."""
    option = next(o for o in game_class.OPTIONS if o.name == "players")
    counts = list(option.choices or option.examples or (option.default,))
    return min(counts), max(counts)


__all__ = ["NONE_NUMBER", "PLUS", "counts", "option_to_param", "param_to_option", "player_range"]
