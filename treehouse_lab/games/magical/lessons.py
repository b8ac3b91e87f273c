"""Magical Treehouse lessons: the rules taught on a live game, as data.

The lesson ``magical`` plays a 3-player game against two ``magical-builder`` bots (the
game's teaching bot, bots.py). Magical Treehouse is long (four rounds, each a real-time
planning step and a building step), so the lesson teaches on the first round's moves (the
draft, the drawer, a spell, "I'm done!", the secret play-order card, building and the
first familiar), lets the teaching bot play the learner's seat through rounds 2 and 3
(``Read.play_until``), and teaches pipes, potions, level 5 and the objectives on the
learner's last building turn, where the village is big enough for them to matter. It
works for any deal: every step that depends on the cards branches (``first_of``) and its
text follows the same branch (``which``).

Where several seats act at once (the planning step, the play-order cards) the tutor lets
the bots act first, so the learner's play-order card is the last chosen and the reveal is
told right after it (lessons/tutor.py). What the texts say comes from what the learner can
see: their own hand, drawer and objective, the public villages, forest and trash cans;
the odds before a draw count over the cards the learner has not seen.

Sections quoted are those of the Magical Treehouse Rulebook; rulings R1, R2 ... are in
docs/rulings/magical.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lessons.accepts import first_of, kind, where, which
from ...lessons.odds import counted_odds
from ...lessons.steps import Do, LessonPlan, Read
from .actions import (
    BuildFaceDown,
    Cast,
    DrawFour,
    DropOut,
    Pipe,
    Place,
    PlaceFamiliar,
    Reveal,
    Store,
    Take,
)
from .lessons_position import (
    ANY,
    card_of,
    card_words,
    gains,
    joined,
    level5,
    named_cards,
    new_building,
    on_building,
    own_total,
    pipe_gain,
    place_building,
    place_level1,
    place_on_top,
)
from .render_shapes import RES_NAME
from .rules import DRAWER, RESOURCE_COLOUR

if TYPE_CHECKING:  # pragma: no cover
    from .state import MagicalState

BOOK = "Magical Treehouse Rulebook"
SEAT = 0


def _rule(section: str) -> str:
    return f"{BOOK}, '{section}'"




# -- set-up ------------------------------------------------------------------------------

def _setup(s: MagicalState, seat: int) -> str:
    """Short (a first step): the forest, the objectives, the biscuits and the tiebreaks
    are told at the steps that use them (and in the Rules panel); the hand is on the
    board."""
    from .render import objective_text

    g = s.game
    return (
        f"Press Next to start. You are {g.player_name(seat)}, against two bots. Over four "
        "rounds you build a village of magic buildings, send familiars to gather resources "
        "and brew potions; the most victory points (VP) wins (Victory Conditions). Your "
        f"secret objective: {objective_text(s, s.personal_objective(seat))}."
    )


# -- the planning step -------------------------------------------------------------------

FIRST = first_of(where(place_level1, "put a level 1 building in your drawer"),
                 where(place_building, "put a building in your drawer"),
                 kind(Place, "put a card in your drawer"), ANY)


def _first(s: MagicalState, seat: int) -> str:
    side = "left" if s.direction == 1 else "right"
    nxt = s.game.player_name((seat + s.direction) % s.game.players)
    head = ("The planning step is in real time: everyone plays at once, nobody waits for "
            "turns (2. Planning Step). The bots have already started! Choose one card of "
            "your hand (not a spell) for your drawer: it is a card you will build this "
            "round. The rest of your hand goes on the carriage on your "
            f"{side}, where {nxt} takes it. ")
    if which(FIRST, s, seat) == 0:
        return head + ("A level 1 building is a good first choice: you can always build it "
                       "(3. Building Step), and it sends a familiar into the forest. Your "
                       f"level 1s: {named_cards(s, seat, place_level1)}.")
    return head + "You have no level 1 building: choose the building you like best."


EMPTY = first_of(kind(Take, "take the cards from the carriage"),
                 kind(DrawFour, "draw 4 cards from your deck"), ANY)


def _empty(s: MagicalState, seat: int) -> str:
    n = s.game.players
    before = s.game.player_name((seat - s.direction) % n)
    head = ("Your hand is empty. With fewer than 5 cards in your drawer you may take all the "
            f"cards on the carriage that {before} fills (the one before you in the turn "
            "order), or draw 4 cards from your deck; you may also drop out, but not yet: "
            "you want 5 cards in your drawer (2. Planning Step). ")
    branch = which(EMPTY, s, seat)
    if branch == 0:
        count = s.carriages_counts()[s.take_carriage(seat)]
        return head + f"{before} has passed {count} cards to you: take them."
    if branch == 1:
        cards = s.game.cards
        unseen = sorted(c for c in s.hidden_from(seat) if c in cards)
        odds = counted_odds(unseen, lambda c: cards[c].kind == "building"
                            and cards[c].level == 1)
        said = odds.sentence("cards hidden from you now", "are level 1 buildings")
        return head + ("The carriage is empty: draw 4. Each card you draw is one of the "
                       "cards hidden from you now, all as likely as far as you can tell "
                       f"(you see neither the decks nor the others' hands): {said}.")
    return head + "Make any of the moves you have."


def _casts(s: MagicalState, seat: int, a: Any) -> bool:
    return isinstance(a, Cast)


SPELL = first_of(where(_casts, "cast a spell from your hand"),
                 where(place_on_top, "put in your drawer a card that goes on a lower card "
                                      "of its colour"),
                 where(place_level1, "put a level 1 building in your drawer"),
                 kind(Place, "put a card in your drawer"), ANY)


def _spell(s: MagicalState, seat: int) -> str:
    head = ("Buildings grow in levels: a level 2 goes on a level 1 of its colour, a level 3 "
            "on a level 2, up to level 5, and only the top card's VP counts (3. Building "
            "Step; 4. Scoring). So plan cards that stack on each other. ")
    spells = ("Spells are cards you never build: with a spell in your hand you may cast it "
              "(\"I whistle!\"): everyone still planning stops and follows it, then play "
              "goes on. Or you may discard your whole hand with the spell on top "
              "(2. Planning Step). ")
    branch = which(SPELL, s, seat)
    if branch == 0:
        names = named_cards(s, seat, _casts)
        return (spells + f"You hold {names}. Cast one now to see what it does to the "
                "table; the spell then goes to your trash can.")
    text = head + spells + "You hold no spell now. "
    if branch == 1:
        return text + ("Put in your drawer a card that goes on top of one of yours: "
                       f"{named_cards(s, seat, place_on_top)}.")
    if branch == 2:
        return text + ("No card of yours stacks yet: put a level 1 in your drawer "
                       f"({named_cards(s, seat, place_level1)}).")
    return text + "Put the card you like best in your drawer."


def _full(s: MagicalState, seat: int) -> bool:
    """The learner could say "I'm done!" now with a full drawer (or nothing left to take):
    where the teaching bot would drop out (bots.py)."""
    if s.phase != "planning" or s.hand(seat):
        return False
    legal = s.legal_actions(seat)
    return any(isinstance(a, DropOut) for a in legal) and (
        len(s.drawer(seat)) >= DRAWER
        or not any(isinstance(a, (Take, DrawFour)) for a in legal))


def _planning_goes_on(s: MagicalState, seat: int) -> str:
    return ("The planning goes on the same way: put a card in the drawer, pass the rest, "
            "take from the carriage or draw 4, until your drawer holds 5 cards. Press Next "
            "and the teaching bot plans for you until then (it puts in your drawer the "
            "card worth most to your village, and never casts a spell).")


def _drawer_now(before: MagicalState, after: MagicalState, seat: int) -> str:
    return ("Your drawer now holds " + joined([card_words(after, c) for c in after.drawer(seat)])
            + ".")


DONE = first_of(kind(DropOut, "drop out of the planning step: \"I'm done!\""), ANY)


def _done(s: MagicalState, seat: int) -> str:
    left = s.round_biscuits
    n = len(s.drawer(seat))
    head = ("Your drawer is full, so say \"I'm done!\": drop out of the planning step. "
            if n >= DRAWER else
            f"Nothing is left for you to take, and your drawer holds {n} cards: drop out. "
            "Anyone who drops out short of 5 cards takes the missing number from their trash "
            "can, highest play order first, and puts them in the box (2. Planning Step). ")
    if which(DONE, s, seat) != 0:
        return "Make any of the moves you have."
    pile = (f"This round's pile has {left} biscuit{'s' if left != 1 else ''} left"
            if left else "The bots dropped out first and took this round's biscuits")
    return head + (f"{pile}: whoever drops out takes one while there are any, and the last "
                   "player gets none. Every 3 biscuits are worth 1 VP at the end, and "
                   "biscuits break ties. (A player still planning may also give a biscuit "
                   "to a player who dropped out, to move the cards stuck on that player's "
                   "carriage on.)")


# -- the building step -------------------------------------------------------------------

REVEAL = first_of(kind(Reveal, "choose a play-order card from your drawer"), ANY)


def _reveal(s: MagicalState, seat: int) -> str:
    cards = sorted(s.drawer(seat), key=lambda c: card_of(s, c).order)
    shown = joined([f"{c} (play order {card_of(s, c).order})" for c in cards])
    return ("The building step begins with the play order (3. Building Step, 1): everyone "
            "chooses one card of their drawer face down; when the last has chosen, all are "
            "revealed together, and the lowest number builds first. The bots have chosen "
            "theirs face down: yours is the last. The card you show goes to your trash can, "
            f"so you will not build it. Your drawer: {shown}.")


BUILD1 = first_of(where(new_building, "build a level 1 as a new building"),
                  kind(BuildFaceDown, "build a card face down"), ANY)


def _build1(s: MagicalState, seat: int) -> str:
    head = ("Now build the cards of your drawer into your village, one at a time (3. "
            "Building Step, 2); you may not leave any in the drawer. ")
    branch = which(BUILD1, s, seat)
    if branch == 0:
        return head + ("A level 1 is always a new building beside the others. Build one: "
                       f"{named_cards(s, seat, new_building)}.")
    if branch == 1:
        return head + ("You have no level 1. Any card may be built face down as a level 1 "
                       "of 0 VP with no effect, and any colour's level 2 may go on it: build "
                       "one face down.")
    return head + "Make any of the moves you have."


FAMILIAR = first_of(kind(PlaceFamiliar, "place a familiar in the magic forest"), ANY)


def _familiar(s: MagicalState, seat: int) -> str:
    if which(FAMILIAR, s, seat) != 0:
        return ("No familiar to place now (only a level 1 built face up sends one). Make "
                "any of the moves you have.")
    res = ", ".join(f"{RES_NAME[r]} make {RESOURCE_COLOUR[r]} potion"
                    for r in RESOURCE_COLOUR)
    return ("Your level 1 has the \"place familiar\" icon: send one of your familiars into "
            "the magic forest. You may place it in an outermost area, or in an area "
            "connected to one where you already have a familiar, never where a familiar "
            "already is. Areas with resource icons gather those resources for you; with 2 "
            "of one resource, an Extract Potion building of that colour makes a potion "
            f"({res}). Resources also count for the objectives. The spotlit areas are the "
            "ones you may take.")


BUILD2 = first_of(where(on_building, "build a card on one of your buildings"),
                  kind(Store, "store a card under a Storage building"),
                  where(new_building, "build a level 1 as a new building"),
                  kind(BuildFaceDown, "build a card face down"), ANY)


def _build2(s: MagicalState, seat: int) -> str:
    head = ("A level 2 to 5 goes only on a building of its colour one level lower; the "
            "effect of the card below stays in force, and only the top card's VP counts. "
            "A card you do not want to build yet may go under a Storage building (one card "
            "each) and be built in a later round. ")
    branch = which(BUILD2, s, seat)
    if branch == 0:
        return head + f"Build higher: {named_cards(s, seat, on_building)}."
    if branch == 1:
        return head + "Nothing of yours stacks now, but you have room in storage: store a card."
    if branch == 2:
        return head + ("Nothing of yours stacks now: build another level 1 "
                       f"({named_cards(s, seat, new_building)}).")
    if branch == 3:
        return head + "Nothing of yours stacks now: build a card face down."
    return head + "Make any of the moves you have."


def _pipe_time(s: MagicalState, seat: int) -> bool:
    """The learner's first building decision where a pipe can be built, else the last
    round's building turn: where the pipes and potions steps have something to show."""
    return s.phase == "building" and (
        s.round == 4 or any(isinstance(a, Pipe) for a in s.legal_actions(seat)))


