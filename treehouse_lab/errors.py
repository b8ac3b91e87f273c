"""The two typed errors every engine raises.

Both subclass ``ValueError`` so that generic code that already guards against bad values
keeps working, while notebooks and boards can tell "this input is malformed" apart from
"this move breaks a rule".
"""

from __future__ import annotations


class RuleError(ValueError):
    """Bad options, malformed or inconsistent saves, or any input that breaks a rule.

    Messages name the option, field or rule and the allowed values, so a student reading
    the traceback learns what to change.
    """


class IllegalActionError(RuleError):
    """An action that is not legal in the current state; the state is left unchanged."""


class HumanToMove(RuleError):
    """``Match.step()`` was asked to move for a seat a human controls."""
