"""Backyard Builders Treehouse lessons: the rules taught on a live game, as data.

The lesson ``backyard`` plays a 3-player game with the Achievement Card Expansion against
two ``backyard-runs`` bots (the game's teaching bot, bots.py): every one of the learner's
six builds is a step that waits for the move, and each rule is told when it is needed
(Board Game Arena's advice, as the lessons design says). It works for any deal: where the
hand decides what can be built, the step branches (``first_of``) and its text follows the
same branch (``which``).

Sections quoted are those of the Backyard Builders Treehouse rulebook; rulings R1, R2 ...
are in docs/rulings/backyard.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import first_of, kind, where, which
from ...lessons.odds import chance_odds, counted_odds
from ...lessons.scores import score_rows
from ...lessons.steps import Do, LessonPlan, Read
from .actions import Draw, Play
from .counting import unseen_cards
from .rules import Floor, matches
from .stages import DrawStage

if TYPE_CHECKING:  # pragma: no cover
    from .state import BackyardState

BOOK = "Backyard Builders Treehouse rulebook"
SEAT = 0


# -- reading the position ----------------------------------------------------------------

def _top(s: BackyardState, seat: int) -> Floor | None:
    return s.top_floor(seat)


def _open(top: Floor | None) -> bool:
    """The ladder or a wild on top: every card fits (How to Build Your Treehouse)."""
    return top is None or top.colour is None


def _bottom(s: BackyardState, a: Any) -> Floor:
    return s.game.card_set[a.card].bottom


def _colour_match(s: BackyardState, seat: int, a: Any) -> bool:
    top = _top(s, seat)
    return (isinstance(a, Play) and not a.face_down and not _open(top)
            and _bottom(s, a).colour == top.colour)  # type: ignore[union-attr]


def _number_match(s: BackyardState, seat: int, a: Any) -> bool:
    top = _top(s, seat)
    return (isinstance(a, Play) and not a.face_down and not _open(top)
            and _bottom(s, a).number == top.number)  # type: ignore[union-attr]


#: The most cards a step names; more are "the N spotlit cards", to keep the step short.
NAMED = 2


def _cards(s: BackyardState, seat: int, test: Any) -> str:
    """The hand's cards that pass ``test`` as a move, in words."""
    names = sorted({s.game.card_set[a.card].text for a in s.legal_actions(seat)
                    if test(s, seat, a)})
    return _and(names) if len(names) <= NAMED else f"the {len(names)} spotlit cards"


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _top_words(s: BackyardState, seat: int) -> str:
    top = _top(s, seat)
    if top is None:
        return "your bare ladder"
    return "a wild (grey) floor" if top.colour is None else f"{top}"


UP = kind(Play, "build a card face up (click the card itself)", face_down=False)
DOWN = kind(Play, "build a card face down as a wild (click the tab under a card)",
            face_down=True)
ANY = kind(Play, "build any card of your hand, face up or face down")
COLOUR = where(_colour_match, lambda s, p: f"build a card whose bottom floor is "
               f"{s.top_floor(p).colour} to match your top floor by colour")  # type: ignore
NUMBER = where(_number_match, lambda s, p: f"build a card whose bottom floor shows a "
               f"{s.top_floor(p).number} to match your top floor by number")  # type: ignore


# -- the steps -----------------------------------------------------------------------------

def _setup(s: BackyardState, seat: int) -> str:
    g = s.game
    start = g.player_name(s.start_player) if s.start_player is not None else "nobody"
    you = g.player_name(seat)
    # Short (a first step): the hand, the matching and the achievement card are told at
    # the steps that use them.
    who = "You start" if s.start_player == seat else f"{start} starts"
    return (f"Welcome to the backyard! You are {you}, against two bots. You will build a "
            f"treehouse of {g.cards_each} cards on your ladder. Each card has two floors "
            f"with a colour and a number: the numbers are points. {who} (Game Setup). "
            "Press Next.")


def _first(s: BackyardState, seat: int) -> str:
    return ("Click any card of your hand to build it face up: your first card goes on your "
            "ladder, which matches any colour and number. Each turn (Game Turn) you draw 1 "
            "card, build 1, and pass the rest of the hand to the player on your left.")


#: The matching rule, said in full at the first matching step and as a reminder at the
#: second (How to Build Your Treehouse); the Rules panel has the rulebook's words.
MATCH_RULE = {
    "colour": ("A card goes on face up only if its bottom floor matches your top floor, by "
               "colour or number (How to Build Your Treehouse)."),
    "number": "A number matches whatever the colours (How to Build Your Treehouse).",
}


