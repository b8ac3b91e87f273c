"""Backyard Builders Treehouse: the rules as pure functions over plain values.

Why pure functions: the state, the renderer, the counting helpers and the tests all need
"does this card match?", "how long is this run?" and "who gets the bonus?". Keeping them
here, free of any state object, means one implementation, easy to test on hand-built
treehouses, and nothing in the rules depends on a particular card list (cards are data,
see ``data.py``).

Section names in comments are the rulebook's (shared/rules/backyard-builders-treehouse.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from ...errors import RuleError

# Rulebook: Game Setup ("remove all 8 Purple Treehouse Cards") names purple; the other
# colours are the stand-in design's (see cards.toml). The vocabulary is fixed so that a
# card id can be read back into its floors without the data file.
COLOURS: tuple[str, ...] = ("purple", "green", "yellow", "blue")
LETTERS: dict[str, str] = {"purple": "P", "green": "G", "yellow": "Y", "blue": "B"}
_FROM_LETTER = {v: k for k, v in LETTERS.items()}
PURPLE = "purple"

# Rulebook: Game Components.
TREEHOUSE_CARDS = 32
PURPLE_CARDS = 8
ACHIEVEMENT_CARDS = 15
LADDERS = 5
MIN_PLAYERS, MAX_PLAYERS = 2, 5

# Rulebook: Game End ("2 Players: 7 Treehouse Cards" ...).
CARDS_EACH: dict[int, int] = {2: 7, 3: 6, 4: 5, 5: 4}

_CARD_ID = re.compile(r"^([PGYB])(\d{1,2})-([PGYB])(\d{1,2})$")


@dataclass(frozen=True)
class Floor:
    """One floor of a treehouse card. ``colour`` is None for a grey (wild) floor, whose
    ``number`` is then the points it scores (ruling R3 in docs/rulings/backyard.md)."""

    colour: str | None
    number: int

    @property
    def wild(self) -> bool:
        return self.colour is None

    def __str__(self) -> str:
        if self.colour is None:
            return "Wild"
        return f"{self.colour.capitalize()} {self.number}"


@dataclass(frozen=True)
class Card:
    """A treehouse card: a bottom floor and a top floor. Its id is derived from the two
    floors ("G4-Y2": bottom Green 4, top Yellow 2), so every card in a set is distinct and
    an action's text can be read from the id alone."""

    id: str
    bottom: Floor
    top: Floor

    @property
    def floors(self) -> tuple[Floor, Floor]:
        return (self.bottom, self.top)

    @property
    def text(self) -> str:
        return f"{self.bottom} / {self.top}"

    @property
    def purple(self) -> bool:
        """A purple card has a purple floor (Game Setup removes these for 2 players)."""
        return self.bottom.colour == PURPLE or self.top.colour == PURPLE

    @property
    def solid(self) -> bool:
        return self.bottom.colour == self.top.colour

    def __str__(self) -> str:
        return self.text


def card_id(bottom: Floor, top: Floor) -> str:
    return f"{LETTERS[bottom.colour]}{bottom.number}-{LETTERS[top.colour]}{top.number}"  # type: ignore[index]


def card_from_id(cid: str) -> Card:
    """Read a card back from its id; raises RuleError for anything that is not one."""
    m = _CARD_ID.match(cid) if isinstance(cid, str) else None
    if m is None:
        raise RuleError(f"{cid!r} is not a treehouse card id (like 'G4-Y2')")
    b = Floor(_FROM_LETTER[m.group(1)], int(m.group(2)))
    t = Floor(_FROM_LETTER[m.group(3)], int(m.group(4)))
    return Card(cid, b, t)


def card_text(cid: str) -> str:
    """'G4-Y2' -> 'Green 4 / Yellow 2' (falls back to the id for anything else)."""
    try:
        return card_from_id(cid).text
    except RuleError:
        return str(cid)


