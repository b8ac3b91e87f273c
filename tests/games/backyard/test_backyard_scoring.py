"""The scores' shortcut agrees with the rules' plain definitions (issue 48, the design lab's
cost).

``BackyardState.scores`` reads each built card's tally from the game's table and counts a
treehouse's floor points and longest run in one pass (``rules.house_tallies``), where the
rules define them by ``floor_points`` and ``longest_run(floors_of(...))`` (Game End; Bonus
Points for the Longest Color Run; Achievement Card Expansion: Game End). These tests hold
the shortcut to the definitions at every position of seeded games, at every player count
and option, and on hand-built treehouses where a wild breaks a run."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.games.backyard import ChooseAchievement, Play, rules
from treehouse_lab.games.backyard.rules import card_from_id


def plain_rows(houses, achievement, min_run):
    """The score rows from the definitions, one treehouse at a time."""
    runs = [rules.longest_run(rules.floors_of(h)).length for h in houses]
    bonus = rules.run_bonuses(runs, min_run)
    rows = []
    for p, h in enumerate(houses):
        floors = rules.floor_points(h)
        a = achievement.points if achievement is not None and achievement.met(h) else 0
        rows.append((floors + bonus[p] + a, floors, bonus[p], a))
    return rows


def positions(game, seed):
    """Every position of one seeded game, the plays leaning face down or face up by the
    seed (so that wilds break runs often, and seldom)."""
    rng = random.Random(seed)
    lean = rng.random()
    s = game.new_initial_state()
    if game.achievements_on:   # each achievement card in turn, not left to chance
        cards = sorted(game.achievement_set)
        s.apply(ChooseAchievement(cards[seed % len(cards)]))
    while True:
        yield s
        if s.is_terminal():
            return
        if s.is_chance_node():
            action = rng.choice([o for o, _ in s.chance_outcomes()])
        else:
            moves = s.legal_actions()
            down = [m for m in moves if isinstance(m, Play) and m.face_down]
            up = [m for m in moves if m not in down]
            action = rng.choice(down if down and (not up or rng.random() < lean) else up)
        s = s.child(action)


CONFIGS = [dict(players=n, **opts) for n in (2, 3, 4, 5) for opts in (
    {}, dict(wild_floor_points=2, min_run=2), dict(wild_floor_points=1, achievements=True))]


@pytest.mark.parametrize("config", CONFIGS,
                         ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_scores_agree_with_the_plain_definitions_at_every_position(config):
    game = tl.load_game("backyard", **config)
    seen_runs = set()
    for seed in range(30):
        for s in positions(game, seed):
            houses = [s.treehouse(p) for p in range(game.players)]
            rows = plain_rows(houses, s.achievement, game.min_run)
            assert s.scores() == [{"total": t, "floors": f, "run": r, "achievement": a}
                                  for t, f, r, a in rows], (seed, s.to_json())
            # The seat's view scores the backs of face-down cards (rules.score_rows).
            backs = [[rules.back(game.wild_points) if pc.face_down else pc for pc in h]
                     for h in houses]
            assert rules.score_rows(backs, s.achievement, game.min_run) == rows
            seen_runs.update(r for _, _, r, _ in rows)
    assert len(seen_runs) > 3   # bonuses of several lengths were compared, not only 0


def house(*ids, wild_points=0):
    """A hand-built treehouse: '~' marks a face-down card."""
    return [rules.played(card_from_id(c.lstrip("~")), c.startswith("~"), wild_points)
            for c in ids]


@pytest.mark.parametrize("ids", [
    (),
    ("G4-G2",),
    ("G4-Y2", "Y3-Y1", "Y1-Y4"),            # a run across cards: yellow 5 floors
    ("G4-Y2", "~Y3-Y1", "Y1-Y4"),           # the wild breaks it: yellow 2
    ("~G4-Y2", "~Y3-Y1"),                   # only wilds: no run
    ("B2-B3", "~G4-G2", "B1-B4", "G1-G3"),  # two runs of 2 apart, then green 2
    ("Y2-B3", "B3-B1", "B1-G3", "G3-G3"),   # blue 3, then green 3: the first is kept
])
@pytest.mark.parametrize("wild_points", [0, 2])
def test_house_tallies_agree_with_floor_points_and_longest_run(ids, wild_points):
    h = house(*ids, wild_points=wild_points)
    tallies = {pc: rules.card_tally(pc) for pc in h}
    assert rules.house_tallies([h], tallies) == (
        [rules.floor_points(h)], [rules.longest_run(rules.floors_of(h)).length])


@pytest.mark.parametrize("wild_points", [0, 1, 2])
def test_the_games_tally_table_scores_each_stored_card_as_the_rules_do(wild_points):
    game = tl.load_game("backyard", wild_floor_points=wild_points)
    assert game.tallies.keys() == game.placed.keys()
    for key, pc in game.placed.items():
        assert rules.house_tallies([[key]], game.tallies) == (
            [rules.floor_points([pc])], [rules.longest_run(rules.floors_of([pc])).length])
