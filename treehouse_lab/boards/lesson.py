"""``tl.Lesson(id, seed=0)``: a lesson on the live board, with its lesson panel.

The lesson itself (its steps, what it accepts, what follows) is :mod:`treehouse_lab.lessons`,
with no widget; this module is its face, in ``boards`` because only ``boards`` loads the
widget stack (tests/test_layers.py).

Why it composes the existing :class:`~treehouse_lab.boards.Board` instead of drawing its
own: the board already draws every game, maps clicks to moves and guards every gesture.
The lesson only hands it a *guide* (:mod:`treehouse_lab.boards.guide`): the moves the step
accepts are spotlit (class ``tl-spotlight``, the rest dimmed), a click on anything else
is refused with the step's hint and changes nothing, and an accepted move is played by the
:class:`~treehouse_lab.lessons.tutor.Tutor`, which then lets the bots and chance go on and
tells what they did.

The panel (class ``tl-lesson``) holds the step counter (``tl-lesson-step``, "k of n") and a
progress bar, the step's text, what followed by itself, the hint after a wrong click
(``tl-lesson-hint``), and the buttons Hint, Show me, Next (``tl-lesson-next``), Back and
Restart; at the end a ``tl-lesson-done`` message and "Play a full game" against the
lesson's bot. Buttons are reachable with Tab; each new step is said by the board view's
aria-live region (``BoardView.announce``). The board's own Step, Back, Forward, Restart,
autoplay and seat controls are hidden: the lesson moves the match, not them.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any, Collection, Sequence

import ipywidgets as widgets

from ..bots import GAME_BOTS
from ..errors import RuleError, quote
from ..lessons.catalog import plan
from ..lessons.steps import LessonPlan, Step
from ..lessons.tutor import Tutor
from ..match import Match
from ..protocol import Action, State
from ..registry import load_game
from ..rules_index import rules_index
from .board import Board
from .rules_panel import RulesPanel, refused_by_html
from .saved import display_with_picture

#: What a finished lesson says (the ``tl-lesson-done`` element).
DONE = ("Well done: you have finished the lesson. Play a full game against the bots, or "
        "restart the lesson.")
#: What a finished segment (``Lesson.on``) says: the tutorial goes on below it.
SEGMENT_DONE = "Well done: that is it. Read on below the board, or restart to try again."


class _LessonGuide:
    """The board's guide (boards/guide.py), answered by the lesson."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def accepted(self, state: State, seat: int) -> Collection[Action] | None:
        tutor = self.lesson.tutor
        return tutor.accepted() if state is tutor.state and seat == tutor.seat else ()

    def vet(self, state: State, seat: int, actions: Sequence[Action]) -> str:
        return self.lesson._refused(self.lesson.tutor.refusal(list(actions)), actions)

    def play(self, action: Action, seat: int) -> str:
        refused = self.lesson.tutor.attempt(action)
        if refused:
            return self.lesson._refused(refused, [action])
        self.lesson._update_panel()
        # The board says this after the click (its status line and aria-live region), so
        # it ends with the new step: a screen reader hears what happened, then what next.
        return " ".join([*self.lesson.tutor.followed, self.lesson.step_sentence()])

    def status(self, state: State) -> str | None:
        """The board's status line on a step to read and once the lesson is over: the
        step's hint ("press Next to go on"), as the match waits for Next, not for the
        hidden Step button; on a step that waits for a move, the board's own line."""
        tutor = self.lesson.tutor
        step = tutor.step
        return tutor.hint() if step is None or not step.waits else None


def _button(description: str, tooltip: str, cls: str) -> widgets.Button:
    b = widgets.Button(description=description, tooltip=tooltip,
                       layout=widgets.Layout(width="auto"))
    b.add_class("tl-button")
    b.add_class(cls)
    return b


