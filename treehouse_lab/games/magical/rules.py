"""Magical Treehouse's rules as data and small pure functions: the components, the
vocabulary of card effects, and scoring (rulebook: "4. Scoring").

Why separate from the state: scoring is asked for at every state (``scores()`` is valid
before the end) and by the notebook for made-up positions, so it reads plain values
(villages, familiars, biscuits) and never the state's bookkeeping.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from ...core.kinds import Vocabulary, one_of
from ...errors import RuleError, quote

COLOURS = ("red", "yellow", "blue", "purple", "green")
RESOURCES = ("apples", "webs", "shrooms", "tails", "fangs")
#: Stand-in: which resource makes which colour of potion (the rulebook speaks of "the
#: specified resource colour" without a table).
RESOURCE_COLOUR = {"apples": "red", "shrooms": "yellow", "webs": "blue", "fangs": "purple",
                   "tails": "green"}
COLOUR_RESOURCE = {c: r for r, c in RESOURCE_COLOUR.items()}

# Rulebook: Components.
PLANNING_CARDS = 96
BUILDINGS = 80
PIPES = 8
SPELLS = 8
OBJECTIVES = 10
BROWN_OBJECTIVES = 5
FOREST_TILES = 6
FAMILIARS = 40
FAMILIARS_PER_PATTERN = 10
BOARD_FAMILIARS = 9          # Preparations 7: 9 on the working board, 1 on the turn order tile
BISCUITS = 20
START_BISCUITS = 2           # Preparations 9
PILE_SIZE = {3: 2, 4: 3}     # Preparations 5: 4 piles of 2 (3 players) or 3 (4 players)
ROUNDS = 4
HAND = 8                     # 1. Preparations Step: draw 8
DRAW = 4                     # 2. Planning Step: draw 4
DRAWER = 5                   # 2. Planning Step: 5 planning cards in the drawer

#: The spell effects (Planning Step: "use the special power of a spell").
SPELL_EFFECTS = ("reverse", "hand_to_carriage", "discard_hand", "discard_drawer", "exchange")
#: Level 4 effects by colour; level 5 effects by colour (rulebook: Building Step and
#: "VP Effects of Level 5 Buildings").
LEVEL4 = {"red": ("breeding",), "yellow": ("flying", "place_unproductive"),
          "blue": ("move_pipes",), "purple": ("unlimited_storage",),
          "green": ("three_potions",)}
LEVEL5 = {"red": "vp_level3", "yellow": "vp_unproductive", "blue": "vp_pipes",
          "purple": "vp_storage", "green": "vp_potion_colours"}
GOALS = ("biscuits", "level2plus", "any_resource", "colours", "level1",
         *(f"resource:{r}" for r in RESOURCES))


# -- The vocabulary of card effects (rulebook: Building Step, "VP Effects of Level 3/5
# Buildings", spells in the Planning Step) ---------------------------------------------------
#
# Card data names an effect by one word, with the colour after a colon where it takes one
# ("storage", "extract:red"). Each word is a term of EFFECTS: its sentence (``text``) and
# the record of what it does (:class:`Effect`, with the board's short label), defined
# together, so the engine, the card texts and the board read the same term. A term is
# evaluated without a subject (None): an effect does the same for whoever has built it.


class VillageFacts(NamedTuple):
    """What a level 5 building counts in its village (4. Scoring)."""

    level3: int                 # level 3 buildings
    unproductive: int           # familiars in unproductive areas
    pipes: int                  # pipes built
    stored: int                 # cards in storage
    extracted: frozenset        # potion colours extracted


@dataclass(frozen=True)
class Effect:
    """What one effect does, read by the code that carries out the rule it names. Every
    field but the words is empty for an effect that does not do that thing."""

    word: str = ""              # as card data names it: "extract:red"
    text: str = ""              # the sentence (card descriptions, tooltips, spell banner)
    short: str = ""             # the label on a card drawn on the board
    extracts: str = ""          # level 1: with 2 of its resource, this potion is supplied
    potion_vp: str = ""         # level 3: supplied with this potion, it scores ``points``
    points: int = 0
    changes: tuple[str, frozenset] | None = None   # green 4: potion supplied -> these too
    storage: float = 0          # storage places it gives (purple 4: any number)
    familiars: tuple[str, ...] = ()   # placements granted when it is built (yellow 4)
    breeding: bool = False      # red 4: a level 3 built grants a familiar
    flying: bool = False        # yellow 4: familiars may fly to unproductive areas
    moves_pipes: bool = False   # blue 4: built pipes may be moved
    scores: Callable[[VillageFacts], int] | None = None   # level 5: its VP
    reverses: bool = False      # spell: the turn order switches direction
    hands_to_carriage: bool = False   # spell: every hand goes on the carriage
    discards_from: str = ""     # spell: everyone discards a card from here (DiscardCard.place)
    exchanges: bool = False     # spell: everyone may swap a drawer and a storage card


#: The state field (and save key) a DiscardCard's ``place`` names.
PILES = {"hand": "hands", "drawer": "drawers"}
#: Who sees the trash cans (ruling R18, option ``trash``): "all", every card; "top", the
#: top card of each pile and the cards everyone saw on top (a discarded hand lies "in one
#: pile, face up, with the spell card on top, visible").
TRASH_RULES = ("all", "top")
#: A card without an effect (a pipe).
NO_EFFECT = Effect()
EFFECTS: Vocabulary[Effect] = Vocabulary("card effect")
COLOUR = one_of(*COLOURS)
#: "Change 3 coloured potion": purple supplied adds red, blue and yellow.
THREE_POTIONS = ("purple", frozenset({"red", "blue", "yellow"}))


@EFFECTS.define("extract", text=lambda colour: f"Extract {colour} potion", colour=COLOUR)
def _extract(subject: Any, colour: str) -> Effect:
    return Effect(short=f"extract {colour}", extracts=colour)


@EFFECTS.define("storage", text=lambda: "Storage (1 card)")
def _storage(subject: Any) -> Effect:
    return Effect(short="storage", storage=1)


@EFFECTS.define("potion_vp", text=lambda colour: f"{colour.capitalize()} potion into VP",
                colour=COLOUR)
def _potion_vp(subject: Any, colour: str) -> Effect:
    return Effect(short=f"{colour}→VP", potion_vp=colour, points=3)


@EFFECTS.define("breeding", text=lambda: "Breeding familiar")
def _breeding(subject: Any) -> Effect:
    return Effect(short="breeding", breeding=True)


@EFFECTS.define("flying", text=lambda: "Flying familiar")
def _flying(subject: Any) -> Effect:
    return Effect(short="flying", flying=True)


@EFFECTS.define("place_unproductive", text=lambda: "Place familiar (unproductive area)")
def _place_unproductive(subject: Any) -> Effect:
    return Effect(short="place familiar", familiars=("unproductive",))


@EFFECTS.define("move_pipes", text=lambda: "Move pipes")
def _move_pipes(subject: Any) -> Effect:
    return Effect(short="move pipes", moves_pipes=True)


@EFFECTS.define("unlimited_storage", text=lambda: "Unlimited storage")
def _unlimited_storage(subject: Any) -> Effect:
    return Effect(short="storage ∞", storage=math.inf)


@EFFECTS.define("three_potions", text=lambda: "Change 3 coloured potion")
def _three_potions(subject: Any) -> Effect:
    return Effect(short="3 potions", changes=THREE_POTIONS)


@EFFECTS.define("vp_level3", text=lambda: "1 VP per level 3 building")
def _vp_level3(subject: Any) -> Effect:
    return Effect(short="VP/lvl 3", scores=lambda f: f.level3)


@EFFECTS.define("vp_unproductive", text=lambda: "1 VP per familiar in an unproductive area")
def _vp_unproductive(subject: Any) -> Effect:
    return Effect(short="VP/unprod", scores=lambda f: f.unproductive)


@EFFECTS.define("vp_pipes", text=lambda: "1 VP per pipe")
def _vp_pipes(subject: Any) -> Effect:
    return Effect(short="VP/pipe", scores=lambda f: f.pipes)


@EFFECTS.define("vp_storage", text=lambda: "1 VP per card in storage")
def _vp_storage(subject: Any) -> Effect:
    return Effect(short="VP/stored", scores=lambda f: f.stored)


@EFFECTS.define("vp_potion_colours", text=lambda: "1 VP per colour of potion extracted")
def _vp_potion_colours(subject: Any) -> Effect:
    return Effect(short="VP/potion", scores=lambda f: min(5, len(f.extracted)))


@EFFECTS.define("reverse", text=lambda: "turn order switches direction")
def _reverse(subject: Any) -> Effect:
    return Effect(short="reverse direction", reverses=True)


@EFFECTS.define("hand_to_carriage", text=lambda: "everyone puts their hand on the carriage")
def _hand_to_carriage(subject: Any) -> Effect:
    return Effect(short="hands to carriage", hands_to_carriage=True)


@EFFECTS.define("discard_hand", text=lambda: "everyone discards a hand card")
def _discard_hand(subject: Any) -> Effect:
    return Effect(short="discard a hand card", discards_from="hand")


@EFFECTS.define("discard_drawer", text=lambda: "everyone discards a drawer card")
def _discard_drawer(subject: Any) -> Effect:
    return Effect(short="discard a drawer card", discards_from="drawer")


@EFFECTS.define("exchange",
                text=lambda: "everyone may exchange a drawer card with a storage card")
def _exchange(subject: Any) -> Effect:
    return Effect(short="drawer/storage swap", exchanges=True)


def effect_data(word: str) -> dict[str, str]:
    """A card's effect word as the vocabulary's table: "extract:red" is
    ``{kind = "extract", colour = "red"}``."""
    name, colon, colour = word.partition(":")
    return {"kind": name, "colour": colour} if colon else {"kind": name}


_POWERS: dict[str, Effect] = {}


def power(word: str, where: str = "card effect") -> Effect:
    """The effect a card's word names, checked against the vocabulary (a RuleError naming
    ``where`` for an unknown word), with its words filled in; made once per word."""
    got = _POWERS.get(word)
    if got is None:
        if not isinstance(word, str):
            raise RuleError(f"{where}: expected an effect word, got {quote(word, 30)}")
        data = EFFECTS.check(effect_data(word), where)
        got = replace(EFFECTS.evaluate(data, None), word=word, text=EFFECTS.text(data))
        _POWERS[word] = got
    return got


@dataclass(frozen=True)
class Card:
    """A planning card. ``kind`` is building, pipe or spell; ``order`` the play order
    number (0 for spells); ``familiar`` the familiar position icon (placements when built
    face up); ``effect`` a word of the vocabulary (``extract:red``, ``storage``...)."""

    id: str
    kind: str
    colour: str = ""
    level: int = 0
    vp: int = 0
    familiar: int = 0
    order: int = 0
    effect: str = ""

    @property
    def power(self) -> Effect:
        """What the effect does and its words (``effects.py``); a pipe has none."""
        return power(self.effect) if self.effect else NO_EFFECT

    def describe(self) -> str:
        if self.kind == "pipe":
            return f"pipe, order {self.order}"
        if self.kind == "spell":
            return f"spell: {self.power.text}"
        return f"{self.colour} level {self.level}, {self.vp} VP, {self.power.text}, " \
               f"order {self.order}"


@dataclass(frozen=True)
class Area:
    id: str
    tile: int
    resources: tuple[str, ...]
    outermost: bool
    connects: tuple[str, ...]

    @property
    def unproductive(self) -> bool:
        return not self.resources


@dataclass(frozen=True)
class Objective:
    id: str
    colour: str
    goal: str
    vp: int
    tile_vp: int
    text: str


@dataclass(frozen=True)
class Stack:
    """A building in a village: cards bottom first; ``down`` when the bottom card lies face
    down (a VP 0 level 1 building without effect). Its id is the bottom card's id."""

    cards: tuple[str, ...]
    down: bool = False

    @property
    def id(self) -> str:
        return self.cards[0]


