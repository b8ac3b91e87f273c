"""A bag of tokens, drawn blind: the one mechanism behind a shuffled deck and a cloth bag.

A face-down shuffled deck drawn from the top is, to every player, the same as drawing
uniformly from the cards left, so the engines never store a deck *order*: they store what
is left and make each draw a chance node. That keeps probabilities exact (count/total) and
means no observation can leak an order that does not exist.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Hashable, Iterable, Iterator


class Bag:
    """A multiset of token kinds with exact draw probabilities.

    A deck of distinct cards is a bag in which every kind has count 1.
    """

    __slots__ = ("_counts", "_total")

    def __init__(self, tokens: Iterable[Hashable] = ()) -> None:
        self._counts: dict = {}
        self._total = 0
        for token in tokens:
            self.add(token)

    @classmethod
    def from_counts(cls, counts: dict) -> Bag:
        bag = cls()
        for kind, n in counts.items():
            bag.add(kind, n)
        return bag

    def copy(self) -> Bag:
        new = Bag.__new__(Bag)
        new._counts = dict(self._counts)
        new._total = self._total
        return new

    def __len__(self) -> int:
        return self._total

    def __contains__(self, kind: object) -> bool:
        return self._counts.get(kind, 0) > 0

    def __iter__(self) -> Iterator:
        """Every token, kinds in sorted order (never a physical order: there is none)."""
        for kind in self.kinds():
            for _ in range(self._counts[kind]):
                yield kind

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and self._counts == other._counts

    def __repr__(self) -> str:
        return f"Bag({dict(sorted(self._counts.items()))})"

    def count(self, kind: Hashable) -> int:
        return self._counts.get(kind, 0)

    def kinds(self) -> list:
        return sorted(k for k, n in self._counts.items() if n)

    def counts(self) -> dict:
        return {k: self._counts[k] for k in self.kinds()}

    def add(self, kind: Hashable, n: int = 1) -> None:
        if n < 0:
            raise ValueError("cannot add a negative number of tokens")
        if n:
            self._counts[kind] = self._counts.get(kind, 0) + n
            self._total += n

    def remove(self, kind: Hashable, n: int = 1) -> None:
        if n < 0:
            raise ValueError("cannot remove a negative number of tokens")
        if not n:
            return
        have = self._counts.get(kind, 0)
        if n > have:
            raise ValueError(f"the bag holds {have} of {kind!r}, cannot remove {n}")
        if have == n:
            del self._counts[kind]
        else:
            self._counts[kind] = have - n
        self._total -= n

    def draw_outcomes(self) -> list[tuple[Hashable, Fraction]]:
        """Each kind with its exact chance of being drawn next (count/total); sums to 1."""
        total = self._total
        if not total:
            return []
        return [(k, Fraction(self._counts[k], total)) for k in self.kinds()]
