"""The turn rule of Treehouse (pyramids), as pure functions of trio, House and roll.

Rulebook, How to Play: "If you can use the action on your trio, you must. If you cannot do
it to your own pieces, you may do the action to the House, or pass. If you cannot use the
action in either place, then you roll again." Rulings (Turn): "never Swap the House unless
you rolled Wild"; Wild is any of the five actions on your trio or the House.

Kept apart from the state so that the solver, the notebook and the tests can ask "what may
I do with this roll?" without building a game.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .arrangement import Arrangement, Move, can, moves

TRIO_SIDE, HOUSE_SIDE = "trio", "house"


class Choice(NamedTuple):
    """One legal decision of a turn: a move on one side ("trio" or "house")."""

    side: str
    move: Move


def trio_must_act(trio: Arrangement, face: str, aim_stack_top: bool) -> bool:
    """Wild aside, the rolled action must go on your trio whenever it can change it."""
    return face != "wild" and can(trio, face, aim_stack_top=aim_stack_top)


def house_allowed(trio: Arrangement, face: str, aim_stack_top: bool) -> bool:
    """May this roll be used on the House? On Wild, always; otherwise only when the trio
    cannot use it, and never a Swap (rulebook, Swap: "You can ONLY Swap the House if you
    roll a Wild")."""
    if face == "wild":
        return True
    return face != "swap" and not can(trio, face, aim_stack_top=aim_stack_top)


def choices(trio: Arrangement, house: Arrangement, face: str,
            aim_stack_top: bool) -> tuple[list[Choice], bool]:
    """The moves a player may make with ``face``, and whether passing is allowed.

    No moves and no pass means the player rolls again. No pass on Wild (ruling R9), and
    a pass only when the House offers a move (R10): otherwise the player rolls again.
    """
    out: list[Choice] = []
    if face == "wild" or can(trio, face, aim_stack_top=aim_stack_top):
        out += [Choice(TRIO_SIDE, m) for m in moves(trio, face, aim_stack_top=aim_stack_top)]
    if house_allowed(trio, face, aim_stack_top):
        out += [Choice(HOUSE_SIDE, m) for m in moves(house, face, aim_stack_top=aim_stack_top)]
    may_pass = face != "wild" and not trio_must_act(trio, face, aim_stack_top) and bool(out)
    return out, may_pass


def roll_is_useless(trio: Arrangement, house: Arrangement, face: str,
                    aim_stack_top: bool) -> bool:
    """True when the roll can change neither the trio nor the House: roll again."""
    found, _ = choices(trio, house, face, aim_stack_top)
    return not found


def winners_after(trios: Sequence[Arrangement], house: Arrangement, actor: int,
                  side: str) -> list[int]:
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
