"""The short paths of ``apply`` (core/stages.py) take exactly what the long one takes: a
draw handed out by the node (recognised without a scan of its ~60 outcomes), and a
real-time move from the list its seat was handed. Anything else goes the long way, with
its checks and messages, and nothing changes."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome
from treehouse_lab.games.magical.actions import DrawCard


def _played_until(game, wanted, seed=5, limit=5000):
    """A seeded random game up to the first state where ``wanted(state)`` holds."""
    s, rng = game.new_initial_state(), random.Random(seed)
    for _ in range(limit):
        if wanted(s):
            return s
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            by = rng.choice(s.actors())
            s.apply(rng.choice(s.legal_actions(by)), by=by)
    raise AssertionError("never reached")


@pytest.fixture(scope="module")
def game():
    return tl.load_game("magical", players=3)


def test_an_equal_draw_that_is_not_the_handed_out_one_does_the_same(game):
    s = _played_until(game, lambda s: s.is_chance_node() and s.stage == "deal"
                      and len(s.chance_outcomes()) > 20)
    handed = s.chance_outcomes()[7][0]
    same = DrawCard(handed.card)
    assert same == handed and same is not handed
    a, b = s.clone(), s.clone()
    a.apply(handed)
    b.apply(same)
    assert a.to_json() == b.to_json()


def test_a_draw_of_a_card_already_dealt_is_refused_and_changes_nothing(game):
    s = _played_until(game, lambda s: s.is_chance_node() and s.stage == "deal"
                      and any(s.hands))
    dealt = next(c for hand in s.hands for c in hand)
    before = s.to_json()
    for draw in (game.draws[dealt], DrawCard(dealt)):
        with pytest.raises(tl.IllegalActionError):
            s.apply(draw)
        assert s.to_json() == before
    with pytest.raises(tl.IllegalActionError, match="chance node"):
        s.apply(s.chance_outcomes()[0][0], by=0)
    assert s.to_json() == before


def test_a_real_time_move_is_taken_only_from_its_own_seats_list(game):
    s = _played_until(game, lambda s: s.is_simultaneous_node() and len(s.actors()) >= 2)
    one, other = s.actors()[:2]
    mine = s.legal_actions(one)
    theirs = s.legal_actions(other)
    foreign = next((a for a in mine if a not in theirs), None)
    assert foreign is not None, "the two seats hold the same cards"
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError):
        s.apply(foreign, by=other)
    assert s.to_json() == before
    idle = next(p for p in range(game.players) if p not in s.actors()) \
        if len(s.actors()) < game.players else None
    for by in ([idle] if idle is not None else []) + [True, -1, game.players]:
        with pytest.raises(tl.IllegalActionError):
            s.apply(mine[0], by=by)
        assert s.to_json() == before
    taken = s.clone()
    taken.apply(mine[0], by=one)
    slow = s.clone()
    slow.apply(type(mine[0])(**{f: getattr(mine[0], f) for f in mine[0].__dataclass_fields__}),
               by=one)
    assert taken.to_json() == slow.to_json() != before


def test_a_draw_hands_out_the_nodes_outcomes_anew_each_time(game):
    """The draw's outcomes are made for the caller at each call (not kept and copied):
    the same outcomes as core's path reads off the stage, known to be uniform, and a
    caller's changes to one list reach neither the next list nor the game."""
    from treehouse_lab.core.chance import UniformOutcomes
    from treehouse_lab.core.stages import StagedState

    s = _played_until(game, lambda s: s.is_chance_node() and s.stage == "deal"
                      and len(s.chance_outcomes()) > 20)
    first = s.chance_outcomes()
    assert first == StagedState.chance_outcomes(s)
    assert first.__class__ is UniformOutcomes and first.equal
    drawn = first[3][0]
    first.clear()
    second = s.chance_outcomes()
    assert second is not first and len(second) > 20 and second.equal
    pool = len(s.pool)
    s.apply(drawn)
    assert drawn.card not in s.pool and len(s.pool) == pool - 1


def test_the_undealt_test_is_membership_of_the_sorted_pool(game):
    """``undealt`` finds a card by binary search, which is right only while the pool is
    sorted: at every deal node of seeded games (three rounds' worth of draws) it agrees
    with a plain scan for every card of the game and for ids that are no card, and a draw
    removes exactly its card."""
    asked = 0
    for seed in range(3):
        s, rng = game.new_initial_state(), random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node() and s.stage == "deal":
                pool = s.pool
                assert list(pool) == sorted(pool)
                for card in (*game.card_ids, "", "zzz", "a", 7, None):
                    assert s.undealt(card) == (card in pool), card
                    asked += 1
                drawn = sample_outcome(s.chance_outcomes(), rng)
                s.apply(drawn)
                assert sorted((*s.pool, drawn.card)) == list(pool)
                continue
            if s.is_chance_node():
                s.apply(sample_outcome(s.chance_outcomes(), rng))
            else:
                by = rng.choice(s.actors())
                s.apply(rng.choice(s.legal_actions(by)), by=by)
    assert asked > 10_000
