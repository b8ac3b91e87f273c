"""Rule tests for Treehouse Diner, each tied to a rulebook section or example.

Positions are built with ``game.position(...)`` (checked like any save) from stand-in order
ids; the numbers asserted are worked out here from the rulebook, not read back from the
engine's own tables."""

from __future__ import annotations

from fractions import Fraction

import pytest

import treehouse_lab as tl
from treehouse_lab.games.diner import (
    ChooseShelf,
    Decline,
    Discard,
    DrawIngredient,
    DrawOrder,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    Recycle,
    StartJoker,
    TakeOrder,
)

#: Effect-free Basic orders (minutes): acorn-omelette 1, mushroom-sandwich 1, acorn-cake 2,
#: dandelion-scones 2, acorn-smoothie 3; acorn-scones 4, dandelion-soup 4 (dandelion,
#: acorn, radish), blueberry-fritters 5, mushroom-skewers 5, daisy-bread 6, daisy-noodles 6.
QUIET = ["acorn-omelette", "mushroom-sandwich", "acorn-cake", "dandelion-scones",
         "acorn-smoothie"]


def game(players=2, **opts):
    return tl.load_game("diner", players=players, **opts)


def kinds_of(state, p):
    return state.supply(p)


def play_chance(state, *outcomes):
    for o in outcomes:
        assert state.is_chance_node(), state.waiting_for()
        state.apply(o)


def first_outcome(state):
    return state.chance_outcomes()[0][0]


def settle_chance(state):
    """Apply the first outcome of every chance node until a decision (or the end)."""
    while state.is_chance_node():
        state.apply(first_outcome(state))


# -- Setup - Basic Game -----------------------------------------------------------------------

def test_setup_deals_starting_orders_then_ingredients_pantry_and_tray():
    g = game(players=3)
    s = g.new_initial_state()
    # Setup 2: a 4-minute and a 6-minute Starting order each, at random.
    outs = s.chance_outcomes()
    assert all(isinstance(a, DrawOrder) and p == Fraction(1, 4) for a, p in outs)
    assert {g.orders[a.order].minutes for a, _ in outs} == {4}
    s.apply(outs[0][0])
    outs = s.chance_outcomes()
    assert {g.orders[a.order].minutes for a, _ in outs} == {6} and len(outs) == 4
    for _ in range(5):
        s.apply(first_outcome(s))
    assert [sorted(s.kitchen(p)) for p in range(3)] == [[4, 6]] * 3
    # Setup 4: 3 ingredients each, kind with chance count/total of the 90 in the bag.
    outs = dict(s.chance_outcomes())
    assert outs == {DrawIngredient("dandelion"): Fraction(20, 90),
                    DrawIngredient("acorn"): Fraction(18, 90),
                    DrawIngredient("blueberry"): Fraction(16, 90),
                    DrawIngredient("radish"): Fraction(14, 90),
                    DrawIngredient("mushroom"): Fraction(12, 90),
                    DrawIngredient("daisy"): Fraction(10, 90)}
    for _ in range(9):
        s.apply(DrawIngredient("daisy"))
    assert [sum(s.supply(p).values()) for p in range(3)] == [3, 3, 3]
    assert dict(s.chance_outcomes())[DrawIngredient("daisy")] == Fraction(1, 81)
    # Setup 6: the pantry with one extra column for 3 players (stand-in: 4 columns).
    for _ in range(4 * (1 + 2 + 3 + 4)):
        s.apply(first_outcome(s))
    assert [len(row) for row in s.pantry()] == [4, 4, 4, 4]
    assert [[len(x) for x in row] for row in s.pantry()] == [[1] * 4, [2] * 4, [3] * 4, [4] * 4]
    # Setup 7-8: players + 1 tray spaces from the 46 shuffled Basic orders.
    outs = s.chance_outcomes()
    assert len(outs) == 46 and all(p == Fraction(1, 46) for _, p in outs)
    for k in range(4):
        s.apply(first_outcome(s))
        if k < 3:
            assert s.chance_outcomes()[0][1] == Fraction(1, 45 - k)
    assert not s.is_chance_node() and s.current_player == 0 and s.stage == "phase1"
    assert s.bag_count == 90 - 9 - 40 and s.deck_count == 42


