"""The Treehouse Diner tutorial's first live board in a real JupyterLab (issue 8): a pantry
visit made by clicking, a shelf space and then one order per minute, and the board, the
supply and the log show it.

The notebook is run and the board found and clicked with the shared helpers of
``tests/support/tl_lab_page.py``, so every game's board is driven the same way.
"""

from __future__ import annotations

import pytest
import tl_lab_page as lab_helpers

pytestmark = pytest.mark.browser




def picture(board) -> dict:
    """What the test reads off the board's SVG: the stage, Player 1's supply and the
    ingredients left in the 2er shelf row."""
    return board.locator(".tl-frame").evaluate("""frame => {
        const svg = frame.querySelector('svg.tl-diner');
        const count = sel => [...svg.querySelectorAll(sel)]
            .reduce((n, el) => n + Number(el.getAttribute('data-count')), 0);
        return {stage: svg.getAttribute('data-stage'),
                supply: count("g.tl-kitchen[data-player='0'] g.tl-supply"),
                row2: count("g.tl-shelf[data-size='2']")};
    }""")


def test_diner_pantry_visit_by_clicking(page, lab):
    """Seed 4's opening: Player 1 (human) holds 3 ingredients; a 2-ingredient space costs
    2 minutes, paid by two clicks on orders, then the space is in the supply and Phase 2
    begins (Go to the Pantry; rulings D2)."""
    board = lab_helpers.run_notebook_and_get_board(page, lab, "treehouse-diner.ipynb")
    before = picture(board)
    assert before["stage"] == "phase1" and before["supply"] == 3, before
    lab_helpers.click_target(page, board, "[data-target^='shelf:2:']")
    chosen = picture(board)
    assert chosen["stage"] == "pantry", chosen
    assert board.locator(".tl-frame [data-target^='shelf:']").count() == 0
    minutes = 0
    while picture(board)["stage"] == "pantry" and minutes < 3:
        lab_helpers.click_target(page, board, "[data-target^='order:']")
        minutes += 1
    after = picture(board)
    assert minutes == 2, f"a 2-ingredient space took {minutes} clicks"
    assert after["stage"] == "assign", after
    assert after["supply"] == before["supply"] + 2 and after["row2"] == before["row2"] - 2, after
    log = lab_helpers.log_text(board)
    assert "Player 1 goes to the pantry for the 2-ingredient space" in log, log
    assert "2 of 2 minutes paid; takes" in log, log
