"""When an Action card may be played (issue 17, item 2; ruling D31).

Secret Ingredient, Action Cards: "You may play Action cards at any time during your turn";
the one exception the rulebook states is "you may no longer play Action cards after
announcing mastered Challenges", and a card's action is carried out "immediately and
completely", so no card is played in the middle of another effect. Each test is built from
a position: between the minutes of a pantry visit, before the player's own pick at the
phone, none after announcing and none in the middle of an effect.
"""

from __future__ import annotations

import re

import pytest

import treehouse_lab as tl
from treehouse_lab.games import diner
from treehouse_lab.games.diner import (
    AnnounceChallenge,
    ChooseShelf,
    Decline,
    EndTurn,
    MoveOrder,
    PlayAction,
    Recycle,
    TakeFromPantry,
    TakeOrder,
)
from treehouse_lab.games.diner import stages as st

STARTING = [{4: "acorn-chowder", 6: "acorn-fritters"},
            {4: "blueberry-risotto", 6: "blueberry-salad"}]


def game(modules=("chili",)) -> diner.DinerGame:
    return tl.load_game("diner", players=2, modules=set(modules))


def empty_pantry(g: diner.DinerGame) -> dict[int, list[list[str]]]:
    return {row.size: [[] for _ in range(g.columns)] for row in g.rows}


def paying_two_minutes(hand: list[str]) -> tl.State:
    """Player 1 has chosen the 2-ingredient space in column 1 (two Acorns) and pays."""
    g = game()
    pantry = empty_pantry(g)
    pantry[2][0] = ["acorn", "acorn"]
    pantry[3][1] = ["radish", "radish", "daisy"]
    s = g.position(kitchens=STARTING, hands=[hand, []], pantry=pantry)
    s.apply(ChooseShelf(2, 1))
    assert s.stage == "minutes"
    return s


def test_an_action_card_may_be_played_between_the_minutes_of_a_pantry_visit():
    s = paying_two_minutes(["kind-words-1", "kind-words-2"])
    # Before the first minute ...
    assert PlayAction("kind-words-1") in s.legal_actions()
    s.apply(PlayAction("kind-words-1"))
    assert s.mood(0) == 1 and s.stage == "minutes" and s.top.left == 2
    s.apply(MoveOrder("acorn-chowder", 4))
    # ... and between the first and the second.
    assert s.stage == "minutes" and s.top.left == 1
    assert PlayAction("kind-words-2") in s.legal_actions()
    s.apply(PlayAction("kind-words-2"))
    assert s.mood(0) == 2 and s.stage == "minutes" and s.top.left == 1
    s.apply(MoveOrder("acorn-chowder", 3))
    assert s.supply(0) == {"acorn": 2} and s.action_discard() == ["kind-words-1",
                                                                   "kind-words-2"]


def test_a_card_played_between_minutes_resolves_on_top_of_them_and_saves():
    """"Make time!" (move an order left) mid-visit: its effect waits on top of the minutes,
    a save written there loads, and the minutes go on afterwards."""
    s = paying_two_minutes(["make-time-1"])
    s.apply(MoveOrder("acorn-chowder", 4))
    s.apply(PlayAction("make-time-1"))
    assert s.top.NAME == "move_left" and "minutes" in [t.NAME for t in s.stack]
    assert PlayAction("make-time-1") not in s.legal_actions()
    g = s.game
    assert g.state_from_json(s.to_json()) == s
    s.apply(s.legal_actions()[0])  # move an order left
    assert s.stage == "minutes" and s.top.left == 1


def test_a_shortcut_between_minutes_never_takes_from_the_space_being_paid_for():
    s = paying_two_minutes(["take-a-shortcut-1"])
    s.apply(PlayAction("take-a-shortcut-1"))
    legal = s.legal_actions()
    assert TakeFromPantry(3, 2, "radish") in legal
    assert not any(a.size == 2 and a.column == 1 for a in legal)
    assert "paying the minutes for that shelf space" in s.why_illegal(
        TakeFromPantry(2, 1, "acorn"))


def test_a_shortcut_with_only_the_paid_for_space_left_takes_nothing():
    g = game()
    pantry = empty_pantry(g)
    pantry[2][0] = ["acorn", "acorn"]
    s = g.position(kitchens=STARTING, hands=[["take-a-shortcut-1"], []], pantry=pantry)
    s.apply(ChooseShelf(2, 1))
    s.apply(PlayAction("take-a-shortcut-1"))
    # Nothing it may take: the card is spent and the minutes go on.
    assert s.stage == "minutes" and s.action_discard() == ["take-a-shortcut-1"]
    assert s.space_contents(2, 1) == ["acorn", "acorn"]


