"""Exercises for notebooks: ``check("id", answer)`` says right or wrong, never the answer.

Why hashes: a student's notebook imports this module, so anything stored here can be read.
Answers are therefore kept only as salted SHA-256 digests of a *canonical exact form*: the
answer is turned into a sympy ``Integer``/``Rational`` (or a simplified sympy expression)
and printed in one fixed way, so ``Fraction(1, 2)``, ``sympy.Rational(2, 4)``, ``"1/2"``
and ``sympy.S(1)/2`` all hash alike. A wrong answer gets the exercise's hint, and common
mistakes (stored the same way) get a hint of their own.

Floats are refused with a hint rather than guessed at: a probability typed as 0.333 is not
1/3, and the notebooks teach exact answers.

Any notebook may register its own bank with :func:`register`. The games' banks live beside
their games: a game class names the module of its bank (``EXERCISES = ".exercises"``), and
the first time an exercise is asked for that is not in the bank, every registered game's
bank is read (:func:`load_banks`), so ``check("some-lying", ...)`` works with no import of
the game's module and this module names no game. Solutions live in a separate notebook.

What a student solved is remembered in the running kernel (:func:`progress`): for each
exercise the canonical form of the answer ``check`` accepted, and the number of attempts.
:func:`completion_code` turns that into a one-line code a teacher checks offline with
``python -m treehouse_lab verify`` (see ``treehouse_lab.completion``); a restarted kernel
starts again from nothing, as the notebook keeps no answers.
"""

from __future__ import annotations

import hashlib
import importlib
import secrets
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from numbers import Integral
from typing import Any, Iterable, Mapping

from .completion import make_code
from .errors import RuleError, quote
from .variants import code_name, student

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
    return _digest_of_form(exercise_id, canonical(answer), salt)


def _digest_of_form(exercise_id: str, form: str, salt: str) -> str:
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
#: Whether the registered games' banks were read (:func:`load_banks`).
_BANKS_READ: list[bool] = []
#: This kernel's progress: {id: canonical form of the answer ``check`` accepted} and
#: {id: answers graded}. Never saved: the completion code is the student's record.
_SOLVED: dict[str, str] = {}
_ATTEMPTS: dict[str, int] = {}


@dataclass(frozen=True)
class Progress:
    """One exercise's progress in this kernel."""

    solved: bool
    attempts: int


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


def _known(exercise_id: str) -> bool:
    """Whether ``exercise_id`` is in the bank, the games' banks read if it is not yet."""
    if exercise_id not in _BANK:
        load_banks()
    return exercise_id in _BANK


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
    """Check ``answer`` without printing: a :class:`Verdict`. Every answer given (not
    ``...``) counts as an attempt, and the first right one is remembered for
    :func:`completion_code`; a wrong answer after it does not undo it."""
    verdict, form = _judge(exercise_id, answer)
    if verdict.correct is not None:
        _ATTEMPTS[exercise_id] = _ATTEMPTS.get(exercise_id, 0) + 1
        if verdict.correct and form is not None:
            _SOLVED.setdefault(exercise_id, form)
    return verdict


def _judge(exercise_id: str, answer: Any) -> tuple[Verdict, str | None]:
    """The verdict, and the answer's canonical form when it has one; records nothing."""
    if not _known(exercise_id):
        known = ", ".join(sorted(_BANK))
        raise KeyError(f"no exercise {exercise_id!r}; exercises are: {known}")
    ex = _BANK[exercise_id]
    if answer is ... or answer is None:
        return Verdict(exercise_id, None,
                       f"{exercise_id}: {NOT_ANSWERED} (replace the ... with your answer)"), None
    try:
        form = canonical(answer)
    except InexactAnswer as why:
        return Verdict(exercise_id, False,
                       f"{exercise_id}: not checked: {why}. Give an exact answer: a whole "
                       "number, a Fraction(p, q) or a sympy expression."), None
    except Exception as why:  # a student's odd object must not crash the notebook
        return Verdict(exercise_id, False,
                       f"{exercise_id}: could not read that answer ({type(why).__name__})."
                       ), None
    d = _digest_of_form(exercise_id, form, ex.salt)
    if d == ex.answer_digest:
        return Verdict(exercise_id, True, f"{exercise_id}: Correct!"), form
    hint = ex.mistakes.get(d, ex.hint)
    return Verdict(exercise_id, False, f"{exercise_id}: Not yet. Hint: {hint}"), form


def exercise(exercise_id: str) -> Exercise:
    """The registered exercise (digests and hints only). RuleError names the ids."""
    if not _known(exercise_id):
        raise RuleError(f"exercise: no exercise {quote(exercise_id, 40)}; exercises are: "
                        f"{', '.join(sorted(_BANK))}")
    return _BANK[exercise_id]


