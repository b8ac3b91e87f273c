"""Every Treehouse Lab game as an OpenSpiel Python game (the ``openspiel`` extra).

    import pyspiel
    from treehouse_lab.interop import openspiel   # registers python_treehouse_<game>
    game = pyspiel.load_game("python_treehouse_diner(players=3,modules=bees+chili)")

What each part maps to (docs/dev/interop.md):

* **Game parameters** are the game's options, one each, flat: a set of modules is
  ``bees+chili``, an option whose default is None is ``""`` for None (OpenSpiel's game
  strings split on commas, so no value holds one); one that is None or a number (the
  Diner's ``end_after``) is ``-1`` for None. Two more: ``schedule`` and
  ``schedule_seed`` (below).
* **Actions** are the stable ids: ``game.encode``/``decode`` (docs/dev/action-ids.md), so
  ``num_distinct_actions`` and ``max_chance_outcomes`` are the configuration's.
* **Chance** is explicit, with the engine's exact probabilities as floats.
* **Returns** are ``state.returns()``: 1 to a sole winner, shared in a tie, so the game is
  constant-sum (1). Treehouse's one-player solitaire (ruling R19) returns 1 for a match
  and 0 for the puzzle unsolved at the roll limit: that configuration is general-sum
  (:func:`one_player_type`); its exact solve is :mod:`treehouse_lab.interop.solitaire`.
* **Observations**: the tensor is ``state.observation_tensor(p)`` and the string the
  observation as canonical JSON; the information-state string is
  ``state.information_state(p)`` (what the seat sees now and its own moves).
  ``resample_from_infostate`` is ``state.determinize_for(p, rng)``: the hidden cards dealt
  again from what the seat saw, never from the true state, so ``ISMCTSBot`` plays without
  peeking.
* **Several seats at once** (Magical Treehouse's planning step): OpenSpiel's turn-based
  games have one player to move, so the adapter serialises the step with the project's
  seeded schedules (``treehouse_lab.schedules``): ``schedule="random"`` (default) draws
  the next seat among those who may act from ``(schedule_seed, move number)``,
  ``"round-robin"`` goes clockwise after the last to act. What is lost: at the table the
  quicker player acts first and may hurry to beat another to a carriage; here nobody can
  hurry or wait for a reason, the order is the schedule's, and a search bot that knows the
  schedule knows who moves next. No peer models real time.
* **Game length**: ``max_game_length`` is ``game.max_game_length()``, the bound each game
  derives and the conformance suite plays against; the adapter never cuts a game short.
* **Pickling**: OpenSpiel pickles a Python state as its game string, its history and its
  ``__dict__`` and replays nothing (``copy.deepcopy`` and ``serialize_game_and_state``
  too). The engine state in that ``__dict__`` pickles as its save plus its chain of steps
  (``_Box.__reduce__``), so every seat keeps its information state and a CFR or IS-MCTS
  table finds the node again after a checkpoint. A game pickles as its game string
  (``TreehouseGame.__reduce__``); ``clone`` uses ``state.clone()`` (cheap, no JSON).
"""

from __future__ import annotations

import weakref
from operator import itemgetter
from typing import Any, Callable

import pyspiel

from .. import registry
from ..core.chance import step_rng
from ..protocol import CHANCE, TERMINAL
from ..schedules import resolve_schedule
from . import option_to_param, param_to_option, player_range
from .openspiel_observers import InfoStateObserver, Observer

PREFIX = "python_treehouse_"
#: How many engine objects a game remembers the ids of (see ``TreehouseGame.move_ids``).
MAX_REMEMBERED = 1 << 16
#: How many chance nodes a game's pairs are remembered for before the adapter judges
#: whether they come back (``TreehouseGame.pair_ids``).
PAIR_TRIAL = 64
#: The parameters the adapter adds to the game's options.
SCHEDULE_PARAMS = {"schedule": "random", "schedule_seed": 0}
_first, _second = itemgetter(0), itemgetter(1)
_CHANCE_ID, _TERMINAL_ID = pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL


