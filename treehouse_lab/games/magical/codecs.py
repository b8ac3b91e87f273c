"""Magical Treehouse: how its state fields are read from a save and written back (the
codecs of ``state.py``'s declared fields), kept apart so the state module reads as the
list of fields and the read API."""

from __future__ import annotations

from typing import Any

from ...core.fields import Codec, Custom, Int, Seat, Str, Tuple
from ...core.jsonio import expect_bool, expect_dict
from ...errors import RuleError
from .actions import DiscardCard, Exchange, KeepStorage
from .rules import Stack


def card_ids(g: Any) -> tuple[str, ...]:
    return g.card_ids


def objective_ids(g: Any) -> Any:
    return g.data.objectives


CARD: Codec = Str(card_ids)
CARDS = Tuple(CARD)


def load_stack(data: Any, where: str, game: Any) -> Stack:
    d = expect_dict(data, where, ("cards", "down"))
    cards = CARDS.load(d["cards"], f"{where}.cards", game)
    if not cards:
        raise RuleError(f"{where}.cards: a building has a card")
    return Stack(cards, expect_bool(d["down"], f"{where}.down"))


STACK = Custom(lambda s: {"cards": list(s.cards), "down": s.down}, load_stack)


def load_choice(data: Any, where: str, game: Any) -> Any:
    """A secret choice: None (none owed), "todo" (owed), a play-order card id (reveal) or
    a spell's answer (an action)."""
    if data is None or data == "todo":
        return data
    if isinstance(data, str):
        return CARD.load(data, where, game)
    a = game.action_from_json(data)
    if not isinstance(a, (DiscardCard, Exchange, KeepStorage)):
        raise RuleError(f"{where}: a spell choice, got {a.KIND}")
    return a


CHOICE = Custom(lambda c: c if c is None or isinstance(c, str) else c.to_json(), load_choice)


def pieces(*codecs: Codec) -> Codec:
    """A short fixed JSON list (a pipe: card and two buildings), held as a tuple."""
    def load(data: Any, where: str, game: Any) -> tuple:
        return Tuple(AnyValue(), length=len(codecs)).load(data, where, game) and tuple(
            c.load(v, f"{where}[{i}]", game) for i, (c, v) in enumerate(zip(codecs, data)))
    return Custom(list, load)


class AnyValue(Codec):
    def load(self, data: Any, where: str, game: Any) -> Any:
        return data


def areas(g: Any) -> Any:
    return g.forest


def direction(data: Any, where: str, game: Any) -> int:
    value = Int(-1, 1).load(data, where, game)
    if value == 0:
        raise RuleError(f"{where}: 1 (clockwise) or -1 (anticlockwise), got 0")
    return value


def sorted_pool(data: Any, where: str, game: Any) -> tuple:
    pool = CARDS.load(data, where, game)
    if list(pool) != sorted(pool):
        raise RuleError(f"{where}: the undealt cards are kept sorted")
    return pool


def known(data: Any, where: str, game: Any) -> Any:
    raw = expect_dict(data, where)
    out = {}
    for c, seats in raw.items():
        CARD.load(c, f"{where} key", game)
        out[c] = Tuple(Seat(), sort=True, unique=True).load(seats, f"{where}.{c}", game)
    return dict(sorted(out.items()))


def plain_map(m: Any) -> dict:
    return {k: list(v) for k, v in m.items()}
