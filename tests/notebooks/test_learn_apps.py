"""The lesson apps (issue item 5, "Apps with no code"), read without running anything:
every lesson has its app in ``notebooks/learn/``, each app is a title and one code cell
calling ``tl.Lesson("<id>")``, written by ``tools/make_learn_apps.py`` and saved with its
first board as a picture; nothing in it speaks of cells, Shift+Enter or Python; the README
and the start page link each app first, as "Learn to play in 10 minutes". The apps in a
browser: tests/lite/test_learn_apps.py (Voila), tests/browser/test_learn_lab.py."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

from tl_lesson_page import CODE_WORDS

import treehouse_lab as tl
from treehouse_lab.boards.saved import PICTURE_CLASS

ROOT = Path(__file__).resolve().parents[2]
LEARN = ROOT / "notebooks" / "learn"
LINK_TEXT = "Learn to play in 10 minutes"
#: ``[text](target)`` in markdown.
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def _tool():
    path = ROOT / "tools" / "make_learn_apps.py"
    spec = importlib.util.spec_from_file_location("make_learn_apps", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def test_every_lesson_has_its_app_and_every_app_a_lesson():
    apps = {p.stem.removeprefix("learn-") for p in LEARN.glob("*.ipynb")}
    assert apps == set(tl.lessons()), "run tools/make_learn_apps.py"


def test_each_app_is_a_title_and_one_lesson_as_the_tool_writes_it():
    tool = _tool()
    assert tool.LINK_TEXT == LINK_TEXT
    for lesson_id in tl.lessons():
        nb = json.loads(tool.app_path(lesson_id).read_text())
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert len(code) == 1, lesson_id
        assert f'tl.Lesson("{lesson_id}")' in _source(code[0])
        assert code[0]["metadata"]["jupyter"]["source_hidden"] is True
        wanted = tool.build(lesson_id)
        assert [_source(c) for c in nb["cells"]] == [
            "".join(c.source) for c in wanted.cells], f"{lesson_id}: run tools/make_learn_apps.py"
        markdown = "\n".join(_source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert not CODE_WORDS.findall(markdown), f"{lesson_id} speaks of code: {markdown}"
        assert LINK_TEXT in markdown
        # Its first board as a picture before anything runs (tools/make_pictures.py): the
        # saved picture a live board publishes beside its widget (boards/saved.py), with
        # the board's SVG inside it.
        data = [o.get("data", {}) for o in code[0]["outputs"]]
        pages = ["".join(d.get("text/html", "")) for d in data]
        pictures = [page for page in pages if f'class="{PICTURE_CLASS}"' in page]
        assert pictures and "data:image/svg+xml;base64," in pictures[0], (
            f"{lesson_id}: no saved picture (run tools/make_learn_apps.py)")


def test_the_readme_links_each_app_first_and_names_where_they_are():
    readme = (ROOT / "README.md").read_text()
    top = readme[:readme.index("\n## ")]  # before the first section: near the top
    assert "notebooks/learn/" in top
    for lesson_id in tl.lessons():
        links = [(text, target) for text, target in LINK.findall(top)
                 if target.endswith(f"notebooks/learn/learn-{lesson_id}.ipynb")]
        assert links and links[0][0] == LINK_TEXT, (lesson_id, links)
        assert _tool().offline_url(lesson_id) in top, f"{lesson_id}: no offline link"
    first = LINK.search(readme)
    assert first is not None and first.group(1) == LINK_TEXT, "the apps are the first links"


def test_the_start_page_links_each_app_first_in_its_game():
    cells = json.loads((ROOT / "notebooks" / "start.ipynb").read_text())["cells"]
    page = _source(cells[0])
    for lesson_id in tl.lessons():
        target = f"learn/learn-{lesson_id}.ipynb"
        section = next(s for s in page.split("\n## ") if target in s)
        links = [(text.strip("*"), t) for text, t in LINK.findall(section)
                 if t.endswith(".ipynb")]
        apps = [t for _, t in links if t.startswith("learn/")]
        assert links[:len(apps)] == [(text, t) for text, t in links if t in apps], (
            f"the {lesson_id} app is not linked before the game's other notebooks")
        text = next(text for text, t in links if t == target)
        assert text.startswith(LINK_TEXT), text


def test_a_lesson_saves_its_board_as_a_picture(monkeypatch):
    """What tools/make_learn_apps.py saves: beside the lesson's widget view, an output of
    its own with its board's picture (as a board's, treehouse_lab/boards/saved.py)."""
    import IPython.display

    from treehouse_lab.boards import saved

    lesson = tl.Lesson("backyard")
    shown: list[dict] = []
    monkeypatch.setattr(IPython.display, "display", lambda data, raw=False: shown.append(data))
    lesson._ipython_display_()
    view, picture = shown
    assert set(view) == {saved.WIDGET_VIEW}
    assert picture == saved.picture_output(lesson.board.view.svg) and lesson.board.view.svg
    assert repr(lesson) == f"<Lesson backyard step 1 of {lesson.tutor.total}: {lesson.plan.title}>"
