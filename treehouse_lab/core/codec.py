"""Stable action ids: every move and chance outcome of a configuration as one small integer
that means the same move in every state (docs/dev/action-ids.md).

Why: learning code and OpenSpiel index moves by integers over a fixed range. A position in
``legal_actions()`` is no such id (the same index named 80 different Treehouse moves over
ten games). Here a game declares, per action kind, the values each field may take, read
off its own data (cards, orders, areas, seats); core numbers the moves from that:

* a kind declared with :class:`Fields` is numbered by **mixed radix**: each field's value
  is its index in the field's domain, a digit; the id is the kind's offset plus the digits
  read in field order, the last field changing fastest. Its block has the product of the
  domain sizes, so ids are a few arithmetic steps away from the fields both ways (the
  Diner's joker steps, order x symbol x ingredient, need no table);
* a kind declared with :class:`Listed` is numbered by its place in a list of every move it
  can be (Treehouse's plays: a few hundred moves out of a sparse product).

Kinds are numbered in the order of ``game.ACTION_TYPES``. Decisions and chance outcomes
have separate ranges, as in OpenSpiel: ``0 <= id < num_distinct_actions()`` for the
players' moves and ``0 <= id < max_chance_outcomes()`` for chance. Some ids name no move
that can ever be legal (a pipe joining a building to itself); that costs range, never
meaning.
"""

from __future__ import annotations

import bisect
import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..errors import IllegalActionError, RuleError, quote
from .actions import Action

#: How many action objects ``encode`` remembers by identity.
MAX_REMEMBERED = 1 << 16


@dataclass(frozen=True)
class Fields:
    """A kind numbered by mixed radix: ``domains`` maps every field of the action, in any
    order, to the values it may hold (a field absent from an action type is an error)."""

    domains: Mapping[str, Sequence[Any]]


@dataclass(frozen=True)
class Listed:
    """A kind numbered by its place among ``actions``, every move of the kind there is."""

    actions: Sequence[Action]


@dataclass(frozen=True)
class ActionSpace:
    """A game's declaration: ``decisions`` and ``chance`` each map an action type to its
    :class:`Fields` or :class:`Listed`. Every type of ``ACTION_TYPES`` appears in exactly
    one of them."""

    decisions: Mapping[type[Action], Fields | Listed]
    chance: Mapping[type[Action], Fields | Listed]


class _Block:
    """The ids of one kind: ``offset`` up to ``offset + size``."""

    def __init__(self, kind: type[Action], spec: Fields | Listed, offset: int) -> None:
        self.kind = kind
        self.offset = offset
        if isinstance(spec, Listed):
            self.listed: tuple[Action, ...] | None = tuple(dict.fromkeys(spec.actions))
            if any(type(a) is not kind for a in self.listed):
                raise TypeError(f"{kind.__name__}: Listed holds another kind of action")
            self.index = {a: i for i, a in enumerate(self.listed)}
            self.size = len(self.listed)
            return
        self.listed = None
        names = tuple(f.name for f in dataclasses.fields(kind))
        if set(spec.domains) != set(names):
            raise TypeError(f"{kind.__name__}: Fields must give the domain of exactly "
                            f"{names}, got {tuple(spec.domains)}")
        self.names = names
        self.domains = tuple(tuple(dict.fromkeys(spec.domains[n])) for n in names)
        self.digit = tuple({v: i for i, v in enumerate(d)} for d in self.domains)
        self.size = 1
        for d in self.domains:
            self.size *= len(d)

    def encode(self, action: Action) -> int | None:
        if self.listed is not None:
            i = self.index.get(action)
            return None if i is None else self.offset + i
        n = 0
        for name, digit, domain in zip(self.names, self.digit, self.domains):
            i = digit.get(getattr(action, name))
            if i is None:
                return None
            n = n * len(domain) + i
        return self.offset + n

    def decode(self, n: int) -> Action:
        n -= self.offset
        if self.listed is not None:
            return self.listed[n]
        values = []
        for domain in reversed(self.domains):
            n, i = divmod(n, len(domain))
            values.append(domain[i])
        return self.kind(*reversed(values))

    def layout(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind.KIND, "offset": self.offset,
                               "size": self.size}
        if self.listed is None:
            out["radix"] = {n: len(d) for n, d in zip(self.names, self.domains)}
        return out


