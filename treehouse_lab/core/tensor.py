"""Observation tensors: what a seat sees, as a flat list of numbers whose length and meaning
are fixed for a configuration (docs/dev/observation-tensors.md).

Why here and derived, not written per game: learning code needs the same shape in every
state, and the observation dicts vary in size. Everything a seat may see is already the
*seen save* (``core/zones.py``: the save with every component the seat cannot see replaced
by ``"?"``), and every field of a save is declared with its codec (``core/fields.py``). So
the layout is read off the declarations, once per configuration, and a state is written
into it from its seen save: no game can show a seat more in its tensor than it shows in
its observation.

How each codec becomes numbers:

* a seat (``Seat``): one-hot over the seats *relative to the observer* (0 is the observer);
* a value from a known finite set (``Str(choices)``, a small ``Int`` range, a codec with
  ``values(game)``): one-hot, with one more place for a hidden value;
* a boolean: one number; an unbounded whole number: the number itself;
* ``Opt``: one "absent" flag before its value's places;
* a list of fixed length: each entry in turn; a list with one entry per seat (``PerSeat``)
  rotated so the observer's entry comes first;
* a ``Record``: its fields in order;
* anything of varying size (a pile, a village, a map, a game's own codec): a *bag*, the
  count of each component id of the configuration (``game.components()``) found in it
  (a count per token kind where it maps names to numbers), then how many of its places
  are hidden from the seat and how many entries it has.

The tensor starts with who acts: the current seat one-hot relative to the observer, then
chance, simultaneous and terminal flags, then which seats may act now (relative).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .fields import Bool, Codec, Int, Map, Opt, Record, Seat, Str, Tuple
from .fields import at_game as _at
from .zones import UNSEEN

#: An ``Int`` range up to this many values is one-hot; a wider one is one number.
MAX_ONE_HOT = 64


class _Node:
    size: int

    def write(self, v: Any, out: list, p: int) -> None:
        raise NotImplementedError


class _OneHot(_Node):
    def __init__(self, values: Sequence[Any]) -> None:
        self.index = {_key(v): i for i, v in enumerate(values)}
        self.size = len(values) + 1          # the last place: a value the seat cannot see

    def write(self, v: Any, out: list, p: int) -> None:
        i = self.index.get(_key(v), self.size - 1 if _unseen(v) else None)
        block = [0.0] * self.size
        if i is not None:
            block[i] = 1.0
        out.extend(block)


class _Seat(_Node):
    def __init__(self, n: int) -> None:
        self.size = n

    def write(self, v: Any, out: list, p: int) -> None:
        block = [0.0] * self.size
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < self.size:
            block[(v - p) % self.size] = 1.0
        out.extend(block)


class _Number(_Node):
    size = 1

    def write(self, v: Any, out: list, p: int) -> None:
        out.append(float(v) if isinstance(v, (int, float)) else 0.0)


class _Opt(_Node):
    def __init__(self, inner: _Node) -> None:
        self.inner = inner
        self.size = 1 + inner.size

    def write(self, v: Any, out: list, p: int) -> None:
        if v is None:
            out.append(1.0)
            out.extend([0.0] * self.inner.size)
        else:
            out.append(0.0)
            self.inner.write(v, out, p)


class _Fixed(_Node):
    def __init__(self, inners: Sequence[_Node], rotate: bool) -> None:
        self.inners, self.rotate = tuple(inners), rotate
        self.size = sum(i.size for i in self.inners)

    def write(self, v: Any, out: list, p: int) -> None:
        items = list(v) if isinstance(v, list) else [None] * len(self.inners)
        if isinstance(v, dict):
            items = list(v.values())
        if self.rotate and items:
            k = p % len(items)
            items = items[k:] + items[:k]
        items = (items + [None] * len(self.inners))[: len(self.inners)]
        for node, item in zip(self.inners, items):
            node.write(item, out, p)


class _Bag(_Node):
    def __init__(self, vocab: dict[str, int]) -> None:
        self.vocab = vocab
        self.size = len(vocab) + 2

    def write(self, v: Any, out: list, p: int) -> None:
        counts = [0.0] * self.size
        _count(v, self.vocab, counts, 1.0)
        counts[-1] = float(len(v)) if isinstance(v, (list, dict)) else float(v is not None)
        out.extend(counts)


def _count(v: Any, vocab: dict[str, int], counts: list, weight: float) -> None:
    if isinstance(v, str):
        if _unseen(v):
            counts[-2] += weight
        else:
            i = vocab.get(v)
            if i is not None:
                counts[i] += weight
    elif isinstance(v, list):
        for x in v:
            _count(x, vocab, counts, weight)
    elif isinstance(v, dict):
        for k, x in v.items():
            if isinstance(x, int) and not isinstance(x, bool) and k in vocab:
                counts[vocab[k]] += weight * x       # a count per token kind
            else:
                _count(k, vocab, counts, weight)
                _count(x, vocab, counts, weight)


def _key(v: Any) -> Any:
    return (type(v).__name__, v) if not isinstance(v, (list, dict)) else repr(v)


def _unseen(v: Any) -> bool:
    return isinstance(v, str) and v.startswith(UNSEEN)


def _plan(codec: Any, game: Any, vocab: dict[str, int]) -> _Node:
    values = getattr(codec, "values", None)
    if callable(values):
        return _OneHot(list(values(game)))
    if isinstance(codec, Seat):
        return _Seat(game.players)
    if isinstance(codec, Bool):
        return _Number()
    if isinstance(codec, Int):
        lo, hi = _at(codec.lo, game), _at(codec.hi, game)
        if lo is not None and hi is not None and hi - lo < MAX_ONE_HOT:
            return _OneHot(list(range(lo, hi + 1)))
        return _Number()
    if isinstance(codec, Str):
        choices = _at(codec.choices, game)
        if choices is not None and len(choices) <= 4 * MAX_ONE_HOT:
            return _OneHot(sorted(choices))
        return _Bag(vocab)
    if isinstance(codec, Opt):
        return _Opt(_plan(codec.inner, game, vocab))
    if isinstance(codec, Tuple):
        length = _at(codec.length, game)
        if isinstance(length, int):
            inner = _plan(codec.inner, game, vocab)
            return _Fixed([inner] * length, rotate=getattr(codec, "per_seat", False))
        return _Bag(vocab)
    if isinstance(codec, Record):
        return _Fixed([_plan(c, game, vocab) for c in codec.fields.values()], rotate=False)
    if isinstance(codec, Map):
        return _Bag(vocab)
    inner = getattr(codec, "inner", None)     # a wrapper that only renames errors
    if isinstance(inner, Codec):
        return _plan(inner, game, vocab)
    return _Bag(vocab)


class ObservationLayout:
    """The tensor layout of one configuration: built once from the state class's declared
    fields (``FIELDS``) and the game's components; ``write(state, p)`` fills it."""

    def __init__(self, game: Any, state_class: Any) -> None:
        ids = sorted({c for kind in game.components().values() for c in kind})
        vocab = {c: i for i, c in enumerate(ids)}
        self.players = game.players
        self.fields: list[tuple[str, _Node]] = [
            (f.save_key, _plan(f.codec, game, vocab)) for f in state_class.used_fields(game)]
        n = game.players
        self.head = 2 * n + 3
        self.size = self.head + sum(node.size for _, node in self.fields)
        self.shape = (self.size,)

    def write(self, state: Any, p: int, seen: Callable[[Any, int], dict]) -> list[float]:
        n = self.players
        out = [0.0] * self.head
        cp = state.current_player
        if cp >= 0:
            out[(cp - p) % n] = 1.0
        else:
            out[n + {-1: 0, -2: 1}.get(cp, 2)] = 1.0
        for q in state.actors():
            out[n + 3 + (q - p) % n] = 1.0
        save = seen(state, p)
        for key, node in self.fields:
            node.write(save.get(key), out, p)
        return out

    def describe(self) -> list[dict]:
        """Where each field's numbers are: ``[{"field", "offset", "size"}]``."""
        out, at = [{"field": "(who acts)", "offset": 0, "size": self.head}], self.head
        for key, node in self.fields:
            out.append({"field": key, "offset": at, "size": node.size})
            at += node.size
        return out


__all__ = ["MAX_ONE_HOT", "ObservationLayout"]
