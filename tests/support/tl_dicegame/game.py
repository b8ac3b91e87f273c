"""The game and its declared state (docs/dev/adding-a-game.md, steps 5 and 6)."""

from __future__ import annotations

from treehouse_lab.core.codec import ActionSpace, Fields
from treehouse_lab.core.fields import Field, Int, Opt, PerSeat, Str, Tuple
from treehouse_lab.core.options import Option
from treehouse_lab.core.stages import StagedState
from treehouse_lab.core.zones import COUNTED, OWNER, Zone, ZoneTable
from treehouse_lab.errors import RuleError
from treehouse_lab.protocol import Game

from .actions import Deal, Guess, Roll
from .moves import RULES
from .stages import ROUNDS, SIDES, STAGES, GuessStage, RollStage, stages_from

CARDS = tuple(f"card{n}" for n in range(1, 7))


def value(card: str) -> int:
    return int(card[4:])


class DiceGame(Game):
    NAME = "dice"
    TITLE = "Dice duel"
    OPTIONS = (Option("players", 2, "two players", choices=(2,)),)
    ACTION_TYPES = RULES.action_types
    RENDERER = f"{__package__}.render"  # the package's render module, wherever it lives

    def cards(self) -> tuple[str, ...]:
        return CARDS

    COMPONENTS = {"card": cards}

    def new_initial_state(self) -> DiceState:
        return DiceState.fresh(self, deck=CARDS)

    def max_game_length(self) -> int:
        """Two deals, then three turns each of a roll and a guess."""
        return 2 + 2 * ROUNDS * 2

    def action_space(self) -> ActionSpace:
        return ActionSpace(decisions={Guess: Fields({"side": SIDES})},
                           chance={Deal: Fields({"card": CARDS}),
                                   Roll: Fields({"pips": RollStage.FACES})})


class DiceState(StagedState):
    KINDS = RULES
    STAGES_FROM = stages_from
    FIELDS = (
        Field("deck", Tuple(Str(DiceGame.cards), sort=True, unique=True)),
        Field("hands", PerSeat(Opt(Str(DiceGame.cards)))),
        Field("die", Opt(Int(1, 6))),
        Field("turn", Int(0, 2 * ROUNDS)),
        Field("rolls", PerSeat(Tuple(Int(1, 6)))),
        Field("guesses", PerSeat(Tuple(Str(SIDES)))),
        Field("stack", STAGES.codec()),
    )

    def _check_save(self) -> None:
        """What no codec says: cards are dealt to seat 0 first; each seat has a roll and a
        guess for each of its turns; a die is showing only while its guess is awaited;
        the stack is what the fields leave."""
        if self.hands[0] is None and self.hands[1] is not None:
            raise RuleError("hands: the first card goes to player 1")
        for p in range(2):
            turns = self.turn // 2 + (self.turn % 2 > p)
            if len(self.rolls[p]) != turns or len(self.guesses[p]) != turns:
                raise RuleError(f"rolls[{p}], guesses[{p}]: {turns} each after turn "
                                f"{self.turn}")
        if self.stack[::-1] != stages_from(self):
            raise RuleError("stack: it does not fit the fields (a turn is roll, guess)")
        if (self.die is not None) != (bool(self.stack) and isinstance(self.stack[-1], GuessStage)):
            raise RuleError("die: it shows only while its guess is awaited")

    def scores(self):
        """A right guess scores its die's pips; guesses are judged when the cards are
        shown at the end (0 until then, which tells nothing of a hidden card)."""
        if not self.is_terminal():
            return [{"total": 0, "right guesses": 0} for _ in self.hands]
        out = []
        for p in range(2):
            other = value(self.hands[1 - p])
            right = "high" if other >= 4 else "low"
            total = sum(d for d, g in zip(self.rolls[p], self.guesses[p]) if g == right)
            out.append({"total": total, "right guesses": total})
        return out

    def _observation(self, player):
        return {"viewer": player, "card": self.hands[player], "die": self.die,
                "rolls": [list(r) for r in self.rolls],
                "guesses": [list(g) for g in self.guesses]}


DiceGame.STATE = DiceState
DiceGame.ZONES = ZoneTable(
    [Zone("deck", COUNTED, "deck", ordered=False),
     Zone("hands", OWNER, "hands", per_seat=True)],
    universe=lambda g: list(CARDS),
)
