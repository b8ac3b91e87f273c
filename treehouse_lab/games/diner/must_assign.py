"""Treehouse Diner: how many ingredients a supply can still assign (the must-assign rule
with Soup Stews), a pure function of plain values like those of ``rules.py``.

Why it is needed: "All your ingredients that can be assigned to orders must be assigned"
(2. Assign Ingredients) and, for Soup Stews, "All ingredients must be placed on plate
symbols if they may lie there. Holding back ingredients is ... not allowed" (Secret
Ingredient). On ingredient symbols every placement keeps the most possible (each kind is
its own count). A plate letter without an ingredient yet takes any kind, so the *order* of
placing can decide how many fit: with Acorn, Acorn and Radish for a Twin Soup Stew (plates
A, A), a Radish first leaves both Acorns unplaceable. Ruling D35 asks for the most
ingredients placed; this module counts it.

A kitchen's orders are given as ``(symbols, covers)`` pairs (symbol indices; covers as in
``rules.py``, a plate's cover of one ingredient naming its letter's kind, a joker stack on
a plate standing for its letter's kind, D29).
"""

from __future__ import annotations

from typing import Iterable, Sequence

Orders = Iterable[tuple[Sequence[int], Sequence[tuple[int, ...]]]]


def letter_kind(symbols: Sequence[int], covers: Sequence[tuple[int, ...]], plate0: int,
                plate: int) -> int | None:
    """The kind letter ``plate`` of one order holds: the ingredient lying alone on one of
    its plates (None when none does; a joker stack names none: it stands for the kind its
    letter already holds, D29)."""
    kind = None
    for s, c in zip(symbols, covers):
        if s == plate and len(c) == 1:
            kind = c[0]
    return kind


def letter_holds(symbols: Sequence[int], covers: Sequence[tuple[int, ...]], plate0: int,
                 plate: int) -> tuple[set[int], set[int]]:
    """The kinds lying alone on the plates of letter ``plate`` of one order, and on its
    other letters. A ``k`` may go on a plate of the letter exactly when every kind on the
    letter is ``k`` and no other letter holds ``k``: "Identical plates of one order must
    be filled with identical ingredients. Different plates need different ingredients."
    (Secret Ingredient; one pass where asking each kind would read the order each time.)"""
    mine: set[int] = set()
    others: set[int] = set()
    for s, c in zip(symbols, covers):
        if s >= plate0 and len(c) == 1:
            (mine if s == plate else others).add(c[0])
    return mine, others


def has_free_plate(orders: Orders, plate0: int) -> bool:
    return any(s >= plate0 and not c for syms, covers in orders for s, c in zip(syms, covers))


def most_placed(supply: Sequence[int], orders: Orders, plate0: int,
                kinds: Sequence[int]) -> int:
    """The most ingredients of ``supply`` that can still be placed on the uncovered
    symbols and plates of ``orders`` (``kinds``: the ingredient kinds, bees excluded).

    An ingredient symbol of kind k and a plate whose letter holds k both take a k; a
    letter without a kind takes one kind, different from its order's other letters. For
    each choice of kinds for the empty letters the count is ``sum_k min(supply_k,
    demand_k)``; the most over the choices (few: a letter has at most seven kinds to
    choose from, and a kitchen rarely more than one Soup Stew)."""
    return PlacingPlan(supply, orders, plate0, kinds).best


#: One order's part of the D35 count (:func:`order_demand`).
Demand = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], frozenset]


def order_demand(symbols: Sequence[int], covers: Sequence[tuple[int, ...]],
                 plate0: int) -> Demand:
    """What one order asks of a supply, in the terms :class:`PlacingPlan` counts in: the
    demand that no choice changes, as (kind, count) pairs (its free ingredient symbols, and
    the free plates of its letters that hold a kind: "Identical plates of one order must be
    filled with identical ingredients"); its letters with no kind yet and free plates, as
    (letter, free plates) in the order they first appear; and the kinds its letters hold
    ("Different plates need different ingredients"). A letter's kind is read as
    :func:`letter_kind` reads it."""
    need: dict[int, int] = {}
    # {letter: [free plates, kind or None]}, once the order shows a letter.
    found: dict[int, list] | None = None
    for s, c in zip(symbols, covers):
        if s < plate0:
            if not c:
                need[s] = need.get(s, 0) + 1
            continue
        if found is None:
            found = {}
        slot = found.get(s)
        if slot is None:
            slot = found[s] = [0, None]
        if not c:
            slot[0] += 1
        elif len(c) == 1:
            slot[1] = c[0]
    if found is None:
        return tuple(need.items()), (), frozenset()
    letters = []
    for sym, (free, kind) in found.items():
        if kind is not None:
            if free:
                need[kind] = need.get(kind, 0) + free
        elif free:
            letters.append((sym, free))
    return (tuple(need.items()), tuple(letters),
            frozenset(v[1] for v in found.values() if v[1] is not None))


