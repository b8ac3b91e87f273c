"""Live Jupyter boards: ``tl.Board(game_or_match, seed=0, bots=None, viewer=None)``.

``viewer`` is the seat at the screen (a seat, ``HOT_SEAT``, or None for the default); see
:mod:`treehouse_lab.boards.screen` for what it decides.

Importing this module imports ipywidgets and anywidget, which is why ``treehouse_lab``
exports ``Board`` lazily: rule engines and simulations never pay for the widget stack.
"""

from __future__ import annotations

from .assets import widget_file
from .board import Board
from .controls import HOT_SEAT
from .selection import ClickResult, Selector
from .view import BoardView

__all__ = ["Board", "HOT_SEAT", "BoardView", "Selector", "ClickResult", "widget_file"]
