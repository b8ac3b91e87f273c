"""Treehouse (pyramids): the game and its states.

A state is small: each player's trio and the House (as arrangement numbers of the move
table, ``table.ARRANGEMENTS``), whose turn it is, the face rolled (None before the roll),
the face just rolled in vain (so the board can say "roll again"), and the winners once
someone matches. Phase is derived: winners -> over; no roll -> the die (a chance node, six
faces at 1/6); a roll -> the player decides.

Rulings referred to below are shared/design/pyramids-rulings.md and, for the project's
own extra rulings (R1, R2, ...), docs/rulings/pyramids.md.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, Sequence

from ...core.jsonio import expect_dict, expect_int, expect_list
from ...core.options import Option
from ...core.seating import left_of
from ...errors import RuleError, quote
from ...protocol import CHANCE, TERMINAL, Action, Game, State
from . import data
from .actions import PASS, ROLLS, Pass, Play, Roll
from .arrangement import (
    FACES,
    RIGHT,
    TRIO,
    UP,
    Arrangement,
    Move,
    Position,
    _gap_token,
    _stack_name,
    moves,
    name,
    raw_moves,
)
from .rules import HOUSE_SIDE, TRIO_SIDE, Turn, turn_rule, winners_after
from .table import ARRANGEMENTS, INDEX, Side, table

MAX_PLAYERS = 8
_SIDE_WORDS = {TRIO_SIDE: "trio", HOUSE_SIDE: "House"}

#: What a roll offers the player at a (trio, House): the legal actions in order, the turn
#: rule's answer, and the two sides' rows of the move table.
Decision = tuple[tuple[Action, ...], Turn, Side, Side]


# -- Options --------------------------------------------------------------------------------

def _check_players(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= MAX_PLAYERS:
        raise RuleError(
            f"option players={quote(value)} is not allowed; allowed values: 2 to {MAX_PLAYERS} "
            "(the rulebook says 2 - 4, \"or more with more pyramids\")"
        )
    return value


def _check_house_start(value: Any) -> str:
    try:
        return str(Arrangement.parse(value, pieces=TRIO))
    except RuleError as exc:
        raise RuleError(f"option house_start={quote(value)} is not allowed: {exc}") from None


# -- The game -------------------------------------------------------------------------------

class PyramidsGame(Game):
    """``tl.load_game("pyramids", players=2, aim_stack_top=True, house_start="LMS")``."""

    NAME: ClassVar[str] = "pyramids"
    TITLE: ClassVar[str] = "Treehouse"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 2, f"number of players, 2 to {MAX_PLAYERS} (rulebook: 2 - 4, "
               "\"or more with more pyramids\")", check=_check_players,
               examples=(2, 3, 4, MAX_PLAYERS)),
        Option("aim_stack_top", True,
               "the top piece of a stack may be Aimed left or right, coming off the stack "
               "(rulings: Aim); False: only pieces standing or lying alone can be Aimed",
               choices=(True, False)),
        Option("house_start", "LMS",
               "the House's starting arrangement, in the rulings' notation (the rulebook: "
               "the Tree, LMS; the publisher's own start is '<L S M>')",
               check=_check_house_start, examples=("LMS", "<L S M>")),
    )
    ACTION_TYPES: ClassVar[tuple[type[Action], ...]] = (Roll, Play, Pass)
    RENDERER: ClassVar[str] = "treehouse_lab.games.pyramids.render"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.aim_stack_top: bool = self.options["aim_stack_top"]
        self.house_start: Arrangement = Arrangement.parse(self.options["house_start"], TRIO)
        self.tree: Arrangement = Arrangement.tree(TRIO)
        self._table = table(self.aim_stack_top)
        self._outcomes = [(ROLLS[f], data.FACE_PROBABILITY) for f in FACES]
        self._components = {
            "pyramids": sorted(
                [f"p{p}:{c}" for p in range(self.players) for c in TRIO]
                + [f"house:{c}" for c in TRIO]
            ),
            "die": ["die"],
        }

    # -- protocol -----------------------------------------------------------------------
    def new_initial_state(self) -> PyramidsState:
        """Every trio a Tree, the House as ``house_start``, the first player to roll
        (rulebook, Setup; "The player holding the die goes first": seat 0)."""
        return PyramidsState(self, [INDEX[self.tree]] * self.players,
                             INDEX[self.house_start], 0)

    def components(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in self._components.items()}

    def _state_from_json(self, data: Any) -> PyramidsState:
        return _state_from_json(self, data)

    def position(self, trios: Sequence[Arrangement | str] | None = None,
                 house: Arrangement | str | None = None, to_move: int = 0,
                 rolled: str | None = None) -> PyramidsState:
        """A position for teaching: ``game.position(trios=["L> S M", "LMS"], house="<S LM",
        to_move=0, rolled="dig")``. Missing trios are Trees, a missing House is the start.
        Validated like a save (a roll that neither side can use is refused: it would have
        been rolled again)."""
        if trios is None:
            trios = [self.tree] * self.players
        d = {
            "trios": [str(t) for t in trios],
            "house": str(self.house_start if house is None else house),
            "to_move": to_move,
            "rolled": rolled,
            "rerolled": None,
            "winners": [],
        }
        return _state_from_json(self, d)

    def _decide(self, trio: int, house: int, face: str) -> Decision:
        """The turn rule at arrangements number ``trio`` and ``house`` for ``face``: the
        legal actions (moves on the trio, on the House, a pass), the rule's answer, and
        the move table's two rows they come from."""
        mine = self._table.side(TRIO_SIDE, face, trio)
        theirs = self._table.side(HOUSE_SIDE, face, house)
        turn = turn_rule(face, mine.plays, theirs.plays)
        legal = turn.trio + turn.house + ((PASS,) if turn.may_pass else ())
        return legal, turn, mine, theirs