#: The games alive in this process, by game string (held weakly): an unpickled state (and
#: so a state that ``copy.deepcopy`` or pyspiel's serialisation copied) shares its game's
#: remembered ids instead of building the configuration again (10 ms for the Diner).
_LIVE: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


def _game_of(game_string: str) -> TreehouseGame:
    """The game of ``game_string``: a live one if there is one (``_LIVE``), else loaded."""
    game = _LIVE.get(game_string)
    return game if game is not None else pyspiel.load_game(game_string)


def short_name(game: str) -> str:
    return PREFIX + game


def _game_type(name: str) -> pyspiel.GameType:
    cls = registry.game_class(name)
    lo, hi = player_range(cls)
    params = {o.name: option_to_param(o.default, o) for o in cls.OPTIONS}
    params.update(SCHEDULE_PARAMS)
    hidden = cls.ZONES is not None
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Treehouse Lab {cls.TITLE}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def one_player_type(name: str) -> pyspiel.GameType:
    """The game type of a one-player configuration (Treehouse's solitaire, ruling R19):
    the registered type but general-sum, since a lone seat's return is 1 or 0 (solved or
    not), not a constant; OpenSpiel's own one-player games (``catch``) say the same."""
    t = _TYPES[name]
    return pyspiel.GameType(
        short_name=t.short_name, long_name=t.long_name, dynamics=t.dynamics,
        chance_mode=t.chance_mode, information=t.information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM, reward_model=t.reward_model,
        max_num_players=t.max_num_players, min_num_players=t.min_num_players,
        provides_information_state_string=t.provides_information_state_string,
        provides_information_state_tensor=t.provides_information_state_tensor,
        provides_observation_string=t.provides_observation_string,
        provides_observation_tensor=t.provides_observation_tensor,
        parameter_specification=t.parameter_specification)


