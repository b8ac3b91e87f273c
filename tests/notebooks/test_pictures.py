"""Committed notebooks show their pictures before anyone runs them (issue 7, section 1).

JupyterLab does not draw the SVG outputs of an untrusted notebook, and a widget view draws
nothing without a kernel. ``tools/make_pictures.py`` therefore saves every SVG output with
a PNG twin and drops the widget views: a live board's cell keeps the saved picture the
board publishes beside its widget (``treehouse_lab/boards/saved.py``, issue 47). What these
tests check without running anything:

* every SVG output has a PNG made from exactly that SVG (its recorded hash), so the PNG a
  reader sees is the picture the code drew;
* every cell with a picture is tagged ``nbval-check-output``, so the test run (nbval)
  compares each committed SVG with the one the code draws now: together, the pictures are
  current;
* no widget views or widget state are saved, and no output shows a memory address;
* nbval's directives are cell tags, never comments in a student's code; formulas in the
  prose are LaTeX; the rulings the notebooks cite are linked, and the links lead to files.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
# learn/: the lesson apps; teacher/: the solutions notebooks (teachers' material).
PATHS = sorted([*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("learn/*.ipynb"),
                *(ROOT / "teacher").glob("*.ipynb")])
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}\b")
NBVAL_TAGS = {"nbval-check-output", "nbval-ignore-output", "nbval-skip", "raises-exception"}


def _tool():
    path = ROOT / "tools" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load(path: Path) -> dict:
    return json.loads(path.read_text())


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def _outputs():
    for path in PATHS:
        for i, cell in enumerate(_load(path)["cells"]):
            for out in cell.get("outputs", []):
                yield path.name, i, cell, out


def test_there_are_notebooks_and_pictures():
    assert len(PATHS) >= 6
    pictures = [o for *_, o in _outputs() if "image/svg+xml" in o.get("data", {})]
    assert len(pictures) >= 12


def test_every_svg_has_the_png_made_from_it():
    tool = _tool()
    for name, i, _cell, out in _outputs():
        data = out.get("data", {})
        if "image/svg+xml" not in data:
            continue
        where = f"{name} cell {i}"
        assert "image/png" in data, f"{where}: an SVG without its PNG (run tools/make_pictures.py)"
        png = base64.b64decode(_text(data["image/png"]))
        assert png.startswith(PNG_MAGIC), f"{where}: the PNG is not a PNG"
        made_from = out.get("metadata", {}).get(tool.META_KEY, {}).get(tool.SVG_HASH)
        assert made_from == tool.svg_hash(data["image/svg+xml"]), \
            f"{where}: the PNG was made from another SVG (run tools/make_pictures.py)"


def _png_height(png: bytes) -> int:
    """The height in the PNG's IHDR chunk (bytes 20-24, big-endian)."""
    return int.from_bytes(png[20:24], "big")


def test_every_saved_board_picture_says_it_is_not_live():
    """Issue 18: a saved board looks like a live one; its PNG (what GitHub, an untrusted
    JupyterLab and the offline site show before the cell runs) carries a caption band above
    the board saying to run the cell. Plots get no caption."""
    tool = _tool()
    boards = 0
    for name, i, _cell, out in _outputs():
        data = out.get("data", {})
        if tool.is_saved_board(data):  # a live board's picture: the caption is HTML text
            boards += 1
            page = _text(data["text/html"])
            assert tool.CAPTION in page and '<img src="data:image/svg+xml;base64,' in page, \
                f"{name} cell {i}: a saved board picture without its caption or image"
            continue
        if "image/svg+xml" not in data:
            continue
        svg = _text(data["image/svg+xml"])
        meta = out.get("metadata", {}).get(tool.META_KEY, {})
        where = f"{name} cell {i}"
        if not tool.is_board(svg):
            assert tool.CAPTION_KEY not in meta, f"{where}: a caption on a picture not a board"
            continue
        boards += 1
        assert meta.get(tool.CAPTION_KEY) == tool.CAPTION, \
            f"{where}: a board picture without its caption (run tools/make_pictures.py)"
        svg_height = float(re.search(r'height="([\d.]+)"', svg[:svg.find(">")]).group(1))
        png = base64.b64decode(_text(data["image/png"]))
        assert _png_height(png) >= svg_height + 20, f"{where}: the PNG has no caption band"
    assert boards >= 12


def test_every_picture_is_compared_with_a_fresh_one_by_nbval():
    tool = _tool()
    for name, i, cell, out in _outputs():
        if tool.has_picture(out):
            tags = cell.get("metadata", {}).get("tags", [])
            assert "nbval-check-output" in tags, f"{name} cell {i}: picture not checked"


def test_no_widget_views_or_widget_state_are_saved():
    for path in PATHS:
        nb = _load(path)
        assert "widgets" not in nb["metadata"], f"{path.name} saves widget state"
    for name, i, _cell, out in _outputs():
        assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {}), \
            f"{name} cell {i} saves a widget view (it draws nothing before the cell runs)"


