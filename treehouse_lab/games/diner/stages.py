"""Treehouse Diner: the steps of a turn, one stage class each (core/stages.py).

A turn is a stack of stages, the top one first. It starts as :class:`AssignStep` (Phase 2)
under :class:`Phase1Step` (with a module, over :class:`EndStep`); going to the phone puts
the tray refill and the other players' picks on top, and every order effect puts its own
stages on top of those (so "immediately carry out the order effects" holds, nested effects
included). A stage that needs nobody's choice (a mood change, an empty bag, a step with
nothing to choose from) settles at once; the stack stops at a chance draw or a player's
decision. That player is ``current_player`` even on someone else's turn (the other
helpers' picks at the phone, "all other kitchen helpers discard"). Set-up is stages too
(``rules.setup_stages``).

Each stage says who acts, which kinds of action it offers, what happens by itself
(``settle``), its draws (a chance stage's ``outcomes``) and its words on the status line
(``label``); ``state.stage`` is the top stage's ``NAME`` (core's). Row fields hold the
row's space size and columns count from 1, as the save writes them. Rulings D1, D2 ... are
in docs/rulings/diner.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.fields import Int, replace_at
from ...core.jsonio import expect_dict, expect_int, expect_list
from ...core.stages import Stage
from ...errors import RuleError, quote
from ...protocol import TERMINAL
from .actions import (
    AnnounceChallenge,
    AssignBee,
    ChooseShelf,
    Decline,
    Discard,
    EndTurn,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    PlacePlate,
    PlayAction,
    Recycle,
    StartJoker,
    TakeFromPantry,
    TakeOrder,
)
from .draws import (
    ActionStep,
    BagDraw,
    CardDraw,
    ChallengeStep,
    DealStep,
    DrawStep,
    FillStep,
    OrderPileDraw,
    OrderStep,
    RefillStep,
    TrayStep,
)
from .rules import clamp_mood, ingredient, movable_left, title
from .stage_base import COLUMN, ROW, SEAT, STAGES, DinerStage, allowed, loader

if TYPE_CHECKING:  # pragma: no cover
    from .state import DinerState


def _joker(data: Any, where: str, game: Any) -> tuple[str, int] | None:
    if data is None:
        return None
    j = expect_dict(data, where, ("order", "symbol"))
    o = j["order"]
    if not isinstance(o, str) or o not in game.orders:
        raise RuleError(f"{where}.order: {quote(o, 40)} is not an order")
    return (o, expect_int(j["symbol"], f"{where}.symbol", 0, len(game.symbols[o]) - 1))


def _takers(data: Any, where: str, game: Any) -> tuple[int, ...]:
    n = game.players
    takers = expect_list(data, where)
    if not 1 <= len(takers) <= n:
        raise RuleError(f"{where}: 1 to {n} players still to take an order")
    return tuple(expect_int(x, f"{where}[{i}]", 0, n - 1) for i, x in enumerate(takers))


def _change(data: Any, where: str, game: Any) -> int:
    ch = expect_int(data, where, -1, 1)
    if not ch:
        raise RuleError(f"{where}: a praise is +1, a complaint -1")
    return ch


def _action_card(data: Any, where: str, game: Any) -> str:
    if not isinstance(data, str) or data not in game.action_cards:
        raise RuleError(f"{where}: {quote(data, 40)} is not an Action card")
    return data


def _on_turn(s: DinerState, p: int) -> str:
    """'Player 2 (on Player 1's turn)' for a decision out of turn, else the name."""
    name, a = s.game.player_name, s.active
    return name(p) + (f" (on {name(a)}'s turn)" if a is not None and a != p else "")


# -- things that happen by themselves ---------------------------------------------------------

@STAGES.stage
@dataclass(frozen=True)
class MoodStep(DinerStage):
    """A praise (+1) or a complaint (-1), at once; mood stays within -8..+8."""

    NAME = "mood"
    CODECS = {"player": SEAT, "change": loader(_change)}
    player: int
    change: int

    def settle(self, s: DinerState) -> bool:
        p = self.player
        s.moods = replace_at(s.moods, p, clamp_mood(s.moods[p] + self.change))
        s.pop()
        return True

    def label(self, s: DinerState) -> str:  # never waits; named for completeness
        return f"{s.game.player_name(self.player)}: a change of mood"


@STAGES.stage
@dataclass(frozen=True)
class SpentStep(DinerStage):
    """The played Action card goes on the discard pile once resolved (D31)."""

    NAME = "spent"
    MODULE = "chili"
    CODECS = {"player": SEAT, "card": loader(_action_card)}
    player: int
    card: str

    def settle(self, s: DinerState) -> bool:
        s.action_discards = (*s.action_discards, self.card)
        s.pop()
        return True

    def label(self, s: DinerState) -> str:  # never waits
        return f"{s.game.player_name(self.player)}'s Action card goes on the discard pile"


# -- decisions of the turn ---------------------------------------------------------------------

