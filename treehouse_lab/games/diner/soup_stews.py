"""Treehouse Diner counting: the Soup Stews (Secret Ingredient, Soup Stew Orders), how many
ways a supply fills an order's plates; importable from ``counting`` too."""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any, Mapping, Sequence

from ...errors import RuleError, quote
from .rules import PLATES, Order
from .supplies import ingredients_of

# -- Soup Stews (Secret Ingredient, Soup Stew Orders) -----------------------------------------
#
# A way to fill a soup stew is an ingredient kind for each plate letter: identical plates
# take identical ingredients (one kind per letter, as many of it as the letter has plates),
# different plates different ones (different letters, different kinds). Bees never go on a
# plate.

def _plates(plates: Sequence[str] | str | Order) -> dict[str, int]:
    """Plate letter -> how many plates of it (``["plate_a", "plate_a", "plate_b"]``, an
    order with plates, or the short form ``"AAB"``)."""
    if isinstance(plates, Order):
        plates = [s for s in plates.ingredients if s in PLATES]
    if isinstance(plates, str):
        plates = [f"plate_{c.lower()}" for c in plates]
    if not isinstance(plates, (list, tuple)) or not plates:
        raise RuleError(f"plates: a non-empty list of plate symbols like ['plate_a', "
                        f"'plate_a', 'plate_b'] or a string like 'AAB', got {quote(plates)}")
    for p in plates:
        if p not in PLATES:
            raise RuleError(f"plates: {quote(p, 30)} is not a plate; plates are "
                            f"{', '.join(PLATES)}")
    return dict(Counter(plates))


def soup_fills(plates: Sequence[str] | str | Order, supply: Mapping[str, int]
               ) -> list[dict[str, str]]:
    """Every way to fill the plates from ``supply``, by enumeration: each assignment of
    different ingredient kinds to the plate letters, kept when the supply holds enough of
    each kind for its letter's plates. A list of ``{plate: kind}``."""
    letters = _plates(plates)
    have = ingredients_of(supply)
    names = sorted(letters)
    out = []
    for kinds in permutations(sorted(have), len(names)):
        if all(have[k] >= letters[p] for p, k in zip(names, kinds)):
            out.append(dict(zip(names, kinds)))
    return out


def soup_ways(plates: Sequence[str] | str | Order, supply: Mapping[str, int]) -> Any:
    """How many ways :func:`soup_fills` finds, by a formula (a sympy Integer).

    Take the letters by decreasing number of plates. With ``N(m)`` the number of kinds the
    supply holds at least ``m`` of, the ``g`` letters of ``m`` plates choose different kinds
    among the ``N(m)``, less the ``u`` kinds already taken by letters with more plates
    (each of those kinds has at least ``m`` too): the falling factorial
    ``(N(m) - u)_g``. The ways are the product over the sizes ``m``."""
    import sympy

    letters = _plates(plates)
    have = ingredients_of(supply)
    sizes = Counter(letters.values())
    ways = sympy.Integer(1)
    used = 0
    for m in sorted(sizes, reverse=True):
        n_m = sum(1 for c in have.values() if c >= m)
        ways *= sympy.ff(max(n_m - used, 0), sizes[m])
        used += sizes[m]
    return sympy.Integer(ways)
