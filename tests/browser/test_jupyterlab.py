"""Boards in a real JupyterLab at 1366x768: run a notebook, click the board, see the game
change; and what issue 7 asked of boards on a laptop: a bot's turn shows no glowing hand,
Back then Forward returns to the human's decision, a second board keeps its patterns,
Shift+Enter runs the cell after a piece is picked, every board fits the screen with its
status line, and a screenshot of every board (into the README's pictures only with
``TL_SAVE_SCREENSHOTS=1``, see conftest.py).

Each game needs only: the notebook's name, which targets to click, and which data
attribute of the SVG proves the move happened (see ``run_notebook_and_get_board``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tl_lab_page import (
    BOARD,
    RUN_TIMEOUT_MS,
    assert_fits_the_screen,
    click_target,
    glowing,
    log_text,
    notebook_of_cells,
    patterns_resolve,
    press,
    run_notebook_and_get_board,
    save_screenshot,
    status_text,
    svg_attr,
    wait_redrawn,
)

ROOT = Path(__file__).resolve().parents[2]
TOYGAME = ROOT / "tests" / "support" / "tl_toygame.py"
TOYORCHARD = ROOT / "tests" / "support" / "tl_toyorchard.py"

pytestmark = pytest.mark.browser



def test_backyard_board_plays_a_card(page, lab, screenshots):
    """The Backyard tutorial's first live board: seat 0 is human and waiting; play a card
    face up with one click, and the treehouse and the log show it."""
    board = run_notebook_and_get_board(page, lab, "backyard-builders.ipynb")
    house = "g[data-treehouse='0']"
    before = int(svg_attr(board, house, "data-cards"))
    log_before = log_text(board)
    click_target(page, board, "[data-target^='hand:'][data-target$=':up']")
    after = int(svg_attr(board, house, "data-cards"))
    assert after == before + 1, f"treehouse 0 did not grow ({before} -> {after})"
    log = log_text(board)
    assert log != log_before and "Player 1 plays" in log and "face up" in log, log
    save_screenshot(page, board, screenshots / "backyard-board.png")
    assert_fits_the_screen(page, board)
    tabs = board.locator(".tl-frame .tl-face-down-tab").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().bottom)")
    assert tabs and max(tabs) <= page.viewport_size["height"]  # no scrolling for them


def test_pyramids_board_piece_then_destination(page, lab):
    """The pyramids tutorial's first live board: a move is two clicks, a piece and then
    where it goes; Player 1's trio (``g[data-trio="0"]``) changes its arrangement."""
    board = run_notebook_and_get_board(page, lab, "treehouse.ipynb")
    trio = "g[data-trio='0']"
    before = svg_attr(board, trio, "data-arrangement")
    click_target(page, board, "[data-target]")
    assert board.locator(".tl-frame .tl-selected").count() >= 1
    # After the bot's answer Player 1's trio still shows Player 1's move.
    click_target(page, board, ".tl-target:not(.tl-selected)")
    after = svg_attr(board, trio, "data-arrangement")
    assert after != before, f"trio 0 kept its arrangement {before!r}"
    assert "Player 1" in log_text(board)


def test_toy_board_two_clicks(page, lab):
    """The generic board on the conformance toy game: pick a card, then "play"."""
    shutil.copy(TOYGAME, lab.notebooks / "_toygame.py")
    (lab.notebooks / "_toy-board.ipynb").write_text(json.dumps(notebook_of_cells([
        "import treehouse_lab as tl\nfrom _toygame import ToyGame",
        "board = tl.Board(ToyGame(), seed=1, bots={1: 'random'})\nboard",
    ])))
    board = run_notebook_and_get_board(page, lab, "_toy-board.ipynb")
    # A double-click sends one click: the board ignores clicks while it waits, so the
    # kernel never has to answer a second (stale) one.
    view = board.locator(".tl-board-view")
    version = view.get_attribute("data-version")
    board.locator(".tl-frame [data-target='roll']").dblclick()
    page.wait_for_function(
        "([el, v]) => el.dataset.version !== v && !el.classList.contains('tl-thinking')",
        arg=[view.element_handle(), version], timeout=RUN_TIMEOUT_MS,
    )
    page.wait_for_timeout(500)  # room for a second answer, if one had been sent
    status = board.locator("div.tl-status").inner_text()
    assert "older picture" not in status, status
    assert log_text(board).count("Player 1: Roll the die") == 1
    before = int(svg_attr(board, "g[data-racer='0']", "data-position"))
    click_target(page, board, "[data-target^='card:']")
    assert board.locator(".tl-frame .tl-selected").count() == 1
    # The second click by keyboard: focus the target, press Enter (what board.js handles).
    view = board.locator(".tl-board-view")
    version = view.get_attribute("data-version")
    board.locator(".tl-frame [data-target='play']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([el, v]) => el.dataset.version !== v && !el.classList.contains('tl-thinking')",
        arg=[view.element_handle(), version], timeout=RUN_TIMEOUT_MS,
    )
    after = int(svg_attr(board, "g[data-racer='0']", "data-position"))
    assert after > before, f"racer 0 did not move ({before} -> {after})"
    assert "Player 1: Play c" in log_text(board)


