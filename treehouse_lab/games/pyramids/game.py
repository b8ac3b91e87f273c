"""Treehouse (pyramids): the game, its options and the move table every state looks up.

    import treehouse_lab as tl
    game = tl.load_game("pyramids", players=2, aim_stack_top=True, hop_onto_lying=True,
                       house_start="LMS", roll_limit=2000)

Rulings referred to below ("rulings: Actions" and R1, R2, ...) are in
docs/rulings/pyramids.md.
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from ...core.chance import UniformOutcomes
from ...core.codec import ActionSpace, Listed
from ...core.game import configurations_of
from ...core.options import Option
from ...errors import RuleError, quote
from ...protocol import Action, Game
from .actions import PASS, ROLLS, Pass, Play, Roll
from .arrangement import FACES, TRIO, Arrangement
from .rules import HOUSE_SIDE, TRIO_SIDE, turn_rule
from .state import Decision, PyramidsState
from .table import INDEX, table

MAX_PLAYERS = 8
#: Ruling R18: the die is rolled at most this many times in a game (re-rolls count); a
#: random mover needs about 120 rolls on average and passes 2,000 in fewer than one game
#: in ten million, so a real game never meets the limit.
ROLL_LIMIT = 2000


#: Ruling R19: one player is the solitaire puzzle (``solver.solve`` answers it): no
#: opponent, the game ends at the first match, and the limit's end is the puzzle unsolved.
SOLITAIRE = 1


def _check_players(value: Any) -> int:
    if (isinstance(value, bool) or not isinstance(value, int)
            or not SOLITAIRE <= value <= MAX_PLAYERS):
        raise RuleError(
            f"option players={quote(value)} is not allowed; allowed values: 2 to {MAX_PLAYERS} "
            "(the rulebook says 2 - 4, \"or more with more pyramids\"), or 1 for the "
            "solitaire puzzle (ruling R19)"
        )
    return value


def _check_roll_limit(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10**6:
        raise RuleError(f"option roll_limit={quote(value)} is not allowed; allowed values: "
                        "a whole number of rolls 1 to 1000000 (ruling R18)")
    return value


def _check_house_start(value: Any) -> str:
    try:
        return str(Arrangement.parse(value, pieces=TRIO))
    except RuleError as exc:
        raise RuleError(f"option house_start={quote(value)} is not allowed: {exc}") from None


def pieces(game: PyramidsGame) -> list[str]:
    """Every piece of the set in play: each player's trio and the House's (``p0:S`` ...
    ``house:L``). Every piece stays in its own trio (rulebook: "You can never change
    another player's Trio of pieces"), so each state holds exactly these
    (``PyramidsState.components``)."""
    return ([f"p{p}:{c}" for p in range(game.players) for c in TRIO]
            + [f"house:{c}" for c in TRIO])


def die(game: PyramidsGame) -> list[str]:
    """The one Treehouse die."""
    return ["die"]


class PyramidsGame(Game):
    """``tl.load_game("pyramids", players=2, aim_stack_top=True, hop_onto_lying=True,
    house_start="LMS", roll_limit=2000)``."""

    NAME: ClassVar[str] = "pyramids"
    TITLE: ClassVar[str] = "Treehouse"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 2, f"number of players, 2 to {MAX_PLAYERS} (rulebook: 2 - 4, "
               "\"or more with more pyramids\"); 1 is the solitaire puzzle: match the House "
               "in as few rolls as you can (ruling R19)", check=_check_players,
               examples=(2, 3, 4, MAX_PLAYERS, SOLITAIRE)),
        Option("aim_stack_top", True,
               "the top piece of a stack may be Aimed left or right, coming off the stack "
               "(rulings: Aim); False: only pieces standing or lying alone can be Aimed",
               choices=(True, False)),
        Option("hop_onto_lying", True,
               "a Hop may land on a lying piece, which stands up underneath it (ruling "
               "R20); False: a Hop lands only in a gap or on an upright piece (the "
               "rulebook's \"Lying down pieces can never be nested\" read strictly)",
               choices=(True, False)),
        Option("house_start", "LMS",
               "the House's starting arrangement, in the rulings' notation (the rulebook: "
               "the Tree, LMS; the publisher's own start is '<L S M>')",
               check=_check_house_start, examples=("LMS", "<L S M>")),
        Option("roll_limit", ROLL_LIMIT,
               "the most rolls of the die in a game, re-rolls included: after the last "
               "one the game ends in a tie of all players if nobody has matched (ruling "
               f"R18; {ROLL_LIMIT} is far beyond any real game)",
               check=_check_roll_limit, examples=(ROLL_LIMIT, 40)),
    )
    ACTION_TYPES: ClassVar[tuple[type[Action], ...]] = (Roll, Play, Pass)
    #: the rules index beside this file (treehouse_lab/rules_index.py): read when asked for
    RULEBOOK: ClassVar[str] = "rulebook.toml"
    RENDERER: ClassVar[str] = "treehouse_lab.games.pyramids.render"
    #: The lessons (lessons.py), imported only when lessons are asked for.
    LESSONS: ClassVar[str] = "treehouse_lab.games.pyramids.lessons"
    #: This game's own bots (name -> "module:attr" of the factory, the module relative
    #: to this package), which tl.BOTS lists.
    BOTS: ClassVar[dict[str, str]] = {"pyramids-solo": ".bots:SoloSolverBot",
                                      "pyramids-perfect": ".theory.perfect:PerfectBot"}
    #: The module of this game's exercise bank, imported when the bank is read.
    EXERCISES: ClassVar[str] = ".exercises"
    #: What the generic layers read of the solvers (theory/exact.py): the design lab's
    #: exact values and the name "house" for the House moves, the solitaire's position
    #: key for a solve through OpenSpiel. Imported only when asked for.
    THEORY: ClassVar[str] = ".theory.exact"
    STATE = PyramidsState
    #: Treehouse hides nothing: every piece is on the table (view.py).
    ZONES = None
    #: The counted components (core derives ``components()`` from them).
    COMPONENTS: ClassVar[dict[str, Any]] = {"pyramids": pieces, "die": die}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.aim_stack_top: bool = self.options["aim_stack_top"]
        #: Ruling R20: whether a Hop may land on a lying piece (standing it up).
        self.hop_onto_lying: bool = self.options["hop_onto_lying"]
        self.house_start: Arrangement = Arrangement.parse(self.options["house_start"], TRIO)
        self.roll_limit: int = self.options["roll_limit"]
        self.tree: Arrangement = Arrangement.tree(TRIO)
        #: One player: the solitaire puzzle (ruling R19).
        self.solitaire: bool = self.players == SOLITAIRE
        #: The move table of these Aim and Hop rulings (table.py), shared by every game
        #: with them.
        self.table = table(self.aim_stack_top, self.hop_onto_lying)
        #: The die: six faces at 1/6 each (data.FACE_PROBABILITY), one list shared by
        #: every roll (a state hands out copies), and its faces known by identity.
        self.roll_outcomes: UniformOutcomes = UniformOutcomes.of(
            (ROLLS[f] for f in FACES), len(FACES))
        self.roll_ids = frozenset(id(a) for a, _ in self.roll_outcomes)

    @classmethod
    def configurations(cls) -> list[dict]:
        """The conformance suite's option sets, with the solitaire (R19) played only with
        the default rules and with the short roll limit that ends it unsolved: its other
        variants change the moves, which every player count from 2 already plays."""
        return [c for c in configurations_of(cls.OPTIONS)
                if c["players"] != SOLITAIRE or set(c) <= {"players", "roll_limit"}]

    # -- protocol -----------------------------------------------------------------------
    def new_initial_state(self) -> PyramidsState:
        """Every trio a Tree, the House as ``house_start``, the first player to roll
        (rulebook, Setup; "The player holding the die goes first": seat 0)."""
        return PyramidsState.fresh(self, trio_numbers=(INDEX[self.tree],) * self.players,
                                   house_number=INDEX[self.house_start])

    def action_space(self) -> ActionSpace:
        """Stable ids (core/codec.py): the six rolls, every play of the move table (the
        trio's and the House's), and the pass."""
        return ActionSpace(decisions={Play: Listed(self.table.all_plays()),
                                      Pass: Listed((PASS,))},
                           chance={Roll: Listed(tuple(ROLLS[f] for f in FACES))})

    def max_game_length(self) -> int:
        """``2 * roll_limit``: a proven bound, charged to the die (ruling R18).

        Every step is a roll (a chance step) or a decision (a ``Play`` or a ``Pass``), and
        every decision uses the roll just made: a roll either waits to be used, and the
        very next step is its one decision, or it is vain (R8) and the next step is
        another roll. So there are at most as many decisions as rolls. The game ends at
        the latest with roll number ``roll_limit``: after it is used (or found vain) with
        no match, it is a tie (R18). Hence at most ``roll_limit`` rolls and as many
        decisions. The bound is met by a game in which nobody matches and no roll is
        vain."""
        return 2 * self.roll_limit

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


__all__ = ["MAX_PLAYERS", "SOLITAIRE", "PyramidsGame"]