def _later(s: MagicalState, seat: int) -> str:
    return ("That is one round: each round deals again all the cards on the working boards "
            "and carriages (1. Preparations Step), takes the next biscuit pile, and plays a "
            "planning step and a building step. Villages, storage and familiars stay. Press "
            "Next: the teaching bot finishes round 1 for you and plays on, until a building "
            "turn of yours where you can build a pipe (or your last building turn, in round "
            "4).")


def _village(before: MagicalState, after: MagicalState, seat: int) -> str:
    v = after.village(seat)
    tops = joined([("face down" if not b["colour"] else f"{b['colour']} level {b['level']}")
                 for b in v]) or "nothing"
    res = after.resources(seat)
    have = joined([f"{k} {RES_NAME[r]}" for r, k in res.items() if k]) or "no resources"
    return (f"Round {after.round}, your building turn. Your village: {tops}; your familiars gather "
            f"{have}. Your score so far is {own_total(after, seat)} VP.")


PIPES = first_of(where(pipe_gain, "build or move a pipe that brings a potion to a "
                                   "Potion into VP building"),
                 kind(Pipe, "join two of your buildings with a pipe"),
                 where(gains("potions"), "make a move that scores a potion"),
                 ANY)


def _pipes(s: MagicalState, seat: int) -> str:
    head = ("Potions score on level 3 buildings (VP Effects of Level 3 Buildings): an "
            "Extract Potion level 1 makes its colour's potion while you gather 2 of its "
            "resource, and a level 3 \"Potion into VP\" scores 3 VP when it is supplied with "
            "its potion. A building supplies itself; to bring a potion from another building, "
            "join the two with a pipe, and everything joined by pipes shares its potions. "
            "A pipe, once placed, stays (unless you have the blue level 4).")
    branch = which(PIPES, s, seat)
    if branch == 0:
        return head + " Build the spotlit pipe: it brings a potion where it scores."
    if branch == 1:
        return head + (" No pipe of yours scores a potion yet, but a pipe is how potions "
                       "travel: join two of your buildings (blue level 5 also scores 1 VP "
                       "per pipe).")
    if branch == 2:
        return head + " You have no pipe to place, but a move of yours scores a potion: make it."
    return head + (" You have no pipe in your drawer now, and no move that scores a potion: "
                   "make any of your moves.")


