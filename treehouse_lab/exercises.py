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

_PYRAMIDS: tuple[Exercise, ...] = (
    Exercise(
        id='two-pieces',
        salt='333cfb766cc148ba',
        answer_digest='e3df4a6f3e5369e5b53c4fa8752b954da6f12e6a65c84a6d8345e4e2a3f7908d',
        hint=(
            'Split into cases: both pieces in one position (a stack: how many orders?) or each in '
            'a position of its own (which one is on the left? and each lone piece can face 3 '
            'ways).'
        ),
        mistakes={
            '9713fa2421fa9d961f5cfeafc843d1c847121065a039cf9e7de14874e9f71531':
                (
                    'You have the two-position lines. What about the two pieces stacked in one '
                    'position?'
                ),
            '770f1b93a2af70d6221f2ff3f9ac490367f5f903a581b2e3706ebe2553301ffe':
                (
                    'Each lone piece faces 3 ways and there are 2 orders left to right; and '
                    'stacks?'
                ),
            '41526688f16d0d67ef1d7117351550aa32c805bd00772d4aadbce9735e3939eb':
                'A lone piece has 3 facings, but a stack of two can be in 2 orders.',
        },
    ),
    Exercise(
        id='quartet',
        salt='dbb3a74ab5556f82',
        answer_digest='a37f1c9dfb5adf0aef40323465e065d3d6d3548fc18b535d3d7dc9919ac39684',
        hint=(
            'Check your method on the trio first (it must give 204). Then either sum over the ways'
            ' to cut 4 into position sizes, or read 4! times the x^4 coefficient of the generating'
            ' function, or use the recurrence a(n) = 4n a(n-1) - 2n(n-1) a(n-2).'
        ),
        mistakes={
            'd78a9fd2cefa4cc0e55f4cecfaeec5a2a2be0026da983a9e7d1d0b8d4d41b4f2':
                (
                    '204 x 4 puts the new piece in 4 places, but it can also stand alone in 3 '
                    'facings in any gap, or join any stack at any height: use a method you checked'
                    ' on the trio.'
                ),
        },
    ),
    Exercise(
        id='tree-wild',
        salt='0e474986d86e71b2',
        answer_digest='bcc7f7894ed38c4ede24b6bf611d5773b80fef909d683967e90d6083c1131d49',
        hint=(
            'Count the distinct results of each action on the Tree (Tip, Aim, Hop, Dig, Swap), '
            'then make sure no arrangement is counted twice.'
        ),
        mistakes={
            'd08c39f07817cc566a98bbc8a86a3fcceb948ef1a341fa54c436b18b0d3dcdaa':
                (
                    'Aim can take the Small off the top of the stack, to either side (rulings: '
                    'Aim).'
                ),
            '78d3ff30538f153652c28a96b7d2d6ccebeedbe0a9b99a3915638e5efff14970':
                'Digging needs a lying piece: can the Tree Dig at all?',
        },
    ),
    Exercise(
        id='reroll-all-lying',
        salt='781b9a175a89cac0',
        answer_digest='da9167e22410e3465b054c9b668c976abae8f5719b7a37b951cccb30f3316a7c',
        hint=(
            'Which faces can change neither a line of lying pieces nor another line of lying '
            'pieces? Those faces are rolled again.'
        ),
        mistakes={
            '26e520741fa1cfd8ba289bc1c018ba8bed194c1b7df94b6f88b460b401f813a8':
                'Hop needs an upright piece too.',
            'd19063d0e817597412ff799b4d047335f3919b2770a138f2e1d9ba5fde06ad36':
                'Swap always works on your own trio, so it is never rolled again.',
        },
    ),
    Exercise(
        id='turn-length',
        salt='8b10a7c682c40b38',
        answer_digest='07719c587278522832cfcfb30eb8df0be17a7f6d74af6265dbd42ff89ed69b27',
        hint=(
            'A turn is a run of rerolls ended by a roll that counts: a geometric number of rolls. '
            'If each roll counts with probability q, a turn takes 1/q rolls on average.'
        ),
        mistakes={
            '03b82867a0924b7e0cf8e8dab8051974849c56fca65eb35be51b9990e823a988':
                '1 + P(reroll) counts only one possible reroll; rerolls can repeat.',
            'c1ead934cac47f1a80bd6dabeb34ec45931c29fa29406871a3bb51b0fc937e05':
                (
                    'That is the chance a roll counts; the expected number of rolls is its '
                    'reciprocal.'
                ),
        },
    ),
    Exercise(
        id='next-roll',
        salt='bc387e9b1fb14f10',
        answer_digest='3508417c4faa1ca789daa1c3324de54775fc790ca71b90d4bb17087db1888cd1',
        hint=(
            'Go face by face: must it be used on your trio (and can it make the Tree)? If not, can'
            ' it be used on the House, or is it rolled again? A rolled-again face does not end the'
            ' turn.'
        ),
        mistakes={
            '5d24b969023847f9f105a8bee36ab0d3bb704067b12d455345a7febb5e003287':
                (
                    'One face can change neither line here: it is rolled again, so divide by the '
                    'chance of a face that counts.'
                ),
            '83d8d7648f60cf6de6f9d25f7cc3c7d98358068181b33bf3aa7ad0ff3169ff1d':
                'Wild wins, but so does another face: which action puts MS on the Large?',
        },
    ),
    Exercise(
        id='one-roll-count',
        salt='086650b418c88d71',
        answer_digest='c104c6cdc965ccc0cef75a3b0e223798dbe50c7f41d32d259fc7e5aa583c807c',
        hint=(
            'For each of the 204 trios, ask whether some face of the die can make a match with the'
            ' Tree this turn (a result on your trio, or on the House when the trio cannot use the '
            'face, or anything on Wild). Let the computer loop over the trios.'
        ),
        mistakes={
            '93377f95abfed2ae03232d7c056832390118b1dac3013047700a9c292d8f9fd2':
                (
                    'The Tree itself cannot match this turn: every action changes one of the two '
                    'lines.'
                ),
            '39a571bc1ce77ce6d59a5e61ef2a77753c224a5782ffcba71074c76f79e51d9f':
                (
                    'Those are the Wild results from the Tree; some trios match by moving the '
                    'House instead, and some by an action on the trio that is not the reverse of '
                    'one of those.'
                ),
        },
    ),
    Exercise(
        id='solo-one-piece',
        salt='e1bb7fee01d190de',
        answer_digest='9fcc727ac1595e3397af46ec92352fffda2ad1241295bc81ff3ebbb0d9667cb2',
        hint=(
            'Solve it like a small Markov chain: write V for each (piece, House) position, one '
            'equation each, remembering rerolls count as rolls and the start has no match yet.'
        ),
        mistakes={
            'e1df48db3313d885884d198fd5a79299e07eef94e9990ad022bcf2bdc279292b':
                'That is the value one move after the start; the first turn cannot match.',
            '8eeb0404b76af2fcefc173097bc21a6a912901a7899b4f69c3994e86ff6c5089':
                'Check the start: Dig cannot change an upright piece or an upright House.',
        },
    ),
)

def _load_pyramids() -> None:
    for ex in _PYRAMIDS:
        register(ex)


_load_pyramids()

__all__ = [
    "Exercise", "InexactAnswer", "NOT_ANSWERED", "Verdict", "canonical", "check", "digest",
    "exercises", "grade", "make_exercise", "register",
]
