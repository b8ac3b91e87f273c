"""Every notebook says, before anything runs, how to run it (issue 18, item 6): students
opened notebooks whose saved pictures looked like live boards, and nothing said Shift+Enter
or Run All."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The students' notebooks and the teachers' (teacher/: the solutions).
NOTEBOOKS = sorted([*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "teacher").glob("*.ipynb")])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_the_first_text_says_how_to_run_the_notebook(path: Path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    first = next(c for c in cells if c["cell_type"] == "markdown")
    text = "".join(first["source"])
    assert "Shift+Enter" in text and "Run All Cells" in text, path.name
    if any("Board(" in "".join(c["source"]) for c in cells if c["cell_type"] == "code"):
        assert "clicking them does nothing" in text, f"{path.name}: say the boards are pictures"
