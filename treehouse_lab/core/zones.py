"""Zones: where components can be and who sees them, declared once per game; what a seat
may see, what is hidden from it, and determinization derived from that in one place.

Why: each game used to write hidden information three or four times (the observation,
``hidden_from``, a determinizer in its bots that recounted the piles), and the copies
disagreed: a determinizer sampled only from what a seat saw *now*, forgetting the cards it
had itself put on a carriage. Here a game lists its :class:`Zone` s over its save (the
declared fields, ``core/fields.py``), and core derives:

* ``seen(state, p)``: the save as seat ``p`` sees it, every component ``p`` cannot see
  replaced by :data:`UNSEEN` (``"?"``; ``None`` stays an empty place). It goes into
  ``observation(p)`` under ``"seen"``, so the
  observation alone carries everything the seat knows;
* ``hidden_from(state, p)``: the ids at those places;
* :func:`determinize`: a full state built from an observation, the unseen components dealt
  at random into the unseen places (each zone's restriction respected), loaded and checked
  like any save.

Visibility is per zone: :data:`PUBLIC`, :data:`OWNER` (its owner sees it), :data:`HIDDEN`
or :data:`COUNTED` (hidden, but its size is public: a bag, a deck). A save's ``known``
record (component id -> seats) covers what a seat saw or placed although the zone hides
it: cards it put on a carriage, a hand it passed on, an Action card drawn in view. A game
keeps that record in a declared field saved under ``"known"`` and updates it where its
moves show a card to a seat or take it out of sight.

Unseen places are marked in a seen save, so their number is public; a zone whose size
the rules hide still has a size the inventory gives away (everything not seen elsewhere),
so nothing is lost by that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..errors import RuleError, quote
from .jsonio import check_depth

PUBLIC = "public"
OWNER = "owner"
HIDDEN = "hidden"
COUNTED = "counted"
VISIBILITY = (PUBLIC, OWNER, HIDDEN, COUNTED)

#: A place in a save: (the owning seat or None, the container, the key or index).
Slot = tuple[int | None, Any, Any]
#: What a seen save holds where a component is hidden (``None`` is an empty place).
UNSEEN = "?"


@dataclass(frozen=True)
class Zone:
    """One zone of a game: the save key ``path`` holding a list of component ids (or, with
    ``per_seat``, one such list, or one id or null, per seat, the seat owning it), and who
    sees it.

    ``owner(save)`` names the owner of a single zone whose owner changes (the Backyard hand
    is its holder's); ``slots(save)`` replaces the plain list for a zone laid out otherwise
    (face-down cards inside a treehouse); ``holds`` restricts what the zone may
    hold: ``holds(game, owner, id)`` (storage holds buildings; a hand holds only its owner's
cards). ``when(game)`` says which configurations have it.
    """

    name: str
    visibility: str
    path: str = ""
    per_seat: bool = False
    owner: Callable[[Mapping], int | None] | None = None
    slots: Callable[[Mapping], Iterator[Slot]] | None = None
    holds: Callable[[Any, int | None, str], bool] | None = None
    when: Callable[[Any], bool] | None = None
    back: Callable[[Any, str], str] | None = None
    ordered: bool = True

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITY:
            raise TypeError(f"zone {self.name}: visibility must be one of {VISIBILITY}")
        if not (self.path or self.slots):
            raise TypeError(f"zone {self.name}: give a save path or a slots function")

    def places(self, save: Mapping) -> Iterator[Slot]:
        """Every place of this zone in ``save``, with its owner."""
        if self.slots is not None:
            yield from self.slots(save)
            return
        value = save.get(self.path)
        if value is None:
            return
        if self.per_seat:
            for seat, items in enumerate(value):
                if not isinstance(items, list):  # one component a seat (a bid card)
                    if items is not None:
                        yield seat, value, seat
                    continue
                for i, c in enumerate(items):
                    if c is not None:
                        yield seat, items, i
        else:
            owner = self.owner(save) if self.owner is not None else None
            for i, c in enumerate(value):
                if c is not None:
                    yield owner, value, i

    def sees(self, owner: int | None, seat: int | None) -> bool:
        """Whether ``seat`` sees this zone's places owned by ``owner`` (seat None, nobody,
        sees only a public zone: an owner of None is no seat)."""
        return self.visibility == PUBLIC or (self.visibility == OWNER and owner == seat
                                             and seat is not None)


class ZoneTable:
    """A game's zones, and the pool they deal from: ``universe(game)`` lists every
    component id that may be hidden (the cards; not tokens counted by kind)."""

    def __init__(self, zones: Sequence[Zone], universe: Callable[[Any], Sequence[str]]) -> None:
        names = [z.name for z in zones]
        if len(set(names)) != len(names):
            raise TypeError("zones need distinct names")
        self.zones = tuple(zones)
        self.universe = universe

    def used(self, game: Any) -> tuple[Zone, ...]:
        return tuple(z for z in self.zones if z.when is None or z.when(game))

    def unseen_places(self, game: Any, save: Mapping,
                      seat: int | None) -> Iterator[tuple[Zone, Slot]]:
        """The places of ``save`` whose component ``seat`` cannot see."""
        known = save.get("known") or {}
        for zone in self.used(game):
            if zone.visibility == PUBLIC:
                continue
            for place in zone.places(save):
                owner, box, key = place
                if zone.sees(owner, seat):
                    continue
                c = box[key]
                if c is not None and (seat in known.get(c, ()) if seat is not None
                                      else _knows(known.get(c, ()), seat, game.players)):
                    continue
                yield zone, place

    def hidden_from(self, state: Any, seat: int) -> set[str]:
        save = state.to_json()
        return {box[key] for _, (_, box, key) in self.unseen_places(state.game, save, seat)}

    def seen(self, state: Any, seat: int | None) -> dict:
        """The save of ``state`` as ``seat`` sees it (a new object: ``to_json`` builds its
        containers afresh, which the conformance suite checks by scribbling on a save).
        ``seat`` None is nobody (a picture for a spectator): only public zones show."""
        game = state.game
        save = state.to_json()
        marked: dict[int, tuple[Zone, list]] = {}
        for zone, (_, box, key) in list(self.unseen_places(game, save, seat)):
            box[key] = UNSEEN if zone.back is None else UNSEEN + zone.back(game, box[key])
            whole = zone.per_seat and box is save.get(zone.path)  # one id a seat: positional
            if not (zone.ordered or whole or zone.slots is not None):
                marked[id(box)] = (zone, box)
        for _, box in marked.values():
            box.sort(key=lambda v: (_unseen(v), "" if v is None else v))
        known = save.get("known")
        if known:
            n = game.players
            save["known"] = {c: seats for c, seats in known.items() if _knows(seats, seat, n)}
        return save


def _knows(seats: Any, seat: int | None, players: int) -> bool:
    """Whether ``seat`` knows a component the ``known`` record gives to ``seats``. Nobody
    (None, a spectator) knows what every seat knows: a card discarded in everyone's view
    and buried since is common knowledge, shown in a picture drawn for nobody."""
    if seat is not None:
        return seat in seats
    return all(p in seats for p in range(players))


def _copy(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


def _strings(v: Any, out: set[str]) -> None:
    if isinstance(v, str):
        out.add(v)
    elif isinstance(v, dict):
        for x in v.values():
            _strings(x, out)
    elif isinstance(v, list):
        for x in v:
            _strings(x, out)


def deal(game: Any, zones: ZoneTable, seen: Mapping, seat: int,
         rng: random.Random) -> dict:
    """A full save from a seen one: each unseen place gets an unseen component (one the
    seen save names nowhere), uniformly among those its zone may hold."""
    save = _copy(seen)
    holes = [(zone, place) for zone in zones.used(game) if zone.visibility != PUBLIC
             for place in zone.places(save) if _unseen(place[1][place[2]])]
    named: set[str] = set()
    _strings(save, named)
    named = {c for c in named if not _unseen(c)}
    pool = sorted(set(zones.universe(game)) - named)
    if len(pool) != len(holes):
        raise RuleError(f"{game.NAME}: the observation hides {len(holes)} places but "
                        f"{len(pool)} components are unseen; it was not made by this game")
    # Most constrained places first; a random pick among what each may hold. A dead end
    # (a restriction left with nothing) starts again: restrictions here are loose.
    for _ in range(50):
        left = list(pool)
        rng.shuffle(left)
        order = sorted(range(len(holes)),
                       key=lambda i: sum(1 for c in left if _fits(game, holes[i], c)))
        filled: dict[int, str] = {}
        for i in order:
            fitting = [c for c in left if _fits(game, holes[i], c)]
            if not fitting:
                break
            c = fitting[rng.randrange(len(fitting))]
            left.remove(c)
            filled[i] = c
        else:
            for i, c in filled.items():
                _, box, key = holes[i][1]
                box[key] = c
            return save
    raise RuleError(f"{game.NAME}: no deal of the unseen components fits the zones")


def is_unseen(v: Any) -> bool:
    """Whether ``v`` marks a hidden component in a seen save or a seen state
    (:data:`UNSEEN`, alone or followed by the back the zone shows): what a renderer draws
    as a card back."""
    return isinstance(v, str) and v.startswith(UNSEEN)


_unseen = is_unseen


def _fits(game: Any, hole: tuple[Zone, Slot], c: str) -> bool:
    zone, (owner, box, key) = hole
    mark = box[key][len(UNSEEN):]
    if mark and (zone.back is None or zone.back(game, c) != mark):
        return False
    return zone.holds is None or zone.holds(game, owner, c)


def seen_save(game: Any, observation: Any, seat: int) -> Mapping:
    """The seen save of ``seat``'s observation, or :class:`RuleError` if it is none.

    Refused before anything recursive reads it: a save nested deeper than any save is
    (the depth check of ``state_from_json``, ``core/jsonio.py``), and another seat's
    observation. Whose it is, is told by the seat the observation names under
    ``"seat"`` (``State.observation`` writes it): dealing seat 1's unseen places from
    seat 0's view would hand seat 1 a state in which it knows seat 0's hand. The name is
    the test, not the shape of what is hidden, since a position where nothing is hidden
    yet looks the same to every seat and would let a wrong pair through unnoticed."""
    if not isinstance(observation, Mapping) or not isinstance(observation.get("seen"), Mapping):
        raise RuleError(f"{game.NAME}: determinize takes state.observation(seat), a dict "
                        "with the seen save under 'seen'")
    named = observation.get("seat")
    if not (named.__class__ is int and named == seat):
        whose = "names no seat" if named is None else f"is seat {quote(named)}'s"
        raise RuleError(f"{game.NAME}: determinize for seat {seat} takes that seat's own "
                        f"observation, state.observation({seat}); this one {whose} "
                        "(its 'seat' field)")
    seen = observation["seen"]
    check_depth(seen, f"{game.NAME} observation")
    return seen


def determinize(game: Any, observation: Any, seat: int, rng: random.Random) -> Any:
    """See :meth:`~treehouse_lab.core.protocol.Game.determinize`."""
    zones: ZoneTable | None = getattr(game, "ZONES", None)
    seen = seen_save(game, observation, seat)
    if zones is None:
        return game.state_from_json(seen)
    return game.state_from_json(deal(game, zones, seen, seat, rng))


__all__ = ["COUNTED", "HIDDEN", "OWNER", "PUBLIC", "UNSEEN", "Zone", "ZoneTable", "deal",
           "determinize", "is_unseen", "seen_save"]
