"""Treehouse Diner: who sees what (the zones), the observation, and the census of every
component.

Face down in the Diner are the order pile, the Starting orders left in the box, the Action
card draw pile and the Challenges left in the box: hidden, but their sizes are public
(counted zones). An Action card hand is seen by its owner only. Everything else is on the
table. Ingredients and bees are identical tokens counted by kind, not cards: the bag's
contents are not in the observation's top level (only ``bag_count``), though they follow
from what is on the table, so the seen save (core/zones.py) keeps them.

From the zones core derives ``hidden_from``, the seen save in ``observation(p)`` and
``game.determinize``. The rulebook never shows a face-down card to one seat only (a drawn
Action card goes into its owner's hand), so no "known" record is needed.
"""

from __future__ import annotations

from typing import Any

from ...core.zones import COUNTED, OWNER, Zone, ZoneTable
from .rules import BEE
from .stages import SpentStep


def _basic_or_any(g: Any, owner: int | None, c: str) -> bool:
    # The order pile may hold Starting orders too: pushed off, discarded, then shuffled
    # back in (D15).
    return c in g.orders


def _starting(g: Any, owner: int | None, c: str) -> bool:
    return c in g.orders and g.orders[c].deck == "starting"


def _minutes(g: Any, c: str) -> str:
    # The Starting orders left in the box: how many of each prep time is public (two of
    # each are dealt at set-up, one each a helper), so their backs are told apart by it.
    return str(g.orders[c].minutes) if c in g.orders else ""


def _action_card(g: Any, owner: int | None, c: str) -> bool:
    return c in g.action_cards


def _challenge(g: Any, owner: int | None, c: str) -> bool:
    return c in g.challenges


def _universe(g: Any) -> list[str]:
    return [*g.orders, *g.action_cards, *g.challenges]


ZONES = ZoneTable(
    [Zone("order pile", COUNTED, "deck", holds=_basic_or_any, ordered=False),
     Zone("starting box", COUNTED, "box", holds=_starting, back=_minutes,
          ordered=False),
     Zone("action pile", COUNTED, "action_deck", holds=_action_card, ordered=False,
          when=lambda g: g.chili),
     Zone("hands", OWNER, "hands", per_seat=True, holds=_action_card,
          when=lambda g: g.chili),
     Zone("challenge box", COUNTED, "challenge_box", holds=_challenge, ordered=False,
          when=lambda g: g.bees)],
    universe=_universe)

#: Save keys the observation leaves out (the seen save still marks their places).
_HIDDEN_KEYS = ("format", "bag", "deck", "box", "action_deck", "challenge_box")


