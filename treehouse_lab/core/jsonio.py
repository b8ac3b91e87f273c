"""Strict readers for saved JSON: every complaint names the field and what was expected.

Saves are data, never code: nothing here evaluates or unpickles anything. Readers check
type and range and raise :class:`~treehouse_lab.RuleError`, so ``state_from_json`` can
reject a save before it builds anything, leaving nothing half-made.
"""

from __future__ import annotations

from heapq import nsmallest
from typing import Any, Iterable, Mapping

from ..errors import RuleError, quote

#: How many unknown names a message lists before it says how many more there are.
LISTED = 8


def listed(names: Iterable[Any], limit: int = 30) -> str:
    """The first :data:`LISTED` of ``names`` (in sorted order of their reprs), quoted and
    clipped, then "and N more": a message about a save with 10^5 unknown keys stays one
    line, and building it never sorts or prints them all."""
    names = list(names)
    shown = ", ".join(quote(n, limit) for n in nsmallest(LISTED, names, key=_repr_key))
    more = len(names) - LISTED
    return shown + (f" and {more} more" if more > 0 else "")


def _repr_key(name: Any) -> str:
    return quote(name, 200)


def expect_dict(value: Any, where: str, keys: Iterable[str] | None = None) -> dict:
    if not isinstance(value, Mapping):
        raise RuleError(f"{where}: expected an object, got {type(value).__name__}")
    if keys is not None:
        keys = set(keys)
        missing = sorted(keys - set(value))
        if missing:
            raise RuleError(f"{where}: missing field(s) {', '.join(missing)}")
        extra = set(value) - keys
        if extra:
            raise RuleError(
                f"{where}: unknown field(s) {listed(str(k) for k in extra)}; "
                f"fields are {', '.join(sorted(keys))}"
            )
    return dict(value)


def expect_int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{where}: expected a whole number, got {quote(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        # quoted: a 4,000-digit number would otherwise fill the message (and past 4,300
        # digits Python refuses to print it at all, raising a plain ValueError)
        raise RuleError(f"{where}: {quote(value)} is out of range {lo}..{hi}")
    return value


def expect_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(f"{where}: expected true or false, got {quote(value)}")
    return value


def expect_str(value: Any, where: str, choices: Iterable[str] | None = None) -> str:
    if not isinstance(value, str):
        raise RuleError(f"{where}: expected a string, got {quote(value)}")
    if choices is not None:
        choices = list(choices)
        if value not in choices:
            shown = ", ".join(choices[:12]) + (" ..." if len(choices) > 12 else "")
            raise RuleError(f"{where}: {quote(value)} is not one of {shown}")
    return value


def expect_list(value: Any, where: str, length: int | None = None) -> list:
    if not isinstance(value, (list, tuple)):
        raise RuleError(f"{where}: expected a list, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise RuleError(f"{where}: expected {length} entries, got {len(value)}")
    return list(value)


def expect_optional_int(value: Any, where: str, lo: int | None = None, hi: int | None = None):
    return None if value is None else expect_int(value, where, lo, hi)


MAX_DEPTH = 64


def check_depth(value: Any, where: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` before anything recursive reads it.

    Why: every reader here, and ``Action.from_json``, recurses; a tiny save nested a few
    hundred levels deep would otherwise end in ``RecursionError``. No save of ours nests
    more than a handful of levels, so the limit costs nothing. Iterative, so the check
    itself cannot overflow. Plain JSON (dicts, lists, strings, numbers) is told apart by
    its exact type, without the slow ``isinstance`` test against ``Mapping`` (a save
    of 10^5 moves took seconds); any other mapping or sequence still gets that test.
    """
    stack = [(value, 1)]
    pop, push = stack.pop, stack.extend
    while stack:
        v, depth = pop()
        t = type(v)
        if t is dict:
            children: Any = v.values()
        elif t is list or t is tuple:
            children = v
        elif t in _LEAVES:
            continue
        elif isinstance(v, Mapping):
            children = list(v.values())
        elif isinstance(v, (list, tuple)):
            children = list(v)
        else:
            continue
        if depth > limit:
            raise RuleError(f"{where}: nested more than {limit} levels deep; saves are flat")
        push((c, depth + 1) for c in children)


_LEAVES = frozenset({str, int, float, bool, type(None)})
