"""The Diner's quick reads agree with the plain definitions they stand for (issue 16,
item 7: speed without a change of behaviour):

- the D35 count (``must_assign.most_placed``, ``PlacingPlan.keeps``), a branch and bound,
  against trying every choice of kinds for the empty Soup Stew letters;
- the Challenges mastered at the end of a turn, read through a view filled on demand,
  against the whole :class:`ChallengeView`.

Positions come from seeded games, with extra supplies dealt to the recorded kitchens so
that the search meets more letters and more kinds than a random game gives it."""

from __future__ import annotations

import dataclasses
import itertools
import random

from tl_conformance_harness import choose

import treehouse_lab as tl
from treehouse_lab.games.diner.challenges import VIEW_READERS, ChallengeView, ChallengeViewOnDemand
from treehouse_lab.games.diner.must_assign import PlacingPlan, most_placed


def _positions(modules, seeds, stage):
    """(state, seat) at every decision on ``stage`` in seeded 3-player games."""
    g = tl.load_game("diner", players=3, modules=modules)
    for seed in seeds:
        rng = random.Random(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            action, seat = choose(s, rng)
            if seat is not None and s.stack[-1].NAME == stage:
                yield s, seat
            s.apply(action, by=seat)


def _letters(syms, covers, plate0):
    """{letter: (free plates, kind or None)} of one order, read off its plates."""
    out = {}
    for sym, c in zip(syms, covers):
        if sym < plate0:
            continue
        free, kind = out.get(sym, (0, None))
        out[sym] = (free + (not c), c[0] if len(c) == 1 else kind)
    return out


def _every_choice(supply, orders, plate0, kinds, force=None):
    """The most placed, by trying every kind (or none) on every empty letter; ``force``:
    (order's position, letter, kind) fixed. -1 if no choice is allowed."""
    need = [0] * len(supply)
    empty = []   # (position, letter, free plates, kinds its order's letters hold)
    for pos, (syms, covers) in enumerate(orders):
        for sym, c in zip(syms, covers):
            if sym < plate0 and not c:
                need[sym] += 1
        letters = _letters(syms, covers, plate0)
        taken = {k for _, k in letters.values() if k is not None}
        for sym, (free, kind) in letters.items():
            if free and kind is not None:
                need[kind] += free
            elif free:
                empty.append((pos, sym, free, taken))
    best = -1
    options = [[force[2]] if force is not None and (pos, sym) == force[:2] else [None, *kinds]
               for pos, sym, _, _ in empty]
    for choice in itertools.product(*options):
        by_order: dict[int, list[int]] = {}
        ok = True
        for (pos, _, _, taken), k in zip(empty, choice):
            if k is None:
                continue
            chosen = by_order.setdefault(pos, [])
            if k in taken or k in chosen:
                ok = False
            chosen.append(k)
        if not ok:
            continue
        n = list(need)
        for (_, _, free, _), k in zip(empty, choice):
            if k is not None:
                n[k] += free
        best = max(best, sum(min(supply[k], n[k]) for k in kinds))
    return best


def test_the_soup_stew_count_agrees_with_trying_every_choice():
    rng = random.Random(5)
    g = tl.load_game("diner", players=3, modules=("chili",))
    asked = letters_seen = refused = 0
    for s, _ in itertools.islice(_positions(("chili",), range(8), "assign"), 0, None, 7):
        p = s.stack[-1].player
        orders = s.kitchen_orders(p)
        empty = sum(1 for syms, covers in orders
                    for free, kind in _letters(syms, covers, g.plate0).values()
                    if free and kind is None)
        if not 0 < empty <= 3:
            continue   # none to choose; or so many that trying every choice takes long
        supplies = [list(s.supplies[p])]
        for _ in range(3):
            extra = list(s.supplies[p])
            for _ in range(rng.randint(1, 6)):
                extra[rng.choice(g.ingredients)] += 1
            supplies.append(extra)
        for supply in supplies:
            want = _every_choice(supply, orders, g.plate0, g.ingredients)
            assert most_placed(supply, orders, g.plate0, g.ingredients) == want
            plan = PlacingPlan(supply, orders, g.plate0, g.ingredients)
            for pos, (syms, covers) in enumerate(orders):
                for sym, (free, kind) in _letters(syms, covers, g.plate0).items():
                    if not free or kind is not None:
                        continue
                    letters_seen += 1
                    keeping = []
                    for k in g.ingredients:
                        if not supply[k]:
                            continue
                        forced = _every_choice(supply, orders, g.plate0, g.ingredients,
                                               (pos, sym, k))
                        assert plan.keeps(pos, sym, k) == (forced >= want), (orders, supply)
                        if forced >= want:
                            keeping.append(k)
                        asked += 1
                        refused += forced < want
                    # The move list asks for all of a letter's kinds at once.
                    assert plan.keepers(pos, sym) == keeping, (orders, supply)
    assert asked > 500 and refused > 100 and letters_seen > 150, (asked, refused, letters_seen)


def test_the_readers_make_every_field_of_the_view():
    assert list(VIEW_READERS) == [f.name for f in dataclasses.fields(ChallengeView)]


def test_challenges_read_on_demand_agree_with_the_whole_view():
    """Every Challenge of the game (not only those face up) against every seat's view at
    the end of turns, and ``mastered`` itself for the face-up ones."""
    g = tl.load_game("diner", players=3, modules=("bees", "chili"))
    checked = held = 0
    for s, _ in _positions(("bees", "chili"), range(3), "end"):
        for p in range(3):
            view, asked = s.challenge_view(p), ChallengeViewOnDemand(s, p)
            for card in g.challenges.values():
                want = card.mastered(view)
                assert card.mastered(asked) == want, (card.id, p)
                checked += 1
                held += want
            assert s.mastered(p) == [c for c in s.open_challenges[p]
                                     if g.challenges[c].mastered(view)]
    assert checked > 1000 and 0.05 < held / checked < 0.95, (checked, held)
