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
from xml.sax.saxutils import escape

from treehouse_lab.core.fields import Field, Int, Opt, PerSeat, Str, Tuple, add_at, replace_at
from treehouse_lab.core.kinds import Kind, KindTable
from treehouse_lab.core.options import Option
from treehouse_lab.core.stages import AllAtOnce, Stage, StagedState, StageTable
from treehouse_lab.core.svg import target_attrs
from treehouse_lab.core.zones import COUNTED, OWNER, Zone, ZoneTable
from treehouse_lab.errors import RuleError
from treehouse_lab.protocol import CHANCE, TERMINAL, Action, Game

ROUNDS, TENDS, BIDS = 3, 2, (1, 2, 3, 4)
FRUITS = tuple(f"fruit{i}" for i in range(1, 7))
BEES = ("bee1", "bee2")
MODULES = ("bees", "frost")


def card_id(seat: int, value: int) -> str:
    return f"p{seat}bid{value}"


def card_value(card: str) -> int:
    return int(card.rsplit("bid", 1)[1])


# -- actions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Harvest(Action):
    KIND = "harvest"
    token: str

    def __str__(self) -> str:
        return f"{self.token} comes to the market"


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
    CHANCE = True

    def outcomes(self, s: OrchardState) -> list[tuple[Action, Fraction]]:
        p = Fraction(1, len(s.bag))
        return [(Harvest(t), p) for t in s.bag]

    def label(self, s: OrchardState) -> str:
        return "Chance: a token comes from the bag to the market"


@STAGES.stage
@dataclass(frozen=True)
class TendStage(AllAtOnce):
    NAME = "tend"
    OFFERS = (Tend,)

    def waits(self, s: OrchardState, seat: int) -> bool:
        return s.tends[seat] < TENDS

    def label(self, s: OrchardState) -> str:
        return "Everyone tends their garden twice, in any order"


@STAGES.stage
@dataclass(frozen=True)
class BidStage(AllAtOnce):
    NAME = "bid"
    OFFERS = (Bid,)

    def waits(self, s: OrchardState, seat: int) -> bool:
        return s.bids[seat] is None

    def done(self, s: OrchardState) -> None:
        s.reveal()

    def label(self, s: OrchardState) -> str:
        return "Everyone bids a card face down"


# -- kinds ------------------------------------------------------------------------------
@RULES.kind(Harvest)
class HarvestKind(Kind):
    def why_not(self, s, a, player):
        return None if s.stage == "harvest" and a.token in s.bag else (
            "Harvest: a token in the bag comes to the market at the start of a round")

    def apply(self, s, a, player):
        bag = list(s.bag)
        bag.remove(a.token)
        s.bag, s.market = tuple(bag), a.token
        s.pop()

    def explain(self, s, a, player):
        return f"Harvest: each of the {len(s.bag)} tokens in the bag is equally likely"

    def narrate(self, s, a, player):
        return str(a)


@RULES.kind(Tend)
class TendKind(Kind):
    def generate(self, s, seat):
        frost = "frost" in s.game.options["modules"] and s.round == 1
        return [Tend("water")] + ([] if frost else [Tend("prune")])

    def why_not(self, s, a, player):
        if s.stage != "tend" or player not in s.actors():
            return "Tend: each grower tends twice, after the harvest"
        if a not in self.generate(s, player):
            return "Frost (module): no pruning in the first round"
        return None

    def apply(self, s, a, player):
        field = "water" if a.how == "water" else "prunes"
        setattr(s, field, add_at(getattr(s, field), player, 1))
        s.tends = add_at(s.tends, player, 1)

    def explain(self, s, a, player):
        return f"Tend: {s.game.player_name(player)} has {TENDS - s.tends[player]} tends left"

    def narrate(self, s, a, player):
        return f"{s.game.player_name(player)}: {a}"

    def click_path(self, s, a, seat):
        return (a.how,)


