"""Treehouse (pyramids): actions, the game and its states.

A state is small: each player's trio, the House, whose turn it is, the face rolled (None
before the roll), the face just rolled in vain (so the board can say "roll again"), and
the winners once someone matches. Phase is derived: winners -> over; no roll -> the die
(a chance node, six faces at 1/6); a roll -> the player decides.

Rulings referred to below are shared/design/pyramids-rulings.md and, for the project's
own extra rulings (R1, R2, ...), docs/rulings/pyramids.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Sequence

from ...core.jsonio import expect_dict, expect_int, expect_list
from ...core.options import Option
from ...core.seating import left_of
from ...errors import RuleError
from ...protocol import CHANCE, TERMINAL, Action, Game, State
from . import data, rules
from .arrangement import FACES, TRIO, Arrangement, can, moves

MAX_PLAYERS = 8


# -- Actions -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Roll(Action):
    """Chance: the face of the Treehouse die (each of six at 1/6)."""

    KIND: ClassVar[str] = "roll"
    face: str

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.face not in FACES:
            raise ValueError(f"face must be one of {', '.join(FACES)}, got {self.face!r}")

    def __str__(self) -> str:
        return f"Roll {data.FACE_NAMES[self.face]}"


@dataclass(frozen=True)
class Play(Action):
    """A move on your own trio (``side="trio"``) or on the House (``side="house"``).

    ``action``/``piece``/``dest`` say what moves where (see ``arrangement.Move``),
    ``result`` is the arrangement it leaves, and ``text`` the sentence a child reads
    ("Hop the Medium, with the Small on it, onto the Large"; House moves end "in the
    House"). The result and text are carried so that the action reads and saves on its
    own; a forged one is simply not among the legal actions.
    """

    KIND: ClassVar[str] = "play"
    side: str
    action: str
    piece: str
    dest: str
    result: str
    text: str

    def __post_init__(self) -> None:
        super().__post_init__()  # every field is a string (checked from the annotations)
        if self.side not in (rules.TRIO_SIDE, rules.HOUSE_SIDE):
            raise ValueError(f"side must be 'trio' or 'house', got {self.side!r}")
        if self.action not in FACES[:-1]:
            raise ValueError(f"action must be one of {', '.join(FACES[:-1])}, got {self.action!r}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Pass(Action):
    """Leave the House alone when your trio cannot use the roll (rulebook, Additional
    Clarifications: "You can only Pass when you can't do the Action to your own Trio, and
    don't wish to do it to the House")."""

    KIND: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "Pass (leave the House as it is)"


def _play(choice: rules.Choice) -> Play:
    m = choice.move
    text = m.text if choice.side == rules.TRIO_SIDE else m.text + " in the House"
    return Play(choice.side, m.action, m.piece, m.dest, str(m.result), text)


# -- Options --------------------------------------------------------------------------------

def _check_players(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= MAX_PLAYERS:
        raise RuleError(
            f"option players={value!r} is not allowed; allowed values: 2 to {MAX_PLAYERS} "
            "(the rulebook says 2 - 4, \"or more with more pyramids\")"
        )
    return value


def _check_house_start(value: Any) -> str:
    try:
        return str(Arrangement.parse(value, pieces=TRIO))
    except RuleError as exc:
        raise RuleError(f"option house_start={value!r} is not allowed: {exc}") from None


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

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.aim_stack_top: bool = self.options["aim_stack_top"]
        self.house_start: Arrangement = Arrangement.parse(self.options["house_start"], TRIO)
        self.tree: Arrangement = Arrangement.tree(TRIO)
        self._outcomes = [(Roll(f), data.FACE_PROBABILITY) for f in FACES]
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
        return PyramidsState(self, [self.tree] * self.players, self.house_start, 0)

    def components(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in self._components.items()}

    def state_from_json(self, data: Any) -> PyramidsState:
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

    # -- drawing ------------------------------------------------------------------------
    def render_svg(self, state: State, **view: Any) -> str:
        from .render import render_svg

        return render_svg(state, **view)

    def render_text(self, state: State) -> str:
        from .render import render_text

        return render_text(state)

    def click_paths(self, state: State) -> dict[Action, tuple[str, ...]]:
        from .render import click_paths

        return click_paths(state)


# -- States ---------------------------------------------------------------------------------

class PyramidsState(State):
    """One moment of a game of Treehouse. Read it with ``trio(p)``, ``house``, ``rolled``,
    ``to_move``; change it only with ``apply``."""

    def __init__(self, game: PyramidsGame, trios: list[Arrangement], house: Arrangement,
                 to_move: int, rolled: str | None = None, rerolled: str | None = None,
                 winners: Sequence[int] = ()) -> None:
        self.game: PyramidsGame = game
        self._trios = list(trios)
        self._house = house
        self._to_move = to_move
        self._rolled = rolled
        self._rerolled = rerolled
        self._winners = tuple(winners)
        self._cache: tuple[list[Action], list[rules.Choice], bool] | None = None

    def clone(self) -> PyramidsState:
        """Arrangements are immutable, so a copy of the list is a full copy."""
        new = PyramidsState.__new__(PyramidsState)
        new.game = self.game
        new._trios = list(self._trios)
        new._house = self._house
        new._to_move = self._to_move
        new._rolled = self._rolled
        new._rerolled = self._rerolled
        new._winners = self._winners
        new._cache = self._cache
        return new

    # -- reading ------------------------------------------------------------------------
    def trio(self, player: int) -> Arrangement:
        return self._trios[player]

    @property
    def trios(self) -> tuple[Arrangement, ...]:
        return tuple(self._trios)

    @property
    def house(self) -> Arrangement:
        return self._house

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

    @property
    def current_player(self) -> int:
        if self._winners:
            return TERMINAL
        if self._rolled is None:
            return CHANCE
        return self._to_move

    def returns(self) -> list[int]:
        """1 for each winner, 0 for everyone else (all 0 before the end). A tie gives each
        tied player 1 (rulebook, Ties: "it's just a tie")."""
        return [1 if p in self._winners else 0 for p in range(self.game.players)]

    def winners(self) -> list[int]:
        return list(self._winners)

    # -- rules ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.current_player != CHANCE:
            return []
        return list(self.game._outcomes)

    def _turn(self) -> tuple[list[Action], list[rules.Choice], bool]:
        if self._cache is None:
            found, may_pass = rules.choices(
                self._trios[self._to_move], self._house, self._rolled, self.game.aim_stack_top
            )
            actions: list[Action] = [_play(c) for c in found]
            if may_pass:
                actions.append(Pass())
            self._cache = (actions, found, may_pass)
        return self._cache

    def _legal_actions(self, player: int) -> list[Action]:
        if self.current_player < 0 or player != self._to_move:
            return []
        return list(self._turn()[0])

    def _apply(self, action: Action) -> None:
        p = self._to_move
        self._cache = None
        if isinstance(action, Roll):
            if rules.roll_is_useless(self._trios[p], self._house, action.face,
                                     self.game.aim_stack_top):
                # rulebook, How to Play: "If you cannot use the action in either place, then
                # you roll again." The same player stays at the die (ruling R8).
                self._rerolled = action.face
                return
            self._rolled, self._rerolled = action.face, None
            return
        self._rolled = self._rerolled = None
        if isinstance(action, Pass):
            self._to_move = left_of(p, self.game.players)
            return
        assert isinstance(action, Play)
        new = Arrangement.parse(action.result)
        if action.side == rules.TRIO_SIDE:
            self._trios[p] = new
        else:
            self._house = new
        won = rules.winners_after(self._trios, self._house, p, action.side)
        if won:
            self._winners = tuple(won)
        else:
            self._to_move = left_of(p, self.game.players)

    # -- words ----------------------------------------------------------------------------
    def _name(self, p: int) -> str:
        return self.game.player_name(p)

    def why_illegal(self, action: Action) -> str:
        if self.is_terminal():
            return f"{action} is not allowed: the game is over ({self._won_text()})"
        if self.is_chance_node():
            if isinstance(action, Roll):
                return f"{action} is not a face of the die"  # pragma: no cover
            return (f"{action} is not allowed yet: {self._name(self._to_move)} must roll the "
                    "die first (rulebook, How to Play: \"On your turn, roll the die\")")
        face = self._rolled
        verb = data.FACE_NAMES[face]
        p = self._to_move
        trio = self._trios[p]
        if isinstance(action, Roll):
            return (f"{action} is not allowed: {self._name(p)} already rolled {verb} and must "
                    "use it now (or pass, if allowed)")
        legal = self._turn()[0]
        if isinstance(action, Pass):
            if face == "wild":
                return ("You rolled Wild: your trio can always be changed, so you must use it "
                        f"(on your trio or the House); you cannot pass. {data.PASS_RULE}")
            return (f"You rolled {verb}, and your trio {data.CAN[face]}, so you must {verb} "
                    f"your own trio; you cannot pass. {data.PASS_RULE}")
        if not isinstance(action, Play):  # pragma: no cover - base class checks type
            return f"{action!r} is not a Treehouse action"
        if face != "wild" and action.action != face:
            return (f"{action} is not allowed: you rolled {verb}, so you must {verb} "
                    f"(rulebook, How to Play: \"alter the arrangement of your trio of "
                    f"pyramids using the type of action indicated by your roll\")")
        if action.side == rules.HOUSE_SIDE:
            if face == "swap":
                return f"{action} is not allowed: {data.NO_HOUSE_SWAP}"
            if rules.trio_must_act(trio, face, self.game.aim_stack_top):
                return (f"You rolled {verb}, and your trio {data.CAN[face]}, so you must "
                        f"{verb} your own trio, not the House ({data.HOW_TO_PLAY}: "
                        f"{data.MUST})")
        target = trio if action.side == rules.TRIO_SIDE else self._house
        where = "your trio" if action.side == rules.TRIO_SIDE else "the House"
        if action.side == rules.TRIO_SIDE and face != "wild" and not can(
                trio, face, aim_stack_top=self.game.aim_stack_top):
            return (f"{action} is not possible: your trio cannot {verb}: "
                    f"{data.CANNOT[face]}")
        reason = _why_move_impossible(target, action, self.game.aim_stack_top)
        if reason:
            return f"{action} is not possible in {where}: {reason}"
        shown = "; ".join(map(str, legal[:6])) + (" ..." if len(legal) > 6 else "")
        return f"{action} is not one of the moves you can make now. You may: {shown}"

    def explain(self, action: Action) -> str:
        if isinstance(action, Roll):
            return (f"{action}: the die has six faces, {', '.join(data.FACE_NAMES.values())}, "
                    f"each with chance {data.FACE_PROBABILITY}.")
        if self.current_player < 0 or action not in self._turn()[0]:
            return self.why_illegal(action)
        face = self._rolled
        verb = data.FACE_NAMES[face]
        if isinstance(action, Pass):
            return (f"Your trio cannot {verb} ({data.CANNOT[face]}), so you may use it on the "
                    f"House or pass ({data.HOW_TO_PLAY}: {data.MAY_HOUSE}).")
        assert isinstance(action, Play)
        parts = [f"{action}. {data.RULE_TEXT[action.action]}"]
        if face == "wild":
            parts.append(f"You rolled Wild: {data.RULE_TEXT['wild']}")
        elif action.side == rules.TRIO_SIDE:
            parts.append(f"You rolled {verb} and your trio {data.CAN[face]}, so you must use "
                         f"it on your trio ({data.HOW_TO_PLAY}: {data.MUST})")
        else:
            parts.append(f"Your trio cannot {verb} ({data.CANNOT[face]}), so you may use it "
                         f"on the House ({data.HOW_TO_PLAY}: {data.MAY_HOUSE})")
        won = self._winners_if(action)
        if won:
            parts.append(self._win_words(won, self._to_move))
        return " ".join(parts)

    def narrate(self, action: Action) -> str:
        p = self._to_move
        who = self._name(p)
        if isinstance(action, Roll):
            if self.is_chance_node() and rules.roll_is_useless(
                    self._trios[p], self._house, action.face, self.game.aim_stack_top):
                return (f"{who} rolls {data.FACE_NAMES[action.face]}: it can change neither "
                        "their trio nor the House, so they roll again")
            return f"{who} rolls {data.FACE_NAMES[action.face]}"
        if isinstance(action, Pass):
            return f"{who} passes"
        if isinstance(action, Play):
            side = "trio" if action.side == rules.TRIO_SIDE else "House"
            line = f"{who}: {action} (the {side} is now {action.result})"
            won = self._winners_if(action)
            if won:
                line += ". " + self._win_words(won, p)
            return line
        return super().narrate(action)

    def _winners_if(self, action: Play) -> list[int]:
        trios = list(self._trios)
        house = self._house
        new = Arrangement.parse(action.result)
        if action.side == rules.TRIO_SIDE:
            trios[self._to_move] = new
        else:
            house = new
        return rules.winners_after(trios, house, self._to_move, action.side)

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
        ids = [f"p{p}:{c}" for p, t in enumerate(self._trios) for c in t.pieces]
        ids += [f"house:{c}" for c in self._house.pieces]
        return {"pyramids": sorted(ids), "die": ["die"]}

    def to_json(self) -> dict:
        return {
            "trios": [str(t) for t in self._trios],
            "house": str(self._house),
            "to_move": self._to_move,
            "rolled": self._rolled,
            "rerolled": self._rerolled,
            "winners": list(self._winners),
        }

    def __repr__(self) -> str:
        return f"<PyramidsState {self.to_json()}>"


def _why_move_impossible(target: Arrangement, action: Play, aim_stack_top: bool) -> str:
    """Name the rulebook rule a move on ``target`` breaks, when it is one of the classic
    mistakes; "" when there is nothing specific to say."""
    if action.piece not in target.pieces:
        return f"there is no piece {action.piece!r}"
    i, h = target.locate(action.piece)
    pos = target[i]
    kind = action.action
    if kind in ("tip", "hop") and not pos.upright:
        return ("you cannot Tip a lying down piece up" if kind == "tip"
                else "you cannot Hop a lying down piece")
    if kind == "tip" and h > 0:
        return "you cannot Tip just one piece in a stack (rulebook, Tip)"
    if kind == "dig" and pos.upright:
        return "you can't Dig an upright piece (rulebook, Dig)"
    if kind == "aim" and len(pos.pieces) > 1 and (h < len(pos.pieces) - 1 or not aim_stack_top):
        return "you cannot Aim just one piece in a stack (rulebook, Aim)"
    if kind == "dig" and action.dest.split(":")[0] in ("gap", "under"):
        j = int(action.dest.split(":")[1]) if action.dest.split(":")[1].isdigit() else i
        ahead = j > i if pos.facing == ">" else j < i + (action.dest.startswith("gap"))
        if not ahead:
            return "you can't Dig backwards (nor wraparound) (rulebook, Dig)"
    if kind == "hop" and action.dest in (f"gap:{i}", f"gap:{i + 1}") and h == 0:
        return "you cannot Hop in place (rulebook, Hop)"
    if all(m.text != action.text for m in moves(target, kind, aim_stack_top=aim_stack_top)):
        return "no such move (see the list of legal moves)"
    return ""


def _state_from_json(g: PyramidsGame, raw: Any) -> PyramidsState:
    d = expect_dict(raw, "state", {"trios", "house", "to_move", "rolled", "rerolled", "winners"})
    n = g.players
    trios = []
    for p, t in enumerate(expect_list(d["trios"], "state.trios", n)):
        try:
            trios.append(Arrangement.parse(t, pieces=TRIO))
        except RuleError as exc:
            raise RuleError(f"state.trios[{p}]: {exc}") from None
    try:
        house = Arrangement.parse(d["house"], pieces=TRIO)
    except RuleError as exc:
        raise RuleError(f"state.house: {exc}") from None
    to_move = expect_int(d["to_move"], "state.to_move", 0, n - 1)
    for field in ("rolled", "rerolled"):
        v = d[field]
        if v is not None and v not in FACES:
            raise RuleError(f"state.{field}: {v!r} is not a die face ({', '.join(FACES)}) "
                            "or null")
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
                                f"their trio {trios[w]} does not match the House {house}")
        matching = [p for p in range(n) if trios[p] == house]
        expected = [to_move] if trios[to_move] == house else matching
        if winners != expected:
            raise RuleError("state.winners: inconsistent with the ruling on ties: the mover "
                            f"(seat {to_move}) wins alone if they match the House, else every "
                            f"matching player wins; expected {expected}, got {winners}")
    if rolled is not None and rerolled is not None:
        raise RuleError("state.rerolled: must be null once a usable face is rolled")
    if rolled is not None and rules.roll_is_useless(trio, house, rolled, g.aim_stack_top):
        raise RuleError(f"state.rolled: {rolled} can change neither the trio of seat "
                        f"{to_move} nor the House; the player would have rolled again")
    if rerolled is not None and not rules.roll_is_useless(trio, house, rerolled,
                                                          g.aim_stack_top):
        raise RuleError(f"state.rerolled: {rerolled} could be used by seat {to_move}, so it "
                        "would not have been rolled again")
    return PyramidsState(g, trios, house, to_move, rolled, rerolled, winners)
