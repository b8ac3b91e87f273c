"""Bots: seat-fillers that choose an action given a state and a seeded generator.

A bot never owns randomness; the driver hands it a generator keyed to the decision, so a
match replays exactly. Bots are named in a registry so that a saved match can name the
bot of each seat and be loaded again: ``register_bot("mine", MyBot)``.

A bot's ``choose(state, rng, player)`` gets the seat it plays for: where several players
may act at once (a real-time phase) the state alone does not say whose decision it is.
Bots written for turn-based games as ``choose(state, rng)`` keep working there.

The built-in bots, weakest first:

* ``random``: uniform over the legal actions, the baseline every game supports.
* ``greedy``: one move ahead on the game's ``scores()`` (its margin over the best
  opponent), or on the game's own estimate of them where it names one (``GREEDY_POINTS``
  in its ``bots`` module: the Diner, whose points come only at a delivery); in a game
  without points it takes a winning move when there is one. Ties are broken with the
  seeded generator.
* ``mcts``: Monte Carlo tree search over ``returns()`` (:mod:`treehouse_lab.search`), with
  a budget of iterations (reproducible) or seconds. Hidden cards are sampled from what its
  seat can see, never read from the true state.
* Per-game heuristics, each declared by its game (``BOTS`` on the game class: bot name ->
  ``"module:attr"`` of its factory) and documented in the game's ``bots`` module as what
  it teaches. ``python -m treehouse_lab bots`` lists them; this module names no game.

A name may carry keyword parameters: ``"mcts(iterations=400)"``. The bot's ``name`` spells
them the same way, so a save records them and a reload builds the same bot.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import random
import re
from collections.abc import Iterator, MutableMapping
from typing import Any, Callable, Mapping, Protocol, Sequence

from .errors import RuleError, clip, quote
from .protocol import Action, State


class Bot(Protocol):
    name: str

    def choose(self, state: State, rng: random.Random, player: int) -> Action: ...


class RandomBot:
    """Uniform over the legal actions: the baseline every game supports."""

    name = "random"

    def choose(self, state: State, rng: random.Random, player: int | None = None) -> Action:
        return rng.choice(state.legal_actions(player))


class GreedyBot:
    """One move ahead on the game's points: the action after which this seat's total most
    exceeds the best opponent's (``scores()``), a win first at the end.

    Why the margin and not the total: some points are relative (Backyard's longest-run
    bonus goes only to the longest run), so taking a bonus away from an opponent is worth
    as much as scoring it. In a game without points (Treehouse) every non-winning move
    looks the same, so it takes a win when it can and otherwise plays at random. Ties are
    broken with the seeded generator, so a match still replays exactly.

    It reads the state after its own move only: the points a player can see on the table,
    not hidden cards. Where points come only several small steps after the choices that
    earn them (the Diner: an order's points at its delivery, after a pantry visit and its
    placements) ``scores()`` sees almost nothing, so such a game names its own estimate of
    each seat's points, ``GREEDY_POINTS`` in its ``bots`` module, and greedy takes the
    margin on that instead (the Diner's counts a kitchen's progress towards its deliveries:
    with ``scores()`` greedy lost to ``random`` there, with it it wins; the Diner's ``bots``
    module gives the figures).
    """

    name = "greedy"

    def __init__(self) -> None:
        self._points: dict[type, Any] = {}

    def __getstate__(self) -> dict:
        # The per-game hook cache holds functions; a copy sent to a worker rebuilds it.
        return {**self.__dict__, "_points": {}}

    def choose(self, state: State, rng: random.Random, player: int | None = None) -> Action:
        seat = _seat(state, player)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        points = self._hook(state)
        if points is None:
            return best_of(legal, lambda a: move_value(state.child(a, by=seat), seat), rng)
        return best_of(legal, lambda a: lookahead_value(state.child(a, by=seat), seat,
                                                        points), rng)

    def _hook(self, state: State) -> Any:
        """The game's ``GREEDY_POINTS`` (in its ``bots`` module), looked up once a game."""
        cls = type(state.game)
        if cls not in self._points:
            self._points[cls] = greedy_points(state.game)
        return self._points[cls]


