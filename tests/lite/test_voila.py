"""The tutorials as Voila apps (the README's Voila link opens Backyard's on Binder): with a
real Voila server and kernel, the page's live board draws and a click on it plays;
(issue 18) every game's first tutorial board has all its text at least 11 px at
1366x768; and (issue 47) axe-core finds nothing critical or serious in the project's own
elements of each tutorial's page."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from tl_axe import OURS, failing, report, violations
from tl_text_sizes import MEASURE, assert_readable
from tl_voila import voila_server

import treehouse_lab as tl
from treehouse_lab.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "backyard-builders.ipynb"  # the one the README links as a Voila app
#: Each game's tutorial, whose first board is measured (issue 18).
TUTORIALS = {"backyard": "backyard-builders.ipynb", "diner": "treehouse-diner.ipynb",
             "magical": "magical-treehouse.ipynb", "pyramids": "treehouse.ipynb"}
LAPTOP = {"width": 1366, "height": 768}
RENDER_LIMIT_MS = 240_000

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory):
    """Voila (``tl_voila.voila_server``) serving a temporary folder with a copy of each
    tutorial (an app is at ``voila/render/<notebook>``)."""
    base = tmp_path_factory.mktemp("voila")
    for name in TUTORIALS.values():
        shutil.copy(ROOT / "notebooks" / name, base / name)
    with voila_server(base) as url:
        yield url


def test_voila_app_board_plays_a_click(browser, voila_url, figures, board_in):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        t0 = time.monotonic()
        page.goto(f"{voila_url}voila/render/{NOTEBOOK}", timeout=RENDER_LIMIT_MS)
        board = board_in(page, page.locator(".tl-board-widget").first)
        board.wait_drawn(timeout=RENDER_LIMIT_MS)
        figures[f"voila {NOTEBOOK}: page to board drawn (s)"] = round(time.monotonic() - t0, 1)
        assert board.label() == f"{game_class('backyard').TITLE} board"
        before = board.picture()
        target, ms = board.click_something()
        assert board.picture() != before, f"clicking {target} left the board as it was"
        figures[f"voila {NOTEBOOK}: click to redraw (ms)"] = round(ms)
        stderr = page.locator(".jp-OutputArea-output[data-mime-type*='stderr']")
        assert stderr.count() == 0, stderr.first.text_content()
    finally:
        context.close()


def test_every_game_has_a_tutorial_measured_here():
    assert set(TUTORIALS) == set(tl.GAMES), "add the new game's tutorial to TUTORIALS"


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_voila_board_text_is_at_least_11px(browser, voila_url, board_in, game):
    """Issue 18: the first board of each tutorial, as a Voila app on a 1366x768 laptop."""
    context = browser.new_context(viewport=dict(LAPTOP), device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(f"{voila_url}voila/render/{TUTORIALS[game]}", timeout=RENDER_LIMIT_MS)
        board = board_in(page, page.locator(".tl-board-widget").first)
        board.wait_drawn(timeout=RENDER_LIMIT_MS)
        assert board.label() == f"{game_class(game).TITLE} board"
        page.wait_for_timeout(300)
        assert_readable(board.root.evaluate(MEASURE), f"{TUTORIALS[game]}'s first board, Voila")
    finally:
        context.close()


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_voila_tutorial_passes_axe(browser, voila_url, board_in, game):
    """Issue 47, item 6: "axe-core reports no critical or serious violation in the
    project's own elements ... in Voila". Each tutorial as an app at 1366x768: axe on its
    boards, their controls, its lessons and saved pictures (``tl_axe.OURS``; Voila's own
    page is not the project's), once drawn and again after a click on the first board
    (a piece picked or a move played: selected and dimmed targets)."""
    context = browser.new_context(viewport=dict(LAPTOP), device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(f"{voila_url}voila/render/{TUTORIALS[game]}", timeout=RENDER_LIMIT_MS)
        board = board_in(page, page.locator(".tl-board-widget").first)
        board.wait_drawn(timeout=RENDER_LIMIT_MS)
        page.wait_for_timeout(300)
        found = failing(violations(page, OURS), page)
        assert not found, report(found, f"Voila {TUTORIALS[game]}")
        target, _ = board.click_something()
        found = failing(violations(page, OURS), page)
        assert not found, report(found, f"Voila {TUTORIALS[game]}, after clicking {target}")
    finally:
        context.close()
