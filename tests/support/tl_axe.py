"""axe-core, the accessibility checker, run in a real page (issue 46: the lesson apps pass
axe with nothing critical or serious).

Why from npm and outside the checkout: axe-core is a JavaScript library, pinned by
``tests/package.json`` and its lock; ``tools/test-all`` installs it with ``npm ci`` into
``$XDG_CACHE_HOME/treehouse-lab/node`` (``TL_NODE_DIR`` overrides), as it keeps the
Python venv there, so a run leaves the checkout exactly as git has it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: The impacts a page must have none of (axe's two highest of four).
FAILING = ("critical", "serious")
#: The project's own elements in a page (issue 47: "boards, controls, answer boxes and the
#: lesson panel"): a live board with its controls, a lesson (its panel and board), an
#: answer box, a board's saved picture. axe is run on these only where the page around
#: them (JupyterLab's, Voila's, JupyterLite's) is not the project's.
OURS = ".tl-board-widget, .tl-lesson-widget, .tl-answer, .tl-saved-board"


def node_dir() -> Path:
    """Where ``tools/test-all`` installs the npm packages the tests use."""
    if os.environ.get("TL_NODE_DIR"):
        return Path(os.environ["TL_NODE_DIR"])
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "treehouse-lab" / "node"


def axe_source() -> str:
    """axe-core's script; a missing install is a failure that says how to install it."""
    path = node_dir() / "node_modules" / "axe-core" / "axe.min.js"
    if not path.exists():
        pytest.fail(f"axe-core is not installed ({path} is missing). tools/test-all installs "
                    "it: it copies tests/package.json and tests/package-lock.json to "
                    f"{node_dir()} and runs `npm ci` there.", pytrace=False)
    return path.read_text(encoding="utf-8")


#: JavaScript: ``(selector) => [{id, impact, help, targets}]``: axe's violations in the
#: part of the page under ``selector``, each with the elements it names (their CSS path and
#: axe's summary of what is wrong with that one).
RUN = """async (selector) => {
  const result = await axe.run(selector, {resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => ({target: n.target.join(' '), impact: n.impact,
                                  why: (n.failureSummary || '').slice(0, 300)})),
  }));
}"""


def violations(page, selector: str = "body") -> list[dict]:
    """axe's violations in ``page`` under ``selector`` (axe injected once per page)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    return page.evaluate(RUN, selector)


#: JavaScript: ``(selector) => bool``: whether the element's accessible name holds the text
#: drawn on it (its SVG ``<text>``, its HTML text outside any ``<title>``), compared as
#: axe compares (case, punctuation and spacing aside).
LABEL_HOLDS_DRAWN_TEXT = r"""(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const plain = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const drawn = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.parentElement.closest('title, desc, style, script')) drawn.push(n.textContent);
  }
  const name = el.getAttribute('aria-label') || '';
  return plain(name).includes(plain(drawn.join(' ')));
}"""


def failing(found: list[dict], page=None) -> list[dict]:
    """The violations of impact critical or serious. Given the ``page``, less axe's false
    positives of ``label-content-name-mismatch`` on SVG targets: axe 4.14 counts the text
    of an SVG ``<title>`` (a tooltip, never drawn) as the element's visible text (axe-core
    issue 4065, "label-content-name-mismatch should not treat SVG titles as visible
    text"), so a board target whose name holds every word drawn on it is still reported.
    Each reported element is checked again here, by the rule's own definition (the text
    drawn on it, ``LABEL_HOLDS_DRAWN_TEXT``), and left out only if its name passes."""
    kept = []
    for v in found:
        if v["impact"] not in FAILING:
            continue
        if v["id"] == "label-content-name-mismatch" and page is not None:
            targets = [n for n in v["targets"]
                       if not page.evaluate(LABEL_HOLDS_DRAWN_TEXT, n["target"])]
            if not targets:
                continue
            v = {**v, "targets": targets}
        kept.append(v)
    return kept


def report(found: list[dict], where: str) -> str:
    """One line per violation and per element it names: rule, impact, target, help."""
    lines = []
    for v in found:
        for n in v["targets"]:
            lines.append(f"{where}: {v['impact']} {v['id']} at {n['target']!r}: {v['help']}"
                         f" ({' '.join(n['why'].split())})")
    return "\n".join(lines)


__all__ = ["FAILING", "OURS", "axe_source", "failing", "node_dir", "report", "violations"]
