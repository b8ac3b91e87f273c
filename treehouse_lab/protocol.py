"""The engine protocol (shared/design/engine-protocol.md) as two base classes.

Why base classes and not just a document: ``apply`` must check legality *before* it changes
anything, ``child`` must never touch the original, and every game must answer the same
questions for the conformance suite. Writing that once here means a game only implements
its rules (``_legal_actions``, ``_apply``, ``chance_outcomes``, scoring, JSON) and inherits
the guarantees.

Player ids follow OpenSpiel: seats are 0..n-1, and the special ids below are negative.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, Iterable, Sequence

from .core.options import Option, resolve_options
from .core.seating import player_name
from .errors import IllegalActionError, RuleError

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4


class Action:
    """Base for action values: frozen dataclasses that compare, hash and go to JSON.

    Subclasses are ``@dataclass(frozen=True)`` with JSON-native fields (int, str, bool,
    None, or tuples of them) and a class-level ``KIND``. ``str(action)`` is the sentence a
    student reads; it must be unique among the legal actions of a state.
    """

    __slots__ = ()
    KIND: ClassVar[str] = "action"

    def __post_init__(self) -> None:
        """Check every field against its annotation, once for every game, so a malformed
        action (from JSON or typed by hand) fails at construction with the field named."""
        for name, check, wanted in _field_checks(type(self)):
            value = getattr(self, name)
            if not check(value):
                raise TypeError(f"{self.KIND}: {name} must be {wanted}, got {value!r}")

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
            out[f.name] = _to_json_value(getattr(self, f.name))
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
            v = _from_json_value(data[name])
            if not _json_atom_or_tuple(v):
                raise RuleError(f"action {cls.KIND!r}: field {name} has a bad value {v!r}")
            values[name] = v
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise RuleError(f"action {cls.KIND!r}: {exc}") from None


def _checker(tp: Any) -> tuple[Any, str] | None:
    """A predicate and a description for a JSON-native annotation (int, str, bool, None,
    tuples and unions of them); None for anything else, which is left unchecked."""
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
        parts = [_checker(a) for a in typing.get_args(tp)]
        if any(p is None for p in parts):
            return None
        return (lambda v: any(c(v) for c, _ in parts)), " or ".join(d for _, d in parts)
    return None


@cache
def _field_checks(cls: type) -> tuple[tuple[str, Any, str], ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        checker = _checker(hints.get(f.name))
        if checker is not None:
            out.append((f.name, *checker))
    return tuple(out)


def _to_json_value(v: Any) -> Any:
    return [_to_json_value(x) for x in v] if isinstance(v, tuple) else v


def _from_json_value(v: Any) -> Any:
    return tuple(_from_json_value(x) for x in v) if isinstance(v, list) else v


def _json_atom_or_tuple(v: Any) -> bool:
    if isinstance(v, tuple):
        return all(_json_atom_or_tuple(x) for x in v)
    return v is None or isinstance(v, (bool, int, str))


def _sortable(v: Any) -> tuple:
    if v is None:
        return (0, 0)
    if isinstance(v, tuple):
        return (3, tuple(_sortable(x) for x in v))
    if isinstance(v, (bool, int)):
        return (1, int(v))
    return (2, str(v))


class Game:
    """A configured game: rules plus resolved options. Immutable once made.

    Subclasses set ``NAME``, ``TITLE``, ``OPTIONS`` (including ``players``) and
    ``ACTION_TYPES``, and implement ``new_initial_state`` and ``state_from_json``.
    """

    NAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    ACTION_TYPES: ClassVar[tuple[type[Action], ...]] = ()

    def __init__(self, **options: Any) -> None:
        self.options: dict = resolve_options(self.NAME, self.OPTIONS, options)
        self.name: str = self.NAME
        self.players: int = self.options["players"]
        self._action_types = {t.KIND: t for t in self.ACTION_TYPES}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}, {opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self.options) == (other.name, other.options)

    def __hash__(self) -> int:
        return hash((self.name, repr(sorted(self.options.items()))))

    @classmethod
    def configurations(cls) -> list[dict]:
        """Option sets the conformance suite plays: every value of every option, each
        varied on its own and with every player count (a full product would explode)."""
        players = next(o for o in cls.OPTIONS if o.name == "players")
        others = [o for o in cls.OPTIONS if o.name != "players"]
        configs = []
        for n in players.test_values():
            configs.append({"players": n})
            for opt in others:
                for value in opt.test_values():
                    if value != opt.default:
                        configs.append({"players": n, opt.name: value})
        return configs

    def player_name(self, seat: int) -> str:
        return player_name(seat)

    # -- to implement ---------------------------------------------------------------
    def new_initial_state(self) -> State:
        raise NotImplementedError

    def state_from_json(self, data: Any) -> State:
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------
    def action_from_json(self, data: Any) -> Action:
        if not isinstance(data, dict) or "kind" not in data:
            raise RuleError(f"{self.name}: an action must be an object with a 'kind' field")
        kind = data["kind"]
        cls = self._action_types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise RuleError(
                f"{self.name}: unknown action kind {kind!r}; "
                f"kinds are {', '.join(sorted(self._action_types))}"
            )
        return cls.from_json(data)

    def components(self) -> dict[str, list[str]]:
        """Every counted component of the set in play, by kind: the inventory that each
        state must conserve (see ``State.components``)."""
        return {}

    # -- drawing (each game's ``render`` module) -------------------------------------
    def render_svg(self, state: State, **view: Any) -> str:
        """An SVG picture of ``state``. ``view`` may carry ``viewer`` (whose hand to show),
        ``selection`` (targets clicked so far) and ``targets`` (what may be clicked)."""
        raise NotImplementedError

    def render_text(self, state: State) -> str:
        return repr(state)

    def click_paths(self, state: State) -> dict[Action, tuple[str, ...]]:
        """For a board: each legal action and the SVG targets clicked, in order, to pick
        it. Targets are the ``data-target`` ids the renderer draws."""
        return {}


class State:
    """One position of a game. Mutable through ``apply`` only; ``child`` and ``clone``
    give independent copies."""

    game: Game

    # -- to implement ---------------------------------------------------------------
    @property
    def current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return []

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def returns(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def observation(self, player: int) -> dict:
        raise NotImplementedError

    def to_json(self) -> dict:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def components(self) -> dict[str, list[str]]:
        """Every counted component, by kind, wherever it is now (sorted ids). Equal to
        ``game.components()`` in every state: nothing is made or lost."""
        return {}

    def hidden_from(self, player: int) -> set[str]:
        """Ids of components ``player`` cannot see now; none may appear in
        ``observation(player)``."""
        return set()

    # -- shared ---------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_simultaneous_node(self) -> bool:
        return self.current_player == SIMULTANEOUS

    def actors(self) -> list[int]:
        p = self.current_player
        return [p] if p >= 0 else []

    def legal_actions(self, player: int | None = None) -> list[Action]:
        p = self.current_player
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [o for o, _ in self.chance_outcomes()]
        if player is None:
            player = p
        if player not in self.actors():
            return []
        return self._legal_actions(player)

    def apply(self, action: Action) -> None:
        """Apply a legal action or chance outcome; anything else raises
        :class:`IllegalActionError` and leaves the state exactly as it was."""
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"{self.game.name}: {action!r} is not an action; pick one of "
                "state.legal_actions()"
            )
        if action not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(action))
        self._apply(action)

    def child(self, action: Action) -> State:
        new = self.clone()
        new.apply(action)
        return new

    def why_illegal(self, action: Action) -> str:
        """A sentence naming the rule that forbids ``action`` here. Games override this to
        cite their rulebook; the default lists what is allowed."""
        if self.is_terminal():
            return f"{action} is not allowed: the game is over"
        legal = self.legal_actions()
        shown = "; ".join(map(str, legal[:8])) + (" ..." if len(legal) > 8 else "")
        who = "chance" if self.is_chance_node() else self.game.player_name(self.current_player)
        return f"{action} is not legal now ({who} to move). Legal: {shown}"

    def narrate(self, action: Action) -> str:
        """The log line for ``action`` taken in this state (before it is applied)."""
        if self.is_chance_node():
            return str(action)
        return f"{self.game.player_name(self.current_player)}: {action}"

    def explain(self, action: Action) -> str:
        """Why ``action`` is allowed, citing the rulebook. Games override."""
        return str(action)

    def find_action(self, text: str) -> Action:
        """The legal action whose text is ``text``: handy in notebooks."""
        for a in self.legal_actions():
            if str(a) == text:
                return a
        raise IllegalActionError(
            f"no legal action reads {text!r}; legal: "
            + "; ".join(str(a) for a in self.legal_actions()[:12])
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and self.game == other.game
            and self.to_json() == other.to_json()
        )

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.game.render_text(self)

    def _repr_svg_(self) -> str:
        return self.game.render_svg(self)

    def render_svg(self, **view: Any) -> str:
        return self.game.render_svg(self, **view)

    def click_paths(self) -> dict[Action, tuple[str, ...]]:
        return self.game.click_paths(self)


def exact_sum(outcomes: Iterable[tuple[Any, Fraction]]) -> Fraction:
    return sum((p for _, p in outcomes), Fraction(0))


def check_players(seat: Any, players: int, where: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise RuleError(f"{where}: player must be a seat 0..{players - 1}, got {seat!r}")
    return seat


__all__: Sequence[str] = (
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "Action", "Game", "State",
)
