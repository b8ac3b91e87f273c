"""States are Python values: they pickle (through ``to_json``) and ``copy.deepcopy`` gives
an equal, independent state, in every game and configuration (issue 17, item 19), so
OpenSpiel, ``multiprocessing`` or Dask can carry them."""

from __future__ import annotations

import copy
import pickle

import tl_conformance_harness as H

#: Spread-out states of each of the first games of a configuration.
STATES_PER_GAME = 6
GAMES = 2


def _states(case):
    for pt in H.full_playthroughs(case)[:GAMES]:
        for i in H.sample_indices(pt, STATES_PER_GAME):
            yield pt.states[i], pt.where(i)


def _same(copied, state, where: str, how: str) -> None:
    assert copied is not state, f"{where} {how} returned the state itself"
    assert type(copied) is type(state), f"{where} {how} changed the type"
    assert copied == state, f"{where} {how} gave a different state"
    assert copied.to_json() == state.to_json(), f"{where} {how} gave another save"
    assert copied.current_player == state.current_player, f"{where} {how}: another player"
    for p in state.actors():
        assert copied.legal_actions(p) == state.legal_actions(p), \
            f"{where} {how}: other legal actions"
    if state.is_chance_node():
        assert copied.chance_outcomes() == state.chance_outcomes(), \
            f"{where} {how}: other chance outcomes"


def _independent(copied, state, where: str, how: str) -> None:
    """A move in the copy leaves the original as it was."""
    if state.is_terminal():
        return
    before = state.to_json()
    if copied.is_chance_node():
        copied.apply(copied.chance_outcomes()[0][0])
    else:
        p = copied.actors()[0]
        copied.apply(copied.legal_actions(p)[0], by=p)
    assert state.to_json() == before, f"{where} a move in the {how} changed the original"


def test_states_pickle(case):
    for state, where in _states(case):
        for protocol in (pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL):
            back = pickle.loads(pickle.dumps(state, protocol=protocol))
            _same(back, state, where, f"pickle (protocol {protocol})")
            _independent(back, state, where, "unpickled state")
    game = case.make()
    assert pickle.loads(pickle.dumps(game)) == game, f"[{case.id}] the game does not pickle"


def test_states_deepcopy_and_copy(case):
    for state, where in _states(case):
        deep = copy.deepcopy(state)
        _same(deep, state, where, "copy.deepcopy")
        assert deep.game is state.game, f"{where} deepcopy copied the (immutable) game"
        _independent(deep, state, where, "deep copy")
        shallow = copy.copy(state)
        _same(shallow, state, where, "copy.copy")
        _independent(shallow, state, where, "copy")
