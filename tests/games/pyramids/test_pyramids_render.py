"""The pyramids renderer: the picture's data attributes and the two-click paths."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from treehouse_lab.boards.selection import Selector
from treehouse_lab.games.pyramids import PyramidsGame, Roll

NS = "{http://www.w3.org/2000/svg}"


def targets_in(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {e.get("data-target") for e in root.iter() if e.get("data-target")}


def test_svg_marks_trios_house_and_matches():
    g = PyramidsGame(players=3)
    s = g.position(trios=["L> S M", "LMS", "<S LM"], house="<S LM", rolled="hop")
    svg = s._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg" and "tl-pyramids" in root.get("class").split()
    trios = {e.get("data-trio"): e for e in root.iter() if e.get("data-trio") is not None}
    assert trios["0"].get("data-arrangement") == "L> S M"
    assert trios["2"].get("data-matches") == "true" and trios["1"].get("data-matches") == "false"
    house = [e for e in root.iter() if e.get("data-house") is not None]
    assert len(house) == 1 and house[0].get("data-arrangement") == "<S LM"
    # Equal to the House, but no action made it so: not drawn as a match (issue 7).
    assert "same as the House (set-up, not a match)" in svg and "WINS" not in svg
    assert 'data-die="hop"' in svg
    # every piece drawn once per line: 3 trios + the House, three sizes each
    pieces = [e.get("data-piece") for e in root.iter() if e.get("data-piece")]
    assert sorted(pieces) == sorted("SML" * 4)
    assert not targets_in(svg)


def check_paths(g, s):
    paths = g.click_paths(s)
    legal = s.legal_actions()
    assert set(paths) == set(legal)
    seqs = list(paths.values())
    assert len(set(seqs)) == len(seqs), "two actions share a click path"
    for a in seqs:
        for b in seqs:
            assert a == b or b[: len(a)] != a, f"{a} is a prefix of {b}"
    sel = Selector(paths)
    # every target of every step is drawn, with the selection highlighted
    for path in seqs:
        for k in range(len(path)):
            prefix = path[:k]
            svg = g.render_svg(s, selection=prefix, targets=sel.clickable(prefix))
            drawn = targets_in(svg)
            assert sel.clickable(prefix) <= drawn, (prefix, sel.clickable(prefix) - drawn)
            if prefix:
                assert 'tl-selected' in svg


def test_click_paths_in_many_positions():
    rng = random.Random(5)
    for players, flag in ((2, True), (3, False), (4, True)):
        g = PyramidsGame(players=players, aim_stack_top=flag)
        for _ in range(3):
            s = g.new_initial_state()
            seen = 0
            while not s.is_terminal() and seen < 40:
                if s.is_chance_node():
                    s.apply(rng.choice(s.legal_actions()))
                    continue
                check_paths(g, s)
                seen += 1
                s.apply(rng.choice(s.legal_actions()))


def test_wild_and_pass_paths():
    g = PyramidsGame(players=2)
    s = g.position(trios=["L> S M", "LMS"], house="<S LM", rolled="wild")
    check_paths(g, s)
    p = g.position(trios=["LMS", "LMS"], house="L> S M", rolled="dig")
    paths = g.click_paths(p)
    assert ("pass",) in paths.values()
    assert ("house:L", "house:under:1") in paths.values()
    check_paths(g, p)
    t = g.new_initial_state()
    t.apply(Roll("tip"))
    assert set(g.click_paths(t).values()) == {("trio:0:L", "trio:0:tip-left"),
                                              ("trio:0:L", "trio:0:tip-right")}
    assert g.click_paths(g.new_initial_state()) == {}


def test_text_board():
    g = PyramidsGame(players=2)
    s = g.position(trios=["L> S M", "LMS"], house="<S LM", rolled="hop")
    text = str(s)
    assert "House" in text and "L> S M" in text and "rolled Hop" in text


def test_targets_use_the_shared_markup_and_pictures_have_text():
    from treehouse_lab.core import svg as core_svg
    from treehouse_lab.games.pyramids import render, results

    g = PyramidsGame(players=2)
    s = g.position(trios=["L> S M", "LMS"], house="<S LM", rolled="dig")
    sel = Selector(g.click_paths(s))
    root = ET.fromstring(g.render_svg(s, targets=sel.clickable(())))
    marked = [e for e in root.iter() if e.get("data-target")]
    assert marked and all(e.get("role") == "button" and e.get("tabindex") == "0"
                          and "cursor:pointer" in e.get("style", "")
                          and "tl-target" in e.get("class", "").split() for e in marked)
    pic = render.show(results("LMS", "hop"))
    assert isinstance(pic, core_svg.Picture) and render.Picture is core_svg.Picture
    assert "LMS" not in repr(pic) and "MS L" in repr(pic) and "0x" not in repr(pic)
    assert pic._repr_svg_().startswith("<svg")


def test_an_arrangement_draws_itself_with_the_game_renderer():
    """A bare arrangement shows as pyramids in a notebook: the line finds the renderer by
    name (issue 49: the line may not import the renderer, which imports it), and draws
    exactly what ``render.arrangements_svg`` draws."""
    from treehouse_lab.games.pyramids import render
    from treehouse_lab.games.pyramids.arrangement import line

    a = line.Arrangement.parse("L> S M")
    assert line.RENDERER == PyramidsGame.RENDERER
    assert a._repr_svg_() == render.arrangements_svg([a])
    assert ET.fromstring(a._repr_svg_()).tag == NS + "svg"
