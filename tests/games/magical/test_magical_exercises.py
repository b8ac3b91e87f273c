"""The Magical Treehouse exercise bank (notebooks/magical-treehouse-exercises.ipynb): every
answer is recomputed here from the engine's data and by brute force, the bank must call it
right and a common mistake wrong, so the stored digests cannot drift from the game."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from itertools import combinations, product
from math import comb
from pathlib import Path

import treehouse_lab as tl
from treehouse_lab.core.counting import hypergeometric
from treehouse_lab.exercises import audit_bank
from treehouse_lab.games.magical import counting
from treehouse_lab.games.magical import rules as R
from treehouse_lab.games.magical.exercises import IDS, grade
from treehouse_lab.games.magical.moves import Place

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks"
EXERCISES = "magical-treehouse-exercises.ipynb"
SOLUTIONS = "../teacher/magical-treehouse-exercises-solutions.ipynb"  # teachers' material

#: The potion chain of exercises 4 and 5 (as the notebook builds it).
CHAIN = [[{"cards": ["purple1a"]},
          {"cards": ["green1a", "green2a", "green3b", "green4a"]},
          {"cards": ["blue1a", "blue2a", "blue3b"]}], [], []]
PIPES = [[("pipe1", "purple1a", "green1a"), ("pipe2", "purple1a", "blue1a")], [], []]
FAMILIARS = {"t4d": 0, "t4c": 0, "t5c": 0, "t3b": 1, "t6b": 1, "t1a": 2, "t2a": 2}


def game():
    return tl.load_game("magical", players=3)


def kinds(g, kind):
    return sum(1 for c in g.cards.values() if c.kind == kind)


def spell_answers(g):
    n, spells, pipes = len(g.cards), kinds(g, "spell"), kinds(g, "pipe")
    hand = R.HAND
    one = counting.opening_hand(g, counting.is_spell)[1]
    # Brute force over the three kinds of card: every composition of a hand of 8.
    bag = {"spell": spells, "pipe": pipes, "other": n - spells - pipes}
    both = sum(hypergeometric(bag, {"spell": s, "pipe": p, "other": hand - s - p})
               for s in range(1, hand + 1) for p in range(1, hand + 1 - s))
    formula = 1 - Fraction(2 * comb(n - 8, hand) - comb(n - 16, hand), comb(n, hand))
    assert spells == pipes == 8 and both == formula
    assert one == Fraction(spells * comb(n - spells, hand - 1), comb(n, hand))
    return {"one-spell": one, "spell-and-pipe": both}


def no_red_passed(unseen: int, red: int, spells: int, hand: int) -> Fraction:
    """The chance that the cards passed on hold no red, in closed form: Player 3's hand of
    ``hand`` is drawn from the ``unseen`` cards, and the card kept is one of its non-spell
    cards, each equally likely (a spell may not go in the drawer). None of the rest is red
    when the hand holds no red, or one red and that is the card kept (chance 1/(hand - s)
    with s spells in the hand)."""
    other = unseen - red - spells
    one_red_kept = sum(Fraction(red * comb(spells, s) * comb(other, hand - 1 - s), hand - s)
                       for s in range(hand))
    return (comb(unseen - red, hand) + one_red_kept) / Fraction(comb(unseen, hand))


def carriage_answer(g):
    m = tl.Match(g, seed=14)
    m.run()
    s = m.state
    seen = set(s.hand(0))
    unseen = [c for c in g.cards if c not in seen]

    def kind(c):
        return "spell" if g.cards[c].kind == "spell" else (
            "red" if g.cards[c].colour == "red" else "other")

    bag = {k: sum(kind(c) == k for c in unseen) for k in ("red", "spell", "other")}
    # "Keeps a card" is a Place move of the engine: the cards it offers Player 3 (seat 2,
    # whose carriage comes to Player 1) are exactly the non-spell cards of the hand.
    assert s.take_carriage(0) == s.put_carriage(2)
    places = sorted(a.card for a in s.legal_actions(2) if isinstance(a, Place))
    assert places == sorted(c for c in s.hand(2) if kind(c) != "spell")
    formula = 1 - no_red_passed(len(unseen), bag["red"], bag["spell"], R.HAND)
    # Brute force by what Player 3's hand holds: k red, j spells (hypergeometric), then
    # the kept card among its 8 - j non-spell cards; the 7 passed hold a red unless k = 0,
    # or k = 1 and the red one is kept.
    by_mix = sum(hypergeometric(bag, {"red": k, "spell": j, "other": R.HAND - k - j})
                 * (1 - Fraction(1, R.HAND - j) if k == 1 else 1)
                 for k in range(1, R.HAND + 1) for j in range(R.HAND + 1 - k))
    # Full enumeration on a small case: 10 unseen cards, 0-2 red, 3-4 spells, a hand of 4,
    # every hand and every non-spell card kept.
    small = sum(Fraction(sum(any(c < 3 for c in hand if c != kept) for kept in keep),
                         len(keep))
                for hand in combinations(range(10), 4)
                for keep in [[c for c in hand if c not in (3, 4)]]) / comb(10, 4)
    assert small == 1 - no_red_passed(10, 3, 2, 4)
    # Keeping any of the 8, spells too (the old key), is a different number.
    assert formula != 1 - Fraction(comb(75, 7), comb(88, 7))
    assert bag == {"red": 13, "spell": 7, "other": 68} and by_mix == formula
    return {"carriage-red": formula}


def legal_areas(g):
    forest = g.data.forest["day"]
    mine = [a for a, p in FAMILIARS.items() if p == 0]
    return sorted(a for a, area in forest.items() if a not in FAMILIARS
                  and (area.outermost or any(b in mine for b in area.connects)))


def chain_answers(g):
    both = dict(FAMILIARS, t4b=0)            # t4b: the second fangs
    chain = g.position(villages=CHAIN, pipes=PIPES, forest=both).scores()[0]["potions"]
    areas = legal_areas(g)
    vp = [g.position(villages=CHAIN, pipes=PIPES, forest={**FAMILIARS, a: 0})
          .scores()[0]["potions"] for a in areas]
    fangs = [a for a in areas if "fangs" in g.data.forest["day"][a].resources]
    assert sum(vp) == chain * len(fangs)      # only a second fang feeds the chain
    return {"chain-vp": chain, "potion-chain": Fraction(sum(vp), len(areas))}


def biscuit_answers(g):
    rounds, pile = R.ROUNDS, R.PILE_SIZE[3]
    assert pile == 3 - 1          # 15. Biscuits: the pile is one short of the players
    pays, mine = Fraction(0), Fraction(0)
    for lasts in product(range(3), repeat=rounds):     # who finishes last in each round
        # nobody gives a biscuit away: all but the last player take one each round
        biscuits = [R.START_BISCUITS + rounds - lasts.count(p) for p in range(3)]
        s = g.position(biscuits=biscuits, common=("obj-apples", "obj-biscuits"))
        tile = [row["objectives"] for row in s.scores()]   # nobody has apples: a tie
        pays += Fraction(any(tile), 3 ** rounds)
        mine += Fraction(tile[0], 3 ** rounds)
    # The formula: the round sequences in which Player 1 is last fewer times than each
    # other player (a multinomial count), three times over by symmetry.
    alone = sum(comb(rounds, a) * comb(rounds - a, b)
                for a in range(rounds + 1) for b in range(rounds + 1 - a)
                if a < min(b, rounds - a - b))
    assert pays == 3 * Fraction(alone, 3 ** rounds)
    tile_vp = g.data.objectives["obj-biscuits"].tile_vp
    assert mine == tile_vp * Fraction(alone, 3 ** rounds)
    return {"biscuit-tile-pays": pays, "biscuit-tile-vp": mine}


def answers() -> dict:
    g = game()
    return {**spell_answers(g), **carriage_answer(g), **chain_answers(g),
            **biscuit_answers(g)}


def test_every_answer_is_recomputed_and_accepted():
    got = answers()
    assert audit_bank(got, IDS) == []


def test_common_mistakes_get_their_own_hint():
    n = comb(96, 8)
    assert "at least one" in grade("one-spell", 1 - Fraction(comb(88, 8), n)).message
    assert "twice" in grade("spell-and-pipe", 1 - Fraction(2 * comb(88, 8), n)).message
    assert "only 7" in grade("carriage-red", 1 - Fraction(comb(75, 8), comb(88, 8))).message
    assert "spell cannot" in grade("carriage-red", 1 - Fraction(comb(75, 7), comb(88, 7))).message
    assert "R12" in grade("chain-vp", 9).message
    assert "inner area" in grade("potion-chain", Fraction(6, 17)).message
    assert "81" in grade("biscuit-tile-pays", Fraction(3, 5)).message
    assert "one of three" in grade("biscuit-tile-vp", Fraction(14, 27)).message


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text())["cells"]


def _checked_ids(name: str) -> list[str]:
    code = "\n".join("".join(c["source"]) for c in _cells(name) if c["cell_type"] == "code")
    return re.findall(r'check\("([a-z0-9-]+)", answer\)', code)


def test_both_notebooks_ask_every_exercise_of_the_bank_once():
    assert _checked_ids(EXERCISES) == list(IDS)
    assert _checked_ids(SOLUTIONS) == list(IDS)


def test_the_saved_solutions_are_all_correct_and_the_exercises_all_unanswered():
    def printed(name):
        return "".join("".join(o.get("text", "")) for c in _cells(name)
                       for o in c.get("outputs", []))
    solved, asked = printed(SOLUTIONS), printed(EXERCISES)
    for eid in IDS:
        assert f"{eid}: Correct!" in solved
        assert f"{eid}: not answered yet" in asked
    assert "Not yet" not in solved


def test_the_notebooks_build_the_chain_the_test_checks():
    """The potion chain and familiars in the notebooks are the ones recomputed above."""
    code = "".join("".join(c["source"]) for c in _cells(EXERCISES))
    for building in CHAIN[0]:
        assert json.dumps(building["cards"]) in code
    for area, seat in FAMILIARS.items():
        assert f'"{area}": {seat}' in code
