"""Regression tests for the Backyard defects of issue 6, each failing on the code before the
fix: shared internal lists, saves that name files, untyped errors; plus points by category
(``scores``) and the kinds' fast legality agreeing with their stated rules."""

from __future__ import annotations

import builtins
import io
import json
import os
import random
from contextlib import contextmanager
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome
from treehouse_lab.games import backyard
from treehouse_lab.games.backyard import ChooseAchievement, ChooseStartPlayer, Draw, Play
from treehouse_lab.protocol import CHANCE

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ALL_BOTS = {0: "random", 1: "random", 2: "random"}


# -- Shared internal lists --------------------------------------------------------------------

def test_a_bot_that_shuffles_and_pops_its_moves_changes_nothing():
    """A bot written the usual way mutates the lists it is given; the state, its clones
    and the Match must not notice."""
    g = tl.load_game("backyard", players=3, achievements=True)
    m = tl.Match(g, seed=8)
    rng = random.Random(8)
    while not m.state.is_terminal():
        s = m.state
        clone = s.clone()
        saved = json.dumps(s.to_json())
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            want = list(outcomes)
            choice = sample_outcome(outcomes, rng)
            outcomes.reverse()
            outcomes.pop()
            outcomes.append((Play("G1-G4"), outcomes[0][1]))
            assert s.chance_outcomes() == want == clone.chance_outcomes()
            assert [a for a, _ in want] == s.legal_actions()
        else:
            moves = s.legal_actions()
            want = list(moves)
            rng.shuffle(moves)
            choice = moves.pop()
            moves.clear()
            assert s.legal_actions() == want == clone.legal_actions()
        assert json.dumps(s.to_json()) == saved == json.dumps(clone.to_json())
        m.play(choice)   # the Match still finds the popped move legal
    assert m.state.winners()


def test_views_of_a_state_are_copies():
    g = tl.load_game("backyard", players=3, achievements=True)
    s = g.build_state([["G1-G4"], ["B1-B4"], ["Y1-Y4"]], start_player=0,
                      hand=["G2-G6", "B4-G3", "Y5-G1", "B2-B6"])
    saved = json.dumps(s.to_json())
    s.hand(0).clear()
    s.treehouse(0).clear()
    s.discard.append(None)
    s.to_json()["hand"].clear()
    s.to_json()["treehouses"][0].clear()
    obs = s.observation(0)
    obs["hand"].clear()
    obs["treehouses"][0].clear()
    obs["scores"][0]["total"] = 999
    s.scores()[0]["total"] = 999
    s.components()["treehouse cards"].clear()
    g.components()["treehouse cards"].clear()
    s.hidden_from(1).clear()
    with pytest.raises(TypeError):
        g.card_set["G1-G4"] = None           # read-only views of the game's sets
    with pytest.raises(TypeError):
        g.achievement_set["rainbow"] = None
    with pytest.raises(TypeError):
        s.achievement.condition["count"] = 0  # type: ignore[index]
    assert json.dumps(s.to_json()) == saved
    assert len(s.hand(0)) == 4 and len(s.treehouse(0)) == 1
    assert s.scores()[0]["total"] != 999 and s.observation(0)["hand"]
    assert len(g.components()["treehouse cards"]) == 32


# -- Saves never name files -------------------------------------------------------------------

@contextmanager
def no_file_touched():
    """Refuse, and record, any attempt to open, read or even look for a file. The patches
    are undone before the check, so a failure is reported normally."""
    touched: list = []

    def refuse(*args, **kwargs):
        touched.append(args[:1])
        raise PermissionError("this test lets no file be touched")

    with pytest.MonkeyPatch.context() as mp:
        for target, name in [(builtins, "open"), (io, "open"), (os, "stat"), (os, "open"),
                             (Path, "open"), (Path, "read_text"), (Path, "read_bytes"),
                             (Path, "stat"), (Path, "exists"), (Path, "is_file"),
                             (Path, "resolve"), (tomllib, "load")]:
            mp.setattr(target, name, refuse)
        yield
    assert not touched, f"files were touched: {touched}"


@pytest.fixture
def warm():
    """Load the shipped sets once, before files are refused."""
    tl.load_game("backyard", achievements=True)


def _save_with(**options):
    g = tl.load_game("backyard", players=3, achievements=True)
    m = tl.Match(g, seed=1, bots=ALL_BOTS)
    for _ in range(6):
        m.step()
    data = json.loads(json.dumps(m.to_json()))
    data["options"].update(options)
    return data


@pytest.mark.parametrize("option", ["cards", "achievement_cards"])
@pytest.mark.parametrize("path", ["/etc/passwd", "/no/such/file.toml", "cards.toml",
                                  "~/.ssh/id_rsa", "standard/../../x.toml"])
def test_a_save_naming_a_path_is_refused_without_touching_it(warm, option, path):
    data = _save_with(**{option: path})
    with no_file_touched(), pytest.raises(tl.RuleError) as info:
        tl.Match.from_json(data)
    msg = str(info.value)
    assert f"option {option}=" in msg and "never name a file" in msg
    # The same words whether or not the file exists: nothing is learnt from the refusal.
    assert msg.replace(repr(path), "X") == str(_refusal(option)).replace(repr("/x"), "X")
    with no_file_touched(), pytest.raises(tl.RuleError):
        tl.load_game("backyard", **{option: Path(path)})


def _refusal(option):
    with pytest.raises(tl.RuleError) as info:
        tl.load_game("backyard", **{option: "/x"})
    return info.value


