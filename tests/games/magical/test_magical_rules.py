"""Rules of Magical Treehouse, each checked on a position made for it."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tl_magical_setups import B, building, make, seats

import treehouse_lab as tl
from treehouse_lab.games.magical.moves import (
    Build,
    BuildFaceDown,
    Cast,
    CommonObjective,
    Discard,
    DiscardCard,
    DiscardHand,
    DrawFour,
    DropOut,
    Exchange,
    Finish,
    GiveBiscuit,
    KeepStorage,
    PersonalObjective,
    Pipe,
    Place,
    PlaceFamiliar,
    Reveal,
    SkipFamiliar,
    Store,
    Take,
    Wait,
)


def census_total(state) -> int:
    return sum(state.card_census().values())



G3 = tl.load_game("magical", players=3)
G4 = tl.load_game("magical", players=4)


# -- preparations ------------------------------------------------------------------------
def test_preparations():
    s = G3.new_initial_state()
    out = s.chance_outcomes()
    # Preparations 3: a random brown common objective; the biscuits tile is the default green
    assert len(out) == 5 and {p for _, p in out} == {Fraction(1, 5)}
    assert all(isinstance(a, CommonObjective) for a, _ in out)
    assert s.common_objectives() == [None, "obj-biscuits"]
    s.apply(CommonObjective("obj-fangs"))
    out = s.chance_outcomes()
    assert [a for a, _ in out] == [PersonalObjective(t) for t in
                                   ("obj-apples", "obj-shrooms", "obj-tails", "obj-webs")]
    for tile in ("obj-apples", "obj-shrooms", "obj-tails"):
        s.apply(PersonalObjective(tile))
    # Preparations 5, 9, 10; 1. Preparations Step
    assert s.biscuits() == [2, 2, 2]
    assert s.tray() == [0, 2, 2, 2] and s.round_biscuits == 2 and s.box_biscuits == 6
    assert s.deck_sizes() == [32, 32, 32] and s.stage == "deal"
    assert s.carriages_counts() == [0, 0, 0] and s.direction == 1
    draws = 0
    while s.is_chance_node():
        out = s.chance_outcomes()
        assert sum(p for _, p in out) == 1 and len(out) == 96 - draws
        s.apply(out[draws % len(out)][0])
        draws += 1
    assert draws == 24 and [s.hand_size(p) for p in range(3)] == [8, 8, 8]
    assert s.deck_sizes() == [24, 24, 24] and s.current_player == tl.SIMULTANEOUS
    assert s.actors() == [0, 1, 2] and s.card_census()["hands"] == 24
    g4 = G4.new_initial_state()
    assert g4.tray() == [3, 3, 3, 3] and g4.box_biscuits == 0 and g4.biscuits() == [2] * 4
    r = tl.load_game("magical", players=4, common_green="random").new_initial_state()
    assert r.common_objectives() == [None, None]
    r.apply(CommonObjective("obj-fangs"))
    assert {a.tile for a in r.legal_actions()} == {
        "obj-biscuits", "obj-level2", "obj-resource", "obj-colours", "obj-level1"}


# -- planning ----------------------------------------------------------------------------
def test_place_passes_the_rest_in_the_turn_direction_and_the_passer_knows_them():
    s = make(hands=seats(3, **{"0": ["red1a", "red2a", "pipe1"]}))
    assert Place("red1a") in s.legal_actions(0)
    s.apply(Place("red1a"), by=0)
    assert s.drawer(0) == ["red1a"] and s.hand(0) == []
    assert s.carriages_counts() == [2, 0, 0]   # clockwise: the carriage on seat 0's left
    assert s.carriage_known(0, 0) == ["red2a", "pipe1"] and s.carriage_known(0, 1) == []
    assert s.observation(0)["carriage_known"][0] == ["pipe1", "red2a"]
    assert "red2a" not in repr(s.observation(1)) and s.observation(1)["carriages"] == [2, 0, 0]
    assert "red2a" not in s.hidden_from(0) and "red2a" in s.hidden_from(1)
    assert s.take_carriage(1) == 0
    s.apply(Take(), by=1)
    assert sorted(s.hand(1)) == ["pipe1", "red2a"] and s.carriages_counts() == [0, 0, 0]
    # anticlockwise: seat 0 passes to carriage 2 and seat 1 takes from carriage 1
    s2 = make(hands=seats(3, **{"0": ["red1a", "red2a"]}), direction=-1)
    s2.apply(Place("red1a"), by=0)
    assert s2.carriages_counts() == [0, 0, 1] and s2.take_carriage(0) == 0


def test_spells_cannot_go_in_the_drawer_and_discarding_needs_a_spell():
    s = make(hands=seats(3, **{"0": ["spell1", "red1a"], "1": ["red2a"]}))
    legal = s.legal_actions(0)
    assert Place("spell1") not in legal and DiscardHand() in legal and Cast("spell1") in legal
    assert DiscardHand() not in s.legal_actions(1)
    with pytest.raises(tl.IllegalActionError, match="non-spell"):
        s.apply(Place("spell1"), by=0)
    s.apply(DiscardHand(), by=0)
    assert s.trash_of(0) == ["red1a", "spell1"]   # the spell on top


def test_take_and_draw_need_an_empty_hand_and_room_in_the_drawer():
    five = ["red1a", "red1b", "red1c", "red1d", "red1e"]
    s = make(hands=seats(3, **{"1": ["blue1a"]}), drawers=seats(3, **{"2": five}),
             carriages=seats(3, **{"0": ["green1a"], "1": ["green1b"]}))
    assert Take() not in s.legal_actions(0)          # carriage 2 (before seat 0) is empty
    assert DrawFour() in s.legal_actions(0)
    assert Take() not in s.legal_actions(1) and DrawFour() not in s.legal_actions(1)
    assert Take() not in s.legal_actions(2) and DrawFour() not in s.legal_actions(2)
    assert DropOut() in s.legal_actions(2)
    before = s.deck_sizes()[0]
    s.apply(DrawFour(), by=0)
    assert s.is_chance_node()
    for _ in range(4):
        out = s.chance_outcomes()
        assert all(p == Fraction(1, len(out)) for _, p in out)
        s.apply(out[0][0])
    assert s.hand_size(0) == 4 and s.deck_sizes()[0] == before - 4
    assert s.stage == "planning"


def test_drop_out_takes_a_biscuit_and_the_last_gets_none():
    h = make(hands=seats(3, **{"0": ["red1a"]}))
    assert DropOut() not in h.legal_actions(0) and DropOut() in h.legal_actions(1)
    s = make()
    assert s.round_biscuits == 2
    s.apply(DropOut(), by=1)
    s.apply(DropOut(), by=0)
    assert s.biscuits() == [3, 3, 2] and s.round_biscuits == 0
    assert s.actors() == [2]
    s.apply(DropOut(), by=2)
    assert s.biscuits() == [3, 3, 2] and s.stage != "planning"


def test_give_a_biscuit_to_move_cards_past_a_dropped_out_player():
    s = make(carriages=seats(3, **{"0": ["red1a", "red1b"]}), dropped=[False, True, False])
    # seat 1 (dropped) would take from carriage 0 and leave on carriage 1
    assert GiveBiscuit(1) in s.legal_actions(2)
    s.apply(GiveBiscuit(1), by=2)
    assert s.carriages_counts() == [0, 2, 0] and s.biscuits() == [2, 3, 1]
    assert GiveBiscuit(1) not in s.legal_actions(2)    # nothing left to move


def test_spell_reverse_and_hand_to_carriage():
    s = make(hands=seats(3, **{"0": ["spell1", "red1a"], "1": ["blue1a", "blue1b"],
                               "2": ["green1a"]}), dropped=[False, False, False])
    assert G3.cards["spell1"].effect == "reverse"
    s.apply(Cast("spell1"), by=0)
    assert s.direction == -1 and s.trash_of(0) == ["spell1"] and s.stage == "planning"
    h = make(hands=seats(3, **{"0": ["spell3", "red1a"], "1": ["blue1a", "blue1b"],
                               "2": ["green1a"]}), dropped=[False, False, True],
             round_biscuits=1)
    assert G3.cards["spell3"].effect == "hand_to_carriage"
    h.apply(Cast("spell3"), by=0)
    # everyone still planning puts their hand on the carriage; a dropped player is unaffected
    assert h.carriages_counts() == [1, 2, 0] and h.hand(2) == ["green1a"]
    assert h.carriage_known(1, 1) == ["blue1a", "blue1b"]


def test_spell_discard_hand_card_is_chosen_secretly_and_revealed_together():
    s = make(hands=seats(3, **{"0": ["spell5", "red1a"], "1": ["blue1a", "blue1b"],
                               "2": ["green1a"]}), dropped=[False, False, True],
             round_biscuits=1)
    assert G3.cards["spell5"].effect == "discard_hand"
    s.apply(Cast("spell5"), by=0)
    assert s.stage == "spell" and s.actors() == [0, 1]
    assert s.legal_actions(0) == [DiscardCard("red1a", "hand")]
    s.apply(DiscardCard("blue1b", "hand"), by=1)
    assert s.hand(1) == ["blue1a", "blue1b"] and "blue1b" in s.hidden_from(0)
    assert s.actors() == [0]
    s.apply(DiscardCard("red1a", "hand"), by=0)
    assert s.hand(1) == ["blue1a"] and s.trash_of(1) == ["blue1b"]
    # the spell goes to the trash once resolved, on top of the card it discarded
    # (issue 17 item 14; the old order put it under)
    assert s.trash_of(0) == ["red1a", "spell5"] and s.stage == "planning"
    assert s.hand(2) == ["green1a"]


def test_spell_discard_drawer_card_and_exchange():
    s = make(hands=seats(3, **{"0": ["spell7"]}),
             drawers=seats(3, **{"1": ["blue1a", "blue1b"], "2": ["green1a"]}))
    assert G3.cards["spell7"].effect == "discard_drawer"
    s.apply(Cast("spell7"), by=0)
    assert s.actors() == [1, 2]          # seat 0 has no drawer card
    s.apply(DiscardCard("green1a", "drawer"), by=2)
    s.apply(DiscardCard("blue1a", "drawer"), by=1)
    assert s.drawer(1) == ["blue1b"] and s.drawer(2) == [] and s.trash_of(2) == ["green1a"]
    village = [[{"cards": ["red1a", "red2a"], "down": False}], [], []]
    e = make(hands=seats(3, **{"0": ["spell8"]}), drawers=seats(3, **{"0": ["blue1a"]}),
             villages=village, storage=[[["red1b", "red1a"]], [], []])
    assert G3.cards["spell8"].effect == "exchange"
    e.apply(Cast("spell8"), by=0)
    assert e.legal_actions(0) == [Exchange("blue1a", "red1b"), KeepStorage()]
    e.apply(Exchange("blue1a", "red1b"), by=0)
    assert e.drawer(0) == ["red1b"] and e.storage(0) == [("blue1a", "red1a")]


def test_waiting_is_a_choice_and_when_all_wait_the_eldest_must_move():
    s = make(hands=seats(3, **{"0": ["red1a"], "1": ["red1b"], "2": ["red1c"]}))
    s.apply(Wait(), by=0)
    assert s.actors() == [1, 2]
    s.apply(Wait(), by=2)
    assert s.actors() == [1] and Wait() in s.legal_actions(1)
    s.apply(Wait(), by=1)
    # everyone waits: the eldest (seat 0) must move, and may not wait
    assert s.actors() == [0] and Wait() not in s.legal_actions(0)
    with pytest.raises(tl.IllegalActionError):
        s.apply(Wait(), by=0)
    s.apply(Place("red1a"), by=0)
    assert s.actors() == [0, 1, 2]        # a move ends everyone's waiting
    # the eldest may not wait when the others already wait (it would only come back)
    t = make(hands=seats(3, **{"0": ["red1a"], "1": ["red1b"], "2": ["red1c"]}),
             waiting=[False, True, True])
    assert Wait() not in t.legal_actions(0)
    # ages: seat 2 is the eldest
    g = tl.load_game("magical", players=3, ages=[2, 0, 1])
    u = make(g, hands=seats(3, **{"0": ["red1a"], "1": ["red1b"], "2": ["red1c"]}),
             waiting=[True, True, True])
    assert u.actors() == [2]
    with pytest.raises(tl.RuleError, match="ages"):
        tl.load_game("magical", players=3, ages=[0, 0, 1])


def test_shortfall_takes_highest_play_order_from_the_trash_then_the_next_players():
    cards = G3.cards
    drawer0 = ["red1a", "red1b", "red1c"]          # 2 short
    trash0 = ["spell1", "blue1a"]                   # one usable card, the spell is not
    trash1 = ["green1a", "green1b", "green1c"]
    full1 = ["blue2a", "blue2b", "blue2c", "blue2d", "blue3a"]
    full2 = ["yellow1a", "yellow1b", "yellow1c", "yellow1d", "yellow1e"]
    s = make(drawers=seats(3, **{"0": drawer0, "1": full1, "2": full2}),
             trash=[trash0, trash1, []], dropped=[False, True, True], round_biscuits=0)
    best1 = max(trash1, key=lambda c: cards[c].order)
    s.apply(DropOut(), by=0)
    assert s.stage == "reveal"
    assert s.trash_of(0) == ["spell1"]
    assert sorted(s.box) == sorted(["blue1a", best1])
    assert len(s.trash_of(1)) == 2 and s.drawer(0) == drawer0


# -- building ----------------------------------------------------------------------------
def test_play_order_is_revealed_together_and_lowest_first():
    d = [["red1a", "red2a"], ["blue1a"], ["green1a"]]
    s = make(phase="reveal", drawers=d, choices=["todo", "todo", "todo"], dropped=[True] * 3,
             round_biscuits=0)
    s.apply(Reveal("red2a"), by=0)
    assert s.drawer(0) == ["red1a", "red2a"] and "red2a" in s.hidden_from(1)
    s.apply(Reveal("blue1a"), by=1)
    s.apply(Reveal("green1a"), by=2)
    orders = {p: G3.cards[c].order for p, c in enumerate(["red2a", "blue1a", "green1a"])}
    assert s.play_order == sorted(range(3), key=orders.get)
    assert s.trash_of(0) == ["red2a"] and s.stage == "building" and s.builder == 0


def test_building_levels_stack_by_colour_and_face_down():
    s = building(["red1a", "red2a", "red3a", "blue2a", "blue1a"])
    legal = s.legal_actions(0)
    assert Build("red1a", "") in legal and BuildFaceDown("red1a") in legal
    assert not any(isinstance(a, Build) and a.card in ("red2a", "red3a", "blue2a")
                   for a in legal)                   # nothing to build them on yet
    assert Finish() not in legal                     # unused cards may not stay
    s.apply(Build("red1a", ""), by=0)
    s.apply(SkipFamiliar(), by=0)
    assert Build("red2a", "red1a") in s.legal_actions(0)
    assert Build("blue2a", "red1a") not in s.legal_actions(0)
    s.apply(Build("red2a", "red1a"), by=0)
    s.apply(Build("red3a", "red1a"), by=0)
    s.apply(BuildFaceDown("blue1a"), by=0)
    assert Build("blue2a", "blue1a") in s.legal_actions(0)   # any level 2 on a face-down
    s.apply(Build("blue2a", "blue1a"), by=0)
    v = s.village(0)
    assert [(b["level"], b["colour"], b["vp"]) for b in v] == [(3, "red", 5), (2, "blue", 2)]
    assert s.builder == 1 or s.stage != "building" or s.drawer(0) == []


def test_level_one_buildings_always_go_beside_others():
    s = building(["red1b"], village=[B("red1a")])
    assert [a for a in s.legal_actions(0) if isinstance(a, Build)] == [Build("red1b", "")]


def test_pipes_join_two_buildings_and_a_useless_pipe_is_discarded():
    """Under the chain variant (pipes="chains", ruling R10); test_pipe_rules.py has the
    default, where any two buildings may be joined."""
    chains = tl.load_game("magical", players=3, pipes="chains")
    s = building(["pipe1", "pipe2", "pipe3"], village=[B("red1a"), B("blue1a"), B("green1a")],
                 game=chains)
    pipes = [a for a in s.legal_actions(0) if isinstance(a, Pipe) and a.card == "pipe1"]
    assert {(a.a, a.b) for a in pipes} == {("blue1a", "green1a"), ("blue1a", "red1a"),
                                          ("green1a", "red1a")}
    s.apply(Pipe("pipe1", "blue1a", "red1a"), by=0)
    s.apply(Pipe("pipe2", "blue1a", "green1a"), by=0)
    # a row: blue1a has both sides taken, and red1a-green1a would close a loop
    assert s.legal_actions(0) == [Discard("pipe3")]
    s.apply(Discard("pipe3"), by=0)
    assert s.pipes(0) == [("pipe1", "blue1a", "red1a"), ("pipe2", "blue1a", "green1a")]
    assert s.trash_of(0) == ["pipe3"]


def test_storage_holds_one_card_per_level_two_and_purple_level_four_any():
    s = building(["blue1a", "blue1b"], village=[B("red1a", "red2a")])
    assert Store("blue1a", "red1a") in s.legal_actions(0)
    s.apply(Store("blue1a", "red1a"), by=0)
    assert Store("blue1b", "red1a") not in s.legal_actions(0)
    s.apply(Build("blue1b", ""), by=0)
    s.apply(SkipFamiliar(), by=0)
    # the drawer is empty; the stored card may be built or left, and then the turn ends
    assert Build("blue1a", "") in s.legal_actions(0) and Finish() in s.legal_actions(0)
    s.apply(Finish(), by=0)
    assert s.storage(0) == [("blue1a", "red1a")] and s.builder == 1
    p = building(["blue1a", "blue1b"], village=[B("purple1a", "purple2a", "purple3a",
                                                  "purple4a")])
    p.apply(Store("blue1a", "purple1a"), by=0)
    assert Store("blue1b", "purple1a") in p.legal_actions(0)   # unlimited storage


def test_familiars_outermost_connected_and_not_occupied():
    s = building(["red1a"], forest={"t1a": 1})
    s.apply(Build("red1a", ""), by=0)        # level 1: the familiar position icon
    areas = {a.area for a in s.legal_actions(0) if isinstance(a, PlaceFamiliar)}
    g = G3
    assert areas == set(g.outermost) - {"t1a"}      # outermost only; t1a is occupied
    s.apply(PlaceFamiliar("t1c"), by=0)
    assert s.forest()["t1c"] == 0 and s.familiar_supply()[0] == 8
    t = building(["red1a", "red1b"], forest={"t1c": 0})
    t.apply(Build("red1a", ""), by=0)
    areas = {a.area for a in t.legal_actions(0) if isinstance(a, PlaceFamiliar)}
    assert "t1d" in areas and "t2c" not in areas     # t1d connects to t1c; t2c does not


def test_yellow_level_four_flying_and_place_in_unproductive_area():
    unprod = {a for a in G3.areas if not G3.forest[a].resources}
    inner_unprod = unprod - G3.outermost
    assert inner_unprod
    s = building(["yellow4b"], village=[B("yellow1a", "yellow2a", "yellow3a")])
    assert G3.cards["yellow4b"].effect == "place_unproductive"
    s.apply(Build("yellow4b", "yellow1a"), by=0)
    areas = {a.area for a in s.legal_actions(0) if isinstance(a, PlaceFamiliar)}
    assert areas == unprod
    f = building(["red1a"], village=[B("yellow1a", "yellow2a", "yellow3a", "yellow4a")])
    assert G3.cards["yellow4a"].effect == "flying"
    f.apply(Build("red1a", ""), by=0)
    areas = {a.area for a in f.legal_actions(0) if isinstance(a, PlaceFamiliar)}
    assert inner_unprod <= areas


def test_red_level_four_breeding_places_a_familiar_for_a_level_three():
    s = building(["blue3a"], village=[B("red1a", "red2a", "red3a", "red4a"),
                                      B("blue1a", "blue2a")])
    s.apply(Build("blue3a", "blue1a"), by=0)
    assert any(isinstance(a, PlaceFamiliar) for a in s.legal_actions(0))
    t = building(["blue3a"], village=[B("blue1a", "blue2a")])
    t.apply(Build("blue3a", "blue1a"), by=0)
    assert not any(isinstance(a, PlaceFamiliar) for a in t.legal_actions(0))


# -- scoring -----------------------------------------------------------------------------
def keita():
    """The rulebook's Example of Scoring, from stand-in cards: Keita is seat 0."""
    day = G3.forest
    apples = [a for a in G3.areas if day[a].resources == ("apples",)]
    webs = [a for a in G3.areas if day[a].resources == ("webs",)]
    fangs = [a for a in G3.areas if day[a].resources == ("fangs",)]
    shrooms = [a for a in G3.areas if day[a].resources == ("shrooms",)]
    forest = {apples[0]: 0, apples[1]: 0, webs[0]: 0, webs[1]: 0, fangs[0]: 0,
              shrooms[0]: 0, shrooms[1]: 1}
    villages = [[B("green1a"), B("red1a", "red2a", "red3a"),
                 B("blue1a", "blue2a", "blue3a", "blue4a", "blue5a"),
                 B("yellow1a", "yellow2a"), B("purple1a")], [B("red1b")], []]
    pipes = [[("pipe1", "green1a", "red1a"), ("pipe2", "red1a", "blue1a")], [], []]
    return G3.position(villages=villages, pipes=pipes, forest=forest, biscuits=[4, 5, 0],
                       common=("obj-fangs", "obj-biscuits"),
                       personal=("obj-shrooms", "obj-apples", "obj-webs"))


