"""The lessons as cells in JupyterLab (issue item 5): each app notebook in
``notebooks/learn/`` runs in a real JupyterLab, answers one wrong (dimmed) click with a
hint and an unchanged position, and is completed by clicking only the spotlit targets and
Next. Each is played on the first seed whose deal dims a target on the learner's path
(tests/support/tl_lesson_seed.py: seed 0 for all but the Treehouse lesson, whose seed-0
deal accepts every legal move at every step). The same learner in Voila, with the app's
first-screen checks: tests/lite/test_learn_apps.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from tl_lab_page import run_notebook
from tl_lesson_page import LESSON, LessonPage
from tl_lesson_seed import dimming_seed, seeded_app

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.stem.removeprefix("learn-")
                 for p in (ROOT / "notebooks" / "learn").glob("learn-*.ipynb"))

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_lesson_in_jupyterlab(page, lab, lesson_id):
    learn = lab.notebooks / "learn"
    app = seeded_app(learn / f"learn-{lesson_id}.ipynb", learn, dimming_seed(lesson_id))
    panel = run_notebook(page, lab, f"learn/{app.name}")
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
