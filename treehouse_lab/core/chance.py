"""Sampling a chance node exactly and reproducibly.

Only drivers (``Match``, bots, the simulator) hold a random generator. A draw uses integer
arithmetic on the outcomes' common denominator, so it is exact, and ``random.Random`` with
an integer or string seed gives the same stream on every machine and Python version that
supports seeding version 2.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import repeat
from math import gcd, lcm
from operator import itemgetter
from typing import Any, Iterable, Mapping, Sequence

from ..errors import RuleError, quote

#: 1/k, one object per k: made once, shared by every uniform node of that size.
_EQUAL: dict[int, Fraction] = {}


class UniformOutcomes(list):
    """A chance node's ``[(outcome, 1/k)]`` where all k outcomes are equally likely, true
    by construction (:meth:`of` pairs each outcome with the one 1/k).

    Why a class: :func:`sample_outcome` then draws with one ``randrange(k)`` instead of
    reading k probabilities to learn that they are equal; a Magical Treehouse draw offers
    up to 96 cards, and that reading was half the cost of a draw. To its holder it is an
    ordinary list, the caller's to change: any change that could make the outcomes
    unequal (everything but reordering) clears ``equal``, and the list is then sampled
    like any other, probabilities read."""

    #: True only while the list is as :meth:`of` made it, up to order (a slot: no
    #: per-list dict; every maker sets it).
    __slots__ = ("equal",)

    @classmethod
    def of(cls, outcomes: Iterable[Any], k: int) -> UniformOutcomes:
        """The ``k`` outcomes ``outcomes``, each with probability 1/k."""
        made = cls(zip(outcomes, repeat(_equal(k))))
        if len(made) != k:
            raise ValueError(f"{len(made)} outcomes given as {k}")
        made.equal = True
        return made

    def copy(self) -> UniformOutcomes:
        """A new list of the same outcomes (``list.copy`` would forget ``equal``)."""
        new = UniformOutcomes(self)
        new.equal = self.equal
        return new


def _equal(k: int) -> Fraction:
    p = _EQUAL.get(k)
    if p is None:
        if k < 1:
            raise ValueError("a chance node with no outcomes")
        p = _EQUAL[k] = Fraction(1, k)
    return p


class UniformDraws:
    """Draws of one item from a pile in which every item is equally likely (a card from
    a deck): ``outcomes(pile)`` is the node's :class:`UniformOutcomes`, ``actions[key]``
    for each key in the pile, in the pile's order.

    Why a table: a game draws from piles of every size many times a game, and pairing
    each action with its 1/k anew costs more than the draw itself; here the pairs are
    made once per pile size (for all keys) and a node only looks them up."""

    def __init__(self, actions: Mapping[Any, Any]) -> None:
        self._actions = dict(actions)
        #: Each action's key by the action's ``id``: how a stage recognises its own draw
        #: (the same object) without the list (``Stage.drawn``), in one C call.
        self.key_by_id: dict[int, Any] = {id(a): key for key, a in self._actions.items()}
        self._pairs: dict[int, dict[Any, tuple[Any, Fraction]]] = {}

    def outcomes(self, pile: Sequence[Any]) -> UniformOutcomes:
        k = len(pile)
        pairs = self._pairs.get(k)
        if pairs is None:
            p = _equal(k)
            pairs = self._pairs[k] = {key: (a, p) for key, a in self._actions.items()}
        if k > 1:
            # One C call for every lookup (a draw from a ~90-card pile: twice as fast as a
            # lookup per card); itemgetter of a single key would give the pair itself.
            made = UniformOutcomes(itemgetter(*pile)(pairs))
        else:
            made = UniformOutcomes(map(pairs.__getitem__, pile))
        made.equal = True
        return made


class CountedOutcomes(list):
    """A draw of one item of counted kinds (a token from a bag): ``[(outcome,
    count/total)]`` for each kind with a count, in kind order, and ``counts``, the count of
    every kind, zeros included (:class:`CountedDraws` makes both).

    Why a class: :func:`sample_outcome` then draws with one ``randrange`` over
    ``total / gcd(counts)``, the very number the general method draws (it is the least
    common denominator of the chances), and walks the counts, without reading a fraction.
    To its holder it is an ordinary list, the caller's to change: any change, reordering
    included (that would part the counts from their outcomes), clears ``counts``, and the
    list is then sampled like any other."""

    #: The counts by kind (the listed outcomes are the kinds with a count), only while the
    #: list is as it was made, else None (a slot, as ``UniformOutcomes.equal``).
    __slots__ = ("counts",)
    counts: tuple[int, ...] | None

    def copy(self) -> CountedOutcomes:
        """A new list of the same outcomes (``list.copy`` would forget ``counts``)."""
        new = CountedOutcomes(self)
        new.counts = self.counts
        return new


class CountedDraws:
    """Draws of one item of counted kinds, each item equally likely (a token from a bag
    that holds ``counts[k]`` of kind ``k``): ``outcomes(counts)`` is the node's
    :class:`CountedOutcomes`, ``actions[k]`` with chance ``counts[k]/total`` for each kind
    with a count, in kind order.

    Why a table: the chances ``c/total`` are made once per total and shared."""

    def __init__(self, actions: Sequence[Any]) -> None:
        self._actions = tuple(actions)
        #: Each action's kind by the action's ``id`` (as ``UniformDraws.key_by_id``).
        self.kind_by_id: dict[int, int] = {id(a): k for k, a in enumerate(self._actions)}
        self._chances: dict[int, tuple[Fraction, ...]] = {}

    def outcomes(self, counts: Sequence[int]) -> CountedOutcomes:
        total = sum(counts)
        chances = self._chances.get(total)
        if chances is None:
            if total < 1:
                empty = CountedOutcomes()
                empty.counts = None
                return empty
            chances = self._chances[total] = tuple(Fraction(c, total)
                                                   for c in range(total + 1))
        made = CountedOutcomes([(a, chances[c]) for a, c in zip(self._actions, counts) if c])
        made.counts = counts if counts.__class__ is tuple else tuple(counts)
        return made


def _clears(cls: type, name: str, mark: str, cleared: Any) -> None:
    """``cls.name``, the list's method, which first sets ``mark`` to ``cleared``."""
    method = getattr(list, name)

    def changed(self: list, *args: Any, **kwargs: Any) -> Any:
        setattr(self, mark, cleared)
        return method(self, *args, **kwargs)

    changed.__name__ = name
    changed.__doc__ = method.__doc__
    setattr(cls, name, changed)


