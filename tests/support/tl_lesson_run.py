"""A Treehouse Diner lesson run through Show me with every step checked (the issue's
required lesson test), shared by the module lessons' tests (tests/lessons).

At every step: the counter, a text, the spotlit targets exactly the first clicks of the
moves the step accepts (a Diner move may take two clicks), only legal moves accepted, and
a wrong move (a random legal one the step does not accept, else one the engine refuses)
answered with a hint, changing nothing.
"""

from __future__ import annotations

import random

import treehouse_lab as tl
from treehouse_lab.games.diner.actions import FinishAssigning, MoveOrder, Place, TakeOrder


def wrong_move(lesson, rng: random.Random):
    """A random legal move the step does not accept; else a move the engine refuses."""
    state = lesson.match.state
    seat = lesson.tutor.seat
    accepted = set(lesson.tutor.accepted())
    legal = state.legal_actions(seat) if seat in state.actors() else []
    others = [a for a in legal if a not in accepted]
    if others:
        return rng.choice(others)
    refused = [a for a in (FinishAssigning(), TakeOrder("no-such-order"),
                           MoveOrder("no-such-order", 3), Place("no-such-order", "acorn"))
               if a not in legal]
    return rng.choice(refused)


def run_diner_lesson(lesson_id: str, seed: int) -> list[int]:
    """Play the lesson through Show me, checking every step (module docstring), to the end
    of its short game; returns the step numbers shown, one per gesture."""
    lesson = tl.Lesson(lesson_id, seed=seed, show_delay=0)
    rng = random.Random(seed)
    total = len(lesson.plan.steps)
    numbers = []
    while not lesson.done:
        t = lesson.tutor
        numbers.append(t.number)
        assert t.counter() == f"{t.number} of {total}"
        assert t.text()
        state = lesson.match.state
        accepted = t.accepted()
        spot = lesson.board.view.spotlight
        if t.step.waits:
            assert accepted, f"seed {seed}: step {t.number} accepts nothing"
            assert set(accepted) <= set(state.legal_actions(t.seat))
            paths = lesson.match.game.click_paths(state, t.seat)
            assert set(spot) == {paths[a][0] for a in accepted}
            assert lesson.next_button.disabled
        else:
            assert accepted == [] and spot in (None, [])
        save, position, index = state.to_json(), lesson.match.position, t.index
        if t.step.waits:
            assert "Hint: " in lesson.attempt(wrong_move(lesson, rng))
        else:
            assert lesson.attempt(FinishAssigning()).startswith("Nothing was played")
        assert lesson.match.state.to_json() == save
        assert lesson.match.position == position and t.index == index
        lesson.show_me()
    # the short game ends with the learner's last move: the scoring step saw the real end
    assert lesson.match.state.is_terminal()
    assert sorted(set(numbers)) == list(range(1, total + 1))
    assert numbers == sorted(numbers)
    return numbers
