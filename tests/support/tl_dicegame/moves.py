"""Each action's whole rule, as a Kind."""

from __future__ import annotations

from treehouse_lab.core.fields import replace_at
from treehouse_lab.core.kinds import Kind, KindTable

from .actions import Deal, Guess, Roll
from .stages import SIDES

RULES = KindTable("dice")


@RULES.kind(Deal)
class DealKind(Kind):
    def refusal(self, s, a, player):
        return "Deal: each player is dealt one card face down at the start"

    def apply(self, s, a, player):
        seat = s.hands.index(None)
        s.deck = tuple(c for c in s.deck if c != a.card)
        s.hands = replace_at(s.hands, seat, a.card)
        s.pop()

    def explain(self, s, a, player):
        return f"Deal: each of the {len(s.deck)} cards left is equally likely"

    def narrate(self, s, a, player):
        # The outcome's text names the card (texts are unique at a node); the log line,
        # told to every seat, must not: the card goes face down.
        return f"{s.game.player_name(s.hands.index(None))} is dealt a card face down"


@RULES.kind(Roll)
class RollKind(Kind):
    def refusal(self, s, a, player):
        return "Roll: the die is rolled at the start of each turn"

    def apply(self, s, a, player):
        s.die = a.pips
        s.pop()

    def explain(self, s, a, player):
        return "Roll: each face is equally likely"


@RULES.kind(Guess)
class GuessKind(Kind):
    CLICKS = ("guess:{side}",)

    def generate(self, s, seat):
        return [Guess(side) for side in SIDES]

    def refusal(self, s, a, player):
        return "Guess: after your roll, guess high or low"

    def apply(self, s, a, player):
        s.rolls = replace_at(s.rolls, player, s.rolls[player] + (s.die,))
        s.guesses = replace_at(s.guesses, player, s.guesses[player] + (a.side,))
        s.die, s.turn = None, s.turn + 1
        s.pop()

    def explain(self, s, a, player):
        return "Guess: a right guess scores the die's pips at the end"
