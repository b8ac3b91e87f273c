"""What a lesson step accepts: small combinators over the engine's legal moves.

Why combinators and not lists of moves: a lesson must work for any deal, so a step cannot
name the card to play; it names a *kind* of move ("any card face up"), a condition on the
move ("a card whose bottom floor is the colour of your top floor"), or the first of
several that the position allows (branching on what chance dealt). Each combinator carries
the sentence that names it, so a wrong move is told what the step asks for in words.

The engine stays the judge of legality: a step's accepted moves are always a subset of
``state.legal_actions(seat)``, filtered here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import RuleError
from ..protocol import Action, State

#: ``predicate(state, seat, action) -> bool``: a condition on a legal move.
Predicate = Callable[[State, int, Action], bool]
#: A sentence, fixed or read off the position: ``text(state, seat) -> str``.
Wording = str | Callable[[State, int], str]


def word(text: Wording, state: State, seat: int) -> str:
    """A fixed sentence, or the one a function writes for this position."""
    return text(state, seat) if callable(text) else text


class Accept:
    """A condition on the learner's move, with the words that name it.

    ``accepts(state, seat, action)`` is the test; ``describe(state, seat)`` the words
    ("take any card face up") for a wrong move; ``moves(state, seat)`` the legal moves
    that pass, in the engine's order."""

    def accepts(self, state: State, seat: int, action: Action) -> bool:
        raise NotImplementedError

    def describe(self, state: State, seat: int) -> str:
        raise NotImplementedError

    def moves(self, state: State, seat: int) -> list[Action]:
        return [a for a in state.legal_actions(seat) if self.accepts(state, seat, a)]

    def __and__(self, other: Accept) -> Accept:
        return _Both(self, other)


@dataclass(frozen=True)
class _Kind(Accept):
    """Any move of one action type, with some fields fixed."""

    action_type: type
    fields: tuple[tuple[str, Any], ...]
    words: Wording

    def accepts(self, state: State, seat: int, action: Action) -> bool:
        return isinstance(action, self.action_type) and all(
            getattr(action, k, object()) == v for k, v in self.fields)

    def describe(self, state: State, seat: int) -> str:
        return word(self.words, state, seat)


def kind(action_type: type, words: Wording, **fields: Any) -> Accept:
    """Any move of ``action_type`` whose ``fields`` have the values given:
    ``kind(Play, "build any card face up", face_down=False)``."""
    if not isinstance(action_type, type) or not issubclass(action_type, Action):
        raise RuleError(f"kind(...): {action_type!r} is not an action type")
    return _Kind(action_type, tuple(sorted(fields.items())), words)


@dataclass(frozen=True)
class _Where(Accept):
    predicate: Predicate
    words: Wording

    def accepts(self, state: State, seat: int, action: Action) -> bool:
        return bool(self.predicate(state, seat, action))

    def describe(self, state: State, seat: int) -> str:
        return word(self.words, state, seat)


def where(predicate: Predicate, words: Wording) -> Accept:
    """Any legal move passing ``predicate(state, seat, action)``, named by ``words``."""
    return _Where(predicate, words)


def exactly(action: Action, words: Wording) -> Accept:
    """One move (only for a lesson that replays a rulebook example on a fixed deal)."""
    return _Where(lambda _s, _p, a: a == action, words)


@dataclass(frozen=True)
class _Both(Accept):
    first: Accept
    second: Accept

    def accepts(self, state: State, seat: int, action: Action) -> bool:
        return self.first.accepts(state, seat, action) and \
            self.second.accepts(state, seat, action)

    def describe(self, state: State, seat: int) -> str:
        return f"{self.first.describe(state, seat)} and {self.second.describe(state, seat)}"


@dataclass(frozen=True)
class _FirstOf(Accept):
    """Branching on the position: the first choice that some legal move passes."""

    choices: tuple[Accept, ...] = field(default=())

    def branch(self, state: State, seat: int) -> Accept:
        """The choice this position takes: the first with a legal move (else the last,
        which then accepts nothing: a lesson bug the lesson tests catch)."""
        legal = state.legal_actions(seat)
        for choice in self.choices:
            if any(choice.accepts(state, seat, a) for a in legal):
                return choice
        return self.choices[-1]

    def accepts(self, state: State, seat: int, action: Action) -> bool:
        return self.branch(state, seat).accepts(state, seat, action)

    def moves(self, state: State, seat: int) -> list[Action]:
        # The branch depends on the position alone: chosen once here, not once per legal
        # move (with a test that scores the move's position, as the Magical Treehouse
        # lesson's, choosing per move made a lesson's redraw take seconds).
        return self.branch(state, seat).moves(state, seat)

    def describe(self, state: State, seat: int) -> str:
        return self.branch(state, seat).describe(state, seat)


def first_of(*choices: Accept) -> Accept:
    """The first of ``choices`` that the position allows: "match the colour if you can,
    else the number, else build face down"."""
    if not choices or not all(isinstance(c, Accept) for c in choices):
        raise RuleError("first_of(...) needs one or more accept conditions")
    return _FirstOf(tuple(choices))


def which(accept: Accept, state: State, seat: int) -> int:
    """For a ``first_of``: the index of the branch this position takes (0 otherwise), so a
    step's text can follow the same branch as its target."""
    if isinstance(accept, _FirstOf):
        return accept.choices.index(accept.branch(state, seat))
    return 0


__all__ = ["Accept", "Predicate", "Wording", "exactly", "first_of", "kind", "where",
           "which", "word"]
