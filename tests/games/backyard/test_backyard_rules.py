"""Rule tests for Backyard Builders Treehouse, each tied to a rulebook section.

Positions are built from real stand-in card ids, either by playing chance outcomes and
actions from the start or with ``game.build_state`` (which goes through the strict
``state_from_json``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import treehouse_lab as tl
from treehouse_lab.games.backyard import (
    ChooseAchievement,
    ChooseStartPlayer,
    Draw,
    Play,
    rules,
)
from treehouse_lab.games.backyard.rules import card_from_id


def started(players=3, start=0, draws=(), achievements=False, **opts):
    """A game after set-up with the given start player and the given cards drawn."""
    g = tl.load_game("backyard", players=players, achievements=achievements, **opts)
    s = g.new_initial_state()
    if achievements:
        s.apply(ChooseAchievement("green-garden"))
    s.apply(ChooseStartPlayer(start))
    for c in draws:
        s.apply(Draw(c))
    return g, s


def house(*ids, wild_points=0):
    """A hand-built treehouse for rule functions: '~' marks a face-down card."""
    return [rules.played(card_from_id(c.lstrip("~")), c.startswith("~"), wild_points)
            for c in ids]


# -- Game Setup ---------------------------------------------------------------------------

def test_setup_chance_nodes_are_exact():
    g = tl.load_game("backyard", players=4, achievements=True)
    s = g.new_initial_state()
    assert s.is_chance_node()
    outs = s.chance_outcomes()
    assert len(outs) == 15 and all(p == Fraction(1, 15) for _, p in outs)
    assert all(isinstance(a, ChooseAchievement) for a, _ in outs)
    s.apply(ChooseAchievement("rainbow"))
    outs = s.chance_outcomes()
    assert [a for a, _ in outs] == [ChooseStartPlayer(p) for p in range(4)]
    assert all(p == Fraction(1, 4) for _, p in outs)
    s.apply(ChooseStartPlayer(2))
    assert s.start_player == 2 and s.holder == 2
    outs = s.chance_outcomes()
    assert len(outs) == 32 and sum(p for _, p in outs) == 1
    assert all(p == Fraction(1, 32) for _, p in outs)


def test_without_achievements_setup_starts_with_the_start_player():
    g = tl.load_game("backyard", players=3)
    s = g.new_initial_state()
    assert all(isinstance(a, ChooseStartPlayer) for a in s.legal_actions())
    with pytest.raises(tl.IllegalActionError, match="without achievement"):
        s.apply(ChooseAchievement("rainbow"))
    assert s.achievement is None


def test_start_player_draws_as_many_cards_as_players_then_one_more():
    g, s = started(players=4, start=1)
    for i in range(4):
        assert s.is_chance_node() and s.stage == "deal"
        assert s.deck_count == 32 - i
        s.apply(s.chance_outcomes()[0][0])
    # Game Turn, step 1: the first turn begins with a draw.
    assert s.is_chance_node() and s.stage == "draw"
    assert len(s.hand(1)) == 4
    s.apply(s.chance_outcomes()[0][0])
    assert s.current_player == 1 and len(s.hand(1)) == 5
    assert s.deck_count == 27
    assert s.hand(0) == [] and s.hand(2) == []


def test_two_players_remove_the_eight_purple_cards():
    g = tl.load_game("backyard", players=2)
    assert len(g.deck_cards) == 24
    assert len(g.box_cards) == 8
    assert all(card_from_id(c).purple for c in g.box_cards)
    assert not any(f.colour == "purple" for c in g.deck_cards for f in card_from_id(c).floors)
    # They are still components of the set (back in the box).
    assert len(g.components()["treehouse cards"]) == 32
    _, s = started(players=2, start=0)
    assert len(s.chance_outcomes()) == 24
    purple = g.box_cards[0]
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError, match="purple"):
        s.apply(Draw(purple))
    assert s.to_json() == before
    # With 3 players they stay in.
    assert len(tl.load_game("backyard", players=3).deck_cards) == 32


def test_ladders_one_per_player_rest_in_the_box():
    for n in (2, 3, 4, 5):
        g = tl.load_game("backyard", players=n)
        comps = g.new_initial_state().components()
        assert comps["ladders"] == [f"ladder-{i}" for i in range(1, 6)]
        assert comps["hammer"] == ["hammer"]
        assert len(comps["achievement cards"]) == 15


# -- How to Build Your Treehouse -----------------------------------------------------------

# Player 0's second turn in a 3-player game: their top floor is Green 4 (card G1-G4).
HAND = ["G2-G6", "B4-G3", "Y5-G1", "B2-B6"]


def second_turn(top_card="G1-G4"):
    g = tl.load_game("backyard", players=3)
    s = g.build_state([[top_card], ["B1-B4"], ["Y1-Y4"]], start_player=0, hand=HAND)
    assert s.current_player == 0
    return g, s


def test_colour_match_and_number_match_are_legal_mismatch_is_not():
    g, s = second_turn()
    up = {a.card for a in s.legal_actions() if not a.face_down}
    down = {a.card for a in s.legal_actions() if a.face_down}
    assert up == {"G2-G6", "B4-G3"}      # Green colour; number 4
    assert down == set(HAND)              # face down is always allowed
    assert "colour" in s.explain(Play("G2-G6"))
    assert "number" in s.explain(Play("B4-G3"))
    assert "How to Build Your Treehouse" in s.explain(Play("B4-G3"))


def test_mismatch_raises_citing_the_rule_and_changes_nothing():
    g, s = second_turn()
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError) as exc:
        s.apply(Play("Y5-G1", False))
    msg = str(exc.value)
    assert "How to Build Your Treehouse" in msg
    assert "Yellow 5" in msg and "Green 4" in msg
    assert s.to_json() == before and s.current_player == 0
    # A card not in the hand is refused too.
    with pytest.raises(tl.IllegalActionError, match="not in Player 1's hand"):
        s.apply(Play("G6-G2", True))
    assert s.to_json() == before


@pytest.mark.parametrize("top", ["~G1-G4", None])
def test_ladder_and_wild_match_anything(top):
    g = tl.load_game("backyard", players=3)
    first = [top] if top else []
    others = [["B1-B4"], ["Y1-Y4"]] if top else [[], []]
    s = g.build_state([first, *others], start_player=0, hand=HAND)
    assert {a.card for a in s.legal_actions() if not a.face_down} == set(HAND)
    word = "wild" if top else "Ladder"
    assert word in s.explain(Play("Y5-G1"))


def test_number_match_ignores_colour():
    assert rules.matches(rules.Floor("green", 4), card_from_id("B4-G3"))
    assert rules.matches(rules.Floor("green", 4), card_from_id("G6-G2"))
    assert not rules.matches(rules.Floor("green", 4), card_from_id("B5-Y1"))
    assert rules.matches(None, card_from_id("B5-Y1"))
    assert rules.matches(rules.Floor(None, 0), card_from_id("B5-Y1"))


# -- Game Turn: pass left, turn order -------------------------------------------------------

def test_play_then_pass_the_rest_to_the_left():
    g, s = started(players=3, start=2, draws=["G1-G4", "B1-B4", "Y1-Y4", "P1-P4"])
    assert s.current_player == 2
    s.apply(Play("G1-G4"))
    assert [pc.id for pc in s.treehouse(2)] == ["G1-G4"]
    assert s.holder == 0                      # seat 2's left is seat 0
    assert [c.id for c in s.hand(0)] == ["B1-B4", "P1-P4", "Y1-Y4"]
    assert s.hand(2) == [] and s.hand(1) == []
    assert s.is_chance_node()                 # player 0 draws first
    s.apply(Draw("G2-G6"))
    assert s.current_player == 0 and len(s.hand(0)) == 4


def test_turn_order_is_clockwise_from_the_start_player():
    g, s = started(players=4, start=3)
    order = []
    import random

    rng = random.Random(5)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(rng.choice(s.legal_actions()))
        else:
            order.append(s.current_player)
            s.apply(rng.choice(s.legal_actions()))
    assert order == [(3 + i) % 4 for i in range(20)]


@pytest.mark.parametrize("players,each", [(2, 7), (3, 6), (4, 5), (5, 4)])
def test_game_ends_after_7_6_5_4_cards_each(players, each):
    import random

    g, s = started(players=players, start=0)
    rng = random.Random(players)
    plays = 0
    while not s.is_terminal():
        if not s.is_chance_node():
            plays += 1
        s.apply(rng.choice(s.legal_actions()))
    assert plays == players * each
    assert all(len(s.treehouse(p)) == each for p in range(players))
    # R2: the leftover hand is set aside unscored; nobody holds a hand.
    assert len(s.discard) == players and s.holder is None
    assert all(s.hand(p) == [] for p in range(players))
    assert s.legal_actions() == []
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError, match="game is over"):
        s.apply(Play(s.discard[0].id))
    assert s.to_json() == before
    assert s.why_illegal(Play(s.discard[0].id)).startswith("Game End: the game is over")


def test_draw_then_play_order_is_enforced():
    g, s = started(players=3, start=0, draws=["G1-G4", "B1-B4", "Y1-Y4"])
    with pytest.raises(tl.IllegalActionError, match="Game Turn, step 1"):
        s.apply(Play("G1-G4"))
    s.apply(Draw("P1-P4"))
    with pytest.raises(tl.IllegalActionError, match="Game Turn, step 2"):
        s.apply(Draw("P2-P6"))


# -- Scoring -------------------------------------------------------------------------------

# The rulebook's example (Bonus Points for the Longest Color Run): floors worth 32 with a
# run of four green floors, where a Wild Card breaks the yellow run: 32 + 4 = 36. Rebuilt
# from stand-in cards: Green 2/Green 6, Green 6/Green 2 (a number match), Yellow 2/Yellow 6
# (number 2), a face-down wild, Yellow 3/Yellow 5.
EXAMPLE = ["G2-G6", "G6-G2", "Y2-Y6", "~B1-B4", "Y3-Y5"]


def test_rulebook_example_scores_36():
    g = tl.load_game("backyard", players=4)
    rest = [c for c in g.deck_cards if c not in {e.lstrip("~") for e in EXAMPLE}]
    wild_stack = [["~" + c for c in rest[i * 5:(i + 1) * 5]] for i in range(3)]
    s = g.build_state([EXAMPLE, *wild_stack], start_player=0)
    assert s.is_terminal()
    floors = s.treehouse(0)
    assert [pc.face_down for pc in floors] == [False, False, False, True, False]
    assert [(f.colour, f.number) for f in floors[3].floors] == [(None, 0), (None, 0)]
    assert s.longest_run(0) == 4
    assert s.scores()[0] == {"total": 36, "floors": 32, "run": 4, "achievement": 0}
    assert s.winners() == [0] and s.returns() == [1, 0, 0, 0]
    # Without the wild the yellow floors would make a run of four too; the wild breaks it.
    colours = [f.colour for pc in floors for f in pc.floors]
    assert colours[4:10] == ["yellow", "yellow", None, None, "yellow", "yellow"]


def test_wilds_break_runs_and_have_no_colour():
    assert rules.longest_run(rules.floors_of(house("Y2-Y6", "Y6-Y2"))).length == 4
    assert rules.longest_run(rules.floors_of(house("Y2-Y6", "~Y3-Y5", "Y6-Y2"))).length == 2
    assert rules.longest_run(rules.floors_of(house("~Y2-Y6", "~Y6-Y2"))).length == 0
    # Runs cross card boundaries; a split card ends one colour and starts another.
    r = rules.longest_run(rules.floors_of(house("B2-G5", "G1-G4", "G4-Y3", "Y5-G1")))
    assert (r.length, r.colour, r.start) == (4, "green", 1)


def test_longest_run_ties_all_score_and_others_do_not():
    assert rules.run_bonuses([3, 5, 5, 2]) == [0, 5, 5, 0]
    assert rules.run_bonuses([0, 0]) == [0, 0]
    assert rules.run_bonuses([1, 1, 0]) == [1, 1, 0]          # R4: no minimum
    assert rules.run_bonuses([1, 1, 0], min_run=2) == [0, 0, 0]
    g = tl.load_game("backyard", players=2)
    s = g.build_state([["G1-G4", "G4-Y3", "Y6-Y2"], ["Y1-Y4", "B4-G3", "G2-Y5"]],
                      start_player=1, hand=["G2-G6", "G6-G2", "Y2-Y6"])
    assert s.longest_run(0) == 3 and s.longest_run(1) == 2
    assert [s.scores()[p]["run"] for p in (0, 1)] == [3, 0]
    s2 = g.build_state([["G1-G4", "G4-Y3"], ["B1-B4", "B4-G3"]],
                       start_player=0, hand=["G2-G6", "G6-G2", "Y2-Y6"])
    assert s2.longest_run(0) == s2.longest_run(1) == 3
    assert [s2.scores()[p]["run"] for p in (0, 1)] == [3, 3]


def test_wild_floor_points_option():
    for w in (0, 1, 2):
        g = tl.load_game("backyard", players=2, wild_floor_points=w)
        s = g.build_state([["G1-G4", "~B1-B4"], ["Y1-Y4", "Y4-B3"]], start_player=0,
                          hand=["G2-G6", "G6-G2", "Y2-Y6"])
        assert s.scores()[0]["floors"] == 5 + 2 * w
        assert [f.number for f in s.treehouse(0)[1].floors] == [w, w]
        assert s.treehouse(0)[1].floors[0].colour is None


def test_ties_for_the_win_go_farthest_clockwise_from_the_start_player():
    # Everyone all-wild: 0 floor points, no runs: a three-way tie at 0.
    g = tl.load_game("backyard", players=3)
    ids = list(g.deck_cards)
    houses = [["~" + c for c in ids[i * 6:(i + 1) * 6]] for i in range(3)]
    for start, want in ((0, 2), (1, 0), (2, 1)):
        s = g.build_state(houses, start_player=start)
        assert [row["total"] for row in s.scores()] == [0, 0, 0]
        assert s.winners() == [want]
        assert s.returns() == [int(p == want) for p in range(3)]
    # Two tied at the top: the later of the two clockwise from the start player wins.
    houses2 = [["~" + c for c in ids[i * 6:(i + 1) * 6]] for i in range(3)]
    houses2[0][0] = ids[20]                      # one face-up card for seat 0
    houses2[1][0] = ids[21]
    s = g.build_state(houses2, start_player=1)
    t = [row["total"] for row in s.scores()]
    top = max(t)
    tied = [p for p in range(3) if t[p] == top]
    assert s.winners() == [max(tied, key=lambda p: (p - 1) % 3)]


def test_winners_empty_before_the_end():
    _, s = started(players=3, start=0)
    assert s.winners() == []


# -- Achievement Card Expansion ---------------------------------------------------------------

COND_CASES = [
    # (condition, treehouse meeting it, treehouse not meeting it)
    ({"kind": "floors_of_colour_at_least", "colour": "green", "count": 5},
     ["G1-G4", "G4-Y3", "Y5-G2", "G2-G6"], ["G1-G4", "G4-Y3", "~G2-G6"]),
    ({"kind": "run_at_least", "length": 5},
     ["G1-G4", "G4-Y3", "Y3-Y5", "Y6-Y2", "Y2-B5"], ["G1-G4", "~G4-Y3", "Y3-Y5"]),
    ({"kind": "wilds_at_most", "count": 0}, ["G1-G4", "G4-Y3"], ["G1-G4", "~G4-Y3"]),
    ({"kind": "wilds_at_least", "count": 2}, ["~G1-G4", "B1-B4", "~G4-Y3"], ["~G1-G4"]),
    ({"kind": "all_colours", "colours": ["green", "yellow", "blue"]},
     ["G1-G4", "G4-Y3", "Y4-B3"], ["G1-G4", "G4-Y3", "~Y4-B3"]),
    ({"kind": "number_sum_at_least", "total": 20},
     ["G2-G6", "G6-G2", "G2-Y5"], ["G2-G6", "G6-G2", "~G2-Y5"]),
    ({"kind": "number_count_at_least", "number": 6, "count": 2},
     ["G2-G6", "G6-G2"], ["G2-G6", "~G6-G2"]),
    ({"kind": "floors_numbered_at_most", "number": 2, "count": 4},
     ["G6-G2", "G2-Y5", "Y2-Y6", "Y5-G1"], ["G6-G2", "G2-Y5", "Y5-G1"]),
    ({"kind": "floors_numbered_at_least", "number": 5, "count": 3},
     ["G3-G5", "G5-B1", "B5-Y2"], ["G3-G5", "G5-B1", "~B5-Y2"]),
    ({"kind": "distinct_numbers_at_least", "count": 6},
     ["G1-G4", "G4-Y3", "Y2-Y6", "Y5-G1"], ["G1-G4", "G4-Y3", "Y2-Y6"]),
    ({"kind": "solid_cards_at_least", "count": 3},
     ["G1-G4", "G6-G2", "G2-G6"], ["G1-G4", "G4-Y3", "Y2-Y6", "~G2-G6"]),
    ({"kind": "colours_at_most", "count": 2},
     ["G1-G4", "G4-Y3", "Y2-Y6", "~B1-B4"], ["G1-G4", "G4-Y3", "Y4-B3"]),
    ({"kind": "number_matches_at_least", "count": 2},
     ["G1-G4", "B4-G3", "Y3-Y5"], ["G1-G4", "B4-G3", "~Y3-Y5"]),
    ({"kind": "colour_matches_at_least", "count": 2},
     ["G1-G4", "G4-Y3", "Y2-Y6"], ["G1-G4", "B4-G3", "Y3-Y5"]),
    ({"kind": "top_floor_colour", "colour": "blue"}, ["G1-G4", "G4-Y3", "Y4-B3"],
     ["G1-G4", "G4-Y3", "~Y4-B3"]),
]


def test_every_condition_kind_is_covered():
    assert {c["kind"] for c, _, _ in COND_CASES} == set(rules.CONDITIONS.names())


@pytest.mark.parametrize("cond,yes,no", COND_CASES, ids=[c["kind"] for c, _, _ in COND_CASES])
def test_condition_evaluated_on_hand_built_treehouses(cond, yes, no):
    checked = rules.CONDITIONS.check(cond, "test")
    assert rules.CONDITIONS.evaluate(checked, house(*yes))
    assert not rules.CONDITIONS.evaluate(checked, house(*no))
    assert rules.CONDITIONS.text(checked)


def test_condition_texts():
    text = rules.CONDITIONS.text
    check = rules.CONDITIONS.check
    assert text(check({"kind": "run_at_least", "length": 1}, "t")) == (
        "A single-colour run of at least 1 floor")
    assert text(check({"kind": "wilds_at_most", "count": 0}, "t")) == "No face-down (wild) cards"
    assert text(check({"kind": "wilds_at_most", "count": 2}, "t")) == (
        "At most 2 face-down (wild) cards")
    assert text(check({"kind": "all_colours", "colours": ["blue"]}, "t")) == (
        "At least one blue floor")
    assert text(check({"kind": "all_colours", "colours": ["green", "yellow", "blue"]}, "t")) == (
        "A floor of each colour: green, yellow and blue")


def test_achievement_points_go_to_everyone_who_meets_it():
    g = tl.load_game("backyard", players=2, achievements=True)
    ach = g.achievement_set["solid-wood"]      # 3 solid face-up cards
    s = g.build_state([["G1-G4", "G6-G2", "G2-G6"], ["Y1-Y4", "Y2-Y6", "Y6-Y2"]],
                      start_player=0, hand=["B1-B4", "B2-B6", "B3-B5"], achievement=ach.id)
    assert s.achievement is ach
    assert [s.scores()[p]["achievement"] for p in (0, 1)] == [ach.points, ach.points]
    s = g.build_state([["G1-G4", "G6-G2", "~G2-G6"], ["Y1-Y4", "Y2-Y6", "Y6-Y2"]],
                      start_player=0, hand=["B1-B4", "B2-B6", "B3-B5"], achievement=ach.id)
    assert [s.scores()[p]["achievement"] for p in (0, 1)] == [0, ach.points]
    bd = s.scores()[1]
    assert bd["total"] == bd["floors"] + bd["run"] + bd["achievement"]
