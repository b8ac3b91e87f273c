"""Search bots: Monte Carlo tree search and the determinization it needs for hidden cards.

    import treehouse_lab as tl
    tl.Match(tl.load_game("backyard", players=2), seed=1, bots={1: "mcts(iterations=300)"})

Imported on first use of an ``mcts`` bot (the bot registry names it lazily).
"""

from .determinize import determinize
from .mcts import MCTSBot

__all__ = ["MCTSBot", "determinize"]
