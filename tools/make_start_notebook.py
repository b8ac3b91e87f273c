"""Write notebooks/start.ipynb, the page Binder and the README open first.

Kept as a script so that the list of tutorials is edited in one place (TUTORIALS) and the
test in tests/notebooks checks every notebook is linked from it.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from make_learn_apps import LINK_TEXT, app_path, plans
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

#: Per game: its title, its rulings page (docs/rulings/) and its notebooks, in the order a
#: class meets them (learn the rules, count, practise, explore).
GAMES = [
    ("Backyard Builders Treehouse", "backyard.md", [
        ("The rules", "backyard-builders.ipynb",
         "Draft-and-pass, colour or number matching, the longest colour run and achievements, "
         "on a live board; and the exact chance that the next card fits your treehouse."),
        ("Exercises", "backyard-exercises.ipynb",
         "Counting and probability on the Backyard cards, with `check(...)`."),
        ("Exploring with simulations", "explore-backyard.ipynb",
         "A curious player's and a designer's questions, answered with seeded simulations, "
         "exact values where they exist, and plots."),
    ]),
    ("Treehouse (pyramids)", "pyramids.md", [
        ("The rules", "treehouse.ipynb",
         "A trio of pyramids and an action die: every action on the live board, with the "
         "rulebook's own counts, then a full game against a bot."),
        ("Counting and probability", "treehouse-counting.ipynb",
         "The 204 arrangements three ways (enumeration, cases, a sympy generating function), "
         "move tables, exact next-roll probabilities and an optimal solitaire solver."),
        ("Exercises", "treehouse-exercises.ipynb",
         "Classroom exercises with `check(...)`."),
        ("Exploring with simulations", "explore-treehouse.ipynb",
         "Questions about the pyramid game answered exactly where mathematics can, and by "
         "seeded simulation beside it."),
    ]),
    ("Treehouse Diner", "diner.md", [
        ("The rules", "treehouse-diner.ipynb",
         "Phone orders, pantry visits and deliveries on live boards, one rulebook section at "
         "a time, with the rulebook's own example."),
        ("The modules", "treehouse-diner-modules.ipynb",
         "Save the Bees (bees, beehives, Challenges) and Secret Ingredient (chilis, Soup "
         "Stews, Action cards), alone and together, on live boards, with Jutta's bees."),
        ("The bag and the jokers", "treehouse-diner-probability.ipynb",
         "Counting questions about the ingredient bag and the jokers, and the modules' Soup "
         "Stews and chilis, answered by the engine and by sympy, which must agree."),
        ("Exercises", "treehouse-diner-exercises.ipynb",
         "Exercises with `check(...)`."),
        ("Exploring with simulations", "explore-diner.ipynb",
         "Seat order, the modules, the Daisy joker, phone or pantry and a shorter or longer "
         "game, answered with seeded simulations, exact fractions and plots."),
    ]),
    ("Magical Treehouse", "magical.md", [
        ("The rules", "magical-treehouse.ipynb",
         "The real-time draft as moves of several players at once, a spell interruption, "
         "building villages and Keita's 34 VP; then how scores spread with 3 and 4 players."),
        ("Exercises", "magical-treehouse-exercises.ipynb",
         "A spell in the first hand, what a carriage brings, a potion chain's VP and the "
         "objective tiles' ties, with `check(...)`."),
        ("Exploring with simulations", "explore-magical.ipynb",
         "The biscuits tile, printed tiles against the text, 3 against 4 players, spells and "
         "the night forest, answered with seeded simulations, exact fractions and plots."),
    ]),
]

#: Notebooks about more than one game.
MORE = [
    ("The design lab: a designer's questions", "design-lab.ipynb",
     "The first player's edge and which rule removes it, what a move or a tile is worth, "
     "whether a module makes games longer or closer: every game, with intervals, and "
     "exact where Treehouse is solved."),
    ("Research: the games in other frameworks", "research-interop.ipynb",
     "The engines as environments for game-playing research libraries."),
]

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

HOW_TO_RUN = (
    "**How to run this notebook.** Before it runs you see a saved copy of its results. Run "
    "the cells in order, one at a time with **Shift+Enter**, or all at once with **Run ▸ Run "
    "All Cells**."
)

#: Where a student's edits live: in JupyterLab, the file; on the offline site, the browser
#: (JupyterLite keeps them in its storage, apart from the site's file: lite/README.md).
WHERE_WORK_IS_KEPT = (
    "**Where your work is kept.** In JupyterLab on your own computer, saving writes the "
    "notebook's file. On the site that runs in your browser, your changes stay in this "
    "browser on this computer, and clearing the browser's site data deletes them: press "
    "**Download my work** above the notebook to keep a copy, or **Reset to the original** "
    "to start afresh."
)

CELL_IDS = ("d2937676", "b20c9a3b", "8ebc268b")


def _present(rows: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The rows whose notebook exists: a notebook another change is still writing gets its
    row when this script runs again after it lands (the index test wants every link to
    lead to a notebook, and every notebook to be linked)."""
    return [r for r in rows if (NOTEBOOKS / r[1]).is_file()]


def _apps(rulings: str) -> list[tuple[str, str, str]]:
    """The game's lesson apps (tools/make_learn_apps.py), the first rows of its table: the
    game is the one whose rulings page is ``rulings`` (``backyard.md``: ``backyard``)."""
    game = rulings.removesuffix(".md")
    rows = []
    for lesson in plans().values():
        if lesson.game != game or not app_path(lesson.id).is_file():
            continue
        title = f"**{LINK_TEXT}**" if not rows else (
            f"{LINK_TEXT}: {lesson.title.split(': ', 1)[-1]}")
        rows.append((title, f"learn/learn-{lesson.id}.ipynb",
                     f"{lesson.summary} An app: run it, then only click on the board."))
    return rows


def _table(rows: list[tuple[str, str, str]]) -> str:
    return ("| notebook | what you will do |\n| --- | --- |\n"
            + "\n".join(f"| [{title}]({path}) | {what} |" for title, path, what in rows))


def page() -> str:
    parts = [
        "# Treehouse Lab\n\n"
        "Learn the Treehouse tabletop games on live boards, and use them to learn "
        "probability with exact answers. Pick a game and start with its rules.\n\n"
        + HOW_TO_RUN + " A tutorial's boards come alive once their cell has run: then "
        "click a highlighted piece or card to move, use **Step** to let chance and the "
        "bots play, **Back** to undo.\n\n" + WHERE_WORK_IS_KEPT
    ]
    for title, rulings, rows in GAMES:
        parts.append(f"## {title}\n\n" + _table(_apps(rulings) + _present(rows)) + "\n\n"
                     f"Where the rulebook is silent or ambiguous, the project's "
                     f"[{title} rulings](../docs/rulings/{rulings}) decide, each with its "
                     "reasons.")
    more = _present(MORE)
    if more:
        parts.append("## More\n\n" + _table(more))
    # The solutions are teachers' material (teacher/, outside this folder): no link here.
    parts.append("## Teachers\n\n[A teacher's path through the notebooks](../docs/teaching.md):"
                 " the topic, time and prerequisites of each notebook and exercise, and a "
                 "suggested order for a class; it says where the worked solutions are.")
    return "\n\n".join(parts)


def build() -> nbformat.NotebookNode:
    nb = new_notebook(
        cells=[
            new_markdown_cell(page()),
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
    out = NOTEBOOKS / "start.ipynb"
    nbformat.write(build(), out)
    print(f"wrote {out}")
