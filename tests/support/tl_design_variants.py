"""A constructed game with an option, for comparing variants (tests/design): ``Handicap``
is tl_design_games's HighCard (each seat in turn picks 0, 1 or 2 points, the highest
wins, ties split) with ``bonus`` points given to seat 1 before play.

Worked out by hand, with both seats picking uniformly at random (9 equally likely pairs
(a, b) of seat 0's and seat 1's picks):

* bonus 0: seat 0 wins 3 pairs ((1, 0), (2, 0), (2, 1)) and ties 3, a win share of
  3/9 + 3/9 / 2 = 1/2;
* bonus 1: seat 0 needs a > b + 1: one pair (2, 0) wins and two tie ((1, 0), (2, 1)),
  a share of 1/9 + 2/9 / 2 = 2/9. The difference is 2/9 - 1/2 = -5/18.

The option changes neither the legal moves nor the game's length: on the same seed, the
same bots make the same picks in both variants, so the two variants' games are paired.
"""

from __future__ import annotations

from tl_design_games import HighCard

from treehouse_lab.core.options import Option


class Handicap(HighCard):
    NAME = "handicap"
    OPTIONS = (*HighCard.OPTIONS,
               Option("bonus", 0, "points seat 1 has before play", choices=(0, 1, 2)))

    def gain(self, step, value, seat):
        bonus = self.options["bonus"] if step == 1 else 0
        return (value, 0) if seat == 0 else (0, value + bonus)
