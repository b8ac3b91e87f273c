"""Every Treehouse Lab game as a PettingZoo AEC environment, and a single-agent gymnasium
environment whose other seats are the project's bots (the ``rl`` extra).

    from treehouse_lab.interop.pettingzoo import env, SingleAgentEnv
    e = env("diner", players=3, modules=("bees",))
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(
            obs["action_mask"])
        e.step(action)

What each part maps to (docs/dev/interop.md):

* **Agents** are ``"player_1"`` ... ``"player_n"`` (seat 0 is ``player_1``).
* **Actions**: ``Discrete(game.num_distinct_actions())``, the stable ids
  (docs/dev/action-ids.md); ``obs["action_mask"]`` marks the legal ones (int8). ``step``
  takes an ``int`` or a numpy integer and refuses anything else (``IllegalActionError``),
  a float, a string or a bool included.
* **Observations**: ``obs["observation"]`` is ``state.observation_tensor(seat)`` as
  float32, a ``Box`` of ``game.observation_shape()``.
* **Chance** is drawn inside the environment from the ``reset`` seed (exact, as a ``Match``
  draws it: ``core.chance``); the same seed and actions give the same game.
* **Several seats at once** (Magical's planning step): ``agent_selection`` is the seat the
  project's seeded schedule picks (``schedule="random"`` by default, seeded by ``reset``),
  as in the OpenSpiel adapter; see there for what is lost.
* **Rewards** are ``state.returns()`` at the end (1 to a sole winner, shared in a tie), 0
  before.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import registry
from ..bots import ask_bot, make_bot, takes_player
from ..core.chance import sample_outcome, step_rng
from ..errors import RuleError
from ..protocol import CHANCE, SIMULTANEOUS, TERMINAL
from ..schedules import resolve_schedule


def agent_name(seat: int) -> str:
    return f"player_{seat + 1}"


class _Driver:
    """A game in progress under a seed: chance drawn and simultaneous steps scheduled
    from it, the seat to act exposed; shared by the two environments."""

    def __init__(self, game: Any, schedule: Any) -> None:
        self.game = game
        self.schedule_name, self.schedule = resolve_schedule(schedule)
        self.seed: Any = 0
        self.steps = 0
        self.state = game.new_initial_state()
        self.seat: int | None = None

    def reset(self, seed: Any) -> None:
        self.seed = seed
        self.steps = 0
        self.state = self.game.new_initial_state()
        self.settle()

    def settle(self) -> None:
        """Draw chance until a seat must act (or the game ends); pick the seat."""
        s = self.state
        while s.current_player == CHANCE:
            rng = step_rng(self.seed, self.steps, "chance")
            s.apply(sample_outcome(s.chance_outcomes(), rng))
            self.steps += 1
        cp = s.current_player
        if cp == TERMINAL:
            self.seat = None
        elif cp == SIMULTANEOUS:
            history = s.history()
            last = history[-1][0] if history and history[-1][0] >= 0 else None
            rng = step_rng(self.seed, self.steps, "schedule")
            self.seat = self.schedule(s, s.actors(), rng, last)
        else:
            self.seat = cp

    def legal_ids(self) -> list[int]:
        encode = self.game.encode
        return [encode(a) for a in self.state.legal_actions(self.seat)]

    def mask(self) -> np.ndarray:
        out = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.seat is not None:
            out[self.legal_ids()] = 1
        return out

    def play(self, action_id: Any) -> None:
        """The seat to act plays the move with id ``action_id`` (checked legal).

        An id is an ``int`` or a numpy integer (a scalar, or an array of shape ``()``:
        what ``Discrete.sample()``, ``np.flatnonzero`` and a policy's output give, the
        integers ``Discrete.contains`` accepts), read as the ``int`` it holds. Anything
        else goes to ``game.decode`` as it is, which refuses it as it refuses every
        driver's (``IllegalActionError``, "action id must be a whole number 0..n-1"): a
        float, a string or a bool (``True`` is an ``int`` to Python) would otherwise be
        turned into some id and played."""
        if self.seat is None:
            raise RuleError(f"{self.game.name}: the game is over; reset it")
        n = action_id
        if (isinstance(n, (np.generic, np.ndarray)) and n.shape == ()
                and n.dtype.kind in "iu"):
            n = int(n)
        move = self.game.decode(n, self.state, self.seat)
        self.state.apply(move, by=self.seat)
        self.steps += 1
        self.settle()


class TreehouseAEC(AECEnv):
    """One game configuration as a PettingZoo AEC environment (module docstring)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None,
                 schedule: Any = "random", **options: Any) -> None:
        super().__init__()
        self.tl_game = registry.load_game(game, **options)
        self.metadata = {**self.metadata, "name": f"treehouse_{game}_v0"}
        self.render_mode = render_mode
        self._driver = _Driver(self.tl_game, schedule)
        n = self.tl_game.players
        self.possible_agents = [agent_name(p) for p in range(n)]
        self._seat_of = {a: p for p, a in enumerate(self.possible_agents)}
        shape = self.tl_game.observation_shape()
        box = spaces.Box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32)
        actions = self.tl_game.num_distinct_actions()
        mask = spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def state_now(self) -> Any:
        """The engine state (read it; act through ``step``)."""
        return self._driver.state

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._driver.reset(seed)
        self._after_move()

    def observe(self, agent: str) -> dict:
        seat = self._seat_of[agent]
        d = self._driver
        obs = np.asarray(d.state.observation_tensor(seat), dtype=np.float32)
        mask = d.mask() if d.seat == seat else np.zeros(
            self.tl_game.num_distinct_actions(), np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._driver.play(action)
        self._after_move()
        if self.render_mode == "ansi":
            self.render()

    def _after_move(self) -> None:
        d = self._driver
        for a in self.agents:
            self.rewards[a] = 0.0
        if d.seat is None:
            returns = d.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat_of[a]])
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(d.seat)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        return str(self._driver.state)

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> TreehouseAEC:
    """``TreehouseAEC(game, **kwargs)``: the environment of one configuration."""
    return TreehouseAEC(game, **kwargs)


