"""The start notebook links every tutorial, and every link it has leads somewhere.

nbval runs each notebook top to bottom (``pytest`` collects ``notebooks/`` in lax mode);
these tests check what nbval cannot: that a student starting at ``start.ipynb`` can reach
every notebook, that committed notebooks carry no error outputs, and that every cell has
an id of its own.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)\)")


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_every_notebook_is_linked_from_start() -> None:
    linked = set(LINK.findall(_markdown(NOTEBOOKS / "start.ipynb")))
    present = ({p.name for p in NOTEBOOKS.glob("*.ipynb")} - {"start.ipynb"}
               | {f"learn/{p.name}" for p in NOTEBOOKS.glob("learn/*.ipynb")})
    assert present, "no tutorials found"
    assert present - linked == set(), "not linked from start.ipynb"
    assert linked - present == set(), "start.ipynb links to notebooks that do not exist"


def test_committed_notebooks_have_no_errors() -> None:
    for path in [*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("learn/*.ipynb")]:
        for cell in json.loads(path.read_text())["cells"]:
            for out in cell.get("outputs", []):
                assert out.get("output_type") != "error", f"{path.name} has an error output"


#: What reads as a crash to a student: a traceback, or an exception's class name printed
#: before its message ("IllegalActionError: ...").
CRASH_LOOK = re.compile(r"Traceback \(most recent call last\)|\b[A-Z]\w*(Error|Exception):")


def test_no_tutorial_output_looks_like_an_error() -> None:
    """Issue 47, item 7: the deliberate refusals in Backyard's tutorial and the Diner
    modules printed ``IllegalActionError: ...``, which a student reads as something broken.
    A tutorial shows a refusal as the engine's sentence ("Refused: ..."): no error output,
    no cell expected to raise (``raises-exception``), nothing on stderr, and no exception
    class name or traceback in any output's text."""
    for path in [*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("learn/*.ipynb")]:
        for i, cell in enumerate(json.loads(path.read_text())["cells"]):
            where = f"{path.name}, cell {i}"
            assert "raises-exception" not in cell.get("metadata", {}).get("tags", []), where
            for out in cell.get("outputs", []):
                assert out.get("output_type") != "error", f"{where}: an error output"
                assert out.get("name") != "stderr", f"{where}: output on stderr"
                shown = [out.get("text", ""), out.get("data", {}).get("text/plain", "")]
                text = "".join("".join(t) if isinstance(t, list) else t for t in shown)
                found = CRASH_LOOK.search(text)
                assert not found, f"{where} shows {text[found.start():found.end() + 60]!r}"


def test_every_cell_has_its_own_id() -> None:
    """nbformat 4.5 gives each cell an id (JupyterLab and JupyterLite keep a reader's place
    by it, and nbformat warns today that a missing one will become an error)."""
    for path in [*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("learn/*.ipynb")]:
        nb = json.loads(path.read_text())
        ids = [cell.get("id") for cell in nb["cells"]]
        assert None not in ids, f"{path.name}: cell {ids.index(None)} has no id"
        assert len(set(ids)) == len(ids), f"{path.name}: two cells share an id"
