"""Printable worksheets (issue 47, item 4): ``tools/make_worksheets.py`` makes one HTML page
per exercises notebook for a class without computers: the text and the pictures, no code,
an answer line under each exercise, whole on its own (no network, no script)."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = sorted((ROOT / "notebooks").glob("*-exercises.ipynb"))
HEADING = re.compile(r"^###\s+(\d+\.\s.*)$", re.M)
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 16).decode()
SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4"/></svg>'


def _run(tool_root: Path, out: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(tool_root / "tools" / "make_worksheets.py"), str(out), *args],
        capture_output=True, text=True, cwd=out.parent, timeout=300,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})


def _page_text(page: str) -> str:
    """A page's visible text, one space between words."""
    body = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _markdown(cells: list[dict]) -> list[str]:
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def _assert_no_code_and_self_contained(page: str, name: str) -> None:
    text = _page_text(page)
    for code in ("answer = ", "check(", "import ", "Shift+Enter"):
        assert code not in text, f"{name}: {code!r} on the worksheet"
    assert "<script" not in page and "<link" not in page and "@import" not in page, name
    assert not re.search(r"url\((?!data:)", page), name
    assert all(s.startswith("data:") for s in re.findall(r'\bsrc="([^"]*)"', page)), name


def test_one_worksheet_per_exercises_notebook_with_no_code(tmp_path: Path) -> None:
    """Run as a teacher would, on a copy of the tool and the notebooks, so that the test
    also sees that nothing but OUT is written (no bytecode, no build folder)."""
    assert EXERCISES, "no exercises notebooks"
    repo = tmp_path / "repo"
    (repo / "tools").mkdir(parents=True)
    (repo / "notebooks").mkdir()
    shutil.copy2(ROOT / "tools" / "make_worksheets.py", repo / "tools")
    for path in EXERCISES:
        shutil.copy2(path, repo / "notebooks")
    before = sorted(p.relative_to(repo) for p in repo.rglob("*"))
    out = tmp_path / "sheets"
    run = _run(repo, out)
    assert run.returncode == 0, run.stderr
    assert sorted(p.relative_to(repo) for p in repo.rglob("*")) == before
    assert sorted(p.name for p in out.iterdir()) == [f"{p.stem}.html" for p in EXERCISES]

    for path in EXERCISES:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        page = (out / f"{path.stem}.html").read_text(encoding="utf-8")
        _assert_no_code_and_self_contained(page, path.name)
        text = _page_text(page)
        headings = [h for m in _markdown(cells) for h in HEADING.findall(m)]
        assert headings, f"{path.name}: no exercise headings found"
        for heading in headings:
            plain = " ".join(re.sub(r"[*`]", "", heading).split())
            assert plain in text, f"{path.name}: exercise {heading!r} missing"
        assert page.count('class="answer"') == len(headings), path.name
        pictures = sum(1 for c in cells for o in c.get("outputs", [])
                       if {"image/png", "image/svg+xml"} & set(o.get("data", {})))
        assert page.count("<img ") == pictures, path.name
        # The printed set-up an exercise needs (a seeded hand, a village) is kept.
        for cell in cells:
            if cell["cell_type"] == "code" and "check(" not in "".join(cell["source"]):
                for o in cell.get("outputs", []):
                    first = "".join(o.get("text", "")).strip().splitlines()[:1]
                    assert not first or " ".join(first[0].split()) in text, path.name


def test_pictures_are_inlined_and_code_and_answers_left_out(tmp_path: Path) -> None:
    """A notebook made here holds what the exercises notebooks may hold: a PNG board, an
    SVG, a set-up cell that prints, an answer cell with its verdict, a code block in the
    text and a "Where next" section."""
    def md(text: str) -> dict:
        return {"cell_type": "markdown", "metadata": {}, "source": text}

    def code(text: str, *outputs: dict) -> dict:
        return {"cell_type": "code", "metadata": {}, "source": text, "outputs": list(outputs),
                "execution_count": 1}

    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        md("# Test: exercises\n\nEach exercise has an `answer = ...` line.\n\n"
           "**How to run this notebook.** Shift+Enter, or Run All Cells."),
        code("import treehouse_lab as tl\nboard = tl.Board(...)",
             {"output_type": "display_data", "metadata": {},
              "data": {"image/png": PNG, "text/plain": "<Board backyard>"}}),
        md("### 1. A first question\n\nHow many hands are there?\n\n"
           "```python\nfrom math import comb\nprint(comb(32, 3))\n```"),
        code("print('cards:', 32)",
             {"output_type": "stream", "name": "stdout", "text": "cards: 32\n"}),
        code('answer = 4960\ncheck("first", answer)',
             {"output_type": "stream", "name": "stdout", "text": "first: Correct!\n"}),
        md("### 2. A second question\n\nWhat is the chance?"),
        code("plot()", {"output_type": "display_data", "metadata": {},
                        "data": {"image/svg+xml": SVG, "text/plain": "<Figure>"}}),
        md("## Where next\n\n* Back to the [start page](start.ipynb)."),
    ]}
    source = tmp_path / "test-exercises.ipynb"
    source.write_text(json.dumps(notebook), encoding="utf-8")
    out = tmp_path / "sheets"
    run = _run(ROOT, out, "--notebook", str(source))
    assert run.returncode == 0, run.stderr
    page = (out / "test-exercises.html").read_text(encoding="utf-8")
    _assert_no_code_and_self_contained(page, source.name)
    text = _page_text(page)
    assert "1. A first question" in text and "2. A second question" in text
    assert "How many hands are there?" in text and "What is the chance?" in text
    assert "cards: 32" in text                      # a set-up cell's printed result
    assert "Correct" not in text and "comb(" not in text and "Where next" not in text
    assert "Test: exercises" in text and "answer = " not in text
    assert f'src="data:image/png;base64,{PNG}"' in page
    svg_uri = "data:image/svg+xml;base64," + base64.b64encode(SVG.encode()).decode()
    assert f'src="{svg_uri}"' in page
    assert page.count('class="answer"') == 2
    # Each exercise is kept on one page where it fits; the page prints on A4 and Letter.
    assert re.search(r"section\.exercise\s*{[^}]*break-inside:\s*avoid", page)
    assert "@page" in page
