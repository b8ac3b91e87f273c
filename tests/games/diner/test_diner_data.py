"""Stand-in data and the data options: counts checked against the rulebook, the design
described at the top of each file, and every way a user's file can be wrong giving an
error that names the file and the entry. Options never name a file."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.games import diner
from treehouse_lab.games.diner import data

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ORDERS = Path(data.ORDERS_FILE).read_text()
PANTRY = Path(data.PANTRY_FILE).read_text()
EFFECTS = {"draw", "others_draw", "discard", "others_discard", "recycle", "praise",
           "complaint", "others_complaint", "draw_order", "move_left"}


def test_stand_in_counts_match_the_rulebook_components():
    # Components: 46 Basic orders, 8 Starting orders; 20/18/16/14/12/10 ingredients.
    raw = tomllib.loads(ORDERS)["order"]
    decks = Counter(o["deck"] for o in raw)
    assert decks == {"basic": 46, "starting": 8}
    # Setup 2: a 4-minute and a 6-minute Starting order for each of up to 4 players.
    assert Counter(o["minutes"] for o in raw if o["deck"] == "starting") == {4: 4, 6: 4}
    comps = tl.load_game("diner", players=4).components()
    assert {k: len(v) for k, v in comps.items()} == {
        "ingredients": 90, "basic orders": 46, "starting orders": 8}
    assert Counter(comps["ingredients"]) == {"dandelion": 20, "acorn": 18, "blueberry": 16,
                                             "radish": 14, "mushroom": 12, "daisy": 10}


def test_stand_in_orders_are_as_documented():
    raw = tomllib.loads(ORDERS)["order"]
    basic = [o for o in raw if o["deck"] == "basic"]
    assert "STAND-IN" in ORDERS.splitlines()[0] and "STAND-IN" in PANTRY.splitlines()[0]
    assert Counter(o["minutes"] for o in basic) == {1: 4, 2: 6, 3: 8, 4: 10, 5: 10, 6: 8}
    assert Counter(k for o in basic for k in o["ingredients"]) == {
        "dandelion": 31, "acorn": 28, "blueberry": 25, "radish": 22, "mushroom": 18,
        "daisy": 16}
    assert all(max(Counter(o["ingredients"]).values()) <= 2 for o in raw)
    assert Counter(len(o["effects"]) for o in basic) == {0: 12, 1: 26, 2: 8}
    effects = Counter(e["kind"] for o in basic for e in o["effects"])
    assert set(effects) == EFFECTS          # every symbol of the Symbol Overview is used
    assert Counter(o["chef"] for o in basic) == {"hazel": 16, "bramble": 15, "pip": 15}
    assert all(o["effects"] == [] for o in raw if o["deck"] == "starting")
    pts = [o["points"] for o in basic]
    assert min(pts) == 3 and max(pts) == 7
    assert len({o["name"] for o in raw}) == 54


def test_stand_in_pantry_and_tray():
    lay = data.load_pantry()
    assert [r.size for r in lay.rows] == [1, 2, 3, 4]
    assert dict(lay.columns) == {2: 3, 3: 4, 4: 5}
    assert dict(lay.tray) == {2: 3, 3: 4, 4: 5}
    # Refilling a Shelf Row, Ingelis' example: the top row's bonus is recycling.
    assert [e["kind"] for e in lay.rows[0].bonus] == ["recycle"]


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def _orders_with(change):
    doc = tomllib.loads(ORDERS)
    change(doc["order"])
    lines = []
    for o in doc["order"]:
        lines.append("[[order]]")
        for k, v in o.items():
            if k == "effects":
                effs = ", ".join("{ " + ", ".join(f'{a} = {json.dumps(b)}' for a, b in e.items())
                                 + " }" for e in v)
                lines.append(f"effects = [{effs}]")
            else:
                lines.append(f"{k} = {json.dumps(v)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("change,message", [
    (lambda os: os[10].update(ingredients=["acorn", "chili"]), "ingredients must be"),
    (lambda os: os[10].update(minutes=7), "minutes must be a whole number 1..6"),
    (lambda os: os[10].update(effects=[{"kind": "teleport"}]), "unknown order effect"),
    (lambda os: os[10].update(effects=[{"kind": "draw", "n": 2}]), "takes no parameters"),
    (lambda os: os[10].update(name="acorn pie"), "capitalised words"),
    (lambda os: os[10].update(deck="chili"), "deck must be one of"),
    (lambda os: os[10].pop("points"), "missing points"),
    (lambda os: os[11].update(name=os[10]["name"]), "the same name as order #11"),
    (lambda os: os.pop(20), "46 Basic orders; this set has 45"),
    (lambda os: os[0].update(minutes=5), "4 are needed"),
])
def test_bad_order_files_name_the_file_and_the_entry(tmp_path, change, message):
    path = _write(tmp_path, "orders.toml", _orders_with(change))
    with pytest.raises(tl.RuleError) as info:
        diner.load_orders(path)
    assert str(path) in str(info.value) and message in str(info.value)


def test_an_entry_is_named_by_number_and_name(tmp_path):
    path = _write(tmp_path, "orders.toml", _orders_with(
        lambda os: os[10].update(points=-1)))
    with pytest.raises(tl.RuleError, match=r"order #11 \('.+'\): points must be"):
        diner.load_orders(path)


def test_files_that_are_not_order_lists(tmp_path):
    with pytest.raises(tl.RuleError, match="no such file"):
        diner.load_orders(tmp_path / "missing.toml")
    with pytest.raises(tl.RuleError, match="not valid TOML"):
        diner.load_orders(_write(tmp_path, "a.toml", "[[order]\n"))
    with pytest.raises(tl.RuleError, match="expected only"):
        diner.load_orders(_write(tmp_path, "b.toml", "title = 'x'\n"))


def _pantry_text(doc):
    lines = []
    for r in doc["row"]:
        bonus = ", ".join(f'{{ kind = "{e["kind"]}" }}' for e in r["bonus"])
        lines += ["[[row]]", f"size = {r['size']}", f"bonus = [{bonus}]", ""]
    for table in ("columns", "tray"):
        lines.append(f"[{table}]")
        lines += [f"{k} = {v}" for k, v in doc[table].items()]
        lines.append("")
    return "\n".join(lines)


@pytest.mark.parametrize("table,values,message", [
    ("tray", {"2": 3, "3": 4, "4": 4}, "one space more than there are players"),
    ("columns", {"2": 3, "3": 3, "4": 5}, "counts must grow"),
    ("columns", {"2": 3, "3": 4}, "for each player count"),
])
def test_bad_pantry_files(tmp_path, table, values, message):
    doc = tomllib.loads(PANTRY)
    doc[table] = values
    path = _write(tmp_path, "pantry.toml", _pantry_text(doc))
    with pytest.raises(tl.RuleError) as info:
        diner.load_pantry(path)
    assert str(path) in str(info.value) and message in str(info.value)


def test_a_pantry_needs_one_row_of_each_size(tmp_path):
    doc = tomllib.loads(PANTRY)
    doc["row"][3]["size"] = 3
    with pytest.raises(tl.RuleError, match="one row of each"):
        diner.load_pantry(_write(tmp_path, "p.toml", _pantry_text(doc)))


def test_options_never_name_a_file(tmp_path):
    path = _write(tmp_path, "orders.toml", ORDERS)
    for bad in (str(path), "orders.toml", "/etc/passwd"):
        with pytest.raises(tl.RuleError, match="never name a file"):
            tl.load_game("diner", orders=bad)
        with pytest.raises(tl.RuleError, match="never name a file"):
            tl.load_game("diner", pantry=bad)


def test_the_standard_sets_carry_a_digest():
    g = tl.load_game("diner")
    assert g.options["orders"].startswith("standard@")
    assert tl.load_game("diner", orders="standard") == g
    with pytest.raises(tl.RuleError, match="another version of the stand-in set"):
        tl.load_game("diner", orders="standard@0000000000000000")


def test_own_orders_from_python_are_embedded_and_survive_json(tmp_path):
    text = ORDERS.replace('name = "Acorn Jam"', 'name = "Acorn Jelly"')
    orders = diner.load_orders(_write(tmp_path, "mine.toml", text))
    g = tl.load_game("diner", players=2, orders=orders)
    assert "acorn-jelly" in g.orders and "acorn-jam" not in g.orders
    again = tl.load_game("diner", **json.loads(json.dumps(g.options)))
    assert again == g
    s = g.new_initial_state()
    assert g.state_from_json(json.loads(json.dumps(s.to_json()))) == s


def test_own_pantry_from_python(tmp_path):
    doc = tomllib.loads(PANTRY)
    doc["columns"] = {"2": 2, "3": 3, "4": 4}
    lay = diner.load_pantry(_write(tmp_path, "p.toml", _pantry_text(doc)))
    g = tl.load_game("diner", players=2, pantry=lay)
    assert g.columns == 2
    assert tl.load_game("diner", **json.loads(json.dumps(g.options))) == g


# -- Issue 9: the modules' stand-in cards ---------------------------------------------------

def test_module_stand_ins_match_the_rulebook_counts():
    # Components: 46 Chili orders, 44 Action cards, 15 Challenges, 8 Chilis, 22 bees.
    for f in (data.CHILI_ORDERS_FILE, data.CHILI_PANTRY_FILE, data.ACTIONS_FILE,
              data.CHALLENGES_FILE):
        assert "STAND-IN" in Path(f).read_text().splitlines()[0]
    chili = tomllib.loads(Path(data.CHILI_ORDERS_FILE).read_text())["order"]
    assert len(chili) == 46 and {o["deck"] for o in chili} == {"chili"}
    assert len(diner.load_chili_orders()) == 46
    # As documented: 13 Chili symbols on 13 cards, 8 Soup Stews of plates only.
    assert sum(o["ingredients"].count("chili") for o in chili) == 13
    soups = [o for o in chili if "plate_a" in o["ingredients"]]
    assert len(soups) == 8 and all(k.startswith("plate_") for o in soups
                                   for k in o["ingredients"])
    assert len({o["name"] for o in chili}) == 46
    cards = diner.load_actions()
    assert len(cards) == 44 and len({c.id for c in cards}) == 44
    assert Counter(c.name for c in cards)["Take a shortcut!"] == 6
    challenges = diner.load_challenges()
    assert len(challenges) == 15
    quoted = {"Manage the stock! You emptied the 1er or 2er shelf row this round.",
              "Specialize! You have at least 3 identical ingredients in your supply.",
              "Bring all three together! You have at least 3 orders from different chefs in "
              "your kitchen."}
    assert quoted <= {c.text for c in challenges}
    full = tl.load_game("diner", players=4, modules={"bees", "chili"}).components()
    assert {k: len(v) for k, v in full.items()} == {
        "ingredients": 98, "chili orders": 46, "starting orders": 8, "bees": 22,
        "challenges": 15, "action cards": 44}
    assert Counter(full["ingredients"])["chili"] == 8
    side = diner.load_chili_pantry()
    assert [r.size for r in side.rows] == [1, 2, 3, 4]
    assert [dict(b) for b in side.rows[0].bonus] == [{"kind": "draw_action"}]


@pytest.mark.parametrize("loader,table,entry,message", [
    (data.action_set, "card", {"name": "Odd card", "copies": 44, "effects": []},
     "copies must be a whole number 1..9"),
    (data.action_set, "card", {"name": "Odd card", "copies": 1, "effects": [{"kind": "fly"}]},
     "unknown order effect"),
    (data.action_set, "card", {"name": "odd", "copies": 1, "effects": [{"kind": "draw"}]},
     "name must be"),
    (data.challenge_set, "challenge", {"name": "Odd!", "condition": {"kind": "wishful"}},
     "unknown challenge condition"),
    (data.challenge_set, "challenge",
     {"name": "Odd!", "condition": {"kind": "emptied_row", "sizes": [5]}}, "row sizes"),
    (data.challenge_set, "challenge", {"name": "Odd!"}, "exactly the fields"),
])
def test_bad_module_cards_name_the_entry(loader, table, entry, message):
    with pytest.raises(tl.RuleError, match=message) as err:
        loader([entry], "my.toml")
    assert "my.toml" in str(err.value) and "#1" in str(err.value)


def test_module_card_counts_are_checked():
    with pytest.raises(tl.RuleError, match="44 Action cards; this set has 1"):
        data.action_set([{"name": "Odd", "copies": 1, "effects": [{"kind": "draw"}]}], "x")
    with pytest.raises(tl.RuleError, match="15 Challenges; this set has 1"):
        data.challenge_set([{"name": "Odd!", "condition": {"kind": "beehive", "count": 2}}],
                           "x")
    raw = tomllib.loads(Path(data.CHILI_ORDERS_FILE).read_text())["order"]
    with pytest.raises(tl.RuleError, match="46 Chili orders; this set has 45"):
        data.chili_order_set(raw[1:], "x")
    bad = [dict(o) for o in raw]
    bad[0]["ingredients"] = ["plate_b"]
    with pytest.raises(tl.RuleError, match="plate letters start at a"):
        data.chili_order_set(bad, "x")
    bad[0]["ingredients"] = ["plate_a", "acorn"]
    with pytest.raises(tl.RuleError, match="plates only"):
        data.chili_order_set(bad, "x")
    bad[0]["ingredients"] = ["bee"]
    with pytest.raises(tl.RuleError, match="ingredients must be"):
        data.chili_order_set(bad, "x")


def test_module_card_sets_are_options_that_never_name_a_file(tmp_path):
    g = tl.load_game("diner", players=2, modules={"bees", "chili"})
    for name in ("chili_orders", "actions", "challenges"):
        assert g.options[name].startswith("standard@")
        with pytest.raises(tl.RuleError, match="never name a file"):
            tl.load_game("diner", **{name: str(tmp_path / "cards.toml")})
    # Your own Action cards, from Python: embedded, so a save needs no file.
    text = Path(data.ACTIONS_FILE).read_text().replace('name = "Kind words!"',
                                                       'name = "Warm words!"')
    path = tmp_path / "actions.toml"
    path.write_text(text)
    own = diner.load_actions(path)
    g2 = tl.load_game("diner", players=2, modules={"chili"}, actions=own)
    assert "warm-words-1" in g2.action_cards and "kind-words-1" not in g2.action_cards
    m = tl.Match(g2, seed=2)
    again = tl.Match.from_json(json.loads(json.dumps(m.to_json())))
    assert sorted(again.game.action_cards) == sorted(g2.action_cards)
    # A set of the wrong size is refused, naming the option.
    with pytest.raises(tl.RuleError, match="option challenges"):
        tl.load_game("diner", challenges=list(diner.load_challenges())[:14])