@pytest.mark.parametrize("players,columns", [(2, 3), (3, 4), (4, 5)])
def test_pantry_columns_and_tray_spaces_grow_with_players(players, columns):
    s = game(players=players).position()
    assert [len(row) for row in s.pantry()] == [columns] * 4
    assert len(s.tray()) == players + 1


# -- Go to the Pantry -------------------------------------------------------------------------

def test_rita_pays_three_minutes_for_a_three_ingredient_space():
    """Rulebook example: "Rita moves one order in her kitchen one space to the right (+1)
    and another order 2 spaces to the right (+1, +1) = 3 minutes. That means she may take
    3 ingredients ... which in this case must contain exactly 3 ingredients"."""
    g = game()
    s = g.position(kitchens=[{5: "acorn-scones", 3: "dandelion-soup"}, {}],
                   pantry={3: [["acorn", "acorn", "blueberry"], ["radish"] * 3,
                               ["mushroom"] * 3]})
    assert s.capacity(0) == 5 + 3
    s.apply(ChooseShelf(3, 1))
    assert s.stage == "minutes" and s.supply(0) == {}
    m1, m2, m3 = MoveOrder("acorn-scones", 5), MoveOrder("dandelion-soup", 3), \
        MoveOrder("dandelion-soup", 2)
    assert "1 of 3 minutes paid" in s.narrate(m1)
    s.apply(m1)                       # +1
    assert "2 of 3 minutes paid" in s.narrate(m2)
    s.apply(m2)                       # +1
    line = s.narrate(m3)
    assert "3 of 3 minutes paid" in line and "takes Acorn, Acorn, Blueberry" in line
    s.apply(m3)                       # +1: 3 minutes, the space is taken whole
    assert s.supply(0) == {"acorn": 2, "blueberry": 1}
    assert s.pantry()[2][0] == []
    assert {m: e["order"] for m, e in s.kitchen(0).items()} == {
        4: "acorn-scones", 1: "dandelion-soup"}
    assert s.stage == "assign" and s.mood(0) == 0


def test_moving_onto_an_occupied_space_or_skipping_is_illegal():
    s = game().position(kitchens=[{5: "acorn-scones", 4: "dandelion-soup"}, {}])
    s.apply(ChooseShelf(2, 1))
    legal = s.legal_actions()
    assert legal == [MoveOrder("dandelion-soup", 4)]
    bad = MoveOrder("acorn-scones", 5)
    with pytest.raises(tl.IllegalActionError, match="Skipping is not allowed"):
        s.apply(bad)


def test_shelf_spaces_too_big_for_the_kitchen_cannot_be_chosen():
    """"If you do not have enough orders to make the time pass in your kitchen, you must
    choose a shelf space with fewer ingredients." One order on the 2-minute space can pay
    2 minutes (the second push takes it off)."""
    s = game().position(kitchens=[{2: "acorn-cake"}, {}])
    shelves = {(a.size, a.column) for a in s.legal_actions() if isinstance(a, ChooseShelf)}
    assert shelves == {(size, c) for size in (1, 2) for c in (1, 2, 3)}
    with pytest.raises(tl.IllegalActionError, match="fewer ingredients"):
        s.apply(ChooseShelf(3, 1))


def test_pushing_an_order_off_the_starting_lane_is_a_complaint():
    """Pushing Orders Off the Starting Lane: one minute gained, a complaint, the order to
    the discard pile and its ingredients to the compost."""
    s = game().position(kitchens=[{1: ("acorn-omelette", [["acorn"], []])}, {}],
                        pantry={1: [["daisy"], ["daisy"], ["daisy"]]})
    s.apply(ChooseShelf(1, 2))
    push = MoveOrder("acorn-omelette", 1)
    assert str(push) == "Push Acorn Omelette off the 1-minute space (a complaint)"
    assert "complaint" in s.explain(push)
    s.apply(push)
    assert s.mood(0) == -1
    assert s.discard_pile() == ["acorn-omelette"]
    assert s.compost() == {"acorn": 1}
    assert s.supply(0) == {"daisy": 1}
    assert s.kitchen(0) == {}