# -- States ---------------------------------------------------------------------------------

class PyramidsState(State):
    """One moment of a game of Treehouse. Read it with ``trio(p)``, ``house``, ``rolled``,
    ``to_move``; change it only with ``apply``."""

    def __init__(self, game: PyramidsGame, trios: list[int], house: int, to_move: int,
                 rolled: str | None = None, rerolled: str | None = None,
                 winners: Sequence[int] = ()) -> None:
        self.game: PyramidsGame = game
        self._trios = list(trios)
        self._house = house
        self._to_move = to_move
        self._rolled = rolled
        self._rerolled = rerolled
        self._winners = tuple(winners)
        self._player = TERMINAL if self._winners else CHANCE if rolled is None else to_move
        self._cache: Decision | None = None

    def clone(self) -> PyramidsState:
        """Arrangement numbers are plain ints and the cached decision is immutable, so a
        copy of the trio list is a full copy."""
        new = PyramidsState.__new__(PyramidsState)
        new.__dict__.update(self.__dict__)
        new._trios = self._trios[:]
        return new

    # -- reading ------------------------------------------------------------------------
    def trio(self, player: int) -> Arrangement:
        return ARRANGEMENTS[self._trios[player]]

    @property
    def trios(self) -> tuple[Arrangement, ...]:
        return tuple(ARRANGEMENTS[t] for t in self._trios)

    @property
    def house(self) -> Arrangement:
        return ARRANGEMENTS[self._house]

    @property
    def rolled(self) -> str | None:
        """The face rolled this turn, before the player has used it; None otherwise."""
        return self._rolled

    @property
    def rerolled(self) -> str | None:
        """The face just rolled that could change neither trio nor House (roll again)."""
        return self._rerolled

    @property
    def to_move(self) -> int:
        """Whose turn it is (after the game: who made the winning move)."""
        return self._to_move

    def matches(self, player: int) -> bool:
        """Does this player's trio equal the House right now?"""
        return self._trios[player] == self._house

    def turn_options(self) -> Turn | None:
        """What the roll waiting to be used allows (``rules.Turn``: the moves open on the
        trio and on the House, and whether passing is allowed); None when no roll waits."""
        if self._player < 0:
            return None
        return self._turn()[1]

    def move_of(self, action: Action) -> Move | None:
        """The arrangement model's move behind a legal ``Play`` (its result, and the place
        the board marks for it); None for anything that is not a legal move now."""
        found = self._found(action)
        return found[2] if found else None

    @property
    def current_player(self) -> int:
        return self._player

    def winners(self) -> list[int]:
        return list(self._winners)

    # -- rules ----------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return self.game._outcomes

    def _turn(self) -> Decision:
        if self._cache is None:
            self._cache = self.game._decide(self._trios[self._to_move], self._house,
                                            self._rolled)  # type: ignore[arg-type]
        return self._cache

    def _legal_actions(self, player: int) -> Sequence[Action]:
        if player != self._player or player < 0:
            return ()
        return self._turn()[0]

    def _is_legal(self, action: Action, player: int) -> bool:
        """A lookup in the move table's rows for this roll, not a scan of the legal list
        (it runs on every apply)."""
        if player == CHANCE:  # every face of the die may come up at a roll
            return action.__class__ is Roll and self._player == CHANCE
        if player != self._player or player < 0:
            return False
        cls = action.__class__
        if cls is Play:
            _, turn, mine, theirs = self._turn()
            if action.side == TRIO_SIDE:  # type: ignore[attr-defined]
                return bool(turn.trio) and action in mine.after
            return bool(turn.house) and action in theirs.after
        return cls is Pass and self._turn()[1].may_pass

    def _apply(self, action: Action, player: int) -> None:
        p = self._to_move
        if player == CHANCE:
            face = action.face  # type: ignore[attr-defined]
            decision = self.game._decide(self._trios[p], self._house, face)
            if decision[1].reroll:
                # rulebook, How to Play: "If you cannot use the action in either place, then
                # you roll again." The same player stays at the die (ruling R8).
                self._rerolled = face
                return
            self._rolled, self._rerolled, self._cache = face, None, decision
            self._player = p
            return
        _, _, mine, theirs = self._turn()
        self._rolled = self._rerolled = self._cache = None
        if action.__class__ is Play:
            side = action.side  # type: ignore[attr-defined]
            # the result comes from the move table, never from the action (issue 6)
            if side == TRIO_SIDE:
                self._trios[p] = mine.after[action][0]  # type: ignore[index]
            else:
                self._house = theirs.after[action][0]  # type: ignore[index]
            won = winners_after(self._trios, self._house, p, side)
            if won:
                self._winners = tuple(won)
                self._player = TERMINAL
                return
        self._to_move = left_of(p, self.game.players)
        self._player = CHANCE

    def _found(self, action: Any) -> tuple[str, int, Move] | None:
        """(side, arrangement number it leaves, model move) of a legal Play; else None."""
        if action.__class__ is not Play or not self._is_legal(action, self._player):
            return None
        _, _, mine, theirs = self._turn()
        index, move = (mine if action.side == TRIO_SIDE else theirs).after[action]
        return action.side, index, move

    # -- words ----------------------------------------------------------------------------
    def _name(self, p: int) -> str:
        return self.game.player_name(p)

    def why_illegal(self, action: Action, by: int | None = None) -> str:
        if not isinstance(action, Action):
            return f"{quote(action)} is not an action; pick one of state.legal_actions()"
        if self.is_terminal():
            return f"{action} is not allowed: the game is over ({self._won_text()})"
        p = self._to_move
        if self.is_chance_node():
            if by not in (None, CHANCE):
                return f"{action} is not allowed: this is a roll of the die, no player acts"
            if isinstance(action, Roll):
                return f"{action} is a face of the die: it may be rolled now"
            return (f"{action} is not allowed yet: {self._name(p)} must roll the die first "
                    "(rulebook, How to Play: \"On your turn, roll the die\")")
        if by is not None and by != p:
            return (f"{action} is not allowed: it is {self._name(p)}'s turn, not seat "
                    f"{quote(by)}'s")
        if self._is_legal(action, p):
            return f"{action} is allowed now"
        face = self._rolled
        assert face is not None
        verb = data.FACE_NAMES[face]
        turn = self._turn()[1]
        if isinstance(action, Roll):
            return (f"{action} is not allowed: {self._name(p)} already rolled {verb} and must "
                    "use it now (or pass, if allowed)")
        if isinstance(action, Pass):
            if face == "wild":
                return ("You rolled Wild: your trio can always be changed, so you must use it "
                        f"(on your trio or the House); you cannot pass. {data.PASS_RULE}")
            return (f"You rolled {verb}, and your trio {data.CAN[face]}, so you must {verb} "
                    f"your own trio; you cannot pass. {data.PASS_RULE}")
        if not isinstance(action, Play):
            return (f"{action} is not a Treehouse action: roll the die, play a move or pass "
                    "(see state.legal_actions())")
        if face != "wild" and action.action != face:
            return (f"{action} is not allowed: you rolled {verb}, so you must {verb} "
                    f"(rulebook, How to Play: \"alter the arrangement of your trio of "
                    f"pyramids using the type of action indicated by your roll\")")
        if action.side == HOUSE_SIDE:
            if face == "swap":
                return f"{action} is not allowed: {data.NO_HOUSE_SWAP}"
            if turn.trio:
                return (f"You rolled {verb}, and your trio {data.CAN[face]}, so you must "
                        f"{verb} your own trio, not the House ({data.HOW_TO_PLAY}: "
                        f"{data.MUST})")
            target, where = self.house, "the House"
        else:
            if not turn.trio:
                return (f"{action} is not possible: your trio cannot {verb}: "
                        f"{data.CANNOT[face]}")
            target, where = self.trio(p), "your trio"
        suffix = "" if action.side == TRIO_SIDE else " in the House"
        reason = _why_not(target, action, face, self.game.aim_stack_top, suffix)
        return f"{action} is not possible in {where}: {reason}"

    def explain(self, action: Action, by: int | None = None) -> str:
        if not self.is_legal(action, by):
            return self.why_illegal(action, by)
        if isinstance(action, Roll):
            return (f"{action}: the die has six faces, {', '.join(data.FACE_NAMES.values())}, "
                    f"each with chance {data.FACE_PROBABILITY}.")
        face = self._rolled
        assert face is not None
        verb = data.FACE_NAMES[face]
        if isinstance(action, Pass):
            return (f"Your trio cannot {verb} ({data.CANNOT[face]}), so you may use it on the "
                    f"House or pass ({data.HOW_TO_PLAY}: {data.MAY_HOUSE}).")
        assert isinstance(action, Play)
        parts = [f"{action}. {data.RULE_TEXT[action.action]}"]
        if face == "wild":
            parts.append(f"You rolled Wild: {data.RULE_TEXT['wild']}")
        elif action.side == TRIO_SIDE:
            parts.append(f"You rolled {verb} and your trio {data.CAN[face]}, so you must use "
                         f"it on your trio ({data.HOW_TO_PLAY}: {data.MUST})")
        else:
            parts.append(f"Your trio cannot {verb} ({data.CANNOT[face]}), so you may use it "
                         f"on the House ({data.HOW_TO_PLAY}: {data.MAY_HOUSE})")
        won = self._winners_if(action)
        if won:
            parts.append(self._win_words(won, self._to_move))
        return " ".join(parts)

    def narrate(self, action: Action, by: int | None = None) -> str:
        p = self._to_move
        who = self._name(p)
        if isinstance(action, Roll):
            if self.is_chance_node() and self.game._decide(
                    self._trios[p], self._house, action.face)[1].reroll:
                return (f"{who} rolls {data.FACE_NAMES[action.face]}: it can change neither "
                        "their trio nor the House, so they roll again")
            return f"{who} rolls {data.FACE_NAMES[action.face]}"
        if isinstance(action, Pass):
            return f"{who} passes"
        if isinstance(action, Play):
            found = self._found(action)
            if found is None:  # not a move here: the sentence alone, nothing made up
                return f"{who}: {action}"
            side, index, _ = found
            line = f"{who}: {action} (the {_SIDE_WORDS[side]} is now {ARRANGEMENTS[index]})"
            won = self._winners_if(action)
            if won:
                line += ". " + self._win_words(won, p)
            return line
        return super().narrate(action, by)

    def _winners_if(self, action: Play) -> list[int]:
        found = self._found(action)
        if found is None:
            return []
        side, index, _ = found
        trios, house = list(self._trios), self._house
        if side == TRIO_SIDE:
            trios[self._to_move] = index
        else:
            house = index
        return winners_after(trios, house, self._to_move, side)

    def _win_words(self, won: Sequence[int], actor: int) -> str:
        names = " and ".join(self._name(w) for w in won)
        if list(won) == [actor]:
            return f"{names} matches the House and wins!"
        if len(won) == 1:
            return f"{names} now matches the House and wins!"
        return f"{names} now match the House: a tie!"

    def _won_text(self) -> str:
        return self._win_words(self._winners, self._to_move)

    # -- views ----------------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """Everything in Treehouse is on the table: the whole state, plus who is looking."""
        d = self.to_json()
        d["player"] = player
        d["matches"] = [self.matches(p) for p in range(self.game.players)]
        return d

    def hidden_from(self, player: int) -> set[str]:
        return set()

    def components(self) -> dict[str, list[str]]:
        """Every piece stays in its own trio (rulebook: "You can never change another
        player's Trio of pieces"), so the inventory is the game's."""
        ids = [f"p{p}:{c}" for p, t in enumerate(self.trios) for c in t.pieces]
        ids += [f"house:{c}" for c in self.house.pieces]
        return {"pyramids": sorted(ids), "die": ["die"]}

    def to_json(self) -> dict:
        return {
            "trios": [str(ARRANGEMENTS[t]) for t in self._trios],
            "house": str(ARRANGEMENTS[self._house]),
            "to_move": self._to_move,
            "rolled": self._rolled,
            "rerolled": self._rerolled,
            "winners": list(self._winners),
        }

    def __repr__(self) -> str:
        return f"<PyramidsState {self.to_json()}>"