POTIONS = first_of(where(gains("potions"), "make a move that scores a potion"),
                   where(gains("total"), "make a move that raises your score"), ANY)


def _potions(s: MagicalState, seat: int) -> str:
    pot = s.scores()[seat]["potions"]
    head = (f"Your potions score {pot} VP now. Each Potion into VP scores 3 VP at most, "
            "however many potions reach it; the green level 4 turns a purple potion piped "
            "in from another building into red, blue and yellow for its own level 3. ")
    branch = which(POTIONS, s, seat)
    if branch == 0:
        return head + "A move of yours scores a potion now: make it (spotlit)."
    if branch == 1:
        return head + "No move scores a potion now; make one that raises your score."
    return head + "No move raises your score now: make any of your moves."


LAST = first_of(where(level5, "build a level 5"),
                where(gains("total"), "make a move that raises your score"), ANY)


def _last(s: MagicalState, seat: int) -> str:
    from .render import objective_text

    tiles = [t for t in s.common_objectives() if t] + [s.personal_objective(seat)]
    head = ("Two more ways to score. A level 5 scores by its colour (VP Effects of Level 5 "
            "Buildings): red 1 VP per level 3 building, yellow per familiar in an "
            "unproductive area, blue per pipe, purple per stored card, green per potion "
            "colour you extract. And the objectives (VP From Objective Tiles): each pays "
            "only a single leader, a tie pays nobody, and the -4 tile cannot be refused. "
            f"Yours: {joined([objective_text(s, t) for t in tiles if t])}. ")
    branch = which(LAST, s, seat)
    if branch == 0:
        return head + f"You can build a level 5: {named_cards(s, seat, level5)}."
    if branch == 1:
        return head + "Make a move that raises your score (the spotlit ones)."
    return head + "No move raises your score now: make any of your moves."


