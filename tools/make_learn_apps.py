"""Write notebooks/learn/learn-<id>.ipynb: each lesson as an app with no code to read.

    python tools/make_learn_apps.py              # every lesson, run, with its picture
    python tools/make_learn_apps.py backyard     # one lesson
    python tools/make_learn_apps.py --no-pictures

Why generated: one notebook per lesson (``tl.lessons()``), alike but for the lesson, so a
new lesson gets its app by running this again, and the wording the app form must keep
(no cells, no Shift+Enter, no Python: the learner only clicks) is written in one place.

Each notebook is the same file in three places: a cell in JupyterLab, a Voila app (Voila
shows outputs and markdown only), and a page of the offline site. It holds a title in
markdown and one code cell, ``tl.Lesson("<id>")``, whose input is stored collapsed
(``jupyter.source_hidden``: JupyterLab and Jupyter Notebook fold it away, Voila never
shows code). Its stored output is the lesson's first board as a picture, made by
``tools/make_pictures.py`` (run, SVG with its PNG twin, ``nbval-check-output``), so the
page shows the board before a kernel draws the live one.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from urllib.parse import quote

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from treehouse_lab.lessons.catalog import plan, plans  # noqa: E402

#: Where the apps live, beside the tutorials (the README and start.ipynb link them).
LEARN = ROOT / "notebooks" / "learn"
#: The words every app's first link says (README, start.ipynb, the app's own title).
LINK_TEXT = "Learn to play in 10 minutes"


def app_path(lesson_id: str) -> Path:
    return LEARN / f"learn-{lesson_id}.ipynb"


def offline_url(lesson_id: str) -> str:
    """The app's address on the offline site, relative to the site's root: JupyterLite's
    REPL, which runs the code in its address as the page opens, with the code, the
    kernel's banner and the toolbar hidden (board.css hides the empty prompt under a
    lesson). Why not the notebook: the site's notebook pages run nothing until asked."""
    code = quote(f'tl.Lesson("{lesson_id}")')
    return ("repl/index.html?kernel=python&showBanner=0&hideCodeInput=1"
            f"&code=import%20treehouse_lab%20as%20tl&code={code}")


def intro(lesson_id: str) -> str:
    """The app's title and what to do, in words for a player (no code, no cells)."""
    p = plan(lesson_id)
    return (f"# {p.title}\n\n"
            f"**{LINK_TEXT}.** {p.summary}\n\n"
            "Click what glows on the board; when a step only explains, press **Next**. "
            "A wrong click changes nothing: the lesson says why and gives a hint.")


def build(lesson_id: str) -> nbformat.NotebookNode:
    code = new_code_cell(f'import treehouse_lab as tl\n\ntl.Lesson("{lesson_id}")')
    code.metadata["jupyter"] = {"source_hidden": True}
    nb = new_notebook(
        cells=[new_markdown_cell(intro(lesson_id)), code],
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
            "title": plan(lesson_id).title,
        },
    )
    # Fixed cell ids: writing the notebook again changes only what the text changes.
    for cell, suffix in zip(nb.cells, ("intro", "lesson")):
        cell.id = f"{lesson_id}-{suffix}"
    return nb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson ids (default: every lesson)")
    parser.add_argument("--no-pictures", action="store_true",
                        help="write the notebooks without running them")
    args = parser.parse_args(argv)
    ids = args.lessons or list(plans())
    LEARN.mkdir(parents=True, exist_ok=True)
    for lesson_id in ids:
        nbformat.write(build(lesson_id), app_path(lesson_id))
        print(f"wrote {app_path(lesson_id).relative_to(ROOT)}")
    if not args.no_pictures:
        import make_pictures

        make_pictures.main([str(app_path(i).relative_to(make_pictures.NOTEBOOKS))
                            for i in ids])
    return 0


if __name__ == "__main__":
    sys.exit(main())
