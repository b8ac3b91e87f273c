"""Run the notebooks and save them with pictures that show before anyone runs them.

Why: JupyterLab does not draw the SVG outputs of a notebook that is not trusted (and a
notebook a student downloads, or opens on Binder, is not), and a live board's widget view
draws nothing without a kernel. So every committed SVG output carries a PNG twin, which
untrusted JupyterLab, GitHub, nbviewer and JupyterLite all draw. A live Board or Lesson
publishes its widget view and, as an output of its own, its picture with a caption
(``treehouse_lab/boards/saved.py``: an HTML image of the SVG, which those draw too); this
tool drops the widget views, so a committed board is that picture until the cell runs. No
widget state is saved in the notebooks.

What keeps the pictures current (without running this tool in CI):

* every cell with a picture is tagged ``nbval-check-output`` (this tool adds the tag), so
  the test run (nbval) runs the notebook and compares each committed SVG, and each saved
  board picture (its HTML holds the SVG), with the one the code draws now;
* each PNG records the SHA-256 of the SVG it was made from
  (``output.metadata["treehouse_lab"]["png_of_svg"]``), and
  ``tests/notebooks/test_pictures.py`` checks that it is the SVG beside it.

So a change to a renderer fails the tests until this tool is run again::

    python tools/make_pictures.py                 # every notebook, teacher/ too
    python tools/make_pictures.py treehouse.ipynb
    python tools/make_pictures.py teacher/backyard-exercises-solutions.ipynb

The solutions notebooks are teachers' material and live in ``teacher/``, apart from the
students' ``notebooks/``; their pictures are kept current the same way (nbval runs
``teacher/`` too).

It executes each notebook top to bottom in a fresh kernel (``nbclient``, in ``notebooks/``),
then rasterises each SVG with Debian's Chromium through Playwright (the browser the test
suite already uses; no browser is downloaded), reduced to a 256-colour palette with Pillow
when it is installed (the ``lab`` extra brings it with matplotlib). Nothing is written into
the checkout but the notebooks themselves: Python writes no bytecode here.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import io
import os
import sys
from pathlib import Path
from typing import Callable

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from treehouse_lab.boards import saved  # noqa: E402 - the checkout's package, as the kernel's

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
#: The solutions notebooks (teachers' material, kept apart from the students' folder).
TEACHER = ROOT / "teacher"
CHROMIUM = "/usr/bin/chromium"
WIDGET_VIEW = saved.WIDGET_VIEW
#: Notebooks written by another tool (tools/make_start_notebook.py), without outputs.
GENERATED = {"start.ipynb"}
#: Where a PNG says which SVG it was made from.
META_KEY = "treehouse_lab"
SVG_HASH = "png_of_svg"
#: What a saved board's PNG says above the board (issue 18): a reader who meets the picture
#: before running anything (GitHub, an untrusted JupyterLab or Binder, the offline site)
#: must not take it for a live board. A running board replaces the picture, caption and all.
CAPTION = saved.CAPTION
CAPTION_KEY = "caption"
#: A board's SVG says so in its root element's class (``treehouse_lab.core.svg``).
BOARD_CLASS = 'class="tl-board'


def svg_hash(svg: str | list[str]) -> str:
    """The SHA-256 of an SVG output as nbformat stores it (text, or a list of lines)."""
    text = "".join(svg) if isinstance(svg, list) else svg
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def execute(nb: nbformat.NotebookNode, path: Path, timeout: int = 900) -> None:
    """Run ``nb`` top to bottom in a fresh kernel, in its own folder."""
    from nbclient import NotebookClient

    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"  # the kernel imports the checkout
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    merge_streams(nb)


def merge_streams(nb: nbformat.NotebookNode) -> None:
    """Join each cell's consecutive outputs to the same stream into one. Why: the kernel
    flushes a long print in pieces, and a saved notebook (GitHub, nbviewer, an HTML
    export) shows each piece as its own block, with line breaks in the middle of lines."""
    for cell in nb.cells:
        merged: list = []
        for out in cell.get("outputs", []):
            last = merged[-1] if merged else None
            if last is not None and out.output_type == "stream" \
                    and last.output_type == "stream" and last.name == out.name:
                last.text += out.text
            else:
                merged.append(out)
        if "outputs" in cell:
            cell.outputs = merged


def add_pictures(nb: nbformat.NotebookNode, rasterise: Callable[[str], bytes]) -> int:
    """Give every SVG output its PNG twin, tag its cell ``nbval-check-output`` (unless the
    cell has an nbval tag already: then say so), and drop widget views (an output that
    was only a widget view goes) and widget state; returns how many PNGs were made."""
    made = 0
    nb.metadata.pop("widgets", None)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        if "outputs" in cell:
            cell.outputs = [saved_form(out) for out in cell.outputs
                            if set(out.get("data", {"": 0})) != {WIDGET_VIEW}]
        if any(has_picture(out) for out in cell.get("outputs", [])):
            tags = cell.metadata.setdefault("tags", [])
            if not any(t.startswith("nbval-") for t in tags):
                tags.append("nbval-check-output")
            elif "nbval-check-output" not in tags:
                print(f"  cell {i}: a picture in a cell tagged {tags}: nbval will not keep "
                      "it current", file=sys.stderr)
        for out in cell.get("outputs", []):
            data = out.get("data")
            if not data:
                continue
            data.pop(WIDGET_VIEW, None)
            svg = data.get("image/svg+xml")
            if svg is None:
                continue
            text = "".join(svg) if isinstance(svg, list) else svg
            board = is_board(text)
            png = rasterise(text, CAPTION if board else None)
            data["image/png"] = base64.b64encode(png).decode("ascii")
            meta = {SVG_HASH: svg_hash(text)}
            if board:
                meta[CAPTION_KEY] = CAPTION
            out.setdefault("metadata", {})[META_KEY] = meta
            made += 1
    return made


def has_picture(out: dict) -> bool:
    """Whether an output shows a picture: an SVG, or a board's saved picture."""
    data = out.get("data", {})
    return "image/svg+xml" in data or is_saved_board(data)


