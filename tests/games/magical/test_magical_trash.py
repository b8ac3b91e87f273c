"""Ruling R18 and its variant ``trash="top"`` (docs/rulings/magical.md): by default every
trash card is public; under the variant only the top card of each trash can, and the
cards everyone saw on top (a revealed play-order card, a card a spell made a player
discard), are, and a discarded hand's cards under its spell stay their owner's secret."""

from __future__ import annotations

import json
import random

import pytest
from tl_magical_setups import make, seats

import treehouse_lab as tl
from treehouse_lab.games.magical.moves import Cast, DiscardCard, DiscardHand, DropOut, Reveal
from treehouse_lab.games.magical.render import render_svg

TOP = tl.load_game("magical", players=3, trash="top")


def discarded(game=TOP):
    """Seat 0 discards its hand (red1a under spell6); seat 1 keeps blue1a and spell5."""
    s = make(game, hands=seats(3, **{"0": ["spell6", "red1a"], "1": ["spell5", "blue1a",
                                                                     "blue1b"]}))
    s.apply(DiscardHand(), by=0)
    return s


def test_the_default_is_every_card_public_and_old_match_saves_load_as_it():
    assert tl.load_game("magical", players=3).options["trash"] == "all"
    m = tl.Match(tl.load_game("magical", players=3), seed=3)
    m.run()
    old = m.to_json()
    del old["options"]["trash"]           # a match saved before the option existed
    again = tl.Match.from_json(json.loads(json.dumps(old)))
    assert again.game.options["trash"] == "all" and again.state == m.state


def test_top_only_hides_a_buried_card_from_the_other_seats_and_shows_the_top():
    s = discarded()
    assert s.trash_of(0) == ["red1a", "spell6"]
    for viewer in (1, 2):
        ob = s.observation(viewer)
        assert ob["trash"][0] == ["?", "spell6"]
        assert ob["seen"]["trash"][0] == ["?", "spell6"]
        assert "red1a" in s.hidden_from(viewer) and "spell6" not in s.hidden_from(viewer)
        assert "red1a" not in json.dumps(ob)
        assert "red1a" not in render_svg(s, viewer=viewer)
    assert "red1a" not in render_svg(s)                           # the public board
    mine = s.observation(0)                                        # its owner put it there
    assert mine["trash"][0] == ["red1a", "spell6"] and "red1a" not in s.hidden_from(0)
    # the same position under the default: everyone sees the whole pile
    every = discarded(tl.load_game("magical", players=3))
    assert every.observation(1)["trash"][0] == ["red1a", "spell6"]
    assert "red1a" not in every.hidden_from(1)


def test_a_card_seen_on_top_stays_known_when_covered():
    """A card a spell makes a player discard lies on top until the spell covers it; a
    revealed play-order card is shown to all before it goes in."""
    s = discarded()
    s.apply(Cast("spell5"), by=1)
    s.apply(DiscardCard("blue1b", "hand"), by=1)
    assert s.trash_of(1) == ["blue1b", "spell5"]
    for viewer in (0, 2):
        assert s.observation(viewer)["trash"][1] == ["blue1b", "spell5"]
        assert "blue1b" not in s.hidden_from(viewer)
    assert s.observation(1)["trash"][0] == ["?", "spell6"]      # still buried
    again = TOP.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again == s and "blue1b" not in again.hidden_from(2)


def test_revealed_play_order_cards_stay_public_under_what_covers_them():
    s = make(TOP, phase="reveal", drawers=seats(3, **{"0": ["red1a", "red1b"],
                                                      "1": ["blue1a"], "2": ["green1a"]}),
             trash=seats(3, **{"0": ["yellow1a", "spell1"]}), dropped=[True] * 3,
             round_biscuits=0, choices=["todo"] * 3,
             known={"spell1": [0, 1, 2]})
    for p, c in ((0, "red1a"), (1, "blue1a"), (2, "green1a")):
        s.apply(Reveal(c), by=p)
    assert s.trash_of(0) == ["yellow1a", "spell1", "red1a"]
    assert s.observation(1)["trash"][0] == ["?", "spell1", "red1a"]
    assert s.observation(1)["trash"][1] == ["blue1a"]


def test_the_shortfall_shows_the_cards_it_takes():
    """The box is public: cards the shortfall takes from a trash can are seen by all."""
    s = make(TOP, hands=seats(3, **{"0": ["spell6", "red1a", "red5a"]}),
             drawers=seats(3, **{"1": ["blue1a", "blue1b", "blue1c", "blue1d", "blue1e"],
                                 "2": ["green1a", "green1b", "green1c", "green1d",
                                       "green1e"]}),
             dropped=[False, True, True])
    s.apply(DiscardHand(), by=0)
    assert {"red1a", "red5a"} <= s.hidden_from(1)
    s.apply(DropOut(), by=0)
    assert s.stage == "reveal" and s.trash_of(0) == ["spell6"]
    assert {"red1a", "red5a"} <= set(s.observation(1)["box"])
    assert not {"red1a", "red5a"} & s.hidden_from(1)


def test_determinization_deals_the_buried_cards_again_and_keeps_the_top():
    s = discarded()
    s.apply(Cast("spell5"), by=1)
    s.apply(DiscardCard("blue1b", "hand"), by=1)
    rng = random.Random(5)
    ob = s.observation(2)
    buried = set()
    for _ in range(40):
        d = TOP.determinize(ob, 2, rng)
        t0 = d.trash_of(0)
        assert len(t0) == 2 and t0[1] == "spell6" and d.trash_of(1) == ["blue1b", "spell5"]
        assert t0[0] not in s.hand(2) and t0[0] != "blue1b"
        buried.add(t0[0])
        assert d.observation(2)["trash"] == ob["trash"]
    assert len(buried) > 5                                # not the true card every time
    own = TOP.determinize(s.observation(0), 0, rng)
    assert own.trash_of(0) == ["red1a", "spell6"]         # its owner keeps what it knows


def test_a_save_refuses_a_known_trash_card_under_the_default():
    s = discarded()
    save = s.to_json()
    save["known"] = {"spell6": [0, 1, 2]}
    TOP.state_from_json(save)                              # fine under the variant
    with pytest.raises(tl.RuleError, match="known"):
        tl.load_game("magical", players=3).state_from_json(save)
