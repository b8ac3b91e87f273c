"""The live board without a browser: send what the browser sends, assert on match and SVG.

The browser side only ever sends ``{"type": "click", "target": id, "version": n}``; these
tests deliver exactly that through the widget's message handler (``_handle_custom_msg``,
what ipywidgets calls when a comm message arrives), and drive the controls the way their
front ends do (button clicks, trait changes).
"""

from __future__ import annotations

import html
import re

import pytest
from tl_board_helpers import autoplay

import treehouse_lab as tl
from treehouse_lab.boards import BoardView, widget_file
from treehouse_lab.boards import assets as assets_module
from treehouse_lab.boards.board import MOVED_ON
from treehouse_lab.boards.view import STALE


def browser_click(board, target, version=None):
    """Exactly the message board.js sends for a click on ``[data-target=target]``."""
    v = board.view.version if version is None else version
    board.view._handle_custom_msg({"type": "click", "target": target, "version": v}, [])


def data_targets(svg: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', svg))


def selected(svg: str) -> int:
    return len(re.findall(r'class="[^"]*\btl-selected\b', svg))


class BrokenBot:
    """A bot written in a notebook, with a bug; ``calls`` counts how often it was asked."""

    name = "broken"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, state, rng, player):
        self.calls += 1
        raise ValueError("no idea what to do")


# -- opening ------------------------------------------------------------------------------
def test_opening_runs_setup_until_the_human_must_choose(board):
    m = board.match
    assert m.waiting_for_human() and m.state.current_player == 0
    assert m.position == 4  # four cards dealt, each a chance step
    svg = board.view.svg
    assert svg.startswith("<svg") and "tl-toyrace" in svg
    assert data_targets(svg) == set(board.targets()) == {"roll"} | {
        f"card:{c}" for c in m.state.hands[0]
    }
    assert "Player 1" in board.controls.status.value
    assert "p = 1/8" in board.controls.log.value  # the first deal, as an exact fraction


def test_board_accepts_a_match_a_game_or_a_name(toy):
    m = tl.Match(toy.ToyGame(), seed=3)
    b = tl.Board(m, bots={1: "random"})
    assert b.match is m and m.seat(1) == "random"
    with pytest.raises(tl.RuleError):
        tl.Board(42)
    with pytest.raises(tl.RuleError):
        tl.Board(toy.ToyGame(), viewer=5)
    with pytest.raises(tl.RuleError, match=r"viewer .* seat 0\.\.1 .*'hot-seat' .*None"):
        tl.Board(toy.ToyGame(), viewer="Player 1")
    for bad in (True, 1.0, -1, "1", 10**9):
        with pytest.raises(tl.RuleError, match=r"viewer .* seat 0\.\.1"):
            tl.Board(toy.ToyGame(), viewer=bad)


# -- clicks ------------------------------------------------------------------------------
def test_one_click_move_plays_and_bots_answer(board, sent):
    v = board.view.version
    browser_click(board, "roll")
    log = [e.text for e in board.match.log]
    assert "Player 1: Roll the die" in log
    assert any(t.startswith("Player 2:") for t in log)  # the bot answered
    assert board.match.waiting_for_human() or board.state.is_terminal()
    assert board.view.version > v
    assert sent and sent[-1]["type"] == "done" and sent[-1]["version"] == board.view.version
    assert "Roll the die" in board.controls.log.value


def test_the_picture_is_sent_after_the_log_and_status(board):
    """The page reads a new picture version as "the answer is here" (and so do the browser
    tests): the log and status widgets, sent in separate comm messages, must change first."""
    order: list[str] = []
    board.controls.log.observe(lambda _c: order.append("log"), names="value")
    board.controls.status.observe(lambda _c: order.append("status"), names="value")
    board.view.observe(lambda _c: order.append("version"), names="version")
    browser_click(board, "roll")
    assert "log" in order and "version" in order, order
    first_version = order.index("version")
    assert first_version > max(i for i, n in enumerate(order) if n == "log"), order
    assert "status" in order[:first_version], order


def test_two_click_move_selects_then_plays(board, toy):
    card = board.state.hands[0][0]
    before = list(board.state.discard)
    browser_click(board, f"card:{card}")
    assert board.selection == (f"card:{card}",)
    svg = board.view.svg
    assert selected(svg) == 1
    assert data_targets(svg) == {f"card:{card}", "play"}
    assert board.match.position == 4  # nothing played yet
    browser_click(board, "play")
    assert board.selection == ()
    assert board.match.log[4].action == toy.Play(card)
    assert board.match.state.discard[: len(before) + 1] == [*before, card]
    assert f"Play {card}" in board.controls.log.value


