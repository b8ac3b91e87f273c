"""Treehouse (pyramids): the three kinds of action, each defined once.

A roll of the die (chance), a move on the trio or the House, a pass. Each kind keeps
together which moves it offers (``generate``: legality is stated there once, and is a
lookup in the generated list, core/stages.py), why any other move is refused
(``refusal``, naming the rulebook rule it breaks), what it changes (``apply``: the result
is looked up in the move table, never read from the action), its texts and its board
clicks.

Rulings referred to below ("rulings: Actions" and R1, R2, ...) are in
docs/rulings/pyramids.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.fields import replace_at
from ...core.kinds import Kind, KindTable
from ...core.seating import left_of
from ...errors import quote
from ...protocol import Action
from . import data
from .actions import PASS, Pass, Play, Roll
from .arrangement import (
    RIGHT,
    UP,
    Arrangement,
    Position,
    gap_token,
    moves,
    name,
    raw_moves,
    stack_name,
)
from .rules import HOUSE_SIDE, TRIO_SIDE, winners_after
from .stages import ROLL, RollStage
from .table import ARRANGEMENTS

if TYPE_CHECKING:  # pragma: no cover
    from .state import PyramidsState

RULES = KindTable("pyramids")
SIDE_WORDS = {TRIO_SIDE: "trio", HOUSE_SIDE: "House"}


def side_id(side: str, player: int) -> str:
    """``trio:0`` or ``house``: the prefix of every target id on that line (render.py
    draws the targets)."""
    return "house" if side == HOUSE_SIDE else f"trio:{player}"


def _who(s: PyramidsState) -> str:
    return s.game.player_name(s.to_move)


def _not_now(s: PyramidsState, a: Action, player: int) -> str | None:
    """Why no decision may be taken by ``player`` now: the die first, or another's turn."""
    if isinstance(s.top, RollStage):
        return (f"{a} is not allowed yet: {_who(s)} must roll the die first "
                "(rulebook, How to Play: \"On your turn, roll the die\")")
    if player != s.to_move:
        return f"{a} is not allowed: it is {_who(s)}'s turn, not seat {quote(player)}'s"
    return None


def _last_roll(s: PyramidsState) -> bool:
    """Is the roll waiting to be used the last one the limit allows (R18)?"""
    return s.rolls >= s.game.roll_limit


def _end_turn(s: PyramidsState, won: list[int]) -> None:
    """The roll is used: the next player rolls, unless someone has won (ruling on ties in
    rules.winners_after: the mover alone, else every matching player) or that was the
    last roll the limit allows (a tie of all, ruling R18)."""
    s.rolled = s.rerolled = s.turn_decision = None
    if won:
        s.won = tuple(won)
        s.pop()  # the game is over (stages.stages_from)
    elif s.rolls >= s.game.roll_limit:
        s.pop()  # the last roll is used: a tie of all players (R18)
    else:
        # The next player's turn: the move stage stays under a new roll of the die.
        s.to_move = left_of(s.to_move, s.game.players)
        s.push(ROLL)


@RULES.kind(Roll)
class RollKind(Kind):
    """Rulebook, How to Play: "On your turn, roll the die"; "If you cannot use the action
    in either place, then you roll again" (the same player stays at the die, ruling R8)."""

    def refusal(self, s: PyramidsState, a: Roll, player: int) -> str:
        """Why a roll is not taken now (the die's own outcomes are the legal ones)."""
        if isinstance(s.top, RollStage):
            return f"{a} is not allowed: this is a roll of the die, no player acts"
        return (f"{a} is not allowed: {_who(s)} already rolled {data.FACE_NAMES[s.rolled]} "
                "and must use it now (or pass, if allowed)")

    def apply(self, s: PyramidsState, a: Roll, player: int) -> None:
        s.rolls += 1  # every roll counts towards the limit, re-rolls too (R18)
        decision = s.game.decide(s.trio_numbers[s.to_move], s.house_number, a.face)
        if decision[1].reroll:
            s.rerolled = a.face  # the roll stage stays: roll again
            if s.rolls >= s.game.roll_limit:
                s.stack = ()  # no roll is left: a tie of all players (R18)
            return
        s.rolled, s.rerolled, s.turn_decision = a.face, None, decision
        s.pop()

    def explain(self, s: PyramidsState, a: Roll, player: int) -> str:
        return (f"{a}: the die has six faces, {', '.join(data.FACE_NAMES.values())}, "
                f"each with chance {data.FACE_PROBABILITY}.")

    def narrate(self, s: PyramidsState, a: Roll, player: int) -> str:
        who = _who(s)
        if isinstance(s.top, RollStage) and s.game.decide(
                s.trio_numbers[s.to_move], s.house_number, a.face)[1].reroll:
            if s.rolls + 1 >= s.game.roll_limit:
                return (f"{who} rolls {data.FACE_NAMES[a.face]}: it can change neither "
                        f"their trio nor the House, and it was the last roll: "
                        f"{s.draw_words()}")
            return (f"{who} rolls {data.FACE_NAMES[a.face]}: it can change neither "
                    "their trio nor the House, so they roll again")
        return f"{who} rolls {data.FACE_NAMES[a.face]}"


