"""The live board on the real Backyard Builders engine, driven as the browser drives it."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest
from tl_board_helpers import autoplay

import treehouse_lab as tl
from treehouse_lab.games.backyard.rules import matches


@pytest.fixture
def board():
    return tl.Board(tl.load_game("backyard", players=2), seed=0, bots={1: "random"})


def houses(svg: str) -> dict[int, int]:
    return {int(p): int(n) for p, n in
            re.findall(r'<g data-treehouse="(\d+)" data-cards="(\d+)"', svg)}


def test_backyard_opens_on_a_human_decision_with_clickable_cards(board):
    assert board.match.waiting_for_human() and board.state.current_player == 0
    paths = board.match.game.click_paths(board.state)
    firsts = {p[0] for p in paths.values()}
    assert board.targets() == firsts
    assert set(re.findall(r'data-target="([^"]+)"', board.view.svg)) == firsts


def test_playing_a_card_face_up_by_its_click_path_grows_the_treehouse(board):
    state = board.state
    before = len(state.treehouse(0))
    action, path = next(
        (a, p) for a, p in board.match.game.click_paths(state).items()
        if not getattr(a, "face_down", True)
    )
    for target in path:
        board.click(target)
    assert any(e.action == action and e.player == 0 for e in board.match.log)
    assert len(board.state.treehouse(0)) == before + 1
    assert houses(board.view.svg)[0] == before + 1
    assert "Player 1 plays" in board.controls.log.value
    assert board.match.waiting_for_human() or board.state.is_terminal()  # the bot answered


def test_the_hand_asks_for_a_click_only_when_a_move_is_offered(board):
    """``offered=False`` (the board's guide wants no move now: a lesson's step to read):
    the cards are still drawn as targets, for the guide to answer a click, but the hand
    does not tell the viewer to click."""
    s, targets = board.state, board.targets()
    asked = s.render_svg(viewer=0, targets=targets)
    quiet = s.render_svg(viewer=0, targets=targets, offered=False)
    assert "Click a glowing card" in asked and "Click a glowing card" not in quiet
    drawn = re.findall(r'data-target="([^"]+)"', quiet)
    assert set(drawn) == targets and drawn == re.findall(r'data-target="([^"]+)"', asked)


def test_a_whole_backyard_game_on_the_board_with_bots_and_autoplay():
    b = tl.Board(tl.load_game("backyard", players=3), seed=3, bots={0: "random", 1: "random",
                                                                     2: "random"})
    autoplay(b, limit=2000)
    assert b.state.is_terminal()
    assert "Game over" in b.controls.status.value


# -- issue 7: a bot's turn looks like one; explanations; tooltips; the end; the layout ------

def status(board) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", board.controls.status.value))


def at_a_bots_turn(seed: int = 0) -> tl.Board:
    """A Backyard board stopped (no autorun) where the bot, Player 2, must build."""
    b = tl.Board(tl.load_game("backyard", players=2), seed=seed, bots={1: "random"},
                 autorun=False)
    for _ in range(200):
        s = b.state
        if s.stage == "play" and s.current_player == 1:
            return b
        if b.match.humans_to_act():
            b.click(next(iter(sorted(b.targets()))))
        else:
            b.controls.step.click()
    raise AssertionError("the bot never had a turn")


def test_a_bots_turn_shows_no_hand_nothing_glows_and_the_board_says_so():
    """Defect (issue 7): on the bot's turn the board showed the bot's hand glowing,
    revealed its draw, and said "Click a glowing card", but clicks did nothing."""
    b = at_a_bots_turn()
    svg = b.view.svg
    assert "data-card=" not in svg and "data-target" not in svg  # no face, nothing to click
    assert "#FFE9A8" not in svg and "Click a glowing card" not in svg  # nothing glows
    assert "Player 2 holds the hand (3 cards)" in svg
    assert "Player 2 (bot) is thinking: press Step or Autoplay" in status(b)
    assert b.controls.step.button_style == "info"
    hidden = {c.id for c in b.state.hand(1)}
    assert not any(card in svg for card in hidden)


def test_nobody_at_the_screen_sees_no_hand():
    """``viewer=None`` is nobody: the hand of the player to move stays hidden too."""
    b = at_a_bots_turn()
    s = b.state
    for seat in (None, 0):
        svg = s.render_svg(viewer=seat)
        assert "data-card=" not in svg and "holds the hand" in svg
    assert "data-card=" in s.render_svg(viewer=1)  # the bot's own view, for comparison


def test_back_then_forward_on_the_backyard_board_returns_to_your_decision(board):
    action, (target,) = next(iter(board.match.game.click_paths(board.state).items()))
    board.click(target)
    where = board.match.position
    assert board.match.waiting_for_human() and board.state.current_player == 0
    board.controls.back.click()
    assert board.state.current_player == 0 and board.targets()
    board.controls.forward.click()
    assert board.match.position == where and board.targets()
    assert "your decision again" in board.message and "Your move, Player 1" in status(board)
    assert "Click a glowing card" in board.view.svg and "#FFE9A8" in board.view.svg


def a_hand_with_a_card_that_does_not_fit() -> tl.Board:
    for seed in range(50):
        b = tl.Board(tl.load_game("backyard", players=2), seed=seed, bots={1: "random"})
        while not b.state.is_terminal():
            top = b.state.top_floor(0)
            if any(not matches(top, c) for c in b.state.hand(0)):
                return b
            # build face up when possible: a wild on top would make every card fit
            b.click(sorted(b.targets(), key=lambda t: (not t.endswith(":up"), t))[0])
    raise AssertionError("no seed gave a hand with a card that does not fit")


def test_explain_says_why_each_greyed_card_cannot_go_on_face_up():
    b = a_hand_with_a_card_that_does_not_fit()
    misfits = [c for c in b.state.hand(0) if not matches(b.state.top_floor(0), c)]
    b.controls.explain.click()
    ex = html.unescape(re.sub(r"<[^>]+>", " ", b.controls.explanation.value))
    ex = re.sub(r"\s+([:.])", r"\1", re.sub(r"\s+", " ", ex))
    assert "Your choices, Player 1" in ex and "Greyed out" in ex
    for card in misfits:
        assert f"Play {card.text} face up: not allowed." in ex
    assert ex.count("matches neither the colour nor the number") == len(misfits)
    for action in b.match.game.click_paths(b.state):
        assert ex.count(f"{action}:") == 1  # each highlighted choice once


def test_every_card_and_target_has_a_tooltip_that_keeps_secrets():
    b = a_hand_with_a_card_that_does_not_fit()
    root = ET.fromstring(b.view.svg)
    ns = "{http://www.w3.org/2000/svg}"
    targets = [e for e in root.iter() if e.get("data-target")]
    assert targets
    for e in targets:
        title = e.find(f"{ns}title")
        assert title is not None and title.text, e.get("data-target")
    misfit = next(c for c in b.state.hand(0) if not matches(b.state.top_floor(0), c))
    tips = [t.text for t in root.iter(f"{ns}title")]
    assert any(t.startswith(f"{misfit.text} cannot go on face up") for t in tips)
    built = [e for e in root.iter() if "tl-built" in (e.get("class") or "")]
    assert built and all(e.find(f"{ns}title") is not None for e in built)
    for p in (0, 1):  # the other player's face-down cards: no name in any tooltip
        for pc in b.state.treehouse(1 - p):
            if pc.face_down:
                seen = b.match.game.render_svg(b.state, viewer=p)
                assert pc.card.text not in seen


def test_a_tie_on_points_names_the_tie_break():
    """Defect (issue 7): "Player 2 wins with 23 points (Player 1 23; Player 2 23)"."""
    three = tl.load_game("backyard", players=3)
    m = tl.Match(three, seed=19, bots={0: "random", 1: "random", 2: "random"})
    m.run()
    totals = [row["total"] for row in m.state.scores()]
    assert totals == [7, 8, 8] and m.state.winners() == [1]  # the notebook's tie
    text = status(tl.Board(m))
    assert ("Game over: Player 2 wins the tie with Player 3 on 8 points: of the tied players, "
            "Player 2 sits farthest clockwise from the start player, Player 3.") in text
    assert "Points: Player 1 7; Player 2 8; Player 3 8." in text
    svg = m.state.render_svg()
    assert "wins the tie on 8 points" in svg and "farthest" in svg


@pytest.mark.parametrize("players, achievements", [(2, False), (3, True), (4, False),
                                                   (5, True)])
def test_the_board_is_wider_than_tall_and_fits_a_laptop(players, achievements):
    """Defect (issue 7): the 2-player board was about 60% empty at the start, and the hand's
    face-down tabs and the status line were below a 1366x768 screen."""
    game = tl.load_game("backyard", players=players, achievements=achievements)
    m = tl.Match(game, seed=1, bots={p: "random" for p in range(1, players)})
    m.run()
    for state in (m.state, _played_out(game)):
        root = ET.fromstring(state.render_svg(viewer=0))
        width, height = float(root.get("width")), float(root.get("height"))
        assert width > height and height <= 470 and width <= 1100, (width, height)


def _played_out(game):
    m = tl.Match(game, seed=2, bots={p: "random" for p in range(game.players)})
    m.run()
    assert m.state.is_terminal()
    return m.state


def _path_box(d: str) -> tuple[float, float, float, float]:
    """The bounding box of a path made of M, H, V, Q and Z commands (``drawing.shape``)."""
    xs: list[float] = []
    ys: list[float] = []
    for cmd, args in re.findall(r"([MHVQZ])([^MHVQZ]*)", d):
        nums = [float(v) for v in args.split()]
        if cmd == "H":
            xs += nums
        elif cmd == "V":
            ys += nums
        else:
            xs += nums[0::2]
            ys += nums[1::2]
    return (min(xs), min(ys), max(xs), max(ys))


def _text_box(t: ET.Element) -> tuple[float, float, float, float]:
    """A generous box for a drawn text: its squeezed length, else 0.6 em a character (the
    board's fonts draw narrower), from 0.8 em above the baseline to 0.2 em below."""
    size, x, y = float(t.get("font-size")), float(t.get("x")), float(t.get("y"))
    width = float(t.get("textLength") or 0.6 * size * len(t.text or ""))
    x0 = {"start": x, "middle": x - width / 2, "end": x - width}[t.get("text-anchor", "start")]
    return (x0, y - 0.8 * size, x0 + width, y + 0.2 * size)


def _meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("players, seed, runs", [(4, 8, [2, 2, 2, 4]),
                                                 (5, 4, [2, 2, 1, 5, 2])])
def test_the_run_labels_stay_in_their_column_clear_of_the_cards(players, seed, runs):
    """Issue 47, item 7: the "run 2" and "run 5" labels beside a treehouse's run outline
    crossed the column's edge, and the outline's stroke ran into them. Each label's text now
    lies inside its own treehouse column and meets no card and no run outline, in a
    four-player board and in a five-player one (narrower columns); played-out games with
    runs of 2 to 5, the longest outlined in gold."""
    game = tl.load_game("backyard", players=players)
    m = tl.Match(game, seed=seed, bots={p: "random" for p in range(players)})
    m.run()
    assert [m.state.run(p).length for p in range(players)] == runs
    root = ET.fromstring(m.state.render_svg(viewer=0))
    ns = "{http://www.w3.org/2000/svg}"
    columns = root.findall(f".//{ns}g[@data-treehouse]")
    cards = [_path_box(c.findall(f"{ns}path")[-1].get("d"))
             for c in root.iter(f"{ns}g") if "tl-built" in (c.get("class") or "")]
    assert len(cards) == game.total_plays
    labelled = 0
    for col in columns:
        frame = col.find(f"{ns}rect")
        half = float(frame.get("stroke-width")) / 2
        x, y = float(frame.get("x")) + half, float(frame.get("y")) + half
        inside = (x, y, x + float(frame.get("width")) - 2 * half,
                  y + float(frame.get("height")) - 2 * half)
        for run in col.findall(f"{ns}g[@class='tl-run']"):
            outline = run.find(f"{ns}rect")
            grow = float(outline.get("stroke-width")) / 2
            ox, oy = float(outline.get("x")), float(outline.get("y"))
            ring = (ox - grow, oy - grow, ox + float(outline.get("width")) + grow,
                    oy + float(outline.get("height")) + grow)
            for t in run.findall(f"{ns}text"):
                box = _text_box(t)
                where = f"column {col.get('data-treehouse')}'s {t.text!r} {box}"
                assert (inside[0] <= box[0] and inside[1] <= box[1] and box[2] <= inside[2]
                        and box[3] <= inside[3]), f"{where} leaves its column {inside}"
                assert not [c for c in cards if _meet(box, c)], f"{where} meets a card"
                assert not _meet(box, ring), f"{where} meets the run outline {ring}"
                labelled += 1
    assert labelled == 2 * sum(1 for r in runs if r)