def stack_level(stack: Stack, cards: Mapping[str, Card]) -> int:
    if len(stack.cards) == 1 and stack.down:
        return 1
    return cards[stack.cards[-1]].level


def stack_top_vp(stack: Stack, cards: Mapping[str, Card]) -> int:
    # Scoring: "Only the VP of the top card in each building is considered."
    if len(stack.cards) == 1 and stack.down:
        return 0
    return cards[stack.cards[-1]].vp


def stack_colour(stack: Stack, cards: Mapping[str, Card]) -> str:
    if len(stack.cards) == 1 and stack.down:
        return ""
    return cards[stack.cards[-1]].colour


def stack_powers(stack: Stack, cards: Mapping[str, Card]) -> list[Effect]:
    """The effects in force: "the effect of the card below remains"; a face-down card's
    effect is ignored."""
    start = 1 if stack.down else 0
    return [cards[c].power for c in stack.cards[start:]]


def groups(stacks: Sequence[Stack], pipes: Sequence[tuple[str, str, str]]) -> list[set[str]]:
    """Buildings joined by pipes (each alone when unpiped): potion flows within a group."""
    parent = {s.id: s.id for s in stacks}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for _, a, b in pipes:
        parent[find(a)] = find(b)
    out: dict[str, set[str]] = {}
    for s in stacks:
        out.setdefault(find(s.id), set()).add(s.id)
    return list(out.values())


