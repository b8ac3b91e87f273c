"""Sampling a chance node exactly and reproducibly.

Only drivers (``Match``, bots, the simulator) hold a random generator. A draw uses integer
arithmetic on the outcomes' common denominator, so it is exact, and ``random.Random`` with
an integer or string seed gives the same stream on every machine and Python version that
supports seeding version 2.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
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

    #: True only while the list is as :meth:`of` made it, up to order.
    equal = False

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


@cache
def weight_fractions(total: int) -> tuple[Fraction, ...]:
    """w/total for w = 0..total, made once per total: a weighted node's chances without a
    gcd each."""
    return tuple(Fraction(w, total) for w in range(total + 1))


class WeightedOutcomes(list):
    """A chance node's ``[(outcome, w/total)]`` from whole-number weights (a token from a
    bag: each kind has as many chances as it has tokens), made by :meth:`of`, which
    leaves out the outcomes of weight 0.

    Why a class: :func:`sample_outcome` then draws with the weights, ``randrange`` of
    their sum, instead of reading every probability's denominator to find their common
    multiple; that reading was half the cost of a Diner bag draw. The draw is the same as
    the general one (see :func:`sample_outcome`), so a seed plays the same game whether
    the list is sampled as weighted or as plain. To its holder it is an ordinary list, the
    caller's to change: any change, reordering included (the weights follow the list's
    order), clears ``intact``, and the list is then sampled like any other."""

    # Slots: a bag draw makes one of these and its copy, so their attributes are set often.
    __slots__ = ("intact", "weights", "total")
    #: ``intact``: True only while the list is as :meth:`of` made it; ``weights``: the
    #: outcomes' weights in the list's order (weight 0 left out); ``total``: their sum.
    intact: bool
    weights: tuple[int, ...]
    total: int

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.intact, self.weights, self.total = False, (), 0

    @classmethod
    def of(cls, outcomes: Sequence[Any], weights: Sequence[int]) -> WeightedOutcomes:
        """Each outcome with probability weight/sum(weights); those of weight 0 left out."""
        total = sum(weights)
        if total < 1 or min(weights) < 0:
            raise ValueError(f"chance weights must be whole numbers >= 0 with a sum of at "
                             f"least 1, got {tuple(weights)[:8]}")
        fr = weight_fractions(total)
        made = list.__new__(cls)
        list.__init__(made, [(o, fr[w]) for o, w in zip(outcomes, weights, strict=True) if w])
        made.weights = tuple(filter(None, weights))
        made.total = total
        made.intact = True
        return made

    def copy(self) -> WeightedOutcomes:
        """A new list of the same outcomes (``list.copy`` would forget the weights)."""
        new = list.__new__(WeightedOutcomes)
        list.__init__(new, self)
        new.weights, new.total, new.intact = self.weights, self.total, self.intact
        return new


def _unequal(name: str, flag: str) -> Any:
    method = getattr(list, name)

    def changed(self: list, *args: Any, **kwargs: Any) -> Any:
        setattr(self, flag, False)
        return method(self, *args, **kwargs)

    changed.__name__ = name
    changed.__doc__ = method.__doc__
    return changed


for _name in ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend",
              "insert", "pop", "remove", "clear"):
    setattr(UniformOutcomes, _name, _unequal(_name, "equal"))
# A weighted list's weights follow its order, so reordering it breaks the pairing too.
for _name in ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend",
              "insert", "pop", "remove", "clear", "sort", "reverse"):
    setattr(WeightedOutcomes, _name, _unequal(_name, "intact"))


def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    if outcomes.__class__ is UniformOutcomes and outcomes.equal:  # type: ignore[attr-defined]
        # The same draw as the uniform case below, with nothing read first.
        return outcomes[rng.randrange(len(outcomes))][0]
    if outcomes.__class__ is WeightedOutcomes and outcomes.intact:  # type: ignore[attr-defined]
        # The general draw below, from the weights: with T their sum and g their gcd, the
        # probabilities' common denominator is T/g (the lcm of the T/gcd(w, T)) and each
        # outcome's share of it is w/g, so the ticket and the running sum are the same.
        weights = outcomes.weights  # type: ignore[attr-defined]
        g = gcd(*weights)
        ticket = rng.randrange(outcomes.total // g)  # type: ignore[attr-defined]
        running = 0
        for i, w in enumerate(weights):
            running += w // g
            if ticket < running:
                return outcomes[i][0]
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