class PlacingPlan:
    """:func:`most_placed`'s search, set up once for one supply and kitchen, so that
    Phase 2's move list can ask which ingredients keep the most on each letter without a
    kind (D35) without recounting the kitchen each time.

    The count splits in two. With ``need_k`` the demand for k that does not depend on the
    choice (free k symbols, free plates of letters holding k) and ``P_k`` the free plates
    of the empty letters given kind k, ``min(s_k, need_k + P_k) = min(s_k, need_k) +
    min(spare_k, P_k)``, where ``spare_k = max(0, s_k - need_k)``. So the most placed is
    a fixed ``base`` plus the most *gain* ``sum_k min(spare_k, P_k)`` over the choices,
    and only kinds with something spare can add: a letter given any other kind gains
    exactly what it gains given nothing. The search therefore tries only the spare kinds
    (often one or two of the seven), and every other kind on a letter keeps the most
    exactly when leaving that letter without a kind does.

    Why one forced search answers a placement: a ``k`` on a free plate of letter L gives
    the letter kind ``k`` and spends one ``k``; for any choice of kinds for the other
    empty letters the count afterwards is one less than the count of that choice with L
    given ``k`` (``min(s_k - 1, n_k - 1) = min(s_k, n_k) - 1``). The placement keeps the
    most exactly when the best gain among the choices giving L the kind ``k`` is the
    best gain."""

    __slots__ = ("kinds", "supply", "spare", "flat", "where", "base", "gain", "best",
                 "optimal", "_plates")

    def __init__(self, supply: Sequence[int], orders: Orders, plate0: int,
                 kinds: Sequence[int]) -> None:
        self._build(supply, [order_demand(syms, covers, plate0) for syms, covers in orders],
                    kinds)

    @classmethod
    def of_demands(cls, supply: Sequence[int], demands: Sequence[Demand],
                   kinds: Sequence[int]) -> PlacingPlan:
        """The plan of a kitchen whose orders' demands (:func:`order_demand`, one per order
        in kitchen order) are at hand: Phase 2's move list keeps them per order, since an
        order the last placement did not touch has the same demand as before."""
        plan = cls.__new__(cls)
        plan._build(supply, demands, kinds)
        return plan

    def _build(self, supply: Sequence[int], demands: Sequence[Demand],
               kinds: Sequence[int]) -> None:
        need = [0] * len(supply)
        #: The empty letters one after another: (first and end index in ``flat`` of its
        #: order's empty letters, free plates, kinds its order's letters hold, free
        #: plates from here on (filled in below)).
        flat: list[list] = []
        #: (order's position, letter symbol) -> index in ``flat``.
        where: dict[tuple[int, int], int] = {}
        for pos, (needs, letters, taken) in enumerate(demands):
            for k, n in needs:
                need[k] += n
            if letters:
                first = len(flat)
                end = first + len(letters)
                for sym, free in letters:
                    where[(pos, sym)] = len(flat)
                    flat.append([first, end, free, taken, 0])
        left = 0
        for e in reversed(flat):
            left += e[2]
            e[4] = left
        base = 0
        spare = [0] * len(supply)
        for k in kinds:
            s, n = supply[k], need[k]
            if s > n:
                base += n
                spare[k] = s - n
            else:
                base += s
        self.kinds, self.supply, self.spare, self.base = kinds, supply, spare, base
        self.flat = [tuple(e) for e in flat]
        self.where = where
        #: The kinds (None: nothing) of one choice for the letters of ``flat`` with the
        #: best gain, found by the search (None with a single empty letter: counted
        #: directly); the plates it gives each kind, made when first asked for.
        self.optimal: tuple[int | None, ...] | None = None
        self._plates: list[int] | None = None
        self.gain = self._search(-1, -1, min(sum(spare), left))
        self.best = base + self.gain

    def keepers(self, pos: int, plate: int) -> list[int]:
        """The kinds of ``kinds``, in that order, that keep the most on a free plate of
        letter ``plate`` (a letter with no kind yet) of the order at position ``pos``
        (among the kitchen's orders): those in the supply, not held by the order's other
        letters, with which the best gain can still be reached."""
        i = self.where[(pos, plate)]
        taken = self.flat[i][3]
        supply, spare = self.supply, self.spare
        out = []
        nothing: bool | None = None   # whether leaving the letter without a kind keeps
        for k in self.kinds:
            if not supply[k] or k in taken:
                continue
            if spare[k]:
                if self._kind_keeps(i, k):
                    out.append(k)
                continue
            if nothing is None:
                nothing = self._kind_keeps(i, -1)
            if nothing:
                out.append(k)
        return out

    def keeps(self, pos: int, plate: int, k: int) -> bool:
        """Whether a ``k`` on a free plate of letter ``plate`` (a letter with no kind yet)
        of the order at position ``pos`` (among the kitchen's orders) keeps the most."""
        i = self.where[(pos, plate)]
        if k in self.flat[i][3]:
            return False    # another letter of the order holds k
        return self._kind_keeps(i, k if self.spare[k] else -1)

    def _kind_keeps(self, i: int, k: int) -> bool:
        """Whether letter ``i`` of ``flat`` given the spare kind ``k`` (-1: no kind, for
        a kind with nothing spare), not held by its order's other letters, keeps the best
        gain."""
        gain = self.gain
        if len(self.flat) == 1:
            return (min(self.flat[0][2], self.spare[k]) if k >= 0 else 0) == gain
        if self._reaches(i, k):
            return True
        return self._search(i, k, gain) >= gain

    def _reaches(self, i: int, k: int) -> bool:
        """Whether the best choice found, changed to give letter ``i`` of ``flat`` the
        kind ``k`` (-1: none; the letter of its order that had ``k`` taking this one's
        old kind), still has the best gain: then ``k`` there keeps the most without a
        search. Most placements that keep the most are found so; a False here proves
        nothing. Only the two kinds that change plates change the gain."""
        optimal = self.optimal
        a = optimal[i]  # type: ignore[index]
        if a == k or (k < 0 and a is None):
            return True
        plates = self._plates
        if plates is None:
            plates = self._plates = [0] * len(self.spare)
            for e, kind in zip(self.flat, optimal):  # type: ignore[arg-type]
                if kind is not None:
                    plates[kind] += e[2]
        flat, spare = self.flat, self.spare
        first, end, free, _, _ = flat[i]
        moved = 0     # plates of the order's letter that had k, which takes a instead
        if k >= 0:
            for j in range(first, end):
                if optimal[j] == k:  # type: ignore[index]
                    moved = flat[j][2]
                    break
        change = 0
        if a is not None:
            pa, ra = plates[a], spare[a]
            change += min(ra, pa - free + moved) - min(ra, pa)
        if k >= 0:
            pk, rk = plates[k], spare[k]
            change += min(rk, pk + free - moved) - min(rk, pk)
        return change >= 0

    def _search(self, fixed: int, fixed_kind: int, goal: int) -> int:
        """The best gain over the choices of kinds for the empty letters, stopping once
        ``goal`` is met. With ``fixed`` (an index in ``flat``, -1: none) that letter gets
        ``fixed_kind`` (-1: none) and only whether the gain reaches ``goal`` is asked, so
        branches that cannot reach it are not tried, and any gain below ``goal`` comes
        back as ``goal - 1``.

        Branch and bound over the letters, one after another: the gain is kept as it grows
        (a ``k`` on a letter of ``f`` free plates adds ``min(spare_k, P_k + f) -
        min(spare_k, P_k)``, at most ``f``), and a branch stops once even every plate left
        filled could not beat the best found so far. A kind whose spare is already used up
        adds nothing, and "no kind" does as well with fewer constraints, so it is not
        tried (except where forced)."""
        flat, spare = self.flat, self.spare
        n = len(flat)
        if n == 1 and fixed < 0:
            free, taken = flat[0][2], flat[0][3]
            return max((min(free, spare[k]) for k in self.kinds
                        if spare[k] and k not in taken), default=0)
        record = fixed < 0
        # Forced, a gain below the goal is as good as none: start the bound just below it.
        best = -1 if record else goal - 1
        kinds = sorted((k for k in self.kinds if spare[k]), key=spare.__getitem__,
                       reverse=True)
        plates = [0] * len(spare)
        chosen: list[int | None] = [None] * n

        def search(i: int, total: int, used: tuple[int, ...]) -> bool:
            """Try every kind for letters ``i`` on; True once ``goal`` is met."""
            nonlocal best
            if i == n:
                if total > best:
                    best = total
                    if record:
                        self.optimal = tuple(chosen)
                return best >= goal
            first, _, free, taken, rest = flat[i]
            if total + rest <= best:
                return False     # every plate left filled would not beat the best
            if i == first:
                used = ()        # a new order: its letters differ only among themselves
            forced = i == fixed
            for k in ((fixed_kind,) if fixed_kind >= 0 else ()) if forced else kinds:
                if k in taken or k in used:
                    continue
                pk, rk = plates[k], spare[k]
                if pk >= rk and not forced:
                    continue     # nothing spare left: no kind does as well
                plates[k] = pk + free
                chosen[i] = k
                done = search(i + 1, total + min(rk, pk + free) - min(rk, pk), (*used, k))
                chosen[i] = None
                plates[k] = pk
                if done:
                    return True
            if not forced or fixed_kind < 0:
                return search(i + 1, total, used)    # the letter gets nothing now
            return False

        search(0, 0, ())
        return best
