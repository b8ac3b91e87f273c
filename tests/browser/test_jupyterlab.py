"""Boards in a real JupyterLab: run a notebook, click the board, see the game change.

Each game needs only: the notebook's name, which targets to click, and which data
attribute of the SVG proves the move happened (see ``run_notebook_and_get_board``).
"""

from __future__ import annotations

import json
import shutil
import time
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
    if not (lab.root / name).exists():
        raise AssertionError(f"notebooks/{name} is missing")
    page.goto(f"{lab.url}/lab/tree/{name}?reset")  # ?reset: no tabs restored from before
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
            f"clickable targets: {targets}\nstatus: {board.locator('.tl-status').inner_text()}"
        ) from exc


def save_screenshot(page, board, path: Path, margin: int = 4) -> None:
    """The live board with a little of the notebook around it, for the README."""
    height = board.bounding_box()["height"]
    page.set_viewport_size({"width": 1280, "height": int(height) + 200})
    board.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.mouse.move(0, 0)  # no hover glow in the picture
    page.wait_for_timeout(300)
    box = board.bounding_box()
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), animations="disabled", clip={
        "x": box["x"] - margin, "y": box["y"] - margin,
        "width": box["width"] + 2 * margin, "height": box["height"] + 2 * margin,
    })


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
    t0 = time.monotonic()
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
    assert time.monotonic() - t0 < 90


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
    shutil.copy(TOYGAME, lab.root / "_toygame.py")
    (lab.root / "_toy-board.ipynb").write_text(json.dumps(_notebook([
        "import treehouse_lab as tl\nfrom _toygame import ToyGame",
        "board = tl.Board(ToyGame(), seed=1, bots={1: 'random'})\nboard",
    ])))
    t0 = time.monotonic()
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
    status = board.locator(".tl-status").inner_text()
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
    assert time.monotonic() - t0 < 90


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
    shutil.copy(TOYORCHARD, lab.root / "_toyorchard.py")
    (lab.root / "_orchard-board.ipynb").write_text(json.dumps(_notebook([
        "import treehouse_lab as tl\nfrom _toyorchard import OrchardGame",
        "board = tl.Board(OrchardGame(), seed=1, viewer=0)\nboard",
    ])))
    board = run_notebook_and_get_board(page, lab, "_orchard-board.ipynb")
    click_target(page, board, "[data-target='water']")
    click_target(page, board, "[data-target='water']")
    # Player 1 has tended; the screen is Player 1's, so nothing is clickable for Player 2.
    assert board.locator(".tl-frame [data-target]").count() == 0
    assert "the screen is Player 1's" in board.locator(".tl-status").inner_text()
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
