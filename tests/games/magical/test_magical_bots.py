"""``magical-builder`` plays the game the way its docstring says: it fills its drawer,
builds, and scores far more than the random bot; and it replays exactly from a seed."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.games.magical.bots import STACK_BONUS, BuilderBot, plan_value
from treehouse_lab.games.magical.moves import DropOut, Place


def _totals(game, bot: str, seeds: range) -> list[int]:
    out = []
    for seed in seeds:
        m = tl.Match(game, seed=seed, bots={p: bot for p in range(game.players)})
        m.run()
        assert m.state.is_terminal()
        out.extend(row["total"] for row in m.state.scores())
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_builder_outscores_the_random_bot(players):
    game = tl.load_game("magical", players=players)
    builder = _totals(game, "magical-builder", range(3))
    rand = _totals(game, "random", range(3))
    assert sum(builder) > 2 * sum(rand), (builder, rand)


def test_builder_drops_out_only_with_a_full_drawer_or_nothing_to_take():
    game = tl.load_game("magical", players=3)
    m = tl.Match(game, seed=4, bots={p: "magical-builder" for p in range(3)})
    checked = 0
    while not m.state.is_terminal():
        s = m.state
        if s.stage == "planning" and not s.is_chance_node():
            for p in s.actors():
                a = BuilderBot().choose(s.clone(), random.Random(0), p)
                if isinstance(a, DropOut):
                    checked += 1
                    others = [x for x in s.legal_actions(p) if not isinstance(x, DropOut)]
                    full = len(s.drawer(p)) >= 5
                    assert full or not [x for x in others if type(x).__name__ in
                                        ("Take", "DrawFour", "Place")], (p, others)
        m.step()
    assert checked


def test_plan_value_rewards_continuing_a_building():
    game = tl.load_game("magical", players=3)
    s = game.keita_example()
    cards = game.cards
    village = s.village(0)
    top = next(b for b in village if not b["down"] and b["level"] < 5)
    follow = next(c for c in cards.values() if c.kind == "building"
                  and c.colour == top["colour"] and c.level == top["level"] + 1)
    assert plan_value(s, 0, follow.id) == follow.vp + STACK_BONUS


def test_same_seed_same_game_and_other_games_refused():
    game = tl.load_game("magical", players=3)
    saves = []
    for _ in range(2):
        m = tl.Match(game, seed=9, bots={p: "magical-builder" for p in range(3)})
        m.run()
        saves.append(m.to_json())
    assert saves[0] == saves[1]
    again = tl.Match.from_json(saves[0])
    assert again.state.to_json() == m.state.to_json()
    other = tl.load_game("backyard", players=2).new_initial_state()
    with pytest.raises(tl.RuleError, match="magical"):
        BuilderBot().choose(other, random.Random(0), 0)


def test_builder_places_cards_in_the_drawer():
    game = tl.load_game("magical", players=4)
    m = tl.Match(game, seed=2, bots={p: "magical-builder" for p in range(4)})
    m.run()
    places = [e for e in m.log if isinstance(getattr(e, "action", None), Place)]
    assert len(places) >= 4 * 4 * 3, len(places)


def test_builders_wait_for_a_human_who_still_holds_cards():
    """At a board, the bots keep a card, pass the rest on and then wait for the human's
    cards instead of drawing and dropping out while the human reads their hand."""
    game = tl.load_game("magical", players=3)
    m = tl.Match(game, seed=14, bots={1: "magical-builder", 2: "magical-builder"})
    m.run()
    s = m.state
    assert s.stage == "planning" and s.actors() == [0]
    assert s.hand_size(0) == 8
    for bot in (1, 2):
        assert s.waiting()[bot] and not s.dropped_out()[bot]
        assert 1 <= len(s.drawer(bot)) < 5 and s.hand_size(bot) == 0


@pytest.mark.parametrize("players", [3, 4])
def test_builder_games_end_and_pipes_move_only_for_points(players):
    """A pipe move that gains nothing could be undone and made again for ever (blue level
    4 lets its owner move pipes whenever they like): the builder never makes one, so its
    games end."""
    game = tl.load_game("magical", players=players)
    for seed in range(8):
        m = tl.Match(game, seed=seed, bots={p: "magical-builder" for p in range(players)})
        for _ in range(20_000):
            if m.state.is_terminal():
                break
            before = m.state.clone()
            m.step()
            last = m.moves[-1]
            if type(last[1]).__name__ == "MovePipe":
                seat = last[0]
                assert m.state.scores()[seat]["total"] > before.scores()[seat]["total"]
        assert m.state.is_terminal(), f"seed {seed}: no end after 20,000 steps"
