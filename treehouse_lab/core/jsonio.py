"""Strict readers for saved JSON: every complaint names the field and what was expected.

Saves are data, never code: nothing here evaluates or unpickles anything. Readers check
type and range and raise :class:`~treehouse_lab.RuleError`, so ``state_from_json`` can
reject a save before it builds anything, leaving nothing half-made.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..errors import RuleError, quote


def expect_dict(value: Any, where: str, keys: Iterable[str] | None = None) -> dict:
    if not isinstance(value, Mapping):
        raise RuleError(f"{where}: expected an object, got {type(value).__name__}")
    if keys is not None:
        keys = set(keys)
        missing = sorted(keys - set(value))
        extra = sorted(set(value) - keys, key=repr)
        if missing:
            raise RuleError(f"{where}: missing field(s) {', '.join(missing)}")
        if extra:
            raise RuleError(
                f"{where}: unknown field(s) {', '.join(quote(str(k), 30) for k in extra[:8])}; "
                f"fields are {', '.join(sorted(keys))}"
            )
    return dict(value)


def expect_int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{where}: expected a whole number, got {quote(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RuleError(f"{where}: {value} is out of range {lo}..{hi}")
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
    itself cannot overflow.
    """
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, Mapping):
            children = list(v.values())
        elif isinstance(v, (list, tuple)):
            children = list(v)
        else:
            continue
        if depth > limit:
            raise RuleError(f"{where}: nested more than {limit} levels deep; saves are flat")
        stack.extend((c, depth + 1) for c in children)
