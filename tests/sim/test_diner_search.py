"""Treehouse Diner's determinizer: the search bot plays the Diner without peeking at the
bag, the order pile, the box, the Action card pile or the other helpers' hands."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.search import determinize
from treehouse_lab.search.determinize import consistent
from treehouse_lab.search.mcts import MCTSBot

MODULES = [(), ("bees",), ("chili",), ("bees", "chili")]


def _points(modules, players=3, seed=4, every=61):
    """States of one seeded random game, every ``every`` steps (chance nodes and
    decisions alike), set-up included, until the end."""
    game = tl.load_game("diner", players=players, modules=modules)
    m = tl.Match(game, seed=seed, bots={p: "random" for p in range(players)})
    out = []
    steps = 0
    while not m.state.is_terminal():
        if steps % every == 0:
            out.append(m.state.clone())
        m.step()
        steps += 1
    out.append(m.state.clone())
    return out


def _decision(modules, players=2, seed=3, end_after=None, want=lambda s, me: True):
    """The first decision of a seeded random game with more than two moves to choose from
    for which ``want(state, seat)`` holds."""
    game = tl.load_game("diner", players=players, modules=modules, end_after=end_after)
    m = tl.Match(game, seed=seed, bots={p: "random" for p in range(players)})
    while not m.state.is_terminal():
        s = m.state
        if not s.is_chance_node() and len(s.legal_actions(s.current_player)) > 2 \
                and want(s, s.current_player):
            return s.clone()
        m.step()
    raise AssertionError("no such decision in this game")


def test_the_diner_hides_cards_and_has_a_hook():
    s = _decision(())
    me = s.current_player
    assert s.hidden_from(me)          # without the hook the search bot would be refused
    assert s.game.ZONES is not None   # the protocol's game.determinize deals from them


@pytest.mark.parametrize("modules", MODULES)
def test_samples_look_the_same_to_the_seat_and_conserve_everything(modules):
    points = _points(modules)
    assert len(points) > 8
    assert any(p.turn == 0 for p in points) and points[-1].is_terminal()
    rng = random.Random(5)
    for s in points:
        for seat in range(s.game.players):
            for _ in range(3):
                d = determinize(s, seat, rng)
                assert consistent(d, s, seat), (s.turn, seat)
                assert d.components() == s.components()
                # every count is public, so each place holds as much as in the truth
                assert d.ingredient_census() == s.ingredient_census()
                assert d.card_census() == s.card_census()
                assert d.current_player == s.current_player
                if s.is_chance_node():      # which card a draw gives is hidden; how many not
                    assert len(d.chance_outcomes()) == len(s.chance_outcomes())
                elif s.current_player == seat:
                    assert d.legal_actions(seat) == s.legal_actions(seat)


@pytest.mark.parametrize("modules", [(), ("bees",)])
def test_without_action_cards_the_hidden_piles_are_counted(modules):
    """Without Action cards only the Starting orders' split between the box and the order
    pile is unknown; everything else a seat cannot see follows from what it can."""
    for s in _points(modules, players=4) + _points(modules, players=2):
        for seat in range(s.game.players):
            d = determinize(s, seat, random.Random(seat))
            truth, sample = s.to_json(), d.to_json()
            assert sample["bag"] == truth["bag"]
            if "challenge_box" in truth:
                assert sample["challenge_box"] == truth["challenge_box"]
            assert sorted(sample["deck"] + sample["box"]) == sorted(truth["deck"] + truth["box"])
            assert [o for o in sample["deck"] if o in s.game.basic_ids] == [
                o for o in truth["deck"] if o in s.game.basic_ids]
            if s.game.players == 4:     # all 8 Starting orders are dealt: nothing left to guess
                assert sample == truth


def test_unseen_starting_orders_are_split_between_box_and_pile_at_random():
    """After the order pile ran out, dealt Starting orders come back in it (D15): which
    unseen ones are in the box is unknown, so samples vary, but never the box's lengths."""
    def mixed(s, me):
        return s.deck_count and any(o in s.game.starting_ids for o in s.to_json()["deck"])

    s = _decision((), players=2, seed=2, want=mixed)
    me = s.current_player
    rng = random.Random(1)
    samples = [determinize(s, me, rng) for _ in range(40)]
    assert all(consistent(d, s, me) for d in samples)
    boxes = {tuple(d.to_json()["box"]) for d in samples}
    assert len(boxes) > 1
    minutes = sorted(s.game.orders[o].minutes for o in s.to_json()["box"])
    for box in boxes:
        assert sorted(s.game.orders[o].minutes for o in box) == minutes


