"""``tl.Lesson.on(match, *steps)``: a tutorial's "try it" as lesson steps on a match under way.

The segment begins where the match stands (not at the deal), waits for the reader's move
with the spotlight on exactly its click targets, refuses a wrong click with a hint and
nothing changed, lets the match's own bots go on after it, and restarts where it began. A
whole lesson's checks (tests/support/tl_lesson_run.py ``walk``) hold for it too.
"""

from __future__ import annotations

import random

import pytest
from tl_lesson_run import walk

import treehouse_lab as tl
from treehouse_lab.boards.lesson import DONE, SEGMENT_DONE
from treehouse_lab.games.pyramids import Roll
from treehouse_lab.games.pyramids.actions import Play
from treehouse_lab.lessons import Do, LessonPlan, Read, exactly, kind

PYRAMIDS = tl.load_game("pyramids")


def _rolled_tip() -> tl.Match:
    """Treehouse, seed 1, both seats human, Player 1 has rolled Tip (the tutorial's match)."""
    match = tl.Match(PYRAMIDS, seed=1)
    match.play(Roll("tip"))
    return match


def _tip_step() -> Do:
    return Do("Tip your Tree", "You rolled Tip: tip your Tree.", kind(Play, "tip your Tree"),
              hint="Click your Tree, then an arrow.")


def test_it_begins_where_the_match_stands_and_spotlights_only_its_move():
    match = _rolled_tip()
    start = match.position
    wanted = match.state.find_action("Tip the Tree to the right", 0)
    lesson = tl.Lesson.on(match, Do("Tip your Tree", "Tip your Tree to the right.",
                                    exactly(wanted, "tip the Tree to the right"),
                                    hint="Click your Tree, then the right arrow."),
                          show_delay=0)
    assert lesson.match is match and match.position == start  # nothing was played
    assert lesson.tutor.seat == 0 and lesson.tutor.accepted() == [wanted]
    paths = PYRAMIDS.click_paths(match.state, 0)
    assert lesson.board.view.spotlight == [paths[wanted][0]]
    assert "1 of 1" in lesson.heading.value
    # A wrong move: refused with the step's request and hint, nothing changed.
    other = next(a for a in match.state.legal_actions(0) if a != wanted)
    save = match.state.to_json()
    said = lesson.attempt(other)
    assert "this step asks you to tip the Tree to the right" in said and "Hint: " in said
    assert match.state.to_json() == save and match.position == start
    # Show me plays it; the roll that follows is told; the segment is done, and says so.
    said = lesson.show_me()
    assert match.history[start] == wanted and "Player 2 rolls" in said
    assert lesson.done and lesson.done_box.layout.display == "block"
    assert SEGMENT_DONE in lesson.done_box.value and DONE not in lesson.done_box.value
    assert lesson.full_button.layout.display == "none"   # a tutorial goes on, not a game
    # Restart: back where the segment began, not to the deal.
    assert lesson.restart() == "Restarted: back where this began."
    assert match.position == start and not lesson.done
    assert lesson.tutor.accepted() == [wanted]


def test_the_match_bots_play_on_after_the_readers_move():
    match = tl.Match(PYRAMIDS, seed=1, bots={1: "pyramids-solo"})
    match.play(Roll("tip"))
    lesson = tl.Lesson.on(match, Do("Use your roll", "Tip a piece.", kind(Play, "tip a piece"),
                                    hint="Click a piece."), show_delay=0)
    lesson.show_me()
    # Player 2's roll and move followed by themselves, and were told.
    assert any(e.player == 1 for e in match.log[2:])
    assert len(lesson.tutor.followed) >= 3
    assert 0 in match.state.actors() or match.state.is_chance_node() or \
        match.state.is_terminal()


def test_every_whole_lesson_check_holds_for_a_segment_of_several_steps():
    match = tl.Match(PYRAMIDS, seed=1, bots={1: "pyramids-solo"})
    match.play(Roll("tip"))
    lesson = tl.Lesson.on(
        match,
        Do("Use your roll", "Tip your Tree, either way.", kind(Play, "tip your Tree"),
           hint="Click your Tree."),
        Read("Player 2's turn", "The bot rolled and played: press Next."),
        Do("Your next roll", "Use it on your trio if you can.", kind(Play, "use your roll"),
           hint="Click a piece."),
        title="Tip", show_delay=0)
    numbers = walk(lesson, random.Random(0))
    assert numbers == [1, 2, 3] and lesson.done


def test_with_another_person_to_move_the_segment_waits_and_moves_nobody():
    match = _rolled_tip()
    lesson = tl.Lesson.on(match, _tip_step(), show_delay=0)
    lesson.show_me()
    # Player 2's roll is chance and follows; Player 2's move is a person's: nobody makes it.
    assert match.state.actors() == [1] and match.humans_to_act() == [1]
    assert [e.player for e in match.log] == [-1, 0, -1]


def test_a_plan_of_ones_own_is_taken_as_it_is():
    mine = LessonPlan(id="my-tip", title="My Tip", game="pyramids", bot="pyramids-solo",
                      steps=(Do("Roll and tip", "Use your roll.",
                                kind(Play, "use the roll"), hint="Click a piece."),))
    lesson = tl.Lesson(mine, seed=4, show_delay=0)
    assert lesson.plan is mine and lesson.seed == 4
    assert lesson.match.seat(1) == "pyramids-solo"


@pytest.mark.parametrize("bad, words", [
    ("a match", "match must be a tl.Match"),
    (None, "match must be a tl.Match"),
])
def test_not_a_match_is_refused(bad, words):
    with pytest.raises(tl.RuleError, match=words):
        tl.Lesson.on(bad, _tip_step())


def test_a_learner_seat_played_by_a_bot_is_refused_with_nothing_played():
    match = tl.Match(PYRAMIDS, seed=1, bots={0: "pyramids-solo"})
    with pytest.raises(tl.RuleError, match="played by the bot 'pyramids-solo'"):
        tl.Lesson.on(match, _tip_step(), seat=0)
    assert match.position == 0
    every = tl.Match(PYRAMIDS, seed=1, bots={0: "random", 1: "random"})
    with pytest.raises(tl.RuleError, match="every seat of this match is a bot"):
        tl.Lesson.on(every, _tip_step())


def test_a_step_with_nothing_to_accept_here_is_named():
    match = _rolled_tip()
    with pytest.raises(tl.RuleError, match="no legal move passes its condition"):
        tl.Lesson.on(match, Do("Hop", "Hop a piece.", kind(Play, "hop a piece", action="hop"),
                               hint="Click a piece."))