@RULES.kind(Bid)
class BidKind(Kind):
    def generate(self, s, seat):
        return [Bid(c) for c in s.hands[seat]]

    def why_not(self, s, a, player):
        if s.stage != "bid" or player not in s.actors():
            return "Bid: each grower bids once a round, after tending"
        if a.card not in s.hands[player]:
            return f"{a} is not legal: bid one of your own cards ({', '.join(s.hands[player])})"
        return None

    def apply(self, s, a, player):
        s.hands = replace_at(s.hands, player, tuple(c for c in s.hands[player] if c != a.card))
        s.bids = replace_at(s.bids, player, a.card)

    def explain(self, s, a, player):
        return "Bid: the card stays face down until every grower has bid"

    def narrate(self, s, a, player):
        name = s.game.player_name(player)
        if sum(b is None for b in s.bids) > 1:
            return f"{name} bids a card face down"
        bids = replace_at(s.bids, player, a.card)
        shown = ", ".join(f"{s.game.player_name(p)} {card_value(b)}" for p, b in enumerate(bids))
        return f"{name} bids a card face down; all bids revealed: {shown}"

    def click_path(self, s, a, seat):
        return ("card:" + a.card,)


# -- the game and its declared state -----------------------------------------------------
class OrchardGame(Game):
    NAME = "toyorchard"
    TITLE = "Toy orchard"
    OPTIONS = (
        Option("players", 2, "2 or 3 growers", choices=(2, 3)),
        Option("modules", (), "modules in play", subset_of=MODULES),
    )
    ACTION_TYPES = RULES.action_types
    RENDERER = __name__   # render_svg, render_text and click_paths are below

    def tokens(self) -> tuple[str, ...]:
        return FRUITS + (BEES if "bees" in self.options["modules"] else ())

    def cards(self) -> list[str]:
        return [card_id(p, v) for p in range(self.players) for v in BIDS]

    def new_initial_state(self) -> OrchardState:
        n = self.players
        s = OrchardState.__new__(OrchardState)
        s.game, s.round, s.bag, s.market = self, 1, tuple(sorted(self.tokens())), None
        s.hands = tuple(tuple(card_id(p, v) for v in BIDS) for p in range(n))
        s.bids, s.tends = (None,) * n, (0,) * n
        s.water = s.prunes = (0,) * n
        s.won, s.spent, s.compost = ((),) * n, (), ()
        s.stack = ()
        s.push(HarvestStage(), TendStage(), BidStage())
        s._run()
        return s

    def max_game_length(self) -> int:
        """Three rounds, each a harvest (one chance step), two tends a grower and one bid
        a grower."""
        return ROUNDS * (1 + self.players * (TENDS + 1))

    def components(self) -> dict[str, list[str]]:
        return {"card": sorted(self.cards()), "token": sorted(self.tokens())}

    def _state_from_json(self, data) -> OrchardState:
        return OrchardState.from_json(self, data)


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

    @property
    def phase(self) -> str:
        return self.stage

    def _next_turn(self) -> bool:
        """A round is over: the next one, or the end after the third."""
        if self.round == ROUNDS:
            return False
        self.round += 1
        self.push(HarvestStage(), TendStage(), BidStage())
        return True

    def reveal(self) -> None:
        values = [card_value(b) for b in self.bids]
        best = max(values)
        takers = [p for p, v in enumerate(values) if v == best]
        if len(takers) == 1:
            self.won = replace_at(self.won, takers[0], self.won[takers[0]] + (self.market,))
            if self.market in BEES:
                self.water = add_at(self.water, takers[0], 2)
        else:
            self.compost += (self.market,)
        if "frost" in self.game.options["modules"]:
            self.water = tuple(min(w, 3) for w in self.water)
        self.spent += self.bids
        n = self.game.players
        self.market, self.bids, self.tends = None, (None,) * n, (0,) * n

    def _check_save(self) -> None:
        """Components are conserved (checked in core); hands hold their owner's cards,
        one fewer each round; the stack is what is left of the round."""
        for p, hand in enumerate(self.hands):
            mine = hand + ((self.bids[p],) if self.bids[p] else ())
            if any(not c.startswith(f"p{p}bid") for c in mine):
                raise RuleError(f"hands[{p}]: a grower holds only their own cards")
            if len(mine) != len(BIDS) - (self.round - 1) - (not self.stack):
                raise RuleError(f"hands[{p}]: wrong number of cards for round {self.round}")
        if self.stack != self.stack_for_table():
            raise RuleError("stack: it does not fit the table (a round is harvest, tend, bid)")

    def stack_for_table(self) -> tuple[Stage, ...] | None:
        """The stages left of the round, read off the table."""
        if self.market is None:
            if any(self.bids) or any(self.tends):
                return None
            over = len(self.spent) == self.game.players * ROUNDS
            return () if over else (BidStage(), TendStage(), HarvestStage())
        if any(t < TENDS for t in self.tends):
            return None if any(self.bids) else (BidStage(), TendStage())
        return (BidStage(),)

    def scores(self):
        out = []
        for p in range(self.game.players):
            fruit = 3 * sum(1 for t in self.won[p] if t in FRUITS)
            garden = min(self.water[p], 5) + self.prunes[p]
            out.append({"total": fruit + garden, "fruit": fruit, "garden": garden})
        return out

    def winners(self):
        totals = [s["total"] for s in self.scores()]
        return [p for p, t in enumerate(totals) if t == max(totals)]

    def _observation(self, player):
        return {"viewer": player, "phase": self.phase, "round": self.round,
                "market": self.market, "hand": list(self.hands[player]),
                "hand_sizes": [len(h) for h in self.hands], "my_bid": self.bids[player],
                "has_bid": [b is not None for b in self.bids], "tends": list(self.tends),
                "water": list(self.water), "prunes": list(self.prunes),
                "won": [list(w) for w in self.won], "spent": list(self.spent),
                "compost": list(self.compost), "bag_size": len(self.bag),
                "players": self.game.players}

    def components(self):
        return {"card": sorted(self.spent + tuple(c for h in self.hands for c in h)
                               + tuple(b for b in self.bids if b)),
                "token": sorted(self.bag + (self.market,) * bool(self.market) + self.compost
                                + tuple(t for w in self.won for t in w))}


