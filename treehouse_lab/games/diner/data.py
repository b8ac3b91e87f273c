"""Treehouse Diner component data: the shipped stand-in order cards and pantry layout,
the user's own files, and the ``orders`` / ``pantry`` options that say which set a game
is played with.

Why so strict: the rulebook gives counts (46 Basic orders, 8 Starting orders, a 4- and a
6-minute Starting order for each player, a phone tray of players + 1 spaces) and a teacher
may swap in their own cards. A typo must fail when the data is loaded, naming the file and
the entry, not as an odd score twenty turns later.

Why options never hold a path (shared/design/stand-in-data.md): ``game.options`` is saved
by ``Match.to_json`` and read back by ``load_game``. A save that named a file would make
the loader open whatever path a stranger wrote into it. So an option value is data:
``"standard@<digest>"`` (the set this package ships, with a digest of its content, so a
save played with another version of the set is refused rather than silently rescored;
``None`` or ``"standard"`` ask for the shipped set as it is now), or the set itself,
embedded as plain tables. A file is read only from Python: ``load_game("diner",
orders=load_orders("my_orders.toml"))``.

That mechanism (reading, caching, digests, the ``standard@<digest>`` references and the
refusal of anything else) is shared with the other games in :mod:`treehouse_lab.core.datasets`;
this module holds what is the Diner's own: the rulebook's counts and the fields of a card
and of the pantry.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence

from ...core.datasets import (
    STANDARD,  # noqa: F401  (re-exported: the name of the shipped sets in option values)
    DataSetOption,
    cached_loader,
    freeze,
    read_tables,
    read_toml,
)
from ...errors import RuleError, quote
from .rules import (
    BASIC_KINDS,
    BASIC_ORDERS,
    DECKS,
    EFFECTS,
    KITCHEN_SPACES,
    PLAYERS,
    STARTING_EACH,
    STARTING_MINUTES,
    STARTING_ORDERS,
    Layout,
    Order,
    Row,
    slug,
    valid_name,
)

HERE = Path(__file__).resolve().parent
ORDERS_FILE = HERE / "orders.toml"
PANTRY_FILE = HERE / "pantry.toml"
#: Three chefs: a Challenge of the "Save the Bees" module asks for "at least 3 orders
#: from different chefs".
CHEFS_AT_LEAST = 3
ROW_SIZES = (1, 2, 3, 4)   # Setup 6: "shelf spaces with 1, 2, 3 or 4 circles"


# -- Reading files (Python only; core.datasets reads and caches) -----------------------------

def load_orders(path: str | os.PathLike | None = None) -> tuple[Order, ...]:
    """The order cards of a TOML file (default: the stand-in ``orders.toml``), validated.
    Pass the result as ``load_game("diner", orders=...)``: the game embeds the cards, so
    a save never needs the file. Cached by (path, size, modification time)."""
    return _orders_file(path)


def load_pantry(path: str | os.PathLike | None = None) -> Layout:
    """The pantry layout of a TOML file (default: the stand-in ``pantry.toml``), validated;
    for ``load_game("diner", pantry=...)``."""
    return _pantry_file(path)


def _read_pantry(path: Path) -> Layout:
    doc = read_toml(path)
    if set(doc) != {"row", "columns", "tray"}:
        raise RuleError(f"{path}: expected [[row]] tables, [columns] and [tray], got keys "
                        f"{', '.join(sorted(doc)) or '(none)'}")
    return layout(doc, str(path))


_orders_file = cached_loader(lambda path: order_set(read_tables(path, "order"), str(path)),
                             ORDERS_FILE)
_pantry_file = cached_loader(_read_pantry, PANTRY_FILE)


# -- Validating entries (files and embedded data alike) --------------------------------------

_ORDER_FIELDS = ("name", "deck", "chef", "minutes", "ingredients", "points", "effects")


def _whole(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RuleError(f"{where} must be a whole number {lo}..{hi}, got {quote(value)}")
    return value


def _effects(value: Any, where: str) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(value, (list, tuple)) or len(value) > 6:
        raise RuleError(f"{where} must be a list of at most 6 effects like "
                        f"{{ kind = \"draw\" }}, got {quote(value)}")
    return tuple(EFFECTS.check(e, f"{where} #{i}") for i, e in enumerate(value, start=1))


def order_entry(entry: Any, where: str, kinds: Sequence[str] = BASIC_KINDS) -> Order:
    """One ``[[order]]`` table."""
    if not isinstance(entry, Mapping):
        raise RuleError(f"{where}: expected a table")
    name = entry.get("name")
    if isinstance(name, str):
        where = f"{where} ({quote(name, 40)})"
    if set(entry) != set(_ORDER_FIELDS):
        missing = sorted(set(_ORDER_FIELDS) - set(entry))
        extra = sorted(map(str, set(entry) - set(_ORDER_FIELDS)))
        raise RuleError(f"{where}: fields are {', '.join(_ORDER_FIELDS)}"
                        + (f"; missing {', '.join(missing)}" if missing else "")
                        + (f"; unknown {', '.join(quote(e, 30) for e in extra[:5])}"
                           if extra else ""))
    if not valid_name(name):
        raise RuleError(f"{where}: name must be capitalised words of letters, like "
                        f"'Acorn Jam' (at most 40 characters), got {quote(name)}")
    deck = entry["deck"]
    if deck not in DECKS:
        raise RuleError(f"{where}: deck must be one of {', '.join(DECKS)}, got {quote(deck)}")
    chef = entry["chef"]
    if not isinstance(chef, str) or not re.match(r"^[a-z]{1,20}$", chef):
        raise RuleError(f"{where}: chef must be a lower-case word, got {quote(chef)}")
    minutes = _whole(entry["minutes"], f"{where}: minutes", 1, KITCHEN_SPACES)
    ings = entry["ingredients"]
    if (not isinstance(ings, (list, tuple)) or not 1 <= len(ings) <= 8
            or any(not isinstance(k, str) or k not in kinds for k in ings)):
        raise RuleError(f"{where}: ingredients must be a list of 1 to 8 of "
                        f"{', '.join(kinds)}, got {quote(ings)}")
    points = _whole(entry["points"], f"{where}: points", 0, 99)
    effects = _effects(entry["effects"], f"{where}: effects")
    return Order(slug(name), name, deck, chef, minutes, tuple(ings), points, effects)


def order_set(entries: Iterable[Any], where: str) -> tuple[Order, ...]:
    """Every card valid and different; the rulebook's counts met. Sorted by id."""
    orders: list[Order] = []
    seen: dict[str, int] = {}
    for i, e in enumerate(entries, start=1):
        o = e if isinstance(e, Order) else order_entry(e, f"{where}: order #{i}")
        if isinstance(e, Order):  # a card made in Python: check it as its table
            o = order_entry(e.to_json(), f"{where}: order #{i}")
        if o.id in seen:
            raise RuleError(f"{where}: order #{i} ({o.name}): the same name as order "
                            f"#{seen[o.id]}; every order needs its own name")
        seen[o.id] = i
        orders.append(o)
    basic = [o for o in orders if o.deck == "basic"]
    starting = [o for o in orders if o.deck == "starting"]
    # Rulebook: Components ("46 Basic orders", "8 Starting orders").
    if len(basic) != BASIC_ORDERS:
        raise RuleError(f"{where}: the rulebook's components list {BASIC_ORDERS} Basic "
                        f"orders; this set has {len(basic)}")
    if len(starting) != STARTING_ORDERS:
        raise RuleError(f"{where}: the rulebook's components list {STARTING_ORDERS} "
                        f"Starting orders; this set has {len(starting)}")
    # Setup 2: each player gets one Starting order of 4 minutes and one of 6 (4 players).
    for m in STARTING_MINUTES:
        k = sum(o.minutes == m for o in starting)
        if k != STARTING_EACH:
            raise RuleError(f"{where}: Setup deals each of up to 4 players a {m}-minute "
                            f"Starting order, so {STARTING_EACH} are needed; this set has {k}")
    chefs = {o.chef for o in orders}
    if len(chefs) < CHEFS_AT_LEAST:
        raise RuleError(f"{where}: orders come from at least {CHEFS_AT_LEAST} chefs; this "
                        f"set has {len(chefs)} ({', '.join(sorted(chefs))})")
    return tuple(sorted(orders, key=lambda o: o.id))


