"""The rules index (treehouse_lab/rules_index.py): the id convention, the loader's checks,
search by words, the rulings matching docs/rulings, and the rule a refusal cites."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.registry import GAMES
from treehouse_lab.rules_index import indexes, load_index, rules_index, slug

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rulings"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rulebook.toml"
    path.write_text('book = "Toy rulebook"\nrulings = "docs/rulings/toy.md"\n' + text,
                    encoding="utf-8")
    return path


TOY = """
[[section]]
title = "Game Flow"
summary = "Turns go round."

[[section]]
title = "Module \\"Bees\\""
summary = "Bees."

[[section]]
title = "Setup Changes"
level = 1
summary = "Bees in the bag."

[[section]]
title = "Game Flow"
level = 1
summary = "Bees on orders."
quote = "Place new bees on your orders with the fewest bees."

[[section]]
title = "Module \\"Chili\\""
summary = "Chili."

[[section]]
title = "Setup Changes"
level = 1
summary = "Chili in the bag."

[[ruling]]
id = "D5"
title = "Nothing to do"
anchor = "d5-nothing-to-do"
summary = "The phone is forced when the kitchen is empty."
"""


def test_ids_follow_the_convention_and_repeated_nested_titles_take_their_parents(tmp_path):
    assert slug("Achievement Card Expansion: Game Setup") == \
        "achievement-card-expansion-game-setup"
    assert slug("A) Go to the Pantry to Fetch Ingredients") == \
        "a-go-to-the-pantry-to-fetch-ingredients"
    ix = load_index(write(tmp_path, TOY), "toy")
    assert [e.id for e in ix.entries] == [
        "toy/game-flow", "toy/module-bees", "toy/module-bees-setup-changes",
        "toy/module-bees-game-flow", "toy/module-chili", "toy/module-chili-setup-changes",
        "toy/D5"]
    assert ix["toy/module-bees-game-flow"].parent == "toy/module-bees"
    assert ix["toy/D5"].ref == "docs/rulings/toy.md#d5-nothing-to-do"
    assert ix["toy/D5"].label == "ruling D5"


@pytest.mark.parametrize("bad, words", [
    ('[[section]]\ntitle = "A"\nsummary = "a"\nsumary = "typo"\n', "unknown key"),
    ('[[section]]\ntitle = "A"\nsummary = "a"\nlevel = 2\n', "level must be 0..0"),
    ('[[section]]\ntitle = "A"\nsummary = ""\n', "summary must be a non-empty text"),
    ('[[section]]\ntitle = "A"\nsummary = "a"\n[[section]]\ntitle = "A"\nsummary = "b"\n',
     "ids given twice"),
    ('[[section]]\ntitle = "A"\nsummary = "a"\ntaught_in = ["b"]\n', "taught_in 'toy/b'"),
    ('[[section]]\ntitle = "A"\nsummary = "a"\n[[ruling]]\nid = "5"\ntitle = "t"\n'
     'summary = "s"\nanchor = "x"\n', "a letter and a number"),
])
def test_the_loader_refuses_bad_data_naming_the_entry(tmp_path, bad, words):
    with pytest.raises(tl.RuleError, match=re.escape(words)):
        load_index(write(tmp_path, bad), "toy")


def test_every_registered_game_has_an_index_of_its_rulebook_and_rulings():
    found = indexes()
    assert set(found) == set(GAMES)
    for game, ix in found.items():
        assert ix is rules_index(game) is rules_index(tl.load_game(game))  # read once
        assert len(ix.sections) >= 10 and ix.rulings
        for e in ix.entries:
            assert e.id.startswith(f"{game}/") and e.summary and len(e.summary) < 400
            assert len(e.quote) < 200  # a sentence at most


@pytest.mark.parametrize("game", GAMES)
def test_the_rulings_in_the_index_are_the_rulings_in_the_docs(game):
    page = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    heads = re.findall(r"(?m)^## ([A-Z]\d+)\. (.*)$", page)
    anchors = {re.sub(r"[^\w\- ]", "", f"{n}. {t}".strip().lower()).replace(" ", "-")
               for n, t in heads}
    ix = rules_index(game)
    assert [e.number for e in ix.rulings] == [n for n, _ in heads]
    for e in ix.rulings:
        assert e.ref.split("#")[0] == f"docs/rulings/{game}.md"
        assert e.ref.split("#")[1] in anchors


def test_search_finds_entries_holding_every_word_in_any_case():
    ix = rules_index("diner")
    jokers = ix.search("JOKER daisies")
    assert "diner/ingredient-jokers" in [e.id for e in jokers]
    for e in jokers:
        assert "joker" in e.text().lower() and "daisies" in e.text().lower()
    assert len(ix.search("joker")) > len(jokers)
    assert ix.search("joker zzzz") == []
    assert ix.search("") == list(ix.entries)
    assert [e.id for e in ix.search(["d11"])] == ["diner/D11"]


@pytest.mark.parametrize("game, text, named", [
    ("diner", "Go to the Pantry: that shelf space is empty",
     "refused by: A) Go to the Pantry to Fetch Ingredients"),
    ("diner", "Ingredient Jokers: a joker takes 2 Daisies or 4 ingredients (D11)",
     "refused by: Ingredient Jokers; ruling D11"),
    ("diner", "Pushing Orders Off the Starting Lane: an order on the 1-minute space; D5",
     "refused by: Pushing Orders Off the Starting Lane; ruling D5"),
    ("backyard", "Game Turn, step 2: Blue 3 / Blue 5 is not in Player 2's hand",
     "refused by: Game Turn"),
    ("backyard", "Achievement Card Expansion: Game Turn: one card",
     "refused by: Achievement Card Expansion: Game Turn"),
    ("magical", "Wait is not allowed: everyone is waiting, so the eldest must move "
     "(Planning Step)", "refused by: 2. Planning Step"),
    ("pyramids", "Aim the Small up is not allowed: you rolled Tip, so you must Tip "
     "(rulebook, How to Play: \"alter the arrangement\")", "refused by: How to Play"),
    ("pyramids", "you cannot Tip just one piece in a stack (rulebook, Tip)", "refused by: Tip"),
    ("pyramids", "It is Player 2's turn", ""),
    ("diner", "There is no bee in your supply", ""),
])
def test_a_refusal_names_the_sections_and_rulings_it_cites(game, text, named):
    assert rules_index(game).refused_by(text) == named


def test_a_refusal_citing_nothing_is_named_by_its_moves_kind_where_declared():
    from treehouse_lab.games.magical.actions import DrawFour

    ix = rules_index("magical")
    game = tl.load_game("magical")
    s = game.new_initial_state()
    while s.is_chance_node():
        s.apply(s.legal_actions()[0])
    seat = s.actors()[0]
    assert DrawFour() not in s.legal_actions(seat)  # a full hand: draw 4 is refused
    why = s.why_illegal(DrawFour(), by=seat)
    assert ix.refused_by(why) == ""  # the sentence cites no section...
    assert ix.refused_by(why, DrawFour()) == "refused by: 2. Planning Step; ruling R5"
    # ...and a sentence that cites one keeps its own citation
    assert ix.refused_by("(Planning Step) ruling R4", DrawFour()) == \
        "refused by: 2. Planning Step; ruling R4"
    assert rules_index("diner").refused_by(why, DrawFour()) == ""  # declared per game


@pytest.mark.parametrize("game", GAMES)
def test_declared_kinds_are_the_games_action_types(game):
    names = {t.__name__ for t in tl.load_game(game).ACTION_TYPES}
    assert {name for name, _ in rules_index(game).kinds} <= names


def test_the_loader_refuses_kinds_naming_no_entry(tmp_path):
    path = write(tmp_path, '[[section]]\ntitle = "A"\nsummary = "a"\n[kinds]\nTake = ["b"]\n')
    with pytest.raises(tl.RuleError, match=r"kinds.Take must name entries"):
        load_index(path, "toy")
