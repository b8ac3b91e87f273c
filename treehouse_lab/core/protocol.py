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
import importlib
import types
import typing
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, Sequence

from ..errors import IllegalActionError, RuleError, clip, quote
from .jsonio import check_depth
from .options import Option, resolve_options
from .seating import player_name

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

#: The longest string or tuple an action field may hold.
MAX_FIELD_LENGTH = 256
#: The longest message an illegal action gets (a game's own sentence may quote the action).
MAX_MESSAGE = 1000


class Action:
    """Base for action values: frozen dataclasses that compare, hash and go to JSON.

    Subclasses are ``@dataclass(frozen=True)`` with JSON-native fields (int, str, bool,
    None, or tuples of them) and a class-level ``KIND``. ``str(action)`` is the sentence a
    student reads; it must be unique among the legal actions of a state.
    """

    __slots__ = ()
    KIND: ClassVar[str] = "action"

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
                raise RuleError(f"action {cls.KIND!r}: field {name} has a bad value {quote(v)}")
            values[name] = v
        try:
            return cls(**values)
        except RuleError:
            raise
        except (TypeError, ValueError) as exc:
            raise RuleError(f"action {cls.KIND!r}: {clip(str(exc))}") from None


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

    Subclasses set ``NAME``, ``TITLE``, ``OPTIONS`` (including ``players``),
    ``ACTION_TYPES`` and ``RENDERER`` (the module path of their ``render`` module), and
    implement ``new_initial_state`` and ``_state_from_json``.
    """

    NAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    ACTION_TYPES: ClassVar[tuple[type[Action], ...]] = ()
    #: Dotted path of the module with ``render_svg``, ``render_text`` and ``click_paths``.
    #: Imported on first use only, so loading a game never pays for drawing it.
    RENDERER: ClassVar[str] = ""
    #: Where components can be and who sees them (``core/zones.py``); None when the game
    #: hides nothing. Observations, ``hidden_from`` and determinization derive from it.
    ZONES: ClassVar[Any] = None

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
        """Option sets the conformance suite plays.

        Every player count is crossed with every combination of modules (module options
        hold sets, and modules interact, so each subset is its own game); every other
        option's values are varied one at a time on top of the default modules, since a
        full product of independent variant rules would explode.
        """
        return configurations_of(cls.OPTIONS)

    def player_name(self, seat: int) -> str:
        return player_name(seat)

    def check_seat(self, seat: Any, where: str) -> int:
        """``seat`` if it is one of this game's seats, else :class:`RuleError` naming
        ``where`` and the seats allowed. Why a check of its own: ``True == 1`` and ``-1``
        indexes the last seat in Python, so an unchecked seat silently shows another
        player's cards."""
        n = self.players
        if seat.__class__ is int and 0 <= seat < n:
            return seat
        raise RuleError(f"{where}: player must be a seat 0..{n - 1} (a whole number), "
                        f"got {quote(seat)}")

    def determinize(self, observation: Any, seat: int, rng: Any) -> State:
        """A state drawn at random among those ``seat`` cannot tell from the one that
        gave ``observation``: the components hidden from the seat dealt again into the
        places it cannot see, keeping what it saw or placed (see ``core/zones.py``).

        Built from the observation alone, never from the true state, so a search bot that
        samples here cannot peek. Games declare their zones (``ZONES``); the dealing is
        written once, in core."""
        from .zones import determinize

        return determinize(self, observation, self.check_seat(seat, "determinize"), rng)

    # -- to implement ---------------------------------------------------------------
    def new_initial_state(self) -> State:
        raise NotImplementedError

    def _state_from_json(self, data: dict) -> State:
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------
    def state_from_json(self, data: Any) -> State:
        """The state a ``to_json()`` dict describes; malformed or inconsistent data raises
        :class:`RuleError` and builds nothing. Depth is checked here, once for every game,
        before any recursive reader sees the data."""
        check_depth(data, f"{self.name} state")
        return self._state_from_json(data)

    def action_from_json(self, data: Any) -> Action:
        check_depth(data, f"{self.name} action", limit=16)
        if not isinstance(data, dict) or "kind" not in data:
            raise RuleError(f"{self.name}: an action must be an object with a 'kind' field")
        kind = data["kind"]
        cls = self._action_types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise RuleError(
                f"{self.name}: unknown action kind {quote(kind, 40)}; "
                f"kinds are {', '.join(sorted(self._action_types))}"
            )
        return cls.from_json(data)

    def components(self) -> dict[str, list[str]]:
        """Every counted component of the set in play, by kind: the inventory that each
        state must conserve (see ``State.components``)."""
        return {}

    # -- drawing (each game's ``render`` module, loaded lazily) ------------------------
    def _renderer(self) -> Any:
        if not self.RENDERER:
            raise NotImplementedError(f"{self.name} has no renderer")
        return importlib.import_module(self.RENDERER)

    def render_svg(self, state: State, **view: Any) -> str:
        """An SVG picture of ``state``. ``view`` may carry ``viewer`` (the seat at the
        screen: whose hidden cards to show), ``selection`` (targets clicked so far) and
        ``targets`` (what may be clicked)."""
        return self._renderer().render_svg(state, **view)

    def render_text(self, state: State) -> str:
        if not self.RENDERER:
            return repr(state)
        return self._renderer().render_text(state)

    def click_paths(self, state: State, player: int | None = None) -> dict[Action, tuple[str, ...]]:
        """For a board: each legal action of ``player`` (the single actor when None) and
        the SVG targets clicked, in order, to pick it. Targets are the ``data-target`` ids
        the renderer draws."""
        if not self.RENDERER:
            return {}
        return self._renderer().click_paths(state, player)


