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


def cases() -> list[tuple[str, int]]:
    return [(name, i) for name in tl.GAMES for i in range(len(record(name)))]


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
