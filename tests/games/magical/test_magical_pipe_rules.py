"""Pipes (ruling R10; issue 17, items 7 and 11): where a pipe may go under each pipe rule,
which layouts a position or a save may hold, and blue level 4 moving a pipe after the last
drawer card is built."""

from __future__ import annotations

import pytest

import treehouse_lab as tl
from treehouse_lab.games.magical.moves import Build, Finish, MovePipe, Pipe, SkipFamiliar

from .test_magical_rules import B, building

ANY = tl.load_game("magical", players=3)
CHAINS = tl.load_game("magical", players=3, pipes="chains")
ROW = [B("red1a"), B("blue1a"), B("green1a"), B("yellow1a")]
TRIANGLE = [("pipe1", "red1a", "blue1a"), ("pipe2", "blue1a", "green1a"),
            ("pipe3", "green1a", "red1a")]
STAR = [("pipe1", "red1a", "blue1a"), ("pipe2", "red1a", "green1a"),
        ("pipe3", "red1a", "yellow1a")]


def test_the_default_rule_is_any_two_buildings():
    assert ANY.options["pipes"] == "any" and ANY.pipe_rule == "any"


def test_any_two_buildings_allows_loops_stars_and_a_second_pipe_on_a_pair():
    s = building(["pipe1", "pipe2", "pipe3", "pipe4"], village=ROW[:3])
    pairs = {("blue1a", "green1a"), ("blue1a", "red1a"), ("green1a", "red1a")}
    for pipe, a, b in TRIANGLE:
        assert {(x.a, x.b) for x in s.legal_actions(0)
                if isinstance(x, Pipe) and x.card == pipe} == pairs
        s.apply(Pipe(pipe, *sorted((a, b))), by=0)
    # the triangle is closed and every building has two pipes: still any pair, even one
    # already joined (blue level 5 counts every pipe)
    assert {(x.a, x.b) for x in s.legal_actions(0) if isinstance(x, Pipe)} == pairs
    s.apply(Pipe("pipe4", "blue1a", "red1a"), by=0)
    assert len(s.pipes(0)) == 4


def test_the_chain_variant_keeps_chains():
    s = building(["pipe1", "pipe2", "pipe3"], village=ROW, game=CHAINS)
    s.apply(Pipe("pipe1", "blue1a", "red1a"), by=0)
    s.apply(Pipe("pipe2", "green1a", "red1a"), by=0)
    # red1a has both sides taken; blue1a-green1a would close a loop
    assert {(x.a, x.b) for x in s.legal_actions(0) if isinstance(x, Pipe)} == \
        {("blue1a", "yellow1a"), ("green1a", "yellow1a")}


@pytest.mark.parametrize("layout", [TRIANGLE, STAR], ids=["triangle", "star"])
def test_a_layout_is_accepted_only_under_a_rule_that_can_make_it(layout):
    apples = [a for a in ANY.areas if ANY.forest[a].resources == ("apples",)][:2]
    villages = [ROW + [B("red1b", "red2a", "red3a")], [], []]
    pipes = [layout + [("pipe4", "red1a", "red1b")], [], []]
    forest = {apples[0]: 0, apples[1]: 0}
    s = ANY.position(villages=villages, pipes=pipes, forest=forest)
    assert s.scores()[0]["potions"] == 3       # red1a's red potion reaches red3a
    with pytest.raises(tl.RuleError, match="chain rule"):
        CHAINS.position(villages=villages, pipes=pipes, forest=forest)
    d = s.to_json()
    with pytest.raises(tl.RuleError, match="chain rule"):
        CHAINS.state_from_json(d)
    assert ANY.state_from_json(d) == s


def test_a_chain_layout_is_accepted_under_both_rules():
    chain = [("pipe1", "red1a", "blue1a"), ("pipe2", "blue1a", "green1a")]
    for game in (ANY, CHAINS):
        s = game.position(villages=[ROW, [], []], pipes=[chain, [], []])
        assert s.pipes(0) == chain


