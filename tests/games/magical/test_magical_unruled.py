"""Rulings for what the rulebook leaves open (issue 17 item 13; docs/rulings/magical.md
R18-R23), each pinned on a position made for it."""

from __future__ import annotations

import json

import pytest
from tl_magical_setups import G3, B, building, make, seats

import treehouse_lab as tl
from treehouse_lab.games.magical.data import load_data
from treehouse_lab.games.magical.moves import (
    BuildFaceDown,
    Cast,
    DiscardCard,
    DiscardHand,
    GiveBiscuit,
    MovePipe,
)


def test_r18_every_trash_card_is_public():
    """A discarded hand lies "face up, with the spell card on top"; cards a spell makes
    players discard, and revealed play-order cards, go on that face-up pile."""
    s = make(hands=seats(3, **{"0": ["spell6", "red1a"], "1": ["spell5", "blue1a", "blue1b"]}))
    s.apply(DiscardHand(), by=0)
    s.apply(Cast("spell5"), by=1)
    s.apply(DiscardCard("blue1b", "hand"), by=1)
    assert s.trash_of(0) == ["red1a", "spell6"] and s.trash_of(1) == ["blue1b", "spell5"]
    for viewer in (1, 2):
        assert s.observation(viewer)["trash"][0] == ["red1a", "spell6"]
        assert not {"red1a", "spell6", "blue1b"} & s.hidden_from(viewer)
        assert "red1a" in json.dumps(s.observation(viewer)["seen"]["trash"])


def test_r19_a_biscuit_moves_the_carriages_of_the_direction_in_force():
    """After a reverse, a dropped-out seat "would take from" the carriage on its other side,
    so a biscuit moves that carriage's cards onwards against the old direction."""
    s = make(carriages=seats(3, **{"1": ["red1a", "red1b"]}), dropped=[False, True, False],
             direction=-1)
    # anticlockwise, seat 1 takes from carriage 1 and leaves cards on carriage 0
    assert s.take_carriage(1) == 1 and s.put_carriage(1) == 0
    s.apply(GiveBiscuit(1), by=2)
    assert s.carriages_counts() == [2, 0, 0]
    clockwise = make(carriages=seats(3, **{"1": ["red1a"]}), dropped=[False, True, False])
    assert GiveBiscuit(1) not in clockwise.legal_actions(2)   # carriage 0 is empty


def test_r20_a_dropped_out_player_gives_no_biscuit():
    s = make(carriages=seats(3, **{"0": ["red1a"], "1": ["blue1a"]}),
             dropped=[False, True, True], biscuits=[2, 3, 2])
    # seat 1 would take from carriage 0, seat 2 from carriage 1: both can be given one
    assert s.actors() == [0] and GiveBiscuit(2) in s.legal_actions(0)
    assert s.legal_actions(1) == []
    with pytest.raises(tl.IllegalActionError):
        s.apply(GiveBiscuit(2), by=1)
    assert "not legal" in s.why_illegal(GiveBiscuit(2), by=1)


def test_r21_a_building_built_face_up_stays_face_up():
    s = building(["blue1a"], village=[B("red1a"), B("red1b", "red2a")])
    flips = [a for a in s.legal_actions(0) if isinstance(a, BuildFaceDown)]
    assert flips == [BuildFaceDown("blue1a")]                 # drawer cards only
    assert "not legal" in s.why_illegal(BuildFaceDown("red1a"), by=0)


def test_r22_play_order_numbers_never_tie():
    """The data refuses two cards with one play order number, so no tie-break is needed
    (the rulebook gives none)."""
    tables = json.loads(json.dumps(load_data()))
    by_id = {e["id"]: e for e in tables["cards"]}
    by_id["blue1a"]["order"] = by_id["red1a"]["order"]
    with pytest.raises(tl.RuleError, match="play order numbers must differ"):
        tl.load_game("magical", players=3, data=tables)
    orders = [c.order for c in G3.cards.values() if c.kind != "spell"]
    assert len(set(orders)) == len(orders)


def test_r23_pipes_move_only_in_their_owners_building_turn():
    blue = B("blue1a", "blue2a", "blue3a", "blue4a")
    s = make(phase="building", drawers=seats(3, **{"0": ["red1a"], "1": ["yellow1e"]}),
             villages=[[], [blue, B("red1b"), B("green1a")], []],
             pipes=[[], [["pipe1", "blue1a", "red1b"]], []],
             play_order=[0, 1, 2], dropped=[True] * 3, round_biscuits=0)
    assert s.builder == 0 and s.actors() == [0]
    assert not any(isinstance(a, MovePipe) for a in s.legal_actions(0))
    with pytest.raises(tl.IllegalActionError):
        s.apply(MovePipe("pipe1", "blue1a", "green1a"), by=1)
    planning = make(villages=[[], [blue, B("red1b"), B("green1a")], []],
                    pipes=[[], [["pipe1", "blue1a", "red1b"]], []])
    assert 1 in planning.actors()
    assert not any(isinstance(a, MovePipe) for a in planning.legal_actions(1))
