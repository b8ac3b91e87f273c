"""Stages: what a game is waiting for, one class each, on a stack; the engine loop once.

Why: the games kept their turn structure in string-tagged tuples switched on in eight
functions (the loop, who acts, what is legal, the status line, saving, loading, checks), so
a new step of a turn meant eight edits. A :class:`Stage` is one phase ("planning"), turn
step ("pay minute 2 of 3") or pending effect ("every other player discards") as a frozen
dataclass. It declares its fields and answers, in one place:

* who acts now: ``CHANCE = True`` for a chance node, else :meth:`Stage.actors`;
* which kinds of action it offers (``OFFERS``; each :class:`~.kinds.Kind` generates its
  own moves);
* :meth:`Stage.settle`: when nobody needs to decide, do the automatic work (pop itself,
  push the next stages) and say so;
* :meth:`Stage.label`: its name on the status line (``LABEL`` where it is always the
  same sentence).

A :class:`StagedState` holds the stack (top = what happens next) as a declared field and
runs :meth:`StagedState._run`, the one engine loop: settle the top until it waits for a
decision or a draw, or the stack is empty and the game's ``_next_turn`` has nothing more.
Saving the stack is the stage table's codec; "waiting for ..." is the top's label.
"""

from __future__ import annotations

import dataclasses
import typing
from fractions import Fraction
from functools import cache
from typing import Any, Callable, ClassVar, Sequence

from ..errors import RuleError, quote
from .actions import Action, checker_for, from_json_value, is_json_value, to_json_value
from .fields import Codec, DeclaredState
from .jsonio import expect_dict, expect_list
from .kinds import KindState
from .state import CHANCE, SIMULTANEOUS, TERMINAL


class Stage:
    """One thing the game waits for. Subclasses are ``@dataclass(frozen=True)`` with
    JSON-native fields, a unique ``NAME`` and, where a field's domain is narrower than its
    type, a codec in ``CODECS`` (``{"player": Seat()}``).

    Stages are values: a step that changes ("one minute fewer to pay") replaces the top
    with a new stage (:meth:`StagedState.replace`), so a clone may share the stack.
    """

    __slots__ = ()
    NAME: ClassVar[str] = ""
    #: The action types this stage offers, in the order their moves are listed.
    OFFERS: ClassVar[tuple[type[Action], ...]] = ()
    #: True for a chance node: :meth:`outcomes` are the draws.
    CHANCE: ClassVar[bool] = False
    #: The status line, where it never depends on the state (else override :meth:`label`).
    LABEL: ClassVar[str] = ""
    #: Codecs for fields whose domain is narrower than their annotation.
    CODECS: ClassVar[dict[str, Codec]] = {}
    #: Whether the class overrides :meth:`drawn` (set per class): its outcomes, new at
    #: each call, then go to the caller uncopied, and ``apply`` asks ``drawn``, no list.
    DRAWS_ANEW: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.DRAWS_ANEW = cls.drawn is not Stage.drawn

    def actors(self, state: Any) -> Sequence[int]:
        """The seats that may act (one in turn-based play, several in a real-time phase).
        The default is the stage's ``player`` field."""
        return (self.player,)  # type: ignore[attr-defined]

    def settle(self, state: Any) -> bool:
        """Do what needs nobody's decision and return True (the loop then looks at the
        stack again), or return False: the stage waits here. Typical: pop itself when
        there is nothing to do, or pop and push the stages that follow."""
        return False

    def legal(self, state: Any, seat: int) -> list[Action]:
        """The moves of ``seat``: each offered kind's generated moves, in ``OFFERS``
        order. Override only where the order of moves interleaves kinds."""
        kinds = state.KINDS
        out: list[Action] = []
        for t in self.OFFERS:
            out.extend(kinds.of(t).generate(state, seat))
        return out

    def outcomes(self, state: Any) -> list[tuple[Action, Fraction]]:
        """A chance stage's outcomes, exact, summing to 1."""
        raise NotImplementedError(f"{type(self).__name__} is not a chance stage")

    def drawn(self, state: Any, action: Any) -> bool:
        """Whether ``action`` is itself one of :meth:`outcomes`, without making them: a
        lookup (the game's draw action of an item still in the pile) where the list costs
        two passes a draw. A stage overriding it makes its outcomes anew at each call."""
        raise NotImplementedError

    def label(self, state: Any) -> str:
        """What the game waits for, in words, for the status line (default ``LABEL``)."""
        return self.LABEL

    def revealed(self, before: Any, action: Any, player: int) -> str:
        """What ``player`` taking ``action`` in ``before`` showed every seat, told after the
        step (``State.revealed``): a secret choice's reveal, which its narration may not."""
        return ""

    # -- values ---------------------------------------------------------------------------
    def to_json(self, tag: str) -> dict:
        out: dict[str, Any] = {tag: self.NAME}
        for name, codec in _codecs(type(self)).items():  # the fields, in declared order
            out[name] = codec.dump(getattr(self, name))
        return out


