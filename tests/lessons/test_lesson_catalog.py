"""Lessons are found through their games, and ``tl.lessons()`` stays light."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import treehouse_lab as tl
from treehouse_lab.lessons import plan
from treehouse_lab.registry import game_class


def _modules_after(code: str) -> list[str]:
    script = code + "\nimport json, sys; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_listing_lessons_loads_no_widget_stack():
    mods = _modules_after("import treehouse_lab as tl\nassert 'backyard' in tl.lessons()")
    assert not [m for m in mods if m.split(".")[0] in ("ipywidgets", "anywidget")]
    assert "treehouse_lab.boards.lesson" not in mods


def test_the_widget_loads_when_asked_for():
    mods = _modules_after("import treehouse_lab as tl\ntl.Lesson")
    assert "ipywidgets" in mods and "treehouse_lab.boards.lesson" in mods


def test_lessons_stays_the_function_after_the_package_is_imported():
    import treehouse_lab.lessons.tutor  # noqa: F401 - any route into the package

    assert callable(tl.lessons) and "backyard" in tl.lessons()


def test_every_lesson_id_comes_from_a_games_lessons_module():
    for lesson_id in tl.lessons():
        p = plan(lesson_id)
        assert game_class(p.game).LESSONS.endswith(".lessons")


def test_an_unknown_lesson_is_refused_with_the_list():
    with pytest.raises(tl.RuleError, match="lessons are: backyard"):
        tl.Lesson("no-such-lesson")
