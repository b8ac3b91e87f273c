"""Backyard Builders component data: the shipped stand-in sets, the user's own files, and
the ``cards`` / ``achievement_cards`` options that say which set a game is played with.

Why so strict: the rulebook lists counts (32 treehouse cards, 8 of them purple, 15
achievement cards), and a teacher may swap in their own card list. A typo should fail when
the data is loaded, with the entry named, not as a strange score twenty turns later.

Why options never hold a path (docs/dev/stand-in-data.md): ``game.options`` is saved
by ``Match.to_json`` and read back by ``load_game``. A save that named a file would make the
loader open whatever path a stranger wrote into it (and leak, through its error messages,
whether files exist). So an option value is always data:

* ``"standard@<digest>"``: the set this package ships, with a digest of its content, so a
  save played with another version of the set is refused instead of silently rescored.
  ``None`` or ``"standard"`` ask for the shipped set as it is now.
* the set itself, embedded: the 32 card ids (a card's id spells its two floors, so the ids
  are the whole set), or the 15 achievement cards as tables.

A file is read only from Python, by :func:`load_cards` / :func:`load_achievements`, whose
results the options accept: ``load_game("backyard", cards=load_cards("my_cards.toml"))``.

That mechanism (reading, caching, digests, the ``standard@<digest>`` references and the
refusal of anything else) is shared with the other games in :mod:`treehouse_lab.core.datasets`;
this module holds what is Backyard's own: the rulebook's counts and the fields of a card.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ...core.datasets import (
    STANDARD,  # noqa: F401  (re-exported: the name of the shipped sets in option values)
    DataSetOption,
    cached_loader,
    freeze,
    read_tables,
)
from ...errors import RuleError, quote
from .rules import (
    ACHIEVEMENT_CARDS,
    COLOURS,
    CONDITIONS,
    PURPLE_CARDS,
    TREEHOUSE_CARDS,
    Achievement,
    Card,
    Floor,
    card_from_id,
    card_id,
)

_ACH_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

HERE = Path(__file__).resolve().parent
CARDS_FILE = HERE / "cards.toml"
ACHIEVEMENTS_FILE = HERE / "achievements.toml"


# -- Reading files (Python only; core.datasets reads and caches) -----------------------------

def load_cards(path: str | os.PathLike | None = None) -> tuple[Card, ...]:
    """The treehouse cards of a TOML file (default: the stand-in ``cards.toml``),
    validated. Pass the result as ``load_game("backyard", cards=...)``: the game embeds
    the cards, so a save of it never needs the file. Cached by (path, size, mtime)."""
    return _cards_file(path)


def load_achievements(path: str | os.PathLike | None = None) -> tuple[Achievement, ...]:
    """The achievement cards of a TOML file (default: the stand-in
    ``achievements.toml``), validated; for ``load_game(..., achievement_cards=...)``."""
    return _achievements_file(path)


def _read_cards(path: Path) -> tuple[Card, ...]:
    entries = read_tables(path, "card")
    cards = [_card_entry(e, f"{path}: card #{i}") for i, e in enumerate(entries, start=1)]
    return _card_set(cards, str(path))


def _read_achievements(path: Path) -> tuple[Achievement, ...]:
    return _achievement_set(read_tables(path, "achievement"), str(path))


_cards_file = cached_loader(_read_cards, CARDS_FILE)
_achievements_file = cached_loader(_read_achievements, ACHIEVEMENTS_FILE)


# -- Validating entries (files and embedded data alike) --------------------------------------

def _floor(value: Any, where: str) -> Floor:
    if not isinstance(value, dict):
        raise RuleError(f"{where}: expected a table like {{ colour = \"green\", number = 4 }}, "
                        f"got {quote(value)}")
    if set(value) != {"colour", "number"}:
        raise RuleError(f"{where}: a floor has exactly the fields colour and number, got "
                        f"{', '.join(sorted(map(str, value))) or '(none)'}")
    colour, number = value["colour"], value["number"]
    if colour not in COLOURS:
        raise RuleError(f"{where}: unknown colour {quote(colour, 30)}; colours are "
                        f"{', '.join(COLOURS)}")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 99:
        raise RuleError(f"{where}: number must be a whole number 0..99, got {quote(number)}")
    return Floor(colour, number)


def _card_entry(entry: Any, where: str) -> Card:
    """One ``[[card]]`` table of a file."""
    if not isinstance(entry, dict):
        raise RuleError(f"{where}: expected a table")
    extra = set(entry) - {"bottom", "top", "id"}
    if extra or not {"bottom", "top"} <= set(entry):
        raise RuleError(f"{where}: a card has a bottom and a top floor (and optionally "
                        f"its id); got fields {', '.join(sorted(map(str, entry)))}")
    bottom = _floor(entry["bottom"], f"{where} bottom")
    top = _floor(entry["top"], f"{where} top")
    cid = card_id(bottom, top)
    if "id" in entry and entry["id"] != cid:
        raise RuleError(f"{where}: id {quote(entry['id'], 30)} does not match its floors; "
                        f"a card's id is made from them: {cid!r}")
    return Card(cid, bottom, top)


def _card_set(cards: Sequence[Card], where: str) -> tuple[Card, ...]:
    """Every card different; the rulebook's counts met. Sorted by id."""
    seen: dict[str, int] = {}
    for i, c in enumerate(cards, start=1):
        if c.id in seen:
            raise RuleError(f"{where}: card #{i} ({c.id}): the same card as card "
                            f"#{seen[c.id]}; every card must be different so each move "
                            "reads differently")
        seen[c.id] = i
    # Rulebook: Game Components ("32 Treehouse Cards").
    if len(cards) != TREEHOUSE_CARDS:
        raise RuleError(f"{where}: the rulebook's components list {TREEHOUSE_CARDS} treehouse "
                        f"cards; this set has {len(cards)}")
    # Rulebook: Game Setup ("remove all 8 Purple Treehouse Cards").
    purple = [c.id for c in cards if c.purple]
    if len(purple) != PURPLE_CARDS:
        raise RuleError(f"{where}: the rulebook's 2-player set-up removes {PURPLE_CARDS} "
                        f"purple cards; this set has {len(purple)} cards with a purple floor "
                        f"({', '.join(purple) or 'none'})")
    return tuple(sorted(cards, key=lambda c: c.id))


