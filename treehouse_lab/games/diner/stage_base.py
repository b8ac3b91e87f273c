"""Treehouse Diner: what every stage of a turn shares (core/stages.py): the table the
stages register in (a save names a stage under "task"), the codecs of their row, column
and seat fields, and :class:`DinerStage`, the base that says which module a stage needs
and whether Action cards may be played on it. The stages themselves are in ``draws.py``
(the chance stages) and ``stages.py`` (the rest); both build on this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core.fields import Codec, Custom, Seat
from ...core.jsonio import expect_int
from ...core.stages import Stage, StageTable
from ...errors import RuleError
from .actions import PlayAction

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState

#: A save names a stage under "task" (the saves written before stages did too).
STAGES = StageTable("diner", tag="task")


def _row_size(data: Any, where: str, game: Any) -> int:
    size = expect_int(data, where, 1, 4)
    if size not in game.row_of_size:
        raise RuleError(f"{where}: no shelf row of size {size}")
    return size


def _column(data: Any, where: str, game: Any) -> int:
    return expect_int(data, where, 1, game.columns)


def loader(load: Any, dump: Any = None) -> Codec:
    return Custom(dump or (lambda v: v), load)


SEAT = Seat()
ROW = loader(_row_size)
COLUMN = loader(_column)


class DinerStage(Stage):
    """A Diner stage: ``MODULE`` is the module it needs ("bees", "chili", "any" for the
    end step, or "" for the basic game)."""

    __slots__ = ()
    MODULE: ClassVar[str] = ""
    #: "You may play Action cards at any time during your turn" (D31): True on the steps
    #: of the player's own turn, which then offer PlayAction (last unless ``OFFERS`` puts
    #: it elsewhere); effects keep False ("immediately and completely").
    ACTION_CARDS: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if (PlayAction in cls.OFFERS) != cls.ACTION_CARDS:
            if not cls.ACTION_CARDS:
                raise TypeError(f"diner: {cls.__name__} offers PlayAction: set ACTION_CARDS")
            cls.OFFERS = (*cls.OFFERS, PlayAction)

    def cards_closed(self, s: DinerState) -> str | None:
        """Why no Action card now on a stage that allows them (a joker half built,
        Challenges announced), or None."""
        return None

    def usable(self, game: Any) -> bool:
        return allowed(type(self), game)


def allowed(cls: type, game: Any) -> bool:
    """Whether a game with ``game.modules`` plays stage class ``cls`` (its ``MODULE``)."""
    need = cls.MODULE
    return not need or (bool(game.modules) if need == "any" else need in game.modules)
