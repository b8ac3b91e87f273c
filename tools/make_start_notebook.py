"""Write notebooks/start.ipynb, the page Binder and the README open first.

Kept as a script so that the list of tutorials is edited in one place (TUTORIALS) and the
test in tests/notebooks checks every notebook is linked from it.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

TUTORIALS = [
    ("Backyard Builders Treehouse", "backyard-builders.ipynb",
     "Draft-and-pass, colour or number matching, the longest colour run and achievements, "
     "on a live board; and the exact chance that the next card fits your treehouse."),
    ("Treehouse (pyramids): the rules", "treehouse.ipynb",
     "A trio of pyramids and an action die: every action on the live board, with the "
     "rulebook's own counts, then a full game against a bot."),
    ("Treehouse (pyramids): counting and probability", "treehouse-counting.ipynb",
     "The 204 arrangements three ways (enumeration, cases, a sympy generating function), "
     "move tables, exact next-roll probabilities and an optimal solitaire solver."),
    ("Treehouse (pyramids): exercises", "treehouse-exercises.ipynb",
     "Classroom exercises with a `check(...)` helper; solutions in "
     "[treehouse-exercises-solutions.ipynb](treehouse-exercises-solutions.ipynb)."),
]


def build() -> nbformat.NotebookNode:
    rows = "\n".join(f"| [{title}]({path}) | {what} |" for title, path, what in TUTORIALS)
    return new_notebook(
        cells=[
            new_markdown_cell(
                "# Treehouse Lab\n\n"
                "Learn the Treehouse tabletop games on live boards, and use them to learn "
                "probability with exact answers. Open a tutorial:\n\n"
                "| notebook | what you will do |\n| --- | --- |\n" + rows + "\n\n"
                "Every board is a real game engine: click a highlighted piece or card to "
                "move, use **Step** to let chance and the bots play, **Back** to undo."
            ),
            new_markdown_cell("The games installed here, and the options each one takes:"),
            new_code_cell(
                "import treehouse_lab as tl\n"
                "from treehouse_lab.registry import game_class\n\n"
                "for name in tl.GAMES:\n"
                "    cls = game_class(name)\n"
                "    options = ', '.join(f'{o.name}={o.default!r}' for o in cls.OPTIONS)\n"
                "    print(f'{name:10s} {cls.TITLE}: {options}')"
            ),
        ],
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
    )


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "notebooks" / "start.ipynb"
    nbformat.write(build(), out)
    print(f"wrote {out}")