class TreehouseGame(pyspiel.Game):
    """One configuration of a Treehouse Lab game, as OpenSpiel sees it (one subclass per
    game, naming it in ``NAME``, is what is registered)."""

    NAME = ""

    def __init__(self, params: dict | None = None) -> None:
        name = self.NAME
        cls = registry.game_class(name)
        params = dict(params or {})
        self.schedule_name, self.schedule = resolve_schedule(
            params.pop("schedule", SCHEDULE_PARAMS["schedule"]))
        self.schedule_seed = int(params.pop("schedule_seed", 0))
        options = {o.name: param_to_option(params[o.name], o)
                   for o in cls.OPTIONS if o.name in params}
        self.tl_game = registry.load_game(name, **options)
        g = self.tl_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(),
            max_chance_outcomes=g.max_chance_outcomes(),
            num_players=g.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if g.players > 1 else None,
            max_game_length=g.max_game_length())
        all_params = {o.name: option_to_param(g.options[o.name], o) for o in cls.OPTIONS}
        all_params.update(schedule=self.schedule_name, schedule_seed=self.schedule_seed)
        super().__init__(_TYPES[name] if g.players > 1 else one_player_type(name), info,
                         all_params)
        self.encode = g.encoder()
        #: Ids already worked out, by the identity of the engine's object: a move's id, and
        #: a chance pair's ``(id, float probability)``. Engines hand out the same objects
        #: from their tables again and again, so after the first sight the ids of a whole
        #: list are one ``map`` over a dict (an action's hash would be worked out from its
        #: fields every time). ``_alive`` holds every object whose id is a key, so no other
        #: object can take that id while it is there.
        self._move_ids: dict[int, int] = {}
        self._pair_ids: dict[int, tuple[int, float]] = {}
        self._floats: dict[int, float] = {}
        self._alive: list[Any] = []
        self._pair_misses = self._pairs_looked = self._pairs_known = 0
        self._remember_pairs = True
        _LIVE[str(self)] = self

    def __reduce__(self) -> tuple:
        """Pickled as its game string, unpickled as this process's live game of that
        string, else loaded. Why not pyspiel's own pickling: for a Python game it makes an
        object whose ``__init__`` never ran (no ``tl_game``, no tables), and a state's
        ``__dict__`` holds its game (``_Box``), so an unpickled state could not move."""
        return (_game_of, (str(self),))

    def move_ids(self, moves: list) -> list[int]:
        """The stable ids of ``moves`` (engine actions or outcomes), in their order."""
        return self._remembered(self._move_ids, moves, self.encode)

    def _remembered(self, known: dict, objects: list, work: Callable[[Any], Any]) -> list:
        """``work`` of each of ``objects``, remembered by the object's identity (``_alive``
        keeps each one alive, so no other object can take its id meanwhile)."""
        try:
            return list(map(known.__getitem__, map(id, objects)))
        except KeyError:
            pass
        self._room()
        alive = self._alive
        for o in objects:
            if id(o) not in known:
                known[id(o)] = work(o)
                alive.append(o)
        return list(map(known.__getitem__, map(id, objects)))

    def pair_ids(self, pairs: list) -> list[tuple[int, float]]:
        """``(id, probability as a float)`` of each engine chance pair, in their order.

        Engines that keep their pairs in tables (Backyard, Magical, Treehouse) hand out
        the same pair objects again: one lookup each. One that builds its pairs afresh at
        every node (the Diner) still shares the outcome objects and one probability
        object a node, so those are looked up instead; and once a game's pairs are seen
        to be new nearly every time (after ``PAIR_TRIAL`` nodes, fewer than one in
        eight of the pairs of the nodes not wholly known had been seen), they are no
        longer remembered: that would only fill the table."""
        known = self._pair_ids
        remember = self._remember_pairs
        if remember:
            try:
                return list(map(known.__getitem__, map(id, pairs)))
            except KeyError:
                self._pair_misses += 1
                self._pairs_looked += len(pairs)
                self._pairs_known += sum(map(known.__contains__, map(id, pairs)))
                self._remember_pairs = (self._pair_misses < PAIR_TRIAL
                                        or 8 * self._pairs_known >= self._pairs_looked)
        self._room()
        out = list(zip(self.move_ids(list(map(_first, pairs))),
                       self._as_floats(list(map(_second, pairs)))))
        if remember:
            known.update(zip(map(id, pairs), out))
            self._alive.extend(pairs)
        return out

    def _as_floats(self, probabilities: list) -> list[float]:
        return self._remembered(self._floats, probabilities, float)

    def _room(self) -> None:
        """Forget every remembered id once there are many (an engine that makes its
        objects afresh would otherwise grow the tables without end)."""
        if len(self._alive) >= MAX_REMEMBERED:
            self._move_ids.clear()
            self._pair_ids.clear()
            self._floats.clear()
            self._alive.clear()

    def new_initial_state(self) -> TreehouseState:
        return TreehouseState(self, self.tl_game.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver()
        return Observer(self.tl_game.observation_shape())


class _Box:
    """Holds the engine state and the game; ``copy.deepcopy`` (how OpenSpiel clones a
    Python state) copies the state with the engine's cheap ``clone``, keeping its
    history, and shares the game (immutable) instead of rebuilding it."""

    __slots__ = ("s", "game", "tl_game", "node", "turn", "last", "base")

    def __init__(self, s: Any, game: TreehouseGame) -> None:
        self.s, self.game, self.tl_game = s, game, game.tl_game
        #: The schedule's pick at a SIMULTANEOUS node, as (move number, seat), and the
        #: seat that made the last move (None after chance): the schedule's inputs.
        self.turn: tuple[int, int] | None = None
        self.last: int | None = None
        #: Moves made before this wrapper's first (a resampled state goes on counting
        #: from the state it was drawn for, so the schedule picks the same seats).
        self.base = 0
        #: What this position handed out, worked out once (None once a move is applied):
        #: ``(seat, ids, engine moves, sorted ids)`` for a seat's moves, or
        #: ``(CHANCE, ids, engine pairs, sorted (id, p))`` for chance, ``ids`` in the
        #: engine's order. Applying an id of it applies that very engine object, which
        #: takes the engine's short path (engines check identity first).
        self.node: tuple[int, list[int], list, list] | None = None

    def __deepcopy__(self, memo: dict) -> _Box:
        copy = _Box(self.s.clone(), self.game)
        copy.node, copy.turn, copy.last = self.node, self.turn, self.last
        copy.base = self.base
        return copy

    def __reduce__(self) -> tuple:
        """Pickling, and so ``copy.deepcopy`` of a state and pyspiel's serialisation,
        which pickle the state's ``__dict__`` and replay nothing: the engine state as its
        save, plus its chain of steps (``State.history()``, as ids), which the save does
        not hold and ``information_state`` reads (a seat's own moves), so a table keyed
        by information states finds the copy's node under the original's key. The
        schedule's inputs go too; the position's lists (``node``) are worked out again."""
        steps = self.s.history()
        return (_unpickled_box, (self.game, self.s.to_json(), [by for by, _ in steps],
                                 self.game.move_ids([a for _, a in steps]),
                                 self.turn, self.last, self.base))


def _unpickled_box(game: TreehouseGame, save: dict, seats: list[int], ids: list[int],
                   turn: tuple[int, int] | None, last: int | None, base: int) -> _Box:
    """The ``_Box`` that ``_Box.__reduce__`` pickled: the state loaded from its save, its
    chain rebuilt from the ids, oldest first, as ``State.apply`` extends it."""
    tl_game = game.tl_game
    s = tl_game.state_from_json(save)
    action_of = tl_game.action_of
    chain = None
    for by, n in zip(seats, ids):
        chain = (chain, by, action_of(n, by == CHANCE))
    s._trail = chain  # ``State._trail``: what a save does not hold
    box = _Box(s, game)
    box.turn, box.last, box.base = turn, last, base
    return box


class TreehouseState(pyspiel.State):
    """An engine state behind OpenSpiel's interface; ``tl_state`` is the engine's."""

    def __init__(self, game: TreehouseGame, tl_state: Any) -> None:
        super().__init__(game)
        self._box = _Box(tl_state, game)

    @property
    def tl_state(self) -> Any:
        """The engine state (the caller's to read; apply moves through OpenSpiel)."""
        return self._box.s

    # -- whose turn ------------------------------------------------------------------
    def current_player(self) -> int:
        s = self._box.s
        cp = s.current_player
        if cp >= 0:
            return cp
        if cp == CHANCE:
            return _CHANCE_ID
        if cp == TERMINAL:
            return _TERMINAL_ID
        return self._scheduled(s)

    def _scheduled(self, s: Any) -> int:
        """The seat the schedule lets act at a ``SIMULTANEOUS`` node (module docstring):
        a function of the schedule seed, the move number and the last seat to move."""
        box = self._box
        step = box.base + self.move_number()
        if box.turn is not None and box.turn[0] == step:
            return box.turn[1]
        g = box.game
        rng = step_rng(g.schedule_seed, step, "schedule")
        seat = g.schedule(s, s.actors(), rng, box.last)
        box.turn = (step, seat)
        return seat

    # -- moves ------------------------------------------------------------------------
    # ``legal_actions`` and ``is_chance_node`` are also defined here, in Python, with
    # OpenSpiel's meaning: called from Python, pyspiel's own would go to C++ and back to
    # this class up to five times (``current_player``, ``is_terminal``,
    # ``_legal_actions``), copying the list into C++ and out again, which cost a playout
    # as much as the engine's whole step. C++ callers still go through ``_legal_actions``.
    def is_chance_node(self) -> bool:
        return self._box.s.current_player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal ids, ascending (a new list): of the player to move, or of ``player``
        (none for another seat); at a chance node the outcomes' ids."""
        box = self._box
        s = box.s
        cp = s.current_player
        if cp >= 0 and (player is None or player == cp):
            node = box.node
            if node is None or node[0] != cp:
                node = self._node(cp)
            return list(node[3])
        if cp == TERMINAL:
            return []
        if cp == CHANCE:  # whatever ``player`` says, as OpenSpiel's
            return [n for n, _ in self.chance_outcomes()]
        mover = cp if cp >= 0 else self._scheduled(s)
        if player is None or player == mover:
            return self._legal_actions(mover)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _node(self, player: int) -> tuple[int, list[int], list, list]:
        """This position's moves of ``player``, worked out once (``_Box.node``)."""
        box = self._box
        node = box.node
        if node is None or node[0] != player:
            moves = box.s.legal_actions(player)
            known = box.game._move_ids
            try:  # move_ids' first try, written out: this runs at every decision
                ids = list(map(known.__getitem__, map(id, moves)))
            except KeyError:
                ids = box.game.move_ids(moves)
            node = box.node = (player, ids, moves, sorted(ids))
        return node

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._node(player)[3])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        box = self._box
        node = box.node
        if node is None or node[0] != CHANCE:
            if box.s.current_player != CHANCE:
                return []
            pairs = box.s.chance_outcomes()
            out = box.game.pair_ids(pairs)
            node = box.node = (CHANCE, list(map(_first, out)), pairs, sorted(out, key=_first))
        return list(node[3])

    def _apply_action(self, action: int) -> None:
        box = self._box
        s = box.s
        cp = s.current_player
        node = box.node
        box.node = None
        if cp >= 0:  # one seat decides: the common case, kept short
            if node is not None and node[0] == cp:
                try:
                    move = node[2][node[1].index(action)]
                except ValueError:  # not offered here: the engine says why
                    move = box.tl_game.action_of(int(action))
            else:
                move = box.tl_game.action_of(int(action))
            s.apply(move)
            box.last = cp
            return
        chance = cp == CHANCE
        seat = CHANCE if chance else self._scheduled(s)
        move = None
        if node is not None and node[0] == seat:
            try:
                move = node[2][node[1].index(action)]
            except ValueError:
                pass
            else:
                if chance:
                    move = move[0]
        if move is None:
            move = box.tl_game.action_of(int(action), chance)
        if chance:
            s.apply(move)
            box.last = None
        else:
            s.apply(move, by=seat)
            box.last = seat

    def _action_to_string(self, player: int, action: int) -> str:
        chance = player == pyspiel.PlayerId.CHANCE
        return str(self._box.tl_game.action_of(int(action), chance))

    # -- outcome ----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._box.s.current_player == TERMINAL

    def returns(self) -> list[float]:
        return [float(r) for r in self._box.s.returns()]

    # -- what a seat knows ------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the seat cannot tell from this one, the hidden cards dealt again from
        its observation (``state.determinize_for``), seeded by the sampler."""
        import random

        rng = random.Random(repr(float(probability_sampler())))
        box = self._box
        out = TreehouseState(box.game, box.s.determinize_for(player_id, rng))
        out._box.base, out._box.last = box.base + self.move_number(), box.last
        return out

    def __str__(self) -> str:
        return str(self._box.s)


_TYPES: dict[str, pyspiel.GameType] = {}
#: The registered class of each game.
CLASSES: dict[str, type[TreehouseGame]] = {}


def register_all() -> list[str]:
    """Register every game of ``tl.GAMES`` (done on import; again is a no-op)."""
    registered = set(pyspiel.registered_names())
    for name in registry.GAMES:
        if name not in _TYPES:
            _TYPES[name] = _game_type(name)
            title = registry.game_class(name).__name__.removesuffix("Game")
            cls_name = f"OpenSpiel{title}Game"
            CLASSES[name] = type(cls_name, (TreehouseGame,), {"NAME": name})
            globals()[cls_name] = CLASSES[name]   # pickling finds a class by its name
        if short_name(name) not in registered:
            pyspiel.register_game(_TYPES[name], CLASSES[name])
    return [short_name(n) for n in registry.GAMES]


def load(name: str, **options: Any) -> TreehouseGame:
    """``pyspiel.load_game`` for a game by its Treehouse Lab name and options."""
    by_name = {o.name: o for o in registry.game_class(name).OPTIONS}
    params = {k: option_to_param(v, by_name.get(k)) for k, v in options.items()}
    return pyspiel.load_game(short_name(name), params)


register_all()

__all__ = ["CLASSES", "PREFIX", "TreehouseGame", "TreehouseState", "load",
           "one_player_type", "register_all", "short_name"]
