"""Treehouse Diner bots: the game's own bots (it has none beyond the shared ones).

Why this module is nearly empty: search bots (``mcts``) need a state drawn from what a
seat can see, never the true one. That used to be a hand-written ``determinize`` here,
which recounted the piles from the observation; it is now derived once, in core, from the
zones the Diner declares (``view.py``): ``game.determinize(state.observation(seat), seat,
rng)`` deals the unseen cards (the order pile, the Starting orders left in the box, the
Action card draw pile, the other hands, the Challenges in the box) into the places the seat
cannot see, and loads the result as a save, so every sample is checked like one.
"""

from __future__ import annotations

__all__: list[str] = []
