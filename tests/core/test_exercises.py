"""The exercise checker: exact answers in any form, hints, no answers revealed, and the
Treehouse (pyramids) bank, declared by its game, re-derived from the engine."""

from __future__ import annotations

import inspect
import re
from decimal import Decimal
from fractions import Fraction

import pytest

from treehouse_lab import exercise_bank, exercises
from treehouse_lab.exercises import (
    InexactAnswer,
    canonical,
    check,
    grade,
    make_exercise,
    register,
)
from treehouse_lab.games.pyramids import exercises as pyramids_bank


def test_every_exact_way_of_writing_a_half_is_the_same() -> None:
    import sympy

    forms = [Fraction(1, 2), Fraction(2, 4), "1/2", " 2/4 ", Decimal("0.5"),
             sympy.Rational(2, 4), sympy.S(1) / 2, sympy.nsimplify("0.5")]
    assert len({canonical(f) for f in forms}) == 1
    assert canonical(7) == canonical(sympy.Integer(7)) == canonical("7") == canonical(
        Fraction(14, 2))
    assert canonical(Fraction(1, 3)) != canonical(Fraction(1, 2))


def test_irrational_and_symbolic_answers_are_simplified() -> None:
    import sympy

    assert canonical(sympy.sqrt(8) / 2) == canonical(sympy.sqrt(2))
    assert canonical((sympy.sqrt(2) + 1) ** 2) == canonical(3 + 2 * sympy.sqrt(2))
    x = sympy.Symbol("x")
    egf = 1 / (1 - (3 * x + x**2 / (1 - x)))
    assert canonical(egf) == canonical((1 - x) / (1 - 4 * x + 2 * x**2))
    assert canonical(egf) != canonical((1 + x) / (1 - 4 * x + 2 * x**2))


def test_floats_and_booleans_are_refused() -> None:
    import sympy

    for bad in (0.5, True, sympy.Float(0.5)):
        with pytest.raises(InexactAnswer):
            canonical(bad)


def test_containers_and_text() -> None:
    assert canonical((1, Fraction(1, 2))) == canonical([1, "1/2"])
    assert canonical({3, 1}) == canonical(frozenset({1, 3}))
    assert canonical((1, 3)) != canonical((3, 1))
    assert canonical("LM  S>") == canonical("LM S>")


@pytest.fixture
def demo():
    ex = make_exercise("demo-third", Fraction(1, 3), "Count the faces that win.",
                       mistakes={Fraction(1, 6): "Another face wins too."})
    register(ex)
    yield ex
    exercise_bank._BANK.pop("demo-third", None)


def test_grade_right_wrong_mistake_and_missing(demo) -> None:
    assert grade("demo-third", Fraction(2, 6)).correct is True
    wrong = grade("demo-third", Fraction(1, 4))
    assert wrong.correct is False and "Count the faces that win." in wrong.message
    assert "1/3" not in wrong.message
    assert "Another face wins too." in grade("demo-third", "1/6").message
    for missing in (..., None):
        v = grade("demo-third", missing)
        assert v.correct is None and exercises.NOT_ANSWERED in v.message
    floaty = grade("demo-third", 1 / 3)
    assert floaty.correct is False and "exact" in floaty.message
    assert not bool(floaty) and bool(grade("demo-third", Fraction(1, 3)))


def test_audit_bank_names_each_kind_of_fault(demo) -> None:
    assert exercises.audit_bank({"demo-third": Fraction(1, 3)}, ["demo-third"]) == []
    missing, extra = exercises.audit_bank({"other": 1}, ["demo-third"])
    assert missing.startswith("demo-third: no worked answer")
    assert extra.startswith("other: a worked answer but no such exercise")
    (refused,) = exercises.audit_bank({"demo-third": Fraction(1, 4)}, ["demo-third"])
    assert "refused" in refused
    # a bank whose digest was made of the worked answer plus 1: refused, and the wrong
    # answer accepted
    register(make_exercise("demo-third", Fraction(4, 3), "Count.", salt=demo.salt))
    refused, lax = exercises.audit_bank({"demo-third": Fraction(1, 3)}, ["demo-third"])
    assert "refused" in refused and "plus 1 got 'demo-third: Correct!'" in lax


