"""Treehouse Diner by the numbers: joker stacks, ways to complete an order, bag draws.

Every count and chance here is reached two ways, on purpose (the notebooks' rule: trust a
formula only once it agrees with brute force):

* **from the engine**: its legal Phase 2 actions, driven one small step at a time from a
  teaching position (``game.position``), or its exact chance outcomes, followed draw by
  draw from a real state;
* **from a formula** in sympy: a generating function, or the multivariate hypergeometric
  distribution.

The notebook ``notebooks/treehouse-diner-probability.ipynb`` shows the two agree; the tests
(``tests/games/diner/test_diner_counting.py``) check it on random supplies and orders.

Words used below (rulebook: 2. Assign Ingredients, Ingredient Jokers; rulings D11, D12):

* a **supply** maps ingredient names (``"daisy"``, ``"acorn"``, ...) to counts;
* a **joker stack** is what lies on one symbol instead of its ingredient: 2 daisies, or 4
  ingredients of any kinds, counted as a multiset (the order of stacking does not show);
* a **way to complete an order** is what the completed order looks like: for each symbol,
  the ingredient on it or the joker stack on it. Two ways are *different* when some kind
  of symbol ends up with a different collection of covers. Identical symbols of an order
  are interchangeable (D12), so swapping the covers of two Acorn symbols is the same way.
  What stays in the supply does not matter, nor the order of the clicks.

The two joker counts agree: :func:`joker_options` counts every multiset of 4 ingredients,
4 daisies too, and the engine builds that stack as well (two daisies finish a joker, and
two more may go on it at once, D11), as :func:`engine_joker_stacks` shows.

The modules (issue 9): a supply may hold ``"chili"`` and ``"bee"``; bees never count (they
are not ingredients: no symbol, plate or joker takes them), and the engine is asked with the
module on. A Soup Stew is filled one kind per plate letter (:func:`soup_fills` enumerates,
:func:`soup_ways` is the formula, :func:`completions` asks the engine); the chance that a
refilled shelf row shows a chili comes from the engine's chance outcomes
(:func:`refill_shows`) and from the hypergeometric formula (:func:`refill_shows_formula`).

sympy is imported inside the functions that use it, so importing this module (or
``treehouse_lab``) stays light.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...core.chance import sample_outcome
from ...core.counting import hypergeometric
from ...errors import RuleError, quote
from .actions import DrawIngredient, Joker, Place, PlacePlate, StartJoker
from .draws import FillStep
from .rules import ANY_JOKER, BEE, CHILI, DAISY, DAISY_JOKER, PLATES, Order
from .soup_stews import soup_fills, soup_ways  # Soup Stews: their names are ours too
from .supplies import (
    INGREDIENTS,
    TOKENS,
    draw_count,
    ingredients_of,
    supply_counts,
    token_kind,
    tokens,
)

if TYPE_CHECKING:  # pragma: no cover
    from .game import DinerGame
    from .state import DinerState

#: A multiset of ingredients written out, names sorted: ``("acorn", "daisy", "daisy")``.
Multiset = tuple[str, ...]
#: A completed order: one cover (a :data:`Multiset`) per symbol, in the card's order, the
#: covers of identical symbols sorted (D12: they are interchangeable).
Completion = tuple[Multiset, ...]


@cache
def _standard_game(modules: tuple[str, ...] = ()) -> DinerGame:
    """The game the counting questions ask by default: the variants ``jokers="any"`` and
    ``plate_jokers="never"`` (rulings D11, D29), under which a covered order can take every
    shape that jokers allow whatever the supply holds. Under the rulebook's default a
    joker only replaces what the supply cannot give, so fewer ways exist; pass ``game`` to
    count those (:func:`ways_to_complete` follows the game's ``jokers`` option)."""
    from .game import DinerGame

    return DinerGame(players=2, modules=modules, jokers="any", plate_jokers="never")


def _game_for(supply: Mapping[str, int], order: str | Order | None = None,
              game: DinerGame | None = None) -> DinerGame:
    """The game to ask: the one given, or the standard game with the modules whose
    tokens or orders are involved (bees in the supply, chilis, a Chili order)."""
    if game is not None:
        return game
    counts = supply_counts(supply)
    oid = order.id if isinstance(order, Order) else order
    chili = CHILI in counts or (isinstance(oid, str) and oid not in _standard_game().orders)
    return _standard_game(tuple(m for m, on in (("bees", BEE in counts), ("chili", chili))
                                if on))


def _order(order: str | Order, game: DinerGame | None) -> Order:
    g = game or _standard_game()
    oid = order.id if isinstance(order, Order) else order
    if not isinstance(oid, str) or oid not in g.orders:
        raise RuleError(f"order: {quote(oid, 40)} is not an order of this card set")
    return g.orders[oid]


# -- Jokers (Ingredient Jokers) ----------------------------------------------------------------

def joker_options(supply: Mapping[str, int]) -> Any:
    """How many different joker stacks ``supply`` can make: the distinct multisets of
    exactly 4 of its ingredients, plus one if it holds at least 2 daisies.

    Read off a generating function: choosing ``j`` of the ``c`` ingredients of one kind is
    the term ``x**j`` of ``1 + x + ... + x**c``, so the multisets of 4 are the coefficient of
    ``x**4`` in the product over the kinds. Returns a sympy Integer. (Counts above 4 are cut
    to 4 first: they cannot change the coefficient of ``x**4``.)"""
    import sympy

    counts = ingredients_of(supply)   # bees never count
    x = sympy.Symbol("x")
    gf = sympy.Mul(*(sum(x**j for j in range(min(c, ANY_JOKER) + 1)) for c in counts.values()))
    fours = sympy.Poly(gf, x).coeff_monomial(x**ANY_JOKER)
    return sympy.Integer(fours) + (1 if counts.get(DAISY, 0) >= DAISY_JOKER else 0)


def joker_stacks(supply: Mapping[str, int]) -> list[Multiset]:
    """Every joker stack of :func:`joker_options`, by brute force: every choice of 4 of
    the supply's ingredients (as tokens), duplicates removed, plus two daisies."""
    stacks = set(combinations(sorted(tokens(ingredients_of(supply))), ANY_JOKER))
    if supply_counts(supply).get(DAISY, 0) >= DAISY_JOKER:
        stacks.add((DAISY,) * DAISY_JOKER)
    return sorted(stacks)


def engine_joker_stacks(supply: Mapping[str, int], game: DinerGame | None = None
                        ) -> list[Multiset]:
    """The joker stacks the engine lets a player build on one symbol: from a Phase 2
    position holding ``supply`` and one order, ``StartJoker`` and then every sequence of
    legal ``Joker`` steps until the joker is finished. Sorted multisets.

    Equals :func:`joker_stacks`, four daisies included (D11: two daisies finish a joker,
    and two more may make it one of four). Asked under ``jokers="any"`` (the stacking rule
    is the same under every reading; the variant lets the joker start whatever the supply
    holds)."""
    g = _game_for(supply, None, game if game is not None and game.jokers == "any" else None)
    oid = next(o for o in g.starting_ids if g.orders[o].minutes == 4)
    order = g.orders[oid]
    s = g.position(kitchens=[{order.minutes: oid}] + [{}] * (g.players - 1),
                   supplies=[tokens(supply)] + [[]] * (g.players - 1), stage="assign")
    start = StartJoker(oid, order.ingredients[0])
    if not s.is_legal(start):
        return []
    found: set[Multiset] = set()
    _feed_joker(s.child(start), order.minutes, found)
    return sorted(found)


def _feed_joker(s: DinerState, minutes: int, found: set[Multiset]) -> None:
    """Every legal next ingredient on the joker at hand, until it is finished (a joker of
    2 Daisies is finished and may still take 2 more, D11)."""
    for a in s.legal_actions():
        if not isinstance(a, Joker):
            continue
        c = s.child(a)
        if not _building_joker(c):
            found.add(tuple(sorted(c.kitchen(0)[minutes]["covers"][0])))
        _feed_joker(c, minutes, found)


def _building_joker(s: DinerState) -> bool:
    """A joker is under way: then every legal action is a Joker step (D11; a finished
    joker of 2 Daisies that may grow offers the other steps too)."""
    legal = s.legal_actions()
    return bool(legal) and all(isinstance(a, Joker) for a in legal)


# -- Ways to complete an order --------------------------------------------------------------

def completions(order: str | Order, supply: Mapping[str, int], jokers: bool = True,
                game: DinerGame | None = None) -> list[Completion]:
    """Every different way (module docstring) ``supply`` can complete ``order``, found by
    the engine: a Phase 2 position with the order alone in the kitchen and ``supply`` as
    the supply, then every sequence of legal ``Place`` (and, with ``jokers``,
    ``StartJoker`` and ``Joker``) actions until the order is completely covered. The
    covered order is recorded up to identical symbols; positions already explored are not
    explored again. Sorted. Bees in the supply never count; Soup Stew plates are filled
    with ``PlacePlate`` (jokers on plates as the game's ``plate_jokers`` says, D29)."""
    g = _game_for(supply, order, game)
    o = _order(order, g)
    s = g.position(kitchens=[{o.minutes: o.id}] + [{}] * (g.players - 1),
                   supplies=[tokens(supply)] + [[]] * (g.players - 1), stage="assign")
    allowed = (Place, PlacePlate, StartJoker, Joker) if jokers else (Place, PlacePlate)
    found: set[Completion] = set()
    seen: set = set()
    stack = [s]
    while stack:
        s = stack.pop()
        entry = s.kitchen(0)[o.minutes]
        # Stacking order never matters later (a joker's legality looks at its multiset).
        key = (tuple(tuple(sorted(c)) for c in entry["covers"]), tuple(s.supply(0).items()),
               repr(s.pending()[0]))
        if key in seen:
            continue
        seen.add(key)
        if entry["complete"] and not _building_joker(s):
            found.add(canonical_completion(o.ingredients, entry["covers"]))
            # Only a joker of 2 Daisies just laid can still change (into one of 4).
            allowed_now: tuple = (Joker,)
        else:
            allowed_now = allowed
        stack.extend(s.child(a) for a in s.legal_actions() if isinstance(a, allowed_now))
    return sorted(found)


def canonical_completion(symbols: Sequence[str], covers: Sequence[Sequence[str]]
                         ) -> Completion:
    """One form for covers that differ only by stacking order or by which of two identical
    symbols got which cover (D12): each cover sorted, then the covers of each kind of
    symbol sorted among themselves, kept in the card's symbol order."""
    by_kind: dict[str, list[Multiset]] = {}
    for sym, cover in zip(symbols, covers):
        by_kind.setdefault(sym, []).append(tuple(sorted(cover)))
    for kind in by_kind:
        by_kind[kind].sort()
    return tuple(by_kind[sym].pop(0) for sym in symbols)


def ways_to_complete(order: str | Order, supply: Mapping[str, int], jokers: bool = True,
                     game: DinerGame | None = None) -> Any:
    """How many different ways ``supply`` can complete ``order``, by a generating function
    (a sympy Integer); :func:`completions` finds the same ways one by one from the engine.

    With one variable ``x_k`` per ingredient, a cover is a monomial of what it uses up: its
    own ingredient ``x_k``, or a joker from ``J(x) = h_4(x) + x_D**2`` (every multiset of
    4 ingredients, four daisies included, and two daisies, D11). The covers of
    the ``n`` identical symbols of kind ``k`` are a multiset of ``n`` covers:
    ``h_n[x_k + J]``, by Pólya's cycle index of the symmetric group,
    ``h_n[S] = sum over partitions lambda of n of prod_j S(x**j)**m_j / z_lambda``. The
    order's generating function is the product over its kinds of symbols, and the ways the
    supply ``c`` can pay for are its coefficients at exponents ``a <= c``, summed.

    That is the count under ``jokers="any"`` (the default ``game`` here). Under the
    variant ``jokers="placed-first"`` (D11) the supply's own ingredients go on their
    symbols first, ``min(c_k, n_k)`` of each kind, and only the ``m_k`` symbols left take
    jokers, paid from what remains: the product of ``h_{m_k}[J]`` alone. Under the
    rulebook's ``jokers="missing"`` a joker goes on a symbol once the supply holds none of
    its ingredient, which no product of series says; :func:`_ways_missing` counts those
    covered orders one by one from that condition, without the engine."""
    import sympy
    from sympy.polys.domains import QQ
    from sympy.polys.rings import ring

    g = _game_for(supply, order, game)
    o = _order(order, g)
    counts = ingredients_of(supply)   # bees never count
    plates = [s for s in o.ingredients if s in PLATES]
    if plates:
        if len(plates) != len(o.ingredients):
            raise RuleError(f"order: {o.name} mixes plates and ingredients; count its plates "
                            "with soup_ways")
        if jokers and g.plate_jokers:
            raise RuleError("game: soup_ways counts plates without jokers; ask a game with "
                            "plate_jokers='never', or count with completions")
        return soup_ways(plates, counts)
    need = Counter(o.ingredients)
    if g.jokers == "missing" and jokers:
        return sympy.Integer(_ways_missing(need, counts))
    if g.jokers != "any":
        # D11: every ingredient the supply holds for a symbol goes there first; jokers
        # cover only the symbols still missing, paid from what is left.
        placed = {k: min(counts.get(k, 0), n) for k, n in need.items()}
        counts = {k: c - placed.get(k, 0) for k, c in counts.items()}
        need = Counter({k: n - placed[k] for k, n in need.items() if n > placed[k]})
        if need and not jokers:
            return sympy.Integer(0)
    bound = tuple(counts.get(k, 0) for k in INGREDIENTS)
    R, *x = ring(",".join(f"x_{k}" for k in INGREDIENTS), QQ)
    daisy = x[INGREDIENTS.index(DAISY)]

    def cut(p: Any) -> Any:
        return R.from_dict({m: v for m, v in p.items() if all(e <= b for e, b in zip(m, bound))})

    def at_powers(p: Any, j: int) -> Any:
        """p(x_1**j, ..., x_6**j), cut to the supply."""
        return cut(R.from_dict({tuple(e * j for e in m): v for m, v in p.items()}))

    def h(n: int, s: Any) -> Any:
        """Multisets of n items of the kinds in s (plethysm h_n[s]), cut to the supply."""
        total = R.zero
        for part in sympy.utilities.iterables.partitions(n):
            term = R.one
            z = 1
            for j, m in part.items():
                term = cut(term * cut(at_powers(s, j) ** m))
                z *= j**m * sympy.factorial(m)
            total += term * QQ(1, int(z))
        return cut(total)

    joker = cut(h(ANY_JOKER, sum(x, R.zero)) + daisy**DAISY_JOKER)
    gf = R.one
    for kind, n in need.items():
        own = x[INGREDIENTS.index(kind)] if g.jokers == "any" else R.zero
        cover = own + (joker if jokers else R.zero)
        gf = cut(gf * h(n, cover))
    ways = sum(gf.values(), QQ(0))
    return sympy.Integer(int(ways))


def _ways_missing(need: Mapping[str, int], supply: Mapping[str, int]) -> int:
    """The covered orders of ``need`` (symbols by kind) that ``supply`` pays for under D11:
    each symbol takes its own ingredient or a joker (2 daisies, 4 of anything), and a joker
    goes on a ``k`` symbol only when the supply holds no ``k`` any more. Placing first loses
    nothing, so a covered order can be reached exactly when (1) every kind with a joker on
    its symbols has none of its ingredients left in the supply and none in those jokers,
    and (2) the jokers can be laid in some order: a joker on an ``a`` symbol holding a
    ``b`` must come before the jokers on ``b`` symbols, so these "before" links between
    kinds must have no cycle. Counted covered order by covered order (up to identical
    symbols, D12)."""
    kinds = [k for k in INGREDIENTS if supply.get(k)]
    stacks = sorted({c for c in combinations_with_replacement(kinds, ANY_JOKER)}
                    | ({(DAISY,) * DAISY_JOKER} if supply.get(DAISY, 0) >= DAISY_JOKER
                       else set()))
    symbols = sorted(need)

    def covers_of(kind: str) -> list[Multiset]:
        return [(kind,)] + [j for j in stacks if kind not in j]

    def feasible(chosen: dict[str, tuple[Multiset, ...]]) -> bool:
        used = Counter(k for covers in chosen.values() for c in covers for k in c)
        if any(used[k] > supply.get(k, 0) for k in used):
            return False
        jokered = {k for k, covers in chosen.items() if any(c != (k,) for c in covers)}
        if any(used[k] < supply.get(k, 0) for k in jokered):
            return False    # a k is still in the supply: no k symbol is missing
        before = {a: {b for c in chosen[a] if c != (a,) for b in c if b in jokered}
                  for a in jokered}
        done: set[str] = set()
        while len(done) < len(jokered):
            ready = [a for a in jokered - done if all(
                b in done or b == a for b in jokered if a in before[b])]
            if not ready:
                return False
            done.update(ready)
        return True

    total = 0

    def walk(i: int, chosen: dict[str, tuple[Multiset, ...]]) -> None:
        nonlocal total
        if i == len(symbols):
            total += feasible(chosen)
            return
        kind = symbols[i]
        for covers in combinations_with_replacement(covers_of(kind), need[kind]):
            chosen[kind] = covers
            used = Counter(k for cs in chosen.values() for c in cs for k in c)
            if all(used[k] <= supply.get(k, 0) for k in used):
                walk(i + 1, chosen)
            del chosen[kind]

    walk(0, {})
    return total


# -- The chance a chili shows up (Refilling a Shelf Row with the chilis in the bag) ---------

def _row_to_refill(state: DinerState) -> int:
    """How many circles the shelf row about to be refilled still lacks (``state`` must be
    at its first draw)."""
    t = state.top
    if not state.is_chance_node() or not isinstance(t, FillStep):
        raise RuleError(f"state: no shelf row is being refilled now: {state.waiting_for()}")
    size = t.row
    return sum(size - len(space) for space in state.pantry()[state.game.row_of_size[size]])


def refill_shows(state: DinerState, kind: str = CHILI) -> Fraction:
    """The exact chance that the shelf row being refilled shows at least one ``kind``
    (default the chili), from the engine's chance outcomes, followed draw by draw
    (:func:`next_draws`) over every circle of the row."""
    token_kind(kind)
    k = _row_to_refill(state)
    return sum((p for drawn, p in next_draws(state, k).items() if kind in drawn), Fraction(0))


def refill_shows_formula(bag: Mapping[str, int], circles: int, kind: str = CHILI) -> Any:
    """The same chance by the hypergeometric formula (a sympy Rational): ``circles``
    tokens drawn blind from ``bag`` (bees included: they fill circles too) hold at least
    one ``kind``: ``1 - C(N - K, n) / C(N, n)``."""
    return at_least_one(bag, kind, circles)


# -- Draws from the bag (Setup 4 and 6, Refilling a Shelf Row, the draw effects) --------------

def _draw_outcomes(s: DinerState) -> list[tuple[DrawIngredient, Fraction]]:
    if not s.is_chance_node():
        raise RuleError(f"draws: the next step is not a draw from the bag: {s.waiting_for()}")
    outcomes = s.chance_outcomes()
    if not all(isinstance(a, DrawIngredient) for a, _ in outcomes):
        raise RuleError(f"draws: the next step is not a draw from the bag: {s.waiting_for()}")
    return outcomes


def next_draws(state: DinerState, k: int) -> dict[Multiset, Fraction]:
    """The exact chance of each multiset the next ``k`` ingredients drawn from the bag can
    make, from the engine's own chance outcomes, followed draw by draw.

    ``state`` must be about to draw, and the ``k`` draws must follow one another (one
    supply's set-up draws, the circles of a shelf row being refilled, ...). Draws that
    reach the same multiset are merged (the bag, and so every later chance, is the same
    after them); the engine's state reached first stands for them all."""
    draw_count(k)
    level: dict[Multiset, tuple[Fraction, DinerState]] = {(): (Fraction(1), state)}
    for _ in range(k):
        nxt: dict[Multiset, tuple[Fraction, DinerState]] = {}
        for drawn, (p, s) in level.items():
            for a, q in _draw_outcomes(s):
                key = tuple(sorted((*drawn, a.ingredient)))
                if key in nxt:
                    nxt[key] = (nxt[key][0] + p * q, nxt[key][1])
                else:
                    nxt[key] = (p * q, s.child(a))
        level = nxt
    return {drawn: p for drawn, (p, _) in sorted(level.items())}


def draw_distribution(bag: Mapping[str, int], k: int) -> dict[Multiset, Any]:
    """:func:`hypergeometric` for every multiset of ``k`` ingredients the bag can give,
    as sympy Rationals (the formula side the notebook compares with the engine)."""
    import sympy

    have = supply_counts(bag, "bag")
    draw_count(k, sum(have.values()))
    out = {}
    for drawn in combinations_with_replacement(sorted(have), k):
        if all(drawn.count(kind) <= n for kind, n in have.items()):
            p = hypergeometric(have, drawn)
            out[drawn] = sympy.Rational(p.numerator, p.denominator)
    return out


def at_least_one(bag: Mapping[str, int], kind: str, k: int) -> Any:
    """The chance that ``k`` ingredients drawn from ``bag`` hold at least one ``kind``:
    ``1 - C(N - K, k) / C(N, k)``, by the complement (a sympy Rational)."""
    import sympy

    have = supply_counts(bag, "bag")
    token_kind(kind)
    draw_count(k, sum(have.values()))
    n = sum(have.values())
    return 1 - sympy.binomial(n - have.get(kind, 0), k) / sympy.binomial(n, k)


def all_different(bag: Mapping[str, int], k: int) -> Fraction:
    """The chance that ``k`` ingredients drawn from ``bag`` are all of different kinds:
    the elementary symmetric polynomial ``e_k`` of the counts over ``C(N, k)``."""
    counts = list(supply_counts(bag, "bag").values())
    draw_count(k, sum(counts))
    e = sum(prod(c) for c in combinations(counts, k))
    return Fraction(e, comb(sum(counts), k))


def simulate_draws(state: DinerState, k: int, trials: int, seed: int) -> Counter:
    """Draw the next ``k`` ingredients ``trials`` times from ``state``, sampling the
    engine's chance outcomes with a generator seeded by ``seed``; a Counter of the
    multisets drawn. A check on the exact chances, never a replacement for them."""
    draw_count(k)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 0:
        raise RuleError(f"trials: a whole number of trials, got {quote(trials)}")
    rng = random.Random(seed)
    seen: Counter = Counter()
    for _ in range(trials):
        s = state.clone()
        drawn = []
        for _ in range(k):
            a = sample_outcome(_draw_outcomes(s), rng)
            drawn.append(a.ingredient)
            s.apply(a)
        seen[tuple(sorted(drawn))] += 1
    return seen


__all__ = [
    "INGREDIENTS", "TOKENS", "Completion", "Multiset", "all_different", "at_least_one",
    "canonical_completion", "completions", "draw_distribution", "engine_joker_stacks",
    "hypergeometric", "joker_options", "joker_stacks", "next_draws", "simulate_draws",
    "supply_counts", "tokens", "ways_to_complete", "ingredients_of", "soup_fills", "soup_ways",
    "refill_shows", "refill_shows_formula",
]