def test_the_same_order_may_move_several_times():
    s = game().position(kitchens=[{6: "daisy-bread"}, {}],
                        pantry={4: [["acorn"] * 4, ["radish"] * 4, ["mushroom"] * 4]})
    s.apply(ChooseShelf(4, 1))
    for m in (6, 5, 4, 3):
        assert s.legal_actions() == [MoveOrder("daisy-bread", m)]
        s.apply(MoveOrder("daisy-bread", m))
    assert s.kitchen(0)[2]["order"] == "daisy-bread" and s.supply(0) == {"acorn": 4}


def test_emptying_a_row_refills_it_then_gives_its_bonus():
    """Refilling a Shelf Row: "place one random ingredient from the bag on each empty
    circle ... As a reward for refilling you receive the shelf bonus" (the top row's:
    recycle, as in Ingelis' example)."""
    g = game()
    s = g.position(kitchens=[{4: "acorn-scones"}, {}], supplies=[["radish"], []],
                   pantry={1: [["acorn"], [], []]})
    s.apply(ChooseShelf(1, 1))
    s.apply(MoveOrder("acorn-scones", 4))
    assert s.is_chance_node() and "shelf row is filled" in s.waiting_for()
    bag = s.bag_count
    outs = dict(s.chance_outcomes())
    assert sum(outs.values()) == 1 and outs[DrawIngredient("daisy")] == Fraction(
        10, bag)
    play_chance(s, DrawIngredient("daisy"), DrawIngredient("daisy"), DrawIngredient("acorn"))
    assert s.pantry()[0] == [["daisy"], ["daisy"], ["acorn"]]
    # The bonus: "You may recycle an ingredient".
    assert s.current_player == 0 and s.stage == "recycle"
    assert set(s.legal_actions()) == {Recycle("acorn"), Recycle("radish"), Decline("recycle")}
    s.apply(Recycle("radish"))
    assert s.compost() == {"radish": 1} and s.is_chance_node()
    s.apply(DrawIngredient("mushroom"))
    assert s.supply(0) == {"acorn": 1, "mushroom": 1} and s.stage == "assign"


def test_a_row_is_refilled_only_when_completely_empty():
    s = game().position(kitchens=[{4: "acorn-scones"}, {}],
                        pantry={1: [["acorn"], ["daisy"], []]})
    s.apply(ChooseShelf(1, 1))
    s.apply(MoveOrder("acorn-scones", 4))
    assert not s.is_chance_node() and s.pantry()[0] == [[], ["daisy"], []]


# -- Go to the Phone --------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_phone_round_you_first_the_others_clockwise_you_last(players):
    """Go to the Phone, steps 1-5: every order on the tray is taken, the active player
    first and last; then the tray is refilled from the pile."""
    g = game(players=players)
    tray = QUIET[: players + 1]
    s = g.position(tray=tray, turn=2)          # Player 2's turn (seat 1)
    a = 1
    order = [a] + [(a + i) % players for i in range(1, players)] + [a]
    took = {}
    for k, seat in enumerate(order):
        assert s.current_player == seat, (k, s.waiting_for())
        legal = s.legal_actions()
        assert all(isinstance(x, TakeOrder) for x in legal) or k == 0
        o = s.tray()[[i for i, x in enumerate(s.tray()) if x][0]]
        if k and seat != a:
            assert f"on {g.player_name(a)}'s turn" in s.narrate(TakeOrder(o))
        s.apply(TakeOrder(o))
        took.setdefault(seat, []).append(o)
    assert s.tray() == [None] * (players + 1)
    # Step 5: the tray is refilled, one chance draw per space.
    for _ in range(players + 1):
        outs = s.chance_outcomes()
        assert all(isinstance(x, DrawOrder) for x, _ in outs)
        assert outs[0][1] == Fraction(1, len(outs))
        s.apply(outs[0][0])
    assert all(s.tray()) and s.current_player == a and s.stage == "assign"
    assert len(took[a]) == 2 and all(len(took[q]) == 1 for q in took if q != a)
    for q, orders in took.items():
        mine = {e["order"] for e in s.kitchen(q).values()}
        assert set(orders) <= mine


