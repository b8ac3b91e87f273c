"""Show me, pressed on the board: each click of the step's move is spotlit in turn, then
the move is played, scheduled on the kernel's event loop (the kernel never sleeps in the
button's handler, so the board keeps answering); a move of the learner's own meanwhile
stops the show. From Python, ``show_me()`` plays at once."""

from __future__ import annotations

import asyncio
import threading

import treehouse_lab as tl

DELAY = 0.01  # seconds between the show's frames: small, the order is what is checked


def _run(coroutine):
    """``asyncio.run`` in a thread of its own: the test's worker may already run an event
    loop in its main thread (Playwright's sync API does, in the browser tests' worker)."""
    result: list = []
    errors: list = []

    def target():
        try:
            result.append(asyncio.run(coroutine))
        except BaseException as exc:  # noqa: BLE001 - raised again in the test's thread
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return result[0]


def _waiting_lesson() -> tl.Lesson:
    """The Backyard lesson at its first step that waits for a move."""
    lesson = tl.Lesson("backyard", seed=4, show_delay=DELAY)
    while not lesson.tutor.step.waits:
        lesson.next()
    return lesson


def _path(lesson: tl.Lesson):
    t = lesson.tutor
    return lesson.match.game.click_paths(lesson.match.state, t.seat)[t.suggestion()]


def test_the_button_spotlights_the_moves_clicks_then_plays_it_without_sleeping():
    lesson = _waiting_lesson()
    start, step = lesson.match.position, lesson.tutor.number
    path = _path(lesson)

    async def press():
        lesson.show_button.click()
        # The handler returned at once: the first click is spotlit, nothing played yet.
        assert lesson.board.view.spotlight == [path[0]]
        assert lesson.match.position == start and lesson.show_button.disabled
        for _ in range(200):
            await asyncio.sleep(DELAY)
            if lesson.match.position != start:
                break

    _run(press())
    assert lesson.match.position > start and lesson.tutor.number > step
    assert not lesson.show_button.disabled


def test_a_learners_own_move_during_the_show_stops_it():
    lesson = _waiting_lesson()
    t = lesson.tutor
    mine = t.accepted()[-1]

    async def press_then_move():
        lesson.show_button.click()
        assert lesson.attempt(mine) == ""
        after = lesson.match.position
        await asyncio.sleep(DELAY * 10)
        return after

    after = _run(press_then_move())
    assert lesson.match.position == after   # the show played nothing more
    assert mine in lesson.match.history


def test_from_python_show_me_plays_at_once():
    lesson = _waiting_lesson()
    start = lesson.match.position
    lesson.show_me()
    assert lesson.match.position > start
