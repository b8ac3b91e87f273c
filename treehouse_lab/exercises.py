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

import secrets
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from . import exercise_bank as bank
from .completion import make_code
from .errors import RuleError, quote
from .exercise_bank import (
    Exercise,
    InexactAnswer,
    canonical,
    digest,
    digest_of_form,
    exercise,
    forget_progress,
    load_banks,
    register,
)
from .variants import code_name, student

NOT_ANSWERED = "not answered yet"


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


@dataclass(frozen=True)
class Progress:
    """One exercise's progress in this kernel."""

    solved: bool
    attempts: int


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
        bank.record(exercise_id, form, bool(verdict.correct))
    return verdict


def _judge(exercise_id: str, answer: Any) -> tuple[Verdict, str | None]:
    """The verdict, and the answer's canonical form when it has one; records nothing."""
    if not bank.known(exercise_id):
        known = ", ".join(bank.ids())
        raise KeyError(f"no exercise {exercise_id!r}; exercises are: {known}")
    ex = exercise(exercise_id)
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
    d = digest_of_form(exercise_id, form, ex.salt)
    if d == ex.answer_digest:
        return Verdict(exercise_id, True, f"{exercise_id}: Correct!"), form
    hint = ex.mistakes.get(d, ex.hint)
    return Verdict(exercise_id, False, f"{exercise_id}: Not yet. Hint: {hint}"), form


def check(exercise_id: str, answer: Any) -> None:
    """Print whether ``answer`` is right (with a hint if not). Never reveals the answer
    and never raises for a wrong or missing answer, so a notebook runs top to bottom."""
    print(grade(exercise_id, answer).message)


def exercises() -> list[str]:
    """The ids in the bank (every registered game's, and any registered by hand)."""
    return bank.ids()


def progress() -> dict[str, Progress]:
    """{id: Progress} for every exercise answered in this kernel (``...`` is no answer)."""
    solved = bank.solved()
    return {eid: Progress(eid in solved, n) for eid, n in sorted(bank.attempts().items())}


def accepted_answers() -> dict[str, str]:
    """{id: canonical form of the answer accepted} in this kernel. A student sees only
    what they typed; run on the solutions notebooks it is the teacher's answer key
    (tools/answer_key.py)."""
    return dict(sorted(bank.solved().items()))


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
        wanted = set(bank.attempts()) | set(bank.solved())
    else:
        if isinstance(ids, str):
            ids = [ids]
        wanted = set(ids)
        unknown = sorted((i for i in wanted if not bank.known(i)), key=str)
        if unknown:
            raise RuleError(f"ids: no exercise {quote(unknown[0], 40)}; exercises are: "
                            f"{', '.join(bank.ids())}")
    done, tries = bank.solved(), bank.attempts()
    solved = {eid: (done[eid], tries.get(eid, 1)) for eid in wanted if eid in done}
    tried = {eid: tries[eid] for eid in wanted if eid not in done and eid in tries}
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
    "load_banks", "register", "register_bank", "student",
]
