"""Backyard Builders Treehouse: the stages of the game, one class each.

The game is set-up (the achievement card, the start player, the start player's cards), then
turns: draw a card, play a card (Rulebook: Game Turn). Every stage is a value without fields:
what it waits for is read off the position (the deck, the hand, the treehouses), so the
stack never needs saving. :func:`stages_from` rebuilds it from those fields, for a new game,
at the end of every turn and when a save is loaded: one function says which stage a
position is at. ``state.stage`` (core's) is the top stage's name: 'achievement', 'start',
'deal', 'draw', 'play', or 'over' once the stack is empty at the end; code tests the top
stage's class (``isinstance(state.top, DrawStage)``), not the name.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from ...core.stages import Stage, StageTable
from ...protocol import Action
from .actions import Play

if TYPE_CHECKING:  # pragma: no cover
    from .game import BackyardGame
    from .state import BackyardState

STAGES = StageTable("backyard")


@STAGES.stage
@dataclass(frozen=True)
class AchievementStage(Stage):
    """Achievement Card Expansion: "randomly choose ONE Achievement Card" (R10)."""

    NAME = "achievement"
    LABEL = "Setting up: turning up the achievement card"
    CHANCE = True

    def outcomes(self, s: BackyardState) -> list[tuple[Action, Fraction]]:
        return list(s.game.achievement_outcomes)


@STAGES.stage
@dataclass(frozen=True)
class StartStage(Stage):
    """Rulebook: Game Setup: "Randomly determine a Start Player"."""

    NAME = "start"
    LABEL = "Setting up: choosing the start player"
    CHANCE = True

    def outcomes(self, s: BackyardState) -> list[tuple[Action, Fraction]]:
        return list(s.game.start_outcomes)


class DeckDraw(Stage):
    """A draw from the deck: each card left is equally likely (Game Turn, step 1)."""

    __slots__ = ()
    CHANCE = True
    #: How many cards the hand holds once this stage is done, beyond one per player: the
    #: Draw kind pops the stage then (moves.py).
    EXTRA = 0

    def outcomes(self, s: BackyardState) -> list[tuple[Action, Fraction]]:
        return s.game.deck_draws.outcomes(s.deck)

    def drawn(self, s: BackyardState, action: Any) -> bool:
        card = s.game.deck_draws.key_by_id.get(id(action))
        return card is not None and card in s.deck


@STAGES.stage
@dataclass(frozen=True)
class DealStage(DeckDraw):
    """Game Setup: "The start player draws cards equal to the number of players"."""

    NAME = "deal"

    def label(self, s: BackyardState) -> str:
        return f"{s.game.player_name(s.holder)} (start player) draws {s.game.players} cards"


@STAGES.stage
@dataclass(frozen=True)
class DrawStage(DeckDraw):
    """Game Turn, step 1: "Draw 1 card from the Draw Deck and add it to your hand"."""

    NAME = "draw"
    EXTRA = 1

    def label(self, s: BackyardState) -> str:
        return f"{s.game.player_name(s.holder)} draws a card"


@STAGES.stage
@dataclass(frozen=True)
class PlayStage(Stage):
    """Game Turn, steps 2 and 3: the holder builds one card and passes the rest on. The
    stage stays for the next holder, whose turn starts with a draw: the Play kind pushes
    the draw on top of it, or pops it after the last card (Game End)."""

    NAME = "play"
    OFFERS = (Play,)

    def actors(self, s: BackyardState) -> Sequence[int]:
        # The holder (state.holder), written out: this runs once a turn in every playout.
        return ((s.start_player + s.turn) % s.game.players,)  # type: ignore[operator]

    def legal(self, s: BackyardState, seat: int) -> list[Action]:
        return s.KINDS.by_type[Play].generate(s, seat)


    def label(self, s: BackyardState) -> str:
        return f"{s.game.player_name(s.holder)} to build"


ACHIEVEMENT, START, DEAL, DRAW, PLAY = (AchievementStage(), StartStage(), DealStage(),
                                        DrawStage(), PlayStage())


def stages_from(s: BackyardState) -> tuple[Stage, ...]:
    """The stages still to come in the set-up or the turn ``s`` is in, next first; () at
    the end of the game (Game End: every player has built their cards)."""
    return stages_at(s.game, s.start_player, s.achievement_id, s.turn, len(s.hand_cards))


def stages_at(g: BackyardGame, start_player: int | None, achievement: str | None,
              turn: int, hand: int) -> tuple[Stage, ...]:
    """:func:`stages_from` over the public facts it reads (who starts, the achievement
    card, the cards played, the hand's size), so a seat's view (view.py) reads the stage
    off what it sees."""
    if start_player is None:
        return (ACHIEVEMENT, START, DEAL) if (g.achievements_on and
                                              achievement is None) else (START, DEAL)
    if turn == g.total_plays:
        return ()
    if hand < g.players:
        return (DEAL,)
    return (DRAW, PLAY) if hand == g.players else (PLAY,)


__all__ = ["ACHIEVEMENT", "DEAL", "DRAW", "PLAY", "START", "STAGES", "AchievementStage",
           "DealStage", "DeckDraw", "DrawStage", "PlayStage", "StartStage", "stages_at",
           "stages_from"]
