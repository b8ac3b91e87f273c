"""Stable action ids (core/codec.py, docs/dev/action-ids.md), for every configuration:
every legal move and chance outcome has an id in range that decodes back to it, distinct
moves get distinct ids, an id means one move in every state of a configuration, and an id
that is not legal is refused by ``decode``."""

from __future__ import annotations

import random

import pytest
import tl_conformance_harness as H

import treehouse_lab as tl

#: Spread-out states per playthrough whose every legal move is checked.
STATES = 10


#: The registered games' configurations (the toy games of the suite declare no ids).
CASES = [c for c in H.config_cases() if c.registered]
GAMES = [c for c in H.game_cases() if c.registered]
each_case = pytest.mark.parametrize("config", CASES, ids=[c.id for c in CASES])
each_game = pytest.mark.parametrize("one", GAMES, ids=[c.id for c in GAMES])


def _check_state(game: tl.Game, state: tl.State, where: str, meaning: dict,
                 rng: random.Random) -> None:
    if state.is_terminal():
        return
    if state.is_chance_node():
        groups = [(None, state.legal_actions(), game.max_chance_outcomes(), True)]
    else:
        groups = [(p, state.legal_actions(p), game.num_distinct_actions(), False)
                  for p in state.actors()]
    for p, legal, bound, chance in groups:
        ids = [game.encode(a) for a in legal]
        assert len(set(ids)) == len(ids), f"{where} two legal moves share an id"
        for a, n in zip(legal, ids):
            assert n.__class__ is int and 0 <= n < bound, f"{where} {a}: id {n} of {bound}"
            assert game.decode(n, state, p) == a, f"{where} {a}: id {n} decodes otherwise"
            key = (chance, n)
            assert meaning.setdefault(key, a) == a, (
                f"{where} id {n} is {a} here but {meaning[key]} elsewhere")
        # Ids that are not legal here are refused, whatever move they name.
        taken = set(ids)
        for n in rng.sample(range(bound), min(bound, 20)):
            if n not in taken:
                with pytest.raises(tl.IllegalActionError):
                    game.decode(n, state, p)


@each_case
def test_legal_moves_round_trip_through_their_ids(config):
    rng = random.Random(f"ids/{config.id}")
    meaning: dict = {}
    for pt in H.full_playthroughs(config)[:2]:
        game = config.make()
        for i in H.sample_indices(pt, STATES):
            _check_state(game, pt.states[i], pt.where(i), meaning, rng)


@each_case
def test_ids_are_the_same_in_a_fresh_game_of_the_configuration(config):
    """The layout is a function of the configuration: a second game (another process
    would build it the same way) numbers every move alike."""
    a, b = config.make(), config.make()
    assert a.action_layout() == b.action_layout()
    pt = H.playthrough(config, 0)
    for action in pt.actions:
        assert a.encode(action) == b.encode(action), action


@each_game
def test_layout_adds_up(one):
    game = one.make()
    layout = game.action_layout()
    for rng_name, total in (("decisions", game.num_distinct_actions()),
                            ("chance", game.max_chance_outcomes())):
        blocks = layout[rng_name]
        assert sum(b["size"] for b in blocks) == total
        assert [b["offset"] for b in blocks] == [sum(x["size"] for x in blocks[:k])
                                                 for k in range(len(blocks))]


@each_game
def test_out_of_range_ids_are_refused(one):
    game = one.make()
    state = game.new_initial_state()
    bound = game.max_chance_outcomes() if state.is_chance_node() else \
        game.num_distinct_actions()
    for bad in (-1, bound, True, "3", 2.0):
        with pytest.raises(tl.IllegalActionError):
            game.decode(bad, state)
