"""Backyard Builders bots: a heuristic that keeps its colour run. (A search bot's samples
of what a seat cannot see come from ``game.determinize``, derived from the zones in
view.py.)

``backyard-runs`` (:class:`RunKeeperBot`) is a *teaching* heuristic, not the strongest
player: it plays the way the rulebook's scoring suggests (Bonus Points for the Longest
Color Run: "1 bonus point for each Floor in that run") and its choices can be explained in
one sentence each, so a class can argue about them and test the argument by simulation
(notebooks/explore-backyard.ipynb):

1. build face up if it can (How to Build Your Treehouse), preferring a card that extends
   the colour run at the top of its treehouse, then the card worth the most points;
2. otherwise build face down (a wild, Game Turn step 2) the card the next player could
   use best, so that the hand it passes on is as poor as possible.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...bots import best_of, check_game
from ...protocol import Action
from .actions import Play
from .rules import Floor, floors_of, matches

if TYPE_CHECKING:  # pragma: no cover
    from .state import BackyardState

#: How many points one more floor in the top run is worth to the heuristic: the bonus pays
#: 1 a floor, but only to the longest run in the game, and a run that grows keeps paying.
RUN_WEIGHT = 2


def trailing_run(floors: list[Floor]) -> tuple[str | None, int]:
    """The colour and length of the run of same-coloured floors at the top (a grey floor
    has no colour and ends every run: Bonus Points for the Longest Color Run)."""
    if not floors or floors[-1].colour is None:
        return None, 0
    colour = floors[-1].colour
    n = 0
    for f in reversed(floors):
        if f.colour != colour:
            break
        n += 1
    return colour, n


class RunKeeperBot:
    """``backyard-runs``: keeps its colour run (see the module docstring)."""

    name = "backyard-runs"

    def choose(self, state: BackyardState, rng: random.Random,
               player: int | None = None) -> Action:
        check_game(self.name, state, "backyard")
        seat = state.current_player if player is None else player
        legal = state.legal_actions(seat)
        g = state.game
        house = state.treehouse(seat)
        up = [a for a in legal if not a.face_down]
        if up:
            colour, run = trailing_run(floors_of(house))

            def value(a: Play) -> int:
                card = g.card_set[a.card]
                b, t = card.bottom, card.top
                # the top run after building this card face up
                n = run + 1 if b.colour == colour else 1
                n = n + 1 if t.colour == b.colour else 1
                return b.number + t.number + RUN_WEIGHT * n
            return best_of(up, value, rng)
        # Face down: deny the next player the card that would fit them best.
        nxt = (seat + 1) % g.players
        their_top = state.top_floor(nxt)

        def gift(a: Play) -> int:
            card = g.card_set[a.card]
            return (card.bottom.number + card.top.number) if matches(their_top, card) else 0
        return best_of(legal, gift, rng)


#: The fast playout policy a search bot (``mcts``) finishes its simulated games with.
ROLLOUT = RunKeeperBot


__all__ = ["ROLLOUT", "RUN_WEIGHT", "RunKeeperBot", "trailing_run"]

