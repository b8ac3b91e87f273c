"""A lesson that replays a rulebook example begins at a fixed position, not a seeded deal
(``LessonPlan(start=...)``, docs/dev/lessons.md): on the toy race, a position no seed
deals; Restart and Back return to it, and the match's save holds it."""

from __future__ import annotations

import json

import pytest
import tl_toygame as toy

import treehouse_lab as tl
from treehouse_lab.lessons import Do, LessonPlan, Read, kind
from treehouse_lab.lessons.tutor import Tutor

GAME = toy.ToyGame(target=30)


def far_ahead(game):
    """The first racer on square 20, the second on 3: no deal starts there."""
    m = tl.Match(game, seed=5)
    while not m.waiting_for_human():
        m.step()
    d = m.state.to_json()
    d["positions"] = [20, 3] + [0] * (game.players - 2)
    return game.state_from_json(d)


STEPS = (
    Read("The race so far", "You lead: square 20."),
    Do("Roll", "Roll the die.", kind(toy.Roll, "roll the die"), hint="Click roll."),
    Do("Again", "Roll again.", kind(toy.Roll, "roll the die"), hint="Click roll."),
)


def plan(**kw) -> LessonPlan:
    return LessonPlan(id="toy-start", title="Toy race, far ahead", game="toyrace",
                      steps=STEPS, bot="random", start=far_ahead, **kw)


def test_the_lesson_begins_at_the_plans_start_whatever_the_seed():
    for seed in (0, 7):
        t = Tutor(plan(), seed, game=GAME)
        assert t.match.position == 0
        assert t.state.to_json() == far_ahead(GAME).to_json()
        assert list(t.state.positions[:2]) == [20, 3]


def test_restart_and_back_return_to_the_start_not_to_the_deal():
    t = Tutor(plan(), 2, game=GAME)
    start = t.state.to_json()
    t.next()
    t.show_me()
    assert t.state.to_json() != start
    assert t.restart() == "Restarted: the same deal from the start."
    assert t.state.to_json() == start and t.number == 1
    t.next()
    t.back()
    assert t.state.to_json() == start


def test_the_start_is_in_the_matchs_save(toy_registered):
    t = Tutor(plan(), 2, game=toy.ToyGame(players=2, target=30))
    t.next()
    t.show_me()
    back = tl.Match.from_json(json.loads(json.dumps(t.match.to_json())))
    assert back.state == t.state
    back.goto(0)
    assert list(back.state.positions) == [20, 3]


def test_a_start_that_gives_no_state_of_the_game_is_refused():
    bad = LessonPlan(id="toy-bad", title="x", game="toyrace", steps=STEPS, bot="random",
                     start=lambda game: {"positions": [20, 3]})
    with pytest.raises(tl.RuleError, match="start"):
        Tutor(bad, 0, game=GAME)
    with pytest.raises(tl.RuleError, match="start"):
        LessonPlan(id="toy-bad", title="x", game="toyrace", steps=STEPS, bot="random",
                   start="far_ahead")
