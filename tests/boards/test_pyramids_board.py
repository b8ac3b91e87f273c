"""The live board on the pyramids engine: a move is two clicks, piece then destination."""

from __future__ import annotations

import re

import treehouse_lab as tl


def arrangement(svg: str, trio: int) -> str:
    return re.search(rf'<g data-trio="{trio}" data-arrangement="([^"]*)"', svg).group(1)


def test_piece_then_destination_moves_the_trio():
    b = tl.Board(tl.load_game("pyramids"), seed=0, bots={1: "random"})
    assert b.match.waiting_for_human() and b.state.current_player == 0
    before = arrangement(b.view.svg, 0)
    paths = b.match.game.click_paths(b.state)
    action, (piece, dest) = next((a, p) for a, p in paths.items() if len(p) == 2)
    b.click(piece)
    assert b.selection == (piece,) and f'data-target="{dest}"' in b.view.svg
    assert b.match.position == 1
    b.click(dest)
    assert any(e.action == action and e.player == 0 for e in b.match.log)
    after_move = b.match.game.new_initial_state()  # replay up to Player 1's move
    for a in b.match.history[:2]:
        after_move.apply(a)
    assert arrangement(after_move.render_svg(), 0) != before