def test_keitas_34_vp():
    s = keita()
    assert s.is_terminal()
    assert G4.keita_example().scores()[0]["total"] == 34
    assert G3.keita_example() == s
    sc = s.scores()[0]
    assert sc == {"buildings": 22, "potions": 6, "level5": 2, "objectives": 3, "biscuits": 1,
                  "total": 34}
    assert [b["vp"] for b in s.village(0)] == [1, 5, 13, 2, 1]
    # the biscuits objective goes to seat 1 (5 biscuits, tile value 1); Keita's personal
    # light shrooms objective is tied (1 each), so it scores for nobody
    assert s.personal_objective(0) == "obj-shrooms"
    assert s.resources(0)["shrooms"] == s.resources(1)["shrooms"] == 1
    assert s.scores()[1]["objectives"] == 1
    assert s.winners() == [0]
    assert sum(s.card_census().values()) == 96


def test_potions_need_two_resources_and_flow_through_pipes():
    day = G3.forest
    apples = [a for a in G3.areas if day[a].resources == ("apples",)]
    assert G3.cards["red1a"].effect == "extract:red"
    red_l3 = next(c.id for c in G3.cards.values() if c.effect == "potion_vp:red"
                  and c.colour == "green")
    assert G3.cards["green1a"].effect == "extract:green"
    vill = [[B("red1a"), B("green1a", "green2a", red_l3)], [], []]
    no_pipe = G3.position(villages=vill, forest={apples[0]: 0, apples[1]: 0})
    assert no_pipe.scores()[0]["potions"] == 0
    piped = G3.position(villages=vill, pipes=[[("pipe1", "red1a", "green1a")], [], []],
                        forest={apples[0]: 0, apples[1]: 0})
    assert piped.scores()[0]["potions"] == 3
    one = G3.position(villages=vill, pipes=[[("pipe1", "red1a", "green1a")], [], []],
                      forest={apples[0]: 0})
    assert one.scores()[0]["potions"] == 0


