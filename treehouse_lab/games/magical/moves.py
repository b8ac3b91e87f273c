"""Magical Treehouse's moves: every action kind, registered in one table (``RULES``).

The kinds live by step of the round: ``planning.py`` (the chance draws of the
preparations and the deal, the Planning Step and the answers to its spells) and
``building.py`` (the Building Step). Both register in the table of ``kind.py``; this
module imports them in that order, so ``RULES`` is whole here and ``ACTION_TYPES`` lists
the action types in the order of registration. The action types themselves are
re-exported (``from treehouse_lab.games.magical.moves import Place``).
"""

from __future__ import annotations

# The planning kinds register first: ACTION_TYPES, and so every action's id (core/codec.py),
# follow the order of registration.
from . import planning

# isort: split
from . import building
from .actions import (
    Build,
    BuildFaceDown,
    Cast,
    CommonObjective,
    Discard,
    DiscardCard,
    DiscardHand,
    DrawCard,
    DrawFour,
    DropOut,
    Exchange,
    Finish,
    GiveBiscuit,
    KeepStorage,
    MovePipe,
    PersonalObjective,
    Pipe,
    Place,
    PlaceFamiliar,
    Reveal,
    SkipFamiliar,
    Store,
    Take,
    Wait,
)
from .kind import RULES, MagicalKind

#: The kind modules, registered in this order (what ``ACTION_TYPES`` follows).
KIND_MODULES = (planning, building)

#: Every action type, in the order the kinds were registered (``Game.ACTION_TYPES``).
ACTION_TYPES = RULES.action_types

__all__ = ["ACTION_TYPES", "KIND_MODULES", "RULES", "MagicalKind", "Build", "BuildFaceDown",
           "Cast", "CommonObjective", "Discard", "DiscardCard", "DiscardHand", "DrawCard",
           "DrawFour", "DropOut", "Exchange", "Finish", "GiveBiscuit", "KeepStorage",
           "MovePipe", "PersonalObjective", "Pipe", "Place", "PlaceFamiliar", "Reveal",
           "SkipFamiliar", "Store", "Take", "Wait"]
