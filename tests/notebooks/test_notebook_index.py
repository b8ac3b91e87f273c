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


def test_every_cell_has_its_own_id() -> None:
    """nbformat 4.5 gives each cell an id (JupyterLab and JupyterLite keep a reader's place
    by it, and nbformat warns today that a missing one will become an error)."""
    for path in [*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("learn/*.ipynb")]:
        nb = json.loads(path.read_text())
        ids = [cell.get("id") for cell in nb["cells"]]
        assert None not in ids, f"{path.name}: cell {ids.index(None)} has no id"
        assert len(set(ids)) == len(ids), f"{path.name}: two cells share an id"
