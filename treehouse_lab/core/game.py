"""The ``Game`` base class: a game's rules plus its resolved options, immutable once made.

Why a base class: every game must check its options, name its seats, refuse a bad seat,
read actions and states from JSON with the same depth guard, list the configurations the
conformance suite plays, and load its renderer only when a picture is asked for. Writing
that once here means a game only sets its class attributes and builds states.
"""

from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Mapping, Sequence

from ..errors import IllegalActionError, RuleError, quote
from . import zones
from .actions import Action
from .codec import ActionCodec
from .fields import seen_state
from .jsonio import check_depth
from .options import Option, resolve_options
from .seating import player_name
from .svg import kind_click_paths
from .tensor import ObservationLayout

if TYPE_CHECKING:  # pragma: no cover - annotations only: no import circle
    from .state import State


#: The view keywords a picture may be drawn without: handed to a ``render_svg`` only if
#: it names them (see ``Game.render_svg``).
OPTIONAL_VIEW = ("offered",)


def drawable_view(draw: Callable[..., str], view: Mapping[str, Any]) -> dict[str, Any]:
    """``view`` without the optional keywords ``draw`` does not take: a game's own
    ``render_svg`` (a toy game overrides ``Game.render_svg``) or a renderer module's,
    written before the keyword existed, draws as it did."""
    params = inspect.signature(draw).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return dict(view)
    return {k: v for k, v in view.items() if k not in OPTIONAL_VIEW or k in params}


