"""Backyard Builders Treehouse: the rules as pure functions over plain values.

Why pure functions: the state, the renderer, the counting helpers and the tests all need
"does this card match?", "how long is this run?" and "who gets the bonus?". Keeping them
here, free of any state object, means one implementation, easy to test on hand-built
treehouses, and nothing in the rules depends on a particular card list (cards are data,
see ``data.py``).

Section names in comments are those of the Backyard Builders Treehouse Rulebook.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Hashable, Iterable, Mapping, NamedTuple, Sequence, TypeVar

from ...core.kinds import Vocabulary, one_of, plural, some_of, whole
from ...errors import RuleError, quote

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

#: The Hammer Token (Game Setup: it marks the start player all game).
HAMMER = "hammer"

#: A card in a treehouse, as a state stores it: (card id, face down).
Placed = tuple[str, bool]


def ladder_id(seat: int) -> str:
    """The id of a Ladder Card (Game Setup: "Give each player 1 Ladder Card")."""
    return f"ladder-{seat + 1}"

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
        raise RuleError(f"{quote(cid, 30)} is not a treehouse card id (like 'G4-Y2')")
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


def back(wild_points: int) -> PlayedCard:
    """A card built face down as a seat that may not see it knows it: its back, two grey
    floors. Everything the rules read of a face-down card (its grey floors, that it is a
    wild) is on its back, so what a seat counts from its backs is the true score."""
    grey = Floor(None, wild_points)
    return PlayedCard(Card("back", grey, grey), True, (grey, grey))


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


#: What scoring reads of one card in a treehouse: its floors' points added up, and their
#: colours bottom up (None for a grey floor). The game keeps one per stored card
#: (``BackyardGame.tallies``), so the state's scores read no Floor and build no list.
Tally = tuple[int, tuple[str | None, ...]]

#: How a treehouse names its cards for ``house_tallies``: the state's (card id, face down)
#: pairs, or PlayedCard values.
CardKey = TypeVar("CardKey", bound=Hashable)


def card_tally(pc: PlayedCard) -> Tally:
    """The tally of a card as built (face down: two grey floors worth the wild points)."""
    return sum(f.number for f in pc.floors), tuple(f.colour for f in pc.floors)


def house_tallies(houses: Iterable[Iterable[CardKey]],
                  tallies: Mapping[CardKey, Tally]) -> tuple[list[int], list[int]]:
    """Each treehouse's floor points, and the length of its longest single-colour run, from
    its cards' tallies bottom up, in one pass: what ``floor_points`` and ``longest_run``
    say (tests/games/backyard/test_backyard_scoring.py holds them to it at every position
    of seeded games), in a quarter of their time. Why a second way to the same numbers: the
    design lab's recorder reads the scores every round (issue 48), and building every
    floor and a Run (whose colour and start only explanations need) made those reads
    cost a third of a bare random game. The same rule as ``longest_run``: a grey floor
    ends a run and starts none."""
    points_of: list[int] = []
    runs: list[int] = []
    for house in houses:
        points = best = length = 0
        colour = None
        for card in house:
            n, colours = tallies[card]
            points += n
            for c in colours:
                if c is None:
                    length, colour = 0, None
                elif c == colour:
                    length += 1
                    if length > best:
                        best = length
                else:
                    length, colour = 1, c
                    if best < 1:
                        best = 1
        points_of.append(points)
        runs.append(best)
    return points_of, runs


def achievement_points(achievement: Achievement | None, house: Sequence[PlayedCard]) -> int:
    """Achievement Card Expansion: Game End: the card's points if the treehouse meets its
    condition, else 0 (and 0 without the expansion)."""
    return achievement.points if achievement is not None and achievement.met(house) else 0


def score_rows(houses: Sequence[Sequence[PlayedCard]], achievement: Achievement | None,
               min_run: int) -> list[tuple[int, int, int, int]]:
    """(total, floors, run bonus, achievement) per treehouse (Game End; Bonus Points for
    the Longest Color Run; Achievement Card Expansion: Game End): a seat's view of the
    scores (its face-down cards and the others' backs score alike). The state reads its
    own with the game's tallies (``rows_of``)."""
    points, runs = house_tallies(houses, {pc: card_tally(pc) for h in houses for pc in h})
    return rows_of(points, runs, [achievement_points(achievement, h) for h in houses],
                   min_run)


def rows_of(points: Sequence[int], runs: Sequence[int], achieved: Sequence[int],
            min_run: int) -> list[tuple[int, int, int, int]]:
    """The score rows from each treehouse's floor points and longest run
    (``house_tallies``) and achievement points: the run bonus decided between them."""
    bonus = run_bonuses(runs, min_run)
    return [(floors + b + a, floors, b, a) for floors, b, a in zip(points, bonus, achieved)]


def run_bonuses(lengths: Sequence[int], min_run: int = 1) -> list[int]:
    """Rulebook: Bonus Points for the Longest Color Run: the player(s) with the longest run
    gain 1 point per floor in it; "if more than one player ties for the longest run, ALL
    tied players will gain the bonus points". Ruling R4: a run of any length counts
    (``min_run`` = 1) unless the variant asks for more; no run at all (only wilds) earns
    nothing."""
    best = max(lengths) if lengths else 0   # max(default=0) costs a quarter of this call
    if best <= 0 or best < min_run:
        return [0] * len(lengths)
    return [best if n == best else 0 for n in lengths]


# -- Achievement conditions -----------------------------------------------------------------
#
# Achievement Card Expansion: "Each Achievement Card details a condition ... ALL players
# that achieve this condition will receive points equal to the value on the Achievement
# Card." The stand-in cards name their condition in this vocabulary (achievements.toml:
# ``condition = { kind = "run_at_least", length = 5 }``). Each condition is defined once,
# below: its parameters, its test on a treehouse and its sentence (core/kinds.Vocabulary).
# Counts use face-up floors; a face-down card's grey floors have no colour and no printed
# number, so they count only in ``number_sum_at_least``, the scored floor total (R11).

CONDITIONS: Vocabulary[bool] = Vocabulary("achievement condition")
_COUNT = whole(0, 200)
_COLOUR = one_of(*COLOURS)


def _up(house: Sequence[PlayedCard]) -> list[Floor]:
    """The face-up floors, bottom up."""
    return [f for pc in house if not pc.face_down for f in pc.floors]


def _wilds(house: Sequence[PlayedCard]) -> int:
    return sum(pc.face_down for pc in house)


def _joins(house: Sequence[PlayedCard]) -> list[tuple[Floor, Floor]]:
    """Pairs (floor below, bottom floor of the card built on it), both face up (R11)."""
    return [(below.floors[1], pc.card.bottom) for below, pc in zip(house, house[1:])
            if not below.face_down and not pc.face_down]


_WILD_CARDS = ("face-down (wild) card", "face-down (wild) cards")


@CONDITIONS.define("floors_of_colour_at_least", colour=_COLOUR, count=_COUNT,
                   text=lambda colour, count:
                   f"At least {plural(count, colour + ' floor', colour + ' floors')}")
def _floors_of_colour(house: Sequence[PlayedCard], colour: str, count: int) -> bool:
    return sum(f.colour == colour for f in _up(house)) >= count


@CONDITIONS.define("run_at_least", length=_COUNT,
                   text=lambda length:
                   f"A single-colour run of at least {plural(length, 'floor', 'floors')}")
def _run_at_least(house: Sequence[PlayedCard], length: int) -> bool:
    return longest_run(floors_of(house)).length >= length


@CONDITIONS.define("wilds_at_most", count=_COUNT,
                   text=lambda count: "No face-down (wild) cards" if count == 0
                   else f"At most {plural(count, *_WILD_CARDS)}")
def _wilds_at_most(house: Sequence[PlayedCard], count: int) -> bool:
    return _wilds(house) <= count


@CONDITIONS.define("wilds_at_least", count=_COUNT,
                   text=lambda count: f"At least {plural(count, *_WILD_CARDS)}")
def _wilds_at_least(house: Sequence[PlayedCard], count: int) -> bool:
    return _wilds(house) >= count


def _all_colours_text(colours: tuple[str, ...]) -> str:
    if len(colours) == 1:
        return f"At least one {colours[0]} floor"
    return f"A floor of each colour: {', '.join(colours[:-1])} and {colours[-1]}"


@CONDITIONS.define("all_colours", colours=some_of(*COLOURS), text=_all_colours_text)
def _all_colours(house: Sequence[PlayedCard], colours: tuple[str, ...]) -> bool:
    have = {f.colour for f in _up(house)}
    return all(c in have for c in colours)


@CONDITIONS.define("number_sum_at_least", total=_COUNT,
                   text=lambda total: f"Floors worth at least {total} points in all")
def _number_sum(house: Sequence[PlayedCard], total: int) -> bool:
    return floor_points(house) >= total


@CONDITIONS.define("number_count_at_least", number=_COUNT, count=_COUNT,
                   text=lambda number, count:
                   f"At least {plural(count, 'floor', 'floors')} showing a {number}")
def _number_count(house: Sequence[PlayedCard], number: int, count: int) -> bool:
    return sum(f.number == number for f in _up(house)) >= count


@CONDITIONS.define("floors_numbered_at_most", number=_COUNT, count=_COUNT,
                   text=lambda number, count:
                   f"At least {plural(count, 'floor', 'floors')} numbered {number} or less")
def _numbered_at_most(house: Sequence[PlayedCard], number: int, count: int) -> bool:
    return sum(f.number <= number for f in _up(house)) >= count


@CONDITIONS.define("floors_numbered_at_least", number=_COUNT, count=_COUNT,
                   text=lambda number, count:
                   f"At least {plural(count, 'floor', 'floors')} numbered {number} or more")
def _numbered_at_least(house: Sequence[PlayedCard], number: int, count: int) -> bool:
    return sum(f.number >= number for f in _up(house)) >= count


@CONDITIONS.define("distinct_numbers_at_least", count=_COUNT,
                   text=lambda count: f"Floors showing at least {count} different numbers")
def _distinct_numbers(house: Sequence[PlayedCard], count: int) -> bool:
    return len({f.number for f in _up(house)}) >= count


@CONDITIONS.define("solid_cards_at_least", count=_COUNT,
                   text=lambda count: f"At least {plural(count, 'face-up card', 'face-up cards')}"
                   " whose two floors share a colour")
def _solid_cards(house: Sequence[PlayedCard], count: int) -> bool:
    return sum(1 for pc in house if not pc.face_down and pc.card.solid) >= count


@CONDITIONS.define("colours_at_most", count=_COUNT,
                   text=lambda count:
                   f"Face-up floors of at most {plural(count, 'colour', 'colours')}")
def _colours_at_most(house: Sequence[PlayedCard], count: int) -> bool:
    return len({f.colour for f in _up(house)}) <= count


@CONDITIONS.define("number_matches_at_least", count=_COUNT,
                   text=lambda count: f"At least {plural(count, 'card', 'cards')} built on a "
                   "floor of the same number")
def _number_matches(house: Sequence[PlayedCard], count: int) -> bool:
    return sum(a.number == b.number for a, b in _joins(house)) >= count


@CONDITIONS.define("colour_matches_at_least", count=_COUNT,
                   text=lambda count: f"At least {plural(count, 'card', 'cards')} built on a "
                   "floor of the same colour")
def _colour_matches(house: Sequence[PlayedCard], count: int) -> bool:
    return sum(a.colour == b.colour for a, b in _joins(house)) >= count


@CONDITIONS.define("top_floor_colour", colour=_COLOUR,
                   text=lambda colour: f"Your top floor is {colour}")
def _top_floor_colour(house: Sequence[PlayedCard], colour: str) -> bool:
    top = top_floor(house)
    return top is not None and top.colour == colour


@dataclass(frozen=True)
class Achievement:
    """An achievement card: its condition is data naming a term of ``CONDITIONS``."""

    id: str
    name: str
    points: int
    condition: Mapping[str, Any]   # as checked by CONDITIONS.check: read-only

    @property
    def text(self) -> str:
        return CONDITIONS.text(self.condition)

    def met(self, house: Sequence[PlayedCard]) -> bool:
        return CONDITIONS.evaluate(self.condition, house)

    def to_json(self) -> dict[str, Any]:
        """The card as data: what a save embeds and what ``achievements.toml`` holds."""
        return {"id": self.id, "name": self.name, "points": self.points,
                "condition": CONDITIONS.to_json(self.condition)}

    def __str__(self) -> str:
        return f"{self.name} ({self.points} points): {self.text}"


def achievement_title(aid: str) -> str:
    """'green-garden' -> 'Green Garden': a readable name from an id alone."""
    return " ".join(w.capitalize() for w in str(aid).split("-"))
