"""Green level 4 "Change 3 coloured potion" (issue 17 items 9 and 10; ruling R12).

Rulebook, VP Effects of Level 3 Buildings: "If you supply a purple potion, you gain a red,
blue and yellow potion. You will need to gain purple potion with another building, and
connect it to this building with a pipe. ... The potion gained in this effect, is supplied
to level 3 [Potion into VP] of this building".
"""

from __future__ import annotations

import pytest

import treehouse_lab as tl

G3 = tl.load_game("magical", players=3)
CHAIN = tl.load_game("magical", players=3, green_potions="chain")
FANGS = [a for a in G3.areas if G3.forest[a].resources == ("fangs",)][:2]
TWO_FANGS = {a: 0 for a in FANGS}


def B(*cards: str, down: bool = False) -> dict:
    return {"cards": list(cards), "down": down}


#: The green building: green1e (extract purple), green2a, green3b (red potion into VP),
#: green4a (three potions).
GREEN = ("green1e", "green2a", "green3b", "green4a")


@pytest.mark.parametrize("game", [G3, CHAIN], ids=["building", "chain"])
def test_purple_from_the_green_buildings_own_level_one_does_not_count(game):
    s = game.position(villages=[[B(*GREEN)], [], []], forest=TWO_FANGS)
    assert s.scores()[0]["potions"] == 0


@pytest.mark.parametrize("game", [G3, CHAIN], ids=["building", "chain"])
def test_purple_from_another_building_needs_a_pipe(game):
    alone = game.position(villages=[[B(*GREEN), B("purple1a")], [], []], forest=TWO_FANGS)
    assert alone.scores()[0]["potions"] == 0
    piped = game.position(villages=[[B(*GREEN), B("purple1a")], [], []], forest=TWO_FANGS,
                          pipes=[[("pipe1", "green1e", "purple1a")], [], []])
    assert piped.scores()[0]["potions"] == 3     # green3b: red potion into VP


def test_the_gained_potions_reach_this_buildings_level_three_only_by_default():
    """Default (the rulebook's "of this building"): a red Potion into VP piped to the green
    level 4 gets no red from it."""
    assert G3.options["green_potions"] == "building"
    village = [[B("green1a", "green2a", "green3a", "green4a"), B("purple1a"),
                B("red1a", "red2a", "red3a")], [], []]
    pipes = [[("pipe1", "green1a", "purple1a"), ("pipe2", "purple1a", "red1a")], [], []]
    assert G3.cards["red3a"].effect == "potion_vp:red"
    s = G3.position(villages=village, pipes=pipes, forest=TWO_FANGS)
    assert s.scores()[0]["potions"] == 0
    chain = CHAIN.position(villages=village, pipes=pipes, forest=TWO_FANGS)
    assert chain.scores()[0]["potions"] == 3     # the variant: red reaches red3a too


def test_the_option_is_declared_with_both_readings():
    with pytest.raises(tl.RuleError):
        tl.load_game("magical", green_potions="everywhere")
    assert {"players": 3, "green_potions": "chain"} in type(G3).configurations()
