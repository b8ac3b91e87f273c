"""Backyard Builders Treehouse: actions, the game and its states.

The whole game is one hand of cards travelling clockwise round the table (Rulebook: Game
Turn, step 3), so a state is small: the deck (a :class:`~treehouse_lab.core.bag.Bag`, no
order is ever stored: every draw is a chance node, 1/n per card), the hand and who holds
it, each player's treehouse, and the leftover hand once the game is over. Everything else
(whose turn, which phase) is derived from those counts, which is also what lets
``state_from_json`` check a save against the turn structure.

Rulings referred to as R1, R2 ... are in docs/rulings/backyard.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ...core.bag import Bag
from ...core.jsonio import expect_bool, expect_dict, expect_list, expect_str
from ...core.options import Option
from ...core.seating import farthest_clockwise, left_of, player_name
from ...errors import RuleError
from ...protocol import CHANCE, TERMINAL, Action, Game, State
from . import rules
from .data import check_path, load_achievements, load_cards
from .rules import (
    CARDS_EACH,
    LADDERS,
    Achievement,
    Card,
    Floor,
    PlayedCard,
    Run,
    achievement_title,
    card_text,
    matches,
)

HAMMER = "hammer"


def ladder_id(seat: int) -> str:
    return f"ladder-{seat + 1}"


# -- Actions -------------------------------------------------------------------------------

@dataclass(frozen=True)
class ChooseAchievement(Action):
    """Chance, at set-up with the expansion: the one achievement card turned face up."""

    KIND: ClassVar[str] = "choose_achievement"
    achievement: str

    def __str__(self) -> str:
        return f"Turn up the achievement card {achievement_title(self.achievement)}"


@dataclass(frozen=True)
class ChooseStartPlayer(Action):
    """Chance, at set-up: the start player, who holds the hammer all game."""

    KIND: ClassVar[str] = "choose_start_player"
    player: int

    def __str__(self) -> str:
        return f"{player_name(self.player)} is the start player and takes the hammer"


@dataclass(frozen=True)
class Draw(Action):
    """Chance: one card from the draw deck (each card left equally likely). The action
    names the card, so the engine and its JSON are exact; the narrated log does not (R6)."""

    KIND: ClassVar[str] = "draw"
    card: str

    def __str__(self) -> str:
        return f"Draw {card_text(self.card)}"


@dataclass(frozen=True)
class Play(Action):
    """The one decision of a turn: a card from the hand, face up or face down as a wild."""

    KIND: ClassVar[str] = "play"
    card: str
    face_down: bool = False

    def __str__(self) -> str:
        how = "face down as a wild" if self.face_down else "face up"
        return f"Play {card_text(self.card)} {how}"


# -- The game --------------------------------------------------------------------------------

class BackyardGame(Game):
    """``tl.load_game("backyard", players=3, achievements=False)``."""

    NAME: ClassVar[str] = "backyard"
    TITLE: ClassVar[str] = "Backyard Builders Treehouse"
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
        Option("cards", None,
               "path to your own treehouse-card TOML file, or None for the stand-in set",
               check=check_path("cards"), examples=()),
        Option("achievement_cards", None,
               "path to your own achievement-card TOML file, or None for the stand-in set",
               check=check_path("achievement_cards"), examples=()),
    )
    ACTION_TYPES: ClassVar[tuple[type[Action], ...]] = (
        ChooseAchievement, ChooseStartPlayer, Draw, Play,
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.players
        self.achievements_on: bool = self.options["achievements"]
        self.wild_points: int = self.options["wild_floor_points"]
        self.min_run: int = self.options["min_run"]
        all_cards = load_cards(self.options["cards"])
        self.card_set: dict[str, Card] = {c.id: c for c in all_cards}
        # Rulebook: Game Setup: "If playing with only 2 players, remove all 8 Purple
        # Treehouse Cards. Put these back in the box".
        if n == 2:
            self.box_cards: tuple[str, ...] = tuple(c.id for c in all_cards if c.purple)
        else:
            self.box_cards = ()
        boxed = set(self.box_cards)
        self.deck_cards: tuple[str, ...] = tuple(c.id for c in all_cards if c.id not in boxed)
        self.achievement_set: dict[str, Achievement] = {
            a.id: a for a in load_achievements(self.options["achievement_cards"])
        }
        # Rulebook: Game End: 7/6/5/4 cards each for 2/3/4/5 players.
        self.cards_each: int = CARDS_EACH[n]
        self.total_plays: int = n * self.cards_each
        # Rulebook: Game Setup: "Give each player 1 Ladder Card. Put any unused Ladder Cards
        # back in the box".
        self.ladders: tuple[str, ...] = tuple(ladder_id(i) for i in range(LADDERS))
        # Values made once and shared by every state: the hot path allocates nothing new.
        self._draws = {c: Draw(c) for c in self.card_set}
        self._plays = {(c, fd): Play(c, fd) for c in self.card_set for fd in (False, True)}
        self._placed = {
            (c, fd): rules.played(card, fd, self.wild_points)
            for c, card in self.card_set.items() for fd in (False, True)
        }
        self._start_outcomes = [(ChooseStartPlayer(p), Fraction(1, n)) for p in range(n)]
        k = len(self.achievement_set)
        self._ach_outcomes = [
            (ChooseAchievement(a), Fraction(1, k)) for a in sorted(self.achievement_set)
        ]

    # -- protocol -----------------------------------------------------------------------
    def new_initial_state(self) -> BackyardState:
        """Before any chance: ladders dealt, purple cards boxed (2 players), deck shuffled
        (a Bag: no order). Then chance picks the achievement (if used), the start player,
        and the start player's cards."""
        return BackyardState(self)

    def components(self) -> dict[str, list[str]]:
        return {
            "treehouse cards": sorted(self.card_set),
            "ladders": list(self.ladders),
            "achievement cards": sorted(self.achievement_set),
            "hammer": [HAMMER],
        }

    def state_from_json(self, data: Any) -> BackyardState:
        return _state_from_json(self, data)

    def build_state(self, treehouses: list[list[Any]], start_player: int = 0,
                    hand: list[str] | None = None, achievement: str | None = None,
                    ) -> BackyardState:
        """A documented test and notebook constructor: a position from treehouses alone.

        ``treehouses[p]`` lists card ids bottom up; prefix an id with ``~`` (``"~G1-G4"``)
        for a face-down card. The other cards go to the deck, except ``hand`` (default:
        the first cards left, sorted, as many as there are players; at the end of the game
        they are the discarded leftover hand). With achievements on, ``achievement``
        defaults to the first by id. The result goes through ``state_from_json``, so it is
        checked like any save (treehouse sizes must fit the turn order from
        ``start_player``; face-up cards must match what they sit on).
        """
        houses = [[{"card": c.lstrip("~"), "face_down": c.startswith("~")} for c in h]
                  for h in treehouses]
        used = {d["card"] for h in houses for d in h}
        rest = [c for c in self.deck_cards if c not in used]
        if hand is None:
            hand = rest[: self.players]
        rest = [c for c in rest if c not in set(hand)]
        over = sum(len(h) for h in houses) == self.total_plays
        if self.achievements_on and achievement is None:
            achievement = min(self.achievement_set)
        return self.state_from_json({
            "game": self.NAME,
            "achievement": achievement,
            "start_player": start_player,
            "deck": rest,
            "hand": [] if over else list(hand),
            "treehouses": houses,
            "discard": list(hand) if over else [],
        })

    # -- rendering ----------------------------------------------------------------------
    def render_svg(self, state: State, **view: Any) -> str:
        from .render import render_svg

        return render_svg(state, **view)  # type: ignore[arg-type]

    def render_text(self, state: State) -> str:
        from .render import render_text

        return render_text(state)  # type: ignore[arg-type]

    def click_paths(self, state: State) -> dict[Action, tuple[str, ...]]:
        from .render import click_paths

        return click_paths(state)  # type: ignore[arg-type]


