"""``tl.Match``: a step-able, seeded, undoable game session (the boards drive one).

Design, after boardgame.io's event log: the match is its seed, its seats and the list of
moves taken, each move an action and the seat that took it. Every state is derived by
replaying that list, so ``to_json`` is tiny and ``from_json`` replays exactly. Each random
decision (a chance outcome, a bot's choice, which bot is quicker in a real-time phase)
draws from a generator keyed to (seed, step), so undo, redo and goto never disturb what a
later draw would be, and one seed gives one game on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from .bots import ask_bot, bot_failed, bot_name, make_bot, takes_player
from .core.chance import check_seed, sample_outcome, step_rng
from .core.jsonio import check_depth, expect_dict, expect_int, expect_list, expect_str
from .errors import HumanToMove, IllegalActionError, RuleError, quote
from .protocol import CHANCE, Action, Game, State
from .registry import load_game_from
from .schedules import resolve_schedule

#: Seeds are whole numbers of at most 63 bits (and their negatives): they key every draw
#: as text, and a longer number is neither useful nor printable in an error message.


def _start_state(game: Game, start: Any) -> State:
    """``Match(start=...)``: the caller's position, as a state of this match's own game,
    read back from its save (so it is checked like a save, and later changes to the
    caller's object never move the match)."""
    to_json = getattr(start, "to_json", None)
    if not isinstance(start, State) or not callable(to_json):
        raise RuleError(f"start must be a state of the game {game.name!r}, got "
                        f"{quote(start, 40)}")
    try:
        return game.state_from_json(to_json())
    except RuleError as exc:
        raise RuleError(f"start is not a position of this game ({game.name!r}, "
                        f"{game.players} players): {exc}") from None


@dataclass(frozen=True)
class LogEntry:
    """One step of the narrated log: its line, and the line of what it revealed.

    ``text`` is the step's narration, asked before it was applied; ``revealed`` is what the
    step turned face up for everyone (``State.revealed``: the secret choices, once the last
    is in), "" for most steps. It is a line of its own, after the step's, because the
    narration may tell nothing the acting seat could not see before it chose."""

    step: int
    player: int
    actor: str
    action: Action
    text: str
    probability: Fraction | None = None
    revealed: str = ""

    def __str__(self) -> str:
        chance = f" (chance {self.probability})" if self.probability is not None else ""
        line = f"{self.step}. {self.text}{chance}"
        if self.revealed:
            line += f"\n{' ' * len(str(self.step))}  {self.revealed}"
        return line


class Match:
    """A game being played: seats (human or bot), a seed, and a history to move through.

    ``bots`` maps seats to bot names (``"random"``) or bot objects; other seats are human.
    ``schedule`` decides which bot acts next where several may at once: ``"round-robin"``
    (default), ``"random"``, or a function (see :mod:`treehouse_lab.schedules`).
    ``start`` is a state of ``game`` to begin at instead of the deal: a position no seed
    deals (a lesson that replays a rulebook example). Step 0 is then that position:
    ``restart`` and ``goto(0)`` return to it, and the save holds it (``"start"``).
    """

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        bots: Mapping[int, Any] | None = None,
        schedule: Any = "round-robin",
        start: State | None = None,
    ) -> None:
        check_seed(seed)
        if not isinstance(bots, (Mapping, type(None))):
            raise RuleError(f"bots must map seats to bots, e.g. {{1: 'random'}}, got {quote(bots)}")
        self.game = game
        self.seed = seed
        self.schedule_name, self._schedule = resolve_schedule(schedule)
        self._bot_specs: dict[int, str] = {}
        self._bots: dict[int, Any] = {}
        self._bot_takes_player: dict[int, bool] = {}
        for seat, spec in (bots or {}).items():
            self.set_seat(seat, spec)
        self._states: list[State] = [game.new_initial_state() if start is None
                                     else _start_state(game, start)]
        self._start = start is not None
        self._moves: list[tuple[int, Action]] = []
        self._entries: list[LogEntry] = []
        self._cursor = 0

    # -- seats ----------------------------------------------------------------------
    def set_seat(self, seat: int, spec: Any) -> None:
        """Make ``seat`` a bot (a registered name or a bot object) or a human
        (``None``/"human")."""
        self.game.check_seat(seat, "set_seat", "seat")
        if spec is None or spec == "human":
            self._bots.pop(seat, None)
            self._bot_specs.pop(seat, None)
            self._bot_takes_player.pop(seat, None)
        else:
            bot = make_bot(spec)
            self._bots[seat] = bot
            self._bot_specs[seat] = spec if isinstance(spec, str) else bot_name(bot)
            self._bot_takes_player[seat] = takes_player(bot)

    def seat(self, seat: int) -> str:
        """Who plays ``seat``: a bot's name or "human" (the seat is checked: ``True`` is
        no seat, though it finds seat 1 in a dict)."""
        return self._bot_specs.get(self.game.check_seat(seat, "seat", "seat"), "human")

    def is_bot(self, seat: int) -> bool:
        return self.game.check_seat(seat, "is_bot", "seat") in self._bots

    def bot(self, seat: int) -> Any:
        """The bot object playing ``seat`` (None for a human seat): a board seating the
        same bot elsewhere, or a notebook inspecting it, needs the object, not its name."""
        return self._bots.get(self.game.check_seat(seat, "bot", "seat"))

    @property
    def bots(self) -> dict[int, Any]:
        return dict(self._bot_specs)

    # -- where we are ---------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state. Read it, do not mutate it: move with ``play``/``step``."""
        return self._states[self._cursor]

    @property
    def position(self) -> int:
        """How many actions have been taken to reach the current state."""
        return self._cursor

    @property
    def history(self) -> list[Action]:
        return [a for _, a in self._moves[: self._cursor]]

    @property
    def moves(self) -> list[tuple[int, Action]]:
        """``(seat, action)`` for every step so far; the seat is ``tl.CHANCE`` for chance."""
        return list(self._moves[: self._cursor])

    @property
    def log(self) -> list[LogEntry]:
        return self._entries[: self._cursor]

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._moves)

    def humans_to_act(self) -> list[int]:
        """Human seats that may act now."""
        return [p for p in self.state.actors() if p not in self._bots]

    def bots_to_act(self) -> list[int]:
        """Bot seats that may act now."""
        return [p for p in self.state.actors() if p in self._bots]

    def waiting_for_human(self) -> bool:
        """True when only humans can move the game on: no chance to sample and no bot
        that may act. (Where humans and bots may both act, bots go on: a human seat
        waits without blocking them.)"""
        s = self.state
        return not s.is_terminal() and not s.is_chance_node() and not self.bots_to_act()

    # -- moving ---------------------------------------------------------------------
    def step(self) -> LogEntry:
        """Take one step: sample chance, or let a bot move (the schedule picks which
        where several may). Where only humans may act this raises :class:`HumanToMove`
        (use ``play``); redo-able history is replayed first."""
        s = self.state
        if s.is_terminal():
            raise RuleError("the game is over; undo, goto or restart to go on")
        if self.can_redo:
            return self.redo()
        if s.is_chance_node():
            rng = step_rng(self.seed, self._cursor, "chance")
            return self._push(sample_outcome(s.chance_outcomes(), rng), CHANCE)
        movers = self.bots_to_act()
        if not movers:
            raise HumanToMove(
                f"{s.actor_names(s.actors())} (human) to move: "
                "choose with match.play(action)"
            )
        seat = movers[0]
        if len(movers) > 1:
            last = self._moves[self._cursor - 1][0] if self._cursor else None
            seat = self._schedule(s, list(movers), step_rng(self.seed, self._cursor, "schedule"),
                                  last if last is not None and last >= 0 else None)
            if seat not in movers:
                raise RuleError(f"schedule {self.schedule_name!r} picked seat {quote(seat)}, "
                                f"which is not one of the bots that may act {movers}")
        action = self._ask(seat)
        return self._push(action, seat)

    def _ask(self, seat: int) -> Action:
        """The bot's choice, checked: a failing or cheating bot is named in a RuleError
        (the board stops autoplay on it) and the match is unchanged."""
        bot = self._bots[seat]
        who = f"{self.game.player_name(seat)}'s bot {self._bot_specs[seat]!r}"
        # The bot gets its own copy: whatever it does to the state cannot reach the match.
        view = self.state.clone()
        rng = step_rng(self.seed, self._cursor, f"bot{seat}")
        try:
            action = ask_bot(bot, view, rng, seat, self._bot_takes_player[seat])
        except Exception as exc:  # noqa: BLE001 - a user's bot may raise anything
            raise bot_failed(who, exc) from exc
        if not self.state.is_legal(action, by=seat):
            reason = (self.state.why_illegal(action, by=seat) if isinstance(action, Action)
                      else f"{quote(action)} is not an action")
            raise IllegalActionError(f"{who} chose an illegal move: {reason}")
        return action

    def play(self, action: Action | str, by: int | None = None) -> LogEntry:
        """Take ``action`` (or the legal action whose text is that string) now, for seat
        ``by`` (required where several players may act).

        Playing from an earlier point discards the redo history, as an editor does.
        """
        s = self.state
        if s.is_chance_node():
            seat = CHANCE
            if by is not None and not (by.__class__ is int and by == CHANCE):
                self.game.check_seat(by, "play", "by", none="the seat acting now",
                                     error=IllegalActionError)   # a seat, but no seat acts
                raise IllegalActionError("this is a chance node: no player acts; "
                                         "play the outcome without by=")
        else:
            seat = s.acting_seat(by)
        if isinstance(action, str):
            action = s.find_action(action, None if seat == CHANCE else seat)
        if not s.is_legal(action, by=None if seat == CHANCE else seat):
            raise IllegalActionError(
                s.why_illegal(action, by=None if seat == CHANCE else seat)
                if isinstance(action, Action) else f"{quote(action)} is not an action"
            )
        if self.can_redo and self._moves[self._cursor] == (seat, action):
            return self.redo()
        return self._push(action, seat)

    def run(self, max_steps: int | None = None) -> int:
        """Step until only humans can move the game on, the game ends, or ``max_steps``
        steps. Returns how many steps were taken."""
        n = 0
        while (max_steps is None or n < max_steps) and not self.state.is_terminal():
            if self.waiting_for_human() and not self.can_redo:
                break
            self.step()
            n += 1
        return n

    def _push(self, action: Action, seat: int) -> LogEntry:
        s = self.state
        probability = None
        if seat == CHANCE:
            probability = dict(s.chance_outcomes())[action]
            text = s.narrate(action)
        else:
            text = s.narrate(action, by=seat)
        new = s.child(action, by=None if seat == CHANCE else seat)
        entry = LogEntry(
            step=self._cursor + 1,
            player=seat,
            actor="Chance" if seat == CHANCE else self.game.player_name(seat),
            action=action,
            text=text,
            probability=probability,
            revealed=new.revealed(s),
        )
        del self._states[self._cursor + 1 :]
        del self._moves[self._cursor :]
        del self._entries[self._cursor :]
        self._states.append(new)
        self._moves.append((seat, action))
        self._entries.append(entry)
        self._cursor += 1
        return entry

    # -- time travel ----------------------------------------------------------------
    def undo(self, steps: int = 1) -> None:
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
            raise RuleError(f"undo: steps must be a whole number >= 0, got {quote(steps)}")
        if steps > self._cursor:
            raise RuleError(f"cannot undo {quote(steps)} step(s): only {self._cursor} taken")
        self._cursor -= steps

    def redo(self) -> LogEntry:
        if not self.can_redo:
            raise RuleError("nothing to redo")
        self._cursor += 1
        return self._entries[self._cursor - 1]

    def goto(self, k: int) -> None:
        """Jump to the state after ``k`` actions (0 is the start), within the known history."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(self._moves):
            raise RuleError(f"goto: step must be 0..{len(self._moves)}, got {quote(k)}")
        self._cursor = k

    def undo_to_human(self) -> None:
        """Undo back to the last decision a human made (what "back" means to a player)."""
        while self._cursor > 0:
            self._cursor -= 1
            p = self._entries[self._cursor].player
            if p >= 0 and p not in self._bots:
                return

    def restart(self, seed: int | None = None) -> None:
        """Back to the start, the history dropped; with ``seed``, a new deal from then on
        (a lesson that plays several short games on one board)."""
        if seed is not None:
            self.seed = check_seed(seed)
        self._cursor = 0
        del self._states[1:]
        self._moves.clear()
        self._entries.clear()

    # -- saving ---------------------------------------------------------------------
    def to_json(self) -> dict:
        """``{game, options, seed, schedule, bots, moves}``: plain JSON that
        :meth:`from_json` replays exactly. A move is ``{"by": seat or "chance",
        "action": {...}}``. A match begun at a ``start`` position also saves it
        (``"start"``: the state's own save), the moves replaying from there."""
        out = {
            "game": self.game.name,
            "options": {k: list(v) if isinstance(v, tuple) else v
                        for k, v in self.game.options.items()},
            "seed": self.seed,
            "schedule": self.schedule_name,
            "bots": {str(k): v for k, v in sorted(self._bot_specs.items())},
            "moves": [{"by": "chance" if by == CHANCE else by, "action": a.to_json()}
                      for by, a in self._moves[: self._cursor]],
        }
        if self._start:
            out["start"] = self._states[0].to_json()
        return out

    @classmethod
    def from_json(cls, data: Any, bots: Mapping[int, Any] | None = None,
                  schedule: Any = None) -> Match:
        """Replay a saved match. ``bots`` gives bot objects for seats whose bot is not
        registered (a bot written in a notebook), and ``schedule`` a schedule function
        where the save names one that is not registered."""
        # The depth of everything but the moves is checked here; each move's depth is
        # checked as it is read (action_from_json), so a save with 10^5 moves past the
        # end is refused at the first of them, not after walking them all.
        fields = {"game", "options", "seed", "schedule", "bots", "moves"}
        if isinstance(data, Mapping) and "start" in data:
            fields.add("start")  # begun at a fixed position (a lesson's rulebook example)
        d = expect_dict(data, "match", fields)
        check_depth({k: v for k, v in d.items() if k != "moves"}, "match")
        name = expect_str(d["game"], "match.game")
        options = expect_dict(d["options"], "match.options")
        game = load_game_from(name, options)
        given = dict(bots or {})
        seats: dict[int, Any] = {}
        for k, v in expect_dict(d["bots"], "match.bots").items():
            try:
                seat = int(k)
            except ValueError:
                raise RuleError(f"match.bots: seat {quote(k, 20)} is not a number") from None
            spec = expect_str(v, f"match.bots[{k}]")
            seats[seat] = given.pop(seat, spec)
        if given:
            raise RuleError(f"Match.from_json(bots=...): seat(s) {sorted(given)} have no bot "
                            "in the save")
        saved_schedule = expect_str(d["schedule"], "match.schedule")
        start = game.state_from_json(d["start"]) if "start" in d else None
        try:
            match = cls(game, seed=expect_int(d["seed"], "match.seed"), bots=seats,
                        schedule=schedule if schedule is not None else saved_schedule,
                        start=start)
        except RuleError as exc:
            if "unknown bot" in str(exc):
                raise RuleError(f"{exc}; or pass Match.from_json(save, bots={{seat: bot}}) "
                                "for a bot that is not registered") from None
            raise
        moves = d["moves"]
        if not isinstance(moves, (list, tuple)):
            expect_list(moves, "match.moves")  # raises, naming the type
        for i, m in enumerate(moves):
            if match.state.is_terminal():
                raise RuleError(f"match.moves[{i}]: the game is over after {i} moves; the "
                                f"save lists {len(moves)}")
            move = expect_dict(m, f"match.moves[{i}]", {"by", "action"})
            by = move["by"]
            if by != "chance":
                by = expect_int(by, f"match.moves[{i}].by", 0, game.players - 1)
            action = game.action_from_json(move["action"])
            try:
                match.play(action, by=None if by == "chance" else by)
            except IllegalActionError as exc:
                raise RuleError(f"match.moves[{i}]: {exc}") from None
            if (by == "chance") != (match._moves[-1][0] == CHANCE):
                raise RuleError(f"match.moves[{i}].by: {quote(move['by'])} does not match "
                                "the node (chance or a player)")
        return match

    def __repr__(self) -> str:
        return f"<Match {self.game!r} seed={self.seed} step {self._cursor}/{len(self._moves)}>"
