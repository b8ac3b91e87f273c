"""A Magical Treehouse board in a real JupyterLab (issue 10, "2. The board"): at the
planning step, played by everyone at once, the seat at the screen clicks a card of its
hand and then its drawer; the card is in the drawer, the log says so, and the board fits
a 1366x768 laptop screen. Issue 18: discarding the whole hand asks first and Back undoes
it, and the controls stay on the screen while the tall board scrolls. The README's
picture of the board (``docs/images/magical-board.png``, with ``TL_SAVE_SCREENSHOTS=1``)
is the opening hand of the discard test.

The notebook is written into the served folder and run, and the board found and clicked
with the shared helpers of ``tests/support/tl_lab_page.py``.
"""

from __future__ import annotations

import json
import re

import pytest
import tl_lab_page as lab_helpers

pytestmark = pytest.mark.browser
LAPTOP_H = 768  # the window's height (conftest.LAPTOP)


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
    lab_helpers.save_screenshot(page, board, screenshots / "magical-drawer.png")
    lab_helpers.assert_fits_the_screen(page, board)


def test_discarding_the_whole_hand_asks_first_and_back_undoes_it(page, lab, screenshots):
    """Issue 18, "Confirm destructive moves": the first click on the trash can only asks,
    with a "Discard all 8 cards?" button on the board; that button discards the hand, and
    Back gives it back. Clicking only (seed 8 opens Player 1's hand with a spell)."""
    (lab.notebooks / "_magical-discard.ipynb").write_text(json.dumps(
        lab_helpers.notebook_of_cells([
            "import treehouse_lab as tl",
            "board = tl.Board(tl.load_game('magical', players=3), seed=8,\n"
            "                 bots={1: 'random', 2: 'random'})\nboard",
        ])))
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_magical-discard.ipynb")

    def hand() -> int:
        return int(lab_helpers.svg_attr(board, "g.tl-hand[data-player='0']", "data-count"))

    assert hand() == 8
    assert board.locator(".tl-frame [data-target='discard-all:0']").count() == 0
    # The README's picture: the opening hand, gold frames on everything that may be clicked.
    lab_helpers.save_screenshot(page, board, screenshots / "magical-board.png")
    lab_helpers.click_target(page, board, "[data-target='trash:0']")
    assert hand() == 8, "the first click on the trash can discarded the hand"
    confirm = board.locator(".tl-frame [data-target='discard-all:0']")
    assert confirm.count() == 1 and confirm.locator("text").text_content() == "Discard all 8 cards?"
    assert board.locator(".tl-frame [data-target='trash:0'].tl-selected").count() == 1
    lab_helpers.click_target(page, board, "[data-target='discard-all:0']")
    assert hand() == 0
    assert "Player 1: Discard the whole hand" in lab_helpers.log_text(board)
    lab_helpers.press(page, board, "Back")
    assert hand() == 8, "Back did not give the hand back"
    assert "your decision again" in lab_helpers.status_text(board)


