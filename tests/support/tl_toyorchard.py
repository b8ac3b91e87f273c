"""A toy game with a real-time step and a secret reveal, for the conformance suite (not
registered in ``tl.GAMES``), written on the engine shape as docs/dev/adding-a-game.md says.

"Toy orchard", 2-3 players, 3 rounds of: *harvest* (chance: a token from the bag to the
market), *tend* (everyone at once, twice each: water or prune), *bid* (secret, revealed
together: the highest bid takes the market token, a tie sends it to the compost). Modules:
``"bees"`` (two bees in the bag; a bee waters twice) and ``"frost"`` (no pruning in round 1;
water above 3 freezes back to 3 at each reveal). Points: 3 a fruit, water (at most 5),
prunes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from treehouse_lab.core.fields import Field, Int, Opt, PerSeat, Str, Tuple, add_at, replace_at
from treehouse_lab.core.kinds import Kind, KindTable
from treehouse_lab.core.options import Option
from treehouse_lab.core.stages import AllAtOnce, Stage, StagedState, StageTable
from treehouse_lab.core.zones import COUNTED, OWNER, Zone, ZoneTable
from treehouse_lab.errors import RuleError
from treehouse_lab.protocol import Action, Game

ROUNDS, TENDS, BIDS = 3, 2, (1, 2, 3, 4)
FRUITS = tuple(f"fruit{i}" for i in range(1, 7))
BEES = ("bee1", "bee2")
MODULES = ("bees", "frost")


def card_value(card: str) -> int:
    return int(card.rsplit("bid", 1)[1])


def own_card(game: Game, owner: int | None, card: str) -> bool:
    """Bid cards are their owner's for the whole game (a zone restriction and a save check)."""
    return card.startswith(f"p{owner}bid")


# -- actions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Harvest(Action):
    KIND = "harvest"
    TEXT = "{token} comes to the market"
    token: str


@dataclass(frozen=True)
class Tend(Action):
    KIND = "tend"
    how: str

    def __str__(self) -> str:
        return "Water the garden" if self.how == "water" else "Prune the garden"


@dataclass(frozen=True)
class Bid(Action):
    KIND = "bid"
    card: str

    def __str__(self) -> str:
        return f"Bid {card_value(self.card)} ({self.card}) face down"


RULES = KindTable("toyorchard")
STAGES = StageTable("toyorchard")


# -- stages: one round is harvest, tend, bid --------------------------------------------
@STAGES.stage
@dataclass(frozen=True)
class HarvestStage(Stage):
    NAME = "harvest"
    LABEL = "Chance: a token comes from the bag to the market"
    CHANCE = True

    def outcomes(self, s: OrchardState) -> list[tuple[Action, Fraction]]:
        p = Fraction(1, len(s.bag))
        return [(Harvest(t), p) for t in s.bag]


@STAGES.stage
@dataclass(frozen=True)
class TendStage(AllAtOnce):
    NAME = "tend"
    LABEL = "Everyone tends their garden twice, in any order"
    OFFERS = (Tend,)

    def waits(self, s: OrchardState, seat: int) -> bool:
        return s.tends[seat] < TENDS


@STAGES.stage
@dataclass(frozen=True)
class BidStage(AllAtOnce):
    NAME = "bid"
    LABEL = "Everyone bids a card face down"
    OFFERS = (Bid,)

    def waits(self, s: OrchardState, seat: int) -> bool:
        return s.bids[seat] is None

    def done(self, s: OrchardState) -> None:
        """The reveal: the highest bid alone takes the market token (a bee also waters
        twice), a tie sends it to the compost; frost freezes water back to 3."""
        values = [card_value(b) for b in s.bids]
        takers = [p for p, v in enumerate(values) if v == max(values)]
        if len(takers) == 1:
            p = takers[0]
            s.won = replace_at(s.won, p, s.won[p] + (s.market,))
            if s.market in BEES:
                s.water = add_at(s.water, p, 2)
        else:
            s.compost += (s.market,)
        if "frost" in s.game.options["modules"]:
            s.water = tuple(min(w, 3) for w in s.water)
        n = s.game.players
        s.spent, s.market, s.bids, s.tends = s.spent + s.bids, None, (None,) * n, (0,) * n
        s.round = min(s.round + 1, ROUNDS)  # the stack is empty: STAGES_FROM goes on

    def revealed(self, before: OrchardState, action: Action, player: int) -> str:
        """Once the last bid is in, all bids are shown (told after the step: the last
        bidder's narration may not tell the others' bids)."""
        if sum(b is None for b in before.bids) != 1:
            return ""
        bids = replace_at(before.bids, player, action.card)
        return "All bids revealed: " + ", ".join(
            f"{before.game.player_name(p)} {card_value(b)}" for p, b in enumerate(bids))


