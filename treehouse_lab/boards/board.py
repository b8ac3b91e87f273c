"""``tl.Board``: a live, clickable board around a :class:`~treehouse_lab.match.Match`.

Why it is built this way:

* The board knows a game only through the protocol: ``match.state``, ``state.actors()``,
  ``game.render_svg(state, viewer=, selection=, targets=, offered=)``,
  ``game.click_paths(state, player)``, ``state.narrate/explain`` and ``match.log``. A new
  game needs no board code.
* Every user gesture (a click in the picture, a button, the autoplay timer, a seat change)
  goes through :meth:`Board._guard`, which turns any exception into a message in the status
  line and then redraws from the match. The match is the single source of truth, so the
  board cannot drift from it, however fast or oddly it is clicked.
* After a human move the board lets chance and bots play (``autorun``) until only humans
  can move the game on: the next decision appears at once, while Step, Back, Forward and
  Autoplay still let you walk through the same moves one at a time.

**The seat at the screen** (:mod:`.screen`) is the seat the picture is drawn for: only its
hidden cards are shown, and clicks act for it when it is a human seat that may act now.

**Several boards on one match.** Each board keeps its own picture version, selection and
record of the position and seat its picture was drawn for. Another board (or code) may
move the match on meanwhile; a click on the older picture is then refused with a message
and the board redraws: it never plays for a seat it did not draw the picture for.

The parts live in modules of their own: the seat at the screen in :mod:`.screen`, what
Step, Back and Forward do in :mod:`.navigation`, the status line and log in :mod:`.status`,
Explain in :mod:`.explain`, shared wording and the optional renderer hooks in
:mod:`.wording`. This module wires them to the widgets.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping

import ipywidgets as widgets

from ..bots import BOTS
from ..core.game import drawable_view
from ..errors import RuleError, clip, quote
from ..match import LogEntry, Match
from ..protocol import Game, State
from ..registry import load_game
from . import navigation
from .controls import HOT_SEAT, HUMAN, Controls
from .explain import EXPLAIN_LIMIT, explanation_html
from .guide import Guide, guide_status, refusal, spot_selector
from .saved import display_with_picture
from .screen import Screen
from .selection import Selector
from .status import log_html, turn_text
from .view import BoardView
from .wording import describe, error_svg, names, sentence, then_text

#: how many bot/chance steps one human move may trigger before the board stops to breathe
AUTORUN_LIMIT = 10_000

#: What a click on a picture of an earlier position (the match moved on elsewhere) gets.
MOVED_ON = ("The game moved on since this picture was drawn (another board or code played "
            "on this match); nothing was played. Here is the position now.")


class Board(widgets.VBox):
    """A live board: ``tl.Board(game_or_match, seed=0, bots={1: "random"}, viewer=None)``.

    ``match_or_game`` is a :class:`Match`, a :class:`Game` or a game name. ``bots`` maps
    seats to bot names or bot objects (seats not named are human); with a ``Match`` it
    overrides those seats. ``viewer`` is the seat at the screen: a seat number, ``"hot-seat"``
    (whoever human may act), or ``None`` for the default (the only human seat if exactly
    one seat is human, else the hot seat); see :mod:`.screen`. ``autorun`` lets
    bots and chance play after each human move (and at the start) until only humans can
    move the game on. ``log_lines`` is how many recent log entries are shown. ``guide``
    spotlights the moves it wants and vets the others (:mod:`.guide`: a lesson's hook).

    Use ``board.click(target)`` to click a ``data-target`` exactly as the browser does;
    ``board.match`` is the match, ``board.view`` the picture widget, ``board.message`` the
    latest message, ``board.selection`` the targets picked so far, ``board.viewer`` the
    "At the screen" setting (assignable) and ``board.screen_seat`` the seat it means now.
    """

    def __init__(
        self,
        match_or_game: Match | Game | str,
        seed: int = 0,
        bots: Mapping[int, Any] | None = None,
        viewer: int | str | None = None,
        *,
        autorun: bool = True,
        log_lines: int = 10,
        guide: Guide | None = None,
    ) -> None:
        if isinstance(match_or_game, Match):
            match = match_or_game
            for seat, spec in (bots or {}).items():
                match.set_seat(seat, spec)
        elif isinstance(match_or_game, Game):
            match = Match(match_or_game, seed=seed, bots=bots)
        elif isinstance(match_or_game, str):
            match = Match(load_game(match_or_game), seed=seed, bots=bots)
        else:
            raise RuleError(
                "Board needs a tl.Match, a game (tl.load_game(...)) or a game name, "
                f"got {quote(match_or_game)}"
            )
        self.match: Match = match
        players = match.game.players
        self._screen = Screen(match, viewer)
        self.autorun = autorun
        self.log_lines = log_lines
        self.selection: tuple[str, ...] = ()
        self._message = ""
        self._selector = Selector({})
        self.guide: Guide | None = guide  # spotlights some moves, vets the rest (guide.py)
        self._spot: Selector | None = None  # the guide's accepted paths in this picture
        self._bot_objects: dict[str, Any] = {}  # bot objects not in BOTS, by seat name
        self._quiet = False  # True while the board itself sets control values
        # What the current picture was drawn for: the match's state object and the seat
        # clicks act for. A click is only played when both are still what they are now.
        self._drawn_state: State | None = None
        self._drawn_acting: int | None = None

        seat_names = [match.game.player_name(p) for p in range(players)]
        self.controls = Controls(seat_names, self._seat_choices(), screen=self._screen.setting)
        self.view = BoardView(
            on_click=self._on_click, on_message=self._on_view_message,
            label=f"{getattr(match.game, 'TITLE', '') or match.game.name} board",
        )
        self.view.add_class("tl-view")
        super().__init__([self.controls.bar(), self.view, *self.controls.rows()])
        self.add_class("tl-board-widget")
        self._wire()
        if autorun and self._has_human():
            # Set-up and bot openings are in the log; the status just says who is to move.
            self._guard(self._opening)
        else:
            self.refresh()

    # -- public ---------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.match.state

    @property
    def message(self) -> str:
        """The latest message shown in the status line ("" when there is none)."""
        return self._message

    @property
    def viewer(self) -> int | str:
        """The "At the screen" setting: a seat, or ``"hot-seat"``. Assign to change it."""
        return self._screen.setting

    @viewer.setter
    def viewer(self, value: int | str) -> None:
        self._screen.check(value)  # code gets the error; the menu only offers valid values
        self._guard(lambda: self._set_screen(value))

    @property
    def screen_seat(self) -> int | None:
        """The seat the picture is drawn for now (None: nobody's hidden cards)."""
        return self._screen.seat()

    def click(self, target: str) -> str:
        """Click ``target`` exactly as the browser does (same message, same checks).

        Returns the message the board answers with.
        """
        self.view._handle_custom_msg(
            {"type": "click", "target": target, "version": self.view.version}, []
        )
        return self._message

    def targets(self) -> frozenset[str]:
        """The ``data-target`` ids clickable in the current picture."""
        return self._selector.clickable(self.selection) if self._selector else frozenset()

    def refresh(self) -> None:
        """Redraw everything from the match (after changing it from code, for instance)."""
        m = self.match
        state = m.state
        self._screen.keep_last_human()
        seat = self._screen.seat()
        acting = self._screen.acting()
        try:
            paths = m.game.click_paths(state, acting) if acting is not None else {}
            self._selector = Selector(paths)
        except Exception as exc:  # noqa: BLE001 - a click_paths bug must not kill the board
            self._selector = Selector({})
            self._message = f"This position has no clickable moves ({describe(exc)})"
        if self.selection and not self._selector.is_prefix(self.selection):
            self.selection = ()
        self._spot = spot_selector(self.guide, state, acting, self._selector, seat)
        try:
            # A guide that spotlights nothing wants no move now: the picture must not ask
            # for a click, though its targets stay drawn (dimmed) for the guide to answer.
            view = {"viewer": seat, "selection": self.selection, "targets": self.targets(),
                    "offered": self._spot is None or bool(self._spot)}
            svg = m.game.render_svg(state, **drawable_view(m.game.render_svg, view))
        except Exception as exc:  # noqa: BLE001 - a drawing bug must not kill the board
            svg = error_svg(f"Could not draw this position: {describe(exc)}")
        self._drawn_state, self._drawn_acting = state, acting
        # The picture goes last: the front end handles comm messages in order, and a new
        # version is what the page (and a browser test) takes to mean "the answer is
        # here", so the status line and the log must already be up to date by then.
        self._update_controls()
        self.view.spotlight = (None if self._spot is None
                               else sorted(self._spot.next_targets(self.selection)))
        self.view.show(svg, self._message)

    def _ipython_display_(self) -> None:
        """The live widget, and beside it the picture it starts from, with its caption,
        as an output of its own (:mod:`.saved`): a notebook saved after play and reopened
        without this kernel shows that picture, not "model not found"."""
        display_with_picture(self, self.view.svg)

    def __repr__(self) -> str:
        return (f"<Board {self.match.game.name} step {self.match.position}: "
                f"{self._turn_text(plain=True)}>")

    # -- what the gestures do -------------------------------------------------------
    def _on_click(self, target: str) -> str:
        """A click that passed the version check (see :meth:`BoardView.receive`)."""
        self._guard(lambda: self._click(target))
        return self._message

    def _click(self, target: str) -> str:
        acting = self._screen.acting()
        if self.match.state is not self._drawn_state or acting != self._drawn_acting:
            # The picture was drawn for another position or seat than the match has now.
            self.selection = ()
            return MOVED_ON
        if acting is None or not self._selector:
            raise _Notice(f"{quote(target)} cannot be clicked now: "
                          f"{self._turn_text(plain=True)}")
        result = self._selector.click(self.selection, target)
        if result.kind == "unknown":
            raise _Notice(f"{quote(target)} is not something you can click now; "
                          "nothing changed.")
        refused = refusal(self.guide, self._spot, self._selector, self.selection + (target,),
                          result, self.state, acting)
        if refused:
            raise _Notice(refused)
        self.selection = result.selection
        if result.kind == "illegal":
            return "That is not a legal move."
        if result.kind == "deselect":
            return "Put back." if not result.selection else "Put back; keep picking."
        if result.kind == "select":
            return ""  # the status line already says what to click next
        assert result.action is not None
        if self.guide is not None and self._spot is not None:  # the guide plays it
            return self.guide.play(result.action, acting)
        entry = self.match.play(result.action, by=acting)
        said = sentence([entry.text, entry.revealed])
        if self.autorun:
            taken, failure = self._advance()
            said += then_text(taken)
            if failure:
                said += f" Then {failure}"
        return said

    def _advance(self) -> tuple[list[LogEntry], str]:
        """Let chance and bots play until only humans can move the game on (or it ends).
        Returns the steps taken and, if a bot failed, what went wrong."""
        taken: list[LogEntry] = []
        for _ in range(AUTORUN_LIMIT):
            if self.state.is_terminal() or self.match.waiting_for_human():
                break
            try:
                taken.append(self.match.step())
            except RuleError as exc:
                return taken, clip(str(exc))
        return taken, ""

    def _opening(self) -> str:
        return self._advance()[1]

    def _step(self) -> str:
        return navigation.step(self.match)

    def _back(self) -> str:
        return navigation.back(self.match, self._screen)

    def _forward(self) -> str:
        return navigation.forward(self.match, self._screen)

    def _restart(self) -> str:
        self.match.restart()
        if self.autorun and self._has_human():
            failure = self._advance()[1]
            if failure:
                return f"Restarted with the same seed; then {failure}"
        return "Restarted with the same seed."

    def _explain(self) -> str:
        c = self.controls
        text = self._explain_html()
        c.explanation.value = text
        c.explanation.layout.display = "block"
        return ""

    def _explain_html(self) -> str:
        # Under a guide that hides Step (a lesson), the guide's words say what moves on.
        return explanation_html(self.match, self._screen, self._selector, self.selection,
                                self._drawn_state, self._drawn_acting, self.stepping,
                                guide_status(self.guide, self.state))

    def _set_seat(self, seat: int, choice: str) -> str:
        spec: Any = None if choice == HUMAN else self._bot_objects.get(choice, choice)
        self.match.set_seat(seat, spec)
        who = self.match.game.player_name(seat)
        if choice == HUMAN:
            return f"{who} is now played by you."
        return f"{who} is now played by the {choice} bot: press Step or Autoplay."

    def _set_screen(self, value: int | str) -> str:
        self._screen.setting = self._screen.check(value)
        self.selection = ()
        if value == HOT_SEAT:
            return "Hot seat: the picture follows the human who may act."
        return f"{self.match.game.player_name(int(value))} is at the screen."

    def _tick(self, change: dict) -> None:
        """One autoplay tick: the Play widget's value went up in the browser."""
        if self._quiet or change["new"] <= change["old"]:
            return
        if not self.controls.play.playing:
            return

        def tick() -> str:
            reason = self._autoplay_blocked()
            if reason:
                self._stop_play()
                return reason
            try:
                entry = self.match.step()
            except Exception as exc:  # noqa: BLE001 - a failing bot stops autoplay, once
                self._stop_play()
                return f"Autoplay stopped: {describe(exc)}"
            reason = self._autoplay_blocked()
            if reason:
                self._stop_play()
                # two sentences: the step's own has no full stop of its own
                return sentence([str(entry), reason])
            return str(entry)

        self._guard(tick)

    def _playing(self, change: dict) -> None:
        if self._quiet or not change["new"]:
            return

        def start() -> str:
            reason = self._autoplay_blocked()
            if reason:
                self._stop_play()
                return reason
            return "Autoplay on."

        self._guard(start)

    def _autoplay_blocked(self) -> str:
        if self.state.is_terminal() and not self.match.can_redo:
            return "Autoplay stopped: the game is over."
        if self.match.waiting_for_human() and not self.match.can_redo:
            humans = self.match.humans_to_act()
            return (f"Autoplay paused: {names(self.match.game, humans, plain=True)} "
                    "(human) to move.")
        return ""

    def _stop_play(self) -> None:
        self._quiet = True
        try:
            self.controls.play.playing = False
            self.controls.play.value = 0
        finally:
            self._quiet = False

    # -- plumbing -------------------------------------------------------------------
    def _guard(self, action: Callable[[], str | None]) -> None:
        """Run a gesture; whatever happens, show a message and redraw from the match."""
        self.controls.explanation.layout.display = "none"
        try:
            message = action()
        except _Notice as notice:
            # Nothing changed, so nothing is redrawn: the picture keeps its version.
            self._message = str(notice)
            self._update_status()
            return
        except Exception as exc:  # noqa: BLE001 - widget callbacks must never raise
            message = describe(exc)
            self.selection = ()
        self._message = message or ""
        self.refresh()

    def _on_view_message(self, message: str) -> None:
        """The view answered a browser message itself (stale, malformed): show it."""
        if message != self._message:
            self._message = message
            self._update_status()

    def _wire(self) -> None:
        c = self.controls
        c.step.on_click(lambda _b: self._guard(self._step))
        c.back.on_click(lambda _b: self._guard(self._back))
        c.forward.on_click(lambda _b: self._guard(self._forward))
        c.restart.on_click(lambda _b: self._guard(self._restart))
        c.explain.on_click(lambda _b: self._guard(self._explain))
        c.play.observe(self._tick, names="value")
        c.play.observe(self._playing, names="playing")
        for seat, dropdown in enumerate(c.seats):
            dropdown.observe(self._seat_changed(seat), names="value")
        c.screen.observe(self._screen_changed, names="value")

    def _seat_changed(self, seat: int) -> Callable[[dict], None]:
        def changed(change: dict) -> None:
            if not self._quiet:
                self._guard(lambda: self._set_seat(seat, change["new"]))
        return changed

    def _screen_changed(self, change: dict) -> None:
        if not self._quiet:
            self._guard(lambda: self._set_screen(change["new"]))

    def _seat_choices(self) -> list[str]:
        choices = [HUMAN, *BOTS]
        for seat in range(self.match.game.players):
            name = self.match.seat(seat)
            if name not in choices:
                choices.append(name)
                self._bot_objects[name] = self.match.bot(seat)  # keep the object
        return choices

    def _has_human(self) -> bool:
        return any(not self.match.is_bot(p) for p in range(self.match.game.players))

    def _sync_controls(self) -> None:
        """Set the menus to the match's seats and the screen setting, without reacting.

        A seat given a bot object by code or by another board since this board was built
        gets its name added to the menus first (a menu cannot show a value it lacks)."""
        c, m = self.controls, self.match
        self._quiet = True
        try:
            chosen = [m.seat(seat) for seat in range(len(c.seats))]
            new = [n for n in dict.fromkeys(chosen) if n not in c.seats[0].options]
            if new:
                for seat, name in enumerate(chosen):
                    if name in new:
                        self._bot_objects[name] = m.bot(seat)
                for d in c.seats:
                    d.options = [*d.options, *new]
            for dropdown, name in zip(c.seats, chosen):
                dropdown.value = name
            c.screen.value = self._screen.setting
        finally:
            self._quiet = False

    def _update_controls(self) -> None:
        c, m = self.controls, self.match
        c.back.disabled = m.position == 0
        c.forward.disabled = not m.can_redo
        c.step.disabled = m.state.is_terminal() and not m.can_redo
        # Offer Step where only chance or a bot can move the game on (or undone steps wait).
        waiting = m.state.is_terminal() or (m.waiting_for_human() and not m.can_redo)
        c.step.button_style = "" if waiting else "info"
        self._sync_controls()
        self._update_status()
        c.log.value = log_html(self.match.log, self.log_lines)

    def _update_status(self) -> None:
        msg = f'<div class="tl-message">{html.escape(self._message)}</div>' if self._message else ""
        # A space between the two parts: a screen reader reads the line's text, and
        # without it the turn's last word and the message's first ran together
        # ("...choice.Player 1 plays...", issue 47).
        self.controls.status.value = f'<div class="tl-turn">{self._turn_text()}</div> {msg}'

    @property
    def stepping(self) -> bool:
        """Whether the Step control is on show (a lesson hides it: it moves the match
        itself). Only then does the status line send the reader to Step or Autoplay and
        number the match's steps."""
        return self.controls.step.layout.display != "none"

    def _turn_text(self, plain: bool = False) -> str:
        said = guide_status(self.guide, self.state)  # the guide's words, if it has any
        if said:
            return said if plain else html.escape(said)
        # The selector belongs to the picture: it says nothing about a position drawn elsewhere.
        clickable = bool(self._selector) or self._drawn_state is not self.state
        return turn_text(self.match, self._screen, clickable, self.selection, plain,
                         stepping=self.stepping)


class _Notice(Exception):
    """A gesture that changes nothing but deserves a message."""


__all__ = ["AUTORUN_LIMIT", "EXPLAIN_LIMIT", "MOVED_ON", "Board"]
