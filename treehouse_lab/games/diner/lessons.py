"""Treehouse Diner lessons: the rules taught on a live game, as data.

The basic-game lesson ``diner`` is written here (work in progress). The module lessons
("Save the Bees", "Secret Ingredient") live in ``lessons_modules.py`` as ``MODULE_LESSONS``
and are listed after it in ``LESSONS``.
"""

from __future__ import annotations

from ...lessons.accepts import where
from ...lessons.steps import Do, LessonPlan
from .lessons_modules import MODULE_LESSONS

BOOK = "Treehouse Diner rulebook"

DINER = LessonPlan(
    id="diner",
    title="Treehouse Diner: your first game",
    game="diner",
    options={"players": 3},
    bot="diner-cook",
    steps=(Do("Play", "Make any move.", where(lambda s, p, a: True, "make any move"),
              hint="Any move will do."),),
)

# The basic game's lesson first; the module lessons (lessons_modules.py) after it.
LESSONS: tuple[LessonPlan, ...] = (DINER, *MODULE_LESSONS)

__all__ = ["DINER", "LESSONS"]
