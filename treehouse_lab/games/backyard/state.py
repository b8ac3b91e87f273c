"""Backyard Builders Treehouse: the state, its declared fields and its read API.

The whole game is one hand of cards travelling clockwise round the table (Rulebook: Game
Turn, step 3), so a state is small: the deck (what is left, sorted: no order is ever stored,
every draw is a chance node, 1/n per card), the hand and who holds it, each player's
treehouse, and the leftover hand once the game is over. Whose turn it is and which stage
the game is at follow from those fields (stages.py), which is also what lets a save be
checked against the turn structure (saves.py).

Each field is declared once below (core/fields.py gives saving, loading, cloning and
equality); the stages are in stages.py and what each action does is in moves.py. Every
field value is immutable (tuples, strings, ints), so a clone shares them: cheap for search
bots, and nothing a clone or a caller holds can change another state.

Rulings referred to as R1, R2 ... are in docs/rulings/backyard.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.fields import Bool, Field, Opt, PerSeat, Record, Seat, Str, Tuple
from ...core.seating import farthest_clockwise
from ...core.stages import StagedState
from ...protocol import Action
from . import rules, saves
from .moves import RULES
from .rules import HAMMER, Achievement, Card, Floor, Placed, PlayedCard, Run
from .stages import stages_from
from .view import observation

if TYPE_CHECKING:  # pragma: no cover
    from .game import BackyardGame


def treehouse_cards(g: BackyardGame) -> Any:
    """The ids a card field may hold, and the game's treehouse cards (its COMPONENTS)."""
    return g.card_set


def achievement_cards(g: BackyardGame) -> Any:
    """The ids the achievement field may hold, and the game's achievement cards."""
    return g.achievement_set


_CARD = Str(treehouse_cards)
_CARDS = Tuple(_CARD, sort=True)


