"""A lesson run through Show me to its end with every step checked (the issue's required
lesson test), and the checks of a lesson's plan (``check_plan``), shared by every lesson's
test file in tests/lessons.

At every step: the counter and the heading, a text; a waiting step accepts legal moves
only, the learner alone is left to act (the bots of a simultaneous node acted first), and
the spotlit targets are exactly the first clicks of the accepted moves (the whole click
path where the game picks a move with one click); a reading step accepts nothing and
spotlights nothing. A wrong move (at a waiting step a random legal one the step does not
accept, else one the engine refuses; at a reading step the game's own move and any legal
one) is answered with a hint shown in the hint box and changes nothing; Show me clears the
hint. At the end: every step was shown in order, the game is over where the lesson plays it
to the end (``PLAYED_TO_THE_END``), the done box and the
full-game button are shown.

What differs between games is in ``GAMES``: which moves to try (a move the engine
refuses, for a waiting step that accepts every legal move; a move tried at every reading
step), whether a move is one click, whether a step may stay for several moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import treehouse_lab as tl
from treehouse_lab.games.backyard import actions as backyard
from treehouse_lab.games.diner import actions as diner
from treehouse_lab.games.magical import actions as magical
from treehouse_lab.games.pyramids import actions as pyramids
from treehouse_lab.lessons import LessonPlan, plan
from treehouse_lab.rules_index import indexes

#: The title each game's lessons cite its rulebook by (with the section: "Title, 'Section'")
BOOKS = {"diner": "Treehouse Diner rulebook", "backyard": "Backyard Builders Treehouse rulebook",
         "magical": "Magical Treehouse Rulebook", "pyramids": "Treehouse Rulebook"}


@dataclass(frozen=True)
class GameMoves:
    """The game-specific part of a lesson run."""

    #: (state, seat, rng) -> a move the engine refuses the learner
    refused: Callable[[Any, int, random.Random], Any]
    #: state -> a move tried at every reading step (refused with "Nothing was played")
    read_move: Callable[[Any], Any]
    #: a move is picked with one click, so its whole path is spotlit
    one_click: bool = False
    #: a step may stay for several moves (a Diner pantry visit: one step, every minute)
    steps_stay: bool = False


def _diner_refused(state, seat: int, rng: random.Random):
    legal = state.legal_actions(seat) if seat in state.actors() else []
    return rng.choice([a for a in (diner.FinishAssigning(), diner.TakeOrder("no-such-order"),
                                   diner.MoveOrder("no-such-order", 3),
                                   diner.Place("no-such-order", "acorn"))
                       if a not in legal])


def _backyard_refused(state, seat: int, rng: random.Random):
    """A card not in the hand."""
    outside = sorted(c for c in state.game.card_set if c not in state.hand_cards)
    return backyard.Play(rng.choice(outside), False)


def _magical_refused(state, seat: int, rng: random.Random):
    """A card not in the learner's hand or drawer."""
    mine = set(state.hand(seat)) | set(state.drawer(seat))
    return magical.Place(sorted(c for c in state.game.cards if c not in mine)[0])


def _pyramids_refused(state, seat: int, rng: random.Random):
    legal = set(state.legal_actions(seat)) if seat in state.actors() else set()
    return rng.choice(sorted(set(state.game.table.all_plays()) - legal, key=str))


#: The lessons whose last step sees the real end of the game (the module lessons' short
#: game ends with the learner's last move); the others may stop in a game going on.
PLAYED_TO_THE_END = {"backyard", "magical", "diner-bees", "diner-secret"}

GAMES: dict[str, GameMoves] = {
    # A Diner move may take two clicks: the spotlight is the accepted first clicks.
    "diner": GameMoves(_diner_refused, lambda state: diner.FinishAssigning(),
                       steps_stay=True),
    "backyard": GameMoves(_backyard_refused,
                          lambda state: backyard.Play(sorted(state.game.card_set)[0], False),
                          one_click=True),
    # A planning or building step may stay for several moves (keep a pipe, then build it).
    "magical": GameMoves(_magical_refused,
                         lambda state: magical.Place(sorted(state.game.cards)[0]),
                         steps_stay=True),
    # A move is two clicks (a pass one): the spotlight is their first clicks.
    "pyramids": GameMoves(_pyramids_refused, lambda state: pyramids.Pass()),
}


def wrong_move(lesson, rng: random.Random, refused: Callable[[Any, int, random.Random], Any]):
    """A random legal move the step does not accept; else a move the engine refuses."""
    state = lesson.match.state
    seat = lesson.tutor.seat
    accepted = set(lesson.tutor.accepted())
    legal = state.legal_actions(seat) if seat in state.actors() else []
    others = [a for a in legal if a not in accepted]
    if others:
        return rng.choice(others)
    move = refused(state, seat, rng)
    assert move not in legal
    return move