# -- The state --------------------------------------------------------------------------------

class BackyardState(State):
    """A position. Read it through the properties and methods below; change it only with
    ``apply`` (or ``child``)."""

    __slots__ = ("game", "_ach", "_start", "_deck", "_hand", "_houses", "_discard",
                 "_played", "_legal", "_chance", "_scores")

    game: BackyardGame

    def __init__(self, game: BackyardGame) -> None:
        self.game = game
        self._ach: str | None = None
        self._start: int | None = None
        # Rulebook: Game Setup: "Shuffle the deck thoroughly": a bag, drawn blind.
        self._deck = Bag(game.deck_cards)
        self._hand: tuple[str, ...] = ()
        self._houses: list[tuple[tuple[str, bool], ...]] = [() for _ in range(game.players)]
        self._discard: tuple[str, ...] = ()
        self._played = 0
        self._reset_caches()

    def _reset_caches(self) -> None:
        self._legal: list[Action] | None = None
        self._chance: list[tuple[Action, Fraction]] | None = None
        self._scores: list[dict[str, int]] | None = None

    def clone(self) -> BackyardState:
        new = BackyardState.__new__(BackyardState)
        new.game = self.game
        new._ach = self._ach
        new._start = self._start
        new._deck = self._deck.copy()
        new._hand = self._hand
        new._houses = list(self._houses)  # inner tuples are immutable, shared safely
        new._discard = self._discard
        new._played = self._played
        # Caches are immutable lists of values describing this exact position.
        new._legal = self._legal
        new._chance = self._chance
        new._scores = self._scores
        return new

    # -- where are we ---------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """'achievement', 'start', 'deal', 'draw', 'play' or 'over'."""
        g = self.game
        if g.achievements_on and self._ach is None:
            return "achievement"
        if self._start is None:
            return "start"
        if self._played == g.total_plays:
            return "over"
        k = len(self._hand)
        if k < g.players:
            return "deal"
        return "draw" if k == g.players else "play"

    @property
    def current_player(self) -> int:
        g = self.game
        if self._start is None or (g.achievements_on and self._ach is None):
            return CHANCE
        if self._played == g.total_plays:
            return TERMINAL
        if len(self._hand) <= g.players:
            return CHANCE
        return (self._start + self._played) % g.players

    @property
    def start_player(self) -> int | None:
        """Who holds the hammer (Rulebook: Game Setup); None before it is chosen."""
        return self._start

    @property
    def holder(self) -> int | None:
        """Who holds the hand now (and plays next); None before set-up and after the end."""
        if self._start is None or self._played == self.game.total_plays:
            return None
        return (self._start + self._played) % self.game.players

    @property
    def deck_count(self) -> int:
        return len(self._deck)

    @property
    def turn(self) -> int:
        """How many cards have been played so far (0 .. players x cards each)."""
        return self._played

    @property
    def achievement(self) -> Achievement | None:
        return self.game.achievement_set[self._ach] if self._ach is not None else None

    @property
    def discard(self) -> list[Card]:
        """The leftover hand, set aside unscored once the game is over (ruling R2)."""
        return [self.game.card_set[c] for c in self._discard]

    def hand(self, player: int) -> list[Card]:
        """The cards of the one travelling hand if ``player`` holds it, else []."""
        if player != self.holder:
            return []
        return [self.game.card_set[c] for c in self._hand]

    def treehouse(self, player: int) -> list[PlayedCard]:
        """The cards ``player`` has played, bottom up (the ladder is not included)."""
        placed = self.game._placed
        return [placed[k] for k in self._houses[player]]

    def top_floor(self, player: int) -> Floor | None:
        """The floor the next card must match; None means the bare ladder."""
        house = self._houses[player]
        if not house:
            return None
        return self.game._placed[house[-1]].floors[1]

    def run(self, player: int) -> Run:
        return rules.longest_run(rules.floors_of(self.treehouse(player)))

    def longest_run(self, player: int) -> int:
        """Length of the player's longest single-colour run of consecutive floors."""
        return self.run(player).length

    def score_breakdown(self, player: int) -> dict[str, int]:
        """{'floors', 'run', 'achievement', 'total'}: the score if the game ended now
        (Rulebook: Game End; Bonus Points for the Longest Color Run; Achievement Card
        Expansion: Game End)."""
        return dict(self._all_scores()[player])

    def _all_scores(self) -> list[dict[str, int]]:
        if self._scores is None:
            g = self.game
            houses = [self.treehouse(p) for p in range(g.players)]
            runs = [rules.longest_run(rules.floors_of(h)).length for h in houses]
            bonus = rules.run_bonuses(runs, g.min_run)
            ach = self.achievement
            out = []
            for p, h in enumerate(houses):
                floors = rules.floor_points(h)
                a = ach.points if ach is not None and ach.met(h) else 0
                out.append({"floors": floors, "run": bonus[p], "achievement": a,
                            "total": floors + bonus[p] + a})
            self._scores = out
        return self._scores

    def returns(self) -> list[int]:
        """Points per player: the final score at the end (the score as it stands before)."""
        return [s["total"] for s in self._all_scores()]

    def winners(self) -> list[int]:
        """Rulebook: Winner of the Game: most points; "If two or more players are tied, the
        tied player who is farthest from the Start Player, in clockwise order, WINS!" Seats
        are all at different distances, so this is always one player (R5). [] before the
        end."""
        if self._played != self.game.total_plays or self._start is None:
            return []
        totals = self.returns()
        best = max(totals)
        tied = [p for p, t in enumerate(totals) if t == best]
        return [farthest_clockwise(self._start, tied, self.game.players)]

    # -- moves ---------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self._chance is None:
            g = self.game
            if g.achievements_on and self._ach is None:
                # Achievement Card Expansion: "randomly choose ONE Achievement Card".
                out = list(g._ach_outcomes)
            elif self._start is None:
                # Rulebook: Game Setup: "Randomly determine a Start Player".
                out = list(g._start_outcomes)
            elif self._played < g.total_plays and len(self._hand) <= g.players:
                # Game Setup: the start player draws as many cards as there are players;
                # Game Turn, step 1: draw 1 card. Each card left is equally likely.
                kinds = self._deck.kinds()
                p = Fraction(1, len(kinds))
                draws = g._draws
                out = [(draws[c], p) for c in kinds]
            else:
                out = []
            self._chance = out
        return self._chance

    def _legal_actions(self, player: int) -> list[Action]:
        if self._legal is None:
            g = self.game
            top = self.top_floor(player)
            plays = g._plays
            cards = g.card_set
            out: list[Action] = []
            for c in self._hand:
                # How to Build Your Treehouse: face up only if the bottom floor matches.
                if matches(top, cards[c]):
                    out.append(plays[(c, False)])
                # Game Turn, step 2: "face-up OR face-down as a wild" - always allowed.
                out.append(plays[(c, True)])
            self._legal = out
        return self._legal

    def _apply(self, action: Action) -> None:
        g = self.game
        if isinstance(action, Draw):
            self._deck.remove(action.card)
            self._hand = tuple(sorted(self._hand + (action.card,)))
        elif isinstance(action, Play):
            p = (self._start + self._played) % g.players  # type: ignore[operator]
            hand = list(self._hand)
            hand.remove(action.card)
            self._houses[p] = self._houses[p] + ((action.card, action.face_down),)
            self._played += 1
            if self._played == g.total_plays:
                # Rulebook: Game End. The leftover hand is set aside unscored (R2).
                self._discard = tuple(hand)
                self._hand = ()
            else:
                # Game Turn, step 3: pass the rest of the hand clockwise, to the left; the
                # next player is the one on the left (seat + 1, core.seating.left_of).
                self._hand = tuple(hand)
        elif isinstance(action, ChooseStartPlayer):
            self._start = action.player
        elif isinstance(action, ChooseAchievement):
            self._ach = action.achievement
        self._reset_caches()

    # -- words ---------------------------------------------------------------------------
    def _name(self, p: int | None) -> str:
        return self.game.player_name(p) if p is not None else "nobody"

    def _on_what(self, player: int) -> str:
        top = self.top_floor(player)
        if top is None:
            return "their ladder"
        if top.colour is None:
            return "their wild"
        return f"their {top}"

    def why_illegal(self, action: Action) -> str:
        g = self.game
        phase = self.phase
        if not isinstance(action, Action) or type(action) not in g.ACTION_TYPES:
            return (f"{action!r} is not a Backyard Builders action; pick one of "
                    "state.legal_actions()")
        if phase == "over":
            return (f"Game End: the game is over, every player has built "
                    f"{g.cards_each} treehouse cards")
        who = self._name(self.holder)
        if isinstance(action, ChooseAchievement):
            if not g.achievements_on:
                return ("Achievement Card Expansion: this game is played without achievement "
                        "cards (load_game(..., achievements=True) to use them)")
            if phase != "achievement":
                return "Achievement Card Expansion: only 1 achievement card is chosen, at set-up"
            return (f"Achievement Card Expansion: {action.achievement!r} is not one of the "
                    f"{len(g.achievement_set)} achievement cards")
        if isinstance(action, ChooseStartPlayer):
            if phase == "achievement":
                return "Achievement Card Expansion: Game Setup: turn up the achievement card first"
            if phase != "start":
                return ("Game Setup: the start player is chosen once and keeps the hammer "
                        "the entire game")
            return f"Game Setup: the start player must be a seat 0..{g.players - 1}"
        if phase in ("achievement", "start"):
            return ("Game Setup: first " + ("turn up the achievement card, then " if phase ==
                    "achievement" else "") + "randomly determine the start player")
        if isinstance(action, Draw):
            if phase == "play":
                return (f"Game Turn, step 2: {who} has drawn and must now add a card to their "
                        "treehouse")
            if action.card in g.box_cards:
                return (f"Game Setup: {card_text(action.card)} is a purple card, removed "
                        "in a 2-player game")
            return f"Game Turn, step 1: {card_text(action.card)} is not in the draw deck"
        assert isinstance(action, Play)
        if phase == "deal":
            return (f"Game Setup: the start player first draws cards equal to the number of "
                    f"players ({len(self._hand)} of {g.players} drawn)")
        if phase == "draw":
            return f"Game Turn, step 1: {who} must draw 1 card before playing one"
        if action.card not in self._hand:
            return f"Game Turn, step 2: {card_text(action.card)} is not in {who}'s hand"
        card = g.card_set[action.card]
        return rules.why_no_match(self.top_floor(self.holder), card)  # type: ignore[arg-type]

    def explain(self, action: Action) -> str:
        if action not in self.legal_actions():
            return "Not legal. " + self.why_illegal(action)
        g = self.game
        if isinstance(action, ChooseAchievement):
            k = len(g.achievement_set)
            return (f"Achievement Card Expansion: randomly choose ONE achievement card; each "
                    f"of the {k} has chance 1/{k}.")
        if isinstance(action, ChooseStartPlayer):
            return (f"Game Setup: randomly determine a start player; each of the {g.players} "
                    f"players has chance 1/{g.players}. The hammer stays with them all game.")
        if isinstance(action, Draw):
            n = len(self._deck)
            if self.phase == "deal":
                return (f"Game Setup: the start player draws cards equal to the number of "
                        f"players (card {len(self._hand) + 1} of {g.players}); each of the "
                        f"{n} cards in the deck is equally likely, 1/{n}.")
            return (f"Game Turn, step 1: draw 1 card from the draw deck; each of the {n} "
                    f"cards left is equally likely, 1/{n}.")
        assert isinstance(action, Play)
        card = g.card_set[action.card]
        if action.face_down:
            return (f"Game Turn, step 2: any card may be added face down as a wild. Its two "
                    f"grey floors match any colour or number, score {g.wild_points} each "
                    f"(ruling R3) and break colour runs.")
        top = self.top_floor(self.holder)  # type: ignore[arg-type]
        if top is None:
            why = "your Ladder Card matches any number or colour"
        elif top.colour is None:
            why = "your top floor is a grey wild, which matches any number or colour"
        else:
            same_c = card.bottom.colour == top.colour
            same_n = card.bottom.number == top.number
            what = ("both the colour and the number" if same_c and same_n
                    else "the colour" if same_c else "the number")
            why = f"the bottom floor {card.bottom} matches {what} of your top floor {top}"
        return f"How to Build Your Treehouse: {why}, so {card.text} may go on face up."

    def narrate(self, action: Action) -> str:
        """The log line. Draws do not name the card (R6): the log is on screen for all."""
        g = self.game
        if isinstance(action, ChooseAchievement):
            a = g.achievement_set.get(action.achievement)
            return f"The achievement card is {a}" if a else str(action)
        if isinstance(action, ChooseStartPlayer):
            return (f"{self._name(action.player)} is the start player and takes the hammer, "
                    f"then draws {g.players} cards")
        who = self._name(self.holder)
        if isinstance(action, Draw):
            left = len(self._deck) - 1
            if self.phase == "deal":
                return (f"{who} (start player) draws a card for the hand "
                        f"({len(self._hand) + 1} of {g.players}); {left} left in the deck")
            return f"{who} draws a card; {left} left in the deck"
        if isinstance(action, Play):
            p = self.holder
            if p is None:
                return str(action)
            n = len(self._houses[p]) + 1
            on = self._on_what(p)
            what = ("a card face down as a wild" if action.face_down
                    else f"{card_text(action.card)} face up")
            cards = "1 card" if n == 1 else f"{n} cards"
            line = f"{who} plays {what} on {on}: {cards} in the treehouse"
            rest = len(self._hand) - 1
            if self._played + 1 == g.total_plays:
                return (line + f". That was the last card: the game ends, and the {rest} "
                        "leftover cards are set aside unscored")
            return line + f"; passes {rest} cards to {self._name(left_of(p, g.players))}"
        return super().narrate(action)

    # -- what each player may see ------------------------------------------------------------
    def hidden_from(self, player: int) -> set[str]:
        """The deck, the hand unless ``player`` holds it, other players' face-down cards,
        and the leftover hand once set aside face down."""
        hidden = set(self._deck.kinds())
        if player != self.holder:
            hidden.update(self._hand)
        hidden.update(self._discard)
        for p, house in enumerate(self._houses):
            if p != player:
                hidden.update(c for c, fd in house if fd)
        return hidden

    def observation(self, player: int) -> dict:
        g = self.game
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < g.players:
            raise RuleError(f"observation: player must be a seat 0..{g.players - 1}, "
                            f"got {player!r}")
        ach = self.achievement
        houses = []
        for p in range(g.players):
            house = []
            for pc in self.treehouse(p):
                house.append({
                    "card": pc.id if (not pc.face_down or p == player) else None,
                    "face_down": pc.face_down,
                    "floors": [{"colour": f.colour, "number": f.number} for f in pc.floors],
                })
            houses.append(house)
        return {
            "game": g.NAME,
            "player": player,
            "players": g.players,
            "phase": self.phase,
            "current_player": self.current_player,
            "start_player": self._start,
            "holder": self.holder,
            "turn": self._played,
            "turns": g.total_plays,
            "cards_each": g.cards_each,
            "deck_count": len(self._deck),
            "discard_count": len(self._discard),
            "achievement": None if ach is None else {
                "id": ach.id, "name": ach.name, "points": ach.points, "text": ach.text},
            "hand": list(self._hand) if player == self.holder else None,
            "hand_count": len(self._hand),
            "treehouses": houses,
            "longest_runs": [self.longest_run(p) for p in range(g.players)],
            "scores": [self.score_breakdown(p) for p in range(g.players)],
        }

    def components(self) -> dict[str, list[str]]:
        g = self.game
        cards = list(self._deck) + list(self._hand) + list(self._discard) + list(g.box_cards)
        for house in self._houses:
            cards.extend(c for c, _ in house)
        ladders = [ladder_id(p) for p in range(g.players)] + list(g.ladders[g.players:])
        achievements = ([self._ach] if self._ach is not None else []) + [
            a for a in g.achievement_set if a != self._ach]
        return {
            "treehouse cards": sorted(cards),
            "ladders": sorted(ladders),
            "achievement cards": sorted(achievements),
            "hammer": [HAMMER],
        }

    def to_json(self) -> dict:
        return {
            "game": self.game.NAME,
            "achievement": self._ach,
            "start_player": self._start,
            "deck": self._deck.kinds(),
            "hand": list(self._hand),
            "treehouses": [[{"card": c, "face_down": fd} for c, fd in h] for h in self._houses],
            "discard": list(self._discard),
        }

    def __repr__(self) -> str:
        return f"<BackyardState {self.game.players}p {self.phase} turn {self._played}>"


