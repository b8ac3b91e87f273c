"""score_rows: the scoring step's rows, the learner as "You", the others by seat name, in
seat order, each worded by the game from its own ``scores()`` entry."""

from __future__ import annotations

import pytest

import treehouse_lab as tl
from treehouse_lab.lessons.scores import score_rows


@pytest.mark.parametrize("game, seat", [("backyard", 0), ("backyard", 2), ("diner", 1)])
def test_one_row_a_player_the_learner_named_you(game, seat):
    match = tl.Match(tl.load_game(game), seed=3)
    match.run()
    state = match.state
    seen = []

    def parts(p, sc):
        seen.append((p, sc))
        return f"{sc['total']} in all"

    rows = score_rows(state, seat, parts)
    scores = state.scores()
    assert seen == list(enumerate(scores))
    assert len(rows) == state.game.players >= 2
    for p, row in enumerate(rows):
        who = "You" if p == seat else f"Player {p + 1}"
        assert row == f"{who}: {scores[p]['total']} in all"
