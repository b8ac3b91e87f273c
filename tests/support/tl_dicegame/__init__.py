"""Dice duel, the fifth game written by following docs/dev/adding-a-game.md (issue 49):
two players, a card dealt face down to each, three turns each of a roll and a guess: is
the other player's card high (4-6) or low (1-3)? A right guess scores the die's pips
when the cards are shown at the end. Both guesses are always legal, so every decision id
is offered at once (the OpenSpiel adapter's test once ran out of unoffered ids there).

Not registered in ``tl.GAMES``: tests register it with one line
(``registry._REGISTRY["dice"] = "tl_dicegame:DiceGame"``, tests/conformance/
test_fifth_game.py), as a new game adds its line to ``treehouse_lab/registry.py``.
"""

from .game import DiceGame

__all__ = ["DiceGame"]
