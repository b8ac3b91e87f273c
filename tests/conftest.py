"""Shared fixtures. The toy game (tests/conformance/toygame.py) is loaded here under the
module name ``tl_toygame`` so both the conformance suite and the core tests can use it
(pytest runs in importlib mode, so test folders are not packages)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest


def _load(name: str, path: Path):
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


toygame = _load("tl_toygame", Path(__file__).parent / "conformance" / "toygame.py")


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game reachable through ``tl.load_game("toyrace")`` for one test."""
    from treehouse_lab import registry

    monkeypatch.setitem(registry._REGISTRY, "toyrace", "tl_toygame:ToyGame")
    return toygame
