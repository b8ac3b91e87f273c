"""Committed notebooks opened in JupyterLab without running them (issue 7, sections 1 and 7).

A notebook a student downloads or opens on Binder is not trusted, and nothing has run: the
boards and pictures must show anyway, and no output may show a memory address. The links
to the rulings the notebooks cite must open.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from treehouse_lab.boards.saved import PICTURE_CLASS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
OPEN_TIMEOUT_MS = 60_000
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}\b")

pytestmark = pytest.mark.browser


def pictures_in(path: Path) -> int:
    """How many pictures the notebook file holds, each drawn as an ``<img>``: its image
    outputs, and each live board's saved picture (boards/saved.py: an HTML output whose
    board is an ``<img>``)."""
    cells = json.loads(path.read_text())["cells"]
    return sum(1 for c in cells for o in c.get("outputs", [])
               if any(k.startswith("image/") for k in o.get("data", {}))
               or f'class="{PICTURE_CLASS}"' in "".join(o.get("data", {}).get("text/html", "")))


def open_without_running(page, lab, name: str) -> str:
    """Open ``notebooks/<name>`` and wait until its cells are drawn; returns the panel id."""
    page.goto(lab.notebook_url(name))
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started",
                           timeout=OPEN_TIMEOUT_MS)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=OPEN_TIMEOUT_MS)
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.id")


@pytest.fixture(scope="module")
def lab_page(browser, lab):
    """One JupyterLab page for the notebooks of the test below, each opened in turn as a
    student opens a second notebook from the file browser: loading the whole lab again for
    each of them cost about 8 s a notebook and showed nothing more."""
    context = browser.new_context(viewport={"width": 1366, "height": 768},
                                  device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{lab.url}/lab?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started",
                           timeout=OPEN_TIMEOUT_MS)
    page.evaluate("() => window.jupyterapp.started")
    yield page
    context.close()


def open_in_the_lab(page, name: str) -> str:
    """Close what is open, open ``notebooks/<name>`` through the lab's own command and wait
    until its cells are drawn; returns the panel id."""
    panel = page.evaluate("""async path => {
        const app = window.jupyterapp;
        await app.commands.execute('application:close-all');
        const widget = await app.commands.execute('docmanager:open', {path});
        await widget.context.ready;
        return widget.id;
    }""", f"notebooks/{name}")
    page.wait_for_selector(f"[id='{panel}'] .jp-Cell", timeout=OPEN_TIMEOUT_MS)
    return panel


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_picture_is_drawn_before_running(lab_page, lab, name):
    page = lab_page
    expected = pictures_in(lab.notebooks / name)
    panel = open_in_the_lab(page, name)
    trusted = page.evaluate("""id => {
        const panel = [...window.jupyterapp.shell.widgets('main')].find(w => w.id === id);
        const cells = panel.content.model.cells;
        return [...Array(cells.length).keys()].map(i => cells.get(i)).some(
            c => c.type === 'code' && c.outputs.length > 0 && c.trusted);
    }""", panel)
    assert not trusted, "the test must see the notebook as a student does: untrusted"
    outputs = f"[id='{panel}'] .jp-OutputArea-output"
    page.wait_for_function(
        """([sel, n]) => {
            const imgs = [...document.querySelectorAll(sel + ' img')];
            return imgs.length >= n && imgs.every(i => i.complete && i.naturalWidth > 0);
        }""",
        arg=[outputs, expected], timeout=OPEN_TIMEOUT_MS,
    )
    drawn = page.evaluate("""sel => [...document.querySelectorAll(sel + ' img')].map(i => ({
        natural: i.naturalWidth, shown: i.getBoundingClientRect().width,
        room: i.closest('.jp-OutputArea-output').getBoundingClientRect().width}))""", outputs)
    assert len(drawn) == expected, (len(drawn), expected)
    for img in drawn:  # drawn, and not clipped: it fits the output area
        assert img["natural"] > 0 and 0 < img["shown"] <= img["room"] + 1, img
    texts = page.locator(outputs).all_inner_texts()
    for text in texts:
        assert not ADDRESS.search(text), f"a memory address is shown: {text[:200]!r}"
        assert "Cannot display" not in text and "Error displaying widget" not in text, text


def test_the_rulings_links_open(page, lab):
    """Issue 7, section 7: the notebooks cite docs/rulings/; their links open the page."""
    panel = open_without_running(page, lab, "treehouse.ipynb")
    link = page.locator(
        f"[id='{panel}'] .jp-RenderedMarkdown a[href*='docs/rulings/pyramids.md']").first
    link.wait_for(state="visible", timeout=OPEN_TIMEOUT_MS)
    link.click()
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            return w && w.title && w.title.label === 'pyramids.md';
        }""",
        timeout=OPEN_TIMEOUT_MS,
    )
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp.shell.currentWidget;
            return w.context && w.context.isReady && w.context.model.toString().length > 0;
        }""",
        timeout=OPEN_TIMEOUT_MS,
    )
    text = page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.context.model.toString()")
    assert text == (ROOT / "docs" / "rulings" / "pyramids.md").read_text()
