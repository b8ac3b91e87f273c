"""``tl.Board``: a live, clickable board around a :class:`~treehouse_lab.match.Match`.

Why it is built this way:

* The board knows a game only through the protocol: ``match.state``, ``state.actors()``,
  ``game.render_svg(state, viewer=, selection=, targets=)``,
  ``game.click_paths(state, player)``, ``state.narrate/explain`` and ``match.log``. A new
  game needs no board code.
* Every user gesture (a click in the picture, a button, the autoplay timer, a seat change)
  goes through :meth:`Board._guard`, which turns any exception into a message in the status
  line and then redraws from the match. The match is the single source of truth, so the
  board cannot drift from it, however fast or oddly it is clicked.
* After a human move the board lets chance and bots play (``autorun``) until only humans
  can move the game on: the next decision appears at once, while Step, Back, Forward and
  Autoplay still let you walk through the same moves one at a time.

**The seat at the screen.** One person looks at one picture, so the picture is drawn for
one seat (``viewer=``): only that seat's hidden cards are shown, and clicks act for that
seat when it is a human seat that may act now. The "At the screen" menu picks it:

* a seat (Player 1..n): that seat, whoever is to move; a click acts for it only when it
  may act (in a real-time phase it may act while others do too);
* *hot seat* (pass-and-play): the human who may act now when there is exactly one; when
  several humans may act at once (a secret bid), nobody's hidden cards are drawn and a
  click asks to pick who is at the screen; while only bots or chance may act the picture
  stays with the last human who had the screen (never a bot's hand).

The default is the only human seat when exactly one seat is human (the usual "you against
bots" board), and the hot seat otherwise (several humans sharing a screen, or bots only,
where the hot seat follows whichever seat is made human later).

**Several boards on one match.** Each board keeps its own picture version, selection and
record of the position and seat its picture was drawn for. Another board (or code) may
move the match on meanwhile; a click on the older picture is then refused with a message
and the board redraws: it never plays for a seat it did not draw the picture for.

*Back* goes to just before the latest decision made by a seat that is human now
(``Match.undo_to_human``: what "take back my move" means to a player, skipping the bot
replies and dice in between); when there is no such decision (all bots, or only set-up so
far) it goes back one step (``Match.undo``). *Forward* is its mirror: it redoes the undone
steps up to the next decision of a human seat (or the end of the game), so Back then
Forward returns to the human's decision; when the undone steps run out first, at a bot's
or chance's turn, it stops there and says so. *Step* moves one step at a time.

**A bot's turn looks like one** (issue 7): the picture is drawn for the seat at the screen,
so a bot's hand is never shown, and nothing glows when nothing can be clicked; the status
line says "Player 2 (bot) is thinking: press Step or Autoplay" and Step is highlighted.
*Explain* explains the choices of the seat at the screen (what each highlighted target
does, and why each greyed one cannot be played), never the bot's last move.

**Optional renderer hooks.** Besides ``render_svg`` and ``click_paths`` a game's render
module may offer ``greyed_actions(state, player)`` (moves drawn greyed out, which Explain
explains with ``state.why_illegal``) and ``outcome_text(state)`` (who won and, on a tie,
the tie-break that decided it, for the status line). Games without them get generic text.
"""

from __future__ import annotations

import html
import importlib
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as widgets

