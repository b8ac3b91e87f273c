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


def _aec_step(e):
    """The AEC environment's first position (the Diner, seed 0): its mask, and ``step``."""
    e.reset(seed=0)
    return e.last()[0]["action_mask"], e.step


def _single_agent_step(g):
    """The single-agent environment's first position (the Diner, seed 0)."""
    _, info = g.reset(seed=0)
    return info["action_mask"], g.step


@pytest.mark.parametrize(("make", "start"), [
    (lambda: env("diner"), _aec_step),
    (lambda: SingleAgentEnv("diner", seat=0, bots="random"), _single_agent_step)],
    ids=["aec", "single-agent"])
def test_an_id_is_an_integer_and_nothing_else_is_turned_into_one(make, start):
    """``108.7``, ``"108"`` and ``True`` are not ids: refused as ``IllegalActionError``
    naming the action id and the ids allowed, with nothing played, even where ``int()``
    of them (108, 108, 1) is a legal id here. A numpy integer, scalar or of shape ``()``,
    plays the id it holds, as an ``int`` does."""
    e = make()
    mask, step = start(e)
    legal = np.flatnonzero(mask)
    top = int(legal[-1])
    assert mask[1] or mask[0], "a bool must name a legal id here for the check to bite"
    flag = bool(mask[1])
    size = len(mask)
    before = e.state_now.to_json()
    for wrong in (top + 0.7, float(top), str(top), flag, np.bool_(flag), np.float64(top),
                  None, [top]):
        with pytest.raises(tl.IllegalActionError,
                           match=rf"action id must be a whole number 0\.\.{size - 1}"):
            step(wrong)
        assert e.state_now.to_json() == before, wrong
    played = []
    for right in (top, np.int64(top), np.uint16(top), np.array(top)):
        e = make()
        _, step = start(e)
        step(right)
        played.append(e.state_now.to_json())
    assert played[1:] == played[:1] * 3 and played[0] != before


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
