"""Magical Treehouse: the game, its state, and the rules of each step.

Design (docs/rulings/magical.md has the rulings):

* **The decks are exchangeable.** The rulebook shuffles the remaining cards and deals
  equal decks; nobody looks at a deck, and a player draws from their own. Dealing a
  random partition and drawing the top card of your part is, card for card, the same
  chance as drawing uniformly from all the undealt cards, so the state keeps one sorted
  pool (``pool``) and each player's deck *size*; each draw is a chance node over the pool
  with exact probability 1/len(pool). That keeps chance nodes small (at most 96 outcomes)
  and exact, and the census still counts every card in "deck".
* **Real time as small actions.** In the planning step every player still planning is
  an actor (``current_player`` is SIMULTANEOUS); ``Wait`` takes a seat out of the actors
  until someone else acts; when everyone still planning waits, only the eldest of them
  may act (and may not wait): "the oldest player must make a move first".
* **Spells interrupt.** Reverse and hand-to-carriage resolve at once; the discards and
  the exchange are choices of every player still planning who can make one, recorded
  secretly and applied together, then play resumes.
* **Building** is one card at a time for the player whose turn it is in play order.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from ...core.jsonio import expect_bool, expect_dict, expect_int, expect_list, expect_str
from ...core.options import Option
from ...errors import RuleError, quote
from ...protocol import CHANCE, SIMULTANEOUS, TERMINAL, Action, Game, State
from . import rules as R
from .data import DataSet, data_of, data_option, standard_data
from .moves import (
    ACTION_TYPES,
    Build,
    BuildFaceDown,
    Cast,
    CommonObjective,
    Discard,
    DiscardCard,
    DiscardHand,
    DrawCard,
    DrawFour,
    DropOut,
    Exchange,
    Finish,
    GiveBiscuit,
    KeepStorage,
    MovePipe,
    PersonalObjective,
    Pipe,
    Place,
    PlaceFamiliar,
    Reveal,
    SkipFamiliar,
    Store,
    Take,
    Wait,
)
from .rules import Stack

PHASES = ("setup", "deal", "planning", "spell", "reveal", "building", "over")
PLACES = ("deck", "hands", "drawers", "carriages", "storage", "villages", "trash", "box")
_TAKE, _DRAW4, _DISCARD_HAND, _DROP, _WAIT = Take(), DrawFour(), DiscardHand(), DropOut(), Wait()
_KEEP, _SKIP, _FINISH = KeepStorage(), SkipFamiliar(), Finish()


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
        Option("ages", None, "seats from eldest to youngest (None: seat 0 eldest, the last "
               "seat youngest); the eldest moves when all wait, the youngest wins ties",
               check=_check_ages),
        Option("data", standard_data()[1], "component data (cards, objectives, forest): "
               "'standard' (the stand-in set) or load_data(...) from Python; never a file "
               "name", check=data_option),
    )
    ACTION_TYPES = ACTION_TYPES
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
        self._draws = {c: DrawCard(c) for c in self.card_ids}
        self._places = {c: Place(c) for c in self.card_ids}
        self.areas: tuple[str, ...] = tuple(sorted(self.forest))
        self.outermost = frozenset(a for a, x in self.forest.items() if x.outermost)
        self.unproductive = frozenset(a for a, x in self.forest.items() if x.unproductive)

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
        s = MagicalState(self)
        s.pool = list(self.card_ids)
        s.deck = [0] * n
        s.hands = [[] for _ in range(n)]
        s.drawers = [[] for _ in range(n)]
        s.carriages = [[] for _ in range(n)]
        s.known = {}
        s.trash = [[] for _ in range(n)]
        s.box = []
        s.villages = [[] for _ in range(n)]
        s.pipes_ = [[] for _ in range(n)]
        s.stored = [[] for _ in range(n)]
        s.placed = {}
        s.supply = [R.BOARD_FAMILIARS] * n
        pile = R.PILE_SIZE[n]
        s.tray_ = [pile] * 4                                  # Preparations 5
        s.bisc = [R.START_BISCUITS] * n                       # Preparations 9
        s.box_biscuits = R.BISCUITS - 4 * pile - R.START_BISCUITS * n
        # Preparations 3: the biscuits tile is the recommended first-game green objective.
        s.common = [None, self._green_biscuits()
                    if self.options["common_green"] == "biscuits" else None]
        s.personal = [None] * n
        return s

    def keita_example(self) -> MagicalState:
        """The rulebook's scoring example (Keita, seat 0, 34 VP); see :func:`keita_example`."""
        return keita_example(self)

    def _green_biscuits(self) -> str:
        return next(o.id for o in self.data.objectives.values()
                    if o.colour == "green" and o.goal == "biscuits")

    def _state_from_json(self, data: Any) -> MagicalState:
        return _from_json(self, data)

    def position(self, villages: Sequence[Sequence[Mapping[str, Any]]] | None = None,
                 pipes: Sequence[Sequence[Sequence[str]]] | None = None,
                 storage: Sequence[Sequence[Sequence[str]]] | None = None,
                 forest: Mapping[str, int] | None = None,
                 biscuits: Sequence[int] | None = None,
                 common: Sequence[str] = ("obj-fangs", "obj-biscuits"),
                 personal: Sequence[str] | None = None) -> MagicalState:
        """A finished game (after the fourth round) built from given villages, for scoring
        exercises and tests, checked like a save.

        ``villages[p]`` lists buildings as ``{"cards": [ids bottom first], "down": bool}``;
        ``pipes[p]`` lists ``(pipe card, building a, building b)`` (a building is named by
        its bottom card); ``storage[p]`` lists ``(card, building)``; ``forest`` maps areas to
        the seat with a familiar there; ``biscuits`` per seat (the rest of the 20 are in
        the box); ``common`` the two common objectives; ``personal`` one brown tile per
        seat (default: the brown tiles not common, by id). Every other card is in the box.
        """
        n = self.players
        d = self.new_initial_state().to_json()
        d["phase"], d["round"] = "over", R.ROUNDS
        vill = [[{"cards": list(b["cards"]), "down": bool(b.get("down", False))} for b in v]
                for v in (villages or [[]] * n)]
        d["villages"] = vill
        d["pipes"] = [[list(x) for x in v] for v in (pipes or [[]] * n)]
        d["storage"] = [[list(x) for x in v] for v in (storage or [[]] * n)]
        placed = dict(forest or {})
        d["forest"] = placed
        d["supply"] = [R.BOARD_FAMILIARS - sum(1 for q in placed.values() if q == p)
                       for p in range(n)]
        b = list(biscuits if biscuits is not None else [R.START_BISCUITS] * n)
        d["biscuits"] = b
        d["tray"] = [0, 0, 0, 0]
        d["box_biscuits"] = R.BISCUITS - sum(b)
        brown = sorted(o.id for o in self.data.objectives.values() if o.colour == "brown")
        d["common"] = list(common)
        d["personal"] = list(personal) if personal is not None else \
            [x for x in brown if x not in common][:n]
        used = {c for v in vill for bld in v for c in bld["cards"]}
        used |= {x[0] for v in d["pipes"] for x in v} | {x[0] for v in d["storage"] for x in v}
        d["pool"] = []
        d["box"] = sorted(c for c in self.card_ids if c not in used)
        return _from_json(self, d)


def _first_areas(game: MagicalGame, resource: str, k: int) -> list[str]:
    out = [a for a in game.areas if game.forest[a].resources == (resource,)][:k]
    if len(out) < k:
        raise RuleError(f"the {game.side} forest has fewer than {k} areas of only {resource}")
    return out


