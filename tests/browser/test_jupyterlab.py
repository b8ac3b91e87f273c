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

ROOT = Path(__file__).resolve().parents[2]
TOYGAME = ROOT / "tests" / "support" / "tl_toygame.py"
TOYORCHARD = ROOT / "tests" / "support" / "tl_toyorchard.py"

pytestmark = pytest.mark.browser

RUN_TIMEOUT_MS = 60_000
BOARD = ".tl-board-widget"


def run_notebook_and_get_board(page, lab, name: str, index: int = 0):
    """Open ``name`` in JupyterLab, run every cell, and return the ``index``-th live board
    (a Playwright locator on ``.tl-board-widget``) once its SVG is drawn and idle."""
    if not (lab.notebooks / name).exists():
        raise AssertionError(f"notebooks/{name} is missing")
    page.goto(lab.notebook_url(name))
    try:
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started",
                               timeout=RUN_TIMEOUT_MS)
        page.evaluate("() => window.jupyterapp.started")
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=RUN_TIMEOUT_MS)
        # Wait for the kernel, then run everything through JupyterLab's own command.
        page.wait_for_function(
            """() => {
                const w = window.jupyterapp.shell.currentWidget;
                const k = w && w.sessionContext && w.sessionContext.session
                    && w.sessionContext.session.kernel;
                return k && k.connectionStatus === 'connected'
                    && ['idle', 'busy'].includes(k.status);
            }""",
            timeout=RUN_TIMEOUT_MS,
        )
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
        board = page.locator(f"[id='{panel}'] {BOARD}").nth(index)
        board.locator(".tl-frame svg").wait_for(state="visible", timeout=RUN_TIMEOUT_MS)
        # The notebook has finished when no cell is queued or running ("[*]") and the
        # kernel is idle (it is idle for a moment between two queued cells, too).
        page.wait_for_function(
            """(id) => {
                const w = window.jupyterapp.shell.currentWidget;
                const k = w.sessionContext.session.kernel;
                const prompts = [...document.querySelectorAll(`[id='${id}'] .jp-InputPrompt`)];
                return k.status === 'idle' && !prompts.some(p => p.textContent.includes('*'));
            }""",
            arg=panel, timeout=RUN_TIMEOUT_MS, polling=250,
        )
        errors = page.locator(".jp-OutputArea-output[data-mime-type*='error']")
        if errors.count():
            raise AssertionError("a notebook cell failed:\n" + errors.first.inner_text())
        return board
    except Exception as exc:
        raise AssertionError(f"running {name} in JupyterLab failed: {exc}\n"
                             + lab.log_tail()) from exc


def click_target(page, board, selector: str) -> None:
    """Click the first ``selector`` inside the board's SVG and wait for the kernel's
    answer (the picture's version changes, or at least the thinking state ends)."""
    view = board.locator(".tl-board-view")
    before = view.get_attribute("data-version")
    try:
        board.locator(f".tl-frame {selector}").first.wait_for(state="visible", timeout=10_000)
        # Pick a match that is on top at its own centre (pieces may be stacked, and a
        # player clicks what is visible), then click it as a user would.
        tid = board.locator(".tl-frame").evaluate(
            """(frame, sel) => {
                for (const n of frame.querySelectorAll(sel)) {
                    n.scrollIntoView({block: 'center'});
                    const r = n.getBoundingClientRect();
                    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                    if (hit && hit.closest('[data-target]') === n) {
                        return n.getAttribute('data-target');
                    }
                }
                return null;
            }""",
            selector,
        )
        if tid is None:
            raise AssertionError(f"no {selector!r} target is uncovered at its centre")
        board.locator(f".tl-frame [data-target='{tid}']").click()
        page.wait_for_function(
            """([el, v]) => el.dataset.version !== v && !el.classList.contains('tl-thinking')""",
            arg=[view.element_handle(), before],
            timeout=RUN_TIMEOUT_MS,
        )
    except Exception as exc:
        targets = board.locator(".tl-frame [data-target]").evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('data-target'))")
        raise AssertionError(
            f"clicking {selector!r} on the board failed: {exc}\n"
            f"clickable targets: {targets}\nstatus: {board.locator('div.tl-status').inner_text()}"
        ) from exc


def board_at_top(page, board) -> None:
    """Scroll the notebook so that the board's top is at the top of the notebook's view,
    as a student scrolls to a board; no hover glow."""
    board.evaluate("""el => {
        const scroller = el.closest('.jp-WindowedPanel-outer, .jp-Notebook');
        const top = el.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
        scroller.scrollTop += top - 4;
    }""")
    page.mouse.move(0, 0)
    page.wait_for_timeout(300)