def test_no_output_shows_a_memory_address():
    for name, i, _cell, out in _outputs():
        texts = [_text(out.get("text", ""))] + [
            _text(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
        for text in texts:
            assert not ADDRESS.search(text), f"{name} cell {i}: {ADDRESS.search(text)[0]}"


def test_nbval_directives_are_cell_tags_not_comments():
    for path in PATHS:
        for i, cell in enumerate(_load(path)["cells"]):
            assert "NBVAL" not in _text(cell["source"]).upper(), f"{path.name} cell {i}"
            tags = set(cell.get("metadata", {}).get("tags", []))
            nbval = {t for t in tags if t.startswith("nbval") or t == "raises-exception"}
            assert nbval <= NBVAL_TAGS, f"{path.name} cell {i}: {nbval - NBVAL_TAGS}"


def _prose_outside_math(source: str) -> str:
    source = re.sub(r"\$\$.*?\$\$", " ", source, flags=re.S)
    source = re.sub(r"\$[^$]+\$", " ", source)
    return re.sub(r"`[^`]*`", " ", source)


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_formulas_in_the_prose_are_latex(path):
    """Defect (issue 7): formulas such as c_{n−1} and (2+√2)^{n+1} were plain text."""
    for i, cell in enumerate(_load(path)["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        prose = _prose_outside_math(_text(cell["source"]))
        for sign in ("^{", "_{", "Σ", "√", "ⁿ", "x²", "b_k", "V(s) ="):
            assert sign not in prose, f"{path.name} cell {i}: {sign!r} outside LaTeX"


def test_the_counting_notebook_has_its_formulas():
    cells = _load(NOTEBOOKS / "treehouse-counting.ipynb")["cells"]
    prose = "".join(_text(c["source"]) for c in cells if c["cell_type"] == "markdown")
    for formula in (r"c_n = 4c_{n-1} - 2c_{n-2}", r"(2+\sqrt{2})^{n+1}", r"\sum_{f \notin R}"):
        assert formula in prose


LINK = re.compile(r"\]\((\.\./docs/rulings/[^)#\s]+)\)")


def test_the_rulings_the_notebooks_cite_are_linked_and_exist():
    """Issue 7, section 7: the notebooks link the rulings pages, and the links lead there
    (the README's lab command serves the checkout, so ../docs is in reach)."""
    for path in PATHS:
        cells = _load(path)["cells"]
        prose = "\n".join(_text(c["source"]) for c in cells if c["cell_type"] == "markdown")
        links = LINK.findall(prose)
        if re.search(r"docs/rulings|rulings? R\d", prose):
            assert links, f"{path.name} cites the project's rulings without a link"
        for link in links:
            assert (NOTEBOOKS / link).resolve().is_file(), f"{path.name}: {link}"


def test_the_tool_twins_each_svg_tags_its_cell_and_drops_widget_views():
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    tool = _tool()
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'
    board = new_output("execute_result", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": "x", "version_major": 2,
                                                     "version_minor": 0},
        "image/svg+xml": svg, "text/plain": "<Arrangement L> S M>"}, execution_count=1)
    plain = new_output("stream", name="stdout", text="no picture\n")
    nb = new_notebook(cells=[new_code_cell("board", outputs=[board]),
                             new_code_cell("print('no picture')", outputs=[plain])],
                      metadata={"widgets": {"state": {}}})
    asked = []

    def rasterise(text, caption=None):
        asked.append(caption)
        return PNG_MAGIC + text.encode()

    made = tool.add_pictures(nb, rasterise)
    assert made == 1 and "widgets" not in nb.metadata
    out = nb.cells[0].outputs[0]
    assert set(out.data) == {"image/svg+xml", "image/png", "text/plain"}
    assert base64.b64decode(out.data["image/png"]) == PNG_MAGIC + svg.encode()
    assert out.metadata[tool.META_KEY][tool.SVG_HASH] == tool.svg_hash(svg)
    assert asked == [None] and tool.CAPTION_KEY not in out.metadata[tool.META_KEY], \
        "a picture that is not a board gets no caption"
    assert nb.cells[0].metadata["tags"] == ["nbval-check-output"]
    assert "tags" not in nb.cells[1].metadata
    nbformat.validate(nb)


def test_the_tool_keeps_a_live_boards_picture_and_drops_its_widget_view():
    """Issue 47: a live board is two outputs, its widget view and its saved picture; the
    tool drops the first and keeps the second (made from the SVG alone, so nbval compares
    it with a fresh run). A board saved the old way (widget view, SVG and repr in one
    output) becomes that picture too."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    from treehouse_lab.boards import saved

    tool = _tool()
    svg = '<svg xmlns="http://www.w3.org/2000/svg" class="tl-board" width="4" height="4"/>'
    view = {"model_id": "x", "version_major": 2, "version_minor": 0}
    live = [new_output("display_data", data={saved.WIDGET_VIEW: view}),
            new_output("display_data", data=saved.picture_output(svg))]
    old = new_output("execute_result", data={saved.WIDGET_VIEW: view, "image/svg+xml": svg,
                                             "text/plain": "<Lesson x step 1 of 3: X>"},
                     execution_count=1)
    nb = new_notebook(cells=[new_code_cell("board", outputs=live),
                             new_code_cell("lesson", outputs=[old])])
    made = tool.add_pictures(nb, lambda text, caption=None: PNG_MAGIC)
    assert made == 0, "a saved board picture needs no PNG: every viewer draws its HTML"
    for cell in nb.cells:
        assert [dict(o.data) for o in cell.outputs] == [saved.picture_output(svg)]
        assert cell.metadata["tags"] == ["nbval-check-output"]
    nbformat.validate(nb)