def _per_players(value: Any, where: str, lo: int, hi: int) -> dict[int, int]:
    if not isinstance(value, Mapping) or {str(k) for k in value} != {str(p) for p in PLAYERS}:
        raise RuleError(f"{where} must give a number for each player count "
                        f"{', '.join(map(str, PLAYERS))}, got {quote(value)}")
    return {int(k): _whole(v, f"{where} {k}", lo, hi) for k, v in value.items()}


def layout(doc: Mapping[str, Any], where: str) -> Layout:
    """The pantry layout from its tables (a file, or the embedded option value)."""
    rows_in = doc.get("row", doc.get("rows"))
    if not isinstance(rows_in, (list, tuple)) or not rows_in:
        raise RuleError(f"{where}: expected a list of shelf rows")
    rows = []
    for i, r in enumerate(rows_in, start=1):
        at = f"{where}: row #{i}"
        if not isinstance(r, Mapping) or set(r) != {"size", "bonus"}:
            raise RuleError(f"{at}: a row has exactly the fields size and bonus")
        size = _whole(r["size"], f"{at} size", 1, 4)
        rows.append(Row(size, _effects(r["bonus"], f"{at} bonus")))
    if sorted(r.size for r in rows) != list(ROW_SIZES):
        raise RuleError(f"{where}: Setup 6 names shelf spaces of 1, 2, 3 and 4 circles: one "
                        f"row of each, got sizes {[r.size for r in rows]}")
    columns = _per_players(doc.get("columns"), f"{where}: columns", 1, 8)
    tray = _per_players(doc.get("tray"), f"{where}: tray", 1, 9)
    # Setup 5: "With three players, add the puzzle piece ... With four players, you add two
    # shelf columns."
    if not columns[2] < columns[3] < columns[4]:
        raise RuleError(f"{where}: columns: 3 players add a shelf column and 4 players two, "
                        f"so the counts must grow, got {columns}")
    # Setup 7: "with four players all 5 spaces are needed": players + 1.
    for p in PLAYERS:
        if tray[p] != p + 1:
            raise RuleError(f"{where}: tray {p}: the phone tray has one space more than "
                            f"there are players ({p + 1}), got {tray[p]}")
    return Layout(tuple(rows), MappingProxyType(columns), MappingProxyType(tray))