class _Range:
    """One id range (decisions, or chance): its blocks in order."""

    def __init__(self, specs: Mapping[type[Action], Fields | Listed],
                 order: Sequence[type[Action]]) -> None:
        self.blocks: list[_Block] = []
        offset = 0
        for kind in order:
            if kind in specs:
                block = _Block(kind, specs[kind], offset)
                self.blocks.append(block)
                offset += block.size
        self.size = offset
        self.starts = [b.offset for b in self.blocks]
        self.of_kind = {b.kind: b for b in self.blocks}

    def decode(self, n: int) -> Action:
        return self.blocks[bisect.bisect_right(self.starts, n) - 1].decode(n)


class ActionCodec:
    """The ids of one configuration, built once from its :class:`ActionSpace` (see the
    module docstring). ``encode`` is a dictionary lookup after the first time a move is
    seen (a playout pays it on every step)."""

    def __init__(self, game: Any, space: ActionSpace) -> None:
        order = tuple(game.ACTION_TYPES)
        declared = [*space.decisions, *space.chance]
        if sorted(t.__name__ for t in declared) != sorted(t.__name__ for t in order) or (
                set(space.decisions) & set(space.chance)):
            raise TypeError(f"{game.NAME}: the action space must declare every type of "
                            "ACTION_TYPES once, as a decision or as chance")
        self.name = game.name
        self.decisions = _Range(space.decisions, order)
        self.chance = _Range(space.chance, order)
        self._ids: dict[Action, int] = {}
        #: By identity: engines share one object per move (their tables), and an action's
        #: hash is worked out from its fields every time it is asked.
        self._by_object: dict[int, tuple[Action, int]] = {}
        self._moves: dict[tuple[bool, int], Action] = {}

    def is_chance(self, action: Action) -> bool:
        return type(action) in self.chance.of_kind

    def encode(self, action: Action) -> int:
        seen = self._by_object.get(id(action))
        if seen is not None and seen[0] is action:
            return seen[1]
        got = self._ids.get(action)
        if got is not None:
            self._remember(action, got)
            return got
        rng = self.chance if self.is_chance(action) else self.decisions
        block = rng.of_kind.get(type(action))
        n = None if block is None else block.encode(action)
        if n is None:
            raise RuleError(f"{self.name}: {quote(action)} has no id: it is not a move of "
                            "this configuration (see game.action_layout())")
        self._ids[action] = n
        self._remember(action, n)
        return n

    def _remember(self, action: Action, n: int) -> None:
        if len(self._by_object) >= MAX_REMEMBERED:  # objects made afresh each time
            self._by_object.clear()
        self._by_object[id(action)] = (action, n)

    def decode(self, n: Any, chance: bool) -> Action:
        """The move with id ``n`` (a chance outcome's id where ``chance``); an id out of
        range, or one naming values no action can hold, raises ``IllegalActionError``."""
        rng = self.chance if chance else self.decisions
        if n.__class__ is not int or not 0 <= n < rng.size:
            what = "chance outcome" if chance else "action"
            raise IllegalActionError(f"{self.name}: {what} id must be a whole number "
                                     f"0..{rng.size - 1}, got {quote(n)}")
        key = (chance, n)
        got = self._moves.get(key)
        if got is None:
            try:
                got = rng.decode(n)
            except RuleError as exc:
                raise IllegalActionError(f"{self.name}: id {n} names no move: {exc}") from None
            self._moves[key] = got
        return got

    def layout(self) -> dict:
        return {"num_distinct_actions": self.decisions.size,
                "max_chance_outcomes": self.chance.size,
                "decisions": [b.layout() for b in self.decisions.blocks],
                "chance": [b.layout() for b in self.chance.blocks]}


__all__ = ["ActionCodec", "ActionSpace", "Fields", "Listed"]
