"""The answer box (issue 47, item 2): what its field reads, what it refuses without
grading, and that its verdicts, hints, attempts and completion codes are check()'s own.

Two exercises of the test's own, made with ``make_exercise`` (so the answers are the
test's, not the banks'): one exact (no decimals), one that takes a decimal."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

import treehouse_lab as tl
from treehouse_lab import exercise_bank, exercises
from treehouse_lab.boards.answer_box import ACCEPTS, ACCEPTS_DECIMALS, read_answer
from treehouse_lab.completion import verify_code

EXACT, MEAN = "box-demo-exact", "box-demo-mean"
RIGHT = Fraction(161, 5874)
MISTAKE = Fraction(1, 2)


@pytest.fixture
def demo():
    exercises.forget_progress()
    exercises.register(exercises.make_exercise(
        EXACT, RIGHT, "Count the sets of three.", mistakes={MISTAKE: "That is a half."}))
    exercises.register(dataclasses.replace(
        exercises.make_exercise(MEAN, Fraction(7, 2), "Add the chances."), decimals=True))
    yield
    exercises.forget_progress()
    for eid in (EXACT, MEAN):
        exercise_bank._BANK.pop(eid, None)


def printed_by_check(eid: str, answer: object) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exercises.check(eid, answer)
    return out.getvalue().rstrip("\n")


@pytest.mark.parametrize("text, value", [
    ("180", 180),
    ("  4960 ", 4960),
    ("161/5874", Fraction(161, 5874)),
    ("-3/4", Fraction(-3, 4)),
    ("3/4 * 2/3", Fraction(1, 2)),
    ("(1 - 1/6)^2", Fraction(25, 36)),
    ("2**10", 1024),
    ("C(32, 3)", math.comb(32, 3)),
    ("binomial(90, 3) - comb(80, 3)", math.comb(90, 3) - math.comb(80, 3)),
    ("5!", math.factorial(5)),
    ("factorial(6)/4!", Fraction(math.factorial(6), math.factorial(4))),
    ("P(32, 3)", math.perm(32, 3)),
    ("perm(3, 5)", 0),
    ("12 \u00d7 3 \u00f7 4 \u2212 1", 8),
])
def test_reads_whole_numbers_fractions_and_expressions(text, value) -> None:
    got = read_answer(text)
    assert got.is_Rational and Fraction(int(got.p), int(got.q)) == Fraction(value)


def test_reads_a_root_exactly() -> None:
    assert read_answer("sqrt(8)/2") == sympy.sqrt(2)


@pytest.mark.parametrize("text, value", [("3.5", Fraction(7, 2)), ("0.125", Fraction(1, 8)),
                                         ("1.5 + 2", Fraction(7, 2)), ("2.5e1", 25)])
def test_reads_decimals_exactly_only_where_allowed(text, value) -> None:
    got = read_answer(text, decimals=True)
    assert Fraction(int(got.p), int(got.q)) == value
    with pytest.raises(tl.RuleError, match="is a decimal.*write it as a fraction"):
        read_answer(text)


@pytest.mark.parametrize("text", [
    "", "   ", "three", "x + 1", "__import__('os').system('true')", "(1).__class__",
    "open('f')", "lambda: 1", "[1, 2]", "1 if 1 else 2", "'12'", "True", "1 < 2",
    "9^9^9", "2^(1/3)", "C(10**9, 2)", "factorial(-1)", "C(1, 2, 3)", "sqrt(1, 2)",
    "1/0", "0^-1", "1 +", "1" * 400, "C(n=3, k=1)", "3 % 2", "7 // 2",
])
def test_refuses_anything_else_naming_what_it_takes(text) -> None:
    with pytest.raises(tl.RuleError) as err:
        read_answer(text)
    assert ACCEPTS in str(err.value) and str(err.value).startswith("answer: ")
    assert len(str(err.value)) < 400  # a short prefix of the text at most


def test_box_verdicts_and_hints_are_checks_own(demo) -> None:
    box = tl.AnswerBox(EXACT)
    assert box.accepts == ACCEPTS and tl.AnswerBox(MEAN).accepts == ACCEPTS_DECIMALS
    wrong = box.check("1/3")
    assert (wrong, box.verdict, box.verdict_kind) == (
        printed_by_check(EXACT, Fraction(1, 3)), wrong, "wrong")
    assert "Count the sets of three." in wrong
    mistake = box.check("2/4")
    assert mistake == printed_by_check(EXACT, MISTAKE) and "That is a half." in mistake
    assert not box.solved
    right = box.check("161 / 5874")
    assert right == printed_by_check(EXACT, RIGHT) == f"{EXACT}: Correct!"
    assert box.solved and box.verdict_kind == "correct"
    hint = box.hint()
    assert hint == f"{EXACT}: Hint: Count the sets of three." and box.verdict_kind == "hint"
    assert tl.AnswerBox(MEAN).check("3.5") == f"{MEAN}: Correct!"


def test_each_check_is_one_attempt_and_a_refusal_none(demo) -> None:
    box = tl.AnswerBox(EXACT)
    said = box.said
    for text in ("0.5", "", "x", "__import__('os')"):
        message = box.check(text)
        assert message.startswith(f"{EXACT}: not checked: answer: ") and ACCEPTS in message
        assert box.verdict_kind == "refused"
    assert box.said == said + 4  # each refusal is said, so a screen reader hears it
    assert EXACT not in exercises.progress()
    box.hint()
    assert EXACT not in exercises.progress()
    box.check("1/3")
    box.check("1/3")
    assert exercises.progress()[EXACT] == exercises.Progress(False, 2)
    box.check("161/5874")
    assert exercises.progress()[EXACT] == exercises.Progress(True, 3)
    assert exercises.accepted_answers()[EXACT] == exercises.canonical(RIGHT)


def test_messages_from_the_page_drive_the_box(demo) -> None:
    box = tl.AnswerBox(EXACT)
    box._on_message(box, {"do": "check", "text": "161/5874"}, [])
    assert box.solved and exercises.progress()[EXACT].attempts == 1
    box._on_message(box, {"do": "hint"}, [])
    assert box.verdict_kind == "hint"
    box._on_message(box, {"do": "code", "name": "Ann Lee"}, [])
    assert box.code.startswith("TL1-")
    box._on_message(box, {"do": "what"}, [])
    box._on_message(box, "not a dict", [])
    assert exercises.progress()[EXACT].attempts == 1


def test_completion_code_shown_after_correct(demo) -> None:
    box = tl.AnswerBox(EXACT)
    box.check("1/3")
    box.check("161/5874")
    shown = box.get_code("Ann Lee")
    assert shown == box.code == str(exercises.completion_code("Ann Lee"))
    key = {EXACT: exercises.canonical(RIGHT)}
    report = verify_code(shown, "Ann Lee", key)
    assert report.valid, report.problem
    assert [(r.exercise, r.solved, r.proven, r.attempts) for r in report.results] == [
        (EXACT, True, True, 2)]
    refused = box.get_code("  ")
    assert box.code == "" and refused == box.code_message and "name" in refused


def test_unknown_exercise_is_refused_naming_the_ids(demo) -> None:
    with pytest.raises(tl.RuleError, match=f"no exercise 'nope'.*{EXACT}"):
        tl.AnswerBox("nope")


def test_saved_notebook_shows_a_sentence_not_the_traits(demo) -> None:
    text = tl.AnswerBox(EXACT)._repr_mimebundle_()[0]["text/plain"]
    assert text == f"Answer box for exercise {EXACT}: run this cell to type your answer."


def test_every_exercise_in_the_students_notebooks_has_a_box_after_its_check() -> None:
    """Issue 47: every exercise gets a box, and the code cell stays for those who write
    code; the box comes in the next cell, for the exercise that cell checks."""
    notebooks = sorted((Path(__file__).resolve().parents[2] / "notebooks")
                       .glob("*-exercises.ipynb"))
    assert len(notebooks) == 4
    for path in notebooks:
        cells = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"]
                 if c["cell_type"] == "code"]
        checked = [(i, m.group(1)) for i, src in enumerate(cells)
                   for m in re.finditer(r'check\("([a-z0-9-]+)", answer\)', src)]
        assert len(checked) >= 7, path.name
        for i, eid in checked:
            assert f'tl.AnswerBox("{eid}")' in cells[i + 1], (path.name, eid)
        boxes = re.findall(r'AnswerBox\("([a-z0-9-]+)"\)', "\n".join(cells))
        assert boxes == [eid for _, eid in checked], path.name