# -- Loading a save -----------------------------------------------------------------------------

_FIELDS = ("game", "achievement", "start_player", "deck", "hand", "treehouses", "discard")


def _state_from_json(g: BackyardGame, data: Any) -> BackyardState:
    """Check everything before building anything; every error names the field."""
    d = expect_dict(data, "backyard state", _FIELDS)
    expect_str(d["game"], "game", [g.NAME])
    n = g.players
    known = g.card_set

    def card_ids(value: Any, where: str) -> list[str]:
        ids = expect_list(value, where)
        for i, c in enumerate(ids):
            if not isinstance(c, str) or c not in known:
                raise RuleError(f"{where}[{i}]: {c!r} is not a treehouse card of this set")
        return ids

    ach = d["achievement"]
    if ach is not None:
        expect_str(ach, "achievement", sorted(g.achievement_set))
        if not g.achievements_on:
            raise RuleError("achievement: this game is played without achievement cards, "
                            "so none can be chosen")
    start = d["start_player"]
    if start is not None and (isinstance(start, bool) or not isinstance(start, int)
                              or not 0 <= start < n):
        raise RuleError(f"start_player: must be a seat 0..{n - 1} or null, got {start!r}")
    deck = card_ids(d["deck"], "deck")
    hand = card_ids(d["hand"], "hand")
    discard = card_ids(d["discard"], "discard")
    raw_houses = expect_list(d["treehouses"], "treehouses", n)
    houses: list[tuple[tuple[str, bool], ...]] = []
    for p, h in enumerate(raw_houses):
        entries = []
        for i, e in enumerate(expect_list(h, f"treehouses[{p}]")):
            where = f"treehouses[{p}][{i}]"
            e = expect_dict(e, where, ("card", "face_down"))
            c = e["card"]
            if not isinstance(c, str) or c not in known:
                raise RuleError(f"{where}.card: {c!r} is not a treehouse card of this set")
            entries.append((c, expect_bool(e["face_down"], f"{where}.face_down")))
        houses.append(tuple(entries))

    # Each card in exactly one place; boxed (purple, 2 players) cards nowhere.
    where_is: dict[str, str] = {}
    places = [("deck", deck), ("hand", hand), ("discard", discard)] + [
        (f"treehouses[{p}]", [c for c, _ in h]) for p, h in enumerate(houses)]
    boxed = set(g.box_cards)
    for place, ids in places:
        for c in ids:
            if c in boxed:
                raise RuleError(f"{place}: {c} is a purple card, removed from a 2-player game "
                                "(Game Setup)")
            if c in where_is:
                raise RuleError(f"{place}: card {c} is also in {where_is[c]}; each card is in "
                                "exactly one place")
            where_is[c] = place
    missing = sorted(set(g.deck_cards) - set(where_is))
    if missing:
        raise RuleError(f"deck: cards missing from every place: {', '.join(missing)}")

    # The turn structure: set-up first, then turns clockwise from the start player.
    played = sum(len(h) for h in houses)
    setup_done = start is not None and (ach is not None or not g.achievements_on)
    if not setup_done:
        if played or hand or discard:
            raise RuleError("start_player: cards were drawn or played but set-up is not "
                            "finished (achievement card and start player come first)")
        if start is not None:
            raise RuleError("achievement: the achievement card is chosen before the start "
                            "player")
    else:
        if played > g.total_plays:
            raise RuleError(f"treehouses: {played} cards played, but the game ends after "
                            f"{g.total_plays}")
        for p, h in enumerate(houses):
            dist = (p - start) % n
            want = played // n + (1 if dist < played % n else 0)
            if len(h) != want:
                raise RuleError(
                    f"treehouses[{p}]: {len(h)} cards, but after {played} turns starting "
                    f"with {player_name(start)} this player has played {want}")
        if played == g.total_plays:
            if hand:
                raise RuleError("hand: the game is over; the leftover hand is in discard")
            if len(discard) != n:
                raise RuleError(f"discard: the leftover hand at the end holds {n} cards, "
                                f"got {len(discard)}")
        else:
            if discard:
                raise RuleError("discard: only the leftover hand at the end is set aside")
            if played and len(hand) not in (n, n + 1):
                raise RuleError(f"hand: between turns the hand holds {n} cards ({n + 1} after "
                                f"the draw), got {len(hand)}")
            if len(hand) > n + 1:
                raise RuleError(f"hand: at most {n + 1} cards, got {len(hand)}")
    # How to Build Your Treehouse: every face-up card must match what it sits on.
    for p, h in enumerate(houses):
        top: Floor | None = None
        for i, (c, fd) in enumerate(h):
            pc = g._placed[(c, fd)]
            if not fd and not matches(top, pc.card):
                raise RuleError(f"treehouses[{p}][{i}]: " + rules.why_no_match(top, pc.card))
            top = pc.floors[1]

    s = BackyardState(g)
    s._ach = ach
    s._start = start
    s._deck = Bag(deck)
    s._hand = tuple(sorted(hand))
    s._houses = houses
    s._discard = tuple(sorted(discard))
    s._played = played
    s._reset_caches()
    return s
