"""A declared state: each field written once, with its type and domain; saving, loading,
cloning and equality come from the declaration.

Why: every game used to write its save by hand, and its loader again, field by field (the
Diner listed its fields six to eight times), and a clone that copied each slot. A field
added in one place and forgotten in another was silent until a save failed to load. Here a
state class lists its :class:`Field` s once; :class:`DeclaredState` gives

* ``to_json()``: ``{"format": N, "game": name, <field>: ...}``, each value dumped by its
  codec;
* ``game.state_from_json(d)``: every field checked by its codec (type, range, domain: the
  error names the field and what is allowed), older formats migrated first, then the
  game's cross-field checks (``_check_save``), all before anything is built;
* ``clone()``: a copy of the slots (field values are immutable: tuples, strings, read-only
  mappings, frozen stage objects), generated once per class so it costs what the
  hand-written one did;
* ``==`` on the saved form; pickling goes through the save too (``State.__reduce__``), so
  a state can cross a process pool or be printed in another library's error message.

Codecs are small objects with ``dump(value)`` and ``load(json, where, game)``; a domain that
depends on the configured game (the card ids of this set, the seats) is a function of the
game. The shape of a save stays what the game chooses: codecs can spell the old field
encodings, so a migration between formats is usually a key renamed or added.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence

from ..errors import RuleError, quote
from .jsonio import expect_bool, expect_dict, expect_int, expect_list, expect_str
from .state import State
from .zones import is_unseen

#: True while a seen save loads (:func:`seen_state`): a ``Str`` then also takes the mark of a
#: hidden component (``zones.UNSEEN``), and a ``unique`` list may repeat marks. Read only
#: where a load would otherwise fail, so loading a save costs what it did.
_LOADING_SEEN: ContextVar[bool] = ContextVar("loading_seen", default=False)


def loading_seen() -> bool:
    """Whether a seen save is loading (:func:`seen_state`): a game's own codec that checks
    component ids then lets a mark (``zones.is_unseen``) through, as ``Str`` does."""
    return _LOADING_SEEN.get()


def at_game(value: Any, game: Any) -> Any:
    """A codec's bound or choices, which may be a function of the configured game."""
    return value(game) if callable(value) else value


_at = at_game


class Codec:
    """How one field's value goes to JSON and back. ``load`` checks everything and raises
    :class:`RuleError` naming ``where``; it returns an immutable value."""

    #: True where ``dump`` and ``dump_in`` give the value itself (a number, a string, a
    #: flag): a list of such values is saved by copying it, the hot path of every save.
    plain: bool = False

    def dump(self, value: Any) -> Any:
        return value

    def dump_in(self, value: Any, game: Any) -> Any:
        """``dump`` for a codec whose JSON depends on the configured game (a count per
        ingredient kind, saved as the kinds' names). The default ignores the game;
        containers pass it on to what they hold."""
        return self.dump(value)

    def load(self, data: Any, where: str, game: Any) -> Any:
        raise NotImplementedError

    def empty(self, game: Any) -> Any:
        """The value a fresh state starts with when its maker names none (an empty pile,
        no card, zero); ``LookupError`` where there is no such value (a name, a record),
        so the field must be given."""
        raise LookupError


class Int(Codec):
    """A whole number in ``lo..hi`` (either may depend on the game)."""

    plain = True

    def __init__(self, lo: Any = None, hi: Any = None) -> None:
        self.lo, self.hi = lo, hi

    def load(self, data: Any, where: str, game: Any) -> int:
        return expect_int(data, where, _at(self.lo, game), _at(self.hi, game))

    def empty(self, game: Any) -> int:
        """Zero, or the least value allowed when that is above zero (round 1)."""
        lo = _at(self.lo, game)
        return max(lo, 0) if lo is not None else 0


class Seat(Int):
    """A seat of the game: ``0..players-1``."""

    def __init__(self) -> None:
        super().__init__(0, lambda g: g.players - 1)