def stages_from(s: OrchardState) -> tuple[Stage, ...] | None:
    """The stages left of the round, next first, read off the table: the engine loop
    pushes them when the stack runs out (() once the last round is revealed), and a save's
    stack must be them (None: no round leaves this table)."""
    if s.market is None:
        if any(s.bids) or any(s.tends):
            return None
        over = len(s.spent) == s.game.players * ROUNDS
        return () if over else (HarvestStage(), TendStage(), BidStage())
    if any(t < TENDS for t in s.tends):
        return None if any(s.bids) else (TendStage(), BidStage())
    return (BidStage(),)


# -- kinds ------------------------------------------------------------------------------
@RULES.kind(Harvest)
class HarvestKind(Kind):
    def refusal(self, s, a, player):
        return "Harvest: a token in the bag comes to the market at the start of a round"

    def apply(self, s, a, player):
        s.bag, s.market = tuple(t for t in s.bag if t != a.token), a.token
        s.pop()

    def explain(self, s, a, player):
        return f"Harvest: each of the {len(s.bag)} tokens in the bag is equally likely"


@RULES.kind(Tend)
class TendKind(Kind):
    CLICKS = ("{how}",)

    def generate(self, s, seat):
        frost = "frost" in s.game.options["modules"] and s.round == 1
        return [Tend("water")] + ([] if frost else [Tend("prune")])

    def refusal(self, s, a, player):
        if s.stage != "tend" or player not in s.actors():
            return "Tend: each grower tends twice, after the harvest"
        return "Frost (module): no pruning in the first round"

    def apply(self, s, a, player):
        field = "water" if a.how == "water" else "prunes"
        setattr(s, field, add_at(getattr(s, field), player, 1))
        s.tends = add_at(s.tends, player, 1)

    def explain(self, s, a, player):
        return f"Tend: {s.game.player_name(player)} has {TENDS - s.tends[player]} tends left"


@RULES.kind(Bid)
class BidKind(Kind):
    CLICKS = ("card:{card}",)

    def generate(self, s, seat):
        return [Bid(c) for c in s.hands[seat]]

    def refusal(self, s, a, player):
        if s.stage != "bid" or player not in s.actors():
            return "Bid: each grower bids once a round, after tending"
        return f"{a} is not legal: bid one of your own cards ({', '.join(s.hands[player])})"

    def apply(self, s, a, player):
        s.hands = replace_at(s.hands, player, tuple(c for c in s.hands[player] if c != a.card))
        s.bids = replace_at(s.bids, player, a.card)

    def explain(self, s, a, player):
        return "Bid: the card stays face down until every grower has bid"

    def narrate(self, s, a, player):
        # Face down even for the last bid: the others' are hidden from the bidder until
        # it commits; the reveal is told after the step (BidStage.revealed).
        return f"{s.game.player_name(player)} bids a card face down"


