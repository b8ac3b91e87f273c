"""The arrangement model of Treehouse (pyramids): a line of stacks and lying pieces, and the
five actions on it.

Why a model of its own: every question the game, the renderer, the counting notebook and
the solver ask ("how many ways can a Tree Hop?", "which arrangements can a Dig reach?")
is a question about one trio's line of pieces, independent of players, dice and turns.
So the line and the five actions live here, as pure functions on an immutable value:
``line`` (the value, its notation, every line of a set of pieces), ``line_moves`` (what each
action can do to a line, R3, R4 and R13) and ``words`` (how a move is said). Everything is
read from here, as it always was (``arrangement.results``, ``arrangement.Arrangement``).
"""

from .line import (
    LEFT,
    MAX_TEXT,
    RIGHT,
    TRIO,
    UP,
    Arrangement,
    ArrangementLike,
    Position,
    all_arrangements,
    default_size_order,
    piece_set,
)
from .line_moves import (
    ACTIONS,
    DEST_FORMS,
    FACES,
    Move,
    can,
    forget_moves,
    gap_token,
    moves,
    raw_moves,
    results,
    token_problem,
)
from .words import NAMES, name, sentence, stack_name

__all__ = [
    "ACTIONS", "FACES", "TRIO", "NAMES", "UP", "LEFT", "RIGHT", "DEST_FORMS", "MAX_TEXT",
    "Position", "Arrangement", "ArrangementLike", "Move", "all_arrangements", "piece_set",
    "default_size_order", "moves", "raw_moves", "results", "can", "name", "sentence",
    "token_problem", "stack_name", "gap_token", "forget_moves",
]
