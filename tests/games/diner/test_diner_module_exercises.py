"""The modules' exercises (notebooks/treehouse-diner-exercises.ipynb, 7 and 8), recomputed
here without the counting helpers they teach: the Soup Stew by brute force over plate
assignments and by the engine's legal moves, the chili by the engine's chance outcomes.
Both notebooks must ask every exercise of the bank, so none is left unanswerable."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

import treehouse_lab as tl
from treehouse_lab.games.diner import DrawIngredient, PlacePlate, counting
from treehouse_lab.games.diner.exercises import IDS, grade

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks"
FULL = tl.load_game("diner", players=2, modules={"bees", "chili"})
CHILI = tl.load_game("diner", players=2, modules={"chili"})
STEW = {"acorn": 3, "radish": 2, "daisy": 1, "chili": 1, "bee": 2}


def brute_soup(plates: list[str], supply: dict[str, int], bees_ok: bool = False
               ) -> set[tuple[str, ...]]:
    """Every kind per plate (bees among the candidates), kept when identical plates hold
    one kind, different plates different kinds, no bee (unless ``bees_ok``, the mistake),
    and the supply holds enough: the rulebook's sentences, checked plate by plate."""
    kinds = sorted(supply)
    out = set()
    for choice in product(kinds, repeat=len(plates)):
        if "bee" in choice and not bees_ok:
            continue
        same = all((a == b) == (p == q) for (p, a), (q, b)
                   in product(zip(plates, choice), repeat=2))
        enough = all(choice.count(k) <= supply[k] for k in set(choice))
        if same and enough:
            out.add(choice)
    return out


def engine_soup(order: str, supply: dict[str, int]) -> set[tuple[str, ...]]:
    """Every covered stew the engine reaches with PlacePlate steps alone."""
    s = FULL.position(kitchens=[{FULL.orders[order].minutes: order}, {}],
                      supplies=[counting.tokens(supply), []], stage="assign")
    found, stack = set(), [s]
    while stack:
        s = stack.pop()
        entry = s.kitchen(0)[FULL.orders[order].minutes]
        if entry["complete"]:
            found.add(tuple(c[0] for c in entry["covers"]))
            continue
        stack.extend(s.child(a) for a in s.legal_actions() if isinstance(a, PlacePlate))
    return found


def test_soup_stew_exercise_by_brute_force_and_by_the_engine():
    plates = list(FULL.orders["hearty-soup-stew"].ingredients)
    assert plates == ["plate_a", "plate_a", "plate_b"]
    brute = brute_soup(plates, STEW)
    assert brute == engine_soup("hearty-soup-stew", STEW)
    assert len(brute) == 6 and all("bee" not in fill for fill in brute)
    assert grade("soup-stew-fills", len(brute)).correct is True
    # A common mistake, bees counted as a kind, is refused with its own hint.
    mistaken = len(brute_soup(plates, STEW, bees_ok=True))
    assert mistaken == 12
    verdict = grade("soup-stew-fills", mistaken)
    assert verdict.correct is False and "Bees are not ingredients" in verdict.message


def test_chili_exercise_from_the_engine_chance_outcomes():
    s = CHILI.new_initial_state()
    while not isinstance(s.chance_outcomes()[0][0], DrawIngredient):
        s.apply(s.chance_outcomes()[0][0])
    assert s.bag_count == 98 and s.bag()["chili"] == 8
    # Follow the engine's own outcomes through three draws, sequence by sequence.
    level = [(Fraction(1), s, False)]
    for _ in range(3):
        nxt = []
        for p, t, seen in level:
            for a, q in t.chance_outcomes():
                nxt.append((p * q, t.child(a), seen or a.ingredient == "chili"))
        level = nxt
    chance = sum((p for p, _, seen in level if seen), Fraction(0))
    assert chance == 1 - Fraction(comb(90, 3), comb(98, 3))
    assert grade("setup-row-chili", chance).correct is True
    assert grade("setup-row-chili", 1 - Fraction(90, 98) ** 3).correct is False


def _checked_ids(name: str) -> set[str]:
    cells = json.loads((NOTEBOOKS / name).read_text())["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    return set(re.findall(r'check\("([a-z0-9-]+)", answer\)', code))


def test_both_notebooks_ask_every_exercise_of_the_bank():
    assert _checked_ids("treehouse-diner-exercises.ipynb") == set(IDS)
    assert _checked_ids("../teacher/treehouse-diner-exercises-solutions.ipynb") == set(IDS)


def _questions(name: str) -> dict[str, str]:
    """Each checked exercise id and the question (the markdown cell) above its check."""
    cells = json.loads((NOTEBOOKS / name).read_text())["cells"]
    out, question = {}, ""
    for c in cells:
        text = "".join(c["source"])
        if c["cell_type"] == "markdown" and text.startswith("### "):
            question = text
        for eid in re.findall(r'check\("([a-z0-9-]+)", answer\)', text):
            out[eid] = question
    return out


def test_each_exercise_id_names_the_question_it_is_attached_to():
    """Issue 17: the chili exercise asks about the 1er row after set-up, so its id is a
    set-up one (it was 'chili-in-refill'); every setup-* id asks "after set-up"."""
    for name in ("treehouse-diner-exercises.ipynb",
                 "../teacher/treehouse-diner-exercises-solutions.ipynb"):
        questions = _questions(name)
        assert "after set-up" in questions["setup-row-chili"]
        assert "Chili" in questions["setup-row-chili"]
        for eid, question in questions.items():
            if eid.startswith("setup-"):
                assert "after set-up" in question, (name, eid)
            if "refill" in eid:
                assert "refill" in question.lower(), (name, eid)