def test_clicking_the_picked_target_again_puts_it_back(board):
    card = f"card:{board.state.hands[0][0]}"
    browser_click(board, card)
    browser_click(board, card)
    assert board.selection == ()
    assert selected(board.view.svg) == 0
    assert board.match.position == 4


def test_a_known_target_out_of_order_is_not_a_legal_move(board):
    card = f"card:{board.state.hands[0][0]}"
    board.click(card)
    assert board.click("roll") == "That is not a legal move."  # not drawn, but known
    assert board.selection == () and board.match.position == 4


def test_stale_version_is_answered_and_changes_nothing(board, sent):
    v, svg = board.view.version, board.view.svg
    browser_click(board, "roll", version=v - 1)
    assert board.message == STALE
    assert (board.view.version, board.view.svg, board.match.position) == (v, svg, 4)
    assert sent[-1] == {"type": "done", "version": v, "message": STALE}
    assert STALE in board.controls.status.value


def test_forged_target_is_rejected(board, sent):
    v = board.view.version
    browser_click(board, "card:not-a-card")
    assert "not something you can click" in board.message
    assert board.view.version == v and board.match.position == 4
    assert sent[-1]["type"] == "done"


NOW = object()  # stands for the board's current version


@pytest.mark.parametrize("content", [
    None, "click", {"type": "hover", "target": "roll", "version": NOW},
    {"type": "click", "target": "roll"}, {"type": "click", "target": "roll", "version": True},
    {"type": "click", "target": 3, "version": NOW}, {"type": "click", "version": NOW},
])
def test_malformed_messages_change_nothing(board, content):
    if isinstance(content, dict) and content.get("version") is NOW:
        content = {**content, "version": board.view.version}
    v = board.view.version
    board.view._handle_custom_msg(content, [])
    assert board.view.version == v and board.match.position == 4
    assert board.message


def test_double_click_sends_two_messages_but_one_move(board):
    v = board.view.version
    browser_click(board, "roll", version=v)
    after = board.match.position
    browser_click(board, "roll", version=v)  # the second click of the double-click
    assert board.match.position == after
    assert board.message == STALE


def test_clicks_when_no_human_may_act(toy):
    b = tl.Board(toy.ToyGame(), seed=1, bots={0: "random", 1: "random"})
    assert b.match.position == 0 and b.targets() == frozenset()
    assert "cannot be clicked now" in b.click("roll")
    assert b.match.position == 0


def test_exceptions_become_messages(board, monkeypatch):
    def boom(action, by=None):
        raise RuntimeError("engine on fire")

    monkeypatch.setattr(board.match, "play", boom)
    board.click("roll")  # must not raise
    assert "RuntimeError: engine on fire" in board.message
    assert "engine on fire" in board.controls.status.value
    assert board.match.position == 4


def test_drawing_errors_still_show_a_board(board, monkeypatch):
    def broken(*a, **k):
        raise ValueError("bad art")

    monkeypatch.setattr(board.match.game, "render_svg", broken)
    board.refresh()
    assert "bad art" in board.view.svg and board.view.svg.startswith("<svg")


def test_click_path_errors_leave_a_board_without_targets(board, monkeypatch):
    def broken(state, player=None):
        raise KeyError("no paths")

    monkeypatch.setattr(board.match.game, "click_paths", broken)
    board.controls.step.click()  # any gesture redraws; none may raise
    assert board.targets() == frozenset() and "no clickable moves" in board.message


# -- controls -----------------------------------------------------------------------------
def test_step_at_a_human_seat_says_so(board):
    board.controls.step.click()
    assert "human seat" in board.message and board.match.position == 4


def test_step_back_forward_restart_with_bots(toy):
    b = tl.Board(toy.ToyGame(), seed=2, bots={0: "random", 1: "random"})
    c = b.controls
    assert c.back.disabled and c.forward.disabled
    for _ in range(6):
        c.step.click()
    assert b.match.position == 6 and not c.back.disabled
    assert "6." in c.log.value
    c.back.click()  # no human decisions: one step back
    assert b.match.position == 5 and not c.forward.disabled
    c.forward.click()
    assert b.match.position == 6
    assert "no more undone steps" in b.message and "press Step" in b.message
    c.restart.click()
    assert b.match.position == 0 and b.match.log == []
    assert "No moves yet" in c.log.value