# -- why a move is not possible --------------------------------------------------------------

BACKWARDS = "you can't Dig backwards (nor wraparound) (rulebook, Dig)"
IN_PLACE_HOP = "that is where it is now: you cannot Hop in place (rulebook, Hop)"
_AIMED = {"aim-left": ("<", "left"), "aim-up": (UP, "up"), "aim-right": (">", "right")}


def _why_not(target: Arrangement, play: Play, face: str, aim_stack_top: bool,
             suffix: str) -> str:
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
                    else f"the whole {_stack_name(pos.pieces)[4:]}")
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
    raw = next((m for m in raw_moves(target, kind, aim_stack_top)
                if m.pieces == pieces and m.dest == dest), None)
    if raw is not None and raw.result == target:
        return "it would change nothing, and every action must change the arrangement"
    if raw is not None:
        kept = next((m for m in moves(target, face, aim_stack_top=aim_stack_top)
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
    gaps = {_gap_token(line, k): k for k in range(1, len(line))}
    gaps.update({"left-end": 0, "right-end": len(line)})  # an empty line's only gap is both
    if dest not in gaps:
        left, right = rest.split(":")
        shown = " ".join(map(str, line))
        return (f"there is no gap between {_stack_name(left)} and {_stack_name(right)}: "
                f"without the moving pieces the line is {shown}")
    k = gaps[dest]
    if kind == "hop":
        return IN_PLACE_HOP if h == 0 and k == i else ""
    if k == i:
        return ("that is where it lies: to stand it up there, Dig it in place "
                "(rulebook, Dig: \"in place\")")
    return "" if (k > i if ahead_right else k < i) else BACKWARDS


# -- saves ------------------------------------------------------------------------------------

def _state_from_json(g: PyramidsGame, raw: Any) -> PyramidsState:
    d = expect_dict(raw, "state", {"trios", "house", "to_move", "rolled", "rerolled", "winners"})
    n = g.players
    trios = []
    for p, t in enumerate(expect_list(d["trios"], "state.trios", n)):
        try:
            trios.append(INDEX[Arrangement.parse(t, pieces=TRIO)])
        except RuleError as exc:
            raise RuleError(f"state.trios[{p}]: {exc}") from None
    try:
        house = INDEX[Arrangement.parse(d["house"], pieces=TRIO)]
    except RuleError as exc:
        raise RuleError(f"state.house: {exc}") from None
    to_move = expect_int(d["to_move"], "state.to_move", 0, n - 1)
    for field in ("rolled", "rerolled"):
        v = d[field]
        if v is not None and v not in FACES:
            raise RuleError(f"state.{field}: {quote(v)} is not a die face "
                            f"({', '.join(FACES)}) or null")
    rolled, rerolled = d["rolled"], d["rerolled"]
    winners = [expect_int(w, f"state.winners[{i}]", 0, n - 1)
               for i, w in enumerate(expect_list(d["winners"], "state.winners"))]
    if len(set(winners)) != len(winners) or winners != sorted(winners):
        raise RuleError("state.winners: seats must be distinct and in order")
    trio = trios[to_move]
    if winners:
        if rolled is not None or rerolled is not None:
            raise RuleError("state.rolled: the game is over (there are winners), so no die "
                            "face can be waiting")
        for w in winners:
            if trios[w] != house:
                raise RuleError(f"state.winners: player seat {w} is listed as a winner but "
                                f"their trio {ARRANGEMENTS[trios[w]]} does not match the House "
                                f"{ARRANGEMENTS[house]}")
        matching = [p for p in range(n) if trios[p] == house]
        expected = [to_move] if trios[to_move] == house else matching
        if winners != expected:
            raise RuleError("state.winners: inconsistent with the ruling on ties: the mover "
                            f"(seat {to_move}) wins alone if they match the House, else every "
                            f"matching player wins; expected {expected}, got {winners}")
    if rolled is not None and rerolled is not None:
        raise RuleError("state.rerolled: must be null once a usable face is rolled")
    if rolled is not None and g._decide(trio, house, rolled)[1].reroll:
        raise RuleError(f"state.rolled: {rolled} can change neither the trio of seat "
                        f"{to_move} nor the House; the player would have rolled again")
    if rerolled is not None and not g._decide(trio, house, rerolled)[1].reroll:
        raise RuleError(f"state.rerolled: {rerolled} could be used by seat {to_move}, so it "
                        "would not have been rolled again")
    return PyramidsState(g, trios, house, to_move, rolled, rerolled, winners)


__all__ = ["PyramidsGame", "PyramidsState", "Roll", "Play", "Pass", "MAX_PLAYERS"]
