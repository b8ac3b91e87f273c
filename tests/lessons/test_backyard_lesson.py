"""The Backyard Builders lesson, run to the end for 20 deals (the issue's required test).

For every step of every seed (tests/support/tl_lesson_run.py, the run every lesson's test
shares): the spotlit targets are exactly the click paths of the moves
the step accepts, the step accepts only legal moves, and a random wrong move (or, where the
step accepts every legal move, a move the engine refuses) gets a hint and changes nothing.
"""

from __future__ import annotations

import pytest
from tl_lesson_run import check_plan, run_lesson

import treehouse_lab as tl

SEEDS = range(20)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lesson_runs_to_the_end_for_any_deal(seed):
    run_lesson("backyard", seed)


def test_two_thirds_wait_the_rulebook_is_cited_and_the_teaching_bot_plays():
    _, match = check_plan("backyard", "backyard-runs")
    assert match.game.options["achievements"] is True


def test_a_click_on_a_dimmed_card_gets_the_hint_and_changes_nothing():
    lesson = tl.Lesson("backyard", seed=4, show_delay=0)
    lesson.next()  # past the set-up
    board = lesson.board
    dimmed = sorted(board.targets() - set(board.view.spotlight))
    assert dimmed, "the first build spotlights the face-up cards, not the tabs"
    save, version = lesson.match.state.to_json(), board.view.version
    message = board.click(dimmed[0])
    assert "Hint" in message and message == lesson.hint_box.value.replace("&#x27;", "'")
    assert lesson.match.state.to_json() == save and board.view.version == version
    assert lesson.tutor.counter() == "2 of 9"
    board.click(board.view.spotlight[0])
    assert lesson.tutor.counter() == "3 of 9"


def test_the_odds_before_the_draw_count_only_what_the_learner_cannot_see():
    from treehouse_lab.games.backyard.counting import unseen_cards
    from treehouse_lab.games.backyard.rules import matches

    for seed in SEEDS:
        lesson = tl.Lesson("backyard", seed=seed, show_delay=0)
        while lesson.tutor.step.title != "Your chances before the draw":
            lesson.show_me()
        state, seat = lesson.match.state, lesson.tutor.seat
        assert state.is_chance_node() and state.holder == seat  # paused before the draw
        top = state.top_floor(seat)
        text = lesson.tutor.text()
        if top is None or top.colour is None:
            assert "whatever you draw will fit" in text
            continue
        unseen = unseen_cards(state, seat)
        good = sum(matches(top, state.game.card_set[c]) for c in unseen)
        assert f"{good} of the {len(unseen)} cards" in text
        said = lesson.show_me()
        drawn = sorted(set(lesson.match.state.hand_cards) - set(state.hand_cards))
        assert f"You drew {state.game.card_set[drawn[0]].text}" in said


def test_back_across_the_seen_draw_says_so_in_the_widget():
    lesson = tl.Lesson("backyard", seed=2, show_delay=0)
    while lesson.tutor.step.title != "Face up or face down":
        lesson.show_me()
    said = lesson.back()
    assert "chance event" in said and lesson.tutor.counter() == "5 of 9"
    assert said in lesson.followed.value
    assert lesson.match.state.is_chance_node()  # before the draw again


def test_a_board_click_ends_with_the_new_step_for_screen_readers():
    lesson = tl.Lesson("backyard", seed=6, show_delay=0)
    lesson.next()
    said = lesson.board.click(lesson.board.view.spotlight[0])
    assert said.endswith(lesson.step_sentence()) and "Step 3 of 9" in said
    assert lesson.board.view.announce == lesson.step_sentence()


def test_the_hand_asks_for_a_click_only_on_a_step_that_waits_for_one():
    """Defect: on a step to read (the welcome, read while the learner holds the hand) the
    board's hand said "Click a glowing card", though the step spotlights nothing and Next
    moves on. The board tells the drawing whether a move is offered now; the cards stay
    drawn and clickable (a click there gets the lesson's answer)."""
    read = asked = 0
    for seed in range(4):
        lesson = tl.Lesson("backyard", seed=seed, show_delay=0)
        while not lesson.done:
            state, seat, svg = lesson.match.state, lesson.tutor.seat, lesson.board.view.svg
            holding = state.stage == "play" and state.holder == seat
            if holding and not lesson.tutor.step.waits:
                read += 1
                assert "Click a glowing card" not in svg, (seed, lesson.tutor.counter())
                assert "data-card=" in svg and lesson.board.targets()
            elif holding and lesson.board.view.spotlight:
                asked += 1
                assert "Click a glowing card" in svg, (seed, lesson.tutor.counter())
            lesson.show_me()
    assert read and asked