def test_a_new_order_pushes_the_orders_to_its_right_and_may_push_one_off():
    """Go to the Phone: "If the kitchen space matching the new order is already occupied,
    the order lying there must be moved one kitchen space to the right ... It can happen
    that an order is thereby pushed out of the kitchen"."""
    kit = {4: "acorn-scones", 3: "acorn-smoothie", 2: "acorn-cake",
           1: ("acorn-omelette", [["acorn"], []])}
    s = game().position(kitchens=[kit, {}], tray=["dandelion-soup", "mushroom-sandwich",
                                                   "daisy-bread"])
    take = TakeOrder("dandelion-soup")
    assert "Acorn Omelette is pushed off the kitchen: a complaint" in s.narrate(take)
    s.apply(take)
    assert {m: e["order"] for m, e in s.kitchen(0).items()} == {
        4: "dandelion-soup", 3: "acorn-scones", 2: "acorn-smoothie", 1: "acorn-cake"}
    assert s.mood(0) == -1 and s.discard_pile() == ["acorn-omelette"]
    assert s.compost() == {"acorn": 1}


def test_a_gap_stops_the_push():
    kit = {4: "acorn-scones", 2: "acorn-cake"}
    s = game().position(kitchens=[kit, {}], tray=["dandelion-soup", "mushroom-sandwich",
                                                   "daisy-bread"])
    s.apply(TakeOrder("dandelion-soup"))
    assert {m: e["order"] for m, e in s.kitchen(0).items()} == {
        4: "dandelion-soup", 3: "acorn-scones", 2: "acorn-cake"}
    assert s.mood(0) == 0


def test_the_phone_is_forced_when_the_kitchen_is_empty():
    """"Sometimes you have no choice: If you have no orders left in your kitchen, you must
    go to the phone and accept new orders." """
    s = game().position(kitchens=[{}, {}])
    legal = s.legal_actions()
    assert legal and all(isinstance(a, TakeOrder) for a in legal)
    assert len(legal) == 3
    with pytest.raises(tl.IllegalActionError, match="must go to the phone"):
        s.apply(ChooseShelf(1, 1))


def test_order_effects_happen_at_once_and_in_card_order():
    """blueberry-omelette: recycle, then praise (Symbol Overview order, ruling D7)."""
    s = game().position(supplies=[["acorn"], []],
                        tray=["blueberry-omelette", "acorn-cake", "mushroom-sandwich"])
    s.apply(TakeOrder("blueberry-omelette"))
    assert s.current_player == 0 and s.legal_actions() == [Recycle("acorn"),
                                                           Decline("recycle")]
    assert s.mood(0) == 0
    s.apply(Decline("recycle"))
    assert s.mood(0) == 1                        # the praise came after the recycle
    assert s.current_player == 1 and s.stage == "phone"


def test_all_other_kitchen_helpers_discard_each_choosing_out_of_turn():
    """acorn-burger: "All other kitchen helpers must discard an ingredient" (clockwise
    from the player resolving it; each chooses, ruling D8)."""
    g = game(players=3)
    s = g.position(supplies=[[], ["acorn", "radish"], ["daisy"]],
                   tray=["acorn-burger", "acorn-cake", "mushroom-sandwich", "daisy-bread"])
    s.apply(TakeOrder("acorn-burger"))
    assert s.current_player == 1
    assert s.waiting_for() == "Player 2 (on Player 1's turn): discard an ingredient"
    assert s.legal_actions() == [Discard("acorn"), Discard("radish")]
    assert s.narrate(Discard("radish")) == \
        "Player 2 (on Player 1's turn) discards a Radish to the compost"
    s.apply(Discard("radish"))
    assert s.current_player == 2 and s.legal_actions() == [Discard("daisy")]
    s.apply(Discard("daisy"))
    assert s.compost() == {"radish": 1, "daisy": 1}
    assert s.current_player == 1 and s.stage == "phone"   # Player 2 picks next


def test_discard_with_an_empty_supply_does_nothing():
    s = game(players=3).position(supplies=[[], [], ["daisy"]],
                                 tray=["acorn-burger", "acorn-cake", "mushroom-sandwich",
                                       "daisy-bread"])
    s.apply(TakeOrder("acorn-burger"))
    assert s.current_player == 2 and s.legal_actions() == [Discard("daisy")]


