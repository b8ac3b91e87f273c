"""The Treehouse Diner board with both modules in a real JupyterLab (issue 9): an Action
card played mid-turn by clicking it in the hand, and the board, the discard pile and the
log show it; the module parts of a mid-game board are readable on a 1366x768 laptop.

The notebook is written by the test (``notebook_of_cells``), so it does not depend on the
tutorial notebook; it is run and its boards clicked with the shared helpers of
``tests/support/tl_lab_page.py``.
"""

from __future__ import annotations

import json

import pytest
import tl_lab_page as lab_helpers

import treehouse_lab as tl

pytestmark = pytest.mark.browser

GAME = 'tl.load_game("diner", players=2, modules=("bees", "chili"))'


def seed_opening_with(name: str) -> int:
    """A seed whose human (Player 1) opens holding the Action card ``name``: searched here
    with the same engine the kernel runs, so the test does not depend on the shuffle."""
    game = tl.load_game("diner", players=2, modules=("bees", "chili"))
    for seed in range(60):
        m = tl.Match(game, seed=seed, bots={1: "random"})
        while not m.waiting_for_human():
            m.step()
        hand = m.state.hand(0)
        if hand and game.action_cards[hand[0]].name == name:
            return seed
    raise AssertionError(f"no seed opens with {name!r}")


def picture(board) -> dict:
    """What the test reads off the board's SVG: the Action discard pile, Player 1's mood,
    the hand drawn, the stage."""
    return board.locator(".tl-frame").evaluate("""frame => {
        const svg = frame.querySelector('svg.tl-diner');
        return {stage: svg.getAttribute('data-stage'),
                discard: Number(svg.querySelector('g.tl-actions').getAttribute('data-discard')),
                mood: Number(svg.querySelector("g.tl-kitchen[data-player='0']")
                             .getAttribute('data-mood')),
                hand: [...svg.querySelectorAll('.tl-action-card')]
                      .map(c => c.getAttribute('data-card'))};
    }""")


def module_text_px(board) -> float:
    """The smallest on-screen size (px) of the text the modules add: the Challenges, the
    beehives and the Action cards panel. Measured with the SVG's real transform
    (getScreenCTM), which includes the shrinking a too-tall picture gets."""
    return board.locator(".tl-frame").evaluate("""frame => {
        const svg = frame.querySelector('svg.tl-diner');
        const scale = svg.getScreenCTM().a;
        const texts = [...svg.querySelectorAll(
            '.tl-challenges text, .tl-actions text, .tl-beehive text')]
            .filter(t => !t.closest('.tl-ingredient'));
        return Math.min(...texts.map(t => parseFloat(t.getAttribute('font-size')))) * scale;
    }""")


def test_an_action_card_is_played_by_clicking_it_in_the_hand(page, lab, screenshots):
    seed = seed_opening_with("Kind words!")
    (lab.notebooks / "_diner-modules-board.ipynb").write_text(json.dumps(
        lab_helpers.notebook_of_cells([
            "import treehouse_lab as tl",
            f"board = tl.Board({GAME}, seed={seed}, bots={{1: 'random'}})\nboard",
            # A board in the middle of a game, for the picture a student sees.
            f"mid = tl.Match({GAME}, seed=9, bots={{0: 'random', 1: 'random'}})\n"
            "while not (mid.state.turn >= 12 and mid.state.current_player == 0\n"
            "           and mid.state.stage == 'phase1' and mid.state.hand(0)):\n"
            "    mid.step()\n"
            "tl.Board(mid, bots={0: 'human'})",
        ])))
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_diner-modules-board.ipynb")
    before = picture(board)
    assert before["stage"] == "phase1" and before["mood"] == 0, before
    assert len(before["hand"]) == 1 and before["hand"][0].startswith("kind-words"), before
    card = before["hand"][0]
    log_before = lab_helpers.log_text(board)
    lab_helpers.click_target(page, board, f"[data-target='play:{card}']")
    after = picture(board)
    assert after["discard"] == before["discard"] + 1, after
    assert after["hand"] == [] and after["mood"] == 1, after  # Kind words!: 1 praise
    assert after["stage"] == "phase1", after  # played mid-turn: the turn goes on
    top = lab_helpers.svg_attr(board, "g.tl-action-discard", "data-top")
    assert top == card, top
    log = lab_helpers.log_text(board)
    assert log != log_before and "Player 1 plays the Action card Kind words!" in log, log
    # The turn goes on: a shelf space can still be chosen.
    assert board.locator(".tl-frame [data-target^='shelf:']").count() > 0

    boards = page.locator(lab_helpers.BOARD)
    mid = boards.nth(1)
    mid.locator(".tl-frame svg").wait_for(state="visible")
    lab_helpers.save_screenshot(page, mid, screenshots / "diner-modules-board.png")
    assert mid.locator(".tl-frame .tl-challenges").count() == 2
    assert mid.locator(".tl-frame .tl-action-card").count() >= 1  # Player 1's own hand
    px = module_text_px(mid)
    assert px >= 11, f"module text drawn at {px:.1f}px on a 1366x768 screen"
