"""Parametrises the conformance suite: a test taking ``case`` runs once per game
configuration (``configurations()`` of every game in ``tl.GAMES`` plus the toy game); one
taking ``game_case`` runs once per game."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def _load(name: str, path: Path):
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


H = _load("tl_conformance_harness", Path(__file__).parent / "harness.py")


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        cases = H.config_cases()
        metafunc.parametrize("case", cases, ids=[c.id for c in cases])
    if "game_case" in metafunc.fixturenames:
        cases = H.game_cases()
        metafunc.parametrize("game_case", cases, ids=[c.id for c in cases])