def _finish(s: MagicalState, seat: int) -> str:
    return ("Press Next: the teaching bot finishes your turn, the others build, and after "
            "the fourth round the game is over (3. Building Step).")


def _scores(s: MagicalState, seat: int) -> str:
    from .render import objective_text

    g = s.game
    mine = s.scores()[seat]
    totals = [(g.player_name(p), sc["total"], s.biscuits()[p])
              for p, sc in enumerate(s.scores())]
    winner = g.player_name(s.winners()[0]) if s.is_terminal() else "nobody yet"
    rows = "; ".join(f"{n}: {t} VP, {b} biscuits" for n, t, b in totals)
    return (
        "4. Scoring. Each player adds the VP of the top card of each building, 3 VP for each "
        "level 3 supplied with its potion, the level 5s, the objectives, and 1 VP per 3 "
        f"biscuits. You: {mine['buildings']} for buildings + {mine['potions']} for potions + "
        f"{mine['level5']} for level 5 + {mine['objectives']} for objectives (your personal "
        f"one was {objective_text(s, s.personal_objective(seat))}) + {mine['biscuits']} for "
        f"biscuits = {mine['total']} VP. Everyone: {rows}. The most VP wins; a tie goes to "
        "the player with more biscuits, and then to the youngest (Victory Conditions). "
        f"Winner: {winner}."
    )


