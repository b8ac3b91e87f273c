"""Each rule in one place: action kinds, and a vocabulary of named conditions.

Why this module exists: a game's rules for one kind of action (when it is allowed, what it
changes, why it is allowed, and the log line) used to live in four parallel ``isinstance``
chains (``_apply``, ``why_illegal``, ``explain``, ``narrate``), and a card's condition in
three parallel string switches (check the data, evaluate it, describe it). Adding a kind
meant editing four places, and forgetting one was silent until a student hit it. Here:

* a :class:`Kind` holds everything about one action type, and a :class:`KindTable` maps
  action types to kinds. A state class that derives from :class:`KindState` dispatches
  ``_is_legal``, ``_apply``, ``why_illegal``, ``explain`` and ``narrate`` through the table,
  so a game never writes those chains. Registering a kind that leaves out a part fails at
  import, not mid-game.
* a :class:`Vocabulary` holds named conditions (or effects): each is one function, declared
  with its parameters and its sentence. Data files name a term and its parameters
  (``{ kind = "run_at_least", length = 4 }``); the vocabulary checks the data when it is
  loaded, evaluates it, and writes its text, so text and rule can never disagree.

Sketch (a game with one action, in the declarative dialect)::

    RULES = KindTable("coins")

    @RULES.kind(Take)
    class TakeKind(Kind):
        CLICKS = ("pile:{n}",)  # the board targets clicked, from the action's fields

        def generate(self, state, seat):  # legality, stated once: the moves themselves
            return [Take(n) for n in range(1, min(3, state.pile) + 1)]
        def refusal(self, state, action, player):  # asked only of a move not generated
            if player != state.top.player:
                return None  # not this seat's turn: the protocol lists what is legal
            return (f"{action} is not allowed: one to three coins, at most the "
                    f"{state.pile} in the pile (rulebook, 'Your turn')")
        def apply(self, state, action, player):
            state.pile -= action.n
        def explain(self, state, action, player):
            return f"Taking: {state.pile} coins are left, so {action.n} may be taken"
        def narrate(self, state, action, player):
            return f"{state.game.player_name(player)} takes {action.n}"

    @dataclass(frozen=True)
    class TurnStage(Stage):  # core/stages.py: a stage offers kinds, in order
        NAME = "turn"
        OFFERS = (Take,)
        player: int

    class CoinsState(StagedState):  # a KindState whose turns are stages
        KINDS = RULES

No ``why_not``: the default is None exactly for the generated moves and ``refusal()``'s
sentence for any other, read off the position like every game's (None: the protocol's
"not legal now ... Legal: ..." listing). Write a ``why_not`` only where a refusal must
say more than that.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Generic, Iterator, Mapping, Sequence, TypeVar

from ..errors import RuleError, quote
from .actions import Action
from .state import CHANCE, SIMULTANEOUS, State

A = TypeVar("A", bound=Action)
K = TypeVar("K", bound="Kind")
T = TypeVar("T")

#: The parts every kind defines. ``why_not`` has a default built on the generated moves,
#: ``is_legal`` one built on ``why_not``, ``narrate`` the protocol's log line.
PARTS: tuple[str, ...] = ("apply", "explain")


class Kind:
    """How one kind of action works: legality, application and words, together.

    Subclass it, define its parts, and register it with :meth:`KindTable.kind`. Every
    part receives the state, the action and the acting ``player`` (a seat, or ``CHANCE``
    for a chance outcome). Parts are consulted only while the game is running: a terminal
    state refuses everything through :meth:`KindState._over`.
    """

    #: The action type this kind handles (set when registered).
    action: type[Action] = Action

    def generate(self, state: Any, seat: int) -> list[Action]:
        """The legal moves of this kind for ``seat`` now, in a fixed order. A stage lists
        its kinds' moves (core/stages.py), so legality is a lookup in this list and
        ``why_not`` must be None exactly for the moves generated here (the conformance
        suite checks both ways)."""
        raise NotImplementedError(f"{type(self).__name__} does not generate its moves")

    #: The click path as templates over the action's fields and ``seat``, where that is
    #: all it is: ``("card:{card}", "trash:{seat}")``. Else override :meth:`click_path`.
    CLICKS: ClassVar[tuple[str, ...]] = ()

    def click_path(self, state: Any, action: Any, seat: int) -> tuple[str, ...]:
        """The board targets clicked, in order, to choose ``action`` (the ``data-target``
        ids the game's renderer draws); by default ``CLICKS`` filled in."""
        if not self.CLICKS:
            raise NotImplementedError(f"{type(self).__name__} has no click path")
        values = {f.name: getattr(action, f.name) for f in fields(action)}
        return tuple(t.format(seat=seat, **values) for t in self.CLICKS)

    def why_not(self, state: Any, action: Any, player: int) -> str | None:
        """None when ``player`` may take ``action`` now; otherwise the sentence that names
        the rule forbidding it (cite the rulebook section).

        The default is None exactly for the moves the position hands out (``player``'s
        legal moves, or the outcomes at a chance node), so it agrees with
        :meth:`generate` by construction; any other move gets :meth:`refusal`'s sentence,
        or the protocol's "not legal now ... Legal: ..." listing. Override it only where
        a refusal needs more than that (and keep it None exactly for generated moves)."""
        if state.is_chance_node():
            if player == CHANCE and action in state.legal_actions():
                return None
        elif player >= 0 and action in state.legal_actions(player):
            return None
        return self.refusal(state, action, player) or State.why_illegal(
            state, action, player if player >= 0 else None)

    def refusal(self, state: Any, action: Any, player: int) -> str | None:
        """The default :meth:`why_not`'s sentence for a move the position does not hand
        out: the rule that forbids it, citing the rulebook section, in words that may read
        the position (whose turn it is, the face rolled). None, the default: the
        protocol's "not legal now ... Legal: ..." listing."""
        return None

    def is_legal(self, state: Any, action: Any, player: int) -> bool:
        """``why_not(...) is None``. Override with a cheaper test when this is hot (it runs
        on every ``apply``); it must agree with ``why_not``."""
        return self.why_not(state, action, player) is None

    def apply(self, state: Any, action: Any, player: int) -> None:
        """Change ``state``; ``action`` is known to be legal for ``player``."""
        raise NotImplementedError

    def explain(self, state: Any, action: Any, player: int) -> str:
        """Why the legal ``action`` is allowed here, citing the rulebook."""
        raise NotImplementedError

    def narrate(self, state: Any, action: Any, player: int) -> str:
        """The log line for ``action``, taken in ``state`` (before it is applied); by
        default the protocol's: the outcome's text at chance, else "Player 2: <action>"."""
        return State.narrate(state, action, player if player >= 0 else None)


class KindTable:
    """The kinds of one game, by action type. ``action_types`` (in registration order) is
    what the game lists as ``Game.ACTION_TYPES``, so the two cannot drift apart."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._kinds: dict[type[Action], Kind] = {}
        #: Action type -> kind, read-only: for the engine loop's hot path, where the
        #: method call of :meth:`get` shows in a profile.
        self.by_type: Mapping[type[Action], Kind] = MappingProxyType(self._kinds)
        #: Action type -> its kind's bound ``apply``: what the engine loop calls for every
        #: step (a plain dict, filled as kinds register; read it, never write it).
        self.appliers: dict[type[Action], Callable[[Any, Any, int], None]] = {}
        self._generators: dict[tuple[type[Action], ...], tuple[Callable, ...]] = {}

    def kind(self, action: type[Action]) -> Callable[[type[K]], type[K]]:
        """Class decorator: register the decorated :class:`Kind` subclass for ``action``.

        Raises ``TypeError`` at import when ``action`` is not an Action type, is registered
        twice, or the kind leaves out one of the parts without a default (``PARTS``): a
        programming slip in a game must not wait for a student to reach the forgotten
        rule."""
        if not (isinstance(action, type) and issubclass(action, Action)) or action is Action:
            raise TypeError(f"{self.game}: kinds are registered for Action subclasses, "
                            f"got {action!r}")
        if action in self._kinds:
            raise TypeError(f"{self.game}: {action.__name__} already has a kind")

        def register(cls: type[K]) -> type[K]:
            missing = [p for p in PARTS if getattr(cls, p) is getattr(Kind, p)]
            if missing:
                raise TypeError(f"{self.game}: kind {cls.__name__} for {action.__name__} "
                                f"does not define {', '.join(missing)}")
            instance = cls()
            instance.action = action
            self._kinds[action] = instance
            self.appliers[action] = instance.apply
            return cls

        return register

    @property
    def action_types(self) -> tuple[type[Action], ...]:
        return tuple(self._kinds)

    def get(self, action: Any) -> Kind | None:
        """The kind of ``action`` (exact type), or None for anything else."""
        return self._kinds.get(type(action))

    def of(self, action_type: type[Action]) -> Kind:
        """The kind registered for ``action_type``."""
        return self._kinds[action_type]

    def generators(self, action_types: tuple[type[Action], ...]) -> tuple[Callable, ...]:
        """The bound ``generate`` of each type's kind, in order, looked up once per tuple of
        types, for a stage whose move list runs at nearly every decision (the Diner's
        turn steps, Magical's planning). Bound once, so a ``generate`` replaced on the
        class later is not seen: the core's default ``Stage.legal`` looks kinds up anew."""
        gens = self._generators.get(action_types)
        if gens is None:
            gens = self._generators[action_types] = tuple(
                self._kinds[t].generate for t in action_types)
        return gens

    def __iter__(self) -> Iterator[Kind]:
        return iter(self._kinds.values())

    def __len__(self) -> int:
        return len(self._kinds)


class KindState(State):
    """A :class:`~treehouse_lab.protocol.State` whose rules are a :class:`KindTable`.

    Set ``KINDS``; the protocol's per-action hooks dispatch to the action's kind. Override
    :meth:`_over` for the game's own "the game is over" sentence.
    """

    KINDS: ClassVar[KindTable]

    def _over(self, action: Action) -> str:
        """Why nothing may be done at a terminal state."""
        return f"{action} is not allowed: the game is over"

    def _seat_for(self, by: int | None) -> int:
        """Who would act: ``CHANCE`` at a chance node, else ``by``, else the single actor
        (``SIMULTANEOUS`` when several may act and ``by`` does not say who)."""
        if self.is_chance_node():
            return CHANCE
        if by is not None:
            return by
        actors = self.actors()
        return actors[0] if len(actors) == 1 else SIMULTANEOUS

    def _is_legal(self, action: Action, player: int) -> bool:
        kind = self.KINDS._kinds.get(type(action))
        return kind is not None and kind.is_legal(self, action, player)

    def _apply(self, action: Action, player: int) -> None:
        self.KINDS._kinds[type(action)].apply(self, action, player)

    def why_illegal(self, action: Action, by: int | None = None) -> str:
        self._seat_arg(by, "why_illegal", "by")
        forged = self.forged(action)  # also any action of a type without a kind
        if forged is not None:
            return forged
        kind = self.KINDS.of(type(action))
        if self.is_terminal():
            return self._over(action)
        if (by is not None and by != CHANCE and self.is_chance_node()
                and any(type(o) is type(action) for o, _ in self._chance_outcomes())):
            # A seat asking about an outcome of this chance step: whether it may come up
            # tells what the hidden deck holds, so the seat is told only that no player
            # acts (a player's move keeps its kind's rule).
            return State.why_illegal(self, action, by)
        reason = kind.why_not(self, action, self._seat_for(by))
        return reason if reason is not None else f"{action} is legal now"

    def explain(self, action: Action, by: int | None = None) -> str:
        self._seat_arg(by, "explain", "by")
        kind = self.KINDS.get(action)
        if kind is None or not self.is_legal(action, by):
            return "Not legal. " + self.why_illegal(action, by)
        return kind.explain(self, action, self._seat_for(by))

    def narrate(self, action: Action, by: int | None = None) -> str:
        self._narrator(by)
        kind = self.KINDS.get(action)
        if kind is None:
            return super().narrate(action, by)
        return kind.narrate(self, action, self._seat_for(by))


# -- Vocabulary: named conditions and effects ------------------------------------------------

#: A parameter type: ``check(value, where)`` returns the value normalised (lists become
#: tuples) or raises RuleError naming ``where`` and what is allowed.
Param = Callable[[Any, str], Any]


def whole(lo: int = 0, hi: int = 999) -> Param:
    """A whole number ``lo..hi`` (booleans refused: TOML and JSON ``true`` is not 1)."""
    def check(value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise RuleError(f"{where} must be a whole number {lo}..{hi}, got {quote(value)}")
        return value
    check.__doc__ = f"a whole number {lo}..{hi}"
    return check


def one_of(*choices: str) -> Param:
    """One of ``choices``."""
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise RuleError(f"{where} must be one of {', '.join(choices)}, got {quote(value)}")
        return value
    check.__doc__ = f"one of {', '.join(choices)}"
    return check


def some_of(*choices: str) -> Param:
    """A non-empty list of distinct ``choices`` (kept in the order given)."""
    def check(value: Any, where: str) -> tuple[str, ...]:
        if (not isinstance(value, (list, tuple)) or not value
                or any(not isinstance(c, str) or c not in choices for c in value)
                or len(set(value)) != len(value)):
            raise RuleError(f"{where} must be a non-empty list of distinct values from "
                            f"{', '.join(choices)}, got {quote(value)}")
        return tuple(value)
    check.__doc__ = f"a list of distinct values from {', '.join(choices)}"
    return check


@dataclass(frozen=True)
class Term(Generic[T]):
    """One named condition or effect: its parameters, its evaluation and its sentence.
    ``evaluate(subject, **params)`` and ``text(**params)`` take the checked parameters."""

    name: str
    params: Mapping[str, Param]
    evaluate: Callable[..., T]
    text: Callable[..., str]


class Vocabulary(Generic[T]):
    """Named terms (conditions, or effects) that data files refer to.

    A term is written in data as a table naming it under ``key`` plus its parameters:
    ``{ kind = "run_at_least", length = 4 }``. :meth:`check` validates such a table when
    the data is loaded (unknown name, missing or extra parameter, bad value: a RuleError
    naming ``where``) and returns it normalised and read-only; :meth:`evaluate` and
    :meth:`text` then use it. ``what`` names the vocabulary in messages.
    """

    def __init__(self, what: str, key: str = "kind") -> None:
        self.what = what
        self.key = key
        self._terms: dict[str, Term[T]] = {}

    def define(self, name: str, text: Callable[..., str],
               **params: Param) -> Callable[[Callable[..., T]], Callable[..., T]]:
        """Decorator: the decorated ``evaluate(subject, **params)`` is the term ``name``,
        with ``text(**params)`` its sentence and ``params`` its parameter types."""
        if name in self._terms:
            raise TypeError(f"{self.what} {name!r} is defined twice")
        if self.key in params:
            raise TypeError(f"{self.what} {name!r}: a parameter may not be called {self.key!r}")

        def register(evaluate: Callable[..., T]) -> Callable[..., T]:
            self._terms[name] = Term(name, MappingProxyType(dict(params)), evaluate, text)
            return evaluate

        return register

    def names(self) -> list[str]:
        return list(self._terms)

    def __contains__(self, name: object) -> bool:
        return name in self._terms

    def term(self, name: str) -> Term[T]:
        try:
            return self._terms[name]
        except (KeyError, TypeError):
            raise RuleError(f"unknown {self.what} {quote(name, 40)}; "
                            f"known: {', '.join(self._terms)}") from None

    def check(self, data: Any, where: str) -> Mapping[str, Any]:
        """``data`` validated against the term it names: a read-only mapping with the
        parameters normalised (lists become tuples), so it compares and hashes by value."""
        if not isinstance(data, Mapping):
            example = next(iter(self._terms), "name")
            raise RuleError(f"{where}: expected a table naming the {self.what}, like "
                            f"{{ {self.key} = \"{example}\", ... }}, got {quote(data)}")
        name = data.get(self.key)
        if not isinstance(name, str) or name not in self._terms:
            raise RuleError(f"{where}: unknown {self.what} {quote(name, 40)}; "
                            f"known: {', '.join(self._terms)}")
        term = self._terms[name]
        given = set(data) - {self.key}
        if given != set(term.params):
            wanted = ", ".join(term.params) or "no parameters"
            got = ", ".join(sorted(map(str, given))) or "(nothing)"
            raise RuleError(f"{where}: {self.what} {name} takes {wanted}, got {got}")
        out: dict[str, Any] = {self.key: name}
        for p, check in term.params.items():
            out[p] = check(data[p], f"{where}: {p}")
        return MappingProxyType(out)

    def _split(self, data: Mapping[str, Any]) -> tuple[Term[T], dict[str, Any]]:
        term = self.term(data[self.key])
        return term, {p: data[p] for p in term.params}

    def evaluate(self, data: Mapping[str, Any], subject: Any) -> T:
        """The term's value for ``subject`` (``data`` as returned by :meth:`check`)."""
        term, params = self._split(data)
        return term.evaluate(subject, **params)

    def bind(self, data: Mapping[str, Any]) -> Callable[[Any], T]:
        """:meth:`evaluate` with ``data`` read once: a function of the subject alone, for
        a term asked of many subjects (a card's condition at every end of turn)."""
        term, params = self._split(data)
        return functools.partial(term.evaluate, **params)

    def text(self, data: Mapping[str, Any]) -> str:
        """The term's sentence, for a card or a rules page."""
        term, params = self._split(data)
        return term.text(**params)

    def to_json(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A checked term as plain JSON (tuples become lists)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


def plural(k: int, one: str, many: str) -> str:
    """'1 floor', '3 floors': the count and the right noun, for term sentences."""
    return f"{k} {one if k == 1 else many}"


__all__: Sequence[str] = (
    "Kind", "KindState", "KindTable", "Param", "Term", "Vocabulary",
    "one_of", "plural", "some_of", "whole",
)
