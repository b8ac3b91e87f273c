"""Every Diner game ends (issue 17, item 8). Ruling D40, a turn does not go round in
circles: each face-down pile is rebuilt from its discard pile at most once a turn, and each
shelf row pays its bonus at most once a turn; D41, the round limit. Each test is built from
a position where the old rules would go on."""

from __future__ import annotations

import json

import pytest

import treehouse_lab as tl
from treehouse_lab.games.diner import (
    ChooseShelf,
    DrawOrder,
    EndTurn,
    FinishAssigning,
    MoveOrder,
    PlayAction,
    TakeOrder,
)

STARTING = [{4: "acorn-chowder", 6: "acorn-fritters"},
            {4: "blueberry-risotto", 6: "blueberry-salad"}]


def game(**opts):
    return tl.load_game("diner", players=2, **opts)


def edited(s, **fields):
    """The state ``s`` with some save fields changed, loaded (and checked) again."""
    d = json.loads(json.dumps(s.to_json()))
    d.update(fields)
    return s.game.state_from_json(d)


# -- D40: the order pile is rebuilt at most once a turn ----------------------------------------

def _order_pile_used_up(rebuilt):
    """Player 1 at the phone; the order pile is empty and the discard pile holds Dandelion
    Jam ("draw an order") and Acorn Jam. Every other Basic order is delivered or on the
    tray, so the draw that Radish Tart's effect makes must rebuild the pile (D15)."""
    g = game(end_after=46)
    tray = ["radish-tart", "acorn-omelette"]
    discard = ["dandelion-jam", "acorn-jam"]
    rest = [o for o in g.basic_ids if o not in {*tray, *discard}]
    s = g.position(kitchens=STARTING, tray=[*tray, rest[0]], discard=discard,
                   delivered=[[], rest[1:]])
    assert not s.to_json()["deck"]
    return edited(s, rebuilt=rebuilt)


@pytest.mark.parametrize("rebuilt_before", [False, True])
def test_the_order_pile_is_rebuilt_only_once_a_turn(rebuilt_before):
    s = _order_pile_used_up(["orders"] if rebuilt_before else [])
    s.apply(TakeOrder("radish-tart"), by=0)       # its effect: draw an order
    if rebuilt_before:
        # Orders pushed off, reshuffled and drawn again could go round for ever: once the
        # pile was rebuilt this turn, an empty pile draws nothing until the next turn.
        assert not s.is_chance_node() and s.current_player == 1
        assert s.to_json()["discard"] == ["dandelion-jam", "acorn-jam"]
    else:
        assert s.is_chance_node() and s.to_json()["rebuilt"] == ["orders"]
        assert {a for a, _ in s.chance_outcomes()} == {DrawOrder("dandelion-jam"),
                                                       DrawOrder("acorn-jam")}


# -- D40: a shelf row pays its bonus at most once a turn ---------------------------------------

@pytest.mark.parametrize("emptied_before", [False, True])
def test_a_row_emptied_again_this_turn_is_refilled_without_its_bonus(emptied_before):
    """The 1-ingredient row's last token is fetched: the row is refilled, and its bonus
    (basic side: "You may recycle an ingredient") is paid only the first time a turn."""
    g = game()
    s = g.position(kitchens=STARTING, pantry={1: [["acorn"], [], []]}, supplies=[["radish"], []])
    if emptied_before:
        s = edited(s, emptied=[1])
    s.apply(ChooseShelf(1, 1), by=0)
    s.apply(MoveOrder("acorn-chowder", 4), by=0)
    while s.is_chance_node():                     # the row is filled from the bag
        s.apply(s.chance_outcomes()[0][0])
    assert s.stage == ("assign" if emptied_before else "recycle")  # the row's bonus: recycle
    assert s.to_json()["emptied"] == [1]


# -- D40: the Action card pile is rebuilt at most once a turn ---------------------------------

def test_two_plan_aheads_cannot_draw_each_other_back_for_ever():
    """Player 1 holds two "Plan ahead!" (draw two Action cards); the pile is empty and the
    discard pile holds one Quick hands!. Under the literal reshuffle the second Plan ahead
    would draw the first back, and so on for ever; the pile is rebuilt once a turn."""
    g = game(modules=("chili",))
    mine = ["plan-ahead-1", "plan-ahead-2"]
    others = [c for c in sorted(g.action_cards) if c not in (*mine, "quick-hands-1")]
    s = g.position(kitchens=STARTING, hands=[mine, others], action_discard=["quick-hands-1"])
    s.apply(PlayAction("plan-ahead-1"), by=0)
    s.apply(s.chance_outcomes()[0][0])            # the reshuffled discard: Quick hands!
    assert not s.is_chance_node() and sorted(s.hands[0]) == ["plan-ahead-2", "quick-hands-1"]
    s.apply(PlayAction("plan-ahead-2"), by=0)
    # The pile is used up again, and it was rebuilt this turn: nothing is drawn.
    assert not s.is_chance_node() and s.hands[0] == ("quick-hands-1",)
    assert s.action_discards == ("plan-ahead-1", "plan-ahead-2")
    assert PlayAction("plan-ahead-1") not in s.legal_actions()


def test_rebuilt_piles_are_forgotten_when_the_turn_ends_and_checked_in_saves():
    g = game(modules=("chili",))
    s = g.position(kitchens=STARTING, turn=1, stage="end", hands=[["plan-ahead-1"], []])
    s = edited(s, rebuilt=["actions", "orders"])
    s.apply(EndTurn(), by=0)
    assert s.active == 1 and s.to_json()["rebuilt"] == []
    with pytest.raises(tl.RuleError, match="rebuilt"):
        edited(game().position(kitchens=STARTING), rebuilt=["actions"])
    with pytest.raises(tl.RuleError, match="rebuilt"):
        edited(game().position(kitchens=STARTING), rebuilt=["bag"])


# -- D41: the round limit ---------------------------------------------------------------------

@pytest.mark.parametrize("turn, over", [(3, False), (4, True)])
def test_the_game_ends_after_the_last_round_the_limit_allows(turn, over):
    g = game(round_limit=2)
    s = g.position(kitchens=STARTING, turn=turn, stage="assign")
    s.apply(FinishAssigning(), by=(turn - 1) % 2)
    assert s.is_terminal() is over
    if over:
        assert s.winners() and [sc["total"] for sc in s.scores()] == [0, 0]


def test_a_save_past_the_round_limit_is_refused():
    g = game(round_limit=2)
    with pytest.raises(tl.RuleError, match="D41"):
        g.position(kitchens=STARTING, turn=5)


@pytest.mark.parametrize("bad", [0, True, "100", 10**5])
def test_the_round_limit_option_refuses_what_is_not_a_number_of_rounds(bad):
    with pytest.raises(tl.RuleError, match="round_limit"):
        game(round_limit=bad)


def test_the_bound_grows_with_the_round_limit_and_covers_a_long_game():
    short, long = game(round_limit=10), game()
    assert 0 < short.max_game_length() < long.max_game_length()
