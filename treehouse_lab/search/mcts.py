"""``mcts``: Monte Carlo tree search over ``returns()``, for any game of the protocol.

The method (information-set MCTS, after Cowling, Powley and Whitehouse 2012, "Information
Set Monte Carlo Tree Search"), one iteration at a time:

1. **Determinize.** Deal the cards this seat cannot see at random, consistent with what it
   can see (:mod:`.determinize`): a fresh sample every iteration (or one of ``deals``
   samples, below), so the tree's statistics average over the possible deals instead of
   trusting one.
2. **Select.** From the root, at each decision take the action with the best UCB1 score,
   ``mean + c * sqrt(ln(available) / visits)``, among those legal in this sample
   ("available" counts the iterations in which the action could be taken, since with
   hidden cards not every action exists in every sample). Chance is sampled as it comes,
   so the tree is over decisions only ("open loop").
3. **Expand** one untried action, then **roll out** with a fast policy (the game's
   teaching bot where it names one, else uniform random): to the end, or, where the game
   says so (its ``SEARCH`` settings), for a bounded number of decisions, after which the
   position is scored by an evaluation instead (see below).
4. **Back up** ``returns()`` (or the evaluation's win shares): each decision's statistics
   gain the win share of the seat that took it, so every player in the tree plays for
   itself.

What makes it fit a board in games with long turns (the Diner, Magical Treehouse), each
set per game in its ``bots`` module as ``SEARCH`` and overridable by name
(``"mcts(depth=60)"``):

* ``depth``: a playout stops after this many decisions and the position is scored by
  :func:`evaluation`: each seat's points (``scores()``, or the game's own estimate,
  ``POINTS`` in its ``bots`` module) turned into win shares, ``exp(points/scale)`` over
  the sum of those (two players: the logistic of the margin). A playout to the end of a
  Diner game is about 1,650 random steps; most of what they decide is noise far from the
  move being weighed.
* ``widen``: progressive widening (Coulom 2007; Chaslot et al. 2008): a node seen ``n``
  times has at most ``ceil(n ** widen)`` children (one more only where none of them is
  legal in a sample: dice and hidden cards change the moves), the playout policy's first, so
  the long runs of small decisions of one turn (the Diner's placements, Magical's
  planning) are searched along their likely moves rather than spread over all of them.
* ``deals``: how many different deals of the hidden cards the search samples (each is
  reused, cloned, by the later iterations): building a sample from the observation costs
  as much as a long playout (5 to 40 ms in the Diner and Magical), so those games settle
  for 30 and 12 deals in 200 iterations.
* ``top``: the root weighs only the first ``top`` moves of the game's ranking
  (``CANDIDATES`` in its ``bots`` module, best first: Magical's is ``magical-builder``'s
  own), as a search guided by a policy's prior does, here with a hard cut: 200
  iterations spread over the builder's best 3 moves tell them apart, spread over a dozen
  they do not; a tie of visits goes to the move ranked first, and a single candidate is
  played without a search.
* ``switch`` (with ``top``): trust the ranking unless the playouts say otherwise. The
  move played is the ranking's first unless another candidate did better over the same
  scenarios (the j-th visit of every root move is played in scenario j) by at least
  ``switch`` standard errors of the paired differences. Why: with a few dozen short
  playouts a candidate the teaching bot ranks second often wins the visit count by luck,
  and a search that follows its counts on near-ties plays the builder's second choice
  half the time where the two are close; it then plays no better than the builder.

The move played is the root action visited most (but see ``switch``). With an
``iterations`` budget the bot is a pure function of the state and its seeded generator, so
matches and simulations replay exactly; a ``seconds`` budget (``"mcts(seconds=0.5)"``, for
boards) depends on the machine's speed and does not, so simulations and tests keep the
iteration budget.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
import time
from typing import Any

from ..bots import make_bot, spec_text, takes_player
from ..core.chance import sample_outcome
from ..errors import RuleError, quote
from ..protocol import Action, State
from .determinize import sampler

Key = tuple[int, Action]


class _Node:
    """Statistics of the decisions below one point of the tree: for each (seat, action),
    its child node, visits, total reward for that seat, and how often it was available."""

    __slots__ = ("children", "visits", "reward", "available", "n", "runs")

    def __init__(self) -> None:
        self.n = 0      # iterations that passed through this node
        self.runs: dict | None = None   # at the root: each action's reward, visit by visit
        self.children: dict[Key, _Node] = {}
        self.visits: dict[Key, int] = {}
        self.reward: dict[Key, float] = {}
        self.available: dict[Key, int] = {}


class MCTSBot:
    """Monte Carlo tree search over ``returns()``.

    * ``iterations``: playouts per decision (default 200); reproducible.
    * ``seconds``: think for this long instead (not reproducible across machines).
    * ``c``: the exploration constant of UCB1 (rewards are win shares in [0, 1]).
    * ``rollout``: the bot that finishes each playout. ``"auto"`` (the default) is the
      game's own fast playout policy where its ``bots`` module names one (``ROLLOUT``),
      else uniform random; ``"random"``; or any registered name (``"greedy"`` plays
      better playouts, more slowly).
    * ``expand_after``: how many playouts pass through a node before it grows children
      (below that its playouts come from the rollout policy alone: with a small budget a
      good policy is a better guide than a thinly sampled tree).
    * ``depth``, ``widen``, ``deals``, ``top`` (module docstring): ``"auto"`` takes the
      game's ``SEARCH`` setting (none: to the end, no widening, a fresh deal every
      iteration, every legal move at the root);
      ``None`` turns one off; a number sets it.
    """

    DEFAULTS: dict[str, Any] = {"iterations": 200, "seconds": None, "c": 0.7,
                                "rollout": "auto", "expand_after": 20, "depth": "auto",
                                "widen": "auto", "deals": "auto", "top": "auto",
                                "switch": "auto"}

    def __init__(self, iterations: int | None = 200, seconds: float | None = None,
                 c: float = 0.7, rollout: str = "auto", expand_after: int = 20,
                 depth: Any = "auto", widen: Any = "auto", deals: Any = "auto",
                 top: Any = "auto", switch: Any = "auto") -> None:
        if seconds is not None:
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
                    or not 0 < seconds <= 3600:
                raise RuleError(f"mcts: seconds must be a number in (0, 3600], got "
                                f"{quote(seconds)}")
            if iterations == self.DEFAULTS["iterations"]:
                iterations = None     # a time budget replaces the default count
        if iterations is not None and (isinstance(iterations, bool)
                                       or not isinstance(iterations, int)
                                       or not 1 <= iterations <= 10_000_000):
            raise RuleError(f"mcts: iterations must be a whole number 1..10000000, got "
                            f"{quote(iterations)}")
        if iterations is None and seconds is None:
            raise RuleError("mcts: give a budget, iterations or seconds")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c <= 100:
            raise RuleError(f"mcts: c must be a number in [0, 100], got {quote(c)}")
        if not isinstance(rollout, str):
            raise RuleError(f"mcts: rollout must be a bot name, got {quote(rollout)}")
        self.iterations = iterations
        self.seconds = seconds
        if isinstance(expand_after, bool) or not isinstance(expand_after, int) \
                or not 0 <= expand_after <= 1000:
            raise RuleError(f"mcts: expand_after must be a whole number 0..1000, got "
                            f"{quote(expand_after)}")
        _check_setting("depth", depth, int, 1, 100_000)
        _check_setting("widen", widen, (int, float), 0.1, 1.0)
        _check_setting("deals", deals, int, 1, 100_000)
        _check_setting("top", top, int, 1, 1000)
        _check_setting("switch", switch, (int, float), 0, 10)
        self.depth, self.widen, self.deals, self.top = depth, widen, deals, top
        self.switch = switch
        self._settings: dict[type, dict[str, Any]] = {}
        self.c = float(c)
        self.expand_after = expand_after
        self.rollout = rollout
        self._rollout_bot = None if rollout in ("random", "auto") else make_bot(rollout)
        self._auto: dict[type, Any] = {}
        params = {"iterations": iterations, "seconds": seconds, "c": c, "rollout": rollout,
                  "expand_after": expand_after, "depth": depth, "widen": widen,
                  "deals": deals, "top": top, "switch": switch}
        if seconds is not None and iterations is None:
            params["iterations"] = self.DEFAULTS["iterations"]  # not shown: time decides
        self.name = spec_text("mcts", params, self.DEFAULTS)

    def __repr__(self) -> str:
        return f"MCTSBot({self.name!r})"

    def __getstate__(self) -> dict:
        # The per-game rollout cache holds functions; a copy sent to a worker rebuilds it.
        state = dict(self.__dict__)
        state["_auto"] = {}
        state["_settings"] = {}
        return state

    # -- deciding ---------------------------------------------------------------------------
    def choose(self, state: State, rng: random.Random, player: int | None = None) -> Action:
        seat = player if player is not None else state.actors()[0]
        legal = self._root_moves(state, seat, state.legal_actions(seat))
        if len(legal) == 1:
            return legal[0]     # nothing to weigh: no iteration is spent on it
        root = self._search(state, seat, legal, rng)
        return self._best(root, seat, legal, rng, ranked=self._ranks(state),
                          switch=self._setting(state, "switch"))

    def statistics(self, state: State, rng: random.Random,
                   player: int | None = None) -> list[tuple[Action, int, float]]:
        """``(action, visits, mean win share)`` for each root action after one search:
        what the bot weighed, for a notebook to show (with a ``top`` setting, only the
        candidates it weighed)."""
        seat = player if player is not None else state.actors()[0]
        legal = self._root_moves(state, seat, state.legal_actions(seat))
        root = self._search(state, seat, legal, rng)
        out = []
        for a in legal:
            k = (seat, a)
            n = root.visits.get(k, 0)
            out.append((a, n, root.reward.get(k, 0.0) / n if n else 0.0))
        return out

    def _search(self, state: State, seat: int, legal: list[Action],
                rng: random.Random) -> _Node:
        root = _Node()
        # each root move's reward visit by visit, kept only where ``switch`` reads it
        paired = self._ranks(state) and self._setting(state, "switch") is not None
        root.runs = {} if paired else None
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        sample = sampler(state, seat)
        deals = self._setting(state, "deals")
        dealt: dict[int, State] = {}
        base = rng.getrandbits(64)
        keys = [(seat, a) for a in legal]
        done = 0
        while (self.iterations is None or done < self.iterations) and (
                deadline is None or time.perf_counter() < deadline or done == 0):
            # The root's actions are the seat's own, the same in every sample. The j-th
            # visit of each of them is played in scenario j (the same deal of hidden
            # cards, the same chance draws, the same playout choices where they apply):
            # common random numbers, so root actions are compared on equal terms and
            # luck cancels out of their differences.
            k = keys[done] if done < len(keys) else self._select(root, keys)
            j = root.visits.get(k, 0)
            scenario = f"{base}/{j}"
            if deals is None:
                s = sample(random.Random(scenario))
            else:
                d = j % deals
                if d not in dealt:
                    dealt[d] = sample(random.Random(f"{base}/deal/{d}"))
                s = dealt[d].clone()
            for key in keys:
                root.available[key] = root.available.get(key, 0) + 1
            root.children.setdefault(k, _Node())
            s.apply(k[1], by=seat)
            before = root.reward.get(k, 0.0)
            self._iterate(root, k, s, random.Random(scenario + "/chance"),
                          random.Random(scenario + "/play"))
            if paired:
                root.runs.setdefault(k, []).append(root.reward[k] - before)
            done += 1
        return root

    def _root_moves(self, state: State, seat: int, legal: list[Action]) -> list[Action]:
        """The moves searched at the root: all of ``legal``, or with a ``top`` setting the
        first ``top`` of the game's ranking (``CANDIDATES``), its best first."""
        if not self._ranks(state) or len(legal) <= 1:
            return legal
        return self._setting(state, "candidates")(state, seat, legal)[:self._setting(state, "top")]

    def _ranks(self, state: State) -> bool:
        """Whether the root weighs only the game's ``top`` candidates."""
        return self._setting(state, "top") is not None \
            and self._setting(state, "candidates") is not None

    def _best(self, root: _Node, seat: int, legal: list[Action], rng: random.Random,
              ranked: bool = False, switch: float | None = None) -> Action:
        if ranked and switch is not None:
            return _trusted(root, seat, legal, switch)

        def key(a: Action) -> tuple[int, float]:
            k = (seat, a)
            n = root.visits.get(k, 0)
            return (n, root.reward.get(k, 0.0) / n if n else 0.0)

        top = max(key(a) for a in legal)
        best = [a for a in legal if key(a) == top]
        if len(best) > 1 and ranked:
            return best[0]      # a tie goes to the candidate the game ranks first
        return best[0] if len(best) == 1 else rng.choice(best)

    # -- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: _Node, first: Key, s: State, chance: random.Random,
                 rng: random.Random) -> None:
        """Below the root action ``first`` (already applied to ``s``): select, expand one
        node, roll out, back up."""
        node = root.children[first]
        path: list[tuple[_Node, Key]] = [(root, first)]
        policy = self._policy(s)
        widen = self._setting(s, "widen")
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(sample_outcome(s.chance_outcomes(), chance))
                continue
            if node.n < self.expand_after:
                break       # a young node: its playouts come from the rollout policy
            actors = s.actors()
            mover = actors[0] if len(actors) == 1 else rng.choice(actors)
            legal = s.legal_actions(mover)
            keys = [(mover, a) for a in legal]
            for k in keys:
                node.available[k] = node.available.get(k, 0) + 1
            untried = [k for k in keys if k not in node.children]
            if untried and widen is not None and len(keys) > len(untried) \
                    and len(node.children) >= math.ceil(node.n ** widen):
                # Widened enough for now: choose among the children already grown (those
                # legal in this sample), and grow another only when the node is seen more.
                untried = []
                keys = [k for k in keys if k in node.children]
            if untried:
                # Expand the move the playout policy would make if it is new (a good
                # move first), else any untried one.
                guess = (mover, policy(s, rng, mover)) if policy is not None else None
                k = guess if guess in untried else (
                    untried[0] if len(untried) == 1 else rng.choice(untried))
                node.children[k] = _Node()
                s.apply(k[1], by=mover)
                path.append((node, k))
                break
            k = self._select(node, keys)
            s.apply(k[1], by=mover)
            path.append((node, k))
            node = node.children[k]
        returns = self._roll_out(s, chance, rng)
        for n, k in path:
            n.n += 1
            n.visits[k] = n.visits.get(k, 0) + 1
            n.reward[k] = n.reward.get(k, 0.0) + returns[k[0]]
        node_reached = path[-1][0].children[path[-1][1]]
        node_reached.n += 1

    def _select(self, node: _Node, keys: list[Key]) -> Key:
        best, best_score = keys[0], -math.inf
        c = self.c
        for k in keys:
            n = node.visits.get(k, 0)
            if n == 0:
                return k    # expanded in an earlier iteration whose playout is pending
            score = node.reward[k] / n + c * math.sqrt(math.log(node.available[k]) / n)
            if score > best_score:
                best, best_score = k, score
        return best

    def _policy(self, state: State) -> Any:
        """The rollout policy for this game, ``policy(state, rng, seat) -> action``
        (None: uniform random)."""
        cls = type(state.game)
        if cls not in self._auto:
            bot = self._rollout_bot if self.rollout != "auto" else game_rollout(state.game)
            if bot is None:
                self._auto[cls] = None
            elif takes_player(bot):     # asked once: inspecting a signature is slow
                self._auto[cls] = bot.choose
            else:
                self._auto[cls] = lambda st, rng, seat, choose=bot.choose: choose(st, rng)
        return self._auto[cls]

    def _setting(self, state: State, name: str) -> Any:
        """``depth``, ``widen``, ``deals`` or ``top`` for this game: the bot's own, or with
        ``"auto"`` the game's ``SEARCH`` setting (None where it has none)."""
        cls = type(state.game)
        if cls not in self._settings:
            module = game_bots_module(state.game)
            search = dict(getattr(module, "SEARCH", {}) or {})
            mine = {k: getattr(self, k) for k in ("depth", "widen", "deals", "top", "switch")}
            self._settings[cls] = {
                **{k: search.get(k) if v == "auto" else v for k, v in mine.items()},
                "scale": search.get("scale", SCALE),
                "points": getattr(module, "POINTS", None),
                "candidates": getattr(module, "CANDIDATES", None)}
        return self._settings[cls][name]


    def _roll_out(self, s: State, chance: random.Random, rng: random.Random) -> list[float]:
        """Play on with the rollout policy, to the end or for ``depth`` decisions, and
        return each seat's win share (``returns()``, or the evaluation's)."""
        policy = self._policy(s)
        depth = self._setting(s, "depth")
        left = math.inf if depth is None else depth
        while not s.is_terminal():
            if left <= 0:
                shares = evaluation(s, self._setting(s, "scale"), self._setting(s, "points"))
                if shares is not None:
                    return shares
                left = math.inf     # a game without points: play to the end
            if s.is_chance_node():
                s.apply(sample_outcome(s.chance_outcomes(), chance))
                continue
            actors = s.actors()
            mover = actors[0] if len(actors) == 1 else rng.choice(actors)
            if policy is None:
                action = rng.choice(s.legal_actions(mover))
            else:
                action = policy(s, rng, mover)
            s.apply(action, by=mover)
            left -= 1
        return [float(r) for r in s.returns()]


