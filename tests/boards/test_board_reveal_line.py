"""A step's reveal (``LogEntry.revealed``) is a line of its own after the step's line: in
the board's log panel, in the status line after a human's move, and in ``str(entry)``."""

from __future__ import annotations

from treehouse_lab.boards.status import log_html
from treehouse_lab.boards.wording import then_text
from treehouse_lab.match import LogEntry

SHOWN = "All bids revealed: Player 1 4, Player 2 2"


def _entries():
    return [LogEntry(step=7, player=0, actor="", action=None,
                     text="Player 1 bids a card face down"),
            LogEntry(step=8, player=1, actor="", action=None,
                     text="Player 2 bids a card face down", revealed=SHOWN)]


def test_the_log_panel_shows_the_reveal_on_the_row_after_its_step():
    html = log_html(_entries(), lines=10)
    step = html.index("Player 2 bids a card face down")
    assert html.index(SHOWN) > step
    assert html.count("<li") == 3 and 'class="tl-revealed"' in html
    assert html.count(SHOWN) == 1


def test_the_status_line_and_the_text_of_the_entry_name_the_reveal():
    assert then_text(_entries()) == (" Then Player 1 bids a card face down; "
                                     f"Player 2 bids a card face down; {SHOWN}.")
    first, second = str(_entries()[1]).split("\n")
    assert first == "8. Player 2 bids a card face down" and second.strip() == SHOWN
    assert "\n" not in str(_entries()[0])
