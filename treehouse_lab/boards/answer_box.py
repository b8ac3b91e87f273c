"""``tl.AnswerBox(id)``: an exercise answered by typing, for students who write no Python.

Why a box beside ``check()``: many students in a probability class cannot write
``answer = Fraction(161, 5874)``. The box takes the answer as text, reads it as an exact
number and grades it with :func:`treehouse_lab.exercises.grade`, once per Check, so the
verdict, the hints, the attempts and the completion code are exactly those of ``check()``
(which stays, for those who write code).

What the field reads (:func:`read_answer`): a whole number (``180``), a fraction
(``161/5874``), a decimal (``3.5``) only where the exercise allows one (its ``decimals``
flag: a mean, whose exact value terminates), or an expression of those with ``+ - * / ^``,
brackets, ``5!``, ``C(n, k)``, ``P(n, k)``, ``factorial`` and ``sqrt``. Why not sympy's
``parse_expr``: it ends in Python's ``eval`` of the text and would compute ``9^9^9`` until
the kernel dies. The text is parsed with :mod:`ast` and only the nodes above are built
into sympy numbers, with sizes bounded; anything else is refused with a RuleError naming
what is accepted, and a refused text is not graded (no attempt is counted).

In the page (``widgets/answer_box.js``): the field is labelled with the exercise, Enter in
it is Check, the verdict is said by an aria-live region, and after "Correct" a name field
and "Get my completion code" show :func:`~treehouse_lab.exercises.completion_code` in a
read-only field to copy. A saved notebook keeps no widget: it shows the box's text form.
"""

from __future__ import annotations

import ast
import re
from decimal import Decimal, InvalidOperation
from typing import Any

import anywidget
import traitlets

from .. import exercises as ex
from .. import variants
from ..errors import RuleError, quote
from .assets import widget_file

#: What the field takes, said under it and in every refusal.
ACCEPTS = ("a whole number (180), a fraction (161/5874) or an expression such as "
           "3/4 * 2/3, C(32, 3), 5! or 2^10")
ACCEPTS_DECIMALS = ("a whole number (180), a decimal (3.5), a fraction (161/5874) or an "
                    "expression such as 3/4 * 2/3, C(32, 3), 5! or 2^10")
#: The longest text read; the bounds below keep every number the field builds small.
MAX_TEXT = 300
MAX_EXPONENT = 1000
MAX_DIGITS = 5000
MAX_FACTORIAL = 3000
#: Functions by the names a student may type, with their number of arguments.
FUNCTIONS = {"C": 2, "binomial": 2, "comb": 2, "P": 2, "perm": 2, "factorial": 1,
             "sqrt": 1}
_FACTORIAL = re.compile(r"(\d+)\s*!")
_SIGNS = str.maketrans({"\u00d7": "*", "\u00f7": "/", "\u2212": "-"})


class _Refused(Exception):
    """A part of the text the field does not take (said to the student, then refused)."""


def accepts(exercise_id: str) -> str:
    """What the field takes for this exercise (with decimals only where it allows them)."""
    return ACCEPTS_DECIMALS if ex.exercise(exercise_id).decimals else ACCEPTS


def read_answer(text: object, decimals: bool = False) -> Any:
    """The exact sympy number ``text`` writes. RuleError (naming what is accepted) for
    anything else: other Python, names, a decimal where ``decimals`` is False, or numbers
    too large to be an answer."""
    wanted = ACCEPTS_DECIMALS if decimals else ACCEPTS
    if not isinstance(text, str):
        raise RuleError(f"answer: expected text, got {type(text).__name__}; type {wanted}")
    source = " ".join(text.translate(_SIGNS).split())
    if not source:
        raise RuleError(f"answer: the field is empty; type {wanted}")
    if len(source) > MAX_TEXT:
        raise RuleError(f"answer: at most {MAX_TEXT} characters, got {len(source)}; "
                        f"type {wanted}")
    code = _FACTORIAL.sub(r"factorial(\1)", source).replace("^", "**")
    try:
        tree = ast.parse(code, mode="eval")
        return _build(tree.body, code, decimals)
    except SyntaxError:
        why = f"{quote(source, 40)} is not a number or an expression"
    except _Refused as refused:
        why = str(refused)
    except (ValueError, ArithmeticError):
        why = f"{quote(source, 40)} is not a number"
    raise RuleError(f"answer: {why}. Type {wanted}")