def test_toy_orchard_seat_at_the_screen(page, lab):
    """Two humans share one screen in a game with secret bids: the "At the screen" menu
    decides whose cards are drawn and for whom clicks act."""
    shutil.copy(TOYORCHARD, lab.notebooks / "_toyorchard.py")
    shutil.copy(TOYORCHARD.with_name("tl_toyorchard_render.py"),
                lab.notebooks / "_toyorchard_render.py")  # its RENDERER, beside it
    (lab.notebooks / "_orchard-board.ipynb").write_text(json.dumps(notebook_of_cells([
        "import treehouse_lab as tl\nfrom _toyorchard import OrchardGame",
        "board = tl.Board(OrchardGame(), seed=1, viewer=0)\nboard",
    ])))
    board = run_notebook_and_get_board(page, lab, "_orchard-board.ipynb")
    click_target(page, board, "[data-target='water']")
    click_target(page, board, "[data-target='water']")
    # Player 1 has tended; the screen is Player 1's, so nothing is clickable for Player 2.
    assert board.locator(".tl-frame [data-target]").count() == 0
    assert "the screen is Player 1's" in board.locator("div.tl-status").inner_text()
    view = board.locator(".tl-board-view")
    before = view.get_attribute("data-version")
    board.locator(".tl-screen select").select_option(label="Player 2")
    wait_redrawn(page, board, before)
    click_target(page, board, "[data-target='water']")
    click_target(page, board, "[data-target='prune']")
    cards = board.locator(".tl-frame [data-target^='card:']").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('data-target'))")
    assert cards and all(c.startswith("card:p1bid") for c in cards), cards
    click_target(page, board, "[data-target='card:p1bid3']")
    assert "Player 2 bids a card face down" in log_text(board)
    before = view.get_attribute("data-version")
    board.locator(".tl-screen select").select_option(label="Player 1")
    wait_redrawn(page, board, before)
    picture = board.locator(".tl-frame svg").inner_html()
    assert "p1bid3" not in picture and "face down" in picture


# -- issue 7: boards as a student meets them on a laptop -----------------------------------

def test_backyard_bot_turn_back_forward_and_a_second_board(page, lab, screenshots):
    """Issue 7, sections 2 and 3: on the bot's turn nothing glows and the board says the bot
    is thinking; Back then Forward returns to the human's decision; the second board keeps
    the patterns that are the colour-blind cue."""
    board = run_notebook_and_get_board(page, lab, "backyard-builders.ipynb")
    assert "Your move, Player 1" in status_text(board)
    mine = glowing(board)
    assert mine["targets"] and mine["glow"] and mine["faces"]
    click_target(page, board, "[data-target^='hand:'][data-target$=':up']")
    press(page, board, "Back")  # back to Player 1's decision
    assert glowing(board)["targets"] and "your decision again" in status_text(board)
    press(page, board, "Step")  # Player 1's move again
    press(page, board, "Step")  # the bot draws: now the bot must build
    bots = glowing(board)
    assert bots["targets"] == 0 and bots["glow"] == 0 and bots["faces"] == 0, bots
    assert "Click a glowing card" not in bots["text"] and "holds the hand" in bots["text"]
    assert "Player 2 (bot) is thinking: press Step or Autoplay" in status_text(board)
    assert "mod-info" in board.locator(".tl-button", has_text="Step").get_attribute("class")
    save_screenshot(page, board, screenshots / "backyard-bot-turn.png")
    press(page, board, "Back")
    press(page, board, "Forward")  # Back then Forward: Player 1's decision again
    assert glowing(board)["targets"] and "Your move, Player 1" in status_text(board)
    assert "your decision again" in status_text(board)
    press(page, board, "Explain")
    explanation = board.locator(".tl-explain").inner_text()
    assert "Your choices, Player 1" in explanation and "face up" in explanation
    # Every board on the page has its own ids, and each picture finds its own patterns.
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    # The tutorial's own boards, not its "try it" lesson segments (tl.Lesson.on).
    boards = page.locator(f"[id='{panel}'] {BOARD}:not(.tl-lesson-board)")
    assert boards.count() >= 3
    ids = page.evaluate("""() => [...document.querySelectorAll('.tl-frame [id]')]
                                 .map(n => n.id)""")
    assert ids and len(ids) == len(set(ids)), "two boards share an id"
    for i in range(boards.count()):
        other = boards.nth(i)
        other.locator(".tl-frame svg").wait_for(state="visible")
        refs = patterns_resolve(other)
        assert refs["refs"] and not refs["missing"], (i, refs)
    tie = boards.nth(1)
    assert "Player 2 wins the tie with Player 1 on 43 points" in status_text(tie)
    assert "farthest clockwise from the start player" in status_text(tie)
    save_screenshot(page, tie, screenshots / "backyard-tie.png")
    assert_fits_the_screen(page, tie)
    save_screenshot(page, boards.nth(2), screenshots / "backyard-three-players.png")
    assert_fits_the_screen(page, boards.nth(2))


