"""The lesson mechanism on the toy race (tests/support/tl_toygame.py): chance with unequal
odds, a hidden hand and two-click moves, which is what a generic lesson driver must handle.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import tl_toygame as toy

import treehouse_lab as tl
from treehouse_lab.lessons import Do, LessonPlan, Read, first_of, kind, where
from treehouse_lab.lessons.accepts import which
from treehouse_lab.lessons.odds import chance_odds, each_outcome, fraction
from treehouse_lab.lessons.tutor import Tutor


def _die_text(state, seat):
    odds = chance_odds(state, lambda a: a.face == 3)
    return f"A 3 comes up with chance {odds.chance}."


STEPS = (
    Read("Start", "Race to the last square."),
    Do("Roll", "Roll the die.", kind(toy.Roll, "roll the die"), hint="Click roll."),
    Read("The die", _die_text, pause=lambda s, p: s.phase == "roll",
         then=lambda before, after, p: f"You moved to square {after.positions[p]}."),
    Do("Play", "Play a card.", kind(toy.Play, "play a card"), hint="Click a card, then play."),
    Do("Big card", "Play your biggest card if it moves you 3 or more, else roll.",
       first_of(where(lambda s, p, a: isinstance(a, toy.Play) and toy.VALUE[a.card] >= 3,
                      "play a card worth 3 or more"),
                kind(toy.Roll, "roll the die")),
       hint="Look at your cards' values."),
    Do("Anything", "Any move.", where(lambda s, p, a: True, "make any move"), hint="Any."),
)
PLAN = LessonPlan(id="toy", title="Toy race", game="toyrace", steps=STEPS, bot="random")


def tutor(seed: int = 1) -> Tutor:
    return Tutor(PLAN, seed, game=toy.ToyGame(target=30))


def test_a_plan_needs_two_thirds_waiting_steps():
    with pytest.raises(tl.RuleError, match="two thirds"):
        LessonPlan(id="x", title="x", game="toyrace", bot="random",
                   steps=(Read("a", "a"), Read("b", "b"), STEPS[1]))


def test_a_step_accepts_its_kind_only_and_a_wrong_move_changes_nothing():
    t = tutor()
    t.next()
    assert t.accepted() == [toy.Roll()]
    card = t.state.hands[0][0]
    save, position = t.state.to_json(), t.match.position
    said = t.attempt(toy.Play(card))
    assert "this step asks you to roll the die" in said and "Hint: Click roll." in said
    assert t.state.to_json() == save and t.match.position == position and t.number == 2


def test_an_illegal_move_gets_the_engines_reason():
    t = tutor()
    t.next()
    t.show_me()  # roll
    t.next()     # the die
    missing = next(c for c in toy.CARDS if c not in t.state.hands[0])
    said = t.attempt(toy.Play(missing))
    assert said.startswith("That move is not allowed:")
    assert t.state.why_illegal(toy.Play(missing), by=0) in said


def test_the_tutor_pauses_before_the_chance_event_and_shows_its_exact_odds():
    t = tutor()
    t.next()
    t.show_me()
    assert t.state.is_chance_node() and t.number == 3
    want = Fraction(toy.FACES.count(3), len(toy.FACES))
    assert chance_odds(t.state, lambda a: a.face == 3).chance == want
    assert f"chance {want}." in t.text()
    shown = dict(each_outcome(t.state))
    assert shown == {f"The die shows {f}": Fraction(toy.FACES.count(f), len(toy.FACES))
                     for f in set(toy.FACES)}
    said = t.next()
    assert f"You moved to square {t.state.positions[0]}." in said
    assert not t.state.is_chance_node()


def test_back_across_a_seen_chance_event_says_so_and_the_same_moves_bring_the_same():
    t = tutor(5)
    t.next()
    t.show_me()
    t.next()
    after = t.state.to_json()
    said = t.back()
    assert "chance event" in said and t.number == 3 and t.state.is_chance_node()
    t.next()
    assert t.state.to_json() == after
    t.back()
    assert t.back() == "Back to step 2."
    assert t.accepted() == [toy.Roll()]


def test_restart_gives_the_same_deal_from_step_one():
    t = tutor(3)
    fresh = t.state.to_json()
    t.next()
    t.show_me()
    t.restart()
    assert t.number == 1 and t.state.to_json() == fresh and not t.can_go_back


def test_branching_follows_the_position():
    for seed in range(10):
        t = tutor(seed)
        for _ in range(4):
            t.show_me()
        assert t.step.title == "Big card"
        big = [c for c in t.state.hands[0] if toy.VALUE[c] >= 3]
        want = [toy.Play(c) for c in big] if big else [toy.Roll()]
        assert t.accepted() == [a for a in t.state.legal_actions(0) if a in want]
        assert which(t.step.accepts, t.state, 0) == (0 if big else 1)


def test_a_branch_is_chosen_once_for_the_moves_it_accepts():
    """The moves a branching step accepts (what the board spotlights at every redraw) are
    the legal moves of the branch the position takes, and that branch is chosen once, not
    once per legal move: the Magical Treehouse lesson's branches test a move by scoring
    the position after it (``gains``), and choosing again for each move made a click there
    take seconds (benchmarks/lesson_redraw.py)."""
    t = tutor(0)
    for _ in range(4):
        t.show_me()
    state, legal = t.state, t.state.legal_actions(0)
    assert len(legal) >= 3
    tried: list = []

    def never(s, p, a) -> bool:
        tried.append(a)
        return False

    accept = first_of(where(never, "nothing"), where(lambda s, p, a: True, "any move"))
    assert accept.moves(state, 0) == [a for a in legal if accept.accepts(state, 0, a)]
    assert accept.moves(state, 0) == legal
    tried.clear()
    accept.moves(state, 0)
    assert tried == legal  # each legal move tried once by the first choice


def test_the_lesson_ends_and_show_me_then_refuses():
    t = tutor(2)
    while not t.done:
        t.show_me()
    assert t.counter() == "6 of 6"
    with pytest.raises(tl.RuleError, match="over"):
        t.show_me()


def test_a_step_that_accepts_nothing_is_named_as_a_lesson_bug():
    never = Do("Never", "x", where(lambda s, p, a: False, "do the impossible"), hint="-")
    plan = LessonPlan(id="bad", title="bad", game="toyrace", bot="random",
                      steps=(STEPS[1], never, STEPS[3]))
    t = Tutor(plan, 1, game=toy.ToyGame(target=30))
    with pytest.raises(tl.RuleError, match="step 2 .'Never'.: no legal move passes"):
        t.show_me()


def test_fractions_show_the_count_and_its_reduced_form():
    assert fraction(2, 9) == "2/9"
    assert fraction(3, 9) == "3/9 = 1/3"
