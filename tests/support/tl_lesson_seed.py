"""The deal a lesson app is played on in the browser tests, chosen in Python.

Why: the browser tests make one wrong click on a dimmed target (a legal move the step does
not accept, shown dimmed by the board's guide hook), and whether any step dims a target
depends on the deal. The Treehouse lesson's deal for seed 0 never does: every step there
accepts every legal move (a winning roll, where only the winning move is spotlit, never
comes up on the learner's path). So the tests play each app on the first seed whose deal
dims a target for the page's learner (tests/support/tl_lesson_page.py), found here by
walking the same learner on the lesson's board in Python: Next on the steps that only
explain, else the first spotlit target in the order the board's picture draws them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import treehouse_lab as tl

TARGET = re.compile(r'data-target="([^"]+)"')


def dimmed_step(lesson_id: str, seed: int, limit: int = 400) -> str | None:
    """The counter ("k of n") of the first step that dims a clickable target on this
    seed's deal, walked as the page's learner walks it; None if no step does."""
    lesson = tl.Lesson(lesson_id, seed=seed, show_delay=0)
    board = lesson.board
    for _ in range(limit):
        if lesson.done:
            return None
        spot = board.view.spotlight
        if not spot:  # a step to read (or nothing to click): the learner presses Next
            lesson.next()
            continue
        if set(board.targets()) - set(spot) - set(board.selection):
            return lesson.tutor.counter()
        drawn = TARGET.findall(board.view.svg)
        board.click(next(t for t in drawn if t in spot and t not in board.selection))
    raise AssertionError(f"lesson {lesson_id!r}, seed {seed}: not finished in {limit} clicks")


def dimming_seed(lesson_id: str, seeds: range = range(40)) -> int:
    """The first seed whose deal dims a target at some step (see the module docstring)."""
    for seed in seeds:
        if dimmed_step(lesson_id, seed) is not None:
            return seed
    raise AssertionError(f"lesson {lesson_id!r} dims no target on seeds {seeds}")


def seeded_app(app: Path, folder: Path, seed: int) -> Path:
    """A copy of the app notebook ``app`` in ``folder`` that opens its lesson on ``seed``
    (``tl.Lesson(id)`` becomes ``tl.Lesson(id, seed=...)``); ``app`` itself on seed 0."""
    if seed == 0:
        return app
    nb = json.loads(app.read_text(encoding="utf-8"))
    found = 0
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        seeded, n = re.subn(r'tl\.Lesson\(("[^"]+")\)', rf"tl.Lesson(\1, seed={seed})", source)
        found += n
        cell["source"] = seeded.splitlines(keepends=True)
        cell["outputs"] = []  # drawn again by the kernel, on the seeded deal
    assert found == 1, f"{app.name}: {found} tl.Lesson(...) calls to seed, not one"
    path = folder / f"{app.stem}-seed{seed}.ipynb"
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


__all__ = ["dimmed_step", "dimming_seed", "seeded_app"]
