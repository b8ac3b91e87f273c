"""The lessons as cells in JupyterLab (issue item 5): each app notebook in
``notebooks/learn/`` runs in a real JupyterLab, answers one wrong (dimmed) click with a
hint and an unchanged position, and is completed by clicking only the spotlit targets and
Next. The same learner in Voila, with the app's first-screen checks: tests/lite/
test_learn_apps.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from tl_lab_page import run_notebook
from tl_lesson_page import LESSON, LessonPage

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.stem.removeprefix("learn-")
                 for p in (ROOT / "notebooks" / "learn").glob("learn-*.ipynb"))

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _lesson(lesson_id: str):
    """The lesson's parameter. The Treehouse lesson spotlights every legal move at each
    step of its deal (seed 0): no target is dimmed, so the wrong click the issue asks for
    cannot be made until a step of it accepts less than every move (strict: it fails
    as soon as one does, so the mark is taken off)."""
    if lesson_id == "treehouse":
        return pytest.param(lesson_id, marks=pytest.mark.xfail(
            strict=True, reason="the Treehouse lesson dims no target: no wrong click"))
    return lesson_id


@pytest.mark.parametrize("lesson_id", [_lesson(i) for i in LESSONS])
def test_lesson_in_jupyterlab(page, lab, lesson_id):
    panel = run_notebook(page, lab, f"learn/learn-{lesson_id}.ipynb")
    lesson = LessonPage(page, page.locator(f"[id='{panel}'] {LESSON}").first)
    lesson.wait_drawn()
    run = lesson.complete(wrong_click=True)
    assert lesson.done()
    assert run.wrong is not None, "no step dimmed a target to click wrongly"
    hint, counters, pictures = run.wrong
    assert "Hint:" in hint, hint
    assert counters[0] == counters[1], counters
    assert pictures[0] == pictures[1], "a wrong click changed the board"
    total = run.counters[0].split(" of ")[1]
    assert lesson.counter() == f"{total} of {total}", lesson.counter()
