"""Declared, validated game options.

Every game lists its options once as :class:`Option` values; ``load_game`` resolves the
keyword arguments against them so that a typo or an out-of-range value fails loudly with
the allowed values, and ``game.options`` is always the complete, JSON-ready dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..errors import RuleError, quote
from .jsonio import listed


@dataclass(frozen=True)
class Option:
    """One keyword option of ``load_game``.

    ``choices`` lists every allowed value when the set is finite; otherwise ``check``
    validates (and may normalise) a value and ``examples`` gives the values the conformance
    suite plays with. ``doc`` is shown in error messages and docs.

    ``subset_of`` makes a set-valued option, such as a game's modules: any collection of
    those names (a set, list or tuple) resolves to a sorted tuple, so it compares, hashes
    and round-trips through JSON (as a list) to the same value.
    """

    name: str
    default: Any
    doc: str
    choices: Sequence[Any] | None = None
    check: Callable[[Any], Any] | None = None
    examples: Sequence[Any] = field(default=())
    subset_of: Sequence[str] | None = None

    def is_set(self) -> bool:
        return self.subset_of is not None

    def resolve(self, value: Any) -> Any:
        if self.subset_of is not None:
            return self._resolve_set(value)
        if self.choices is not None:
            for allowed in self.choices:
                if value == allowed and type(value) is type(allowed):
                    return allowed
            raise RuleError(
                f"option {self.name}={quote(value)} is not allowed; "
                f"allowed values: {', '.join(map(repr, self.choices))} ({self.doc})"
            )
        if self.check is not None:
            return self.check(value)
        return value

    def _resolve_set(self, value: Any) -> tuple[str, ...]:
        allowed = list(self.subset_of or ())
        if isinstance(value, (str, bytes)) or not isinstance(
            value, (set, frozenset, list, tuple)
        ):
            example = f", e.g. {self.name}={{{allowed[0]!r}}}" if allowed else ""
            raise RuleError(
                f"option {self.name}={quote(value)} is not allowed: give a set of names "
                f"from {', '.join(map(repr, allowed)) or '(none yet)'}{example} ({self.doc})"
            )
        names = list(value)
        for name in names[: len(allowed) + 2]:  # a long list fails on an unknown or a twin
            if not isinstance(name, str) or name not in allowed:
                raise RuleError(
                    f"option {self.name}: unknown name {quote(name, 30)}; "
                    f"allowed: {', '.join(map(repr, allowed)) or '(none yet)'} ({self.doc})"
                )
        if len(set(names)) != len(names) or len(names) > len(allowed):
            raise RuleError(f"option {self.name}: a name is given twice in {quote(value)}")
        return tuple(sorted(names))

    def test_values(self) -> list[Any]:
        """The values a conformance run should try: every choice, every subset of a
        set-valued option, or the examples."""
        if self.subset_of is not None:
            names = sorted(self.subset_of)
            return [c for k in range(len(names) + 1) for c in combinations(names, k)]
        if self.choices is not None:
            return list(self.choices)
        return list(dict.fromkeys([self.default, *self.examples]))


def resolve_options(game: str, declared: Iterable[Option], given: Mapping[str, Any]) -> dict:
    declared = list(declared)
    names = {o.name for o in declared}
    odd = [k for k in given if not isinstance(k, str)]
    if odd:
        raise RuleError(f"{game}: option names are strings, got {quote(odd[0], 30)}; "
                        f"options are: {', '.join(sorted(names))}")
    unknown = set(given) - names
    if unknown:
        raise RuleError(
            f"{game}: unknown option {listed(unknown)}; "
            f"options are: {', '.join(sorted(names))}"
        )
    return {o.name: o.resolve(given.get(o.name, o.default)) for o in declared}