@STAGES.stage
@dataclass(frozen=True)
class Phase1Step(DinerStage):
    """Phase 1: the pantry or the phone (nothing to do in Phase 1 when neither is
    possible, D5); Action cards may be played first (D31)."""

    NAME = "phase1"
    ACTION_CARDS = True
    OFFERS = (ChooseShelf, TakeOrder, PlayAction)
    CODECS = {"player": SEAT}
    player: int

    def settle(self, s: DinerState) -> bool:
        if any(s.tray_orders) or s.shelves(self.player):
            return False
        s.pop()
        return True

    def label(self, s: DinerState) -> str:
        return f"{s.game.player_name(self.player)}: Phase 1, go to the pantry or to the phone"


@STAGES.stage
@dataclass(frozen=True)
class MinutesStep(DinerStage):
    """Go to the Pantry: ``left`` minutes to pay for (row, column); Action cards between (D31)."""

    NAME = "minutes"
    ACTION_CARDS = True
    OFFERS = (MoveOrder,)
    CODECS = {"player": SEAT, "row": ROW, "column": COLUMN, "left": Int(1, 4)}
    player: int
    row: int
    column: int
    left: int

    def label(self, s: DinerState) -> str:
        of = sum(s.space(self.row, self.column))
        return (f"{s.game.player_name(self.player)}: pay minute {of - self.left + 1} of {of} "
                "for the pantry (move an order one space right)")


@STAGES.stage
@dataclass(frozen=True)
class PhoneStep(DinerStage):
    """Go to the Phone: ``takers[0]`` takes an order from the tray, the rest follow;
    Action cards before the active player's own pick only (D31)."""

    NAME = "phone"
    ACTION_CARDS = True
    OFFERS = (TakeOrder,)
    CODECS = {"takers": loader(_takers, list)}
    takers: tuple[int, ...]

    def actors(self, s: DinerState) -> tuple[int, ...]:
        return (self.takers[0],)

    def settle(self, s: DinerState) -> bool:
        if any(s.tray_orders):
            return False
        s.pop()
        return True

    def label(self, s: DinerState) -> str:
        return f"{_on_turn(s, self.takers[0])}: take an order from the phone"


@STAGES.stage
@dataclass(frozen=True)
class AssignStep(DinerStage):
    """Phase 2: assign ingredients, then finish; ``joker`` is None or (order id, symbol
    index) of a joker being stacked, which must be finished first, or of a joker of 2
    Daisies just laid, which may take 2 more (D11)."""

    NAME = "assign"
    ACTION_CARDS = True
    OFFERS = (Place, PlacePlate, AssignBee, StartJoker, Joker, FinishAssigning, PlayAction)
    CODECS = {"player": SEAT, "joker": loader(
        _joker, lambda j: None if j is None else {"order": j[0], "symbol": j[1]})}
    player: int
    joker: tuple[str, int] | None

    def legal(self, s: DinerState, seat: int) -> list[Any]:
        """Phase 2's moves in the order the rulebook's steps read: every placement (an
        ingredient on a symbol or a plate, a bee), then jokers started, or finishing;
        then Action cards. A joker being built offers only its next ingredient."""
        kinds = s.KINDS
        if self.joker is not None:
            if s.joker_being_built() is not None:
                return kinds.of(Joker).generate(s, seat)
            # A joker of 2 Daisies just laid: every step, or 2 more on it (D11).
            return (kinds.of(Place).phase_two(s, seat) + kinds.of(Joker).generate(s, seat)
                    + kinds.of(PlayAction).generate(s, seat))
        return kinds.of(Place).phase_two(s, seat) + kinds.of(PlayAction).generate(s, seat)

    def cards_closed(self, s: DinerState) -> str | None:
        return None if self.joker is None or s.joker_being_built() is None else (
            "A joker being built is finished first (D11): cards go between Phase 2's steps")

    def label(self, s: DinerState) -> str:
        g = s.game
        name = g.player_name(self.player)
        if self.joker is not None and s.joker_being_built() is not None:
            o, i = self.joker
            sym = g.symbol_names[g.symbols[o][i]]
            return (f"{name}: Phase 2, finish the joker for the {ingredient(sym)} of "
                    f"{title(o)}")
        return f"{name}: Phase 2, assign ingredients to orders, then finish"


@STAGES.stage
@dataclass(frozen=True)
class EndStep(DinerStage):
    """With a module, the bottom of every turn: after Phase 2 the player may announce
    mastered Challenges, play Action cards (not once announced) or end the turn; it
    stops only when there is such a choice."""

    NAME = "end"
    MODULE = "any"
    ACTION_CARDS = True
    OFFERS = (AnnounceChallenge, PlayAction, EndTurn)
    CODECS = {"player": SEAT}
    player: int
    announced: bool

    def settle(self, s: DinerState) -> bool:
        p = self.player
        # The cheap test first: the Challenge conditions are only read when it fails.
        if (not self.announced and s.hands[p]) or s.mastered(p):
            return False
        s.pop()
        return True

    def cards_closed(self, s: DinerState) -> str | None:
        return None if not self.announced else (
            "Mastering Challenges: \"you may no longer play Action cards after announcing "
            "mastered Challenges\"")

    def label(self, s: DinerState) -> str:
        name = s.game.player_name(self.player)
        if self.announced:
            return (f"{name}: announce more mastered Challenges or end the turn "
                    "(no more Action cards)")
        return (f"{name}: after Phase 2, announce mastered Challenges, play Action "
                "cards, or end the turn")


