"""Lessons: interactive rule tutorials on the live board that wait for the learner's move.

    import treehouse_lab as tl
    tl.lessons()                          # ['backyard', ...]
    lesson = tl.Lesson("backyard", seed=3)  # the widget: the board and the lesson panel

The mechanism lives here once; each game's lessons sit beside the game as data
(``games/<game>/lessons.py``, found through the game class's ``LESSONS``):

* :mod:`.steps`: ``Read`` and ``Do`` steps and the ``LessonPlan``;
* :mod:`.accepts`: what a step accepts (``kind``, ``where``, ``first_of``);
* :mod:`.odds`: exact odds from the engine's chance node;
* :mod:`.tutor`: ``Tutor``, the lesson driven from Python, no widget;
* ``Lesson``, the board with its lesson panel, is ``treehouse_lab.boards.lesson`` (only
  ``boards`` loads ipywidgets), reached from here lazily.

See docs/dev/lessons.md for how to write a lesson.
"""

from __future__ import annotations

from typing import Any

from .accepts import Accept, exactly, first_of, kind, where
from .catalog import lessons, plan
from .steps import Do, LessonPlan, Read, Teaches

__all__ = ["Accept", "Do", "Lesson", "LessonPlan", "Read", "Teaches", "Tutor", "exactly",
           "first_of", "kind", "lessons", "plan", "where"]


def __getattr__(name: str) -> Any:
    # Loaded when asked for: the driver needs the match and the bots, the widget ipywidgets.
    if name == "Tutor":
        from .tutor import Tutor

        return Tutor
    if name == "Lesson":
        from ..boards.lesson import Lesson

        return Lesson
    raise AttributeError(f"module 'treehouse_lab.lessons' has no attribute {name!r}")
