"""Treehouse Diner: the game and its states.

A turn is a *stack of tasks*: small tuples for what is still to be done, the top one
first. A turn starts as ``assign`` (Phase 2) under ``phase1``; choosing the phone puts the
tray refill and the other players' picks on top, and every order effect puts its own
tasks on top of those (so "immediately carry out the order effects" holds, nested effects
included). Tasks that need nobody's choice (a mood change, an empty bag, a task with
nothing to choose from) are carried out at once; the stack stops at a chance draw or a
player's decision. That player is ``current_player`` even on someone else's turn (the
other helpers' picks at the phone, "all other kitchen helpers discard"), and
``waiting_for()`` says who decides what. Set-up is tasks too (``rules.setup_tasks``).

Tasks (top of the stack is the last entry)::

    ("deal", p, minutes)   chance: a Starting order of that length for p (Setup 2)
    ("draw", p)            chance: an ingredient from the bag into p's supply
    ("fill", r)            chance: an ingredient into the next empty circle of row r
    ("tray",)              chance: an order onto the next empty phone tray space
    ("order", p)           chance: the "draw an order" effect for p
    ("phase1", p)          p chooses a shelf space or takes an order from the phone
    ("minutes", p, r, c, left)   p pays the minutes for shelf space (r, c); left to pay
    ("phone", takers)      takers[0] takes an order from the tray; the rest follow
    ("discard", p) ("recycle", p) ("move_left", p)   effects needing p's choice
    ("mood", p, +1 or -1)  praise or complaint, at once
    ("assign", p, joker)   p's Phase 2; joker is None or (order id, symbol index) of a
                           joker being stacked

The modules (issue 9) add::

    ("end", p, announced)  with a module, the bottom of every turn: after Phase 2, p may
                           announce Challenges, play Action cards (not once announced)
                           or end the turn (stops only when there is such a choice)
    ("challenge", p)       chance: a Challenge for p (Save the Bees, Setup 2)
    ("action", p)          chance: an Action card for p (Setup 4, "draw an Action card")
    ("shortcut", p)        p takes one token from the pantry (the "Take a shortcut!" card)
    ("refill", r, c)       chance: one token from the bag on shelf space (r, c)
    ("spent", p, card)     the Action card p played goes on the discard pile (ruling D31)

Every field of a state is immutable (tuples, ints, strings), so ``clone`` copies
references only, and nothing a caller or another state holds can change this one.

Rulings D1, D2 ... are in docs/rulings/diner.md.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Sequence

from ...core.jsonio import expect_dict, expect_int, expect_list, expect_str
from ...core.kinds import KindState
from ...core.options import Option
from ...core.seating import clockwise_from
from ...errors import RuleError, quote
from ...protocol import CHANCE, TERMINAL, Action, Game
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
from .moves import (
    RULES,
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
    MOOD_MAX,
    MOOD_MIN,
    MOST_BEES_BONUS,
    PLATES,
    PRAISE_PER_CHALLENGE,
    STARTING_MINUTES,
    ChallengeView,
    Kitchen,
    Order,
    Row,
    a_an,
    capacity,
    clamp_mood,
    effect_tasks,
    ingredient,
    joker_can_finish,
    joker_done,
    movable_left,
    movable_right,
    place,
    plate_name,
    setup_tasks,
    tiebreak_key,
    title,
)

Counts = tuple  # one count per ingredient kind

#: Tasks that only the effects (and refills) put on the stack, above the turn's own.
EFFECT_TASKS = ("draw", "fill", "order", "discard", "recycle", "move_left", "mood", "action",
                "shortcut", "refill", "spent")
MAX_STACK = 400


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


@cache
def _fractions(total: int) -> tuple[Fraction, ...]:
    """c/total for c = 0..total, made once: a bag draw's chances without a gcd each."""
    return tuple(Fraction(c, total) for c in range(total + 1))


# -- The game ---------------------------------------------------------------------------------