def test_back_then_forward_returns_to_the_humans_decision(board):
    """Defect (issue 7): after Back then Forward the match stopped on the bot's decision
    and took about three Steps to get going."""
    board.click("roll")
    where = board.match.position
    assert where > 5 and board.match.waiting_for_human()
    board.controls.back.click()
    assert board.match.position == 4 and board.match.waiting_for_human()
    assert "your decision again" in board.message
    assert data_targets(board.view.svg)  # choosing again is possible at once
    board.controls.forward.click()
    assert board.match.position == where and board.match.waiting_for_human()
    assert "your decision again" in board.message
    assert data_targets(board.view.svg) and "Your move, Player 1" in status(board)
    assert board.controls.forward.disabled


def test_forward_says_so_when_the_undone_steps_end_before_a_human_decision(toy):
    b = tl.Board(toy.ToyGame(), seed=1, bots={1: "random"}, autorun=False)
    for _ in range(4):
        b.controls.step.click()  # the deal
    b.click("roll")  # no autorun: the die (chance) is next, and nothing is redone after it
    assert b.match.position == 5 and b.state.is_chance_node()
    b.controls.back.click()
    assert b.match.position == 4
    b.controls.forward.click()
    assert b.match.position == 5 and b.state.is_chance_node()
    assert "no more undone steps; chance is to move next: press Step" in b.message
    assert "Chance to act: press Step" in status(b)
    assert b.controls.step.button_style == "info"  # Step is offered


def test_restart_reruns_setup_for_a_human(board):
    board.click("roll")
    board.controls.restart.click()
    assert board.match.position == 4 and board.match.waiting_for_human()


def test_seat_selector_sets_the_match_seat(board):
    d0, d1 = board.controls.seats
    assert (d0.value, d1.value) == ("human", "random")
    d0.value = "random"
    assert board.match.seat(0) == "random"
    assert board.targets() == frozenset()  # no human to click for
    board.controls.step.click()
    assert board.match.position == 5
    d1.value = "human"
    assert board.match.seat(1) == "human"
    assert "played by you" in board.message


def test_autoplay_steps_on_value_changes_and_stops_at_a_human(toy):
    b = tl.Board(toy.ToyGame(), seed=4, bots={1: "random"}, autorun=False)
    play = b.controls.play
    assert b.match.position == 0
    play.playing = True
    for i in range(1, 20):
        if not play.playing:
            break
        play.value = i  # what the Play widget's timer does in the browser
    assert b.match.position == 4  # the deal, then Player 1 (human) must choose
    assert not play.playing and "paused" in b.message
    play.playing = True  # pressing play again at a human seat stops at once
    assert not play.playing and b.match.position == 4


def test_autoplay_runs_a_bot_game_to_the_end(toy):
    b = tl.Board(toy.ToyGame(), seed=5, bots={0: "random", 1: "random"})
    autoplay(b, limit=500)
    assert b.state.is_terminal()
    assert "Game over" in b.controls.status.value and "game is over" in b.message
    assert b.controls.step.disabled


def test_speed_slider_is_linked_to_the_play_interval(board):
    link = board.controls._speed_link
    assert link.source == (board.controls.speed, "value")
    assert link.target == (board.controls.play, "interval")


def test_explain_lists_the_choices_of_the_seat_at_the_screen(board):
    board.controls.explain.click()
    ex = board.controls.explanation
    assert ex.layout.display == "block" and "Your choices, Player 1" in ex.value
    for action in board.match.game.click_paths(board.state, 0):
        assert ex.value.count(f"<b>{html.escape(str(action))}</b>") == 1  # each once
    card = f"card:{board.state.hands[0][0]}"
    board.click(card)  # any gesture hides the explanation again
    assert ex.layout.display == "none"
    board.controls.explain.click()
    assert "The moves you are picking" in ex.value and "Play c" in ex.value
    assert "Roll the die" not in ex.value  # only the moves on the picked path