def test_green_level_four_changes_purple_into_three_colours():
    cards = G3.cards
    fangs = [a for a in G3.areas if G3.forest[a].resources == ("fangs",)]
    purple_l1 = next(c.id for c in cards.values() if c.effect == "extract:purple"
                     and c.colour == "green")
    red_l3 = next(c.id for c in cards.values() if c.effect == "potion_vp:red"
                  and c.colour == "green")
    stack = [purple_l1, "green2a", red_l3, "green4a"]
    assert cards["green4a"].effect == "three_potions"
    # issue 17 item 9: the purple must come from another building, through a pipe
    own = G3.position(villages=[[B(*stack)], [], []], forest={fangs[0]: 0, fangs[1]: 0})
    assert own.scores()[0]["potions"] == 0
    pipe = [[("pipe1", purple_l1, "purple1a")], [], []]
    s = G3.position(villages=[[B(*stack), B("purple1a")], [], []], pipes=pipe,
                    forest={fangs[0]: 0, fangs[1]: 0})
    assert s.scores()[0]["potions"] == 3
    without = G3.position(villages=[[B(*stack[:3]), B("purple1a")], [], []], pipes=pipe,
                          forest={fangs[0]: 0, fangs[1]: 0})
    assert without.scores()[0]["potions"] == 0


