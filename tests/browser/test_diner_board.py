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
    assert chosen["stage"] == "minutes", chosen
    assert board.locator(".tl-frame [data-target^='shelf:']").count() == 0
    minutes = 0
    while picture(board)["stage"] == "minutes" and minutes < 3:
        lab_helpers.click_target(page, board, "[data-target^='order:']")
        minutes += 1
    after = picture(board)
    assert minutes == 2, f"a 2-ingredient space took {minutes} clicks"
    assert after["stage"] == "assign", after
    assert after["supply"] == before["supply"] + 2 and after["row2"] == before["row2"] - 2, after
    log = lab_helpers.log_text(board)
    assert "Player 1 goes to the pantry for the 2-ingredient space" in log, log
    assert "2 of 2 minutes paid; takes" in log, log




def marks(board) -> dict:
    """What the student sees marked: the shelf spaces drawn as picked (and the colour of
    their frame), the parts that may be clicked (and how many have a gold frame), and
    whether they are inside the part of the frame on the screen, with no scrolling; the
    smallest text on the screen, in px."""
    return board.locator(".tl-frame").evaluate("""frame => {
        const svg = frame.querySelector('svg.tl-diner');
        const view = frame.getBoundingClientRect();
        const shown = n => {
            const r = n.getBoundingClientRect();
            return r.height > 0 && r.top >= Math.max(view.top, 0) - 1
                && r.bottom <= Math.min(view.bottom, innerHeight) + 1;
        };
        const frameOf = g => {
            const f = g.querySelector(':scope > .tl-gold-frame, :scope > .tl-picked-frame');
            return f ? (f.classList.contains('tl-gold-frame') ? 'gold' : 'picked') : null;
        };
        const picked = [...svg.querySelectorAll('.tl-shelf.tl-selected')];
        const targets = [...svg.querySelectorAll('[data-target]')];
        const scale = svg.getScreenCTM().a;
        return {
            stage: svg.getAttribute('data-stage'),
            picked: picked.map(g => `shelf:${g.dataset.size}:${g.dataset.column}`),
            pickedFrames: picked.map(frameOf),
            pickedShown: picked.every(shown),
            targets: targets.map(g => g.getAttribute('data-target')),
            gold: targets.filter(g => frameOf(g) === 'gold').length,
            targetsShown: targets.filter(shown).length,
            selected: svg.querySelectorAll('.tl-selected').length,
            smallest: Math.min(...[...svg.querySelectorAll('text')]
                .map(t => parseFloat(t.getAttribute('font-size')) * scale)),
        };
    }""")


def click_where_it_is(page, board, target: str) -> None:
    """Click ``[data-target=target]`` where the board shows it, as a student does (the
    notebook and the frame are scrolled only if it is out of sight), and wait for the
    kernel's redraw."""
    before = board.locator(".tl-board-view").get_attribute("data-version")
    board.locator(f".tl-frame [data-target='{target}']").click()
    lab_helpers.wait_redrawn(page, board, before)


def test_a_chosen_shelf_space_stays_marked_until_its_minutes_are_paid(page, lab, screenshots):
    """Issue 18, item 2, by clicking only: in the tutorial's first board (seed 4), every
    shelf space and phone order has a gold frame; the space clicked keeps the picked frame
    while its two minutes are paid, and the orders to move have gold ones and are on the
    screen beside it (the frame scrolls itself to show them); once the minutes are paid,
    nothing is marked. Every text of the board is at least 11 px on the screen."""
    board = lab_helpers.run_notebook_and_get_board(page, lab, "treehouse-diner.ipynb")
    before = marks(board)
    assert before["stage"] == "phase1" and before["selected"] == 0, before
    assert before["targets"] and before["gold"] == len(before["targets"]), before
    assert before["smallest"] >= 11, before["smallest"]
    lab_helpers.board_at_top(page, board)
    click_where_it_is(page, board, "shelf:2:1")
    for minute in (1, 2):
        now = marks(board)
        assert now["stage"] == "minutes", now
        assert now["picked"] == ["shelf:2:1"] and now["pickedFrames"] == ["picked"], now
        assert all(t.startswith("order:") for t in now["targets"]), now
        assert now["targets"] and now["gold"] == len(now["targets"]), now
        assert now["pickedShown"] and now["targetsShown"] == len(now["targets"]), now
        assert now["smallest"] >= 11, now["smallest"]
        if minute == 1:
            lab_helpers.save_screenshot(page, board, screenshots / "diner-board.png")
        click_where_it_is(page, board, sorted(now["targets"])[0])
    after = marks(board)
    assert after["stage"] == "assign" and after["picked"] == [] and after["selected"] == 0
    assert after["targets"] and after["gold"] == len(after["targets"]), after
