"""Where lessons are found: beside their games.

A game class names the module of its lessons (``LESSONS = ".lessons"``, relative to its
package, or a full dotted path; read through ``registry.declared``), which holds a tuple
``LESSONS`` of :class:`~.steps.LessonPlan`. Why through the game: no generic module names a
game, a new game's lessons need no edit here, and a lesson module is imported only when
lessons are asked for (as the registry does for games).
"""

from __future__ import annotations

import importlib

from ..errors import RuleError, quote
from ..registry import declared
from .steps import LessonPlan


def plans() -> dict[str, LessonPlan]:
    """Every lesson of every registered game, by id, in the games' order."""
    found: dict[str, LessonPlan] = {}
    for path in declared("LESSONS").values():
        for plan in importlib.import_module(path).LESSONS:
            if plan.id in found:
                raise RuleError(f"two lessons share the id {plan.id!r}")
            found[plan.id] = plan
    return found


def lessons() -> list[str]:
    """``tl.lessons()``: the ids ``tl.Lesson(id)`` takes."""
    return list(plans())


def plan(lesson_id: str) -> LessonPlan:
    """The lesson named ``lesson_id``; a RuleError lists the ids there are."""
    known = plans()
    if not isinstance(lesson_id, str) or lesson_id not in known:
        raise RuleError(f"unknown lesson {quote(lesson_id, 40)}; lessons are: "
                        f"{', '.join(known) or 'none yet'}")
    return known[lesson_id]


__all__ = ["lessons", "plan", "plans"]