def test_level_five_effects_of_every_colour():
    unprod = sorted(a for a in G3.areas if not G3.forest[a].resources)
    red = G3.position(villages=[[B("red1a", "red2a", "red3a", "red4a", "red5a"),
                                 B("blue1a", "blue2a", "blue3a"), B("green1a", "green2a",
                                                                    "green3a")], [], []])
    assert red.scores()[0]["level5"] == 2                 # two buildings of level 3
    yel = G3.position(villages=[[B("yellow1a", "yellow2a", "yellow3a", "yellow4a",
                                   "yellow5a")], [], []],
                      forest={unprod[0]: 0, unprod[1]: 0, unprod[2]: 1})
    assert yel.scores()[0]["level5"] == 2
    pur = G3.position(villages=[[B("purple1a", "purple2a", "purple3a", "purple4a",
                                   "purple5a")], [], []],
                      storage=[[("red1a", "purple1a"), ("red1b", "purple1a")], [], []])
    assert pur.scores()[0]["level5"] == 2
    blue = G3.position(villages=[[B("blue1a", "blue2a", "blue3a", "blue4a", "blue5a"),
                                  B("red1a")], [], []],
                       pipes=[[("pipe1", "blue1a", "red1a")], [], []])
    assert blue.scores()[0]["level5"] == 1
    day = G3.forest
    two = {}
    for kind in ("apples", "webs"):
        for a in [a for a in G3.areas if day[a].resources == (kind,)][:2]:
            two[a] = 0
    green = G3.position(villages=[[B("green1a", "green2a", "green3a", "green4a", "green5a"),
                                   B("red1a"), B("blue1a")], [], []], forest=two)
    # extracted: red (apples) and blue (webs); green1a extracts green (no tails)
    assert green.scores()[0]["level5"] == 2


