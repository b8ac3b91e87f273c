"""Treehouse Diner module lessons ("Save the Bees", "Secret Ingredient"): their plans go here.

Why a module of their own: the basic-game lesson (``lessons.py``) and the module lessons are
written apart; ``lessons.py`` imports ``MODULE_LESSONS`` from here and puts them after the
basic game's plan in ``LESSONS``. Add each module lesson's ``LessonPlan`` to the tuple.
"""

from __future__ import annotations

from ...lessons.steps import LessonPlan

#: the module lessons' plans (LessonPlan), listed after the basic game's in lessons.LESSONS
MODULE_LESSONS: tuple[LessonPlan, ...] = ()

__all__ = ["MODULE_LESSONS"]
