"""Restricted play (issue 48, item 1): what a kind of move is worth to a seat, measured as
Jaffe, Miller, Andersen, Liu, Karlin and Popović do in "Evaluating competitive game
balance with restricted play" (AIIDE 2012): play the same bots twice on the same seeds,
once as they are and once with one seat barred from a kind of move, and compare that
seat's results game by game.

The restriction (:class:`Forbid`) wraps the seat's bot:

* a *kind* is an action's ``KIND`` (``"pass"``, ``"play"``, ...), optionally narrowed by
  one field, ``"play.side=house"``; a game may name a kind in its theory's ``KIND_NAMES``
  (``Game.THEORY``; Treehouse's ``"house"``: a move on the House);
* at each decision the bot is shown the state with the forbidden moves taken out of its
  legal actions (``legal_actions`` of the state it is shown), so a bot that chooses among
  the legal actions (random, greedy, ``pyramids-solo``) chooses among the rest, by its
  own judgement;
* a bot that does not read the legal list (a table, as ``pyramids-perfect``) may still
  name a forbidden move: it is then given the first allowed action in the engine's order
  (no draw from the generator, so a run replays). In Treehouse that is the pass where the
  turn rule offers "the House, or pass", the rules' own restricted move; on a Wild, the
  first trio move;
* when every legal action is of the forbidden kind the rules force it: the bot plays as
  it is (a restriction may not end a game the rules let go on). The figure then measures
  the kind "wherever the rules leave a choice".

A searching bot's look-ahead (mcts) sees the unrestricted game below its own choice.

What it gives (:func:`restricted`), each with its 95% interval over the paired games:

* ``value[seat]``: the seat's win share as it is less its share when restricted (ties
  split as ``returns()``): what the kind of move is worth to it. The interval is the
  normal interval of the mean of the per-game differences (paired: the same seed plays
  both games, so the common chance cancels in part);
* ``moves``: the games' moves when restricted less as they are (paired the same way);
* where the game's theory covers the run (its ``restricted_values``, read through
  ``registry.theory``), ``exact`` on the figure it gives, and figures it adds (Treehouse:
  ``optimal_value[seat]``, the value under play that is best under the restriction).

An *option changed for one seat*, Jaffe's other restriction, is n/a: no game here has an
option that one seat can hold and another not (a game's options are the table's). Compare
options for all seats with ``compare``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

from .. import registry
from ..bots import ask_bot, bot_name, make_bot
from ..errors import RuleError, quote
from ..protocol import Action, Game, State
from ..results import Results
from .estimate import Figure, mean


@dataclass(frozen=True)
class Kind:
    """A kind of move: actions whose ``KIND`` is ``kind`` and, if ``field`` is given,
    whose ``field`` reads ``value``. ``name`` is what the caller called it."""

    name: str
    kind: str
    field: str = ""
    value: str = ""

    def __call__(self, action: Action) -> bool:
        if getattr(action, "KIND", None) != self.kind:
            return False
        return not self.field or str(getattr(action, self.field, None)) == self.value


def parse_kind(game: Game, forbid: str) -> Kind:
    """The :class:`Kind` ``forbid`` names for ``game``: one of the game's own names (its
    theory's ``KIND_NAMES``), ``"kind"`` or ``"kind.field=value"``, checked against the
    game's action types."""
    if not isinstance(forbid, str) or not forbid.strip():
        raise RuleError(f"forbid must name a kind of move, got {quote(forbid)}")
    own = kind_names(game)
    spec = own.get(forbid, forbid)
    head, _, value = spec.partition("=")
    kind, _, fld = head.partition(".")
    types = {getattr(t, "KIND", None): t for t in getattr(game, "ACTION_TYPES", ())}
    names = sorted([str(k) for k in types if k] + list(own))
    if kind not in types or (fld and fld not in getattr(types[kind], "__dataclass_fields__",
                                                          {})) or (fld and not value):
        raise RuleError(f"forbid={quote(forbid)} is not a kind of move of {game.name}; "
                        f"kinds are: {', '.join(names)}, or kind.field=value")
    return Kind(forbid, kind, fld, value)


def kind_names(game: Game) -> dict[str, str]:
    """The game's own names for kinds of moves, ``{name: "kind.field=value"}`` (its
    theory's ``KIND_NAMES``; none if it declares no theory)."""
    return dict(getattr(registry.theory(game), "KIND_NAMES", {}))


class _Shown:
    """The state as the restricted seat sees it: the same state, its legal actions
    without the forbidden ones. Everything else is the state's own."""

    def __init__(self, state: State, seat: int, allowed: list[Action]) -> None:
        self._state, self._seat, self._allowed = state, seat, allowed

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if player is None or player == self._seat:
            return list(self._allowed)
        return self._state.legal_actions(player)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


class Forbid:
    """``bot`` barred from ``kind`` (the module docstring says how)."""

    def __init__(self, bot: Any, kind: Kind) -> None:
        self.bot = make_bot(bot)
        self.kind = kind
        self.name = f"{bot_name(self.bot)} without {kind.name}"

    def choose(self, state: State, rng: random.Random, player: int | None = None) -> Action:
        seat = player if player is not None else state.actors()[0]
        legal = state.legal_actions(seat)
        allowed = [a for a in legal if not self.kind(a)]
        if not allowed or len(allowed) == len(legal):
            return ask_bot(self.bot, state, rng, seat)
        choice = ask_bot(self.bot, _Shown(state, seat, allowed), rng, seat)  # type: ignore
        return choice if choice in allowed else allowed[0]


