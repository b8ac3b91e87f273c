"""The click-path logic on plain data: no widgets, no game."""

from __future__ import annotations

from dataclasses import dataclass

from treehouse_lab.boards import Selector
from treehouse_lab.protocol import Action


@dataclass(frozen=True)
class Move(Action):
    KIND = "move"
    name: str


PATHS = {
    Move("roll"): ("roll",),
    Move("a-to-x"): ("piece:a", "cell:x"),
    Move("a-to-y"): ("piece:a", "cell:y"),
    Move("b-to-x"): ("piece:b", "cell:x"),
}


def test_first_targets_and_prefixes():
    s = Selector(PATHS)
    assert s.next_targets(()) == {"roll", "piece:a", "piece:b"}
    assert s.next_targets(("piece:a",)) == {"cell:x", "cell:y"}
    assert s.clickable(("piece:a",)) == {"cell:x", "cell:y", "piece:a"}
    assert s.matching(("piece:a",)) == [Move("a-to-x"), Move("a-to-y")]


def test_click_kinds():
    s = Selector(PATHS)
    assert s.click((), "roll").action == Move("roll")
    r = s.click((), "piece:a")
    assert (r.kind, r.selection) == ("select", ("piece:a",))
    r = s.click(("piece:a",), "cell:y")
    assert (r.kind, r.action, r.selection) == ("play", Move("a-to-y"), ())
    r = s.click(("piece:a",), "piece:a")
    assert (r.kind, r.selection) == ("deselect", ())
    r = s.click(("piece:a",), "roll")  # a real target, but not after picking a piece
    assert (r.kind, r.selection) == ("illegal", ())
    r = s.click(("piece:a",), "piece:zz")
    assert (r.kind, r.selection) == ("unknown", ("piece:a",))


def test_empty_selector_is_falsy():
    assert not Selector({})
    assert Selector({}).click((), "x").kind == "unknown"
