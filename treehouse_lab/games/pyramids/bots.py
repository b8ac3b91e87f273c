"""Treehouse (pyramids) bots.

``pyramids-solo`` (:class:`SoloSolverBot`) is a *teaching* heuristic: it plays every roll
as the exact solitaire solver (``solver.solve``) says, as if it were alone at the table:
take a match when the roll allows one (Goal), otherwise make the move that leaves the
fewest expected rolls to a match against the House. It shows what an absorbing Markov
chain's exact values are good for, and where they stop: it ignores the other players, so
it will change the House in a way that hands an opponent the win, and a class can find
such positions and measure how often it matters (notebooks/explore-treehouse.ipynb).

Treehouse hides nothing (every trio and the House are on the table), so a search bot
needs no determinizer here. ``mcts`` finishes its playouts with ``pyramids-solo``
(:data:`ROLLOUT`); the ladder it reaches, and why its last step is small, is in the
exploration notebook's section 5.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING

from ...bots import check_game
from ...protocol import Action
from .theory import solver

if TYPE_CHECKING:  # pragma: no cover
    from .state import PyramidsState


@lru_cache(maxsize=4)
def solution(aim_stack_top: bool = True, hop_onto_lying: bool = True) -> solver.Solution:
    """The exact solitaire solution for the trio (solved once per process: a few
    seconds). The bot itself reads the shipped values (``solver.solo_values``), which
    order every move as these do and load in a fraction of a second; only the variant
    ``hop_onto_lying=False`` (ruling R20), which ships no values, is solved here."""
    return solver.solve("SML", aim_stack_top=aim_stack_top, hop_onto_lying=hop_onto_lying)


class SoloSolverBot:
    """``pyramids-solo``: the solitaire solver's move for every roll (module docstring)."""

    name = "pyramids-solo"

    def choose(self, state: PyramidsState, rng: random.Random,
               player: int | None = None) -> Action:
        check_game(self.name, state, "pyramids")
        seat = state.current_player if player is None else player
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        game = state.game
        table = (solver.solo_values(game.aim_stack_top) if game.hop_onto_lying
                 else solution(game.aim_stack_top, False))

        def cost(action: Action) -> tuple:
            after = state.child(action, by=seat)
            if after.is_terminal():
                # A match: a win (shared or not) is best; handing others a win is worst.
                return (-float(after.returns()[seat]), 0) if seat in after.winners() \
                    else (1.0, 0)
            return (0.0, table.value(after.trio(seat), after.house))

        # Ties go to the first move in the engine's order: the bot is a fixed policy (it
        # never draws from rng), so exact calculations can follow it (simulate's
        # exact_bracket) and compute the very game a simulation plays.
        return min(legal, key=cost)


#: mcts finishes its playouts with the solver's move (``game_rollout`` in search/mcts.py):
#: uniform random playouts wander for many rolls, cost two to three times as much and give a
#: noisier win share than a playout in which both seats race for the House.
ROLLOUT = SoloSolverBot

__all__ = ["ROLLOUT", "SoloSolverBot", "solution"]