def keita_example(game: MagicalGame) -> MagicalState:
    """The rulebook's Example of Scoring rebuilt from stand-in cards (day side): Keita is
    seat 0 and scores 34 VP: buildings 1 + 5 + 13 + 2 + 1 = 22; two level 3s supplied with
    their potion (red from red1a with 2 apples, blue from blue1a with 2 webs) 6; a blue
    level 5 with 2 pipes 2; the common bat fangs objective (single most) 3; 4 biscuits 1.
    The common biscuits objective goes to seat 1 (5 biscuits) and Keita's personal light
    shrooms objective is tied with seat 1, so neither scores for him."""
    apples, webs = _first_areas(game, "apples", 2), _first_areas(game, "webs", 2)
    fangs, shrooms = _first_areas(game, "fangs", 1), _first_areas(game, "shrooms", 2)
    forest = {apples[0]: 0, apples[1]: 0, webs[0]: 0, webs[1]: 0, fangs[0]: 0,
              shrooms[0]: 0, shrooms[1]: 1}
    n = game.players
    villages = [[{"cards": ["green1a"]}, {"cards": ["red1a", "red2a", "red3a"]},
                 {"cards": ["blue1a", "blue2a", "blue3a", "blue4a", "blue5a"]},
                 {"cards": ["yellow1a", "yellow2a"]}, {"cards": ["purple1a"]}],
                [{"cards": ["red1b"]}]] + [[] for _ in range(n - 2)]
    pipes = [[("pipe1", "green1a", "red1a"), ("pipe2", "red1a", "blue1a")]] + \
        [[] for _ in range(n - 1)]
    personal = ["obj-shrooms", "obj-apples", "obj-webs", "obj-tails"][:n]
    return game.position(villages=villages, pipes=pipes, forest=forest,
                         biscuits=[4, 5] + [0] * (n - 2),
                         common=("obj-fangs", "obj-biscuits"), personal=personal)


