"""The Treehouse (pyramids) lesson, run to the end for 20 deals (the issue's required test).

For every step of every seed (tests/support/tl_lesson_run.py, the run every lesson's test
shares): the spotlit targets are exactly the first clicks of the moves
the step accepts, the step accepts only legal moves, and a wrong move (a legal one the step
does not want, else a move the engine refuses) gets a hint and changes nothing. The odds
sentences are checked against a count made here from the arrangement model's results
(``results``) and the rulebook's turn rule, not from the lesson's own code.
"""

from __future__ import annotations

import re

import pytest
from tl_lesson_run import check_plan, run_lesson
from tl_lesson_seed import dimmed_step, dimming_seed

import treehouse_lab as tl
from treehouse_lab.games.pyramids import results
from treehouse_lab.games.pyramids.actions import Pass, Play
from treehouse_lab.games.pyramids.arrangement import FACES
from treehouse_lab.lessons import plan
from treehouse_lab.lessons.tutor import Tutor

SEEDS = range(20)
LESSON = "treehouse"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lesson_runs_to_the_end_for_any_deal(seed):
    run_lesson(LESSON, seed)


def test_two_thirds_of_the_steps_wait_and_each_cites_a_rulebook_section():
    p, _ = check_plan(LESSON, "pyramids-solo")
    for step in p.steps:
        # rule_id: the slug of the first section the step cites (the brief's convention)
        section = re.search(r"'([^']+)'", step.rule).group(1)
        slug = re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-")
        if callable(step.rule_id):  # a roll step opens the face rolled; it teaches its own
            assert f"pyramids/{slug}" in step.teaches
        else:
            assert step.rule_id == f"pyramids/{slug}"


def test_two_players_against_the_teaching_bot():
    lesson = plan(LESSON)
    match = Tutor(lesson, 1).match
    assert match.game.players == 2
    assert match.seat(1 - lesson.seat) == "pyramids-solo"


def _usable(trio, house, face):
    """The rulebook's turn rule, counted here: (trio results, House results) allowed."""
    mine, theirs = set(results(trio, face)), set(results(house, face))
    if face == "wild":
        mine = set().union(*(results(trio, f) for f in FACES if f != "wild"))
        theirs = set().union(*(results(house, f) for f in FACES if f != "wild"))
        return mine, theirs
    if mine:
        return mine, set()
    return set(), (theirs if face != "swap" else set())


def test_the_first_roll_odds_count_the_faces():
    t = Tutor(plan(LESSON), 0)
    s = t.state
    assert s.is_chance_node() and s.to_move == t.seat  # paused before the first roll
    trio, house = str(s.trio(t.seat)), str(s.house)
    on_trio = sum(bool(_usable(trio, house, f)[0]) for f in FACES)
    vain = sum(not any(_usable(trio, house, f)) for f in FACES)
    text = t.text()
    assert f"{on_trio} of the 6 faces can change your trio: {on_trio}/6" in text
    assert f"{vain} of the 6 faces can change nothing: {vain}/6" in text


def test_the_odds_to_match_count_the_faces_that_offer_a_match():
    for seed in SEEDS:
        t = Tutor(plan(LESSON), seed)
        while t.step.title != "Your chances to match":
            t.show_me()
        s, seat = t.state, t.seat
        assert s.is_chance_node() and s.to_move == seat
        trio, house = str(s.trio(seat)), str(s.house)
        good = [f for f in FACES
                if trio_match(trio, house, f)]
        assert f"{len(good)} of the 6 faces of the die can let you match it now" in t.text()
        said = t.show_me()
        rolled = t.state.rolled
        if rolled is not None:  # not a vain roll
            assert ("It lets you match" in said) == (rolled in good)


def trio_match(trio: str, house: str, face: str) -> bool:
    mine, theirs = _usable(trio, house, face)
    return any(str(r) == house for r in mine) or any(str(r) == trio for r in theirs)


