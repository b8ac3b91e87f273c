"""Declared, validated game options.

Every game lists its options once as :class:`Option` values; ``load_game`` resolves the
keyword arguments against them so that a typo or an out-of-range value fails loudly with
the allowed values, and ``game.options`` is always the complete, JSON-ready dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..errors import RuleError


@dataclass(frozen=True)
class Option:
    """One keyword option of ``load_game``.

    ``choices`` lists every allowed value when the set is finite; otherwise ``check``
    validates (and may normalise) a value and ``examples`` gives the values the conformance
    suite plays with. ``doc`` is shown in error messages and docs.
    """

    name: str
    default: Any
    doc: str
    choices: Sequence[Any] | None = None
    check: Callable[[Any], Any] | None = None
    examples: Sequence[Any] = field(default=())

    def resolve(self, value: Any) -> Any:
        if self.choices is not None:
            for allowed in self.choices:
                if value == allowed and type(value) is type(allowed):
                    return allowed
            raise RuleError(
                f"option {self.name}={value!r} is not allowed; "
                f"allowed values: {', '.join(map(repr, self.choices))} ({self.doc})"
            )
        if self.check is not None:
            return self.check(value)
        return value

    def test_values(self) -> list[Any]:
        """The values a conformance run should try: every choice, or the examples."""
        if self.choices is not None:
            return list(self.choices)
        return list(dict.fromkeys([self.default, *self.examples]))


def resolve_options(game: str, declared: Iterable[Option], given: Mapping[str, Any]) -> dict:
    declared = list(declared)
    names = {o.name for o in declared}
    unknown = sorted(set(given) - names)
    if unknown:
        raise RuleError(
            f"{game}: unknown option {', '.join(unknown)}; "
            f"options are: {', '.join(sorted(names))}"
        )
    return {o.name: o.resolve(given.get(o.name, o.default)) for o in declared}