class AllAtOnce(Stage):
    """A real-time step: every seat for whom :meth:`waits` holds may act, in any order the
    driver picks; when nobody is left, :meth:`done` runs and the stage is popped."""

    __slots__ = ()

    def waits(self, state: Any, seat: int) -> bool:
        raise NotImplementedError

    def done(self, state: Any) -> None:
        """What happens once everyone has acted (a reveal); default nothing."""

    def actors(self, state: Any) -> list[int]:
        return [p for p in range(state.game.players) if self.waits(state, p)]

    def settle(self, state: Any) -> bool:
        if self.actors(state):
            return False
        state.pop()
        self.done(state)
        return True


class _Annotated(Codec):
    """A stage field checked by its annotation, as action fields are (``checker_for``):
    JSON-native values, lists held as tuples."""

    def __init__(self, tp: Any) -> None:
        self.checker = checker_for(tp)

    def dump(self, value: Any) -> Any:
        return to_json_value(value)

    def load(self, data: Any, where: str, game: Any) -> Any:
        value = from_json_value(data)
        if not is_json_value(value) or (self.checker and not self.checker[0](value)):
            wanted = self.checker[1] if self.checker else "a JSON value"
            raise RuleError(f"{where}: expected {wanted}, got {quote(data)}")
        return value


@cache
def _codecs(cls: type) -> dict[str, Codec]:
    hints = typing.get_type_hints(cls)
    return {f.name: cls.CODECS.get(f.name) or _Annotated(hints.get(f.name))
            for f in dataclasses.fields(cls)}


class StageTable:
    """The stages of one game, by name: what a save's stack is read with. ``tag`` is the
    key naming a stage in the save (the Diner's saves say ``"task"``)."""

    def __init__(self, game: str, tag: str = "stage") -> None:
        self.game, self.tag = game, tag
        self._stages: dict[str, type[Stage]] = {}

    def stage(self, cls: type[Stage]) -> type[Stage]:
        """Class decorator registering a stage; a missing name, a duplicate, or a stage
        with neither a ``LABEL`` nor a ``label`` method fails at import."""
        if not dataclasses.is_dataclass(cls) or not cls.NAME:
            raise TypeError(f"{self.game}: stage {cls.__name__} must be a dataclass with a NAME")
        if cls.NAME in self._stages:
            raise TypeError(f"{self.game}: two stages are named {cls.NAME!r}")
        if cls.label is Stage.label and not cls.LABEL:
            raise TypeError(f"{self.game}: stage {cls.__name__} has no LABEL or label")
        self._stages[cls.NAME] = cls
        return cls

    def names(self) -> list[str]:
        return list(self._stages)

    def load(self, data: Any, where: str, game: Any,
             allowed: Callable[[type[Stage], Any], bool] | None = None) -> Stage:
        d = expect_dict(data, where)
        name = d.get(self.tag)
        cls = self._stages.get(name) if isinstance(name, str) else None
        if cls is None or (allowed is not None and not allowed(cls, game)):
            names = [n for n, c in self._stages.items() if allowed is None or allowed(c, game)]
            raise RuleError(f"{where}.{self.tag}: {quote(name, 30)} is not a stage of this "
                            f"game; stages are {', '.join(names)}")
        codecs = _codecs(cls)
        d = expect_dict(d, where, (self.tag, *codecs))
        values = {k: c.load(d[k], f"{where}.{k}", game) for k, c in codecs.items()}
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise RuleError(f"{where}: {exc}") from None

    def codec(self, allowed: Callable[[type[Stage], Any], bool] | None = None,
              most: int = 200) -> Codec:
        """The codec of a stack field: a JSON list of stages, bottom first. ``allowed``
        refuses stages a configuration does not have (a module's steps without it)."""
        return _StackCodec(self, allowed, most)


