"""The board's guide hook (treehouse_lab/boards/guide.py): the spotlight trait, and a
vetoed click that changes nothing; on the toy race, whose moves take one or two clicks."""

from __future__ import annotations

import re

import pytest
import tl_toygame as toy

import treehouse_lab as tl


class StubGuide:
    """Accepts the moves ``wanted`` says; records what the board asks."""

    def __init__(self, wanted):
        self.wanted = wanted
        self.vetted: list = []
        self.played: list = []

    def accepted(self, state, seat):
        return self.wanted(state, seat)

    def vet(self, state, seat, actions):
        self.vetted.append(list(actions))
        return "Not that one: follow the spotlight."

    def play(self, action, seat):
        self.played.append(action)
        return "played by the guide"


def board(guide=None) -> tl.Board:
    return tl.Board(toy.ToyGame(), seed=1, bots={1: "random"}, guide=guide)


def test_without_a_guide_nothing_is_spotlit_or_dimmed():
    b = board()
    assert b.view.spotlight is None


def test_a_guide_with_no_restriction_spotlights_nothing():
    b = board(StubGuide(lambda s, p: None))
    assert b.view.spotlight is None
    b.click("roll")
    assert b.match.position > 0  # played by the board itself, as without a guide


def test_the_spotlight_is_the_next_click_of_the_accepted_moves():
    b = board(StubGuide(lambda s, p: [a for a in s.legal_actions(p) if isinstance(a, toy.Play)]))
    hand = b.match.state.hands[0]
    assert set(b.view.spotlight) == {f"card:{c}" for c in hand}
    assert b.targets() == {"roll"} | {f"card:{c}" for c in hand}
    b.click(f"card:{hand[0]}")
    assert b.selection == (f"card:{hand[0]}",) and b.view.spotlight == ["play"]


def test_a_vetoed_click_changes_nothing():
    guide = StubGuide(lambda s, p: [toy.Roll()])
    b = board(guide)
    assert b.view.spotlight == ["roll"]
    save, position, version = b.match.state.to_json(), b.match.position, b.view.version
    card = b.match.state.hands[0][0]
    message = b.click(f"card:{card}")
    assert message == "Not that one: follow the spotlight."
    assert guide.vetted == [[toy.Play(card)]]
    assert b.match.state.to_json() == save and b.match.position == position
    assert b.selection == () and b.view.version == version and guide.played == []


def test_a_click_off_the_accepted_two_click_path_is_vetoed_at_once():
    b0 = board()
    hand = b0.match.state.hands[0]
    guide = StubGuide(lambda s, p: [toy.Play(hand[0])])
    b = board(guide)
    assert b.click(f"card:{hand[1]}") == "Not that one: follow the spotlight."
    assert b.selection == ()
    b.click(f"card:{hand[0]}")
    assert b.click("play") == "played by the guide"
    assert guide.played == [toy.Play(hand[0])]
    assert b.match.position == b0.match.position  # the guide, not the board, plays


def test_an_empty_acceptance_dims_every_target():
    guide = StubGuide(lambda s, p: [])
    b = board(guide)
    assert b.view.spotlight == [] and b.targets()
    assert b.click("roll") == "Not that one: follow the spotlight."


# -- the status line under a lesson (its Step and Autoplay controls are hidden) -----------

def _status(b: tl.Board) -> str:
    return re.sub(r"<[^>]+>", " ", b.controls.status.value)


def _board_words(text: str) -> list[str]:
    """What a lesson's status line must not say: the hidden controls, the match's steps."""
    return re.findall(r"\bStep or Autoplay\b|\bAutoplay\b|\bStep\b|\bstep \d+", text)


def test_a_plain_board_sends_the_reader_to_step_and_numbers_the_match():
    b = tl.Board("pyramids", seed=3, bots={1: "pyramids-solo"}, autorun=False)
    assert b.match.state.is_chance_node()  # the first roll waits for Step
    assert _board_words(_status(b)) == ["step 0", "Step or Autoplay"]


