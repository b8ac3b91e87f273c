"""The live board without a browser: send what the browser sends, assert on match and SVG.

The browser side only ever sends ``{"type": "click", "target": id, "version": n}``; these
tests deliver exactly that through the widget's message handler (``_handle_custom_msg``,
what ipywidgets calls when a comm message arrives), and drive the controls the way their
front ends do (button clicks, trait changes).
"""

from __future__ import annotations

import re

import pytest
from tl_board_helpers import autoplay

import treehouse_lab as tl
from treehouse_lab.boards import BoardView, widget_file
from treehouse_lab.boards import assets as assets_module
from treehouse_lab.boards.view import STALE


def browser_click(board, target, version=None):
    """Exactly the message board.js sends for a click on ``[data-target=target]``."""
    v = board.view.version if version is None else version
    board.view._handle_custom_msg({"type": "click", "target": target, "version": v}, [])


def data_targets(svg: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', svg))


def selected(svg: str) -> int:
    return len(re.findall(r'class="[^"]*\btl-selected\b', svg))


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
    def boom(action):
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
    def broken(state):
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
    c.restart.click()
    assert b.match.position == 0 and b.match.log == []
    assert "No moves yet" in c.log.value


def test_back_returns_to_the_humans_last_decision(board):
    board.click("roll")
    assert board.match.position > 5
    board.controls.back.click()
    assert board.match.position == 4 and board.match.waiting_for_human()
    assert data_targets(board.view.svg)  # choosing again is possible at once
    board.controls.forward.click()
    assert board.match.position == 5


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


def test_explain_the_last_move_and_the_move_being_picked(board):
    board.click("roll")
    board.controls.explain.click()
    ex = board.controls.explanation
    assert ex.layout.display == "block" and "Player 2" in ex.value
    card = f"card:{board.state.hands[0][0]}"
    board.click(card)  # any gesture hides the explanation again
    assert ex.layout.display == "none"
    board.controls.explain.click()
    assert "Moves you are picking" in ex.value and "Play c" in ex.value


def test_log_shows_latest_entries_with_fractions(toy):
    b = tl.Board(toy.ToyGame(), seed=6, bots={0: "random", 1: "random"}, log_lines=3)
    for _ in range(8):
        b.controls.step.click()
    value = b.controls.log.value
    assert "5 earlier steps" in value
    assert value.count("<li class=\"tl-") == 4


def test_saved_notebooks_fall_back_to_the_svg(board):
    bundle = board._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == board.model_id
    assert bundle["image/svg+xml"] == board.view.svg
    assert bundle["text/plain"].startswith("<Board toyrace step 4: Player 1 to move")


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
