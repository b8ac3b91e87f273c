"""A lesson's first step is short (issue "Learn to play": a step's text is "a few
sentences in student prose, saying what to do and why", for a 14-year-old): what to do
now first, and the details told at the step that needs them or left to the Rules panel.

Counted over a few deals, since a step's text follows the position (the odds, the hand).
"""

from __future__ import annotations

import pytest

import treehouse_lab as tl
from treehouse_lab.lessons import plan
from treehouse_lab.lessons.tutor import Tutor

#: The most words a lesson's first step may say (a welcome, the goal, what to press).
FIRST_STEP_WORDS = 45
SEEDS = range(4)


@pytest.mark.parametrize("lesson_id", tl.lessons())
def test_a_lessons_first_step_is_short(lesson_id):
    long = []
    for seed in SEEDS:
        t = Tutor(plan(lesson_id), seed)
        words = len(t.text().split())
        if words > FIRST_STEP_WORDS:
            long.append(f"{lesson_id}, seed {seed}, step 1 ({t.step.title}): {words} words")
    assert not long, f"over {FIRST_STEP_WORDS} words: {long}"


#: The most words any step may say: a few sentences (what to do now, and why).
STEP_WORDS = 60
#: The lessons held to STEP_WORDS at every step (each joins when its texts are cut).
EVERY_STEP_SHORT: tuple[str, ...] = ("treehouse", "backyard", "diner", "diner-bees", "diner-secret",
                                      "magical")


def _long_steps(lesson_id: str, seed: int) -> list[str]:
    """Every step's text over STEP_WORDS on the learner's way through the lesson (Show me
    at each step, so each text is read in the position the learner sees it)."""
    lesson = tl.Lesson(lesson_id, seed=seed, show_delay=0)
    long = []
    while not lesson.done:
        t = lesson.tutor
        words = len(t.text().split())
        if words > STEP_WORDS:
            long.append(f"{lesson_id}, seed {seed}, step {t.number} ({t.step.title}): "
                        f"{words} words")
        lesson.show_me()
    return long


@pytest.mark.parametrize("lesson_id", EVERY_STEP_SHORT)
def test_every_step_is_a_few_sentences(lesson_id):
    long = [line for seed in SEEDS for line in _long_steps(lesson_id, seed)]
    assert not long, f"over {STEP_WORDS} words: {long}"

