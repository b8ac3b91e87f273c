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
    ("Backyard Builders: exercises", "backyard-exercises.ipynb",
     "Exercises on the Backyard engine with `check(...)`; solutions in "
     "[backyard-exercises-solutions.ipynb](backyard-exercises-solutions.ipynb)."),
    ("Backyard Builders: exploring with simulations", "explore-backyard.ipynb",
     "A curious player's and a designer's questions, answered with seeded simulations, "
     "exact values where they exist, and plots."),
    ("Treehouse (pyramids): the rules", "treehouse.ipynb",
     "A trio of pyramids and an action die: every action on the live board, with the "
     "rulebook's own counts, then a full game against a bot."),
    ("Treehouse (pyramids): counting and probability", "treehouse-counting.ipynb",
     "The 204 arrangements three ways (enumeration, cases, a sympy generating function), "
     "move tables, exact next-roll probabilities and an optimal solitaire solver."),
    ("Treehouse (pyramids): exercises", "treehouse-exercises.ipynb",
     "Classroom exercises with a `check(...)` helper; solutions in "
     "[treehouse-exercises-solutions.ipynb](treehouse-exercises-solutions.ipynb)."),
    ("Treehouse (pyramids): exploring with simulations", "explore-treehouse.ipynb",
     "Questions about the pyramid game answered exactly where mathematics can, and by "
     "seeded simulation beside it."),
    ("Treehouse Diner", "treehouse-diner.ipynb",
     "Phone orders, pantry visits and deliveries on live boards, one rulebook section at a "
     "time, with the rulebook's own example."),
    ("Treehouse Diner: the modules", "treehouse-diner-modules.ipynb",
     "Save the Bees (bees, beehives, Challenges) and Secret Ingredient (chilis, Soup Stews, "
     "Action cards), alone and together, on live boards, with Jutta's bees."),
    ("Treehouse Diner: the bag and the jokers", "treehouse-diner-probability.ipynb",
     "Counting questions about the ingredient bag and the jokers, and the modules' Soup Stews "
     "and chilis, answered by the engine and by sympy, which must agree."),
    ("Treehouse Diner: exercises", "treehouse-diner-exercises.ipynb",
     "Exercises with `check(...)`; solutions in "
     "[treehouse-diner-exercises-solutions.ipynb](treehouse-diner-exercises-solutions.ipynb)."),
    ("Treehouse Diner: exploring with simulations", "explore-diner.ipynb",
     "Seat order, the modules, the Daisy joker, phone or pantry and a shorter or longer "
     "game, answered with seeded simulations, exact fractions and plots."),
    ("Magical Treehouse", "magical-treehouse.ipynb",
     "The real-time draft as moves of several players at once, a spell interruption, "
     "building villages and Keita's 34 VP; then how scores spread with 3 and 4 players."),
    ("Magical Treehouse: exploring with simulations", "explore-magical.ipynb",
     "The biscuits tile, printed tiles against the text, 3 against 4 players, spells and the "
     "night forest, answered with seeded simulations, exact fractions and plots."),
]

#: The rulings pages the tutorials cite (docs/rulings/, beside notebooks/: the README's lab
#: command serves the whole checkout so that these links open).
RULINGS = [
    ("Backyard Builders rulings", "backyard.md"),
    ("Treehouse (pyramids) rulings", "pyramids.md"),
]

CELL_IDS = ("d2937676", "b20c9a3b", "8ebc268b")


def build() -> nbformat.NotebookNode:
    rows = "\n".join(f"| [{title}]({path}) | {what} |" for title, path, what in TUTORIALS)
    nb = new_notebook(
        cells=[
            new_markdown_cell(
                "# Treehouse Lab\n\n"
                "Learn the Treehouse tabletop games on live boards, and use them to learn "
                "probability with exact answers. Open a tutorial:\n\n"
                "| notebook | what you will do |\n| --- | --- |\n" + rows + "\n\n"
                "Every board is a real game engine: click a highlighted piece or card to "
                "move, use **Step** to let chance and the bots play, **Back** to undo.\n\n"
                "Where a rulebook is silent or ambiguous, the project's rulings decide, each "
                "with its reasons: " + ", ".join(
                    f"[{title}](../docs/rulings/{page})" for title, page in RULINGS) + "."
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
    # Fixed cell ids: writing the notebook again changes only what the text changes.
    for cell, cell_id in zip(nb.cells, CELL_IDS):
        cell.id = cell_id
    return nb


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "notebooks" / "start.ipynb"
    nbformat.write(build(), out)
    print(f"wrote {out}")