def configurations_of(options: Sequence[Option]) -> list[dict]:
    """See :meth:`Game.configurations`."""
    players = next(o for o in options if o.name == "players")
    modules = [o for o in options if o.is_set()]
    others = [o for o in options if o.name != "players" and not o.is_set()]
    module_combos: list[dict] = [{}]
    for opt in modules:
        module_combos = [
            {**combo, opt.name: value} for combo in module_combos for value in opt.test_values()
        ]
    configs = []
    for n in players.test_values():
        for combo in module_combos:
            configs.append({"players": n, **combo})
        for opt in others:
            for value in opt.test_values():
                if value != opt.default:
                    configs.append({"players": n, opt.name: value})
    return configs


class State:
    """One position of a game. Mutable through ``apply`` only; ``child`` and ``clone``
    give independent copies.

    Games implement the underscored methods; the public ones wrap them with the
    guarantees of the protocol: a legality check before anything changes, ``by`` checked
    against ``actors()``, and fresh lists for the caller (``legal_actions`` and
    ``chance_outcomes`` may be cached by a game: the copies are the caller's to mutate).
    """

    game: Game

    # -- to implement ---------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """A seat when one player decides; ``CHANCE``, ``TERMINAL``, or ``SIMULTANEOUS``
        when several may act (then ``actors()`` says who)."""
        raise NotImplementedError

    def _actors(self) -> list[int]:
        """Who may act at a ``SIMULTANEOUS`` node. Games with real-time phases override."""
        return []

    def _legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return []

    def _is_legal(self, action: Action, player: int) -> bool:
        """Whether ``player`` may take ``action`` now (``player`` is ``CHANCE`` for a chance
        outcome). The default builds the list; games override it with a lookup where that
        list is costly (it runs on every ``apply``)."""
        if player == CHANCE:
            return any(o == action for o, _ in self._chance_outcomes())
        return action in self._legal_actions(player)

    def _apply(self, action: Action, player: int) -> None:
        """Change the state; ``action`` is known to be legal for ``player`` (``CHANCE``
        for a chance outcome)."""
        raise NotImplementedError

    def returns(self) -> list:
        """The utility a search bot maximises, on one scale for every game: at a terminal
        state 1 for a sole winner, 1/k to each of k tied winners, 0 to everyone else (so
        they sum to 1); all 0 before the end. Points are in :meth:`scores`."""
        if not self.is_terminal():
            return [0] * self.game.players
        winners = self.winners()
        share = Fraction(1, len(winners))
        return [share if p in winners else Fraction(0) for p in range(self.game.players)]

    def scores(self) -> list[dict]:
        """The rulebook's points, one dict per seat: ``{"total": n, <source>: n, ...}``,
        the breakdown by the rulebook's scoring categories. Games without points (a race
        to match, like Treehouse) raise ``RuleError``. Valid at any state: before the end
        it is what each player would score if the game ended now."""
        raise RuleError(f"{self.game.name} has no points: see winners() and returns()")

    def winners(self) -> list[int]:
        raise NotImplementedError

    def observation(self, player: int) -> dict:
        """JSON dict of what seat ``player`` may see (the seat is checked: a bool, a
        negative or an out-of-range seat raises :class:`RuleError`). Under ``"seen"`` it
        holds the save as the seat sees it (``core/zones.py``): everything the seat knows,
        which is what ``game.determinize`` deals from."""
        seat = self.game.check_seat(player, "observation")
        out = self._observation(seat)
        zones = self.game.ZONES
        out["seen"] = self.to_json() if zones is None else zones.seen(self, seat)
        return out

    def _observation(self, player: int) -> dict:
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
        ``observation(player)``. The seat is checked as in :meth:`observation`."""
        return self._hidden_from(self.game.check_seat(player, "hidden_from"))

    def _hidden_from(self, player: int) -> set[str]:
        zones = self.game.ZONES
        return set() if zones is None else zones.hidden_from(self, player)

    # -- shared ---------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_simultaneous_node(self) -> bool:
        return self.current_player == SIMULTANEOUS

    def actors(self) -> list[int]:
        """The seats that may act now, in seat order: one in turn-based play, several in
        a real-time phase, none at chance and terminal nodes."""
        p = self.current_player
        if p >= 0:
            return [p]
        if p == SIMULTANEOUS:
            return sorted(self._actors())
        return []

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """``[(outcome, Fraction)]`` at a chance node, summing to exactly 1; a new list."""
        if self.current_player != CHANCE:
            return []
        return list(self._chance_outcomes())

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """What ``player`` may do now (a new list, the caller's to mutate). ``player`` may
        be left out when at most one seat may act; at a chance node these are the
        outcomes."""
        p = self.current_player
        if p >= 0:  # one player decides: the common case, kept short
            if player is None or (player.__class__ is int and player == p):
                return list(self._legal_actions(p))
            return []
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [o for o, _ in self._chance_outcomes()]
        actors = self.actors()
        if player is None:
            if len(actors) != 1:
                raise RuleError(
                    f"{self.game.name}: {self._actor_names(actors)} may act now: "
                    "say whose actions, legal_actions(player)"
                )
            player = actors[0]
        if player not in actors:
            return []
        return list(self._legal_actions(player))

    def is_legal(self, action: Any, by: int | None = None) -> bool:
        """Whether ``action`` may be applied now (by seat ``by`` where several may act)."""
        if not isinstance(action, Action):
            return False
        p = self.current_player
        if p == TERMINAL:
            return False
        if p == CHANCE:
            return by in (None, CHANCE) and self._is_legal(action, CHANCE)
        actors = self.actors()
        if by is None:
            if len(actors) != 1:
                return False
            by = actors[0]
        return by in actors and self._is_legal(action, by)

    def apply(self, action: Action, by: int | None = None) -> None:
        """Apply a legal action or chance outcome; anything else raises
        :class:`IllegalActionError` and leaves the state exactly as it was.

        ``by`` is the seat acting. It may be left out when one seat may act; where several
        may (a real-time phase) it is required, and a seat that may not act now is refused.
        """
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"{self.game.name}: {quote(action)} is not an action; pick one of "
                "state.legal_actions()"
            )
        p = self.current_player
        if p == CHANCE:
            if by is not None and by != CHANCE:
                raise IllegalActionError(
                    f"{self.game.name}: this is a chance node; no player acts (by={quote(by)})"
                )
            if not self._is_legal(action, CHANCE):
                raise IllegalActionError(clip(self.why_illegal(action), MAX_MESSAGE))
            self._apply(action, CHANCE)
            return
        if p >= 0 and (by is None or (by.__class__ is int and by == p)):
            seat = p  # one player decides: the common case, kept short
        else:
            seat = self._acting_seat(by)
        if not self._is_legal(action, seat):
            raise IllegalActionError(clip(self.why_illegal(action, by=seat), MAX_MESSAGE))
        self._apply(action, seat)

    def _acting_seat(self, by: Any) -> int:
        """The seat that acts: ``by`` checked against ``actors()``, or the only actor."""
        if self.is_terminal():
            raise IllegalActionError(f"{self.game.name}: the game is over; nobody may act")
        actors = self.actors()
        if by is None:
            if len(actors) == 1:
                return actors[0]
            raise IllegalActionError(
                f"{self.game.name}: {self._actor_names(actors)} may act now: "
                "say who acts, apply(action, by=seat)"
            )
        if isinstance(by, bool) or not isinstance(by, int) or by not in actors:
            raise IllegalActionError(
                f"{self.game.name}: seat by={quote(by)} may not act now; "
                f"{self._actor_names(actors)} may"
            )
        return by

    def _actor_names(self, actors: Sequence[int]) -> str:
        if not actors:
            return "nobody"
        names = [self.game.player_name(a) for a in actors]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def child(self, action: Action, by: int | None = None) -> State:
        new = self.clone()
        new.apply(action, by=by)
        return new

    def why_illegal(self, action: Action, by: int | None = None) -> str:
        """A sentence naming the rule that forbids ``action`` here. Games override this to
        cite their rulebook; the default lists what is allowed."""
        if self.is_terminal():
            return f"{action} is not allowed: the game is over"
        if self.is_chance_node():
            legal = self.legal_actions()
            who = "chance"
        else:
            actors = self.actors()
            seat = by if by in actors else (actors[0] if len(actors) == 1 else None)
            if seat is None:
                return f"{action} is not legal now: {self._actor_names(actors)} may act"
            legal = self.legal_actions(seat)
            who = self.game.player_name(seat)
        shown = "; ".join(map(str, legal[:8])) + (" ..." if len(legal) > 8 else "")
        return f"{action} is not legal now ({who} to move). Legal: {shown}"

    def narrate(self, action: Action, by: int | None = None) -> str:
        """The log line for ``action`` taken in this state (before it is applied)."""
        if self.is_chance_node():
            return str(action)
        seat = by if by is not None else self.current_player
        return f"{self.game.player_name(seat)}: {action}"

    def explain(self, action: Action, by: int | None = None) -> str:
        """Why ``action`` is allowed, citing the rulebook. Games override."""
        return str(action)

    def find_action(self, text: str, by: int | None = None) -> Action:
        """The legal action whose text is ``text``: handy in notebooks."""
        legal = self.legal_actions(by)
        for a in legal:
            if str(a) == text:
                return a
        raise IllegalActionError(
            f"no legal action reads {quote(text)}; legal: "
            + "; ".join(str(a) for a in legal[:12])
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

    def click_paths(self, player: int | None = None) -> dict[Action, tuple[str, ...]]:
        return self.game.click_paths(self, player)


__all__: Sequence[str] = (
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "Action", "Game", "State",
)
