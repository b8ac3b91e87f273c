"""Treehouse (pyramids): trios of pyramids, the House, and the six-faced action die.

``arrangement`` is the model of one line of pieces (notation, the five actions); the game
(``PyramidsGame``) adds players, the die and the turn rule on top of it.
"""
