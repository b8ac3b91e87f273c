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

What a student solved is remembered in the running kernel (:func:`progress`): for each
exercise the canonical form of the answer ``check`` accepted, and the number of attempts.
:func:`completion_code` turns that into a one-line code a teacher checks offline with
``python -m treehouse_lab verify`` (see ``treehouse_lab.completion``); a restarted kernel
starts again from nothing, as the notebook keeps no answers.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from numbers import Integral
from typing import Any, Iterable, Mapping

from .completion import make_code
from .errors import RuleError, quote

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
#: This kernel's progress: {id: canonical form of the answer ``check`` accepted} and
#: {id: answers graded}. Never saved: the completion code is the student's record.
_SOLVED: dict[str, str] = {}
_ATTEMPTS: dict[str, int] = {}


@dataclass(frozen=True)
class Progress:
    """One exercise's progress in this kernel."""

    solved: bool
    attempts: int


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
    if exercise_id not in _BANK:
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
    if exercise_id not in _BANK:
        raise RuleError(f"exercise: no exercise {quote(exercise_id, 40)}; exercises are: "
                        f"{', '.join(sorted(_BANK))}")
    return _BANK[exercise_id]


def check(exercise_id: str, answer: Any) -> None:
    """Print whether ``answer`` is right (with a hint if not). Never reveals the answer
    and never raises for a wrong or missing answer, so a notebook runs top to bottom."""
    print(grade(exercise_id, answer).message)


def exercises() -> list[str]:
    """The ids in the bank."""
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
        unknown = sorted(wanted - set(_BANK), key=str)
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


# ---------------------------------------------------------------------------------------
# The Treehouse (pyramids) counting bank (notebooks/treehouse-exercises.ipynb).
# Digests were made with make_exercise from the answers in the solutions notebook; the
# test suite recomputes every answer from the engine and checks it against them.
# ---------------------------------------------------------------------------------------

