"""Every board text readable on a school laptop (issue 18, "Readable boards"): each notebook
that shows a board is run once in JupyterLab at 1366x768 (its default layout, the file
browser open), and every text of every board in it, live boards and board pictures
alike, is measured on screen (font size times the SVG's on-screen scale, see
``tests/support/tl_text_sizes.py``): none may be under 11 px.

The notebooks that show no board are not run here (nbval runs them): a check without a
browser makes sure that each of them really holds no board, so a board added to one of
them later is measured too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tl_lab_page import run_notebook
from tl_text_sizes import MEASURE, assert_readable

from treehouse_lab.boards.saved import PICTURE_CLASS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def board_pictures(path: Path) -> int:
    """How many board pictures the saved notebook shows: ``image/svg+xml`` outputs (a state
    drawn by its ``_repr_svg_``) and a live board's saved picture (boards/saved.py: HTML
    with the board's SVG as an image)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return sum(1 for c in cells for o in c.get("outputs", [])
               if "image/svg+xml" in o.get("data", {})
               or f'class="{PICTURE_CLASS}"' in "".join(o.get("data", {}).get("text/html", "")))


def calls_a_board(path: Path) -> bool:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return any("Board(" in "".join(c["source"]) or "_repr_svg_" in "".join(c["source"])
               for c in cells if c["cell_type"] == "code")


WITH_BOARDS = [n for n in NOTEBOOKS if board_pictures(ROOT / "notebooks" / n)]


def test_the_notebooks_left_out_show_no_board():
    for name in sorted(set(NOTEBOOKS) - set(WITH_BOARDS)):
        assert not calls_a_board(ROOT / "notebooks" / name), (
            f"{name} makes a board but saves no picture of it: run tools/make_pictures.py")


@pytest.mark.browser
@pytest.mark.parametrize("name", WITH_BOARDS)
def test_every_board_text_is_at_least_11px(page, lab, name):
    panel = run_notebook(page, lab, name)
    root = page.locator(f"[id='{panel}']")
    # Every picture drawn: live boards have their SVG, image outputs have loaded.
    page.wait_for_function(
        """(id) => [...document.querySelectorAll(`[id='${id}'] img`)]
                   .every(i => i.complete)""", arg=panel)
    sizes = root.evaluate(MEASURE)
    pictures = {s["where"] for s in sizes}
    saved = board_pictures(lab.notebooks / name)
    assert len(pictures) >= saved, (
        f"{name}: {len(pictures)} board pictures measured, the saved notebook shows {saved}")
    assert_readable(sizes, name)