class Lesson(widgets.VBox):
    """``tl.Lesson("backyard", seed=3)``: see the module docstring.

    From Python: ``show_me()`` plays the step's move (or passes a read step),
    ``attempt(action)`` tries a move ("" when accepted, else the hint, nothing changed),
    ``next()``, ``back()``, ``restart()``, ``hint()``; ``match`` is the lesson's
    :class:`~treehouse_lab.match.Match`, ``done`` says whether it is finished, ``tutor``
    is the driver and ``board`` the board. ``show_delay`` is the pause, in seconds, between
    the spotlight and each click Show me makes in the browser (0 in tests)."""

    def __init__(self, lesson_id: str | LessonPlan, seed: int = 0, *,
                 show_delay: float = 0.6, match: Match | None = None) -> None:
        # A plan of one's own (a teacher's lesson) is taken as it is; an id is looked up.
        self.plan = lesson_id if isinstance(lesson_id, LessonPlan) else plan(lesson_id)
        self.show_delay = show_delay
        self.tutor = Tutor(self.plan, seed, match=match)
        self.seed = self.tutor.seed
        #: a segment (``Lesson.on``) ends by sending the reader on, not to a full game
        self.segment = match is not None
        self.full_game: Board | None = None
        self.board = Board(self.tutor.match, viewer=self.tutor.seat, autorun=False,
                           guide=_LessonGuide(self))
        self.board.add_class("tl-lesson-board")  # placed beside the panel (board.css)
        c = self.board.controls
        for b in (c.step, c.back, c.forward, c.restart):
            b.layout.display = "none"
        for row in self.board.children[2:4]:  # autoplay, seats: the lesson drives the match
            row.layout.display = "none"

        self.heading = widgets.HTML()
        self.progress = widgets.IntProgress(value=1, min=0, max=self.tutor.total,
                                            description="Progress",
                                            layout=widgets.Layout(width="320px"))
        self.progress.add_class("tl-lesson-progress")
        self.text = widgets.HTML()
        self.text.add_class("tl-lesson-text")
        self.followed = widgets.HTML()
        self.followed.add_class("tl-lesson-followed")
        self.hint_box = widgets.HTML(layout=widgets.Layout(display="none"))
        self.hint_box.add_class("tl-lesson-hint")
        self.done_box = widgets.HTML(f"<b>{html.escape(self.done_text)}</b>",
                                     layout=widgets.Layout(display="none"))
        self.done_box.add_class("tl-lesson-done")
        self.hint_button = _button("Hint", "Light up what to click, and say why",
                                   "tl-lesson-hint-button")
        self.show_button = _button("Show me", "Play this step's move for me",
                                   "tl-lesson-show")
        self.next_button = _button("Next", "Go on to the next step", "tl-lesson-next")
        self.back_button = _button("Back", "Back to the previous step", "tl-lesson-back")
        self.restart_button = _button("Restart", "The lesson from the start, same deal",
                                      "tl-lesson-restart")
        self.full_button = _button("Play a full game", "A whole game against the bots",
                                   "tl-lesson-full")
        self.full_button.layout.display = "none"
        # The Rules panel (boards/rules_panel.py), shown by Rule at the step's entry, or at
        # the rule a refused click cites; none for a game without a rules index.
        self.rule_button = _button("Rule", "Open the rules at this step's rule",
                                   "tl-lesson-rule")
        self.rules: RulesPanel | None = None
        self._rule_id = ""
        if rules_index(self.tutor.match.game) is not None:
            self.rules = RulesPanel(self.tutor.match.game)
            self.rules.layout.display = "none"
        else:
            self.rule_button.layout.display = "none"
        buttons = widgets.HBox([self.hint_button, self.show_button, self.next_button,
                                self.back_button, self.restart_button, self.rule_button,
                                self.full_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        self.panel = widgets.VBox([self.heading, self.progress, self.text, self.followed,
                                   self.hint_box, self.done_box, buttons])
        self.panel.add_class("tl-lesson")
        super().__init__([self.panel, *([self.rules] if self.rules else []), self.board])
        self.add_class("tl-lesson-widget")
        self.hint_button.on_click(lambda _b: self._gesture(self.hint))
        self.show_button.on_click(lambda _b: self._gesture(self._show_slowly))
        self.next_button.on_click(lambda _b: self._gesture(self.next))
        self.back_button.on_click(lambda _b: self._gesture(self.back))
        self.restart_button.on_click(lambda _b: self._gesture(self.restart))
        self.full_button.on_click(lambda _b: self._gesture(self.play_full_game))
        self.rule_button.on_click(lambda _b: self._gesture(self.show_rule))
        self._update()

    @classmethod
    def on(cls, match: Match, *steps: Step, title: str = "Try it", seat: int | None = None,
           bot: str | None = None, show_delay: float = 0.6) -> Lesson:
        """``tl.Lesson.on(match, Do(...), ...)``: a few lesson steps on the board of a match
        already under way, where a tutorial says "try it": the board waits for the
        reader's move at the position the prose has reached, spotlights it, and answers a
        wrong click with the rule and the hint, as a whole lesson does.

        ``seat`` is the learner (by default the human seat acting now, else the first
        human seat); ``bot`` makes Show me's choice (by default the game's teaching bot);
        the match's own bots play the other seats. Restart returns to where it began."""
        if not isinstance(match, Match):
            raise RuleError(f"Lesson.on: match must be a tl.Match, got {quote(match, 40)}")
        game = match.game
        if seat is None:
            humans = match.humans_to_act() or [p for p in range(game.players)
                                                if not match.is_bot(p)]
            if not humans:
                raise RuleError("Lesson.on: every seat of this match is a bot; give the "
                                "learner a seat (match.set_seat(seat, None))")
            seat = humans[0]
        if bot is None:
            bot = next((b for b, g in GAME_BOTS.items() if g == game.name), "random")
        lesson_plan = LessonPlan(id=f"{game.name}-try", title=title, game=game.name,
                                 steps=tuple(steps), bot=bot, options=dict(game.options),
                                 seat=seat)
        return cls(lesson_plan, show_delay=show_delay, match=match)

    @property
    def done_text(self) -> str:
        """What the finished lesson says (the ``tl-lesson-done`` element)."""
        return SEGMENT_DONE if self.segment else DONE

    # -- public ---------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.tutor.match

    @property
    def done(self) -> bool:
        return self.tutor.done

    def _ipython_display_(self) -> None:
        """The live lesson, and beside it its board's first picture as an output of its
        own, as :meth:`Board._ipython_display_` does (:mod:`.saved`): a tutorial saved
        after play, or a lesson app saved by ``tools/make_learn_apps.py``, shows that
        picture without a kernel."""
        display_with_picture(self, self.board.view.svg)

    def __repr__(self) -> str:
        # Short and stable: what a console shows (a notebook shows the lesson, saved.py).
        return f"<Lesson {self.plan.id} step {self.tutor.counter()}: {self.plan.title}>"

    def attempt(self, action: Action | str) -> str:
        """Try a move: "" when the step accepts it (played), else the hint (shown in the
        panel; nothing changed)."""
        refused = self.tutor.attempt(action)
        if refused:
            self._refused(refused, [action] if isinstance(action, Action) else [])
        else:
            self._update()
        return refused

    def show_me(self) -> str:
        """Play the step's move now (or pass a read step); returns what happened. The
        Show me button plays it slowly (:meth:`_show_slowly`)."""
        said = self.tutor.show_me()
        self._update()
        return said

    def _show_slowly(self) -> None:
        """The Show me button: spotlight each click of the step's move in turn,
        ``show_delay`` seconds apart, then play it.

        Why scheduled on the kernel's event loop rather than slept: a kernel asleep in a
        button's handler answers nothing, so the board would stall (Voila, JupyterLab and
        the browser's Pyodide all run the handler inside the loop). Where no loop runs
        (a script, the tests) the move is played at once. A click of the learner's own
        meanwhile wins: the show stops."""
        t = self.tutor
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or not self.show_delay or t.step is None or not t.step.waits:
            self.show_me()
            return
        action = t.suggestion()
        path = self.match.game.click_paths(self.match.state, t.seat).get(action, ())
        position, index = self.match.position, t.index
        self.show_button.disabled = True

        def frame(k: int) -> None:
            if self.match.position != position or t.index != index:
                return  # the learner moved (or went back) meanwhile
            if k < len(path):
                self.board.view.spotlight = [path[k]]
                loop.call_later(self.show_delay, frame, k + 1)
            else:
                self._gesture(self.show_me)

        frame(0)

    def next(self) -> str:
        said = self.tutor.next()
        self._update()
        return said

    def back(self) -> str:
        said = self.tutor.back()
        self._update(said)
        return said

    def restart(self) -> str:
        said = self.tutor.restart()
        self._update(said)
        return said

    def hint(self) -> str:
        """The step's hint, shown in the panel (the spotlight is always on)."""
        return self._refused(self.tutor.hint())

    def play_full_game(self) -> str:
        """A full game against the lesson's bot, under the lesson."""
        p = self.plan
        game = load_game(p.game, **dict(p.options))
        bots = {s: p.bot for s in range(game.players) if s != p.seat}
        self.full_game = Board(game, seed=self.seed, bots=bots, viewer=p.seat)
        self.children = [*self.children, self.full_game]
        return "A full game against the bots is below the lesson."

    def show_rule(self, rule_id: str = "") -> str:
        """Show the Rules panel opened at ``rule_id``: by default the rule of the last
        refused click (if it cited one), else the step's rule. Returns the entry's title."""
        if self.rules is None:
            return "This game has no rules index."
        entry = self.rules.open_rule(rule_id or self._rule_id)
        self.rules.layout.display = "flex"
        return f"{entry.label}: {entry.summary}"

    # -- plumbing -------------------------------------------------------------------
    def _gesture(self, action: Any) -> None:
        try:
            action()
        except Exception as exc:  # noqa: BLE001 - a button must never raise
            self._refused(f"Something went wrong: {type(exc).__name__}: {exc}")

    def _refused(self, message: str, actions: Sequence[Action] = ()) -> str:
        # A refusal names the rule it cites (the engine's reason, before the hint), or the
        # rule of its move's kind (RulesIndex.cited), with a link to its entry; Rule then
        # opens the panel there.
        shown = html.escape(message)
        if self.rules is not None and " Hint: " in message:  # a refusal, not a hint alone
            index = self.rules.index
            reason = message.split(" Hint: ")[0]
            move = actions[0] if len(actions) == 1 else None
            cited = index.cited(reason, move)
            if cited:
                self._rule_id = cited[0].id
                self.rule_button.disabled = False
                shown += f" ({refused_by_html(index, reason, move)})"
                message += f" ({index.refused_by(reason, move)})"
        self.hint_box.value = shown
        self.hint_box.layout.display = "block"
        self.board.view.announce = message
        return message

    def _update(self, message: str = "") -> None:
        self._update_panel(message)
        self.board.refresh()

    def _update_panel(self, message: str = "") -> None:
        t = self.tutor
        step = t.step
        title = html.escape(self.plan.title)
        self.heading.value = (f'<div class="tl-lesson-title"><b>{title}</b></div>'
                              f'<div>Step <span class="tl-lesson-step">{t.counter()}</span>'
                              "</div>")
        self.progress.value = t.total if t.done else t.index + 1
        if step is None:
            self.text.value = ""
        else:
            rule = (f'<div class="tl-lesson-rule">Rule: {html.escape(step.rule)}</div>'
                    if step.rule else "")
            self.text.value = (f"<h4>{html.escape(step.title)}</h4>"
                               f"<p>{html.escape(t.text())}</p>{rule}")
        lines = [message] if message else []
        lines += t.followed
        self.followed.value = (
            '<div class="tl-lesson-followed-title">What happened:</div>'
            # The list scrolls past a few lines (board.css): it takes the focus, so the
            # arrow keys scroll it.
            '<ul tabindex="0" aria-label="What happened">'
            + "".join(f"<li>{html.escape(s)}</li>" for s in lines) + "</ul>"
        ) if lines else ""
        self.hint_box.value = ""
        self.hint_box.layout.display = "none"
        waits = step is not None and step.waits
        self.next_button.disabled = step is None or waits
        self.show_button.disabled = step is None
        self.hint_button.disabled = step is None
        self.back_button.disabled = not t.can_go_back
        rule_id = t.rule_id()  # a step's rule may follow the position (a roll's face)
        has_rule = self.rules is not None and rule_id in self.rules.index
        self.rule_button.disabled = not has_rule
        self._rule_id = rule_id if has_rule else ""
        if has_rule and self.rules is not None:
            self.rules.open_rule(rule_id)  # each step opens the panel at its rule
        self.done_box.layout.display = "block" if t.done else "none"
        self.full_button.layout.display = ("inline-flex" if t.done and not self.segment
                                           else "none")
        self.board.view.announce = self.step_sentence()

    def step_sentence(self) -> str:
        """The step shown now, as one announcement: "Step k of n: title. text"."""
        t = self.tutor
        step = t.step
        return self.done_text if step is None else f"Step {t.counter()}: {step.title}. {t.text()}"


__all__ = ["DONE", "SEGMENT_DONE", "Lesson"]