def _refuses(lesson, move, waits: bool) -> None:
    """The move is answered (a hint at a waiting step) and changes nothing."""
    state, t = lesson.match.state, lesson.tutor
    save, position, index = state.to_json(), lesson.match.position, t.index
    said = lesson.attempt(move)
    assert ("Hint: " in said) if waits else said.startswith("Nothing was played"), said
    assert lesson.match.state.to_json() == save
    assert lesson.match.position == position and t.index == index
    assert lesson.hint_box.layout.display == "block" and lesson.hint_box.value


def check_plan(lesson_id: str, bot: str) -> tuple[LessonPlan, tl.Match]:
    """The plan every lesson keeps to: two thirds of the steps wait for a move; each step
    cites its game's rulebook by title and section (no path, nothing of ``shared``) with a
    rule_id its game's rules index knows; every other seat is the teaching bot ``bot``.
    Returns the plan and a lesson's match (seed 1) for the test's own checks."""
    p = plan(lesson_id)
    assert 3 * sum(s.waits for s in p.steps) >= 2 * len(p.steps)
    index = indexes([p.game])[p.game]
    for step in p.steps:
        assert step.rule.startswith(f"{BOOKS[p.game]}, '"), step.rule
        assert "shared" not in step.rule and "/" not in step.rule
        if callable(step.rule_id):  # it follows the position: walk() checks each one
            continue
        assert step.rule_id.startswith(f"{p.game}/") and step.rule_id in index, step.rule_id
    match = tl.Lesson(lesson_id, seed=1, show_delay=0).match
    assert p.bot == bot
    assert {match.seat(q) for q in range(match.game.players) if q != p.seat} == {bot}
    return p, match


def run_lesson(lesson_id: str, seed: int) -> list[int]:
    """Play the lesson through Show me, checking every step (module docstring), to the end
    of its game; returns the step numbers shown, one per gesture."""
    lesson = tl.Lesson(lesson_id, seed=seed, show_delay=0)
    numbers = walk(lesson, random.Random(seed))
    if lesson_id in PLAYED_TO_THE_END:
        assert lesson.match.state.is_terminal()
    assert lesson.full_button.layout.display != "none"
    return numbers


def walk(lesson, rng: random.Random) -> list[int]:
    """Play a lesson (a whole one, or a tutorial's segment, ``tl.Lesson.on``) through Show
    me to its end, checking every step (module docstring); returns the step numbers
    shown, one per gesture."""
    game = GAMES[lesson.plan.game]
    seed = lesson.seed
    total = len(lesson.plan.steps)
    numbers: list[int] = []
    while not lesson.done:
        t = lesson.tutor
        numbers.append(t.number)
        if not game.steps_stay:
            assert t.number == len(numbers)
        assert t.counter() == f"{t.number} of {total}"
        assert f">{t.number} of {total}<" in lesson.heading.value
        assert t.text()
        if lesson.rules is not None and t.rule_id():  # it may follow the position
            assert t.rule_id() in lesson.rules.index, t.rule_id()
            assert lesson.rules.opened == t.rule_id()
        state = lesson.match.state
        accepted = t.accepted()
        spot = lesson.board.view.spotlight
        if t.step.waits:
            assert accepted, f"seed {seed}: step {t.number} accepts nothing"
            assert set(accepted) <= set(state.legal_actions(t.seat))
            # Simultaneous nodes: the bots have acted, only the learner is left.
            assert state.actors() == [t.seat] and not lesson.match.bots_to_act()
            paths = lesson.match.game.click_paths(state, t.seat)
            assert all(paths.get(a) for a in accepted)
            assert set(spot) == {paths[a][0] for a in accepted}
            if game.one_click:
                assert {(target,) for target in spot} == {paths[a] for a in accepted}
            assert lesson.next_button.disabled  # a waiting step is passed by a move
            _refuses(lesson, wrong_move(lesson, rng, game.refused), True)
        else:
            assert accepted == [] and spot in (None, [])
            _refuses(lesson, game.read_move(state), False)
            if t.seat in state.actors():  # a move, but this step is to read
                _refuses(lesson, state.legal_actions(t.seat)[0], False)
        lesson.show_me()
        assert lesson.hint_box.layout.display == "none"
    # every step was shown, in order (a step may stay for several moves where the game's steps stay)
    assert sorted(set(numbers)) == list(range(1, total + 1))
    assert numbers == sorted(numbers)
    assert lesson.done_box.layout.display == "block"
    return numbers