@pytest.mark.parametrize("lesson_id", ["treehouse", "backyard"])
def test_a_lessons_status_line_never_speaks_of_step_or_autoplay(lesson_id):
    """Every step of the lesson, played by Show me (Next on the steps to read): the status
    line says what the lesson waits for, never the hidden Step or Autoplay, nor the match's
    step number beside the lesson's own counter."""
    lesson = tl.Lesson(lesson_id, seed=3, show_delay=0)
    seen = []
    while not lesson.done:
        text = _status(lesson.board)
        seen.append(text)
        assert not _board_words(text), (lesson.tutor.counter(), text)
        lesson.show_me()
    assert not _board_words(_status(lesson.board)), _status(lesson.board)
    assert any("press Next" in t for t in seen)  # a step to read says so
    # The log keeps the match's numbering.
    assert re.search(r'<span class="tl-n">\d+\.</span>', lesson.board.controls.log.value)


def test_a_guide_may_say_the_status_line_itself():
    guide = StubGuide(lambda s, p: None)
    guide.status = lambda state: "Press Next: the die is rolled."
    b = board(guide)
    assert _status(b).strip() == "Press Next: the die is rolled."
    guide.status = lambda state: 1 / 0  # a failing hook: the board's own line
    b.refresh()
    assert "Your move" in _status(b)


# -- Explain under a lesson (its Step control is hidden) ------------------------------

def _explained(b: tl.Board) -> str:
    b.controls.explain.click()
    return re.sub(r"<[^>]+>", " ", b.controls.explanation.value)


def test_a_plain_boards_explain_at_a_chance_point_sends_the_reader_to_step():
    b = tl.Board("pyramids", seed=3, bots={1: "pyramids-solo"}, autorun=False)
    assert b.match.state.is_chance_node()
    assert "press Step or Autoplay" in _explained(b)


@pytest.mark.parametrize("lesson_id", ["treehouse", "diner"])
def test_a_lessons_explain_at_a_chance_point_speaks_of_next_not_step(lesson_id):
    """The lesson's first step waits before the first roll (a chance point): Explain says
    there is nothing to choose and to press Next, never the hidden Step or Autoplay."""
    lesson = tl.Lesson(lesson_id, seed=0, show_delay=0)
    assert lesson.match.state.is_chance_node() and not lesson.tutor.step.waits
    text = _explained(lesson.board)
    assert not _board_words(text), text
    assert "press Next" in text and "nothing for you to choose" in text


# -- a step to read dims the whole board --------------------------------------------

def _glowing(svg: str) -> list[str]:
    """The "you may click this" gold frames (core/svg.py ``frame``) that the browser does
    not dim: board.js dims a frame only through the target it names (``data-frame-for``),
    so a frame naming none glows whatever the spotlight says."""
    frames = re.findall(r"<rect class=\"tl-gold-frame\"[^>]*>", svg)
    return [f for f in frames if "data-frame-for=" not in f]


@pytest.mark.parametrize("lesson_id", tl.lessons())
def test_a_step_to_read_spotlights_nothing_and_dims_every_target(lesson_id):
    """On every step to read (Next moves on), nothing may look clickable: the spotlight is
    an empty list (not None, which would dim nothing), and every target and every gold
    frame drawn under one is named for board.js to dim. Seed 0, walked by Show me."""
    lesson = tl.Lesson(lesson_id, seed=0, show_delay=0)
    read = 0
    while not lesson.done:
        if not lesson.tutor.step.waits:
            read += 1
            b = lesson.board
            where = (lesson_id, lesson.tutor.counter())
            assert b.view.spotlight == [], where
            assert not _glowing(b.view.svg), where
            named = set(re.findall(r'data-frame-for="([^"]+)"', b.view.svg))
            assert named <= set(b.targets()), where  # each frame dims with its target
        lesson.show_me()
    assert read
