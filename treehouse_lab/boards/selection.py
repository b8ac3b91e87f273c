"""Click-path logic: which SVG targets may be clicked next, and what a click means.

Why it lives apart from the widget: it is the only part of a board with real decisions in
it, it is generic over every game (a game only supplies ``game.click_paths(state)``), and
it is easy to test as plain data. The rules of a game never enter here: a move is legal
because the engine listed it, and this module only matches clicks against those lists.

A *selection* is the tuple of targets clicked so far. A click on ``t``

* extends the selection to ``sel + (t,)``; if that is a full path, its action is chosen;
  if it is the beginning of some path(s), the board redraws with the next targets lit;
* deselects ``t`` (and whatever was picked after it) when ``t`` is already selected and
  extending would lead nowhere: clicking the picked piece again puts it back;
* otherwise is "not a legal move": the selection is cleared;
* is *unknown* when ``t`` is not a target anywhere in the current position (a forged or
  out-of-date id); nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping

from ..protocol import Action

Kind = Literal["play", "select", "deselect", "illegal", "unknown"]


@dataclass(frozen=True)
class ClickResult:
    """What one click does: the new selection and, for ``kind == "play"``, the action."""

    kind: Kind
    selection: tuple[str, ...]
    action: Action | None = None


class Selector:
    """The legal click paths of one position, indexed for prefix queries."""

    def __init__(self, paths: Mapping[Action, tuple[str, ...]]) -> None:
        self.paths: dict[Action, tuple[str, ...]] = {
            a: tuple(p) for a, p in paths.items() if p
        }
        self._by_path: dict[tuple[str, ...], Action] = {p: a for a, p in self.paths.items()}
        self.known: frozenset[str] = frozenset(t for p in self.paths.values() for t in p)

    def __bool__(self) -> bool:
        return bool(self.paths)

    def is_prefix(self, selection: tuple[str, ...]) -> bool:
        """True if ``selection`` begins at least one path (the empty tuple always does
        when there is any path)."""
        n = len(selection)
        return any(p[:n] == selection for p in self.paths.values())

    def matching(self, selection: tuple[str, ...]) -> list[Action]:
        """The actions whose path begins with ``selection``, in the engine's order."""
        n = len(selection)
        return [a for a, p in self.paths.items() if p[:n] == selection]

    def next_targets(self, selection: tuple[str, ...]) -> frozenset[str]:
        """The targets that may be clicked after ``selection`` to stay on a path."""
        n = len(selection)
        return frozenset(p[n] for p in self.paths.values() if len(p) > n and p[:n] == selection)

    def clickable(self, selection: tuple[str, ...]) -> frozenset[str]:
        """What the board draws as clickable: the next targets plus the selected ones
        (so that a picked piece can be clicked again to put it back)."""
        return self.next_targets(selection) | frozenset(selection)

    def click(self, selection: tuple[str, ...], target: str) -> ClickResult:
        """Interpret a click on ``target`` with ``selection`` already picked."""
        if target not in self.known:
            return ClickResult("unknown", selection)
        extended = selection + (target,)
        if extended in self._by_path:
            return ClickResult("play", (), self._by_path[extended])
        if self.is_prefix(extended):
            return ClickResult("select", extended)
        if target in selection:
            return ClickResult("deselect", selection[: selection.index(target)])
        return ClickResult("illegal", ())