class Bool(Codec):
    plain = True

    def load(self, data: Any, where: str, game: Any) -> bool:
        return expect_bool(data, where)

    def empty(self, game: Any) -> bool:
        return False


class Str(Codec):
    """A string, from ``choices`` when given (a collection, or a function of the game)."""

    plain = True

    def __init__(self, choices: Any = None) -> None:
        self.choices = choices

    def load(self, data: Any, where: str, game: Any) -> str:
        choices = _at(self.choices, game)
        if choices is None:
            return expect_str(data, where)
        if isinstance(data, str) and data in choices:
            return data
        if loading_seen() and is_unseen(data):
            return data
        return expect_str(data, where, sorted(choices))  # raises, listing the choices


class Opt(Codec):
    """``None`` or a value of ``inner``."""

    def __init__(self, inner: Codec) -> None:
        self.inner = inner
        self.plain = inner.plain

    def dump(self, value: Any) -> Any:
        return None if value is None else self.inner.dump(value)

    def dump_in(self, value: Any, game: Any) -> Any:
        return None if value is None else self.inner.dump_in(value, game)

    def load(self, data: Any, where: str, game: Any) -> Any:
        return None if data is None else self.inner.load(data, where, game)

    def empty(self, game: Any) -> None:
        return None


class Tuple(Codec):
    """A JSON list of ``inner`` values, held as a tuple. ``length`` fixes its size (a
    number or a function of the game); ``sort`` keeps it sorted (a pile whose order is
    never stored: draws from it are uniform chance nodes); ``unique`` refuses repeats."""

    def __init__(self, inner: Codec, length: Any = None, sort: bool = False,
                 unique: bool = False, most: int = 10_000) -> None:
        self.inner, self.length, self.sort, self.unique, self.most = (
            inner, length, sort, unique, most)

    def dump(self, value: Any) -> list:
        if self.inner.plain:
            return list(value)
        d = self.inner.dump
        return [d(v) for v in value]

    def dump_in(self, value: Any, game: Any) -> list:
        if self.inner.plain:
            return list(value)
        d = self.inner.dump_in
        return [d(v, game) for v in value]

    def load(self, data: Any, where: str, game: Any) -> tuple:
        items = expect_list(data, where, _at(self.length, game))
        if len(items) > self.most:
            raise RuleError(f"{where}: at most {self.most} entries, got {len(items)}")
        load = self.inner.load
        out = [load(v, f"{where}[{i}]", game) for i, v in enumerate(items)]
        if self.unique and len(set(out)) != len(out) and not (
                loading_seen() and _marks_repeat_only(out)):
            twice = next(v for i, v in enumerate(out) if v in out[:i])
            raise RuleError(f"{where}: {quote(twice, 30)} is listed twice")
        return tuple(sorted(out) if self.sort else out)

    def empty(self, game: Any) -> tuple:
        """No entries; with a fixed length (one per seat), that many empty entries."""
        n = _at(self.length, game)
        return () if n is None else (self.inner.empty(game),) * n


def PerSeat(inner: Codec, **kw: Any) -> Tuple:
    """One ``inner`` value per seat (marked ``per_seat``: an observation tensor puts the
    observer's entry first, core/tensor.py)."""
    out = Tuple(inner, length=lambda g: g.players, **kw)
    out.per_seat = True
    return out


class Map(Codec):
    """A JSON object from string keys (``keys``: choices, as for :class:`Str`) to ``value``
    values, held read-only. ``skip`` leaves out entries equal to it (a zero count)."""

    def __init__(self, value: Codec, keys: Any = None, skip: Any = ...) -> None:
        self.keys, self.value, self.skip = Str(keys), value, skip

    def dump(self, value: Mapping) -> dict:
        if self.value.plain:
            return dict(value)
        d = self.value.dump
        return {k: d(v) for k, v in value.items()}

    def dump_in(self, value: Mapping, game: Any) -> dict:
        if self.value.plain:
            return dict(value)
        d = self.value.dump_in
        return {k: d(v, game) for k, v in value.items()}

    def load(self, data: Any, where: str, game: Any) -> Mapping:
        raw = expect_dict(data, where)
        out = {}
        for k, v in raw.items():
            key = self.keys.load(k, f"{where} key", game)
            val = self.value.load(v, f"{where}.{key}", game)
            if val != self.skip:
                out[key] = val
        return MappingProxyType(out)

    def empty(self, game: Any) -> Mapping:
        return MappingProxyType({})


