"""Magical Treehouse component data: the stand-in planning cards, objective tiles and
forest tiles, validated against the rulebook's component list, and the ``data`` option.

Why one option for the three files: a game is only consistent with all three (an
objective names a resource the forest must have), so a save names them together: the
shipped set as ``"standard@<digest>"``, or a user's set embedded as
``{"cards": [...], "objectives": [...], "forest": [...]}`` (tables as in the files). A file
is read only from Python: ``load_game("magical", data=magical.load_data(cards="my.toml"))``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ...core.datasets import DataSetOption, freeze, read_tables
from ...errors import RuleError, quote
from .rules import (
    BROWN_OBJECTIVES,
    BUILDINGS,
    COLOURS,
    FOREST_TILES,
    GOALS,
    LEVEL4,
    LEVEL5,
    OBJECTIVES,
    PIPES,
    PLANNING_CARDS,
    RESOURCES,
    SPELL_EFFECTS,
    SPELLS,
    Area,
    Card,
    Objective,
    power,
)

HERE = Path(__file__).resolve().parent
FILES = {"cards": (HERE / "buildings.toml", "card"),
         "objectives": (HERE / "objectives.toml", "objective"),
         "forest": (HERE / "forest.toml", "area")}
SIDES = ("day", "night")


@dataclass(frozen=True)
class DataSet:
    cards: dict[str, Card]
    objectives: dict[str, Objective]
    forest: dict[str, dict[str, Area]]   # side -> area id -> area
    tables: dict[str, list]             # the validated tables (what the digest is of)


def _int(entry: Mapping, key: str, lo: int, hi: int, where: str) -> int:
    v = entry.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise RuleError(f"{where}: {key} must be a whole number {lo}..{hi}, got {quote(v)}")
    return v


def _str(entry: Mapping, key: str, where: str, choices: Any = None) -> str:
    v = entry.get(key)
    if not isinstance(v, str) or (choices is not None and v not in choices):
        allowed = f" (one of {', '.join(choices)})" if choices is not None else ""
        raise RuleError(f"{where}: {key} must be a string{allowed}, got {quote(v, 40)}")
    return v


def _fields(entry: Any, allowed: set[str], where: str) -> Mapping:
    if not isinstance(entry, Mapping):
        raise RuleError(f"{where}: expected a table")
    extra = sorted(map(str, set(entry) - allowed))
    if extra:
        raise RuleError(f"{where}: unknown field {quote(extra[0], 30)}; fields are "
                        f"{', '.join(sorted(allowed))}")
    return entry


def _card(entry: Any, where: str) -> Card:
    e = _fields(entry, {"id", "type", "colour", "level", "vp", "familiar", "order", "effect"},
                where)
    cid = _str(e, "id", where)
    where = f"{where} ({quote(cid, 20)})"
    kind = _str(e, "type", where, ("building", "pipe", "spell"))
    if kind == "spell":
        return Card(cid, "spell", effect=_str(e, "effect", where, SPELL_EFFECTS))
    order = _int(e, "order", 1, 999, where)
    if kind == "pipe":
        return Card(cid, "pipe", order=order)
    colour = _str(e, "colour", where, COLOURS)
    level = _int(e, "level", 1, 5, where)
    effect = _str(e, "effect", where)
    allowed = {1: [f"extract:{c}" for c in COLOURS], 2: ["storage"],
               3: [f"potion_vp:{c}" for c in COLOURS], 4: list(LEVEL4[colour]),
               5: [LEVEL5[colour]]}[level]
    if effect not in allowed:
        raise RuleError(f"{where}: a {colour} level {level} has one of the effects "
                        f"{', '.join(allowed)}; got {quote(effect, 30)}")
    power(effect, f"{where}: effect")   # a word of the vocabulary (rules.EFFECTS)
    return Card(cid, "building", colour, level, _int(e, "vp", 0, 99, where),
                _int(e, "familiar", 0, 3, where), order, effect)


def _cards(entries: list, where: str) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    orders: dict[int, str] = {}
    for i, entry in enumerate(entries, start=1):
        c = _card(entry, f"{where}: card #{i}")
        if c.id in cards:
            raise RuleError(f"{where}: card #{i}: id {c.id!r} is used twice")
        if c.order and c.order in orders:
            raise RuleError(f"{where}: card {c.id!r} has play order {c.order} like "
                            f"{orders[c.order]!r}; play order numbers must differ")
        orders[c.order] = c.id
        cards[c.id] = c
    # Rulebook: Components (96 planning cards: 80 buildings, 8 pipes, 8 spells).
    counts = {k: sum(1 for c in cards.values() if c.kind == k)
              for k in ("building", "pipe", "spell")}
    want = {"building": BUILDINGS, "pipe": PIPES, "spell": SPELLS}
    if counts != want or len(cards) != PLANNING_CARDS:
        raise RuleError(f"{where}: the rulebook's components are {BUILDINGS} buildings, "
                        f"{PIPES} pipes and {SPELLS} spells; this set has {counts['building']}, "
                        f"{counts['pipe']} and {counts['spell']}")
    for colour in COLOURS:
        n = sum(1 for c in cards.values() if c.colour == colour)
        if n != BUILDINGS // len(COLOURS):
            raise RuleError(f"{where}: 80 buildings in 5 colours: {colour} has {n}, not 16")
    return cards


def _objectives(entries: list, where: str) -> dict[str, Objective]:
    out: dict[str, Objective] = {}
    for i, entry in enumerate(entries, start=1):
        at = f"{where}: objective #{i}"
        e = _fields(entry, {"id", "colour", "goal", "vp", "tile_vp", "text"}, at)
        o = Objective(_str(e, "id", at), _str(e, "colour", at, ("brown", "green")),
                      _str(e, "goal", at, GOALS), _int(e, "vp", -9, 9, at),
                      _int(e, "tile_vp", -9, 9, at), _str(e, "text", at))
        if o.id in out:
            raise RuleError(f"{at}: id {o.id!r} is used twice")
        out[o.id] = o
    brown = [o for o in out.values() if o.colour == "brown"]
    # Rulebook: Components (10 objective tiles); Preparations 3 and 8 (1 brown common and
    # 4 personal: 5 brown tiles).
    if len(out) != OBJECTIVES or len(brown) != BROWN_OBJECTIVES:
        raise RuleError(f"{where}: the rulebook has {OBJECTIVES} objective tiles, "
                        f"{BROWN_OBJECTIVES} of them brown; this set has {len(out)}, "
                        f"{len(brown)} brown")
    if not any(o.goal == "biscuits" and o.colour == "green" for o in out.values()):
        raise RuleError(f"{where}: the recommended first game needs the green biscuits tile")
    return out


def _forest(entries: list, where: str) -> dict[str, dict[str, Area]]:
    out: dict[str, dict[str, Area]] = {s: {} for s in SIDES}
    for i, entry in enumerate(entries, start=1):
        at = f"{where}: area #{i}"
        e = _fields(entry, {"id", "side", "tile", "resources", "outermost", "connects"}, at)
        side = _str(e, "side", at, SIDES)
        res, con = e.get("resources"), e.get("connects")
        if not isinstance(res, (list, tuple)) or any(r not in RESOURCES for r in res):
            raise RuleError(f"{at}: resources must list kinds from {', '.join(RESOURCES)}, "
                            f"got {quote(res)}")
        if not isinstance(con, (list, tuple)) or any(not isinstance(c, str) for c in con):
            raise RuleError(f"{at}: connects must list area ids, got {quote(con)}")
        if not isinstance(e.get("outermost"), bool):
            raise RuleError(f"{at}: outermost must be true or false")
        a = Area(_str(e, "id", at), _int(e, "tile", 1, FOREST_TILES, at), tuple(res),
                 e["outermost"], tuple(con))
        if a.id in out[side]:
            raise RuleError(f"{at}: area {a.id!r} appears twice on the {side} side")
        out[side][a.id] = a
    for side, areas in out.items():
        tiles = {a.tile for a in areas.values()}
        # Rulebook: Components (6 forest tiles, day on the front, night on the back).
        if tiles != set(range(1, FOREST_TILES + 1)):
            raise RuleError(f"{where}: the {side} side must have areas on all "
                            f"{FOREST_TILES} tiles; has tiles {sorted(tiles)}")
        if set(areas) != set(out["day"]):
            raise RuleError(f"{where}: both sides must have the same area ids")
        for a in areas.values():
            for b in a.connects:
                if b not in areas or a.id not in areas[b].connects:
                    raise RuleError(f"{where}: {side} area {a.id!r} connects to {quote(b, 20)}"
                                    " but not both ways")
        if not any(a.outermost for a in areas.values()):
            raise RuleError(f"{where}: the {side} side has no outermost area")
    return out


def _parse(tables: Mapping) -> DataSet:
    if not isinstance(tables, Mapping) or set(tables) != set(FILES):
        raise RuleError("option data: expected a table with cards, objectives and forest")
    lists = {}
    for key in FILES:
        v = tables[key]
        if not isinstance(v, (list, tuple)) or len(v) > 200:
            raise RuleError(f"option data: {key} must be a list of at most 200 tables")
        lists[key] = [dict(x) if isinstance(x, Mapping) else x for x in v]
    return DataSet(_cards(lists["cards"], "cards"), _objectives(lists["objectives"], "objectives"),
                   _forest(lists["forest"], "forest"),
                   {k: [_plain(x) for x in v] for k, v in lists.items()})


def _plain(x: Any) -> Any:
    if isinstance(x, Mapping):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def load_data(cards: str | os.PathLike | None = None,
              objectives: str | os.PathLike | None = None,
              forest: str | os.PathLike | None = None) -> dict:
    """The tables of the three data files (the shipped stand-ins where a path is not
    given), validated; pass the result as ``load_game("magical", data=...)``."""
    paths = {"cards": cards, "objectives": objectives, "forest": forest}
    tables = {k: read_tables(Path(paths[k] or FILES[k][0]), FILES[k][1]) for k in FILES}
    return _parse(tables).tables


def _standard() -> DataSet:
    return _parse({k: read_tables(path, name) for k, (path, name) in FILES.items()})


DATA: DataSetOption[DataSet] = DataSetOption(
    "data", loader="magical.load_data",
    embedded="a table {cards, objectives, forest} such as load_data() returns",
    load_standard=_standard, content=lambda d: d.tables, accepts=(dict,),
    embed=lambda v: freeze(_parse(v).tables), parse=_parse)

standard_data, data_option, data_of = DATA.standard, DATA.check, DATA.of