def test_others_complaint_and_draw_an_order():
    g = game(players=3)
    s = g.position(tray=["acorn-skewers", "dandelion-jam", "acorn-cake", "daisy-bread"],
                   mood=[0, -8, 3])
    s.apply(TakeOrder("acorn-skewers"))          # others complaint
    assert [s.mood(p) for p in range(3)] == [0, -8, 2]   # -8 cannot fall further
    s.apply(TakeOrder("dandelion-jam"))          # Player 2: draw an order
    assert s.is_chance_node() and s.waiting_for() == "Chance: Player 2 draws an order"
    outs = s.chance_outcomes()
    assert len(outs) == s.deck_count and outs[0][1] == Fraction(1, s.deck_count)
    s.apply(DrawOrder("mushroom-skewers"))       # 5 minutes, no effects
    assert s.kitchen(1)[5]["order"] == "mushroom-skewers"
    assert s.current_player == 2


def test_move_an_order_left_is_mandatory_unless_the_variant():
    tray = ["mushroom-cake", "acorn-cake", "mushroom-sandwich"]
    s = game().position(kitchens=[{4: "acorn-scones"}, {}], tray=tray)
    s.apply(TakeOrder("mushroom-cake"))          # 6 minutes; then move an order left
    assert s.legal_actions() == [MoveLeft("acorn-scones", 4)]
    s.apply(MoveLeft("acorn-scones", 4))
    assert s.kitchen(0)[5]["order"] == "acorn-scones"
    s2 = game(move_left="may").position(kitchens=[{4: "acorn-scones"}, {}], tray=tray)
    s2.apply(TakeOrder("mushroom-cake"))
    assert s2.legal_actions() == [MoveLeft("acorn-scones", 4), Decline("move_left")]


def test_an_order_on_the_six_minute_space_cannot_move_left():
    tray = ["mushroom-cake", "acorn-cake", "mushroom-sandwich"]
    s = game().position(kitchens=[{5: "mushroom-skewers"}, {}], tray=tray)
    s.apply(TakeOrder("mushroom-cake"))   # lands on 6; 5 is taken: nothing can move left
    assert s.current_player == 1 and s.stage == "phone"


def test_ingredients_from_effects_on_another_turn_wait_for_your_phase_2():
    """"All kitchen helpers who received new ingredients through effects may not add them
    to their orders immediately - this only happens in Phase 2 of their own turn." """
    g = game()
    kit1 = {4: "dandelion-soup"}                   # needs dandelion, acorn, radish
    s = g.position(kitchens=[{6: "daisy-bread"}, kit1],
                   tray=["radish-smoothie", "acorn-cake", "mushroom-sandwich"])
    s.apply(TakeOrder("radish-smoothie"))          # others draw
    assert s.waiting_for() == "Chance: Player 2 draws an ingredient from the bag"
    s.apply(DrawIngredient("radish"))
    assert s.supply(1) == {"radish": 1}
    s.apply(TakeOrder("acorn-cake"))               # Player 2 picks
    s.apply(TakeOrder("mushroom-sandwich"))        # Player 1 takes the last
    settle_chance(s)                                # the tray refill
    assert s.current_player == 0 and s.stage == "assign"
    assert s.legal_actions(1) == []                 # only Player 1 assigns now
    s.apply(FinishAssigning())
    assert s.current_player == 1 and s.stage == "phase1" and s.supply(1) == {"radish": 1}
    # Player 2's own turn: after Phase 1 the radish must be placed.
    s.apply(TakeOrder(s.tray()[0]))
    while s.stage != "assign":
        if s.is_chance_node():
            s.apply(first_outcome(s))
        else:
            s.apply(s.legal_actions()[0])
    assert s.current_player == 1
    assert not s.is_legal(FinishAssigning())
    s.apply(Place("dandelion-soup", "radish"))
    soup = next(e for e in s.kitchen(1).values() if e["order"] == "dandelion-soup")
    assert soup["covers"][2] == ["radish"]


# -- Phase 2: assigning and delivering --------------------------------------------------------

