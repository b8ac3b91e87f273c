"""Who acts next when several bots may: the seeded schedule of a ``Match``.

In a real-time phase (Magical Treehouse's planning step) every player with cards acts
whenever they like. A table of people settles the order by who is quicker; a program must
choose, and the choice changes the game (who reaches a carriage first). So the driver
picks from a schedule that is a pure function of the match's seed and history, and the
same seed gives the same interleaving on every machine.

A schedule is ``pick(state, candidates, rng, last) -> seat``: ``candidates`` are the bot
seats that may act now (sorted), ``rng`` is the generator for this step and ``last`` is
the seat that acted at the previous step (None at the start or after chance).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from .errors import RuleError, quote
from .protocol import State

Schedule = Callable[[State, Sequence[int], random.Random, "int | None"], int]


def round_robin(state: State, candidates: Sequence[int], rng: random.Random,
                last: int | None) -> int:
    """The first candidate clockwise after the seat that acted last: everyone gets a go
    in turn, as at a table where players take turns being quick."""
    if last is None:
        return candidates[0]
    n = state.game.players
    return min(candidates, key=lambda seat: (seat - last - 1) % n)


def at_random(state: State, candidates: Sequence[int], rng: random.Random,
              last: int | None) -> int:
    """Any candidate, uniformly: the seeded stand-in for who happens to be quicker."""
    return rng.choice(list(candidates))


SCHEDULES: dict[str, Schedule] = {"round-robin": round_robin, "random": at_random}


def register_schedule(name: str, schedule: Schedule) -> None:
    if not isinstance(name, str) or not name or not callable(schedule):
        raise RuleError("register_schedule(name, function): a name and a callable")
    SCHEDULES[name] = schedule


def resolve_schedule(spec: Any) -> tuple[str, Schedule]:
    """``(name, function)`` for a registered name or a function (saved by its name)."""
    if isinstance(spec, str):
        if spec not in SCHEDULES:
            raise RuleError(f"unknown schedule {quote(spec, 40)}; schedules are: "
                            f"{', '.join(sorted(SCHEDULES))}")
        return spec, SCHEDULES[spec]
    if callable(spec):
        return getattr(spec, "__name__", "custom"), spec
    raise RuleError(f"a schedule is a name ({', '.join(sorted(SCHEDULES))}) or a function, "
                    f"got {quote(spec)}")