def _own_card(g, owner, c) -> bool:
    return c.startswith(f"p{owner}bid")


OrchardGame.ZONES = ZoneTable(
    [Zone("bag", COUNTED, "bag", holds=lambda g, _, c: c in g.tokens(), ordered=False),
     Zone("hands", OWNER, "hands", per_seat=True, holds=_own_card),
     Zone("bids", OWNER, "bids", per_seat=True, holds=_own_card)],
    universe=lambda g: [*g.cards(), *g.tokens()])

# -- drawing (the render part: SVG, text and click targets from the public fields) ------
def render_svg(state, viewer=None, selection=(), targets=frozenset()) -> str:
    targets, selection = set(targets), set(selection)
    n = state.game.players
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-toyorchard" '
             f'width="420" height="{70 + 40 * n}">',
             f'<text x="10" y="20">Round {state.round}, {state.stage}; market: '
             f'{escape(state.market or "-")}</text>']
    for p in range(n):
        bid = ("face down" if state.bids[p] and viewer != p
               else escape(state.bids[p] or "-"))
        parts.append(f'<g data-grower="{p}"><text x="10" y="{40 + 36 * p}">'
                     f'{escape(state.game.player_name(p))}: water {state.water[p]}, prunes '
                     f'{state.prunes[p]}, fruit {len(state.won[p])}, bid {bid}</text></g>')
    y = 50 + 36 * n
    for i, how in enumerate(("water", "prune")):
        parts.append(f'<rect{target_attrs(how, targets, selection, "tl-button")} '
                     f'x="{10 + 70 * i}" y="{y}" width="60" height="20"/>')
    if viewer is not None:
        for i, c in enumerate(state.hands[viewer]):
            parts.append(f'<rect{target_attrs("card:" + c, targets, selection, "tl-card")} '
                         f'x="{160 + 50 * i}" y="{y}" width="40" height="20"/>'
                         f'<text x="{164 + 50 * i}" y="{y + 15}">{escape(c)}</text>')
    return "".join(parts) + "</svg>"


def render_text(state) -> str:
    lines = [f"Toy orchard, round {state.round} ({state.stage}), "
             f"market {state.market or '-'}"]
    lines += [f"{state.game.player_name(p)}: water {state.water[p]}, prunes {state.prunes[p]}, "
              f"fruit {len(state.won[p])}" for p in range(state.game.players)]
    return "\n".join(lines)


def click_paths(state, player=None):
    if state.current_player in (CHANCE, TERMINAL):
        return {}
    seat = state.actors()[0] if player is None else player
    return {a: RULES.get(a).click_path(state, a, seat) for a in state.legal_actions(player)}


__all__ = ["OrchardGame", "OrchardState", "Harvest", "Tend", "Bid"]