def assign_position(kitchen, supply, players=2, **kw):
    g = game(players=players, **kw)
    return g.position(kitchens=[kitchen] + [{}] * (players - 1),
                      supplies=[supply] + [[]] * (players - 1), stage="assign")


def test_must_place_every_ingredient_that_fits():
    """"All your ingredients that can be assigned to orders must be assigned in this
    phase." Only what cannot be assigned stays."""
    s = assign_position({4: "dandelion-soup"}, ["acorn", "blueberry"])
    assert Place("dandelion-soup", "acorn") in s.legal_actions()
    assert FinishAssigning() not in s.legal_actions()
    with pytest.raises(tl.IllegalActionError, match="Acorn can still be assigned"):
        s.apply(FinishAssigning())
    s.apply(Place("dandelion-soup", "acorn"))
    assert s.legal_actions()[-1] == FinishAssigning()
    s.apply(FinishAssigning())
    assert s.supply(0) == {"blueberry": 1}
    assert s.kitchen(0)[4]["covers"] == [[], ["acorn"], []]


def test_identical_symbols_fill_in_order_and_deliver():
    s = assign_position({3: "acorn-smoothie"}, ["acorn", "acorn", "daisy"])
    path = s.click_paths()[Place("acorn-smoothie", "acorn")]
    assert path == ("supply:0:acorn", "slot:acorn-smoothie:0")
    s.apply(Place("acorn-smoothie", "acorn"))
    assert s.click_paths()[Place("acorn-smoothie", "acorn")][1] == "slot:acorn-smoothie:1"
    s.apply(Place("acorn-smoothie", "acorn"))
    s.apply(Place("acorn-smoothie", "daisy"))
    assert s.kitchen(0)[3]["complete"]
    line = s.narrate(FinishAssigning())
    assert "delivers Acorn Smoothie (5 points; 1 delivered)" in line
    s.apply(FinishAssigning())
    # Delivering Orders: ingredients to the compost, the order to the delivery space.
    assert s.delivered(0) == ["acorn-smoothie"] and s.kitchen(0) == {}
    assert s.compost() == {"acorn": 2, "daisy": 1}
    assert s.scores()[0] == {"total": 5, "orders": 5, "mood": 0}
    assert s.current_player == 1


def test_joker_of_two_daisies():
    """Ingredient Jokers: "2 Daisies ... stacked on the desired symbol"."""
    s = assign_position({4: "dandelion-soup"}, ["daisy", "daisy"])
    starts = [a for a in s.legal_actions() if isinstance(a, StartJoker)]
    assert starts == [StartJoker("dandelion-soup", k) for k in ("dandelion", "acorn",
                                                                  "radish")]
    assert s.legal_actions()[-1] == FinishAssigning()      # jokers are optional
    s.apply(StartJoker("dandelion-soup", "radish"))
    assert s.legal_actions() == [Joker("dandelion-soup", "radish", "daisy")]
    assert s.click_paths() == {Joker("dandelion-soup", "radish", "daisy"): ("supply:0:daisy",)}
    s.apply(Joker("dandelion-soup", "radish", "daisy"))
    assert FinishAssigning() not in s.legal_actions()      # the joker must be finished
    s.apply(Joker("dandelion-soup", "radish", "daisy"))
    assert s.kitchen(0)[4]["covers"] == [[], [], ["daisy", "daisy"]]
    assert s.legal_actions() == [FinishAssigning()]


def test_joker_of_four_arbitrary_ingredients():
    s = assign_position({4: "dandelion-soup"}, ["blueberry", "blueberry", "mushroom",
                                                 "daisy"])
    s.apply(StartJoker("dandelion-soup", "acorn"))
    for k in ("blueberry", "daisy", "mushroom"):
        s.apply(Joker("dandelion-soup", "acorn", k))
        assert s.stage == "assign" and FinishAssigning() not in s.legal_actions()
    s.apply(Joker("dandelion-soup", "acorn", "blueberry"))
    assert s.kitchen(0)[4]["covers"][1] == ["blueberry", "daisy", "mushroom", "blueberry"]
    assert s.supply(0) == {}


