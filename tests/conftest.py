"""Shared fixtures. Test helpers shared by several folders live in tests/support (on
pytest's ``pythonpath``): the toy game ``tl_toygame`` and the conformance harness."""

from __future__ import annotations

import pytest
import tl_toygame as toygame


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game reachable through ``tl.load_game("toyrace")`` for one test."""
    from treehouse_lab import registry

    monkeypatch.setitem(registry._REGISTRY, "toyrace", "tl_toygame:ToyGame")
    return toygame