class Record(Codec):
    """A fixed JSON object held as a tuple of its values in declaration order (a card
    placed face down: ``{"card": ..., "face_down": ...}`` is ``(card, face_down)``)."""

    def __init__(self, **fields: Codec) -> None:
        self.fields = fields

    def dump(self, value: tuple) -> dict:
        return {k: c.dump(v) for (k, c), v in zip(self.fields.items(), value)}

    def dump_in(self, value: tuple, game: Any) -> dict:
        return {k: c.dump_in(v, game) for (k, c), v in zip(self.fields.items(), value)}

    def load(self, data: Any, where: str, game: Any) -> tuple:
        d = expect_dict(data, where, self.fields)
        return tuple(c.load(d[k], f"{where}.{k}", game) for k, c in self.fields.items())


class Custom(Codec):
    """A codec from two functions, for an encoding no other codec spells."""

    def __init__(self, dump: Callable[[Any], Any],
                 load: Callable[[Any, str, Any], Any]) -> None:
        self._dump, self._load = dump, load

    def dump(self, value: Any) -> Any:
        return self._dump(value)

    def load(self, data: Any, where: str, game: Any) -> Any:
        return self._load(data, where, game)


@dataclass(frozen=True)
class Field:
    """One state field: the attribute ``name`` (a slot of the state), saved under ``key``
    (default: the name), read and written by ``codec``. ``when`` says which
    configurations have it (a module's fields are absent without the module); where it is
    absent the slot holds ``default`` (a value, or a function of the game)."""

    name: str
    codec: Codec
    key: str = ""
    when: Callable[[Any], bool] | None = None
    default: Any = None
    doc: str = ""

    @property
    def save_key(self) -> str:
        return self.key or self.name.lstrip("_")

    def used(self, game: Any) -> bool:
        return self.when is None or bool(self.when(game))


