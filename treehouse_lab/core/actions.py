"""Action values: the moves and chance outcomes of every game, as frozen dataclasses.

Why a base class of their own: every action must compare, hash, sort, print as the sentence
a student reads and go to JSON and back, and a malformed one (from a save, or typed by hand)
must fail at construction with the field named. Writing that once here means a game only
declares its fields (``@dataclass(frozen=True)``, JSON-native types) and its sentence.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, ClassVar

from ..errors import RuleError, clip, quote

#: The longest string or tuple an action field may hold.
MAX_FIELD_LENGTH = 256
#: The longest message an illegal action gets (a game's own sentence may quote the action).


class Action:
    """Base for action values: frozen dataclasses that compare, hash and go to JSON.

    Subclasses are ``@dataclass(frozen=True)`` with JSON-native fields (int, str, bool,
    None, or tuples of them) and a class-level ``KIND``. ``str(action)`` is the sentence a
    student reads; it must be unique among the legal actions of a state.
    """

    __slots__ = ()
    KIND: ClassVar[str] = "action"
    #: The sentence as a template of the fields (``"{token} comes to the market"``), for
    #: an action whose sentence needs no more; one that does writes ``__str__``.
    TEXT: ClassVar[str] = ""

    def __new__(cls, *args: Any, **kwargs: Any) -> Action:
        # A bare Action has no kind and no sentence: refuse it with a message a student can
        # act on instead of an object that prints as a memory address.
        if cls is Action or not dataclasses.is_dataclass(cls):
            raise RuleError(
                f"{cls.__name__} is a base class: build one of a game's action types "
                "(see game.ACTION_TYPES) or pick from state.legal_actions()"
            )
        return super().__new__(cls)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # ``@dataclass`` gives each action class a field-by-field ``__repr__`` unless the
        # class has its own; give each the sentence instead, so that a list of actions (in a
        # notebook, a test report, an error message) reads as the sentences students see.
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = Action.__repr__
        if "TEXT" in cls.__dict__ and "__str__" not in cls.__dict__:
            cls.__str__ = Action._from_text

    def _from_text(self) -> str:
        # The field names are read once a class (dataclasses.fields() on every call made a
        # sentence cost about 9 us against 1 us for the f-string it replaced).
        return self.TEXT.format_map({n: getattr(self, n) for n in _field_names(type(self))})

    def __repr__(self) -> str:
        if type(self).__str__ is object.__str__:  # no sentence: what it is made of
            values = ", ".join(f"{f.name}={getattr(self, f.name)!r}"
                               for f in dataclasses.fields(self))
            return f"{type(self).__name__}({values})"
        return str(self)

    def __post_init__(self) -> None:
        """Check every field against its annotation, once for every game, so a malformed
        action (from JSON or typed by hand) fails at construction with the field named."""
        for name, check, wanted in _field_checks(type(self)):
            value = getattr(self, name)
            if not check(value):
                raise RuleError(f"{self.KIND}: {name} must be {wanted}, got {quote(value)}")
            if isinstance(value, (str, tuple)) and len(value) > MAX_FIELD_LENGTH:
                # No game names anything this long; refusing here keeps a forged field
                # from being copied into every sentence and message built from the action.
                raise RuleError(f"{self.KIND}: {name} is {len(value)} long; at most "
                                f"{MAX_FIELD_LENGTH}: {quote(value)}")

    def _values(self) -> tuple:
        return tuple(getattr(self, f.name) for f in dataclasses.fields(self))

    def sort_key(self) -> tuple:
        return (self.KIND, tuple(_sortable(v) for v in self._values()))

    def __lt__(self, other: Action) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.KIND}
        for f in dataclasses.fields(self):
            out[f.name] = to_json_value(getattr(self, f.name))
        return out

    @classmethod
    def from_json(cls, data: dict) -> Action:
        names = [f.name for f in dataclasses.fields(cls)]
        if set(data) != {"kind", *names}:
            raise RuleError(
                f"action {cls.KIND!r}: expected fields {', '.join(names) or '(none)'}, "
                f"got {', '.join(sorted(k for k in data if k != 'kind')) or '(none)'}"
            )
        values = {}
        for name in names:
            v = from_json_value(data[name])
            if not is_json_value(v):
                raise RuleError(f"action {cls.KIND!r}: field {name} has a bad value {quote(v)}")
            values[name] = v
        try:
            return cls(**values)
        except RuleError:
            raise
        except (TypeError, ValueError) as exc:
            raise RuleError(f"action {cls.KIND!r}: {clip(str(exc))}") from None


def checker_for(tp: Any) -> tuple[Any, str] | None:
    """A predicate and a description for a JSON-native annotation (int, str, bool, None,
    tuples and unions of them); None for anything else, which is left unchecked. Action
    fields and stage fields (core/stages.py) are both checked with it."""
    if tp is type(None):
        return (lambda v: v is None), "None"
    if tp is bool:
        return (lambda v: isinstance(v, bool)), "true or false"
    if tp is int:
        return (lambda v: isinstance(v, int) and not isinstance(v, bool)), "a whole number"
    if tp is str:
        return (lambda v: isinstance(v, str)), "a string"
    origin = typing.get_origin(tp)
    if origin is tuple:
        return (lambda v: isinstance(v, tuple)), "a list"
    if origin in (typing.Union, types.UnionType):
        parts = [checker_for(a) for a in typing.get_args(tp)]
        if any(p is None for p in parts):
            return None
        return (lambda v: any(c(v) for c, _ in parts)), " or ".join(d for _, d in parts)
    return None


@cache
def _field_checks(cls: type) -> tuple[tuple[str, Any, str], ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        checker = checker_for(hints.get(f.name))
        if checker is not None:
            out.append((f.name, *checker))
    return tuple(out)


#: The exact types a plain action field may hold (tuples of them too): not subclasses,
#: whose ``__eq__`` could answer anything.
PLAIN_TYPES = frozenset({int, str, bool, type(None)})


def is_plain(action: Any, types: Any) -> bool:
    """Whether ``action`` is exactly of one of ``types`` (not a subclass) and each field
    holds a value of exactly its declared type (a tuple's entries too): ``int``, ``str``,
    ``bool``, None, or tuples of them.

    Why: legality is a lookup in a list of legal actions, and ``in`` asks ``__eq__``. For
    an action of the game's own dataclass type with plain fields, ``__eq__`` compares
    types and fields; a subclass (or a ``str`` subclass in a field) may answer yes to
    anything, and would be applied and saved as a move it is not. The declared type, not
    just any plain one: ``True == 1``, so a move whose int field was set to ``True`` behind
    the frozen dataclass's back (``object.__setattr__``) equals the legal move, and would be
    saved as ``true`` where a whole number is due: a save that no longer loads. ``type()``
    is read, never ``__class__``, which an object can fake."""
    cls = type(action)
    if cls not in types:
        return False
    for name, exact, entries in _plain_fields(cls):
        v = getattr(action, name)
        if exact is None:  # an annotation with no exact types: any plain value
            if not _plain_value(v):
                return False
        elif type(v) not in exact:
            return False
        elif entries is not None and not all(type(x) in entries for x in v):
            return False
    return True


#: Per field: its name, the exact types its value may have (None: any plain value) and,
#: for a tuple, the exact types of its entries.
_PlainField = tuple[str, frozenset | None, frozenset | None]


@cache
def _plain_fields(cls: type) -> tuple[_PlainField, ...]:
    hints = typing.get_type_hints(cls)
    out: list[_PlainField] = []
    for f in dataclasses.fields(cls):
        tp = hints.get(f.name)
        exact = _exact_types(tp)
        if exact is not None:
            out.append((f.name, exact, None))
            continue
        if typing.get_origin(tp) is tuple:
            parts = [_exact_types(a) for a in typing.get_args(tp) if a is not Ellipsis]
            if parts and all(p is not None for p in parts):
                out.append((f.name, frozenset({tuple}), frozenset().union(*parts)))
                continue
        out.append((f.name, None, None))
    return tuple(out)


def _exact_types(tp: Any) -> frozenset | None:
    """The exact types a value annotated ``tp`` may have, for ``int``, ``str``, ``bool``,
    None and unions of them; None for any other annotation."""
    if tp is None or tp is type(None):
        return frozenset({type(None)})
    if tp in (int, str, bool):
        return frozenset({tp})
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        parts = [_exact_types(a) for a in typing.get_args(tp)]
        return None if any(p is None for p in parts) else frozenset().union(*parts)
    return None


def _plain_value(v: Any) -> bool:
    t = type(v)
    if t is tuple:
        return all(_plain_value(x) for x in v)
    return t in PLAIN_TYPES


def to_json_value(v: Any) -> Any:
    return [to_json_value(x) for x in v] if isinstance(v, tuple) else v


def from_json_value(v: Any) -> Any:
    return tuple(from_json_value(x) for x in v) if isinstance(v, list) else v


def is_json_value(v: Any) -> bool:
    if isinstance(v, tuple):
        return all(is_json_value(x) for x in v)
    return v is None or isinstance(v, (bool, int, str))


def _sortable(v: Any) -> tuple:
    if v is None:
        return (0, 0)
    if isinstance(v, tuple):
        return (3, tuple(_sortable(x) for x in v))
    if isinstance(v, (bool, int)):
        return (1, int(v))
    return (2, str(v))


__all__ = ["MAX_FIELD_LENGTH", "PLAIN_TYPES", "Action", "checker_for", "from_json_value",
           "is_json_value", "is_plain", "to_json_value"]


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    """The names of an action class's fields, in order (read once a class)."""
    return tuple(f.name for f in dataclasses.fields(cls))
