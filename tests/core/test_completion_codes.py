"""Completion codes (issue 47, "Results a teacher can collect"): a code made in the kernel
from the accepted answers verifies against the teacher's answer key; a code made with a
wrong answer, for another name, or altered by hand does not; ``python -m treehouse_lab
verify`` reports each and exports the class; tools/answer_key.py makes the key from the
solutions notebooks."""

from __future__ import annotations

import base64
import csv
import hashlib
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from treehouse_lab import completion, exercise_bank, exercises
from treehouse_lab.errors import RuleError
from treehouse_lab.exercises import canonical, check, completion_code, make_exercise, register

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable

# Exercises of this test's own, so that no real answer appears here.
ANSWERS = {"cc-test-sets": 84, "cc-test-chance": Fraction(5, 36), "cc-test-mean": Fraction(7, 2)}


@pytest.fixture
def bank():
    """Registers the test exercises, starts from nothing solved, and cleans up after."""
    for eid, answer in ANSWERS.items():
        register(make_exercise(eid, answer, hint="count again"))
    exercises.forget_progress()
    yield {eid: canonical(a) for eid, a in ANSWERS.items()}
    exercises.forget_progress()
    for eid in ANSWERS:
        exercise_bank._BANK.pop(eid, None)


def _solve_two(capsys) -> None:
    check("cc-test-sets", 83)                        # a wrong attempt
    check("cc-test-sets", 84)
    check("cc-test-chance", "5/36")
    check("cc-test-mean", ...)                       # not answered: no attempt
    check("cc-test-mean", Fraction(3))               # tried, not solved
    capsys.readouterr()


def _letters(code: str) -> str:
    return code[len(completion.PREFIX):]


def _rebuild(name: str, solved, tried) -> str:
    """A code built by hand in the documented format, with a correct checksum: what a
    forger who read the docs can make without the answers."""
    raw = name.encode()
    body = bytearray([len(raw)]) + raw + bytes([len(solved)])
    for ref, attempts, tag in solved:
        body += ref + bytes([attempts]) + tag
    body += bytes([len(tried)])
    for ref, attempts in tried:
        body += ref + bytes([attempts])
    body += hashlib.sha256(b"TL1" + bytes(body)).digest()[:4]
    return "TL1-" + base64.b32encode(bytes(body)).decode().rstrip("=")


# -- the code in the kernel -------------------------------------------------------------


def test_a_code_made_with_the_right_answers_verifies(bank, capsys) -> None:
    _solve_two(capsys)
    code = completion_code("  Ann   Lee ")
    assert code.startswith("TL1-") and re.fullmatch(r"TL1-[A-Z2-7]+", code)
    report = completion.verify_code(code, "ann lee", bank)
    assert report.valid, report.problem
    assert sorted(report.solved) == ["cc-test-chance", "cc-test-sets"]
    attempts = {r.exercise: (r.solved, r.attempts) for r in report.results}
    assert attempts == {"cc-test-sets": (True, 2), "cc-test-chance": (True, 1),
                        "cc-test-mean": (False, 1)}
    assert completion.read_code(code).name == "Ann Lee"   # the display form is kept
    assert repr(code) == str(code)                        # shown without quotes


def test_the_kernel_remembers_the_first_accepted_answer_and_every_attempt(bank,
                                                                          capsys) -> None:
    check("cc-test-sets", 84)
    check("cc-test-sets", 85)       # a wrong answer after the right one does not undo it
    check("cc-test-chance", 0.14)   # a float is an attempt, never a solution
    capsys.readouterr()
    progress = exercises.progress()
    assert progress["cc-test-sets"] == exercises.Progress(True, 2)
    assert progress["cc-test-chance"] == exercises.Progress(False, 1)
    assert "cc-test-mean" not in progress
    assert exercises.accepted_answers() == {"cc-test-sets": bank["cc-test-sets"]}


