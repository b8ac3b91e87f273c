"""``import treehouse_lab`` stays light; lazy attributes resolve."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("sympy", "matplotlib", "ipywidgets", "anywidget")


def _modules_after(code: str) -> set[str]:
    script = code + "\nimport json, sys; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def _heavy(mods: set[str]) -> list[str]:
    return sorted(m for m in mods if m.split(".")[0] in HEAVY)


def test_import_is_light():
    assert _heavy(_modules_after("import treehouse_lab")) == []


def test_loading_a_game_and_a_match_stays_light():
    mods = _modules_after(
        "import treehouse_lab as tl\n"
        "for name in tl.GAMES:\n"
        "    g = tl.load_game(name)\n"
        "    m = tl.Match(g, seed=1, bots={p: 'random' for p in range(g.players)})\n"
        "    m.run(50)\n")
    assert _heavy(mods) == []


def test_the_probe_can_see_a_heavy_import():
    assert "sympy" in {m.split(".")[0] for m in _modules_after("import sympy")}


def test_lazy_attributes_resolve():
    import treehouse_lab as tl
    from treehouse_lab.match import LogEntry, Match
    from treehouse_lab.simulate import playouts, simulate

    assert tl.Match is Match and tl.LogEntry is LogEntry
    assert tl.simulate is simulate and tl.playouts is playouts
    assert set(tl.__all__) >= {"Match", "simulate", "load_game", "RuleError", "GAMES"}
    try:
        tl.no_such_thing  # noqa: B018
    except AttributeError as exc:
        assert "no_such_thing" in str(exc)
    else:
        raise AssertionError("unknown attribute did not raise AttributeError")


def test_registered_games_load_by_name():
    import treehouse_lab as tl

    assert tl.GAMES == tuple(sorted(tl.GAMES)) and tl.GAMES
    for name in tl.GAMES:
        game = tl.load_game(name)
        assert game.name == name and game.players == game.options["players"]
    try:
        tl.load_game("no-such-game")
    except tl.RuleError as exc:
        assert "no-such-game" in str(exc)
    else:
        raise AssertionError("unknown game loaded")
