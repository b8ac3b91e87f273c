"""The ``State`` base class: one position of a game, and the special player ids.

Why a base class: ``apply`` must check legality *before* it changes anything, ``child``
must never touch the original, ``by`` must be checked against ``actors()``, and the caller
must get fresh lists. Writing that once here means a game only implements its rules
(``_legal_actions``, ``_apply``, ``_chance_outcomes``, scoring, JSON) and inherits the
guarantees.

Player ids follow OpenSpiel: seats are 0..n-1, and the special ids below are negative.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import IllegalActionError, RuleError, clip, quote
from .actions import Action, is_plain
from .chance import MARKED

if TYPE_CHECKING:  # pragma: no cover - annotations only: no import circle
    from .game import Game

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

#: The longest message an illegal action gets (a game's own sentence may quote the action).
MAX_MESSAGE = 1000


class State:
    """One position of a game. Mutable through ``apply`` only; ``child`` and ``clone``
    give independent copies.

    Games implement the underscored methods; the public ones wrap them with the
    guarantees of the protocol: a legality check before anything changes, ``by`` checked
    against ``actors()``, and fresh lists for the caller (``legal_actions`` and
    ``chance_outcomes`` may be cached by a game: the copies are the caller's to mutate).
    """

    game: Game
    #: Every step applied to this state object since it was made, newest first, as a chain
    #: ``(rest, by, action)`` (``None`` when empty): one tuple an ``apply``, shared by
    #: clones, so keeping it costs next to nothing. Saves do not hold it: a state loaded
    #: from a save starts a new chain (see ``information_state``).
    _trail: Any = None

    # -- to implement ---------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """A seat when one player decides; ``CHANCE``, ``TERMINAL``, or ``SIMULTANEOUS``
        when several may act (then ``actors()`` says who)."""
        raise NotImplementedError

    def _actors(self) -> list[int]:
        """Who may act at a ``SIMULTANEOUS`` node. Games with real-time phases override."""
        return []

    def _legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return []

    def _is_legal(self, action: Action, player: int) -> bool:
        """Whether ``player`` may take ``action`` now (``player`` is ``CHANCE`` for a chance
        outcome). The default builds the list; games override it with a lookup where that
        list is costly (it runs on every ``apply``)."""
        if player == CHANCE:
            return any(o == action for o, _ in self._chance_outcomes())
        return action in self._legal_actions(player)

    def _apply(self, action: Action, player: int) -> None:
        """Change the state; ``action`` is known to be legal for ``player`` (``CHANCE``
        for a chance outcome)."""
        raise NotImplementedError

    def returns(self) -> list:
        """The utility a search bot maximises, on one scale for every game: at a terminal
        state 1 for a sole winner, 1/k to each of k tied winners, 0 to everyone else (so
        they sum to 1); all 0 before the end. Points are in :meth:`scores`. A one-player
        puzzle that ends unsolved has no winner: 0 (Treehouse's solitaire, its ruling
        R19); with two or more players some seat always wins or ties."""
        if not self.is_terminal():
            return [0] * self.game.players
        winners = self.winners()
        if not winners and self.game.players == 1:
            return [Fraction(0)]
        share = Fraction(1, len(winners))
        return [share if p in winners else Fraction(0) for p in range(self.game.players)]

    def scores(self) -> list[dict]:
        """The rulebook's points, one dict per seat: ``{"total": n, <source>: n, ...}``,
        the breakdown by the rulebook's scoring categories. Games without points (a race
        to match, like Treehouse) raise ``RuleError``. Valid at any state: before the end
        it is what each player would score if the game ended now."""
        raise RuleError(f"{self.game.name} has no points: see winners() and returns()")

    def winners(self) -> list[int]:
        """Who won, or would win if the game ended now. Default: the most total points
        (:meth:`scores`), tied seats sharing the win; games with tiebreakers, or no
        points, say their own."""
        totals = [row["total"] for row in self.scores()]
        return [p for p, t in enumerate(totals) if t == max(totals)]

    def observation(self, player: int) -> dict:
        """JSON dict of what seat ``player`` may see (the seat is checked: a bool, a
        negative or an out-of-range seat raises :class:`RuleError`). Under ``"seen"`` it
        holds the save as the seat sees it (``core/zones.py``): everything the seat knows,
        which is what ``game.determinize`` deals from; under ``"seat"`` the seat itself, so
        that ``game.determinize`` can refuse one seat's observation given for another."""
        seat = self.game.check_seat(player, "observation")
        out = self._observation(seat)
        out["seat"] = seat
        zones = self.game.ZONES
        out["seen"] = self.to_json() if zones is None else zones.seen(self, seat)
        return out

    def _observation(self, player: int) -> dict:
        raise NotImplementedError

    def to_json(self) -> dict:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def __reduce__(self) -> tuple:
        """Pickling, ``copy.copy`` and ``copy.deepcopy`` go through the save: the copy is
        ``game.state_from_json(state.to_json())``, equal and independent, whatever caches
        or tables the state shares with its game. So Python peers (OpenSpiel,
        ``multiprocessing``, Dask) can carry states; it is never the hot path (``clone``
        is)."""
        return (state_from_save, (self.game, self.to_json()))

    def observation_tensor(self, player: int) -> list[float]:
        """What ``player`` sees as ``game.observation_shape()`` numbers, laid out the same
        in every state of the configuration (core/tensor.py): written from the seen save,
        so it shows no more than ``observation(player)``."""
        seat = self.game.check_seat(player, "observation_tensor")
        return self.game.observation_layout().write(self, seat, _seen)

    def history(self) -> list[tuple[int, Action]]:
        """The steps applied to this state since it was made (or loaded), oldest first:
        ``(seat or CHANCE, action)``. Clones and children carry it on."""
        out = []
        t = self._trail
        while t is not None:
            t, by, action = t
            out.append((by, action))
        out.reverse()
        return out

    def determinize_for(self, player: int, rng: Any) -> State:
        """``game.determinize(self.observation(player), player, rng)``, carrying on the
        seat's own moves: a state the seat cannot tell from this one, whose
        ``information_state(player)`` is this one's (what a search bot that samples the
        hidden cards, such as OpenSpiel's ISMCTS, needs to find its place again). Only
        the seat's moves are carried: the others' would tell what they did unseen."""
        seat = self.game.check_seat(player, "determinize_for")
        out = self.game.determinize(self.observation(seat), seat, rng)
        own = [(by, action) for by, action in self.history() if by == seat]
        t = None
        for by, action in own:
            t = (t, by, action)
        out._trail = t
        return out

    def information_state(self, player: int) -> str:
        """What ``player`` knows, as one canonical string: everything it sees now (the
        seen save, ``core/zones.py``, which also keeps what it saw or placed) and its own
        moves, in order, since the state was made. Two states give the same string
        exactly when the seat cannot tell them apart by what it sees now and what it did.

        What it is not: a record of every past observation. Steps of the others that left
        no trace in what the seat sees now are merged (rare in these games, where moves
        leave pieces on the table); a state loaded from a save knows only the moves made
        since it was loaded."""
        import json

        seat = self.game.check_seat(player, "information_state")
        own = []
        t = self._trail
        while t is not None:
            t, by, action = t
            if by == seat:
                own.append(action.to_json())
        own.reverse()
        return json.dumps({"seat": seat, "seen": _seen(self, seat), "moves": own},
                          sort_keys=True, separators=(",", ":"))

    def components(self) -> dict[str, list[str]]:
        """Every counted component, by kind, wherever it is now (sorted ids). Equal to
        ``game.components()`` in every state: nothing is made or lost."""
        return {}

    def hidden_from(self, player: int) -> set[str]:
        """Ids of components ``player`` cannot see now; none may appear in
        ``observation(player)``. The seat is checked as in :meth:`observation`."""
        return self._hidden_from(self.game.check_seat(player, "hidden_from"))

    def _hidden_from(self, player: int) -> set[str]:
        zones = self.game.ZONES
        return set() if zones is None else zones.hidden_from(self, player)

    # -- shared ---------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_simultaneous_node(self) -> bool:
        return self.current_player == SIMULTANEOUS

    def actors(self) -> list[int]:
        """The seats that may act now, in seat order: one in turn-based play, several in
        a real-time phase, none at chance and terminal nodes."""
        p = self.current_player
        if p >= 0:
            return [p]
        if p == SIMULTANEOUS:
            return sorted(self._actors())
        return []

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """``[(outcome, Fraction)]`` at a chance node, summing to exactly 1; a new list."""
        if self.current_player != CHANCE:
            return []
        outcomes = self._chance_outcomes()
        if outcomes.__class__ in MARKED:
            return outcomes.copy()  # it keeps its marks (core/chance.py)
        return list(outcomes)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """What ``player`` may do now (a new list, the caller's to mutate). ``player`` may
        be left out when at most one seat may act; at a chance node these are the
        outcomes."""
        p = self.current_player
        if p >= 0:  # one player decides: the common case, kept short
            if player is None or (player.__class__ is int and player == p):
                return list(self._legal_actions(p))
            self._seat_arg(player, "legal_actions", "player")  # a seat not to move: none
            return []
        if player is not None and not (player.__class__ is int
                                       and 0 <= player < self.game.players):
            self._seat_arg(player, "legal_actions", "player")
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [o for o, _ in self._chance_outcomes()]
        actors = self._actors()   # only asked whether the seat is one: no sorted copy
        if player is None:
            if len(actors) != 1:
                raise RuleError(
                    f"{self.game.name}: {self.actor_names(sorted(actors))} may act now: "
                    "say whose actions, legal_actions(player)"
                )
            player = actors[0]
        if player not in actors:
            return []
        return list(self._legal_actions(player))

    def is_legal(self, action: Any, by: int | None = None) -> bool:
        """Whether ``action`` may be applied now (by seat ``by`` where several may act).
        A ``by`` that is no seat is refused (RuleError), not answered False."""
        if by is not None and not (by.__class__ is int and 0 <= by < self.game.players):
            self._seat_arg(by, "is_legal", "by")
        if not isinstance(action, Action) or not is_plain(action, self.game.action_types):
            return False
        p = self.current_player
        if p == TERMINAL:
            return False
        if p == CHANCE:
            return by in (None, CHANCE) and self._is_legal(action, CHANCE)
        actors = self.actors()
        if by is None:
            if len(actors) != 1:
                return False
            by = actors[0]
        return by in actors and self._is_legal(action, by)

    def apply(self, action: Action, by: int | None = None) -> None:
        """Apply a legal action or chance outcome; anything else raises
        :class:`IllegalActionError` and leaves the state exactly as it was.

        ``by`` is the seat acting. It may be left out when one seat may act; where several
        may (a real-time phase) it is required, and a seat that may not act now is refused.
        """
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"{self.game.name}: {quote(action)} is not an action; pick one of "
                "state.legal_actions()"
            )
        forged = self.forged(action)
        if forged is not None:
            raise IllegalActionError(forged)
        p = self.current_player
        if p == CHANCE:
            if by is not None and not (by.__class__ is int and by == CHANCE):
                self._seat_arg(by, "apply", "by", IllegalActionError)  # no seat at all
                raise IllegalActionError(
                    f"{self.game.name}: this is a chance node; no player acts (by={quote(by)})"
                )
            if not self._is_legal(action, CHANCE):
                raise IllegalActionError(clip(self.why_illegal(action), MAX_MESSAGE))
            self._apply(action, CHANCE)
            self._trail = (self._trail, CHANCE, action)
            return
        if p >= 0 and (by is None or (by.__class__ is int and by == p)):
            seat = p  # one player decides: the common case, kept short
        else:
            seat = self.acting_seat(by)
        if not self._is_legal(action, seat):
            raise IllegalActionError(clip(self.why_illegal(action, by=seat), MAX_MESSAGE))
        self._apply(action, seat)
        self._trail = (self._trail, seat, action)

    def forged(self, action: Any) -> str | None:
        """Why ``action`` cannot be one of this game's actions whatever its fields say, or
        None. Legality is decided by the exact type and by field values of exactly their
        declared types, never by an ``__eq__`` the caller wrote (``core.actions.is_plain``):
        a subclass of a game's action is not that action, however it compares, and a
        ``True`` in a whole-number field is not the move with a 1 there."""
        game = self.game
        if is_plain(action, game.action_types):
            return None
        if type(action) not in game.action_types:
            return (f"{quote(action)} is not a {game.name} action; its actions are "
                    f"{', '.join(t.__name__ for t in game.ACTION_TYPES)} (exactly those "
                    "types, not subclasses): pick one of state.legal_actions()")
        return (f"{quote(action)} is not a {game.name} action: its fields must hold plain "
                "values of exactly their declared type (a whole number, a string, "
                "true/false, None, lists of them; true/false is not a whole number), not "
                "subclasses of them: pick one of state.legal_actions()")

    def acting_seat(self, by: Any) -> int:
        """The seat that acts: ``by`` checked against ``actors()``, or the only actor."""
        if self.is_terminal():
            raise IllegalActionError(f"{self.game.name}: the game is over; nobody may act")
        actors = self.actors()
        if by is None:
            if len(actors) == 1:
                return actors[0]
            raise IllegalActionError(
                f"{self.game.name}: {self.actor_names(actors)} may act now: "
                "say who acts, apply(action, by=seat)"
            )
        self._seat_arg(by, "apply", "by", IllegalActionError)
        if by not in actors:
            raise IllegalActionError(
                f"{self.game.name}: seat by={quote(by)} may not act now; "
                f"{self.actor_names(actors)} may"
            )
        return by

    def _seat_arg(self, seat: Any, where: str, name: str,
                  error: type[RuleError] = RuleError) -> Any:
        """``seat`` as a method taking a seat or None accepts it: None (the seat acting
        now), this node's own id (``CHANCE`` at a chance node, as ``apply`` takes it) or a
        seat; anything else is refused by the one check, ``game.check_seat``. Hot paths
        test the common case inline and call this only when it fails."""
        if seat is None or (seat.__class__ is int and seat == self.current_player):
            return seat
        return self.game.check_seat(seat, where, name, none="the seat acting now",
                                    error=error)

    def actor_names(self, actors: Sequence[int]) -> str:
        if not actors:
            return "nobody"
        names = [self.game.player_name(a) for a in actors]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def child(self, action: Action, by: int | None = None) -> State:
        new = self.clone()
        new.apply(action, by=by)
        return new

    def why_illegal(self, action: Action, by: int | None = None) -> str:
        """A sentence naming the rule that forbids ``action`` here. Games override this to
        cite their rulebook; the default lists what is allowed.

        Only the one who may act is shown its list: a seat ``by`` that may not act now
        (at a chance node none may) is told who may, and nothing more, since the actor's
        list can name its hidden hand. ``by=None`` asks as the actor (or chance)."""
        self._seat_arg(by, "why_illegal", "by")
        forged = self.forged(action)
        if forged is not None:
            return forged
        if self.is_terminal():
            return f"{action} is not allowed: the game is over"
        if self.is_chance_node():
            if by is not None and by != CHANCE:
                return f"{action} is not legal now: no player acts at a chance step"
            legal = self.legal_actions()
            who = "chance"
        else:
            actors = self.actors()
            seat = by if by in actors else (actors[0] if by is None and len(actors) == 1
                                            else None)
            if seat is None:
                return f"{action} is not legal now: {self.actor_names(actors)} may act"
            legal = self.legal_actions(seat)
            who = self.game.player_name(seat)
        shown = "; ".join(map(str, legal[:8])) + (" ..." if len(legal) > 8 else "")
        return f"{action} is not legal now ({who} to move). Legal: {shown}"

    def narrate(self, action: Action, by: int | None = None) -> str:
        """The log line for ``action`` taken in this state (before it is applied). A bot
        may ask it before it commits, so it tells nothing hidden from ``by``: the last
        secret choice is told face down too, and what it reveals by :meth:`revealed`."""
        self._narrator(by)
        if self.is_chance_node():
            return str(action)
        seat = by if by is not None else self.current_player
        return f"{self.game.player_name(seat)}: {action}"

    def _narrator(self, by: Any) -> None:
        """``by`` checked for :meth:`narrate`; where several seats may act it says whose."""
        self._seat_arg(by, "narrate", "by")
        if by is None and self.current_player == SIMULTANEOUS:
            raise RuleError(f"narrate: {self.actor_names(self.actors())} may act now: "
                            "say whose move it is, narrate(action, by=seat)")

    def revealed(self, before: State) -> str:
        """What the step from ``before`` to this state showed every seat (the secret
        choices, turned face up once the last is in), as a log line; "" when it showed
        nothing, or when this state was not made from ``before`` by one step. It is asked
        of the state after the step, so it tells nothing before the choice is made
        (``Match`` logs it on a line after the step's own). A game tells it in
        ``_revealed`` (a staged game, in the stage the step was taken in)."""
        t = self._trail  # one step on from ``before`` (or a clone): it extends its history
        if t is None or not isinstance(before, State) or t[0] is not before._trail:
            return ""
        return self._revealed(before, t[2], t[1])

    def _revealed(self, before: State, action: Action, by: int) -> str:
        """What ``by`` (or ``CHANCE``) taking ``action`` in ``before`` showed every seat;
        default nothing."""
        return ""

    def explain(self, action: Action, by: int | None = None) -> str:
        """Why ``action`` is allowed, citing the rulebook. Games override."""
        self._seat_arg(by, "explain", "by")
        return str(action)

    def find_action(self, text: str, by: int | None = None) -> Action:
        """The legal action whose text is ``text``: handy in notebooks. The protocol asks
        every node's texts to be unique; if two legal actions read the same, this refuses
        with a RuleError rather than guess which one was meant."""
        self._seat_arg(by, "find_action", "by")
        legal = self.legal_actions(by)
        found = [a for a in legal if str(a) == text]
        if len(found) == 1:
            return found[0]
        if found:
            raise RuleError(
                f"{len(found)} legal actions read {quote(text)}, so the text does not say "
                "which one is meant (every node's texts should be unique); pick one from "
                "legal_actions() instead")
        raise IllegalActionError(
            f"no legal action reads {quote(text)}; legal: "
            + "; ".join(str(a) for a in legal[:12])
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and self.game == other.game
            and self.to_json() == other.to_json()
        )

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.game.render_text(self)

    def _repr_svg_(self) -> str:
        return self.game.render_svg(self)

    def render_svg(self, **view: Any) -> str:
        return self.game.render_svg(self, **view)

    def click_paths(self, player: int | None = None) -> dict[Action, tuple[str, ...]]:
        return self.game.click_paths(self, player)



def _seen(state: State, seat: int) -> dict:
    zones = state.game.ZONES
    return state.to_json() if zones is None else zones.seen(state, seat)


def state_from_save(game: Game, save: dict) -> State:
    """The state a save describes (what unpickling a state calls)."""
    return game.state_from_json(save)


__all__ = ["CHANCE", "SIMULTANEOUS", "TERMINAL", "MAX_MESSAGE", "State", "state_from_save"]
