"""What each seat sees in Magical Treehouse: the zones, the observation, and the few
inferences the zones cannot express.

Zones (rulebook, 2. Planning Step; ruling R1): the undealt pool is hidden but counted
(the decks are its parts); a hand, a drawer, a storage and a personal objective are seen
by their owner only; a carriage is hidden, except the cards a seat put there itself (the
"known" record); a building card built face down is seen by its builder only (it came
from a hidden drawer and lies face down: ruling R17); villages, pipes, trash cans and the
box are otherwise public. Under the variant trash="top" (ruling R18) a trash card under the
top of its pile is seen by its owner only, unless everyone saw it on top before it was
covered (the "known" record: ``moves.to_trash``). Storage holds only buildings, a drawer
no spell and a face-down place a building (3. Building Step; ruling R9), which a
determinization respects.

Three things the zones cannot say, written here: a secret choice already made (a
play-order card, a spell's answer) is masked in what the other seats see and dealt again
to fit the sampled cards; a building is named by its bottom card, so where the other seats
see a face-down building its name in the pipes and storage is an alias (``?down1`` for
the first face-down building of that village, in village order), turned back into the
sampled card's name by :func:`determinize`; and the brown objective tiles nobody holds
are not in the save, so the personal objectives a seat has not seen are drawn from every
brown tile it has not seen.
"""

from __future__ import annotations

import random
import re
from typing import Any, Iterator, Mapping

from ...core.zones import COUNTED, HIDDEN, OWNER, UNSEEN, Zone, ZoneTable, deal, seen_save
from .actions import DiscardCard, Exchange, KeepStorage
from .rules import PILES


def _no_spell(game: Any, owner: Any, c: str) -> bool:
    card = game.cards.get(c)
    return card is not None and card.kind != "spell"


def _building(game: Any, owner: Any, c: str) -> bool:
    card = game.cards.get(c)
    return card is not None and card.kind == "building"


def _storage_slots(save: Mapping) -> Iterator[tuple]:
    for p, pairs in enumerate(save.get("storage") or ()):
        for pair in pairs:
            yield p, pair, 0


def _face_down_slots(save: Mapping) -> Iterator[tuple]:
    """The bottom card of each building built face down (its id names the building)."""
    for p, stacks in enumerate(save.get("villages") or ()):
        for st in stacks:
            if st.get("down"):
                yield p, st["cards"], 0


def _buried_slots(save: Mapping) -> Iterator[tuple]:
    """Every trash card but the top one of its pile (ruling R18, trash="top"): "in one
    pile, face up, with the spell card on top, visible"."""
    for p, pile in enumerate(save.get("trash") or ()):
        for i in range(len(pile) - 1):
            yield p, pile, i


def _trash_top(game: Any) -> bool:
    return game.trash_top


def trash_seen(s: Any, p: int, viewer: int | None) -> list[str]:
    """Seat ``p``'s trash can, bottom first, as ``viewer`` sees it (None: what every seat
    sees, the public board): a card the zones hide from it is :data:`UNSEEN`. Read off the
    zones, over the trash cans and the "known" record alone."""
    pile = list(s.trash[p])
    if not s.game.trash_top or viewer == p:
        return pile
    save = {"trash": [list(t) for t in s.trash], "known": s.known}
    seats = range(s.game.players) if viewer is None else (viewer,)
    hidden = {i for q in seats for _, (owner, _, i) in ZONES.unseen_places(s.game, save, q)
              if owner == p}
    return [UNSEEN if i in hidden else c for i, c in enumerate(pile)]


def face_down_numbers(s: Any, p: int) -> dict[str, int]:
    """{building id: k} for the face-down buildings of seat ``p``'s village, numbered 1, 2...
    in village order: how the other seats tell them apart (they cannot see the card)."""
    downs = (st.cards[0] for st in s.villages[p] if st.down)
    return {sid: k for k, sid in enumerate(downs, 1)}


def alias(k: int) -> str:
    """What the other seats' seen save writes for the ``k``-th face-down building."""
    return f"{UNSEEN}down{k}"


