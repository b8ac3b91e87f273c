"""Seeded random games with 3 and 4 players on both forest sides: they end after 4 rounds,
every card and biscuit accounted for after every step, drawers reach 5 or the shortfall
rule is applied."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome


def _play(game, seed):
    rng = random.Random(seed)
    s = game.new_initial_state()
    comps = game.components()
    rounds_built = set()
    shortfalls = 0
    steps = 0
    while not s.is_terminal():
        before_phase, before_box = s.stage, len(s.box)
        drawers = [len(s.drawer(p)) for p in range(game.players)]
        trash = [list(s.trash_of(p)) for p in range(game.players)]
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            by = rng.choice(s.actors())
            s.apply(rng.choice(s.legal_actions(by)), by=by)
        steps += 1
        census = s.card_census()
        assert sum(census.values()) == 96, (seed, steps, census)
        assert sum(s.biscuits()) + sum(s.tray()) + s.round_biscuits + s.box_biscuits == 20
        if steps % 25 == 0:
            assert s.components() == comps
        if before_phase == "planning" and s.stage != "planning" and s.stage != "spell" \
                and s.stage != "deal":
            # the end of the planning step: every drawer has 5, or the shortfall took
            # as many non-spell cards from the trash cans as there were (rulebook)
            short = sum(5 - d for d in drawers)
            usable = sum(1 for t in trash for c in t if game.cards[c].kind != "spell")
            assert len(s.box) - before_box == min(short, usable)
            shortfalls += short > 0
            rounds_built.add(s.round)
    assert s.round == 4 and rounds_built == {1, 2, 3, 4}
    assert s.components() == comps
    return s, shortfalls


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("day_side", [True, False])
def test_random_games_end_after_four_rounds_with_everything_accounted(players, day_side):
    game = tl.load_game("magical", players=players, day_side=day_side)
    totals = set()
    for seed in range(6):
        s, _ = _play(game, seed)
        scores = s.scores()
        for sc in scores:
            assert sc["total"] == sum(v for k, v in sc.items() if k != "total")
        totals.add(tuple(sc["total"] for sc in scores))
        assert len(s.winners()) == 1
    assert len(totals) > 1


def test_keen_players_fill_their_drawers_every_round():
    """Bots that keep taking and drawing while their drawer has room, and drop out only
    when it is full, reach 5 cards in every drawer in all 4 rounds."""
    game = tl.load_game("magical", players=3)
    rng = random.Random(5)
    s = game.new_initial_state()
    filled = []
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        by = rng.choice(s.actors())
        legal = s.legal_actions(by)
        if s.stage == "planning":
            keen = [a for a in legal if a.KIND in ("place", "take", "draw_four")]
            legal = keen or [a for a in legal if a.KIND not in ("wait", "give_biscuit")]
        drawers = [len(s.drawer(p)) for p in range(3)]
        was_planning = s.stage == "planning"
        s.apply(rng.choice(legal), by=by)
        if was_planning and s.stage not in ("planning", "spell", "deal"):
            filled.append(drawers)
    assert filled == [[5, 5, 5]] * 4
