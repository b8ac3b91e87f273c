"""The lessons as Voila apps (issue item 5, "Apps with no code"): each app in
``notebooks/learn/`` opens in a real Voila on a 1366x768 laptop screen, says nothing of
cells, Shift+Enter or Python, shows the lesson panel and then the first spotlit target
with no scrolling, answers one wrong (dimmed) click with a hint and an unchanged position,
and is completed by clicking only the spotlit targets and Next. Each is played on the
first seed whose deal dims a target on the learner's path (tests/support/tl_lesson_seed.py:
seed 0 for all but the Treehouse lesson, whose seed-0 deal accepts every legal move at
every step), from a copy of the app that opens its lesson on that seed.

The same learner (``tl_lesson_page.LessonPage``) is driven in JupyterLab by
tests/browser/test_learn_lab.py. With ``TL_SAVE_SCREENSHOTS=1`` each app's first screen
is saved as ``docs/images/learn-<id>.png``.
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import pytest
from tl_learn_app import LAPTOP, LESSONS, RENDER_LIMIT_MS, open_app
from tl_lesson_page import CODE_WORDS, LESSON, LessonPage

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = "backyard"  # the lesson played on the offline site (building it takes minutes)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _tool():
    path = ROOT / "tools" / "make_learn_apps.py"
    spec = importlib.util.spec_from_file_location("make_learn_apps", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _inside(box: dict, screen: dict) -> bool:
    return (box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= screen["height"]
            and box["right"] <= screen["width"])


def _learn_as_an_app(page, lesson: LessonPage) -> None:
    """The checks of issue item 5 on one app, from its first screen to its end."""
    words = CODE_WORDS.findall(lesson.visible_text())
    assert not words, f"the app speaks of code: {words}"

    # The first screen: the whole lesson panel, no scrolling; the page's width used.
    first = lesson.first_screen()
    assert first["scrollY"] == 0
    assert _inside(first["panel"], first), f"the lesson panel is off the screen: {first}"
    used = first["lesson"]["right"] - first["lesson"]["left"]
    assert used >= 0.9 * first["width"], f"the lesson uses {used:.0f} px of {first}"
    assert first["frame"]["left"] >= first["panel"]["right"], (
        f"the board is not beside the panel: {first}")

    # The first spotlit target (after the opening reading steps), with no scrolling.
    lesson.to_first_spotlight()
    lit = lesson.first_screen()
    # The learner scrolls nothing: the page stays at its top. The board may have scrolled
    # its own frame to the spotlit target (board.js keepTargetsInView): a round-4 village
    # (magical-scoring) puts the learner's drawer below a laptop's fold, and the board
    # brings it up by itself. How far it scrolled is reported, not hidden.
    assert lit["scrollY"] == 0, lit
    if lit["frameScroll"]:
        print(f"the board scrolled itself {lit['frameScroll']} px to its first target")
    assert lit["lit"] is not None, f"no spotlit target is uncovered: {lit}"
    assert _inside(lit["lit"], lit), f"the first spotlit target is off the screen: {lit}"
    assert _inside(lit["panel"], lit), f"the lesson panel is off the screen: {lit}"

    # To the end by the spotlit targets and Next, with one wrong click on the way: a
    # hint, and the position as it was.
    run = lesson.complete(wrong_click=True)
    assert lesson.done()
    assert run.wrong is not None, "no step dimmed a target to click wrongly"
    hint, counters, pictures = run.wrong
    assert "Hint:" in hint, hint
    assert counters[0] == counters[1], counters
    assert pictures[0] == pictures[1], "a wrong click changed the board"
    total = run.counters[0].split(" of ")[1]
    assert lesson.counter() == f"{total} of {total}", lesson.counter()
    words = CODE_WORDS.findall(lesson.visible_text())
    assert not words, f"the finished app speaks of code: {words}"
    errors = page.locator(".jp-OutputArea-output[data-mime-type*='stderr'], "
                          ".jp-OutputArea-output[data-mime-type*='error']")
    assert errors.count() == 0, errors.first.text_content()


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_lesson_app_in_voila(browser, learn_site, screenshots, figures, lesson_id):
    t0 = time.monotonic()
    context, page, lesson = open_app(browser, learn_site, lesson_id)
    try:
        figures[f"voila learn-{lesson_id}: page to lesson drawn (s)"] = round(
            time.monotonic() - t0, 1)
        page.screenshot(path=str(screenshots / f"learn-{lesson_id}.png"),
                        animations="disabled")
        _learn_as_an_app(page, lesson)
    finally:
        context.close()


def test_lesson_app_on_the_offline_site(lite_page, screenshots, figures):
    """One lesson on the offline site (JupyterLite's REPL at the app's address, no
    server but a static one, nothing from the internet)."""
    page = lite_page.page
    page.set_viewport_size(dict(LAPTOP))
    t0 = time.monotonic()
    page.goto(f"{lite_page.url}/{_tool().offline_url(OFFLINE)}")
    lesson = LessonPage(page, page.locator(LESSON).first)
    lesson.wait_drawn(timeout=RENDER_LIMIT_MS)
    figures[f"offline learn-{OFFLINE}: page to lesson drawn (s)"] = round(
        time.monotonic() - t0, 1)
    page.mouse.move(0, 0)
    page.wait_for_timeout(300)
    page.screenshot(path=str(screenshots / f"learn-{OFFLINE}-offline.png"),
                    animations="disabled")
    _learn_as_an_app(page, lesson)
    lite_page.offline.check()
