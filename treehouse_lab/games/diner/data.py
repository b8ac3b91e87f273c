"""Treehouse Diner component data: the shipped stand-in order cards and pantry layout,
the user's own files, and the ``orders`` / ``pantry`` options that say which set a game
is played with.

Why so strict: the rulebook gives counts (46 Basic orders, 8 Starting orders, a 4- and a
6-minute Starting order for each player, a phone tray of players + 1 spaces) and a teacher
may swap in their own cards. A typo must fail when the data is loaded, naming the file and
the entry, not as an odd score twenty turns later.

Why options never hold a path (docs/dev/stand-in-data.md): ``game.options`` is saved
by ``Match.to_json`` and read back by ``load_game``. A save that named a file would make
the loader open whatever path a stranger wrote into it. So an option value is data:
``"standard@<digest>"`` (the set this package ships, with a digest of its content, so a
save played with another version of the set is refused rather than silently rescored;
``None`` or ``"standard"`` ask for the shipped set as it is now), or the set itself,
embedded as plain tables. A file is read only from Python: ``load_game("diner",
orders=load_orders("my_orders.toml"))``.

The modules bring their own stand-in sets, checked the same way and chosen by the options
``chili_orders``, ``actions`` and ``challenges`` (46 Chili orders with Soup Stews, 44
Action cards, 15 Challenges), and the pantry's chili side (``pantry_chili.toml``).

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
from .challenges import CONDITIONS, Challenge
from .rules import (
    ACTION_CARDS,
    BASIC_KINDS,
    BASIC_ORDERS,
    CHALLENGE_CARDS,
    CHILI,
    CHILI_ORDERS,
    DECKS,
    EFFECTS,
    KITCHEN_SPACES,
    PLATES,
    PLAYERS,
    STARTING_EACH,
    STARTING_MINUTES,
    STARTING_ORDERS,
    ActionCard,
    Layout,
    Order,
    Row,
    card_slug,
    slug,
    valid_card_name,
    valid_name,
)

HERE = Path(__file__).resolve().parent
ORDERS_FILE = HERE / "orders.toml"
PANTRY_FILE = HERE / "pantry.toml"
CHILI_ORDERS_FILE = HERE / "chili_orders.toml"
CHILI_PANTRY_FILE = HERE / "pantry_chili.toml"
ACTIONS_FILE = HERE / "actions.toml"
CHALLENGES_FILE = HERE / "challenges.toml"
#: What a Chili order may show: the ingredients, the Chili, and the Soup Stew plates.
CHILI_SYMBOLS: tuple[str, ...] = (*BASIC_KINDS, CHILI, *PLATES)
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


def order_entry(entry: Any, where: str, kinds: Sequence[str] = BASIC_KINDS,
                decks: Sequence[str] = ("basic", "starting")) -> Order:
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
    if deck not in decks or deck not in DECKS:
        raise RuleError(f"{where}: deck must be one of {', '.join(decks)}, got {quote(deck)}")
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


# -- The modules' cards (stand-in sets shipped with the package) ----------------------------------

def chili_order_set(entries: Iterable[Any], where: str) -> tuple[Order, ...]:
    """The 46 Chili orders (Secret Ingredient, Setup 3): every card valid, names
    different; plates only on cards without ingredients, their letters from a on."""
    orders: list[Order] = []
    seen: set[str] = set()
    for i, e in enumerate(entries, start=1):
        at = f"{where}: order #{i}"
        o = order_entry(e, at, CHILI_SYMBOLS, ("chili",))
        plates = [s for s in o.ingredients if s in PLATES]
        if plates:
            if len(plates) != len(o.ingredients):
                raise RuleError(f"{at} ({o.name}): a Soup Stew shows plates only")
            used = sorted(set(plates))
            if used != list(PLATES[: len(used)]):
                raise RuleError(f"{at} ({o.name}): plate letters start at a and skip none, "
                                f"got {', '.join(used)}")
        if o.id in seen:
            raise RuleError(f"{at} ({o.name}): the same name as another order")
        seen.add(o.id)
        orders.append(o)
    if len(orders) != CHILI_ORDERS:
        raise RuleError(f"{where}: the rulebook's components list {CHILI_ORDERS} Chili orders; "
                        f"this set has {len(orders)}")
    return tuple(sorted(orders, key=lambda o: o.id))


def action_set(entries: Iterable[Any], where: str) -> tuple[ActionCard, ...]:
    """The 44 Action cards: ``[[card]]`` tables of name, copies and effects."""
    cards: list[ActionCard] = []
    names: set[str] = set()
    for i, e in enumerate(entries, start=1):
        at = f"{where}: card #{i}"
        if not isinstance(e, Mapping) or set(e) != {"name", "copies", "effects"}:
            raise RuleError(f"{at}: a card has exactly the fields name, copies and effects")
        name = e["name"]
        if not valid_card_name(name):
            raise RuleError(f"{at}: name must be words of letters, capitalised, ending in "
                            f"an optional '!', at most 40 characters, got {quote(name)}")
        at = f"{at} ({quote(name, 40)})"
        if card_slug(name) in names:
            raise RuleError(f"{at}: the same name as another card")
        names.add(card_slug(name))
        copies = _whole(e["copies"], f"{at}: copies", 1, 9)
        effects = _effects(e["effects"], f"{at}: effects")
        if not effects:
            raise RuleError(f"{at}: effects: an Action card does something; give 1 to 6")
        cards += [ActionCard(f"{card_slug(name)}-{c}", name, effects)
                  for c in range(1, copies + 1)]
    if len(cards) != ACTION_CARDS:
        raise RuleError(f"{where}: the rulebook's components list {ACTION_CARDS} Action cards; "
                        f"this set has {len(cards)}")
    return tuple(sorted(cards, key=lambda c: c.id))


def challenge_set(entries: Iterable[Any], where: str) -> tuple[Challenge, ...]:
    """The 15 Challenges: ``[[challenge]]`` tables of name and condition."""
    cards: list[Challenge] = []
    for i, e in enumerate(entries, start=1):
        at = f"{where}: challenge #{i}"
        if not isinstance(e, Mapping) or set(e) != {"name", "condition"}:
            raise RuleError(f"{at}: a Challenge has exactly the fields name and condition")
        name = e["name"]
        if not valid_card_name(name):
            raise RuleError(f"{at}: name must be words of letters, capitalised, ending in "
                            f"an optional '!', at most 40 characters, got {quote(name)}")
        at = f"{at} ({quote(name, 40)})"
        cid = card_slug(name)
        if any(c.id == cid for c in cards):
            raise RuleError(f"{at}: the same name as another Challenge")
        cards.append(Challenge(cid, name, CONDITIONS.check(e["condition"], f"{at}: condition")))
    if len(cards) != CHALLENGE_CARDS:
        raise RuleError(f"{where}: the rulebook's components list {CHALLENGE_CARDS} "
                        f"Challenges; this set has {len(cards)}")
    return tuple(sorted(cards, key=lambda c: c.id))


def load_chili_orders(path: str | os.PathLike | None = None) -> tuple[Order, ...]:
    """The Chili orders of a TOML file (default: the stand-in ``chili_orders.toml``)."""
    return _chili_orders_file(path)


def load_chili_pantry(path: str | os.PathLike | None = None) -> Layout:
    """The pantry's chili side (default: the stand-in ``pantry_chili.toml``)."""
    return _chili_pantry_file(path)


