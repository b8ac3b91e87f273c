"""The Magical Treehouse lesson's reading of the position: the cards in words, and the
tests on legal moves its steps accept (``where``) and branch on (``first_of``).

Why a module of its own: the lesson (``lessons.py``) is its steps and their texts; what
they ask of the position (which move builds a level 5, which raises the learner's score)
is one idea, read only from what the learner can see (their own score row reads their own
objective and the public villages, forest and biscuits).

Sections quoted are those of the Magical Treehouse Rulebook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...lessons.accepts import where
from .actions import Build, MovePipe, Pipe, Place
from .bots import supports
from .rules import power

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState


def card_of(s: MagicalState, cid: str) -> Any:
    """A card's data (colour, level, VP): public, printed on the card."""
    return s.game.cards[cid]


def card_words(s: MagicalState, cid: str) -> str:
    """A card as the learner reads it: "red3a (red level 3, 5 VP)"."""
    c = card_of(s, cid)
    if c.kind == "spell":
        return f"{cid} (spell: {power(c.effect).text})"
    if c.kind == "pipe":
        return f"{cid} (a pipe)"
    return f"{cid} ({c.colour} level {c.level}, {c.vp} VP)"


def joined(items: list[str]) -> str:
    """"a, b and c": the lists the step texts say in a sentence."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def named_cards(s: MagicalState, seat: int, test: Callable[[Any, int, Any], bool],
                field: str = "card") -> str:
    """The cards of the legal moves passing ``test``, in words."""
    cards = sorted({getattr(a, field) for a in s.legal_actions(seat) if test(s, seat, a)})
    return joined([card_words(s, c) for c in cards[:6]]) + (" ..." if len(cards) > 6 else "")


def own_total(s: MagicalState, seat: int) -> int:
    """The learner's own row of the score: it reads only the learner's objective and what
    everyone sees (villages, forest, biscuits)."""
    return s.scores()[seat]["total"]


def gains(part: str) -> Callable[[Any, int, Any], bool]:
    """A test of a move: it raises the learner's own ``part`` of the score (the learner's
    row reads only what they may see, :func:`own_total`)."""
    def test(s: MagicalState, seat: int, a: Any) -> bool:
        after = s.child(a, by=seat).scores()[seat][part]
        return after > s.scores()[seat][part]
    return test


def place_level1(s: MagicalState, seat: int, a: Any) -> bool:
    if not isinstance(a, Place):
        return False
    c = card_of(s, a.card)
    return c.kind == "building" and c.level == 1


def place_building(s: MagicalState, seat: int, a: Any) -> bool:
    return isinstance(a, Place) and card_of(s, a.card).kind == "building"


def place_on_top(s: MagicalState, seat: int, a: Any) -> bool:
    """A level 2-5 card that can go on one of the learner's buildings or drawer cards
    (same colour, one level lower): 3. Building Step."""
    if not isinstance(a, Place):
        return False
    c = card_of(s, a.card)
    return c.kind == "building" and c.level >= 2 and any(
        c.level == level + 1 and colour == c.colour
        for colour, level, _ in supports(s, seat))


def new_building(s: MagicalState, seat: int, a: Any) -> bool:
    return isinstance(a, Build) and not a.on


def on_building(s: MagicalState, seat: int, a: Any) -> bool:
    return isinstance(a, Build) and bool(a.on)


def level5(s: MagicalState, seat: int, a: Any) -> bool:
    return isinstance(a, Build) and card_of(s, a.card).level == 5


def pipe_gain(s: MagicalState, seat: int, a: Any) -> bool:
    return isinstance(a, (Pipe, MovePipe)) and gains("potions")(s, seat, a)


ANY = where(lambda s, p, a: True, "make any of the moves you have now (all are spotlit)")

__all__ = ["ANY", "card_of", "card_words", "gains", "joined", "level5", "named_cards",
           "new_building", "on_building", "own_total", "pipe_gain", "place_building",
           "place_level1", "place_on_top"]
