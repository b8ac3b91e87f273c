"""Stand-in data: every count the rulebook gives, checked; bad data named."""

from __future__ import annotations

from collections import Counter

import pytest

import treehouse_lab as tl
from treehouse_lab.games.magical import data, load_data


def test_planning_cards_match_the_components():
    # Rulebook: Components: 96 planning cards: 80 buildings (5 colours), 8 pipes, 8 spells.
    cards = tl.load_game("magical", players=3).data.cards
    assert len(cards) == 96
    kinds = Counter(c.kind for c in cards.values())
    assert kinds == {"building": 80, "pipe": 8, "spell": 8}
    colours = Counter(c.colour for c in cards.values() if c.kind == "building")
    assert colours == {c: 16 for c in ("red", "yellow", "blue", "purple", "green")}
    levels = Counter(c.level for c in cards.values() if c.kind == "building")
    assert levels == {1: 25, 2: 20, 3: 15, 4: 10, 5: 10}
    orders = [c.order for c in cards.values() if c.kind != "spell"]
    assert len(set(orders)) == 88 and min(orders) >= 1
    # every building has the rulebook's parts: VP, familiar icon, order, effect
    for c in cards.values():
        if c.kind == "building":
            assert c.effect and c.order and c.vp >= 0 and c.familiar in (0, 1)


def test_effects_follow_the_rulebooks_symbol_list():
    cards = tl.load_game("magical", players=3).data.cards
    for c in cards.values():
        if c.kind != "building":
            continue
        if c.level == 1:
            assert c.effect.startswith("extract:") and c.familiar == 1
        elif c.level == 2:
            assert c.effect == "storage"
        elif c.level == 3:
            assert c.effect.startswith("potion_vp:")
    l4 = {(c.colour, c.effect) for c in cards.values() if c.level == 4}
    assert l4 == {("red", "breeding"), ("yellow", "flying"), ("yellow", "place_unproductive"),
                  ("blue", "move_pipes"), ("purple", "unlimited_storage"),
                  ("green", "three_potions")}
    spells = Counter(c.effect for c in cards.values() if c.kind == "spell")
    assert set(spells) == {"reverse", "hand_to_carriage", "discard_hand", "discard_drawer",
                           "exchange"}


def test_objectives_and_forest():
    g = tl.load_game("magical", players=4)
    objs = g.data.objectives
    assert len(objs) == 10
    assert sum(o.colour == "brown" for o in objs.values()) == 5
    assert {o.goal for o in objs.values() if o.colour == "brown"} == {
        "resource:apples", "resource:webs", "resource:shrooms", "resource:tails",
        "resource:fangs"}
    assert [o.vp for o in objs.values() if o.goal == "level1"] == [-4]
    # the two printed-tile discrepancies the rulebook's editor notes
    assert {o.goal: (o.vp, o.tile_vp) for o in objs.values()
            if o.vp != o.tile_vp} == {"biscuits": (3, 1), "level2plus": (3, 2)}
    for side in ("day", "night"):
        areas = g.data.forest[side]
        assert {a.tile for a in areas.values()} == set(range(1, 7))
        assert any(a.unproductive for a in areas.values())
        assert any(a.outermost for a in areas.values())
        for a in areas.values():
            for b in a.connects:
                assert a.id in areas[b].connects
    assert g.data.forest["day"]["t1d"].connects != g.data.forest["night"]["t1d"].connects


def test_files_say_they_are_stand_ins():
    for path, _ in data.FILES.values():
        assert "STAND-IN" in path.read_text().splitlines()[0]


def test_own_data_is_embedded_and_bad_data_named(tmp_path):
    tables = load_data()
    g = tl.load_game("magical", players=3, data=tables)
    assert isinstance(g.options["data"], dict) and len(g.data.cards) == 96
    bad = dict(tables)
    bad["cards"] = [dict(c) for c in tables["cards"]]
    bad["cards"][0]["effect"] = "storage"
    with pytest.raises(tl.RuleError, match="red1a"):
        tl.load_game("magical", players=3, data=bad)
    short = dict(tables)
    short["cards"] = tables["cards"][:-1]
    with pytest.raises(tl.RuleError, match="8 spells"):
        tl.load_game("magical", players=3, data=short)
    with pytest.raises(tl.RuleError, match="never name a file|load_data"):
        tl.load_game("magical", players=3, data="buildings.toml")
    assert tl.load_game("magical", players=3).options["data"].startswith("standard@")