def save_screenshot(page, board, path: Path) -> None:
    """The whole 1366x768 window with the board at the top of the notebook: what a student
    sees on a laptop, for the README and for review."""
    board_at_top(page, board)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), animations="disabled")


def assert_fits_the_screen(page, board) -> None:
    """With the board at the top of the notebook, its picture is not clipped, its text is
    readable, and the status line under it is on the screen (issue 7, section 4)."""
    board_at_top(page, board)
    m = board.evaluate("""el => {
        const svg = el.querySelector('.tl-frame svg');
        const frame = el.querySelector('.tl-frame').getBoundingClientRect();
        const box = svg.getBoundingClientRect();
        const scale = box.width / svg.viewBox.baseVal.width;
        const sizes = [...svg.querySelectorAll('text')]
            .map(t => parseFloat(t.getAttribute('font-size') || '0')).filter(v => v > 0);
        const status = el.querySelector('div.tl-status').getBoundingClientRect();
        return {svgRight: box.right, frameRight: frame.right, svgLeft: box.left,
                frameLeft: frame.left, smallest: Math.min(...sizes) * scale,
                statusBottom: status.bottom, screen: window.innerHeight};
    }""")
    assert m["svgLeft"] >= m["frameLeft"] - 1 and m["svgRight"] <= m["frameRight"] + 1, m
    assert m["smallest"] >= 9, f"text drawn at {m['smallest']:.1f}px: too small"
    assert m["statusBottom"] <= m["screen"], f"the status line is below the screen: {m}"


def svg_attr(board, selector: str, name: str) -> str | None:
    return board.locator(f".tl-frame svg {selector}").first.get_attribute(name)


def log_text(board) -> str:
    return board.locator(".tl-log").inner_text()


def _notebook(cells: list[str]) -> dict:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                   "outputs": [], "source": src} for i, src in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


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
    (lab.notebooks / "_toy-board.ipynb").write_text(json.dumps(_notebook([
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


def wait_redrawn(page, board, before: str) -> None:
    """Wait until the board's picture has a version other than ``before`` and is idle."""
    view = board.locator(".tl-board-view")
    page.wait_for_function(
        "([el, v]) => el.dataset.version !== v && !el.classList.contains('tl-thinking')",
        arg=[view.element_handle(), before], timeout=RUN_TIMEOUT_MS,
    )


def test_toy_orchard_seat_at_the_screen(page, lab):
    """Two humans share one screen in a game with secret bids: the "At the screen" menu
    decides whose cards are drawn and for whom clicks act."""
    shutil.copy(TOYORCHARD, lab.notebooks / "_toyorchard.py")
    (lab.notebooks / "_orchard-board.ipynb").write_text(json.dumps(_notebook([
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

def press(page, board, button: str) -> None:
    """Press one of the board's buttons (Step, Back, Forward...) and wait for the redraw."""
    view = board.locator(".tl-board-view")
    before = view.get_attribute("data-version")
    board.locator(".tl-button", has_text=button).first.click()
    wait_redrawn(page, board, before)


def status_text(board) -> str:
    return board.locator("div.tl-status").inner_text()


def glowing(board) -> dict:
    """What the picture offers to click: targets, glowing cards, face-up hand cards."""
    return board.locator(".tl-frame").evaluate("""frame => ({
        targets: frame.querySelectorAll('[data-target]').length,
        glow: frame.querySelectorAll('rect[fill="#FFE9A8"]').length,
        faces: frame.querySelectorAll('.tl-hand-card').length,
        text: frame.querySelector('svg').textContent,
    })""")


def patterns_resolve(board) -> dict:
    """Every url(#id) the board's picture uses names an element inside the same picture."""
    return board.locator(".tl-frame").evaluate("""frame => {
        const refs = [];
        for (const n of frame.querySelectorAll('*')) {
            for (const a of n.attributes) {
                for (const m of a.value.matchAll(/url\\(#([^)]+)\\)/g)) refs.push(m[1]);
            }
        }
        const missing = refs.filter(id => !frame.querySelector('#' + CSS.escape(id)));
        return {refs: refs.length, missing: [...new Set(missing)]};
    }""")


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
    boards = page.locator(f"[id='{panel}'] {BOARD}")
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
    assert "wins the tie with Player 3 on 8 points" in status_text(tie)
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
    (lab.notebooks / "_big-tables.ipynb").write_text(json.dumps(_notebook([
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