def test_objectives_single_leader_only_and_negative():
    base = dict(common=("obj-fangs", "obj-level1"),
                personal=("obj-apples", "obj-webs", "obj-tails"))
    s = G3.position(villages=[[B("red1a"), B("red1b")], [B("red1c")], []], **base)
    assert s.scores()[0]["objectives"] == -4                  # most level 1 buildings
    tie = G3.position(villages=[[B("red1a")], [B("red1c")], []], **base)
    assert [x["objectives"] for x in tie.scores()] == [0, 0, 0]


def test_objective_values_variant_and_biscuits():
    text = tl.load_game("magical", players=3, objective_values="text")
    for g, want in ((G3, 1), (text, 3)):
        s = g.position(biscuits=[5, 2, 2], common=("obj-fangs", "obj-biscuits"))
        assert s.scores()[0]["objectives"] == want
        assert s.scores()[0]["biscuits"] == 1 and s.scores()[1]["biscuits"] == 0


def test_ties_go_to_biscuits_then_the_youngest():
    s = G3.position(biscuits=[2, 2, 2])
    assert [x["total"] for x in s.scores()] == [0, 0, 0]
    assert s.winners() == [2]                                 # seat 2 is the youngest
    g = tl.load_game("magical", players=3, ages=[2, 1, 0])
    assert g.position(biscuits=[2, 2, 2]).winners() == [0]
    assert G3.position(biscuits=[2, 3, 2]).winners() == [1]   # most biscuits (no VP)


