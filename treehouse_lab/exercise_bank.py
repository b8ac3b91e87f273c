"""The exercise bank: the exercises by id, how an answer is compared with one (its
canonical exact form and a salted digest), and what this kernel has solved.

Why a module of its own, below both :mod:`treehouse_lab.exercises` (what a notebook calls:
``check``, ``grade``, completion codes) and :mod:`treehouse_lab.variants` (per-student
numbers): both read and write the bank, and the per-student numbers replace exercises in
it and forget the progress of another student, so the bank lives below both and neither
imports the other's internals (no import circle, tests/test_layers.py).
"""

from __future__ import annotations

import hashlib
import importlib
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from numbers import Integral
from typing import Any, Mapping

from .errors import RuleError, quote


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
    return digest_of_form(exercise_id, canonical(answer), salt)


def digest_of_form(exercise_id: str, form: str, salt: str) -> str:
    """The digest of an answer already in its canonical form."""
    data = f"{salt}\x1f{exercise_id}\x1f{form}".encode()
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
    #: Whether an answer box takes a decimal ("3.5") for this exercise: only where the
    #: exact answer is a terminating decimal a student would naturally write (a mean).
    decimals: bool = False


_BANK: dict[str, Exercise] = {}
#: Whether the registered games' banks were read (:func:`load_banks`).
_BANKS_READ: list[bool] = []
#: This kernel's progress: {id: canonical form of the answer ``check`` accepted} and
#: {id: answers graded}. Never saved: the completion code is the student's record.
_SOLVED: dict[str, str] = {}
_ATTEMPTS: dict[str, int] = {}


def load_banks() -> None:
    """Read every registered game's exercise bank (the module its class names as
    ``EXERCISES``; importing it registers the bank and its variants), once per kernel.

    Why on demand and not at import: reading them imports every game, which a notebook
    that only makes a completion code need not pay for."""
    if _BANKS_READ:
        return
    _BANKS_READ.append(True)  # first: a bank's import may ask for an exercise again
    try:
        from .registry import declared

        for path in declared("EXERCISES").values():
            importlib.import_module(path)
    except BaseException:
        _BANKS_READ.clear()
        raise


def known(exercise_id: Any) -> bool:
    """Whether ``exercise_id`` is in the bank, the games' banks read if it is not yet."""
    if not isinstance(exercise_id, str):
        return False
    if exercise_id not in _BANK:
        load_banks()
    return exercise_id in _BANK


def ids() -> list[str]:
    """Every id in the bank (every registered game's, and any registered by hand)."""
    load_banks()
    return sorted(_BANK)


def register(exercise: Exercise) -> Exercise:
    """Add (or replace) an exercise in the bank ``check`` reads."""
    _BANK[exercise.id] = exercise
    return exercise


def exercise(exercise_id: str) -> Exercise:
    """The registered exercise (digests and hints only). RuleError names the ids."""
    if not known(exercise_id):
        raise RuleError(f"exercise: no exercise {quote(exercise_id, 40)}; exercises are: "
                        f"{', '.join(sorted(_BANK))}")
    return _BANK[exercise_id]


def record(exercise_id: str, form: str | None, correct: bool) -> None:
    """One answer graded: counted, and the first right one's canonical form kept (a wrong
    answer after it does not undo it)."""
    _ATTEMPTS[exercise_id] = _ATTEMPTS.get(exercise_id, 0) + 1
    if correct and form is not None:
        _SOLVED.setdefault(exercise_id, form)


def solved() -> dict[str, str]:
    """{id: canonical form of the answer accepted} in this kernel."""
    return dict(_SOLVED)


def attempts() -> dict[str, int]:
    """{id: answers graded} in this kernel."""
    return dict(_ATTEMPTS)


def forget_progress() -> None:
    """Start again from nothing solved (a shared machine's next student, say)."""
    _SOLVED.clear()
    _ATTEMPTS.clear()


__all__ = ["Exercise", "InexactAnswer", "attempts", "canonical", "digest", "digest_of_form",
           "exercise", "forget_progress", "ids", "known", "load_banks", "record", "register",
           "solved"]