# -- The options (core.datasets.DataSetOption: a shipped set's digest, or the set embedded) --

def _orders_data(orders: Sequence[Order]) -> list[dict]:
    """What the digest of an order set is taken of: its cards as tables."""
    return [o.to_json() for o in orders]


def _embed_orders(value: Sequence[Any]) -> tuple[dict, ...]:
    """An embedded order set as the option stores it: a tuple of frozen card tables."""
    total = BASIC_ORDERS + STARTING_ORDERS
    if len(value) != total:  # before reading entries: a forged list may be huge
        raise RuleError(f"option orders: the rulebook's components list {BASIC_ORDERS} Basic "
                        f"and {STARTING_ORDERS} Starting orders; this set has {len(value)}")
    return tuple(freeze(o) for o in _orders_data(order_set(value, "option orders")))


def _embed_pantry(value: Layout | Mapping[str, Any]) -> dict:
    """An embedded layout as the option stores it: a frozen table of rows, columns, tray."""
    if isinstance(value, Layout):
        value = value.to_json()
    if set(value) != {"rows", "columns", "tray"}:
        raise RuleError("option pantry: a layout has exactly the fields rows, columns and "
                        f"tray, got {', '.join(sorted(map(str, value)))[:80] or '(none)'}")
    return freeze(layout(value, "option pantry").to_json())


ORDERS: DataSetOption[tuple[Order, ...]] = DataSetOption(
    "orders", loader="diner.load_orders",
    embedded="a list of the 54 order tables, or the result of load_orders(path)",
    load_standard=load_orders, content=_orders_data, accepts=(list, tuple),
    embed=_embed_orders, parse=lambda tables: order_set(tables, "option orders"))

PANTRY: DataSetOption[Layout] = DataSetOption(
    "pantry", loader="diner.load_pantry",
    embedded="a table with rows, columns and tray, or the result of load_pantry(path)",
    load_standard=load_pantry, content=Layout.to_json, accepts=(Layout, Mapping),
    embed=_embed_pantry, parse=lambda doc: layout(doc, "option pantry"))

# The public names, as the game's options and users call them: ``standard_orders()`` is
# the order cards this package ships and their option value ``"standard@<digest>"``,
# ``orders_option`` the ``Option.check`` of ``orders`` (opens no file), ``orders_of`` what
# a checked value stands for; the same for ``pantry``.
standard_orders, orders_option, orders_of = ORDERS.standard, ORDERS.check, ORDERS.of
standard_pantry, pantry_option, pantry_of = PANTRY.standard, PANTRY.check, PANTRY.of