def test_the_controls_stay_on_the_screen_while_the_tall_board_scrolls(page, lab):
    """Issue 18, "The controls are below the fold": the Magical board is taller than the
    screen; it scrolls inside its frame under the status line and the buttons, and where
    the notebook itself is scrolled past the top of the board, they stay at the top of the
    screen. Scrolling with the mouse wheel only."""
    (lab.notebooks / "_magical-tall.ipynb").write_text(json.dumps(
        lab_helpers.notebook_of_cells([
            "import treehouse_lab as tl",
            "board = tl.Board(tl.load_game('magical', players=4), seed=1,\n"
            "                 bots={1: 'random', 2: 'random', 3: 'random'})\nboard",
            "# a cell under the board, so that the notebook can scroll past it\n"
            "print('\\n' * 60)",
        ])))
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_magical-tall.ipynb")
    lab_helpers.board_at_top(page, board)
    frame = board.locator(".tl-frame")
    size = frame.evaluate("f => ({scroll: f.scrollHeight, shown: f.clientHeight})")
    assert size["scroll"] > size["shown"] + 100, f"the board is not taller than its frame: {size}"

    def controls_on_screen(what: str) -> None:
        for part in ("div.tl-status", ".tl-button >> text=Step", ".tl-button >> text=Back",
                     ".tl-button >> text=Explain this move"):
            node = board.locator(part).first
            box = node.bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= LAPTOP_H, (what, part, box)
            # On top at its centre: not hidden under the picture or another cell.
            hit = node.evaluate("""n => {
                const r = n.getBoundingClientRect();
                const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                return !!e && (n === e || n.contains(e));
            }""")
            assert hit, (what, part, "is covered")

    controls_on_screen("the board at the top of the notebook")
    box = frame.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 700)
    page.wait_for_function("f => f.scrollTop > 300", arg=frame.element_handle())
    controls_on_screen("the board scrolled inside its frame")
    hand = board.locator(".tl-frame g.tl-player[data-player='3']").bounding_box()
    assert hand and hand["y"] + hand["height"] <= LAPTOP_H, "the last working board is not shown"
    # The notebook scrolled so that the board's top is above the screen: the bar stays.
    status = board.locator("div.tl-status").bounding_box()
    page.mouse.move(status["x"] + 5, status["y"] + status["height"] / 2)
    page.mouse.wheel(0, 250)
    page.wait_for_function(
        "el => el.getBoundingClientRect().top < 0", arg=board.element_handle())
    controls_on_screen("the notebook scrolled past the top of the board")


def test_autoplay_pausing_for_the_human_says_so_in_its_own_sentence(page, lab):
    """Autoplay from the start (no autorun) plays the deal and stops for Player 1: the
    status line's note is the last step and the pause as two sentences ("... Player 3
    draws a card. Autoplay paused: ..."), not one run-on line."""
    (lab.notebooks / "_magical-autoplay.ipynb").write_text(json.dumps(
        lab_helpers.notebook_of_cells([
            "import treehouse_lab as tl",
            "board = tl.Board(tl.load_game('magical', players=3), seed=1,\n"
            "                 bots={1: 'random', 2: 'random'}, autorun=False)\n"
            "board.controls.speed.value = 50\nboard",
        ])))
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_magical-autoplay.ipynb")
    assert "Chance to act" in lab_helpers.status_text(board)
    board.locator(".tl-play button").first.click()
    board.locator("div.tl-status", has_text="Autoplay paused").wait_for(timeout=120_000)
    status = lab_helpers.status_text(board)
    note = status.splitlines()[-1]
    assert re.search(r"[a-z0-9)][.!?] Autoplay paused: Player 1 \(human\) to move\.$", note), (
        status)


def test_the_carriages_say_you_are_waiting_in_english(page, lab):
    """The seat at the screen, waiting at the planning step, is labelled "you: waiting"
    beside its token on the carriages' ring (it read "you waits"); the others "waits"."""
    (lab.notebooks / "_magical-waiting.ipynb").write_text(json.dumps(
        lab_helpers.notebook_of_cells([
            "import treehouse_lab as tl\nfrom treehouse_lab.boards import navigation",
            "board = tl.Board(tl.load_game('magical', players=3), seed=1, viewer=0,\n"
            "                 bots={0: 'random', 1: 'random', 2: 'random'}, autorun=False)\n"
            "m = board.match\n"
            "while not (m.state.stage == 'planning' and m.state.waiting()[0]):\n"
            "    navigation.step(m)\n"
            "board.refresh()\nboard",
        ])))
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_magical-waiting.ipynb")
    texts = board.locator(".tl-frame svg").evaluate(
        "svg => [...svg.querySelectorAll('text')].map(t => t.textContent.trim())")
    assert "you: waiting" in texts, texts
    assert not any(t.startswith("you ") for t in texts), texts