# -- hidden information and saves --------------------------------------------------------
def test_observation_hides_hands_decks_drawers_and_personal_objectives():
    s = make(hands=seats(3, **{"1": ["red1a"]}), drawers=seats(3, **{"2": ["blue1a"]}))
    obs = s.observation(0)
    text = repr(obs)
    assert "red1a" not in text and "blue1a" not in text
    assert "obj-webs" not in text and "obj-apples" in text      # own objective only
    assert {"red1a", "blue1a", "obj-webs"} <= s.hidden_from(0)
    assert obs["hand_sizes"] == [0, 1, 0] and obs["drawer_sizes"] == [0, 0, 1]
    assert not (set(s.pool) - s.hidden_from(1))


def test_saves_round_trip_and_malformed_saves_name_the_field():
    s = make(hands=seats(3, **{"0": ["red1a", "red2a"]}))
    d = s.to_json()
    assert G3.state_from_json(d) == s
    bad = dict(d, hands=[["red1a", "nope"], [], []])
    with pytest.raises(tl.RuleError, match="hands"):
        G3.state_from_json(bad)
    dup = dict(d, drawers=[["red1a"], [], []])
    with pytest.raises(tl.RuleError, match="exactly one place"):
        G3.state_from_json(dup)
    with pytest.raises(tl.RuleError, match="biscuits"):
        G3.state_from_json(dict(d, biscuits=[9, 2, 2]))
    with pytest.raises(tl.RuleError, match="phase"):
        G3.state_from_json(dict(d, phase="lunch"))


