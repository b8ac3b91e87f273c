"""Backyard Builders Treehouse: the game and its states.

The whole game is one hand of cards travelling clockwise round the table (Rulebook: Game
Turn, step 3), so a state is small: the deck (what is left, sorted: no order is ever stored,
every draw is a chance node, 1/n per card), the hand and who holds it, each player's
treehouse, and the leftover hand once the game is over. Everything else (whose turn, which
phase) is derived from those counts, which is also what lets ``state_from_json`` check a
save against the turn structure.

What each action does, and when, is in ``moves.py`` (one place per kind of action); the
state holds the position, what players may see, scores and saves.

Every field of a state is immutable (tuples, strings, ints) except the list of treehouses,
which ``Play`` replaces rather than mutates, so ``clone`` copies references only: cheap for
search bots, and nothing a clone or a caller holds can change another state.

Rulings referred to as R1, R2 ... are in docs/rulings/backyard.md.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any, ClassVar, Mapping

from ...core.jsonio import expect_bool, expect_dict, expect_list, expect_str
from ...core.kinds import KindState
from ...core.options import Option
from ...core.seating import farthest_clockwise, player_name
from ...errors import RuleError, quote
from ...protocol import CHANCE, TERMINAL, Action, Game
from . import rules
from .data import (
    achievements_of,
    achievements_option,
    cards_of,
    cards_option,
    standard_achievements,
    standard_cards,
)
from .moves import RULES, ChooseAchievement, ChooseStartPlayer, Draw, Play
from .rules import (
    CARDS_EACH,
    LADDERS,
    Achievement,
    Card,
    Floor,
    PlayedCard,
    Run,
    matches,
)

HAMMER = "hammer"

#: A card in a treehouse, as a state stores it: (card id, face down).
Placed = tuple[str, bool]


def ladder_id(seat: int) -> str:
    return f"ladder-{seat + 1}"


# -- The game --------------------------------------------------------------------------------

class BackyardGame(Game):
    """``tl.load_game("backyard", players=3, achievements=False)``."""

    NAME: ClassVar[str] = "backyard"
    TITLE: ClassVar[str] = "Backyard Builders Treehouse"
    RENDERER: ClassVar[str] = "treehouse_lab.games.backyard.render"
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
        self._tables()

    def _tables(self) -> None:
        """Values made once and shared by every state, so a playout allocates almost
        nothing and legality is a lookup (moves.py, PlayKind.is_legal)."""
        n = self.players
        tables = _card_tables(self.options["cards"], self.wild_points)
        self._placed, self._fits, self._choices, self._draw_outcomes = tables
        # One Fraction per chance node, shared by its outcomes (as in _card_tables).
        p = Fraction(1, n)
        self._start_outcomes = tuple((ChooseStartPlayer(seat), p) for seat in range(n))
        p = Fraction(1, len(self.achievement_set))
        self._ach_outcomes = tuple(
            (ChooseAchievement(a), p) for a in sorted(self.achievement_set))

    # -- protocol -----------------------------------------------------------------------
    def new_initial_state(self) -> BackyardState:
        """Before any chance: ladders dealt, purple cards boxed (2 players), deck shuffled
        (no order is kept). Then chance picks the achievement (if used), the start player,
        and the start player's cards."""
        return BackyardState(self)

    def components(self) -> dict[str, list[str]]:
        return {
            "treehouse cards": sorted(self.card_set),
            "ladders": list(self.ladders),
            "achievement cards": sorted(self.achievement_set),
            "hammer": [HAMMER],
        }

    def _state_from_json(self, data: Any) -> BackyardState:
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


@lru_cache(maxsize=16)
def _card_tables(cards_option: str | tuple[str, ...], wild_points: int) -> tuple[
        dict[Placed, PlayedCard],
        dict[Placed | None, frozenset[str]],
        dict[Placed | None, dict[str, tuple[Play, ...]]],
        dict[int, dict[str, tuple[Draw, Fraction]]]]:
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
    # Game Turn, step 1: each card left is equally likely; one table per deck size, with
    # one Fraction shared by a node's outcomes (equal chances are visibly equal).
    draws = {c: Draw(c) for c in cards}
    outcomes: dict[int, dict[str, tuple[Draw, Fraction]]] = {}
    for k in range(1, len(cards) + 1):
        p = Fraction(1, k)
        outcomes[k] = {c: (draw, p) for c, draw in draws.items()}
    return placed, fits, choices, outcomes


# -- The state --------------------------------------------------------------------------------

