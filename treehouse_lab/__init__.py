"""Treehouse Lab: step-able rule engines for four tabletop games, with live boards.

    import treehouse_lab as tl
    game = tl.load_game("backyard", players=3)
    match = tl.Match(game, seed=7, bots={1: "random", 2: "random"})

Importing is cheap: games, boards, sympy and matplotlib load only when used.
"""

from __future__ import annotations

from typing import Any

from .errors import HumanToMove, IllegalActionError, RuleError

# Bound eagerly (it is light): the function ``lessons()`` shares its name with the package
# ``treehouse_lab.lessons``, and importing that package by any route would otherwise replace
# a lazily bound ``tl.lessons`` with the package (the widget loads only with ``Lesson``).
from .lessons import lessons
from .protocol import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, State
from .registry import GAMES, load_game

# Bound eagerly (it is light): the function ``simulate`` shares its name with the submodule
# ``treehouse_lab.simulate``, and importing that submodule by any route would otherwise
# replace a lazily bound ``tl.simulate`` with the module.
from .simulate import playouts, simulate, tournament

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "GAMES", "Action", "Game", "State",
    "RuleError", "IllegalActionError", "HumanToMove", "load_game",
    "Match", "LogEntry", "simulate", "playouts", "tournament", "Board", "register_bot", "BOTS",
    "register_schedule", "SCHEDULES", "lessons", "Lesson", "AnswerBox",
]

_LAZY = {
    "Match": ".match", "LogEntry": ".match",
    "Board": ".boards",
    "register_bot": ".bots", "BOTS": ".bots",
    "register_schedule": ".schedules", "SCHEDULES": ".schedules",
    "Lesson": ".lessons",
    "AnswerBox": ".boards.answer_box",
}


#: Submodules reached as attributes (``tl.exercises.completion_code(...)``) without an
#: import of their own: imported on first use, as they need not load with the package.
_LAZY_MODULES = ("exercises", "design")


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        import importlib

        return importlib.import_module(f".{name}", __name__)  # binds it in globals()
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'treehouse_lab' has no attribute {name!r}")