#: Bots that only read the state they are asked about (its legal actions, and children
#: made with ``child``), so a driver may show them the game's own state instead of a copy
#: (``seeded_play.play_game``: a copy per decision costs a tenth of a Backyard step).
#: Exactly these classes: a subclass may change ``choose`` to do anything.
READ_ONLY_BOTS: tuple[type, ...] = (RandomBot, GreedyBot)


def reads_only(bot: Any) -> bool:
    """Whether ``bot`` is known to leave the state it is shown unchanged."""
    return type(bot) in READ_ONLY_BOTS


def best_of(actions: Sequence[Action], value: Callable[[Action], Any],
            rng: random.Random) -> Action:
    """The action of highest ``value``; among equals, one picked with the seeded ``rng``
    (only when there are several, so a bot with a clear best move draws nothing and its
    match replays the same). Every heuristic bot ends its choice with this."""
    scored = [(value(a), a) for a in actions]
    top = max(v for v, _ in scored)
    best = [a for v, a in scored if v == top]
    return best[0] if len(best) == 1 else rng.choice(best)


def _seat(state: State, player: int | None) -> int:
    if player is not None:
        return player
    actors = state.actors()
    if len(actors) != 1:
        raise RuleError("several players may act now: this bot needs the seat it plays for")
    return actors[0]


def move_value(state: State, seat: int) -> tuple:
    """How good ``state`` is for ``seat``, as a sortable key: the win share at the end,
    then the points margin over the best opponent (0 in a game without points)."""
    share = state.returns()[seat] if state.is_terminal() else 0
    return (share, score_margin(state, seat))


def lookahead_value(state: State, seat: int, points: Callable[[State], Sequence[float]]
                    ) -> tuple:
    """:func:`move_value` with the game's own estimate of each seat's points
    (``points(state)``, its ``GREEDY_POINTS``) in place of ``scores()``."""
    share = state.returns()[seat] if state.is_terminal() else 0
    values = list(points(state))
    others = [v for p, v in enumerate(values) if p != seat]
    return (share, values[seat] - max(others, default=0))


def greedy_points(game: Any) -> Callable[[State], Sequence[float]] | None:
    """The estimate ``greedy`` looks one move ahead on where points come late: the
    ``GREEDY_POINTS`` of the game's ``bots`` module (``treehouse_lab.games.<name>.bots``),
    or None (then ``scores()``)."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        module = importlib.import_module(f"{package}.bots")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.bots":
            raise
        return None
    return getattr(module, "GREEDY_POINTS", None)


def score_margin(state: State, seat: int) -> int:
    """``seat``'s total minus the best other total, or 0 where the game has no points."""
    try:
        rows = state.scores()
    except RuleError:
        return 0
    totals = [row["total"] for row in rows]
    others = [t for p, t in enumerate(totals) if p != seat]
    return totals[seat] - max(others, default=0)


def _lazy(path: str) -> Callable[..., Any]:
    """A factory that imports ``module:attr`` on first use, so the registry can name
    search and per-game bots without importing them (``import treehouse_lab`` stays
    cheap and the layers stay clean)."""
    module, _, attr = path.partition(":")

    def factory(**params: Any) -> Any:
        return getattr(importlib.import_module(module), attr)(**params)

    factory.__qualname__ = factory.__name__ = attr
    factory.path = path  # type: ignore[attr-defined]
    return factory


#: The bots every game can play, weakest first.
GENERIC_BOTS: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": _lazy("treehouse_lab.search.mcts:MCTSBot"),
}


