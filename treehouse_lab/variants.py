"""Per-student numbers: ``tl.exercises.student("Ada Lovelace")`` gives a student their own
hand, supply or count in the exercises that have variants, so that neighbours cannot copy
numbers. Opt-in: with no name given, every exercise keeps the numbers its notebook prints.

How a student's numbers are chosen: each exercise with variants lists a few sets of numbers
(:class:`Numbers`, never today's own), and a name picks one of them by a hash of the name's
case-folded display form and the exercise id (:func:`treehouse_lab.completion.
variant_number`), so the same name gets the same numbers in any kernel, on any machine,
and the teacher's ``verify`` can work out which numbers a code's name was given.

Why the variants store digests and not a solver: the package is readable by any student. A
function computing the answer from the numbers would give away every variant's answer, and
today's too (it is one more set of numbers). So a variant is built like any exercise
(``treehouse_lab.exercises``): a salted digest of its answer, made by an author with
:func:`make_variants` from the worked answers, and recomputed from the engine or by brute
force by the test suite. The answers themselves are teachers' material: the solutions
notebooks work every variant and hand it to :func:`check_variant`, and
``tools/answer_key.py`` writes them into the answer key as ``"<id>~<number>"``.

What a student sees: :func:`student` lists their numbers, an answer box shows them above
its field, a wrong answer's hint speaks of them, and today's answer gets a hint of its own
(it is the answer to the notebook's printed numbers). Grading and completion codes are those
of every exercise: while a name is set, the bank (``exercises.register``) holds the
variant in place of today's exercise, so ``check``, the answer box and ``completion_code``
grade and prove the student's own numbers. A code must then be made with that name
(:func:`code_name`), as the teacher recomputes the numbers from it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .completion import display_name, name_key, variant_number
from .errors import RuleError, quote
from .exercise_bank import (
    Exercise,
    canonical,
    digest,
    exercise,
    forget_progress,
    load_banks,
    register,
)

#: The hint for today's answer given to a variant. Why a hint of its own: it is the
#: answer a neighbour without a name has, so a student who copied it is told why it fails.
TODAY_HINT = ("That is the answer for the numbers printed in the notebook; your own "
              "numbers are: {text}")


@dataclass(frozen=True)
class Numbers:
    """One set of numbers for an exercise: ``params`` (for the solutions and tests), the
    ``text`` a student reads (the question with these numbers), and digests only: of the
    answer, and of today's answer (:data:`TODAY_HINT`), both under ``salt``."""

    params: Mapping[str, Any]
    text: str
    salt: str
    answer_digest: str
    today_digest: str


@dataclass(frozen=True)
class Variants:
    """An exercise's variants: ``hint`` is a format string over the params, for any wrong
    answer; ``notebook`` names the notebook the exercise is in, for :func:`student`."""

    exercise: str
    notebook: str
    hint: str
    choices: tuple[Numbers, ...]


_VARIANTS: dict[str, Variants] = {}
#: Today's exercises, as registered before a variant took their place in the bank.
_TODAY: dict[str, Exercise] = {}
#: The name the student opted in with (display form), or None: today's numbers.
_STUDENT: list[str] = []
#: Answers the solutions notebooks proved right, {"<id>~<number>": canonical form}.
_PROVEN: dict[str, str] = {}


def make_variants(exercise_id: str, notebook: str, hint: str, today: Any,
                  choices: Iterable[tuple[Mapping[str, Any], str, Any]]) -> Variants:
    """Build an exercise's variants from worked answers (for an author's script, like
    ``exercises.make_exercise``; the result stores only digests). ``choices`` are
    (params, text, answer); ``today`` is today's answer, refused with its own hint."""
    built = []
    for params, text, answer in choices:
        salt = secrets.token_hex(8)
        if digest(exercise_id, answer, salt) == digest(exercise_id, today, salt):
            raise RuleError(f"variants: {quote(text, 40)} has today's answer; a variant "
                            "must change the numbers")
        built.append(Numbers(dict(params), text, salt, digest(exercise_id, answer, salt),
                             digest(exercise_id, today, salt)))
    return Variants(exercise_id, notebook, hint, tuple(built))


def register_variants(variants: Variants) -> Variants:
    """Declare an exercise's variants (its bank registered first). A student already
    named gets their numbers for it at once."""
    if not variants.choices:
        raise RuleError(f"variants: {quote(variants.exercise, 40)} lists no numbers")
    _VARIANTS[variants.exercise] = variants
    if _STUDENT:
        _apply(variants.exercise)
    return variants


def numbers_for(name: str, exercise_id: str) -> tuple[int, Numbers]:
    """(number, numbers) of ``exercise_id`` for the student ``name``; number from 1."""
    choices = _variants(exercise_id).choices
    number = variant_number(name, exercise_id, len(choices))
    return number, choices[number - 1]


def _variants(exercise_id: str) -> Variants:
    if exercise_id not in _VARIANTS:
        _load_banks()
    if exercise_id not in _VARIANTS:
        raise RuleError(f"exercise: {quote(exercise_id, 40)} has no variants; exercises "
                        f"with variants are: {', '.join(sorted(_VARIANTS))}")
    return _VARIANTS[exercise_id]


