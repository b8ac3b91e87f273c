"""Thousands of seeded random games: counts, purple removal, and scores recomputed here
independently from ``state.treehouse(p)`` (card ids parsed in this file, runs counted in
this file, achievement conditions evaluated in this file), never by calling rules.py."""

from __future__ import annotations

import re

import pytest

import treehouse_lab as tl
from treehouse_lab.simulate import playouts

EACH = {2: 7, 3: 6, 4: 5, 5: 4}
COLOUR = {"P": "purple", "G": "green", "Y": "yellow", "B": "blue"}


def floors_of(state, p, wild):
    """[(colour or None, points)] bottom up, from the card ids alone."""
    out = []
    for pc in state.treehouse(p):
        if pc.face_down:
            out += [(None, wild), (None, wild)]
        else:
            b, bn, t, tn = re.fullmatch(r"([PGYB])(\d+)-([PGYB])(\d+)", pc.id).groups()
            out += [(COLOUR[b], int(bn)), (COLOUR[t], int(tn))]
    return out


def longest(floors):
    best = cur = 0
    prev = None
    for colour, _ in floors:
        if colour is None:
            cur, prev = 0, None
            continue
        cur = cur + 1 if colour == prev else 1
        prev = colour
        best = max(best, cur)
    return best


def achieved(cond, floors, cards):
    """The stand-in vocabulary, written again from the achievements.toml header."""
    k = cond["kind"]
    up = [(c, n) for c, n in floors if c is not None]
    wilds = sum(fd for _, fd in cards)
    joins = [(floors[2 * i - 1], floors[2 * i]) for i in range(1, len(cards))
             if not cards[i - 1][1] and not cards[i][1]]
    return {
        "floors_of_colour_at_least": lambda: sum(c == cond.get("colour") for c, _ in up)
        >= cond.get("count", 0),
        "run_at_least": lambda: longest(floors) >= cond.get("length", 0),
        "wilds_at_most": lambda: wilds <= cond.get("count", 0),
        "wilds_at_least": lambda: wilds >= cond.get("count", 0),
        "all_colours": lambda: set(cond.get("colours", ())) <= {c for c, _ in up},
        "number_sum_at_least": lambda: sum(n for _, n in floors) >= cond.get("total", 0),
        "number_count_at_least": lambda: sum(n == cond.get("number") for _, n in up)
        >= cond.get("count", 0),
        "floors_numbered_at_most": lambda: sum(n <= cond.get("number", 0) for _, n in up)
        >= cond.get("count", 0),
        "floors_numbered_at_least": lambda: sum(n >= cond.get("number", 0) for _, n in up)
        >= cond.get("count", 0),
        "distinct_numbers_at_least": lambda: len({n for _, n in up}) >= cond.get("count", 0),
        "solid_cards_at_least": lambda: sum(
            1 for i, (_, fd) in enumerate(cards)
            if not fd and floors[2 * i][0] == floors[2 * i + 1][0]) >= cond.get("count", 0),
        "colours_at_most": lambda: len({c for c, _ in up}) <= cond.get("count", 0),
        "number_matches_at_least": lambda: sum(a[1] == b[1] for a, b in joins)
        >= cond.get("count", 0),
        "colour_matches_at_least": lambda: sum(a[0] == b[0] for a, b in joins)
        >= cond.get("count", 0),
        "top_floor_colour": lambda: bool(floors) and floors[-1][0] == cond.get("colour"),
    }[k]()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("achievements", [False, True])
def test_random_games(players, achievements):
    wild = 1 if achievements else 0       # exercise the option too
    g = tl.load_game("backyard", players=players, achievements=achievements,
                     wild_floor_points=wild)
    games = 0
    for s in playouts(g, 400, seed=players * 10 + achievements):
        games += 1
        assert s.is_terminal()
        houses = [s.treehouse(p) for p in range(players)]
        assert [len(h) for h in houses] == [EACH[players]] * players
        ids = [pc.id for h in houses for pc in h] + [c.id for c in s.discard]
        assert len(ids) == len(set(ids)) == players * EACH[players] + players
        assert s.deck_count == (24 if players == 2 else 32) - len(ids)
        if players == 2:
            assert not any(i.startswith("P") or "-P" in i for i in ids)
            assert all(f.colour != "purple" for h in houses for pc in h for f in pc.floors)
        floors = [floors_of(s, p, wild) for p in range(players)]
        runs = [longest(f) for f in floors]
        best = max(runs)
        expected = []
        for p in range(players):
            total = sum(n for _, n in floors[p])
            if best and runs[p] == best:
                total += best
            ach = s.achievement
            if ach is not None:
                cards = [(pc.id, pc.face_down) for pc in houses[p]]
                if achieved(dict(ach.condition), floors[p], cards):
                    total += ach.points
            expected.append(total)
        scores = s.scores()
        assert [row["total"] for row in scores] == expected
        assert all(row["total"] == row["floors"] + row["run"] + row["achievement"]
                   for row in scores)
        top = max(expected)
        tied = [p for p in range(players) if expected[p] == top]
        winner = max(tied, key=lambda p: (p - s.start_player) % players)
        assert s.winners() == [winner]
        assert s.returns() == [int(p == winner) for p in range(players)]
    assert games == 400

