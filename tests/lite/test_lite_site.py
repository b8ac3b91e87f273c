"""The offline JupyterLite site: built from the checkout, it holds everything the notebooks
need, and in a real browser with no way out every notebook runs top to bottom, each game's
tutorial board draws and answers a click, axe-core finds nothing critical or serious in
the project's elements of the tutorials and the exercises, and no request leaves
127.0.0.1."""

from __future__ import annotations

import json
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from tl_axe import OURS, failing, report, violations
from tl_text_sizes import MEASURE, MEASURE_HTML, assert_readable
from tl_tools import load_tool

import treehouse_lab as tl
from treehouse_lab.lessons import plan
from treehouse_lab.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
#: The notebooks of the offline site: all but those needing a compiled extra (metadata
#: ``treehouse_lab.offline`` false, tools/build_lite.py).
NOTEBOOKS = sorted(
    p.name for p in (ROOT / "notebooks").glob("*.ipynb")
    if json.loads(p.read_text(encoding="utf-8")).get("metadata", {})
    .get("treehouse_lab", {}).get("offline", True))
#: Each registered game's tutorial, whose first board the browser test plays.
TUTORIALS = {"backyard": "backyard-builders.ipynb", "diner": "treehouse-diner.ipynb",
             "magical": "magical-treehouse.ipynb", "pyramids": "treehouse.ipynb"}
#: Notebooks that plot with matplotlib (compiled: not in the offline site).
PLOTTING = [n for n in NOTEBOOKS
            if "import matplotlib" in (ROOT / "notebooks" / n).read_text(encoding="utf-8")]
#: The notebooks the site leaves out (they need a compiled extra).
LEFT_OUT = sorted({p.name for p in (ROOT / "notebooks").glob("*.ipynb")} - set(NOTEBOOKS))
CLICKS = 2  # per board: one click proves it, a second gives a second timing
LAPTOP = {"width": 1366, "height": 768}  # where the board's text is measured (issue 18)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _site_markdown(text: str) -> str:
    """A markdown cell as the site should show it (see the test below)."""
    lines = [x for x in text.splitlines(True) if not any(f"]({n})" in x for n in LEFT_OUT)]
    return "".join(lines).replace("](../docs/", "](docs/")


def test_every_game_has_a_tutorial_played_here():
    assert set(TUTORIALS) == set(tl.GAMES), "add the new game's tutorial to TUTORIALS"
    assert set(TUTORIALS.values()) <= set(NOTEBOOKS)
    assert LEFT_OUT == ["research-interop.ipynb"], "only OpenSpiel's notebook is left out"


def test_the_site_holds_everything_and_points_nowhere_else(lite_site: Path):
    pyodide = lite_site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    for name, entry in lock.items():
        assert "://" not in entry["file_name"], f"{name} is fetched from {entry['file_name']}"
        assert (pyodide / entry["file_name"]).is_file(), f"{name}: {entry['file_name']} missing"
        assert set(entry["depends"]) <= set(lock), f"{name} needs packages the site lacks"
    assert "matplotlib" not in lock  # compiled: the notebooks fall back without it
    ours = lock["treehouse-lab"]
    assert ours["version"] == tl.__version__ and "treehouse_lab" in ours["imports"]
    assert {"sympy", "ipywidgets", "anywidget"} <= set(ours["depends"])
    with zipfile.ZipFile(pyodide / ours["file_name"]) as wheel:
        names = wheel.namelist()
    assert any(n.startswith("treehouse_lab/__pycache__/__init__.") and n.endswith(".pyc")
               for n in names), "the project's wheel carries no bytecode"
    assert any(n.startswith("treehouse_lab/widgets/") and n.endswith(".js") for n in names)

    config = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert extensions == {"@jupyterlite/pyodide-kernel-extension", "anywidget",
                          "@jupyter-widgets/jupyterlab-manager"}

    # The students' site: no solutions (teachers' material, only in a --teacher build).
    assert list((lite_site / "files").rglob("*-solutions.ipynb")) == []
    assert json.loads((lite_site / "lite-build.json").read_text())["teacher"] is False
    for name in NOTEBOOKS:
        site_nb = json.loads((lite_site / "files" / name).read_text())
        source_nb = json.loads((ROOT / "notebooks" / name).read_text())
        assert site_nb["metadata"]["kernelspec"]["name"] == "python"  # Pyodide's kernel
        # The cells as in the repository, but for links to ../docs/ (outside the site's
        # files): they point at the site's copy, files/docs/; and a line linking a notebook
        # the site leaves out is left out too (no dead link).
        assert ["".join(c["source"]) for c in site_nb["cells"]] == [
            _site_markdown("".join(c["source"]))
            if c["cell_type"] == "markdown" else "".join(c["source"])
            for c in source_nb["cells"]]