@dataclass(frozen=True)
class PlayedCard:
    """A card in a treehouse. Face down it is a wild: both floors grey (colour None) and
    worth the ``wild_floor_points`` option each."""

    card: Card
    face_down: bool
    floors: tuple[Floor, Floor]

    @property
    def id(self) -> str:
        return self.card.id

    def __str__(self) -> str:
        return "Wild" if self.face_down else self.card.text


def played(card: Card, face_down: bool, wild_points: int) -> PlayedCard:
    if face_down:
        grey = Floor(None, wild_points)
        return PlayedCard(card, True, (grey, grey))
    return PlayedCard(card, False, card.floors)


# -- How to Build Your Treehouse ----------------------------------------------------------

def top_floor(house: Sequence[PlayedCard]) -> Floor | None:
    """The floor a new card must match: None for the bare ladder."""
    return house[-1].floors[1] if house else None


def matches(top: Floor | None, card: Card) -> bool:
    """Rulebook: How to Build Your Treehouse: "the Floor on the bottom of your Treehouse
    Card must match the color or the number on the top of your Treehouse. Wild (Grey) and
    your Ladder Card always match to any number or color." """
    if top is None or top.colour is None:  # the ladder, or a grey wild floor
        return True
    b = card.bottom
    return b.colour == top.colour or b.number == top.number


def why_no_match(top: Floor | None, card: Card) -> str:
    return (
        f"How to Build Your Treehouse: the bottom floor {card.bottom} matches neither the "
        f"colour nor the number of your top floor {top}"
    )


# -- Scoring --------------------------------------------------------------------------------

def floors_of(house: Sequence[PlayedCard]) -> list[Floor]:
    """Every floor bottom up (the ladder is not a floor)."""
    return [f for pc in house for f in pc.floors]


def floor_points(house: Sequence[PlayedCard]) -> int:
    """Rulebook: Game End: "add up the points from all the Floors"."""
    return sum(f.number for pc in house for f in pc.floors)


class Run(NamedTuple):
    """A longest single-colour run: its length, colour and the index of its first floor
    (bottom up). The lowest such run when a treehouse has two of the same length."""

    length: int
    colour: str | None
    start: int


def longest_run(floors: Sequence[Floor]) -> Run:
    """Rulebook: Bonus Points for the Longest Color Run: consecutive floors of a single
    colour; "Wild Cards do NOT count as a color type, and therefore do NOT count toward
    runs" (a grey floor ends a run and starts none)."""
    best = Run(0, None, 0)
    length, colour, start = 0, None, 0
    for i, f in enumerate(floors):
        if f.colour is None:
            length, colour = 0, None
            continue
        if f.colour == colour:
            length += 1
        else:
            length, colour, start = 1, f.colour, i
        if length > best.length:
            best = Run(length, colour, start)
    return best


def run_bonuses(lengths: Sequence[int], min_run: int = 1) -> list[int]:
    """Rulebook: Bonus Points for the Longest Color Run: the player(s) with the longest run
    gain 1 point per floor in it; "if more than one player ties for the longest run, ALL
    tied players will gain the bonus points". Ruling R4: a run of any length counts
    (``min_run`` = 1) unless the variant asks for more; no run at all (only wilds) earns
    nothing."""
    best = max(lengths, default=0)
    if best <= 0 or best < min_run:
        return [0] * len(lengths)
    return [best if n == best else 0 for n in lengths]


# -- Achievement conditions -----------------------------------------------------------------
#
# Achievement Card Expansion: "Each Achievement Card details a condition ... ALL players
# that achieve this condition will receive points equal to the value on the Achievement
# Card." The stand-in cards express their condition in this small vocabulary; each kind
# lists its parameters and their types ("count": a whole number >= 0, "colour": one of
# COLOURS, "colours": a list of them).

