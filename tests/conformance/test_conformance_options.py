"""Options: every configuration loads and its resolved options survive JSON; bad options
(typo names, out-of-range player counts, values outside the choices) raise tl.RuleError
naming the option. Generated from each game's OPTIONS, so new options are covered."""

from __future__ import annotations

import json

import pytest
import tl_conformance_harness as H

import treehouse_lab as tl


def _load(game_case, **options):
    cls = game_case.game_class()
    return cls(**options)


def test_configuration_loads(case, monkeypatch):
    H.register_toy(monkeypatch)
    game = case.make()
    cls = case.game_class()
    assert game.name == cls.NAME == case.game
    assert isinstance(game.players, int) and game.players == game.options["players"]
    assert set(game.options) == {o.name for o in cls.OPTIONS}
    for k, v in case.config:
        assert H._freeze(game.options[k]) == v, \
            f"[{case.id}] option {k} resolved to {game.options[k]!r}"
    text = H.dumps(game.options)
    again = tl.load_game(case.game, **json.loads(text))
    assert again == game, f"[{case.id}] options do not survive JSON: {text}"
    assert tl.load_game(case.game, **game.options) == game
    assert game.new_initial_state() == game.new_initial_state()


def _typos(name: str) -> list[str]:
    out = [name[:-1], name + "s", name.upper()]
    if len(name) > 2:
        out.append(name[0] + name[2] + name[1] + name[3:])
    return list(dict.fromkeys(out))


def test_unknown_option_names_are_named(game_case):
    cls = game_case.game_class()
    names = {o.name for o in cls.OPTIONS}
    assert "players" in names
    for opt in cls.OPTIONS:
        for typo in _typos(opt.name):
            if typo in names:
                continue
            with pytest.raises(tl.RuleError) as info:
                _load(game_case, **{typo: opt.default})
            assert typo in str(info.value), f"{cls.NAME}: message does not name {typo!r}"


def test_player_counts_out_of_range(game_case):
    cls = game_case.game_class()
    players = next(o for o in cls.OPTIONS if o.name == "players")
    allowed = players.test_values()
    assert all(isinstance(n, int) and n >= 1 for n in allowed)
    for n in allowed:
        assert _load(game_case, players=n).players == n
    for bad in (min(allowed) - 1, max(allowed) + 1, 0, -1, str(min(allowed)),
                float(min(allowed)), True, None):
        if bad in allowed and type(bad) is int:
            continue
        with pytest.raises(tl.RuleError) as info:
            _load(game_case, players=bad)
        assert "players" in str(info.value), f"{cls.NAME} players={bad!r}: {info.value}"


def test_option_values_outside_the_allowed(game_case):
    cls = game_case.game_class()
    for opt in cls.OPTIONS:
        if opt.name == "players":
            continue
        bads = ["__no_such_value__", object()]
        if isinstance(opt.default, int) and not isinstance(opt.default, bool):
            bads.append(-(10**6))  # a count, a score, a round: never hugely negative
        if opt.choices is not None:
            ints = [c for c in opt.choices if isinstance(c, int) and not isinstance(c, bool)]
            if ints:
                bads.append(max(ints) + 1000)
        for bad in bads:
            with pytest.raises(tl.RuleError) as info:
                _load(game_case, **{opt.name: bad})
            assert opt.name in str(info.value), f"{cls.NAME} {opt.name}={bad!r}: {info.value}"


def test_every_option_value_listed_loads(game_case):
    cls = game_case.game_class()
    for opt in cls.OPTIONS:
        for value in opt.test_values():
            game = _load(game_case, **{opt.name: value})
            assert game.options[opt.name] == value