def test_a_joker_that_cannot_be_finished_cannot_be_started_or_fed():
    s = assign_position({4: "dandelion-soup"}, ["blueberry", "mushroom", "daisy"])
    assert s.legal_actions() == [FinishAssigning()]
    with pytest.raises(tl.IllegalActionError, match="2 Daisies or 4 ingredients"):
        s.apply(StartJoker("dandelion-soup", "acorn"))
    # A daisy first with one more daisy and one other: the second daisy must finish it
    # or the stack could not reach 4.
    s = assign_position({4: "dandelion-soup"}, ["daisy", "daisy", "blueberry"])
    s.apply(StartJoker("dandelion-soup", "acorn"))
    s.apply(Joker("dandelion-soup", "acorn", "daisy"))
    assert s.legal_actions() == [Joker("dandelion-soup", "acorn", "daisy")]


def test_a_started_joker_comes_before_anything_else():
    # Only the variant lets a joker start while an ingredient can still be placed (D11).
    s = assign_position({4: "dandelion-soup"}, ["acorn", "daisy", "daisy", "mushroom"],
                        jokers="any")
    s.apply(StartJoker("dandelion-soup", "radish"))
    assert not s.is_legal(Place("dandelion-soup", "acorn"))
    with pytest.raises(tl.IllegalActionError, match="finish the joker"):
        s.apply(Place("dandelion-soup", "acorn"))
    s.apply(Joker("dandelion-soup", "radish", "daisy"))
    s.apply(Joker("dandelion-soup", "radish", "daisy"))
    s.apply(Place("dandelion-soup", "acorn"))
    assert s.kitchen(0)[4]["covers"] == [[], ["acorn"], ["daisy", "daisy"]]


# -- The bag ----------------------------------------------------------------------------------

def test_the_bag_refills_from_the_compost_when_empty():
    """Refilling the Ingredient Bag: "If at any point in the game the ingredient bag is
    empty, it is immediately refilled with all ingredients from the compost box." """
    g = game()
    tray = ["dandelion-bread", "acorn-cake", "mushroom-sandwich"]
    base = g.position(tray=tray)
    bag = base.to_json()["bag"]
    keep = bag.index("radish")
    compost = bag[:keep] + bag[keep + 1:]
    shelves = {row.size: spaces for row, spaces in zip(g.rows, base.pantry())}
    s = g.position(tray=tray, compost=compost, pantry=shelves)
    assert s.bag_count == 1 and sum(s.compost().values()) == len(compost)
    s.apply(TakeOrder("dandelion-bread"))          # draw an ingredient
    assert s.chance_outcomes() == [(DrawIngredient("radish"), Fraction(1))]
    s.apply(DrawIngredient("radish"))
    assert s.bag_count == len(compost) and s.compost() == {}
    assert s.supply(0) == {"radish": 1}


# -- End of the Game --------------------------------------------------------------------------

def finish_turn(s):
    """Play the current player's turn the quickest legal way (first actions, first
    outcomes) until the next turn starts or the game ends."""
    turn = s.turn
    while not s.is_terminal() and s.turn == turn:
        s.apply(first_outcome(s) if s.is_chance_node() else s.legal_actions()[0])


def test_the_round_is_finished_after_the_end_is_triggered():
    """End of the Game: "When the end of the game has been triggered, the current round is
    played to the end, so that all kitchen helpers have had the same number of turns." """
    g = game(players=3, end_after=1)
    kit = {3: ("acorn-smoothie", [["acorn"], ["acorn"], []])}
    s = g.position(kitchens=[kit, {}, {}], supplies=[["daisy"], [], []], stage="assign")
    s.apply(Place("acorn-smoothie", "daisy"))
    s.apply(FinishAssigning())
    assert s.delivered(0) == ["acorn-smoothie"]
    assert not s.is_terminal() and s.current_player == 1 and s.turn == 2
    finish_turn(s)
    assert not s.is_terminal() and s.turn == 3
    finish_turn(s)
    assert s.is_terminal() and s.turn == 3
    assert s.winners() == [0] and s.returns() == [1, 0, 0]


