"""Backyard Builders component data: the shipped stand-in sets, the user's own files, and
the ``cards`` / ``achievement_cards`` options that say which set a game is played with.

Why so strict: the rulebook lists counts (32 treehouse cards, 8 of them purple, 15
achievement cards), and a teacher may swap in their own card list. A typo should fail when
the data is loaded, with the entry named, not as a strange score twenty turns later.

Why options never hold a path (shared/design/stand-in-data.md): ``game.options`` is saved
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
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

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

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
CARDS_FILE = HERE / "cards.toml"
ACHIEVEMENTS_FILE = HERE / "achievements.toml"
#: The name of the shipped stand-in sets in option values.
STANDARD = "standard"

_ACH_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_STANDARD_REF = re.compile(r"^standard@([0-9a-f]{16})$")


# -- Reading files (Python only) -------------------------------------------------------------

def _read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise RuleError(f"{path}: no such file") from None
    except OSError as exc:
        raise RuleError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise RuleError(f"{path}: not a text file (TOML is UTF-8 text)") from None
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{path}: not valid TOML ({exc})") from None


def _key(path: str | os.PathLike) -> tuple[str, int, int]:
    if not isinstance(path, (str, os.PathLike)):
        raise RuleError(f"expected a path to a TOML file, got {quote(path)}")
    p = Path(path).expanduser().resolve()
    try:
        st = p.stat()
    except OSError:
        raise RuleError(f"{p}: no such file") from None
    if not p.is_file():
        raise RuleError(f"{p}: not a file")
    return (str(p), st.st_size, st.st_mtime_ns)


def _tables(path: Path, name: str) -> list:
    """The ``[[name]]`` tables of a data file, which must hold nothing else."""
    doc = _read_toml(path)
    if set(doc) != {name} or not isinstance(doc[name], list):
        raise RuleError(f"{path}: expected only [[{name}]] tables, got keys "
                        f"{', '.join(sorted(doc)) or '(none)'}")
    return doc[name]


def load_cards(path: str | os.PathLike | None = None) -> tuple[Card, ...]:
    """The treehouse cards of a TOML file (default: the stand-in ``cards.toml``),
    validated. Pass the result as ``load_game("backyard", cards=...)``: the game embeds
    the cards, so a save of it never needs the file. Cached by (path, size, mtime)."""
    return _load_cards(_key(path or CARDS_FILE))


def load_achievements(path: str | os.PathLike | None = None) -> tuple[Achievement, ...]:
    """The achievement cards of a TOML file (default: the stand-in
    ``achievements.toml``), validated; for ``load_game(..., achievement_cards=...)``."""
    return _load_achievements(_key(path or ACHIEVEMENTS_FILE))


@lru_cache(maxsize=16)
def _load_cards(key: tuple[str, int, int]) -> tuple[Card, ...]:
    path = Path(key[0])
    entries = _tables(path, "card")
    cards = [_card_entry(e, f"{path}: card #{i}") for i, e in enumerate(entries, start=1)]
    return _card_set(cards, str(path))


@lru_cache(maxsize=16)
def _load_achievements(key: tuple[str, int, int]) -> tuple[Achievement, ...]:
    path = Path(key[0])
    return _achievement_set(_tables(path, "achievement"), str(path))


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


# -- The options ---------------------------------------------------------------------------

def _digest(data: Any) -> str:
    """A digest of a set's content (its canonical JSON), not of the file's bytes: editing
    a comment in the shipped file keeps old saves loadable; changing a card does not."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _cards_data(cards: Sequence[Card]) -> list[str]:
    return [c.id for c in cards]


def _achievements_data(achs: Sequence[Achievement]) -> list[dict]:
    return [a.to_json() for a in achs]


@lru_cache(maxsize=1)
def standard_cards() -> tuple[tuple[Card, ...], str]:
    """The shipped cards and their option value (read once per process)."""
    cards = load_cards()
    return cards, f"{STANDARD}@{_digest(_cards_data(cards))}"