class DeclaredState(State):
    """A state whose fields are declared in ``FIELDS``; see the module docstring.

    Subclasses list ``FIELDS`` and ``CACHES`` (slots that are not saved: derived values
    dropped whenever the position changes), set ``FORMAT`` (the save format version) and
    ``MIGRATIONS`` (``{old version: function(save) -> save of the next version}``), and
    implement ``_check_save`` for what no codec can say. Slots are made from both lists.
    """

    __slots__ = ()
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    CACHES: ClassVar[tuple[str, ...]] = ()
    FORMAT: ClassVar[int] = 1
    MIGRATIONS: ClassVar[Mapping[int, Callable[[dict], dict]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "FIELDS" in cls.__dict__ or "CACHES" in cls.__dict__:
            names = [f.name for f in cls.FIELDS] + list(cls.CACHES)
            cls._clone_copy = _copier(("game", "_trail", *names))

    # -- copies ---------------------------------------------------------------------------
    _clone_copy: ClassVar[Callable[[Any, Any], None]]

    def clone(self) -> DeclaredState:
        """A cheap copy: the field values are immutable, so sharing them is safe; caches
        describe this exact position and are shared too."""
        new = self.__class__.__new__(self.__class__)
        self._clone_copy(new)
        return new

    @classmethod
    def fresh(cls, game: Any, **values: Any) -> DeclaredState:
        """A new state of ``game`` holding ``values``; every other field of the
        configuration starts empty (its codec's empty value: no cards, zero, the least
        number allowed), and fields the configuration lacks hold their ``default``.

        Why: each game's set-up used to assign every slot by hand, and a field added to
        ``FIELDS`` but forgotten there failed later, far from the cause. Here a set-up
        names only what is not empty; a field that has no empty value and is not given,
        or a name that is no field, is a ``TypeError`` at once."""
        state = cls.__new__(cls)
        state.game = game
        starts = cls.fresh_plan(game)
        unknown = values.keys() - starts.keys()
        if unknown:
            raise TypeError(f"{cls.__name__}.fresh: no such field {sorted(unknown)}")
        for name, value in starts.items():
            if name in values:
                value = values[name]
            elif value is _GIVE:
                raise TypeError(f"{cls.__name__}.fresh: the field {name!r} has no "
                                "empty value; give it")
            setattr(state, name, value)
        state._started()
        return state

    @classmethod
    def fresh_plan(cls, game: Any) -> Mapping[str, Any]:
        """Each field's starting value in ``game`` (its codec's empty value, its default
        where the configuration lacks it, ``_GIVE`` where there is none), worked out
        once per configuration and kept on the game beside the save plans: the values
        are immutable, so every fresh state may share them, and a playout's set-up costs
        what assigning the slots by hand did."""
        key = (cls, "fresh")
        plan = game.save_plans.get(key)
        if plan is None:
            out: dict[str, Any] = {}
            for f in cls.FIELDS:
                if not f.used(game):
                    out[f.name] = _at(f.default, game)
                else:
                    try:
                        out[f.name] = f.codec.empty(game)
                    except LookupError:
                        out[f.name] = _GIVE
            plan = game.save_plans[key] = out
        return plan

    def _started(self) -> None:
        """What a fresh state does once its fields are set (games with stages run their
        loop to the first decision here)."""

    # -- saves ----------------------------------------------------------------------------
    @classmethod
    def used_fields(cls, game: Any) -> tuple[Field, ...]:
        return tuple(f for f in cls.FIELDS if f.used(game))

    @classmethod
    def save_plan(cls, game: Any) -> tuple[tuple[str, str, Codec], ...]:
        """(save key, attribute, codec) of each field ``game`` saves, kept on the game
        (``Game.save_plans``): a configuration's fields never change."""
        plan = game.save_plans.get(cls)
        if plan is None:
            plan = game.save_plans[cls] = tuple(
                (f.save_key, f.name, f.codec) for f in cls.used_fields(game))
        return plan

    def to_json(self) -> dict:
        game = self.game
        out: dict[str, Any] = {"format": self.FORMAT, "game": game.NAME}
        for key, name, codec in self.save_plan(game):
            out[key] = codec.dump_in(getattr(self, name), game)
        return out

    @classmethod
    def from_json(cls, game: Any, data: Any) -> DeclaredState:
        """Check, migrate and build; see the module docstring. Nothing is built before
        every field has been read."""
        what = f"{game.NAME} state"
        d = dict(expect_dict(data, what))
        version = d.pop("format", 0)
        if version.__class__ is not int or not 0 <= version <= cls.FORMAT:
            raise RuleError(f"format: {quote(version)} is not a save format of this version "
                            f"of {game.NAME} (formats 0..{cls.FORMAT})")
        while version < cls.FORMAT:
            migrate = cls.MIGRATIONS.get(version)
            if migrate is None:
                raise RuleError(f"format: saves of format {version} can no longer be read")
            d = migrate(d)
            version += 1
        fields = cls.used_fields(game)
        d = expect_dict(d, what, ("game", *(f.save_key for f in fields)))
        expect_str(d["game"], "game", [game.NAME])
        values = {f.name: f.codec.load(d[f.save_key], f.save_key, game) for f in fields}
        state = cls.__new__(cls)
        state.game = game
        for f in cls.FIELDS:
            setattr(state, f.name, values[f.name] if f.name in values else _at(f.default, game))
        state._check_save()
        check_conserved(state)
        state._loaded()
        return state

    def components(self) -> dict[str, list[str]]:
        """The census read off the declaration, for a game that names its
        ``COMPONENTS``: every field whose ids are ``Str`` choices from one of those
        functions (inside ``Opt`` and ``Tuple``) holds components of that kind. Without
        ``COMPONENTS``: none (a game may write its own census instead)."""
        kinds = self.game.COMPONENTS
        if not kinds:
            return {}
        out: dict[str, list[str]] = {kind: [] for kind in kinds}
        for f in self.used_fields(self.game):
            leaf = f.codec
            while isinstance(leaf, (Opt, Tuple)):
                leaf = leaf.inner
            if isinstance(leaf, Str):
                kind = next((k for k, ids in kinds.items() if ids is leaf.choices), None)
                if kind is not None:
                    _gather(getattr(self, f.name), out[kind])
        return {kind: sorted(ids) for kind, ids in out.items()}

    def _check_save(self) -> None:
        """Raise :class:`RuleError` for what no codec can say (components conserved, the
        turn structure). Runs on a state built from a save, before anyone sees it."""

    def _loaded(self) -> None:
        """Derive the caches of a freshly loaded state (games with stages settle here)."""

    def _seen_from(self, state: DeclaredState) -> None:
        """Take the caches of a seen state (:func:`seen_state`) from ``state``, the same
        position. A game whose caches hold what a seat may not see drops them here."""
        for name in self.CACHES:
            if hasattr(state, name):
                setattr(self, name, getattr(state, name))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and self.game == other.game
                and self.to_json() == other.to_json())

    __hash__ = None  # type: ignore[assignment]


def check_conserved(state: State) -> None:
    """Every counted component of the set is somewhere, once (``State.components``
    against ``Game.components``), or :class:`RuleError` naming the kind and the ids
    missing or extra. Generic, so no game writes its own census of a save."""
    want = state.game.components()
    have = state.components()
    for kind in sorted(set(want) | set(have)):
        w, h = sorted(want.get(kind, ())), sorted(have.get(kind, ()))
        if w != h:
            missing = sorted(set(w) - set(h)) or [c for c in w if w.count(c) > h.count(c)]
            extra = sorted(set(h) - set(w)) or [c for c in h if h.count(c) > w.count(c)]
            # No field found at all: the census matches COMPONENTS by function identity.
            why = "" if h else (
                f" (no field holds {kind} ids: a field counts when its codec is Str(f) with "
                f"f the very function COMPONENTS[{kind!r}] names, the same object, not a "
                "lambda or a copy; docs/dev/adding-a-game.md, 'The components')")
            raise RuleError(
                f"{kind}: every one must be in exactly one place; "
                + (f"missing {', '.join(map(str, missing[:6]))}" if missing else "")
                + ("; " if missing and extra else "")
                + (f"extra {', '.join(map(str, extra[:6]))}" if extra else "") + why)


def _gather(value: Any, into: list[str]) -> None:
    """Every id in ``value`` (an id, None, or tuples of them), into ``into``."""
    if isinstance(value, tuple):
        for v in value:
            _gather(v, into)
    elif value is not None:
        into.append(value)


#: A field with no empty value: ``fresh`` must be given it.
_GIVE = object()


def _marks_repeat_only(values: Sequence[Any]) -> bool:
    """Whether only hidden-component marks repeat in ``values`` (two hidden cards)."""
    ids = [v for v in values if not is_unseen(v)]
    return len(set(ids)) == len(ids)


# -- the seen state: what a picture is drawn from ------------------------------------------

class Seen:
    """Mixin of a seen state (:func:`seen_state`): a position as one viewer sees it, to be
    read (drawn, explained to that viewer), never played: its hidden places hold marks, so
    a move applied to it would be a move in no real game."""

    __slots__ = ()

    def apply(self, action: Any, by: int | None = None) -> None:
        raise RuleError(f"{self.game.NAME}: this is a position as one seat sees it (for "  # type: ignore[attr-defined]
                        "drawing); apply moves to the game's own state")


_SEEN_CLASSES: dict[type, type] = {}


def seen_state(state: DeclaredState, viewer: int | None) -> DeclaredState:
    """``state`` as ``viewer`` sees it (None: nobody, only public zones): a state of the
    game's own class (so it reads as the state does), made from the zones' seen save
    (``ZoneTable.seen``), every place the zones hide from ``viewer`` holding the mark
    ``zones.UNSEEN`` (or the mark with the back the zone shows) instead of a component id.

    Why: a renderer handed the true state and a viewer decided a second time what the viewer
    may see, and one forgotten check showed a hidden card. Handed this instead, it has no
    hidden id to show: it draws a mark as a card back (``zones.is_unseen``). The save is
    read by the fields' codecs (a mark allowed where an id is), its caches taken from
    ``state`` (``_seen_from``: the same position, not settled again, since settling may
    read what the viewer may not see); the census and the game's own save checks are
    skipped, since hidden cards no longer count. The class is the state's own with
    :class:`Seen` mixed in, which refuses ``apply``."""
    game = state.game
    zones = game.ZONES
    save = state.to_json() if zones is None else zones.seen(state, viewer)
    cls = type(state)
    seen_cls = _SEEN_CLASSES.get(cls)
    if seen_cls is None:
        seen_cls = _SEEN_CLASSES[cls] = type("Seen" + cls.__name__, (Seen, cls),
                                             {"__slots__": (), "__module__": cls.__module__})
    token = _LOADING_SEEN.set(True)
    try:
        values = {f.name: f.codec.load(save[f.save_key], f.save_key, game)
                  for f in cls.used_fields(game)}
    finally:
        _LOADING_SEEN.reset(token)
    new = seen_cls.__new__(seen_cls)
    new.game = game
    for f in cls.FIELDS:
        setattr(new, f.name, values[f.name] if f.name in values else _at(f.default, game))
    new._seen_from(state)
    return new


def replace_at(values: tuple, i: int, value: Any) -> tuple:
    """``values`` with entry ``i`` replaced: how a per-seat field changes (fields hold
    tuples, never lists, so a clone can share them).

    Speed, measured: one list copy beats joining three slices on these short tuples
    (0.65 against 1.16 us a call); Magical's 3- and 4-player lines of
    benchmarks/engines.py ran at 0.965x and 0.962x of the hand-written version with the
    slices, 1.003x and 1.007x with this. It also refuses an index out of range (IndexError)
    where the slices silently appended."""
    out = list(values)
    out[i] = value
    return tuple(out)


def add_at(values: tuple, i: int, k: int) -> tuple:
    """``values`` with ``k`` added to entry ``i`` (one list copy: see :func:`replace_at`)."""
    out = list(values)
    out[i] += k
    return tuple(out)


def _copier(names: Sequence[str]) -> Callable[[Any, Any], None]:
    """``copy(self, new)`` assigning each slot of ``names``: one generated function, as
    fast as writing the assignments out (a loop with ``setattr`` is about 3x slower, and
    clone is on every search bot's hot path)."""
    lines = ["def copy(self, new):"] + [f"    new.{n} = self.{n}" for n in names]
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)  # noqa: S102 - built from identifiers declared in code
    return scope["copy"]


def slots_of(fields: Iterable[Field], caches: Iterable[str] = ()) -> tuple[str, ...]:
    """The ``__slots__`` a declared state needs: ``slots_of(FIELDS, CACHES)``."""
    return (*(f.name for f in fields), *caches)


__all__ = ["Bool", "Codec", "Custom", "DeclaredState", "Field", "Int", "Map", "Opt",
           "PerSeat", "Record", "Seat", "Seen", "Str", "Tuple", "add_at", "check_conserved",
           "loading_seen", "replace_at", "seen_state", "slots_of"]
