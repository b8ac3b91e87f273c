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
from math import lcm
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


def _unequal(name: str) -> Any:
    method = getattr(list, name)

    def changed(self: UniformOutcomes, *args: Any) -> Any:
        self.equal = False
        return method(self, *args)

    changed.__name__ = name
    changed.__doc__ = method.__doc__
    return changed


for _name in ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend",
              "insert", "pop", "remove", "clear"):
    setattr(UniformOutcomes, _name, _unequal(_name))


def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    if outcomes.__class__ is UniformOutcomes and outcomes.equal:  # type: ignore[attr-defined]
        # The same draw as the uniform case below, with nothing read first.
        return outcomes[rng.randrange(len(outcomes))][0]
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
