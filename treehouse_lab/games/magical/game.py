"""Magical Treehouse: the game (options, derived tables, data sets, configurations).

The rules are in the stages (``stages.py``) and the kinds (``moves.py``); the state's
fields in ``state.py``; teaching positions in ``positions.py``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence, TypeVar

from ...core.options import Option
from ...errors import RuleError, quote
from ...protocol import Action, Game
from . import rules as R
from .actions import Cast, DrawCard, GiveBiscuit, Place, Reveal
from .data import DataSet, data_of, data_option, standard_data
from .moves import ACTION_TYPES
from .stages import FRACTIONS, Setup
from .state import MagicalState
from .view import ZONES, determinize

A = TypeVar("A", bound=Action)


def _check_ages(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) \
            or len(value) > 4 or any(isinstance(s, bool) or not isinstance(s, int)
                                     for s in value):
        raise RuleError(f"option ages={quote(value)} is not allowed: give None (seat 0 is "
                        "the eldest, the last seat the youngest) or the seats from eldest to "
                        "youngest, e.g. ages=[2, 0, 1]")
    return tuple(value)


class MagicalGame(Game):
    """Magical Treehouse for 3 or 4 players (rulebook: ../shared/rules/magical-treehouse.md)."""

    NAME = "magical"
    TITLE = "Magical Treehouse"
    OPTIONS = (
        Option("players", 4, "3 or 4 players", choices=(3, 4)),
        Option("day_side", True, "forest tiles day side up (True, recommended for a first "
               "game) or night side (False)", choices=(True, False)),
        Option("common_green", "biscuits", "the green common objective: the biscuits tile "
               "(recommended for a first game) or one drawn at random",
               choices=("biscuits", "random")),
        Option("objective_values", "tiles", "objective VP: as printed on the tiles (biscuits "
               "1, level 2 or higher 2) or as in the rulebook's text (3 each)",
               choices=("tiles", "text")),
        Option("green_potions", "building", "where the red, blue and yellow potion a green "
               "level 4 makes from piped-in purple go: its own building's level 3 (the "
               "rulebook's words, ruling R12) or every building piped to it ('chain')",
               choices=R.GREEN_POTIONS),
        Option("ages", None, "seats from eldest to youngest (None: seat 0 eldest, the last "
               "seat youngest); the eldest moves when all wait, the youngest wins ties",
               check=_check_ages),
        Option("data", standard_data()[1], "component data (cards, objectives, forest): "
               "'standard' (the stand-in set) or load_data(...) from Python; never a file "
               "name", check=data_option),
    )
    ACTION_TYPES = ACTION_TYPES
    ZONES = ZONES
    RENDERER = "treehouse_lab.games.magical.render"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        ages = self.options["ages"]
        if ages is not None and sorted(ages) != list(range(self.players)):
            raise RuleError(f"option ages={quote(list(ages))}: list every seat 0.."
                            f"{self.players - 1} once, eldest first")
        self.ages: tuple[int, ...] = tuple(ages) if ages else tuple(range(self.players))
        self.data: DataSet = data_of(self.options["data"])
        self.side = "day" if self.options["day_side"] else "night"
        self.forest: dict[str, R.Area] = self.data.forest[self.side]
        self.cards: dict[str, R.Card] = self.data.cards
        self.card_ids: tuple[str, ...] = tuple(sorted(self.cards))
        #: One action object per card and seat, shared by every legal list and chance node
        #: (a lookup in the generated list finds them by identity first).
        self.draws = {c: DrawCard(c) for c in self.card_ids}
        self.places = {c: Place(c) for c in self.card_ids}
        self.casts = {c: Cast(c) for c in self.card_ids}
        self.reveals = {c: Reveal(c) for c in self.card_ids}
        self.gifts = tuple(GiveBiscuit(q) for q in range(self.players))
        self.spells = frozenset(c for c, x in self.cards.items() if x.kind == "spell")
        self._draw_outcomes: dict[int, dict[str, tuple[DrawCard, Fraction]]] = {}
        self._made: dict[tuple, Action] = {}
        self.areas: tuple[str, ...] = tuple(sorted(self.forest))
        self.outermost = frozenset(a for a, x in self.forest.items() if x.outermost)
        self.unproductive = frozenset(a for a, x in self.forest.items() if x.unproductive)

    def make(self, kind: type[A], *values: Any) -> A:
        """``kind(*values)``, made once a game and shared by every legal list that offers
        it: an action is an immutable value, and building one checks every field
        (protocol ``Action.__post_init__``), which a move generated every step need not
        pay again; a lookup in the generated list then finds it by identity."""
        key = (kind, *values)
        got = self._made.get(key)
        if got is None:
            got = self._made[key] = kind(*values)
        return got  # type: ignore[return-value]

    def draw_outcomes(self, size: int) -> dict[str, tuple[DrawCard, Fraction]]:
        """{card: (its draw, 1/size)}: a draw's chance outcome from a pool of ``size``
        cards, made once per size (every card equally likely, ruling R1)."""
        got = self._draw_outcomes.get(size)
        if got is None:
            p = FRACTIONS[size] if size < len(FRACTIONS) else Fraction(1, size)
            got = self._draw_outcomes[size] = {c: (d, p) for c, d in self.draws.items()}
        return got

    def area_grid(self) -> dict[str, tuple[int, int]]:
        """Where each area lies in the stand-in layout: (row 0..3, column 0..5)."""
        out = {}
        for a in self.areas:
            tile, sub = int(a[1]) - 1, "abcd".index(a[2])
            out[a] = ((tile // 3) * 2 + sub // 2, (tile % 3) * 2 + sub % 2)
        return out

    def familiar_ids(self, pattern: int) -> list[str]:
        return [f"fam{pattern}-{k}" for k in range(1, R.FAMILIARS_PER_PATTERN + 1)]

    def components(self) -> dict[str, list[str]]:
        return {"card": list(self.card_ids),
                "objective": sorted(self.data.objectives),
                "familiar": sorted(f for p in range(4) for f in self.familiar_ids(p)),
                "biscuit": ["biscuit"] * R.BISCUITS}

    def new_initial_state(self) -> MagicalState:
        n = self.players
        s = MagicalState.__new__(MagicalState)
        s.game = self
        s.round, s.direction = 1, 1
        s.pool = tuple(self.card_ids)
        s.deck = s.to_draw = (0,) * n
        s.hands = s.drawers = s.carriages = s.trash = ((),) * n
        s.known = {}
        s.box = ()
        s.villages = s.piped = s.stored = ((),) * n
        s.placed = {}
        s.supply = (R.BOARD_FAMILIARS,) * n
        pile = R.PILE_SIZE[n]
        s.tray_piles = (pile,) * 4                             # Preparations 5
        s.biscuit_counts = (R.START_BISCUITS,) * n             # Preparations 9
        s.round_biscuits = 0
        s.box_biscuits = R.BISCUITS - 4 * pile - R.START_BISCUITS * n
        # Preparations 3: the biscuits tile is the recommended first-game green objective.
        s.common = (None, self.green_biscuits()
                    if self.options["common_green"] == "biscuits" else None)
        s.personal = (None,) * n
        s.dropped = s.waits = (False,) * n
        s.spell_card, s.caster = None, -1
        s.choices = (None,) * n
        s.order, s.turn, s.owed = (), 0, ()
        s.stack = (Setup(),)
        s._run()
        return s

    def keita_example(self) -> MagicalState:
        """The rulebook's scoring example (Keita, seat 0, 34 VP); see
        :func:`~.positions.keita_example`."""
        from .positions import keita_example
        return keita_example(self)

    def green_biscuits(self) -> str:
        return next(o.id for o in self.data.objectives.values()
                    if o.colour == "green" and o.goal == "biscuits")

    def determinize(self, observation: Any, seat: int, rng: Any) -> MagicalState:
        """A state ``seat`` cannot tell from the one it observed (``view.determinize``)."""
        return determinize(self, observation, self.check_seat(seat, "determinize"), rng)

    def _state_from_json(self, data: Any) -> MagicalState:
        return MagicalState.from_json(self, data)

    def position(self, villages: Sequence[Sequence[Mapping[str, Any]]] | None = None,
                 pipes: Sequence[Sequence[Sequence[str]]] | None = None,
                 storage: Sequence[Sequence[Sequence[str]]] | None = None,
                 forest: Mapping[str, int] | None = None,
                 biscuits: Sequence[int] | None = None,
                 common: Sequence[str] = ("obj-fangs", "obj-biscuits"),
                 personal: Sequence[str] | None = None) -> MagicalState:
        """A finished game built from given villages; see :func:`~.positions.position`."""
        from .positions import position
        return position(self, villages, pipes, storage, forest, biscuits, common, personal)


__all__ = ["MagicalGame"]
