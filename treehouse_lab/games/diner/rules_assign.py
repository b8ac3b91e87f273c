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


class PlacingPlan:
    """:func:`most_placed`'s search, set up once for one supply and kitchen, so that
    Phase 2's move list can ask of every ingredient on every letter without a kind whether
    placing it there keeps the most (D35) without recounting the kitchen each time.

    Why one forced search answers that: a ``k`` on a free plate of letter L gives the
    letter kind ``k`` and spends one ``k``. For any choice of kinds for the other empty
    letters, ``min(supply_k - 1, need_k - 1) = min(supply_k, need_k) - 1`` (the plate was
    counted in ``need_k`` and a ``k`` is in the supply), so the most placed afterwards is
    one less than the best count among the choices that give L the kind ``k``. The
    placement keeps the most exactly when that best equals :attr:`best`."""

    __slots__ = ("supply", "need", "letters", "where", "have", "flat", "best", "optimal")

    def __init__(self, supply: Sequence[int], orders: Orders, plate0: int,
                 kinds: Sequence[int]) -> None:
        need = [0] * len(supply)
        #: Per order with letters still to choose: (free plates of each, kinds taken).
        letters: list[tuple[tuple[int, ...], frozenset[int]]] = []
        #: (order's position, letter symbol) -> (index in ``letters``, letter's index,
        #: index in ``flat``).
        where: dict[tuple[int, int], tuple[int, int, int]] = {}
        for pos, (syms, covers) in enumerate(orders):
            # One pass over the order: its free ingredient symbols, and its letters, if it
            # has any, as {letter: [free plates, kind or None]} (the kind as letter_kind
            # reads it).
            found: dict[int, list] | None = None
            for s, c in zip(syms, covers):
                if s < plate0:
                    if not c:
                        need[s] += 1
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
                continue
            taken = frozenset(v[1] for v in found.values() if v[1] is not None)
            empty: list[int] = []
            for sym, (free, kind) in found.items():
                if free and kind is not None:
                    need[kind] += free
                elif free:
                    where[(pos, sym)] = (len(letters), len(empty), len(where))
                    empty.append(free)
            if empty:
                letters.append((tuple(empty), taken))
        self.supply, self.need, self.letters, self.where = supply, need, letters, where
        #: The kinds in the supply, the most plentiful tried first (the order changes
        #: only how soon the search meets its goal, never the most it finds).
        self.have = sorted((k for k in kinds if supply[k]), key=lambda k: -supply[k])
        #: The empty letters one after another: (order's index in ``letters``, letter's
        #: index, free plates, kinds its order's letters hold, free plates from here on).
        flat: list[tuple[int, int, int, frozenset[int], int]] = []
        left = sum(f for e, _ in letters for f in e)
        for soup, (frees, taken) in enumerate(letters):
            for letter, free in enumerate(frees):
                flat.append((soup, letter, free, taken, left))
                left -= free
        self.flat = flat
        #: The kinds (None: nothing) of one choice for the letters of ``flat`` that places
        #: :attr:`best`, found by the search (None until it finds one).
        self.optimal: tuple[int | None, ...] | None = None
        ceiling = min(sum(supply[k] for k in kinds),
                      sum(need) + sum(f for e, _ in letters for f in e))
        self.best = self._search(None, ceiling)

    def keeps(self, pos: int, plate: int, k: int) -> bool:
        """Whether a ``k`` on a free plate of letter ``plate`` (a letter with no kind yet)
        of the order at position ``pos`` (among the kitchen's orders) keeps the most."""
        soup, letter, i = self.where[(pos, plate)]
        if self._reaches(i, k):
            return True
        return self._search((soup, letter, k), self.best) >= self.best

    def _reaches(self, i: int, k: int) -> bool:
        """Whether the best choice found, changed to give letter ``i`` of ``flat`` the
        kind ``k`` (the letter of its order that had ``k`` taking this one's old kind),
        still places :attr:`best`: then ``k`` there keeps the most without a search. Most
        placements that keep the most are found so; a False here proves nothing."""
        optimal = self.optimal
        if optimal is None:
            return False
        if optimal[i] == k:
            return True
        flat = self.flat
        soup, _, _, taken, _ = flat[i]
        if k in taken:
            return False
        choice = list(optimal)
        for j, e in enumerate(flat):
            if e[0] == soup and choice[j] == k:
                choice[j] = optimal[i]   # a swap keeps the order's letters different
        choice[i] = k
        need = list(self.need)
        for e, kind in zip(flat, choice):
            if kind is not None:
                need[kind] += e[2]
        supply = self.supply
        return sum(min(supply[c], need[c]) for c in self.have) >= self.best

    def _search(self, force: tuple[int, int, int] | None, goal: int) -> int:
        """The best count over the choices of kinds for the empty letters, stopping once
        ``goal`` is met; -1 if no choice is allowed. With ``force`` (one letter's kind
        fixed) only whether the count reaches ``goal`` is asked, so branches that cannot
        reach it are not tried, and any count below ``goal`` comes back as ``goal - 1``.

        Branch and bound over the letters, one after another: the count is kept as it
        grows (a ``k`` on a letter of ``f`` free plates adds ``min(s_k, need_k + f) -
        min(s_k, need_k)``, at most ``f``), and a branch stops once even every plate left
        filled could not beat the best found so far."""
        supply, have, flat = self.supply, self.have, self.flat
        need = list(self.need)
        n = len(flat)
        fixed, fixed_kind = (None, -1) if force is None else ((force[0], force[1]), force[2])
        if n == 1:
            return self._one_letter(need, fixed, fixed_kind)
        record = force is None
        # Forced, a count below the goal is as good as none: start the bound just below it.
        best = -1 if record else goal - 1
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
            soup, letter, free, taken, rest = flat[i]
            if total + rest <= best:
                return False     # every plate left filled would not beat the best
            if not letter:
                used = ()        # a new order: its letters differ only among themselves
            forced = fixed is not None and fixed == (soup, letter)
            for k in (fixed_kind,) if forced else have:
                if k in taken or k in used:
                    continue
                nk, sk = need[k], supply[k]
                need[k] = nk + free
                chosen[i] = k
                done = search(i + 1, total + min(sk, nk + free) - min(sk, nk), (*used, k))
                chosen[i] = None
                need[k] = nk
                if done:
                    return True
            if not forced:
                return search(i + 1, total, used)    # the letter gets nothing now
            return False

        search(0, sum(min(supply[k], need[k]) for k in have), ())
        return best

    def _one_letter(self, need: list[int], fixed: tuple[int, int] | None,
                    fixed_kind: int) -> int:
        """:meth:`_search` when the kitchen has a single empty letter (about half of the
        kitchens that need the count): the best of "nothing" and each kind its order
        allows, each adding ``min(s_k, need_k + f) - min(s_k, need_k)``, counted directly.
        The search finds the same most, since its goal is a true ceiling (it only stops
        early at the most there is); forced to a kind, that kind's count, -1 if the
        order's other letters hold it."""
        supply = self.supply
        soup, letter, free, taken, _ = self.flat[0]
        base = sum(min(supply[k], need[k]) for k in self.have)
        forced = fixed is not None and fixed == (soup, letter)
        best = -1 if forced else base
        for k in (fixed_kind,) if forced else self.have:
            if k in taken:
                continue
            nk, sk = need[k], supply[k]
            total = base + min(sk, nk + free) - min(sk, nk)
            if total > best:
                best = total
        return best
