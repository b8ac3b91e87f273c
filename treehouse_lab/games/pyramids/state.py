"""Treehouse (pyramids): the state, its declared fields and its read API.

A state is small: each player's trio and the House (as arrangement numbers of the move
table, ``table.ARRANGEMENTS``), whose turn it is, the face rolled (None before the roll),
the face just rolled in vain (so the board can say "roll again"), and the winners once
someone matches. Whether the die or the player is next follows from those fields
(stages.py); what each action does is its kind (moves.py). The fields are declared once
below (core/fields.py gives saving, loading, cloning and equality); every value is an int,
a string or a tuple, so a clone shares them.

Rulings referred to below ("rulings: Actions" and R1, R2, ...) are in
docs/rulings/pyramids.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...core.fields import Codec, Field, Int, Opt, PerSeat, Seat, Str, Tuple
from ...core.stages import StagedState
from ...errors import RuleError
from ...protocol import Action
from . import saves
from .actions import Play
from .arrangement import FACES, TRIO, Arrangement, Move
from .moves import RULES
from .rules import TRIO_SIDE, Turn, winners_after
from .stages import stages_from
from .table import ARRANGEMENTS, INDEX, Side

if TYPE_CHECKING:  # pragma: no cover
    from .game import PyramidsGame

#: What a roll offers the player at a (trio, House): the legal actions in order, the turn
#: rule's answer, and the two sides' rows of the move table.
Decision = tuple[tuple[Action, ...], Turn, Side, Side]


class ArrangementNumber(Codec):
    """An arrangement of the trio, saved in the rulings' notation ("L> S M"), held as its
    number in the move table. Errors name the field as saves always have ("state.house")."""

    def dump(self, value: int) -> str:
        return str(ARRANGEMENTS[value])

    def values(self, game: Any) -> list[str]:
        """Every value a save may hold here: an observation tensor's one-hot places."""
        return [str(a) for a in ARRANGEMENTS]

    def load(self, data: Any, where: str, game: Any) -> int:
        try:
            return INDEX[Arrangement.parse(data, pieces=TRIO)]
        except RuleError as exc:
            raise RuleError(f"state.{where}: {exc}") from None


class Named(Codec):
    """``inner``, with errors naming the field ``state.<key>`` as the saves did."""

    def __init__(self, inner: Codec) -> None:
        self.inner = inner

    def dump(self, value: Any) -> Any:
        return self.inner.dump(value)

    def load(self, data: Any, where: str, game: Any) -> Any:
        return self.inner.load(data, f"state.{where}", game)

    def empty(self, game: Any) -> Any:
        return self.inner.empty(game)