def _achievement_set(entries: Iterable[Any], where: str) -> tuple[Achievement, ...]:
    out: list[Achievement] = []
    seen: set[str] = set()
    fields = {"id", "name", "points", "condition"}
    for i, entry in enumerate(entries, start=1):
        at = f"{where}: achievement #{i}"
        if not isinstance(entry, Mapping):
            raise RuleError(f"{at}: expected a table")
        aid = entry.get("id")
        if isinstance(aid, str):
            at = f"{at} ({quote(aid, 40)})"
        if set(entry) != fields:
            missing = sorted(fields - set(entry))
            extra = sorted(map(str, set(entry) - fields))
            raise RuleError(f"{at}: fields are id, name, points, condition"
                            + (f"; missing {', '.join(missing)}" if missing else "")
                            + (f"; unknown {', '.join(quote(e, 30) for e in extra[:5])}"
                               if extra else ""))
        if not isinstance(aid, str) or not _ACH_ID.match(aid) or len(aid) > 40:
            raise RuleError(f"{at}: id must be lower-case letters, digits and dashes, "
                            f"got {quote(aid, 40)}")
        if aid in seen:
            raise RuleError(f"{at}: id {aid!r} is used twice")
        seen.add(aid)
        name, points = entry["name"], entry["points"]
        if not isinstance(name, str) or not name.strip() or len(name) > 60:
            raise RuleError(f"{at}: name must be a non-empty string of at most 60 "
                            f"characters, got {quote(name)}")
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 99:
            raise RuleError(f"{at}: points must be a whole number 0..99, got {quote(points)}")
        cond = CONDITIONS.check(entry["condition"], f"{at} condition")
        out.append(Achievement(aid, name.strip(), points, cond))
    # Rulebook: Game Components ("15 Achievement Cards").
    if len(out) != ACHIEVEMENT_CARDS:
        raise RuleError(f"{where}: the rulebook's components list {ACHIEVEMENT_CARDS} "
                        f"achievement cards; this set has {len(out)}")
    return tuple(sorted(out, key=lambda a: a.id))