@lru_cache(maxsize=1)
def standard_achievements() -> tuple[tuple[Achievement, ...], str]:
    achs = load_achievements()
    return achs, f"{STANDARD}@{_digest(_achievements_data(achs))}"


def _nothing_else(option: str, value: Any, embedded: str) -> RuleError:
    # Never open, stat or even resolve the value: a save must not learn anything by it.
    return RuleError(
        f"option {option}={quote(value)} is not allowed: give None or {STANDARD!r} (the "
        f"stand-in set the package ships), {embedded}. Options never name a file, so a "
        f"save cannot make the loader read one: load your own file in Python, "
        f"{option}=backyard.{'load_cards' if option == 'cards' else 'load_achievements'}"
        "(path)")


def _standard(option: str, value: str, current: str) -> str | None:
    """``"standard"`` or ``"standard@<digest>"``: the shipped set, its digest checked;
    None for any other string."""
    if value == STANDARD:
        return current
    if _STANDARD_REF.match(value):
        if value != current:
            raise RuleError(
                f"option {option}={value!r}: this was played with another version of the "
                f"stand-in set; this package ships {current!r}. Replay it with the version "
                "of treehouse_lab that saved it")
        return current
    return None


def cards_option(value: Any) -> str | tuple[str, ...]:
    """``Option.check`` for ``cards``: the shipped set as ``"standard@<digest>"``, or an
    embedded set as the sorted tuple of its 32 card ids. Opens no file."""
    current = standard_cards()[1]
    embedded = "a list of the 32 card ids (like 'G4-Y3'), or the result of load_cards(path)"
    if value is None:
        return current
    if isinstance(value, str):
        resolved = _standard("cards", value, current)
        if resolved is None:
            raise _nothing_else("cards", value, embedded)
        return resolved
    if not isinstance(value, (list, tuple)):
        raise _nothing_else("cards", value, embedded)
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


def achievements_option(value: Any) -> str | tuple[dict, ...]:
    """``Option.check`` for ``achievement_cards``: ``"standard@<digest>"``, or an embedded
    set as a tuple of card tables (id, name, points, condition). Opens no file."""
    current = standard_achievements()[1]
    embedded = ("a list of the 15 achievement cards as tables (id, name, points, "
                "condition), or the result of load_achievements(path)")
    if value is None:
        return current
    if isinstance(value, str):
        resolved = _standard("achievement_cards", value, current)
        if resolved is None:
            raise _nothing_else("achievement_cards", value, embedded)
        return resolved
    if not isinstance(value, (list, tuple)):
        raise _nothing_else("achievement_cards", value, embedded)
    where = "option achievement_cards"
    if len(value) != ACHIEVEMENT_CARDS:  # before reading entries: a forged list may be huge
        raise RuleError(f"{where}: the rulebook's components list {ACHIEVEMENT_CARDS} "
                        f"achievement cards; this set has {len(value)}")
    # Achievement objects (from load_achievements, or made by hand) are checked as tables.
    entries = [{"id": a.id, "name": a.name, "points": a.points, "condition": a.condition}
               if isinstance(a, Achievement) else a for a in value]
    return tuple(_record(a) for a in _achievement_set(entries, where))


def _record(a: Achievement) -> dict:
    """A card as the option stores it: plain dicts (JSON-ready) holding tuples, which come
    back from JSON as lists and resolve again to an equal value."""
    return {"id": a.id, "name": a.name, "points": a.points, "condition": dict(a.condition)}


@lru_cache(maxsize=32)
def _cards_from_ids(ids: tuple[str, ...]) -> tuple[Card, ...]:
    return tuple(card_from_id(c) for c in ids)


def cards_of(value: str | tuple[str, ...]) -> tuple[Card, ...]:
    """The cards a resolved ``cards`` option stands for."""
    if isinstance(value, str):
        return standard_cards()[0]
    return _cards_from_ids(value)


def achievements_of(value: str | tuple[dict, ...]) -> tuple[Achievement, ...]:
    """The achievement cards a resolved ``achievement_cards`` option stands for."""
    if isinstance(value, str):
        return standard_achievements()[0]
    return _achievement_set(value, "option achievement_cards")
