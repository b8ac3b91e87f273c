"""A lesson app (``notebooks/learn/learn-<id>.ipynb``) opened in Voila on a laptop screen,
as a learner opens it: shared by the Voila tests of the lesson apps (tests/lite:
test_learn_apps.py, the learner's path; test_learn_a11y.py, keyboard, screen reader and
axe-core), which use one Voila server for all of them (``learn_site`` in
tests/lite/conftest.py).

Why in tests/support: test modules are imported in importlib mode, so they cannot import
each other by name.
"""

from __future__ import annotations

import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tl_lesson_page import LESSON, LessonPage
from tl_lesson_seed import dimming_seed, seeded_app
from tl_voila import voila_server

ROOT = Path(__file__).resolve().parents[2]
LEARN = ROOT / "notebooks" / "learn"
#: A school laptop's screen (issue 18).
LAPTOP = {"width": 1366, "height": 768}
RENDER_LIMIT_MS = 240_000
#: Every lesson app there is (tests/notebooks/test_learn_apps.py checks that every lesson
#: has one).
LESSONS = sorted(p.stem.removeprefix("learn-") for p in LEARN.glob("learn-*.ipynb"))


@contextmanager
def learn_server(base: Path) -> Iterator[tuple[str, Path]]:
    """Voila serving a copy of ``notebooks/learn/`` in ``base``: (its address, ``base``)."""
    for path in LEARN.glob("learn-*.ipynb"):
        shutil.copy(path, base / path.name)
    with voila_server(base) as url:
        yield url, base


def open_app(browser, learn_site: tuple[str, Path], lesson_id: str):
    """The app of ``lesson_id`` on the seed its tests play (tests/support/tl_lesson_seed.py),
    drawn in a laptop's page: (the browser context, the page, its ``LessonPage``). The
    caller closes the context."""
    url, base = learn_site
    app = seeded_app(base / f"learn-{lesson_id}.ipynb", base, dimming_seed(lesson_id))
    context = browser.new_context(viewport=dict(LAPTOP), device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{url}voila/render/{app.name}", timeout=RENDER_LIMIT_MS)
    lesson = LessonPage(page, page.locator(LESSON).first)
    lesson.wait_drawn(timeout=RENDER_LIMIT_MS)
    page.mouse.move(0, 0)
    page.wait_for_timeout(300)  # fonts and the grid settle
    return context, page, lesson


__all__ = ["LAPTOP", "LEARN", "LESSONS", "RENDER_LIMIT_MS", "learn_server", "open_app"]
