"""Teachers' material apart from the students' (issue 47, item 4).

The solutions notebooks live in ``teacher/``, not in ``notebooks/`` (in JupyterLab's file
browser they sorted before the exercises and shortened to the same name); no student
notebook links them; the offline site leaves them out unless it is a teacher build
(``tools/build_lite.py --teacher``). These tests read files only: no site is built (the
offline-site tests in ``tests/lite`` check the built site too).
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
TEACHER = ROOT / "teacher"
#: A markdown link's target, up to a space, ``#`` or ``)``.
LINK = re.compile(r"\]\(([^)\s#]+)")


def _build_lite() -> ModuleType:
    """tools/build_lite.py as a module (registered: its dataclass needs its module)."""
    spec = importlib.util.spec_from_file_location("tl_build_lite",
                                                  ROOT / "tools" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _student_notebooks() -> list[Path]:
    return sorted([*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("learn/*.ipynb")])


def test_no_solutions_notebook_is_in_the_students_folder() -> None:
    assert list(NOTEBOOKS.rglob("*-solutions.ipynb")) == []
    exercises = sorted(p.name for p in NOTEBOOKS.glob("*-exercises.ipynb"))
    solutions = sorted(p.name for p in TEACHER.glob("*-exercises-solutions.ipynb"))
    assert exercises, "no exercises notebooks found"
    assert solutions == [n.replace(".ipynb", "-solutions.ipynb") for n in exercises]


def test_no_student_notebook_links_the_solutions() -> None:
    for path in _student_notebooks():
        links = LINK.findall(_markdown(path))
        assert not [t for t in links if "solutions" in t or "teacher/" in t], path.name


def test_the_solutions_links_lead_to_files() -> None:
    """From ``teacher/``, a solutions notebook links its exercises, the tutorials and the
    rulings through ``../``."""
    paths = sorted(TEACHER.glob("*.ipynb"))
    assert paths, "no notebooks in teacher/"
    for path in paths:
        links = [t for t in LINK.findall(_markdown(path)) if ":" not in t]
        for target in links:
            assert (path.parent / target).resolve().is_file(), f"{path.name}: {target}"


def test_the_solutions_notebooks_have_cell_ids_and_no_errors() -> None:
    paths = sorted(TEACHER.glob("*.ipynb"))
    assert paths, "no notebooks in teacher/"
    for path in paths:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        ids = [c.get("id") for c in cells]
        assert None not in ids and len(set(ids)) == len(ids), path.name
        assert not [o for c in cells for o in c.get("outputs", [])
                    if o.get("output_type") == "error"], path.name


def test_nbval_runs_the_solutions_notebooks() -> None:
    """Their stored outputs (the answers' "Correct!", a picture) are checked as the
    students' are: pytest collects ``teacher/`` (a name in testpaths)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    testpaths = re.search(r"^testpaths = (\[.*\])$", text, re.M)
    assert testpaths and "teacher" in json.loads(testpaths.group(1))


def test_the_default_offline_site_leaves_the_solutions_out(tmp_path: Path) -> None:
    build_lite = _build_lite()
    names = build_lite.write_notebooks(tmp_path / "files")
    assert names and "start.ipynb" in names
    assert not [n for n in names if "solutions" in n]
    assert list((tmp_path / "files").rglob("*-solutions.ipynb")) == []


def test_a_teacher_build_holds_the_solutions_with_working_links(tmp_path: Path) -> None:
    build_lite = _build_lite()
    files = tmp_path / "files"
    names = build_lite.write_notebooks(files, teacher=True)
    solutions = sorted(n for n in names if n.endswith("-solutions.ipynb"))
    assert solutions == sorted(f"teacher/{p.name}" for p in TEACHER.glob("*.ipynb"))
    build_lite.write_docs(files)
    assert build_lite.broken_links(files) == []
    # A solutions notebook in the site links the site's exercises notebook, beside it.
    site = _markdown(files / "teacher" / "backyard-exercises-solutions.ipynb")
    assert "](../backyard-exercises.ipynb)" in site
    assert "](../docs/rulings/backyard.md)" in site
    assert (files / "backyard-exercises.ipynb").is_file()
    # The students' notebooks are the same in both builds.
    assert set(names) - set(solutions) == set(build_lite.write_notebooks(tmp_path / "plain"))


def test_the_default_offline_site_has_no_dead_link_to_the_solutions(tmp_path: Path) -> None:
    """``docs/teaching.md`` (copied into every site) names where the solutions are; a
    student build keeps the names but not the links, which would find no file."""
    build_lite = _build_lite()
    files = tmp_path / "files"
    build_lite.write_notebooks(files)
    build_lite.write_docs(files)
    assert build_lite.broken_links(files) == []
    teaching = (files / "docs" / "teaching.md").read_text(encoding="utf-8")
    assert "backyard-exercises-solutions.ipynb" in teaching