CONDITION_KINDS: dict[str, dict[str, str]] = {
    "floors_of_colour_at_least": {"colour": "colour", "count": "count"},
    "run_at_least": {"length": "count"},
    "wilds_at_most": {"count": "count"},
    "wilds_at_least": {"count": "count"},
    "all_colours": {"colours": "colours"},
    "number_sum_at_least": {"total": "count"},
    "number_count_at_least": {"number": "count", "count": "count"},
    "floors_numbered_at_most": {"number": "count", "count": "count"},
    "floors_numbered_at_least": {"number": "count", "count": "count"},
    "distinct_numbers_at_least": {"count": "count"},
    "solid_cards_at_least": {"count": "count"},
    "colours_at_most": {"count": "count"},
    "number_matches_at_least": {"count": "count"},
    "colour_matches_at_least": {"count": "count"},
    "top_floor_colour": {"colour": "colour"},
}


def check_condition(cond: Any, where: str) -> dict:
    """Validate one condition table against the vocabulary; errors say ``where``."""
    if not isinstance(cond, Mapping):
        raise RuleError(f"{where}: condition must be a table like {{ kind = \"run_at_least\", "
                        f"length = 4 }}, got {cond!r}")
    kind = cond.get("kind")
    if kind not in CONDITION_KINDS:
        raise RuleError(f"{where}: unknown condition kind {kind!r}; kinds are "
                        f"{', '.join(CONDITION_KINDS)}")
    params = CONDITION_KINDS[kind]
    given = set(cond) - {"kind"}
    if given != set(params):
        raise RuleError(f"{where}: condition {kind} takes {', '.join(params)}, "
                        f"got {', '.join(sorted(given)) or '(nothing)'}")
    out: dict[str, Any] = {"kind": kind}
    for name, typ in params.items():
        v = cond[name]
        if typ == "count":
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 200:
                raise RuleError(f"{where}: {name} must be a whole number 0..200, got {v!r}")
        elif typ == "colour":
            if v not in COLOURS:
                raise RuleError(f"{where}: {name} must be one of {', '.join(COLOURS)}, got {v!r}")
        else:  # colours
            if (not isinstance(v, (list, tuple)) or not v
                    or any(c not in COLOURS for c in v) or len(set(v)) != len(v)):
                raise RuleError(f"{where}: {name} must be a non-empty list of distinct "
                                f"colours from {', '.join(COLOURS)}, got {v!r}")
            v = list(v)
        out[name] = v
    return out


def _n(k: int, one: str, many: str) -> str:
    return f"{k} {one if k == 1 else many}"


def describe_condition(cond: Mapping[str, Any]) -> str:
    """The condition as a sentence for the achievement card."""
    k = cond["kind"]
    if k == "floors_of_colour_at_least":
        c = cond["colour"]
        return f"At least {_n(cond['count'], c + ' floor', c + ' floors')}"
    if k == "run_at_least":
        return f"A single-colour run of at least {_n(cond['length'], 'floor', 'floors')}"
    if k == "wilds_at_most":
        if cond["count"] == 0:
            return "No face-down (wild) cards"
        return f"At most {_n(cond['count'], 'face-down (wild) card', 'face-down (wild) cards')}"
    if k == "wilds_at_least":
        return f"At least {_n(cond['count'], 'face-down (wild) card', 'face-down (wild) cards')}"
    if k == "all_colours":
        cs = list(cond["colours"])
        if len(cs) == 1:
            return f"At least one {cs[0]} floor"
        return f"A floor of each colour: {', '.join(cs[:-1])} and {cs[-1]}"
    if k == "number_sum_at_least":
        return f"Floors worth at least {cond['total']} points in all"
    if k == "number_count_at_least":
        return f"At least {_n(cond['count'], 'floor', 'floors')} showing a {cond['number']}"
    if k == "floors_numbered_at_most":
        return (f"At least {_n(cond['count'], 'floor', 'floors')} numbered "
                f"{cond['number']} or less")
    if k == "floors_numbered_at_least":
        return (f"At least {_n(cond['count'], 'floor', 'floors')} numbered "
                f"{cond['number']} or more")
    if k == "distinct_numbers_at_least":
        return f"Floors showing at least {cond['count']} different numbers"
    if k == "solid_cards_at_least":
        return (f"At least {_n(cond['count'], 'face-up card', 'face-up cards')} whose two "
                "floors share a colour")
    if k == "colours_at_most":
        return f"Face-up floors of at most {_n(cond['count'], 'colour', 'colours')}"
    if k == "number_matches_at_least":
        return (f"At least {_n(cond['count'], 'card', 'cards')} built on a floor of the "
                "same number")
    if k == "colour_matches_at_least":
        return (f"At least {_n(cond['count'], 'card', 'cards')} built on a floor of the "
                "same colour")
    if k == "top_floor_colour":
        return f"Your top floor is {cond['colour']}"
    raise RuleError(f"unknown condition kind {k!r}")