@pytest.mark.parametrize("modules", [("chili",), ("bees", "chili")])
def test_the_unseen_action_cards_are_dealt_anew_each_time(modules):
    def others_hold_cards(s, me):
        return all(s.hand_count(q) for q in range(3) if q != me) and s.action_pile_count > 5

    s = _decision(modules, players=3, seed=6, want=others_hold_cards)
    me = s.current_player
    rng = random.Random(2)
    samples = [determinize(s, me, rng) for _ in range(80)]
    assert all(consistent(d, s, me) for d in samples)
    assert all(d.hand(me) == s.hand(me) for d in samples)
    other = (me + 1) % 3
    assert all(d.hand_count(other) == s.hand_count(other) for d in samples)
    deals = {(tuple(d.hand(other)), tuple(d.to_json()["action_deck"])) for d in samples}
    assert len(deals) > 40
    seen = set(s.hand(me)) | set(s.action_discard())
    unseen = set(s.game.action_cards) - seen
    held = {c for d in samples for c in d.hand(other)}
    assert held <= unseen and len(held) > 20
    assert any(d.to_json() != s.to_json() for d in samples)


def test_the_sample_depends_on_the_observation_alone():
    """Two true states that look the same to the seat give the same samples."""
    s = _decision(("bees", "chili"), seed=3, want=lambda s, me: s.hand_count(1 - me) > 0)
    me = s.current_player
    twin = determinize(s, me, random.Random(7))
    assert twin.to_json() != s.to_json() and consistent(twin, s, me)
    for seed in range(5):
        assert determinize(s, me, random.Random(seed)).to_json() == determinize(
            twin, me, random.Random(seed)).to_json()


def test_a_reused_observation_is_read_again_when_it_changes():
    """The hook remembers the last observation to sample it fast; one changed in place is
    a new observation."""
    a = _decision(("chili",), seed=3)
    later = _points(("chili",), players=2, seed=3, every=150)[3]
    game = a.game
    me = 0
    obs = a.observation(me)
    assert consistent(game.determinize(obs, me, random.Random(0)), a, me)
    obs.clear()
    obs.update(later.observation(me))
    assert consistent(game.determinize(obs, me, random.Random(0)), later, me)


def test_an_observation_that_does_not_add_up_is_refused():
    s = _decision(("bees", "chili"))
    me = s.current_player
    game = s.game
    obs = s.observation(me)
    obs["seen"]["bag"].append(obs["seen"]["bag"][0])    # one ingredient too many
    with pytest.raises(tl.RuleError, match="exactly one place|ingredient"):
        game.determinize(obs, me, random.Random(0))
    obs = s.observation(me)
    obs["seen"]["hands"][1 - me].append("?")            # a card nobody can have
    with pytest.raises(tl.RuleError, match="hides .* places but .* components are unseen"):
        game.determinize(obs, me, random.Random(0))
    with pytest.raises(tl.RuleError, match="observation"):
        game.determinize(s.to_json(), me, random.Random(0))


def test_mcts_never_peeks():
    """Two true states that look the same to the seat get the same decision (short games:
    every playout runs to the end)."""
    s = _decision(("chili",), seed=3, end_after=2,
                  want=lambda s, me: s.hand_count(1 - me) > 0)
    me = s.current_player
    twin = determinize(s, me, random.Random(7))
    assert twin.to_json() != s.to_json() and consistent(twin, s, me)
    bot = MCTSBot(iterations=12)
    for seed in range(2):
        assert bot.choose(s.clone(), random.Random(seed), me) == bot.choose(
            twin.clone(), random.Random(seed), me)


@pytest.mark.parametrize("modules", [(), ("bees", "chili")])
def test_a_match_with_an_mcts_seat_plays(modules):
    game = tl.load_game("diner", players=2, modules=modules, end_after=2)
    m = tl.Match(game, seed=1, bots={0: "mcts(iterations=10)", 1: "random"})
    decided = 0
    while decided < 4 and not m.state.is_terminal():
        s = m.state
        mine = not s.is_chance_node() and s.current_player == 0 \
            and len(s.legal_actions(0)) > 1
        m.step()
        decided += mine
    assert decided == 4
    assert tl.Match.from_json(m.to_json()).state == m.state