def test_blue_level_four_moves_pipes():
    village = [B("blue1a", "blue2a", "blue3a", "blue4a"), B("red1a"), B("green1a")]
    assert G3.cards["blue4a"].effect == "move_pipes"
    s = building(["red1b"], village=village, pipes=[("pipe1", "blue1a", "red1a")])
    moves = [a for a in s.legal_actions(0) if a.KIND == "move_pipe"]
    assert {(a.a, a.b) for a in moves} == {("blue1a", "green1a"), ("green1a", "red1a")}
    s.apply(moves[0], by=0)
    assert s.pipes(0) == [("pipe1", moves[0].a, moves[0].b)]
    t = building(["red1b"], village=village[1:] + [B("blue1b")],
                 pipes=[("pipe1", "blue1b", "red1a")])
    assert not [a for a in t.legal_actions(0) if a.KIND == "move_pipe"]


class Patient:
    """A bot that waits whenever it may, else plays the first legal move."""

    def choose(self, state, rng, player):
        legal = state.legal_actions(player)
        return Wait() if Wait() in legal else legal[0]


@pytest.mark.parametrize("schedule", ["round-robin", "random"])
def test_a_match_of_bots_that_always_wait_still_ends(schedule):
    m = tl.Match(G3, seed=2, bots={p: Patient() for p in range(3)}, schedule=schedule)
    m.run(max_steps=20000)
    assert m.state.is_terminal()
    waits = [e for e in m.log if e.action == Wait()]
    assert waits
    # whenever everyone still planning waited, the eldest of them made the next move
    forced = 0
    log = m.log
    for k in range(len(log)):
        m.goto(k)
        st = m.state
        if st.stage == "planning" and all(w or d for w, d in zip(st.waiting(),
                                                                  st.dropped_out())):
            eldest = next(q for q in range(3) if not st.dropped_out()[q])
            assert log[k].player == eldest and log[k].action != Wait()
            forced += 1
    assert forced


