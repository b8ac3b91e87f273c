"""Every student can use the boards (issue 47, item 6), in a real JupyterLab at 1366x768:

* axe-core (tests/support/tl_axe.py) finds nothing critical or serious in the project's
  own elements: each game's board with its controls (the ``.tl-board-widget``; axe is
  run on those elements only, as JupyterLab's own toolbar, menus and file browser are
  JupyterLab's, not this project's);
* after a move made by keyboard, the keyboard focus is on the next sensible place: the
  first target that may be clicked, else the board's Step button, never the page;
* the status line's two parts are read as two sentences ("...choice. Player 1 plays...").

One notebook holds a board of each game, each with a bot in the other seats.
"""

from __future__ import annotations

import json

import pytest
import tl_lab_page as lab_helpers
from tl_axe import failing, report, violations

pytestmark = pytest.mark.browser

#: One board per game: Player 1 at the screen, bots in the other seats.
BOARDS = {
    "pyramids": "tl.Board(tl.load_game('pyramids', players=2), seed=1, bots={1: 'random'})",
    "backyard": "tl.Board(tl.load_game('backyard', players=2), seed=1, bots={1: 'random'})",
    "diner": "tl.Board(tl.load_game('diner', players=2), seed=1, bots={1: 'random'})",
    "magical": ("tl.Board(tl.load_game('magical', players=3), seed=1,\n"
                "         bots={1: 'random', 2: 'random'})"),
}

#: JavaScript: what has the keyboard focus: a board target (its id), a button (its text),
#: or something else (its tag), with whether it is inside ``root``.
FOCUSED = """(root) => {
  const el = document.activeElement;
  if (!el || el === document.body) return {kind: 'page'};
  const target = el.closest('[data-target]');
  if (target) return {kind: 'target', name: target.getAttribute('data-target'),
                      inside: root.contains(el)};
  return {kind: el.tagName.toLowerCase(), name: (el.innerText || '').trim(),
          inside: root.contains(el)};
}"""


def _write(lab, name: str, games) -> None:
    cells = ["import treehouse_lab as tl"] + [f"b_{g} = {BOARDS[g]}\nb_{g}" for g in games]
    (lab.notebooks / name).write_text(json.dumps(lab_helpers.notebook_of_cells(cells)))


def test_axe_finds_nothing_critical_or_serious_on_any_board(page, lab):
    _write(lab, "_a11y-boards.ipynb", BOARDS)
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_a11y-boards.ipynb")
    assert page.locator(".tl-board-widget .tl-frame svg").count() == len(BOARDS)
    board.locator(".tl-frame svg").wait_for(state="visible")
    found = failing(violations(page, ".tl-board-widget"), page)
    assert not found, report(found, "JupyterLab boards")


def test_after_a_keyboard_move_the_focus_is_on_the_next_target(page, lab):
    """Backyard, Player 1 at the screen and a bot at Player 2: a card's face-down tab,
    focused and pressed with Enter, plays; the bot answers; the focus is then on one of
    Player 1's next targets (the first not dimmed), not on the page."""
    _write(lab, "_a11y-focus.ipynb", ["backyard"])
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_a11y-focus.ipynb")
    view = board.locator(".tl-board-view")
    tab = board.locator(".tl-frame [data-target$=':down']").first
    tab.focus()
    before = view.get_attribute("data-version")
    page.keyboard.press("Enter")
    lab_helpers.wait_redrawn(page, board, before)
    now = board.evaluate(FOCUSED)
    assert now["kind"] == "target" and now["inside"], now
    first = board.locator(".tl-frame [data-target]:not(.tl-dimmed)").first
    assert now["name"] == first.get_attribute("data-target"), now


def test_the_status_line_reads_as_sentences(page, lab):
    """Issue 47, item 7: the turn and the last message were read as one word
    ("...choice.Player 1 plays..."): the status line's text, as a screen reader takes it
    from the page, has a space between them."""
    _write(lab, "_a11y-status.ipynb", ["backyard"])
    board = lab_helpers.run_notebook_and_get_board(page, lab, "_a11y-status.ipynb")
    lab_helpers.click_target(page, board, "[data-target$=':down']")
    status = board.locator("div.tl-status")
    assert status.locator(".tl-message").count() == 1
    text = status.evaluate("el => el.textContent")
    turn = status.locator(".tl-turn").evaluate("el => el.textContent")
    assert text.startswith(turn) and text[len(turn)] == " ", text


#: Key presses a whole keyboard game may take; more means the play is stuck.
KEY_LIMIT = 400


@pytest.mark.parametrize("game", ["pyramids", "backyard", "diner", "magical"])
def test_a_whole_game_by_keyboard_alone(page, lab, game):
    """Issue 47: "a full game by keyboard only". Player 1 at the screen, a bot at Player
    2. The keyboard reaches the board (Tab into its frame, then Tab to the first target)
    and then only Enter is pressed: on a target it plays (or picks, for a move of two
    clicks), on Step it moves the bot or chance; after each press the focus is on a
    target or on Step (never the page), so the next Enter needs no Tab. The game ends.
    Treehouse, Backyard Builders and the Diner with two players, Magical Treehouse with
    three (bots at Players 2 and 3): a few dozen presses each, the Diner about 300 (under
    a minute). The Diner once lost the focus to the page now and then: a press made
    before the previous click's late "done" message came (tests/browser/test_board_js.py)."""
    _write(lab, f"_a11y-keys-{game}.ipynb", [game])
    board = lab_helpers.run_notebook_and_get_board(page, lab, f"_a11y-keys-{game}.ipynb")
    view = board.locator(".tl-board-view")
    board.locator(".tl-frame").focus()
    page.keyboard.press("Tab")
    status = board.locator("div.tl-status .tl-turn")
    presses = 0
    while "Game over" not in status.inner_text() and presses < KEY_LIMIT:
        now = board.evaluate(FOCUSED)
        assert now.get("inside") and (now["kind"] == "target" or now["name"] == "Step"), (
            presses, now, status.inner_text())
        before = view.get_attribute("data-version")
        page.keyboard.press("Enter")
        presses += 1
        lab_helpers.wait_redrawn(page, board, before)
    assert "Game over" in status.inner_text(), f"no end after {KEY_LIMIT} key presses"
    assert presses >= 2, f"the game ended after {presses} presses: nothing was played"
    print(f"{game}: a whole game in {presses} presses of Enter")
