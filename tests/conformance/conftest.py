"""Parametrises the conformance suite: a test taking ``case`` runs once per game
configuration (``configurations()`` of every game in ``tl.GAMES`` plus the toy game); one
taking ``game_case`` runs once per game; one taking ``kind_case`` once per configuration of
a game whose states dispatch through Kinds (the checks of what kinds write)."""

from __future__ import annotations

import tl_conformance_harness as H


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        cases = H.config_cases()
        metafunc.parametrize("case", cases, ids=[c.id for c in cases])
    if "kind_case" in metafunc.fixturenames:
        cases = H.kind_cases()
        metafunc.parametrize("kind_case", cases, ids=[c.id for c in cases])
    if "game_case" in metafunc.fixturenames:
        cases = H.game_cases()
        metafunc.parametrize("game_case", cases, ids=[c.id for c in cases])