def test_a_code_with_one_wrong_answer_is_refused_and_names_the_exercise(bank) -> None:
    wrong = {"cc-test-sets": (bank["cc-test-sets"], 1),
             "cc-test-chance": (canonical(Fraction(1, 6)), 1)}
    report = completion.verify_code(completion.make_code("Ann", wrong), "Ann", bank)
    assert not report.valid
    assert report.problem == "exercise cc-test-chance not proven"
    assert report.solved == ["cc-test-sets"]
    # the same code is valid only against a key holding that (wrong) answer
    key = dict(bank, **{"cc-test-chance": canonical(Fraction(1, 6))})
    assert completion.verify_code(completion.make_code("Ann", wrong), "Ann", key).valid


def test_a_code_for_another_name_is_refused(bank, capsys) -> None:
    _solve_two(capsys)
    code = completion_code("Ann")
    report = completion.verify_code(code, "Bob", bank)
    assert not report.valid and report.problem.startswith("name mismatch")
    assert "'Ann'" in report.problem
    # Bob's name written into Ann's code, checksum recomputed: the tags are Ann's
    decoded = completion.read_code(code)
    forged = _rebuild("Bob", decoded.solved, decoded.tried)
    assert completion.read_code(forged).name == "Bob"
    report = completion.verify_code(forged, "Bob", bank)
    assert not report.valid
    assert "exercise cc-test-chance not proven" in report.problem
    assert "exercise cc-test-sets not proven" in report.problem


def test_raised_attempts_on_a_solved_exercise_are_refused(bank, capsys) -> None:
    _solve_two(capsys)
    decoded = completion.read_code(completion_code("Ann"))
    solved = tuple((ref, 1, tag) for ref, _, tag in decoded.solved)  # "first try"
    report = completion.verify_code(_rebuild("Ann", solved, decoded.tried), "Ann", bank)
    assert not report.valid and "cc-test-sets not proven" in report.problem


@pytest.mark.parametrize("name", ["Ann Lee", "Al", "Bea", "Cora", "Dave"])
def test_a_code_edited_by_hand_is_refused(bank, capsys, name) -> None:
    # names of 2 to 5 letters give codes whose last letter carries 0 to 4 unused bits
    _solve_two(capsys)
    code = str(completion_code(name))
    assert completion.verify_code(code, name, bank).valid
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    for i in range(len(code)):
        for other in {alphabet[(alphabet.find(code[i]) + 1) % 32], "A", "7", "-"} - {code[i]}:
            edited = code[:i] + other + code[i + 1:]
            report = completion.verify_code(edited, name, bank)
            assert not report.valid, (i, other)
            assert report.problem.split(":")[0] in ("checksum", "bad format"), report.problem
    for cut in range(1, len(code)):
        report = completion.verify_code(code[:cut], name, bank)
        assert not report.valid, cut
    assert not completion.verify_code(code + "A", name, bank).valid
    # what is not an edit: case, and the quotes and spaces of a copied output
    assert completion.verify_code(code.lower(), name, bank).valid
    assert completion.verify_code(f" '{code}'\n", name, bank).valid


def test_a_key_without_a_solved_exercise_or_a_code_of_another_version_is_refused(
        bank, capsys) -> None:
    _solve_two(capsys)
    code = completion_code("Ann")
    partial = {eid: form for eid, form in bank.items() if eid != "cc-test-sets"}
    report = completion.verify_code(code, "Ann", partial)
    assert not report.valid and "not in the answer key" in report.problem
    report = completion.verify_code("TL2-" + _letters(code), "Ann", bank)
    assert not report.valid and "version 'TL2'" in report.problem


def test_a_code_with_nothing_solved_is_valid_and_lists_nothing(bank) -> None:
    code = completion_code("Ann")
    report = completion.verify_code(code, "Ann", bank)
    assert report.valid and report.results == () and report.solved == []


def test_a_code_for_some_exercises_only(bank, capsys) -> None:
    _solve_two(capsys)
    report = completion.verify_code(completion_code("Ann", ids=["cc-test-sets"]), "Ann", bank)
    assert report.valid and [r.exercise for r in report.results] == ["cc-test-sets"]
    with pytest.raises(RuleError, match="ids: no exercise 'nope'"):
        completion_code("Ann", ids=["nope"])


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "Ann\x1bLee", "Ann\x00", 7, None])
def test_bad_names_are_refused_and_nothing_changes(bank, capsys, name) -> None:
    _solve_two(capsys)
    before, code = exercises.progress(), completion_code("Ann")
    with pytest.raises(RuleError, match=r"^name: "):
        completion_code(name)
    assert exercises.progress() == before
    assert completion_code("Ann") == code
    assert len(completion_code("x" * 60)) < 200


