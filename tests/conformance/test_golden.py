"""Behaviour kept across refactors: games and saves recorded before the engine-shape change.

``tools/record_golden.py`` played every configuration of every game with a seeded random
mover on the code before the change and kept every move and a few saves. Here the same
seeded mover plays again: every legal list it chooses from and every chance node it samples
must be the same, so the same seed gives the same move list. Each recorded save must load
(through the save-format migration) to a state with the same player to move and the same
legal moves, and must play on exactly as recorded.

A deliberate rule change (issue 17 changed rules of the Diner and Magical Treehouse) is
recorded again with the same script; the record it replaces moves to
``golden/before/<when>/``, and every save in it must still load, through the migrations, to
a state that saves again in today's format and loads back to itself. (Its legal moves may
differ: that is the rule change.)
"""

from __future__ import annotations

import functools
import gzip
import json
import random
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@functools.cache
def record(name: str, folder: Path = GOLDEN) -> list[dict]:
    with gzip.open(folder / f"{name}.json.gz", "rt", encoding="utf-8") as f:
        return json.load(f)


def older_records() -> list[tuple[str, str]]:
    """(when, game) of every record replaced by a rule change."""
    return sorted((p.parent.name, p.name.split(".")[0])
                  for p in (GOLDEN / "before").glob("*/*.json.gz"))


#: The games whose records are committed: always checked, never skipped. A record of one
#: of these gone missing is a failure (:func:`test_every_recorded_game_keeps_its_record`).
RECORDED = ("backyard", "diner", "magical", "pyramids")

#: What a game registered after the records were made is told (its author records it).
HOW_TO_RECORD = ("{name}: no golden record yet (tests/golden/{name}.json.gz), so its moves "
                 "and saves are not checked against a recorded run. Once its rules are "
                 "settled, record it with `python tools/record_golden.py tests/golden {name}` "
                 "and commit the file")


def has_record(name: str, folder: Path = GOLDEN) -> bool:
    return (folder / f"{name}.json.gz").exists()


def cases(games: tuple[str, ...] | None = None, folder: Path = GOLDEN
          ) -> list[tuple[str, int]]:
    """(game, configuration index) of every recorded configuration of a game with a record.

    Why not fail at collection for a game with none: registering a game must need no other
    edit, and the record is made from the game's own code once its author settles the
    rules (:data:`HOW_TO_RECORD`, :func:`test_a_game_with_no_record_yet_is_skipped`)."""
    games = tl.GAMES if games is None else games
    return [(name, i) for name in games if has_record(name, folder)
            for i in range(len(record(name, folder)))]


def unrecorded(games: tuple[str, ...] | None = None, folder: Path = GOLDEN) -> list[str]:
    """The registered games with no record yet (never one of :data:`RECORDED`)."""
    games = tl.GAMES if games is None else games
    return [name for name in games if not has_record(name, folder) and name not in RECORDED]


def options(entry: dict) -> dict:
    return {k: (frozenset(v) if k == "modules" else v) for k, v in entry["options"].items()}


@pytest.mark.parametrize("name,index", cases(),
                         ids=[f"{n}-{i}" for n, i in cases()])
def test_seeded_games_make_the_same_moves(name: str, index: int) -> None:
    entry = record(name)[index]
    game = tl.load_game(name, **options(entry))
    for recorded in entry["games"]:
        rng = random.Random(recorded["seed"])
        state = game.new_initial_state()
        for step, (move, by) in enumerate(zip(recorded["moves"], recorded["bys"])):
            if state.is_chance_node():
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                chosen_by = rng.choice(state.actors())
                assert chosen_by == by, f"{name} {entry['options']} step {step}: actors differ"
                action = rng.choice(state.legal_actions(by))
            assert action.to_json() == move, (
                f"{name} {entry['options']} seed {recorded['seed']} step {step}: "
                f"played {action.to_json()}, recorded {move}")
            state.apply(action, by=by)
        assert state.is_terminal() == recorded["terminal"]


