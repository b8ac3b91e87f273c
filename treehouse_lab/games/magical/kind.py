"""Magical Treehouse's move table, ``RULES``, and what every one of its kinds shares.

Why a module of its own: the kinds live in two modules by step of the round
(``planning.py``: preparations and the Planning Step; ``building.py``: the Building Step),
and both register in this one table; ``moves.py`` imports both, in that order, so the
table is whole (and ``ACTION_TYPES`` in registration order) wherever it is used.
"""

from __future__ import annotations

from typing import Any

from ...core.kinds import Kind, KindTable
from ...protocol import State
from .view import public_text

RULES = KindTable("magical")


class MagicalKind(Kind):
    """The parts every Magical kind shares: ``WHY`` is the rule that allows it (its
    explanation). A move that is not generated is refused by the core's ``why_not``: a
    kind's ``refusal`` sentence for a common mistake, else the legal list."""

    WHY = ""

    def explain(self, s: Any, a: Any, player: int) -> str:
        return f"{a} — {self.WHY}"

    def narrate(self, s: Any, a: Any, player: int) -> str:
        """The log line, which every seat reads: a face-down building of the actor's is
        named as the others know it ("face-down building 1": ruling R17)."""
        if player < 0:
            return State.narrate(s, a, None)
        return f"{s.game.player_name(player)}: {public_text(s, player, str(a))}"


__all__ = ["MagicalKind", "RULES"]
