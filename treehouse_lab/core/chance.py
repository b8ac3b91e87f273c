"""Sampling a chance node exactly and reproducibly.

Only drivers (``Match``, bots, the simulator) hold a random generator. A draw uses integer
arithmetic on the outcomes' common denominator, so it is exact, and ``random.Random`` with
an integer or string seed gives the same stream on every machine and Python version that
supports seeding version 2.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import lcm
from typing import Any, Sequence

from ..errors import RuleError, quote


def sample_outcome(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
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
