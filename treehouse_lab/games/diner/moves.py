"""Treehouse Diner: every kind of the game in one table, :data:`RULES`, in the order of
``Game.ACTION_TYPES``: the draws and Phase 1, the effects' choices, Phase 2, then the
modules. The kinds themselves and what they share are in ``kinds.py`` and the modules it
names; each registers its kinds into ``RULES`` when imported, so the order of the imports
below is the order of ``ACTION_TYPES`` (and of the action space): keep it."""

from __future__ import annotations

# isort: off
from . import pantry_phone, effects, assigning, module_moves
# isort: on
from .kinds import RULES

#: The modules of the kinds, in the order they register.
PARTS = (pantry_phone, effects, assigning, module_moves)

__all__ = ["PARTS", "RULES"]