from ..bots import BOTS
from ..errors import HumanToMove, RuleError, clip, quote
from ..match import LogEntry, Match
from ..protocol import Game, State
from ..registry import load_game
from .controls import HOT_SEAT, HUMAN, Controls
from .selection import Selector
from .view import BoardView

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
    one seat is human, else the hot seat); see the module docstring. ``autorun`` lets
    bots and chance play after each human move (and at the start) until only humans can
    move the game on. ``log_lines`` is how many recent log entries are shown.

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
        if viewer is None:
            humans = [p for p in range(players) if not match.is_bot(p)]
            viewer = humans[0] if len(humans) == 1 else HOT_SEAT
        self._viewer: int | str = self._check_viewer(viewer)
        self.autorun = autorun
        self.log_lines = log_lines
        self.selection: tuple[str, ...] = ()
        self._message = ""
        self._selector = Selector({})
        self._bot_objects: dict[str, Any] = {}  # bot objects not in BOTS, by seat name
        self._quiet = False  # True while the board itself sets control values
        self._last_hot: int | None = None  # the hot seat's last human, kept on bots' turns
        # What the current picture was drawn for: the match's state object and the seat
        # clicks act for. A click is only played when both are still what they are now.
        self._drawn_state: State | None = None
        self._drawn_acting: int | None = None

        names = [match.game.player_name(p) for p in range(players)]
        self.controls = Controls(names, self._seat_choices(), screen=self._viewer)
        self.view = BoardView(
            on_click=self._on_click, on_message=self._on_view_message,
            label=f"{getattr(match.game, 'TITLE', '') or match.game.name} board",
        )
        self.view.add_class("tl-view")
        super().__init__([self.view, *self.controls.rows()])
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
        return self._viewer

    @viewer.setter
    def viewer(self, value: int | str) -> None:
        self._check_viewer(value)  # code gets the error; the menu only offers valid values
        self._guard(lambda: self._set_screen(value))

    @property
    def screen_seat(self) -> int | None:
        """The seat the picture is drawn for now (None: nobody's hidden cards)."""
        return self._screen_seat()

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
        humans = m.humans_to_act()
        if self._viewer == HOT_SEAT and len(humans) == 1:
            self._last_hot = humans[0]
        seat = self._screen_seat()
        acting = self._acting_seat(seat)
        try:
            paths = m.game.click_paths(state, acting) if acting is not None else {}
            self._selector = Selector(paths)
        except Exception as exc:  # noqa: BLE001 - a click_paths bug must not kill the board
            self._selector = Selector({})
            self._message = f"This position has no clickable moves ({_describe(exc)})"
        if self.selection and not self._selector.is_prefix(self.selection):
            self.selection = ()
        try:
            svg = m.game.render_svg(
                state, viewer=seat, selection=self.selection, targets=self.targets(),
            )
        except Exception as exc:  # noqa: BLE001 - a drawing bug must not kill the board
            svg = _error_svg(f"Could not draw this position: {_describe(exc)}")
        self.view.show(svg, self._message)
        self._drawn_state, self._drawn_acting = state, acting
        self._update_controls()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict | None:
        """The live widget, plus the current picture as ``image/svg+xml``.

        Why both: JupyterLab, Voila and VS Code prefer the widget view, while a saved
        notebook read without a kernel (GitHub, nbviewer, an HTML export) falls back to
        the SVG, so the board still shows the position it was left in. The project's own
        notebooks are saved by ``tools/make_pictures.py``, which keeps that SVG, adds a
        PNG of it (what untrusted JupyterLab draws) and drops the widget view.
        """
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict) and self.view.svg:
            data["image/svg+xml"] = self.view.svg
        return data

    def __repr__(self) -> str:
        return (f"<Board {self.match.game.name} step {self.match.position}: "
                f"{self._turn_text(plain=True)}>")

    # -- the seat at the screen -----------------------------------------------------
    def _check_viewer(self, viewer: Any) -> int | str:
        players = self.match.game.players
        if viewer == HOT_SEAT and isinstance(viewer, str):
            return viewer
        if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
            raise RuleError(f"viewer (the seat at the screen) must be a seat 0..{players - 1}, "
                            f"{HOT_SEAT!r} or None, got {quote(viewer)}")
        return viewer

    def _screen_seat(self) -> int | None:
        """The seat the picture is for, from the setting and the match as it is now."""
        if self._viewer != HOT_SEAT:
            return int(self._viewer)
        humans = self.match.humans_to_act()
        if len(humans) == 1:
            return humans[0]
        if humans:
            return None  # several humans at once: show nobody's secrets until one is chosen
        if self._last_hot is not None and not self.match.is_bot(self._last_hot):
            return self._last_hot
        return next((p for p in range(self.match.game.players) if not self.match.is_bot(p)),
                    None)

    def _acting_seat(self, seat: int | None) -> int | None:
        """The seat clicks act for: the seat at the screen when it is a human who may act."""
        return seat if seat is not None and seat in self.match.humans_to_act() else None

    def _why_no_clicks(self) -> str:
        """Why the humans who may act cannot click here (the screen is someone else's)."""
        humans = self.match.humans_to_act()
        if self._viewer == HOT_SEAT:
            return "pick who is at the screen (the 'At the screen' menu) to click for one of them"
        seat = int(self._viewer)
        return (f"the screen is {self._name(seat)}'s: choose "
                f"{self._names(humans, plain=True, joiner=' or ')} under 'At the screen' to "
                "click for them")

    # -- what the gestures do -------------------------------------------------------
    def _on_click(self, target: str) -> str:
        """A click that passed the version check (see :meth:`BoardView.receive`)."""
        self._guard(lambda: self._click(target))
        return self._message

    def _click(self, target: str) -> str:
        acting = self._acting_seat(self._screen_seat())
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
        self.selection = result.selection
        if result.kind == "illegal":
            return "That is not a legal move."
        if result.kind == "deselect":
            return "Put back." if not result.selection else "Put back; keep picking."
        if result.kind == "select":
            return ""  # the status line already says what to click next
        assert result.action is not None
        entry = self.match.play(result.action, by=acting)
        said = _sentence([entry.text])
        if self.autorun:
            more, failure = self._advance()
            if more:
                said += f" Then {more} more step{'s' if more > 1 else ''}: see the log."
            if failure:
                said += f" Then {failure}"
        return said

    def _advance(self) -> tuple[int, str]:
        """Let chance and bots play until only humans can move the game on (or it ends).
        Returns how many steps were taken and, if a bot failed, what went wrong."""
        taken = 0
        for _ in range(AUTORUN_LIMIT):
            if self.state.is_terminal() or self.match.waiting_for_human():
                break
            try:
                self.match.step()
            except RuleError as exc:
                return taken, clip(str(exc))
            taken += 1
        return taken, ""

    def _opening(self) -> str:
        return self._advance()[1]

    def _step(self) -> str:
        if self.state.is_terminal() and not self.match.can_redo:
            return "The game is over: Back, Restart or change seats to play on."
        try:
            entry = self.match.step()
        except HumanToMove:
            humans = self.match.humans_to_act()
            return (f"{self._names(humans, plain=True)} "
                    f"{'is a human seat' if len(humans) == 1 else 'are human seats'}: "
                    "click a highlighted target, or make the seat a bot.")
        return str(entry)

    def _back(self) -> str:
        m = self.match
        if m.position == 0:
            return "Already at the start."
        human_before = any(
            e.player >= 0 and m.seat(e.player) == HUMAN for e in m.log
        )
        if human_before:
            m.undo_to_human()
            return f"Back to step {m.position}: {self._whose_decision()}."
        m.undo()
        return f"Back one step (to step {m.position})."

    def _forward(self) -> str:
        """Redo up to the next human decision (the mirror of Back), or say why not."""
        m = self.match
        if not m.can_redo:
            return "Nothing to redo."
        start = m.position
        m.redo()
        while m.can_redo and not m.state.is_terminal() and not m.waiting_for_human():
            m.redo()
        steps = m.position - start
        head = f"Forward {steps} step{'s' if steps > 1 else ''} (to step {m.position})"
        if m.state.is_terminal():
            return f"{head}: the end of the game."
        if m.waiting_for_human():
            return f"{head}: {self._whose_decision()}."
        who = ("chance" if m.state.is_chance_node()
               else self._names(m.bots_to_act(), plain=True) + " (bot)")
        return (f"{head}: no more undone steps; {who} is to move next: press Step or "
                "Autoplay to go on.")

    def _whose_decision(self) -> str:
        """"your decision again", or whose it is when not the screen's."""
        if self._acting_seat(self._screen_seat()) is not None:
            return "your decision again"
        return f"{self._names(self.match.humans_to_act(), plain=True)} to decide"

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
        """The choices of the seat at the screen: what each highlighted target does (the
        legal moves on the current click path, with ``state.explain``) and why each greyed
        one cannot be played (the renderer's ``greyed_actions``, ``state.why_illegal``).
        It never explains a bot's move: on a bot's or chance's turn it says whose it is."""
        s = self.state
        if s.is_terminal():
            return f"<div><b>Game over.</b> {html.escape(_sentence([self._outcome()]))}</div>"
        acting = self._drawn_acting
        if acting is None or not self._selector or self._drawn_state is not s:
            return f"<div>{html.escape(self._nothing_to_choose())}</div>"
        actions = self._selector.matching(self.selection)
        shown = actions[:EXPLAIN_LIMIT]
        items = [f"<li><b>{html.escape(str(a))}</b>"
                 f"{html.escape(_reason(a, s.explain(a, by=acting)))}</li>" for a in shown]
        if len(actions) > len(shown):
            items.append(f"<li>... and {len(actions) - len(shown)} more: pick a piece to see "
                         "only its moves</li>")
        refused = []
        for a in ([] if self.selection else self._greyed(acting))[:EXPLAIN_LIMIT]:
            refused.append(f'<li class="tl-greyed"><b>{html.escape(str(a))}</b>: not allowed. '
                           f"{html.escape(s.why_illegal(a, by=acting))}</li>")
        head = ("The moves you are picking" if self.selection
                else f"Your choices, {self._name(acting)}")
        out = f"<div><b>{html.escape(head)}:</b><ul>{''.join(items)}</ul>"
        if refused:
            out += f"<b>Greyed out:</b><ul>{''.join(refused)}</ul>"
        return out + "</div>"

    def _greyed(self, seat: int) -> list:
        """The renderer's greyed-out moves for ``seat`` (none if it offers no such hook)."""
        hook = _hook(self.match.game, "greyed_actions")
        try:
            return list(hook(self.state, seat)) if hook is not None else []
        except Exception:  # noqa: BLE001 - an explanation must not fail for a drawing hint
            return []

    def _nothing_to_choose(self) -> str:
        s, m = self.state, self.match
        if s.is_chance_node():
            return ("Chance moves next (press Step or Autoplay): there is nothing for you to "
                    "choose yet. Explain explains the choices of the seat at the screen.")
        bots, humans = m.bots_to_act(), m.humans_to_act()
        if humans:
            return (f"{self._names(humans, plain=True)} may act, but not at this screen: "
                    f"{self._why_no_clicks()}.")
        if bots:
            return (f"{self._names(bots, plain=True)} (bot) is to move: press Step to see "
                    "what it does. Explain explains the choices of the seat at the screen.")
        return "Nothing to choose here."

    def _set_seat(self, seat: int, choice: str) -> str:
        spec: Any = None if choice == HUMAN else self._bot_objects.get(choice, choice)
        self.match.set_seat(seat, spec)
        who = self._name(seat)
        if choice == HUMAN:
            return f"{who} is now played by you."
        return f"{who} is now played by the {choice} bot: press Step or Autoplay."

    def _set_screen(self, value: int | str) -> str:
        self._viewer = self._check_viewer(value)
        self.selection = ()
        if value == HOT_SEAT:
            return "Hot seat: the picture follows the human who may act."
        return f"{self._name(int(value))} is at the screen."

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
                return f"Autoplay stopped: {_describe(exc)}"
            reason = self._autoplay_blocked()
            if reason:
                self._stop_play()
                return f"{entry} {reason}"
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
            return (f"Autoplay paused: {self._names(self.match.humans_to_act(), plain=True)} "
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
            message = _describe(exc)
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

    def _name(self, seat: int) -> str:
        return self.match.game.player_name(seat)

    def _names(self, seats: Sequence[int], plain: bool = True, joiner: str = " and ") -> str:
        names = [self._name(p) if plain else f"<b>{html.escape(self._name(p))}</b>"
                 for p in seats]
        if len(names) <= 1:
            return "".join(names) or "nobody"
        return ", ".join(names[:-1]) + joiner + names[-1]

    def _sync_controls(self) -> None:
        """Set the menus to the match's seats and the screen setting, without reacting.

        A seat given a bot object by code or by another board since this board was built
        gets its name added to the menus first (a menu cannot show a value it lacks)."""
        c, m = self.controls, self.match
        self._quiet = True
        try:
            names = [m.seat(seat) for seat in range(len(c.seats))]
            new = [n for n in dict.fromkeys(names) if n not in c.seats[0].options]
            if new:
                for seat, name in enumerate(names):
                    if name in new:
                        self._bot_objects[name] = m.bot(seat)
                for d in c.seats:
                    d.options = [*d.options, *new]
            for dropdown, name in zip(c.seats, names):
                dropdown.value = name
            c.screen.value = self._viewer
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
        c.log.value = self._log_html()

    def _update_status(self) -> None:
        msg = f'<div class="tl-message">{html.escape(self._message)}</div>' if self._message else ""
        self.controls.status.value = f'<div class="tl-turn">{self._turn_text()}</div>{msg}'

    def _turn_text(self, plain: bool = False) -> str:
        """Who may act now, for the status line: everyone, humans and bots, by name."""
        s, m = self.state, self.match
        b = (lambda t: t) if plain else (lambda t: f"<b>{html.escape(t)}</b>")
        esc = (lambda t: t) if plain else html.escape
        step = "" if plain else f'<span class="tl-step">step {m.position}</span> '
        if s.is_terminal():
            return step + self._game_over_text(b)
        if s.is_chance_node():
            return step + "Chance to act: press Step or Autoplay."
        humans, bots = m.humans_to_act(), m.bots_to_act()
        acting = self._acting_seat(self._screen_seat())
        # The selector belongs to the picture: it says nothing about a position drawn elsewhere.
        clickable = bool(self._selector) or self._drawn_state is not s
        parts = []
        if acting is not None:
            head = f"Your move, {b(self._name(acting))}"
            others = [p for p in humans if p != acting]
            if others:
                head += f" ({self._names(others, plain)} may act too)"
            if not clickable:
                head += " (this game has no clickable moves here)"
            elif self.selection:
                head += (": click a highlighted choice to go on "
                         "(or the picked one to put it back)")
            else:
                head += ": click a highlighted choice"
            parts.append(head)
        elif humans:
            verb = "may act" if len(humans) > 1 else "is to move"
            parts.append(f"{self._names(humans, plain)} {verb}: {esc(self._why_no_clicks())}")
        if bots:
            who = " and ".join(b(f"{self._name(p)} (bot)") for p in bots)
            verb = "is" if len(bots) == 1 else "are"
            parts.append(f"{who} {verb} thinking: press Step or Autoplay")
        return step + "; ".join(parts) + "."

    def _game_over_text(self, b: Callable[[str], str]) -> str:
        tally = self._tally()
        return (f"Game over: {html.escape(_sentence([self._outcome()]))}"
                + (f" Points: {html.escape(tally)}." if tally else ""))

    def _tally(self) -> str:
        try:
            totals = [sc["total"] for sc in self.state.scores()]
        except Exception:  # noqa: BLE001 - points are a courtesy here (some games have none)
            return ""
        return "; ".join(f"{self._name(p)} {v}" for p, v in enumerate(totals))

    def _outcome(self) -> str:
        """Who won: the game's own sentence (``outcome_text``, which names the tie-break
        on a tie on points), else a generic one."""
        s = self.state
        hook = _hook(self.match.game, "outcome_text")
        if hook is not None:
            try:
                text = hook(s)
            except Exception:  # noqa: BLE001 - fall back to the generic sentence
                text = ""
            if text:
                return clip(str(text))
        winners = s.winners()
        if not winners:
            return "nobody wins"
        if len(winners) > 1:
            return "a tie between " + self._names(winners, plain=True)
        try:
            totals = [sc["total"] for sc in s.scores()]
        except Exception:  # noqa: BLE001
            return f"{self._name(winners[0])} wins"
        w = winners[0]
        tied = [p for p, t in enumerate(totals) if t == totals[w] and p != w]
        if tied:
            return (f"{self._name(w)} wins on the tie-break (tied with "
                    f"{self._names(tied, plain=True)} on {totals[w]} points)")
        return f"{self._name(w)} wins"

    def _log_html(self) -> str:
        log = self.match.log
        if not log:
            return ('<div class="tl-log-title">Log</div>'
                    '<div class="tl-log-empty">No moves yet.</div>')
        shown = log[-self.log_lines:]
        earlier = len(log) - len(shown)
        rows = [f'<li class="tl-log-more">... {earlier} earlier steps</li>'] if earlier else []
        rows += [_log_row(e) for e in shown]
        return f'<div class="tl-log-title">Log</div><ol class="tl-log-list">{"".join(rows)}</ol>'


#: How many moves "Explain" lists at once.
EXPLAIN_LIMIT = 12


def _hook(game: Game, name: str) -> Callable | None:
    """An optional function of the game's render module (see the module docstring)."""
    module = getattr(game, "RENDERER", "")
    if not module:
        return None
    try:
        return getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None


def _reason(action: Any, why: str) -> str:
    """``explain``'s text after the move's own sentence, which is shown in bold already:
    a game that starts its explanation with the sentence must not print it twice."""
    text = str(action)
    if why.startswith(text):
        why = why[len(text):].lstrip(" .:;,")
    return f": {why}" if why else ""


class _Notice(Exception):
    """A gesture that changes nothing but deserves a message."""


def _describe(exc: BaseException) -> str:
    """An exception as a status-line sentence of bounded length: a rule's own message as
    it is, anything else with its type (a bug should look like one)."""
    text = clip(str(exc))
    return text if isinstance(exc, RuleError) else f"{type(exc).__name__}: {text}"


def _log_row(entry: LogEntry) -> str:
    prob = ""
    if entry.probability is not None:
        prob = (' <span class="tl-prob" title="probability">'
                f"p = {_fraction(entry.probability)}</span>")
    who = "tl-chance" if entry.player < 0 else f"tl-p{entry.player}"
    return (f'<li class="{who}"><span class="tl-n">{entry.step}.</span> '
            f"{html.escape(entry.text)}{prob}</li>")


def _fraction(p: Fraction) -> str:
    return html.escape(str(Fraction(p)))


def _sentence(parts: list[str]) -> str:
    return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in parts if p)


def _error_svg(text: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-error" viewBox="0 0 600 60">'
        f'<text x="10" y="35" font-size="14">{html.escape(text)}</text></svg>'
    )
