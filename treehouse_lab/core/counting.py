"""Exact counting shared by the games: drawing blind, without replacement.

Why here: three games wrote their own hypergeometric law (the Diner's bag of ingredients,
Backyard's "any purple in my next draws?", Magical Treehouse's opening hands), each with
its own signature, number type and checks. A draw from a bag, a deck or a pool of undealt
cards is the same law, so it is written once: :func:`hypergeometric` for the chance of
one exact handful, in ``Fraction`` s, and :func:`hypergeometric_at_least` for the tail a
notebook asks first ("at least one"). The games' ``counting`` modules import both names,
so their callers and notebooks are unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction
from math import comb, prod

from ..errors import RuleError, quote


def _count(value: object, field: str) -> int:
    if value.__class__ is not int or value < 0:  # a bool is not a count
        raise RuleError(f"{field}: a whole number 0 or more, got {quote(value)}")
    return value


def hypergeometric(counts: Mapping[Hashable, int],
                   drawn: Mapping[Hashable, int] | Iterable[Hashable]) -> Fraction:
    """The exact chance that ``n`` items drawn blind, without replacement, from a bag
    holding ``counts[kind]`` of each kind are exactly the multiset ``drawn`` (``n`` is its
    size): the multivariate hypergeometric law ``prod_i C(K_i, a_i) / C(N, n)``.

    ``drawn`` is a mapping kind -> how many, or the items themselves (a list or tuple of
    kinds); kinds of the bag it leaves out are drawn 0 times. With two kinds it is the
    usual law: ``hypergeometric({"spell": 12, "other": 84}, {"spell": 2, "other": 6})``
    is the chance of exactly 2 spells in a hand of 8 from 96 cards.

    A kind the bag does not count, a negative count or more items than the bag holds is
    a :class:`RuleError` (a misspelt kind would otherwise read as "impossible")."""
    if not isinstance(counts, Mapping):
        raise RuleError(f"counts: a mapping kind -> how many, got {quote(counts)}")
    have = {kind: _count(n, f"counts[{kind!r}]") for kind, n in counts.items()}
    if isinstance(drawn, Mapping):
        want = {kind: _count(n, f"drawn[{kind!r}]") for kind, n in drawn.items()}
    elif isinstance(drawn, (str, bytes)) or not isinstance(drawn, Iterable):
        raise RuleError("drawn: the items drawn (a list of kinds) or a mapping kind -> "
                        f"how many, got {quote(drawn)}")
    else:
        want = dict(Counter(drawn))
    unknown = [kind for kind in want if kind not in have]
    if unknown:
        raise RuleError(f"drawn: {quote(unknown[0])} is not one of the kinds counted "
                        f"({', '.join(map(str, have)) or 'none'})")
    total, n = sum(have.values()), sum(want.values())
    if n > total:
        raise RuleError(f"drawn: {n} items drawn, but the bag holds only {total}")
    ways = prod(comb(have[kind], a) for kind, a in want.items())
    return Fraction(ways, comb(total, n))


def hypergeometric_at_least(good: int, total: int, draws: int, k: int = 1) -> Fraction:
    """The chance of at least ``k`` good items among ``draws`` drawn blind from ``total``
    items of which ``good`` are good: :func:`hypergeometric` summed over ``k`` and more
    (``k <= 0`` is certain)."""
    good, total, draws = (_count(v, f) for v, f in ((good, "good"), (total, "total"),
                                                     (draws, "draws")))
    if k.__class__ is not int:
        raise RuleError(f"k: a whole number, got {quote(k)}")
    if good > total or draws > total:
        raise RuleError(f"need good <= total and draws <= total, got good={quote(good)}, "
                        f"total={quote(total)}, draws={quote(draws)}")
    bag = {"good": good, "other": total - good}
    return sum((hypergeometric(bag, {"good": i, "other": draws - i})
                for i in range(max(k, 0), min(good, draws) + 1)
                if draws - i <= total - good), Fraction(0))


__all__ = ["hypergeometric", "hypergeometric_at_least"]
