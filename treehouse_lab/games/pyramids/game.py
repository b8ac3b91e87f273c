"""Treehouse (pyramids): the game, its options and the move table every state looks up.

    import treehouse_lab as tl
    game = tl.load_game("pyramids", players=2, aim_stack_top=True, house_start="LMS")

Rulings referred to below are shared/design/pyramids-rulings.md and, for the project's own
extra rulings (R1, R2, ...), docs/rulings/pyramids.md.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, Sequence

from ...core.codec import ActionSpace, Listed
from ...core.options import Option
from ...errors import RuleError, quote
from ...protocol import Action, Game
from . import data
from .actions import PASS, ROLLS, Pass, Play, Roll
from .arrangement import FACES, TRIO, Arrangement
from .rules import HOUSE_SIDE, TRIO_SIDE, turn_rule
from .state import Decision, PyramidsState
from .table import INDEX, table

MAX_PLAYERS = 8


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
    #: Treehouse hides nothing: every piece is on the table (view.py).
    ZONES = None

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.aim_stack_top: bool = self.options["aim_stack_top"]
        self.house_start: Arrangement = Arrangement.parse(self.options["house_start"], TRIO)
        self.tree: Arrangement = Arrangement.tree(TRIO)
        #: The move table of this Aim ruling (table.py), shared by every game with it.
        self.table = table(self.aim_stack_top)
        #: The die: six faces at 1/6 each, one list shared by every roll.
        self.roll_outcomes: list[tuple[Action, Fraction]] = [
            (ROLLS[f], data.FACE_PROBABILITY) for f in FACES]
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
        return PyramidsState.new(self, (INDEX[self.tree],) * self.players,
                                 INDEX[self.house_start])

    def action_space(self) -> ActionSpace:
        """Stable ids (core/codec.py): the six rolls, every play of the move table (the
        trio's and the House's), and the pass."""
        return ActionSpace(decisions={Play: Listed(self.table.all_plays()),
                                      Pass: Listed((PASS,))},
                           chance={Roll: Listed(tuple(ROLLS[f] for f in FACES))})

    def max_game_length(self) -> int:
        """No bound exists under the rules as ruled, so none is published.

        Nothing in Treehouse runs out: the pieces only change arrangement, the game ends
        at the first match with no turn limit (ruling R11), and a vain roll is rolled again
        with no limit on re-rolls (R8), so even the chance steps of one turn are
        unbounded. Two players can keep their trios off the House for ever (an adversarial
        policy played 4,000 steps without an end). A bound needs a new ruling, such as a
        roll limit after which the game is a tie (each roll and each move charged to it:
        at most two steps a roll); until then this raises, and the conformance suite's
        length tests are a strict expected failure for this game."""
        raise NotImplementedError(
            "pyramids: no bound on the length of a game exists under rulings R8 and R11 "
            "(no turn limit, no limit on re-rolls); see PyramidsGame.max_game_length")

    def components(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in self._components.items()}

    def _state_from_json(self, data: Any) -> PyramidsState:
        return PyramidsState.from_json(self, data)  # type: ignore[return-value]

    def position(self, trios: Sequence[Arrangement | str] | None = None,
                 house: Arrangement | str | None = None, to_move: int = 0,
                 rolled: str | None = None) -> PyramidsState:
        """A position for teaching (see ``positions.position``)."""
        from .positions import position

        return position(self, trios, house, to_move, rolled)

    def decide(self, trio: int, house: int, face: str) -> Decision:
        """The turn rule at arrangements number ``trio`` and ``house`` for ``face``: the
        legal actions (moves on the trio, on the House, a pass), the rule's answer, and
        the move table's two rows they come from."""
        mine = self.table.side(TRIO_SIDE, face, trio)
        theirs = self.table.side(HOUSE_SIDE, face, house)
        turn = turn_rule(face, mine.plays, theirs.plays)
        legal = turn.trio + turn.house + ((PASS,) if turn.may_pass else ())
        return legal, turn, mine, theirs


__all__ = ["MAX_PLAYERS", "PyramidsGame"]
