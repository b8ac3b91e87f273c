"""What makes ``mcts`` fit a board (issue 19): playouts cut at a depth and scored by an
evaluation, a bounded number of deals of the hidden cards, progressive widening, and the
games' own settings; each can be switched off, and the search stays reproducible."""

from __future__ import annotations

import math
import random

import pytest

import treehouse_lab as tl
from treehouse_lab.search import mcts as mcts_module
from treehouse_lab.search.mcts import MCTSBot, evaluation


def _position(game_name, players=2, seed=3, steps=12, **options):
    game = tl.load_game(game_name, players=players, **options)
    m = tl.Match(game, seed=seed, bots={p: "random" for p in range(players)})
    m.run(steps)
    while m.state.is_chance_node() or len(m.state.legal_actions(m.state.actors()[0])) < 2:
        m.step()
    return m.state.clone()


def test_the_evaluation_turns_points_into_win_shares():
    s = _position("backyard", players=3)
    totals = [row["total"] for row in s.scores()]
    shares = evaluation(s, scale=4.0)
    assert sum(shares) == pytest.approx(1)
    weights = [math.exp(t / 4.0) for t in totals]
    assert shares == pytest.approx([w / sum(weights) for w in weights])
    two = _position("backyard", players=2)
    a, b = (row["total"] for row in two.scores())
    assert evaluation(two, 4.0)[0] == pytest.approx(1 / (1 + math.exp(-(a - b) / 4.0)))
    assert evaluation(two, 4.0, points=lambda st: [3, 3]) == [0.5, 0.5]
    # a game without points cannot be evaluated: its playouts go on to the end
    assert evaluation(_position("pyramids", steps=2)) is None


def test_a_depth_cuts_the_playouts_and_none_plays_them_out(monkeypatch):
    calls = []
    real = mcts_module.evaluation
    monkeypatch.setattr(mcts_module, "evaluation",
                        lambda *a, **k: calls.append(1) or real(*a, **k))
    s = _position("backyard")
    me = s.actors()[0]
    MCTSBot(iterations=30, depth=2).choose(s.clone(), random.Random(1), me)
    assert len(calls) == 30        # every playout stopped (a Backyard game is longer)
    calls.clear()
    MCTSBot(iterations=30, depth=None).choose(s.clone(), random.Random(1), me)
    assert calls == []
    # Backyard names no depth: "auto" plays to the end, as before issue 19
    MCTSBot(iterations=30).choose(s.clone(), random.Random(1), me)
    assert calls == []


def test_a_bounded_number_of_deals_is_sampled(monkeypatch):
    s = _position("backyard")
    me = s.actors()[0]
    game = s.game
    dealt = []
    real = type(game).determinize

    def counting(self, *args, **kwargs):
        dealt.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(type(game), "determinize", counting)
    MCTSBot(iterations=60, deals=4).choose(s.clone(), random.Random(2), me)
    assert len(dealt) == 4
    dealt.clear()
    MCTSBot(iterations=60).choose(s.clone(), random.Random(2), me)
    assert len(dealt) == 60       # Backyard names no deals: a fresh one each iteration


def _depth(node):
    return 1 + max((_depth(c) for c in node.children.values()), default=0)


def test_widening_bounds_the_children_of_a_node_and_deepens_the_tree():
    s = _position("pyramids", players=3, steps=4)
    me = s.actors()[0]
    legal = s.legal_actions(me)

    def search(widen):
        # Random playouts, as this test was written with: Treehouse's own (pyramids-solo)
        # end the game within a few moves, so neither tree could grow deeper than the game.
        bot = MCTSBot(iterations=300, expand_after=0, widen=widen, rollout="random")
        root = bot._search(s.clone(), me, legal, random.Random(4))
        busiest = max(root.children.values(), key=lambda n: n.n)
        return busiest, _depth(root)

    # A child beyond ceil(n ** widen) grows only where no grown child is legal (the dice
    # differ from visit to visit), so the bound is checked where the search looked most.
    (wide, wide_depth), (flat, flat_depth) = search(0.5), search(None)
    assert len(wide.children) <= math.ceil(wide.n ** 0.5)
    assert len(flat.children) > math.ceil(flat.n ** 0.5)
    assert wide_depth > flat_depth


def test_the_diner_and_magical_name_their_settings_and_the_name_round_trips():
    diner = _position("diner")
    bot = MCTSBot(iterations=20)
    assert bot._setting(diner, "depth") == 40 and bot._setting(diner, "deals") == 30
    assert MCTSBot(depth=None)._setting(diner, "depth") is None
    from treehouse_lab.bots import make_bot

    named = make_bot("mcts(depth=10, widen=0.7, deals=3)")
    assert named.name == "mcts(depth=10, widen=0.7, deals=3)"
    assert make_bot(named.name).name == named.name
    me = diner.actors()[0]
    a = bot.choose(diner.clone(), random.Random(5), me)
    assert a == MCTSBot(iterations=20).choose(diner.clone(), random.Random(5), me)
    assert diner.is_legal(a)


def test_magicals_playout_policy_weighs_only_building_and_never_moves_a_pipe():
    from treehouse_lab.games.magical.bots import BuilderBot, playout_bot
    from treehouse_lab.games.magical.moves import Build, MovePipe
    from treehouse_lab.games.magical.rules import stack_top_vp

    game = tl.load_game("magical", players=3)
    fast, full = playout_bot(), BuilderBot()
    m = tl.Match(game, seed=2, bots={p: "magical-builder" for p in range(3)})
    builds = 0
    while not m.state.is_terminal():
        s = m.state
        if not s.is_chance_node() and s.stage == "building":
            me = s.actors()[0]
            choice = fast.choose(s.clone(), random.Random(0), me)
            assert s.is_legal(choice, by=me) and not isinstance(choice, MovePipe)
            if isinstance(choice, Build):
                builds += 1

                def top_vp(a, s=s, me=me):
                    return sum(stack_top_vp(b, s.game.cards)
                               for b in s.child(a, by=me).villages[me])

                # it builds the card that raises its top cards' VP most
                options = [a for a in s.legal_actions(me) if isinstance(a, Build)]
                assert top_vp(choice) == max(map(top_vp, options))
        m.step()
    assert builds > 3 and full.playout is False