def load_actions(path: str | os.PathLike | None = None) -> tuple[ActionCard, ...]:
    """The Action cards (default: the stand-in ``actions.toml``)."""
    return _actions_file(path)


def load_challenges(path: str | os.PathLike | None = None) -> tuple[Challenge, ...]:
    """The Challenges (default: the stand-in ``challenges.toml``)."""
    return _challenges_file(path)


_chili_orders_file = cached_loader(
    lambda path: chili_order_set(read_tables(path, "order"), str(path)), CHILI_ORDERS_FILE)
_chili_pantry_file = cached_loader(_read_pantry, CHILI_PANTRY_FILE)
_actions_file = cached_loader(lambda path: action_set(read_tables(path, "card"), str(path)),
                              ACTIONS_FILE)
_challenges_file = cached_loader(
    lambda path: challenge_set(read_tables(path, "challenge"), str(path)), CHALLENGES_FILE)


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


# -- The modules' card sets as options (Secret Ingredient, Save the Bees) ---------------------

def _action_tables(cards: Sequence[ActionCard]) -> list[dict]:
    """An Action card set as its ``[[card]]`` tables: one per different card, with copies
    (what the digest is taken of and what a save embeds)."""
    out: dict[str, dict] = {}
    for c in sorted(cards, key=lambda c: c.id):
        key = card_slug(c.name)
        if key in out:
            out[key]["copies"] += 1
        else:
            out[key] = {"name": c.name, "copies": 1,
                        "effects": [EFFECTS.to_json(e) for e in c.effects]}
    return list(out.values())


