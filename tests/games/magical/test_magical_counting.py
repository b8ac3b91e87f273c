"""The closed-form chances agree with the engine's own chance nodes."""

from __future__ import annotations

from fractions import Fraction

import treehouse_lab as tl
from treehouse_lab.games.magical import counting


def test_opening_hand_spells_sum_to_one_and_match_the_formula():
    g = tl.load_game("magical", players=3)
    dist = counting.opening_hand(g, counting.is_spell)
    assert sum(dist.values()) == 1
    from math import comb
    assert dist[0] == Fraction(comb(88, 8), comb(96, 8))


def test_next_two_draws_agree_with_the_chance_nodes():
    g = tl.load_game("magical", players=3)
    s = g.new_initial_state()
    while s.stage == "setup":
        s.apply(s.chance_outcomes()[0][0])
    want = counting.next_draws(s, counting.is_spell, draws=2)
    got: dict[int, Fraction] = {}
    for a, p in s.chance_outcomes():
        s1 = s.child(a)
        for b, q in s1.chance_outcomes():
            k = sum(g.cards[c].kind == "spell" for c in (a.card, b.card))
            got[k] = got.get(k, Fraction(0)) + p * q
    assert got == want