# -- decisions the effects ask for --------------------------------------------------------------

class IngredientEffect(DinerStage):
    """An effect on one ingredient of ``player``'s supply: "If you have no ingredients
    ... nothing happens" (bees are not ingredients), so it settles by passing when the
    supply holds none."""

    __slots__ = ()
    player: int

    def settle(self, s: DinerState) -> bool:
        if s.ingredient_count(self.player):
            return False
        s.pop()
        return True


@STAGES.stage
@dataclass(frozen=True)
class DiscardStep(IngredientEffect):
    """The discard effects: ``player`` discards an ingredient."""

    NAME = "discard"
    OFFERS = (Discard,)
    CODECS = {"player": SEAT}
    player: int

    def label(self, s: DinerState) -> str:
        return f"{_on_turn(s, self.player)}: discard an ingredient"


@STAGES.stage
@dataclass(frozen=True)
class RecycleStep(IngredientEffect):
    """The recycle effect: ``player`` may recycle an ingredient."""

    NAME = "recycle"
    OFFERS = (Recycle, Decline)
    CODECS = {"player": SEAT}
    player: int

    def label(self, s: DinerState) -> str:
        return f"{_on_turn(s, self.player)}: you may recycle an ingredient"


@STAGES.stage
@dataclass(frozen=True)
class MoveLeftStep(DinerStage):
    """The move-an-order-left effect (when some order can move)."""

    NAME = "move_left"
    OFFERS = (MoveLeft, Decline)
    CODECS = {"player": SEAT}
    player: int

    def settle(self, s: DinerState) -> bool:
        if movable_left(s.kitchens[self.player]):
            return False
        s.pop()
        return True

    def label(self, s: DinerState) -> str:
        return f"{_on_turn(s, self.player)}: move an order one space to the left"


@STAGES.stage
@dataclass(frozen=True)
class ShortcutStep(DinerStage):
    """The "Take a shortcut!" Action card: one token from the pantry (if any it may
    take: not from the space whose minutes are being paid, D31)."""

    NAME = "shortcut"
    MODULE = "chili"
    OFFERS = (TakeFromPantry,)
    CODECS = {"player": SEAT}
    player: int

    def settle(self, s: DinerState) -> bool:
        if s.KINDS.of(TakeFromPantry).generate(s, self.player):
            return False
        s.pop()
        return True

    def label(self, s: DinerState) -> str:
        return (f"{s.game.player_name(self.player)}: take a shortcut, 1 ingredient or bee "
                "from the pantry")


#: The stages that only effects (and refills) put on the stack, above the turn's own.
EFFECT_STEPS: tuple[type[Stage], ...] = (
    DrawStep, FillStep, OrderStep, DiscardStep, RecycleStep, MoveLeftStep, MoodStep,
    ActionStep, ShortcutStep, RefillStep, SpentStep)

#: A turn's own steps (Phase 1, its minutes, the phone's picks and the tray's refill after
#: them, Phase 2, the end step): during a turn any other stage on top is an effect's or a
#: refill's.
TURN_STEPS: tuple[type[Stage], ...] = (
    Phase1Step, MinutesStep, PhoneStep, TrayStep, AssignStep, EndStep)


def at_phone(s: DinerState) -> bool:
    """Whether a visit to the phone is under way: a pick, or the tray's refill after the
    picks (Go to the Phone, step 5; the set-up's first fill of the tray is not one)."""
    return bool(s.turn) and isinstance(s.top, (PhoneStep, TrayStep))


def effect_under_way(s: DinerState) -> bool:
    """Whether an effect or a refill is being carried out: a turn is on (not the set-up,
    not the end) and the top stage is none of the turn's own steps."""
    return (bool(s.turn) and s.current_player != TERMINAL
            and not isinstance(s.top, TURN_STEPS))


#: The stack field's codec: a configuration refuses the stages of modules it lacks.
STACK = STAGES.codec(allowed=allowed, most=400)


def new_turn(game: Any, player: int) -> tuple[Stage, ...]:
    """A turn's stack, bottom first: (with a module) the end step, Phase 2, Phase 1."""
    base: tuple[Stage, ...] = (EndStep(player, False),) if game.modules else ()
    return (*base, AssignStep(player, None), Phase1Step(player))


__all__ = [
    "ActionStep",
    "AssignStep",
    "BagDraw",
    "CardDraw",
    "ChallengeStep",
    "DealStep",
    "DinerStage",
    "DiscardStep",
    "DrawStep",
    "EFFECT_STEPS",
    "EndStep",
    "FillStep",
    "MinutesStep",
    "MoodStep",
    "MoveLeftStep",
    "OrderPileDraw",
    "OrderStep",
    "Phase1Step",
    "PhoneStep",
    "RecycleStep",
    "RefillStep",
    "STACK",
    "STAGES",
    "ShortcutStep",
    "SpentStep",
    "TURN_STEPS",
    "TrayStep",
    "at_phone",
    "effect_under_way",
    "new_turn",
]