def is_saved_board(data: dict) -> bool:
    """Whether an output's data is a live board's saved picture (``boards/saved.py``)."""
    page = data.get("text/html", "")
    return f'class="{saved.PICTURE_CLASS}"' in ("".join(page) if isinstance(page, list) else page)


def saved_form(out: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """``out`` as a board displays it now: a Board or Lesson output saved before issue 47
    (widget view, SVG, PNG and repr in one output) becomes its saved picture."""
    data = out.get("data", {})
    text = data.get("text/plain", "")
    text = "".join(text) if isinstance(text, list) else text
    if "image/svg+xml" not in data or not text.startswith(("<Board ", "<Lesson ")):
        return out
    svg = data["image/svg+xml"]
    return nbformat.v4.new_output(
        "display_data", data=saved.picture_output("".join(svg) if isinstance(svg, list) else svg))


def is_board(svg: str) -> bool:
    """Whether an SVG output is a board's picture (rather than a plot or a drawing)."""
    head = svg[:svg.find(">") + 1]
    return head.startswith("<svg") and BOARD_CLASS in head


class Rasteriser:
    """SVG text to PNG bytes, drawn by Chromium at the SVG's own size."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self._browser = self._pw.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        self._page = self._browser.new_page(viewport={"width": 1400, "height": 900},
                                            device_scale_factor=1)

    def __call__(self, svg: str, caption: str | None = None) -> bytes:
        """The PNG of ``svg``, with ``caption`` in a band above it when one is given (as
        wide as the picture, 15 px text, so it reads at any zoom a board reads at)."""
        band = "" if caption is None else (
            "<div style='width:0;min-width:100%;box-sizing:border-box;line-height:1.35;"
            "font:600 15px sans-serif;color:#5a3d00;background:#fff3c4;"
            "border:1px solid #d9a520;border-radius:4px;padding:6px 10px;margin-bottom:6px'>"
            f"{html.escape(caption)}</div>")
        self._page.set_content(
            "<!doctype html><html><body style='margin:0;background:transparent'>"
            f"<div id='picture' style='display:inline-block;line-height:0'>{band}{svg}</div>"
            "</body></html>")
        png = self._page.locator("#picture").screenshot(omit_background=True)
        return _palette(png)

    def close(self) -> None:
        self._browser.close()
        self._pw.stop()


def _palette(png: bytes) -> bytes:
    """The PNG reduced to 256 colours (flat game art loses nothing visible and shrinks to a
    fraction), or as it is without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    small = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue() if out.tell() < len(png) else png


def notebook_path(name: str) -> Path:
    """A notebook named on the command line: in ``notebooks/`` (``treehouse.ipynb``,
    ``learn/learn-diner.ipynb``), or ``teacher/...`` from the checkout's root."""
    if name.startswith("teacher/"):
        return ROOT / name
    return NOTEBOOKS / name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*",
                        help="paths in notebooks/, or teacher/NAME from the checkout's root "
                             "(default: all, learn/ and teacher/ too)")
    parser.add_argument("--no-execute", action="store_true",
                        help="only (re)make the PNGs of the outputs as they are")
    args = parser.parse_args(argv)
    # A name may have a folder in notebooks/ (learn/learn-diner.ipynb, the lesson apps).
    paths = ([notebook_path(n) for n in args.notebooks] if args.notebooks
             else [p for p in sorted([*NOTEBOOKS.glob("*.ipynb"),
                                      *NOTEBOOKS.glob("learn/*.ipynb")])
                   if p.name not in GENERATED] + sorted(TEACHER.glob("*.ipynb")))
    rasterise = Rasteriser()
    try:
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            if not args.no_execute:
                execute(nb, path)
            made = add_pictures(nb, rasterise)
            nbformat.validate(nb)
            nbformat.write(nb, path)
            print(f"{path.relative_to(ROOT)}: {made} pictures")
    finally:
        rasterise.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())