#: The outcome lists that carry what they are made of (a copy keeps it).
MARKED = (UniformOutcomes, CountedOutcomes)

_CHANGES = ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend",
            "insert", "pop", "remove", "clear")
for _name in _CHANGES:
    _clears(UniformOutcomes, _name, "equal", False)
for _name in (*_CHANGES, "sort", "reverse"):
    _clears(CountedOutcomes, _name, "counts", None)


def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    if outcomes.__class__ is UniformOutcomes and outcomes.equal:  # type: ignore[attr-defined]
        # The same draw as the uniform case below, with nothing read first.
        return outcomes[rng.randrange(len(outcomes))][0]
    if outcomes.__class__ is CountedOutcomes and outcomes.counts:  # type: ignore[attr-defined]
        # The general method's draw (its denominator is total / gcd), read off the counts:
        # the ticket's multiple of the gcd against the running counts of the listed kinds.
        counts = outcomes.counts  # type: ignore[attr-defined]
        g = gcd(*counts)
        if g:
            ticket = rng.randrange(sum(counts) // g) * g
            running = listed = 0
            for c in counts:
                if c:
                    running += c
                    if ticket < running:
                        return outcomes[listed][0]
                    listed += 1
    if not outcomes:
        raise ValueError("a chance node with no outcomes")
    k = len(outcomes)
    first = outcomes[0][1]
    if first.numerator == 1 and first.denominator == k and all(
        o[1] is first for o in outcomes
    ):
        # Uniform outcomes sharing one probability object (engines make them so): the
        # general method below would draw randrange(k) and pick that index, so this is
        # the same draw without the arithmetic.
        return outcomes[rng.randrange(k)][0]
    denominator = lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(denominator)
    running = 0
    for outcome, p in outcomes:
        running += p.numerator * (denominator // p.denominator)
        if ticket < running:
            return outcome
    raise ValueError("chance outcomes do not sum to 1")


#: Seeds are whole numbers strictly between -2**63 and 2**63, so every driver's seed fits
#: in a 64-bit field of another tool.
SEED_LIMIT = 2**63


def check_seed(seed: Any) -> int:
    """``seed``, if it is a whole number that ``Match`` and ``simulate`` accept; else
    :class:`~treehouse_lab.RuleError` saying what is allowed."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT < seed < SEED_LIMIT:
        raise RuleError(f"seed must be a whole number between -2**63 and 2**63, got {quote(seed)}")
    return seed


def step_rng(seed: int | str, step: int, purpose: str) -> random.Random:
    """A generator for one decision of a match, a pure function of (seed, step, purpose).

    Keying on the step rather than sharing one stream makes undo/redo, goto and replays
    reproduce the same draws whatever was explored in between.
    """
    return random.Random(f"{seed}/{step}/{purpose}")