def _never(s: MagicalState, seat: int) -> bool:
    return False


LESSONS = (
    LessonPlan(
        id="magical",
        title="Magical Treehouse: your first game",
        game="magical",
        options={"players": 3},
        bot="magical-builder",
        seat=SEAT,
        minutes=12,
        summary="Draft in real time, choose a play-order card face down, build a village, "
                "send familiars into the forest, pipe potions to level 3s, and score, in "
                "one game against two bots (the middle rounds played for you).",
        steps=(
            Read("The magical treehouse", _setup, rule=_rule("Preparations"),
                 rule_id="magical/preparations"),
            Do("Your first drawer card", _first, FIRST,
               hint="Click a card of your hand: it goes to your drawer and the rest to the "
                    "carriage.",
               rule=_rule("2. Planning Step"), rule_id="magical/2-planning-step"),
            Do("An empty hand", _empty, EMPTY,
               hint="With an empty hand, click the carriage to take its cards, or your deck "
                    "to draw 4.",
               rule=_rule("2. Planning Step"), rule_id="magical/2-planning-step"),
            Do("A spell, or a taller building", _spell, SPELL,
               hint="Look at the colour and level of each card: a level 2 needs a level 1 "
                    "of its colour below it. A spell is cast from the spell card itself.",
               rule=_rule("2. Planning Step"), rule_id="magical/2-planning-step"),
            Read("The planning goes on", _planning_goes_on, play_until=_full,
                 then=_drawer_now, rule=_rule("2. Planning Step"),
                 rule_id="magical/2-planning-step"),
            Do("I'm done!", _done, DONE,
               hint="Drop out with the \"I'm done\" control of your working board.",
               rule=_rule("2. Planning Step"), rule_id="magical/2-planning-step"),
            Do("Play order, face down", _reveal, REVEAL,
               hint="Click a card of your drawer: a low number builds early, and the card "
                    "is not built.",
               rule=_rule("3. Building Step"), rule_id="magical/3-building-step"),
            Do("Build a level 1", _build1, BUILD1,
               hint="Click a level 1 card of your drawer, then the free place in your "
                    "village.",
               rule=_rule("3. Building Step"), rule_id="magical/3-building-step"),
            Do("A familiar in the magic forest", _familiar, FAMILIAR,
               hint="Click a spotlit area of the magic forest.",
               rule=_rule("3. Building Step"), rule_id="magical/3-building-step"),
            Do("Build higher", _build2, BUILD2,
               hint="A card goes on a building of its colour whose top is one level lower.",
               rule=_rule("3. Building Step"), rule_id="magical/3-building-step"),
            Read("The next rounds", _later, play_until=_pipe_time, then=_village,
                 rule=_rule("1. Preparations Step"), rule_id="magical/1-preparations-step"),
            Do("Pipes carry potions", _pipes, PIPES,
               hint="A pipe is built by clicking the pipe card, then two of your buildings.",
               rule=_rule("VP Effects of Level 3 Buildings"),
               rule_id="magical/vp-effects-of-level-3-buildings"),
            Do("Potions into VP", _potions, POTIONS,
               hint="Count the resources of your familiars: 2 of a resource feed an Extract "
                    "Potion of its colour.",
               rule=_rule("VP Effects of Level 3 Buildings"),
               rule_id="magical/vp-effects-of-level-3-buildings"),
            Do("Level 5 and the objectives", _last, LAST,
               hint="A level 5 goes on a level 4 of its colour; compare your counts with "
                    "the others' for the objectives.",
               rule=_rule("VP Effects of Level 5 Buildings"),
               rule_id="magical/vp-effects-of-level-5-buildings",
               teaches=("magical/vp-from-objective-tiles",)),
            Read("The last builds", _finish, play_until=_never,
                 rule=_rule("3. Building Step"), rule_id="magical/3-building-step"),
            Read("Scoring and the winner", _scores, rule=_rule("4. Scoring"),
                 rule_id="magical/4-scoring"),
        ),
    ),
)


__all__ = ["LESSONS"]