def resources_of(areas: Sequence[str], forest: Mapping[str, Area]) -> dict[str, int]:
    counts = dict.fromkeys(RESOURCES, 0)
    for a in areas:
        for r in forest[a].resources:
            counts[r] += 1
    return counts


#: Where the potions a green level 4 makes go (ruling R12, option ``green_potions``):
#: "building", its own building's level 3 only (the rulebook's words); "chain", every
#: building piped to it.
GREEN_POTIONS = ("building", "chain")


def potions(stacks: Sequence[Stack], pipes: Sequence[tuple[str, str, str]],
            resources: Mapping[str, int], cards: Mapping[str, Card],
            green_potions: str = "building") -> tuple[int, set[str], list[set[str]]]:
    """(potion VP, colours extracted, potions supplied per group).

    Rulebook, "VP Effects of Level 3 Buildings": an Extract Potion with 2 of its
    resource gives that potion; a pipe group shares every potion; each Potion into VP
    supplied with its colour gives 3 VP (once per card). Green level 4 "Change 3 coloured
    potion": "You will need to gain purple potion with another building, and connect it to
    this building with a pipe" (ruling R12: purple extracted in its own building does not
    count), and "The potion gained in this effect, is supplied to level 3 [Potion into VP]
    of this building" (``green_potions="building"``, the default) or, in the variant
    ``"chain"``, to every building piped to it. The supplied sets per group name what
    every building of the group receives (a green level 4's own gain not included in
    "building" mode).
    """
    by_id = {s.id: s for s in stacks}
    extracted: set[str] = set()
    vp = 0
    supplied_groups = []
    for group in groups(stacks, pipes):
        own = {sid: stack_powers(by_id[sid], cards) for sid in sorted(group)}
        made = {sid: {e.extracts for e in powers if e.extracts
                      and resources.get(COLOUR_RESOURCE[e.extracts], 0) >= 2}
                for sid, powers in own.items()}
        supplied: set[str] = set().union(*made.values())
        extracted |= supplied
        gained: dict[str, set[str]] = {sid: set() for sid in own}
        for sid, powers in own.items():
            others = set().union(*(m for o, m in made.items() if o != sid))
            for e in powers:
                if e.changes and e.changes[0] in others:
                    gained[sid] |= e.changes[1]
        if green_potions == "chain":
            supplied |= set().union(*gained.values())
            gained = {sid: set() for sid in own}
        for sid, powers in own.items():
            here = supplied | gained[sid]
            vp += sum(e.points for e in powers if e.potion_vp in here)
        supplied_groups.append(supplied)
    return vp, extracted, supplied_groups