def seat_bots(game: Game, bots: Any) -> list[Any]:
    """One bot (a name or an object) a seat, from ``bots`` as ``simulate`` takes it."""
    n = game.players
    if bots is None:
        return ["random"] * n
    if isinstance(bots, dict):
        return [bots.get(i, "random") for i in range(n)]
    if isinstance(bots, (list, tuple)):
        if len(bots) != n:
            raise RuleError(f"bots: one a seat, {n} for this game, got {len(bots)}")
        return list(bots)
    return [bots] * n


@dataclass
class Restriction:
    """The result of :func:`restricted`: ``figures`` by name (``value[seat]``,
    ``moves``, and where a solver gives it the restricted *optimal* value,
    ``optimal_value[seat]``), the two runs, and notes."""

    game: str
    seat: int
    forbid: str
    bots: tuple[str, ...]
    seed: int
    games: int
    figures: dict[str, Figure]
    results: Results
    restricted_results: Results
    notes: list[str] = field(default_factory=list)

    def __getitem__(self, name: str) -> Figure:
        return self.figures[name]

    @property
    def value(self) -> Figure:
        """What the kind of move is worth to the seat in win share (``value[seat]``)."""
        return self.figures[f"value[{self.seat}]"]

    def __str__(self) -> str:
        lines = [f"{self.game}: seat {self.seat} without {self.forbid}, {self.games} paired "
                 f"games, seed {self.seed}, bots {', '.join(self.bots)}; barred run: "
                 f"{', '.join(self.restricted_results.bots)} (95% intervals)"]
        for name, f in self.figures.items():
            text = f.why if f.value is None else f"{f.value:.4f} [{f.low:.4f}, {f.high:.4f}]"
            if f.exact is not None:
                text += f"  exact {float(f.exact):.6f}"
            lines.append(f"  {name:<18} {text}  (n={f.n})")
        return "\n".join(lines + self.notes)


def restricted(game: Game, seat: int, forbid: str, games: int = 1000, bots: Any = None,
               seed: int = 0, *, restricted_bots: Any = None, workers: int | None = None,
               executor: Any = None, progress: bool = True) -> Restriction:
    """What the kind of move ``forbid`` is worth to ``seat``: ``games`` games of ``bots``
    (as for ``simulate``) as they are, and the same seeds with ``seat``'s bot barred
    from ``forbid`` (:class:`Forbid`), compared game by game (the module docstring).

    ``restricted_bots`` (as ``bots``) play the barred run instead, ``seat``'s still
    wrapped in :class:`Forbid`: bots that play *best under the restriction*, Jaffe et
    al.'s restricted player, where the caller has them (Treehouse's theory gives them for
    the House moves of two players, ``exact.restricted_optimum``, and the exact value
    then)."""
    from ..simulate import simulate
    from . import exact

    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise RuleError(f"seat must be 0 to {game.players - 1}, got {quote(seat)}")
    kind = parse_kind(game, forbid)
    base = seat_bots(game, bots)
    try:
        barred = list(base) if restricted_bots is None else seat_bots(game, restricted_bots)
    except RuleError as exc:
        raise RuleError(f"restricted_bots: {exc}") from None
    barred[seat] = Forbid(barred[seat], kind)
    common = dict(seed=seed, workers=workers, executor=executor, progress=progress)
    plain = simulate(game, games, bots=base, **common)  # type: ignore[arg-type]
    held = simulate(game, games, bots=barred, **common)  # type: ignore[arg-type]
    diffs = [Fraction(a.returns[seat]) - Fraction(b.returns[seat])
             for a, b in zip(plain.rows, held.rows)]
    longer = [b.length - a.length for a, b in zip(plain.rows, held.rows)]
    figures = {f"value[{seat}]": mean(f"value[{seat}]", diffs),
               "moves": mean("moves", longer)}
    notes: list[str] = []
    figures = exact.with_exact(figures, _exact(game, seat, kind, plain.bots, figures, notes,
                                               barred))
    return Restriction(game.name, seat, kind.name, plain.bots, seed, games, figures, plain,
                       held, notes)


def _exact(game: Game, seat: int, kind: Kind, names: Sequence[str],
           figures: dict[str, Figure], notes: list[str],
           barred: Sequence[Any] = ()) -> dict[str, Fraction]:
    """Exact values for a restricted run where the game's theory covers it (its
    ``restricted_values(game, seat, forbid, bot_names, barred_bots)``, the barred run's
    bots unwrapped from :class:`Forbid`): the figures it adds join ``figures`` beside the
    simulation's, its notes join ``notes``, and the exact values of the run's figures are
    returned."""
    values = getattr(registry.theory(game), "restricted_values", None)
    if values is None:
        return {}
    bots = [b.bot if isinstance(b, Forbid) else b for b in barred]
    exact, more, said = values(game, seat, kind.name, tuple(names), bots)
    figures.update(more)
    notes.extend(said)
    return exact


def __getattr__(name: str) -> Any:
    """``ALIASES``, ``{(game, name): kind}`` over every game's ``KIND_NAMES``: the table
    this module kept before the games declared their own names (issue 49, item 7), for
    code that reads it."""
    if name != "ALIASES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return {(game, own): kind for game, path in registry.declared("THEORY").items()
            for own, kind in getattr(importlib.import_module(path), "KIND_NAMES", {}).items()}


__all__ = ["Forbid", "Kind", "Restriction", "kind_names", "parse_kind", "restricted",
           "seat_bots"]
