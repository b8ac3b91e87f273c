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


def quote(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages.

    Why: messages quote what the user sent, and a forged save or click can be megabytes
    long; a message must stay a sentence. Only a prefix of the repr is ever built, so a
    50 MB string costs no more than a short one.
    """
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"... ({len(value)} characters)"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > 8:
        kind = type(value).__name__
        return f"<a {kind} of {len(value)} entries>"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"<a whole number of about {int(value.bit_length() * 0.30103)} digits>"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."


def clip(text: str, limit: int = 200) -> str:
    """``text`` cut to ``limit`` characters: for messages that pass on another message."""
    return text if len(text) <= limit else text[:limit] + "..."
