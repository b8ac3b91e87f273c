"""What a seat observes of a Treehouse Lab game, in OpenSpiel's ``PyObserver`` shape.

Why apart from the adapter (:mod:`.openspiel`): an observer reads a state only through the
protocol (``observation_tensor``, ``observation``, ``information_state``), so what a seat
may see is decided by the engine's zones alone, never by the adapter's bookkeeping.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from .openspiel import TreehouseState


class Observer:
    """The observation tensor and string of a seat (OpenSpiel's PyObserver)."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TreehouseState, player: int) -> None:
        self.tensor[:] = state.tl_state.observation_tensor(player)

    def string_from(self, state: TreehouseState, player: int) -> str:
        return json.dumps(state.tl_state.observation(player), sort_keys=True,
                          separators=(",", ":"), default=str)


class InfoStateObserver:
    """The information state of a seat: a string only (no tensor is provided)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}

    def set_from(self, state: TreehouseState, player: int) -> None:
        pass

    def string_from(self, state: TreehouseState, player: int) -> str:
        return state.tl_state.information_state(player)


__all__ = ["InfoStateObserver", "Observer"]
