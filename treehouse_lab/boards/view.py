"""The AnyWidget that shows a board's SVG in the browser and reports clicks.

Why so thin: the browser side (``widgets/board.js``) only draws the SVG string it is sent
and reports which ``data-target`` element was clicked. Everything that needs judgement
(is this click legal, what does it mean) happens in Python, in :mod:`.selection` and
:class:`~treehouse_lab.boards.board.Board`, so rules never live in JavaScript and the
whole board can be tested without a browser by calling :meth:`BoardView.receive` (or
``_handle_custom_msg``) with the message the browser would send.

The protocol, both ways, is small:

* browser -> kernel: ``{"type": "click", "target": "<data-target id>", "version": n}``
  where ``n`` is the ``version`` the clicked picture was drawn at;
* kernel -> browser: the ``svg`` and ``version`` traits (every redraw bumps ``version``),
  and after every click a ``{"type": "done", "version": n, "message": "..."}`` custom
  message, so the browser leaves its "thinking" state even when nothing was redrawn.
"""

from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

from ..errors import clip
from .assets import widget_file

# ``handler(target) -> message``: what the board does with a click that passed the checks.
ClickHandler = Callable[[str], str]

STALE = "That click was on an older picture of the board (it has changed since); look again."


class BoardView(anywidget.AnyWidget):
    """The SVG picture of a position, with clickable ``[data-target]`` elements."""

    _esm = widget_file("board.js")
    _css = widget_file("board.css")

    svg = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Game board").tag(sync=True)
    #: the ``data-target`` ids a guide spotlights (class ``tl-spotlight``; the other
    #: targets get ``tl-dimmed``); None: no guide, nothing spotlit or dimmed (guide.py)
    spotlight = traitlets.List(traitlets.Unicode(), allow_none=True,
                               default_value=None).tag(sync=True)
    #: a sentence for screen readers, said by the view's aria-live region when it changes
    announce = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        on_click: ClickHandler | None = None,
        on_message: Callable[[str], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        #: called with each click that passed the version check; returns the message
        self.on_click: ClickHandler | None = on_click
        #: told the message answering every browser message (the board's status line)
        self.on_message: Callable[[str], None] | None = on_message
        self.on_msg(self._on_custom_msg)

    def show(self, svg: str, message: str | None = None) -> None:
        """Draw ``svg``: always a new ``version``, so clicks on the old picture are stale."""
        with self.hold_sync():
            self.version += 1
            self.svg = svg
            if message is not None:
                self.message = message

    def receive(self, content: Any) -> str:
        """Handle one message from the browser and return the message shown for it.

        Malformed, stale and unknown messages change nothing; exceptions from the handler
        become messages (a widget callback must never raise into the kernel's comm layer).
        No message repeats what the browser sent beyond a short prefix: a forged message
        may be megabytes long, and the status line must stay a sentence.
        """
        if not isinstance(content, dict) or content.get("type") != "click":
            return "The board received a message it does not understand; nothing changed."
        version, target = content.get("version"), content.get("target")
        if isinstance(version, bool) or not isinstance(version, int):
            return "A click arrived without a board version; nothing changed."
        if version != self.version:
            return STALE
        if not isinstance(target, str) or not target:
            return "A click arrived without a target; nothing changed."
        if self.on_click is None:
            return "This board is read-only."
        try:
            return self.on_click(target)
        except Exception as exc:  # noqa: BLE001 - shown to the user, never raised
            return f"Something went wrong: {type(exc).__name__}: {clip(str(exc))}"

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        message = self.receive(content)
        self.message = message
        if self.on_message is not None:
            try:
                self.on_message(message)
            except Exception:  # noqa: BLE001 - a status line must not break the comm
                pass
        try:
            self.send({"type": "done", "version": self.version, "message": message})
        except Exception:  # noqa: BLE001 - no front end (tests, closed comm): nothing to tell
            pass