class Game:
    """A configured game: rules plus resolved options. Immutable once made.

    Subclasses set ``NAME``, ``TITLE``, ``OPTIONS`` (including ``players``),
    ``ACTION_TYPES``, ``RENDERER`` (the module path of their ``render`` module) and
    ``STATE`` (the state class, whose ``from_json`` reads a save), and implement
    ``new_initial_state``.
    """

    NAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    ACTION_TYPES: ClassVar[tuple[type[Action], ...]] = ()
    #: Dotted path of the module with ``render_svg``, ``render_text`` and ``click_paths``.
    #: Imported on first use only, so loading a game never pays for drawing it.
    RENDERER: ClassVar[str] = ""
    #: Where components can be and who sees them (``core/zones.py``); None when the game
    #: hides nothing. Observations, ``hidden_from`` and determinization derive from it.
    ZONES: ClassVar[Any] = None
    #: The state class: a declared state (``core/fields.py``) reads every save of this
    #: game through its ``from_json``, so no game writes its own loader.
    STATE: ClassVar[Any] = None
    #: The counted components, by kind, as functions of the configured game giving their
    #: ids (``{"card": cards, "token": tokens}``). With it :meth:`components` is derived,
    #: and so is a declared state's census: a field whose ids are ``Str`` choices from one
    #: of these functions holds components of that kind (``core/fields.py``).
    COMPONENTS: ClassVar[Mapping[str, Callable[[Any], Iterable[str]]]] = {}
    #: What the game declares for the generic layers, read through
    #: ``registry.declared`` (module paths may start with "." for the game's package): its
    #: own bots {name: "module:attr"} (``tl.BOTS``), the module of its exercise bank and
    #: the module of its lessons, and the module of its theory that the generic layers
    #: read (``THEORY``: the design lab's exact values and names for kinds of moves, the
    #: key of a position for an exact solve through OpenSpiel; docs/dev/adding-a-game.md).
    #: Empty: none.
    BOTS: ClassVar[Mapping[str, Any]] = {}
    EXERCISES: ClassVar[str] = ""
    LESSONS: ClassVar[str] = ""
    THEORY: ClassVar[str] = ""

    def __init__(self, **options: Any) -> None:
        self.options: dict = resolve_options(self.NAME, self.OPTIONS, options)
        self.name: str = self.NAME
        self.players: int = self.options["players"]
        self._action_types = {t.KIND: t for t in self.ACTION_TYPES}
        #: The exact action types of this game, for the legality check by identity of
        #: type (``core.actions.is_plain``): a subclass is none of them.
        self.action_types: frozenset[type[Action]] = frozenset(self.ACTION_TYPES)
        #: Per declared state class, the fields this configuration saves, as (save key,
        #: attribute, codec): worked out once, since every save, observation and equality
        #: reads them (``core/fields.py``, ``DeclaredState.save_plan``).
        self.save_plans: dict[type, tuple] = {}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}, {opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self.options) == (other.name, other.options)

    def __hash__(self) -> int:
        return hash((self.name, repr(sorted(self.options.items()))))

    def __reduce__(self) -> tuple:
        """Pickled as its class and options (its tables are rebuilt, not pickled: some are
        read-only mappings, which do not pickle)."""
        return (game_from_options, (type(self), self.options))

    def __copy__(self) -> Game:
        return self  # immutable once made: a copy may share it

    def __deepcopy__(self, memo: dict) -> Game:
        return self  # immutable once made, so ``copy.deepcopy(state)`` shares its game

    @classmethod
    def configurations(cls) -> list[dict]:
        """Option sets the conformance suite plays.

        Every player count is crossed with every combination of modules (module options
        hold sets, and modules interact, so each subset is its own game); every other
        option's values are varied one at a time on top of the default modules, since a
        full product of independent variant rules would explode.
        """
        return configurations_of(cls.OPTIONS)

    def player_name(self, seat: int) -> str:
        """"Player 1" for seat 0: what students read everywhere (the seat is checked)."""
        return player_name(self.check_seat(seat, "player_name", "seat"))

    def check_seat(self, seat: Any, where: str, name: str = "player", none: str = "",
                   also: str = "", error: type[RuleError] = RuleError) -> Any:
        """``seat`` if it is one of this game's seats, else ``error`` (a
        :class:`RuleError`) naming ``where``, the parameter ``name`` and the seats allowed.
        ``none`` says what None means to the caller ("the seat acting now"): given, None
        is allowed (and returned); ``also`` names other values the caller itself takes
        before asking (the board's "hot-seat").

        Why one check for every method taking a seat: ``True == 1``, ``1.0 == 1`` and
        ``-1`` indexes the last seat in Python, so an unchecked seat silently answers for,
        or shows the cards of, another player. Callers on a hot path test
        ``seat.__class__ is int and 0 <= seat < n`` inline and call this only when that
        fails, for the message."""
        n = self.players
        if seat.__class__ is int and 0 <= seat < n:
            return seat
        if none and seat is None:
            return None
        others = [x for x in (also, none and f"None for {none}") if x]
        allowed = f"a seat 0..{n - 1} (a whole number)" + "".join(", or " + x for x in others)
        raise error(f"{where}: {name} must be {allowed}, got {quote(seat)}")

    def determinize(self, observation: Any, seat: int, rng: Any) -> State:
        """A state drawn at random among those ``seat`` cannot tell from the one that
        gave ``observation``: the components hidden from the seat dealt again into the
        places it cannot see, keeping what it saw or placed (see ``core/zones.py``).

        Built from the observation alone, never from the true state, so a search bot that
        samples here cannot peek. Games declare their zones (``ZONES``); the dealing is
        written once, in core. Refused with :class:`RuleError`: an observation nested
        deeper than a save, or one naming another seat (``core.zones.seen_save``)."""
        seat = self.check_seat(seat, "determinize", "seat")
        return zones.determinize(self, observation, seat, rng)

    # -- to implement ---------------------------------------------------------------
    def new_initial_state(self) -> State:
        raise NotImplementedError

    def _state_from_json(self, data: dict) -> State:
        """The state of a save whose depth is checked: ``STATE.from_json`` (override only
        for a state that is not declared)."""
        if self.STATE is None:
            raise NotImplementedError(f"{self.name}: no STATE class to read a save with")
        return self.STATE.from_json(self, data)

    def max_game_length(self) -> int:
        """A proven upper bound on the number of ``apply`` steps (decisions and chance
        outcomes alike) of any game in this configuration, from the initial state to a
        terminal one, whatever the players choose and chance brings.

        Why every game publishes one: it is the proof that the game ends (an engine whose
        rules allow an endless loop, such as moving a pipe back and forth, has none), and
        drivers size their buffers and searches by it as OpenSpiel's do. The bound must
        follow from finite resources (cards, rounds, turns, tokens): the docstring of each
        game's method gives its derivation, and the conformance suite plays an adversarial
        policy that prefers moves which do not advance the game, checking the bound."""
        raise NotImplementedError(
            f"{self.name}: max_game_length() is not implemented: no bound on the length "
            "of a game has been proven for it")

    # -- shared ---------------------------------------------------------------------
    def state_from_json(self, data: Any) -> State:
        """The state a ``to_json()`` dict describes; malformed or inconsistent data raises
        :class:`RuleError` and builds nothing. Depth is checked here, once for every game,
        before any recursive reader sees the data."""
        check_depth(data, f"{self.name} state")
        return self._state_from_json(data)

    def action_from_json(self, data: Any) -> Action:
        check_depth(data, f"{self.name} action", limit=16)
        if not isinstance(data, dict) or "kind" not in data:
            raise RuleError(f"{self.name}: an action must be an object with a 'kind' field")
        kind = data["kind"]
        cls = self._action_types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise RuleError(
                f"{self.name}: unknown action kind {quote(kind, 40)}; "
                f"kinds are {', '.join(sorted(self._action_types))}"
            )
        return cls.from_json(data)

    # -- stable action ids (core/codec.py, docs/dev/action-ids.md) ----------------------
    def action_space(self) -> Any:
        """The values each field of each action kind may hold in this configuration, read
        off the game's data: a ``core.codec.ActionSpace``. Games implement it; the ids
        below are numbered from it."""
        raise NotImplementedError(f"{self.name}: no action space is declared")

    @property
    def _codec(self) -> Any:
        codec = self.__dict__.get("_action_codec")
        if codec is None:
            codec = self.__dict__["_action_codec"] = ActionCodec(self, self.action_space())
        return codec

    def num_distinct_actions(self) -> int:
        """How many decision ids this configuration has: every move of every state has an
        id ``0 <= id < num_distinct_actions()``, the same id in every state."""
        return self._codec.decisions.size

    def max_chance_outcomes(self) -> int:
        """How many chance outcome ids this configuration has (their own range, as in
        OpenSpiel): every chance outcome of every state has an id below it."""
        return self._codec.chance.size

    def encode(self, action: Action) -> int:
        """The stable id of a move or chance outcome (``RuleError`` for an action that is
        no move of this configuration)."""
        return self._codec.encode(action)

    def encoder(self) -> Any:
        """``encode`` itself, for a driver's hot loop (one call where ``game.encode`` is
        three)."""
        return self._codec.encode

    def decode(self, n: int, state: State, player: int | None = None) -> Action:
        """The move with id ``n``, checked legal in ``state`` (for ``player`` where several
        may act): at a chance node ``n`` is a chance outcome id. An id that names no legal
        move raises ``IllegalActionError`` saying why."""
        state._seat_arg(player, "decode", "player")
        action = self._codec.decode(n, state.is_chance_node())
        if not state.is_legal(action, by=player):
            raise IllegalActionError(f"{self.name}: id {n} ({action}) is not legal here: "
                                     + state.why_illegal(action, by=player))
        return action

    def action_of(self, n: int, chance: bool = False) -> Action:
        """The move (a chance outcome where ``chance``) with id ``n``, legal or not: for a
        driver that then applies it (``apply`` checks it). ``IllegalActionError`` for an
        id out of range or naming no move."""
        return self._codec.decode(n, chance)

    def action_layout(self) -> dict:
        """How the ids are laid out: each kind's offset, size and, for mixed radix, the
        radix of each field (docs/dev/action-ids.md)."""
        return self._codec.layout()

    def observation_layout(self) -> Any:
        """The observation tensor layout of this configuration (``core.tensor``), built
        once from the state's declared fields."""
        layout = self.__dict__.get("_observation_layout")
        if layout is None:
            state = self.new_initial_state()
            layout = ObservationLayout(self, type(state))
            self.__dict__["_observation_layout"] = layout
        return layout

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every ``state.observation_tensor(p)`` of this configuration."""
        return self.observation_layout().shape

    def components(self) -> dict[str, list[str]]:
        """Every counted component of the set in play, by kind: the inventory that each
        state must conserve (see ``State.components``). Default: from ``COMPONENTS``."""
        return {kind: sorted(ids(self)) for kind, ids in self.COMPONENTS.items()}

    # -- drawing (each game's ``render`` module, loaded lazily) ------------------------
    def _renderer(self) -> Any:
        if not self.RENDERER:
            raise NotImplementedError(f"{self.name} has no renderer")
        return importlib.import_module(self.RENDERER)

    def render_svg(self, state: State, **view: Any) -> str:
        """An SVG picture of ``state``. ``view`` may carry ``viewer`` (the seat at the
        screen: whose hidden cards to show; None, the default, shows nobody's),
        ``selection`` (targets clicked so far) and ``targets`` (what may be clicked). The
        viewer is checked here, once for every game's renderer.

        ``offered`` (default True) says whether the viewer is asked to move now: a board
        whose guide wants no move (a lesson's step to read) passes False, while its
        ``targets`` stay drawn so that a click still reaches the guide. Why optional: only
        a renderer that writes "click ..." words needs it, so it is handed only to a
        renderer whose ``render_svg`` names it (``drawable_view``), and the others need no
        change."""
        if view.get("viewer") is not None:
            self.check_seat(view["viewer"], "render_svg", "viewer",
                            none="nobody (every hidden card face down)")
        renderer = self._renderer()
        draw = renderer.render_svg
        return draw(_drawn(renderer, state, view.get("viewer")), **drawable_view(draw, view))

    def render_text(self, state: State, **view: Any) -> str:
        """A short board in words (``str(state)``). A renderer that draws seen states
        (``DRAWS_SEEN``) writes it for ``viewer`` (a seat, or None for nobody); without
        one, for the seat its ``text_viewer(state)`` names (the seat at the screen in
        hot-seat play: what ``str(state)`` has always shown), else for nobody."""
        if not self.RENDERER:
            return repr(state)
        renderer = self._renderer()
        if "viewer" in view:
            viewer = view.pop("viewer")
            if viewer is not None:
                self.check_seat(viewer, "render_text", "viewer", none="nobody")
        else:
            hot_seat = getattr(renderer, "text_viewer", None)
            viewer = None if hot_seat is None else hot_seat(state)
        if view:
            raise TypeError(f"render_text: no such keyword {sorted(view)}; it takes viewer")
        return renderer.render_text(_drawn(renderer, state, viewer))

    def click_paths(self, state: State, player: int | None = None) -> dict[Action, tuple[str, ...]]:
        """For a board: each legal action of ``player`` (the single actor when None) and
        the SVG targets clicked, in order, to pick it. Targets are the ``data-target`` ids
        the renderer draws: the renderer's ``click_paths`` where it has one, else each
        kind's ``click_path`` (``core/svg.py``)."""
        state._seat_arg(player, "click_paths", "player")
        if not self.RENDERER:
            return {}
        own = getattr(self._renderer(), "click_paths", None)
        if own is not None:
            return own(state, player)
        return kind_click_paths(state, player)


def _drawn(renderer: Any, state: State, viewer: int | None) -> State:
    """What ``renderer`` draws for ``viewer``: the seen state (``core.fields.seen_state``:
    every place hidden from the viewer holds a mark, never an id) if the renderer module
    says ``DRAWS_SEEN = True``, else the state itself (a renderer not yet moved onto seen
    states decides what the viewer sees on its own)."""
    if getattr(renderer, "DRAWS_SEEN", False):
        return seen_state(state, viewer)  # type: ignore[arg-type]
    return state


def game_from_options(cls: type[Game], options: dict) -> Game:
    """``cls(**options)``: what unpickling a game calls."""
    return cls(**options)


def configurations_of(options: Sequence[Option]) -> list[dict]:
    """See :meth:`Game.configurations`."""
    players = next(o for o in options if o.name == "players")
    modules = [o for o in options if o.is_set()]
    others = [o for o in options if o.name != "players" and not o.is_set()]
    module_combos: list[dict] = [{}]
    for opt in modules:
        module_combos = [
            {**combo, opt.name: value} for combo in module_combos for value in opt.test_values()
        ]
    configs = []
    for n in players.test_values():
        for combo in module_combos:
            configs.append({"players": n, **combo})
        for opt in others:
            for value in opt.test_values():
                if value != opt.default:
                    configs.append({"players": n, opt.name: value})
    return configs


__all__ = ["Game", "configurations_of", "game_from_options"]
