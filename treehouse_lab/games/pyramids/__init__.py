"""Treehouse (pyramids): trios of pyramids, the House, and the six-faced action die.

    import treehouse_lab as tl
    game = tl.load_game("pyramids", players=2, aim_stack_top=True, hop_onto_lying=True,
                       house_start="LMS", roll_limit=2000)
    state = game.new_initial_state()

``arrangement`` is the model of one line of pieces (the rulings' notation and the five
actions, ``results``/``moves``); ``rules`` is the turn rule; ``table`` the move tables the
game looks its moves up in; ``actions`` and ``state`` the game itself, with players and the
die (a chance node, six faces at 1/6). Rulings: docs/rulings/pyramids.md.

Names: ``ACTIONS`` are the five actions that change an arrangement (tip, aim, hop, dig,
swap); ``FACES`` the six faces of the die (the five and wild).
"""

from . import arrangement
from .actions import Pass, Play, Roll
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
    sentence,
)
from .game import PyramidsGame
from .rules import Turn, turn_rule
from .state import PyramidsState

# ``moves`` here is the arrangement model's function, as it always was: importing the kinds
# module (moves.py) above bound the package attribute to that module, so bind it again.
moves = arrangement.moves  # noqa: F811

__all__ = [
    "PyramidsGame", "PyramidsState", "Roll", "Play", "Pass",
    "Arrangement", "Position", "Move", "ACTIONS", "FACES",
    "all_arrangements", "moves", "results", "can", "sentence", "Turn", "turn_rule",
]
