"""Make a printable worksheet of each exercises notebook, for a class without computers.

    python tools/make_worksheets.py [OUT] [--notebook PATH ...]

Writes ``OUT/<name>.html`` for each ``notebooks/*-exercises.ipynb`` (OUT defaults to
``build/worksheets``, which git ignores; ``--notebook`` picks other notebooks). Open a
file in a browser and print it (A4 or Letter: the page's margins and widths fit both).

What a worksheet holds, and why:

* the notebook's text (its markdown) and its saved pictures (PNG and SVG outputs), each
  inlined as a ``data:`` URI, so a file is whole on its own: no network, no script, no
  other file;
* the printed results of the notebook's own cells that set an exercise up (the hand a
  seeded game dealt, the village to score), as plain text: without them some exercises
  cannot be done on paper;
* no code at all: no code cell, and none of the text that is about running code (the
  ``answer = ...`` and ``check`` instructions, Shift+Enter, code blocks, the simulation to
  try afterwards) or about other notebooks (links become their text; "Where next" goes);
* under each exercise (a ``### N.`` heading) a space for working and an answer line. An
  exercise is kept on one page where it fits (``break-inside: avoid``), so a page break
  falls before an exercise rather than through it.

The answer cells' outputs (the answer box, ``check``'s verdict) are left out: they are the
computer's part. Formulas stay in the notebook's TeX (``$y^3 x^{21}$``): the worksheet
loads no MathJax, which would need the network.

Needs nbconvert (its mistune markdown filter), which JupyterLab brings (the ``lab`` and
``test`` extras). Nothing is written but OUT.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUT = ROOT / "build" / "worksheets"

#: An exercise's heading: "### 3. Green 3 on top (...)".
EXERCISE = re.compile(r"^#{2,3}\s+\d+\.\s")
#: A code cell that grades an answer (its outputs are the computer's part, left out).
ANSWER_CELL = re.compile(r"\bcheck\(|\banswer\b|AnswerBox|answer_box")
#: Paragraphs about running code or about other notebooks, which paper has no use for.
#: Narrow on purpose: a question's own paragraph must never match.
NOT_ON_PAPER = re.compile(
    r"`answer|`check|\bcheck\(|Shift\+Enter|Run All Cells|How to run this|start page"
    r"|simulation to try|-solutions|worked solutions|\*\*(Check|Hint)\*\*|exercises\.student")
#: A section that only points elsewhere.
WHERE_NEXT = re.compile(r"^#{1,3}\s+Where next", re.IGNORECASE)
#: The pilcrow anchor nbconvert's markdown filter adds to every heading.
ANCHOR = re.compile(r'<a class="anchor-link" href="#[^"]*">&#182;</a>')
#: A link, which becomes its text on paper.
LINK = re.compile(r"<a\b[^>]*>(.*?)</a>", re.S)

CSS = """
@page { margin: 15mm; }
* { box-sizing: border-box; }
body { font: 11pt/1.45 Georgia, "Times New Roman", serif; color: #000; background: #fff;
       max-width: 180mm; margin: 0 auto; padding: 0 4mm; }
h1 { font-size: 18pt; margin: 0 0 4mm; }
h2, h3 { font-size: 13pt; margin: 0 0 2mm; break-after: avoid; page-break-after: avoid; }
code, pre { font: 10pt/1.35 "DejaVu Sans Mono", Menlo, Consolas, monospace; }
pre.result { border-left: 2pt solid #777; padding: 1mm 3mm; white-space: pre-wrap;
             break-inside: avoid; }
