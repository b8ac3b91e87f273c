"""The engine protocol (docs/dev/contracts.md) as two base classes and the
action values they pass around.

Why base classes and not just a document: ``apply`` must check legality *before* it changes
anything, ``child`` must never touch the original, and every game must answer the same
questions for the conformance suite. Writing that once means a game only implements its
rules (``_legal_actions``, ``_apply``, ``chance_outcomes``, scoring, JSON) and inherits the
guarantees.

The parts live in modules of their own, and this module names them all, as games, boards
and :mod:`treehouse_lab.protocol` import them:

* :mod:`.actions`: ``Action``, the value class of moves and chance outcomes, with its field
  checks, and ``MAX_FIELD_LENGTH``;
* :mod:`.game`: ``Game``, a configured game, and ``configurations_of``;
* :mod:`.state`: ``State``, one position, the special player ids ``CHANCE``,
  ``SIMULTANEOUS`` and ``TERMINAL``, and ``MAX_MESSAGE``.

Player ids follow OpenSpiel: seats are 0..n-1, and the special ids are negative.

This module sits above those three and only names them: the rest of core imports each part
from its own module (``from .state import State``), never from here, so that no core module
is in an import circle through this one (``tests/test_layers.py`` checks it).
"""

from __future__ import annotations

from typing import Sequence

from .actions import MAX_FIELD_LENGTH, Action
from .game import Game, configurations_of
from .state import CHANCE, MAX_MESSAGE, SIMULTANEOUS, TERMINAL, State

__all__: Sequence[str] = (
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "Action", "Game", "State",
    "MAX_FIELD_LENGTH", "MAX_MESSAGE", "configurations_of",
)