def _challenge_tables(cards: Sequence[Challenge]) -> list[dict]:
    return [{"name": c.name, "condition": CONDITIONS.to_json(c.condition)}
            for c in sorted(cards, key=lambda c: c.id)]


def _tables_of(value: Sequence[Any], kind: type, tables: Any) -> list:
    """Embedded data as tables: a loaded set (of ``kind``) is turned back into them."""
    items = list(value)
    if items and all(isinstance(x, kind) for x in items):
        return tables(items)
    return items


def _embed_chili_orders(value: Sequence[Any]) -> tuple[dict, ...]:
    if len(value) != CHILI_ORDERS:
        raise RuleError(f"option chili_orders: the rulebook's components list {CHILI_ORDERS} "
                        f"Chili orders; this set has {len(value)}")
    items = [o.to_json() if isinstance(o, Order) else o for o in value]
    return tuple(freeze(o) for o in _orders_data(chili_order_set(items, "option chili_orders")))


def _embed_actions(value: Sequence[Any]) -> tuple[dict, ...]:
    if len(value) > ACTION_CARDS:
        raise RuleError(f"option actions: at most {ACTION_CARDS} entries, got {len(value)}")
    tables = _tables_of(value, ActionCard, _action_tables)
    return tuple(freeze(t) for t in _action_tables(action_set(tables, "option actions")))


def _embed_challenges(value: Sequence[Any]) -> tuple[dict, ...]:
    if len(value) != CHALLENGE_CARDS:
        raise RuleError(f"option challenges: the rulebook's components list "
                        f"{CHALLENGE_CARDS} Challenges; this set has {len(value)}")
    tables = _tables_of(value, Challenge, _challenge_tables)
    return tuple(freeze(t) for t in _challenge_tables(challenge_set(tables, "option challenges")))


CHILI_ORDER_SET: DataSetOption[tuple[Order, ...]] = DataSetOption(
    "chili_orders", loader="diner.load_chili_orders",
    embedded="a list of the 46 Chili order tables, or the result of load_chili_orders(path)",
    load_standard=load_chili_orders, content=_orders_data, accepts=(list, tuple),
    embed=_embed_chili_orders,
    parse=lambda tables: chili_order_set(tables, "option chili_orders"))

ACTION_SET: DataSetOption[tuple[ActionCard, ...]] = DataSetOption(
    "actions", loader="diner.load_actions",
    embedded="a list of [[card]] tables (name, copies, effects) making 44 Action cards, or "
             "the result of load_actions(path)",
    load_standard=load_actions, content=_action_tables, accepts=(list, tuple),
    embed=_embed_actions, parse=lambda tables: action_set(tables, "option actions"))

CHALLENGE_SET: DataSetOption[tuple[Challenge, ...]] = DataSetOption(
    "challenges", loader="diner.load_challenges",
    embedded="a list of the 15 Challenge tables (name, condition), or the result of "
             "load_challenges(path)",
    load_standard=load_challenges, content=_challenge_tables, accepts=(list, tuple),
    embed=_embed_challenges, parse=lambda tables: challenge_set(tables, "option challenges"))

standard_chili_orders, chili_orders_option, chili_orders_of = (
    CHILI_ORDER_SET.standard, CHILI_ORDER_SET.check, CHILI_ORDER_SET.of)
standard_actions, actions_option, actions_of = (
    ACTION_SET.standard, ACTION_SET.check, ACTION_SET.of)
standard_challenges, challenges_option, challenges_of = (
    CHALLENGE_SET.standard, CHALLENGE_SET.check, CHALLENGE_SET.of)
