"""The Treehouse Diner board read on a school laptop (issue 18, item 1), without a browser.

What a student's screen does to the picture: JupyterLab 4.6 in Chromium at 1366x768, in
its default layout (the file browser open), gives a notebook's output 934 px; the board's
frame takes 2 x 7 px of it, so the picture is 920 px wide (measured once in Chromium 156:
``svg.getBoundingClientRect().width`` = 920, ``getScreenCTM().a`` = 1.0 for a 920-wide
board). The board is taller than the screen, so its frame scrolls, and a browser that
draws classic scroll bars (Chromium on Windows and Linux) takes 15 px of that width for
one: the worst case is 905 px. board.js never draws a picture wider than 1.2 times its
own width. So a text ``s`` units high is ``s * min(905, 1.2 * width) / width`` px on the
screen, and every one must be at least 11 px: for 2, 3 and 4 players, with and without
the modules, at the start and in the middle of games, with the parts to click marked.

The texts must also fit: inside the board, inside the order card they are written on,
and apart from each other. Widths are the DejaVu Sans advance widths of
``treehouse_lab.core.textwidth`` (the widest of the fonts the board asks for).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

import pytest

import treehouse_lab as tl
from treehouse_lab.core.textwidth import text_width

NS = "{http://www.w3.org/2000/svg}"
#: The picture's width on the screen (see the module docstring).
LAB_PICTURE_W = 920
SCROLLBAR_W = 15
SCREEN_W = LAB_PICTURE_W - SCROLLBAR_W
MAX_ZOOM = 1.2  # board.js: max-width is 1.2 times the picture's own width
MIN_PX = 11

CONFIGS = [(n, modules) for modules in ((), ("bees",), ("chili",), ("bees", "chili"))
           for n in (2, 3, 4)]


def on_screen_scale(root: ET.Element) -> float:
    width = float(root.get("viewBox").split()[2])
    return min(SCREEN_W, MAX_ZOOM * width) / width


@cache
def pictures(players: int, modules: tuple[str, ...]) -> tuple[str, ...]:
    """The board of a game clicked through by Player 1 (every other seat a random bot):
    the picture after each click, with what may be clicked marked, as a student sees it."""
    game = tl.load_game("diner", players=players, modules=modules)
    board = tl.Board(game, seed=players + 10 * len(modules),
                     bots={p: "random" for p in range(1, players)})
    out = [board.view.svg]
    for i in range(160):
        if board.state.is_terminal():
            break
        targets = sorted(board.targets())
        if targets:
            board.click(targets[(7 * i) % len(targets)])
        else:
            board.controls.step.click()
        out.append(board.view.svg)
    return tuple(out[::4])


def texts(svg: str) -> list[tuple[ET.Element, list[ET.Element]]]:
    """Every ``<text>`` with the chain of its ancestors (root first)."""
    root = ET.fromstring(svg)
    out = []

    def walk(e: ET.Element, chain: list[ET.Element]) -> None:
        for child in e:
            if child.tag == f"{NS}text":
                out.append((child, chain + [e]))
            walk(child, chain + [e])

    walk(root, [])
    return out


def box(t: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a one-line text, from its anchor and its width."""
    size = float(t.get("font-size"))
    w = text_width(t.text or "", size, t.get("font-weight") == "bold")
    x, y = float(t.get("x")), float(t.get("y"))
    left = {"start": x, "middle": x - w / 2, "end": x - w}[t.get("text-anchor", "start")]
    return left, y - 0.76 * size, left + w, y + 0.24 * size


def classes(e: ET.Element) -> set[str]:
    return set((e.get("class") or "").split())


@pytest.mark.parametrize(("players", "modules"), CONFIGS)
def test_every_text_is_at_least_11_px_on_a_laptop_screen(players, modules):
    shots = pictures(players, modules)
    assert len(shots) >= 10
    smallest = []
    for svg in shots:
        root = ET.fromstring(svg)
        scale = on_screen_scale(root)
        sizes = [float(t.get("font-size")) * scale for t, _ in texts(svg)]
        assert len(sizes) > 100  # the whole board is read, not a part of it
        smallest.append(min(sizes))
    assert min(smallest) >= MIN_PX, (
        f"a text is drawn at {min(smallest):.2f} px on a 1366x768 laptop")


@pytest.mark.parametrize(("players", "modules"), CONFIGS)
def test_every_text_fits_the_board_and_its_card_and_no_two_overlap(players, modules):
    for svg in pictures(players, modules):
        width = float(ET.fromstring(svg).get("viewBox").split()[2])
        placed = []
        for t, chain in texts(svg):
            left, top, right, bottom = box(t)
            assert 0 <= left and right <= width, (t.text, left, right)
            card = next((e for e in reversed(chain) if e.get("data-order")), None)
            in_spot = any("tl-bee-spot" in classes(e) for e in chain)
            if card is not None and not in_spot:
                rect = next(r for r in card if r.tag == f"{NS}rect"
                            and r.get("fill") == "#FFFFFF")
                x, w = float(rect.get("x")), float(rect.get("width"))
                assert x <= left and right <= x + w, (t.text, "runs out of its card")
            placed.append((t.text, (left, top, right, bottom)))
        placed.sort(key=lambda p: p[1][1])  # by top: compare only texts that share a line
        for i, (a, (l1, t1, r1, b1)) in enumerate(placed):
            for b, (l2, t2, r2, b2) in placed[i + 1:]:
                if t2 >= b1 - 0.5:
                    break
                overlap = min(r1, r2) - max(l1, l2) > 0.5 and min(b1, b2) - max(t1, t2) > 0.5
                assert not overlap, f"{a!r} and {b!r} overlap"


def test_the_scale_is_the_one_a_laptop_gives_the_board():
    """The board is drawn at the width JupyterLab gives it (so it is shown at 1:1 there,
    905/920 with a scroll bar, never shrunk further by a height cap: board.css)."""
    for players, modules in CONFIGS:
        svg = pictures(players, modules)[0]
        root = ET.fromstring(svg)
        assert root.get("width") == str(LAB_PICTURE_W), (players, modules)
        assert root.get("viewBox").startswith(f"0 0 {LAB_PICTURE_W} ")
        assert on_screen_scale(root) == pytest.approx(SCREEN_W / LAB_PICTURE_W)
