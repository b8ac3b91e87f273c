"""Stand-in data and options: counts checked against the rulebook, and every way a
user's data file can be wrong gives an error naming the file and the entry."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.games import backyard
from treehouse_lab.games.backyard import data, rules

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

CARDS = Path(data.CARDS_FILE).read_text()
ACHS = Path(data.ACHIEVEMENTS_FILE).read_text()


def test_stand_in_counts_match_the_rulebook_components():
    # Rulebook: Game Components: 5 ladders, 15 achievement cards, 32 treehouse cards,
    # 1 hammer; Game Setup: 8 purple cards.
    comps = tl.load_game("backyard", players=5).components()
    assert {k: len(v) for k, v in comps.items()} == {
        "treehouse cards": 32, "ladders": 5, "achievement cards": 15, "hammer": 1}
    raw = tomllib.loads(CARDS)["card"]
    assert len(raw) == 32
    purple = [c for c in raw if "purple" in (c["bottom"]["colour"], c["top"]["colour"])]
    assert len(purple) == 8
    assert len(tomllib.loads(ACHS)["achievement"]) == 15


def test_stand_in_design_is_as_documented():
    cards = data.load_cards()
    fams = Counter(c.bottom.colour for c in cards)
    assert fams == {"purple": 8, "green": 8, "yellow": 8, "blue": 8}
    # Purple only inside the purple family.
    assert all(c.top.colour != "purple" for c in cards if c.bottom.colour != "purple")
    for fam in fams:
        fc = [c for c in cards if c.bottom.colour == fam]
        assert sum(f.number for c in fc for f in c.floors) == 56
        assert sum(c.solid for c in fc) == 4
    assert {f.number for c in cards for f in c.floors} == set(range(1, 7))
    assert len({c.text for c in cards}) == 32
    pts = [a.points for a in data.load_achievements()]
    assert min(pts) >= 2 and max(pts) <= 6
    assert "STAND-IN" in CARDS.splitlines()[0] and "STAND-IN" in ACHS.splitlines()[0]


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def _cards_with(replace_from, replace_to):
    assert replace_from in CARDS
    return CARDS.replace(replace_from, replace_to, 1)


@pytest.mark.parametrize("text,needle,entry", [
    (_cards_with('colour = "green", number = 1 }', 'colour = "red", number = 1 }'),
     "unknown colour 'red'", "card #1"),
    (_cards_with('number = 4 }', 'number = -4 }'), "number must be", "card #1 top"),
    (_cards_with('top    = { colour = "green", number = 4 }\n', ''), "a card has", "card #1"),
    (_cards_with('number = 6 }\n\n[[card]]', 'number = 6, size = 2 }\n\n[[card]]'),
     "exactly the fields", "card #2 top"),
    # card #2 made equal to card #1 (G1-G4)
    (_cards_with('bottom = { colour = "green", number = 2 }\ntop    = { colour = "green", '
                 'number = 6 }', 'bottom = { colour = "green", number = 1 }\ntop    = { '
                 'colour = "green", number = 4 }'), "same card as card #1", "card #2"),
])
def test_bad_card_entries_name_file_and_entry(tmp_path, text, needle, entry):
    p = _write(tmp_path, "my_cards.toml", text)
    with pytest.raises(tl.RuleError) as exc:
        data.load_cards(p)
    msg = str(exc.value)
    assert "my_cards.toml" in msg and entry in msg and needle in msg


def test_card_counts_are_checked(tmp_path):
    blocks = CARDS.split("[[card]]")
    # one card fewer
    p = _write(tmp_path, "short.toml", "[[card]]".join(blocks[:-1]))
    with pytest.raises(tl.RuleError, match=r"short\.toml.*32 treehouse cards.*31"):
        data.load_cards(p)
    # a ninth purple card: turn a green card's top purple
    p = _write(tmp_path, "purple.toml",
               _cards_with('top    = { colour = "green", number = 4 }',
                           'top    = { colour = "purple", number = 4 }'))
    with pytest.raises(tl.RuleError, match=r"purple\.toml.*8 purple.*has 9"):
        data.load_cards(p)
    p = _write(tmp_path, "broken.toml", "[[card]\nbottom = 3")
    with pytest.raises(tl.RuleError, match=r"broken\.toml: not valid TOML"):
        data.load_cards(p)
    with pytest.raises(tl.RuleError, match="no such file"):
        data.load_cards(tmp_path / "missing.toml")
    p = _write(tmp_path, "id.toml", CARDS.replace("[[card]]\n", '[[card]]\nid = "X1"\n', 1))
    with pytest.raises(tl.RuleError, match=r"card #1: id 'X1' does not match.*'G1-G4'"):
        data.load_cards(p)


@pytest.mark.parametrize("old,new,needle", [
    ('kind = "run_at_least", length = 5', 'kind = "run_over", length = 5',
     "unknown achievement condition 'run_over'"),
    ('kind = "run_at_least", length = 5', 'kind = "run_at_least", count = 5',
     "takes length"),
    ('colour = "green", count = 5', 'colour = "pink", count = 5', "colour must be one of"),
    ('points = 4\ncondition = { kind = "wilds_at_most"', 'points = "four"\ncondition = { '
     'kind = "wilds_at_most"', "points must be a whole number"),
    ('id = "patchwork"', 'id = "Patch Work"', "id must be lower-case"),
    ('id = "patchwork"', 'id = "green-garden"', "used twice"),
    ('colours = ["green", "yellow", "blue"]', 'colours = ["green", "green"]', "distinct"),
])
def test_bad_achievement_entries_name_file_and_entry(tmp_path, old, new, needle):
    assert old in ACHS
    p = _write(tmp_path, "my_achs.toml", ACHS.replace(old, new, 1))
    with pytest.raises(tl.RuleError) as exc:
        data.load_achievements(p)
    msg = str(exc.value)
    assert "my_achs.toml" in msg and "achievement #" in msg and needle in msg


def test_achievement_count_is_checked(tmp_path):
    blocks = ACHS.split("[[achievement]]")
    p = _write(tmp_path, "fourteen.toml", "[[achievement]]".join(blocks[:-1]))
    with pytest.raises(tl.RuleError, match=r"fourteen\.toml.*15 achievement cards.*14"):
        data.load_achievements(p)


def test_user_data_files_are_used(tmp_path):
    # Swap every 6 for a 9 in the card list: a valid set with different numbers.
    text = CARDS.replace("number = 6", "number = 9")
    p = _write(tmp_path, "nines.toml", text)
    g = tl.load_game("backyard", players=3, cards=backyard.load_cards(p))
    assert "G2-G9" in g.card_set and "G2-G6" not in g.card_set
    # The game embeds the cards (their ids spell their floors), never the path.
    assert g.options["cards"] == tuple(sorted(c.id for c in data.load_cards(p)))
    assert str(tmp_path) not in json.dumps(g.options)
    a = _write(tmp_path, "achs.toml", ACHS.replace('name = "Rainbow"', 'name = "Arc"'))
    g2 = tl.load_game("backyard", players=3, achievements=True,
                      achievement_cards=backyard.load_achievements(a))
    assert g2.achievement_set["rainbow"].name == "Arc"
    assert str(tmp_path) not in json.dumps(g2.options)
    # The game still plays to the end on the user's data, and its save replays without
    # the files.
    m = tl.Match(g, seed=3, bots={0: "random", 1: "random", 2: "random"})
    m.run()
    assert m.state.is_terminal()
    p.unlink()
    again = tl.Match.from_json(json.loads(json.dumps(m.to_json())))
    assert again.state == m.state and again.game == g


def test_bad_data_files_fail_when_loaded_naming_file_and_entry(tmp_path):
    bad = _write(tmp_path, "bad.toml", CARDS.replace('"green"', '"red"', 1))
    with pytest.raises(tl.RuleError, match=r"bad\.toml.*card #1.*red"):
        backyard.load_cards(bad)
    with pytest.raises(tl.RuleError, match=r"nope\.toml: no such file"):
        backyard.load_achievements(tmp_path / "nope.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(tl.RuleError, match=r"binary\.toml: not a text file"):
        backyard.load_cards(binary)
    with pytest.raises(tl.RuleError, match="expected a path"):
        backyard.load_cards(123)


@pytest.mark.parametrize("opts,needle", [
    ({"players": 6}, "players"),
    ({"players": 1}, "players"),
    ({"players": "3"}, "players"),
    ({"achievements": "yes"}, "achievements"),
    ({"achievements": 1}, "achievements"),
    ({"wild_floor_points": 3}, "wild_floor_points"),
    ({"min_run": 0}, "min_run"),
    ({"achievment": True}, "unknown option 'achievment'"),
])
def test_option_errors_name_the_option(opts, needle):
    with pytest.raises(tl.RuleError, match=needle):
        tl.load_game("backyard", **opts)


def test_options_resolved_and_configurations():
    g = tl.load_game("backyard")
    cards, achs = g.options["cards"], g.options["achievement_cards"]
    assert g.options == {"players": 3, "achievements": False, "wild_floor_points": 0,
                         "min_run": 1, "cards": cards, "achievement_cards": achs}
    assert re.fullmatch(r"standard@[0-9a-f]{16}", cards)
    assert re.fullmatch(r"standard@[0-9a-f]{16}", achs) and cards != achs
    configs = type(g).configurations()
    for n in (2, 3, 4, 5):
        assert {"players": n} in configs
        assert {"players": n, "achievements": True} in configs
    assert not any("cards" in c or "achievement_cards" in c for c in configs)
    assert len(configs) == 4 * 5


def test_card_ids_read_back():
    c = rules.card_from_id("G4-Y3")
    assert (c.bottom, c.top) == (rules.Floor("green", 4), rules.Floor("yellow", 3))
    assert c.text == "Green 4 / Yellow 3"
    with pytest.raises(tl.RuleError):
        rules.card_from_id("Q4-Y3")
