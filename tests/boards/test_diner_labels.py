"""The Diner kitchen's header as a student reads it (issue 18, item 3): the score says how
many orders were delivered and what they scored, and the active seat's own board says
"your turn"."""

from __future__ import annotations

import re

import pytest

import treehouse_lab as tl


@pytest.mark.parametrize("modules", [(), ("bees",)])
def test_the_score_names_the_orders_delivered_and_their_points(modules):
    game = tl.load_game("diner", players=3, modules=modules)
    m = tl.Match(game, seed=2, bots={p: "random" for p in range(3)})
    for _ in range(600):
        m.step()
    s = m.state
    labels = re.findall(r'class="tl-score"[^>]*>([^<]*)<', s.render_svg(viewer=0))
    assert len(labels) == 3
    for p, label in enumerate(labels):
        score, n = s.scores()[p], len(s.delivered(p))
        assert any(s.delivered(q) for q in range(3))  # the check below reads something
        made = f"{n} order{'s' * (n != 1)} ({score['orders']})"
        assert label.startswith(f"{score['total']} ")
        assert f": {made}, mood {score['mood']:+d}" in label, label


def test_the_active_seat_reads_your_turn_and_the_others_their_turn():
    game = tl.load_game("diner", players=2)
    m = tl.Match(game, seed=1, bots={0: "random", 1: "random"})
    while m.state.active is None:
        m.step()
    active = m.state.active
    mine = m.state.render_svg(viewer=active)
    theirs = m.state.render_svg(viewer=1 - active)
    name = game.player_name(active)
    assert f">{name} (you) · your turn<" in mine and "their turn" not in mine
    assert f">{name} · their turn<" in theirs and "your turn" not in theirs