class _StackCodec(Codec):
    def __init__(self, table: StageTable, allowed: Any, most: int) -> None:
        self.table, self.allowed, self.most = table, allowed, most

    def dump(self, value: tuple[Stage, ...]) -> list:
        tag = self.table.tag
        return [s.to_json(tag) for s in value]

    def load(self, data: Any, where: str, game: Any) -> tuple[Stage, ...]:
        items = expect_list(data, where)
        if len(items) > self.most:
            raise RuleError(f"{where}: at most {self.most} stages, got {len(items)}")
        return tuple(self.table.load(v, f"{where}[{i}]", game, self.allowed)
                     for i, v in enumerate(items))

    def empty(self, game: Any) -> tuple[Stage, ...]:
        return ()


class StagedState(KindState, DeclaredState):
    """A declared state whose turn structure is a stack of stages in the field ``stack``.

    The game implements :meth:`_next_turn` (what happens when the stack runs out) and may
    implement :meth:`_each_step` (a rule that holds at every step: the Diner refills an
    empty bag from the compost). Everything else, from "who acts" to the status line, is
    read off the top stage.
    """

    # ``_who``: the seats the top stage named when the loop last stopped at a real-time
    # node, written only there and read only there (``_actors``); not a cache a clone
    # copies, so a clone asks its stage once instead.
    __slots__ = ("_who",)
    stack: tuple[Stage, ...]
    #: ``current_player``, written by the loop, is a plain attribute (read several times a
    #: step); ``_legal`` the deciding seat's legal list, or a dict by seat where several
    #: decide; ``_chance`` the outcomes; ``_memo`` see :meth:`_memo_get`.
    CACHES: ClassVar[tuple[str, ...]] = ("current_player", "_legal", "_chance", "_memo")
    #: A plain class value, so that instances can write the attribute over the protocol's
    #: read-only ``State.current_player`` property (slotted subclasses get a slot).
    current_player = TERMINAL
    # -- the engine loop ------------------------------------------------------------------
    def _run(self) -> None:
        """Settle the top stage until one waits for a decision or a draw, or the game is
        over; then drop the caches of the previous position.

        No skip flags (issue 49): flags that skipped the calls of an empty ``_each_step``
        and of a stage's default ``settle`` paid about 2-3% on the fastest lines of
        ``benchmarks/engines.py`` and nothing on the others, under the 3% a trick must
        pay. With / without, median steps/s over 21 alternating rounds: "backyard, 2
        players" 159,970 / 155,186, "pyramids, 2 players" 204,884 / 200,907; repeated
        runs put those lines at 0.95x to 0.99x without, Diner and Magical at 0.97x to
        1.03x."""
        while True:
            self._each_step()
            stack = self.stack
            if not stack:
                if self._next_turn():
                    continue
                self.current_player = TERMINAL
                break
            top = stack[-1]
            if top.settle(self):
                continue
            if top.CHANCE:
                self.current_player = CHANCE
            else:
                actors = top.actors(self)
                if len(actors) == 1:
                    self.current_player = actors[0]
                elif not actors:
                    raise AssertionError(f"{top.NAME}: a stage that waits needs an actor")
                else:
                    self.current_player = SIMULTANEOUS
                    self._who = actors
            break
        self._legal = None
        self._chance = self._memo = None

    def _seen_from(self, state: Any) -> None:
        """A seen state (``core.fields.seen_state``) stands where ``state`` stands (its
        stack, whose turn, who acts), but works out legal lists again from what its
        viewer sees: the cached ones name cards it may not."""
        super()._seen_from(state)
        if hasattr(state, "_who"):
            self._who = state._who
        self._legal = None
        self._chance = self._memo = None

    def _memo_get(self, key: tuple, make: Callable[[], Any]) -> Any:
        """``make()``, kept until the position changes: for values several kinds read
        while one legal list is made (Magical's storage room and pipe joins). The loop
        drops it when it stops, so only move generation may read it: never a kind's
        ``apply`` or a stage's ``settle``, which run before that."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        got = memo.get(key)
        if got is None:
            got = memo[key] = make()
        return got

    #: For a game whose stages can be read off its saved fields: a function of the state
    #: giving the stages left, next first (() once the game is over). With it the empty
    #: stack is refilled from the fields; without it, a game overrides :meth:`_next_turn`.
    STAGES_FROM: ClassVar[Callable[[Any], tuple[Stage, ...]] | None] = None

    def _next_turn(self) -> bool:
        """The stack is empty: push the next turn's stages and return True, or return
        False when the game is over."""
        if self.STAGES_FROM is None:
            return False
        stages = self.STAGES_FROM()
        if not stages:
            return False
        self.push(*stages)
        return True

    def _each_step(self) -> None:
        """A rule checked before every stage is looked at (default: none)."""

    def _started(self) -> None:
        """A fresh state (``fresh``) runs the loop to the first decision or draw."""
        self._run()

    # -- stack operations (for stages and kinds) ------------------------------------------
    @property
    def top(self) -> Stage | None:
        return self.stack[-1] if self.stack else None

    def push(self, *stages: Stage) -> None:
        """Put ``stages`` on top, to happen in the order given (the first given is next)."""
        self.stack += stages if len(stages) == 1 else stages[::-1]

    def pop(self) -> Stage:
        top = self.stack[-1]
        self.stack = self.stack[:-1]
        return top

    def replace(self, stage: Stage) -> None:
        """The top stage, changed (stages are values)."""
        self.stack = self.stack[:-1] + (stage,)

    # -- the protocol, read off the top ---------------------------------------------------
    def _actors(self) -> Sequence[int]:
        """The seats that act now (read, never changed): at a real-time node as the loop
        found them, elsewhere (or in a clone, which the record does not follow) asked of
        the top stage."""
        if self.current_player == SIMULTANEOUS:
            try:
                return self._who
            except AttributeError:
                pass
        top = self.top
        return () if top is None or top.CHANCE else top.actors(self)

    def _legal_actions(self, player: int) -> list[Action]:
        cp = self.current_player
        if cp >= 0:  # one seat decides: its list is the cache
            if player != cp:
                return []
            moves = self._legal
            if moves is None:
                moves = self._legal = self.stack[-1].legal(self, player)
            return moves
        if cp != SIMULTANEOUS:
            return []
        cache = self._legal
        if cache is None:
            cache = self._legal = {}
        moves = cache.get(player)
        if moves is None:
            moves = cache[player] = self.stack[-1].legal(self, player)
        return moves

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The protocol's; a stage's draws made anew (``DRAWS_ANEW``) are not copied."""
        if self.current_player == CHANCE:
            top = self.stack[-1]
            if top.DRAWS_ANEW:
                return top.outcomes(self)
        return super().chance_outcomes()

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self._chance is None:
            stack = self.stack
            top = stack[-1] if stack else None
            self._chance = top.outcomes(self) if top is not None and top.CHANCE else []
        return self._chance

    def _is_legal(self, action: Action, player: int) -> bool:
        """A lookup in the generated list (an action just taken from that list is found by
        identity first, without comparing field by field)."""
        if player == CHANCE:
            return self._handed_out(action) or any(
                o == action for o, _ in self._chance_outcomes())
        # An action of a kind this game does not know is in no list (actions of different
        # types never compare equal), so no separate test for it.
        options = self._legal_actions(player)
        return _listed(options, action) or action in options

    def _apply(self, action: Action, player: int) -> None:
        self.KINDS.appliers[type(action)](self, action, player)
        self._run()

    # -- speed, measured ------------------------------------------------------------------
    # The short path of ``apply``: the one speed trick kept in the rules' path (issue 49
    # asks each to pay 3% or more on some line of ``benchmarks/engines.py``). Measured with
    # ``benchmarks/engines.py --seconds 1`` (``compare_before``: random playouts, rounds
    # alternating this tree with the same tree less one branch, median steps/s of 3), the
    # games as at 50fe532; figures are "with / without" the branch:
    # * a decision handed out (``cp >= 0``): "pyramids, 3 players" 194,000 / 147,284
    #   (0.76x without), "backyard, 3 players" 158,824 / 131,871 (0.83x), "diner, 3
    #   players" 74,491 / 64,340 (0.86x);
    # * a chance outcome handed out (``cp == CHANCE``): "pyramids, 3 players" 208,807 /
    #   167,673 (0.80x), "backyard, 2 players" 159,387 / 134,030 (0.84x);
    # * a real-time move handed out (``SIMULTANEOUS``): "magical, 3 players" 71,262 /
    #   65,091 (0.91x).
    # All three out: "pyramids, 3 players" 193,622 / 141,007 (0.73x), "magical, 4
    # players" 69,401 / 60,744 (0.88x). What the path skips is ``State.apply``'s general
    # checks (``forged``: the exact type and plain values of every field; the seat; the
    # legality lookup), which an element of the list handed out passes by construction.
    def apply(self, action: Action, by: int | None = None) -> None:
        """The protocol's ``apply``, with a short path for the common case: an action
        (or outcome) that is itself an element of the list this position handed out is
        legal, so it is applied without the general checks. Anything else takes the
        protocol's full path, with its checks and messages. (Measured: see above.)"""
        cp = self.current_player
        seat = None
        if cp >= 0:
            if by is None or (by.__class__ is int and by == cp):
                moves = self._legal
                if moves is None:
                    moves = self._legal_actions(cp)
                for o in moves:
                    if o is action:  # written out, no call: this runs at every decision
                        seat = cp
                        break
        elif cp == CHANCE:
            if by is None and self._handed_out(action):
                seat = CHANCE
        elif cp == SIMULTANEOUS and by.__class__ is int:
            # A real-time phase: the seat's list, if it was handed out, is the cache.
            cache = self._legal
            moves = None if cache is None else cache.get(by)
            if moves is not None and by in self._actors():
                for o in moves:
                    if o is action:
                        seat = by
                        break
        if seat is None:
            super().apply(action, by)
            return
        self.KINDS.appliers[action.__class__](self, action, seat)
        self._run()
        self._trail = (self._trail, seat, action)

    def _handed_out(self, action: Any) -> bool:
        """Whether ``action`` is itself (the same object) one of this chance node's
        outcomes (then legal and plain: ``apply`` skips the general checks), by the
        stage's ``drawn`` if it has one."""
        top = self.stack[-1]
        if top.DRAWS_ANEW:
            return top.drawn(self, action)
        outcomes = self._chance
        if outcomes is None:
            outcomes = self._chance_outcomes()
        for o, _ in outcomes:
            if o is action:
                return True
        return False

    # -- words ----------------------------------------------------------------------------
    @property
    def stage(self) -> str:
        """The name of the top stage, or ``"over"``."""
        if self.current_player == TERMINAL:
            return "over"
        top = self.top
        return top.NAME if top is not None else "over"

    def waiting_for(self) -> str:
        """Who decides what now, in words (the board's status line)."""
        if self.current_player == TERMINAL:
            return "The game is over"
        return self.top.label(self)  # type: ignore[union-attr]

    def _revealed(self, before: Any, action: Action, by: int) -> str:
        top = before.top if isinstance(before, StagedState) else None
        return "" if top is None else top.revealed(before, action, by)

    # -- saves ----------------------------------------------------------------------------
    def _loaded(self) -> None:
        """A save must stop where the engine itself stops: settle it and compare."""
        before = self.to_json()
        self._run()
        after = self.to_json()
        if after != before:
            changed = next(k for k in before if before[k] != after.get(k))
            raise RuleError(f"{changed}: the engine does not wait at this position (it "
                            "would carry on by itself); save positions the engine stops at")


def _listed(moves: Sequence[Action], action: Any) -> bool:
    """Whether ``action`` is itself (the same object) in ``moves``: then it is legal and
    plain (no field-by-field comparison: an action just taken from the list is found
    first by identity)."""
    for o in moves:
        if o is action:
            return True
    return False


__all__ = ["AllAtOnce", "Stage", "StageTable", "StagedState"]