def check(exercise_id: str, answer: Any) -> None:
    """Print whether ``answer`` is right (with a hint if not). Never reveals the answer
    and never raises for a wrong or missing answer, so a notebook runs top to bottom."""
    print(grade(exercise_id, answer).message)


def exercises() -> list[str]:
    """The ids in the bank (every registered game's, and any registered by hand)."""
    load_banks()
    return sorted(_BANK)


def progress() -> dict[str, Progress]:
    """{id: Progress} for every exercise answered in this kernel (``...`` is no answer)."""
    return {eid: Progress(eid in _SOLVED, n) for eid, n in sorted(_ATTEMPTS.items())}


def accepted_answers() -> dict[str, str]:
    """{id: canonical form of the answer accepted} in this kernel. A student sees only
    what they typed; run on the solutions notebooks it is the teacher's answer key
    (tools/answer_key.py)."""
    return dict(sorted(_SOLVED.items()))


def forget_progress() -> None:
    """Start again from nothing solved (a shared machine's next student, say)."""
    _SOLVED.clear()
    _ATTEMPTS.clear()


class CompletionCode(str):
    """A completion code: text, shown without quotes so it copies cleanly."""

    def __repr__(self) -> str:
        return str(self)


def completion_code(name: str, ids: Iterable[str] | None = None) -> CompletionCode:
    """A one-line code naming ``name`` and the exercises solved so far in this kernel,
    with how many answers each took, to paste where the teacher asks; the teacher checks it
    with ``python -m treehouse_lab verify`` and the answer key (docs/teaching.md,
    "Collecting results"). Only the right answers make a code that verifies: each solved
    exercise's tag is keyed by its answer, which the notebook never stores.

    ``ids`` limits the code to some exercises (a notebook's own, say); by default every
    exercise answered in this kernel. With nothing solved the code is still valid and
    lists nothing. A bad name (empty, over 60 characters, control characters) raises
    RuleError and changes nothing."""
    shown = code_name(name)  # while a student is named, only that name
    if ids is None:
        wanted = set(_ATTEMPTS) | set(_SOLVED)
    else:
        if isinstance(ids, str):
            ids = [ids]
        wanted = set(ids)
        unknown = sorted((i for i in wanted if not isinstance(i, str) or not _known(i)),
                         key=str)
        if unknown:
            raise RuleError(f"ids: no exercise {quote(unknown[0], 40)}; exercises are: "
                            f"{', '.join(sorted(_BANK))}")
    solved = {eid: (_SOLVED[eid], _ATTEMPTS.get(eid, 1)) for eid in wanted if eid in _SOLVED}
    tried = {eid: _ATTEMPTS[eid] for eid in wanted if eid not in _SOLVED and eid in _ATTEMPTS}
    return CompletionCode(make_code(shown, solved, tried))


def register_bank(bank: Iterable[Exercise]) -> tuple[str, ...]:
    """Register a game's exercises; their ids in the bank's order (the game module's
    ``IDS``, the list its tests and notebooks are checked against)."""
    return tuple(register(ex).id for ex in bank)


def audit_bank(answers: Mapping[str, Any], ids: Iterable[str]) -> list[str]:
    """What is wrong with a bank, judged by its worked answers ({id: answer}, recomputed
    from the engine by the test suite or an author's script; never a student's notebook,
    which must not hold the answers): an exercise with no worked answer or an answer with
    no exercise, a worked answer the checker refuses, or a wrong one (the worked answer
    plus 1) that it accepts or answers without a hint. [] when the bank is sound."""
    ids = list(ids)
    problems = [f"{eid}: no worked answer" for eid in ids if eid not in answers]
    problems += [f"{eid}: a worked answer but no such exercise in the bank"
                 for eid in answers if eid not in ids]
    for eid in ids:
        if eid not in answers:
            continue
        right, _ = _judge(eid, answers[eid])
        if right.correct is not True:
            problems.append(f"{eid}: the worked answer is refused ({right.message})")
        wrong, _ = _judge(eid, answers[eid] + 1)
        if wrong.correct is not False or "Hint:" not in wrong.message:
            problems.append(f"{eid}: the worked answer plus 1 got {wrong.message!r}")
    return problems


__all__ = [
    "CompletionCode", "Exercise", "InexactAnswer", "NOT_ANSWERED", "Progress",
    "Verdict", "accepted_answers", "audit_bank", "canonical", "check", "completion_code",
    "digest", "exercise", "exercises", "forget_progress", "grade", "make_exercise", "progress",
    "register", "register_bank", "student",
]
