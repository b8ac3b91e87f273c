"""A Magical Treehouse board in a real JupyterLab (issue 10, "2. The board"): at the
planning step, played by everyone at once, the seat at the screen clicks a card of its
hand and then its drawer; the card is in the drawer, the log says so, and the board fits
a 1366x768 laptop screen.

The notebook is written into the served folder and run, and the board found and clicked
with the shared helpers of ``tests/support/tl_lab_page.py``.
"""

from __future__ import annotations

import json

import pytest
import tl_lab_page as lab_helpers

pytestmark = pytest.mark.browser


def drawer_count(board) -> int:
    return int(lab_helpers.svg_attr(board, "g.tl-player[data-player='0']", "data-drawer"))


def test_magical_place_a_card_in_the_drawer_by_clicking(page, lab, screenshots):
    (lab.notebooks / "_magical-board.ipynb").write_text(json.dumps(
        lab_helpers.notebook_of_cells([
            "import treehouse_lab as tl",
            "board = tl.Board(tl.load_game('magical', players=3), seed=1,\n"
            "                 bots={1: 'random', 2: 'random'})\nboard",
        ])))
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_magical-board.ipynb")
    svg = ".tl-frame svg.tl-magical"
    assert board.locator(svg).get_attribute("data-phase") == "planning"
    before = drawer_count(board)
    hand = int(lab_helpers.svg_attr(board, "g.tl-hand[data-player='0']", "data-count"))
    assert hand > 0
    lab_helpers.click_target(page, board, "[data-target^='card:'][data-kind='building']")
    assert board.locator(".tl-frame .tl-selected").count() == 1
    lab_helpers.click_target(page, board, "[data-target='drawer']")
    assert drawer_count(board) == before + 1
    log = lab_helpers.log_text(board)
    assert "Player 1 puts a card in the drawer" in log, log
    lab_helpers.save_screenshot(page, board, screenshots / "magical-board.png")
    lab_helpers.assert_fits_the_screen(page, board)
