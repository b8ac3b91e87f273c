"""``tl.Match``: a step-able, seeded, undoable game session (the boards drive one).

Design, after boardgame.io's event log: the match is its seed, its seats and the list of
actions taken. Every state is derived by replaying that list, so ``to_json`` is tiny and
``from_json`` replays exactly. Each random decision draws from a generator keyed to
(seed, step), so undo, redo and goto never disturb what a later draw would be.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from .bots import Bot, make_bot
from .core.chance import sample_outcome, step_rng
from .core.jsonio import expect_dict, expect_int, expect_list, expect_str
from .errors import HumanToMove, IllegalActionError, RuleError
from .protocol import CHANCE, Action, Game, State
from .registry import load_game


@dataclass(frozen=True)
class LogEntry:
    """One line of the narrated log."""

    step: int
    player: int
    actor: str
    action: Action
    text: str
    probability: Fraction | None = None

    def __str__(self) -> str:
        chance = f" (chance {self.probability})" if self.probability is not None else ""
        return f"{self.step}. {self.text}{chance}"


class Match:
    """A game being played: seats (human or bot), a seed, and a history to move through.

    ``bots`` maps seats to bot names (``"random"``) or bot objects; other seats are human.
    """

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        bots: Mapping[int, Any] | None = None,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RuleError(f"seed must be a whole number, got {seed!r}")
        self.game = game
        self.seed = seed
        self._bot_specs: dict[int, Any] = {}
        self._bots: dict[int, Bot] = {}
        for seat, spec in (bots or {}).items():
            self.set_seat(seat, spec)
        self._states: list[State] = [game.new_initial_state()]
        self._actions: list[Action] = []
        self._entries: list[LogEntry] = []
        self._cursor = 0

    # -- seats ----------------------------------------------------------------------
    def set_seat(self, seat: int, spec: Any) -> None:
        """Make ``seat`` a bot (``"random"`` or a bot object) or a human (``None``/"human")."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise RuleError(f"seat must be 0..{self.game.players - 1}, got {seat!r}")
        if spec is None or spec == "human":
            self._bots.pop(seat, None)
            self._bot_specs.pop(seat, None)
        else:
            self._bots[seat] = make_bot(spec)
            self._bot_specs[seat] = spec if isinstance(spec, str) else getattr(spec, "name", "bot")

    def seat(self, seat: int) -> str:
        return self._bot_specs.get(seat, "human")

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
        return self._actions[: self._cursor]

    @property
    def log(self) -> list[LogEntry]:
        return self._entries[: self._cursor]

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._actions)

    def waiting_for_human(self) -> bool:
        s = self.state
        return not s.is_terminal() and not s.is_chance_node() and any(
            p not in self._bots for p in s.actors()
        )

    # -- moving ---------------------------------------------------------------------
    def step(self) -> LogEntry:
        """Take one step: sample chance, or let a bot move. A human's turn raises
        :class:`HumanToMove` (use ``play``); redo-able history is replayed first."""
        s = self.state
        if s.is_terminal():
            raise RuleError("the game is over; undo, goto or restart to go on")
        if self.can_redo:
            return self.redo()
        if s.is_chance_node():
            rng = step_rng(self.seed, self._cursor, "chance")
            action = sample_outcome(s.chance_outcomes(), rng)
        else:
            movers = [p for p in s.actors() if p in self._bots]
            if not movers:
                raise HumanToMove(
                    f"{self.game.player_name(s.current_player)} is a human seat: "
                    "choose with match.play(action)"
                )
            p = movers[0]
            action = self._bots[p].choose(s, step_rng(self.seed, self._cursor, f"bot{p}"))
        return self._push(action)

    def play(self, action: Action | str) -> LogEntry:
        """Take ``action`` (or the legal action whose text is that string) now.

        Playing from an earlier point discards the redo history, as an editor does.
        """
        s = self.state
        if isinstance(action, str):
            action = s.find_action(action)
        if action not in s.legal_actions():
            raise IllegalActionError(s.why_illegal(action) if isinstance(action, Action) else
                                     f"{action!r} is not an action")
        if self.can_redo and self._actions[self._cursor] == action:
            return self.redo()
        return self._push(action)

    def run(self, max_steps: int | None = None) -> int:
        """Step until a human must move, the game ends, or ``max_steps`` steps."""
        n = 0
        while (max_steps is None or n < max_steps) and not self.state.is_terminal():
            if self.waiting_for_human() and not self.can_redo:
                break
            self.step()
            n += 1
        return n

    def _push(self, action: Action) -> LogEntry:
        s = self.state
        probability = None
        if s.is_chance_node():
            probability = dict(s.chance_outcomes())[action]
        player = s.current_player
        entry = LogEntry(
            step=self._cursor + 1,
            player=player,
            actor="Chance" if player == CHANCE else self.game.player_name(player),
            action=action,
            text=s.narrate(action),
            probability=probability,
        )
        new = s.child(action)
        del self._states[self._cursor + 1 :]
        del self._actions[self._cursor :]
        del self._entries[self._cursor :]
        self._states.append(new)
        self._actions.append(action)
        self._entries.append(entry)
        self._cursor += 1
        return entry

    # -- time travel ----------------------------------------------------------------
    def undo(self, steps: int = 1) -> None:
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
            raise RuleError(f"undo: steps must be a whole number >= 0, got {steps!r}")
        if steps > self._cursor:
            raise RuleError(f"cannot undo {steps} step(s): only {self._cursor} taken")
        self._cursor -= steps

    def redo(self) -> LogEntry:
        if not self.can_redo:
            raise RuleError("nothing to redo")
        self._cursor += 1
        return self._entries[self._cursor - 1]

    def goto(self, k: int) -> None:
        """Jump to the state after ``k`` actions (0 is the start), within the known history."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(self._actions):
            raise RuleError(f"goto: step must be 0..{len(self._actions)}, got {k!r}")
        self._cursor = k

    def undo_to_human(self) -> None:
        """Undo back to the last decision a human made (what "back" means to a player)."""
        while self._cursor > 0:
            self._cursor -= 1
            p = self._entries[self._cursor].player
            if p >= 0 and p not in self._bots:
                return

    def restart(self) -> None:
        self._cursor = 0
        del self._states[1:]
        self._actions.clear()
        self._entries.clear()

    # -- saving ---------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "bots": {str(k): v for k, v in sorted(self._bot_specs.items())},
            "actions": [a.to_json() for a in self.history],
        }

    @classmethod
    def from_json(cls, data: Any) -> Match:
        d = expect_dict(data, "match", {"game", "options", "seed", "bots", "actions"})
        name = expect_str(d["game"], "match.game")
        game = load_game(name, **expect_dict(d["options"], "match.options"))
        bots = {}
        for k, v in expect_dict(d["bots"], "match.bots").items():
            try:
                seat = int(k)
            except ValueError:
                raise RuleError(f"match.bots: seat {k!r} is not a number") from None
            bots[seat] = expect_str(v, f"match.bots[{k}]")
        match = cls(game, seed=expect_int(d["seed"], "match.seed"), bots=bots)
        for i, a in enumerate(expect_list(d["actions"], "match.actions")):
            action = game.action_from_json(a)
            try:
                match.play(action)
            except IllegalActionError as exc:
                raise RuleError(f"match.actions[{i}]: {exc}") from None
        return match

    def __repr__(self) -> str:
        return f"<Match {self.game!r} seed={self.seed} step {self._cursor}/{len(self._actions)}>"