def building_name(s: Any, p: int, sid: str, viewer: int | None) -> str:
    """Seat ``p``'s building ``sid`` as ``viewer`` may name it (None: everyone, the
    public log): its id, or "face-down building k" for one only its builder has seen."""
    if viewer == p:
        return sid
    k = face_down_numbers(s, p).get(sid)
    return sid if k is None else f"face-down building {k}"


def public_text(s: Any, p: int, text: str) -> str:
    """``text`` with the ids of seat ``p``'s face-down buildings replaced by the names
    every seat knows them by (``view.building_name``)."""
    names = face_down_numbers(s, p)
    if not names:
        return text
    return re.sub(r"[\w-]+", lambda m: building_name(s, p, m[0], None)
                  if m[0] in names else m[0], text)


def _masked(names: Mapping[str, int], sid: str) -> str:
    k = names.get(sid)
    return sid if k is None else alias(k)


class MagicalZones(ZoneTable):
    """The zones; other seats' secret choices masked in the seen save, and their face-down
    buildings named by alias where the pipes and storage refer to them."""

    def seen(self, state: Any, seat: int) -> dict:
        save = super().seen(state, seat)
        save["choices"] = [c if q == seat or c is None or c == "todo" else UNSEEN
                           for q, c in enumerate(save["choices"])]
        for q in range(state.game.players):
            names = face_down_numbers(state, q) if q != seat else {}
            if names:
                save["pipes"][q] = [[c, _masked(names, a), _masked(names, b)]
                                    for c, a, b in save["pipes"][q]]
                save["storage"][q] = [[c, _masked(names, on)] for c, on in save["storage"][q]]
        return save


ZONES = MagicalZones(
    [Zone("pool", COUNTED, "pool", ordered=False),
     Zone("hands", OWNER, "hands", per_seat=True),
     Zone("drawers", OWNER, "drawers", per_seat=True, holds=_no_spell),
     Zone("storage", OWNER, slots=_storage_slots, holds=_building),
     Zone("carriages", HIDDEN, "carriages", per_seat=True),
     Zone("face_down", OWNER, slots=_face_down_slots, holds=_building),
     Zone("personal", OWNER, "personal", per_seat=True),
     Zone("trash", OWNER, slots=_buried_slots, when=_trash_top)],
    universe=lambda g: g.card_ids)


def unseen_objectives(state: Any, seat: int) -> set[str]:
    """The brown tiles ``seat`` has not seen (others' personal objectives, and those
    nobody holds)."""
    shown = {t for t in state.common if t} | {state.personal[seat]}
    return {o.id for o in state.game.data.objectives.values()
            if o.colour == "brown" and o.id not in shown}


def hidden_from(state: Any, seat: int) -> set[str]:
    return ZONES.hidden_from(state, seat) | unseen_objectives(state, seat)


def observation(s: Any, p: int) -> dict:
    """What seat ``p`` sees, in the board's words (core adds the seen save)."""
    names = [face_down_numbers(s, q) if q != p else {} for q in range(s.game.players)]
    return {
        "viewer": p, "phase": s.stage, "round": s.round, "direction": s.direction,
        "side": s.side,
        "hand": sorted(s.hands[p]), "hand_sizes": [len(h) for h in s.hands],
        "drawer": sorted(s.drawers[p]), "drawer_sizes": [len(d) for d in s.drawers],
        "storage": [list(x) for x in sorted(s.stored[p])],
        "storage_sizes": [len(x) for x in s.stored],
        "deck_sizes": list(s.deck),
        "carriages": [len(c) for c in s.carriages],
        "carriage_known": [sorted(s.carriage_known(i, p)) for i in range(s.game.players)],
        "trash": [trash_seen(s, q, p) for q in range(s.game.players)], "box": sorted(s.box),
        # a face-down card is its builder's secret: "?" for the others, and the
        # building's alias (?down1...) in the pipes and storage (module docstring)
        "villages": [[{"cards": [UNSEEN if k == 0 and b.down and q != p else c
                                 for k, c in enumerate(b.cards)], "down": b.down} for b in v]
                     for q, v in enumerate(s.villages)],
        "pipes": [[[c, _masked(names[q], a), _masked(names[q], b)] for c, a, b in v]
                  for q, v in enumerate(s.piped)],
        "forest": dict(sorted(s.placed.items())), "supply": list(s.supply),
        "biscuits": list(s.biscuit_counts), "round_biscuits": s.round_biscuits,
        "tray": list(s.tray_piles), "box_biscuits": s.box_biscuits,
        "common": list(s.common), "personal": s.personal[p],
        "dropped": list(s.dropped), "waiting": list(s.waits),
        "spell": s.spell, "play_order": list(s.order),
        "builder": s.builder, "my_choice": _choice_json(s.choices[p]),
        "chosen": [c not in (None, "todo") for c in s.choices],
        "familiars_owed": list(s.owed),
        # Public facts: which buildings hold a face-down stored card (the board shows
        # "N stored"), who still has a secret choice to make, draws owed while dealing,
        # and who holds a face-down personal objective.
        "storage_on": [sorted(_masked(names[q], on) for _, on in v)
                       for q, v in enumerate(s.stored)],
        "to_choose": [c == "todo" for c in s.choices],
        "to_draw": list(s.to_draw),
        "personal_dealt": [t is not None for t in s.personal],
    }


