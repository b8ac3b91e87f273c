"""Live Jupyter boards: ``tl.Board(game_or_match, seed=0, bots=None, viewer=None)``.

Importing this module imports ipywidgets and anywidget, which is why ``treehouse_lab``
exports ``Board`` lazily: rule engines and simulations never pay for the widget stack.
"""

from __future__ import annotations

from .assets import widget_file
from .board import Board
from .selection import ClickResult, Selector
from .view import BoardView

__all__ = ["Board", "BoardView", "Selector", "ClickResult", "widget_file"]