class BackyardState(KindState):
    """A position. Read it through the properties and methods below; change it only with
    ``apply`` (or ``child``). Every list or dict returned is a new one, the caller's."""

    KINDS = RULES
    __slots__ = ("game", "_ach", "_start", "_deck", "_hand", "_houses", "_discard",
                 "_played", "_phase", "_cp", "_legal", "_chance", "_scores")

    game: BackyardGame

    def __init__(self, game: BackyardGame) -> None:
        self.game = game
        self._ach: str | None = None
        self._start: int | None = None
        # Rulebook: Game Setup: "Shuffle the deck thoroughly": what is left, drawn blind.
        self._deck: tuple[str, ...] = game.deck_cards
        self._hand: tuple[str, ...] = ()
        self._houses: list[tuple[Placed, ...]] = [() for _ in range(game.players)]
        self._discard: tuple[str, ...] = ()
        self._played = 0
        self._settle()

    def _settle(self) -> None:
        """Derive the phase and the player to move from the counts, and drop the caches
        of the previous position. Called after every change."""
        g = self.game
        if g.achievements_on and self._ach is None:
            self._phase, self._cp = "achievement", CHANCE
        elif self._start is None:
            self._phase, self._cp = "start", CHANCE
        elif self._played == g.total_plays:
            self._phase, self._cp = "over", TERMINAL
        else:
            k = len(self._hand)
            if k < g.players:
                self._phase, self._cp = "deal", CHANCE
            elif k == g.players:
                self._phase, self._cp = "draw", CHANCE
            else:
                self._phase, self._cp = "play", (self._start + self._played) % g.players
        self._legal: list[Action] | None = None
        self._chance: list[tuple[Action, Fraction]] | None = None
        self._scores: tuple[tuple[int, int, int, int], ...] | None = None

    def clone(self) -> BackyardState:
        new = BackyardState.__new__(BackyardState)
        new.game = self.game
        new._ach = self._ach
        new._start = self._start
        new._deck = self._deck
        new._hand = self._hand
        new._houses = self._houses      # replaced, never mutated, by Play (moves.py)
        new._discard = self._discard
        new._played = self._played
        new._phase = self._phase
        new._cp = self._cp
        # Caches describe this exact position; the public methods hand out copies.
        new._legal = self._legal
        new._chance = self._chance
        new._scores = self._scores
        return new

    # -- where are we ---------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """'achievement', 'start', 'deal', 'draw', 'play' or 'over'."""
        return self._phase

    @property
    def current_player(self) -> int:
        return self._cp

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

    def _top_key(self, player: int) -> Placed | None:
        house = self._houses[player]
        return house[-1] if house else None

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

    # -- scores ------------------------------------------------------------------------------
    def scores(self) -> list[dict[str, int]]:
        """Points per seat, by the rulebook's scoring categories (Achievement Card
        Expansion: Game End, "Scoring"): ``floors`` ("the total value of the points on your
        Treehouse Cards"), ``run`` ("1 point for each Floor in the longest color run") and
        ``achievement`` (0 without the expansion), and their ``total``. Before the end,
        the score if the game ended now (R13)."""
        return [{"total": t, "floors": f, "run": r, "achievement": a}
                for t, f, r, a in self._score_rows()]

    def _score_rows(self) -> tuple[tuple[int, int, int, int], ...]:
        if self._scores is None:
            g = self.game
            houses = [self.treehouse(p) for p in range(g.players)]
            runs = [rules.longest_run(rules.floors_of(h)).length for h in houses]
            bonus = rules.run_bonuses(runs, g.min_run)
            ach = self.achievement
            rows = []
            for p, h in enumerate(houses):
                floors = rules.floor_points(h)
                a = ach.points if ach is not None and ach.met(h) else 0
                rows.append((floors + bonus[p] + a, floors, bonus[p], a))
            self._scores = tuple(rows)
        return self._scores

    def winners(self) -> list[int]:
        """Rulebook: Winner of the Game: most points; "If two or more players are tied, the
        tied player who is farthest from the Start Player, in clockwise order, WINS!" Seats
        are all at different distances, so this is always one player (R5). [] before the
        end."""
        if self._played != self.game.total_plays or self._start is None:
            return []
        totals = [row[0] for row in self._score_rows()]
        best = max(totals)
        tied = [p for p, t in enumerate(totals) if t == best]
        return [farthest_clockwise(self._start, tied, self.game.players)]

    # -- moves (what each kind does is in moves.py) -------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self._chance is None:
            g = self.game
            phase = self._phase
            if phase == "achievement":
                # Achievement Card Expansion: "randomly choose ONE Achievement Card".
                out: list[tuple[Action, Fraction]] = list(g._ach_outcomes)
            elif phase == "start":
                # Rulebook: Game Setup: "Randomly determine a Start Player".
                out = list(g._start_outcomes)
            elif phase in ("deal", "draw"):
                # Game Setup: the start player draws as many cards as there are players;
                # Game Turn, step 1: draw 1 card. Each card left is equally likely.
                deck = self._deck
                pairs = g._draw_outcomes[len(deck)]
                out = [pairs[deck[0]]] if len(deck) == 1 else list(itemgetter(*deck)(pairs))
            else:
                out = []
            self._chance = out
        return self._chance

    def _legal_actions(self, player: int) -> list[Action]:
        if self._phase != "play" or player != self._cp:
            return []
        if self._legal is None:
            # How to Build Your Treehouse: face up only if the bottom floor matches; Game
            # Turn, step 2: face down as a wild, always.
            choices = self.game._choices[self._top_key(player)]
            self._legal = [a for c in self._hand for a in choices[c]]
        return self._legal

    def _over(self, action: Action) -> str:
        return (f"Game End: the game is over, every player has built "
                f"{self.game.cards_each} treehouse cards")

    # -- what each player may see ------------------------------------------------------------
    def hidden_from(self, player: int) -> set[str]:
        """The deck, the hand unless ``player`` holds it, other players' face-down cards,
        and the leftover hand once set aside face down."""
        hidden = set(self._deck)
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
                            f"got {quote(player)}")
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
            "scores": self.scores(),
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
            "deck": list(self._deck),
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
                raise RuleError(f"{where}[{i}]: {quote(c, 30)} is not a treehouse card of this "
                                "set")
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
        raise RuleError(f"start_player: must be a seat 0..{n - 1} or null, got {quote(start)}")
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
                raise RuleError(f"{where}.card: {quote(c, 30)} is not a treehouse card of "
                                "this set")
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
    s._deck = tuple(sorted(deck))
    s._hand = tuple(sorted(hand))
    s._houses = houses
    s._discard = tuple(sorted(discard))
    s._played = played
    s._settle()
    return s