def test_draw_four_from_a_short_deck_draws_what_is_there_and_an_empty_deck_none():
    s = make(deck=[2, 0, 5])
    s.apply(DrawFour(), by=0)
    s.apply(s.chance_outcomes()[0][0])
    s.apply(s.chance_outcomes()[0][0])
    assert s.stage == "planning" and s.hand_size(0) == 2 and s.deck_sizes()[0] == 0
    assert DrawFour() not in s.legal_actions(1)


def test_green_objectives_colours_level_two_and_one_resource():
    day = G3.forest
    apples = [a for a in G3.areas if day[a].resources == ("apples",)]
    webs = [a for a in G3.areas if day[a].resources == ("webs",)]
    per = ("obj-apples", "obj-webs", "obj-tails")
    colours = G3.position(villages=[[B("red1a"), B("blue1a"), B("green1b", down=True)],
                                    [B("red1b"), B("red1c")], []],
                          common=("obj-fangs", "obj-colours"), personal=per)
    assert [x["objectives"] for x in colours.scores()] == [3, 0, 0]   # 2 colours vs 1
    level2 = G3.position(villages=[[B("red1a", "red2a"), B("blue1a", "blue2a")],
                                   [B("green1a", "green2a")], []],
                         common=("obj-fangs", "obj-level2"), personal=per)
    assert [x["objectives"] for x in level2.scores()] == [2, 0, 0]    # tile value 2
    one = G3.position(forest={apples[0]: 0, apples[1]: 0, webs[0]: 1},
                      common=("obj-fangs", "obj-resource"), personal=per)
    # seat 0 also has the single most apples (its personal tile, +3); seat 1 the single
    # most webs (its personal tile, +3)
    assert [x["objectives"] for x in one.scores()] == [2 + 3, 3, 0]


def test_explanations_and_refusals_cite_the_rules():
    s = make(hands=seats(3, **{"0": ["red1a"]}))
    assert "Planning Step" in s.explain(Place("red1a"), by=0)
    with pytest.raises(tl.IllegalActionError, match="no cards in hand"):
        s.apply(Take(), by=0)
    # a secret choice is narrated without the card
    assert "red1a" not in s.narrate(Place("red1a"), by=0)