def test_a_save_of_another_version_of_the_stand_in_set_is_refused(warm):
    for option in ("cards", "achievement_cards"):
        data = _save_with(**{option: "standard@0123456789abcdef"})
        with no_file_touched(), pytest.raises(tl.RuleError,
                                              match=f"option {option}=.*another version"):
            tl.Match.from_json(data)
    # A save of this version loads, with no file read.
    data = _save_with()
    with no_file_touched():
        again = tl.Match.from_json(data)
    assert again.state == tl.Match.from_json(_save_with()).state


@pytest.mark.parametrize("bad,needle", [
    (["G1-G4"] * 32, "same card"),
    (["G1-G4"], "32 treehouse cards"),
    (list(range(32)), "card #1 must be a card id"),
    (["Z9-Z9"] * 32, "card #1"),
    ({"cards": []}, "never name a file"),
    (b"standard", "never name a file"),
])
def test_embedded_card_sets_are_checked(warm, bad, needle):
    with no_file_touched(), pytest.raises(tl.RuleError, match="option cards") as info:
        tl.load_game("backyard", cards=bad)
    assert needle in str(info.value)


def _achievements_with(i, **change):
    achs = [a.to_json() for a in backyard.load_achievements()]
    achs[i] = {**achs[i], **change}
    return achs


@pytest.mark.parametrize("bad,needle", [
    (_achievements_with(0)[:14], "15 achievement cards; this set has 14"),
    (_achievements_with(2, condition={"kind": "rm -rf"}), "unknown achievement condition"),
    (_achievements_with(2, condition="run_at_least"), "expected a table naming"),
    (_achievements_with(3, points="4"), "points must be a whole number"),
    (_achievements_with(3, id="big-builder"), "used twice"),
    ([backyard.Achievement("x", "X", 1, "oops")] * 15, "expected a table naming"),
])
def test_embedded_achievement_sets_are_checked(warm, bad, needle):
    with no_file_touched(), pytest.raises(tl.RuleError, match="option achievement_cards") as info:
        tl.load_game("backyard", achievement_cards=bad)
    assert needle in str(info.value)


def test_options_round_trip_through_json(warm):
    g = tl.load_game("backyard", achievements=True)
    cards = list(g.card_set)[::-1]
    achs = [a.to_json() for a in g.achievement_set.values()]
    achs[0]["points"] = 9
    for opts in ({}, {"cards": "standard"}, {"cards": None},
                 {"cards": cards}, {"achievement_cards": achs}):
        with no_file_touched():
            game = tl.load_game("backyard", achievements=True, **opts)
            text = json.dumps(game.options, allow_nan=False)
            again = tl.load_game("backyard", **json.loads(text))
        assert again == game and again.options == game.options
        assert json.dumps(again.options) == text
    embedded = tl.load_game("backyard", achievements=True, achievement_cards=achs)
    first = min(embedded.achievement_set)
    assert embedded.achievement_set[first].points == 9


def test_load_cards_results_are_embedded(tmp_path):
    text = backyard.data.CARDS_FILE.read_text().replace("number = 6", "number = 9")
    p = tmp_path / "mine.toml"
    p.write_text(text)
    g = tl.load_game("backyard", cards=backyard.load_cards(p),
                     achievement_cards=backyard.load_achievements())
    assert "G2-G9" in g.card_set
    assert str(tmp_path) not in json.dumps(g.options)
    assert tl.load_game("backyard", **json.loads(json.dumps(g.options))) == g


# -- Untyped errors ---------------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: Play(123),
    lambda: Play("G1-G4", "yes"),
    lambda: Draw(None),
    lambda: ChooseStartPlayer("0"),
    lambda: ChooseStartPlayer(True),
    lambda: ChooseAchievement(["rainbow"]),
])
def test_malformed_actions_raise_rule_error(make):
    with pytest.raises(tl.RuleError):
        make()


# -- scores ------------------------------------------------------------------------------------

def test_scores_break_the_total_down_by_the_rulebook_categories():
    g = tl.load_game("backyard", players=4, achievements=True)
    for final in tl.playouts(g, 30, seed=4):
        rows = final.scores()
        for row in rows:
            assert set(row) == {"total", "floors", "run", "achievement"}
            assert row["total"] == row["floors"] + row["run"] + row["achievement"]
        totals = [row["total"] for row in rows]
        (w,) = final.winners()
        assert totals[w] == max(totals)
        assert final.returns() == [int(p == w) for p in range(4)]
        assert sum(final.returns()) == 1


# -- kinds: the fast test agrees with the stated rule ---------------------------------------

def test_fast_legality_agrees_with_why_not_and_the_legal_list():
    for players, ach in ((2, False), (3, True), (5, True)):
        g = tl.load_game("backyard", players=players, achievements=ach)
        cards = sorted(g.card_set)
        candidates = ([Draw(c) for c in cards]
                      + [Play(c, fd) for c in cards for fd in (False, True)]
                      + [ChooseStartPlayer(p) for p in range(6)]
                      + [ChooseAchievement(a) for a in ("rainbow", "nope")])
        rng = random.Random(players)
        s = g.new_initial_state()
        while True:
            legal = s.legal_actions() if not s.is_terminal() else []
            for a in candidates:
                assert s.is_legal(a) == (a in legal), (s, a)
                if s.is_terminal():
                    continue
                kind = s.KINDS.get(a)
                for seat in (CHANCE, *range(players)):
                    fast = kind.is_legal(s, a, seat)
                    assert fast == (kind.why_not(s, a, seat) is None), (s, a, seat)
                    if fast:
                        assert seat == s.current_player
                if a not in legal:
                    assert "is legal now" not in s.why_illegal(a)
                    assert s.explain(a).startswith("Not legal. ")
            if s.is_terminal():
                break
            s.apply(rng.choice(legal))