def phone_position(hands: list[list[str]]) -> tuple[tl.State, list[str]]:
    g = game()
    tray = [o for o in g.basic_ids if not g.orders[o].effects][:3]
    return g.position(kitchens=STARTING, hands=hands, tray=tray), tray


def test_an_action_card_may_be_played_before_the_players_own_pick_at_the_phone():
    s, tray = phone_position([["kind-words-1"], ["kind-words-2"]])
    # Before the first pick (Phase 1) ...
    assert PlayAction("kind-words-1") in s.legal_actions()
    s.apply(TakeOrder(tray[0]))
    # ... not on Player 2's pick (it is not Player 2's turn, and Player 1 does not pick) ...
    assert s.stage == "phone" and s.current_player == 1
    assert s.legal_actions() == [TakeOrder(tray[1]), TakeOrder(tray[2])]
    assert "own turn" in s.why_illegal(PlayAction("kind-words-2"), by=1)
    assert "not what happens now" in s.why_illegal(PlayAction("kind-words-1"), by=0)
    s.apply(TakeOrder(tray[1]))
    # ... and before Player 1's own last pick.
    assert s.stage == "phone" and s.current_player == 0
    assert s.legal_actions() == [TakeOrder(tray[2]), PlayAction("kind-words-1")]
    s.apply(PlayAction("kind-words-1"))
    assert s.mood(0) == 1 and s.stage == "phone" and s.current_player == 0
    s.apply(TakeOrder(tray[2]))
    assert s.hand(0) == []


def test_no_action_card_after_announcing_challenges():
    g = game(("bees", "chili"))
    s = g.position(supplies=[["radish"] * 6, []],
                   challenges=[["specialize", "well-stocked"], []],
                   hands=[["kind-words-1"], []], kitchens=STARTING, stage="end")
    assert PlayAction("kind-words-1") in s.legal_actions()
    s.apply(AnnounceChallenge("specialize"))
    assert set(s.legal_actions()) == {AnnounceChallenge("well-stocked"), EndTurn()}
    assert "no longer play Action cards" in s.why_illegal(PlayAction("kind-words-1"))


def test_no_action_card_in_the_middle_of_another_effect():
    """"Fresh start!" (recycle) is resolved "immediately and completely": while its
    recycle waits, the second card in the hand cannot be played."""
    g = game()
    s = g.position(kitchens=STARTING, hands=[["fresh-start-1", "kind-words-1"], []],
                   supplies=[["radish"], []])
    s.apply(PlayAction("fresh-start-1"))
    assert s.top.NAME == "recycle"
    assert set(s.legal_actions()) == {Recycle("radish"), Decline("recycle")}
    why = s.why_illegal(PlayAction("kind-words-1"))
    assert "middle of an effect" in why
    s.apply(Decline("recycle"))
    assert PlayAction("kind-words-1") in s.legal_actions()  # back in Phase 1


def test_the_stages_that_allow_action_cards_are_the_turns_own_decisions():
    """One attribute says where a card may be played; those stages, and only those,
    offer PlayAction."""
    classes = [c for c in map(st.__dict__.get, st.__all__)
               if isinstance(c, type) and issubclass(c, st.DinerStage) and c.NAME]
    assert {c.NAME for c in classes} == set(st.STAGES.names())
    assert {c.NAME for c in classes if c.ACTION_CARDS} == {
        "phase1", "minutes", "phone", "assign", "end"}
    for c in classes:
        assert (PlayAction in c.OFFERS) == c.ACTION_CARDS, c.NAME
    with pytest.raises(TypeError, match="ACTION_CARDS"):
        type("Bad", (st.DinerStage,), {"OFFERS": (PlayAction,)})


def test_the_board_offers_the_new_moves_as_clicks_with_their_explanations():
    """Between minutes and before the last phone pick, the hand's card is a click target
    drawn on the board, beside the order (a minute) or the tray (a pick), and the board's
    explain and log texts read for it."""
    paying = paying_two_minutes(["kind-words-1"])
    paying.apply(MoveOrder("acorn-chowder", 4))
    phone, tray = phone_position([["kind-words-1"], []])
    phone.apply(TakeOrder(tray[0]))
    phone.apply(TakeOrder(tray[1]))
    for s in (paying, phone):
        g = s.game
        paths = g.click_paths(s, 0)
        assert set(paths) == set(s.legal_actions(0))
        assert paths[PlayAction("kind-words-1")] == ("play:kind-words-1",)
        firsts = {p[0] for p in paths.values()}
        svg = g.render_svg(s, viewer=0, targets=firsts)
        assert firsts <= set(re.findall(r'data-target="([^"]+)"', svg))
        assert "click to play" in svg
        assert s.explain(PlayAction("kind-words-1")).startswith("Action Cards:")
        assert "plays the Action card Kind words!" in s.narrate(PlayAction("kind-words-1"))