# -- the answer key and the command line --------------------------------------------------


def test_a_key_that_is_not_an_answer_key_is_refused() -> None:
    for data in ([], {}, {"a": 5}, {"a": "5"}):
        with pytest.raises(RuleError):
            completion.load_key(data)


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "-m", "treehouse_lab", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_verify_on_the_command_line(bank, capsys, tmp_path) -> None:
    _solve_two(capsys)
    ann = completion_code("Ann Lee")
    exercises.forget_progress()
    bob = completion_code("Bob")
    forged = ann[:20] + ("B" if ann[20] != "B" else "C") + ann[21:]
    (tmp_path / "answer-key.json").write_text(json.dumps(bank))
    with open(tmp_path / "codes.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["Timestamp", "Name", "Code"])
        w.writerow(["9:01", "ann lee", ann])
        w.writerow(["9:02", "Bob", bob])
        w.writerow(["9:03", "Cy", forged])
        w.writerow(["9:04", "Dee"])                    # a bad row: no code
        w.writerow(["9:05", "Eve", ann])               # Ann's code handed in by Eve
    run = _run("verify", "codes.csv", "--csv", "out.csv", cwd=tmp_path)  # default key
    assert run.returncode == 1, run.stderr
    assert run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[0] == ("ann lee: valid: solved 2: cc-test-chance (1 attempt), cc-test-sets "
                        "(2 attempts); tried, not solved: cc-test-mean (1 attempt)")
    assert lines[1] == "Bob: valid: solved none"
    assert lines[2].startswith("Cy: INVALID: checksum")
    assert lines[3] == "row 5 (Dee): INVALID: bad row: no code"
    assert lines[4] == "Eve: INVALID: name mismatch: the code was made for 'Ann Lee'"
    assert lines[5] == "5 codes: 2 valid, 3 invalid"
    with open(tmp_path / "out.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    assert rows[0] == ["student", "exercise", "solved", "attempts", "code"]
    assert sorted(rows[1:4]) == [["ann lee", "cc-test-chance", "yes", "1", "valid"],
                                 ["ann lee", "cc-test-mean", "no", "1", "valid"],
                                 ["ann lee", "cc-test-sets", "yes", "2", "valid"]]
    assert sorted(rows[4:7]) == [["Bob", "cc-test-chance", "no", "0", "valid"],
                                 ["Bob", "cc-test-mean", "no", "0", "valid"],
                                 ["Bob", "cc-test-sets", "no", "0", "valid"]]
    assert [r[0] for r in rows[7:]] == ["Cy", "row 5 (Dee)", "Eve"]
    assert all(r[4].startswith("invalid: ") and r[1:4] == ["", "", ""] for r in rows[7:])

    # every code valid: exit 0
    (tmp_path / "good.csv").write_text(f"name,code\nBob,{bob}\n")
    run = _run("verify", "good.csv", "--key", "answer-key.json", cwd=tmp_path)
    assert (run.returncode, run.stdout.splitlines()[-1]) == (0, "1 codes: 1 valid, 0 invalid")


@pytest.mark.parametrize("files, args, says", [
    ({"c.csv": "who,code\nAnn,TL1-AAAA\n"}, ["c.csv", "--key", "k.json"],
     "expected a header row with the columns name,code"),
    ({"c.csv": "name,code\n"}, ["c.csv"], "no answer key given and no answer-key.json"),
    ({"c.csv": "name,code\n", "k.json": "{not json"}, ["c.csv", "--key", "k.json"],
     "'k.json' is not JSON"),
    ({"c.csv": "name,code\n", "k.json": '{"a": 5}'}, ["c.csv", "--key", "k.json"],
     "not a canonical answer"),
    ({}, ["missing.csv", "--key", "k.json"], "cannot read"),
])
def test_verify_refuses_bad_input_with_one_line_and_exit_2(tmp_path, files, args,
                                                            says) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    if "k.json" in args and "k.json" not in files:
        (tmp_path / "k.json").write_text('{"a": "Q:1/2"}')
    run = _run("verify", *args, cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("python -m treehouse_lab verify: error: ")
    assert says in run.stderr and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_tl_exercises_needs_no_import_of_its_own_and_stays_lazy() -> None:
    code = ("import sys, treehouse_lab as tl\n"
            "print('treehouse_lab.exercises' in sys.modules)\n"
            "print(tl.exercises.completion_code('Ann')[:4])\n"
            "print('sympy' in sys.modules)\n")
    out = subprocess.run([PY, "-c", code], capture_output=True, text=True, check=True,
                         timeout=60).stdout.split()
    assert out == ["False", "TL1-", "False"]


def _solutions() -> list[Path]:
    return sorted({*ROOT.glob("notebooks/*-solutions.ipynb"),
                   *ROOT.glob("teacher/**/*-solutions.ipynb")})


def test_the_answer_key_tool_stops_on_a_check_the_solutions_fail(tmp_path) -> None:
    cell = ('from treehouse_lab.games.backyard.exercises import check\n'
            'check("first-hand-sets", 1)\n')
    nb = {"cells": [{"cell_type": "code", "source": cell, "metadata": {}, "outputs": [],
                     "execution_count": None}], "metadata": {}, "nbformat": 4,
          "nbformat_minor": 5}
    (tmp_path / "x-solutions.ipynb").write_text(json.dumps(nb))
    run = subprocess.run([PY, str(ROOT / "tools" / "answer_key.py"), "x-solutions.ipynb",
                          "-o", "key.json"], capture_output=True, text=True, cwd=tmp_path,
                         timeout=120)
    assert run.returncode == 2
    assert "check refused the solutions' answer for first-hand-sets" in run.stderr
    assert not (tmp_path / "key.json").exists()


def test_the_answer_key_from_the_solutions_notebooks_is_complete_and_right(tmp_path) -> None:
    import treehouse_lab.games.backyard.exercises as backyard
    import treehouse_lab.games.diner.exercises as diner
    import treehouse_lab.games.magical.exercises as magical
    import treehouse_lab.games.pyramids.exercises as pyramids

    notebooks = _solutions()
    assert len(notebooks) >= 4
    run = subprocess.run([PY, str(ROOT / "tools" / "answer_key.py"), *map(str, notebooks),
                          "-o", str(tmp_path / "key.json")], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr
    key = json.loads((tmp_path / "key.json").read_text())
    # every exercise the students' notebooks check, and every exercise in the banks
    asked = set()
    for path in ROOT.glob("notebooks/*-exercises.ipynb"):
        text = "".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"])
        asked |= set(re.findall(r"""check\(\s*["']([\w-]+)["']""", text))
    banks = {*pyramids.IDS, *backyard.IDS, *diner.IDS, *magical.IDS}
    assert len(asked) >= 20
    assert asked <= set(key) and banks <= set(key)
    # every per-student variant has its answer, and it is right for those numbers
    from treehouse_lab import variants

    for eid in variants.with_variants():
        for number, _, _ in variants.choices(eid):
            form = key.pop(f"{eid}~{number}")
            p, q = form[2:].split("/")
            assert variants.check_variant(eid, number, Fraction(int(p), int(q))), eid
    variants.forget_proven()
    # each key answer is one check accepts (without recording anything here)
    for eid, form in key.items():
        assert form.startswith("Q:"), (eid, form)   # every answer today is a number
        p, q = form[2:].split("/")
        verdict, _ = exercises._judge(eid, Fraction(int(p), int(q)))
        assert verdict.correct is True, (eid, verdict.message)
    completion.load_key(key)


def test_the_longest_code_reads_back() -> None:
    solved = {f"exercise-{i}": ("Q:1/2", 300) for i in range(255)}
    tried = {f"tried-{i}": 300 for i in range(255)}
    code = completion.make_code("\U0001F333" * completion.MAX_NAME, solved, tried)
    decoded = completion.read_code(code)
    assert (len(decoded.solved), len(decoded.tried)) == (255, 255)
    assert {a for _, a, _ in decoded.solved} == {255}        # counts stop at 255
    with pytest.raises(RuleError, match="at most 255"):
        completion.make_code("Ann", {**solved, "one-more": ("Q:1/1", 1)})
