"""The live board on the real Backyard Builders engine, driven as the browser drives it."""

from __future__ import annotations

import re

import pytest
from tl_board_helpers import autoplay

import treehouse_lab as tl


@pytest.fixture
def board():
    return tl.Board(tl.load_game("backyard", players=2), seed=0, bots={1: "random"})


def houses(svg: str) -> dict[int, int]:
    return {int(p): int(n) for p, n in
            re.findall(r'<g data-treehouse="(\d+)" data-cards="(\d+)"', svg)}


def test_backyard_opens_on_a_human_decision_with_clickable_cards(board):
    assert board.match.waiting_for_human() and board.state.current_player == 0
    paths = board.match.game.click_paths(board.state)
    firsts = {p[0] for p in paths.values()}
    assert board.targets() == firsts
    assert set(re.findall(r'data-target="([^"]+)"', board.view.svg)) == firsts


def test_playing_a_card_face_up_by_its_click_path_grows_the_treehouse(board):
    state = board.state
    before = len(state.treehouse(0))
    action, path = next(
        (a, p) for a, p in board.match.game.click_paths(state).items()
        if not getattr(a, "face_down", True)
    )
    for target in path:
        board.click(target)
    assert any(e.action == action and e.player == 0 for e in board.match.log)
    assert len(board.state.treehouse(0)) == before + 1
    assert houses(board.view.svg)[0] == before + 1
    assert "Player 1 plays" in board.controls.log.value
    assert board.match.waiting_for_human() or board.state.is_terminal()  # the bot answered


def test_a_whole_backyard_game_on_the_board_with_bots_and_autoplay():
    b = tl.Board(tl.load_game("backyard", players=3), seed=3, bots={0: "random", 1: "random",
                                                                     2: "random"})
    autoplay(b, limit=2000)
    assert b.state.is_terminal()
    assert "Game over" in b.controls.status.value