def test_every_link_in_the_notebooks_finds_its_file_in_the_site(lite_site: Path):
    """Issue 18: the rulings links were 404s on the offline site."""
    files = lite_site / "files"
    targets = set()
    for name in NOTEBOOKS:
        for cell in json.loads((files / name).read_text())["cells"]:
            if cell["cell_type"] == "markdown":
                targets |= {t for t in re.findall(r"\]\(([^)\s#]+)", "".join(cell["source"]))
                            if ":" not in t}
    missing = sorted(t for t in targets if not (files / t).is_file())
    assert not missing, f"links to files the site lacks: {missing}"
    rulings = {f"docs/rulings/{game}.md" for game in tl.GAMES}
    assert rulings <= targets, "every game's rulings are linked from some notebook"
    start = json.loads((files / "start.ipynb").read_text())
    assert all(r in json.dumps(start) for r in rulings), "the start page links every ruling"


def _axe_finds_nothing_serious(lite) -> None:
    """Issue 47, item 6: axe-core finds nothing critical or serious in the project's own
    elements of the notebook (boards, controls, lessons, answer boxes: ``tl_axe.OURS``);
    the lab around them is JupyterLite's."""
    ours = ", ".join(f"[id='{lite.panel}'] {one}" for one in OURS.split(", "))
    assert lite.page.locator(ours).count(), f"{lite.name}: none of the project's elements"
    found = failing(violations(lite.page, ours), lite.page)
    assert not found, report(found, f"offline site, {lite.name}")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_offline_in_the_browser(lite, name, figures, screenshots):
    kernel_s, run_s, prompts = lite.ran()
    figures[f"{name}: page to kernel ready (s)"] = round(kernel_s, 1)
    figures[f"{name}: run all (s)"] = round(run_s, 1)
    errors = lite.errors()
    assert not errors, f"{name} printed errors or warnings:\n" + "\n---\n".join(errors)
    assert prompts and all(p[1:-2].isdigit() for p in prompts), f"cells did not all run: {prompts}"

    game = next((g for g, nb in TUTORIALS.items() if nb == name), None)
    if game is None and "AnswerBox(" in (ROOT / "notebooks" / name).read_text(encoding="utf-8"):
        lite.page.locator(f"[id='{lite.panel}'] .tl-answer").first.wait_for()
        _axe_finds_nothing_serious(lite)
    if game is not None:
        board = lite.board(0)
        board.wait_drawn()
        assert board.label() == f"{game_class(game).TITLE} board"
        _axe_finds_nothing_serious(lite)
        # Issue 18: every text of the board at least 11 px on a 1366x768 laptop, here too.
        lite.page.set_viewport_size(LAPTOP)
        lite.page.wait_for_timeout(300)
        assert_readable(board.root.evaluate(MEASURE), f"{name}'s first board, offline site")
        timings = []
        for _ in range(CLICKS):
            before = board.picture()
            target, ms = board.click_something()
            assert board.picture() != before, f"clicking {target} left the board as it was"
            timings.append(round(ms))
        figures[f"{name}: click to redraw (ms)"] = timings
        # The lab around the whole board (the kernel reads "Python (Pyodide)"), no hover glow.
        height = board.root.bounding_box()["height"]
        lite.page.set_viewport_size({"width": 1280, "height": int(min(height + 220, 1600))})
        board.root.evaluate("el => el.scrollIntoView({block: 'start'})")
        lite.page.mouse.move(0, 0)
        lite.page.wait_for_timeout(300)
        lite.page.screenshot(path=str(screenshots / f"lite-{game}-board.png"))
    lite.offline.check()


def test_published_site_lists_only_matplotlib_at_pyodides_cdn(lite_cdn_site: Path):
    info = json.loads((lite_cdn_site / "lite-build.json").read_text())
    cdn = info["matplotlib_cdn_url"].rstrip("/") + "/"
    pyodide = lite_cdn_site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    remote = {n for n, e in lock.items() if "://" in e["file_name"]}
    assert {"matplotlib", "numpy"} <= remote <= set(info["matplotlib_cdn"])
    for name, entry in lock.items():
        if name in remote:
            assert entry["file_name"].startswith(cdn) and len(entry["sha256"]) == 64
        else:
            assert (pyodide / entry["file_name"]).is_file()
        assert set(entry["depends"]) <= set(lock)