def _choice_json(ch: Any) -> Any:
    return ch if ch is None or isinstance(ch, str) else ch.to_json()


def determinize(game: Any, observation: Mapping, seat: int, rng: random.Random) -> Any:
    """A full state from what ``seat`` saw (``observation["seen"]``): the personal
    objectives it has not seen drawn from the brown tiles it has not seen, the hidden cards
    dealt by the zones (core), and the others' secret choices drawn among those their
    sampled cards allow."""
    save = dict(seen_save(game, observation, seat))
    save["personal"] = list(save["personal"])
    objectives = game.data.objectives
    shown = {t for t in save["common"] if t} | {t for t in save["personal"]
                                                 if t and t != UNSEEN}
    tiles = [t for t in sorted(objectives) if objectives[t].colour == "brown"
             and t not in shown]
    rng.shuffle(tiles)
    save["personal"] = [tiles.pop() if t == UNSEEN else t for t in save["personal"]]
    save = deal(game, ZONES, save, seat, rng)
    _name_face_down(save, seat)
    save["pool"] = sorted(save["pool"])
    save["choices"] = [_redeal(game, save, q, c, rng) for q, c in enumerate(save["choices"])]
    return game.state_from_json(save)


def _name_face_down(save: dict, seat: int) -> None:
    """The aliases of the other seats' face-down buildings, replaced by the cards dealt
    there (in village order, as :meth:`MagicalZones.seen` numbered them)."""
    for q, stacks in enumerate(save["villages"]):
        if q == seat:
            continue
        ids = {alias(k): st["cards"][0]
               for k, st in enumerate((st for st in stacks if st["down"]), 1)}
        if ids:
            save["pipes"][q] = [[c, ids.get(a, a), ids.get(b, b)] for c, a, b in save["pipes"][q]]
            save["storage"][q] = [[c, ids.get(on, on)] for c, on in save["storage"][q]]


def _redeal(game: Any, save: dict, q: int, choice: Any, rng: random.Random) -> Any:
    """Another seat's secret choice, drawn among those its sampled cards allow."""
    if choice != UNSEEN:
        return choice
    cards = game.cards
    if save["spell"] is None:                                   # reveal: a drawer card
        return rng.choice(sorted(save["drawers"][q]))
    effect = cards[save["spell"]].power
    if effect.exchanges:
        options = [KeepStorage().to_json()] + [
            Exchange(d, st).to_json() for d in sorted(save["drawers"][q])
            if cards[d].kind == "building" for st, _ in sorted(save["storage"][q])]
        return rng.choice(options)
    place = effect.discards_from
    return DiscardCard(rng.choice(sorted(save[PILES[place]][q])), place).to_json()


__all__ = ["ZONES", "MagicalZones", "alias", "building_name", "determinize",
           "face_down_numbers", "hidden_from", "observation", "public_text", "trash_seen",
           "unseen_objectives"]
