"""A toy game with a real-time step and a secret reveal, for the conformance suite (not
registered in ``tl.GAMES``).

"Toy orchard", 2-3 players, 3 rounds. Each round:

1. *Harvest* (chance): one token is drawn from the bag to the market.
2. *Tend* (real time, everyone at once): each player tends their garden twice, watering
   or pruning, in any order with the others. Gardens are private, so any interleaving of
   the same per-player choices gives the same state.
3. *Bid* (secret, revealed together): each player puts one of their bid cards face down.
   Nobody sees another's card (nor, so as not to give it away, their hand) until the last
   card is in; then all are revealed, the highest bid takes the market token (a tie sends
   it to the compost) and the bid cards are spent.

Modules, played alone or together (so ``configurations()`` must cross them):

- ``"bees"``: two bee tokens join the bag; taking a bee waters your garden twice.
- ``"frost"``: pruning is not allowed in the first round, and at each reveal a garden's
  water above 3 freezes back to 3.

Points: 3 per fruit, plus water (at most 5), plus prunes. It exists to prove the core's
several-actors protocol, the ``Match`` schedule and the conformance suite before Magical
Treehouse needs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from treehouse_lab.core.bag import Bag
from treehouse_lab.core.jsonio import (
    expect_dict,
    expect_int,
    expect_list,
    expect_str,
)
from treehouse_lab.core.options import Option
from treehouse_lab.core.svg import target_attrs
from treehouse_lab.errors import RuleError
from treehouse_lab.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, State

ROUNDS = 3
TENDS = 2
BIDS = (1, 2, 3, 4)
FRUITS = tuple(f"fruit{i}" for i in range(1, 7))
BEES = ("bee1", "bee2")
PHASES = ("harvest", "tend", "bid", "over")
MODULES = ("bees", "frost")


def card_id(seat: int, value: int) -> str:
    return f"p{seat}bid{value}"


def card_value(card: str) -> int:
    return int(card.rsplit("bid", 1)[1])


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


class OrchardGame(Game):
    NAME = "toyorchard"
    TITLE = "Toy orchard"
    OPTIONS = (
        Option("players", 2, "2 or 3 growers", choices=(2, 3)),
        Option("modules", (), "modules in play", subset_of=MODULES),
    )
    ACTION_TYPES = (Harvest, Tend, Bid)

    def tokens(self) -> tuple[str, ...]:
        return FRUITS + (BEES if "bees" in self.options["modules"] else ())

    def cards(self) -> list[str]:
        return [card_id(p, v) for p in range(self.players) for v in BIDS]

    def new_initial_state(self) -> OrchardState:
        n = self.players
        return OrchardState(
            self, phase="harvest", round=1, bag=Bag(self.tokens()), market=None,
            hands=[[card_id(p, v) for v in BIDS] for p in range(n)], bids=[None] * n,
            tends=[0] * n, water=[0] * n, prunes=[0] * n, won=[[] for _ in range(n)],
            spent=[], compost=[],
        )

    def components(self) -> dict[str, list[str]]:
        return {"card": sorted(self.cards()), "token": sorted(self.tokens())}

    def _state_from_json(self, data) -> OrchardState:
        n = self.players
        d = expect_dict(data, "toyorchard", {
            "phase", "round", "bag", "market", "hands", "bids", "tends", "water", "prunes",
            "won", "spent", "compost"})
        phase = expect_str(d["phase"], "toyorchard.phase", PHASES)
        rnd = expect_int(d["round"], "toyorchard.round", 1, ROUNDS)
        tokens, cards = list(self.tokens()), self.cards()

        def ids(value, where, allowed):
            return [expect_str(x, where, allowed) for x in expect_list(value, where)]

        bag = ids(d["bag"], "toyorchard.bag", tokens)
        market = d["market"]
        if market is not None:
            market = expect_str(market, "toyorchard.market", tokens)
        hands = [sorted(ids(h, f"toyorchard.hands[{p}]", cards))
                 for p, h in enumerate(expect_list(d["hands"], "toyorchard.hands", n))]
        bids = []
        for p, b in enumerate(expect_list(d["bids"], "toyorchard.bids", n)):
            bids.append(None if b is None else expect_str(b, f"toyorchard.bids[{p}]", cards))
        tends = [expect_int(v, "toyorchard.tends", 0, TENDS)
                 for v in expect_list(d["tends"], "toyorchard.tends", n)]
        water = [expect_int(v, "toyorchard.water", 0, 99)
                 for v in expect_list(d["water"], "toyorchard.water", n)]
        prunes = [expect_int(v, "toyorchard.prunes", 0, 99)
                  for v in expect_list(d["prunes"], "toyorchard.prunes", n)]
        won = [ids(w, f"toyorchard.won[{p}]", tokens)
               for p, w in enumerate(expect_list(d["won"], "toyorchard.won", n))]
        spent = ids(d["spent"], "toyorchard.spent", cards)
        compost = ids(d["compost"], "toyorchard.compost", tokens)
        # every component exactly once, each card with its owner
        placed_tokens = bag + ([market] if market else []) + compost + [t for w in won for t in w]
        if sorted(placed_tokens) != sorted(tokens):
            raise RuleError("toyorchard: every token must be in exactly one place "
                            "(bag, market, a grower's fruit or the compost)")
        placed_cards = spent + [c for h in hands for c in h] + [b for b in bids if b]
        if sorted(placed_cards) != sorted(cards):
            raise RuleError("toyorchard: every bid card must be in exactly one place")
        for p in range(n):
            mine = hands[p] + ([bids[p]] if bids[p] else [])
            if any(not c.startswith(f"p{p}bid") for c in mine):
                raise RuleError(f"toyorchard.hands[{p}]: a grower holds only their own cards")
            if len(hands[p]) + (1 if bids[p] else 0) != len(BIDS) - (rnd - 1) - (
                    1 if phase == "over" else 0):
                raise RuleError(f"toyorchard.hands[{p}]: wrong number of cards for round {rnd}")
        _check_phase(phase, market, bids, tends)
        return OrchardState(self, phase, rnd, Bag(bag), market, hands, bids, tends, water,
                            prunes, won, spent, compost)

    # -- drawing ----------------------------------------------------------------------
    def render_svg(self, state, viewer=None, selection=(), targets=frozenset()) -> str:
        targets, selection = set(targets), set(selection)
        n = self.players
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-toyorchard" '
                 f'width="420" height="{70 + 40 * n}">',
                 f'<text x="10" y="20">Round {state.round}, {state.phase}; market: '
                 f'{escape(state.market or "-")}</text>']
        for p in range(n):
            y = 40 + 36 * p
            bid = ("face down" if state.bids[p] and viewer != p
                   else escape(state.bids[p] or "-"))
            parts.append(f'<g data-grower="{p}"><text x="10" y="{y}">{escape(self.player_name(p))}'
                         f': water {state.water[p]}, prunes {state.prunes[p]}, '
                         f'fruit {len(state.won[p])}, bid {bid}</text></g>')
        y = 50 + 36 * n
        for i, how in enumerate(("water", "prune")):
            parts.append(f'<rect{target_attrs(how, targets, selection, "tl-button")} '
                         f'x="{10 + 70 * i}" y="{y}" width="60" height="20"/>')
        if viewer is not None:
            for i, c in enumerate(state.hands[viewer]):
                parts.append(f'<rect{target_attrs("card:" + c, targets, selection, "tl-card")} '
                             f'x="{160 + 50 * i}" y="{y}" width="40" height="20"/>'
                             f'<text x="{164 + 50 * i}" y="{y + 15}">{escape(c)}</text>')
        parts.append("</svg>")
        return "".join(parts)

    def render_text(self, state) -> str:
        lines = [f"Toy orchard, round {state.round} ({state.phase}), "
                 f"market {state.market or '-'}"]
        for p in range(self.players):
            lines.append(f"{self.player_name(p)}: water {state.water[p]}, prunes "
                         f"{state.prunes[p]}, fruit {len(state.won[p])}")
        return "\n".join(lines)

    def click_paths(self, state, player=None):
        if state.current_player in (CHANCE, TERMINAL):
            return {}
        out = {}
        for a in state.legal_actions(player):
            out[a] = (a.how,) if isinstance(a, Tend) else ("card:" + a.card,)
        return out


def _check_phase(phase, market, bids, tends) -> None:
    if phase == "harvest" and (market is not None or any(bids) or any(tends)):
        raise RuleError("toyorchard.phase: 'harvest' starts a round with an empty market")
    if phase == "tend" and (market is None or any(bids)):
        raise RuleError("toyorchard.phase: 'tend' needs a market token and no bids")
    if phase == "bid" and (market is None or any(t != TENDS for t in tends)
                           or all(bids)):
        raise RuleError("toyorchard.phase: 'bid' comes after every garden is tended")
    if phase == "over" and (market is not None or any(bids)):
        raise RuleError("toyorchard.phase: 'over' has no market and no bids")


class OrchardState(State):
    def __init__(self, game, phase, round, bag, market, hands, bids, tends, water, prunes,
                 won, spent, compost):
        self.game = game
        self.phase = phase
        self.round = round
        self.bag = bag
        self.market = market
        self.hands = hands
        self.bids = bids
        self.tends = tends
        self.water = water
        self.prunes = prunes
        self.won = won
        self.spent = spent
        self.compost = compost

    @property
    def modules(self) -> tuple[str, ...]:
        return self.game.options["modules"]

    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "harvest":
            return CHANCE
        actors = self._actors()
        return actors[0] if len(actors) == 1 else SIMULTANEOUS

    def _actors(self) -> list[int]:
        n = self.game.players
        if self.phase == "tend":
            return [p for p in range(n) if self.tends[p] < TENDS]
        if self.phase == "bid":
            return [p for p in range(n) if self.bids[p] is None]
        return []

    def _legal_actions(self, player):
        if self.phase == "tend":
            frost = "frost" in self.modules and self.round == 1
            return [Tend("water")] + ([] if frost else [Tend("prune")])
        return [Bid(c) for c in self.hands[player]]

    def _chance_outcomes(self):
        return [(Harvest(t), p) for t, p in self.bag.draw_outcomes()]

    def _apply(self, action, player):
        if isinstance(action, Harvest):
            self.bag.remove(action.token)
            self.market = action.token
            self.phase = "tend"
        elif isinstance(action, Tend):
            if action.how == "water":
                self.water[player] += 1
            else:
                self.prunes[player] += 1
            self.tends[player] += 1
            if all(t == TENDS for t in self.tends):
                self.phase = "bid"
        elif isinstance(action, Bid):
            self.hands[player].remove(action.card)
            self.bids[player] = action.card
            if all(self.bids):
                self._reveal()

    def _reveal(self) -> None:
        values = [card_value(b) for b in self.bids]
        best = max(values)
        takers = [p for p, v in enumerate(values) if v == best]
        if len(takers) == 1:
            taker = takers[0]
            self.won[taker].append(self.market)
            if self.market in BEES:
                self.water[taker] += 2
        else:
            self.compost.append(self.market)
        if "frost" in self.modules:
            self.water = [min(w, 3) for w in self.water]
        self.spent.extend(self.bids)
        self.market = None
        self.bids = [None] * self.game.players
        self.tends = [0] * self.game.players
        if self.round == ROUNDS:
            self.phase = "over"
        else:
            self.round += 1
            self.phase = "harvest"

    def why_illegal(self, action, by=None):
        if isinstance(action, Bid) and by is not None and action.card not in self.hands[by]:
            return f"{action} is not legal: bid one of your own cards ({', '.join(self.hands[by])})"
        if isinstance(action, Tend) and action.how == "prune" and self.phase == "tend":
            return "Frost (module): no pruning in the first round"
        return super().why_illegal(action, by=by)

    def narrate(self, action, by=None):
        if not isinstance(action, Bid):
            return super().narrate(action, by=by)
        name = self.game.player_name(by)
        if sum(b is None for b in self.bids) > 1:
            return f"{name} bids a card face down"
        bids = list(self.bids)
        bids[by] = action.card
        shown = ", ".join(f"{self.game.player_name(p)} {card_value(b)}"
                          for p, b in enumerate(bids))
        return f"{name} bids a card face down; all bids revealed: {shown}"

    def scores(self):
        out = []
        for p in range(self.game.players):
            fruit = 3 * sum(1 for t in self.won[p] if t in FRUITS)
            garden = min(self.water[p], 5) + self.prunes[p]
            out.append({"total": fruit + garden, "fruit": fruit, "garden": garden})
        return out

    def winners(self):
        totals = [s["total"] for s in self.scores()]
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]

    def observation(self, player):
        n = self.game.players
        return {
            "viewer": player,
            "phase": self.phase,
            "round": self.round,
            "market": self.market,
            "hand": list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "my_bid": self.bids[player],
            "has_bid": [b is not None for b in self.bids],
            "tends": list(self.tends),
            "water": list(self.water),
            "prunes": list(self.prunes),
            "won": [list(w) for w in self.won],
            "spent": list(self.spent),
            "compost": list(self.compost),
            "bag_size": len(self.bag),
            "players": n,
        }

    def hidden_from(self, player):
        hidden = set(self.bag.kinds())
        for q in range(self.game.players):
            if q != player:
                hidden.update(self.hands[q])
                if self.bids[q]:
                    hidden.add(self.bids[q])
        return hidden

    def components(self):
        cards = self.spent + [c for h in self.hands for c in h] + [b for b in self.bids if b]
        tokens = list(self.bag) + ([self.market] if self.market else []) + self.compost \
            + [t for w in self.won for t in w]
        return {"card": sorted(cards), "token": sorted(tokens)}

    def to_json(self):
        return {
            "phase": self.phase, "round": self.round, "bag": sorted(self.bag),
            "market": self.market, "hands": [list(h) for h in self.hands],
            "bids": list(self.bids), "tends": list(self.tends), "water": list(self.water),
            "prunes": list(self.prunes), "won": [list(w) for w in self.won],
            "spent": list(self.spent), "compost": list(self.compost),
        }

    def clone(self):
        return OrchardState(
            self.game, self.phase, self.round, self.bag.copy(), self.market,
            [list(h) for h in self.hands], list(self.bids), list(self.tends),
            list(self.water), list(self.prunes), [list(w) for w in self.won],
            list(self.spent), list(self.compost))


__all__ = ["OrchardGame", "OrchardState", "Harvest", "Tend", "Bid"]
