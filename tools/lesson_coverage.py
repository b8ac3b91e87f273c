"""Write docs/lessons.md: for each game, every rulebook section and the lesson steps that
teach it (treehouse_lab/lessons/coverage.py), from the games' rules indexes and lessons.

    python tools/lesson_coverage.py            # write docs/lessons.md
    python tools/lesson_coverage.py --check    # exit 1 if it is not what would be written

Why a tool: the page follows the lessons and the indexes, so it is written from them, never
by hand; tests/lessons/test_coverage.py checks it is up to date.
"""

from __future__ import annotations

import sys
from pathlib import Path

from treehouse_lab.lessons.catalog import plans
from treehouse_lab.lessons.coverage import markdown
from treehouse_lab.registry import game_class
from treehouse_lab.rules_index import indexes

PAGE = Path(__file__).resolve().parents[1] / "docs" / "lessons.md"


def page() -> str:
    """The text docs/lessons.md should hold."""
    found = indexes()
    titles = {g: game_class(g).TITLE for g in found}
    return markdown(found, plans().values(), titles)


def main(argv: list[str]) -> int:
    text = page()
    if "--check" in argv:
        same = PAGE.exists() and PAGE.read_text(encoding="utf-8") == text
        print("docs/lessons.md is up to date" if same else
              "docs/lessons.md is out of date: run python tools/lesson_coverage.py")
        return 0 if same else 1
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(PAGE.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
