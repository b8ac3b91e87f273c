"""Observation tensors (core/tensor.py) and information states, for every configuration:
one shape in every state, nothing in a seat's tensor that the seat cannot see (a state
dealt again from its observation gives the same tensor), and an information state that
holds the seat's own moves and survives a clone."""

from __future__ import annotations

import json
import math
import random

import pytest
import tl_conformance_harness as H

import treehouse_lab as tl

#: The registered games' configurations.
CASES = [c for c in H.config_cases() if c.registered]
each_case = pytest.mark.parametrize("config", CASES, ids=[c.id for c in CASES])


@each_case
def test_tensor_shape_is_fixed_and_shows_only_what_the_seat_sees(config):
    game = config.make()
    (size,) = game.observation_shape()
    rng = random.Random(f"tensor/{config.id}")
    pt = H.playthrough(config, 0)
    distinct = set()
    for i in H.sample_indices(pt, 8):
        state = pt.states[i]
        for p in range(game.players):
            t = state.observation_tensor(p)
            assert len(t) == size, f"{pt.where(i)} seat {p}: {len(t)} numbers, not {size}"
            assert all(isinstance(x, float) and math.isfinite(x) for x in t)
            distinct.add(tuple(t))
            if game.ZONES is not None:
                other = game.determinize(state.observation(p), p, rng)
                assert other.observation_tensor(p) == t, (
                    f"{pt.where(i)} seat {p}: the tensor shows something the seat cannot see")
    assert len(distinct) > 1, "the tensor is the same in every state"


@each_case
def test_information_state_holds_the_seats_own_moves(config):
    game = config.make()
    pt = H.playthrough(config, 0)
    k = min(len(pt.actions), 60)
    state = pt.replay(k)
    steps = [(tl.CHANCE if by is None else by, a) for a, by in zip(pt.actions[:k], pt.bys[:k])]
    assert state.history() == steps
    for p in range(game.players):
        info = json.loads(state.information_state(p))
        own = [a.to_json() for by, a in steps if by == p]
        assert info["moves"] == own, f"seat {p}: its moves are not all in its information"
        assert info["seen"] == json.loads(json.dumps(state.observation(p)["seen"]))
        assert state.clone().information_state(p) == state.information_state(p)
    if k:  # a step changes the acting seat's information
        by, _ = steps[-1]
        before = pt.replay(k - 1)
        seat = by if by >= 0 else 0
        assert before.information_state(seat) != state.information_state(seat)
