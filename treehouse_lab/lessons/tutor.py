"""The lesson driver: a lesson played on a :class:`~treehouse_lab.match.Match`, no widget.

Why apart from the widget: everything a lesson decides (which moves the step accepts, what
a wrong move is told, what follows by itself, where Back goes) is plain Python, tested
without a browser, and the widget (:mod:`.widget`) only shows it.

How it moves:

* the learner's seat is human, every other seat plays the lesson's bot; after the
  learner's move (or Next on a read step) the tutor lets chance and the bots play until
  the learner must decide again, telling each step in a sentence (``followed``). It stops
  early before a chance node that the next step pauses at (``Read.pause``), so that step
  can show the odds first;
* ``attempt(action)`` plays an accepted move and moves on; any other move gets the
  engine's reason (for an illegal move) or the step's request, plus the step's hint, and
  changes nothing;
* ``back()`` returns to the previous step through the match's undo. Going back across a
  chance event the learner has seen is allowed but said: the match keeps what chance
  brought, so the same move brings the same again (Board Game Arena's rule: never undo a
  reveal silently).
"""

from __future__ import annotations

from ..bots import ask_bot, make_bot, takes_player
from ..core.chance import step_rng
from ..errors import IllegalActionError, RuleError, quote
from ..match import LogEntry, Match
from ..protocol import CHANCE, Action, Game, State
from ..registry import load_game
from .accepts import word
from .steps import Do, LessonPlan, Read, Step, rule_id_at

#: how many automatic steps (bots, chance) one gesture may take before the tutor refuses
FOLLOW_LIMIT = 10_000