_PYRAMIDS: tuple[Exercise, ...] = (
    Exercise(
        id='some-lying',
        salt='bfcf3aca6feaffae',
        answer_digest='6f7ae8d1f9711a487482cbcd9d4af9f97d9956724931c19a26960683ee877981',
        hint=(
            'Count the complement: how many trio arrangements have every piece upright? (Use the '
            'case split: a lone upright piece is 1 of its 3 shapes.)'
        ),
        mistakes={
            'dabae44cd2d5e6b5a6216ad84413774e5104c1511aee8192ad9a0443f0b8dd3a':
                (
                    'That is the number with every piece upright; the question asks for the '
                    'others.'
                ),
            '15682f473e7844cb348c2a3d684e6794a678ddc0e291ee903f2010de38e8a98e':
                (
                    'Lines with a stack can have a lying piece too: a pair stacked and one piece '
                    'lying.'
                ),
            '581b15b1c4bd1e8f40cab148463ca81035d91ba8a9dfc155b85518bdcaff1742':
                (
                    'Check the all-upright count again: one stack, a pair and a single, three '
                    'singles.'
                ),
        },
    ),
    Exercise(
        id='quartet-two-positions',
        salt='07f251011db871f0',
        answer_digest='824bc11a2e18aaa2df7b6d802176885367b48f3cbd472c86d130ac565418f2cb',
        hint=(
            'The position sizes, left to right, can be (1, 3), (3, 1) or (2, 2). For each: choose '
            'the pieces, then multiply the shapes (3 for a lone piece, k! for a stack of k).'
        ),
        mistakes={
            'c59ef55f7cb4b39a1322616af6dfff19aff2d133fc2d1c940cc9f051236f658c':
                'You have (1, 3) and (3, 1); what about two stacks of two?',
            'a23d727d93785f8e8b8e0ba6108a403484e4dc9c667ee5f24841b6703520edaa':
                (
                    'Two stacks of two: choose which 2 pieces go left (6 ways), then 2 orders '
                    'each.'
                ),
            'e054808200d9f025b8809521a7795d1037670c6c88e224a221108572c79419d8':
                (
                    'A stack and a lone piece can be in either order: (1, 3) and (3, 1) are '
                    'different.'
                ),
        },
    ),
    Exercise(
        id='dig-example-wild',
        salt='a16e339e1ceadc74',
        answer_digest='bf1d785ff4798762ccb146603250176dd3b338ea005a4b126e6cdbc0363df662',
        hint=(
            'Count the distinct results of each action from L> S M (Tip, Aim, Hop, Dig, Swap; '
            'a Hop may land on the lying Large, which stands up under it), then take the '
            'union: an arrangement two actions can reach is one result, not two.'
        ),
        mistakes={
            '1b0229d75ed970df7812fc2530ec19437724c510b9ceb8ecb7868048852e6246':
                (
                    'That adds up the five actions; some arrangements are reached by two different'
                    ' actions (a lone upright piece tipped left is the same as aimed left).'
                ),
            '11ffa68a28be28f10e86de3288e62e7beb62ab74dcc3a8fa292fa2b22dbd0d9f':
                'Aim works on every lone piece, lying or standing: two new directions each.',
            '5e5146f94fd9789781db73f90f35c8fc04a32abefc71020a67abd119eb9078b4':
                (
                    'That is the count of the variant hop_onto_lying=False. Here a Hop may '
                    'land on the lying Large, which stands up under it (ruling R20).'
                ),
        },
    ),
    Exercise(
        id='reroll-all-lying',
        salt='fb643dd786d0d774',
        answer_digest='bd5eddaa39920c7dec14e3311a7f709f0c9944290a7f4c5aea5a5834b8e8aa41',
        hint=(
            'Which faces can change neither a line of lying pieces nor another line of lying '
            'pieces? Those faces are rolled again.'
        ),
        mistakes={
            '73d22a1a854658c0dfef8aaaf8817d4975621af04ef9f7ece74682e2938633a8':
                'Hop needs an upright piece too.',
            'd2c1ca5937984fc526de34e2c84f99daf37d53aa280c20a623c0ca5f60c89227':
                'Swap always works on your own trio, so it is never rolled again.',
        },
    ),
    Exercise(
        id='turn-length',
        decimals=True,  # a mean: 1.5 is as exact as 3/2
        salt='b564b9f69d7b96cd',
        answer_digest='2c32e19d2c857ca92d478e69c1dd4dbe5b1d63cdcbfc788731230bf5df168cb2',
        hint=(
            'A turn is a run of rerolls ended by a roll that counts: a geometric number of rolls. '
            'If each roll counts with probability q, a turn takes 1/q rolls on average.'
        ),
        mistakes={
            'b3a745b0391b62b2daaa88da9a58e8e989b356297658630e8d5960be3e3fa69c':
                '1 + P(reroll) counts only one possible reroll; rerolls can repeat.',
            '5dd87be59a862ea0dc080031d35e5954b42a3c69120f6b7e78d1735093f838a9':
                (
                    'That is the chance a roll counts; the expected number of rolls is its '
                    'reciprocal.'
                ),
        },
    ),
    Exercise(
        id='next-roll',
        salt='ff83bf095c1dbbc6',
        answer_digest='64d77b207f329be73dc642365de79809c73b89db58711dd426f5786fb7660e3c',
        hint=(
            'Go face by face: must it be used on your trio (and can it make the House)? If not, '
            'can it be used on the House, or is it rolled again? A rolled-again face does not end '
            "the turn: the turn's real roll is one of the faces that count."
        ),
        mistakes={
            '06ed106623bcb40d1ee3b0bd231368b0b68c29faed417c968859d5acc8942194':
                (
                    'Two faces can change neither line here: they are rolled again, so divide by '
                    'the chance of a face that counts.'
                ),
            '4051c955b70ecee2eecf5ce494bf712002a35fa347a5ee98a520d6b9b555fb54':
                (
                    'Count the faces rolled again once more: Tip and Hop both need an upright '
                    'piece.'
                ),
            '42bacd1b5e136ba0086ba6a8eca9193505e4eed29ee9bd3b74752b2e74cdb0b8':
                'Wild wins, but so does another face: which action turns one piece round?',
        },
    ),
    Exercise(
        id='one-roll-count',
        salt='f17c55062fe51acf',
        answer_digest='adc3c151a8f3501a419a31da3aac6150996c124ffa6e16715097ab8b9a9abb61',
        hint=(
            'For each of the 204 trios, ask whether some face of the die can make a match with the'
            ' House L> S M this turn (a result on your trio, or on the House when the trio cannot '
            'use the face, or anything on Wild). Let the computer loop over the trios.'
        ),
        mistakes={
            '2f4e61514be60d72c0d382dae59a265438b8c312835fe2acc80230ef8fbc209b':
                (
                    "The House's own arrangement cannot match this turn: every action changes a "
                    'line.'
                ),
            'cc01c32be75c10e109aa8c7dd873cde3a4330c2fd084d19eba81fff574dc9610':
                (
                    'Those are the Wild results of the House; but a match needs your trio to reach'
                    ' the House (or the House your trio), and moves are not all reversible.'
                ),
        },
    ),
    Exercise(
        id='solo-one-piece',
        decimals=True,  # a mean: 1.5 is as exact as 3/2
        salt='177f0b85424715cc',
        answer_digest='cf4c33d6df57f20770d0023139bcafd362cbd986439ad2f70cc23f3959d31913',
        hint=(
            'Write V for each (piece, House) position and one equation each; rerolls count as '
            'rolls. Go face by face from <S against S>: which faces are rolled again, which win, '
            'and where does a forced move take you?'
        ),
        mistakes={
            '10b03e1f3f6f7d469ab889b9a5beb384b5787a782a1e1f396d48555422b7babe':
                (
                    'From <S against S> Tip is rolled again, and Dig must be used on your piece: '
                    'it stands up, but the House lies.'
                ),
            '38a3b56cc413411e1e2d0ba0a69b4584cae3ac73f81468e5037df3348d99551b':
                (
                    'The forced Dig does not end the game: add the rolls still needed after it (a '
                    'position worth 3/2).'
                ),
        },
    ),
)

#: The Treehouse (pyramids) bank's ids, in order.
PYRAMIDS_IDS: tuple[str, ...] = register_bank(_PYRAMIDS)

__all__ = [
    "CompletionCode", "Exercise", "InexactAnswer", "NOT_ANSWERED", "PYRAMIDS_IDS", "Progress",
    "Verdict", "accepted_answers", "audit_bank", "canonical", "check", "completion_code",
    "digest", "exercise", "exercises", "forget_progress", "grade", "make_exercise", "progress",
    "register", "register_bank", "student",
]

from .variants import code_name, student  # noqa: E402  (per-student numbers; see there)
