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


def _cards(s: BackyardState, seat: int, test: Any) -> str:
    """The hand's cards that pass ``test`` as a move, in words."""
    names = sorted({s.game.card_set[a.card].text for a in s.legal_actions(seat)
                    if test(s, seat, a)})
    return _and(names)


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
    n = len(s.hand_cards)
    return (f"Your turn has three parts (Game Turn): draw 1 card, build 1 card of the hand "
            f"into your treehouse, and pass the rest to the player on your left. You have "
            f"drawn, so you hold {n} cards. Your first card goes on your ladder, and the "
            "ladder matches any colour and any number: click any card to build it face up.")


def _match_text(order: str) -> Any:
    """The text of a matching step; ``order`` is 'colour' or 'number', which the step
    teaches first (its ``first_of`` tries that match first)."""
    def text(s: BackyardState, seat: int) -> str:
        top = _top(s, seat)
        head = ("A card goes on face up only if its bottom floor matches the top floor of "
                "your treehouse, by colour or by number (How to Build Your Treehouse). "
                f"Your top floor is {_top_words(s, seat)}. ")
        if _open(top):  # the branch UP: the first two need a coloured top floor
            return head + "Anything fits on it: build any card face up."
        step = COLOUR_STEP if order == "colour" else NUMBER_STEP
        branch = which(step, s, seat)
        first, second = ("colour", "number") if order == "colour" else ("number", "colour")
        tests = {"colour": _colour_match, "number": _number_match}
        said = {"colour": f"is {top.colour}", "number": f"shows a {top.number}"}  # type: ignore[union-attr]
        if branch == 0:
            return head + (f"Match by {first}: build a card whose bottom floor "
                           f"{said[first]} ({_cards(s, seat, tests[first])}).")
        if branch == 1:
            return head + (f"No card of yours matches by {first}, but one matches by "
                           f"{second}: build a card whose bottom floor "
                           f"{said[second]} ({_cards(s, seat, tests[second])}).")
        return head + ("No card of yours matches it. You may still build any card face "
                       "down: it becomes a wild, grey floors that match anything (Game "
                       "Turn, step 2). Click the tab under a card.")
    return text


# A face-up card that matches neither colour nor number fits only on the ladder or a wild,
# so the third choice (UP) is the open top's, the last (DOWN) a hand where nothing fits.
COLOUR_STEP = first_of(COLOUR, NUMBER, UP, DOWN)
NUMBER_STEP = first_of(NUMBER, COLOUR, UP, DOWN)


def _draw_pause(s: BackyardState, seat: int) -> bool:
    """Stop before the learner's own draw (Game Turn, step 1)."""
    return s.phase == "draw" and s.holder == seat


def _odds(s: BackyardState, seat: int) -> str:
    top = _top(s, seat)
    head = (f"Before your draw. Your top floor is {_top_words(s, seat)}. ")
    if _open(top):
        return head + "Every card fits on it, so whatever you draw will fit: 1."
    want = f"a bottom floor that is {top.colour} or shows a {top.number}"  # type: ignore[union-attr]
    cards = s.game.card_set
    unseen = unseen_cards(s, seat)
    # The deck is among the cards you cannot see; when it is all of them (its size is
    # public), the engine's odds are exactly what you can count.
    if len(unseen) == s.deck_count:
        odds = chance_odds(s, lambda a: isinstance(a, Draw) and matches(top, cards[a.card]))
        return head + (f"A card fits face up if it has {want}. Each card left in the draw "
                       "deck is as likely; the deck holds exactly the cards you have not "
                       f"seen. {odds.sentence('cards in the deck', 'fit')}.")
    odds = counted_odds(unseen, lambda c: matches(top, cards[c]))
    return head + (f"A card fits face up if it has {want}. You cannot see the deck, nor "
                   "the cards the others built face down, so count over all the cards you "
                   f"have not seen: {odds.sentence('cards you have not seen', 'fit')}.")


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
    text = ("You may always build a card face down instead (Game Turn, step 2): it becomes "
            "a wild, with grey floors that have no colour and match anything, so the next "
            f"card fits on it for sure. But each grey floor scores {g.wild_points} points "
            "(ruling R3) and a wild breaks a colour run. A face-down card also keeps it "
            f"from {g.player_name(nxt)}, who gets the hand next. ")
    ach = s.achievement
    if ach is not None and ach.condition.get("kind") == "wilds_at_most":
        text += f"Careful: the achievement {ach.name} asks for \"{ach.text}\". "
    if up:
        return text + "Choose: build a card face up, or one face down."
    return text + "None of your cards fits face up now: build one face down."


def _runs(s: BackyardState, seat: int) -> str:
    g = s.game
    parts = []
    for p in range(g.players):
        r = s.run(p)
        who = "you" if p == seat else g.player_name(p)
        parts.append(f"{who} {r.length}" + (f" {r.colour}" if r.colour else ""))
    head = ("At the end, the player with the longest run of one colour (floors in a row, "
            "bottom to top, across cards) scores 1 bonus point per floor in it; if players "
            "tie, all of them score it, and a wild breaks a run (Bonus Points for the "
            f"Longest Color Run). Longest runs now: {_and(parts)}. ")
    top = _top(s, seat)
    if _open(top):
        return head + (f"Your top is {_top_words(s, seat)}, which starts no run: build any "
                       "card face up to start a new one.")
    branch = which(RUN_STEP, s, seat)
    if branch == 0:
        return head + (f"Your top floor is {top}: build a card whose bottom floor is "
                       f"{top.colour} to make the run at the top of your treehouse longer "  # type: ignore[union-attr]
                       f"({_cards(s, seat, _colour_match)}).")
    if branch == 1:
        return head + ("No card of yours continues the colour at your top: build any card "
                       "that fits face up.")
    return head + "No card of yours fits face up: build one face down."


RUN_STEP = first_of(COLOUR, UP, DOWN)


def _meets(s: BackyardState, seat: int, a: Any) -> bool:
    ach = s.achievement
    return ach is not None and ach.met(s.child(a, by=seat).treehouse(seat))


ACHIEVE = where(_meets, "build a card that leaves you meeting the achievement card")
LAST_STEP = first_of(ACHIEVE, ANY)


def _last(s: BackyardState, seat: int) -> str:
    ach = s.achievement
    head = "This is your last card. "
    if ach is None:
        return head + "Build any card."
    head += (f"The achievement card {ach.name} asks for \"{ach.text}\": everyone who meets "
             f"it at the end scores {ach.points} points (Achievement Card Expansion: Game "
             "End). ")
    if which(LAST_STEP, s, seat) == 0:
        return head + ("Some of your cards leave you meeting it: build one of them (the "
                       "spotlit ones).")
    return head + ("No card of yours can get it for you now. Build the card you like best: "
                   "the floors' points count, and so does your colour run.")


def _scores(s: BackyardState, seat: int) -> str:
    from .render import outcome_text

    g = s.game
    rows = score_rows(s, seat, lambda p, sc: (
        f"{sc['floors']} for the floors + {sc['run']} for the run + "
        f"{sc['achievement']} for the achievement = {sc['total']}"))
    start = g.player_name(s.start_player) if s.start_player is not None else "nobody"
    return ("The game ends when everyone has built "
            f"{g.cards_each} cards (Game End). Add up the numbers of all your floors, then "
            "the longest run's bonus and the achievement's points. " + "; ".join(rows)
            + f". {outcome_text(s)}. On a tie, the tied player farthest from the start "
            f"player ({start}), going clockwise, wins (Winner of the Game), so the game "
            "always has one winner.")


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