def test_explain_on_a_bots_turn_does_not_explain_the_bots_move(toy):
    """Defect (issue 7): Explain explained the bot's last move."""
    b = tl.Board(toy.ToyGame(), seed=1, bots={1: "random"}, autorun=False)
    for _ in range(4):
        b.controls.step.click()
    b.click("roll")
    b.controls.step.click()  # the die; now the bot's turn
    assert b.match.bots_to_act() == [1]
    last = b.match.log[-1].text
    b.controls.explain.click()
    ex = b.controls.explanation.value
    assert "Player 2 (bot) is to move: press Step" in ex
    assert html.escape(last) not in ex and "Your choices" not in ex


def test_a_bots_turn_says_so_and_offers_step(toy):
    b = tl.Board(toy.ToyGame(), seed=1, bots={1: "random"}, autorun=False)
    for _ in range(4):
        b.controls.step.click()
    assert b.match.humans_to_act() == [0] and b.controls.step.button_style == ""
    b.click("roll")
    b.controls.step.click()  # the die
    assert b.match.bots_to_act() == [1]
    assert "Player 2 (bot) is thinking: press Step or Autoplay" in status(b)
    assert b.controls.step.button_style == "info" and b.targets() == frozenset()


def test_autoplay_has_a_visible_label(board):
    rows = board.controls.rows()
    auto = next(r for r in rows if board.controls.play in getattr(r, "children", ()))
    assert auto.children[0] is board.controls.autoplay_label
    assert "Autoplay" in board.controls.autoplay_label.value
    css = widget_file("board.css").read_text()
    for word in ("Play", "Pause", "Stop"):  # the Play widget's bare icons get names
        assert f'content: "{word}"' in css
    # and the browser test checks what the buttons show (tests/browser)


def test_log_shows_latest_entries_with_fractions(toy):
    b = tl.Board(toy.ToyGame(), seed=6, bots={0: "random", 1: "random"}, log_lines=3)
    for _ in range(8):
        b.controls.step.click()
    value = b.controls.log.value
    assert "5 earlier steps" in value
    assert value.count("<li class=\"tl-") == 4


def displayed(widget, monkeypatch) -> list[dict]:
    """The mime bundles ``widget`` publishes when a notebook displays it."""
    import IPython.display

    shown: list[dict] = []
    monkeypatch.setattr(IPython.display, "display", lambda data, raw=False: shown.append(data))
    widget._ipython_display_()
    return shown


def test_a_displayed_board_leaves_its_picture_beside_the_widget(board, monkeypatch):
    """Issue 47: the widget view is an output of its own, and the picture with its caption
    is another, so that a notebook saved after play and reopened without the kernel shows
    the picture (JupyterLab would pick a widget view over a picture in the same output)."""
    import base64
    import re

    from treehouse_lab.boards import saved

    view, picture = displayed(board, monkeypatch)
    assert view == {saved.WIDGET_VIEW: {"model_id": board.model_id, "version_major": 2,
                                        "version_minor": 0}}
    assert picture["text/plain"] == saved.CAPTION
    page = picture["text/html"]
    assert saved.CAPTION in page and 'class="tl-saved-board"' in page
    src = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)"', page)
    assert base64.b64decode(src[1]).decode() == board.view.svg != ""
    # The style sheet hides the picture beside a live board, and an empty widget view.
    assert ".jp-OutputArea:has(.tl-board-widget)" in page and ":not(:has(.tl-board-widget))" in page
    assert repr(board).startswith("<Board toyrace step 4: Your move, Player 1")


# -- the seat at the screen ---------------------------------------------------------------
def hand_shown(svg: str) -> set[str]:
    """The toy race's cards drawn in the picture (face up: only the viewer's hand)."""
    return set(re.findall(r">(c\d)</text>", svg))


def orchard_cards(svg: str) -> set[str]:
    """The toy orchard's bid cards drawn as a hand (only the viewer's)."""
    return set(re.findall(r">(p\dbid\d)</text>", svg))