class BackyardState(StagedState):
    """A position. Read it through the fields, properties and methods below; change it
    only with ``apply`` (or ``child``). Every list or dict returned is a new one."""

    KINDS = RULES
    #: The stack ran out: the set-up or the turn the position is in, or the end.
    STAGES_FROM = stages_from
    FORMAT = saves.FORMAT
    MIGRATIONS = saves.MIGRATIONS
    FIELDS = (
        Field("achievement_id", Opt(Str(achievement_cards)), key="achievement",
              doc="the achievement card turned up (None: not yet, or played without)"),
        Field("start_player", Opt(Seat()),
              doc="who holds the hammer (Rulebook: Game Setup); None before it is chosen"),
        # Rulebook: Game Setup: "Shuffle the deck thoroughly": what is left, drawn blind.
        Field("deck", _CARDS, doc="the draw deck, sorted (its order is never stored)"),
        Field("hand_cards", _CARDS, key="hand", doc="the one travelling hand, sorted"),
        Field("treehouses", PerSeat(Tuple(Record(card=_CARD, face_down=Bool()))),
              doc="each seat's cards bottom up, as (card id, face down)"),
        Field("leftover", _CARDS, key="discard",
              doc="the leftover hand, set aside unscored at the end (ruling R2)"),
    )
    #: ``stack`` is rebuilt from the fields (stages.stages_from), so it is not saved;
    #: ``turn`` (cards played so far) is kept by the Play kind rather than recounted.
    CACHES = (*StagedState.CACHES, "stack", "turn")

    game: BackyardGame
    achievement_id: str | None
    start_player: int | None
    deck: tuple[str, ...]
    hand_cards: tuple[str, ...]
    treehouses: tuple[tuple[Placed, ...], ...]
    leftover: tuple[str, ...]
    turn: int

    def _started(self) -> None:
        """A fresh game (``fresh``): no card played yet and the stack empty, so the engine
        loop reads the set-up off the fields (stages_from)."""
        self.turn = 0
        self.stack = ()
        super()._started()

    def _check_save(self) -> None:
        saves.check(self)

    def _loaded(self) -> None:
        self.turn = sum(len(h) for h in self.treehouses)
        self.stack = ()
        super()._loaded()

    # -- where are we (``stage``, core's, names the top stage: stages.py) -----------------
    @property
    def holder(self) -> int | None:
        """Who holds the hand now (and plays next); None before set-up and after the end."""
        start = self.start_player
        if start is None or self.turn == self.game.total_plays:
            return None
        return (start + self.turn) % self.game.players

    @property
    def deck_count(self) -> int:
        return len(self.deck)

    @property
    def _hand(self) -> tuple[str, ...]:
        """The hand's card ids under their name before the declared fields (a test reads
        it); use ``hand_cards``."""
        return self.hand_cards

    @property
    def achievement(self) -> Achievement | None:
        a = self.achievement_id
        return self.game.achievement_set[a] if a is not None else None

    @property
    def discard(self) -> list[Card]:
        """The leftover hand, set aside unscored once the game is over (ruling R2)."""
        return [self.game.card_set[c] for c in self.leftover]

    def hand(self, player: int) -> list[Card]:
        """The cards of the one travelling hand if ``player`` holds it, else []."""
        if player != self.holder:
            return []
        return [self.game.card_set[c] for c in self.hand_cards]

    def treehouse(self, player: int) -> list[PlayedCard]:
        """The cards ``player`` has played, bottom up (the ladder is not included)."""
        placed = self.game.placed
        return [placed[k] for k in self.treehouses[player]]

    def top_placed(self, player: int) -> Placed | None:
        """The top card of ``player``'s treehouse as stored, None for the bare ladder: the
        key of the game's ``fits`` and ``choices`` tables."""
        house = self.treehouses[player]
        return house[-1] if house else None

    def top_floor(self, player: int) -> Floor | None:
        """The floor the next card must match; None means the bare ladder."""
        house = self.treehouses[player]
        if not house:
            return None
        return self.game.placed[house[-1]].floors[1]

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

    def _score_rows(self) -> list[tuple[int, int, int, int]]:
        """rules.score_rows of the treehouses, each card's tally looked up in the game's
        table rather than worked out from its floors (the design lab reads the scores
        every round); a test checks both give the same rows."""
        g = self.game
        points, runs = rules.house_tallies(self.treehouses, g.tallies)
        a = self.achievement
        if a is None:
            achieved = [0] * g.players
        else:
            achieved = [rules.achievement_points(a, self.treehouse(p)) for p in range(g.players)]
        return rules.rows_of(points, runs, achieved, g.min_run)

    def winners(self) -> list[int]:
        """Rulebook: Winner of the Game: most points; "If two or more players are tied, the
        tied player who is farthest from the Start Player, in clockwise order, WINS!" Seats
        are all at different distances, so this is always one player (R5). [] before the
        end."""
        if self.turn != self.game.total_plays or self.start_player is None:
            return []
        totals = [row[0] for row in self._score_rows()]
        best = max(totals)
        tied = [p for p, t in enumerate(totals) if t == best]
        return [farthest_clockwise(self.start_player, tied, self.game.players)]

    def _over(self, action: Action) -> str:
        return (f"Game End: the game is over, every player has built "
                f"{self.game.cards_each} treehouse cards")

    # -- what each player may see (view.py) --------------------------------------------------
    def _observation(self, player: int) -> dict:
        """Derived from what ``player`` sees, the zones' seen save (view.py)."""
        return observation(self.game, self.game.ZONES.seen(self, player), player)

    def components(self) -> dict[str, list[str]]:
        """The census (the game's ``COMPONENTS``): core's, read off the fields that hold
        their ids (the deck, the hand, the leftover hand, the achievement card turned up),
        and what no such field holds: the cards built into treehouses (records, which
        core's census does not read), the purple cards boxed for 2 players (Game Setup),
        the ladders and the hammer (never moved) and the achievement cards left in the
        box."""
        g = self.game
        out = super().components()
        out["treehouse cards"] += [c for house in self.treehouses for c, _ in house]
        out["treehouse cards"] += g.box_cards
        out["ladders"] += g.ladders
        out["achievement cards"] += [a for a in g.achievement_set if a != self.achievement_id]
        out["hammer"].append(HAMMER)
        return {kind: sorted(ids) for kind, ids in out.items()}

    def __repr__(self) -> str:
        return f"<BackyardState {self.game.players}p {self.stage} turn {self.turn}>"


__all__ = ["BackyardState"]