table { border-collapse: collapse; margin: 2mm 0; }
th, td { border: 0.5pt solid #555; padding: 1mm 2mm; }
figure { margin: 3mm 0; break-inside: avoid; page-break-inside: avoid; }
figure img { max-width: 100%; max-height: 120mm; }
.who { display: flex; gap: 8mm; margin: 0 0 6mm; }
.who span { flex: 1; border-bottom: 0.75pt solid #000; padding-top: 6mm; }
section { margin: 0 0 6mm; }
section.exercise { break-inside: avoid; page-break-inside: avoid; border-top: 0.75pt solid #000;
                   padding-top: 3mm; }
.working { height: 35mm; border: 0.5pt dashed #777; margin: 3mm 0; }
.answer { display: flex; align-items: flex-end; gap: 2mm; font-weight: bold; }
.answer .line { flex: 1; border-bottom: 0.75pt solid #000; height: 8mm; }
@media screen { body { margin-top: 10mm; } }
"""


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _blocks(source: str) -> list[str]:
    """A markdown text's blocks (paragraphs, lists, tables, fenced code): split at blank
    lines, but never inside a fence."""
    blocks: list[list[str]] = [[]]
    fenced = False
    for line in source.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            blocks.append([])
        else:
            blocks[-1].append(line)
    return ["\n".join(b) for b in blocks if b]


def markdown_html(source: str) -> str:
    """One markdown cell as worksheet HTML: the paragraphs for paper only (see
    ``NOT_ON_PAPER``; code blocks go too), links as their text, no heading anchors."""
    from nbconvert.filters import markdown2html_mistune

    kept = [block for block in _blocks(source)
            if not block.lstrip().startswith("```") and not NOT_ON_PAPER.search(block)]
    out = markdown2html_mistune("\n\n".join(kept)) if kept else ""
    return LINK.sub(r"\1", ANCHOR.sub("", out))


def picture(output: dict) -> str | None:
    """An output's picture as an ``<img>`` with a data URI (SVG preferred: it prints
    sharp), or None."""
    data = output.get("data", {})
    alt = html.escape(_text(data.get("text/plain", "a picture")).strip()[:200], quote=True)
    if "image/svg+xml" in data:
        svg = _text(data["image/svg+xml"]).encode("utf-8")
        uri = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
    elif "image/png" in data:
        uri = "data:image/png;base64," + _text(data["image/png"]).replace("\n", "")
    else:
        return None
    return f'<figure><img src="{uri}" alt="{alt}"></figure>'


def printed(output: dict) -> str | None:
    """What a set-up cell printed, as plain text (a stream, or a result's text)."""
    if output.get("output_type") == "stream" and output.get("name") == "stdout":
        text = _text(output.get("text", ""))
    elif output.get("output_type") in ("execute_result", "display_data"):
        text = _text(output.get("data", {}).get("text/plain", ""))
    else:
        return None
    return f'<pre class="result">{html.escape(text.rstrip())}</pre>' if text.strip() else None


def worksheet(notebook: dict, name: str) -> str:
    """The worksheet of one notebook, a whole HTML page."""
    sections: list[tuple[bool, list[str]]] = [(False, [])]
    skipping = False
    title = name
    for cell in notebook.get("cells", []):
        source = _text(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            first = source.lstrip().splitlines()[0] if source.strip() else ""
            if first.startswith("# ") and title == name:
                title = first[2:].strip()
            if re.match(r"^#{1,3}\s", first):
                skipping = bool(WHERE_NEXT.match(first))
                if not skipping:
                    sections.append((bool(EXERCISE.match(first)), []))
            if not skipping:
                sections[-1][1].append(markdown_html(source))
        elif cell.get("cell_type") == "code" and not skipping:
            answer_cell = bool(ANSWER_CELL.search(source))
            for output in cell.get("outputs", []):
                shown = picture(output) or (None if answer_cell else printed(output))
                if shown:
                    sections[-1][1].append(shown)
    body = []
    for is_exercise, parts in sections:
        if not any(parts):
            continue
        if is_exercise:
            parts = [*parts, '<div class="working" aria-label="working"></div>',
                     '<p class="answer">Answer: <span class="line"></span></p>']
        klass = ' class="exercise"' if is_exercise else ""
        body.append(f"<section{klass}>\n" + "\n".join(p for p in parts if p) + "\n</section>")
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{html.escape(title)}: worksheet</title>
<style>{CSS}</style>
</head>
<body>
<p class="who"><span>Name:</span><span>Date:</span></p>
{chr(10).join(body)}
</body>
</html>
"""


def make(out: Path, notebooks: list[Path]) -> list[Path]:
    """Write one worksheet per notebook into ``out``; the files written."""
    if not notebooks:
        raise SystemExit(f"make_worksheets: no exercises notebooks in {NOTEBOOKS}")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in notebooks:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        target = out / f"{path.stem}.html"
        target.write_text(worksheet(notebook, path.stem), encoding="utf-8")
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT,
                        help=f"where the worksheets go (default: "
                             f"{DEFAULT_OUT.relative_to(ROOT)})")
    parser.add_argument("--notebook", action="append", type=Path, default=None,
                        metavar="PATH", help="a notebook to make a worksheet of (default: "
                                             "every notebooks/*-exercises.ipynb)")
    args = parser.parse_args(argv)
    paths = args.notebook or sorted(NOTEBOOKS.glob("*-exercises.ipynb"))
    for target in make(args.out, paths):
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
