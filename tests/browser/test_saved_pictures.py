"""A notebook saved after play still shows its board's picture and caption when it is
reopened without the kernel that drew it (issue 47, "Pictures that survive").

What used to happen: JupyterLab saved the live board's output, a widget view; reopened (the
server trusts a notebook it saved itself, so it picks the widget view over any picture in
the same output), the widget manager found no such model and wrote "Error displaying
widget: model not found" where the board was. The test plays as a student does: run the
Treehouse tutorial in JupyterLab at 1366x768, make a move, save, close, shut the kernel
down, reopen; then it opens the same saved file in Notebook 7 (same server, same renderers).
"""

from __future__ import annotations

import json
import shutil
import urllib.request

import pytest
from tl_lab_page import RUN_TIMEOUT_MS, click_target, run_notebook_and_get_board

pytestmark = pytest.mark.browser

NAME = "_saved_after_play.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CAPTION = "A saved picture of the board: run this cell (Shift+Enter) to play on it."


def _shut_every_kernel_down(lab) -> None:
    """What "Shut Down All Kernels" does, through the server's REST API."""
    with urllib.request.urlopen(f"{lab.url}/api/sessions", timeout=10) as r:
        sessions = json.loads(r.read())
    for s in sessions:
        req = urllib.request.Request(f"{lab.url}/api/sessions/{s['id']}", method="DELETE")
        urllib.request.urlopen(req, timeout=30).close()
    with urllib.request.urlopen(f"{lab.url}/api/kernels", timeout=10) as r:
        assert json.loads(r.read()) == [], "a kernel is still running"


def _board_cell(nb: dict) -> dict:
    """The tutorial's first board cell (``board = tl.Board(...)``)."""
    return next(c for c in nb["cells"] if c["cell_type"] == "code"
                and "tl.Board(" in "".join(c["source"]))


def _wait_widgets_settled(page, panel_selector: str) -> None:
    """Wait until every widget view in the page has finished trying: none says "Loading
    widget..." any more (the manager looks for a missing model for 2 s, then gives up)."""
    page.wait_for_function(
        """(sel) => {
            const views = [...document.querySelectorAll(
                `${sel} .jp-OutputArea-output[data-mime-type$='widget-view+json']`)];
            return views.every(v => !v.textContent.includes('Loading widget'));
        }""", arg=panel_selector, timeout=RUN_TIMEOUT_MS, polling=250)
    page.wait_for_timeout(3000)  # the renderer's own 2 s wait for a model, and a margin


def _assert_picture_shows(page, where: str) -> None:
    cell = page.locator(".jp-Cell", has_text="tl.Board(").first
    cell.scroll_into_view_if_needed()
    text = page.locator(".jp-Notebook").first.inner_text()
    assert "model not found" not in text, f"{where}: the board shows the widget error"
    assert "Error displaying widget" not in text, f"{where}: the board shows a widget error"
    picture = cell.locator(".jp-OutputArea-output img").first
    picture.wait_for(state="visible", timeout=10_000)
    size = picture.evaluate("img => [img.naturalWidth, img.clientWidth, img.clientHeight]")
    assert size[0] > 100 and size[1] > 100 and size[2] > 100, f"{where}: picture {size}"
    assert CAPTION in cell.locator(".jp-OutputArea").inner_text(), \
        f"{where}: no caption saying the picture is not live"


def test_a_board_played_saved_and_reopened_shows_its_picture(page, lab):
    shutil.copy(lab.notebooks / "treehouse.ipynb", lab.notebooks / NAME)
    board = run_notebook_and_get_board(page, lab, NAME)
    # Play a move: a piece, then where it goes (the pyramids board needs two clicks).
    trio = board.locator(".tl-frame svg g[data-trio='0']").first
    before = trio.get_attribute("data-arrangement")
    click_target(page, board, "[data-target]")
    click_target(page, board, ".tl-target:not(.tl-selected)")
    assert trio.get_attribute("data-arrangement") != before, "the move was not played"
    live = page.locator(".jp-Cell", has_text="tl.Board(").first
    assert live.locator(".jp-OutputArea-output img").count() >= 1, "no saved picture output"
    assert not live.locator(".jp-OutputArea-output img").first.is_visible(), \
        "the saved picture shows under the live board"
    assert CAPTION not in live.locator(".jp-OutputArea").inner_text()

    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function(
        "() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
        timeout=RUN_TIMEOUT_MS)
    saved = json.loads((lab.notebooks / NAME).read_text())
    outputs = _board_cell(saved)["outputs"]
    kinds = [sorted(o.get("data", {})) for o in outputs]
    print("the board cell as JupyterLab saved it:", kinds)
    assert any(WIDGET_VIEW in k for k in kinds), f"no live board was saved: {kinds}"

    page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
    page.wait_for_function("() => !document.querySelector('.jp-NotebookPanel')",
                           timeout=RUN_TIMEOUT_MS)
    _shut_every_kernel_down(lab)

    # Reopened in JupyterLab: it starts a fresh kernel, which has no board.
    page.goto(lab.notebook_url(NAME))
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started",
                           timeout=RUN_TIMEOUT_MS)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=RUN_TIMEOUT_MS)
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            const k = w && w.sessionContext && w.sessionContext.session
                && w.sessionContext.session.kernel;
            return k && k.connectionStatus === 'connected' && k.status === 'idle';
        }""", timeout=RUN_TIMEOUT_MS)
    _wait_widgets_settled(page, ".jp-NotebookPanel")
    _assert_picture_shows(page, "JupyterLab")

    page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
    _shut_every_kernel_down(lab)
    # The same file in Notebook 7 (the same server serves it at /notebooks/...).
    page.goto(f"{lab.url}/notebooks/notebooks/{NAME}")
    try:
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=RUN_TIMEOUT_MS)
    except Exception as exc:
        page.screenshot(path="/tmp/nb7.png")
        raise AssertionError(f"Notebook 7 did not open: {page.url}\n{lab.log_tail()}") from exc
    page.wait_for_function(f"""async () => {{
        const r = await fetch('{lab.url}/api/kernels');
        const ks = await r.json();
        return ks.length === 1 && ks[0].execution_state === 'idle';
    }}""", timeout=RUN_TIMEOUT_MS, polling=500)
    assert "/lab" not in page.url, page.url
    _wait_widgets_settled(page, ".jp-Notebook")
    _assert_picture_shows(page, "Notebook 7")
    _shut_every_kernel_down(lab)
