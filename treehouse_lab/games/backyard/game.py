"""Backyard Builders Treehouse: the game, its options and the tables every state shares.

    import treehouse_lab as tl
    game = tl.load_game("backyard", players=3, achievements=True)

The tables (which cards fit on which top, each card's plays there, the draw outcomes of each
deck size) are made once per card set and shared by every state, so a playout allocates
almost nothing and legality is a lookup in a list made from a table.

Rulings referred to as R1, R2 ... are in docs/rulings/backyard.md.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Iterable, Mapping

from ...core.chance import UniformDraws
from ...core.codec import ActionSpace, Fields
from ...core.options import Option
from ...core.zones import UNSEEN
from ...protocol import Action, Game
from . import rules
from .actions import ChooseAchievement, ChooseStartPlayer, Draw, Play
from .data import (
    achievements_of,
    achievements_option,
    cards_of,
    cards_option,
    standard_achievements,
    standard_cards,
)
from .moves import RULES
from .rules import (
    CARDS_EACH,
    HAMMER,
    LADDERS,
    Achievement,
    Card,
    Placed,
    PlayedCard,
    Tally,
    ladder_id,
    matches,
)
from .state import BackyardState, achievement_cards, treehouse_cards
from .view import ZONES


class BackyardGame(Game):
    """``tl.load_game("backyard", players=3, achievements=False)``."""

    NAME: ClassVar[str] = "backyard"
    TITLE: ClassVar[str] = "Backyard Builders Treehouse"
    #: the rules index beside this file (treehouse_lab/rules_index.py): read when asked for
    RULEBOOK: ClassVar[str] = "rulebook.toml"
    RENDERER: ClassVar[str] = "treehouse_lab.games.backyard.render"
    #: the module of this game's lessons (treehouse_lab.lessons finds them here)
    LESSONS: ClassVar[str] = "treehouse_lab.games.backyard.lessons"
    #: This game's own bots (name -> "module:attr" of the factory, the module relative
    #: to this package), which tl.BOTS lists.
    BOTS: ClassVar[dict[str, str]] = {"backyard-runs": ".bots:RunKeeperBot"}
    #: The module of this game's exercise bank, imported when the bank is read.
    EXERCISES: ClassVar[str] = ".exercises"
    STATE = BackyardState
    ZONES = ZONES
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 3, "number of players, 2 to 5", choices=(2, 3, 4, 5)),
        Option("achievements", False, "play with the Achievement Card Expansion",
               choices=(False, True)),
        Option("wild_floor_points", 0,
               "points each grey floor of a face-down (wild) card scores (ruling R3)",
               choices=(0, 1, 2)),
        Option("min_run", 1,
               "shortest colour run that can earn the longest-run bonus (ruling R4)",
               choices=(1, 2)),
        Option("cards", standard_cards()[1],
               "the treehouse cards: 'standard' (the stand-in set), a list of 32 card ids, "
               "or load_cards(path) from Python; never a file name",
               check=cards_option),
        Option("achievement_cards", standard_achievements()[1],
               "the achievement cards: 'standard' (the stand-in set), a list of 15 card "
               "tables, or load_achievements(path) from Python; never a file name",
               check=achievements_option),
    )
    ACTION_TYPES: ClassVar[tuple[type[Action], ...]] = RULES.action_types
    #: The counted components (Game Components), whose census core derives: the cards by
    #: the functions the state's fields take their ids from (state.components adds what
    #: no field holds: built cards, the box, the ladders, the hammer).
    COMPONENTS: ClassVar[Mapping[str, Callable[[Any], Iterable[str]]]] = {
        "treehouse cards": treehouse_cards,
        "ladders": lambda g: g.ladders,
        "achievement cards": achievement_cards,
        "hammer": lambda g: (HAMMER,),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.players
        self.achievements_on: bool = self.options["achievements"]
        self.wild_points: int = self.options["wild_floor_points"]
        self.min_run: int = self.options["min_run"]
        all_cards = cards_of(self.options["cards"])
        self.card_set: Mapping[str, Card] = MappingProxyType({c.id: c for c in all_cards})
        # Rulebook: Game Setup: "If playing with only 2 players, remove all 8 Purple
        # Treehouse Cards. Put these back in the box".
        if n == 2:
            self.box_cards: tuple[str, ...] = tuple(c.id for c in all_cards if c.purple)
        else:
            self.box_cards = ()
        boxed = set(self.box_cards)
        self.deck_cards: tuple[str, ...] = tuple(
            sorted(c.id for c in all_cards if c.id not in boxed))
        self.achievement_set: Mapping[str, Achievement] = MappingProxyType(
            {a.id: a for a in achievements_of(self.options["achievement_cards"])})
        # Rulebook: Game End: 7/6/5/4 cards each for 2/3/4/5 players.
        self.cards_each: int = CARDS_EACH[n]
        self.total_plays: int = n * self.cards_each
        # Rulebook: Game Setup: "Give each player 1 Ladder Card. Put any unused Ladder Cards
        # back in the box".
        self.ladders: tuple[str, ...] = tuple(ladder_id(i) for i in range(LADDERS))
        tables = card_tables(self.options["cards"], self.wild_points)
        #: (card, face down) -> the PlayedCard it is in a treehouse.
        self.placed: Mapping[Placed, PlayedCard] = tables[0]
        #: the top of a treehouse (None: the ladder) -> the cards that go on face up.
        self.fits: Mapping[Placed | None, frozenset[str]] = tables[1]
        #: the top -> each card's legal plays there (face down always, R8).
        self.choices: Mapping[Placed | None, Mapping[str, tuple[Play, ...]]] = tables[2]
        #: a draw from the deck (Game Turn, step 1: each card left equally likely).
        self.deck_draws: UniformDraws = tables[3]
        #: (card, face down) -> what scoring reads of it (rules.card_tally).
        self.tallies: Mapping[Placed, Tally] = tables[4]
        p = Fraction(1, n)
        self.start_outcomes: tuple[tuple[Action, Fraction], ...] = tuple(
            (ChooseStartPlayer(seat), p) for seat in range(n))
        p = Fraction(1, len(self.achievement_set))
        self.achievement_outcomes: tuple[tuple[Action, Fraction], ...] = tuple(
            (ChooseAchievement(a), p) for a in sorted(self.achievement_set))

    # -- protocol -----------------------------------------------------------------------
    def new_initial_state(self) -> BackyardState:
        """Before any chance: ladders dealt, purple cards boxed (2 players), deck shuffled
        (no order is kept). Then chance picks the achievement (if used), the start player,
        and the start player's cards."""
        return BackyardState.fresh(self, deck=self.deck_cards)

    def action_space(self) -> ActionSpace:
        """Stable ids (core/codec.py): a play is card x face down over the deck's cards;
        the draws, the start player and the achievement card are chance."""
        cards = self.deck_cards
        return ActionSpace(
            decisions={Play: Fields({"card": cards, "face_down": (False, True)})},
            chance={ChooseAchievement: Fields({"achievement": tuple(self.achievement_set)}),
                    ChooseStartPlayer: Fields({"player": tuple(range(self.players))}),
                    Draw: Fields({"card": cards})})

    def max_game_length(self) -> int:
        """Every game is exactly this long; as a bound, charged to what runs out:

        * set-up: one chance step turns up the achievement card (with the expansion), one
          picks the start player, and the start player draws ``players`` cards (Game
          Setup), one chance step each;
        * every turn is one draw (a chance step taking a card from the deck: Game Turn,
          step 1) and one ``Play`` (step 2), and each ``Play`` adds a card to a treehouse;
          the game ends when the treehouses hold ``players * cards_each`` cards (Game End:
          7/6/5/4 cards each for 2/3/4/5 players), so there are that many turns. No other
          kind of action exists. The deck never runs dry first: it holds 24 cards with 2
          players and 32 otherwise, and ``players + players * cards_each`` is at most 25.
        """
        setup = (1 if self.achievements_on else 0) + 1 + self.players
        return setup + 2 * self.total_plays

    def build_state(self, treehouses: list[list[Any]], start_player: int = 0,
                    hand: list[str] | None = None, achievement: str | None = None,
                    ) -> BackyardState:
        """A position from treehouses alone (see ``positions.build_state``)."""
        from .positions import build_state

        return build_state(self, treehouses, start_player, hand, achievement)


