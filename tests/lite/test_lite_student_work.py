"""A student's work on the offline site (issue 47, item 5): JupyterLite keeps every edit in
this browser (IndexedDB), apart from the site's file, so each notebook shows, in words,
"Download my work" (a copy of the edited notebook on this computer) and "Reset to the
original" (forget this browser's copy: the site's file shows again), both reachable by
keyboard, and nothing leaves 127.0.0.1 while they work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NAME = "start.ipynb"
#: The code cell a student edits here: the start notebook's only one.
ORIGINAL = next("".join(c["source"]) for c in json.loads(
    (ROOT / "notebooks" / NAME).read_text(encoding="utf-8"))["cells"]
    if c["cell_type"] == "code")
EDIT = "# my own note: try players=4"
#: The source of every code cell of the lab's current notebook, from its model.
CODE_SOURCES = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === 'code') out.push(cell.sharedModel.getSource());
  }
  return out;
}"""
LOADED = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(w && w.context && w.context.isReady && w.content.model.cells.length > 1);
}"""
SAVED = "() => !window.jupyterapp.shell.currentWidget.context.model.dirty"
LAPTOP = {"width": 1366, "height": 768}

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _open(page, url: str) -> None:
    """``NAME`` in the site's lab, its cells read from the browser's storage or the site."""
    page.goto(f"{url}/lab/index.html?path={NAME}")
    page.wait_for_function(LOADED, timeout=120_000, polling=250)


def _button(page, label: str):
    """The notebook toolbar's button whose accessible name is ``label``."""
    return page.locator(".jp-NotebookPanel-toolbar").get_by_role("button", name=label,
                                                                  exact=True)


def _edit(page) -> None:
    """Type ``EDIT`` as a first line of the code cell, as a student would."""
    page.locator(".jp-NotebookPanel .jp-CodeCell .cm-content").first.click()
    page.keyboard.press("Control+Home")
    page.keyboard.type(EDIT)
    page.keyboard.press("Enter")


def _edit_and_save(page) -> None:
    """``_edit``, and save (Ctrl+S)."""
    _edit(page)
    page.keyboard.press("Control+s")
    page.wait_for_function(SAVED, timeout=30_000)


def test_each_notebook_shows_download_and_reset_in_words(lite_page):
    page = lite_page.page
    page.set_viewport_size(LAPTOP)
    _open(page, lite_page.url)
    for label in ("Download my work", "Reset to the original"):
        button = _button(page, label)
        assert button.count() == 1, f"no {label!r} button on the notebook's toolbar"
        assert button.is_visible() and button.is_enabled()
        words = page.locator(".jp-NotebookPanel-toolbar").get_by_text(label, exact=True)
        assert words.is_visible(), f"{label!r} is not shown in words"
        box = words.bounding_box()
        assert box["x"] + box["width"] <= LAPTOP["width"], f"{label!r} is cut off at 1366 px"
    lite_page.offline.check()


def test_download_my_work_saves_the_students_edit_to_this_computer(lite_page, tmp_path):
    """By keyboard: the button takes focus and Enter downloads the notebook, edit included
    (typed but not saved: the download saves first)."""
    page = lite_page.page
    page.set_viewport_size(LAPTOP)
    _open(page, lite_page.url)
    _edit(page)
    button = _button(page, "Download my work")
    button.focus()
    with page.expect_download(timeout=30_000) as got:
        page.keyboard.press("Enter")
    download = got.value
    assert download.suggested_filename == NAME
    target = tmp_path / NAME
    download.save_as(target)
    saved = json.loads(target.read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in saved["cells"] if c["cell_type"] == "code"]
    assert code == [EDIT + "\n" + ORIGINAL]
    lite_page.offline.check()


def test_reset_to_the_original_brings_back_the_sites_notebook(lite_page):
    """Edit, save, and the edit is still there after the page is loaded again (it lives in
    this browser); Reset (by keyboard, then the dialog's confirm) and the notebook opened
    again is the site's original."""
    page = lite_page.page
    page.set_viewport_size(LAPTOP)
    _open(page, lite_page.url)
    assert page.evaluate(CODE_SOURCES) == [ORIGINAL]
    _edit_and_save(page)
    _open(page, lite_page.url)
    assert page.evaluate(CODE_SOURCES) == [EDIT + "\n" + ORIGINAL], "the saved edit is kept"

    button = _button(page, "Reset to the original")
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator(".jp-Dialog")
    dialog.wait_for(timeout=30_000)
    assert NAME in dialog.inner_text(), "the dialog names the notebook it resets"
    assert page.locator(".lm-TabBar-tab", has_text=NAME).count() == 1, "reset unasked"
    dialog.locator(".jp-mod-accept").click()
    page.locator(".lm-TabBar-tab", has_text=NAME).wait_for(state="detached", timeout=30_000)

    _open(page, lite_page.url)
    assert page.evaluate(CODE_SOURCES) == [ORIGINAL]
    lite_page.offline.check()


def test_the_start_pages_say_where_work_is_kept_and_name_the_buttons(lite_site: Path):
    """The site's front page and the start notebook say that work stays in this browser
    and name the toolbar's buttons as the toolbar shows them (lite/overrides.json)."""
    toolbar = json.loads((ROOT / "lite" / "overrides.json").read_text())[
        "@jupyterlab/notebook-extension:panel"]["toolbar"]
    labels = [item["label"] for item in toolbar]
    front = (lite_site / "index.html").read_text(encoding="utf-8")
    start = "".join(json.loads((lite_site / "files" / NAME).read_text())["cells"][0]["source"])
    for page, text in (("the front page", front), (NAME, start)):
        assert "Where your work is kept" in text and "this browser" in text, page
        assert "site data" in text, f"{page} does not say what clears the work"
        for label in labels:
            assert label in text, f"{page} does not name {label!r}"