def test_only_digests_are_stored(demo) -> None:
    stored = repr(demo)
    assert "1/3" not in stored and "Fraction" not in stored
    assert re.fullmatch(r"[0-9a-f]{64}", demo.answer_digest)
    # the same answer under another salt gives another digest
    other = make_exercise("demo-third", Fraction(1, 3), "hint")
    assert other.answer_digest != demo.answer_digest


def test_check_prints_and_never_raises_for_odd_answers(demo, capsys) -> None:
    assert check("demo-third", object()) is None
    assert check("demo-third", Fraction(1, 3)) is None
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("demo-third: Not yet")
    assert out[1] == "demo-third: Correct!"


def test_unknown_exercise_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="some-lying"):
        grade("no-such-exercise", 1)


# ---------------------------------------------------------------------------------------
# The pyramids bank: every answer recomputed from the engine, the model and the solver.
# ---------------------------------------------------------------------------------------

def _pyramids_answers() -> dict:
    from treehouse_lab.games.pyramids.arrangement import Arrangement, all_arrangements, results
    from treehouse_lab.games.pyramids.theory import counting, solver

    lying = [a for a in all_arrangements(3) if all(not p.upright for p in a)]
    rerolls = {
        sum((f.probability for f in counting.face_outcomes(t, h) if f.where == "reroll"),
            Fraction(0))
        for t in lying for h in lying if t != h
    }
    assert len(rerolls) == 1  # the same for every pair of all-lying lines
    reroll = rerolls.pop()
    return {
        "some-lying": sum(1 for a in all_arrangements(3) if any(not p.upright for p in a)),
        "quartet-two-positions": sum(1 for a in all_arrangements(4) if len(a) == 2),
        "dig-example-wild": len(results(Arrangement.parse("L> S M"), "wild")),
        "reroll-all-lying": reroll,
        "turn-length": 1 / (1 - reroll),
        "next-roll": counting.win_next_roll("<L <M S>", "<L <M <S"),
        "one-roll-count": len(counting.one_roll_table("L> S M")),
        "solo-one-piece": solver.solve("S").value("<S", "S>"),
    }


def test_pyramids_bank_answers_agree_with_the_engine() -> None:
    assert exercises.audit_bank(_pyramids_answers(), pyramids_bank.IDS) == []


def test_pyramids_hints_never_state_the_answer() -> None:
    answers = _pyramids_answers()
    for ex in pyramids_bank._PYRAMIDS:
        a = Fraction(answers[ex.id])
        text = str(a) if a.denominator > 1 else str(a.numerator)
        for hint in [ex.hint, *ex.mistakes.values()]:
            assert not re.search(rf"(?<![\d/]){re.escape(text)}(?![\d/])", hint), (ex.id, hint)
    # and the module's source holds no plain answer next to an exercise id
    source = inspect.getsource(pyramids_bank)
    for ex_id, answer in answers.items():
        assert not re.search(rf"{re.escape(ex_id)}.{{0,40}}\b{re.escape(str(answer))}\b",
                             source)


def test_dig_example_wild_says_a_hop_may_land_on_the_lying_large() -> None:
    """The key counts the Hops onto the lying Large (ruling R20, the default); the rulebook
    alone does not say a lying piece stands up under a Hop, so the exercise says it, and
    the count of the variant that forbids it is told apart with its own hint."""
    import json
    from pathlib import Path

    from treehouse_lab.games.pyramids.arrangement import Arrangement, results

    example = Arrangement.parse("L> S M")
    strict = len(results(example, "wild", hop_onto_lying=False))
    assert strict != len(results(example, "wild"))
    verdict = exercises.grade("dig-example-wild", strict)
    assert not verdict.correct and "hop_onto_lying" in verdict.message
    root = Path(__file__).resolve().parents[2] / "notebooks"
    for notebook in ("treehouse-exercises.ipynb", "../teacher/treehouse-exercises-solutions.ipynb"):
        cells = json.loads((root / notebook).read_text(encoding="utf-8"))["cells"]
        text = " ".join(next("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
                             and "### 3. Wild from the Dig example" in "".join(c["source"]))
                        .split())
        assert "stands up" in text and "R20" in text, notebook
