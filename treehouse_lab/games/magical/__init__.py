"""Magical Treehouse: a real-time simultaneous draft, then building villages.

    import treehouse_lab as tl
    game = tl.load_game("magical", players=4, day_side=True)
    state = game.new_initial_state()

The planning step is played by everyone at once as small actions by several actors
(``state.actors()``); set-up, the deal and every draw are chance nodes with exact
probabilities. Rulings: docs/rulings/magical.md. Stand-in data: buildings.toml,
objectives.toml, forest.toml.
"""

from .data import load_data
from .game import MagicalGame
from .moves import ACTION_TYPES
from .state import MagicalState

__all__ = ["ACTION_TYPES", "MagicalGame", "MagicalState", "load_data"]