def status(board) -> str:
    """The status line as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", board.controls.status.value))


def test_the_seat_at_the_screen_defaults_to_the_only_human_else_the_hot_seat(toy):
    one = tl.Board(toy.ToyGame(), seed=1, bots={1: "random"})
    assert one.viewer == 0 and one.controls.screen.value == 0 and one.screen_seat == 0
    two = tl.Board(toy.ToyGame(), seed=1)
    assert two.viewer == "hot-seat" and two.controls.screen.value == "hot-seat"
    none = tl.Board(toy.ToyGame(), seed=1, bots={0: "random", 1: "random"})
    assert none.viewer == "hot-seat" and none.screen_seat is None
    assert tl.Board(toy.ToyGame(), seed=1, viewer=1).screen_seat == 1


def test_the_picture_never_shows_a_bots_hand(toy):
    m = tl.Match(toy.ToyGame(), seed=1, bots={1: "random"})
    m.run()
    m.play(toy.Roll())
    m.step()  # the die
    assert m.state.current_player == 1  # the bot's turn
    for viewer in (None, "hot-seat"):
        b = tl.Board(m, viewer=viewer, autorun=False)
        assert hand_shown(b.view.svg) == set(m.state.hands[0])
        assert b.targets() == frozenset()  # and nothing of the bot's to click


def test_hot_seat_passes_the_screen_to_the_human_to_move(toy):
    b = tl.Board(toy.ToyGame(), seed=1)  # two humans sharing the screen
    first = b.state.hands[0]
    assert hand_shown(b.view.svg) == set(first)
    b.click("roll")  # Player 1 rolls; the die is cast; Player 2's turn
    assert b.state.current_player == 1 and b.screen_seat == 1
    assert hand_shown(b.view.svg) == set(b.state.hands[1])
    assert "Your move, Player 2" in status(b)
    before = len(b.match.moves)
    b.click("roll")
    assert b.match.moves[before] == (1, toy.Roll())


def test_the_screen_menu_redraws_for_that_seat_and_keeps_secrets(orchard):
    b = tl.Board(orchard.OrchardGame(), seed=1, viewer=0)  # both seats human
    assert b.state.phase == "tend" and b.targets() == {"water", "prune"}
    b.click("water")
    b.click("water")
    assert [s for s, _ in b.match.moves[1:]] == [0, 0]
    # Player 1 has tended; Player 2 has not, and the screen is Player 1's.
    assert b.targets() == frozenset()
    assert "Player 2 is to move: the screen is Player 1's" in status(b)
    assert "cannot be clicked now" in b.click("water")
    assert len(b.match.moves) == 3
    b.controls.screen.value = 1  # Player 2 sits down
    assert b.viewer == 1 and b.targets() == {"water", "prune"}
    b.click("prune")
    b.click("water")
    assert b.match.moves[-2:] == [(1, orchard.Tend("prune")), (1, orchard.Tend("water"))]
    assert b.state.phase == "bid"
    assert orchard_cards(b.view.svg) == {f"p1bid{v}" for v in (1, 2, 3, 4)}
    b.click("card:p1bid3")
    assert b.match.moves[-1] == (1, orchard.Bid("p1bid3"))
    assert "bid p1bid3" in b.view.svg  # Player 2 sees their own card
    b.viewer = 0  # and back to Player 1, from code
    svg = b.view.svg
    assert b.controls.screen.value == 0
    assert orchard_cards(svg) == {f"p0bid{v}" for v in (1, 2, 3, 4)}
    assert "p1bid" not in svg and "bid face down" in svg


def test_hot_seat_with_several_humans_acting_asks_who_is_at_the_screen(orchard):
    b = tl.Board(orchard.OrchardGame(players=3), seed=1, bots={1: "random"})
    assert b.viewer == "hot-seat" and b.state.phase == "tend"
    assert b.match.humans_to_act() == [0, 2] and b.screen_seat is None
    assert b.targets() == frozenset() and "data-target" not in b.view.svg
    assert "Player 1 and Player 3 may act" in status(b)
    assert "At the screen" in status(b)
    position = b.match.position
    assert "cannot be clicked now" in b.click("water")
    assert b.match.position == position
    b.controls.screen.value = 2
    b.click("water")
    assert b.match.moves[-1] == (2, orchard.Tend("water"))


def test_the_status_names_everyone_who_may_act(orchard):
    b = tl.Board(orchard.OrchardGame(players=3), seed=1, bots={1: "random"}, viewer=0,
                 autorun=False)
    assert "Chance to act" in status(b)
    b.controls.step.click()  # the harvest
    text = status(b)
    assert "Your move, Player 1 (Player 3 may act too)" in text
    assert "Player 2 (bot) is thinking" in text


def test_step_lets_bots_act_while_a_human_waits(orchard):
    b = tl.Board(orchard.OrchardGame(players=3), seed=1, bots={1: "random"}, viewer=0,
                 autorun=False)
    b.controls.step.click()  # chance
    b.controls.step.click()  # the bot, while Players 1 and 3 may act too
    assert b.match.moves[-1][0] == 1 and b.match.humans_to_act() == [0, 2]
    b.click("water")  # a human acts between two bot steps
    assert b.match.moves[-1] == (0, orchard.Tend("water"))
    b.controls.step.click()
    assert b.match.moves[-1][0] == 1 and b.match.bots_to_act() == []
    position = b.match.position
    b.controls.step.click()
    assert "Player 1 and Player 3 are human seats" in b.message
    assert b.match.position == position


def test_autoplay_lets_bots_act_and_pauses_for_the_humans(orchard):
    b = tl.Board(orchard.OrchardGame(players=3), seed=2, bots={1: "random"}, viewer=0,
                 autorun=False)
    autoplay(b, limit=50)
    assert [s for s, _ in b.match.moves] == [tl.CHANCE, 1, 1]
    assert "Autoplay paused: Player 1 and Player 3 (human) to move" in b.message
    # the last step and the pause are two sentences, not one run-on line
    last = str(b.match.log[-1])
    assert b.message == f"{last}. Autoplay paused: Player 1 and Player 3 (human) to move.", (
        b.message)


# -- several boards on one match -----------------------------------------------------------
def test_two_boards_on_one_match_a_stale_picture_never_plays_for_another_seat(toy):
    """Defect: board B, drawn for Player 1, played Player 1's click for Player 2 after
    board A had moved the match on."""
    m = tl.Match(toy.ToyGame(), seed=1)  # both seats human
    a, b = tl.Board(m), tl.Board(m)
    assert m.state.current_player == 0 and {"roll"} <= b.targets()
    a.click("roll")  # Player 1 rolls on board A; now Player 2 is to move
    assert m.state.current_player == 1
    moves = m.moves
    version = b.view.version
    assert b.click("roll") == MOVED_ON  # on B's picture of Player 1's turn
    assert m.moves == moves
    assert b.view.version > version and b.screen_seat == 1  # B now shows the position
    b.click("roll")  # a click on the new picture plays, for Player 2
    assert m.moves[len(moves)] == (1, toy.Roll())


def test_a_stale_selection_is_not_finished_on_another_board(toy):
    m = tl.Match(toy.ToyGame(), seed=1)
    a, b = tl.Board(m, viewer=0), tl.Board(m, viewer=0)
    card = f"card:{m.state.hands[0][0]}"
    b.click(card)
    assert b.selection == (card,)
    a.click("roll")
    moves = m.moves
    assert b.click("play") == MOVED_ON
    assert m.moves == moves and b.selection == ()


def test_a_click_for_a_seat_made_a_bot_elsewhere_is_refused(toy):
    m = tl.Match(toy.ToyGame(), seed=1)
    a, b = tl.Board(m, viewer=0), tl.Board(m, viewer=0)
    a.controls.seats[0].value = "random"  # on board A, Player 1 becomes a bot
    position = m.position
    assert b.click("roll") == MOVED_ON
    assert m.position == position and b.targets() == frozenset()


def test_each_board_keeps_its_own_version_and_selection(toy):
    m = tl.Match(toy.ToyGame(), seed=1)
    a, b = tl.Board(m, viewer=0), tl.Board(m, viewer=0)
    card = f"card:{m.state.hands[0][0]}"
    a.click(card)
    assert a.selection == (card,) and b.selection == ()
    assert selected(a.view.svg) == 1 and selected(b.view.svg) == 0
    b.click("roll")  # B plays; A's picked card was on the old position
    assert a.click("play") == MOVED_ON and a.selection == ()



def test_a_bot_seated_by_code_or_another_board_appears_in_the_seat_menus(toy):
    m = tl.Match(toy.ToyGame(), seed=1)
    a, b = tl.Board(m), tl.Board(m)
    m.set_seat(1, BrokenBot())  # a notebook's own bot, after the boards were built
    b.refresh()
    assert b.controls.seats[1].value == "broken" and b.controls.seats[0].value == "human"
    assert "broken" in b.controls.seats[0].options
    a.controls.step.click()  # any gesture on A redraws it, menus included
    assert a.controls.seats[1].value == "broken"


# -- hostile input -------------------------------------------------------------------------
HUGE = "card:" + "x" * 1_000_000


def test_a_forged_huge_target_is_quoted_short(board):
    """Defect: a 1 MB forged click target went whole into the status line."""
    board.click(HUGE)
    assert "not something you can click" in board.message
    assert len(board.message) < 200 and len(board.controls.status.value) < 1000
    assert board.match.position == 4


def test_a_huge_target_on_a_board_without_clicks_is_quoted_short(toy):
    b = tl.Board(toy.ToyGame(), seed=1, bots={0: "random", 1: "random"})
    b.click(HUGE)
    assert "cannot be clicked now" in b.message and len(b.message) < 400


def test_a_huge_error_is_clipped(board, monkeypatch):
    def boom(action, by=None):
        raise RuntimeError("x" * 1_000_000)

    monkeypatch.setattr(board.match, "play", boom)
    board.click("roll")
    assert board.message.startswith("RuntimeError: xxx") and len(board.message) < 300


# -- failing bots ----------------------------------------------------------------------------
def test_autoplay_stops_once_when_a_bot_fails(toy):
    """Defect: autoplay kept ticking after a bot failed, repeating the error every tick."""
    bot = BrokenBot()
    b = tl.Board(toy.ToyGame(), seed=5, bots={0: bot, 1: "random"})
    ticks = autoplay(b, limit=50)
    assert ticks == 5  # the four deals, then the broken bot's turn
    assert not b.controls.play.playing and b.match.position == 4 and bot.calls == 1
    assert b.message.startswith("Autoplay stopped: Player 1's bot 'broken' failed")
    assert b.message.count("no idea what to do") == 1
    b.controls.play.value = 99  # a tick already on its way from the browser
    assert b.match.position == 4 and bot.calls == 1
    b.controls.play.playing = True  # pressing play again tries once more, and stops again
    b.controls.play.value = 100
    assert not b.controls.play.playing and bot.calls == 2


def test_a_bot_failing_after_a_human_move_keeps_the_move_and_says_so(toy):
    b = tl.Board(toy.ToyGame(), seed=1, bots={1: BrokenBot()})
    b.click("roll")
    assert "Player 1: Roll the die" in b.message and "Player 2's bot 'broken' failed" in b.message
    assert b.match.moves[4] == (0, toy.Roll()) and b.state.current_player == 1


# -- the browser files --------------------------------------------------------------------
def test_browser_files_are_found_and_loaded():
    js = widget_file("board.js").read_text()
    assert "export default" in js and 'type: "click"' in js and "msg:custom" in js
    assert ".tl-target" in widget_file("board.css").read_text()
    assert "export default" in str(BoardView._esm)


def test_resolver_prefers_the_wheel_copy_then_the_checkout(tmp_path, monkeypatch):
    pkg = tmp_path / "site" / "treehouse_lab"
    (pkg / "widgets").mkdir(parents=True)
    (pkg / "widgets" / "board.js").write_text("wheel")
    monkeypatch.setattr(assets_module, "_PACKAGE_DIR", pkg)
    assert widget_file("board.js").read_text() == "wheel"
    (pkg / "widgets" / "board.js").unlink()
    (tmp_path / "site" / "widgets").mkdir()
    (tmp_path / "site" / "widgets" / "board.js").write_text("checkout")
    assert widget_file("board.js").read_text() == "checkout"
    with pytest.raises(FileNotFoundError, match="board.css"):
        widget_file("board.css")



def test_after_a_move_the_status_names_what_the_bots_did_next(board):
    """The bots reply inside the human's click; the log holding their moves may be below
    the fold of a tall board, so the status line names the last of them."""
    for _ in range(50):
        before = len(board.match.log)
        said = board.click(sorted(board.targets())[-1])
        after = board.match.log[before:]
        replies = [e.text for e in after[1:] if e.player >= 0]
        if replies:
            break
    assert replies, "the bot never replied in 50 clicks"
    assert said.startswith(after[0].text)
    assert replies[-1] in said


def test_the_then_text_names_the_last_bot_moves_and_counts_the_rest():
    from treehouse_lab.boards.wording import then_text
    from treehouse_lab.match import LogEntry

    def entry(player, text):
        return LogEntry(step=1, player=player, actor="", action=None, text=text)

    assert then_text([]) == ""
    assert then_text([entry(-1, "The die shows 3")]) == " Then The die shows 3."
    three = [entry(1, "Player 2 rolls"), entry(-1, "a 4"), entry(1, "Player 2 moves")]
    assert then_text(three) == " Then Player 2 rolls; a 4; Player 2 moves."
    four = [entry(-1, "a 1")] + three
    assert then_text(four) == (" Then 4 more steps (see the log), the last: "
                               "Player 2 rolls; a 4; Player 2 moves.")