def level5_vp(stacks: Sequence[Stack], pipes: Sequence[tuple[str, str, str]],
              storage_count: int, unproductive_familiars: int, extracted: set[str],
              cards: Mapping[str, Card]) -> int:
    """Rulebook, "VP Effects of Level 5 Buildings" (each level 5 card counts)."""
    facts = VillageFacts(level3=sum(1 for s in stacks if stack_level(s, cards) == 3),
                         unproductive=unproductive_familiars, pipes=len(pipes),
                         stored=storage_count, extracted=frozenset(extracted))
    return sum(e.scores(facts) for s in stacks for e in stack_powers(s, cards) if e.scores)


def objective_measure(goal: str, stacks: Sequence[Stack], resources: Mapping[str, int],
                      biscuits: int, cards: Mapping[str, Card]) -> int:
    if goal.startswith("resource:"):
        return resources[goal[9:]]
    if goal == "biscuits":
        return biscuits
    if goal == "any_resource":
        return max(resources.values())
    if goal == "level2plus":
        return sum(1 for s in stacks if stack_level(s, cards) >= 2)
    if goal == "level1":
        return sum(1 for s in stacks if stack_level(s, cards) == 1)
    if goal == "colours":
        return len({stack_colour(s, cards) for s in stacks} - {""})
    raise ValueError(goal)


def single_leader(values: Sequence[int]) -> int | None:
    """Rulebook: an objective gives VP only to a single most; a tie gives nobody VP."""
    best = max(values)
    leaders = [p for p, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else None