@RULES.kind(Play)
class PlayKind(Kind):
    """Rulebook, How to Play: "alter the arrangement of your trio of pyramids using the
    type of action indicated by your roll", or the House when the trio cannot."""

    def generate(self, s: PyramidsState, seat: int) -> list[Action]:
        turn = s.decision()[1]
        return [*turn.trio, *turn.house]

    def refusal(self, s: PyramidsState, a: Play, player: int) -> str:
        """Which rule a move that is not among the generated ones breaks: the die first,
        another's turn, the face rolled, the trio before the House, or the move itself
        (``why_not_possible``)."""
        early = _not_now(s, a, player)
        if early:
            return early
        turn = s.decision()[1]
        face = s.rolled
        verb = data.FACE_NAMES[face]  # type: ignore[index]
        if face != "wild" and a.action != face:
            return (f"{a} is not allowed: you rolled {verb}, so you must {verb} "
                    f"(rulebook, How to Play: \"alter the arrangement of your trio of "
                    f"pyramids using the type of action indicated by your roll\")")
        if a.side == HOUSE_SIDE:
            if face == "swap":
                return f"{a} is not allowed: {data.NO_HOUSE_SWAP}"
            if turn.trio:
                return (f"You rolled {verb}, and your trio {data.CAN[face]}, so you must "
                        f"{verb} your own trio, not the House ({data.HOW_TO_PLAY}: "
                        f"{data.MUST})")
            target, where = s.house, "the House"
        else:
            if not turn.trio:
                return (f"{a} is not possible: your trio cannot {verb}: "
                        f"{data.CANNOT[face]}")
            target, where = s.trio(s.to_move), "your trio"
        suffix = "" if a.side == TRIO_SIDE else " in the House"
        reason = why_not_possible(target, a, face, s.game.aim_stack_top, suffix,  # type: ignore[arg-type]
                                  hop_onto_lying=s.game.hop_onto_lying)
        return f"{a} is not possible in {where}: {reason}"

    def apply(self, s: PyramidsState, a: Play, player: int) -> None:
        _, _, mine, theirs = s.turn_decision or s.decision()
        p = s.to_move
        # the result comes from the move table, never from the action (issue 6)
        if a.side == TRIO_SIDE:
            s.trio_numbers = replace_at(s.trio_numbers, p, mine.after[a][0])
        else:
            s.house_number = theirs.after[a][0]
        _end_turn(s, winners_after(s.trio_numbers, s.house_number, p, a.side))

    def explain(self, s: PyramidsState, a: Play, player: int) -> str:
        face = s.rolled
        verb = data.FACE_NAMES[face]  # type: ignore[index]
        parts = [f"{a}. {data.RULE_TEXT[a.action]}"]
        if face == "wild":
            parts.append(f"You rolled Wild: {data.RULE_TEXT['wild']}")
        elif a.side == TRIO_SIDE:
            parts.append(f"You rolled {verb} and your trio {data.CAN[face]}, so you must use "
                         f"it on your trio ({data.HOW_TO_PLAY}: {data.MUST})")
        else:
            parts.append(f"Your trio cannot {verb} ({data.CANNOT[face]}), so you may use it "
                         f"on the House ({data.HOW_TO_PLAY}: {data.MAY_HOUSE})")
        won = s.winners_if(a)
        if won:
            parts.append(s.win_words(won, s.to_move))
        elif _last_roll(s):
            parts.append(f"This is the last roll: {s.draw_words()}.")
        return " ".join(parts)

    def narrate(self, s: PyramidsState, a: Play, player: int) -> str:
        who = _who(s)
        found = s.found(a)
        if found is None:  # not a move here: the sentence alone, nothing made up
            return f"{who}: {a}"
        side, index, _ = found
        line = f"{who}: {a} (the {SIDE_WORDS[side]} is now {ARRANGEMENTS[index]})"
        won = s.winners_if(a)
        if won:
            line += ". " + s.win_words(won, s.to_move)
        elif _last_roll(s):
            line += f"; that was the last roll: {s.draw_words()}"
        return line

    def click_path(self, s: PyramidsState, a: Play, seat: int) -> tuple[str, ...]:
        """The piece, then where it goes (render.py draws both targets)."""
        sid = side_id(a.side, seat)
        return (f"{sid}:{a.piece}", f"{sid}:{s.move_of(a).target}")  # type: ignore[union-attr]