def test_the_steps_branch_on_the_roll():
    """A roll offering a match spotlights only the winning moves; a roll the trio cannot
    use offers the House or a pass and says why; the text names the face rolled."""
    found = {"win": 0, "house": 0}
    for seed in SEEDS:
        t = Tutor(plan(LESSON), seed)
        while not t.done:
            s = t.state
            if t.step.waits:
                text = t.text()
                assert f"You rolled {s.rolled.capitalize()}." in text
                wins = [a for a in s.legal_actions(t.seat)
                        if isinstance(a, Play) and s.child(a, by=t.seat).winners() == [t.seat]]
                if wins:
                    found["win"] += 1
                    assert set(t.accepted()) == set(wins) and "match the House exactly" in text
                elif s.turn_options().where == "house":
                    found["house"] += 1
                    assert Pass() in t.accepted() and "Your trio cannot use it" in text
                    assert all(a.side == "house" for a in t.accepted() if isinstance(a, Play))
            t.show_me()
    assert found["win"] and found["house"], found


def test_a_new_game_begins_when_one_ends_and_back_stops_there():
    for seed in SEEDS:
        t = Tutor(plan(LESSON), seed)
        while t.games == 1 and not t.done:
            t.show_me()
        if t.games > 1:
            break
    else:
        pytest.fail("no seed played a second game")
    assert any("Game 2 begins" in line for line in t.followed)
    s = t.state
    assert all(str(a) == "LMS" for a in s.trios) and str(s.house) == "LMS"
    assert t.match.seed != seed
    assert "Back cannot return" in t.back()
    t.restart()
    assert t.games == 1 and t.match.seed == seed and t.number == 1


def test_match_restart_takes_a_new_seed_and_checks_it():
    match = tl.Match(tl.load_game("pyramids"), seed=5)
    match.run()
    match.restart(seed=9)
    assert match.seed == 9 and match.position == 0
    with pytest.raises(tl.RuleError, match="seed"):
        match.restart(seed="x")


def test_the_app_seed_dims_a_target_at_a_winning_roll():
    """The deal the browser tests play the app on (tests/support/tl_lesson_seed.py): the
    page's learner, walked here in Python, meets a step that spotlights only the winning
    moves and dims another clickable target, which the browser tests then click wrongly.
    Seed 0's deal never does (every step accepts every legal move there)."""
    assert dimmed_step(LESSON, 0) is None
    seed = dimming_seed(LESSON)
    counter = dimmed_step(LESSON, seed)
    assert counter is not None
    lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
    b = lesson.board
    while lesson.tutor.counter() != counter or not b.view.spotlight:
        spot = b.view.spotlight
        if not spot:
            lesson.next()
            continue
        drawn = re.findall(r'data-target="([^"]+)"', b.view.svg)
        b.click(next(t for t in drawn if t in spot and t not in b.selection))
    s, seat = lesson.tutor.state, lesson.tutor.seat
    accepted = set(lesson.tutor.accepted())
    assert accepted < set(s.legal_actions(seat))
    assert all(s.child(a, by=seat).winners() == [seat] for a in accepted)
    assert set(b.targets()) - set(b.view.spotlight)


def test_a_roll_steps_rules_panel_opens_at_the_face_rolled():
    """A step that says "use your roll" opens the Rules panel at the section of the face
    rolled (Tip -> the rulebook's 'Tip'); a Wild, which has no section of its own, at Turn
    Options, which lists it. Counted here from the die, over 5 deals."""
    seen = set()
    for seed in range(5):
        lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
        while not lesson.done:
            s = lesson.match.state
            if lesson.tutor.step.waits:
                face = s.rolled
                want = "pyramids/turn-options" if face == "wild" else f"pyramids/{face}"
                assert lesson.rules.opened == want, (seed, lesson.tutor.counter(), face)
                assert lesson.show_rule().startswith(
                    lesson.rules.index[want].label), (seed, face)
                seen.add(face)
            lesson.show_me()
    assert len(seen) >= 3, seen
