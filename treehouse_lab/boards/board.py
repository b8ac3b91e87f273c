"""``tl.Board``: a live, clickable board around a :class:`~treehouse_lab.match.Match`.

Why it is built this way:

* The board knows a game only through the protocol: ``match.state``,
  ``game.render_svg(state, viewer=, selection=, targets=)``, ``game.click_paths(state)``,
  ``state.narrate/explain`` and ``match.log``. A new game needs no board code.
* Every user gesture (a click in the picture, a button, the autoplay timer, a seat change)
  goes through :meth:`Board._guard`, which turns any exception into a message in the status
  line and then redraws from the match. The match is the single source of truth, so the
  board cannot drift from it, however fast or oddly it is clicked.
* After a human move the board lets chance and bots play (``autorun``) until a human must
  choose again: the next decision appears at once, while Step, Back, Forward and Autoplay
  still let you walk through the same moves one at a time.

*Back* goes to just before the latest decision made by a seat that is human now
(``Match.undo_to_human``: what "take back my move" means to a player, skipping the bot
replies and dice in between); when there is no such decision (all bots, or only set-up so
far) it goes back one step (``Match.undo``). *Forward* redoes one step (``Match.redo``).
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Callable, Mapping

import ipywidgets as widgets

from ..bots import BOTS
from ..errors import HumanToMove, RuleError
from ..match import LogEntry, Match
from ..protocol import Game, State
from ..registry import load_game
from .controls import HUMAN, Controls
from .selection import Selector
from .view import BoardView

#: how many bot/chance steps one human move may trigger before the board stops to breathe
AUTORUN_LIMIT = 10_000


class Board(widgets.VBox):
    """A live board: ``tl.Board(game_or_match, seed=0, bots={1: "random"}, viewer=None)``.

    ``match_or_game`` is a :class:`Match`, a :class:`Game` or a game name. ``bots`` maps
    seats to bot names (seats not named are human); with a ``Match`` it overrides those
    seats. ``viewer`` is the seat at the screen (``None``: whoever is to move, hot-seat).
    ``autorun`` lets bots and chance play after each human move (and at the start) until
    a human must choose. ``log_lines`` is how many recent log entries are shown.

    Use ``board.click(target)`` to click a ``data-target`` exactly as the browser does;
    ``board.match`` is the match, ``board.view`` the picture widget, ``board.message`` the
    latest message, ``board.selection`` the targets picked so far.
    """

    def __init__(
        self,
        match_or_game: Match | Game | str,
        seed: int = 0,
        bots: Mapping[int, Any] | None = None,
        viewer: int | None = None,
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
                f"Board needs a tl.Match, a game (tl.load_game(...)) or a game name, "
                f"got {match_or_game!r}"
            )
        players = match.game.players
        if viewer is not None and (
            isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players
        ):
            raise RuleError(f"viewer must be None or a seat 0..{players - 1}, got {viewer!r}")
        self.match: Match = match
        self.viewer: int | None = viewer
        self.autorun = autorun
        self.log_lines = log_lines
        self.selection: tuple[str, ...] = ()
        self._message = ""
        self._selector = Selector({})
        self._bot_objects: dict[str, Any] = {}  # bot objects not in BOTS, by seat name
        self._quiet = False  # True while the board itself sets control values

        names = [match.game.player_name(p) for p in range(players)]
        self.controls = Controls(names, self._seat_choices())
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
        try:
            self._selector = Selector(self._paths())
        except Exception as exc:  # noqa: BLE001 - a click_paths bug must not kill the board
            self._selector = Selector({})
            self._message = f"This position has no clickable moves ({type(exc).__name__}: {exc})"
        if self.selection and not self._selector.is_prefix(self.selection):
            self.selection = ()
        try:
            svg = self.match.game.render_svg(
                self.state, viewer=self.viewer, selection=self.selection,
                targets=self.targets(),
            )
        except Exception as exc:  # noqa: BLE001 - a drawing bug must not kill the board
            svg = _error_svg(f"Could not draw this position: {type(exc).__name__}: {exc}")
        self.view.show(svg, self._message)
        self._update_controls()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict | None:
        """The live widget, plus the current picture as ``image/svg+xml``.

        Why both: JupyterLab, Voila and VS Code prefer the widget view, while a saved
        notebook read without a kernel (GitHub, nbviewer, an HTML export) falls back to
        the SVG, so the board still shows the position it was left in.
        """
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict) and self.view.svg:
            data["image/svg+xml"] = self.view.svg
        return data

    def __repr__(self) -> str:
        return (f"<Board {self.match.game.name} step {self.match.position}: "
                f"{self._turn_text(plain=True)}>")

    # -- what the gestures do -------------------------------------------------------
    def _on_click(self, target: str) -> str:
        """A click that passed the version check (see :meth:`BoardView.receive`)."""
        self._guard(lambda: self._click(target))
        return self._message

    def _click(self, target: str) -> str:
        if not self._selector:
            raise _Notice(f"{target!r} cannot be clicked now: {self._turn_text(plain=True)}")
        result = self._selector.click(self.selection, target)
        if result.kind == "unknown":
            raise _Notice(f"{target!r} is not something you can click now; nothing changed.")
        self.selection = result.selection
        if result.kind == "illegal":
            return "That is not a legal move."
        if result.kind == "deselect":
            return "Put back." if not result.selection else "Put back; keep picking."
        if result.kind == "select":
            return ""  # the status line already says what to click next
        assert result.action is not None
        entry = self.match.play(result.action)
        said = _sentence([entry.text])
        if self.autorun:
            more = len(self._advance_entries())
            if more:
                said += f" Then {more} more step{'s' if more > 1 else ''}: see the log."
        return said

    def _advance_entries(self) -> list[str]:
        """Let chance and bots play until a human must choose (or the game ends); the
        log lines of the steps taken."""
        said = []
        for _ in range(AUTORUN_LIMIT):
            if self.state.is_terminal() or self.match.waiting_for_human():
                break
            said.append(str(self.match.step().text))
        return said

    def _opening(self) -> str:
        self._advance_entries()
        return ""

    def _step(self) -> str:
        if self.state.is_terminal() and not self.match.can_redo:
            return "The game is over: Back, Restart or change seats to play on."
        try:
            entry = self.match.step()
        except HumanToMove:
            p = self.state.current_player
            return (f"{self._name(p)} is a human seat: click a highlighted target, "
                    "or make the seat a bot.")
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
            return f"Back to step {m.position}: your decision again."
        m.undo()
        return f"Back one step (to step {m.position})."

    def _forward(self) -> str:
        if not self.match.can_redo:
            return "Nothing to redo."
        return str(self.match.redo())

    def _restart(self) -> str:
        self.match.restart()
        if self.autorun and self._has_human():
            self._advance_entries()
        return "Restarted with the same seed."

    def _explain(self) -> str:
        c = self.controls
        text = self._explain_html()
        c.explanation.value = text
        c.explanation.layout.display = "block" if text else "none"
        return "" if text else "Nothing to explain yet: no move has been made."

    def _explain_html(self) -> str:
        if self.selection:
            actions = self._selector.matching(self.selection)
            parts = [
                f"<li><b>{html.escape(str(a))}</b>: {html.escape(self.state.explain(a))}</li>"
                for a in actions[:6]
            ]
            more = f"<li>... and {len(actions) - 6} more</li>" if len(actions) > 6 else ""
            return f"<div><b>Moves you are picking:</b><ul>{''.join(parts)}{more}</ul></div>"
        log = self.match.log
        if not log:
            return ""
        # The last decision by a player; chance outcomes are explained by their odds.
        idx = next((i for i in range(len(log) - 1, -1, -1) if log[i].player >= 0), len(log) - 1)
        entry = log[idx]
        before = self._state_at(idx)
        why = before.explain(entry.action)
        odds = f" (chance {entry.probability})" if entry.probability is not None else ""
        return (f"<div><b>Step {entry.step}. {html.escape(entry.text)}</b>{html.escape(odds)}"
                f"<br>{html.escape(why)}</div>")

    def _state_at(self, k: int) -> State:
        """The state after the first ``k`` actions, replayed (the match keeps it private)."""
        s = self.match.game.new_initial_state()
        for a in self.match.history[:k]:
            s.apply(a)
        return s

    def _set_seat(self, seat: int, choice: str) -> str:
        spec: Any = None if choice == HUMAN else self._bot_objects.get(choice, choice)
        self.match.set_seat(seat, spec)
        who = self._name(seat)
        if choice == HUMAN:
            return f"{who} is now played by you."
        return f"{who} is now played by the {choice} bot: press Step or Autoplay."

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
            entry = self.match.step()
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
            return (f"Autoplay paused: {self._name(self.state.current_player)} "
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
            message = f"{type(exc).__name__}: {exc}"
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

    def _seat_changed(self, seat: int) -> Callable[[dict], None]:
        def changed(change: dict) -> None:
            if not self._quiet:
                self._guard(lambda: self._set_seat(seat, change["new"]))
        return changed

    def _seat_choices(self) -> list[str]:
        choices = [HUMAN, *BOTS]
        for seat in range(self.match.game.players):
            name = self.match.seat(seat)
            if name not in choices:
                choices.append(name)
                self._bot_objects[name] = self.match._bots.get(seat)  # keep the object
        return choices

    def _has_human(self) -> bool:
        return any(self.match.seat(p) == HUMAN for p in range(self.match.game.players))

    def _paths(self) -> dict:
        m = self.match
        if not m.waiting_for_human():
            return {}
        return dict(m.game.click_paths(self.state))

    def _name(self, seat: int) -> str:
        return self.match.game.player_name(seat)

    def _update_controls(self) -> None:
        c, m = self.controls, self.match
        c.back.disabled = m.position == 0
        c.forward.disabled = not m.can_redo
        c.step.disabled = m.state.is_terminal() and not m.can_redo
        self._quiet = True
        try:
            for seat, dropdown in enumerate(c.seats):
                dropdown.value = m.seat(seat)
        finally:
            self._quiet = False
        self._update_status()
        c.log.value = self._log_html()

    def _update_status(self) -> None:
        msg = f'<div class="tl-message">{html.escape(self._message)}</div>' if self._message else ""
        self.controls.status.value = f'<div class="tl-turn">{self._turn_text()}</div>{msg}'

    def _turn_text(self, plain: bool = False) -> str:
        s, m = self.state, self.match
        b = (lambda t: t) if plain else (lambda t: f"<b>{html.escape(t)}</b>")
        step = "" if plain else f'<span class="tl-step">step {m.position}</span> '
        if s.is_terminal():
            winners = s.winners()
            try:
                scores = s.returns()
                tally = "; ".join(f"{self._name(p)} {v}" for p, v in enumerate(scores))
            except Exception:  # noqa: BLE001 - scores are a courtesy here
                tally = ""
            if len(winners) == 1:
                head = f"Game over: {b(self._name(winners[0]))} wins"
            elif winners:
                head = "Game over: tie between " + ", ".join(b(self._name(p)) for p in winners)
            else:
                head = "Game over"
            return step + head + (f" ({html.escape(tally)})" if tally else "") + "."
        if s.is_chance_node():
            return step + "Chance to act: press Step or Autoplay."
        actors = s.actors() or [s.current_player]
        humans = [p for p in actors if m.seat(p) == HUMAN]
        if humans:
            who = " and ".join(b(self._name(p)) for p in humans)
            if not self._selector:
                return step + f"{who} to move (this game has no clickable moves here)."
            how = "click a highlighted choice" if not self.selection else \
                "click a highlighted choice to go on (or the picked one to put it back)"
            return step + f"{who} to move: {how}."
        who = " and ".join(b(f"{self._name(p)} ({m.seat(p)} bot)") for p in actors)
        return step + f"{who} to move: press Step or Autoplay."

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


class _Notice(Exception):
    """A gesture that changes nothing but deserves a message."""


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