def _joins(house: Sequence[PlayedCard]):
    """Pairs (floor below, card placed on it) where both are face up."""
    for below, pc in zip(house, house[1:]):
        if not below.face_down and not pc.face_down:
            yield below.floors[1], pc.card.bottom


def condition_met(cond: Mapping[str, Any], house: Sequence[PlayedCard]) -> bool:
    """Does this treehouse meet the condition? Counts use face-up floors; grey floors have
    no colour and no printed number (they count only in ``number_sum_at_least``, which
    is the scored floor total)."""
    k = cond["kind"]
    up = [f for pc in house if not pc.face_down for f in pc.floors]
    wilds = sum(pc.face_down for pc in house)
    if k == "floors_of_colour_at_least":
        return sum(f.colour == cond["colour"] for f in up) >= cond["count"]
    if k == "run_at_least":
        return longest_run(floors_of(house)).length >= cond["length"]
    if k == "wilds_at_most":
        return wilds <= cond["count"]
    if k == "wilds_at_least":
        return wilds >= cond["count"]
    if k == "all_colours":
        have = {f.colour for f in up}
        return all(c in have for c in cond["colours"])
    if k == "number_sum_at_least":
        return floor_points(house) >= cond["total"]
    if k == "number_count_at_least":
        return sum(f.number == cond["number"] for f in up) >= cond["count"]
    if k == "floors_numbered_at_most":
        return sum(f.number <= cond["number"] for f in up) >= cond["count"]
    if k == "floors_numbered_at_least":
        return sum(f.number >= cond["number"] for f in up) >= cond["count"]
    if k == "distinct_numbers_at_least":
        return len({f.number for f in up}) >= cond["count"]
    if k == "solid_cards_at_least":
        return sum(1 for pc in house if not pc.face_down and pc.card.solid) >= cond["count"]
    if k == "colours_at_most":
        return len({f.colour for f in up}) <= cond["count"]
    if k == "number_matches_at_least":
        return sum(a.number == b.number for a, b in _joins(house)) >= cond["count"]
    if k == "colour_matches_at_least":
        return sum(a.colour == b.colour for a, b in _joins(house)) >= cond["count"]
    if k == "top_floor_colour":
        top = top_floor(house)
        return top is not None and top.colour == cond["colour"]
    raise RuleError(f"unknown condition kind {k!r}")


@dataclass(frozen=True)
class Achievement:
    """An achievement card: its condition is data in the vocabulary above."""

    id: str
    name: str
    points: int
    condition: Mapping[str, Any]

    @property
    def text(self) -> str:
        return describe_condition(self.condition)

    def met(self, house: Sequence[PlayedCard]) -> bool:
        return condition_met(self.condition, house)

    def __str__(self) -> str:
        return f"{self.name} ({self.points} points): {self.text}"


def achievement_title(aid: str) -> str:
    """'green-garden' -> 'Green Garden': a readable name from an id alone."""
    return " ".join(w.capitalize() for w in str(aid).split("-"))
