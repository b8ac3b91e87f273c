"""Answer boxes in JupyterLab at 1366x768 (issue 47, "What it must show"): for one exercise
of each game, a wrong answer typed into the box gets check()'s hint, the Hint button its
hint, and the right answer, entered with the keyboard alone, "Correct"; then the box gives
a completion code that verifies against the teachers' answer key. axe finds nothing
critical or serious in the box.

The right answers are never written here: they come from the teachers' solutions
notebooks, run by tools/answer_key.py as a teacher makes the key."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tl_axe import failing, report, violations
from tl_lab_page import RUN_TIMEOUT_MS, run_notebook
from tl_tools import load_tool

from treehouse_lab.completion import verify_code

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ["treehouse-exercises.ipynb", "treehouse-diner-exercises.ipynb",
             "magical-treehouse-exercises.ipynb", "backyard-exercises.ipynb"]
NAME = "Ann Lee"


@pytest.fixture(scope="module")
def key() -> dict[str, str]:
    """{id: canonical answer}, made from the solutions as a teacher makes it."""
    solutions = sorted({*ROOT.glob("teacher/*-solutions.ipynb"),
                        *ROOT.glob("notebooks/*-solutions.ipynb")})
    assert len(solutions) == 4, solutions
    return load_tool("answer_key").make_key(solutions)


def typed(form: str, plus: int = 0) -> str:
    """What a student types for the canonical answer ``Q:p/q`` (plus ``plus``)."""
    p, q = (int(n) for n in re.fullmatch(r"Q:(-?\d+)/(\d+)", form).groups())
    p += plus * q
    return str(p) if q == 1 else f"{p}/{q}"


def first_box(name: str) -> str:
    cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    return re.search(r'AnswerBox\("([a-z0-9-]+)"\)', code).group(1)


def said(page, box) -> str:
    """The verdict region's text once the kernel's answer has been drawn into it."""
    region = box.locator(".tl-answer-verdict")
    page.wait_for_function("(el) => el.textContent.length > 0", arg=region.element_handle(),
                           timeout=RUN_TIMEOUT_MS)
    return region.inner_text()


def wait_new_verdict(page, box, before: str) -> str:
    region = box.locator(".tl-answer-verdict")
    page.wait_for_function("([el, old]) => el.textContent && el.textContent !== old",
                           arg=[region.element_handle(), before], timeout=RUN_TIMEOUT_MS)
    return region.inner_text()


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_a_wrong_then_a_right_answer_in_the_box(page, lab, key, notebook) -> None:
    eid = first_box(notebook)
    assert page.viewport_size == {"width": 1366, "height": 768}
    panel = run_notebook(page, lab, notebook)
    box = page.locator(f"[id='{panel}'] .tl-answer").first
    box.wait_for(state="visible", timeout=RUN_TIMEOUT_MS)
    field = page.get_by_label(f"Your answer to exercise {eid}")
    assert field.count() == 1
    verdict = box.locator(".tl-answer-verdict")
    assert verdict.get_attribute("aria-live") == "polite"
    assert box.locator(".tl-answer-done").is_hidden()

    field.fill(typed(key[eid], plus=1))
    box.get_by_role("button", name="Check").click()
    wrong = said(page, box)
    assert wrong.startswith(f"{eid}: Not yet. Hint: ") and "Correct" not in wrong
    assert box.locator(".tl-answer-done").is_hidden()

    box.get_by_role("button", name="Hint").click()
    hint = wait_new_verdict(page, box, wrong)
    assert hint.startswith(f"{eid}: Hint: ")

    field.fill("0.5")  # refused, not graded: the box says what it takes
    field.press("Enter")
    refused = wait_new_verdict(page, box, hint)
    assert "not checked" in refused and "a fraction (161/5874)" in refused

    field.fill(typed(key[eid]))
    field.press("Enter")  # the keyboard alone: Enter is Check
    assert wait_new_verdict(page, box, refused) == f"{eid}: Correct!"

    done = box.locator(".tl-answer-done")
    done.wait_for(state="visible", timeout=RUN_TIMEOUT_MS)
    box.get_by_label("Your name").fill(NAME)
    done.get_by_role("button", name="Get my completion code").click()
    code_field = done.locator("input.tl-answer-code")
    page.wait_for_function("(el) => el.value.startsWith('TL1-')",
                           arg=code_field.element_handle(), timeout=RUN_TIMEOUT_MS)
    assert code_field.get_attribute("readonly") is not None
    report_ = verify_code(code_field.input_value(), NAME, key)
    assert report_.valid, report_.problem
    assert [(r.exercise, r.solved, r.attempts) for r in report_.results] == [(eid, True, 2)]

    sizes = box.evaluate("""(el) => [...el.querySelectorAll('*')]
        .filter((n) => n.offsetParent !== null && n.textContent.trim())
        .map((n) => parseFloat(getComputedStyle(n).fontSize))""")
    assert sizes and min(sizes) >= 11
    found = failing(violations(page, f"[id='{panel}'] .tl-answer"), page)
    assert not found, report(found, notebook)
