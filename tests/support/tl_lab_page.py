"""Driving a live board in a real JupyterLab page with Playwright: run a notebook, find its
board, click a target and wait for the kernel's redraw, read the status and the log.

Why in tests/support: every game's browser test drives its board the same way, and test
modules are imported in importlib mode, so they cannot import each other by name.
"""

from __future__ import annotations

from pathlib import Path

RUN_TIMEOUT_MS = 60_000
BOARD = ".tl-board-widget"


def run_notebook(page, lab, name: str) -> str:
    """Open ``name`` in JupyterLab and run every cell through JupyterLab's own command;
    returns the notebook panel's id once the last cell has run. A failed cell fails."""
    if not (lab.notebooks / name).exists():
        raise AssertionError(f"notebooks/{name} is missing")
    try:
        panel = _open_with_kernel(page, name, lab)
        # The command's promise settles when the last cell has run (or one failed).
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        _wait_finished(page, panel)
        _no_errors(page)
        return panel
    except Exception as exc:
        raise AssertionError(f"running {name} in JupyterLab failed: {exc}\n"
                             + lab.log_tail()) from exc


def _open_with_kernel(page, name: str, lab) -> str:
    """Open ``name``, wait for its kernel; the panel's id."""
    page.goto(lab.notebook_url(name))
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started",
                           timeout=RUN_TIMEOUT_MS)
    page.evaluate("() => window.jupyterapp.started")
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=RUN_TIMEOUT_MS)
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
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.id")


def _wait_finished(page, panel: str) -> None:
    """The notebook has finished when no cell is queued or running ("[*]") and the
    kernel is idle (it is idle for a moment between two queued cells, too)."""
    page.wait_for_function(
        """(id) => {
            const w = window.jupyterapp.shell.currentWidget;
            const k = w.sessionContext.session.kernel;
            const prompts = [...document.querySelectorAll(`[id='${id}'] .jp-InputPrompt`)];
            return k.status === 'idle' && !prompts.some(p => p.textContent.includes('*'));
        }""",
        arg=panel, timeout=RUN_TIMEOUT_MS, polling=250,
    )


def _no_errors(page) -> None:
    errors = page.locator(".jp-OutputArea-output[data-mime-type*='error']")
    if errors.count():
        raise AssertionError("a notebook cell failed:\n" + errors.first.inner_text())


def run_notebook_and_get_board(page, lab, name: str, index: int = 0):
    """Open ``name`` in JupyterLab, run every cell (``run_notebook``), and return the
    ``index``-th live board (a Playwright locator on ``.tl-board-widget``) once its SVG is
    drawn and the kernel idle."""
    panel = run_notebook(page, lab, name)
    board = page.locator(f"[id='{panel}'] {BOARD}").nth(index)
    try:
        board.locator(".tl-frame svg").wait_for(state="visible", timeout=RUN_TIMEOUT_MS)
    except Exception as exc:
        raise AssertionError(f"{name} ran but its board {index} was never drawn: {exc}\n"
                             + lab.log_tail()) from exc
    return board


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
    as a student scrolls to a board, and the picture to its own top (a tall one scrolls
    inside its frame); no hover glow."""
    board.evaluate("""el => {
        const frame = el.querySelector('.tl-frame');
        if (frame) frame.scrollTop = 0;
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


def notebook_of_cells(cells: list[str]) -> dict:
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                   "outputs": [], "source": src} for i, src in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def wait_redrawn(page, board, before: str) -> None:
    """Wait until the board's picture has a version other than ``before`` and is idle."""
    view = board.locator(".tl-board-view")
    page.wait_for_function(
        "([el, v]) => el.dataset.version !== v && !el.classList.contains('tl-thinking')",
        arg=[view.element_handle(), before], timeout=RUN_TIMEOUT_MS,
    )


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