class BotRegistry(MutableMapping):
    """The bots by name: the generic ones, then each registered game's own, then those
    added with :func:`register_bot`, in that order.

    A game declares its own bots on its class, ``BOTS = {"name": "module:attr"}`` (or a
    factory), and they are read through the registry (``registry.declared``) the first
    time a name is not a generic bot or the whole list is asked for. Why not at import:
    reading them imports every game, which ``import treehouse_lab`` and a match of one
    game need not pay for; and why through the games at all: no generic module names a
    game, so a new game's bot needs no edit here."""

    def __init__(self, generic: Mapping[str, Callable[..., Any]]) -> None:
        self._bots: dict[str, Callable[..., Any]] = dict(generic)
        #: {bot name: the one game it plays}, for the games' own bots.
        self.games: dict[str, str] = {}
        self._read = False

    def _read_games(self) -> None:
        if self._read:
            return
        from .registry import declared

        found: dict[str, Callable[..., Any]] = {}
        games: dict[str, str] = {}
        for game, bots in declared("BOTS").items():
            for name, factory in bots.items():
                if name in GENERIC_BOTS or name in games:
                    raise RuleError(f"game {game!r} declares the bot {name!r}, which is "
                                    "already a bot; a game's bots need names of their own")
                found[name] = _lazy(factory) if isinstance(factory, str) else factory
                games[name] = game
        # Registered before the games were read: after them, as if read first, except
        # that one registered under a game bot's name replaces it (as it would after).
        added = {k: v for k, v in self._bots.items() if k not in GENERIC_BOTS}
        found.update((k, v) for k, v in added.items() if k in found)
        self._bots = {**{k: self._bots[k] for k in GENERIC_BOTS if k in self._bots},
                      **found, **{k: v for k, v in added.items() if k not in found}}
        self.games.update(games)
        self._read = True

    def __getitem__(self, name: str) -> Callable[..., Any]:
        if name not in self._bots:
            self._read_games()
        return self._bots[name]

    def __setitem__(self, name: str, factory: Callable[..., Any]) -> None:
        self._bots[name] = factory

    def __delitem__(self, name: str) -> None:
        self._read_games()
        del self._bots[name]

    def __iter__(self) -> Iterator[str]:
        self._read_games()
        return iter(list(self._bots))

    def __len__(self) -> int:
        self._read_games()
        return len(self._bots)

    def __repr__(self) -> str:
        return f"BotRegistry({', '.join(self)})"


class _GamesOfBots(Mapping):
    """{bot name: game} for the bots made for one game only (their game's ``BOTS``)."""

    def __init__(self, bots: BotRegistry) -> None:
        self._registry = bots

    def __getitem__(self, name: str) -> str:
        self._registry._read_games()
        return self._registry.games[name]

    def __iter__(self) -> Iterator[str]:
        self._registry._read_games()
        return iter(list(self._registry.games))

    def __len__(self) -> int:
        self._registry._read_games()
        return len(self._registry.games)


BOTS: BotRegistry = BotRegistry(GENERIC_BOTS)

#: Bots made for one game only: {bot name: game name}. Every other bot plays any game.
GAME_BOTS: Mapping[str, str] = _GamesOfBots(BOTS)


def game_bots(game_name: str) -> list[str]:
    """The bots made for ``game_name`` alone, in the order its class declares them (its
    teaching bot first)."""
    return [b for b, g in GAME_BOTS.items() if g == game_name]


def register_bot(name: str, factory: Callable[..., Any]) -> None:
    """Make ``name`` a bot that matches, boards and saves can name.

    ``factory()`` makes a fresh bot (keyword parameters, if it takes any, can be given in
    the name: ``"mine(depth=2)"``). Registering the same name again replaces it (handy
    while editing a bot in a notebook)."""
    if not isinstance(name, str) or not name or name == "human" or not _NAME.match(name):
        raise RuleError(f"a bot name must be a non-empty string of letters, digits, '_', '-' "
                        f"or '.', other than 'human', got {quote(name)}")
    if not callable(factory):
        raise RuleError(f"register_bot({name!r}, ...): the factory must be callable")
    BOTS[name] = factory


def bots_for(game_name: str) -> list[str]:
    """The registered bots that can play ``game_name``, in registry order."""
    return [b for b in BOTS if GAME_BOTS.get(b, game_name) == game_name]


