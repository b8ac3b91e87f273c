"""The scores' shortcuts agree with the plain count (issue 48, the design lab's cost).

``MagicalState.scores`` is read every turn by the design lab's recorder, so it sorts the
familiars by seat once and skips what cannot score: a village's potions are worked out
only where a building in it extracts one (no potion is supplied otherwise, so nothing is
changed into another and no Potion into VP scores), and its level 5 VP only where a
level 5 effect is in force. ``plain_scores`` below is the count without shortcuts (4.
Scoring: buildings, potions, level 5, objectives, biscuits); the state's scores must
equal it, key order included, at positions of seeded games in the configurations that
change scoring."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.games.magical import rules as R


def plain_scores(s):
    """Every part worked out for every seat, every objective measured for each tile."""
    g, n, cards = s.game, s.game.players, s.game.cards
    res = [R.resources_of([a for a, q in s.placed.items() if q == p], g.forest)
           for p in range(n)]
    out = []
    for p in range(n):
        stacks, pipes = s.villages[p], s.piped[p]
        vp_pot, extracted, _ = R.potions(stacks, pipes, res[p], cards,
                                          g.options["green_potions"])
        unprod = sum(1 for a, q in s.placed.items() if q == p and a in g.unproductive)
        out.append({"buildings": sum(R.stack_top_vp(st, cards) for st in stacks),
                    "potions": vp_pot,
                    "level5": R.level5_vp(stacks, pipes, len(s.stored[p]), unprod,
                                          extracted, cards),
                    "objectives": 0, "biscuits": s.biscuit_counts[p] // 3})
    tiles = g.options["objective_values"] == "tiles"
    for tile, owner in [(t, None) for t in s.common if t] + \
            [(t, p) for p, t in enumerate(s.personal) if t]:
        obj = g.data.objectives[tile]
        values = [R.objective_measure(obj.goal, s.villages[p], res[p],
                                      s.biscuit_counts[p], cards) for p in range(n)]
        leader = R.single_leader(values)
        if leader is not None and owner in (None, leader):
            out[leader]["objectives"] += obj.tile_vp if tiles else obj.vp
    for sc in out:
        sc["total"] = sum(sc.values())
    return out


def positions(game, seed, keep=0.3):
    """Some positions of one seeded game of builder bots (random bots seldom make a potion
    or a level 5 building), and its last."""
    rng = random.Random(seed)
    m = tl.Match(game, seed=seed, bots={p: "magical-builder" for p in range(game.players)})
    while not m.state.is_terminal():
        m.step()
        if rng.random() < keep:
            yield m.state
    yield m.state


CONFIGS = [dict(players=3), dict(players=4),
           dict(players=4, green_potions="chain", objective_values="text", day_side=False)]


@pytest.mark.parametrize("config", CONFIGS,
                         ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_scores_agree_with_the_plain_count_at_every_position(config):
    game = tl.load_game("magical", **config)
    scored = {"potions": 0, "level5": 0, "objectives": 0}
    for seed in range(4):
        for s in positions(game, seed):
            got, want = s.scores(), plain_scores(s)
            assert got == want, (seed, s.to_json())
            assert [list(row) for row in got] == [list(row) for row in want]  # key order
            for row in got:
                for part in scored:
                    scored[part] += row[part] > 0
    # The shortcuts were tried both ways: villages with potions and level 5 VP, and not.
    assert all(scored.values()), scored
