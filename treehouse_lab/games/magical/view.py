"""What each seat sees in Magical Treehouse: the zones, the observation, and the few
inferences the zones cannot express.

Zones (rulebook, 2. Planning Step; ruling R1): the undealt pool is hidden but counted
(the decks are its parts); a hand, a drawer, a storage and a personal objective are seen
by their owner only; a carriage is hidden, except the cards a seat put there itself (the
"known" record); villages, pipes, trash cans and the box are public. Storage holds only
buildings and a drawer no spell (3. Building Step; ruling R9), which a determinization
respects.

Two things the zones cannot say, written here: a secret choice already made (a
play-order card, a spell's answer) is masked in what the other seats see and dealt again
to fit the sampled cards; and the brown objective tiles nobody holds are not in the save,
so the personal objectives a seat has not seen are drawn from every brown tile it has not
seen.
"""

from __future__ import annotations

import random
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


class MagicalZones(ZoneTable):
    """The zones, and other seats' secret choices masked in the seen save."""

    def seen(self, state: Any, seat: int) -> dict:
        save = super().seen(state, seat)
        save["choices"] = [c if q == seat or c is None or c == "todo" else UNSEEN
                           for q, c in enumerate(save["choices"])]
        return save


ZONES = MagicalZones(
    [Zone("pool", COUNTED, "pool", ordered=False),
     Zone("hands", OWNER, "hands", per_seat=True),
     Zone("drawers", OWNER, "drawers", per_seat=True, holds=_no_spell),
     Zone("storage", OWNER, slots=_storage_slots, holds=_building),
     Zone("carriages", HIDDEN, "carriages", per_seat=True),
     Zone("personal", OWNER, "personal", per_seat=True)],
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
    return {
        "viewer": p, "phase": s.phase, "round": s.round, "direction": s.direction,
        "side": s.side,
        "hand": sorted(s.hands[p]), "hand_sizes": [len(h) for h in s.hands],
        "drawer": sorted(s.drawers[p]), "drawer_sizes": [len(d) for d in s.drawers],
        "storage": [list(x) for x in sorted(s.stored[p])],
        "storage_sizes": [len(x) for x in s.stored],
        "deck_sizes": list(s.deck),
        "carriages": [len(c) for c in s.carriages],
        "carriage_known": [sorted(s.carriage_known(i, p)) for i in range(s.game.players)],
        "trash": [list(t) for t in s.trash], "box": sorted(s.box),
        "villages": [[{"cards": list(b.cards), "down": b.down} for b in v]
                     for v in s.villages],
        "pipes": [[list(x) for x in v] for v in s.piped],
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
        "storage_on": [sorted(on for _, on in v) for v in s.stored],
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
    save = dict(seen_save(game, observation))
    save["personal"] = list(save["personal"])
    objectives = game.data.objectives
    shown = {t for t in save["common"] if t} | {t for t in save["personal"]
                                                 if t and t != UNSEEN}
    tiles = [t for t in sorted(objectives) if objectives[t].colour == "brown"
             and t not in shown]
    rng.shuffle(tiles)
    save["personal"] = [tiles.pop() if t == UNSEEN else t for t in save["personal"]]
    save = deal(game, ZONES, save, seat, rng)
    save["pool"] = sorted(save["pool"])
    save["choices"] = [_redeal(game, save, q, c, rng) for q, c in enumerate(save["choices"])]
    return game.state_from_json(save)


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


__all__ = ["ZONES", "MagicalZones", "determinize", "hidden_from", "observation",
           "unseen_objectives"]