def bot_name(bot: Any) -> str:
    """The name a save records for ``bot``."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")
_SPEC = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)
MAX_SPEC = 200


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts(iterations=400, c=0.7)"`` -> ``("mcts", {"iterations": 400, "c": 0.7})``.

    Parameters are keywords with literal values (numbers, strings, booleans, None); the
    text is read with ``ast.literal_eval``, never run."""
    if len(spec) > MAX_SPEC:
        raise RuleError(f"a bot name is at most {MAX_SPEC} characters: {quote(spec, 40)}")
    m = _SPEC.match(spec)
    if m is None:
        raise RuleError(f"bot {quote(spec, 40)}: expected a name, optionally with keyword "
                        "parameters, like 'mcts' or 'mcts(iterations=400)'")
    name, args = m.group(1), m.group(2)
    params: dict[str, Any] = {}
    if args and args.strip():
        try:
            call = ast.parse(f"f({args})", mode="eval").body
        except SyntaxError:
            raise RuleError(f"bot {quote(spec, 40)}: parameters must read like "
                            "key=value, key=value") from None
        if not isinstance(call, ast.Call) or call.args:
            raise RuleError(f"bot {quote(spec, 40)}: parameters are keywords, key=value")
        for kw in call.keywords:
            if kw.arg is None:
                raise RuleError(f"bot {quote(spec, 40)}: parameters are keywords, key=value")
            try:
                params[kw.arg] = ast.literal_eval(kw.value)
            except ValueError:
                raise RuleError(f"bot {quote(spec, 40)}: {kw.arg} must be a number, a string, "
                                "True, False or None") from None
    return name, params


def spec_text(name: str, params: Mapping[str, Any], defaults: Mapping[str, Any]) -> str:
    """The canonical name of a bot with parameters: only those that differ from the
    defaults, in the defaults' order (what ``parse_spec`` reads back)."""
    shown = [f"{k}={params[k]!r}" for k in defaults if k in params and params[k] != defaults[k]]
    return f"{name}({', '.join(shown)})" if shown else name


def make_bot(spec: Any) -> Any:
    """A bot from a registered name (with parameters: ``"mcts(iterations=400)"``) or a bot
    object (anything with ``choose``)."""
    if isinstance(spec, str):
        name, params = parse_spec(spec)
        try:
            factory = BOTS[name]
        except KeyError:
            raise RuleError(
                f"unknown bot {quote(name, 40)}; bots are: {', '.join(sorted(BOTS))} "
                "(register your own with tl.register_bot(name, factory))"
            ) from None
        try:
            return factory(**params)
        except TypeError as exc:
            raise RuleError(f"bot {name!r}: {exc}") from None
    if not callable(getattr(spec, "choose", None)):
        raise RuleError(f"a bot needs a choose(state, rng, player) method, got {quote(spec)}")
    return spec


def takes_player(bot: Any) -> bool:
    """Whether ``bot.choose`` accepts the seat (as ``player`` or a third argument)."""
    try:
        params = list(inspect.signature(bot.choose).parameters.values())
    except (TypeError, ValueError):
        return True
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        return True
    return len(params) >= 3 or any(p.name == "player" for p in params)


def ask_bot(bot: Any, state: State, rng: random.Random, seat: int,
            with_player: bool | None = None) -> Action:
    """``bot``'s choice for ``seat``. A bot that takes no seat may only be asked where
    ``seat`` is the one player to act."""
    if with_player is None:
        with_player = takes_player(bot)
    if with_player:
        return bot.choose(state, rng, seat)
    if state.actors() != [seat]:
        raise RuleError(
            f"bot {bot_name(bot)!r} has choose(state, rng) without a player, but several "
            "players may act now: give it a third parameter, player"
        )
    return bot.choose(state, rng)


def bot_failed(who: str, exc: BaseException) -> RuleError:
    """The error for a bot (``who``: "Player 1's bot 'random'") whose ``choose`` raised
    ``exc``: the bot named and its message clipped, whatever it raised. Why clipped even
    for a RuleError: a user's bot writes its own messages, and one of 100,000 characters
    is no sentence to show on a board or at the end of a run."""
    kind = "" if isinstance(exc, RuleError) else f"{type(exc).__name__}: "
    return RuleError(f"{who} failed: {kind}{clip(str(exc))}")


def check_game(bot_label: str, state: State, game: str) -> None:
    """Refuse, with a message, a per-game bot seated at another game."""
    if state.game.name != game:
        raise RuleError(f"bot {bot_label!r} plays {game} only, not {state.game.name}")
