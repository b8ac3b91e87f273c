"""Magical Treehouse: the game (options, derived tables, data sets, configurations).

The rules are in the stages (``stages.py``) and the kinds (``moves.py``); the state's
fields in ``state.py``; teaching positions in ``positions.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence, TypeVar

from ...core.chance import UniformDraws
from ...core.codec import ActionSpace, Fields
from ...core.options import Option
from ...errors import RuleError, quote
from ...protocol import Action, Game
from . import pipes as pipe_rules
from . import rules as R
from .actions import Cast, DrawCard, GiveBiscuit, Place, Reveal
from .codecs import card_ids, objective_ids
from .data import DataSet, data_of, data_option, standard_data
from .moves import ACTION_TYPES
from .stages import Setup
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


def familiar_ids(g: Any) -> list[str]:
    """The familiars of all four colours, whether or not their seat plays."""
    return [f for p in range(4) for f in g.familiar_ids(p)]


def biscuit_ids(g: Any) -> list[str]:
    """The biscuits: alike, so one id counted ``BISCUITS`` times."""
    return ["biscuit"] * R.BISCUITS


class MagicalGame(Game):
    """Magical Treehouse for 3 or 4 players (the Magical Treehouse Rulebook)."""

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
        Option("pipes", pipe_rules.ANY, "where a pipe may go (ruling R10): between any two "
               "of your buildings ('any', the rulebook's words) or only in chains ('chains': "
               "at most two pipes a building, no loops)", choices=pipe_rules.RULES),
        Option("green_potions", "building", "where the red, blue and yellow potion a green "
               "level 4 makes from piped-in purple go: its own building's level 3 (the "
               "rulebook's words, ruling R12) or every building piped to it ('chain')",
               choices=R.GREEN_POTIONS),
        Option("trash", "all", "who sees the trash cans (ruling R18): every card, as every "
               "way in shows it ('all'), or only the top card of each pile and the cards "
               "everyone saw on top ('top': a discarded hand's cards under its spell are "
               "their owner's secret)", choices=R.TRASH_RULES),
        Option("ages", None, "seats from eldest to youngest (None: seat 0 eldest, the last "
               "seat youngest); the eldest moves when all wait, the youngest wins ties",
               check=_check_ages),
        Option("data", standard_data()[1], "component data (cards, objectives, forest): "
               "'standard' (the stand-in set) or load_data(...) from Python; never a file "
               "name", check=data_option),
    )
    ACTION_TYPES = ACTION_TYPES
    ZONES = ZONES
    #: the rules index beside this file (treehouse_lab/rules_index.py): read when asked for
    RULEBOOK = "rulebook.toml"
    RENDERER = "treehouse_lab.games.magical.render"
    #: the lessons beside the game (treehouse_lab.lessons): imported when asked for
    LESSONS: ClassVar[str] = "treehouse_lab.games.magical.lessons"
    #: This game's own bots (name -> "module:attr" of the factory, the module relative
    #: to this package), which tl.BOTS lists.
    BOTS: ClassVar[dict[str, str]] = {"magical-builder": ".bots:BuilderBot"}
    #: The module of this game's exercise bank, imported when the bank is read.
    EXERCISES: ClassVar[str] = ".exercises"
    STATE = MagicalState
    #: Every counted component, by kind (``Game.components``). The state's census is its own
    #: (``MagicalState.components``): buildings hold cards, counts stand for familiars and
    #: biscuits, and an objective not drawn is in the box, where no field holds it.
    COMPONENTS = {"card": card_ids, "objective": objective_ids, "familiar": familiar_ids,
                  "biscuit": biscuit_ids}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        ages = self.options["ages"]
        if ages is not None and sorted(ages) != list(range(self.players)):
            raise RuleError(f"option ages={quote(list(ages))}: list every seat 0.."
                            f"{self.players - 1} once, eldest first")
        self.ages: tuple[int, ...] = tuple(ages) if ages else tuple(range(self.players))
        self.data: DataSet = data_of(self.options["data"])
        self.pipe_rule: str = self.options["pipes"]
        #: ruling R18, variant trash="top": only each trash can's top card, and the cards
        #: everyone saw on top, are public (``view.py``, the zone "trash").
        self.trash_top: bool = self.options["trash"] == "top"
        self.side = "day" if self.options["day_side"] else "night"
        self.forest: dict[str, R.Area] = self.data.forest[self.side]
        self.cards: dict[str, R.Card] = self.data.cards
        self.card_ids: tuple[str, ...] = tuple(sorted(self.cards))
        #: One action object per card and seat, shared by every legal list and chance node
        #: (a lookup in the generated list finds them by identity first).
        self.draws = {c: DrawCard(c) for c in self.card_ids}
        #: a draw from the undealt cards (ruling R1: all equally likely).
        self.deal = UniformDraws(self.draws)
        self.places = {c: Place(c) for c in self.card_ids}
        self.casts = {c: Cast(c) for c in self.card_ids}
        self.reveals = {c: Reveal(c) for c in self.card_ids}
        self.gifts = tuple(GiveBiscuit(q) for q in range(self.players))
        self.spells = frozenset(c for c, x in self.cards.items() if x.kind == "spell")
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

    def area_grid(self) -> dict[str, tuple[int, int]]:
        """Where each area lies in the stand-in layout: (row 0..3, column 0..5)."""
        out = {}
        for a in self.areas:
            tile, sub = int(a[1]) - 1, "abcd".index(a[2])
            out[a] = ((tile // 3) * 2 + sub // 2, (tile % 3) * 2 + sub % 2)
        return out

    def familiar_ids(self, pattern: int) -> list[str]:
        return [f"fam{pattern}-{k}" for k in range(1, R.FAMILIARS_PER_PATTERN + 1)]

    def new_initial_state(self) -> MagicalState:
        """Preparations: every field the set-up does not name starts empty (core's
        ``fresh``: no cards in hands, drawers, carriages or villages, round 1, no choice
        made); then the objectives are drawn (the ``Setup`` stage, chance)."""
        n = self.players
        pile = R.PILE_SIZE[n]
        return MagicalState.fresh(
            self, stack=(Setup(),), direction=1, pool=self.card_ids, known={},
            supply=(R.BOARD_FAMILIARS,) * n,
            tray_piles=(pile,) * 4,                                 # Preparations 5
            biscuit_counts=(R.START_BISCUITS,) * n,                 # Preparations 9
            box_biscuits=R.BISCUITS - 4 * pile - R.START_BISCUITS * n,
            # Preparations 3: the biscuits tile is the recommended first-game green objective.
            common=(None, self.green_biscuits()
                    if self.options["common_green"] == "biscuits" else None),
            caster=-1, choices=(None,) * n)

    def action_space(self) -> ActionSpace:
        """Stable ids (core/codec.py), by mixed radix over the cards (a building is named
        by its bottom card, any building card), the forest's areas, the objective tiles
        and the seats."""
        from . import actions as A

        cards = self.card_ids
        kind = {c: x.kind for c, x in self.cards.items()}
        buildings = tuple(c for c in cards if kind[c] == "building")
        pipes = tuple(c for c in cards if kind[c] == "pipe")
        spells = tuple(c for c in cards if kind[c] == "spell")
        tiles = tuple(sorted(self.data.objectives))
        F = Fields
        return ActionSpace(
            decisions={
                A.Place: F({"card": cards}), A.Take: F({}), A.DrawFour: F({}),
                A.DiscardHand: F({}), A.Cast: F({"card": spells}), A.DropOut: F({}),
                A.GiveBiscuit: F({"to": tuple(range(self.players))}), A.Wait: F({}),
                A.DiscardCard: F({"card": cards, "place": tuple(R.PILES)}),
                A.Exchange: F({"drawer_card": buildings, "storage_card": cards}),
                A.KeepStorage: F({}), A.Reveal: F({"card": cards}),
                A.Build: F({"card": buildings, "on": ("", *buildings)}),
                A.BuildFaceDown: F({"card": buildings}),
                A.Pipe: F({"card": pipes, "a": buildings, "b": buildings}),
                A.MovePipe: F({"card": pipes, "a": buildings, "b": buildings}),
                A.Store: F({"card": cards, "on": buildings}),
                A.Discard: F({"card": cards}),
                A.PlaceFamiliar: F({"area": self.areas}), A.SkipFamiliar: F({}),
                A.Finish: F({})},
            chance={A.CommonObjective: F({"tile": tiles}),
                    A.PersonalObjective: F({"tile": tiles}),
                    A.DrawCard: F({"card": cards})})

    def max_game_length(self) -> int:
        """A proven upper bound on the steps (player moves and chance outcomes) of any game
        of this configuration, however its players play.

        Symbols, from the rules and this game's data: n players, R = 4 rounds, C planning
        cards, S spells, P pipes, B = 20 biscuits, D = 5 drawer cards, G the most familiar
        placements one Build can owe (its familiar icon, plus its own "place familiar"
        effects, plus 1 for a level 3 when some card has red level 4 Breeding).

        * Set-up: 2 common and n personal objectives: 2 + n chance steps.
        * Per round, the planning step (hands and drawers start empty):

          - draws <= C: each takes a card from the undealt pool, refilled only at the
            next round's deal;
          - Cast + DiscardHand <= S: each moves at least one spell from a hand to a trash
            can, and no trash card comes back before the next deal;
          - spell answers (DiscardCard, Exchange, KeepStorage) <= n per cast: <= S n;
          - Place <= D n + S n: each adds one card to a drawer, a drawer never holds more
            than D (a hand only comes with fewer), and only a discard-drawer spell takes
            cards out, at most one from each of n drawers;
          - Take + DrawFour <= Place + S n + n: each gives an empty hand cards, and a hand
            empties only by a Place, a DiscardHand or a cast (a cast empties each of the n
            hands at most once); each seat's hand may start full once (the deal);
          - DropOut <= n; GiveBiscuit <= B: a gift moves a biscuit from a seat still
            planning to one that has dropped out (never back: dropped-out seats do not
            give), and a seat gains a biscuit while planning never (it takes one by
            dropping out);
          - so the moves other than Wait, A, are at most
            2 (D + S) n + S n + 2 n + S + B; a Wait takes a seat out of the actors until
            someone makes one of those A moves, and the eldest may not wait when all the
            others do, so there are at most n waits before each of them and after the
            last: Wait <= n (A + 1).
        * Per round, the building step: n Reveals; MovePipe <= P (ruling R10: a pipe
          moves at most once in its owner's one turn); Finish <= n (it ends a turn).
        * Over the game, the building step's card moves: a seat builds from at most D - 1
          drawer cards a round (one was revealed), and each card built from storage was
          stored by one of those moves (an Exchange swaps, so the storage only grows by
          Store): Build + BuildFaceDown + Store + Pipe + Discard <= 2 (D - 1) n R, and
          Build <= (D - 1) n R. Familiar decisions (PlaceFamiliar, SkipFamiliar) <= G per
          Build.

        Total: 2 + n + R (C + (n + 1) A + n + S n + 2 n + P) + (2 + G) (D - 1) n R.
        The bound is loose (a game of ordinary play is far shorter); what matters is that
        it is finite and proven, so a driver or a save may refuse anything longer.
        """
        n, rounds, drawer = self.players, R.ROUNDS, R.DRAWER
        cards = self.cards.values()
        c_cards = len(self.cards)
        spells = sum(1 for c in cards if c.kind == "spell")
        pipes = sum(1 for c in cards if c.kind == "pipe")
        breeding = any(c.power.breeding for c in cards)
        grants = max((c.familiar + len(c.power.familiars) + (breeding and c.level == 3)
                      for c in cards if c.kind == "building"), default=0)
        places = (drawer + spells) * n
        acting = places + (places + spells * n + n) + spells + n + R.BISCUITS
        waits = n * (acting + 1)
        planning = c_cards + acting + waits + spells * n
        building = n + pipes + n
        cards_built = (drawer - 1) * n * rounds
        return (2 + n) + rounds * (planning + building) + (2 + grants) * cards_built

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
        return determinize(self, observation, self.check_seat(seat, "determinize", "seat"), rng)

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
