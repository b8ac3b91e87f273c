"""Treehouse Diner rules: the Challenges (Save the Bees, Mastering Challenges), what their
conditions look at (:class:`ChallengeView`, and how each of its fields is read off a
position, :data:`VIEW_READERS`) and the vocabulary of conditions, each with its sentence.
Below ``data.py`` and the state: both read these cards."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from ...core.kinds import Vocabulary, whole
from ...errors import RuleError, quote
from .rules import KITCHEN_SPACES


@dataclass(frozen=True)
class ChallengeView:
    """What a Challenge condition may look at: one player's position after Phase 2, as
    plain values (the engine builds it; tests can build one by hand)."""

    supply: Mapping[str, int]          # ingredients only (bees are not ingredients)
    chefs: tuple[str, ...]             # the chef of each order in the kitchen
    spaces: tuple[int, ...]            # the minutes of the occupied kitchen spaces
    covered: int                       # covered symbols on orders in the kitchen
    bees_on_orders: int
    beehive: int
    delivered: int
    delivered_points: int
    mood: int
    emptied: tuple[int, ...]           # sizes of the shelf rows emptied this turn


CONDITIONS: Vocabulary[bool] = Vocabulary("challenge condition")


def _count(lo: int = 1, hi: int = 99) -> Any:
    return whole(lo, hi)


def _sizes(value: Any, where: str) -> tuple[int, ...]:
    if (not isinstance(value, (list, tuple)) or not value or len(set(value)) != len(value)
            or any(isinstance(v, bool) or v not in (1, 2, 3, 4) for v in value)):
        raise RuleError(f"{where} must be a list of different row sizes 1..4, got "
                        f"{quote(value)}")
    return tuple(value)


def _minutes(value: Any, where: str) -> tuple[int, ...]:
    if (not isinstance(value, (list, tuple)) or not value or len(set(value)) != len(value)
            or any(isinstance(v, bool) or v not in range(1, KITCHEN_SPACES + 1)
                   for v in value)):
        raise RuleError(f"{where} must be a list of different kitchen spaces 1..6, got "
                        f"{quote(value)}")
    return tuple(value)


def _or_list(items: Sequence[Any]) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _and_list(items: Sequence[Any]) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@CONDITIONS.define("emptied_row", sizes=_sizes, text=lambda sizes: (
    f"You emptied the {_or_list([f'{s}er' for s in sizes])} shelf row this round."))
def _c_emptied(v: ChallengeView, sizes: tuple[int, ...]) -> bool:
    return any(s in v.emptied for s in sizes)


@CONDITIONS.define("identical_in_supply", count=_count(2, 20), text=lambda count: (
    f"You have at least {count} identical ingredients in your supply."))
def _c_identical(v: ChallengeView, count: int) -> bool:
    return max(v.supply.values(), default=0) >= count


@CONDITIONS.define("chefs_in_kitchen", count=_count(2, 6), text=lambda count: (
    f"You have at least {count} orders from different chefs in your kitchen."))
def _c_chefs(v: ChallengeView, count: int) -> bool:
    return len(set(v.chefs)) >= count


@CONDITIONS.define("orders_in_kitchen", count=_count(1, 6), text=lambda count: (
    f"You have at least {count} orders in your kitchen."))
def _c_orders(v: ChallengeView, count: int) -> bool:
    return len(v.chefs) >= count


@CONDITIONS.define("bees_on_orders", count=_count(1, 22), text=lambda count: (
    f"At least {count} bees lie on the orders in your kitchen."))
def _c_bees_on(v: ChallengeView, count: int) -> bool:
    return v.bees_on_orders >= count


@CONDITIONS.define("beehive", count=_count(1, 22), text=lambda count: (
    f"You have saved at least {count} bees in your beehive."))
def _c_hive(v: ChallengeView, count: int) -> bool:
    return v.beehive >= count


@CONDITIONS.define("supply_size", count=_count(1, 40), text=lambda count: (
    f"You have at least {count} ingredients in your supply."))
def _c_supply(v: ChallengeView, count: int) -> bool:
    return sum(v.supply.values()) >= count


@CONDITIONS.define("kinds_in_supply", count=_count(2, 7), text=lambda count: (
    f"You have at least {count} different ingredients in your supply."))
def _c_kinds(v: ChallengeView, count: int) -> bool:
    return sum(1 for c in v.supply.values() if c) >= count


@CONDITIONS.define("clean_supply", orders=_count(0, 6), text=lambda orders: (
    f"Your supply holds no ingredient and your kitchen at least {orders} orders."))
def _c_clean(v: ChallengeView, orders: int) -> bool:
    return not any(v.supply.values()) and len(v.chefs) >= orders


@CONDITIONS.define("delivered", count=_count(1, 46), text=lambda count: (
    f"You have delivered at least {count} orders."))
def _c_delivered(v: ChallengeView, count: int) -> bool:
    return v.delivered >= count


@CONDITIONS.define("delivered_points", count=_count(1, 200), text=lambda count: (
    f"Your delivered orders are worth at least {count} points."))
def _c_points(v: ChallengeView, count: int) -> bool:
    return v.delivered_points >= count


@CONDITIONS.define("covered_symbols", count=_count(1, 40), text=lambda count: (
    f"At least {count} symbols of the orders in your kitchen are covered."))
def _c_covered(v: ChallengeView, count: int) -> bool:
    return v.covered >= count


@CONDITIONS.define("spaces_taken", minutes=_minutes, text=lambda minutes: (
    f"You have orders on the {_and_list(minutes)}-minute spaces of your kitchen."))
def _c_spaces(v: ChallengeView, minutes: tuple[int, ...]) -> bool:
    return all(m in v.spaces for m in minutes)


@CONDITIONS.define("mood_at_least", value=_count(-8, 8), text=lambda value: (
    f"Your mood is at least {value:+d}."))
def _c_mood(v: ChallengeView, value: int) -> bool:
    return v.mood >= value


@dataclass(frozen=True)
class Challenge:
    """A Challenge card (Save the Bees, Mastering Challenges): a name and a condition of
    :data:`CONDITIONS`; the card's text is both."""

    id: str
    name: str
    condition: Mapping[str, Any]

    @property
    def text(self) -> str:
        return f"{self.name} {CONDITIONS.text(self.condition)}"

    def mastered(self, view: ChallengeView) -> bool:
        return self._condition(view)

    @functools.cached_property
    def _condition(self) -> Any:
        """The condition bound once (asked at every end of turn with Save the Bees)."""
        return CONDITIONS.bind(self.condition)