def test_pyramids_shift_enter_runs_the_cell_after_a_piece_is_picked(page, lab, screenshots):
    """Issue 7, section 3: only plain Enter and Space belong to the board; Shift+Enter
    with a picked piece focused runs the cell (it used to say "Put back.")."""
    board = run_notebook_and_get_board(page, lab, "treehouse.ipynb")
    click_target(page, board, "[data-target]")
    picked = board.locator(".tl-frame .tl-selected").first
    assert picked.count() == 1
    tip = picked.locator("title").first.text_content()
    assert tip.startswith("Player 1's") and "click it to see where it can go" in tip
    save_screenshot(page, board, screenshots / "pyramids-board.png")
    assert_fits_the_screen(page, board)
    cell = board.element_handle().evaluate_handle("el => el.closest('.jp-Cell')")
    prompt = cell.as_element().query_selector(".jp-InputPrompt")
    index = cell.evaluate("c => [...c.parentElement.children].filter("
                          "n => n.classList.contains('jp-Cell')).indexOf(c)")
    before = prompt.inner_text()
    picked.focus()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        "([el, b]) => el.textContent !== b && !el.textContent.includes('*')",
        arg=[prompt, before], timeout=RUN_TIMEOUT_MS,
    )
    assert prompt.inner_text() != before  # the cell ran again (a new match, a new board)
    active = page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex")
    assert active == index + 1, (active, index)  # and the next cell is selected
    messages = page.locator(".tl-message").all_inner_texts()
    assert not any("Put back" in m for m in messages)


def test_big_tables_fit_a_laptop(page, lab, screenshots):
    """Issue 7, section 4: the 8-player pyramids table and a 5-player Backyard board at
    1366x768, and the autoplay buttons have visible names."""
    (lab.notebooks / "_big-tables.ipynb").write_text(json.dumps(notebook_of_cells([
        "import treehouse_lab as tl",
        'tl.Board(tl.load_game("pyramids", players=8), seed=3,\n'
        '         bots={p: "random" for p in range(1, 8)})',
        'tl.Board(tl.load_game("backyard", players=5, achievements=True), seed=4,\n'
        '         bots={p: "random" for p in range(1, 5)})',
    ])))
    board = run_notebook_and_get_board(page, lab, "_big-tables.ipynb")
    assert board.locator(".tl-frame svg").get_attribute("class") == "tl-board tl-pyramids"
    save_screenshot(page, board, screenshots / "pyramids-8-players.png")
    assert_fits_the_screen(page, board)
    names = board.locator(".tl-play button").evaluate_all(
        "nodes => nodes.map(n => getComputedStyle(n, '::after').content)")
    assert names[:2] == ['"Play"', '"Stop"'], names
    assert board.locator(".tl-autoplay-label").inner_text().startswith("Autoplay")
    backyard = page.locator(BOARD).nth(1)
    backyard.locator(".tl-frame svg").wait_for(state="visible")
    save_screenshot(page, backyard, screenshots / "backyard-5-players.png")
    assert_fits_the_screen(page, backyard)
