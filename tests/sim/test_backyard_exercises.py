"""The Backyard exercise bank (notebooks/backyard-exercises.ipynb): every answer is
recomputed here from the engine or by brute force, and the bank must call it right (and
a common mistake wrong), so the stored digests cannot drift from the game."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations

import sympy

import treehouse_lab as tl
from treehouse_lab.exercises import audit_bank
from treehouse_lab.games.backyard import counting
from treehouse_lab.games.backyard.exercises import IDS, grade
from treehouse_lab.games.backyard.rules import Floor


def points(card):
    return card.bottom.number + card.top.number


def answers() -> dict:
    three = tl.load_game("backyard", players=3)
    deck = [three.card_set[c] for c in three.deck_cards]
    hands = list(combinations(deck, 3))
    purple = [sum(c.purple for c in h) for h in hands]

    two = tl.load_game("backyard", players=2)
    deck2 = [two.card_set[c] for c in two.deck_cards]
    not_green = [c for c in deck2 if c.bottom.colour != "green"]

    # The random bot's first card: every first hand of the start player, every play in it
    # equally likely, floors scored by the engine.
    total, plays = Fraction(0), 0
    for hand in combinations(two.deck_cards, 3):
        s = two.build_state([[], []], start_player=0, hand=list(hand))
        legal = s.legal_actions()
        total += Fraction(sum(s.child(a).scores()[0]["floors"] for a in legal), len(legal))
        plays += 1

    x, y = sympy.symbols("x y")
    gf = sympy.expand(sympy.prod([1 + y * x ** points(c) for c in deck]))
    return {
        "first-hand-sets": len({frozenset(c.id for c in h) for h in hands}),
        "first-hand-orders": sum(1 for _ in permutations(range(len(deck)), 3)),
        "fits-given-not-green": counting.playable_fraction_among(Floor("green", 3), not_green),
        "purple-in-first-hand": Fraction(sum(1 for k in purple if k), len(hands)),
        "expected-purple": Fraction(sum(purple), len(hands)),
        "hands-worth-21": int(gf.coeff(y, 3).coeff(x, 21)),
        "first-card-points": total / plays,
    }


def test_every_answer_is_recomputed_and_accepted():
    got = answers()
    brute = sum(1 for h in combinations(
        [points(c) for c in tl.load_game("backyard", players=3).card_set.values()], 3)
        if sum(h) == 21)
    assert got["hands-worth-21"] == brute          # the generating function agrees
    assert audit_bank(got, IDS) == []


def test_common_mistakes_get_their_own_hint():
    assert "orders" in grade("first-hand-sets", 32 * 31 * 30).message
    assert "at least one" in grade("expected-purple", grade_answer("purple")).message
    assert "face down half the time" in grade("first-card-points", 7).message


def grade_answer(which):
    from math import comb
    return Fraction(comb(32, 3) - comb(24, 3), comb(32, 3)) if which == "purple" else None


def _exercise_text(notebook: str, heading: str) -> str:
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "notebooks" / notebook
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return next("".join(c["source"]) for c in cells
                if c["cell_type"] == "markdown" and heading in "".join(c["source"]))


def test_not_green_is_said_as_the_green_family():
    """A split card can have a green top floor over another family's bottom floor, so "not
    green" reads two ways: not of the green family (16 cards, 2 fit: 1/8, the key) or no
    green floor at all (12 cards, 2 fit: 1/6). The question says the family, the key is
    the family's count, and the other reading is told what a family is."""
    two = tl.load_game("backyard", players=2)
    deck = [two.card_set[c] for c in two.deck_cards]
    green3 = Floor("green", 3)
    family = [c for c in deck if c.bottom.colour != "green"]
    no_green_floor = [c for c in family if c.top.colour != "green"]
    assert len(no_green_floor) < len(family)     # the two readings are different sets
    by_family = counting.playable_fraction_among(green3, family)
    by_floor = counting.playable_fraction_among(green3, no_green_floor)
    assert by_family != by_floor
    assert grade("fits-given-not-green", by_family).correct
    other = grade("fits-given-not-green", by_floor)
    assert not other.correct and "family" in other.message
    for notebook in ("backyard-exercises.ipynb", "../teacher/backyard-exercises-solutions.ipynb"):
        text = " ".join(_exercise_text(notebook, "### 3. Green 3 on top").split())
        assert "not of the green family" in text, notebook
        assert "not green**" not in text, notebook