def _variant_exercise(exercise_id: str, number: int) -> Exercise:
    today = _TODAY.get(exercise_id) or _current(exercise_id)
    v = _variants(exercise_id)
    numbers = v.choices[number - 1]
    hint = v.hint.format(**numbers.params)
    return Exercise(exercise_id, numbers.salt, numbers.answer_digest, hint,
                    {numbers.today_digest: TODAY_HINT.format(text=numbers.text)},
                    prompt=numbers.text, decimals=today.decimals)


def _current(exercise_id: str) -> Exercise:
    return exercise(exercise_id)


def _apply(exercise_id: str) -> None:
    _TODAY.setdefault(exercise_id, _current(exercise_id))
    if _STUDENT:
        number, _ = numbers_for(_STUDENT[0], exercise_id)
        register(_variant_exercise(exercise_id, number))
    else:
        register(_TODAY.pop(exercise_id))


class StudentNumbers(str):
    """What :func:`student` returns: the student's numbers, shown without quotes."""

    def __repr__(self) -> str:
        return str(self)


def student(name: str | None) -> StudentNumbers:
    """Opt in to your own numbers: ``name`` (your name, as on your completion code) picks
    them, the same every time; ``None`` goes back to the numbers the notebook prints.

    A different name than before is a new student: the exercises solved so far in this
    kernel are forgotten, as their answers were for the other numbers (or the other
    student). A bad name raises RuleError and changes nothing."""
    shown = None if name is None else display_name(name)
    before = _STUDENT[0] if _STUDENT else None
    if before is not None and (shown is None or name_key(shown) != name_key(before)):
        forget_progress()
    _STUDENT[:] = [] if shown is None else [shown]
    _load_banks()  # a bank read now applies the name itself (register_variants)
    for eid in sorted(_VARIANTS):
        _apply(eid)
    if shown is None:
        return StudentNumbers("Every exercise has the numbers printed in the notebook.")
    lines = [f"{shown}: your own numbers (the same each time you give this name; make your "
             "completion code with it too). Exercises not listed keep the numbers printed "
             "in the notebook."]
    for notebook in sorted({v.notebook for v in _VARIANTS.values()}):
        lines.append(f"{notebook}:")
        for eid in sorted(e for e, v in _VARIANTS.items() if v.notebook == notebook):
            lines.append(f"  {eid}: {numbers_for(shown, eid)[1].text}")
    return StudentNumbers("\n".join(lines))


def current_student() -> str | None:
    """The name given to :func:`student`, or None (today's numbers)."""
    return _STUDENT[0] if _STUDENT else None


def code_name(name: object) -> str:
    """The name a completion code is made for: its display form. While a student is named,
    only that name (in any case): the teacher works the numbers out from the code's name,
    so a code for another name would prove nothing. RuleError says so."""
    shown = display_name(name)
    if _STUDENT and name_key(shown) != name_key(_STUDENT[0]):
        raise RuleError(f"name: your exercises have the numbers of {quote(_STUDENT[0], 40)} "
                        "(tl.exercises.student); make your code with that name, or give "
                        "tl.exercises.student your own name first")
    return shown


def with_variants() -> list[str]:
    """The ids of the exercises that have variants (every registered game's bank read)."""
    _load_banks()
    return sorted(_VARIANTS)


def _load_banks() -> None:
    """The games' banks, which declare their variants (``exercise_bank.load_banks``)."""
    load_banks()


def choices(exercise_id: str) -> list[tuple[int, Mapping[str, Any], str]]:
    """Every set of numbers of an exercise, as (number, params, text): what a solutions
    notebook works through."""
    return [(n, c.params, c.text) for n, c in enumerate(_variants(exercise_id).choices, 1)]


def check_variant(exercise_id: str, number: int, answer: Any) -> bool:
    """For the solutions notebooks: is ``answer`` right for numbers ``number`` of the
    exercise? Prints the verdict; a right answer is kept for the answer key
    (:func:`proven_answers`). A student's notebook has no use for it: it says nothing a
    named student's ``check`` does not."""
    v = _variants(exercise_id)
    if not isinstance(number, int) or not 1 <= number <= len(v.choices):
        raise RuleError(f"number: 1 to {len(v.choices)} for {quote(exercise_id, 40)}, got "
                        f"{quote(repr(number), 20)}")
    numbers = v.choices[number - 1]
    right = digest(exercise_id, answer, numbers.salt) == numbers.answer_digest
    if right:
        _PROVEN[f"{exercise_id}~{number}"] = canonical(answer)
    print(f"{exercise_id}, numbers {number}: {'Correct!' if right else 'Not right.'}")
    return right


def proven_answers() -> dict[str, str]:
    """{"<id>~<number>": canonical answer} for every variant :func:`check_variant` found
    right in this kernel: the answer key's part for the variants."""
    return dict(sorted(_PROVEN.items()))


def forget_proven() -> None:
    """Start the answer key's variants again from nothing (tools/answer_key.py)."""
    _PROVEN.clear()


__all__ = [
    "Numbers", "StudentNumbers", "TODAY_HINT", "Variants",
    "check_variant", "choices", "code_name", "current_student", "forget_proven",
    "make_variants", "numbers_for", "proven_answers", "register_variants", "student",
    "with_variants",
]
