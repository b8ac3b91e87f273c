"""The Treehouse Diner lesson, run to the end for 20 deals (the issue's required test).

For every step of every seed (tests/support/tl_lesson_run.py, the run every lesson's test
shares): the spotlit targets are exactly the first clicks of the moves
the step accepts, the step accepts only legal moves, and a random wrong move gets a hint
and changes nothing. Plus the odds before the first draw against a count of the
ingredients outside the bag (the rulebook's Components minus what is on the table).
"""

from __future__ import annotations

import pytest
from tl_lesson_run import check_plan, run_lesson

import treehouse_lab as tl
from treehouse_lab.games.diner.lessons import rule_id
from treehouse_lab.lessons import plan

SEEDS = range(20)
#: Components: "20 Dandelions, 18 Acorns, 16 Blueberries, 14 Radishes, 12 Mushrooms,
#: 10 Daisies" (the basic game's bag)
COMPONENTS = {"dandelion": 20, "acorn": 18, "blueberry": 16, "radish": 14, "mushroom": 12,
              "daisy": 10}


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lesson_runs_to_the_end_for_any_deal(seed):
    run_lesson("diner", seed)


def test_two_thirds_of_the_steps_wait_and_the_bot_teaches():
    _, match = check_plan("diner", "diner-cook")
    assert match.seat(1) == "diner-cook" and match.game.options["modules"] == ()


def test_the_lesson_cites_the_rulebook_by_title_and_section():
    toc = open_toc()
    for step in plan("diner").steps:  # the title and no path: check_plan
        section = step.rule.split("'")[1]
        assert section in toc and step.rule_id == rule_id(section)


def open_toc() -> set[str]:
    """The rulebook's section titles the lesson may cite (its table of contents)."""
    return {"Setup - Basic Game", "A) Go to the Pantry to Fetch Ingredients",
            "Pushing Orders Off the Starting Lane", "B) Go to the Phone to Accept New Orders",
            "2. Assign Ingredients to Orders and Deliver Completed Orders",
            "Ingredient Jokers", "Delivering Orders", "End of the Game"}


def test_rule_ids_follow_the_convention():
    assert rule_id("A) Go to the Pantry to Fetch Ingredients") == \
        "diner/a-go-to-the-pantry-to-fetch-ingredients"
    assert rule_id("Setup - Basic Game") == "diner/setup-basic-game"


@pytest.mark.parametrize("seed", range(8))
def test_the_odds_before_the_first_draw_are_a_count_of_what_is_outside_the_bag(seed):
    lesson = tl.Lesson("diner", seed=seed, show_delay=0)
    state = lesson.match.state
    assert state.is_chance_node() and state.turn == 0 and state.stage == "draw"  # before a draw
    outside = {k: 0 for k in COMPONENTS}
    for place, counts in state.ingredient_census().items():
        if not place.startswith("bag"):
            for k, n in counts.items():
                outside[k] += n
    left = {k: COMPONENTS[k] - outside[k] for k in COMPONENTS}
    n = sum(left.values())
    text = lesson.tutor.text()
    assert f"The bag holds {n} ingredients" in text
    assert f"Daisies {left['daisy']}/{n}" in text
    assert f"Dandelions {left['dandelion']}/{n}" in text
    said = lesson.next()
    drawn = next(e for e in lesson.match.log if "Player 1 draws" in e.text)
    kind = next(k for k in COMPONENTS if k in drawn.text.lower())
    assert f"You drew {'an' if kind == 'acorn' else 'a'} {kind.capitalize()}: " \
        f"{left[kind]} of the {n} ingredients were" in said, said


def test_a_step_stays_for_every_minute_of_a_pantry_visit():
    lesson = tl.Lesson("diner", seed=0, show_delay=0)
    lesson.next()
    t = lesson.tutor
    shelf = next(a for a in t.accepted() if a.size == 3)
    assert t.attempt(shelf) == "" and t.step.title == "Let the minutes pass"
    for paid in range(3):
        assert t.step.title == "Let the minutes pass", paid
        assert t.attempt(t.accepted()[0]) == ""
    assert t.step.title == "Cover the symbols and deliver"
    lesson.back()
    assert t.step.title == "Let the minutes pass"  # one Back, one minute
