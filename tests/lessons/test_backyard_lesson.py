"""The Backyard Builders lesson, run to the end for 20 deals (the issue's required test).

For every step of every seed: the spotlit targets are exactly the click paths of the moves
the step accepts, the step accepts only legal moves, and a random wrong move (or, where the
step accepts every legal move, a move the engine refuses) gets a hint and changes nothing.
"""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.games.backyard.actions import Play
from treehouse_lab.lessons import plan

SEEDS = range(20)


def _wrong_move(lesson, rng: random.Random):
    """A random legal move the step does not accept; else a card not in the hand."""
    state = lesson.match.state
    seat = lesson.tutor.seat
    accepted = set(lesson.tutor.accepted())
    legal = state.legal_actions(seat) if seat in state.actors() else []
    others = [a for a in legal if a not in accepted]
    if others:
        return rng.choice(others)
    outside = sorted(c for c in state.game.card_set if c not in state.hand_cards)
    return Play(rng.choice(outside), False)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lesson_runs_to_the_end_for_any_deal(seed):
    lesson = tl.Lesson("backyard", seed=seed, show_delay=0)
    rng = random.Random(seed)
    total = len(lesson.plan.steps)
    seen = 0
    while not lesson.done:
        seen += 1
        t = lesson.tutor
        assert t.counter() == f"{seen} of {total}"
        assert f">{seen} of {total}<" in lesson.heading.value
        assert t.text()
        state = lesson.match.state
        accepted = t.accepted()
        spot = lesson.board.view.spotlight
        if t.step.waits:
            assert accepted, f"seed {seed}: step {seen} accepts nothing"
            legal = set(state.legal_actions(t.seat))
            assert set(accepted) <= legal
            paths = lesson.match.game.click_paths(state, t.seat)
            # Backyard picks a move with one click: the spotlight is the accepted paths.
            assert {(target,) for target in spot} == {paths[a] for a in accepted}
            assert lesson.next_button.disabled  # a waiting step is passed by a move
        else:
            assert accepted == [] and spot in (None, [])
        save, position, index = state.to_json(), lesson.match.position, t.index
        if t.step.waits:
            wrong = _wrong_move(lesson, rng)
        elif t.seat in state.actors():
            wrong = state.legal_actions(t.seat)[0]  # a move, but this step is to read
        else:
            wrong = Play(sorted(state.game.card_set)[0], False)
        hint = lesson.attempt(wrong)
        assert ("Hint: " in hint) if t.step.waits else hint.startswith("Nothing was played")
        assert lesson.match.state.to_json() == save
        assert lesson.match.position == position and t.index == index
        assert lesson.hint_box.layout.display == "block" and lesson.hint_box.value
        lesson.show_me()
        assert lesson.hint_box.layout.display == "none"
    assert seen == total
    assert lesson.match.state.is_terminal()
    assert lesson.done_box.layout.display == "block"
    assert lesson.full_button.layout.display != "none"


def test_two_thirds_of_the_steps_wait_for_a_move():
    steps = plan("backyard").steps
    assert 3 * sum(s.waits for s in steps) >= 2 * len(steps)


def test_the_lesson_cites_the_rulebook_by_title_and_section():
    for step in plan("backyard").steps:
        assert step.rule.startswith("Backyard Builders Treehouse rulebook, '")
        assert "shared" not in step.rule and "/" not in step.rule


def test_the_opponents_are_the_games_teaching_bot():
    lesson = plan("backyard")
    match = tl.Lesson("backyard", seed=1, show_delay=0).match
    assert {match.seat(p) for p in range(match.game.players) if p != lesson.seat} == \
        {"backyard-runs"}
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
