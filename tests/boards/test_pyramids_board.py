"""The live board on the pyramids engine: a move is two clicks, piece then destination."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest

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


# -- issue 7 ---------------------------------------------------------------------------------

NS = "{http://www.w3.org/2000/svg}"


def picked_board():
    """A 2-player board with Player 1's first piece picked (its destinations glowing)."""
    b = tl.Board(tl.load_game("pyramids"), seed=0, bots={1: "random"})
    piece = sorted(p[0] for p in b.match.game.click_paths(b.state).values() if len(p) == 2)[0]
    b.click(piece)
    return b, piece


def test_each_destination_tooltip_is_the_sentence_of_its_move():
    b, piece = picked_board()
    root = ET.fromstring(b.view.svg)
    titles = {e.get("data-target"): e.find(f"{NS}title").text
              for e in root.iter() if e.get("data-target")}
    moves = {p[1]: str(a) for a, p in b.match.game.click_paths(b.state).items()
             if len(p) == 2 and p[0] == piece}
    assert moves and {t: titles[t] for t in moves} == moves
    assert titles[piece].endswith("click it to see where it can go")


def test_explain_prints_each_move_once():
    """Defect (issue 7): Explain printed each move's text twice (the sentence, then an
    explanation that starts with the same sentence)."""
    b, piece = picked_board()
    b.controls.explain.click()
    ex = html.unescape(b.controls.explanation.value)
    for action, path in b.match.game.click_paths(b.state).items():
        if path[0] == piece:
            assert ex.count(str(action)) == 1, str(action)


def test_the_set_up_is_not_drawn_as_a_match():
    """Defect (issue 7): at set-up every trio was marked "matches the House" in green."""
    g = tl.load_game("pyramids", players=3)
    s = g.new_initial_state()
    svg = s.render_svg()
    assert svg.count("same as the House (set-up, not a match)") == 3
    assert "matches the House" not in svg and "WINS" not in svg and "#2e7d32" not in svg
    assert "same as the House (set-up, not a match)" in str(s)
    pos = g.position(trios=["LMS", "S LM", "S LM"], house="<S LM", rolled="wild")
    pos.apply(pos.find_action("Aim the Small up in the House"))
    won = pos.render_svg()
    assert won.count("WINS: matches the House!") == 2 and "#2e7d32" in won


@pytest.mark.parametrize("players", [2, 3, 4, 8])
def test_the_table_is_a_grid_that_fits_a_laptop(players):
    """Defect (issue 7): eight players made a picture 1430 px tall, its text tiny on screen."""
    s = tl.load_game("pyramids", players=players).new_initial_state()
    root = ET.fromstring(s.render_svg())
    width, height = float(root.get("width")), float(root.get("height"))
    assert width <= 1000 and height <= 620 and width > height, (width, height)
    sizes = [float(e.get("font-size")) for e in root.iter() if e.get("font-size")]
    assert min(sizes) >= 12


def test_a_picture_of_lines_is_narrow_enough_and_nothing_sticks_out():
    """Defect (issue 7): the Dig picture was 980 px wide and clipped in the notebook."""
    from treehouse_lab.games.pyramids import all_arrangements, results
    from treehouse_lab.games.pyramids.render import PICTURE_MAX_W, show

    for lines in (results("L> S M", "dig"), all_arrangements(3)[:40]):
        root = ET.fromstring(show(lines)._repr_svg_())
        width, height = float(root.get("width")), float(root.get("height"))
        assert width <= PICTURE_MAX_W
        for poly in root.iter(f"{NS}polygon"):
            for point in poly.get("points").split():
                x, y = map(float, point.split(","))
                assert 0 <= x <= width and 0 <= y <= height


@pytest.mark.parametrize("line", ["SM L", "SL M", "ML S", "SML", "MSL"])
def test_a_larger_piece_on_a_smaller_one_never_hides_it(line):
    """Defect (issue 7): a Medium stacked on a Small hid the Small. The smaller piece is
    drawn after (in front of) every larger piece of its stack."""
    from treehouse_lab.games.pyramids.render import arrangements_svg

    root = ET.fromstring(arrangements_svg([line]))
    order = [e.get("data-piece") for e in root.iter() if e.get("data-piece")]
    size = {"S": 0, "M": 1, "L": 2}
    stack = line.split()[0]
    drawn = [p for p in order if p in stack]
    assert drawn == sorted(stack, key=lambda p: -size[p])
