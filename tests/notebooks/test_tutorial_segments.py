"""Every tutorial's "try it" is a lesson segment on the board (issue 46, section 6).

Where a tutorial plays a move in code (``match.play(...)``), a student who types nothing
must still make that move: the tutorial shows ``tl.Lesson.on(match, Do(...))``, a board that
waits for the move, spotlights it and answers a wrong click. Here each tutorial's code
cells run in order, in this process, up to its last segment; every segment a cell shows
(its last expression) is then played through Show me with every step checked as a whole
lesson is (tests/support/tl_lesson_run.py ``walk``: the spotlight is exactly the accepted
moves' click targets, a wrong move gets a hint and changes nothing).
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest
from tl_lesson_run import walk

import treehouse_lab as tl

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The game tutorials: each asks its reader to try moves, so each has segments.
TUTORIALS = ["treehouse.ipynb", "backyard-builders.ipynb", "treehouse-diner.ipynb",
             "treehouse-diner-modules.ipynb", "magical-treehouse.ipynb"]
MARK = "tl.Lesson.on("


def _code_cells(name: str) -> list[str]:
    nb = json.loads((NOTEBOOKS / name).read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _run_cell(source: str, namespace: dict) -> object:
    """Run a cell as Jupyter does; return the value of its last expression (None if it
    ends with a statement)."""
    tree = ast.parse(source)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, "<cell>", "exec"), namespace)   # noqa: S102 - the tutorial's code
    return None if last is None else eval(compile(last, "<cell>", "eval"), namespace)


def _segments(name: str) -> list[tuple[int, object]]:
    cells = _code_cells(name)
    marked = [i for i, c in enumerate(cells) if MARK in c]
    assert marked, f"{name}: no 'try it' segment ({MARK}...)"
    namespace: dict = {"__name__": "__tutorial__"}
    shown = []
    for i, source in enumerate(cells[:marked[-1] + 1]):
        value = _run_cell(source, namespace)
        if i in marked:
            assert isinstance(value, tl.Lesson), f"{name}, code cell {i}: shows no lesson"
            assert value.segment and not value.done
            shown.append((i, value))
    return shown


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_segment_of_the_tutorial_waits_for_the_move_and_plays_to_its_end(name):
    segments = _segments(name)
    for i, lesson in segments:
        lesson.show_delay = 0
        waiting = [s for s in lesson.plan.steps if s.waits]
        assert waiting, f"{name}, code cell {i}: a segment with no move to make"
        numbers = walk(lesson, random.Random(i))
        assert lesson.done and numbers[-1] == len(lesson.plan.steps), (name, i)
