"""Treehouse (pyramids): trios of pyramids, the House, and the six-faced action die.

    import treehouse_lab as tl
    game = tl.load_game("pyramids", players=2, aim_stack_top=True, house_start="LMS")
    state = game.new_initial_state()

``arrangement`` is the model of one line of pieces (the rulings' notation and the five
actions, ``results``/``moves``); the game adds players, the die (a chance node, six faces
at 1/6) and the turn rule. Rulings: shared/design/pyramids-rulings.md and
docs/rulings/pyramids.md.
"""

from .arrangement import (
    ACTIONS,
    FACES,
    Arrangement,
    Move,
    Position,
    all_arrangements,
    can,
    moves,
    results,
)
from .state import Pass, Play, PyramidsGame, PyramidsState, Roll

__all__ = [
    "PyramidsGame", "PyramidsState", "Roll", "Play", "Pass",
    "Arrangement", "Position", "Move", "ACTIONS", "FACES",
    "all_arrangements", "moves", "results", "can",
]