class SingleAgentEnv(gymnasium.Env):
    """One seat of a game as a gymnasium environment; the other seats are the project's
    bots (``bots``: a name such as ``"random"`` or ``"greedy"``, a bot object, or one per
    other seat). ``info["action_mask"]`` marks the legal ids; the reward is the seat's
    return at the end."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, seat: int = 0, bots: Any = "random",
                 schedule: Any = "random", render_mode: str | None = None,
                 **options: Any) -> None:
        self.tl_game = registry.load_game(game, **options)
        self.seat = self.tl_game.check_seat(seat, "seat")
        others = [p for p in range(self.tl_game.players) if p != self.seat]
        specs = bots if isinstance(bots, (list, tuple)) else [bots] * len(others)
        if len(specs) != len(others):
            raise RuleError(f"bots: one bot for each other seat ({len(others)}), got "
                            f"{len(specs)}")
        self.bots = {p: make_bot(b) for p, b in zip(others, specs)}
        self._takes = {p: takes_player(b) for p, b in self.bots.items()}
        self._driver = _Driver(self.tl_game, schedule)
        self.render_mode = render_mode
        shape = self.tl_game.observation_shape()
        self.observation_space = spaces.Box(low=-np.inf, high=np.inf, shape=shape,
                                            dtype=np.float32)
        self.action_space = spaces.Discrete(self.tl_game.num_distinct_actions())

    @property
    def state_now(self) -> Any:
        """The engine state (read it; act through ``step``)."""
        return self._driver.state

    def _bots_play(self) -> None:
        d = self._driver
        while d.seat is not None and d.seat != self.seat:
            rng = step_rng(d.seed, d.steps, "bot")
            move = ask_bot(self.bots[d.seat], d.state.clone(), rng, d.seat,
                           self._takes[d.seat])
            d.play(self.tl_game.encode(move))

    def _out(self) -> tuple[np.ndarray, dict]:
        d = self._driver
        obs = np.asarray(d.state.observation_tensor(self.seat), dtype=np.float32)
        return obs, {"action_mask": d.mask()}

    def action_masks(self) -> np.ndarray:
        """The legal ids now (the name maskable learners, such as sb3-contrib's, ask)."""
        return self._driver.mask()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**32))
        self._driver.reset(seed)
        self._bots_play()
        return self._out()

    def step(self, action: Any):
        self._driver.play(action)
        self._bots_play()
        obs, info = self._out()
        done = self._driver.seat is None
        reward = float(self._driver.state.returns()[self.seat]) if done else 0.0
        return obs, reward, done, False, info

    def render(self) -> str | None:
        return str(self._driver.state) if self.render_mode == "ansi" else None


__all__ = ["SingleAgentEnv", "TreehouseAEC", "agent_name", "env"]