# -- The options (core.datasets.DataSetOption: a shipped set's digest, or the set embedded) --

def _embed_cards(value: Sequence[Any]) -> tuple[str, ...]:
    """An embedded card set as the option stores it: the sorted tuple of its 32 card ids
    (a card's id spells its two floors, so the ids are the whole set)."""
    where = "option cards"
    if len(value) != TREEHOUSE_CARDS:  # before reading entries: a forged list may be huge
        raise RuleError(f"{where}: the rulebook's components list {TREEHOUSE_CARDS} "
                        f"treehouse cards; this set has {len(value)}")
    parsed: list[Card] = []
    for i, c in enumerate(value, start=1):
        if isinstance(c, Card):
            if not _same_card(c):
                raise RuleError(f"{where}: card #{i} {quote(c)}: its id does not spell its "
                                "floors")
            parsed.append(c)
        elif isinstance(c, str):
            try:
                parsed.append(card_from_id(c))
            except RuleError as exc:
                raise RuleError(f"{where}: card #{i}: {exc}") from None
        else:
            raise RuleError(f"{where}: card #{i} must be a card id like 'G4-Y3', got "
                            f"{quote(c)}")
    return tuple(_cards_data(_card_set(parsed, where)))


def _same_card(c: Card) -> bool:
    try:
        return card_from_id(c.id) == c
    except RuleError:
        return False


def _cards_data(cards: Sequence[Card]) -> list[str]:
    """What the digest of a card set is taken of: its ids, in order."""
    return [c.id for c in cards]


def _embed_achievements(value: Sequence[Any]) -> tuple[dict, ...]:
    """An embedded achievement set as the option stores it: a tuple of card tables (id,
    name, points, condition) holding tuples, which come back from JSON as lists and
    resolve again to an equal value."""
    where = "option achievement_cards"
    if len(value) != ACHIEVEMENT_CARDS:  # before reading entries: a forged list may be huge
        raise RuleError(f"{where}: the rulebook's components list {ACHIEVEMENT_CARDS} "
                        f"achievement cards; this set has {len(value)}")
    # Achievement objects (from load_achievements, or made by hand) are checked as tables.
    entries = [{"id": a.id, "name": a.name, "points": a.points, "condition": a.condition}
               if isinstance(a, Achievement) else a for a in value]
    return tuple(freeze(a.to_json()) for a in _achievement_set(entries, where))


def _achievements_data(achs: Sequence[Achievement]) -> list[dict]:
    """What the digest of an achievement set is taken of: its cards as tables."""
    return [a.to_json() for a in achs]


CARDS: DataSetOption[tuple[Card, ...]] = DataSetOption(
    "cards", loader="backyard.load_cards",
    embedded="a list of the 32 card ids (like 'G4-Y3'), or the result of load_cards(path)",
    load_standard=load_cards, content=_cards_data, accepts=(list, tuple),
    embed=_embed_cards, parse=lambda ids: tuple(card_from_id(c) for c in ids))

ACHIEVEMENTS: DataSetOption[tuple[Achievement, ...]] = DataSetOption(
    "achievement_cards", loader="backyard.load_achievements",
    embedded=("a list of the 15 achievement cards as tables (id, name, points, "
              "condition), or the result of load_achievements(path)"),
    load_standard=load_achievements, content=_achievements_data, accepts=(list, tuple),
    embed=_embed_achievements,
    parse=lambda tables: _achievement_set(tables, "option achievement_cards"))

# The public names, as the game's options and users call them: ``standard_cards()`` is
# the cards this package ships and their option value ``"standard@<digest>"``,
# ``cards_option`` the ``Option.check`` of ``cards`` (opens no file), ``cards_of`` what
# a checked value stands for; the same for ``achievement_cards``.
standard_cards, cards_option, cards_of = CARDS.standard, CARDS.check, CARDS.of
standard_achievements, achievements_option, achievements_of = (
    ACHIEVEMENTS.standard, ACHIEVEMENTS.check, ACHIEVEMENTS.of)