@pytest.mark.parametrize("name", PLOTTING)
def test_published_site_offline_plots_without_failing(lite_cdn, name):
    """The published site asks Pyodide's CDN for matplotlib when a cell imports it; with
    no network the cell must still run (the notebook falls back to the numbers)."""
    _, _, prompts = lite_cdn.ran()
    errors = lite_cdn.errors()
    assert not errors, f"{name} printed errors in the browser:\n" + "\n---\n".join(errors)
    assert prompts and all(p[1:-2].isdigit() for p in prompts), f"cells did not all run: {prompts}"
    urls, lines, _ = lite_cdn.offline.outside()
    assert any("/matplotlib-" in u for u in urls), f"matplotlib was not asked for: {urls}"
    assert all(u.startswith("https://cdn.jsdelivr.net/pyodide/") for u in urls), urls
    assert all(ln.startswith("CONNECT cdn.jsdelivr.net:443") for ln in lines), lines


def test_the_sites_outputs_are_one_string_each(lite_site: Path):
    """The site's lab shows a stream output kept as a list of lines with a comma at the
    start of each line after the first, so the build writes every output text as one
    string (the same text: nothing else changes)."""
    for name in NOTEBOOKS:
        site = json.loads((lite_site / "files" / name).read_text())["cells"]
        source = json.loads((ROOT / "notebooks" / name).read_text())["cells"]
        for site_cell, cell in zip(site, source):
            for got, want in zip(site_cell.get("outputs", []), cell.get("outputs", [])):
                texts = [got.get("text"), *got.get("data", {}).values()]
                assert not any(isinstance(t, list) for t in texts), f"{name}: {got}"
                if "text" in want:
                    assert got["text"] == "".join(want["text"])


def test_a_rulings_link_on_the_start_page_opens_the_rulings(lite_page):
    """Issue 18: on the offline site the rulings links were 404s and a click showed
    nothing. Clicking the Diner's rulings link on the start page, as a student would, opens
    the rulings page in the lab, with its text, and nothing is fetched from outside."""
    page = lite_page.page
    page.set_viewport_size(LAPTOP)
    page.goto(f"{lite_page.url}/lab/index.html?path=start.ipynb")
    link = page.locator(".jp-RenderedMarkdown a", has_text="Treehouse Diner rulings").first
    link.wait_for(state="visible", timeout=120_000)
    link.click()
    heading = (ROOT / "docs" / "rulings" / "diner.md").read_text().splitlines()[0].lstrip("# ")
    page.locator(".lm-TabBar-tab", has_text="diner.md").first.wait_for(timeout=60_000)
    shown = page.locator(".jp-MainAreaWidget:not(.lm-mod-hidden)").filter(has_text=heading)
    shown.first.wait_for(state="visible", timeout=60_000)
    assert "404" not in shown.first.inner_text()[:2000]
    # Issue 47: as a formatted page (Markdown Preview), not its source with ** and > showing.
    rendered = shown.first.locator(".jp-RenderedMarkdown")
    rendered.locator("h1", has_text=heading).wait_for(timeout=60_000)
    assert rendered.locator("blockquote").count() > 0
    assert rendered.locator("strong").count() > 0
    assert "**" not in rendered.inner_text()
    lite_page.offline.check()


def test_the_front_page_opens_each_lesson_app_first(lite_site: Path, lite_page):
    """Issue 46: the offline site's start page links each lesson app first, and an app
    opens as an app (JupyterLite's REPL running the lesson), not as a notebook whose cell
    the learner must run. The site's root is that page: its first links are the lessons'
    REPL addresses (``tools/make_learn_apps.offline_url``), in the lessons' order, then the
    notebooks; every link finds its page; its text is readable at 1366x768; a click goes
    to the app's address."""
    class Links(HTMLParser):
        def __init__(self):
            super().__init__()
            self.hrefs: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag == "a":
                self.hrefs.append(dict(attrs)["href"])

    parser = Links()
    parser.feed((lite_site / "index.html").read_text(encoding="utf-8"))
    apps = [load_tool("make_learn_apps").offline_url(lesson) for lesson in tl.lessons()]
    assert parser.hrefs[:len(apps)] == apps
    assert parser.hrefs[len(apps):] == ["lab/index.html?path=start.ipynb"]
    for href in parser.hrefs:
        assert (lite_site / href.split("?")[0]).is_file(), href

    page = lite_page.page
    page.set_viewport_size(LAPTOP)
    page.goto(f"{lite_page.url}/")
    links = page.locator("main a")
    assert links.count() == len(apps) + 1
    titles = [links.nth(k).inner_text() for k in range(len(apps))]
    assert titles == [plan(lesson).title for lesson in tl.lessons()]
    assert_readable(page.evaluate(MEASURE_HTML, page.locator("main").element_handle()),
                    "the offline site's front page")
    with page.expect_navigation():
        links.first.click()
    assert page.url == f"{lite_page.url}/{apps[0]}"
    lite_page.offline.check()

