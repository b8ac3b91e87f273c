"""A cast spell goes to the trash when its effect is resolved (issue 17 item 14; ruling
R6). Rulebook, Planning Step: "When the effects of the spell have been resolved, the spell
is put in the trash can." So it lies on top of the cards its effect discards."""

from __future__ import annotations

import pytest
from tl_magical_setups import G3, make, seats

import treehouse_lab as tl
from treehouse_lab.games.magical.moves import Cast, DiscardCard, Exchange


def test_a_discard_spell_lies_on_top_of_the_cards_it_discards():
    s = make(hands=seats(3, **{"0": ["spell5", "red1a", "red2a"], "1": ["blue1a"]}))
    assert G3.cards["spell5"].effect == "discard_hand"
    s.apply(Cast("spell5"), by=0)
    # on the table while it resolves: in no trash can, counted as the spell in play
    assert s.stage == "spell" and "spell5" not in s.trash_of(0)
    assert s.card_census()["spell"] == 1 and sum(s.card_census().values()) == 96
    back = G3.state_from_json(s.to_json())
    assert back == s and back.spell["card"] == "spell5"
    s.apply(DiscardCard("red2a", "hand"), by=0)
    s.apply(DiscardCard("blue1a", "hand"), by=1)
    assert s.stage == "planning" and s.trash_of(0) == ["red2a", "spell5"]
    assert s.card_census()["spell"] == 0 and sum(s.card_census().values()) == 96


def test_a_drawer_discard_and_an_exchange_resolve_before_the_spell_is_trashed():
    s = make(hands=seats(3, **{"0": ["spell7"]}), drawers=seats(3, **{"0": ["green1a"]}))
    assert G3.cards["spell7"].effect == "discard_drawer"
    s.apply(Cast("spell7"), by=0)
    s.apply(DiscardCard("green1a", "drawer"), by=0)
    assert s.trash_of(0) == ["green1a", "spell7"]
    e = make(hands=seats(3, **{"0": ["spell8"]}), drawers=seats(3, **{"0": ["blue1a"]}),
             villages=[[{"cards": ["red1a", "red2a"], "down": False}], [], []],
             storage=[[["red1b", "red1a"]], [], []])
    e.apply(Cast("spell8"), by=0)
    assert e.trash_of(0) == []
    e.apply(Exchange("blue1a", "red1b"), by=0)
    assert e.trash_of(0) == ["spell8"]


def test_spells_resolved_at_once_go_to_the_trash_after_their_effect():
    s = make(hands=seats(3, **{"0": ["spell1", "red1a"], "1": ["blue1a", "blue1b"]}))
    effect = G3.cards["spell1"].effect
    s.apply(Cast("spell1"), by=0)
    assert s.trash_of(0) == ["spell1"] and s.stage == "planning", effect
    h = make(hands=seats(3, **{"0": ["spell3", "red1a"]}), trash=seats(3, **{"0": ["pipe1"]}))
    assert G3.cards["spell3"].effect == "hand_to_carriage"
    h.apply(Cast("spell3"), by=0)
    assert h.trash_of(0) == ["pipe1", "spell3"] and h.hand(0) == []


def test_a_format_1_save_made_while_a_spell_resolves_still_loads():
    """Format 1 had the spell in its caster's trash from the moment it was cast."""
    s = make(hands=seats(3, **{"0": ["spell5", "red1a"], "1": ["blue1a"]}),
             trash=seats(3, **{"0": ["pipe1"]}))
    s.apply(Cast("spell5"), by=0)
    old = s.to_json()
    old["format"] = 1
    old["trash"][0] = old["trash"][0] + ["spell5"]
    back = G3.state_from_json(old)
    assert back == s and back.trash_of(0) == ["pipe1"]
    back.apply(DiscardCard("red1a", "hand"), by=0)
    back.apply(DiscardCard("blue1a", "hand"), by=1)
    assert back.trash_of(0) == ["pipe1", "red1a", "spell5"]
    # a save of today's format may not hold the spell twice
    twice = s.to_json()
    twice["trash"][0] = twice["trash"][0] + ["spell5"]
    with pytest.raises(tl.RuleError, match="exactly one place"):
        G3.state_from_json(twice)