@pytest.mark.parametrize("name,index", cases(),
                         ids=[f"{n}-{i}" for n, i in cases()])
def test_saves_from_before_load_and_play_on(name: str, index: int) -> None:
    entry = record(name)[index]
    game = tl.load_game(name, **options(entry))
    for recorded in entry["games"]:
        for saved in recorded["saves"]:
            state = game.state_from_json(saved["save"])
            assert state.current_player == saved["current_player"]
            if "chance" in saved["legal"]:
                got = {"chance": [a.to_json() for a in state.legal_actions()]}
            else:
                got = {str(p): [a.to_json() for a in state.legal_actions(p)]
                       for p in state.actors()}
            assert got == saved["legal"], f"{name} step {saved['step']}: legal moves differ"
            # A loaded save saves again in the current format and loads back to itself.
            again = game.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again == state
            # And it plays on exactly as the recorded game did.
            for move, by in list(zip(recorded["moves"], recorded["bys"]))[
                    saved["step"]:saved["step"] + 40]:
                state.apply(game.action_from_json(move), by=by)


@pytest.mark.parametrize("when,name", older_records(),
                         ids=[f"{w}-{n}" for w, n in older_records()])
def test_saves_from_before_a_rule_change_still_load(when: str, name: str) -> None:
    entries = record(name, GOLDEN / "before" / when)
    loaded = 0
    for entry in entries:
        game = tl.load_game(name, **options(entry))
        for recorded in entry["games"]:
            for saved in recorded["saves"]:
                state = game.state_from_json(saved["save"])
                again = game.state_from_json(json.loads(json.dumps(state.to_json())))
                assert again == state, f"{name} {entry['options']} step {saved['step']}"
                loaded += 1
    assert loaded == sum(len(g["saves"]) for e in entries for g in e["games"]) > 0


def test_every_recorded_game_keeps_its_record() -> None:
    """The four games recorded before the engine-shape change are checked, never skipped."""
    assert set(RECORDED) <= set(tl.GAMES)
    missing = [name for name in RECORDED if not has_record(name)]
    assert missing == [], f"golden records lost: {missing}"
    assert {name for name, _ in cases()} >= set(RECORDED)


@pytest.mark.parametrize("name", unrecorded() or ["(none)"])
def test_a_game_with_no_record_yet_is_skipped(name: str) -> None:
    if name == "(none)":
        assert unrecorded() == []  # every registered game is recorded and checked above
        return
    pytest.skip(HOW_TO_RECORD.format(name=name))


def test_a_registered_game_without_a_record_is_listed_not_an_error(tmp_path) -> None:
    """A fifth game registered with no record: the cases of the recorded games are as
    before, the new game is listed for a skip that names the command, and a recorded
    game's lost record is no skip."""
    (tmp_path / "backyard.json.gz").write_bytes((GOLDEN / "backyard.json.gz").read_bytes())
    games = ("backyard", "dice")
    assert cases(games, tmp_path) == [("backyard", i)
                                      for i in range(len(record("backyard")))]
    assert unrecorded(games, tmp_path) == ["dice"]
    assert "python tools/record_golden.py tests/golden dice" in HOW_TO_RECORD.format(
        name="dice")
    assert unrecorded(("backyard", "diner"), tmp_path) == []  # diner is RECORDED: no skip


def test_the_fifth_game_registered_with_no_record_is_listed_for_a_skip(monkeypatch) -> None:
    """The dice duel of tests/support/tl_dicegame (docs/dev/adding-a-game.md), registered
    with its one line: listed for the skip, the recorded games' cases as before."""
    monkeypatch.setitem(tl.registry._REGISTRY, "dice", "tl_dicegame:DiceGame")
    monkeypatch.setattr(tl, "GAMES", tuple(sorted({*tl.GAMES, "dice"})))
    assert unrecorded() == ["dice"]
    assert {name for name, _ in cases()} == set(RECORDED)
