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
from .actions import Build, MovePipe, Pipe, Place, Reveal
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


def short_words(s: MagicalState, cid: str) -> str:
    """A card in a list of a step's text: "red3a (5 VP)" (its name says its colour and
    level; a step is a few sentences, so a list of cards must be short)."""
    c = card_of(s, cid)
    if c.kind == "building":
        return f"{cid} ({c.vp} VP)"
    return card_words(s, cid)


def named_cards(s: MagicalState, seat: int, test: Callable[[Any, int, Any], bool],
                field: str = "card", most: int = 3) -> str:
    """The cards of the legal moves passing ``test``, in short words (at most ``most``,
    then "..."; the board shows them all)."""
    cards = sorted({getattr(a, field) for a in s.legal_actions(seat) if test(s, seat, a)})
    return joined([short_words(s, c) for c in cards[:most]]) + (
        " ..." if len(cards) > most else "")


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


def is_pipe(s: MagicalState, cid: str) -> bool:
    return card_of(s, cid).kind == "pipe"


def pipe_in_drawer(s: MagicalState, seat: int) -> bool:
    """A pipe card waits in the learner's drawer (their own cards: they see them)."""
    return any(is_pipe(s, c) for c in s.drawer(seat))


def place_pipe(s: MagicalState, seat: int, a: Any) -> bool:
    """Keep a pipe: put a pipe card of the hand in a drawer that holds none yet."""
    return isinstance(a, Place) and is_pipe(s, a.card) and not pipe_in_drawer(s, seat)


def reveal_not_pipe(s: MagicalState, seat: int, a: Any) -> bool:
    """A play-order card that is not a pipe: the card shown goes to the trash can."""
    return isinstance(a, Reveal) and not is_pipe(s, a.card)


ANY = where(lambda s, p, a: True, "make any of the moves you have now (all are spotlit)")

__all__ = ["ANY", "card_of", "card_words", "gains", "is_pipe", "joined", "level5",
           "named_cards", "new_building", "on_building", "own_total", "pipe_gain",
           "pipe_in_drawer", "place_building", "place_level1", "place_on_top", "place_pipe",
           "reveal_not_pipe", "short_words"]