#: Points that make a margin of 1 worth this much in log-odds: exp(margin / SCALE).
SCALE = 4.0


def evaluation(state: State, scale: float = SCALE, points: Any = None) -> list[float] | None:
    """Each seat's win share as the evaluation of a position not yet over: its points
    (``points(state)``, else ``scores()`` totals) turned into shares,
    ``exp(p_i / scale) / sum_j exp(p_j / scale)``, so a lead of ``scale`` points is worth
    odds of e to 1 (two players: the logistic of the margin). None in a game without
    points (``scores()`` refuses): such a playout goes on to the end."""
    if points is not None:
        values = [float(v) for v in points(state)]
    else:
        try:
            values = [float(row["total"]) for row in state.scores()]
        except RuleError:
            return None
    top = max(values)
    weights = [math.exp((v - top) / scale) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _trusted(root: _Node, seat: int, legal: list[Action], switch: float) -> Action:
    """With a ``switch`` setting (module docstring): the first of the ranked ``legal``
    unless another did better over the same scenarios by at least ``switch`` standard
    errors of the paired differences (the best such one)."""
    first = root.runs.get((seat, legal[0]), [])
    best, gain = legal[0], 0.0
    for a in legal[1:]:
        mine = root.runs.get((seat, a), [])
        diffs = [x - y for x, y in zip(mine, first)]    # visit j: scenario j for both
        m = len(diffs)
        if m < 2:
            continue
        mean = sum(diffs) / m
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (m - 1))
        if mean > gain and mean > switch * sd / math.sqrt(m):
            best, gain = a, mean
    return best


def _check_setting(name: str, value: Any, kind: Any, low: float, high: float) -> None:
    if value in ("auto", None):
        return
    if isinstance(value, bool) or not isinstance(value, kind) or not low <= value <= high:
        raise RuleError(f"mcts: {name} must be 'auto', None or a number in [{low}, {high}], "
                        f"got {quote(value)}")


def game_bots_module(game: Any) -> Any:
    """The ``bots`` module of the game's package (None if it has none): where a game
    keeps its heuristics and its fast playout bot (``ROLLOUT``)."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return None
    name = f"{package}.bots"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):
        return None
    return importlib.import_module(name)


def game_rollout(game: Any) -> Any:
    """The game's fast playout bot (``ROLLOUT`` in its ``bots`` module), or None."""
    module = game_bots_module(game)
    factory = getattr(module, "ROLLOUT", None) if module is not None else None
    return None if factory is None else factory()


__all__ = ["MCTSBot", "SCALE", "evaluation", "game_rollout"]