def _match_text(order: str) -> Any:
    """The text of a matching step; ``order`` is 'colour' or 'number', which the step
    teaches first (its ``first_of`` tries that match first)."""
    def text(s: BackyardState, seat: int) -> str:
        top = _top(s, seat)
        head = f"Your top floor is {_top_words(s, seat)}. "
        if _open(top):  # the branch UP: the first two need a coloured top floor
            return head + "Anything fits on it: build any card face up."
        step = COLOUR_STEP if order == "colour" else NUMBER_STEP
        branch = which(step, s, seat)
        first, second = ("colour", "number") if order == "colour" else ("number", "colour")
        tests = {"colour": _colour_match, "number": _number_match}
        said = {"colour": f"is {top.colour}", "number": f"shows a {top.number}"}  # type: ignore[union-attr]
        if branch == 0:
            return head + (f"Build a card whose bottom floor {said[first]} "
                           f"({_cards(s, seat, tests[first])}). {MATCH_RULE[order]}")
        if branch == 1:
            return head + (f"No card matches it by {first}, but by {second}: build a card "
                           f"whose bottom floor {said[second]} "
                           f"({_cards(s, seat, tests[second])}). {MATCH_RULE[order]}")
        return head + ("No card of yours matches it: click the tab under a card to build it "
                       "face down, as a wild with grey floors that match anything (Game "
                       "Turn, step 2).")
    return text


# A face-up card that matches neither colour nor number fits only on the ladder or a wild,
# so the third choice (UP) is the open top's, the last (DOWN) a hand where nothing fits.
COLOUR_STEP = first_of(COLOUR, NUMBER, UP, DOWN)
NUMBER_STEP = first_of(NUMBER, COLOUR, UP, DOWN)


def _draw_pause(s: BackyardState, seat: int) -> bool:
    """Stop before the learner's own draw (Game Turn, step 1)."""
    return isinstance(s.top, DrawStage) and s.holder == seat


def _odds(s: BackyardState, seat: int) -> str:
    top = _top(s, seat)
    head = f"Press Next to draw. Your top floor is {_top_words(s, seat)}"
    if _open(top):
        return head + ": every card fits on it, so whatever you draw will fit: 1."
    want = f"its bottom floor is {top.colour} or shows a {top.number}"  # type: ignore[union-attr]
    head += f": a card fits face up if {want}. "
    cards = s.game.card_set
    unseen = unseen_cards(s, seat)
    # The deck is among the cards you cannot see; when it is all of them (its size is
    # public), the engine's odds are exactly what you can count.
    if len(unseen) == s.deck_count:
        odds = chance_odds(s, lambda a: isinstance(a, Draw) and matches(top, cards[a.card]))
        return head + ("The deck holds just the cards you have not seen, each as likely: "
                       f"{odds.sentence('cards in the deck', 'fit')}.")
    odds = counted_odds(unseen, lambda c: matches(top, cards[c]))
    return head + ("You cannot see the deck or the others' face-down cards, so count every "
                   "card you have not seen: "
                   f"{odds.sentence('cards you have not seen', 'fit')}.")


def _drew(before: BackyardState, after: BackyardState, seat: int) -> str:
    new = sorted(set(after.hand_cards) - set(before.hand_cards))
    if not new:
        return ""
    card = after.game.card_set[new[0]]
    fits = matches(after.top_floor(seat), card)
    return f"You drew {card.text}: it {'fits' if fits else 'does not fit'} face up."


def _wild(s: BackyardState, seat: int) -> str:
    g = s.game
    nxt = (seat + 1) % g.players
    up = any(not a.face_down for a in s.legal_actions(seat))
    do = ("Choose: build a card face up, or one face down (the tab under it)" if up
          else "None of your cards fits face up: build one face down (the tab under it)")
    text = (f"{do} as a wild (Game Turn, step 2). Its grey floors match anything but score "
            f"{g.wild_points} (ruling R3) and break a colour run. Face down also hides it "
            f"from {g.player_name(nxt)}, who gets the hand next.")
    ach = s.achievement
    if ach is not None and ach.condition.get("kind") == "wilds_at_most":
        text += f" Careful: the achievement asks for \"{ach.text}\"."
    return text


def _runs(s: BackyardState, seat: int) -> str:
    g = s.game
    parts = []
    for p in range(g.players):
        r = s.run(p)
        who = "you" if p == seat else g.player_name(p)
        parts.append(f"{who} {r.length}" + (f" {r.colour}" if r.colour else ""))
    why = ("The longest run of one colour scores 1 point per floor at the end (Bonus "
           f"Points for the Longest Color Run). Runs now: {_and(parts)}.")
    top = _top(s, seat)
    if _open(top):
        return (f"Your top is {_top_words(s, seat)}, which starts no run: build any card "
                f"face up to start one. {why}")
    branch = which(RUN_STEP, s, seat)
    if branch == 0:
        return (f"Build a card with a {top.colour} bottom floor "  # type: ignore[union-attr]
                f"({_cards(s, seat, _colour_match)}): your run grows. {why}")
    if branch == 1:
        return f"No card of yours continues your top's colour: build any that fits. {why}"
    return f"No card of yours fits face up: build one face down. {why}"