@pytest.mark.parametrize("game", [ANY, CHAINS], ids=["any", "chains"])
def test_a_pipe_joins_two_different_buildings_of_its_village(game):
    for bad in [("pipe1", "red1a", "red1a"), ("pipe1", "red1a", "nowhere")]:
        with pytest.raises(tl.RuleError, match="two different buildings"):
            game.position(villages=[ROW, [], []], pipes=[[bad], [], []])
    with pytest.raises(tl.RuleError, match="not a pipe card"):
        game.position(villages=[ROW[:2], [], []], pipes=[[("red1b", "red1a", "blue1a")], [], []])


# -- blue level 4 after the last drawer card (item 7) ------------------------------------
def last_card_position(pipes: str = "any", blue4: bool = True):
    """Round 4, seat 0 builds; red1a (extract red, with 2 apples) is its last drawer card;
    its red3a building is piped to the blue building, which supplies no red."""
    game = tl.load_game("magical", players=3, pipes=pipes)
    apples = [a for a in game.areas if game.forest[a].resources == ("apples",)][:2]
    blue = B("blue1b", "blue2a", "blue3a", "blue4a") if blue4 else B("blue1b", "blue2a")
    s = building(["red1a"], village=[blue, B("red1b", "red2a", "red3a")],
                 pipes=[("pipe1", "blue1b", "red1b")],
                 forest={apples[0]: 0, apples[1]: 0}, game=game)
    d = s.to_json()
    d["round"] = 4
    return game.state_from_json(d)


@pytest.mark.parametrize("pipes", ["any", "chains"])
def test_blue_level_four_moves_a_pipe_onto_the_building_of_the_last_card(pipes):
    s = last_card_position(pipes)
    s.apply(Build("red1a", ""), by=0)
    s.apply(SkipFamiliar(), by=0)
    # the drawer is empty, but the turn has not ended: the builder may still move a pipe
    assert s.builder == 0 and s.drawer(0) == []
    legal = s.legal_actions(0)
    assert Finish() in legal
    move = MovePipe("pipe1", "red1a", "red1b")
    assert move in legal
    before = s.scores()[0]["potions"]
    s.apply(move, by=0)
    assert s.scores()[0]["potions"] == before + 3       # red potion reaches red3a
    # its only pipe has moved: nothing is left to do, and the turn ends by itself
    assert s.builder == 1


def test_the_builder_may_finish_without_moving():
    s = last_card_position()
    s.apply(Build("red1a", ""), by=0)
    s.apply(SkipFamiliar(), by=0)
    s.apply(Finish(), by=0)
    assert s.builder == 1 and s.pipes(0) == [("pipe1", "blue1b", "red1b")]


def test_without_blue_level_four_the_turn_still_ends_by_itself():
    """No decision is added where nothing could be done: the game is not slowed."""
    s = last_card_position(blue4=False)
    s.apply(Build("red1a", ""), by=0)
    s.apply(SkipFamiliar(), by=0)
    assert s.builder == 1


def test_with_blue_level_four_and_no_pipe_the_turn_still_ends_by_itself():
    game = tl.load_game("magical", players=3)
    s = building(["red1a"], village=[B("blue1b", "blue2a", "blue3a", "blue4a")], game=game)
    s.apply(Build("red1a", ""), by=0)
    s.apply(SkipFamiliar(), by=0)
    assert s.builder == 1


def test_the_board_offers_finish_and_says_a_pipe_may_move():
    s = last_card_position()
    s.apply(Build("red1a", ""), by=0)
    s.apply(SkipFamiliar(), by=0)
    paths = s.game.click_paths(s, 0)
    targets = {path[0] for path in paths.values()}
    assert paths[Finish()] == ("finish",) and "pipe:pipe1" in targets
    svg = s.game.render_svg(s, viewer=0, targets=targets)
    assert "move a pipe" in svg and "Finish" in svg