@RULES.kind(Pass)
class PassKind(Kind):
    """Rulebook, How to Play: a roll the trio cannot use may be used on the House, or the
    player passes (data.PASS_RULE)."""

    CLICKS = ("pass",)

    def generate(self, s: PyramidsState, seat: int) -> list[Action]:
        return [PASS] if s.decision()[1].may_pass else []

    def refusal(self, s: PyramidsState, a: Pass, player: int) -> str:
        """Why a pass is refused: the die first, another's turn, or a roll the trio must
        use (data.PASS_RULE)."""
        early = _not_now(s, a, player)
        if early:
            return early
        face = s.rolled
        verb = data.FACE_NAMES[face]  # type: ignore[index]
        if face == "wild":
            return ("You rolled Wild: your trio can always be changed, so you must use it "
                    f"(on your trio or the House); you cannot pass. {data.PASS_RULE}")
        return (f"You rolled {verb}, and your trio {data.CAN[face]}, so you must {verb} "
                f"your own trio; you cannot pass. {data.PASS_RULE}")

    def apply(self, s: PyramidsState, a: Pass, player: int) -> None:
        _end_turn(s, [])

    def explain(self, s: PyramidsState, a: Pass, player: int) -> str:
        face = s.rolled
        verb = data.FACE_NAMES[face]  # type: ignore[index]
        return (f"Your trio cannot {verb} ({data.CANNOT[face]}), so you may use it on the "
                f"House or pass ({data.HOW_TO_PLAY}: {data.MAY_HOUSE}).")

    def narrate(self, s: PyramidsState, a: Pass, player: int) -> str:
        if _last_roll(s):
            return f"{_who(s)} passes; that was the last roll: {s.draw_words()}"
        return f"{_who(s)} passes"


# -- why a move is not possible --------------------------------------------------------------

BACKWARDS = "you can't Dig backwards (nor wraparound) (rulebook, Dig)"
IN_PLACE_HOP = "that is where it is now: you cannot Hop in place (rulebook, Hop)"
_AIMED = {"aim-left": ("<", "left"), "aim-up": (UP, "up"), "aim-right": (">", "right")}


