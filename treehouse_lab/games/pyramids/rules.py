"""The turn rule of Treehouse (pyramids), once, for the game, the solver and the counting.

Rulebook, How to Play: "If you can use the action on your trio, you must. If you cannot do
it to your own pieces, you may do the action to the House, or pass. If you cannot use the
action in either place, then you roll again." Rulings (Turn): "never Swap the House unless
you rolled Wild"; Wild is any of the five actions on your trio or the House.

Why one function over plain collections: the game asks it with lists of actions, the
solver with index lists of results, the counting with sets of arrangements. Each passes
what the rolled face can do to the trio and to the House, and gets back what it may do;
so the rule is written once (issue 6: "One rule, one place") and cannot drift apart.
"""

from __future__ import annotations

from typing import Collection, NamedTuple, Sequence, TypeVar

TRIO_SIDE, HOUSE_SIDE = "trio", "house"
SIDES = (TRIO_SIDE, HOUSE_SIDE)

C = TypeVar("C", bound=Collection)


class Turn(NamedTuple):
    """What a rolled face lets the player do: ``trio`` and ``house`` are the moves open on
    each side (the collections given to ``turn_rule``, or empty), ``may_pass`` whether
    passing is allowed. No move on either side means the player rolls again."""

    trio: Collection
    house: Collection
    may_pass: bool

    @property
    def reroll(self) -> bool:
        return not self.trio and not self.house

    @property
    def where(self) -> str:
        """``"trio"`` (must be used there), ``"house"`` (the House or a pass),
        ``"either"`` (Wild: trio or House) or ``"reroll"``."""
        if self.trio and self.house:
            return "either"
        if self.trio:
            return TRIO_SIDE
        return HOUSE_SIDE if self.house else "reroll"


def turn_rule(face: str, on_trio: C, on_house: C) -> Turn:
    """The turn rule: given what ``face`` can do to the player's trio (``on_trio``) and to
    the House (``on_house``), what the player may do.

    * Wild: any of the five actions on the trio or the House; no pass (ruling R9: the
      trio can always be changed, by a Swap).
    * Otherwise, a face that can change the trio must be used there ("If you can use the
      action on your trio, you must").
    * Otherwise the House or a pass, but never a Swap of the House ("You can ONLY Swap the
      House if you roll a Wild"), and a pass only with a House move to turn down (R10).
    * Otherwise nothing: roll again ("If you cannot use the action in either place").
    """
    if face == "wild":
        return Turn(on_trio, on_house, False)
    if on_trio:
        return Turn(on_trio, (), False)
    if face == "swap" or not on_house:
        return Turn((), (), False)
    return Turn((), on_house, True)


def winners_after(trios: Sequence[object], house: object, actor: int, side: str) -> list[int]:
    """Who wins after ``actor``'s move, trios and House as they are after it.

    Rulings (Set-up and winning): a match is only ever made by an action. A move on your
    own trio can only make you match; a move on the House makes every trio equal to the
    new House match. If the actor matches, the actor wins alone ("the player who caused
    the win is the winner"); otherwise those who match win, tied if several ("If one
    causes multiple others to win without winning themselves, it's just a tie").
    """
    if trios[actor] == house:
        return [actor]
    if side == TRIO_SIDE:
        return []
    return [p for p, t in enumerate(trios) if t == house]
