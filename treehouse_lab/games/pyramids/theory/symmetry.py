"""The symmetries of Treehouse (pyramids) lines: mirror images and relabellings of the
pieces that map the move table onto itself, so the solver (solver.py) solves one
arrangement of each orbit.
"""

from __future__ import annotations

import itertools
from typing import Callable, Sequence

from ..arrangement import FACES, LEFT, RIGHT, UP, Arrangement, all_arrangements, results


def mirror(a: Arrangement) -> Arrangement:
    """The arrangement seen in a mirror: positions reversed, lying pieces point the other
    way, stacks keep their bottom-to-top order."""
    flip = {UP: UP, LEFT: RIGHT, RIGHT: LEFT}
    return Arrangement([(p.pieces, flip[p.facing]) for p in reversed(a.positions)])


def relabel(a: Arrangement, mapping: dict[str, str]) -> Arrangement:
    """The same shape with every piece renamed by ``mapping``."""
    return Arrangement([("".join(mapping[c] for c in p.pieces), p.facing) for p in a])


def candidate_symmetries(pieces: str) -> list[Callable[[Arrangement], Arrangement]]:
    """Every relabelling of the pieces, with and without a mirror (12 for a trio)."""
    out = []
    for perm in itertools.permutations(pieces):
        mapping = dict(zip(pieces, perm))
        out.append(lambda a, m=mapping: relabel(a, m))
        out.append(lambda a, m=mapping: mirror(relabel(a, m)))
    return out


def is_symmetry(g: Callable[[Arrangement], Arrangement], arrangements: Sequence[Arrangement],
                aim_stack_top: bool) -> bool:
    """Whether ``g`` maps every move to a move: results(g(a), f) == g(results(a, f)) for
    every arrangement a and every face f. Only then may the solver merge a with g(a)."""
    arrs = list(arrangements)
    index = {a: i for i, a in enumerate(arrs)}
    images = [g(a) for a in arrs]
    if any(b not in index for b in images):
        return False
    perm = [index[b] for b in images]
    return is_symmetry_perm(perm, move_sets(arrs, aim_stack_top))


def move_sets(arrs: Sequence[Arrangement], aim_stack_top: bool,
              hop_onto_lying: bool = True) -> dict[str, list[frozenset[int]]]:
    """{face: [indices of results of arrangement i]}: the move graphs as index sets."""
    index = {a: i for i, a in enumerate(arrs)}
    return {f: [frozenset(index[b] for b in results(a, f, aim_stack_top=aim_stack_top,
                                                     hop_onto_lying=hop_onto_lying))
                for a in arrs] for f in FACES}


def is_symmetry_perm(perm: Sequence[int], table: dict[str, list[frozenset[int]]]) -> bool:
    return all(
        rows[perm[i]] == frozenset(perm[j] for j in rows[i])
        for rows in table.values() for i in range(len(perm))
    )


def symmetries(pieces: str = "SML", aim_stack_top: bool = True) -> list[list[int]]:
    """The checked symmetries, each as a permutation of the arrangement indices (sorted
    order of ``all_arrangements``). Candidates that fail the check are dropped."""
    arrs = all_arrangements(pieces)
    return checked_symmetries(arrs, move_sets(arrs, aim_stack_top))


def checked_symmetries(arrs: Sequence[Arrangement],
                        table: dict[str, list[frozenset[int]]]) -> list[list[int]]:
    index = {a: i for i, a in enumerate(arrs)}
    out = []
    for g in candidate_symmetries("".join(sorted(arrs[0].pieces))):
        images = [g(a) for a in arrs]
        if any(b not in index for b in images):
            continue
        perm = [index[b] for b in images]
        if is_symmetry_perm(perm, table):
            out.append(perm)
    return out


__all__ = [
    "mirror",
    "relabel",
    "candidate_symmetries",
    "is_symmetry",
    "move_sets",
    "is_symmetry_perm",
    "symmetries",
    "checked_symmetries",
]