def test_a_trigger_by_the_last_seat_ends_the_game_at_once():
    g = game(players=2, end_after=1)
    kit = {3: ("acorn-smoothie", [["acorn"], ["acorn"], []])}
    s = g.position(kitchens=[{}, kit], supplies=[[], ["daisy"]], stage="assign", turn=2)
    s.apply(Place("acorn-smoothie", "daisy"))
    s.apply(FinishAssigning())
    assert s.is_terminal() and s.legal_actions() == []
    assert s.scores()[1]["total"] == 5


def end_position(delivered, mood=(0, 0), kitchens=None, supplies=None, players=2):
    """A finished game (the end triggered at the end of a round)."""
    g = game(players=players, end_after=1)
    return g.position(delivered=delivered, mood=list(mood), kitchens=kitchens,
                      supplies=supplies, turn=players, stack=[])


def test_scores_are_points_plus_mood():
    s = end_position([["acorn-cake"], ["acorn-jam"]], mood=(3, -2))
    assert s.is_terminal()
    assert s.scores() == [{"total": 7, "orders": 4, "mood": 3},
                          {"total": 2, "orders": 4, "mood": -2}]
    assert s.winners() == [0]


def test_tiebreaker_1_delivered_orders():
    # 6 points each: one 6-point order against two 3-point orders.
    s = end_position([["dandelion-salad"], ["acorn-scones", "acorn-burger"]])
    assert [x["total"] for x in s.scores()] == [6, 6]
    assert s.winners() == [1]


def test_tiebreaker_2_unfinished_orders_in_the_kitchen():
    s = end_position([["acorn-cake"], ["acorn-scones"]], mood=(0, 1),
                     kitchens=[{6: "daisy-bread", 5: "mushroom-skewers"}, {6: "daisy-noodles"}])
    assert [x["total"] for x in s.scores()] == [4, 4]
    assert s.winners() == [0]


def test_tiebreaker_3_ingredients_on_unfinished_orders():
    s = end_position([["acorn-cake"], ["acorn-scones"]], mood=(0, 1),
                     kitchens=[{6: "daisy-bread"},
                               {6: ("daisy-noodles", [["daisy"], [], [], []])}])
    assert s.winners() == [1]


def test_tiebreaker_4_ingredients_in_the_supply():
    s = end_position([["acorn-cake"], ["acorn-scones"]], mood=(0, 1),
                     kitchens=[{6: ("daisy-bread", [["daisy"], [], []])},
                               {6: ("daisy-noodles", [["daisy"], [], [], []])}],
                     supplies=[["acorn"], ["acorn", "radish"]])
    assert s.winners() == [1]
    assert s.tiebreak(0) == (4, 1, 1, 1, 1) and s.tiebreak(1) == (4, 1, 1, 1, 2)


def test_a_tie_through_all_four_tiebreakers_is_shared():
    s = end_position([["acorn-cake"], ["acorn-scones"]], mood=(0, 1),
                     supplies=[["acorn"], ["radish"]])
    assert s.winners() == [0, 1]
    assert s.returns() == [Fraction(1, 2), Fraction(1, 2)]


def test_mood_stops_at_plus_and_minus_eight():
    s = game().position(tray=["acorn-cookies", "acorn-cake", "mushroom-sandwich"],
                        mood=[8, 0])
    s.apply(TakeOrder("acorn-cookies"))          # praise at +8 is lost
    assert s.mood(0) == 8


def test_effects_of_an_order_picked_out_of_turn_belong_to_the_picker():
    """Go to the Phone step 2: the others "lay the new cards in their kitchen ... and then
    carry out their order effects" (on the active player's turn)."""
    s = game().position(supplies=[[], ["acorn"]],
                        tray=["acorn-cake", "blueberry-omelette", "mushroom-sandwich"])
    s.apply(TakeOrder("acorn-cake"))
    s.apply(TakeOrder("blueberry-omelette"))     # Player 2: recycle, then praise
    assert s.current_player == 1
    assert s.waiting_for() == "Player 2 (on Player 1's turn): you may recycle an ingredient"
    assert s.narrate(Recycle("acorn")) == (
        "Player 2 (on Player 1's turn) recycles an Acorn and draws a new ingredient")
    s.apply(Decline("recycle"))
    assert s.mood(1) == 1 and s.mood(0) == 0
    assert s.current_player == 0 and s.legal_actions() == [TakeOrder("mushroom-sandwich")]
