"""The engine protocol (docs/dev/contracts.md), as games, boards and notebooks
import it. It lives in :mod:`treehouse_lab.core.protocol`, so that core never imports
upwards; this module only names it."""

from __future__ import annotations

from .core.protocol import (
    CHANCE,
    MAX_FIELD_LENGTH,
    MAX_MESSAGE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    State,
    configurations_of,
)

__all__ = ["CHANCE", "SIMULTANEOUS", "TERMINAL", "Action", "Game", "State",
           "MAX_FIELD_LENGTH", "MAX_MESSAGE", "configurations_of"]