class PyramidsState(StagedState):
    """One moment of a game of Treehouse. Read it with ``trio(p)``, ``house``, ``rolled``,
    ``to_move``; change it only with ``apply``."""

    KINDS = RULES
    #: The stack ran out: the set-up or the turn the position is in, or the end.
    STAGES_FROM = stages_from
    FORMAT = saves.FORMAT
    MIGRATIONS = saves.MIGRATIONS
    FIELDS = (
        Field("trio_numbers", PerSeat(ArrangementNumber()), key="trios",
              doc="each player's trio, as its arrangement number"),
        Field("house_number", ArrangementNumber(), key="house", doc="the House"),
        Field("to_move", Named(Seat()),
              doc="whose turn it is (after the game: who made the winning move)"),
        Field("rolled", Named(Opt(Str(FACES))),
              doc="the face rolled this turn, before the player has used it"),
        Field("rerolled", Named(Opt(Str(FACES))),
              doc="the face just rolled that could change neither trio nor House"),
        Field("won", Named(Tuple(Seat())), key="winners", doc="the winners, in seat order"),
        Field("rolls", Named(Int(0, lambda g: g.roll_limit)),
              doc="the rolls of the die so far, re-rolls included (ruling R18)"),
    )
    #: ``stack`` is rebuilt from the fields (stages.stages_from); ``turn_decision`` is the
    #: decision of the roll waiting to be used, kept by the Roll kind (None: look it up).
    CACHES = (*StagedState.CACHES, "stack", "turn_decision")

    game: PyramidsGame
    trio_numbers: tuple[int, ...]
    house_number: int
    to_move: int
    rolled: str | None
    rerolled: str | None
    won: tuple[int, ...]
    rolls: int
    turn_decision: Decision | None

    def _started(self) -> None:
        """A fresh game (``fresh``: the trios and the House given; seat 0 to move, no face
        rolled, no winner, no roll yet, each its field's empty value): the stack is empty,
        so the engine loop reads the first roll off the fields (stages_from)."""
        self.stack = ()
        self.turn_decision = None
        super()._started()

    def _check_save(self) -> None:
        saves.check(self)

    def _loaded(self) -> None:
        self.stack = ()
        self.turn_decision = None
        super()._loaded()

    # -- reading ------------------------------------------------------------------------
    def trio(self, player: int) -> Arrangement:
        return ARRANGEMENTS[self.trio_numbers[player]]

    @property
    def trios(self) -> tuple[Arrangement, ...]:
        return tuple(ARRANGEMENTS[t] for t in self.trio_numbers)

    @property
    def house(self) -> Arrangement:
        return ARRANGEMENTS[self.house_number]

    def matches(self, player: int) -> bool:
        """Does this player's trio equal the House right now?"""
        return self.trio_numbers[player] == self.house_number

    def decision(self) -> Decision:
        """What the roll waiting to be used offers (``PyramidsGame.decide``)."""
        d = self.turn_decision
        if d is None:
            d = self.turn_decision = self.game.decide(
                self.trio_numbers[self.to_move], self.house_number, self.rolled)  # type: ignore[arg-type]
        return d

    def turn_options(self) -> Turn | None:
        """What the roll waiting to be used allows (``rules.Turn``: the moves open on the
        trio and on the House, and whether passing is allowed); None when no roll waits."""
        if self.current_player < 0:
            return None
        return self.decision()[1]

    def found(self, action: Any) -> tuple[str, int, Move] | None:
        """(side, arrangement number it leaves, model move) of a legal Play; else None."""
        if action.__class__ is not Play or self.current_player < 0 or not self.is_legal(action):
            return None
        _, _, mine, theirs = self.decision()
        index, move = (mine if action.side == TRIO_SIDE else theirs).after[action]
        return action.side, index, move

    def move_of(self, action: Action) -> Move | None:
        """The arrangement model's move behind a legal ``Play`` (its result, and the place
        the board marks for it); None for anything that is not a legal move now."""
        found = self.found(action)
        return found[2] if found else None

    @property
    def drawn(self) -> bool:
        """The game ended at the roll limit with no match: a tie of all players (R18), or
        in the solitaire the puzzle unsolved (R19)."""
        return not self.won and not self.stack and self.rolls >= self.game.roll_limit

    def winners(self) -> list[int]:
        """The matching winners; every player once the roll limit ends the game (R18),
        except in the solitaire, where the limit's end is nobody's win (R19: the puzzle is
        unsolved, so ``returns()`` is 0, not the 1 a "tie of all" would give a lone
        player)."""
        if self.drawn:
            return [] if self.game.solitaire else list(range(self.game.players))
        return list(self.won)

    def winners_if(self, action: Play) -> list[int]:
        """Who would win if ``action`` were played now ([] for no one, or not legal)."""
        found = self.found(action)
        if found is None:
            return []
        side, index, _ = found
        trios, house = list(self.trio_numbers), self.house_number
        if side == TRIO_SIDE:
            trios[self.to_move] = index
        else:
            house = index
        return winners_after(trios, house, self.to_move, side)

    def win_words(self, won: Sequence[int], actor: int) -> str:
        names = " and ".join(self.game.player_name(w) for w in won)
        if self.game.solitaire:
            return f"{names} matches the House in {self.rolls} rolls: the puzzle is solved!"
        if list(won) == [actor]:
            return f"{names} matches the House and wins!"
        if len(won) == 1:
            return f"{names} now matches the House and wins!"
        return f"{names} now match the House: a tie!"

    def draw_words(self) -> str:
        if self.game.solitaire:
            return (f"the die has been rolled {self.game.roll_limit} times without a match, "
                    "so the puzzle ends unsolved (rulings R18, R19)")
        return (f"the die has been rolled {self.game.roll_limit} times without a match, so "
                "the game ends in a tie of all players (ruling R18)")

    def _over(self, action: Action) -> str:
        why = self.draw_words() if self.drawn else self.win_words(self.won, self.to_move)
        return f"{action} is not allowed: the game is over ({why})"

    # -- views ----------------------------------------------------------------------------
    def _observation(self, player: int) -> dict:
        from .view import observation

        return observation(self, player)

    def components(self) -> dict[str, list[str]]:
        """Every piece stays in its own trio (rulebook: "You can never change another
        player's Trio of pieces"), so the inventory is the game's."""
        ids = [f"p{p}:{c}" for p, t in enumerate(self.trios) for c in t.pieces]
        ids += [f"house:{c}" for c in self.house.pieces]
        return {"pyramids": sorted(ids), "die": ["die"]}

    def __repr__(self) -> str:
        d = self.to_json()
        d.pop("format"), d.pop("game")
        return f"<PyramidsState {d}>"


__all__ = ["Decision", "PyramidsState"]
