"""The Treehouse Diner board shows what was picked (issue 18, item 2), without a browser:
the live board clicked with the message the browser sends, and its SVG read.

A part picked on the way to a move keeps the picked frame (and the ``tl-selected`` class)
until the move is complete, whether the pick is a click of the board's selection (an
ingredient of the supply, before the symbol it goes on) or an earlier move of the same
visit (the shelf space whose minutes are being paid, the symbol whose joker is being
stacked). What may be clicked has Backyard's gold frame. Both come from the one helper
every board uses, ``core.svg.frame``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import treehouse_lab as tl
from treehouse_lab.core.svg import FRAME_FILL, FRAME_STROKE, PICKED_STROKE, frame, target_attrs
from treehouse_lab.games.diner.actions import StartJoker

NS = "{http://www.w3.org/2000/svg}"


def click(board, target):
    """Exactly the message board.js sends for a click on ``[data-target=target]``."""
    board.view._handle_custom_msg(
        {"type": "click", "target": target, "version": board.view.version}, [])


def frame_of(group: ET.Element) -> str | None:
    """Which frame is drawn under a part (its first child), or None."""
    children = [e for e in group if e.tag in (f"{NS}rect", f"{NS}g")]
    first = children[0] if children else None
    if first is None:
        return None
    names = (first.get("class") or "").split()
    if "tl-gold-frame" in names:
        assert first.get("stroke") == FRAME_STROKE
        return "gold"
    if "tl-picked-frame" in names:
        assert first.find(f"{NS}rect").get("stroke") == PICKED_STROKE
        return "picked"
    return None


def parts(svg: str, cls: str) -> dict[str, ET.Element]:
    """The groups of class ``cls`` by what they stand for (their would-be target id)."""
    out = {}
    for e in ET.fromstring(svg).iter():
        names = (e.get("class") or "").split()
        if cls not in names:
            continue
        if cls == "tl-shelf":
            out[f"shelf:{e.get('data-size')}:{e.get('data-column')}"] = e
        elif cls == "tl-order":
            out[f"order:{e.get('data-order')}"] = e
        elif cls == "tl-joker":
            out[f"joker:{e.get('data-joker')}"] = e
        else:
            out[e.get("data-target") or str(len(out))] = e
    return out


def marked(svg: str) -> set[str]:
    """Every part drawn as picked: its class and its frame."""
    out = set()
    for cls in ("tl-shelf", "tl-order", "tl-supply", "tl-joker", "tl-slot"):
        for tid, e in parts(svg, cls).items():
            if "tl-selected" in e.get("class").split():
                assert frame_of(e) == "picked", (tid, "selected without its frame")
                out.add(tid)
            else:
                assert frame_of(e) != "picked", (tid, "a picked frame, not selected")
    return out


def test_the_chosen_shelf_space_stays_marked_until_its_minutes_are_paid():
    b = tl.Board(tl.load_game("diner", players=2), seed=4, bots={1: "random"})
    assert b.state.stage == "phase1" and b.state.current_player == 0
    shelves = parts(b.view.svg, "tl-shelf")
    assert all(frame_of(e) == "gold" for e in shelves.values())  # all may be chosen
    assert marked(b.view.svg) == set()
    click(b, "shelf:2:1")
    assert b.state.stage == "minutes"
    for minute in (1, 2):
        svg = b.view.svg
        assert marked(svg) == {"shelf:2:1"}, minute
        shelves = parts(svg, "tl-shelf")
        chosen = shelves.pop("shelf:2:1")
        assert chosen.get("data-target") is None  # marked, not clickable: Back undoes it
        assert all(frame_of(e) is None for e in shelves.values())
        assert "the marked space is chosen" in svg
        orders = parts(svg, "tl-order")
        clickable = {t for t in b.targets() if t.startswith("order:")}
        assert clickable and clickable == {t for t, e in orders.items()
                                           if frame_of(e) == "gold"}
        click(b, sorted(clickable)[0])
    assert b.state.stage == "assign"
    assert marked(b.view.svg) == set() and "the marked space is chosen" not in b.view.svg


def test_an_ingredient_picked_in_the_supply_is_marked_until_it_is_placed():
    b = tl.Board(tl.load_game("diner", players=2), seed=4, bots={1: "random"})
    click(b, "shelf:2:1")
    while b.state.stage == "minutes":
        click(b, sorted(b.targets())[0])
    supply = sorted(t for t in b.targets() if t.startswith("supply:0:"))
    assert supply and all(frame_of(parts(b.view.svg, "tl-supply")[t]) == "gold"
                          for t in supply)
    click(b, supply[0])
    svg = b.view.svg
    assert b.selection == (supply[0],) and marked(svg) == {supply[0]}
    slots = parts(svg, "tl-slot")
    nxt = {t for t in b.targets() if t.startswith("slot:")}
    assert nxt and {t for t, e in slots.items() if frame_of(e) == "gold"} == nxt
    held = sum(b.state.supply(0).values())
    click(b, sorted(nxt)[0])
    assert sum(b.state.supply(0).values()) == held - 1  # placed: the move is complete
    assert marked(b.view.svg) == set()


def test_the_symbol_whose_joker_is_being_stacked_stays_marked():
    game = tl.load_game("diner", players=2)
    s = game.position(kitchens=[{4: "dandelion-soup"}, {}],
                      supplies=[["daisy", "daisy", "mushroom"], []], stage="assign")
    s.apply(StartJoker("dandelion-soup", "dandelion"))
    paths = game.click_paths(s, 0)
    svg = game.render_svg(s, viewer=0, targets={p[0] for p in paths.values()})
    assert marked(svg) == {"joker:dandelion-soup:0"}
    s.apply(next(a for a in paths if paths[a] == ("supply:0:daisy",)))
    assert s.joker_being_built() is not None
    assert marked(game.render_svg(s, viewer=0)) == {"joker:dandelion-soup:0"}
    s.apply(next(iter(game.click_paths(s, 0))))  # the second Daisy finishes the joker
    assert s.joker_being_built() is None
    assert marked(game.render_svg(s, viewer=0)) == set()


def test_one_frame_for_every_board_gold_to_click_another_when_picked():
    gold = frame("a", targets={"a"}, selection=(), x=0, y=0, w=10, h=10)
    assert "tl-gold-frame" in gold and f'fill="{FRAME_FILL}"' in gold
    both = frame("a", {"a"}, {"a"}, 0, 0, 10, 10)  # picked, clickable to put back
    assert "tl-picked-frame" in both and "tl-gold-frame" not in both
    assert frame("a", {"b"}, {"c"}, 0, 0, 10, 10) == ""
    assert frame(None, {"a"}, {"a"}, 0, 0, 10, 10) == ""
    assert "tl-selected" in target_attrs("a", (), {"a"})