@lru_cache(maxsize=16)
def card_tables(cards_option: str | tuple[str, ...], wild_points: int) -> tuple[
        dict[Placed, PlayedCard],
        dict[Placed | None, frozenset[str]],
        dict[Placed | None, dict[str, tuple[Play, ...]]],
        UniformDraws,
        dict[Placed, Tally]]:
    """The lookup tables of a card set, made once per set (not per ``load_game``: a save
    loads a game, and the conformance suite loads thousands). Read-only by convention:
    states only look things up in them."""
    cards = {c.id: c for c in cards_of(cards_option)}
    placed = {(c, fd): rules.played(card, fd, wild_points)
              for c, card in cards.items() for fd in (False, True)}
    plays = {(c, fd): Play(c, fd) for c in cards for fd in (False, True)}
    # How to Build Your Treehouse: which cards go face up on each top (None: the ladder),
    # and so each card's legal plays there (face down always, R8).
    fits: dict[Placed | None, frozenset[str]] = {}
    choices: dict[Placed | None, dict[str, tuple[Play, ...]]] = {}
    for top_key in [None, *placed]:
        top = None if top_key is None else placed[top_key].floors[1]
        ok = frozenset(c for c, card in cards.items() if matches(top, card))
        fits[top_key] = ok
        choices[top_key] = {
            c: ((plays[(c, False)], plays[(c, True)]) if c in ok else (plays[(c, True)],))
            for c in cards
        }
    # A card built face down that a seat may not see: its back, two grey floors (the mark a
    # seen state holds there, core.fields.seen_state, which the renderer draws).
    placed[(UNSEEN, True)] = rules.back(wild_points)
    # Game Turn, step 1: each card left is equally likely.
    tallies = {k: rules.card_tally(pc) for k, pc in placed.items()}
    return placed, fits, choices, UniformDraws({c: Draw(c) for c in cards}), tallies


__all__ = ["BackyardGame", "card_tables"]
