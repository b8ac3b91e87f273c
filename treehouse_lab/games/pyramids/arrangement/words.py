"""How Treehouse (pyramids) moves are put into words: the sentence a child reads for a move,
computed from its tokens alone (docs/rulings/pyramids.md, R13).

Why apart: the words depend on nothing but the tokens, and the arrangement model's moves,
the game's actions and the board all read them, so a rewording changes every text at once
and no save (saves hold the tokens, never the words).
"""

from __future__ import annotations

#: Names used in sentences; any other letter is called by itself ("the A").
NAMES = {"S": "Small", "M": "Medium", "L": "Large"}


def name(piece: str) -> str:
    """``"the Small"``; letters without a size name are "the A"."""
    return "the " + NAMES.get(piece, piece)


def _and(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _subject(stack: str, tree: str) -> str:
    """``the Medium, with the Small on it,`` for a piece carrying others; ``the Tree`` for
    the whole Tree."""
    if len(stack) == 1:
        return name(stack)
    if stack == tree:
        return "the Tree"
    return f"{name(stack[0])}, with {_and([name(c) for c in stack[1:]])} on it,"


def stack_name(pieces: str) -> str:
    if len(pieces) == 1:
        return name(pieces)
    return "the stack of " + _and([name(c) for c in pieces])


_AIM_WORDS = {"aim-left": "to the left", "aim-up": "up", "aim-right": "to the right"}
_END_WORDS = {"in-place": "in place", "left-end": "to the left end of the line",
              "right-end": "to the right end of the line"}


def sentence(action: str, pieces: str, dest: str, tree: str = "LMS") -> str:
    """The sentence a child reads for a move (docs/rulings/pyramids.md, R13), from its
    tokens alone: "Tip the Tree to the right", "Hop the Medium, with the Small on it, onto
    the Large", "Dig the Large between the Small and the Medium", "Swap the Small and the
    Large". ``tree`` is the Tree's stack, bottom to top, which is called "the Tree".

    The one place moves are put into words: the arrangement model, the game's actions and
    the board all call it, so a rewording changes every text at once and no save (saves
    hold the tokens, never the words).
    """
    if action == "tip":
        return f"Tip {_subject(pieces, tree)} to the {dest.removeprefix('tip-')}"
    if action == "aim":
        return f"Aim {name(pieces)} {_AIM_WORDS[dest]}"
    if action == "swap":
        return f"Swap {name(pieces)} and {name(dest.removeprefix('swap:'))}"
    verb = "Hop" if action == "hop" else "Dig"
    if dest in _END_WORDS:
        where = _END_WORDS[dest]
    else:
        kind, _, rest = dest.partition(":")
        if kind == "between":
            left, right = rest.split(":")
            where = f"between {stack_name(left)} and {stack_name(right)}"
        else:
            where = f"{'onto' if kind == 'on' else 'under'} {name(rest)}"
    return f"{verb} {_subject(pieces, tree)} {where}"


__all__ = ["NAMES", "name", "stack_name", "sentence"]
