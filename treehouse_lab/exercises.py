"""Exercises for notebooks: ``check("id", answer)`` says right or wrong, never the answer.

Why hashes: a student's notebook imports this module, so anything stored here can be read.
Answers are therefore kept only as salted SHA-256 digests of a *canonical exact form*: the
answer is turned into a sympy ``Integer``/``Rational`` (or a simplified sympy expression)
and printed in one fixed way, so ``Fraction(1, 2)``, ``sympy.Rational(2, 4)``, ``"1/2"``
and ``sympy.S(1)/2`` all hash alike. A wrong answer gets the exercise's hint, and common
mistakes (stored the same way) get a hint of their own.

Floats are refused with a hint rather than guessed at: a probability typed as 0.333 is not
1/3, and the notebooks teach exact answers.

Any notebook may register its own bank with :func:`register`; the Treehouse (pyramids)
counting exercises are built in. Solutions live in a separate notebook.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from numbers import Integral
from typing import Any, Mapping

NOT_ANSWERED = "not answered yet"


class InexactAnswer(ValueError):
    """The answer is a float (or otherwise not exact), so it cannot be checked."""


def canonical(answer: Any) -> str:
    """The one text every exact way of writing ``answer`` maps to.

    * whole numbers, Fractions, Decimals, sympy Integer/Rational and strings like "3/4"
      become ``Q:p/q`` in lowest terms (``Q:7/1`` for 7);
    * other sympy numbers (``sqrt(8)/2``) are simplified with ``nsimplify`` and printed
      with ``srepr``; expressions in symbols are put over one denominator with ``cancel``;
    * tuples and lists keep their order, sets and frozensets are sorted;
    * anything whose ``str`` is the answer (an arrangement such as ``"LM S>"``) is compared
      as text with runs of spaces collapsed, when it does not read as a number.
    Floats raise :class:`InexactAnswer`.
    """
    if isinstance(answer, bool):
        raise InexactAnswer("True/False is not a number")
    if isinstance(answer, float):
        raise InexactAnswer("a float is rounded")
    if isinstance(answer, (Integral, Fraction, Decimal)):
        q = Fraction(answer)
        return f"Q:{q.numerator}/{q.denominator}"
    if isinstance(answer, (tuple, list)):
        return "T(" + ",".join(canonical(a) for a in answer) + ")"
    if isinstance(answer, (set, frozenset)):
        return "S(" + ",".join(sorted(canonical(a) for a in answer)) + ")"
    if isinstance(answer, str):
        text = " ".join(answer.split())
        try:
            return canonical(Fraction(text))
        except (ValueError, ZeroDivisionError):
            return "A:" + text
    module = type(answer).__module__ or ""
    if module.startswith("sympy"):
        return _canonical_sympy(answer)
    # any other object (an Arrangement, say) is compared by its text
    return canonical(str(answer))


def _canonical_sympy(expr: Any) -> str:
    import sympy

    expr = sympy.sympify(expr)
    if expr.has(sympy.Float):
        raise InexactAnswer("a sympy Float is rounded")
    if expr.is_Rational:
        return f"Q:{expr.p}/{expr.q}"
    if expr.free_symbols:
        return "E:" + sympy.srepr(sympy.cancel(sympy.together(sympy.expand(expr))))
    simple = sympy.nsimplify(sympy.simplify(expr))
    if simple.is_Rational:
        return f"Q:{simple.p}/{simple.q}"
    return "N:" + sympy.srepr(simple)


def digest(exercise_id: str, answer: Any, salt: str) -> str:
    """The stored form of an answer: sha256(salt, id, canonical form)."""
    data = f"{salt}\x1f{exercise_id}\x1f{canonical(answer)}".encode()
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``salt`` and ``answer_digest`` (never the answer), a ``hint`` for any
    wrong answer and ``mistakes``: {digest of a common wrong answer: its own hint}."""

    id: str
    salt: str
    answer_digest: str
    hint: str
    mistakes: Mapping[str, str] = field(default_factory=dict)
    prompt: str = ""


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: ``correct`` is True, False, or None (not answered yet)."""

    exercise: str
    correct: bool | None
    message: str

    def __bool__(self) -> bool:
        return bool(self.correct)

    def __str__(self) -> str:
        return self.message


_BANK: dict[str, Exercise] = {}


def register(exercise: Exercise) -> Exercise:
    """Add (or replace) an exercise in the bank ``check`` reads."""
    _BANK[exercise.id] = exercise
    return exercise


def make_exercise(exercise_id: str, answer: Any, hint: str,
                  mistakes: Mapping[Any, str] | None = None, prompt: str = "",
                  salt: str | None = None) -> Exercise:
    """Build an exercise from its answer (for an author's script, not for a student's
    notebook: the result stores only digests). ``mistakes`` maps wrong answers to hints."""
    salt = salt or secrets.token_hex(8)
    wrong = {digest(exercise_id, a, salt): h for a, h in (mistakes or {}).items()}
    return Exercise(exercise_id, salt, digest(exercise_id, answer, salt), hint, wrong, prompt)


def grade(exercise_id: str, answer: Any) -> Verdict:
    """Check ``answer`` without printing: a :class:`Verdict`."""
    if exercise_id not in _BANK:
        known = ", ".join(sorted(_BANK))
        raise KeyError(f"no exercise {exercise_id!r}; exercises are: {known}")
    ex = _BANK[exercise_id]
    if answer is ... or answer is None:
        return Verdict(exercise_id, None,
                       f"{exercise_id}: {NOT_ANSWERED} (replace the ... with your answer)")
    try:
        d = digest(exercise_id, answer, ex.salt)
    except InexactAnswer as why:
        return Verdict(exercise_id, False,
                       f"{exercise_id}: not checked: {why}. Give an exact answer: a whole "
                       "number, a Fraction(p, q) or a sympy expression.")
    except Exception as why:  # a student's odd object must not crash the notebook
        return Verdict(exercise_id, False,
                       f"{exercise_id}: could not read that answer ({type(why).__name__}).")
    if d == ex.answer_digest:
        return Verdict(exercise_id, True, f"{exercise_id}: Correct!")
    hint = ex.mistakes.get(d, ex.hint)
    return Verdict(exercise_id, False, f"{exercise_id}: Not yet. Hint: {hint}")


def check(exercise_id: str, answer: Any) -> None:
    """Print whether ``answer`` is right (with a hint if not). Never reveals the answer
    and never raises for a wrong or missing answer, so a notebook runs top to bottom."""
    print(grade(exercise_id, answer).message)


def exercises() -> list[str]:
    """The ids in the bank."""
    return sorted(_BANK)


# ---------------------------------------------------------------------------------------
# The Treehouse (pyramids) counting bank (notebooks/treehouse-exercises.ipynb).
# Digests were made with make_exercise from the answers in the solutions notebook; the
# test suite recomputes every answer from the engine and checks it against them.
# ---------------------------------------------------------------------------------------

_PYRAMIDS: tuple[Exercise, ...] = ()


def _load_pyramids() -> None:
    for ex in _PYRAMIDS:
        register(ex)


_load_pyramids()

__all__ = [
    "Exercise", "InexactAnswer", "NOT_ANSWERED", "Verdict", "canonical", "check", "digest",
    "exercises", "grade", "make_exercise", "register",
]