# -- the game and its declared state -----------------------------------------------------
class OrchardGame(Game):
    NAME = "toyorchard"
    TITLE = "Toy orchard"
    OPTIONS = (
        Option("players", 2, "2 or 3 growers", choices=(2, 3)),
        Option("modules", (), "modules in play", subset_of=MODULES),
    )
    ACTION_TYPES = RULES.action_types
    RENDERER = __name__ + "_render"  # drawing lives beside, as each game's render.py

    def tokens(self) -> tuple[str, ...]:
        return FRUITS + (BEES if "bees" in self.options["modules"] else ())

    def cards(self) -> list[str]:
        return [f"p{p}bid{v}" for p in range(self.players) for v in BIDS]

    def new_initial_state(self) -> OrchardState:
        """Round 1: the bag full and each grower's bid cards in hand; every other field
        starts empty, the stack too (the engine loop reads the round off the table)."""
        hands = tuple(tuple(c for c in self.cards() if own_card(self, p, c))
                      for p in range(self.players))
        return OrchardState.fresh(self, bag=tuple(sorted(self.tokens())), hands=hands)

    def max_game_length(self) -> int:
        """Three rounds: a harvest (chance), then two tends and a bid a grower."""
        return ROUNDS * (1 + self.players * (TENDS + 1))

    COMPONENTS = {"card": cards, "token": tokens}  # counted in every field they fill


def _migrate_0(save: dict) -> dict:
    """Format 0 (before the engine shape) named the phase; the stack says it now."""
    save = dict(save)
    phase = save.pop("phase", None)
    rest = {"harvest": ["harvest", "tend", "bid"], "tend": ["tend", "bid"], "bid": ["bid"]}
    save["stack"] = [{"stage": s} for s in reversed(rest.get(phase, []))]
    save.setdefault("game", "toyorchard")
    return save


class OrchardState(StagedState):
    KINDS = RULES
    FORMAT = 1
    MIGRATIONS = {0: _migrate_0}
    STAGES_FROM = stages_from
    FIELDS = (
        Field("round", Int(1, ROUNDS)),
        Field("bag", Tuple(Str(OrchardGame.tokens), sort=True, unique=True)),
        Field("market", Opt(Str(OrchardGame.tokens))),
        Field("hands", PerSeat(Tuple(Str(OrchardGame.cards), sort=True, unique=True))),
        Field("bids", PerSeat(Opt(Str(OrchardGame.cards)))),
        Field("tends", PerSeat(Int(0, TENDS))),
        Field("water", PerSeat(Int(0, 99))),
        Field("prunes", PerSeat(Int(0, 99))),
        Field("won", PerSeat(Tuple(Str(OrchardGame.tokens)))),
        Field("spent", Tuple(Str(OrchardGame.cards))),
        Field("compost", Tuple(Str(OrchardGame.tokens))),
        Field("stack", STAGES.codec()),
    )
    phase = StagedState.stage  # the name the tests and boards read

    def _check_save(self) -> None:
        """Components are conserved (checked in core); hands hold their owner's cards,
        one fewer each round; the stack is what is left of the round."""
        for p, hand in enumerate(self.hands):
            mine = hand + ((self.bids[p],) if self.bids[p] else ())
            if not all(own_card(self.game, p, c) for c in mine):
                raise RuleError(f"hands[{p}]: a grower holds only their own cards")
            if len(mine) != len(BIDS) - (self.round - 1) - (not self.stack):
                raise RuleError(f"hands[{p}]: wrong number of cards for round {self.round}")
        if self.stack[::-1] != stages_from(self):
            raise RuleError("stack: it does not fit the table (a round is harvest, tend, bid)")

    def scores(self):
        fruit = [3 * sum(t in FRUITS for t in won) for won in self.won]
        garden = [min(w, 5) + p for w, p in zip(self.water, self.prunes)]
        return [{"total": f + g, "fruit": f, "garden": g} for f, g in zip(fruit, garden)]

    def _observation(self, player):
        """What only this seat sees, and who has bid; core adds the seen save under
        ``"seen"`` (every public field, the bag and the others' cards as ``"?"``)."""
        return {
            "viewer": player,
            "phase": self.phase,
            "hand": list(self.hands[player]),
            "my_bid": self.bids[player],
            "has_bid": [b is not None for b in self.bids],
        }


OrchardGame.STATE = OrchardState  # what reads a save (Game._state_from_json)
OrchardGame.ZONES = ZoneTable(
    [
        Zone("bag", COUNTED, "bag", holds=lambda g, _, c: c in g.tokens(), ordered=False),
        Zone("hands", OWNER, "hands", per_seat=True, holds=own_card),
        Zone("bids", OWNER, "bids", per_seat=True, holds=own_card),
    ],
    universe=lambda g: [*g.cards(), *g.tokens()],
)
