"""Treehouse Diner: the game, its options and the tables made once per configuration.

``tl.load_game("diner", players=3, end_after=None, modules=())``; the state is
``state.py``, the turn's steps ``stages.py``, the actions' rules
``moves.py``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar, Mapping

from ...core.chance import CountedDraws, UniformDraws
from ...core.codec import ActionSpace, Fields
from ...core.options import Option
from ...core.seating import clockwise_from
from ...errors import RuleError, quote
from ...protocol import Action, Game
from . import stages
from .actions import (
    AnnounceChallenge,
    AssignBee,
    ChooseShelf,
    DealChallenge,
    Decline,
    Discard,
    DrawAction,
    DrawIngredient,
    DrawOrder,
    EndTurn,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    PlacePlate,
    PlayAction,
    Recycle,
    StartJoker,
    TakeFromPantry,
    TakeOrder,
)
from .data import (
    actions_of,
    actions_option,
    challenges_of,
    challenges_option,
    chili_orders_of,
    chili_orders_option,
    load_chili_pantry,
    orders_of,
    orders_option,
    pantry_of,
    pantry_option,
    standard_actions,
    standard_challenges,
    standard_chili_orders,
    standard_orders,
    standard_pantry,
)
from .moves import RULES
from .positions import position
from .rules import (
    ACTIONS_AT_START,
    BAG,
    BASIC_KINDS,
    BEE,
    BEES,
    CHALLENGES_EACH,
    CHILI,
    CHILIS,
    DAISY,
    END_AFTER,
    KITCHEN_SPACES,
    MODULES,
    PLATES,
    Order,
    Row,
    effect_stages,
    setup_stages,
)
from .state import DinerState
from .view import ZONES

Counts = tuple  # one count per ingredient kind


def _end_after(value: Any) -> int | None:
    """``Option.check`` for ``end_after``: None (the rulebook's 8, 7 or 6) or a number of
    delivered orders (End of the Game: "Before the game you can agree on a different
    number")."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 46:
        raise RuleError(f"option end_after={quote(value)} is not allowed: give None (8, 7 or 6 "
                        "delivered orders for 2, 3 or 4 players) or a whole number 1..46")
    return value


#: Ruling D41: the game ends after this many rounds at the latest. Random movers play
#: about 29 rounds on average and at most 85 in 768 seeded games; people finish in 15 to 25.
ROUND_LIMIT = 100


def _round_limit(value: Any) -> int:
    """``Option.check`` for ``round_limit`` (ruling D41)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10_000:
        raise RuleError(f"option round_limit={quote(value)} is not allowed: give a whole "
                        "number of rounds 1..10000 (ruling D41)")
    return value


#: Steps one effect can make by itself (chance draws and decisions), for
#: ``max_game_length``; what it sets off (an order's or a row's effects) is counted there.
EFFECT_STEPS = {"draw": 1, "discard": 1, "recycle": 2, "praise": 0, "complaint": 0,
                "others_complaint": 0, "draw_order": 1, "move_left": 1, "draw_action": 1,
                "shortcut": 2}


class DinerGame(Game):
    """``tl.load_game("diner", players=3, end_after=None, modules=())``."""

    NAME: ClassVar[str] = "diner"
    TITLE: ClassVar[str] = "Treehouse Diner"
    #: the rules index beside this file (treehouse_lab/rules_index.py): read when asked for
    RULEBOOK: ClassVar[str] = "rulebook.toml"
    RENDERER: ClassVar[str] = "treehouse_lab.games.diner.render"
    #: the lessons (tl.Lesson("diner")), imported only when lessons are asked for
    LESSONS: ClassVar[str] = "treehouse_lab.games.diner.lessons"
    #: This game's own bots (name -> "module:attr" of the factory, the module relative
    #: to this package), which tl.BOTS lists.
    BOTS: ClassVar[dict[str, str]] = {"diner-cook": ".bots:CookBot"}
    #: The module of this game's exercise bank, imported when the bank is read.
    EXERCISES: ClassVar[str] = ".exercises"
    STATE = DinerState
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 3, "number of kitchen helpers, 2 to 4", choices=(2, 3, 4)),
        Option("end_after", None,
               "delivered orders that end the game: None for the rulebook's 8, 7 or 6 "
               "(2, 3 or 4 players), or another agreed number", check=_end_after,
               examples=(3,)),
        Option("round_limit", ROUND_LIMIT,
               "the most rounds a game lasts: after that round the game ends and is scored "
               f"as usual even if nobody triggered the end (ruling D41; {ROUND_LIMIT} is "
               "far beyond any real game)", check=_round_limit, examples=(ROUND_LIMIT, 4)),
        Option("modules", (), "optional modules: 'bees' (Save the Bees: bees and "
               "Challenges) and 'chili' (Secret Ingredient: chilis, Chili orders, Soup Stews, "
               "Action cards), alone or together", subset_of=MODULES),
        Option("move_left", "must",
               "the move-an-order-left effect: 'must' (ruling D9) or 'may' be turned down",
               choices=("must", "may")),
        Option("jokers", "missing",
               "Ingredient Jokers: 'missing' (on a symbol whose ingredient the supply holds "
               "none of, before or after placing, ruling D11), 'placed-first' (only once "
               "every ingredient that can be assigned is) or 'any' uncovered symbol, even "
               "one whose ingredient you hold", choices=("missing", "placed-first", "any")),
        Option("plate_jokers", "missing",
               "jokers on Soup Stew plates (module chili): 'missing' (on a plate whose letter "
               "already holds a kind, ruling D29) or 'never'", choices=("missing", "never")),
        Option("orders", standard_orders()[1],
               "the order cards: 'standard' (the stand-in set), a list of 54 order tables, "
               "or load_orders(path) from Python; never a file name", check=orders_option),
        Option("pantry", standard_pantry()[1],
               "the pantry layout: 'standard' (the stand-in), a table of rows, columns and "
               "tray, or load_pantry(path) from Python; never a file name",
               check=pantry_option),
        Option("chili_orders", standard_chili_orders()[1],
               "the Chili orders (module chili): 'standard' (the stand-in set), a list of 46 "
               "order tables, or load_chili_orders(path) from Python; never a file name",
               check=chili_orders_option),
        Option("actions", standard_actions()[1],
               "the Action cards (module chili): 'standard' (the stand-in set), a list of "
               "card tables making 44 cards, or load_actions(path) from Python",
               check=actions_option),
        Option("challenges", standard_challenges()[1],
               "the Challenges (module bees): 'standard' (the stand-in set), a list of 15 "
               "Challenge tables, or load_challenges(path) from Python",
               check=challenges_option),
    )
    ACTION_TYPES: ClassVar[tuple[type[Action], ...]] = RULES.action_types
    ZONES = ZONES

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.players
        self.modules: frozenset[str] = frozenset(self.options["modules"])
        #: Save the Bees (bees, Challenges) and Secret Ingredient (chilis, Chili orders,
        #: Soup Stews, Action cards).
        self.bees: bool = "bees" in self.modules
        self.chili: bool = "chili" in self.modules
        # Tokens in the bag: the six ingredients, then the 8 chilis, then the 22 bees
        # (Components). A bee is a token like an ingredient (fetched, drawn, composted)
        # but never an ingredient (ruling D21).
        self.kinds: tuple[str, ...] = (BASIC_KINDS + ((CHILI,) if self.chili else ())
                                       + ((BEE,) if self.bees else ()))
        self.kind_index: Mapping[str, int] = MappingProxyType(
            {k: i for i, k in enumerate(self.kinds)})
        self.daisy: int = self.kind_index[DAISY]
        self.bee: int | None = self.kind_index.get(BEE)
        #: The kinds that are ingredients (all but the bee).
        self.ingredients: tuple[int, ...] = tuple(
            i for i, k in enumerate(self.kinds) if k != BEE)
        self.zero: Counts = (0,) * len(self.kinds)
        self.bag_start: Counts = tuple({**BAG, CHILI: CHILIS, BEE: BEES}[k] for k in self.kinds)
        #: Symbols: the kinds' indices, then the Soup Stew plates from ``plate0`` on.
        self.plate0: int = len(self.kinds)
        self.symbol_names: tuple[str, ...] = self.kinds + PLATES
        self.symbol_index: Mapping[str, int] = MappingProxyType(
            {k: i for i, k in enumerate(self.symbol_names)})
        orders = orders_of(self.options["orders"])
        if self.chili:
            # Secret Ingredient, Setup 3: "use the Chili orders ... instead of the Basic
            # orders ... leave all Basic orders in the box."
            orders = (tuple(o for o in orders if o.deck == "starting")
                      + chili_orders_of(self.options["chili_orders"]))
        self.orders: Mapping[str, Order] = MappingProxyType({o.id: o for o in orders})
        self.basic_ids: tuple[str, ...] = tuple(
            o.id for o in orders if o.deck in ("basic", "chili"))
        self.starting_ids: tuple[str, ...] = tuple(
            o.id for o in orders if o.deck == "starting")
        self.symbols: Mapping[str, tuple[int, ...]] = MappingProxyType(
            {o.id: tuple(self.symbol_index[k] for k in o.ingredients) for o in orders})
        self.chefs: Mapping[str, str] = MappingProxyType({o.id: o.chef for o in orders})
        self.action_cards = MappingProxyType(
            {c.id: c for c in actions_of(self.options["actions"])} if self.chili else {})
        self.challenges = MappingProxyType(
            {c.id: c for c in challenges_of(self.options["challenges"])} if self.bees else {})
        lay = load_chili_pantry() if self.chili else pantry_of(self.options["pantry"])
        self.rows: tuple[Row, ...] = lay.rows
        self.row_of_size: Mapping[int, int] = MappingProxyType(
            {r.size: i for i, r in enumerate(self.rows)})
        self.columns: int = lay.columns[n]
        self.tray_spaces: int = lay.tray[n]
        self.end_after: int = self.options["end_after"] or END_AFTER[n]
        self.round_limit: int = self.options["round_limit"]
        self.move_left: str = self.options["move_left"]
        self.jokers: str = self.options["jokers"]
        self.plate_jokers: bool = self.options["plate_jokers"] == "missing"
        self.action_cards_in_box: int = 0 if self.chili else len(
            actions_of(self.options["actions"]))
        self.challenges_in_box: int = 0 if self.bees else len(
            challenges_of(self.options["challenges"]))
        self.make_tables()

    def make_tables(self) -> None:
        """Values made once and shared by every state: each action object (a playout
        allocates almost nothing, and legality is a lookup), each card's effect stages per
        player, the equal chances of an n-card pile."""
        n = self.players
        kinds = self.kinds
        orders = self.orders
        p0 = self.plate0
        self.draw_of = {k: DrawIngredient(k) for k in kinds}
        #: draws of one token from the bag, by the bag's counts (kind order).
        self.bag_draws = CountedDraws([self.draw_of[k] for k in kinds])
        #: draws of one card from a face-down pile, every card equally likely.
        self.order_draws = UniformDraws({o: DrawOrder(o) for o in orders})
        self.take_of = {o: TakeOrder(o) for o in orders}
        self.shelf_of = {(r.size, c): ChooseShelf(r.size, c)
                         for r in self.rows for c in range(1, self.columns + 1)}
        self.move_of = {(o, m): MoveOrder(o, m) for o in orders
                        for m in range(1, KITCHEN_SPACES + 1)}
        self.left_of = {(o, m): MoveLeft(o, m) for o in orders for m in range(1, KITCHEN_SPACES)}
        self.discard_of = tuple(Discard(k) for k in kinds)
        self.recycle_of = tuple(Recycle(k) for k in kinds)
        self.place_of = {(o, s): Place(o, kinds[s]) for o, syms in self.symbols.items()
                         for s in set(syms) if s < p0}
        names = self.symbol_names
        self.start_of = {(o, s): StartJoker(o, names[s]) for o, syms in self.symbols.items()
                         for s in set(syms)}
        self.joker_of = {(o, s, k): Joker(o, names[s], kinds[k])
                         for o, syms in self.symbols.items() for s in set(syms)
                         for k in self.ingredients}
        self.plate_of = {(o, s, k): PlacePlate(o, self.symbol_names[s], kinds[k])
                         for o, syms in self.symbols.items() for s in set(syms) if s >= p0
                         for k in self.ingredients}
        #: Phase 2's moves at each symbol of each order, in the order's symbol order:
        #: (symbol, its Place or None on a plate, its StartJoker, its PlacePlate for each
        #: kind index, None for the bee and off a plate).
        self.moves_at = {o: tuple((sy, self.place_of.get((o, sy)), self.start_of[(o, sy)],
                                   tuple(self.plate_of.get((o, sy, k)) for k in range(len(kinds))))
                                  for sy in syms) for o, syms in self.symbols.items()}
        #: Phase 2's moves of each kitchen entry seen so far, by entry (assigning.py's
        #: ``order_moves``): a pure function of the entry, kept because an order the last
        #: placement left alone is asked again at every step of the phase.
        self.order_moves: dict[tuple, tuple] = {}
        self.bee_of = {o: AssignBee(o) for o in orders}
        self.play_of = {c: PlayAction(c) for c in self.action_cards}
        self.action_draws = UniformDraws({c: DrawAction(c) for c in self.action_cards})
        self.challenge_draws = UniformDraws({c: DealChallenge(c) for c in self.challenges})
        self.announce_of = {c: AnnounceChallenge(c) for c in self.challenges}
        self.end_turn = EndTurn()
        self.finish = FinishAssigning()
        self.decline_of = {w: Decline(w) for w in ("recycle", "move_left")}
        self.shortcut_of = {(r.size, c, k): TakeFromPantry(r.size, c, kinds[k])
                            for r in self.rows for c in range(1, self.columns + 1)
                            for k in range(len(kinds))}
        #: The stages of each card's effects for each resolving player (D7).
        self.effects = {(o, p): effect_stages(order.effects, n, p, stages)
                        for o, order in orders.items() for p in range(n)}
        self.action_effects = {(c, p): effect_stages(card.effects, n, p, stages)
                               for c, card in self.action_cards.items() for p in range(n)}
        #: Refilling a Shelf Row: each row's bonus, by row size.
        self.bonus = {(r.size, p): effect_stages(r.bonus, n, p, stages)
                      for r in self.rows for p in range(n)}
        #: The set-up as a stack, bottom first (its last stage happens first).
        self.setup_stack = tuple(reversed(setup_stages(
            n, [r.size for r in self.rows], CHALLENGES_EACH if self.bees else 0,
            ACTIONS_AT_START if self.chili else 0, stages)))
        #: The other players, clockwise from each seat (ruling D8).
        self.others = {p: tuple(clockwise_from(p, n)[1:]) for p in range(n)}

    # -- protocol -----------------------------------------------------------------------
    def new_initial_state(self) -> DinerState:
        """Before any chance: the bag full, the Starting and Basic orders shuffled (no
        order is kept); the set-up tasks then deal, draw and fill as chance nodes."""
        return DinerState.start(self)

    def action_space(self) -> ActionSpace:
        """Stable ids (core/codec.py), by mixed radix over this configuration's data: the
        orders, the kinds of token, the symbols, the shelf spaces, the kitchen's minutes,
        the Action cards and the Challenges (docs/dev/action-ids.md)."""
        orders, kinds = tuple(self.orders), self.kinds
        sizes = tuple(r.size for r in self.rows)
        columns = tuple(range(1, self.columns + 1))
        cards, challenges = tuple(self.action_cards), tuple(self.challenges)
        F = Fields
        return ActionSpace(
            decisions={
                ChooseShelf: F({"size": sizes, "column": columns}),
                TakeOrder: F({"order": orders}),
                MoveOrder: F({"order": orders, "minutes": range(1, KITCHEN_SPACES + 1)}),
                Discard: F({"ingredient": kinds}),
                Recycle: F({"ingredient": kinds}),
                Decline: F({"what": ("recycle", "move_left")}),
                MoveLeft: F({"order": orders, "minutes": range(1, KITCHEN_SPACES)}),
                Place: F({"order": orders, "ingredient": kinds}),
                StartJoker: F({"order": orders, "symbol": self.symbol_names}),
                Joker: F({"order": orders, "symbol": self.symbol_names, "ingredient": kinds}),
                FinishAssigning: F({}),
                AssignBee: F({"order": orders}),
                PlacePlate: F({"order": orders, "plate": PLATES, "ingredient": kinds}),
                PlayAction: F({"card": cards}),
                TakeFromPantry: F({"size": sizes, "column": columns, "ingredient": kinds}),
                AnnounceChallenge: F({"challenge": challenges}),
                EndTurn: F({})},
            chance={DrawIngredient: F({"ingredient": kinds}),
                    DrawOrder: F({"order": orders}),
                    DrawAction: F({"card": cards}),
                    DealChallenge: F({"challenge": challenges})})

    def max_game_length(self) -> int:
        """A proven bound on the steps of any game of this configuration, from its data.

        Turns: the game ends after round ``round_limit`` at the latest (D41), so there are
        at most ``n * round_limit`` turns. Within a turn every step is charged to
        something finite, thanks to D40 (a turn does not go round in circles):

        * each face-down pile is rebuilt from its discard pile at most once a turn, so a
          turn draws at most twice the cards there are: orders laid in a turn are at most
          the ``tray`` picks plus ``2 O`` draws (O orders), and Action cards played at most
          the hand at the start plus ``2 A`` draws: ``3 A`` (A cards). Each laid order or
          played card carries out its printed effects once; each shelf row pays its bonus
          at most once a turn. E, the steps all those effects make by themselves, is at
          most the sum of ``EFFECT_STEPS`` (``others_`` effects: one step per other
          player) over them, plus one ``PlayAction`` per card played;
        * Phase 1 is one decision, a pantry visit at most 4 minutes (a space holds at most
          4); the phone at most ``tray`` picks and ``tray`` draws refilling it (counted in
          the draws above too: the bound is loose);
        * a row is emptied by the pantry visit (one space, so at most once) or by a
          shortcut (D38), so at most ``1 + S`` times, S the shortcuts carried out, and
          each refill draws at most the row's circles;
        * Phase 2: every placement, bee and joker token moves one token from the supply
          onto an order, and the supply holds at most T (all tokens) at the start plus what
          the turn brings: at most 4 from the pantry and one per effect step; a joker is
          started for at least 2 tokens; one ``FinishAssigning``;
        * the end step: at most 3 Challenges announced (a player has 3) and one
          ``EndTurn``.

        Set-up: 2 Starting orders and 3 ingredients each, every circle filled, the tray,
        3 Challenges each (bees) and 1 Action card each (chili), one chance step each.
        The bound is loose (real games are far shorter); it is finite and proven."""
        n = self.players

        def steps(effects: Any) -> int:
            return sum(n - 1 if e["kind"].startswith("others_") and e["kind"] !=
                       "others_complaint" else EFFECT_STEPS[e["kind"]] for e in effects)

        orders, cards = len(self.orders), len(self.action_cards)
        laid, played = self.tray_spaces + 2 * orders, 3 * cards
        order_steps = max((steps(o.effects) for o in self.orders.values()), default=0)
        card_steps = max((1 + steps(c.effects) for c in self.action_cards.values()),
                         default=0)
        effect_steps = (laid * order_steps + played * card_steps
                        + sum(steps(r.bonus) for r in self.rows))

        def shortcuts_in(effects: Any) -> int:
            return sum(1 for e in effects if e["kind"] == "shortcut")

        shortcuts = (laid * max((shortcuts_in(o.effects) for o in self.orders.values()),
                                default=0)
                     + played * max((shortcuts_in(c.effects)
                                     for c in self.action_cards.values()), default=0)
                     + sum(shortcuts_in(r.bonus) for r in self.rows))
        circles = [r.size * self.columns for r in self.rows]
        tokens = sum(self.bag_start)
        tray = self.tray_spaces
        per_turn = (1 + 4 + 2 * tray + effect_steps + (1 + shortcuts) * max(circles)
                    + 2 * (tokens + 4 + effect_steps) + 1 + 3 + 1)
        setup = (5 * n + sum(circles) + tray + (CHALLENGES_EACH * n if self.bees else 0)
                 + (ACTIONS_AT_START * n if self.chili else 0))
        return setup + n * self.round_limit * per_turn

    def components(self) -> dict[str, list[str]]:
        out = {
            "ingredients": sorted(k for k, c in zip(self.kinds, self.bag_start)
                                  for _ in range(c) if k != BEE),
            ("chili orders" if self.chili else "basic orders"): sorted(self.basic_ids),
            "starting orders": sorted(self.starting_ids),
        }
        if self.bees:
            out["bees"] = [BEE] * BEES
            out["challenges"] = sorted(self.challenges)
        if self.chili:
            out["action cards"] = sorted(self.action_cards)
        return out

    position = position
