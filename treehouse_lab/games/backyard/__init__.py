"""Backyard Builders Treehouse: build the best treehouse from one hand passed round the table.

    import treehouse_lab as tl
    game = tl.load_game("backyard", players=3, achievements=True)
    state = game.new_initial_state()

Set-up, draws and the start player are chance nodes with exact probabilities; the only
decision is :class:`Play` (a card from the hand, face up if it matches, or face down as a
wild). Rulings: docs/rulings/backyard.md. Stand-in cards: cards.toml, achievements.toml;
your own: ``tl.load_game("backyard", cards=backyard.load_cards("my_cards.toml"))``.
"""

from .actions import ChooseAchievement, ChooseStartPlayer, Draw, Play
from .data import load_achievements, load_cards
from .game import BackyardGame
from .rules import Achievement, Card, Floor, PlayedCard, Run
from .state import BackyardState

__all__ = [
    "BackyardGame", "BackyardState", "ChooseAchievement", "ChooseStartPlayer", "Draw", "Play",
    "Achievement", "Card", "Floor", "PlayedCard", "Run", "load_achievements", "load_cards",
]