def _build(node: ast.AST, code: str, decimals: bool) -> Any:
    import sympy

    if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
        if isinstance(node.value, int):
            if len(str(node.value)) > MAX_DIGITS:
                raise _Refused("the number is too long")
            return sympy.Integer(node.value)
        if isinstance(node.value, float):
            written = ast.get_source_segment(code, node) or ""
            if not decimals:
                raise _Refused(f"{written} is a decimal; this exercise wants the exact "
                               "value, so write it as a fraction")
            try:
                return sympy.Rational(str(Decimal(written)))
            except InvalidOperation:
                raise _Refused(f"{written} is not a decimal") from None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        value = _build(node.operand, code, decimals)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp):
        left = _build(node.left, code, decimals)
        right = _build(node.right, code, decimals)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Div):
            if right == 0:
                raise _Refused(f"{quote(code, 40)} divides by zero")
            return left / right
        if isinstance(node.op, ast.Pow):
            return _power(left, right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in FUNCTIONS and not node.keywords:
        return _call(node.func.id, [_build(a, code, decimals) for a in node.args])
    if isinstance(node, ast.Name) and node.id == "pi":
        return sympy.pi
    raise _Refused(f"{quote(ast.get_source_segment(code, node) or '', 20)} is not a number, "
                   "a sign (+ - * / ^) or one of " + ", ".join(FUNCTIONS))


def _power(base: Any, exponent: Any) -> Any:
    if not exponent.is_Rational or abs(exponent.p) > MAX_EXPONENT or exponent.q > 2:
        raise _Refused(f"a power must be a whole number up to {MAX_EXPONENT} (or a half)")
    if base.is_Rational and abs(exponent) * max(len(str(base.p)), len(str(base.q))) \
            > MAX_DIGITS:
        raise _Refused("the number is too long")
    if base == 0 and exponent < 0:
        raise _Refused("it divides by zero")
    return base ** exponent


def _call(name: str, args: list[Any]) -> Any:
    import sympy

    if len(args) != FUNCTIONS[name]:
        raise _Refused(f"{name} takes {FUNCTIONS[name]} number(s), got {len(args)}")
    if name == "sqrt":
        if args[0].is_Rational and len(str(args[0])) > MAX_DIGITS:
            raise _Refused("the number is too long")
        return sympy.sqrt(args[0])
    if not all(a.is_Integer and 0 <= a <= MAX_FACTORIAL for a in args):
        raise _Refused(f"{name}(...) takes whole numbers from 0 to {MAX_FACTORIAL}")
    if name == "factorial":
        return sympy.factorial(args[0])
    n, k = args
    if name in ("P", "perm"):
        return sympy.ff(n, k) if k <= n else sympy.Integer(0)
    return sympy.binomial(n, k)


class AnswerBox(anywidget.AnyWidget):
    """An answer box for exercise ``exercise_id`` (its game's exercises imported first).

    :meth:`check`, :meth:`hint` and :meth:`get_code` are what the buttons do, callable
    from Python too; each returns the text the box then shows."""

    _esm = widget_file("answer_box.js")
    _css = widget_file("answer_box.css")

    exercise_id = traitlets.Unicode("").tag(sync=True)
    accepts = traitlets.Unicode("").tag(sync=True)
    #: The last verdict or hint, and its kind: "correct", "wrong", "refused" or "hint".
    verdict = traitlets.Unicode("").tag(sync=True)
    verdict_kind = traitlets.Unicode("").tag(sync=True)
    solved = traitlets.Bool(False).tag(sync=True)
    code = traitlets.Unicode("").tag(sync=True)
    code_message = traitlets.Unicode("").tag(sync=True)
    #: Counts the answers the box gave, so the page says a repeated verdict again.
    said = traitlets.Int(0).tag(sync=True)
    #: The student's own numbers, shown above the field ("" for the notebook's numbers),
    #: and their name, which the name field starts with (``tl.exercises.student``).
    numbers = traitlets.Unicode("").tag(sync=True)
    student = traitlets.Unicode("").tag(sync=True)

    def __init__(self, exercise_id: str, **kwargs: Any) -> None:
        exercise = ex.exercise(exercise_id)  # RuleError naming the ids
        numbers = f"Your numbers: {exercise.prompt}" if exercise.prompt else ""
        super().__init__(exercise_id=exercise.id, accepts=accepts(exercise.id),
                         numbers=numbers, student=variants.current_student() or "",
                         **kwargs)
        self.on_msg(self._on_message)

    def __repr__(self) -> str:
        # What a saved notebook shows in place of the box (no widget state is kept).
        return (f"Answer box for exercise {self.exercise_id}: run this cell to type your "
                "answer.")

    def check(self, text: str) -> str:
        """Grade ``text`` as check() would grade its number; a text the field does not
        read is refused with what it takes, and is not graded (no attempt counted)."""
        try:
            answer = read_answer(text, ex.exercise(self.exercise_id).decimals)
        except RuleError as refused:
            return self._say(f"{self.exercise_id}: not checked: {refused}", "refused")
        verdict = ex.grade(self.exercise_id, answer)
        if verdict.correct:
            self.solved = True
        return self._say(verdict.message, "correct" if verdict.correct else "wrong")

    def hint(self) -> str:
        """The exercise's hint, the one check() gives a wrong answer with no hint of its
        own; grades nothing."""
        return self._say(f"{self.exercise_id}: Hint: {ex.exercise(self.exercise_id).hint}",
                         "hint")

    def get_code(self, name: str) -> str:
        """The completion code for ``name`` (every exercise answered in this kernel), or
        why the name is refused."""
        try:
            self.code = str(ex.completion_code(name))
        except RuleError as refused:
            self.code = ""
            self.code_message = str(refused)
            return self.code_message
        self.code_message = "Your completion code is below: copy it for your teacher."
        return self.code

    def _say(self, text: str, kind: str) -> str:
        self.verdict, self.verdict_kind = text, kind
        self.said += 1
        return text

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        do = content.get("do")
        if do == "check":
            self.check(content.get("text", ""))
        elif do == "hint":
            self.hint()
        elif do == "code":
            self.get_code(content.get("name", ""))


__all__ = ["ACCEPTS", "ACCEPTS_DECIMALS", "AnswerBox", "accepts", "read_answer"]