# -- what Challenge conditions look at ----------------------------------------------------------

def _orders(s: Any, p: int) -> list[Any]:
    """The orders in ``p``'s kitchen, its empty spaces left out."""
    return [e for e in s.kitchens[p] if e is not None]


#: How each field of :class:`ChallengeView` is read off a position for one player: both
#: the whole view and the view read on demand are made of these.
VIEW_READERS: dict[str, Callable[[Any, int], Any]] = {
    "supply": lambda s, p: MappingProxyType(
        {s.game.kinds[k]: s.supplies[p][k] for k in s.game.ingredients}),
    "chefs": lambda s, p: tuple(s.game.chefs[e[0]] for e in _orders(s, p)),
    "spaces": lambda s, p: tuple(i + 1 for i, e in enumerate(s.kitchens[p]) if e is not None),
    "covered": lambda s, p: sum(1 for e in _orders(s, p) for c in e[1] if c),
    "bees_on_orders": lambda s, p: sum(e[2] for e in _orders(s, p)),
    "beehive": lambda s, p: s.hives[p],
    "delivered": lambda s, p: len(s.deliveries[p]),
    "delivered_points": lambda s, p: sum(s.game.orders[o].points for o in s.deliveries[p]),
    "mood": lambda s, p: s.moods[p],
    "emptied": lambda s, p: s.emptied if s.active == p else (),
}


class _ReadOnDemand:
    """One field of :class:`ChallengeViewOnDemand`: read off the position when first
    asked for, then kept in the view's own ``__dict__`` (a non-data descriptor, so the
    kept value is found first from then on)."""

    __slots__ = ("name", "read")

    def __init__(self, name: str, read: Callable[[Any, int], Any]) -> None:
        self.name, self.read = name, read

    def __get__(self, view: Any, owner: type | None = None) -> Any:
        if view is None:
            return self
        value = view.__dict__[self.name] = self.read(view._state, view._player)
        return value


class ChallengeViewOnDemand:
    """A :class:`ChallengeView` whose fields are read when first asked for (the
    conditions of two Challenges read one or two of its ten fields)."""

    def __init__(self, state: Any, player: int) -> None:
        self._state, self._player = state, player


for _name, _read in VIEW_READERS.items():
    setattr(ChallengeViewOnDemand, _name, _ReadOnDemand(_name, _read))