class DinerView:
    """The observation and the census, for :class:`~.state.DinerState`."""

    __slots__ = ()

    def _observation(self, player: int) -> dict:
        g = self.game
        d = self.to_json()
        for key in _HIDDEN_KEYS:
            d.pop(key, None)
        if g.chili:
            # Action card hands are hidden from the other players: only their size shows.
            d["hands"] = [list(h) if q == player else None for q, h in enumerate(self.hands)]
            d["hand_counts"] = [len(h) for h in self.hands]
            d["action_deck_count"] = len(self.action_deck)
        if g.bees:
            d["challenge_box_count"] = len(self.challenge_box)
        d.update({
            "player": player,
            "players": g.players,
            "active": self.active,
            "current_player": self.current_player,
            "stage": self.stage,
            "waiting_for": self.waiting_for(),
            "bag_count": sum(self.bag_counts),
            "deck_count": len(self.deck),
            "box_count": len(self.box),
            "end_after": g.end_after,
            "scores": self.scores(),
        })
        return d

    def card_census(self) -> dict[str, int]:
        """``{place: count}`` for every card: the orders (``order ...``), the 44 Action cards
        (``action ...``) and the 15 Challenges (``challenge ...``). Without a module its
        cards are all in the box."""
        g = self.game
        n = g.players
        out: dict[str, int] = {
            "order pile": len(self.deck), "order discard pile": len(self.order_discard),
            "order phone tray": sum(1 for o in self.tray_orders if o),
            "order starting box": len(self.box)}
        for p in range(n):
            out[f"order kitchen {p}"] = sum(1 for e in self.kitchens[p] if e is not None)
            out[f"order delivered {p}"] = len(self.deliveries[p])
        if g.chili:
            out["action draw pile"] = len(self.action_deck)
            out["action discard pile"] = len(self.action_discards)
            out["action in play"] = sum(1 for t in self.stack if isinstance(t, SpentStep))
            for p in range(n):
                out[f"action hand {p}"] = len(self.hands[p])
        else:
            out["action box"] = g.action_cards_in_box
        if g.bees:
            out["challenge box"] = len(self.challenge_box)
            for p in range(n):
                out[f"challenge face up {p}"] = len(self.open_challenges[p])
                out[f"challenge announced {p}"] = len(self.done_challenges[p])
        else:
            out["challenge box"] = g.challenges_in_box
        return out

    def ingredient_census(self) -> dict[str, dict[str, int]]:
        """``{place: {ingredient: count}}`` over the bag, every shelf space, every supply,
        every order in a kitchen, the compost and (Save the Bees) every beehive: the totals
        always equal the starting bag (Components: 90 ingredients, 98 with the chilis, and
        the 22 bees counted under "bee")."""
        g = self.game

        def named(counts: Any) -> dict[str, int]:
            return {k: c for k, c in zip(g.kinds, counts) if c}

        out: dict[str, dict[str, int]] = {"bag": named(self.bag_counts)}
        for r, row in enumerate(self.shelf_rows):
            for c, space in enumerate(row):
                out[f"pantry {g.rows[r].size}-{c + 1}"] = named(space)
        for p in range(g.players):
            out[f"supply {p}"] = named(self.supplies[p])
        for k in self.kitchens:
            for e in k:
                if e is not None:
                    counts = [0] * len(g.kinds)
                    for cover in e[1]:
                        for x in cover:
                            counts[x] += 1
                    if g.bee is not None:
                        counts[g.bee] = e[2]
                    out[f"order {e[0]}"] = named(counts)
        out["compost"] = named(self.compost_counts)
        if g.bees:
            for p in range(g.players):
                out[f"beehive {p}"] = {BEE: self.hives[p]} if self.hives[p] else {}
        return out

    def components(self) -> dict[str, list[str]]:
        g = self.game
        counts = list(self.bag_counts)
        for multiset in (self.compost_counts, *self.supplies):
            for k, c in enumerate(multiset):
                counts[k] += c
        for row in self.shelf_rows:
            for space in row:
                for k, c in enumerate(space):
                    counts[k] += c
        orders = list(self.deck) + list(self.order_discard) + list(self.box)
        orders += [o for o in self.tray_orders if o]
        for d in self.deliveries:
            orders += d
        bees = sum(self.hives)
        for kitchen in self.kitchens:
            for e in kitchen:
                if e is not None:
                    orders.append(e[0])
                    bees += e[2]
                    for cover in e[1]:
                        for k in cover:
                            counts[k] += 1
        out = {
            "ingredients": sorted(k for k, c in zip(g.kinds, counts) for _ in range(c)
                                  if k != BEE),
            ("chili orders" if g.chili else "basic orders"): sorted(
                o for o in orders if g.orders[o].deck != "starting"),
            "starting orders": sorted(o for o in orders if g.orders[o].deck == "starting"),
        }
        if g.bees:
            out["bees"] = [BEE] * (counts[g.bee] + bees)
            out["challenges"] = sorted([*self.challenge_box,
                                        *(c for x in self.open_challenges for c in x),
                                        *(c for x in self.done_challenges for c in x)])
        if g.chili:
            spent = (t.card for t in self.stack if isinstance(t, SpentStep))
            out["action cards"] = sorted([*self.action_deck, *self.action_discards,
                                          *(c for h in self.hands for c in h), *spent])
        return out
