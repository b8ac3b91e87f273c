"""Loading and validating the Backyard Builders component data.

Why so strict: the rulebook lists counts (32 treehouse cards, 8 of them purple, 15
achievement cards, 5 ladders), and a teacher may swap in their own card list. A typo
should fail at ``load_game`` with the file and the entry named, not as a strange score
twenty turns later. Loaded sets are cached by (path, size, mtime), so loading many games
is free and an edited file is re-read.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...errors import RuleError
from .rules import (
    ACHIEVEMENT_CARDS,
    COLOURS,
    PURPLE_CARDS,
    TREEHOUSE_CARDS,
    Achievement,
    Card,
    Floor,
    card_id,
    check_condition,
)

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
CARDS_FILE = HERE / "cards.toml"
ACHIEVEMENTS_FILE = HERE / "achievements.toml"

_ACH_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise RuleError(f"{path}: no such file") from None
    except OSError as exc:
        raise RuleError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{path}: not valid TOML ({exc})") from None


def _key(path: str | os.PathLike) -> tuple[str, int, int]:
    p = Path(path).expanduser().resolve()
    try:
        st = p.stat()
    except OSError:
        raise RuleError(f"{p}: no such file") from None
    if not p.is_file():
        raise RuleError(f"{p}: not a file")
    return (str(p), st.st_size, st.st_mtime_ns)


def load_cards(path: str | os.PathLike | None = None) -> tuple[Card, ...]:
    """The treehouse cards from ``path`` (default: the stand-in cards.toml), validated."""
    return _load_cards(_key(path or CARDS_FILE))


def load_achievements(path: str | os.PathLike | None = None) -> tuple[Achievement, ...]:
    """The achievement cards from ``path`` (default: the stand-in achievements.toml)."""
    return _load_achievements(_key(path or ACHIEVEMENTS_FILE))


def _floor(value: Any, where: str) -> Floor:
    if not isinstance(value, dict):
        raise RuleError(f"{where}: expected a table like {{ colour = \"green\", number = 4 }}, "
                        f"got {value!r}")
    if set(value) != {"colour", "number"}:
        raise RuleError(f"{where}: a floor has exactly the fields colour and number, got "
                        f"{', '.join(sorted(value)) or '(none)'}")
    colour, number = value["colour"], value["number"]
    if colour not in COLOURS:
        raise RuleError(f"{where}: unknown colour {colour!r}; colours are {', '.join(COLOURS)}")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 99:
        raise RuleError(f"{where}: number must be a whole number 0..99, got {number!r}")
    return Floor(colour, number)


def _tables(path: Path, name: str) -> list:
    """The ``[[name]]`` tables of a data file, which must hold nothing else."""
    doc = _read_toml(path)
    if set(doc) != {name} or not isinstance(doc[name], list):
        raise RuleError(f"{path}: expected only [[{name}]] tables, got keys "
                        f"{', '.join(sorted(doc)) or '(none)'}")
    return doc[name]


@lru_cache(maxsize=16)
def _load_cards(key: tuple[str, int, int]) -> tuple[Card, ...]:
    path = Path(key[0])
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(_tables(path, "card"), start=1):
        where = f"{path}: card #{i}"
        if not isinstance(entry, dict):
            raise RuleError(f"{where}: expected a table")
        extra = set(entry) - {"bottom", "top", "id"}
        if extra or not {"bottom", "top"} <= set(entry):
            raise RuleError(f"{where}: a card has a bottom and a top floor (and optionally "
                            f"its id); got fields {', '.join(sorted(entry))}")
        bottom = _floor(entry["bottom"], f"{where} bottom")
        top = _floor(entry["top"], f"{where} top")
        cid = card_id(bottom, top)
        if "id" in entry and entry["id"] != cid:
            raise RuleError(f"{where}: id {entry['id']!r} does not match its floors; "
                            f"a card's id is made from them: {cid!r}")
        if cid in seen:
            raise RuleError(f"{where} ({cid}): the same card as card #{seen[cid]}; every card "
                            "must be different so each move reads differently")
        seen[cid] = i
        cards.append(Card(cid, bottom, top))
    # Rulebook: Game Components ("32 Treehouse Cards").
    if len(cards) != TREEHOUSE_CARDS:
        raise RuleError(f"{path}: the rulebook's components list {TREEHOUSE_CARDS} treehouse "
                        f"cards; this file has {len(cards)}")
    # Rulebook: Game Setup ("remove all 8 Purple Treehouse Cards").
    purple = [c.id for c in cards if c.purple]
    if len(purple) != PURPLE_CARDS:
        raise RuleError(f"{path}: the rulebook's 2-player set-up removes {PURPLE_CARDS} purple "
                        f"cards; this file has {len(purple)} cards with a purple floor "
                        f"({', '.join(purple) or 'none'})")
    return tuple(sorted(cards, key=lambda c: c.id))


@lru_cache(maxsize=16)
def _load_achievements(key: tuple[str, int, int]) -> tuple[Achievement, ...]:
    path = Path(key[0])
    entries = _tables(path, "achievement")
    out: list[Achievement] = []
    seen: set[str] = set()
    fields = {"id", "name", "points", "condition"}
    for i, entry in enumerate(entries, start=1):
        where = f"{path}: achievement #{i}"
        if not isinstance(entry, dict):
            raise RuleError(f"{where}: expected a table")
        aid = entry.get("id")
        if isinstance(aid, str):
            where = f"{where} ({aid})"
        if set(entry) != fields:
            missing = sorted(fields - set(entry))
            extra = sorted(set(entry) - fields)
            raise RuleError(f"{where}: fields are id, name, points, condition"
                            + (f"; missing {', '.join(missing)}" if missing else "")
                            + (f"; unknown {', '.join(extra)}" if extra else ""))
        if not isinstance(aid, str) or not _ACH_ID.match(aid):
            raise RuleError(f"{where}: id must be lower-case letters, digits and dashes, "
                            f"got {aid!r}")
        if aid in seen:
            raise RuleError(f"{where}: id {aid!r} is used twice")
        seen.add(aid)
        name, points = entry["name"], entry["points"]
        if not isinstance(name, str) or not name.strip():
            raise RuleError(f"{where}: name must be a non-empty string, got {name!r}")
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 99:
            raise RuleError(f"{where}: points must be a whole number 0..99, got {points!r}")
        cond = check_condition(entry["condition"], f"{where} condition")
        out.append(Achievement(aid, name.strip(), points, cond))
    # Rulebook: Game Components ("15 Achievement Cards").
    if len(out) != ACHIEVEMENT_CARDS:
        raise RuleError(f"{path}: the rulebook's components list {ACHIEVEMENT_CARDS} "
                        f"achievement cards; this file has {len(out)}")
    return tuple(sorted(out, key=lambda a: a.id))


def check_path(option: str):
    """An ``Option.check`` for a data-file path: None (the stand-in) or a readable file,
    loaded and validated at once so a bad file fails in ``load_game``."""
    loader = load_cards if option == "cards" else load_achievements

    def check(value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, (str, os.PathLike)):
            raise RuleError(f"option {option}={value!r}: expected a path to a TOML file "
                            "or None for the stand-in set")
        path = str(Path(value).expanduser().resolve())
        try:
            loader(path)
        except RuleError as exc:
            raise RuleError(f"option {option}={str(value)!r}: {exc}") from None
        return path

    return check
