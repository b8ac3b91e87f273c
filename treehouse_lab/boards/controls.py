"""The ipywidgets around the picture: buttons, autoplay, seat selectors, the "at the screen"
selector, status, log.

Why a separate module: :mod:`.board` decides what the controls *do*; this module only
builds and lays them out, so the layout can change without touching behaviour and the
tests can reach every control by a stable attribute name.
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as widgets

HUMAN = "human"
#: The "at the screen" choice for pass-and-play: the picture follows the human to move.
HOT_SEAT = "hot-seat"


def _button(description: str, icon: str, tooltip: str) -> widgets.Button:
    b = widgets.Button(
        description=description, icon=icon, tooltip=tooltip,
        layout=widgets.Layout(width="auto"),
    )
    b.add_class("tl-button")
    return b


class Controls:
    """Every control widget of a board, built once; ``board.controls.step`` and so on."""

    def __init__(self, seat_names: Sequence[str], seat_choices: Sequence[str],
                 screen: int | str = HOT_SEAT) -> None:
        self.step = _button("Step", "step-forward", "One step: chance, or the bot to move")
        # board.js gives Step the focus after a move where no target is left to click.
        self.step.add_class("tl-step-button")
        self.back = _button("Back", "undo", "Undo back to your last decision")
        self.forward = _button("Forward", "redo", "Redo the next undone step")
        self.restart = _button("Restart", "refresh", "Start the match again (same seed)")
        self.explain = _button(
            "Explain this move", "question-circle",
            "Your choices here: what each highlighted target does, why greyed ones cannot "
            "be played",
        )
        # The Play widget counts up in the browser on its own timer; each tick the kernel
        # sees is one step. ``max`` is just "a long game": the board stops it earlier.
        self.play = widgets.Play(
            value=0, min=0, max=1_000_000, step=1, interval=600,
            show_repeat=False, description="Autoplay", tooltip="Autoplay bots and chance",
        )
        self.play.add_class("tl-play")
        # The Play widget draws its buttons as bare icons: a visible label says what they
        # are for (issue 7), and board.css names each button (play, pause, stop).
        self.autoplay_label = widgets.HTML("<b>Autoplay</b> bots and chance:")
        self.autoplay_label.add_class("tl-autoplay-label")
        self.speed = widgets.IntSlider(
            value=600, min=50, max=2000, step=50, description="Delay (ms)",
            readout=True, continuous_update=False, style={"description_width": "auto"},
            layout=widgets.Layout(width="230px"),
        )
        # jslink: the delay follows the slider in the browser, with no kernel round trip.
        self._speed_link = widgets.jslink((self.speed, "value"), (self.play, "interval"))
        self.seats = [
            widgets.Dropdown(
                options=list(seat_choices), value=HUMAN, description=name,
                style={"description_width": "auto"}, layout=widgets.Layout(width="auto"),
            )
            for name in seat_names
        ]
        for d in self.seats:
            d.add_class("tl-seat")
        # Who sits at the screen: whose hidden cards are drawn and for whom clicks act.
        self.screen = widgets.Dropdown(
            options=[("Hot seat (the human to move)", HOT_SEAT),
                     *((name, seat) for seat, name in enumerate(seat_names))],
            value=screen, description="At the screen",
            style={"description_width": "auto"}, layout=widgets.Layout(width="auto"),
        )
        self.screen.add_class("tl-screen")
        self.status = widgets.HTML()
        self.status.add_class("tl-status")
        self.explanation = widgets.HTML(layout=widgets.Layout(display="none"))
        self.explanation.add_class("tl-explain")
        self.log = widgets.HTML()
        self.log.add_class("tl-log")

    def bar(self) -> widgets.VBox:
        """The bar above the picture: the status line, the buttons and Explain's answer.

        Why above, and sticky (``board.css``): a board taller than the screen scrolls
        inside itself, under this bar, so whoever is to move, Step, Back and Explain stay
        on the screen for every move (issue 18: they used to sit below the fold)."""
        buttons = widgets.HBox(
            [self.step, self.back, self.forward, self.restart, self.explain],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        buttons.add_class("tl-row")
        buttons.add_class("tl-buttons")
        bar = widgets.VBox([self.status, buttons, self.explanation])
        bar.add_class("tl-bar")
        return bar

    def rows(self) -> list[widgets.Widget]:
        """The rows under the picture, top to bottom."""
        auto = widgets.HBox([self.autoplay_label, self.play, self.speed],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        auto.add_class("tl-row")
        seats = widgets.HBox(
            [widgets.HTML("<b>Seats</b>"), *self.seats, self.screen],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        seats.add_class("tl-row")
        seats.add_class("tl-seats")
        return [auto, seats, self.log]