class Tutor:
    """``Tutor(plan, seed=0, game=None, match=None)``: a lesson being taken (module
    docstring).

    With ``match``, the lesson is a *segment* taken in a match already under way (a
    tutorial's "try it" at the position its prose has reached): it begins where the match
    stands, the match's own bots play the other seats, and Restart returns to that
    position, not to the deal."""

    def __init__(self, plan: LessonPlan, seed: int = 0, game: Game | None = None,
                 match: Match | None = None) -> None:
        self.plan = plan
        if match is not None:
            if not isinstance(match, Match):
                raise RuleError(f"lesson {plan.id!r}: match must be a tl.Match, got "
                                f"{quote(match, 40)}")
            match.game.check_seat(plan.seat, "lesson", "seat")
            if match.is_bot(plan.seat):
                raise RuleError(f"lesson {plan.id!r}: the learner's seat {plan.seat} is "
                                f"played by the bot {match.seat(plan.seat)!r} in this match; "
                                "make it human (match.set_seat(seat, None))")
            self.match = match
            seed = match.seed
        else:
            # ``game``: a game object not in the registry (a toy game in the tests, a
            # class's own game); by default the plan's game, loaded by name with the
            # plan's options.
            if game is None:
                game = load_game(plan.game, **dict(plan.options))
            game.check_seat(plan.seat, "lesson", "seat")
            bots = {p: plan.bot for p in range(game.players) if p != plan.seat}
            # A lesson replaying a rulebook example begins at its fixed position
            # (``LessonPlan.start``); Restart returns there, as the match's step 0.
            start = None if plan.start is None else plan.start(game)
            self.match = Match(game, seed=seed, bots=bots, start=start)
        #: where the lesson began: a segment restarts here, a whole lesson at the deal
        self.start = self.match.position if match is not None else None
        self.seed = seed
        #: the games begun so far (``LessonPlan.rematch``: a new one when a game ends early)
        self.games = 1
        self.seat: int = plan.seat
        self.index = 0
        #: sentences telling what followed the learner's last gesture by itself
        self.followed: list[str] = []
        #: (step index, match position) where each step passed was shown: Back's stack
        self._trail: list[tuple[int, int]] = []
        self._follow()
        self._check_step()

    # -- where we are ---------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def total(self) -> int:
        return len(self.plan.steps)

    @property
    def done(self) -> bool:
        return self.index >= self.total

    @property
    def step(self) -> Step | None:
        """The step shown now (None once the lesson is done)."""
        return None if self.done else self.plan.steps[self.index]

    @property
    def number(self) -> int:
        """The step shown now, counted from 1 (the total once done)."""
        return min(self.index + 1, self.total)

    @property
    def can_go_back(self) -> bool:
        """Whether Back has a step to return to."""
        return bool(self._trail)

    def counter(self) -> str:
        """"k of n": the step counter."""
        return f"{self.number} of {self.total}"

    def text(self) -> str:
        """The step's text for this position ("" once done)."""
        step = self.step
        return "" if step is None else word(step.text, self.state, self.seat)

    def rule_id(self) -> str:
        """The Rules panel entry the step opens in this position ("" once done)."""
        step = self.step
        return "" if step is None else rule_id_at(step, self.state, self.seat)

    def hint(self) -> str:
        """The step's own hint (for a read step: press Next)."""
        step = self.step
        if step is None:
            return "The lesson is over: play a full game, or restart."
        if isinstance(step, Read):
            return "This step is to read: press Next to go on."
        return word(step.hint, self.state, self.seat)

    def accepted(self) -> list[Action]:
        """The learner's legal moves this step accepts, in the engine's order ([] on a read
        step, once done, or where the learner does not decide now)."""
        step = self.step
        if not isinstance(step, Do) or not self._learner_decides():
            return []
        return step.accepts.moves(self.state, self.seat)

    # -- gestures -------------------------------------------------------------------
    def attempt(self, action: Action | str) -> str:
        """Try the learner's move: "" when it is accepted (it is played and the lesson
        moves on; ``followed`` tells what came after), else the reason and the hint,
        with nothing changed."""
        step = self.step
        state = self.state
        if isinstance(action, str):
            if not self._learner_decides():
                return self.refusal([])
            try:
                action = state.find_action(action, self.seat)
            except RuleError as exc:
                return f"{exc}. {self.hint()}"
        if not isinstance(action, Action):
            raise IllegalActionError(f"attempt: {quote(action)} is not an action")
        if not isinstance(step, Do) or action not in self.accepted():
            return self.refusal([action])
        before = self.match.position
        entry = self.match.play(action, by=self.seat)
        if step.again is not None and not self.state.is_terminal() and \
                step.again(self.state, self.seat, action):
            self._trail.append((self.index, before))  # the same step, one more move
        else:
            self._passed(before)
        self.followed = [self._tell(entry)]
        self._follow()
        self._check_step()
        return ""

    def refusal(self, actions: list[Action]) -> str:
        """What a wrong move (one leading to ``actions``) is told: why, then the hint."""
        step = self.step
        if step is None:
            return self.hint()
        if isinstance(step, Read):
            return "Nothing was played: " + self.hint()
        state = self.state
        why = ""
        if len(actions) == 1 and not state.is_legal(actions[0], by=self.seat):
            why = f"That move is not allowed: {state.why_illegal(actions[0], by=self.seat)}."
        else:
            why = ("That move is allowed in the game, but this step asks you to "
                   f"{step.accepts.describe(state, self.seat)}.")
        return f"{why} Hint: {self.hint()}"

    def show_me(self) -> str:
        """Play the step's move for the learner (the teaching bot's choice where the step
        accepts it, else the first accepted move); on a read step, go on (Next). Returns
        the sentences of what happened."""
        step = self.step
        if step is None:
            raise RuleError("the lesson is over: nothing to show; restart() to begin again")
        if isinstance(step, Read):
            return self.next()
        action = self.suggestion()
        refused = self.attempt(action)
        if refused:  # the suggestion comes from accepted(): a lesson or engine bug
            raise RuleError(f"lesson {self.plan.id!r}, step {self.number}: {refused}")
        return " ".join(self.followed)

    def suggestion(self) -> Action:
        """The move Show me plays: the teaching bot's choice if accepted, else the first."""
        accepted = self.accepted()
        if not accepted:
            raise RuleError(f"lesson {self.plan.id!r}, step {self.number}: the step accepts "
                            "no move in this position")
        bot = make_bot(self.plan.bot)
        rng = step_rng(self.match.seed, self.match.position, "show-me")
        try:
            choice = ask_bot(bot, self.state.clone(), rng, self.seat, takes_player(bot))
        except Exception:  # noqa: BLE001 - the bot is a courtesy here: fall back
            choice = None
        return choice if choice in accepted else accepted[0]

    def next(self) -> str:
        """Pass a read step: play the chance event it paused at (if any), then let bots and
        chance go on to the learner's next decision."""
        step = self.step
        if not isinstance(step, Read):
            raise RuleError("this step waits for your move: attempt(action) or show_me()")
        before_state, before = self.state, self.match.position
        self._passed(before)
        self.followed = []
        if step.play_until is not None:
            self._play_for_learner(step, before_state)
            return " ".join(self.followed)
        if self.state.is_chance_node() and step.pause is not None:
            self.followed.append(self._tell(self.match.step()))
            if step.then is not None:
                self.followed.append(step.then(before_state, self.state, self.seat))
        self._follow()
        self._check_step()
        return " ".join(self.followed)

    def back(self) -> str:
        """Back to the previous step, through the match's undo. Says so when this takes
        back a chance event the learner saw."""
        if not self._trail:
            if self.games > 1:
                return ("A new game began after the previous step: Back cannot return to "
                        "the game that ended.")
            return "This is the first step: there is nothing to go back to."
        index, position = self._trail.pop()
        seen = [e for e in self.match.log[position:] if e.player == CHANCE]
        self.match.goto(position)
        self.index = index
        self.followed = []
        if seen:
            return (f"Back to step {self.number}. This also takes back {len(seen)} chance "
                    "event(s) you saw; the match keeps what chance brought, so the same "
                    "moves bring the same again.")
        return f"Back to step {self.number}."

    def restart(self) -> str:
        """The lesson from its first step, on the same deal (the same seed); a segment
        from the position where it began."""
        if self.start is None:
            self.match.restart(seed=self.seed)
        else:
            self.match.goto(self.start)
        self.games = 1
        self.index = 0
        self._trail.clear()
        self.followed = []
        self._follow()
        self._check_step()
        if self.start is not None:
            return "Restarted: back where this began."
        return "Restarted: the same deal from the start."

    # -- plumbing -------------------------------------------------------------------
    def _learner_decides(self) -> bool:
        s = self.state
        return (not s.is_terminal() and not s.is_chance_node()
                and self.seat in s.actors())

    def _passed(self, position: int) -> None:
        self._trail.append((self.index, position))
        self.index += 1

    def _pauses_here(self) -> bool:
        step = self.step
        return (isinstance(step, Read) and step.pause is not None
                and step.pause(self.state, self.seat))

    def _follow(self) -> None:
        """Let chance and the bots play until the learner decides, the game ends, or the
        step shown pauses before this chance node."""
        for _ in range(FOLLOW_LIMIT):
            s = self.state
            if s.is_terminal():
                if not self._rematch():
                    return
                self._new_game()
                continue
            if s.is_chance_node():
                if self._pauses_here():
                    return
            elif self.seat in s.actors() and not self.match.bots_to_act():
                # Where several seats act at once (a real-time phase, a secret choice),
                # the bots act first, as they would at the table while the learner reads:
                # the step is shown when only the learner is left, so a secret choice's
                # reveal follows the learner's own choice (contracts, "Several actors").
                return
            elif not self.match.bots_to_act():
                # Another human seat decides (a segment in a tutorial's match, whose prose
                # plays that seat): the lesson waits; it moves no seat but its bots'.
                return
            self.followed.append(self._tell(self.match.step()))
        raise RuleError(f"lesson {self.plan.id!r}: more than {FOLLOW_LIMIT} steps without "
                        "the learner")

    def _play_for_learner(self, step: Read, before: State) -> None:
        """``Read.play_until``: the teaching bot plays the learner's seat, and chance and
        the other bots go on, until the learner decides where ``play_until`` holds (or the
        game ends). Told in one sentence, not move by move (a long game's later rounds
        are told briefly), then the step's ``then``."""
        assert step.play_until is not None
        bot = make_bot(self.plan.bot)
        start = self.match.position
        for _ in range(FOLLOW_LIMIT):
            self._follow()
            s = self.state
            if s.is_terminal() or s.is_chance_node() or step.play_until(s, self.seat):
                break   # (a chance node here: the next step pauses before it)
            rng = step_rng(self.match.seed, self.match.position, "play-for-learner")
            action = ask_bot(bot, s.clone(), rng, self.seat, takes_player(bot))
            self.match.play(action, by=self.seat)
        else:
            raise RuleError(f"lesson {self.plan.id!r}: more than {FOLLOW_LIMIT} moves "
                            "played for the learner")
        ours = sum(1 for e in self.match.log[start:] if e.player == self.seat)
        self.followed = [f"{self.match.position - start} steps were played; {ours} of "
                         "them were your moves, and your moves were played by the "
                         "teaching bot."]
        if step.then is not None:
            self.followed.append(step.then(before, self.state, self.seat))
        self._check_step()

    def _rematch(self) -> bool:
        """A new game is due: the plan asks for one (``LessonPlan.rematch``) and the step
        shown still needs play (it waits for a move, or pauses before a chance event)."""
        step = self.step
        # (a segment never rematches: its match is the tutorial's, not the lesson's)
        return self.plan.rematch and self.start is None and (isinstance(step, Do) or (
            isinstance(step, Read) and step.pause is not None))

    def _new_game(self) -> None:
        """The next game, set up as before with a new deal drawn from the lesson's seed
        (the same lesson seed brings the same games). Back stops here: the finished game's
        history is gone."""
        self.games += 1
        seed = step_rng(self.seed, self.games, "lesson-game").randrange(2**62)
        self.match.restart(seed=seed)
        self._trail.clear()
        self.followed.append(f"That game is over. Game {self.games} begins, set up as "
                             "before.")

    def _tell(self, entry: LogEntry) -> str:
        """One step in a sentence, from the match's narrated log (what everyone sees)."""
        parts = [entry.text, entry.revealed] if entry.revealed else [entry.text]
        return " ".join(t if t.endswith((".", "!", "?")) else t + "." for t in parts)

    def _check_step(self) -> None:
        """A waiting step must have a move to wait for: a lesson that reaches a step
        accepting nothing is a bug in the lesson, named here."""
        step = self.step
        if isinstance(step, Do) and not self.accepted():
            where = "the game is over" if self.state.is_terminal() else \
                "no legal move passes its condition"
            raise RuleError(f"lesson {self.plan.id!r}, step {self.number} "
                            f"({step.title!r}): {where}")


__all__ = ["FOLLOW_LIMIT", "Tutor"]