RUN_STEP = first_of(COLOUR, UP, DOWN)


def _meets(s: BackyardState, seat: int, a: Any) -> bool:
    ach = s.achievement
    return ach is not None and ach.met(s.child(a, by=seat).treehouse(seat))


ACHIEVE = where(_meets, "build a card that leaves you meeting the achievement card")
LAST_STEP = first_of(ACHIEVE, ANY)


def _last(s: BackyardState, seat: int) -> str:
    ach = s.achievement
    if ach is None:
        return "This is your last card: build any card."
    card = (f"the achievement card {ach.name}, \"{ach.text}\": {ach.points} points for "
            "everyone who meets it at the end (Achievement Card Expansion: Game End)")
    if which(LAST_STEP, s, seat) == 0:
        return f"Your last card: build a spotlit one. Each leaves you meeting {card}."
    return (f"Your last card: build the one you like best, for its points and your run. "
            f"None can meet {card}.")


def _scores(s: BackyardState, seat: int) -> str:
    from .render import outcome_text

    g = s.game
    # The learner's own score in its parts; the others' totals (the board shows theirs).
    rows = score_rows(s, seat, lambda p, sc: (
        f"floors {sc['floors']} + run {sc['run']} + achievement {sc['achievement']} = "
        f"{sc['total']}" if p == seat else f"{sc['total']}"))
    start = g.player_name(s.start_player) if s.start_player is not None else "nobody"
    text = (f"Everyone has built {g.cards_each} cards: game over (Game End). "
            f"{'; '.join(rows)}. {outcome_text(s)}")
    totals = [sc["total"] for sc in s.scores()]
    if totals.count(max(totals)) > 1:  # outcome_text says the tie-break that decided it
        return text + " (Winner of the Game)."
    return text + (". A tie would go to the tied player farthest clockwise from the start "
                   f"player, {start} (Winner of the Game).")


LESSONS = (
    LessonPlan(
        id="backyard",
        title="Backyard Builders Treehouse: your first game",
        game="backyard",
        options={"players": 3, "achievements": True},
        bot="backyard-runs",
        seat=SEAT,
        minutes=10,
        summary="Draft, build by colour or number, keep a colour run, chase the "
                "achievement, and score, in one game against two bots.",
        steps=(
            Read("Your treehouse", _setup, rule=f"{BOOK}, 'Game Setup'",
                 rule_id="backyard/game-setup"),
            Do("Draft your first card", _first, UP,
               hint="Click one of the cards in your hand: the card itself builds it face "
                    "up (the tab under it would build it face down).",
               rule=f"{BOOK}, 'Game Turn'", rule_id="backyard/game-turn"),
            Do("Match by colour", _match_text("colour"), COLOUR_STEP,
               hint="Compare the bottom floor of each card with your top floor: the "
                    "spotlit cards are the ones this step asks for.",
               rule=f"{BOOK}, 'How to Build Your Treehouse'",
               rule_id="backyard/how-to-build-your-treehouse"),
            Do("Match by number", _match_text("number"), NUMBER_STEP,
               hint="Look at the number on each card's bottom floor: the same number as "
                    "your top floor matches whatever the colour.",
               rule=f"{BOOK}, 'How to Build Your Treehouse'",
               rule_id="backyard/how-to-build-your-treehouse"),
            Read("Your chances before the draw", _odds, pause=_draw_pause, then=_drew,
                 rule=f"{BOOK}, 'Game Turn'", rule_id="backyard/game-turn"),
            Do("Face up or face down", _wild, ANY,
               hint="Click a card to build it face up, or the tab under a card to build it "
                    "face down as a wild.",
               rule=f"{BOOK}, 'Game Turn'", rule_id="backyard/game-turn"),
            Do("The longest colour run", _runs, RUN_STEP,
               hint="Your run grows when the new card's bottom floor has the colour of your "
                    "top floor.",
               rule=f"{BOOK}, 'Bonus Points for the Longest Color Run'",
               rule_id="backyard/bonus-points-for-the-longest-color-run"),
            Do("The achievement card", _last, LAST_STEP,
               hint="Read the achievement card's condition and check it against your "
                    "treehouse with this card on top.",
               rule=f"{BOOK}, 'Achievement Card Expansion'",
               rule_id="backyard/achievement-card-expansion"),
            Read("Scoring and the winner", _scores,
                 rule=f"{BOOK}, 'Game End' and 'Winner of the Game'",
                 rule_id="backyard/game-end"),
        ),
    ),
)


__all__ = ["LESSONS"]
