"""A building built face down is known to its builder only (issue 17 item 12; ruling R17).

The card comes from a hidden drawer and lies face down ("Any building can be flipped face
down to be a [VP 0, level 1] building"), so the log, ``observation(p)``, ``hidden_from``,
the picture and determinization treat its identity as its builder's secret; its place in
the village, what is built on it and the pipes joining it stay public.
"""

from __future__ import annotations

import json
import random
import re

from tl_conformance_agreement import check_determinize
from tl_magical_setups import B, building

from treehouse_lab.games.magical.moves import Build, BuildFaceDown, Pipe, Store

SECRET = "yellow4a"


def _face_down_and_piped():
    """Seat 0 builds yellow4a face down, a level 2 on it, and a pipe to red1a."""
    s = building([SECRET, "red2a", "pipe1"], village=[B("red1a")])
    log = []
    for a in (BuildFaceDown(SECRET), Build("red2a", SECRET), Pipe("pipe1", "red1a", SECRET)):
        log.append(s.narrate(a, by=0))
        s.apply(a, by=0)
    return s, log


def _names(text: str, card: str) -> bool:
    return re.search(rf"\b{re.escape(card)}\b", text) is not None


def test_the_log_does_not_name_a_face_down_card():
    s, log = _face_down_and_piped()
    assert log[0] == "Player 1 builds a card face down (level 1, 0 VP)"
    assert log[1] == "Player 1: Build red2a on face-down building 1"
    assert log[2] == "Player 1: Connect red1a and face-down building 1 with pipe1"
    assert not any(_names(line, SECRET) for line in log)


def test_only_the_builder_sees_the_card_in_the_observation_and_hidden_from():
    s, _ = _face_down_and_piped()
    assert SECRET not in s.hidden_from(0) and SECRET in s.hidden_from(1)
    mine, theirs = json.dumps(s.observation(0)), json.dumps(s.observation(1))
    assert SECRET in mine and SECRET not in theirs
    obs = s.observation(1)
    assert obs["villages"][0][1] == {"cards": ["?", "red2a"], "down": True}
    assert obs["pipes"][0] == [["pipe1", "red1a", "?down1"]]
    assert obs["seen"]["pipes"][0] == [["pipe1", "red1a", "?down1"]]
    assert obs["seen"]["villages"][0][1]["cards"] == ["?", "red2a"]


def test_the_picture_names_it_for_its_builder_only():
    s, _ = _face_down_and_piped()
    assert SECRET in s.render_svg(viewer=0)
    for viewer in (1, 2, None):
        svg = s.render_svg(viewer=viewer)
        assert not _names(svg, SECRET), viewer
        assert "face-down building 1" in svg
    assert not _names(s.game.render_text(s), SECRET)


def test_determinization_deals_the_face_down_card_again_for_the_other_seats():
    s, _ = _face_down_and_piped()
    check_determinize(s, "face-down position", random.Random(3))
    dealt = set()
    for k in range(30):
        d = s.game.determinize(s.observation(1), 1, random.Random(k))
        bottom = d.villages[0][1].cards[0]
        assert d.game.cards[bottom].kind == "building" and d.villages[0][1].down
        assert d.pipes(0) == [("pipe1", "red1a", bottom)]        # the pipe follows it
        assert d.scores() == s.scores()
        dealt.add(bottom)
    assert len(dealt) > 1
    mine = s.game.determinize(s.observation(0), 0, random.Random(0))
    assert mine.villages[0][1].cards[0] == SECRET                # its builder knows it


def test_storing_under_a_face_down_building_names_neither_card():
    s = building(["red1b", "red2a", "blue1a"], village=[B("red1a")])
    s.apply(BuildFaceDown("red1b"), by=0)
    s.apply(Build("red2a", "red1b"), by=0)          # a level 2 is a Storage
    line = s.narrate(Store("blue1a", "red1b"), by=0)
    assert line == "Player 1 stores a card under face-down building 1"
    s.apply(Store("blue1a", "red1b"), by=0)
    obs = s.observation(2)
    assert obs["storage_on"][0] == ["?down1"] and "red1b" not in json.dumps(obs)
    check_determinize(s, "stored under a face-down building", random.Random(5))