class MagicalState(State):
    """A position. Attributes are the engine's; read them through the accessors."""

    def __init__(self, game: MagicalGame) -> None:
        self.game = game
        n = game.players
        self.phase = "setup"
        self.round = 1
        self.direction = 1
        self.pool: list[str] = []
        self.deck: list[int] = []
        self.to_draw: list[int] = [0] * n
        self.hands: list[list[str]] = []
        self.drawers: list[list[str]] = []
        self.carriages: list[list[str]] = []
        self.known: dict[str, int] = {}           # carriage card -> bitmask of seats who know it
        self.trash: list[list[str]] = []
        self.box: list[str] = []
        self.villages: list[list[Stack]] = []
        self.pipes_: list[list[tuple[str, str, str]]] = []
        self.stored: list[list[tuple[str, str]]] = []
        self.placed: dict[str, int] = {}          # area -> seat
        self.supply: list[int] = []
        self.tray_: list[int] = []
        self.bisc: list[int] = []
        self.round_biscuits = 0
        self.box_biscuits = 0
        self.common: list[str | None] = [None, None]
        self.personal: list[str | None] = []
        self.dropped: list[bool] = [False] * n
        self.waits: list[bool] = [False] * n
        self.spell_card: str | None = None
        self.caster = -1
        self.choices: list[Any] = [None] * n   # spell/reveal choices: "todo" or made
        self.play_order: list[int] = []
        self.turn = 0
        self.fam_pending: list[str] = []          # "any" or "unproductive" placements owed
        self._cache: dict[int, list[Action]] = {}

    # -- public read accessors (fresh copies) -----------------------------------------
    @property
    def side(self) -> str:
        return self.game.side

    @property
    def ages(self) -> tuple[int, ...]:
        return self.game.ages

    @property
    def eldest(self) -> int:
        return self.game.ages[0]

    def hand(self, p: int) -> list[str]:
        return list(self.hands[p])

    def hand_size(self, p: int) -> int:
        return len(self.hands[p])

    def drawer(self, p: int) -> list[str]:
        return list(self.drawers[p])

    def storage(self, p: int) -> list[tuple[str, str]]:
        return list(self.stored[p])

    def trash_of(self, p: int) -> list[str]:
        return list(self.trash[p])

    def village(self, p: int) -> list[dict]:
        cards = self.game.cards
        return [{"id": s.id, "cards": list(s.cards), "down": s.down,
                 "level": R.stack_level(s, cards), "colour": R.stack_colour(s, cards),
                 "vp": R.stack_top_vp(s, cards)} for s in self.villages[p]]

    def pipes(self, p: int) -> list[tuple[str, str, str]]:
        return list(self.pipes_[p])

    def carriages_counts(self) -> list[int]:
        return [len(c) for c in self.carriages]

    def put_carriage(self, p: int) -> int:
        n = self.game.players
        return p if self.direction == 1 else (p - 1) % n

    def take_carriage(self, p: int) -> int:
        n = self.game.players
        return (p - 1) % n if self.direction == 1 else p

    def carriage_known(self, i: int, viewer: int) -> list[str]:
        bit = 1 << viewer
        return [c for c in self.carriages[i] if self.known.get(c, 0) & bit]

    def deck_sizes(self) -> list[int]:
        return list(self.deck)

    def biscuits(self) -> list[int]:
        return list(self.bisc)

    def tray(self) -> list[int]:
        return list(self.tray_)

    def forest(self) -> dict[str, int | None]:
        return {a: self.placed.get(a) for a in self.game.areas}

    def familiar_supply(self) -> list[int]:
        return list(self.supply)

    def waiting(self) -> list[bool]:
        return list(self.waits)

    def dropped_out(self) -> list[bool]:
        return list(self.dropped)

    def common_objectives(self) -> list[str | None]:
        return list(self.common)

    def personal_objective(self, p: int) -> str | None:
        return self.personal[p]

    @property
    def builder(self) -> int | None:
        return self.play_order[self.turn] if self.phase == "building" else None

    @property
    def spell(self) -> dict | None:
        if self.spell_card is None:
            return None
        return {"card": self.spell_card, "caster": self.caster,
                "effect": self.game.cards[self.spell_card].effect,
                "to_choose": [p for p, c in enumerate(self.choices) if c == "todo"]}

    def card_census(self) -> dict[str, int]:
        """Where the 96 planning cards are: {place: count}, always summing to 96."""
        return {
            "deck": len(self.pool),
            "hands": sum(map(len, self.hands)),
            "drawers": sum(map(len, self.drawers)),
            "carriages": sum(map(len, self.carriages)),
            "storage": sum(map(len, self.stored)),
            "villages": sum(len(s.cards) for v in self.villages for s in v)
            + sum(map(len, self.pipes_)),
            "trash": sum(map(len, self.trash)),
            "box": len(self.box),
        }

    # -- protocol ------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        ph = self.phase
        if ph in ("setup", "deal"):
            return CHANCE
        if ph == "over":
            return TERMINAL
        if ph == "building":
            return self.play_order[self.turn]
        actors = self._actors()
        return actors[0] if len(actors) == 1 else SIMULTANEOUS

    def _actors(self) -> list[int]:
        got = self._cache.get(-1)
        if got is None:
            got = self._cache[-1] = self._compute_actors()
        return got

    def _compute_actors(self) -> list[int]:
        n = self.game.players
        if self.phase == "planning":
            active = [p for p in range(n) if not self.dropped[p] and not self.waits[p]]
            if active:
                return active
            # Planning Step: "If the game stalls, because all players want to wait for
            # another player to do something, then the oldest player must make a move".
            return [self._eldest_planning()]
        if self.phase in ("spell", "reveal"):
            return [p for p in range(n) if self.choices[p] == "todo"]
        if self.phase == "building":
            return [self.play_order[self.turn]]
        return []

    def _eldest_planning(self) -> int:
        return next(p for p in self.game.ages if not self.dropped[p])

    def _forced(self) -> bool:
        """Everyone still planning waits: the eldest of them must move (and may not wait)."""
        n = self.game.players
        return all(self.dropped[p] or self.waits[p] for p in range(n))

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        g = self.game
        if self.phase == "setup":
            if self.common[0] is None:
                tiles = [o for o in g.data.objectives.values() if o.colour == "brown"]
                make = CommonObjective
            elif self.common[1] is None:
                tiles = [o for o in g.data.objectives.values() if o.colour == "green"]
                make = CommonObjective
            else:
                used = set(self.common) | set(self.personal)
                tiles = [o for o in g.data.objectives.values()
                         if o.colour == "brown" and o.id not in used]
                make = PersonalObjective
            p = Fraction(1, len(tiles))
            return [(make(t.id), p) for t in sorted(tiles, key=lambda o: o.id)]
        if self.phase == "deal":
            p = Fraction(1, len(self.pool))
            draws = g._draws
            return [(draws[c], p) for c in self.pool]
        return []

    def _legal_actions(self, player: int) -> list[Action]:
        got = self._cache.get(player)
        if got is None:
            got = self._compute_legal(player)
            self._cache[player] = got
        return got

    def _is_legal(self, action: Action, player: int) -> bool:
        if player == CHANCE:
            if self.phase == "deal":
                return isinstance(action, DrawCard) and action.card in self.pool \
                    and self.game._draws.get(action.card) == action
            return any(o == action for o, _ in self._chance_outcomes())
        return action in self._legal_actions(player)

    def _compute_legal(self, p: int) -> list[Action]:
        ph = self.phase
        if ph == "planning":
            return self._planning_actions(p)
        if ph == "spell":
            return self._spell_actions(p)
        if ph == "reveal":
            return [Reveal(c) for c in sorted(self.drawers[p])]
        if ph == "building":
            return self._building_actions(p)
        return []

    # -- planning ------------------------------------------------------------------------
    def _planning_actions(self, p: int) -> list[Action]:
        g = self.game
        cards = g.cards
        out: list[Action] = []
        hand = self.hands[p]
        forced = self._forced()
        if hand:
            spells = sorted(c for c in hand if cards[c].kind == "spell")
            out.extend(g._places[c] for c in sorted(hand) if cards[c].kind != "spell")
            if spells:
                out.append(_DISCARD_HAND)
                out.extend(Cast(c) for c in spells)
        else:
            if len(self.drawers[p]) < R.DRAWER:
                if self.carriages[self.take_carriage(p)]:
                    out.append(_TAKE)
                if self.deck[p] > 0:
                    out.append(_DRAW4)
            out.append(_DROP)
        if self.bisc[p] > 0:
            for q in range(g.players):
                if self.dropped[q] and self.carriages[self.take_carriage(q)]:
                    out.append(GiveBiscuit(q))
        if not forced:
            others_wait = all(self.dropped[q] or self.waits[q]
                              for q in range(g.players) if q != p)
            if not (others_wait and self._eldest_planning() == p):
                out.append(_WAIT)
        return out

    def _spell_actions(self, p: int) -> list[Action]:
        effect = self.game.cards[self.spell_card].effect
        if effect == "discard_hand":
            return [DiscardCard(c, "hand") for c in sorted(self.hands[p])]
        if effect == "discard_drawer":
            return [DiscardCard(c, "drawer") for c in sorted(self.drawers[p])]
        cards = self.game.cards
        out: list[Action] = [Exchange(d, s) for d in sorted(self.drawers[p])
                             if cards[d].kind == "building"
                             for s, _ in sorted(self.stored[p])]
        out.append(_KEEP)
        return out

    def _pass_hand(self, p: int) -> None:
        """The rest of a hand goes on top of the carriage in the turn direction; the
        passer knows those cards."""
        hand = self.hands[p]
        if not hand:
            return
        car = self.carriages[self.put_carriage(p)]
        bit = 1 << p
        for c in hand:
            car.append(c)
            self.known[c] = bit
        self.hands[p] = []

    def _apply_planning(self, action: Action, p: int) -> None:
        g = self.game
        if action.__class__ is Wait:
            self.waits[p] = True
            return
        self.waits = [False] * g.players
        cls = action.__class__
        if cls is Place:
            self.hands[p].remove(action.card)
            self.drawers[p].append(action.card)
            self._pass_hand(p)
        elif cls is Take:
            car = self.carriages[self.take_carriage(p)]
            for c in car:
                self.known.pop(c, None)
            self.hands[p].extend(car)
            car.clear()
        elif cls is DrawFour:
            self.to_draw[p] = min(R.DRAW, self.deck[p])
            self.phase = "deal"
        elif cls is DiscardHand:
            # "in one pile, face up, with the spell card on top"
            hand = self.hands[p]
            spells = [c for c in hand if g.cards[c].kind == "spell"]
            self.trash[p].extend([c for c in hand if g.cards[c].kind != "spell"] + spells)
            self.hands[p] = []
        elif cls is DropOut:
            self.dropped[p] = True
            if self.round_biscuits:
                self.round_biscuits -= 1
                self.bisc[p] += 1
            if all(self.dropped):
                self._end_planning()
        elif cls is GiveBiscuit:
            q = action.to
            self.bisc[p] -= 1
            self.bisc[q] += 1
            src, dst = self.carriages[self.take_carriage(q)], self.carriages[self.put_carriage(q)]
            dst.extend(src)
            src.clear()
        elif cls is Cast:
            self._cast(action.card, p)

    def _cast(self, card: str, p: int) -> None:
        g = self.game
        n = g.players
        self.hands[p].remove(card)
        self.trash[p].append(card)
        effect = g.cards[card].effect
        if effect == "reverse":
            self.direction = -self.direction
            return
        if effect == "hand_to_carriage":
            for q in range(n):
                if not self.dropped[q]:
                    self._pass_hand(q)
            return
        todo = [None] * n
        for q in range(n):
            if self.dropped[q]:
                continue
            if effect == "discard_hand" and self.hands[q]:
                todo[q] = "todo"
            elif effect == "discard_drawer" and self.drawers[q]:
                todo[q] = "todo"
            elif effect == "exchange" and self.stored[q] and any(
                    g.cards[c].kind == "building" for c in self.drawers[q]):
                todo[q] = "todo"
        if "todo" in todo:
            self.choices = todo
            self.spell_card, self.caster = card, p
            self.phase = "spell"

    def _apply_spell_choice(self, action: Action, p: int) -> None:
        self.choices[p] = action
        if "todo" in self.choices:
            return
        # All choices are in: apply them together ("All players simultaneously choose").
        for q, ch in enumerate(self.choices):
            if isinstance(ch, DiscardCard):
                src = self.hands[q] if ch.place == "hand" else self.drawers[q]
                src.remove(ch.card)
                self.trash[q].append(ch.card)
            elif isinstance(ch, Exchange):
                i = self.drawers[q].index(ch.drawer_card)
                j = next(k for k, (c, _) in enumerate(self.stored[q]) if c == ch.storage_card)
                on = self.stored[q][j][1]
                self.drawers[q][i] = ch.storage_card
                self.stored[q][j] = (ch.drawer_card, on)
        # "Then, the player who played the spell says 'I snap my fingers!'"
        self.choices = [None] * self.game.players
        self.spell_card, self.caster = None, -1
        self.phase = "planning"

    def _end_planning(self) -> None:
        g = self.game
        n = g.players
        cards = g.cards
        # Leftover round biscuits go back to the box (none are left: n-1 in a pile).
        self.box_biscuits += self.round_biscuits
        self.round_biscuits = 0
        # Shortfall: from the trash can, highest play order first, then the next player's
        # trash can in the turn order; spells not allowed; the cards leave the game.
        # Ruling: players settle it in turn order from the eldest.
        start = self.eldest
        for k in range(n):
            p = (start + k * self.direction) % n
            short = R.DRAWER - len(self.drawers[p])
            for j in range(n):
                if short <= 0:
                    break
                t = self.trash[(p + j * self.direction) % n]
                usable = sorted((c for c in t if cards[c].kind != "spell"),
                                key=lambda c: -cards[c].order)[:short]
                for c in usable:
                    t.remove(c)
                    self.box.append(c)
                short -= len(usable)
        self.box.sort()
        self.choices = ["todo" if self.drawers[p] else None for p in range(n)]
        self.phase = "reveal"
        if "todo" not in self.choices:
            self._start_building([])

    # -- building ------------------------------------------------------------------------
    def _apply_reveal(self, action: Reveal, p: int) -> None:
        self.choices[p] = action.card
        if "todo" in self.choices:
            return
        cards = self.game.cards
        shown = [(cards[c].order, p) for p, c in enumerate(self.choices) if c]
        order = [p for _, p in sorted(shown)]
        # Ruling: a player with nothing to reveal builds last (eldest first).
        order += [p for p in self.game.ages if p not in order]
        for p, c in enumerate(self.choices):
            if c:
                self.drawers[p].remove(c)
                self.trash[p].append(c)   # "The revealed cards go to their trash cans."
        self.choices = [None] * self.game.players
        self._start_building(order)

    def _start_building(self, order: list[int]) -> None:
        self.play_order = order or list(self.game.ages)
        self.turn = 0
        self.phase = "building"
        self.fam_pending = []
        self._settle_building()

    def _settle_building(self) -> None:
        """Skip what needs no decision: placements that cannot be made, and a turn with
        nothing left to build."""
        while self.phase == "building":
            p = self.play_order[self.turn]
            if self.fam_pending:
                if self.supply[p] == 0 or not self._familiar_areas(p, self.fam_pending[0]):
                    self.fam_pending.pop(0)
                    continue
                return
            if self.drawers[p] or self._storage_builds(p):
                return
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        self.fam_pending = []
        if self.turn >= len(self.play_order):
            self._end_round()

    def _end_round(self) -> None:
        if self.round >= R.ROUNDS:
            self.phase = "over"
            self.play_order, self.turn = [], 0
            return
        self.round += 1
        self._start_round()

    def _start_round(self) -> None:
        """1. Preparations Step: everything on the working boards and carriages is dealt
        again into equal decks (the remainder waits undealt: ruling), 8 cards each, and the
        round's biscuits."""
        g = self.game
        n = g.players
        pool = self.pool
        for p in range(n):
            pool.extend(self.hands[p])
            pool.extend(self.drawers[p])
            pool.extend(self.trash[p])
            pool.extend(self.carriages[p])
            self.hands[p], self.drawers[p], self.trash[p], self.carriages[p] = [], [], [], []
        pool.sort()
        self.known = {}
        size = len(pool) // n
        self.deck = [size] * n
        self.to_draw = [min(R.HAND, size)] * n
        self.round_biscuits = self.tray_[self.round - 1]
        self.tray_[self.round - 1] = 0
        self.dropped = [False] * n
        self.waits = [False] * n
        self.play_order, self.turn = [], 0
        self.phase = "deal" if any(self.to_draw) else "planning"

    def _stack_index(self, p: int, sid: str) -> int:
        for i, s in enumerate(self.villages[p]):
            if s.cards[0] == sid:
                return i
        return -1

    def _effects(self, p: int) -> set[str]:
        cards = self.game.cards
        return {e for s in self.villages[p] for e in R.stack_effects(s, cards)}

    def _storage_room(self, p: int) -> list[str]:
        cards = self.game.cards
        used: dict[str, int] = {}
        for _, on in self.stored[p]:
            used[on] = used.get(on, 0) + 1
        out = []
        for s in self.villages[p]:
            eff = R.stack_effects(s, cards)
            if "unlimited_storage" in eff or eff.count("storage") > used.get(s.id, 0):
                out.append(s.id)
        return out

    def _degrees(self, p: int) -> dict[str, int]:
        deg = {s.id: 0 for s in self.villages[p]}
        for _, a, b in self.pipes_[p]:
            deg[a] += 1
            deg[b] += 1
        return deg

    def _pipe_pairs(self, p: int, pipes: Sequence[tuple[str, str, str]]) -> list[tuple[str, str]]:
        """Pairs a pipe may join (ruling): two buildings not already joined, each with a
        free side (a building in the row has two sides)."""
        stacks = self.villages[p]
        deg = {s.id: 0 for s in stacks}
        for _, a, b in pipes:
            deg[a] += 1
            deg[b] += 1
        comp = {}
        for i, grp in enumerate(R.groups(stacks, pipes)):
            for sid in grp:
                comp[sid] = i
        ends = sorted(s for s, d in deg.items() if d < 2)
        return [(a, b) for i, a in enumerate(ends) for b in ends[i + 1:] if comp[a] != comp[b]]

    def _targets(self, p: int, card: str) -> list[str]:
        """Buildings a face-up building card may go on."""
        c = self.game.cards[card]
        cards = self.game.cards
        out = []
        for s in self.villages[p]:
            top = cards[s.cards[-1]]
            if len(s.cards) == 1 and s.down:
                if c.level == 2:
                    out.append(s.id)
            elif top.colour == c.colour and top.level == c.level - 1:
                out.append(s.id)
        return out

    def _storage_builds(self, p: int) -> bool:
        cards = self.game.cards
        return bool(self.stored[p]) and any(cards[c].kind == "building" for c, _ in self.stored[p])

    def _card_actions(self, p: int, card: str, from_storage: bool) -> list[Action]:
        c = self.game.cards[card]
        out: list[Action] = []
        if c.kind == "building":
            if c.level == 1:
                out.append(Build(card, ""))
            else:
                out.extend(Build(card, sid) for sid in self._targets(p, card))
            out.append(BuildFaceDown(card))
            if not from_storage:
                out.extend(Store(card, sid) for sid in self._storage_room(p))
        elif c.kind == "pipe":
            out.extend(Pipe(card, a, b) for a, b in self._pipe_pairs(p, self.pipes_[p]))
            if not out:
                out.append(Discard(card))
        else:  # a spell cannot reach a drawer; kept for data that breaks that
            out.append(Discard(card))
        return out

    def _familiar_areas(self, p: int, mode: str) -> list[str]:
        """Rules for placing familiars: outermost areas; areas connected to one with your
        familiar; never an occupied area. Flying familiar adds any unproductive area; the
        yellow Place familiar (unproductive) goes to an unproductive area only."""
        g = self.game
        placed = self.placed
        free = [a for a in g.areas if a not in placed]
        if mode == "unproductive":
            return [a for a in free if a in g.unproductive]
        mine = {a for a, q in placed.items() if q == p}
        near = {b for a in mine for b in g.forest[a].connects}
        flying = "flying" in self._effects(p)
        return [a for a in free if a in g.outermost or a in near
                or (flying and a in g.unproductive)]

    def _building_actions(self, p: int) -> list[Action]:
        if self.fam_pending:
            if self.supply[p] == 0:
                return [_SKIP]
            return [PlaceFamiliar(a) for a in self._familiar_areas(p, self.fam_pending[0])] \
                + [_SKIP]
        out: list[Action] = []
        for card in sorted(self.drawers[p]):
            out.extend(self._card_actions(p, card, False))
        for card, _ in sorted(self.stored[p]):
            if self.game.cards[card].kind == "building":
                out.extend(self._card_actions(p, card, True))
        if "move_pipes" in self._effects(p):
            for pipe, a, b in sorted(self.pipes_[p]):
                rest = [x for x in self.pipes_[p] if x[0] != pipe]
                out.extend(MovePipe(pipe, x, y) for x, y in self._pipe_pairs(p, rest)
                           if {x, y} != {a, b})
        if not self.drawers[p]:
            out.append(_FINISH)
        return out

    def _take_card(self, p: int, card: str) -> None:
        if card in self.drawers[p]:
            self.drawers[p].remove(card)
        else:
            self.stored[p] = [x for x in self.stored[p] if x[0] != card]

    def _apply_building(self, action: Action, p: int) -> None:
        g = self.game
        cls = action.__class__
        if cls is PlaceFamiliar:
            self.fam_pending.pop(0)
            self.placed[action.area] = p
            self.supply[p] -= 1
        elif cls is SkipFamiliar:
            self.fam_pending.pop(0)
        elif cls is Finish:
            self._next_turn()
        elif cls is Build:
            c = g.cards[action.card]
            self._take_card(p, action.card)
            village = self.villages[p]
            if not action.on:
                village.append(Stack((action.card,)))
            else:
                i = self._stack_index(p, action.on)
                village[i] = Stack(village[i].cards + (action.card,), village[i].down)
            grants = ["any"] * c.familiar
            if c.effect == "place_unproductive":
                grants.append("unproductive")
            if c.level == 3 and "breeding" in self._effects(p):
                grants.append("any")
            self.fam_pending.extend(grants)
        elif cls is BuildFaceDown:
            self._take_card(p, action.card)
            self.villages[p].append(Stack((action.card,), True))
        elif cls is Pipe:
            self.drawers[p].remove(action.card)
            self.pipes_[p].append((action.card, action.a, action.b))
        elif cls is MovePipe:
            self.pipes_[p] = [(c, action.a, action.b) if c == action.card else (c, a, b)
                              for c, a, b in self.pipes_[p]]
        elif cls is Store:
            self.drawers[p].remove(action.card)
            self.stored[p].append((action.card, action.on))
        elif cls is Discard:
            self.drawers[p].remove(action.card)
            self.trash[p].append(action.card)
        self._settle_building()

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action, player: int) -> None:
        self._cache = {}
        ph = self.phase
        if player == CHANCE:
            if ph == "deal":
                p = next(q for q in range(self.game.players) if self.to_draw[q])
                self.pool.remove(action.card)
                self.hands[p].append(action.card)
                self.deck[p] -= 1
                self.to_draw[p] -= 1
                if not any(self.to_draw):
                    self.phase = "planning"
            else:
                self._apply_setup(action)
            return
        if ph == "planning":
            self._apply_planning(action, player)
        elif ph == "spell":
            self._apply_spell_choice(action, player)
        elif ph == "reveal":
            self._apply_reveal(action, player)
        else:
            self._apply_building(action, player)

    def _apply_setup(self, action: Action) -> None:
        if isinstance(action, CommonObjective):
            self.common[0 if self.common[0] is None else 1] = action.tile
        else:
            p = self.personal.index(None)
            self.personal[p] = action.tile
            if None not in self.personal:
                self._start_round()

    # -- scoring -------------------------------------------------------------------------
    def resources(self, p: int) -> dict[str, int]:
        return R.resources_of([a for a, q in self.placed.items() if q == p], self.game.forest)

    def scores(self) -> list[dict]:
        """4. Scoring, for each seat: buildings (top cards), potions (level 3 Potion into
        VP), level5, objectives (single most only), biscuits (3 per VP)."""
        g = self.game
        n = g.players
        cards = g.cards
        res = [self.resources(p) for p in range(n)]
        out = []
        for p in range(n):
            stacks, pipes = self.villages[p], self.pipes_[p]
            vp_pot, extracted, _ = R.potions(stacks, pipes, res[p], cards)
            unprod = sum(1 for a, q in self.placed.items() if q == p and a in g.unproductive)
            out.append({"buildings": sum(R.stack_top_vp(s, cards) for s in stacks),
                        "potions": vp_pot,
                        "level5": R.level5_vp(stacks, pipes, len(self.stored[p]), unprod,
                                              extracted, cards),
                        "objectives": 0, "biscuits": self.bisc[p] // 3})
        tiles = g.options["objective_values"] == "tiles"
        for tile, owner in [(t, None) for t in self.common if t] + \
                [(t, p) for p, t in enumerate(self.personal) if t]:
            obj = g.data.objectives[tile]
            values = [R.objective_measure(obj.goal, self.villages[p], res[p], self.bisc[p],
                                          cards) for p in range(n)]
            leader = R.single_leader(values)
            if leader is not None and owner in (None, leader):
                out[leader]["objectives"] += obj.tile_vp if tiles else obj.vp
        for sc in out:
            sc["total"] = sum(sc.values())
        return out

    def winners(self) -> list[int]:
        """Most VP; ties by biscuits, then the youngest of those tied."""
        sc = self.scores()
        youngest = {p: i for i, p in enumerate(self.game.ages)}
        best = max(range(self.game.players),
                   key=lambda p: (sc[p]["total"], self.bisc[p], youngest[p]))
        return [best]

    # -- hidden information ----------------------------------------------------------------
    def _visible_cards(self, p: int) -> set[str]:
        vis: set[str] = set(self.box)
        for q in range(self.game.players):
            for s in self.villages[q]:
                vis.update(s.cards)
            vis.update(x[0] for x in self.pipes_[q])
            vis.update(self.trash[q])
        vis.update(self.hands[p])
        vis.update(self.drawers[p])
        vis.update(c for c, _ in self.stored[p])
        bit = 1 << p
        vis.update(c for c, m in self.known.items() if m & bit)
        return vis

    def _hidden_objectives(self, p: int) -> set[str]:
        g = self.game
        shown = {t for t in self.common if t}
        if self.personal[p]:
            shown.add(self.personal[p])
        return {o.id for o in g.data.objectives.values()
                if o.colour == "brown" and o.id not in shown}

    def hidden_from(self, player: int) -> set[str]:
        vis = self._visible_cards(player)
        return {c for c in self.game.card_ids if c not in vis} | \
            self._hidden_objectives(player)

    def observation(self, player: int) -> dict:
        p = player
        n = self.game.players
        return {
            "viewer": p, "phase": self.phase, "round": self.round, "direction": self.direction,
            "side": self.side,
            "hand": sorted(self.hands[p]), "hand_sizes": [len(h) for h in self.hands],
            "drawer": sorted(self.drawers[p]), "drawer_sizes": [len(d) for d in self.drawers],
            "storage": [list(x) for x in sorted(self.stored[p])],
            "storage_sizes": [len(s) for s in self.stored],
            "deck_sizes": list(self.deck),
            "carriages": [len(c) for c in self.carriages],
            "carriage_known": [sorted(self.carriage_known(i, p)) for i in range(n)],
            "trash": [list(t) for t in self.trash], "box": sorted(self.box),
            "villages": [[{"cards": list(s.cards), "down": s.down} for s in v]
                         for v in self.villages],
            "pipes": [[list(x) for x in v] for v in self.pipes_],
            "forest": dict(sorted(self.placed.items())), "supply": list(self.supply),
            "biscuits": list(self.bisc), "round_biscuits": self.round_biscuits,
            "tray": list(self.tray_), "box_biscuits": self.box_biscuits,
            "common": list(self.common), "personal": self.personal[p],
            "dropped": list(self.dropped), "waiting": list(self.waits),
            "spell": self.spell, "play_order": list(self.play_order),
            "builder": self.builder, "my_choice": self._choice_json(self.choices[p]),
            "chosen": [c not in (None, "todo") for c in self.choices],
            "familiars_owed": list(self.fam_pending),
            # Public counts a determinization needs (search.determinize): which buildings
            # hold a face-down stored card (the board shows "N stored" on each), who still
            # has a secret choice to make, draws owed while dealing, and who holds a
            # face-down personal objective.
            "storage_on": [sorted(on for _, on in v) for v in self.stored],
            "to_choose": [c == "todo" for c in self.choices],
            "to_draw": list(self.to_draw),
            "personal_dealt": [t is not None for t in self.personal],
        }

    def components(self) -> dict[str, list[str]]:
        g = self.game
        n = g.players
        cards = list(self.pool) + list(self.box)
        for p in range(n):
            cards += self.hands[p] + self.drawers[p] + self.carriages[p] + self.trash[p]
            cards += [c for c, _ in self.stored[p]] + [x[0] for x in self.pipes_[p]]
            cards += [c for s in self.villages[p] for c in s.cards]
        objectives = [t for t in self.common if t] + [t for t in self.personal if t]
        objectives += [o for o in g.data.objectives if o not in objectives]
        fams: list[str] = []
        for q in range(4):
            ids = g.familiar_ids(q)
            if q < n:
                count = self.supply[q] + 1 + sum(1 for x in self.placed.values() if x == q)
                fams += ids[:count]
            else:
                fams += ids
        bisc = sum(self.bisc) + sum(self.tray_) + self.round_biscuits + self.box_biscuits
        return {"card": sorted(cards), "objective": sorted(objectives),
                "familiar": sorted(fams), "biscuit": ["biscuit"] * bisc}

    # -- copies and saves ------------------------------------------------------------------
    def clone(self) -> MagicalState:
        s = MagicalState.__new__(MagicalState)
        s.game = self.game
        s.phase, s.round, s.direction = self.phase, self.round, self.direction
        s.pool = list(self.pool)
        s.deck, s.to_draw = list(self.deck), list(self.to_draw)
        s.hands = [list(x) for x in self.hands]
        s.drawers = [list(x) for x in self.drawers]
        s.carriages = [list(x) for x in self.carriages]
        s.known = dict(self.known)
        s.trash = [list(x) for x in self.trash]
        s.box = list(self.box)
        s.villages = [list(x) for x in self.villages]
        s.pipes_ = [list(x) for x in self.pipes_]
        s.stored = [list(x) for x in self.stored]
        s.placed = dict(self.placed)
        s.supply, s.tray_, s.bisc = list(self.supply), list(self.tray_), list(self.bisc)
        s.round_biscuits, s.box_biscuits = self.round_biscuits, self.box_biscuits
        s.common, s.personal = list(self.common), list(self.personal)
        s.dropped, s.waits = list(self.dropped), list(self.waits)
        s.spell_card, s.caster = self.spell_card, self.caster
        s.choices = list(self.choices)
        s.play_order, s.turn = list(self.play_order), self.turn
        s.fam_pending = list(self.fam_pending)
        s._cache = dict(self._cache)
        return s

    @staticmethod
    def _choice_json(ch: Any) -> Any:
        if ch is None or isinstance(ch, str):
            return ch
        return ch.to_json()

    def to_json(self) -> dict:
        return {
            "phase": self.phase, "round": self.round, "direction": self.direction,
            "pool": list(self.pool), "deck": list(self.deck), "to_draw": list(self.to_draw),
            "hands": [list(x) for x in self.hands], "drawers": [list(x) for x in self.drawers],
            "carriages": [list(x) for x in self.carriages],
            "known": {c: self.known[c] for c in sorted(self.known)},
            "trash": [list(x) for x in self.trash], "box": list(self.box),
            "villages": [[{"cards": list(s.cards), "down": s.down} for s in v]
                         for v in self.villages],
            "pipes": [[list(x) for x in v] for v in self.pipes_],
            "storage": [[list(x) for x in v] for v in self.stored],
            "forest": dict(sorted(self.placed.items())), "supply": list(self.supply),
            "tray": list(self.tray_), "biscuits": list(self.bisc),
            "round_biscuits": self.round_biscuits, "box_biscuits": self.box_biscuits,
            "common": list(self.common), "personal": list(self.personal),
            "dropped": list(self.dropped), "waiting": list(self.waits),
            "spell": self.spell_card, "caster": self.caster,
            "choices": [self._choice_json(c) for c in self.choices],
            "play_order": list(self.play_order), "turn": self.turn,
            "familiars_owed": list(self.fam_pending),
        }

    # -- explaining -------------------------------------------------------------------------
    def narrate(self, action: Action, by: int | None = None) -> str:
        g = self.game
        if isinstance(action, DrawCard):
            p = next((q for q in range(g.players) if self.to_draw[q]), 0)
            return f"{g.player_name(p)} draws a card"
        if isinstance(action, PersonalObjective):
            p = self.personal.index(None) if None in self.personal else 0
            return f"{g.player_name(p)} takes a personal objective face down"
        if by is None or by < 0:
            return super().narrate(action, by)
        name = g.player_name(by)
        if isinstance(action, Place):
            return f"{name} puts a card in the drawer and passes the rest on"
        if isinstance(action, Reveal):
            if self.choices.count("todo") > 1:
                return f"{name} chooses a play-order card face down"
            chosen = list(self.choices)
            chosen[by] = action.card
            shown = ", ".join(f"{g.player_name(q)} {c} ({g.cards[c].order})"
                              for q, c in enumerate(chosen) if c)
            return f"{name} chooses a play-order card; all revealed: {shown}"
        if isinstance(action, (DiscardCard, Exchange, KeepStorage)):
            return f"{name} makes a choice for the spell"
        return super().narrate(action, by)

    def __repr__(self) -> str:
        return f"<MagicalState {self.game.players}p round {self.round} {self.phase}>"

    def explain(self, action: Action, by: int | None = None) -> str:
        """Why ``action`` is allowed, citing the rulebook (and the rulings, R1...)."""
        why = _EXPLAIN.get(action.KIND)
        return f"{action} — {why}" if why else str(action)

    def why_illegal(self, action: Action, by: int | None = None) -> str:
        if isinstance(action, Place) and by is not None and by in self.actors() \
                and self.phase == "planning" and action.card in self.hands[by] \
                and self.game.cards[action.card].kind == "spell":
            return (f"{action} is not allowed: Planning Step, 'Choose one non-spell planning "
                    "card' (a spell is cast or discarded with the hand)")
        if isinstance(action, (Take, DrawFour)) and by is not None and self.phase == "planning" \
                and 0 <= by < self.game.players:
            if self.hands[by]:
                return f"{action} is not allowed: only players with no cards in hand may"
            if len(self.drawers[by]) >= R.DRAWER:
                return f"{action} is not allowed: only with fewer than 5 cards in the drawer"
        if isinstance(action, Wait) and self.phase == "planning" and self._forced():
            return ("Wait is not allowed: everyone is waiting, so the eldest must move "
                    "(Planning Step)")
        return super().why_illegal(action, by)


_EXPLAIN = {
    "common_objective": "Preparations 3: 1 brown and 1 green common objective, drawn at random",
    "personal_objective": "Preparations 8: each player takes a brown tile face down",
    "draw_card": "a draw from your deck: every undealt card equally likely (ruling R1)",
    "place": "Planning Step: place one non-spell card in your drawer and the rest on the "
             "carriage in the turn direction",
    "take": "Planning Step: with no cards in hand and fewer than 5 in the drawer, take the "
            "cards from the carriage against the turn direction",
    "draw_four": "Planning Step: with no cards in hand and fewer than 5 in the drawer, draw 4",
    "discard_hand": "Planning Step: a hand holding a spell may go to the trash, spell on top",
    "cast": "Planning Step: use the special power of a spell; everyone still planning stops",
    "drop_out": "Planning Step: 'I'm done!' - take one of this round's biscuits if any are left",
    "give_biscuit": "Planning Step: a biscuit to a dropped-out player moves the cards past them",
    "wait": "Planning Step: you need not act at once; when everyone waits the eldest moves "
            "(ruling R4)",
    "discard_card": "the spell: every player still planning chooses a card to discard",
    "exchange": "the spell: switch one drawer card and one storage card",
    "keep_storage": "the spell: the exchange is not mandatory",
    "reveal": "Building Step 1: everyone reveals a drawer card; lowest number builds first",
    "build": "Building Step 2: level 1 beside the others; levels 2-5 on the same colour one "
             "level lower",
    "build_face_down": "Building Step 2: any building may be flipped face down as [VP 0, level 1]",
    "pipe": "Building Step 2: pipes connect two buildings (ruling R10)",
    "move_pipe": "Blue level 4 [move pipes]",
    "store": "Building Step 2: a Storage holds 1 card (purple level 4: any number)",
    "discard": "ruling R9: a card with no possible use may not stay in the drawer",
    "place_familiar": "Rules for placing familiars: outermost, connected, never occupied",
    "skip_familiar": "'the player can place' a familiar: it is optional",
    "finish": "Building Step 2: the drawer is empty; the turn ends",
}


# -- reading saves ----------------------------------------------------------------------------
_KEYS = {"phase", "round", "direction", "pool", "deck", "to_draw", "hands", "drawers",
         "carriages", "known", "trash", "box", "villages", "pipes", "storage", "forest",
         "supply", "tray", "biscuits", "round_biscuits", "box_biscuits", "common", "personal",
         "dropped", "waiting", "spell", "caster", "choices", "play_order", "turn",
         "familiars_owed"}


def _from_json(game: MagicalGame, data: Any) -> MagicalState:
    g = game
    n = g.players
    W = "magical"
    d = expect_dict(data, W, _KEYS)
    ids = g.card_ids
    idset = set(ids)

    def card(v: Any, where: str) -> str:
        if not isinstance(v, str) or v not in idset:
            raise RuleError(f"{W}.{where}: {quote(v, 30)} is not a planning card id")
        return v

    def cards(v: Any, where: str) -> list[str]:
        return [card(x, f"{where}[{i}]") for i, x in enumerate(expect_list(v, f"{W}.{where}"))]

    def per_seat(key: str) -> list:
        return expect_list(d[key], f"{W}.{key}", n)

    def ints(key: str, lo: int, hi: int, length: int = n) -> list[int]:
        return [expect_int(x, f"{W}.{key}[{i}]", lo, hi)
                for i, x in enumerate(expect_list(d[key], f"{W}.{key}", length))]

    s = MagicalState(g)
    s.phase = expect_str(d["phase"], f"{W}.phase", PHASES)
    s.round = expect_int(d["round"], f"{W}.round", 1, R.ROUNDS)
    s.direction = expect_int(d["direction"], f"{W}.direction", -1, 1)
    if s.direction == 0:
        raise RuleError(f"{W}.direction: 1 (clockwise) or -1 (anticlockwise), got 0")
    s.pool = cards(d["pool"], "pool")
    if s.pool != sorted(s.pool):
        raise RuleError(f"{W}.pool: the undealt cards are kept sorted")
    s.deck = ints("deck", 0, R.PLANNING_CARDS)
    s.to_draw = ints("to_draw", 0, R.HAND)
    s.hands = [cards(x, f"hands[{i}]") for i, x in enumerate(per_seat("hands"))]
    s.drawers = [cards(x, f"drawers[{i}]") for i, x in enumerate(per_seat("drawers"))]
    s.carriages = [cards(x, f"carriages[{i}]") for i, x in enumerate(per_seat("carriages"))]
    known = expect_dict(d["known"], f"{W}.known")
    on_carriages = {c for car in s.carriages for c in car}
    s.known = {}
    for c, m in known.items():
        card(c, "known")
        if c not in on_carriages:
            raise RuleError(f"{W}.known: {c} is not on a carriage")
        s.known[c] = expect_int(m, f"{W}.known[{c}]", 0, (1 << n) - 1)
    s.trash = [cards(x, f"trash[{i}]") for i, x in enumerate(per_seat("trash"))]
    s.box = cards(d["box"], "box")
    s.villages = []
    for p, v in enumerate(per_seat("villages")):
        vil = []
        for i, b in enumerate(expect_list(v, f"{W}.villages[{p}]")):
            bd = expect_dict(b, f"{W}.villages[{p}][{i}]", {"cards", "down"})
            cs = cards(bd["cards"], f"villages[{p}][{i}].cards")
            if not cs:
                raise RuleError(f"{W}.villages[{p}][{i}].cards: a building has a card")
            vil.append(Stack(tuple(cs), expect_bool(bd["down"], f"{W}.villages[{p}][{i}].down")))
        _check_village(g, vil, f"{W}.villages[{p}]")
        s.villages.append(vil)
    s.pipes_ = []
    for p, v in enumerate(per_seat("pipes")):
        sids = {x.id for x in s.villages[p]}
        out = []
        for i, x in enumerate(expect_list(v, f"{W}.pipes[{p}]")):
            x = expect_list(x, f"{W}.pipes[{p}][{i}]", 3)
            c = card(x[0], f"pipes[{p}][{i}]")
            if g.cards[c].kind != "pipe" or not all(isinstance(y, str) and y in sids
                                                     for y in x[1:]) or x[1] == x[2]:
                raise RuleError(f"{W}.pipes[{p}][{i}]: a pipe card joining two buildings of "
                                f"the village, got {quote(x, 60)}")
            out.append((c, x[1], x[2]))
        s.pipes_.append(out)
    s.stored = []
    for p, v in enumerate(per_seat("storage")):
        sids = {x.id for x in s.villages[p]}
        out2 = []
        for i, x in enumerate(expect_list(v, f"{W}.storage[{p}]")):
            x = expect_list(x, f"{W}.storage[{p}][{i}]", 2)
            c = card(x[0], f"storage[{p}][{i}]")
            if not isinstance(x[1], str) or x[1] not in sids:
                raise RuleError(f"{W}.storage[{p}][{i}]: {quote(x[1], 20)} is not a building "
                                "of the village")
            out2.append((c, x[1]))
        s.stored.append(out2)
    placed = expect_dict(d["forest"], f"{W}.forest")
    for a, q in placed.items():
        if a not in g.forest:
            raise RuleError(f"{W}.forest: {quote(a, 20)} is not an area of the forest")
        s.placed[a] = expect_int(q, f"{W}.forest[{a}]", 0, n - 1)
    s.supply = ints("supply", 0, R.BOARD_FAMILIARS)
    for p in range(n):
        if s.supply[p] + sum(1 for q in s.placed.values() if q == p) != R.BOARD_FAMILIARS:
            raise RuleError(f"{W}.supply[{p}]: board familiars plus familiars in the forest "
                            f"must be {R.BOARD_FAMILIARS}")
    s.tray_ = ints("tray", 0, R.BISCUITS, 4)
    s.bisc = ints("biscuits", 0, R.BISCUITS)
    s.round_biscuits = expect_int(d["round_biscuits"], f"{W}.round_biscuits", 0, R.BISCUITS)
    s.box_biscuits = expect_int(d["box_biscuits"], f"{W}.box_biscuits", 0, R.BISCUITS)
    total = sum(s.tray_) + sum(s.bisc) + s.round_biscuits + s.box_biscuits
    if total != R.BISCUITS:
        raise RuleError(f"{W}.biscuits: the game has {R.BISCUITS} biscuits; these fields "
                        f"hold {total}")
    objs = g.data.objectives
    common = expect_list(d["common"], f"{W}.common", 2)
    personal = per_seat("personal")
    for where, v in [(f"common[{i}]", x) for i, x in enumerate(common)] + \
            [(f"personal[{i}]", x) for i, x in enumerate(personal)]:
        if v is not None and (not isinstance(v, str) or v not in objs):
            raise RuleError(f"{W}.{where}: {quote(v, 30)} is not an objective tile id")
    s.common, s.personal = list(common), list(personal)
    used = [t for t in s.common + s.personal if t]
    if len(set(used)) != len(used):
        raise RuleError(f"{W}.personal: an objective tile is used twice")
    if s.common[0] is not None and objs[s.common[0]].colour != "brown" or \
            s.common[1] is not None and objs[s.common[1]].colour != "green" or \
            any(t is not None and objs[t].colour != "brown" for t in s.personal):
        raise RuleError(f"{W}.common: 1 brown and 1 green common objective; personal "
                        "objectives are brown")
    s.dropped = [expect_bool(x, f"{W}.dropped") for x in per_seat("dropped")]
    s.waits = [expect_bool(x, f"{W}.waiting") for x in per_seat("waiting")]
    spell = d["spell"]
    s.spell_card = None if spell is None else card(spell, "spell")
    s.caster = expect_int(d["caster"], f"{W}.caster", -1, n - 1)
    s.choices = []
    for i, ch in enumerate(per_seat("choices")):
        if ch is None or ch == "todo":
            s.choices.append(ch)
        elif isinstance(ch, str):
            s.choices.append(card(ch, f"choices[{i}]"))
        else:
            a = g.action_from_json(ch)
            if not isinstance(a, (DiscardCard, Exchange, KeepStorage)):
                raise RuleError(f"{W}.choices[{i}]: a spell choice, got {a.KIND}")
            s.choices.append(a)
    s.play_order = [expect_int(x, f"{W}.play_order", 0, n - 1)
                    for x in expect_list(d["play_order"], f"{W}.play_order")]
    s.turn = expect_int(d["turn"], f"{W}.turn", 0, n)
    s.fam_pending = [expect_str(x, f"{W}.familiars_owed", ("any", "unproductive"))
                     for x in expect_list(d["familiars_owed"], f"{W}.familiars_owed", None)]
    # Every card exactly once.
    got = sorted(s.components()["card"])
    if got != list(ids):
        seen: set[str] = set()
        twice = sorted({c for c in got if c in seen or seen.add(c)})
        missing = sorted(idset - set(got))
        raise RuleError(f"{W}: every planning card must be in exactly one place; twice: "
                        f"{', '.join(twice[:5]) or 'none'}; missing: "
                        f"{', '.join(missing[:5]) or 'none'}")
    _check_phase(s)
    return s


def _check_village(g: MagicalGame, vil: list[Stack], where: str) -> None:
    cards = g.cards
    for i, st in enumerate(vil):
        for k, c in enumerate(st.cards):
            card = cards[c]
            if card.kind != "building":
                raise RuleError(f"{where}[{i}]: {c} is not a building")
            if k == 0:
                if not st.down and card.level != 1:
                    raise RuleError(f"{where}[{i}]: a building starts with a level 1 card "
                                    "or a card face down")
                continue
            below = cards[st.cards[k - 1]]
            if k == 1 and st.down:
                ok = card.level == 2
            else:
                ok = card.level == below.level + 1 and card.colour == below.colour
            if not ok:
                raise RuleError(f"{where}[{i}]: {c} cannot stand on {below.id} (same colour, "
                                "one level higher; any level 2 on a face-down card)")


def _check_phase(s: MagicalState) -> None:
    W = "magical"
    n = s.game.players
    if s.phase == "setup":
        if None not in s.common + s.personal:
            raise RuleError(f"{W}.phase: 'setup' still has objectives to draw")
        objs = s.game.data.objectives.values()
        brown_left = sum(1 for o in objs if o.colour == "brown"
                         and o.id not in s.common + s.personal)
        if brown_left < s.personal.count(None) + (s.common[0] is None):
            raise RuleError(f"{W}.personal: not enough brown tiles left to deal")
    elif None in s.common + s.personal:
        raise RuleError(f"{W}.common: objectives are all drawn after the set-up")
    if s.phase == "deal" and (not any(s.to_draw) or not s.pool):
        raise RuleError(f"{W}.phase: 'deal' needs cards to draw")
    if any(s.to_draw[p] and s.dropped[p] for p in range(n)):
        raise RuleError(f"{W}.to_draw: a dropped-out player draws no cards")
    if s.phase != "deal" and any(s.to_draw):
        raise RuleError(f"{W}.to_draw: draws are owed only in the 'deal' phase")
    if any(s.to_draw[p] > s.deck[p] for p in range(n)):
        raise RuleError(f"{W}.to_draw: more draws than cards in the deck")
    if sum(s.deck) > len(s.pool):
        raise RuleError(f"{W}.deck: the decks hold more cards than the undealt pool")
    if s.phase == "spell":
        if s.spell_card is None or "todo" not in s.choices:
            raise RuleError(f"{W}.spell: the 'spell' phase has a spell and choices to make")
        effect = s.game.cards[s.spell_card].effect
        if effect not in ("discard_hand", "discard_drawer", "exchange") or \
                s.caster < 0 or s.spell_card not in s.trash[s.caster]:
            raise RuleError(f"{W}.spell: a discard or exchange spell in the caster's trash can")
        for p, ch in enumerate(s.choices):
            if ch is None:
                continue
            if isinstance(ch, str) and ch != "todo":
                raise RuleError(f"{W}.choices[{p}]: a spell choice, got a card")
            if s.dropped[p]:
                raise RuleError(f"{W}.choices[{p}]: a dropped-out player is not affected")
            need = (s.hands[p] if effect == "discard_hand" else s.drawers[p]
                    if effect == "discard_drawer" else s.stored[p])
            if not need:
                raise RuleError(f"{W}.choices[{p}]: this player has nothing to choose")
            ok = ch == "todo" or (
                isinstance(ch, DiscardCard) and effect != "exchange"
                and ch.place == ("hand" if effect == "discard_hand" else "drawer")
                and ch.card in need) or (
                effect == "exchange" and (isinstance(ch, KeepStorage) or isinstance(
                    ch, Exchange) and ch.drawer_card in s.drawers[p]
                    and s.game.cards[ch.drawer_card].kind == "building"
                    and any(c == ch.storage_card for c, _ in s.stored[p])))
            if not ok:
                raise RuleError(f"{W}.choices[{p}]: not a choice this spell allows")
    elif s.spell_card is not None:
        raise RuleError(f"{W}.spell: a spell is in play only in the 'spell' phase")
    if s.phase == "reveal":
        if "todo" not in s.choices or any(isinstance(c, Action) for c in s.choices):
            raise RuleError(f"{W}.choices: the 'reveal' phase has play-order cards to choose")
        for p, c in enumerate(s.choices):
            if c == "todo" and not s.drawers[p]:
                raise RuleError(f"{W}.choices[{p}]: a player with an empty drawer reveals "
                                "nothing")
            if isinstance(c, str) and c != "todo" and c not in s.drawers[p]:
                raise RuleError(f"{W}.choices[{p}]: the chosen card is in the drawer")
    elif s.phase not in ("spell",) and any(c is not None for c in s.choices):
        raise RuleError(f"{W}.choices: choices are pending only in the spell and reveal phases")
    if s.phase == "building":
        if sorted(s.play_order) != list(range(n)) or s.turn >= n:
            raise RuleError(f"{W}.play_order: every seat once, and a turn within it")
    elif s.play_order or s.turn:
        raise RuleError(f"{W}.play_order: only in the building step")
    if s.fam_pending and s.phase != "building":
        raise RuleError(f"{W}.familiars_owed: only in the building step")
    if s.phase in ("planning", "spell") and all(s.dropped):
        raise RuleError(f"{W}.dropped: the planning step ends when everyone is done")
    for p in range(n):
        if len(s.drawers[p]) > R.DRAWER:
            raise RuleError(f"{W}.drawers[{p}]: at most {R.DRAWER} cards")
        for c, _ in s.stored[p]:
            if s.game.cards[c].kind != "building":
                raise RuleError(f"{W}.storage[{p}]: only buildings are stored")
        for c in s.drawers[p]:
            if s.game.cards[c].kind == "spell":
                raise RuleError(f"{W}.drawers[{p}]: a spell never goes in a drawer")
