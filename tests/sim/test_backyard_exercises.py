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
