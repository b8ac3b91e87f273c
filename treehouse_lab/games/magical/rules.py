"""Magical Treehouse's rules as data and small pure functions: the components, the
vocabulary of card effects, and scoring (rulebook: "4. Scoring").

Why separate from the state: scoring is asked for at every state (``scores()`` is valid
before the end) and by the notebook for made-up positions, so it reads plain values
(villages, familiars, biscuits) and never the state's bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

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

REVERSE, HAND_TO_CARRIAGE = "reverse", "hand_to_carriage"
DISCARD_HAND, DISCARD_DRAWER, EXCHANGE = "discard_hand", "discard_drawer", "exchange"
SPELL_EFFECTS = ("reverse", "hand_to_carriage", "discard_hand", "discard_drawer", "exchange")
SPELL_TEXT = {
    "reverse": "turn order switches direction",
    "hand_to_carriage": "everyone puts their hand on the carriage",
    "discard_hand": "everyone discards a hand card",
    "discard_drawer": "everyone discards a drawer card",
    "exchange": "everyone may exchange a drawer card with a storage card",
}
#: Level 4 effects by colour; level 5 effects by colour (rulebook: Building Step and
#: "VP Effects of Level 5 Buildings").
LEVEL4 = {"red": ("breeding",), "yellow": ("flying", "place_unproductive"),
          "blue": ("move_pipes",), "purple": ("unlimited_storage",),
          "green": ("three_potions",)}
LEVEL5 = {"red": "vp_level3", "yellow": "vp_unproductive", "blue": "vp_pipes",
          "purple": "vp_storage", "green": "vp_potion_colours"}
EFFECT_TEXT = {
    "storage": "Storage (1 card)", "breeding": "Breeding familiar",
    "flying": "Flying familiar", "place_unproductive": "Place familiar (unproductive area)",
    "move_pipes": "Move pipes", "unlimited_storage": "Unlimited storage",
    "three_potions": "Change 3 coloured potion", "vp_level3": "1 VP per level 3 building",
    "vp_unproductive": "1 VP per familiar in an unproductive area",
    "vp_pipes": "1 VP per pipe", "vp_storage": "1 VP per card in storage",
    "vp_potion_colours": "1 VP per colour of potion extracted",
}
GOALS = ("biscuits", "level2plus", "any_resource", "colours", "level1",
         *(f"resource:{r}" for r in RESOURCES))


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

    def describe(self) -> str:
        if self.kind == "pipe":
            return f"pipe, order {self.order}"
        if self.kind == "spell":
            return f"spell: {SPELL_TEXT[self.effect]}"
        return f"{self.colour} level {self.level}, {self.vp} VP, {effect_text(self.effect)}, " \
               f"order {self.order}"


def effect_text(effect: str) -> str:
    if effect.startswith("extract:"):
        return f"Extract {effect[8:]} potion"
    if effect.startswith("potion_vp:"):
        return f"{effect[10:].capitalize()} potion into VP"
    return EFFECT_TEXT.get(effect, effect)


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


def stack_effects(stack: Stack, cards: Mapping[str, Card]) -> list[str]:
    """The effects in force: "the effect of the card below remains"; a face-down card's
    effect is ignored."""
    start = 1 if stack.down else 0
    return [cards[c].effect for c in stack.cards[start:]]


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


def potions(stacks: Sequence[Stack], pipes: Sequence[tuple[str, str, str]],
            resources: Mapping[str, int], cards: Mapping[str, Card]
            ) -> tuple[int, set[str], list[set[str]]]:
    """(potion VP, colours extracted, potions supplied per group).

    Rulebook, "VP Effects of Level 3 Buildings": an Extract Potion with 2 of its
    resource gives that potion; a pipe group shares every potion; each Potion into VP
    supplied with its colour gives 3 VP (once per card); a green level 4 supplied with
    purple adds red, blue and yellow to its group (ruling: to the whole group).
    """
    by_id = {s.id: s for s in stacks}
    extracted: set[str] = set()
    vp = 0
    supplied_groups = []
    for group in groups(stacks, pipes):
        supplied: set[str] = set()
        effects = [e for sid in group for e in stack_effects(by_id[sid], cards)]
        for e in effects:
            if e.startswith("extract:"):
                colour = e[8:]
                if resources.get(COLOUR_RESOURCE[colour], 0) >= 2:
                    supplied.add(colour)
        extracted |= supplied
        if "purple" in supplied and "three_potions" in effects:
            supplied |= {"red", "blue", "yellow"}
        vp += 3 * sum(1 for e in effects if e.startswith("potion_vp:") and e[10:] in supplied)
        supplied_groups.append(supplied)
    return vp, extracted, supplied_groups


def level5_vp(stacks: Sequence[Stack], pipes: Sequence[tuple[str, str, str]],
              storage_count: int, unproductive_familiars: int, extracted: set[str],
              cards: Mapping[str, Card]) -> int:
    """Rulebook, "VP Effects of Level 5 Buildings" (each level 5 card counts)."""
    vp = 0
    level3 = sum(1 for s in stacks if stack_level(s, cards) == 3)
    for s in stacks:
        for e in stack_effects(s, cards):
            if e == "vp_level3":
                vp += level3
            elif e == "vp_unproductive":
                vp += unproductive_familiars
            elif e == "vp_pipes":
                vp += len(pipes)
            elif e == "vp_storage":
                vp += storage_count
            elif e == "vp_potion_colours":
                vp += min(5, len(extracted))
    return vp


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
