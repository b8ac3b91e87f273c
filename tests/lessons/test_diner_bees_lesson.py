"""The Treehouse Diner "Save the Bees" lesson (``diner-bees``), run to the end for 20 deals.

For every step of every seed (tests/support/tl_lesson_run.py): the spotlit targets are
exactly the first clicks of the moves the step accepts, the step accepts only legal moves,
and a random wrong move gets a hint and changes nothing. Plus the branches (a shelf space
with a bee, the orders with the
fewest bees), the odds of a bee against a count of the bees outside the bag (Components:
22 bees), and the scoring against the beehives.
"""

from __future__ import annotations

import pytest
from tl_lesson_run import check_plan, run_lesson

import treehouse_lab as tl
from treehouse_lab.games.diner.actions import AssignBee, ChooseShelf, MoveOrder

LESSON = "diner-bees"
SEEDS = range(20)
BEES = 22  # Components: "22 bees ('Save the Bees' module)"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lesson_runs_to_the_end_for_any_deal(seed):
    run_lesson(LESSON, seed)


def test_two_thirds_of_the_steps_wait_the_bot_teaches_and_the_rules_are_cited():
    p, _ = check_plan(LESSON, "diner-cook")
    assert p.options["modules"] == ("bees",)


def _to_step(lesson, title: str) -> None:
    while lesson.tutor.step.title != title:
        lesson.show_me()


def _bees_outside_the_bag(state) -> int:
    return sum(counts.get("bee", 0) for place, counts in state.ingredient_census().items()
               if not place.startswith("bag"))


@pytest.mark.parametrize("seed", range(8))
def test_fetch_a_bee_spotlights_the_spaces_with_a_bee_and_counts_the_bees_in_the_bag(seed):
    lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
    _to_step(lesson, "Fetch a bee")
    state, seat = lesson.match.state, lesson.tutor.seat
    shelves = [a for a in state.legal_actions(seat) if isinstance(a, ChooseShelf)]
    with_bee = [a for a in shelves if "bee" in state.space_contents(a.size, a.column)]
    text = lesson.tutor.text()
    if state.stage == "phase1" and state.active == seat:
        if with_bee:
            assert set(lesson.tutor.accepted()) == set(with_bee)
            assert "Go to the pantry for a shelf space with a bee" in text
        else:
            assert set(lesson.tutor.accepted()) == set(shelves)
            assert "No space with a bee" in text
    left = BEES - _bees_outside_the_bag(state)
    total = sum(state.ingredient_census()["bag"].values())
    assert f"{left} of the {total} tokens in the bag are bees" in text


def test_a_bee_goes_only_on_the_orders_with_the_fewest_bees():
    seen = 0
    for seed in SEEDS:
        lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
        while not lesson.done:
            state, seat = lesson.match.state, lesson.tutor.seat
            if (lesson.tutor.step.waits and state.stage == "assign" and state.active == seat
                    and state.supply(seat).get("bee")):
                kitchen = state.kitchen(seat).values()
                least = min(e["bees"] for e in kitchen)
                fewest = {e["order"] for e in kitchen if e["bees"] == least}
                assert set(lesson.tutor.accepted()) == {AssignBee(o) for o in fewest}
                text = lesson.tutor.text()
                assert "fewest bees" in text
                assert all(state.game.orders[o].name in text for o in fewest)
                seen += 1
            lesson.show_me()
    assert seen >= 20  # most deals bring bees in the first turn


@pytest.mark.parametrize("seed", range(6))
def test_the_scoring_step_adds_the_saved_bees_and_the_most_bees_bonus(seed):
    lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
    _to_step(lesson, "Scoring: the beehives")
    state, seat = lesson.match.state, lesson.tutor.seat
    assert state.is_terminal()
    hives = [state.beehive(p) for p in range(2)]
    text = lesson.tutor.text()
    for p, sc in enumerate(state.scores()):
        bonus = 3 if hives[p] and hives[p] == max(hives) else 0
        total = (sum(state.game.orders[o].points for o in state.delivered(p))
                 + state.mood(p) + hives[p] + bonus)
        who = "You" if p == seat else f"Player {p + 1}"
        assert (f"{who}: {sc['orders']} orders, {state.mood(p)} mood, {hives[p]} bees, "
                f"{bonus} bonus = {total}") in text


def test_the_minutes_step_stays_for_every_minute_of_the_visit():
    lesson = tl.Lesson(LESSON, seed=3, show_delay=0)
    _to_step(lesson, "A minute for each bee")
    state, seat = lesson.match.state, lesson.tutor.seat
    chosen = next(e.action for e in reversed(lesson.match.log) if e.player == seat)
    minutes = len(state.space_contents(chosen.size, chosen.column))
    number = lesson.tutor.number
    for _ in range(minutes):
        assert lesson.tutor.number == number
        assert all(isinstance(a, MoveOrder) for a in lesson.tutor.accepted())
        lesson.show_me()
    assert lesson.tutor.number == number + 1
