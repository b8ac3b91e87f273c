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


def plate_letters(symbols: Sequence[int], covers: Sequence[tuple[int, ...]], plate0: int
                  ) -> dict[int, list]:
    """``{plate symbol: [free plates, kind or None]}`` for one order: a letter's kind is
    the ingredient lying alone on one of its plates (a joker stack names none: it stands
    for the kind its letter already holds, D29)."""
    letters: dict[int, list] = {}
    for s, c in zip(symbols, covers):
        if s < plate0:
            continue
        slot = letters.setdefault(s, [0, None])
        if not c:
            slot[0] += 1
        elif len(c) == 1:
            slot[1] = c[0]
    return letters


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
    need = [0] * len(supply)
    open_letters: list[tuple[tuple[int, ...], frozenset[int]]] = []
    for syms, covers in orders:
        for s, c in zip(syms, covers):
            if s < plate0 and not c:
                need[s] += 1
        letters = plate_letters(syms, covers, plate0)
        taken = frozenset(v[1] for v in letters.values() if v[1] is not None)
        empty = []
        for free, kind in letters.values():
            if free and kind is not None:
                need[kind] += free
            elif free:
                empty.append(free)
        if empty:
            open_letters.append((tuple(empty), taken))
    have = [k for k in kinds if supply[k]]
    ceiling = min(sum(supply[k] for k in kinds),
                  sum(need) + sum(f for e, _ in open_letters for f in e))
    best = 0

    def search(soup: int, letter: int, used: frozenset[int]) -> bool:
        """Try every kind for the remaining empty letters; True once ``ceiling`` is met."""
        nonlocal best
        if soup == len(open_letters):
            best = max(best, sum(min(supply[k], need[k]) for k in have))
            return best >= ceiling
        frees, taken = open_letters[soup]
        if letter == len(frees):
            return search(soup + 1, 0, frozenset())
        for k in sorted(have, key=lambda k: -supply[k]):
            if k in taken or k in used:
                continue
            need[k] += frees[letter]
            done = search(soup, letter + 1, used | {k})
            need[k] -= frees[letter]
            if done:
                return True
        return search(soup, letter + 1, used)    # the letter gets nothing now

    search(0, 0, frozenset())
    return best