def restocked(pile: tuple[str, ...], discard: tuple[str, ...]
              ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(pile, discard)`` once a used-up draw pile is rebuilt from its discard pile (the
    order pile, D15, and the Action card pile, Secret Ingredient: Action Cards). Piles are
    kept sorted, since every draw is a chance node over the whole pile: "shuffled" needs
    no order. Unchanged while the pile still has cards, or when both are empty."""
    if pile or not discard:
        return pile, discard
    return tuple(sorted(discard)), ()


class DinerGame(Game):
    """``tl.load_game("diner", players=3, end_after=None, modules=())``."""

    NAME: ClassVar[str] = "diner"
    TITLE: ClassVar[str] = "Treehouse Diner"
    RENDERER: ClassVar[str] = "treehouse_lab.games.diner.render"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 3, "number of kitchen helpers, 2 to 4", choices=(2, 3, 4)),
        Option("end_after", None,
               "delivered orders that end the game: None for the rulebook's 8, 7 or 6 "
               "(2, 3 or 4 players), or another agreed number", check=_end_after,
               examples=(3,)),
        Option("modules", (), "optional modules: 'bees' (Save the Bees: bees and "
               "Challenges) and 'chili' (Secret Ingredient: chilis, Chili orders, Soup Stews, "
               "Action cards), alone or together", subset_of=MODULES),
        Option("move_left", "must",
               "the move-an-order-left effect: 'must' (ruling D9) or 'may' be turned down",
               choices=("must", "may")),
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
        self.move_left: str = self.options["move_left"]
        self._tables()

    def _tables(self) -> None:
        """Values made once and shared by every state: each action object, each card's
        effect tasks per player, the equal chances of an n-card pile (a playout allocates
        almost nothing, and legality is a set lookup)."""
        n = self.players
        kinds = self.kinds
        self._a_draw = {k: DrawIngredient(k) for k in kinds}
        self._a_order = {o: DrawOrder(o) for o in self.orders}
        self._a_take = {o: TakeOrder(o) for o in self.orders}
        self._a_shelf = {(r.size, c): ChooseShelf(r.size, c)
                         for r in self.rows for c in range(1, self.columns + 1)}
        self._a_move = {(o, m): MoveOrder(o, m) for o in self.orders
                        for m in range(1, KITCHEN_SPACES + 1)}
        self._a_left = {(o, m): MoveLeft(o, m) for o in self.orders
                        for m in range(1, KITCHEN_SPACES)}
        self._a_discard = tuple(Discard(k) for k in kinds)
        self._a_recycle = tuple(Recycle(k) for k in kinds)
        p0 = self.plate0
        self._a_place = {(o, s): Place(o, kinds[s]) for o, syms in self.symbols.items()
                         for s in set(syms) if s < p0}
        self._a_start = {(o, s): StartJoker(o, kinds[s]) for o, syms in self.symbols.items()
                         for s in set(syms) if s < p0}
        self._a_joker = {(o, s, k): Joker(o, kinds[s], kinds[k])
                         for o, syms in self.symbols.items() for s in set(syms) if s < p0
                         for k in self.ingredients}
        self._a_plate = {(o, s, k): PlacePlate(o, self.symbol_names[s], kinds[k])
                         for o, syms in self.symbols.items() for s in set(syms) if s >= p0
                         for k in self.ingredients}
        self._a_bee = {o: AssignBee(o) for o in self.orders}
        self._a_play = {c: PlayAction(c) for c in self.action_cards}
        self._a_draw_action = {c: DrawAction(c) for c in self.action_cards}
        self._a_deal_challenge = {c: DealChallenge(c) for c in self.challenges}
        self._a_announce = {c: AnnounceChallenge(c) for c in self.challenges}
        self._a_end = EndTurn()
        self._a_shortcut = {(r.size, c, k): TakeFromPantry(r.size, c, kinds[k])
                            for r in self.rows for c in range(1, self.columns + 1)
                            for k in range(len(kinds))}
        self._action_effects = {(c, p): effect_tasks(card.effects, n, p)
                                for c, card in self.action_cards.items() for p in range(n)}
        self._turn_base: tuple = (("end", 0, 0),) if self.modules else ()
        self._setup = setup_tasks(n, len(self.rows), CHALLENGES_EACH if self.bees else 0,
                                  ACTIONS_AT_START if self.chili else 0)
        self._a_finish = FinishAssigning()
        self._a_decline = {w: Decline(w) for w in ("recycle", "move_left")}
        self._effects = {(o, p): effect_tasks(order.effects, n, p)
                         for o, order in self.orders.items() for p in range(n)}
        self._bonus = {(r, p): effect_tasks(row.bonus, n, p)
                       for r, row in enumerate(self.rows) for p in range(n)}
        self._uniform = {k: Fraction(1, k) for k in range(1, len(self.orders) + 50)}
        self._others = {p: tuple(clockwise_from(p, n)[1:]) for p in range(n)}

    # -- protocol -----------------------------------------------------------------------
    def new_initial_state(self) -> DinerState:
        """Before any chance: the bag full, the Starting and Basic orders shuffled (no
        order is kept); the set-up tasks then deal, draw and fill as chance nodes."""
        return DinerState(self)

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

    def _state_from_json(self, data: Any) -> DinerState:
        return _state_from_json(self, data)

    def position(self, kitchens: Sequence[Mapping[int, Any]] | None = None,
                 supplies: Sequence[Sequence[str]] | None = None,
                 pantry: Mapping[int, Sequence[Sequence[str]]] | None = None,
                 tray: Sequence[str | None] | None = None,
                 mood: Sequence[int] | None = None,
                 delivered: Sequence[Sequence[str]] | None = None,
                 compost: Sequence[str] = (), discard: Sequence[str] = (),
                 turn: int = 1, stage: str = "phase1",
                 stack: Sequence[Mapping[str, Any]] | None = None,
                 beehives: Sequence[int] | None = None,
                 challenges: Sequence[Sequence[str]] | None = None,
                 announced: Sequence[Sequence[str]] | None = None,
                 emptied: Sequence[int] = (),
                 hands: Sequence[Sequence[str]] | None = None,
                 action_discard: Sequence[str] = ()) -> DinerState:
        """A position for teaching and tests, checked like any save.

        ``kitchens[p]`` maps minutes to an order id, or to ``(order id, covers)`` with one
        list of ingredients per symbol (``[[], ["acorn"], []]``); default: each player's
        Starting orders (the first unused by id of 4 and of 6 minutes). ``supplies[p]``
        lists ingredients (default none). ``pantry`` maps a row's space size to its
        spaces, one list of ingredients per column; rows not given are filled from the
        bag, most plentiful kind first. ``tray`` lists order ids (default: the first
        unused Basic orders by id). ``delivered``, ``compost`` and ``discard`` list what
        is there. Whatever is not placed is in the bag, the order pile or the box.

        ``turn`` (1 for the first) says whose turn it is (seat (turn - 1) % players);
        ``stage`` is "phase1" (the turn's start) or "assign" (Phase 2); ``stack`` gives
        the task stack as a save writes it, for anything else (see ``state.py``).

        Modules: a kitchen entry may be ``(order id, covers, bees)``; supplies, shelves and
        the compost may hold ``"bee"`` and ``"chili"``; ``beehives[p]`` counts saved bees;
        ``challenges[p]`` / ``announced[p]`` list Challenge ids (the rest are in the box);
        ``emptied`` the row sizes emptied this turn; ``hands[p]`` Action card ids and
        ``action_discard`` the discard pile (the rest are in the draw pile). With a module
        the stack's bottom is the end step (``stage="end"`` starts there).
        """
        n = self.players
        bees_placed = 0
        g_kitchens: list[list[Any]] = [[None] * KITCHEN_SPACES for _ in range(n)]
        used: set[str] = set()
        for group in (delivered or ()), [discard]:
            for ids in group:
                used.update(ids)
        if tray is not None:
            used.update(o for o in tray if o)
        if kitchens is None:
            free = {m: [o for o in self.starting_ids if self.orders[o].minutes == m
                        and o not in used] for m in STARTING_MINUTES}
            kitchens = [{m: free[m][p] for m in STARTING_MINUTES} for p in range(n)]
        if len(kitchens) != n:
            raise RuleError(f"position: kitchens: one per player ({n}), got {len(kitchens)}")
        for p, k in enumerate(kitchens):
            for m, e in dict(k).items():
                if isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= 6:
                    raise RuleError(f"position: kitchens[{p}]: minutes must be 1..6, got "
                                    f"{quote(m)}")
                oid, covers = (e, None) if isinstance(e, str) else (e[0], e[1])
                nbees = 0 if isinstance(e, str) or len(e) < 3 else e[2]
                if oid not in self.orders:
                    raise RuleError(f"position: kitchens[{p}]: unknown order {quote(oid)}")
                if covers is None:
                    covers = [[] for _ in self.symbols[oid]]
                g_kitchens[p][m - 1] = {"order": oid, "covers": [list(c) for c in covers]}
                if self.bees:
                    g_kitchens[p][m - 1]["bees"] = nbees
                    bees_placed += nbees
                used.add(oid)
        if tray is None:
            tray = [o for o in self.basic_ids if o not in used][: self.tray_spaces]
            used.update(tray)
        tray = list(tray) + [None] * (self.tray_spaces - len(tray))
        supplies = [list(s) for s in (supplies or [[] for _ in range(n)])]
        # The bag is what no place holds; rows not given are filled from it.
        left = dict(zip(self.kinds, self.bag_start))
        if self.bees:
            left[BEE] -= bees_placed + sum(beehives or ())

        def take(kinds: Sequence[str], where: str) -> None:
            for k in kinds:
                if left.get(k, 0) <= 0:
                    raise RuleError(f"position: {where}: no {quote(k)} left to place "
                                    f"(the bag holds {BAG.get(k, 0)} in all)")
                if k == BEE and where.startswith("kitchens"):
                    raise RuleError(f"position: {where}: bees lie on an order (give the "
                                    "entry a third field, the number of bees)")
                left[k] -= 1

        for p, s in enumerate(supplies):
            take(s, f"supplies[{p}]")
        take(compost, "compost")
        for p, k in enumerate(g_kitchens):
            for e in k:
                if e:
                    for c in e["covers"]:
                        take(c, f"kitchens[{p}]")
        rows_json = []
        given = dict(pantry or {})
        for row in self.rows:
            if row.size in given:
                spaces = [list(x) for x in given.pop(row.size)]
                for x in spaces:
                    take(x, f"pantry row {row.size}")
            else:
                spaces = [[] for _ in range(self.columns)]
            rows_json.append(spaces)
        if given:
            raise RuleError(f"position: pantry: no row of size {sorted(given)[0]}")
        for row, spaces in zip(self.rows, rows_json):
            if row.size in (pantry or {}):
                continue
            for x in spaces:
                while len(x) < row.size and any(v for k, v in left.items() if k != BEE):
                    k = max((k for k in self.kinds if k != BEE),
                            key=lambda k: (left[k], -self.kinds.index(k)))
                    left[k] -= 1
                    x.append(k)
        a = (turn - 1) % n if turn >= 1 else 0
        if stack is None:
            base = ([{"task": "end", "player": a, "announced": False}] if self.modules
                    else [])
            if stage == "phase1":
                stack = base + [{"task": "assign", "player": a, "joker": None},
                                {"task": "phase1", "player": a}]
            elif stage == "assign":
                stack = base + [{"task": "assign", "player": a, "joker": None}]
            elif stage == "end" and self.modules:
                stack = base
            else:
                raise RuleError(f"position: stage must be 'phase1' or 'assign' (or 'end' with "
                                f"a module), got {quote(stage)}")
        used.update(o for o in tray if o)
        extra: dict[str, Any] = {}
        if self.bees:
            chal = [list(c) for c in (challenges or [[] for _ in range(n)])]
            ann = [list(c) for c in (announced or [[] for _ in range(n)])]
            taken = {c for x in chal + ann for c in x}
            extra.update({
                "beehives": list(beehives or [0] * n), "challenges": chal, "announced": ann,
                "challenge_box": [c for c in sorted(self.challenges) if c not in taken],
                "emptied": list(emptied)})
        if self.chili:
            hs = [list(h) for h in (hands or [[] for _ in range(n)])]
            taken = {c for h in hs for c in h} | set(action_discard)
            extra.update({
                "hands": hs, "action_discard": list(action_discard),
                "action_deck": [c for c in sorted(self.action_cards) if c not in taken]})
        return self.state_from_json({
            **extra,
            "game": self.NAME,
            "turn": turn,
            "bag": [k for k in self.kinds for _ in range(left[k])],
            "compost": list(compost),
            "pantry": rows_json,
            "supplies": supplies,
            "kitchens": g_kitchens,
            "mood": list(mood) if mood is not None else [0] * n,
            "delivered": [list(d) for d in (delivered or [[] for _ in range(n)])],
            "deck": [o for o in self.basic_ids if o not in used],
            "tray": tray,
            "discard": list(discard),
            "box": [o for o in self.starting_ids if o not in used],
            "stack": list(stack),
        })


# -- The state ----------------------------------------------------------------------------------

class DinerState(KindState):
    """A position. Read it through the properties and methods below; change it only with
    ``apply`` (or ``child``). Every list or dict returned is a new one, the caller's."""

    KINDS = RULES
    __slots__ = ("game", "_turn", "_bag", "_compost", "_pantry", "_supply", "_kitchen",
                 "_mood", "_delivered", "_deck", "_tray", "_discard", "_box", "_stack",
                 "_cp", "_legal", "_chance", "_bees", "_hive", "_chal", "_done", "_cbox",
                 "_emptied", "_hands", "_adeck", "_adiscard")

    game: DinerGame

    def __init__(self, game: DinerGame, settle: bool = True) -> None:
        n = game.players
        self.game = game
        self._turn = 0
        self._bag: Counts = game.bag_start
        self._compost: Counts = game.zero
        self._pantry: tuple[tuple[Counts, ...], ...] = tuple(
            (game.zero,) * game.columns for _ in game.rows)
        self._supply: tuple[Counts, ...] = (game.zero,) * n
        self._kitchen: tuple[Kitchen, ...] = ((None,) * KITCHEN_SPACES,) * n
        self._mood: tuple[int, ...] = (0,) * n
        self._delivered: tuple[tuple[str, ...], ...] = ((),) * n
        self._deck: tuple[str, ...] = tuple(sorted(game.basic_ids))
        self._tray: tuple[str | None, ...] = (None,) * game.tray_spaces
        self._discard: tuple[str, ...] = ()
        self._box: tuple[str, ...] = tuple(sorted(game.starting_ids))
        self._stack: tuple[tuple, ...] = game._setup
        # Save the Bees: bees on orders (order id -> count, never 0), each beehive, the
        # face-up and the announced Challenges, those back in the box, and the shelf rows
        # (indices) the player whose turn it is emptied this turn (for Challenges).
        self._bees: Mapping[str, int] = MappingProxyType({})
        self._hive: tuple[int, ...] = (0,) * n
        self._chal: tuple[tuple[str, ...], ...] = ((),) * n
        self._done: tuple[tuple[str, ...], ...] = ((),) * n
        self._cbox: tuple[str, ...] = tuple(sorted(game.challenges))
        self._emptied: tuple[int, ...] = ()
        # Secret Ingredient: Action card hands, the face-down draw pile (a set: draws are
        # uniform chance nodes, so its order is never needed), the discard pile.
        self._hands: tuple[tuple[str, ...], ...] = ((),) * n
        self._adeck: tuple[str, ...] = tuple(sorted(game.action_cards))
        self._adiscard: tuple[str, ...] = ()
        self._cp = CHANCE
        self._legal: list[Action] | None = None
        self._chance: list[tuple[Action, Fraction]] | None = None
        if settle:
            self._advance()

    def clone(self) -> DinerState:
        new = DinerState.__new__(DinerState)
        new.game = self.game
        new._turn = self._turn
        new._bag = self._bag
        new._compost = self._compost
        new._pantry = self._pantry
        new._supply = self._supply
        new._kitchen = self._kitchen
        new._mood = self._mood
        new._delivered = self._delivered
        new._deck = self._deck
        new._tray = self._tray
        new._discard = self._discard
        new._box = self._box
        new._stack = self._stack
        new._bees = self._bees
        new._hive = self._hive
        new._chal = self._chal
        new._done = self._done
        new._cbox = self._cbox
        new._emptied = self._emptied
        new._hands = self._hands
        new._adeck = self._adeck
        new._adiscard = self._adiscard
        new._cp = self._cp
        # Caches describe this exact position; the public methods hand out copies.
        new._legal = self._legal
        new._chance = self._chance
        return new

    # -- the engine loop ----------------------------------------------------------------------
    def _advance(self) -> None:
        """Carry out every task that needs no choice, until a chance draw or a decision is
        on top (or the game is over); then drop the caches of the previous position."""
        g = self.game
        n = g.players
        while True:
            if not any(self._bag) and any(self._compost):
                # Refilling the Ingredient Bag: "If at any point in the game the ingredient
                # bag is empty, it is immediately refilled with all ingredients from the
                # compost box."
                self._bag, self._compost = self._compost, g.zero
            stack = self._stack
            if not stack:
                # End of the Game: "the current round is played to the end, so that all
                # kitchen helpers have had the same number of turns" (seat 0 starts, D1).
                if self._turn and self._turn % n == 0 and self._triggered():
                    self._cp = TERMINAL
                    break
                self._turn += 1
                a = (self._turn - 1) % n
                self._stack = ((("end", a, 0),) if g.modules else ()) + (
                    ("assign", a, None), ("phase1", a))
                self._emptied = ()
                continue
            t = stack[-1]
            kind = t[0]
            if kind == "mood":
                mood = list(self._mood)
                mood[t[1]] = clamp_mood(mood[t[1]] + t[2])
                self._mood = tuple(mood)
                self._stack = stack[:-1]
                continue
            if kind == "draw" or kind == "fill":
                if not any(self._bag):   # bag and compost both empty: nothing to draw (D14)
                    self._stack = stack[:-1]
                    continue
                if kind == "fill" and self._next_circle(t[1]) is None:
                    self._stack = stack[:-1]
                    continue
                self._cp = CHANCE
                break
            if kind == "tray" or kind == "order":
                if kind == "tray" and None not in self._tray:
                    self._stack = stack[:-1]
                    continue
                # The order pile is used up: the discard pile of unfulfilled orders is
                # shuffled into a new one (D15).
                self._deck, self._discard = restocked(self._deck, self._discard)
                if not self._deck:
                    self._stack = stack[:-1]
                    continue
                self._cp = CHANCE
                break
            if kind == "deal" or kind == "challenge":
                if not self._draw_pile():
                    self._stack = stack[:-1]
                    continue
                self._cp = CHANCE
                break
            if kind == "action":
                # Action Cards: "If the Action card draw pile is used up, shuffle the
                # discard pile face down and form a new Action card draw pile."
                self._adeck, self._adiscard = restocked(self._adeck, self._adiscard)
                if not self._adeck:
                    self._stack = stack[:-1]
                    continue
                self._cp = CHANCE
                break
            if kind == "refill":
                r, c = t[1], t[2]
                if not any(self._bag) or sum(self._pantry[r][c]) >= g.rows[r].size:
                    self._stack = stack[:-1]
                    continue
                self._cp = CHANCE
                break
            if kind == "spent":
                # The played Action card goes on the discard pile once resolved (D31).
                self._adiscard = (*self._adiscard, t[2])
                self._stack = stack[:-1]
                continue
            p = t[1]
            if kind == "phase1":
                if not (any(self._tray) or self._shelves(p)):
                    self._stack = stack[:-1]   # nothing to do in Phase 1 (D5)
                    continue
            elif kind == "phone":
                if not any(self._tray):
                    self._stack = stack[:-1]
                    continue
                p = p[0]
            elif kind == "discard" or kind == "recycle":
                # "If you have no ingredients ... nothing happens" (bees are not ingredients)
                if not self._ingredient_count(p):
                    self._stack = stack[:-1]
                    continue
            elif kind == "shortcut":
                if not any(any(x) for row in self._pantry for x in row):
                    self._stack = stack[:-1]
                    continue
            elif kind == "end":
                # After Phase 2: stop only if there is something to decide: a mastered
                # Challenge to announce, or (before announcing) an Action card to play.
                if not (self.mastered(p) or (not t[2] and self._hands[p])):
                    self._stack = stack[:-1]
                    continue
            elif kind == "move_left":
                if not movable_left(self._kitchen[p]):
                    self._stack = stack[:-1]
                    continue
            self._cp = p
            break
        self._legal = None
        self._chance = None

    def _triggered(self) -> bool:
        """End of the Game: "triggered as soon as a kitchen helper has delivered a certain
        number of orders"; also when no order is left to deliver anywhere (D16)."""
        g = self.game
        if max(len(d) for d in self._delivered) >= g.end_after:
            return True
        return not (self._deck or self._discard or any(self._tray)
                    or any(e is not None for k in self._kitchen for e in k))

    def _pop(self) -> None:
        self._stack = self._stack[:-1]
        self._advance()

    def _top_kind(self) -> str | None:
        return self._stack[-1][0] if self._stack else None

    # -- reading -----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._cp

    @property
    def turn(self) -> int:
        """The number of the turn being played (1 for the first; 0 during set-up)."""
        return self._turn

    @property
    def active(self) -> int | None:
        """Whose turn it is (None during set-up and after the end)."""
        if not self._turn or self._cp == TERMINAL:
            return None
        return (self._turn - 1) % self.game.players

    @property
    def stage(self) -> str:
        """'setup', 'phase1', 'pantry' (paying minutes), 'phone', 'effects' (an effect or
        a refill under way), 'assign' (Phase 2), 'end' (after Phase 2: announce Challenges,
        play Action cards or end the turn) or 'over'."""
        if self._cp == TERMINAL:
            return "over"
        if not self._turn:
            return "setup"
        kind = self._stack[-1][0]
        if kind in ("phase1", "assign", "end"):
            return kind
        if kind == "minutes":
            return "pantry"
        if kind in ("phone", "tray"):
            return "phone"
        return "effects"

    def waiting_for(self) -> str:
        """Who decides what now, in words (the board's status line)."""
        g = self.game
        if self._cp == TERMINAL:
            return "The game is over"
        t = self._stack[-1]
        kind = t[0]
        name = g.player_name
        turn = "" if self.active is None else f" (on {name(self.active)}'s turn)"
        if kind == "deal":
            return f"Setup: dealing {name(t[1])} a {t[2]}-minute Starting order"
        if kind == "draw":
            return f"Chance: {name(t[1])} draws an ingredient from the bag"
        if kind == "fill":
            return f"Chance: the {g.rows[t[1]].size}-ingredient shelf row is filled from the bag"
        if kind == "tray":
            return "Chance: the phone tray is filled from the order pile"
        if kind == "order":
            return f"Chance: {name(t[1])} draws an order"
        if kind == "challenge":
            return f"Setup: dealing {name(t[1])} a Challenge"
        if kind == "action":
            return f"Chance: {name(t[1])} draws an Action card"
        if kind == "refill":
            return (f"Chance: the {g.rows[t[1]].size}-ingredient space in column {t[2] + 1} is "
                    "refilled from the bag")
        if kind == "shortcut":
            return f"{name(t[1])}: take a shortcut, 1 ingredient or bee from the pantry"
        if kind == "end":
            if t[2]:
                return (f"{name(t[1])}: announce more mastered Challenges or end the turn "
                        "(no more Action cards)")
            return (f"{name(t[1])}: after Phase 2, announce mastered Challenges, play Action "
                    "cards, or end the turn")
        if kind == "phase1":
            return f"{name(t[1])}: Phase 1, go to the pantry or to the phone"
        if kind == "minutes":
            of = sum(self._pantry[t[2]][t[3]])
            return (f"{name(t[1])}: pay minute {of - t[4] + 1} of {of} for the pantry (move an "
                    "order one space right)")
        if kind == "phone":
            p = t[1][0]
            who = name(p) + (turn if p != self.active else "")
            return f"{who}: take an order from the phone"
        if kind == "discard":
            who = name(t[1]) + (turn if t[1] != self.active else "")
            return f"{who}: discard an ingredient"
        if kind == "recycle":
            who = name(t[1]) + (turn if t[1] != self.active else "")
            return f"{who}: you may recycle an ingredient"
        if kind == "move_left":
            who = name(t[1]) + (turn if t[1] != self.active else "")
            return f"{who}: move an order one space to the left"
        joker = t[2]
        if joker is not None:
            sym = g.symbol_names[g.symbols[joker[0]][joker[1]]]
            return (f"{name(t[1])}: Phase 2, finish the joker for the {ingredient(sym)} of "
                    f"{title(joker[0])}")
        return f"{name(t[1])}: Phase 2, assign ingredients to orders, then finish"

    def pending(self) -> list[dict]:
        """The task stack as a save writes it, top (what happens next) first."""
        return [_task_json(self.game, t) for t in reversed(self._stack)]

    def capacity(self, player: int) -> int:
        """How many minutes ``player``'s orders can make pass (the largest shelf space
        they may choose, D3)."""
        return capacity(self._kitchen[player])

    def kitchen(self, player: int) -> dict[int, dict]:
        """``{minutes: {"order", "name", "covers", "complete"}}`` for each order in the
        kitchen; covers list the ingredients on each symbol."""
        g = self.game
        out = {}
        for i, e in enumerate(self._kitchen[player]):
            if e is not None:
                out[i + 1] = {"order": e[0], "name": g.orders[e[0]].name,
                              "covers": [[g.kinds[k] for k in c] for c in e[1]],
                              "complete": all(e[1]), "bees": self._bees.get(e[0], 0)}
        return out

    # -- Save the Bees ---------------------------------------------------------------------------
    def bees_on(self, order: str) -> int:
        """Bees lying on an order in a kitchen (0 for any other order)."""
        return self._bees.get(order, 0)

    def beehive(self, player: int) -> int:
        """Bees ``player`` has saved (Save the Bees: 1 point each at the end)."""
        return self._hive[player]

    def challenges(self, player: int) -> list[str]:
        """The Challenges face up above ``player``'s kitchen, not yet announced."""
        return list(self._chal[player])

    def announced(self, player: int) -> list[str]:
        """The Challenges ``player`` has announced (turned over)."""
        return list(self._done[player])

    def mastered(self, player: int) -> list[str]:
        """The face-up Challenges whose condition holds now (Mastering Challenges)."""
        if not self._chal[player]:
            return []
        view = self.challenge_view(player)
        cards = self.game.challenges
        return [c for c in self._chal[player] if cards[c].mastered(view)]

    def challenge_view(self, player: int) -> ChallengeView:
        """What Challenge conditions look at, for ``player`` now."""
        g = self.game
        sup = self._supply[player]
        orders = [e for e in self._kitchen[player] if e is not None]
        return ChallengeView(
            supply=MappingProxyType({g.kinds[k]: sup[k] for k in g.ingredients}),
            chefs=tuple(g.chefs[e[0]] for e in orders),
            spaces=tuple(i + 1 for i, e in enumerate(self._kitchen[player]) if e is not None),
            covered=sum(1 for e in orders for c in e[1] if c),
            bees_on_orders=sum(self._bees.get(e[0], 0) for e in orders),
            beehive=self._hive[player],
            delivered=len(self._delivered[player]),
            delivered_points=sum(g.orders[o].points for o in self._delivered[player]),
            mood=self._mood[player],
            emptied=tuple(g.rows[r].size for r in self._emptied)
            if self.active == player else ())

    # -- Secret Ingredient -----------------------------------------------------------------------
    def hand(self, player: int) -> list[str]:
        """The Action cards in ``player``'s hand (hidden from the others: observations show
        them only to their owner)."""
        return list(self._hands[player])

    def hand_count(self, player: int) -> int:
        return len(self._hands[player])

    @property
    def action_pile_count(self) -> int:
        return len(self._adeck)

    def action_discard(self) -> list[str]:
        return list(self._adiscard)

    def card_census(self) -> dict[str, int]:
        """``{place: count}`` for every card: the orders (``order ...``), the 44 Action cards
        (``action ...``) and the 15 Challenges (``challenge ...``). Without a module its
        cards are all in the box."""
        g = self.game
        n = g.players
        out: dict[str, int] = {
            "order pile": len(self._deck), "order discard pile": len(self._discard),
            "order phone tray": sum(1 for o in self._tray if o),
            "order starting box": len(self._box)}
        for p in range(n):
            out[f"order kitchen {p}"] = sum(1 for e in self._kitchen[p] if e is not None)
            out[f"order delivered {p}"] = len(self._delivered[p])
        if g.chili:
            out["action draw pile"] = len(self._adeck)
            out["action discard pile"] = len(self._adiscard)
            out["action in play"] = sum(1 for t in self._stack if t[0] == "spent")
            for p in range(n):
                out[f"action hand {p}"] = len(self._hands[p])
        else:
            out["action box"] = len(actions_of(g.options["actions"]))
        if g.bees:
            out["challenge box"] = len(self._cbox)
            for p in range(n):
                out[f"challenge face up {p}"] = len(self._chal[p])
                out[f"challenge announced {p}"] = len(self._done[p])
        else:
            out["challenge box"] = len(challenges_of(g.options["challenges"]))
        return out

    def supply(self, player: int) -> dict[str, int]:
        return {k: c for k, c in zip(self.game.kinds, self._supply[player]) if c}

    def mood(self, player: int) -> int:
        return self._mood[player]

    def delivered(self, player: int) -> list[str]:
        return list(self._delivered[player])

    def tray(self) -> list[str | None]:
        return list(self._tray)

    def discard_pile(self) -> list[str]:
        return list(self._discard)

    def compost(self) -> dict[str, int]:
        return {k: c for k, c in zip(self.game.kinds, self._compost) if c}

    def bag(self) -> dict[str, int]:
        """What the bag holds: the engine's truth, for counting and teaching. Players see
        only ``bag_count`` (observations never show this), though it follows from what is
        on the table."""
        return {k: c for k, c in zip(self.game.kinds, self._bag) if c}

    @property
    def bag_count(self) -> int:
        return sum(self._bag)

    @property
    def deck_count(self) -> int:
        return len(self._deck)

    def space_contents(self, size: int, column: int) -> list[str]:
        """The ingredients on a shelf space (kinds in the rulebook's order)."""
        space = self._space(size, column)
        if space is None:
            return []
        return [k for k, c in zip(self.game.kinds, space) for _ in range(c)]

    def pantry(self) -> list[list[list[str]]]:
        """Every shelf row (top first), each a list of spaces (one per column)."""
        g = self.game
        return [[[k for k, c in zip(g.kinds, space) for _ in range(c)] for space in row]
                for row in self._pantry]

    def ingredient_census(self) -> dict[str, dict[str, int]]:
        """``{place: {ingredient: count}}`` over the bag, every shelf space, every supply,
        every order in a kitchen, the compost and (Save the Bees) every beehive: the totals
        always equal the starting bag (Components: 90 ingredients, 98 with the chilis, and
        the 22 bees counted under "bee")."""
        g = self.game

        def named(counts: Sequence[int]) -> dict[str, int]:
            return {k: c for k, c in zip(g.kinds, counts) if c}

        out: dict[str, dict[str, int]] = {"bag": named(self._bag)}
        for r, row in enumerate(self._pantry):
            for c, space in enumerate(row):
                out[f"pantry {g.rows[r].size}-{c + 1}"] = named(space)
        for p in range(g.players):
            out[f"supply {p}"] = named(self._supply[p])
        for k in self._kitchen:
            for e in k:
                if e is not None:
                    counts = [0] * len(g.kinds)
                    for cover in e[1]:
                        for x in cover:
                            counts[x] += 1
                    if g.bee is not None:
                        counts[g.bee] = self._bees.get(e[0], 0)
                    out[f"order {e[0]}"] = named(counts)
        out["compost"] = named(self._compost)
        if g.bees:
            for p in range(g.players):
                out[f"beehive {p}"] = {BEE: self._hive[p]} if self._hive[p] else {}
        return out

    # -- helpers the kinds use (moves.py) ---------------------------------------------------
    def _space(self, size: int, column: int) -> Counts | None:
        r = self.game.row_of_size.get(size)
        if r is None or not 1 <= column <= self.game.columns:
            return None
        return self._pantry[r][column - 1]

    def _next_circle(self, r: int) -> int | None:
        size = self.game.rows[r].size
        for c, space in enumerate(self._pantry[r]):
            if sum(space) < size:
                return c
        return None

    def _shelves(self, player: int) -> list[ChooseShelf]:
        """Go to the Pantry: the non-empty spaces whose ingredients the kitchen can pay
        for ("If you do not have enough orders ... you must choose a shelf space with fewer
        ingredients")."""
        cap = capacity(self._kitchen[player])
        if not cap:
            return []
        g = self.game
        out = []
        for r, row in enumerate(self._pantry):
            size = g.rows[r].size
            for c, space in enumerate(row):
                k = sum(space)
                if 0 < k <= cap:
                    out.append(g._a_shelf[(size, c + 1)])
        return out

    def _draw_pile(self) -> tuple[str, ...]:
        t = self._stack[-1]
        if t[0] == "challenge":
            return self._cbox
        if t[0] == "deal":
            orders = self.game.orders
            return tuple(o for o in self._box if orders[o].minutes == t[2])
        return self._deck

    def _slot_of(self, player: int, order: str) -> int | None:
        for i, e in enumerate(self._kitchen[player]):
            if e is not None and e[0] == order:
                return i
        return None

    def _first_uncovered(self, player: int, slot: int, symbol: int) -> int | None:
        e = self._kitchen[player][slot]
        for i, s in enumerate(self.game.symbols[e[0]]):
            if s == symbol and not e[1][i]:
                return i
        return None

    def _would_push_off(self, player: int, minutes: int) -> str | None:
        """The order a new order on ``minutes`` would push off the kitchen, if any."""
        k = self._kitchen[player]
        i = minutes - 1
        while i >= 0 and k[i] is not None:
            i -= 1
        return k[0][0] if i < 0 else None

    def _ingredient_count(self, player: int) -> int:
        """Ingredients in the supply: bees are not ingredients (Save the Bees)."""
        sup = self._supply[player]
        b = self.game.bee
        return sum(sup) - (sup[b] if b is not None else 0)

    def _set_bees(self, order: str, n: int) -> None:
        bees = dict(self._bees)
        if n:
            bees[order] = n
        else:
            bees.pop(order, None)
        self._bees = MappingProxyType(bees)

    def _fewest_bees(self, player: int) -> list[str]:
        """The orders in the kitchen with the fewest bees (where new bees must go)."""
        orders = [e[0] for e in self._kitchen[player] if e is not None]
        if not orders:
            return []
        least = min(self._bees.get(o, 0) for o in orders)
        return [o for o in orders if self._bees.get(o, 0) == least]

    def _plate_conflict(self, player: int, slot: int, i: int, k: int) -> str | None:
        """Why ingredient ``k`` may not go on the plate symbol ``i`` of the order in
        ``slot`` (None if it may): "Identical plates of one order must be filled with
        identical ingredients. Different plates need different ingredients." """
        g = self.game
        o, covers = self._kitchen[player][slot]
        syms = g.symbols[o]
        me = syms[i]
        for s, c in zip(syms, covers):
            if not c or s < g.plate0:
                continue
            if s == me and c[0] != k:
                return (f"Soup Stew Orders: identical plates take identical ingredients; "
                        f"{plate_name(g.symbol_names[s])} already holds "
                        f"{a_an(g.kinds[c[0]])}")
            if s != me and c[0] == k:
                return (f"Soup Stew Orders: different plates need different ingredients; "
                        f"{plate_name(g.symbol_names[s])} already holds {a_an(g.kinds[k])}")
        return None

    def _plate_ok(self, covers: Sequence[tuple], syms: Sequence[int], me: int, k: int) -> bool:
        p0 = self.game.plate0
        for s, c in zip(syms, covers):
            if c and s >= p0 and ((s == me) != (c[0] == k)):
                return False
        return True

    def _add(self, counts: Counts, k: int, d: int) -> Counts:
        c = list(counts)
        c[k] += d
        return tuple(c)

    def _set_supply(self, player: int, counts: Counts) -> None:
        s = list(self._supply)
        s[player] = counts
        self._supply = tuple(s)

    def _set_kitchen(self, player: int, kitchen: Kitchen) -> None:
        ks = list(self._kitchen)
        ks[player] = kitchen
        self._kitchen = tuple(ks)

    def _to_compost(self, covers: Sequence[Sequence[int]]) -> None:
        c = list(self._compost)
        for cover in covers:
            for k in cover:
                c[k] += 1
        self._compost = tuple(c)

    def _push_off(self, player: int, entry: tuple) -> None:
        """Pushing Orders Off the Starting Lane: "you also get a complaint ... Place this
        order on a common discard pile ... and the ingredients lying on it into the
        compost box." """
        mood = list(self._mood)
        mood[player] = clamp_mood(mood[player] - 1)
        self._mood = tuple(mood)
        self._discard = (*self._discard, entry[0])
        self._to_compost(entry[1])
        bees = self._bees.get(entry[0])
        if bees:
            # Save the Bees: "If an order with bees is not fulfilled but pushed out ...
            # the bees, like ingredients, end up in the compost box."
            self._compost = self._add(self._compost, self.game.bee, bees)
            self._set_bees(entry[0], 0)

    def _lay(self, player: int, order: str) -> None:
        """Lay a new order on the space of its preparation time, pushing (Go to the
        Phone), then put its effects on top of the stack (D7)."""
        g = self.game
        entry = (order, ((),) * len(g.symbols[order]))
        kitchen, off = place(self._kitchen[player], entry, g.orders[order].minutes)
        self._set_kitchen(player, kitchen)
        if off is not None:
            self._push_off(player, off)

    def _push_tasks(self, tasks: Sequence[tuple]) -> None:
        """Tasks given in the order they happen go on top, the first on the very top."""
        if tasks:
            self._stack = self._stack + tuple(reversed(tasks))

    # -- what each kind does (called by moves.py) ---------------------------------------------
    def _draw_ingredient(self, k: int) -> None:
        t = self._stack[-1]
        self._bag = self._add(self._bag, k, -1)
        if t[0] == "draw":
            self._set_supply(t[1], self._add(self._supply[t[1]], k, 1))
            self._stack = self._stack[:-1]
        else:
            r = t[1]
            if t[0] == "refill":
                c = t[2]
                self._stack = self._stack[:-1]
            else:
                c = self._next_circle(r)
            row = list(self._pantry[r])
            row[c] = self._add(row[c], k, 1)
            pantry = list(self._pantry)
            pantry[r] = tuple(row)
            self._pantry = tuple(pantry)
        self._advance()

    def _draw_order(self, order: str) -> None:
        t = self._stack[-1]
        kind = t[0]
        if kind == "deal":
            self._box = tuple(o for o in self._box if o != order)
            self._stack = self._stack[:-1]
            self._lay(t[1], order)
        else:
            self._deck = tuple(o for o in self._deck if o != order)
            if kind == "tray":
                tray = list(self._tray)
                tray[tray.index(None)] = order
                self._tray = tuple(tray)
            else:
                self._stack = self._stack[:-1]
                self._lay(t[1], order)
                self._push_tasks(self.game._effects[(order, t[1])])
        self._advance()

    def _choose_shelf(self, player: int, size: int, column: int) -> None:
        r = self.game.row_of_size[size]
        n = sum(self._pantry[r][column - 1])
        self._stack = self._stack[:-1] + (("minutes", player, r, column - 1, n),)
        self._advance()

    def _take_order(self, player: int, order: str) -> None:
        g = self.game
        t = self._stack[-1]
        stack = self._stack[:-1]
        if t[0] == "phase1":
            # Go to the Phone: the others clockwise, then you take the last one; then
            # step 5, refill the tray (under the picks, so it happens after them).
            stack += (("tray",), ("phone", (*g._others[player], player)))
        elif len(t[1]) > 1:
            stack += (("phone", t[1][1:]),)
        self._stack = stack
        tray = list(self._tray)
        tray[tray.index(order)] = None
        self._tray = tuple(tray)
        self._lay(player, order)
        self._push_tasks(g._effects[(order, player)])
        self._advance()

    def _pay_minute(self, player: int, minutes: int) -> None:
        g = self.game
        k = list(self._kitchen[player])
        entry = k[minutes - 1]
        k[minutes - 1] = None
        if minutes == 1:
            self._set_kitchen(player, tuple(k))
            self._push_off(player, entry)
        else:
            k[minutes - 2] = entry
            self._set_kitchen(player, tuple(k))
        _, p, r, c, left = self._stack[-1]
        stack = self._stack[:-1]
        if left > 1:
            self._stack = stack + (("minutes", p, r, c, left - 1),)
        else:
            # The minutes are paid: the whole space goes into the supply.
            space = self._pantry[r][c]
            self._set_supply(player, tuple(a + b for a, b in zip(self._supply[player], space)))
            row = list(self._pantry[r])
            row[c] = g.zero
            pantry = list(self._pantry)
            pantry[r] = tuple(row)
            self._pantry = tuple(pantry)
            self._stack = stack
            if not any(any(x) for x in row):
                # Refilling a Shelf Row: refill at once, then the row's bonus.
                if g.bees and r not in self._emptied:
                    self._emptied = (*self._emptied, r)
                self._push_tasks((("fill", r), *g._bonus[(r, player)]))
        self._advance()

    def _discard_ingredient(self, player: int, k: int) -> None:
        self._set_supply(player, self._add(self._supply[player], k, -1))
        self._compost = self._add(self._compost, k, 1)
        self._pop()

    def _recycle(self, player: int, k: int) -> None:
        self._set_supply(player, self._add(self._supply[player], k, -1))
        self._compost = self._add(self._compost, k, 1)
        self._stack = self._stack[:-1] + (("draw", player),)
        self._advance()

    def _move_left(self, player: int, minutes: int) -> None:
        k = list(self._kitchen[player])
        k[minutes], k[minutes - 1] = k[minutes - 1], None
        self._set_kitchen(player, tuple(k))
        self._pop()

    def _cover(self, player: int, slot: int, i: int, k: int) -> tuple[int, ...]:
        kitchen = list(self._kitchen[player])
        o, covers = kitchen[slot]
        cs = list(covers)
        cs[i] = (*cs[i], k)
        kitchen[slot] = (o, tuple(cs))
        self._set_kitchen(player, tuple(kitchen))
        self._set_supply(player, self._add(self._supply[player], k, -1))
        return cs[i]

    def _place(self, player: int, order: str, k: int) -> None:
        slot = self._slot_of(player, order)
        self._cover(player, slot, self._first_uncovered(player, slot, k), k)
        self._advance()

    def _can_start_joker(self, player: int) -> bool:
        sup = self._supply[player]
        return self._ingredient_count(player) >= 4 or sup[self.game.daisy] >= 2

    def _joker_stack(self, player: int) -> tuple[int, ...]:
        """The ingredients on the joker being built (``()`` when none is)."""
        joker = self._stack[-1][2] if self._stack and self._stack[-1][0] == "assign" else None
        if joker is None:
            return ()
        return self._kitchen[player][self._slot_of(player, joker[0])][1][joker[1]]

    def _joker_ok(self, player: int, k: int) -> bool:
        """Whether ``k`` may go on the joker being built: the supply has one, and what is
        left could still finish the joker (D11)."""
        g = self.game
        sup = self._supply[player]
        if not sup[k] or k == g.bee:
            return False   # "Bees may not be used as ingredient jokers."
        return joker_can_finish((*self._joker_stack(player), k),
                                self._ingredient_count(player) - 1,
                                sup[g.daisy] - (k == g.daisy), g.daisy)

    def _start_joker(self, player: int, order: str, symbol: int) -> None:
        slot = self._slot_of(player, order)
        i = self._first_uncovered(player, slot, symbol)
        self._stack = self._stack[:-1] + (("assign", player, (order, i)),)
        self._advance()

    def _joker(self, player: int, k: int) -> None:
        order, i = self._stack[-1][2]
        stack = self._cover(player, self._slot_of(player, order), i, k)
        done = joker_done(stack, self.game.daisy)
        self._stack = self._stack[:-1] + (("assign", player, None if done else (order, i)),)
        self._advance()

    def _complete_orders(self, player: int) -> list[str]:
        return [e[0] for e in self._kitchen[player] if e is not None and all(e[1])]

    def _placeable(self, player: int) -> list[str]:
        """Kinds in the supply that match an uncovered symbol, fit an uncovered plate
        (Soup Stew Orders: "All ingredients must be placed on plate symbols if they may lie
        there"), or are bees while the kitchen has an order (the must-place rule)."""
        g = self.game
        sup = self._supply[player]
        p0 = g.plate0
        out = set()
        any_order = False
        for e in self._kitchen[player]:
            if e is not None:
                any_order = True
                syms = g.symbols[e[0]]
                for s, c in zip(syms, e[1]):
                    if c:
                        continue
                    if s < p0:
                        if sup[s]:
                            out.add(s)
                    else:
                        out.update(k for k in g.ingredients
                                   if sup[k] and self._plate_ok(e[1], syms, s, k))
        if any_order and g.bee is not None and sup[g.bee]:
            out.add(g.bee)
        return [g.kinds[k] for k in sorted(out)]

    def _finish(self, player: int) -> None:
        """Delivering Orders: "place the ingredients of the delivered order in the compost
        box and the order face down on the delivery space"."""
        kitchen = list(self._kitchen[player])
        done = []
        for i, e in enumerate(kitchen):
            if e is not None and all(e[1]):
                done.append(e[0])
                self._to_compost(e[1])
                kitchen[i] = None
                bees = self._bees.get(e[0])
                if bees:
                    # Save the Bees: "If you deliver an order on which bees lie, put the
                    # bees at the beehive at the top right of your kitchen."
                    hive = list(self._hive)
                    hive[player] += bees
                    self._hive = tuple(hive)
                    self._set_bees(e[0], 0)
        if done:
            self._set_kitchen(player, tuple(kitchen))
            d = list(self._delivered)
            d[player] = (*d[player], *done)
            self._delivered = tuple(d)
        self._pop()

    def _assign_bee(self, player: int, order: str) -> None:
        self._set_supply(player, self._add(self._supply[player], self.game.bee, -1))
        self._set_bees(order, self._bees.get(order, 0) + 1)
        self._advance()

    def _play_action(self, player: int, card: str) -> None:
        """Action Cards: the card leaves the hand, its effects go on top of the stack, and
        under them a ``spent`` task puts it on the discard pile once they are done (D31)."""
        g = self.game
        hands = list(self._hands)
        hands[player] = tuple(c for c in hands[player] if c != card)
        self._hands = tuple(hands)
        self._push_tasks((*g._action_effects[(card, player)], ("spent", player, card)))
        self._advance()

    def _shortcut(self, player: int, size: int, column: int, k: int) -> None:
        g = self.game
        r = g.row_of_size[size]
        row = list(self._pantry[r])
        row[column - 1] = self._add(row[column - 1], k, -1)
        pantry = list(self._pantry)
        pantry[r] = tuple(row)
        self._pantry = tuple(pantry)
        self._set_supply(player, self._add(self._supply[player], k, 1))
        # "Refill the space that became empty": one token from the bag on that circle (D32).
        self._stack = self._stack[:-1] + (("refill", r, column - 1),)
        self._advance()

    def _announce(self, player: int, challenge: str) -> None:
        """Mastering Challenges: turn the card over and "immediately receive 2 praise ...
        your mood can never rise above +8; surplus praise is lost"."""
        chal = list(self._chal)
        chal[player] = tuple(c for c in chal[player] if c != challenge)
        self._chal = tuple(chal)
        done = list(self._done)
        done[player] = (*done[player], challenge)
        self._done = tuple(done)
        mood = list(self._mood)
        mood[player] = clamp_mood(mood[player] + PRAISE_PER_CHALLENGE)
        self._mood = tuple(mood)
        self._stack = self._stack[:-1] + (("end", player, 1),)
        self._advance()

    def _draw_action(self, card: str) -> None:
        p = self._stack[-1][1]
        self._adeck = tuple(c for c in self._adeck if c != card)
        hands = list(self._hands)
        hands[p] = (*hands[p], card)
        self._hands = tuple(hands)
        self._pop()

    def _deal_challenge(self, challenge: str) -> None:
        p = self._stack[-1][1]
        self._cbox = tuple(c for c in self._cbox if c != challenge)
        chal = list(self._chal)
        chal[p] = (*chal[p], challenge)
        self._chal = tuple(chal)
        self._pop()

    # -- choices ------------------------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        if player != self._cp or player < 0:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[Action]:
        g = self.game
        t = self._stack[-1]
        kind = t[0]
        if kind == "assign":
            out = self._assign_actions(t[1], t[2])
            if t[2] is None and self._hands[t[1]]:
                out += self._plays(t[1])
            return out
        if kind == "phase1":
            return (self._shelves(t[1]) + [g._a_take[o] for o in self._tray if o]
                    + self._plays(t[1]))
        if kind == "end":
            p = t[1]
            out = [g._a_announce[c] for c in self.mastered(p)]
            if not t[2]:
                out += self._plays(p)
            out.append(g._a_end)
            return out
        if kind == "shortcut":
            out = []
            for r, row in enumerate(self._pantry):
                size = g.rows[r].size
                for c, space in enumerate(row):
                    out += [g._a_shortcut[(size, c + 1, k)] for k, n in enumerate(space) if n]
            return out
        if kind == "minutes":
            k = self._kitchen[t[1]]
            return [g._a_move[(k[m - 1][0], m)] for m in movable_right(k)]
        if kind == "phone":
            return [g._a_take[o] for o in self._tray if o]
        sup = self._supply[t[1]]
        if kind == "discard":
            return [g._a_discard[k] for k in g.ingredients if sup[k]]
        if kind == "recycle":
            # "Bees cannot be recycled."
            return [g._a_recycle[k] for k in g.ingredients if sup[k]] + [
                g._a_decline["recycle"]]
        if kind == "move_left":
            k = self._kitchen[t[1]]
            out: list[Action] = [g._a_left[(k[m - 1][0], m)] for m in movable_left(k)]
            if g.move_left == "may":
                out.append(g._a_decline["move_left"])
            return out
        return []

    def _assign_actions(self, player: int, joker: tuple | None) -> list[Action]:
        """Phase 2: each ingredient onto the first uncovered matching symbol of an order;
        a joker (optional) started on a symbol, then stacked one ingredient at a time;
        finish once nothing can be placed (2. Assign Ingredients)."""
        g = self.game
        sup = self._supply[player]
        if joker is not None:
            o, i = joker
            sym = g.symbols[o][i]
            return [g._a_joker[(o, sym, k)] for k in g.ingredients
                    if sup[k] and self._joker_ok(player, k)]
        can_start = self._can_start_joker(player)
        p0 = g.plate0
        places: list[Action] = []
        starts: list[Action] = []
        for e in self._kitchen[player]:
            if e is None:
                continue
            o, covers = e
            syms = g.symbols[o]
            seen = set()
            for s, c in zip(syms, covers):
                if c or s in seen:
                    continue
                seen.add(s)
                if s >= p0:
                    # Soup Stew: any ingredient that fits the plates (no jokers, D29).
                    places += [g._a_plate[(o, s, k)] for k in g.ingredients
                               if sup[k] and self._plate_ok(covers, syms, s, k)]
                    continue
                if sup[s]:
                    places.append(g._a_place[(o, s)])
                if can_start:
                    starts.append(g._a_start[(o, s)])
        if g.bee is not None and sup[g.bee]:
            places += [g._a_bee[o] for o in self._fewest_bees(player)]
        if not places:
            starts.append(g._a_finish)
        return places + starts

    def _plays(self, player: int) -> list[Action]:
        """Action Cards: the cards in the hand, playable between the steps of one's own
        turn (D31)."""
        if player != self.active:
            return []
        g = self.game
        return [g._a_play[c] for c in sorted(set(self._hands[player]))]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self._chance is None:
            g = self.game
            if self._cp != CHANCE:
                self._chance = []
            elif self._stack[-1][0] == "action":
                p = g._uniform[len(self._adeck)]
                self._chance = [(g._a_draw_action[c], p) for c in self._adeck]
            elif self._stack[-1][0] == "challenge":
                p = g._uniform[len(self._cbox)]
                self._chance = [(g._a_deal_challenge[c], p) for c in self._cbox]
            elif self._stack[-1][0] in ("draw", "fill", "refill"):
                bag = self._bag
                total = sum(bag)
                fr = _fractions(total)
                self._chance = [(g._a_draw[g.kinds[k]], fr[c]) for k, c in enumerate(bag) if c]
            else:
                pile = self._draw_pile()
                p = g._uniform[len(pile)]
                self._chance = [(g._a_order[o], p) for o in pile]
        return self._chance

    def _over(self, action: Action) -> str:
        return ("End of the Game: the game is over; every kitchen helper has had the same "
                "number of turns")

    # -- scores ---------------------------------------------------------------------------------
    def scores(self) -> list[dict[str, int]]:
        """End of the Game: "add up all satisfaction points ... on your delivered orders and
        then add (or subtract) your mood points": ``orders`` + ``mood`` = ``total``. Before
        the end, what each would score if the game ended now."""
        g = self.game
        out = []
        best = max(self._hive)
        for p in range(g.players):
            pts = sum(g.orders[o].points for o in self._delivered[p])
            sc = {"total": pts + self._mood[p], "orders": pts, "mood": self._mood[p]}
            if g.bees:
                # Save the Bees, end of the game: 1 point per bee in the beehive, and 3 for
                # the most bees saved, every tied player included (none when nobody saved
                # a bee, D24).
                bonus = MOST_BEES_BONUS if best and self._hive[p] == best else 0
                sc["bees"] = self._hive[p]
                sc["bee_bonus"] = bonus
                sc["total"] += self._hive[p] + bonus
            out.append(sc)
        return out

    def tiebreak(self, player: int) -> tuple[int, int, int, int, int]:
        """(points, delivered orders, unfinished orders, ingredients on them, supply): the
        higher wins, compared in this order (Tiebreakers)."""
        k = [e for e in self._kitchen[player] if e is not None]
        total = self.scores()[player]["total"]
        return tiebreak_key(total, len(self._delivered[player]), len(k),
                            sum(len(c) for e in k for c in e[1]),
                            self._ingredient_count(player))

    def winners(self) -> list[int]:
        """Most points; ties go through the four tiebreakers; players still equal after
        all four share the win (D17). [] before the end."""
        if self._cp != TERMINAL:
            return []
        keys = [self.tiebreak(p) for p in range(self.game.players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    # -- what each player may see -----------------------------------------------------------------
    def hidden_from(self, player: int) -> set[str]:
        """The order pile and the Starting orders left in the box: face-down cards. The
        bag's contents are never shown (only its count); ingredients are identical tokens,
        so the kinds are not hidden ids (a kind in the bag is also on the shelves)."""
        out = set(self._deck) | set(self._box) | set(self._adeck) | set(self._cbox)
        for q, hand in enumerate(self._hands):
            if q != player:
                out.update(hand)
        return out

    def observation(self, player: int) -> dict:
        g = self.game
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < g.players:
            raise RuleError(f"observation: player must be a seat 0..{g.players - 1}, "
                            f"got {quote(player)}")
        d = self.to_json()
        for key in ("bag", "deck", "box", "action_deck", "challenge_box"):
            d.pop(key, None)
        if g.chili:
            # Action card hands are hidden from the other players: only their size shows.
            d["hands"] = [list(h) if q == player else None for q, h in enumerate(self._hands)]
            d["hand_counts"] = [len(h) for h in self._hands]
            d["action_deck_count"] = len(self._adeck)
        if g.bees:
            d["challenge_box_count"] = len(self._cbox)
        d.update({
            "player": player,
            "players": g.players,
            "active": self.active,
            "current_player": self._cp,
            "stage": self.stage,
            "waiting_for": self.waiting_for(),
            "bag_count": sum(self._bag),
            "deck_count": len(self._deck),
            "box_count": len(self._box),
            "end_after": g.end_after,
            "scores": self.scores(),
        })
        return d

    def components(self) -> dict[str, list[str]]:
        g = self.game
        counts = list(self._bag)
        for multiset in (self._compost, *self._supply):
            for k, c in enumerate(multiset):
                counts[k] += c
        for row in self._pantry:
            for space in row:
                for k, c in enumerate(space):
                    counts[k] += c
        orders = list(self._deck) + list(self._discard) + list(self._box)
        orders += [o for o in self._tray if o]
        for d in self._delivered:
            orders += d
        for kitchen in self._kitchen:
            for e in kitchen:
                if e is not None:
                    orders.append(e[0])
                    for cover in e[1]:
                        for k in cover:
                            counts[k] += 1
        out = {
            "ingredients": sorted(k for k, c in zip(g.kinds, counts) for _ in range(c)
                                  if k != BEE),
            ("chili orders" if g.chili else "basic orders"): sorted(
                o for o in orders if g.orders[o].deck != "starting"),
            "starting orders": sorted(o for o in orders if g.orders[o].deck == "starting"),
        }
        if g.bees:
            bees = counts[g.bee] + sum(self._bees.values()) + sum(self._hive)
            out["bees"] = [BEE] * bees
            out["challenges"] = sorted([*self._cbox, *(c for x in self._chal for c in x),
                                        *(c for x in self._done for c in x)])
        if g.chili:
            out["action cards"] = sorted([*self._adeck, *self._adiscard,
                                          *(c for h in self._hands for c in h),
                                          *(t[2] for t in self._stack if t[0] == "spent")])
        return out

    def to_json(self) -> dict:
        g = self.game
        kinds = g.kinds

        def ms(counts: Counts) -> list[str]:
            return [k for k, c in zip(kinds, counts) for _ in range(c)]

        def entry(e: tuple) -> dict:
            d = {"order": e[0], "covers": [[kinds[k] for k in c] for c in e[1]]}
            if g.bees:
                d["bees"] = self._bees.get(e[0], 0)
            return d

        out = {
            "game": g.NAME,
            "turn": self._turn,
            "bag": ms(self._bag),
            "compost": ms(self._compost),
            "pantry": [[ms(space) for space in row] for row in self._pantry],
            "supplies": [ms(s) for s in self._supply],
            "kitchens": [[None if e is None else entry(e) for e in kitchen]
                         for kitchen in self._kitchen],
            "mood": list(self._mood),
            "delivered": [list(d) for d in self._delivered],
            "deck": list(self._deck),
            "tray": list(self._tray),
            "discard": list(self._discard),
            "box": list(self._box),
            "stack": [_task_json(g, t) for t in self._stack],
        }
        if g.bees:
            out.update({
                "beehives": list(self._hive),
                "challenges": [list(x) for x in self._chal],
                "announced": [list(x) for x in self._done],
                "challenge_box": list(self._cbox),
                "emptied": [g.rows[r].size for r in self._emptied],
            })
        if g.chili:
            out.update({
                "hands": [list(h) for h in self._hands],
                "action_deck": list(self._adeck),
                "action_discard": list(self._adiscard),
            })
        return out

    def __repr__(self) -> str:
        return f"<DinerState {self.game.players}p turn {self._turn} {self.stage}>"


# -- Saves ----------------------------------------------------------------------------------------

def _task_json(g: DinerGame, t: tuple) -> dict:
    kind = t[0]
    if kind == "assign":
        joker = None if t[2] is None else {"order": t[2][0], "symbol": t[2][1]}
        return {"task": kind, "player": t[1], "joker": joker}
    if kind == "minutes":
        return {"task": kind, "player": t[1], "row": g.rows[t[2]].size, "column": t[3] + 1,
                "left": t[4]}
    if kind == "phone":
        return {"task": kind, "takers": list(t[1])}
    if kind == "tray":
        return {"task": kind}
    if kind == "fill":
        return {"task": kind, "row": g.rows[t[1]].size}
    if kind == "deal":
        return {"task": kind, "player": t[1], "minutes": t[2]}
    if kind == "mood":
        return {"task": kind, "player": t[1], "change": t[2]}
    if kind == "end":
        return {"task": kind, "player": t[1], "announced": bool(t[2])}
    if kind == "refill":
        return {"task": kind, "row": g.rows[t[1]].size, "column": t[2] + 1}
    if kind == "spent":
        return {"task": kind, "player": t[1], "card": t[2]}
    return {"task": kind, "player": t[1]}


_TASK_FIELDS = {
    "assign": ("task", "player", "joker"), "phase1": ("task", "player"),
    "minutes": ("task", "player", "row", "column", "left"), "phone": ("task", "takers"),
    "tray": ("task",), "fill": ("task", "row"), "deal": ("task", "player", "minutes"),
    "mood": ("task", "player", "change"), "draw": ("task", "player"),
    "order": ("task", "player"), "discard": ("task", "player"),
    "recycle": ("task", "player"), "move_left": ("task", "player"),
    "challenge": ("task", "player"), "action": ("task", "player"),
    "shortcut": ("task", "player"), "end": ("task", "player", "announced"),
    "refill": ("task", "row", "column"), "spent": ("task", "player", "card"),
}
#: The tasks each module brings.
_MODULE_TASKS = {"challenge": "bees", "end": None, "action": "chili", "shortcut": "chili",
                 "refill": "chili", "spent": "chili"}
_BEES_FIELDS = ("beehives", "challenges", "announced", "challenge_box", "emptied")
_CHILI_FIELDS = ("hands", "action_deck", "action_discard")

_FIELDS = ("game", "turn", "bag", "compost", "pantry", "supplies", "kitchens", "mood",
           "delivered", "deck", "tray", "discard", "box", "stack")


def _state_from_json(g: DinerGame, data: Any) -> DinerState:
    """Check everything before building anything; every error names the field. Accepted
    saves are positions the engine itself stops at (checked last, by running the engine's
    own loop on the result)."""
    d = expect_dict(data, "diner state", _FIELDS + (_BEES_FIELDS if g.bees else ())
                    + (_CHILI_FIELDS if g.chili else ()))
    expect_str(d["game"], "game", [g.NAME])
    n = g.players
    kinds = g.kinds
    index = g.kind_index
    turn = expect_int(d["turn"], "turn", 0, 10**6)

    def multiset(value: Any, where: str, limit: int = 200) -> Counts:
        items = expect_list(value, where)
        if len(items) > limit:
            raise RuleError(f"{where}: at most {limit} ingredients, got {len(items)}")
        counts = [0] * len(kinds)
        for i, k in enumerate(items):
            if not isinstance(k, str) or k not in index:
                raise RuleError(f"{where}[{i}]: {quote(k, 30)} is not an ingredient; "
                                f"ingredients are {', '.join(kinds)}")
            counts[index[k]] += 1
        return tuple(counts)

    def order_id(value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in g.orders:
            raise RuleError(f"{where}: {quote(value, 40)} is not an order of this set")
        return value

    def order_ids(value: Any, where: str) -> list[str]:
        items = expect_list(value, where)
        if len(items) > len(g.orders):
            raise RuleError(f"{where}: more entries than there are orders")
        return [order_id(o, f"{where}[{i}]") for i, o in enumerate(items)]

    def seat(value: Any, where: str) -> int:
        return expect_int(value, where, 0, n - 1)

    bag = multiset(d["bag"], "bag")
    compost = multiset(d["compost"], "compost")
    rows = expect_list(d["pantry"], "pantry", len(g.rows))
    pantry = []
    for r, row in enumerate(rows):
        spaces = expect_list(row, f"pantry[{r}]", g.columns)
        size = g.rows[r].size
        pantry.append(tuple(multiset(x, f"pantry[{r}][{c}]", size)
                            for c, x in enumerate(spaces)))
    supplies = tuple(multiset(x, f"supplies[{p}]")
                     for p, x in enumerate(expect_list(d["supplies"], "supplies", n)))
    raw_kitchens = expect_list(d["kitchens"], "kitchens", n)
    bees_on: dict[str, int] = {}
    kitchens = []
    for p, k in enumerate(raw_kitchens):
        entries = []
        for i, e in enumerate(expect_list(k, f"kitchens[{p}]", KITCHEN_SPACES)):
            where = f"kitchens[{p}][{i}]"
            if e is None:
                entries.append(None)
                continue
            e = expect_dict(e, where, ("order", "covers", "bees") if g.bees
                            else ("order", "covers"))
            o = order_id(e["order"], f"{where}.order")
            syms = g.symbols[o]
            covers = expect_list(e["covers"], f"{where}.covers", len(syms))
            cs = []
            for j, c in enumerate(covers):
                items = expect_list(c, f"{where}.covers[{j}]")
                if len(items) > 4:
                    raise RuleError(f"{where}.covers[{j}]: a symbol holds at most 4 "
                                    "ingredients (a joker)")
                if BEE in items:
                    raise RuleError(f"{where}.covers[{j}]: bees are not ingredients; they lie "
                                    "centred on the order (bees), never on a symbol")
                if syms[j] >= g.plate0 and len(items) > 1:
                    raise RuleError(f"{where}.covers[{j}]: a plate holds one ingredient (no "
                                    "jokers on plates, ruling D29)")
                cs.append(tuple(index[x] if isinstance(x, str) and x in index else
                                _bad_kind(x, f"{where}.covers[{j}]", kinds) for x in items))
            for j, s in enumerate(syms):
                if s >= g.plate0 and cs[j]:
                    for j2, s2 in enumerate(syms):
                        if j2 != j and s2 >= g.plate0 and cs[j2] and (
                                (s2 == s) != (cs[j2][0] == cs[j][0])):
                            raise RuleError(
                                f"{where}.covers[{j}]: identical plates take identical "
                                "ingredients and different plates different ones")
            if g.bees:
                bees_on[o] = expect_int(e["bees"], f"{where}.bees", 0, BEES)
            entries.append((o, tuple(cs)))
        kitchens.append(tuple(entries))
    mood = tuple(expect_int(m, f"mood[{p}]", MOOD_MIN, MOOD_MAX)
                 for p, m in enumerate(expect_list(d["mood"], "mood", n)))
    delivered = tuple(tuple(order_ids(x, f"delivered[{p}]"))
                      for p, x in enumerate(expect_list(d["delivered"], "delivered", n)))
    deck = order_ids(d["deck"], "deck")
    tray = []
    for i, o in enumerate(expect_list(d["tray"], "tray", g.tray_spaces)):
        tray.append(None if o is None else order_id(o, f"tray[{i}]"))
    discard = order_ids(d["discard"], "discard")
    box = order_ids(d["box"], "box")
    for i, o in enumerate(box):
        if g.orders[o].deck != "starting":
            raise RuleError(f"box[{i}]: only Starting orders go back in the box (Setup 2)")
    def card_ids(value: Any, where: str, cards: Mapping[str, Any], what: str) -> list[str]:
        items = expect_list(value, where)
        if len(items) > len(cards):
            raise RuleError(f"{where}: more entries than there are {what}")
        for i, c in enumerate(items):
            if not isinstance(c, str) or c not in cards:
                raise RuleError(f"{where}[{i}]: {quote(c, 40)} is not one of the {what}")
        return list(items)

    hive = (0,) * n
    chal: tuple = ((),) * n
    done: tuple = ((),) * n
    cbox: tuple = ()
    emptied: tuple = ()
    if g.bees:
        hive = tuple(expect_int(x, f"beehives[{p}]", 0, BEES)
                     for p, x in enumerate(expect_list(d["beehives"], "beehives", n)))
        chal = tuple(tuple(card_ids(x, f"challenges[{p}]", g.challenges, "Challenges"))
                     for p, x in enumerate(expect_list(d["challenges"], "challenges", n)))
        done = tuple(tuple(card_ids(x, f"announced[{p}]", g.challenges, "Challenges"))
                     for p, x in enumerate(expect_list(d["announced"], "announced", n)))
        cbox = tuple(sorted(card_ids(d["challenge_box"], "challenge_box", g.challenges,
                                     "Challenges")))
        rows_emptied = expect_list(d["emptied"], "emptied")
        if len(rows_emptied) > len(g.rows):
            raise RuleError(f"emptied: at most {len(g.rows)} row sizes")
        er = []
        for i, size in enumerate(rows_emptied):
            size = expect_int(size, f"emptied[{i}]", 1, 4)
            if size not in g.row_of_size or g.row_of_size[size] in er:
                raise RuleError(f"emptied[{i}]: row sizes of this pantry, each once")
            er.append(g.row_of_size[size])
        emptied = tuple(er)
        for p in range(n):
            if len(chal[p]) + len(done[p]) > CHALLENGES_EACH:
                raise RuleError(f"challenges[{p}]: each player has {CHALLENGES_EACH} "
                                "Challenges (face up and announced together)")
        seen_c: dict[str, str] = {}
        for place_name, ids in [("challenge_box", cbox),
                                *((f"challenges[{p}]", x) for p, x in enumerate(chal)),
                                *((f"announced[{p}]", x) for p, x in enumerate(done))]:
            for c in ids:
                if c in seen_c:
                    raise RuleError(f"{place_name}: Challenge {c} is also in {seen_c[c]}; "
                                    "each card is in exactly one place")
                seen_c[c] = place_name
        if len(seen_c) != len(g.challenges):
            raise RuleError(f"challenge_box: {len(g.challenges) - len(seen_c)} Challenges are "
                            "missing from every place (there are 15)")
    hands: tuple = ((),) * n
    adeck: tuple = ()
    adiscard: tuple = ()
    if g.chili:
        hands = tuple(tuple(card_ids(x, f"hands[{p}]", g.action_cards, "Action cards"))
                      for p, x in enumerate(expect_list(d["hands"], "hands", n)))
        adeck = tuple(sorted(card_ids(d["action_deck"], "action_deck", g.action_cards,
                                      "Action cards")))
        adiscard = tuple(card_ids(d["action_discard"], "action_discard", g.action_cards,
                                  "Action cards"))

    raw_stack = expect_list(d["stack"], "stack")
    if len(raw_stack) > MAX_STACK:
        raise RuleError(f"stack: at most {MAX_STACK} tasks, got {len(raw_stack)}")
    stack = tuple(_task(g, t, f"stack[{i}]") for i, t in enumerate(raw_stack))

    # Every order in exactly one place.
    where_is: dict[str, str] = {}
    places: list[tuple[str, Sequence[str]]] = [
        ("deck", deck), ("tray", [o for o in tray if o]), ("discard", discard), ("box", box)]
    places += [(f"delivered[{p}]", x) for p, x in enumerate(delivered)]
    places += [(f"kitchens[{p}]", [e[0] for e in k if e]) for p, k in enumerate(kitchens)]
    for place_name, ids in places:
        for o in ids:
            if o in where_is:
                raise RuleError(f"{place_name}: order {o} is also in {where_is[o]}; each "
                                "order is in exactly one place")
            where_is[o] = place_name
    missing = sorted(set(g.orders) - set(where_is))
    if missing:
        raise RuleError(f"deck: orders missing from every place: {', '.join(missing[:6])}")
    for o in bees_on:
        if o not in where_is or not where_is[o].startswith("kitchens"):
            raise RuleError(f"kitchens: bees lie only on orders in a kitchen, not on {o}")
    bees_on = {o: b for o, b in bees_on.items() if b}
    if g.chili:
        seen_a: dict[str, str] = {}
        spent = [t[2] for t in stack if t[0] == "spent"]
        for place_name, ids in [("action_deck", adeck), ("action_discard", adiscard),
                                ("stack", spent),
                                *((f"hands[{p}]", x) for p, x in enumerate(hands))]:
            for c in ids:
                if c in seen_a:
                    raise RuleError(f"{place_name}: Action card {c} is also in {seen_a[c]}; "
                                    "each card is in exactly one place")
                seen_a[c] = place_name
        if len(seen_a) != len(g.action_cards):
            raise RuleError(f"action_deck: {len(g.action_cards) - len(seen_a)} Action cards "
                            "are missing from every place (there are 44)")
    # Every ingredient of the bag somewhere (Components: 20 dandelions ... 10 daisies).
    total = list(bag)
    for ms in (compost, *supplies, *(x for row in pantry for x in row)):
        for k, c in enumerate(ms):
            total[k] += c
    for k_ in kitchens:
        for e in k_:
            if e:
                for c in e[1]:
                    for x in c:
                        total[x] += 1
    if g.bee is not None:
        total[g.bee] += sum(bees_on.values()) + sum(hive)
    for k, (have, want) in enumerate(zip(total, g.bag_start)):
        if have != want:
            raise RuleError(f"bag: {have} {kinds[k]} ingredients in all places, but the game "
                            f"has {want}; ingredients are never made or lost")

    _check_stack(g, turn, stack, kitchens, box, pantry)
    joker = stack[-1][2] if stack and stack[-1][0] == "assign" else None
    # Phase 2 may be under way below an Action card's effects: its player may have
    # completely covered orders not yet delivered.
    assigning = next((t[1] for t in stack if t[0] == "assign"), None)
    if joker is not None and not any(e and e[0] == joker[0] for e in kitchens[assigning]):
        raise RuleError(f"stack[{len(stack) - 1}].joker.order: {joker[0]} is not in "
                        f"{g.player_name(assigning)}'s kitchen")
    for p, k_ in enumerate(kitchens):
        for i, e in enumerate(k_):
            if e is None:
                continue
            o, covers = e
            for j, (s, c) in enumerate(zip(g.symbols[o], covers)):
                where = f"kitchens[{p}][{i}].covers[{j}]"
                if joker is not None and p == stack[-1][1] and joker == (o, j):
                    if joker_done(c, g.daisy):
                        raise RuleError(f"{where}: the joker being built must hold at most 3 "
                                        "ingredients and not be finished")
                elif c and s < g.plate0 and not (c == (s,) or joker_done(c, g.daisy)):
                    raise RuleError(f"{where}: a symbol holds its own ingredient, 2 Daisies or "
                                    "4 ingredients (Ingredient Jokers)")
            if all(covers) and p != assigning:
                raise RuleError(f"kitchens[{p}][{i}]: a completely covered order is delivered "
                                "at the end of its player's Phase 2")

    s = DinerState(g, settle=False)
    s._turn = turn
    s._bag = bag
    s._compost = compost
    s._pantry = tuple(pantry)
    s._supply = supplies
    s._kitchen = tuple(kitchens)
    s._mood = mood
    s._delivered = delivered
    s._deck = tuple(sorted(deck))
    s._tray = tuple(tray)
    s._discard = tuple(discard)
    s._box = tuple(sorted(box))
    s._stack = stack
    s._bees = MappingProxyType(bees_on)
    s._hive = hive
    s._chal = chal
    s._done = done
    s._cbox = cbox
    s._emptied = emptied
    s._hands = hands
    s._adeck = adeck
    s._adiscard = adiscard
    # A save must be a position the engine stops at: nothing left to happen by itself.
    settled = s.clone()
    settled._advance()
    if (settled._turn, settled._stack, settled._bag, settled._deck, settled._mood,
            settled._adeck) != (s._turn, s._stack, s._bag, s._deck, s._mood, s._adeck):
        raise RuleError("stack: the engine never stops here: "
                        + ("the game is over or a new turn begins" if not stack else
                           f"the task {_task_json(g, stack[-1])['task']} on top happens by "
                           "itself (nothing to choose or draw), or the bag is empty while "
                           "the compost is not"))
    s._cp = settled._cp
    if s._cp >= 0 and not s._legal_actions(s._cp):
        raise RuleError(f"stack: {g.player_name(s._cp)} would have nothing to choose from")
    return s


def _bad_kind(x: Any, where: str, kinds: Sequence[str]) -> int:
    raise RuleError(f"{where}: {quote(x, 30)} is not an ingredient; ingredients are "
                    f"{', '.join(kinds)}")


def _task(g: DinerGame, value: Any, where: str) -> tuple:
    """One task of a saved stack, checked field by field."""
    n = g.players
    if (not isinstance(value, Mapping) or not isinstance(value.get("task"), str)
            or value["task"] not in _TASK_FIELDS):
        raise RuleError(f"{where}: a task is an object whose 'task' is one of "
                        f"{', '.join(_TASK_FIELDS)}")
    kind = value["task"]
    t = expect_dict(value, where, _TASK_FIELDS[kind])

    def seat(key: str) -> int:
        return expect_int(t[key], f"{where}.{key}", 0, n - 1)

    def row(key: str) -> int:
        size = expect_int(t[key], f"{where}.{key}", 1, 4)
        if size not in g.row_of_size:
            raise RuleError(f"{where}.{key}: no shelf row of size {size}")
        return g.row_of_size[size]

    if kind == "assign":
        joker = t["joker"]
        if joker is not None:
            j = expect_dict(joker, f"{where}.joker", ("order", "symbol"))
            o = j["order"]
            if not isinstance(o, str) or o not in g.orders:
                raise RuleError(f"{where}.joker.order: {quote(o, 40)} is not an order")
            i = expect_int(j["symbol"], f"{where}.joker.symbol", 0, len(g.symbols[o]) - 1)
            joker = (o, i)
        return ("assign", seat("player"), joker)
    if kind == "minutes":
        r = row("row")
        c = expect_int(t["column"], f"{where}.column", 1, g.columns) - 1
        return ("minutes", seat("player"), r, c, expect_int(t["left"], f"{where}.left", 1, 4))
    if kind == "phone":
        takers = expect_list(t["takers"], f"{where}.takers")
        if not 1 <= len(takers) <= n:
            raise RuleError(f"{where}.takers: 1 to {n} players still to take an order")
        return ("phone", tuple(expect_int(x, f"{where}.takers[{i}]", 0, n - 1)
                               for i, x in enumerate(takers)))
    if kind == "tray":
        return ("tray",)
    if kind == "fill":
        return ("fill", row("row"))
    if kind == "deal":
        m = expect_int(t["minutes"], f"{where}.minutes", 1, 6)
        if m not in STARTING_MINUTES:
            raise RuleError(f"{where}.minutes: Starting orders have 4 or 6 minutes")
        return ("deal", seat("player"), m)
    if kind == "mood":
        ch = expect_int(t["change"], f"{where}.change", -1, 1)
        if not ch:
            raise RuleError(f"{where}.change: a praise is +1, a complaint -1")
        return ("mood", seat("player"), ch)
    if kind == "challenge" and not g.bees:
        raise RuleError(f"{where}: Challenges are dealt only with the bees module")
    if kind == "end":
        if not g.modules:
            raise RuleError(f"{where}: the end-of-turn step exists only with a module")
        ann = t["announced"]
        if not isinstance(ann, bool):
            raise RuleError(f"{where}.announced: true or false, got {quote(ann)}")
        return ("end", seat("player"), int(ann))
    if kind == "refill":
        r = row("row")
        return ("refill", r, expect_int(t["column"], f"{where}.column", 1, g.columns) - 1)
    if kind == "spent":
        if not g.chili:
            raise RuleError(f"{where}: Action cards are played only with the chili module")
        c = t["card"]
        if not isinstance(c, str) or c not in g.action_cards:
            raise RuleError(f"{where}.card: {quote(c, 40)} is not an Action card")
        return ("spent", seat("player"), c)
    return (kind, seat("player"))


def _check_stack(g: DinerGame, turn: int, stack: tuple, kitchens: Sequence[Kitchen],
                 box: Sequence[str], pantry: Sequence[Sequence[Counts]]) -> None:
    """The stack must have a shape the engine makes: set-up tasks in their order, or a
    turn (with a module, the end-of-turn step at the bottom; then Phase 2, then Phase 1,
    the minutes of a pantry visit, or the tray refill and the phone picks, then effect
    tasks, including those of an Action card)."""
    n = g.players
    if turn == 0:
        canon = g._setup
        if not stack or stack != canon[: len(stack)]:
            raise RuleError("stack: during set-up (turn 0) the tasks are the set-up's, in "
                            "order: deal, draw, fill, tray"
                            + (", challenge" if g.bees else "") + (", action" if g.chili else ""))
        deals = sum(1 for t in stack if t[0] == "deal")
        dealt = 2 * n - deals
        if len(box) != len(g.starting_ids) - dealt:
            raise RuleError(f"box: {dealt} Starting orders have been dealt, so "
                            f"{len(g.starting_ids) - dealt} are left, got {len(box)}")
        return
    if not stack:
        return  # the end: checked by the engine loop (it must be over here)
    a = (turn - 1) % n
    rest = stack
    if g.modules:
        if stack[0][0] != "end" or stack[0][1] != a:
            raise RuleError(f"stack[0]: with a module a turn's first task is its end step, "
                            f"{g.player_name(a)}'s")
        if stack[0][2] and len(stack) > 1:
            raise RuleError("stack[0].announced: after announcing Challenges nothing else "
                            "happens in the turn")
        rest = stack[1:]
        base = 1
        if not rest:
            return
    else:
        base = 0
    if rest[0][0] != "assign" or rest[0][1] != a:
        if not g.modules:
            raise RuleError(f"stack[0]: a turn's first task is Phase 2 of the player whose "
                            f"turn it is ({g.player_name(a)})")
        # Phase 2 is over: only an Action card's effects can be on the end step.
        for j, t in enumerate(rest, start=base):
            if t[0] not in EFFECT_TASKS:
                raise RuleError(f"stack[{j}]: after Phase 2 only effects can be on top of the "
                                "end step")
        return
    if rest[0][2] is not None and len(rest) > 1:
        raise RuleError(f"stack[{base}].joker: a joker is built only while Phase 2 is on top")
    rest = rest[1:]
    base += 1
    if rest and rest[0][0] in ("phase1", "minutes"):
        if rest[0][1] != a:
            raise RuleError(f"stack[{base}]: Phase 1 ({rest[0][0]}) is {g.player_name(a)}'s")
        if rest[0][0] == "minutes":
            if len(rest) != 1:
                raise RuleError(f"stack[{base}]: nothing happens on top of paying minutes")
            _, p, r, c, left = rest[0]
            if left > sum(pantry[r][c]):
                raise RuleError(f"stack[{base}].left: more minutes to pay than the chosen "
                                "shelf space holds ingredients")
            if left > capacity(kitchens[p]):
                raise RuleError(f"stack[{base}].left: more minutes to pay than the kitchen's "
                                "orders can make pass")
            return
        if len(rest) > 1 and not g.chili:
            raise RuleError(f"stack[{base}]: Phase 1 is {g.player_name(a)}'s and nothing "
                            "happens on top of it (without Action cards)")
        rest = rest[1:]
        base += 1
        for j, t in enumerate(rest, start=base):
            if t[0] not in EFFECT_TASKS:
                raise RuleError(f"stack[{j}]: only an Action card's effects can be on top of "
                                "Phase 1")
        return
    i = 0
    if i < len(rest) and rest[i][0] == "tray":
        i += 1
        if i < len(rest) and rest[i][0] == "phone":
            want = (*g._others[a], a)
            takers = rest[i][1]
            if want[len(want) - len(takers):] != takers:
                raise RuleError(f"stack[{i + base}].takers: the others take an order "
                                f"clockwise, then {g.player_name(a)} takes the last")
            i += 1
    for j, t in enumerate(rest[i:], start=i + base):
        if t[0] not in EFFECT_TASKS:
            raise RuleError(f"stack[{j}]: a {t[0]} task cannot be here; above the turn's own "
                            f"tasks only effects and refills ({', '.join(EFFECT_TASKS)})")
