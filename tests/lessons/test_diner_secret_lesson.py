"""The Treehouse Diner "Secret Ingredient" lesson (``diner-secret``), run to the end for 20
deals, with the same checks at every step as the Save the Bees lesson (spotlight = the
accepted first clicks, wrong moves refused with a hint and nothing changed). Plus the
branches (the Action card, which order to take at the phone, the plates) and the odds of a
chili against a count of the chilis outside the bag (Components: 8 chilis).
"""

from __future__ import annotations

import pytest
from tl_lesson_run import check_plan, run_lesson

import treehouse_lab as tl
from treehouse_lab.games.diner.actions import PlacePlate, PlayAction, TakeOrder

LESSON = "diner-secret"
SEEDS = range(20)
CHILIS = 8  # Components: "8 Chilis ('Secret Ingredient' module)"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lesson_runs_to_the_end_for_any_deal(seed):
    run_lesson(LESSON, seed)


def test_two_thirds_of_the_steps_wait_the_bot_teaches_and_the_rules_are_cited():
    p, _ = check_plan(LESSON, "diner-cook")
    assert p.options["modules"] == ("chili",)


def _to_step(lesson, title: str) -> None:
    while lesson.tutor.step.title != title:
        lesson.show_me()


def _learner_phase1(lesson) -> bool:
    s = lesson.match.state
    return s.stage == "phase1" and s.active == lesson.tutor.seat


@pytest.mark.parametrize("seed", range(8))
def test_the_setup_counts_the_chilis_left_in_the_bag(seed):
    lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
    state = lesson.match.state
    census = state.ingredient_census()
    outside = sum(c.get("chili", 0) for place, c in census.items() if place != "bag")
    total = sum(census["bag"].values())
    assert f"{CHILIS - outside} of the {total} tokens in the bag are chilis" in \
        lesson.tutor.text()
    hand = state.hand(lesson.tutor.seat)
    assert len(hand) == 1 and state.game.action_cards[hand[0]].text in lesson.tutor.text()


@pytest.mark.parametrize("seed", range(8))
def test_the_card_step_plays_the_card_in_the_hand(seed):
    lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
    _to_step(lesson, "Play an Action card")
    while not _learner_phase1(lesson):  # a pick at the phone on the bot's turn first
        lesson.show_me()
    hand = lesson.match.state.hand(lesson.tutor.seat)
    assert lesson.tutor.accepted() == [PlayAction(c) for c in sorted(set(hand))]


def test_the_phone_step_takes_a_soup_stew_else_a_chili_order_else_any_order():
    branches = set()
    for seed in SEEDS:
        lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
        _to_step(lesson, "Chili orders and Soup Stews")
        while not _learner_phase1(lesson):  # the card's effects, out-of-turn picks
            lesson.show_me()
        state = lesson.match.state
        takes = [a for a in state.legal_actions(lesson.tutor.seat) if isinstance(a, TakeOrder)]
        need = {a: state.game.orders[a.order].ingredients for a in takes}
        soups = {a for a in takes if any(k.startswith("plate_") for k in need[a])}
        chili = {a for a in takes if "chili" in need[a]}
        text = lesson.tutor.text()
        if soups:
            want, said = soups, "A Soup Stew is on the phone tray"
        elif chili:
            want, said = chili, "No Soup Stew is on the tray, but a Chili order is"
        else:
            want, said = set(takes), "Neither is on the tray now"
        assert set(lesson.tutor.accepted()) == want and said in text
        branches.add(said)
    assert len(branches) >= 2


def test_the_plates_are_spotlit_with_what_each_letter_holds():
    seen = 0
    for seed in SEEDS:
        lesson = tl.Lesson(LESSON, seed=seed, show_delay=0)
        while not lesson.done:
            t = lesson.tutor
            plates = [a for a in t.accepted() if isinstance(a, PlacePlate)]
            if plates:  # the plate branch: every plate move, nothing else
                assert all(isinstance(a, PlacePlate) for a in t.accepted())
                assert "identical plates" in t.text() and "Your Soup Stews:" in t.text()
                seen += 1
            lesson.show_me()
    assert seen >= 5