def why_not_possible(target: Arrangement, play: Play, face: str, aim_stack_top: bool,
             suffix: str, hop_onto_lying: bool = True) -> str:
    """The rulebook rule a well-formed ``play`` on ``target`` breaks, in words; never
    empty. ``play`` has passed ``token_problem`` (it names real pieces in valid forms), so
    every lookup below succeeds whatever the fields say."""
    kind, pieces, dest = play.action, play.pieces, play.dest
    i, h = target.locate(pieces[0])
    pos = target[i]
    if kind == "tip" and not pos.upright:
        return "you cannot Tip a lying down piece up (rulebook, Tip)"
    if kind == "hop" and not pos.upright:
        return "you cannot Hop a lying down piece (rulebook, Hop)"
    if kind == "dig" and pos.upright:
        return "you can't Dig an upright piece (rulebook, Dig)"
    if kind == "tip":
        if h > 0:
            return "you cannot Tip just one piece in a stack (rulebook, Tip)"
        if pieces != pos.pieces:
            what = (f"{name(pos.pieces)}, standing alone" if len(pos.pieces) == 1
                    else f"the whole {stack_name(pos.pieces)[4:]}")
            return (f"a Tip knocks over {what}, so pieces must be {pos.pieces!r} (rulebook, "
                    "Tip: \"Knock over a stack or an upright piece\")")
    if kind == "hop" and pieces != pos.pieces[h:]:
        return (f"{name(pieces[0])} hops with every piece on top of it, so pieces must be "
                f"{pos.pieces[h:]!r} (rulebook, Hop: \"A piece can Hop alone, or with a piece "
                "on top\")")
    if kind == "aim":
        if len(pos.pieces) > 1 and (h < len(pos.pieces) - 1 or not aim_stack_top):
            return "you cannot Aim just one piece in a stack (rulebook, Aim)"
        facing, words = _AIMED[dest]
        if len(pos.pieces) > 1 and facing == UP:
            return (f"{name(pieces)} is on top of a stack: it already points up "
                    "(docs/rulings/pyramids.md, R12)")
        if pos.facing == facing:
            return f"{name(pieces)} already points {words}: Aim turns it another way"
    if kind == "swap":
        other = dest.removeprefix("swap:")
        if target.locate(other) < (i, h):
            return (f"a Swap is picked from the piece that comes first in the line: "
                    f"\"Swap {name(other)} and {name(pieces)}{suffix}\" "
                    "(docs/rulings/pyramids.md, R5)")
    if kind in ("hop", "dig"):
        reason = _place_problem(target, i, h, kind, dest)
        if reason:
            return reason
    if kind == "hop" and dest.startswith("on:") and not hop_onto_lying \
            and not target[target.locate(dest[3:])[0]].upright:
        return (f"{name(dest[3:])} lies down, and in this game a Hop lands only in a gap or "
                "on an upright piece (option hop_onto_lying=False; docs/rulings/pyramids.md, "
                "R20: \"Lying down pieces can never be nested\")")
    raw = next((m for m in raw_moves(target, kind, aim_stack_top, hop_onto_lying)
                if m.pieces == pieces and m.dest == dest), None)
    if raw is not None and raw.result == target:
        return "it would change nothing, and every action must change the arrangement"
    if raw is not None:
        kept = next((m for m in moves(target, face, aim_stack_top=aim_stack_top,
                                      hop_onto_lying=hop_onto_lying)
                     if m.piece == raw.piece and m.result == raw.result), None)
        if kept is not None:
            return (f"it leaves the same line as \"{kept.text}{suffix}\", which is how that "
                    "move is offered (docs/rulings/pyramids.md, R3 and R4)")
    return "no such move (see the list of legal moves)"  # pragma: no cover - defensive


def _place_problem(target: Arrangement, i: int, h: int, kind: str, dest: str) -> str:
    """For a Hop or a Dig of the piece at height ``h`` of position ``i``: whether ``dest``
    names a place in this line, and one it may go to ("" when it does)."""
    ps = target.positions
    pos = ps[i]
    if h == 0:
        line = ps[:i] + ps[i + 1:]
    else:
        line = ps[:i] + (Position(pos.pieces[:h], UP),) + ps[i + 1:]
    ahead_right = pos.facing == RIGHT
    head, _, rest = dest.partition(":")
    if head in ("on", "under"):
        j, height = target.locate(rest)
        if head == "on":
            if j == i:
                return IN_PLACE_HOP
            if height != len(ps[j].pieces) - 1:
                return (f"{name(rest)} is not on top of its stack: a Hop lands on top of a "
                        f"position, named by its top piece ({name(ps[j].top)})")
            return ""
        if height != 0:
            return (f"{name(rest)} is not at the bottom of its stack: a Dig goes under a whole "
                    f"position, named by its bottom piece ({name(ps[j].bottom)}) (rulebook, "
                    "Dig: \"You can't Dig under more than one stack\")")
        return "" if (j > i if ahead_right else j < i) else BACKWARDS
    if dest == "in-place":
        return ""
    gaps = {gap_token(line, k): k for k in range(1, len(line))}
    gaps.update({"left-end": 0, "right-end": len(line)})  # an empty line's only gap is both
    if dest not in gaps:
        left, right = rest.split(":")
        shown = " ".join(map(str, line))
        return (f"there is no gap between {stack_name(left)} and {stack_name(right)}: "
                f"without the moving pieces the line is {shown}")
    k = gaps[dest]
    if kind == "hop":
        return IN_PLACE_HOP if h == 0 and k == i else ""
    if k == i:
        return ("that is where it lies: to stand it up there, Dig it in place "
                "(rulebook, Dig: \"in place\")")
    return "" if (k > i if ahead_right else k < i) else BACKWARDS



__all__ = ["RULES", "SIDE_WORDS", "PassKind", "PlayKind", "RollKind", "side_id",
           "why_not_possible"]
