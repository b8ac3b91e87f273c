"""Fixtures for board tests: the toy race (tests/support/tl_toygame.py), the project's
small game with chance, hidden hands and two-click moves, which is exactly what a generic
board must handle; and the toy orchard (tests/support/tl_toyorchard.py), where several
players act at once and bids are secret, for the seat at the screen."""

from __future__ import annotations

import pytest
import tl_toygame
import tl_toyorchard

import treehouse_lab as tl


@pytest.fixture
def toy():
    """The toy race module (``toy.ToyGame``, ``toy.Play``, ...)."""
    return tl_toygame


@pytest.fixture
def orchard():
    """The toy orchard module (``orchard.OrchardGame``, ``orchard.Tend``, ``orchard.Bid``)."""
    return tl_toyorchard


@pytest.fixture
def board(toy):
    """Seat 0 human, seat 1 the random bot; set-up dealt, Player 1 to move."""
    return tl.Board(toy.ToyGame(), seed=1, bots={1: "random"})


@pytest.fixture
def sent(board, monkeypatch):
    """Messages the kernel sends to the browser (``{"type": "done", ...}``)."""
    out: list[dict] = []
    monkeypatch.setattr(board.view, "send", lambda content, buffers=None: out.append(content))
    return out
