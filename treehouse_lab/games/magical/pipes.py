"""Magical Treehouse's pipe rules (ruling R10): where a pipe may go, and which layouts of
pipes a village can have.

Rulebook, 3. Building Step: "Pipes are placed so that they connect two buildings";
"Important notes: If you connect 3 or more buildings together, all supplied potion is
supplied to all those connected buildings." The option ``pipes`` says how:

* ``"any"`` (default): a pipe joins any two different buildings of its owner's village;
  loops, stars and a second pipe between the same two buildings are all allowed.
* ``"chains"`` (the variant): the village is a row and a pipe lies between two
  buildings' sides, so a building has at most two pipes and the pipes form chains,
  never a loop (so never two pipes between the same two buildings either).

Why one module: the same rule answers the legal list (where a new or moved pipe may go)
and the save check (a layout the rule cannot produce is refused), so they cannot drift.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ...errors import RuleError
from .rules import Stack, groups

ANY, CHAINS = "any", "chains"
RULES = (ANY, CHAINS)
#: The most pipes one building may have under the chain rule (a row has two sides).
SIDES = 2

PipeLayout = Sequence[tuple[str, str, str]]


def free_pairs(rule: str, stacks: Sequence[Stack], pipes: PipeLayout) -> list[tuple[str, str]]:
    """The pairs of buildings (ids, sorted) a pipe may join next, given the pipes already
    in place (``pipes``: every pipe but the one being placed or moved)."""
    ids = sorted(s.id for s in stacks)
    if rule == ANY:
        return [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
    deg = dict.fromkeys(ids, 0)
    for _, a, b in pipes:
        deg[a] += 1
        deg[b] += 1
    comp = {sid: i for i, grp in enumerate(groups(stacks, pipes)) for sid in grp}
    ends = [s for s in ids if deg[s] < SIDES]
    return [(a, b) for i, a in enumerate(ends) for b in ends[i + 1:] if comp[a] != comp[b]]


def check_layout(rule: str, stacks: Sequence[Stack], pipes: PipeLayout, where: str) -> None:
    """Raise :class:`RuleError` naming ``where`` if ``pipes`` is a layout ``rule`` cannot
    produce: every pipe joins two different buildings of the village; under the chain
    rule no building has more than two pipes and no pipes close a loop. (The layouts the
    chain rule allows are exactly those its pipes can be placed into one by one.)"""
    sids = {s.id for s in stacks}
    for i, (_, a, b) in enumerate(pipes):
        if a not in sids or b not in sids or a == b:
            raise RuleError(f"{where}[{i}]: a pipe joins two different buildings of the "
                            f"village, got {a!r} and {b!r}")
    if rule != CHAINS:
        return
    deg: dict[str, int] = {}
    for _, a, b in pipes:
        deg[a] = deg.get(a, 0) + 1
        deg[b] = deg.get(b, 0) + 1
    crowded = sorted(s for s, d in deg.items() if d > SIDES)
    if crowded:
        raise RuleError(f"{where}: {crowded[0]} has {deg[crowded[0]]} pipes; under the chain "
                        f"rule (pipes='chains', ruling R10) a building has at most {SIDES}")
    # A forest of chains: as many groups as buildings minus pipes, else a loop.
    if len(groups(stacks, pipes)) != len(sids) - len(pipes):
        raise RuleError(f"{where}: the pipes close a loop; under the chain rule "
                        "(pipes='chains', ruling R10) pipes form chains")


def moved_pipes_check(moved: Iterable[str], own: Iterable[str], where: str) -> None:
    """The pipes moved this turn (ruling R10: each at most once) are the builder's own
    pipes, each named once."""
    moved, own = list(moved), set(own)
    if len(set(moved)) != len(moved):
        raise RuleError(f"{where}: a pipe moves at most once a turn (ruling R10); "
                        "one is named twice")
    stray = [c for c in moved if c not in own]
    if stray:
        raise RuleError(f"{where}: {stray[0]} is not a pipe of the builder's village")


__all__ = ["ANY", "CHAINS", "RULES", "SIDES", "check_layout", "free_pairs",
           "moved_pipes_check"]
