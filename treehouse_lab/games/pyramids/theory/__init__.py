"""The theory of Treehouse (pyramids): exact counts and probabilities, the solitaire solved
exactly, two players solved, and the perfect player that reads the shipped solution.

Why apart from the engine: the game itself (``..game``, ``..state``, the move table) never
needs any of this, and this reads the game only through its public pieces (the arrangement
model, the turn rule, the move table, the die's chance node), so the numbers are the
engine's numbers. Modules: ``counting`` (the classroom's counts and chances), ``solver``
(solitaire, exact; its optimality equations are solved by the generic
``treehouse_lab.equations``) and ``symmetry`` (the symmetries it solves under), ``duel``,
``duel_model`` and ``duel_policy`` (two players, with numpy), ``perfect`` (the shipped
policy, pure Python) and ``exact`` (what the generic layers read, declared as the game's
``THEORY``: the design lab's exact values, the name of the House moves, the solitaire's
position key for a solve through OpenSpiel).

The solved tables stay where the game ships them, ``treehouse_lab/games/pyramids/solved/``
(the tools write them there and the notebooks read them there): ``shipped`` finds them.
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from importlib.abc import Traversable


def shipped(name: str) -> Traversable:
    """The shipped solved table ``name`` (a file of ``pyramids/solved/``), found through
    the package's resources so that it is found in an installed wheel too."""
    return resources.files("treehouse_lab.games.pyramids").joinpath("solved", name)
