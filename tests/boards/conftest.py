"""Fixtures for board tests: the conformance toy game, loaded by path.

Why by path: the test folders are not packages (pytest runs in importlib mode), and the
toy race is the project's small game with chance, hidden hands and two-click moves, which
is exactly what a generic board must handle.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import treehouse_lab as tl

TOYGAME = Path(__file__).resolve().parents[1] / "conformance" / "toygame.py"


def _toy_module():
    name = "_tl_board_tests_toygame"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, TOYGAME)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def toy():
    """The toy race module (``toy.ToyGame``, ``toy.Play``, ...)."""
    return _toy_module()


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
