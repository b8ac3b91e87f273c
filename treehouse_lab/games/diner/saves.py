"""Treehouse Diner saves: the encodings of its fields, the checks no field can make alone,
and the format migrations.

Why here: the fields are declared once (``state.py``, core/fields.py gives saving,
loading, clone and equality). What remains per game is what a schema cannot say:

* the encodings: a count per ingredient kind is saved as the kinds' names (``["acorn",
  "acorn"]``), a kitchen as six spaces of ``{"order", "covers"[, "bees"]}``;
* the cross-field checks: every order, Action card, Challenge and ingredient is in
  exactly one place (Components), the kitchens hold what the rules allow, and the stack
  has a shape the engine makes (``check_stack``). The last check, that the engine itself
  would stop at the save, is the state's ``_loaded`` (core/stages.py).

Format 0 is the save written before the engine shape (no ``"format"`` key). Its fields
and their encodings are the ones still written, so its migration only names the format.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from ...core.fields import Codec, loading_seen
from ...core.jsonio import expect_dict, expect_int, expect_list
from ...core.zones import is_unseen
from ...errors import RuleError, quote
from .rules import (
    BEE,
    BEES,
    CHALLENGES_EACH,
    KITCHEN_SPACES,
    capacity,
    joker_done,
    joker_may_grow,
)
from .stages import (
    EFFECT_STEPS,
    AssignStep,
    DealStep,
    EndStep,
    MinutesStep,
    Phase1Step,
    PhoneStep,
    SpentStep,
    TrayStep,
)

Counts = tuple  # one count per ingredient kind of the game


def _names(game: Any, counts: Counts) -> list[str]:
    return list(_spelled(game.kinds, counts))


@lru_cache(maxsize=8192)
def _spelled(kinds: tuple[str, ...], counts: Counts) -> tuple[str, ...]:
    """The names of ``counts``, one per ingredient. Why cached: every save, observation and
    equality spells out each pantry space and bag, mostly the same few count tuples."""
    return tuple(k for k, c in zip(kinds, counts) for _ in range(c))


def load_counts(value: Any, where: str, game: Any, limit: int = 200) -> Counts:
    """A list of ingredient (or bee) names, as counts per kind."""
    items = expect_list(value, where)
    if len(items) > limit:
        raise RuleError(f"{where}: at most {limit} ingredients, got {len(items)}")
    index = game.kind_index
    counts = [0] * len(game.kinds)
    for i, k in enumerate(items):
        if not isinstance(k, str) or k not in index:
            raise RuleError(f"{where}[{i}]: {quote(k, 30)} is not an ingredient; "
                            f"ingredients are {', '.join(game.kinds)}")
        counts[index[k]] += 1
    return tuple(counts)


class Tokens(Codec):
    """Ingredients and bees by kind: a bag, the compost, one supply."""

    def __init__(self, limit: int = 200) -> None:
        self.limit = limit

    def dump_in(self, value: Counts, game: Any) -> list[str]:
        return _names(game, value)

    def load(self, data: Any, where: str, game: Any) -> Counts:
        return load_counts(data, where, game, self.limit)

    def empty(self, game: Any) -> Counts:
        return game.zero


class Pantry(Codec):
    """The shelf rows, top first: one list of spaces per row, one per column."""

    def dump_in(self, value: tuple, game: Any) -> list:
        return [[_names(game, space) for space in row] for row in value]

    def load(self, data: Any, where: str, game: Any) -> tuple:
        rows = expect_list(data, where, len(game.rows))
        out = []
        for r, row in enumerate(rows):
            spaces = expect_list(row, f"{where}[{r}]", game.columns)
            size = game.rows[r].size
            out.append(tuple(load_counts(x, f"{where}[{r}][{c}]", game, size)
                             for c, x in enumerate(spaces)))
        return tuple(out)

    def empty(self, game: Any) -> tuple:
        """Every space of every row empty (the set-up then fills them from the bag)."""
        return tuple((game.zero,) * game.columns for _ in game.rows)


class Kitchens(Codec):
    """Each player's six kitchen spaces (the 1-minute space first): None, or the order
    with the ingredients on each symbol and (Save the Bees) the bees lying on it."""

    def dump_in(self, value: tuple, game: Any) -> list:
        kinds = game.kinds

        def entry(e: tuple) -> dict:
            d: dict[str, Any] = {"order": e[0], "covers": [[kinds[k] for k in c] for c in e[1]]}
            if game.bees:
                d["bees"] = e[2]
            return d

        return [[None if e is None else entry(e) for e in k] for k in value]

    def load(self, data: Any, where: str, game: Any) -> tuple:
        return tuple(tuple(self._entry(e, f"{where}[{p}][{i}]", game) for i, e in
                           enumerate(expect_list(k, f"{where}[{p}]", KITCHEN_SPACES)))
                     for p, k in enumerate(expect_list(data, where, game.players)))

    def empty(self, game: Any) -> tuple:
        """Six empty spaces for each player."""
        return ((None,) * 6,) * game.players

    def _entry(self, e: Any, where: str, g: Any) -> tuple | None:
        if e is None:
            return None
        e = expect_dict(e, where, ("order", "covers", "bees") if g.bees else ("order", "covers"))
        o = e["order"]
        if not isinstance(o, str) or o not in g.orders:
            raise RuleError(f"{where}.order: {quote(o, 40)} is not an order of this set")
        syms = g.symbols[o]
        covers = expect_list(e["covers"], f"{where}.covers", len(syms))
        index = g.kind_index
        cs = []
        for j, c in enumerate(covers):
            at = f"{where}.covers[{j}]"
            items = expect_list(c, at)
            if len(items) > 4:
                raise RuleError(f"{at}: a symbol holds at most 4 ingredients (a joker)")
            if BEE in items:
                raise RuleError(f"{at}: bees are not ingredients; they lie centred on the "
                                "order (bees), never on a symbol")
            if syms[j] >= g.plate0 and len(items) > 1 and not g.plate_jokers:
                raise RuleError(f"{at}: a plate holds one ingredient (no jokers on plates, "
                                "variant plate_jokers='never', ruling D29)")
            for x in items:
                if not isinstance(x, str) or x not in index:
                    raise RuleError(f"{at}: {quote(x, 30)} is not an ingredient; ingredients "
                                    f"are {', '.join(g.kinds)}")
            cs.append(tuple(index[x] for x in items))
        bees = expect_int(e["bees"], f"{where}.bees", 0, BEES) if g.bees else 0
        return (o, tuple(cs), bees)


class Ids(Codec):
    """Card ids from one of the game's sets (``cards(game)``, named ``what`` in errors);
    ``sort`` keeps a face-down pile sorted (its order is never stored: draws from it are
    uniform chance nodes); ``starting_only`` is the box of Starting orders."""

    def __init__(self, cards: Any, what: str, sort: bool = False, empty: bool = False,
                 starting_only: bool = False, length: Any = None) -> None:
        self.cards, self.what, self.sort = cards, what, sort
        self.gaps, self.starting_only, self.length = empty, starting_only, length

    def dump(self, value: tuple) -> list:
        return list(value)

    def load(self, data: Any, where: str, game: Any) -> tuple:
        cards = self.cards(game)
        items = expect_list(data, where, None if self.length is None else self.length(game))
        if len(items) > len(cards):
            raise RuleError(f"{where}: more entries than there are {self.what}")
        for i, c in enumerate(items):
            if c is None and self.gaps:
                continue
            if loading_seen() and is_unseen(c):  # a hidden card in a seen save (for drawing)
                continue
            if not isinstance(c, str) or c not in cards:
                raise RuleError(f"{where}[{i}]: {quote(c, 40)} is not one of the {self.what} "
                                "of this set")
            if self.starting_only and game.orders[c].deck != "starting":
                raise RuleError(f"{where}[{i}]: only Starting orders go back in the box "
                                "(Setup 2)")
        return tuple(sorted(items)) if self.sort else tuple(items)

    def empty(self, game: Any) -> tuple:
        """No card; with a fixed length (the phone tray), that many empty places."""
        return () if self.length is None else (None,) * self.length(game)


class Emptied(Codec):
    """The sizes of the shelf rows emptied this turn, each once (Save the Bees' "Manage the
    stock!", and a row's bonus at most once a turn, D40)."""

    def dump(self, value: tuple) -> list:
        return list(value)

    def load(self, data: Any, where: str, game: Any) -> tuple:
        items = expect_list(data, where)
        if len(items) > len(game.rows):
            raise RuleError(f"{where}: at most {len(game.rows)} row sizes")
        out: list[int] = []
        for i, size in enumerate(items):
            size = expect_int(size, f"{where}[{i}]", 1, 4)
            if size not in game.row_of_size or size in out:
                raise RuleError(f"{where}[{i}]: row sizes of this pantry, each once")
            out.append(size)
        return tuple(out)

    def empty(self, game: Any) -> tuple:
        return ()


def orders_of(g: Any) -> Mapping:
    return g.orders


def actions_of(g: Any) -> Mapping:
    return g.action_cards


def challenges_of(g: Any) -> Mapping:
    return g.challenges


def _migrate_0(save: dict) -> dict:
    """Format 0 (no "format" key) has the fields and encodings of format 1."""
    return dict(save)


def _migrate_1(save: dict) -> dict:
    """Format 1 -> 2 (ruling D40, a turn does not go round in circles): the piles rebuilt
    this turn and the rows emptied this turn (kept before only with Save the Bees). A
    format-1 save does not say; both start empty at the load."""
    out = dict(save)
    out.setdefault("rebuilt", [])
    out.setdefault("emptied", [])
    return out


MIGRATIONS = {0: _migrate_0, 1: _migrate_1}


# -- the checks across fields ------------------------------------------------------------------

def _one_place(places: Sequence[tuple[str, Sequence[str]]], what: str) -> dict[str, str]:
    where_is: dict[str, str] = {}
    for place_name, ids in places:
        for c in ids:
            if c in where_is:
                raise RuleError(f"{place_name}: {what} {c} is also in {where_is[c]}; each "
                                f"{'order' if what == 'order' else 'card'} is in exactly one "
                                "place")
            where_is[c] = place_name
    return where_is


def check_save(s: Any) -> None:
    """Everything a loaded state must satisfy beyond its fields' own checks."""
    g = s.game
    n = g.players
    if "actions" in s.rebuilt and not g.chili:
        raise RuleError("rebuilt: 'actions' needs the Secret Ingredient module (no Action "
                        "cards without it)")
    if s.turn > n * g.round_limit:
        raise RuleError(f"turn: {s.turn} is past the last round the limit allows "
                        f"({g.round_limit} rounds of {n} turns, ruling D41)")
    if g.bees:
        for p in range(n):
            if len(s.open_challenges[p]) + len(s.done_challenges[p]) > CHALLENGES_EACH:
                raise RuleError(f"challenges[{p}]: each player has {CHALLENGES_EACH} "
                                "Challenges (face up and announced together)")
        seen = _one_place([("challenge_box", s.challenge_box),
                           *((f"challenges[{p}]", x) for p, x in enumerate(s.open_challenges)),
                           *((f"announced[{p}]", x) for p, x in enumerate(s.done_challenges))],
                          "Challenge")
        if len(seen) != len(g.challenges):
            raise RuleError(f"challenge_box: {len(g.challenges) - len(seen)} Challenges are "
                            "missing from every place (there are 15)")
    kitchens = s.kitchens
    where_is = _one_place(
        [("deck", s.deck), ("tray", [o for o in s.tray_orders if o]),
         ("discard", s.order_discard), ("box", s.box),
         *((f"delivered[{p}]", x) for p, x in enumerate(s.deliveries)),
         *((f"kitchens[{p}]", [e[0] for e in k if e]) for p, k in enumerate(kitchens))],
        "order")
    missing = sorted(set(g.orders) - set(where_is))
    if missing:
        raise RuleError(f"deck: orders missing from every place: {', '.join(missing[:6])}")
    if g.chili:
        spent = [t.card for t in s.stack if isinstance(t, SpentStep)]
        seen = _one_place([("action_deck", s.action_deck), ("action_discard", s.action_discards),
                           ("stack", spent),
                           *((f"hands[{p}]", x) for p, x in enumerate(s.hands))], "Action card")
        if len(seen) != len(g.action_cards):
            raise RuleError(f"action_deck: {len(g.action_cards) - len(seen)} Action cards "
                            "are missing from every place (there are 44)")
    check_stack(s)
    _check_kitchens(s)
    _check_tokens(s)


def _check_tokens(s: Any) -> None:
    """Every ingredient of the bag somewhere (Components: 20 dandelions ... 10 daisies)."""
    g = s.game
    total = list(s.bag_counts)
    for ms in (s.compost_counts, *s.supplies, *(x for row in s.shelf_rows for x in row)):
        for k, c in enumerate(ms):
            total[k] += c
    for k_ in s.kitchens:
        for e in k_:
            if e:
                for c in e[1]:
                    for x in c:
                        total[x] += 1
                if g.bee is not None:
                    total[g.bee] += e[2]
    if g.bee is not None:
        total[g.bee] += sum(s.hives)
    for k, (have, want) in enumerate(zip(total, g.bag_start)):
        if have != want:
            raise RuleError(f"bag: {have} {g.kinds[k]} ingredients in all places, but the "
                            f"game has {want}; ingredients are never made or lost")


def _check_plates(g: Any, o: str, covers: tuple, building: int | None, where: str) -> None:
    """Soup Stew Orders: identical plates hold identical ingredients and different plates
    different ones; a joker (finished, or the one being built, index ``building``) lies
    only on a plate whose letter holds an ingredient (D29)."""
    syms = g.symbols[o]
    real = {j: c[0] for j, c in enumerate(covers)
            if syms[j] >= g.plate0 and len(c) == 1 and j != building}
    for j, k in real.items():
        for j2, k2 in real.items():
            if j2 != j and (syms[j2] == syms[j]) != (k2 == k):
                raise RuleError(f"{where}[{j}]: identical plates take identical ingredients "
                                "and different plates different ones")
    for j, c in enumerate(covers):
        if syms[j] < g.plate0 or not c or (len(c) == 1 and j != building):
            continue
        if j != building and not joker_done(c, g.daisy):
            raise RuleError(f"{where}[{j}]: a plate holds one ingredient or a finished joker "
                            "(2 Daisies or 4 ingredients)")
        if not any(syms[j2] == syms[j] for j2 in real):
            raise RuleError(f"{where}[{j}]: a joker lies on a plate only when another plate "
                            "of its letter holds an ingredient (ruling D29)")


def _check_kitchens(s: Any) -> None:
    g = s.game
    stack = s.stack
    top = stack[-1] if stack else None
    joker = top.joker if isinstance(top, AssignStep) else None
    # Phase 2 may be under way below an Action card's effects: its player may have
    # completely covered orders not yet delivered.
    assigning = next((t.player for t in stack if isinstance(t, AssignStep)), None)
    if joker is not None and not any(e and e[0] == joker[0] for e in s.kitchens[assigning]):
        raise RuleError(f"stack[{len(stack) - 1}].joker.order: {joker[0]} is not in "
                        f"{g.player_name(assigning)}'s kitchen")
    for p, k_ in enumerate(s.kitchens):
        for i, e in enumerate(k_):
            if e is None:
                continue
            o, covers = e[0], e[1]
            for j, (sym, c) in enumerate(zip(g.symbols[o], covers)):
                where = f"kitchens[{p}][{i}].covers[{j}]"
                if joker is not None and p == top.player and joker == (o, j):
                    if joker_done(c, g.daisy) and not joker_may_grow(
                            c, s.ingredient_count(p), g.daisy):
                        raise RuleError(f"{where}: the joker being built must hold at most 3 "
                                        "ingredients and not be finished, or be 2 Daisies "
                                        "with 2 more ingredients in the supply (D11)")
                elif c and sym < g.plate0 and not (c == (sym,) or joker_done(c, g.daisy)):
                    raise RuleError(f"{where}: a symbol holds its own ingredient, 2 Daisies or "
                                    "4 ingredients (Ingredient Jokers)")
            building = joker[1] if joker is not None and p == top.player and joker[0] == o else None
            _check_plates(g, o, covers, building, f"kitchens[{p}][{i}].covers")
            if all(covers) and p != assigning:
                raise RuleError(f"kitchens[{p}][{i}]: a completely covered order is delivered "
                                "at the end of its player's Phase 2")


def check_stack(s: Any) -> None:
    """The stack must have a shape the engine makes: set-up stages in their order, or a
    turn (with a module, the end-of-turn step at the bottom; then Phase 2, then Phase 1,
    the minutes of a pantry visit, or the tray refill and the phone picks, then effect
    stages, including those of an Action card)."""
    g = s.game
    n = g.players
    stack = s.stack
    if s.turn == 0:
        canon = g.setup_stack
        if not stack or stack != canon[: len(stack)]:
            raise RuleError("stack: during set-up (turn 0) the tasks are the set-up's, in "
                            "order: deal, draw, fill, tray"
                            + (", challenge" if g.bees else "") + (", action" if g.chili else ""))
        dealt = 2 * n - sum(1 for t in stack if isinstance(t, DealStep))
        if len(s.box) != len(g.starting_ids) - dealt:
            raise RuleError(f"box: {dealt} Starting orders have been dealt, so "
                            f"{len(g.starting_ids) - dealt} are left, got {len(s.box)}")
        return
    if not stack:
        return  # the end: checked by the engine loop (it must be over here)
    a = (s.turn - 1) % n
    rest = stack
    base = 0
    if g.modules:
        if not isinstance(stack[0], EndStep) or stack[0].player != a:
            raise RuleError(f"stack[0]: with a module a turn's first task is its end step, "
                            f"{g.player_name(a)}'s")
        if stack[0].announced and len(stack) > 1:
            raise RuleError("stack[0].announced: after announcing Challenges nothing else "
                            "happens in the turn")
        rest = stack[1:]
        base = 1
        if not rest:
            return
    if not isinstance(rest[0], AssignStep) or rest[0].player != a:
        if not g.modules:
            raise RuleError(f"stack[0]: a turn's first task is Phase 2 of the player whose "
                            f"turn it is ({g.player_name(a)})")
        # Phase 2 is over: only an Action card's effects can be on the end step.
        _only_effects(rest, base, "after Phase 2 only effects can be on top of the end step")
        return
    if rest[0].joker is not None and len(rest) > 1:
        raise RuleError(f"stack[{base}].joker: a joker is built only while Phase 2 is on top")
    rest = rest[1:]
    base += 1
    if rest and isinstance(rest[0], (Phase1Step, MinutesStep)):
        first = rest[0]
        if first.player != a:
            raise RuleError(f"stack[{base}]: Phase 1 ({first.NAME}) is {g.player_name(a)}'s")
        if isinstance(first, MinutesStep):
            if len(rest) > 1 and not g.chili:
                raise RuleError(f"stack[{base}]: nothing happens on top of paying minutes "
                                "(without Action cards)")
            _only_effects(rest[1:], base + 1, "only an Action card's effects can be on top "
                          "of paying minutes")
            if first.left > sum(s.space(first.row, first.column)):
                raise RuleError(f"stack[{base}].left: more minutes to pay than the chosen "
                                "shelf space holds ingredients")
            if first.left > capacity(s.kitchens[first.player]):
                raise RuleError(f"stack[{base}].left: more minutes to pay than the kitchen's "
                                "orders can make pass")
            return
        if len(rest) > 1 and not g.chili:
            raise RuleError(f"stack[{base}]: Phase 1 is {g.player_name(a)}'s and nothing "
                            "happens on top of it (without Action cards)")
        _only_effects(rest[1:], base + 1, "only an Action card's effects can be on top of "
                      "Phase 1")
        return
    i = 0
    if i < len(rest) and isinstance(rest[i], TrayStep):
        i += 1
        if i < len(rest) and isinstance(rest[i], PhoneStep):
            want = (*g.others[a], a)
            takers = rest[i].takers
            if want[len(want) - len(takers):] != takers:
                raise RuleError(f"stack[{i + base}].takers: the others take an order "
                                f"clockwise, then {g.player_name(a)} takes the last")
            i += 1
    names = ", ".join(c.NAME for c in EFFECT_STEPS)
    for j, t in enumerate(rest[i:], start=i + base):
        if not isinstance(t, EFFECT_STEPS):
            raise RuleError(f"stack[{j}]: a {t.NAME} task cannot be here; above the turn's own "
                            f"tasks only effects and refills ({names})")


def _only_effects(stages: Sequence[Any], base: int, why: str) -> None:
    for j, t in enumerate(stages, start=base):
        if not isinstance(t, EFFECT_STEPS):
            raise RuleError(f"stack[{j}]: {why}")
