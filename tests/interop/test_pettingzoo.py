"""The PettingZoo and gymnasium adapters (treehouse_lab.interop.pettingzoo) under
PettingZoo's own checks, ``api_test`` and ``seed_test``, on every game at the fewest and
the most players with every module; and the single-agent environment against bots."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from tl_interop import CONFIGS, IDS

import treehouse_lab as tl
from treehouse_lab.interop.pettingzoo import SingleAgentEnv, env

#: Cycles of every agent each check plays (a few hundred steps: set-up and a good part
#: of a game; the engines' own suites play whole games).
CYCLES = 60




@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(name, options):
    api_test(env(name, **options), num_cycles=CYCLES, verbose_progress=False)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(name, options):
    seed_test(functools.partial(env, name, **options), num_cycles=CYCLES)


@pytest.mark.parametrize("name", tl.GAMES)
def test_a_whole_game_ends_with_the_engines_returns(name):
    e = env(name)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(e.state_now.legal_actions(
            int(agent.removeprefix("player_")) - 1))
        e.step(int(rng.choice(legal)))
    returns = e.state_now.returns()
    assert e.state_now.is_terminal()
    assert [totals[a] for a in e.possible_agents] == [float(r) for r in returns]
    assert sum(totals.values()) == pytest.approx(1.0)


def test_an_illegal_id_is_refused_and_changes_nothing():
    e = env("backyard", players=2)
    e.reset(seed=1)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.state_now.to_json()
    with pytest.raises(tl.IllegalActionError):
        e.step(illegal)
    assert e.state_now.to_json() == before


@pytest.mark.parametrize("name", tl.GAMES)
def test_single_agent_env_against_the_projects_bots(name):
    g = SingleAgentEnv(name, seat=0, bots="random")
    obs, info = g.reset(seed=3)
    again, _ = SingleAgentEnv(name, seat=0, bots="random").reset(seed=3)
    assert (obs == again).all()
    rng = np.random.default_rng(3)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert g.observation_space.contains(obs)
        assert (g.action_masks() == info["action_mask"]).all()
        assert g.state_now.actors() and 0 in g.state_now.actors()
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, truncated, info = g.step(action)
        steps += 1
    assert reward == float(g.state_now.returns()[0])
    assert steps > 0
