"""Protocol hooks for Backyard Builders: JSON saves, observations and hidden ids,
components, clones, words (str/narrate/explain), rendering, click paths and counting."""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome
from treehouse_lab.games.backyard import (
    ChooseAchievement,
    ChooseStartPlayer,
    Draw,
    Play,
    counting,
)
from treehouse_lab.games.backyard.rules import card_from_id


def walk(game, seed):
    """Every state of one seeded random game, from the start to the end."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    states = [s.clone()]
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
        states.append(s.clone())
    return states


def strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings(v)


@pytest.fixture(params=[(2, False), (3, True), (5, True)], ids=["2p", "3p-ach", "5p-ach"])
def game(request):
    n, ach = request.param
    return tl.load_game("backyard", players=n, achievements=ach)


def test_every_state_round_trips_and_conserves_components(game):
    inventory = game.components()
    for s in walk(game, 11):
        d = s.to_json()
        back = game.state_from_json(d)
        assert back == s and back.legal_actions() == s.legal_actions()
        assert back.returns() == s.returns()
        assert s.components() == inventory
        for a in s.legal_actions():
            assert game.action_from_json(a.to_json()) == a
        texts = [str(a) for a in s.legal_actions()]
        assert len(texts) == len(set(texts))


def test_observation_never_shows_hidden_ids(game):
    for s in walk(game, 12):
        for p in range(game.players):
            hidden = s.hidden_from(p)
            obs = s.observation(p)
            leaked = hidden & set(strings(obs))
            assert not leaked, (p, leaked)
            assert obs["deck_count"] == s.deck_count
            if s.holder is not None and p != s.holder:
                assert obs["hand"] is None and set(s._hand) <= hidden
            for q, house in enumerate(obs["treehouses"]):
                for entry in house:
                    if entry["face_down"]:
                        assert (entry["card"] is None) == (q != p)
                        assert all(f["colour"] is None for f in entry["floors"])


def test_observation_is_read_off_the_seen_save_alone(game):
    """Issue 49: the observation is derived from what the seat sees (the zones' seen save,
    in it under "seen"), not decided a second time from the true state: the view given
    that save alone gives the observation back, scores included (a face-down card scores
    by its back), and a state with the hidden cards dealt anew shows the seat the same."""
    from treehouse_lab.games.backyard.view import observation

    rng = random.Random(5)
    for s in walk(game, 13):
        for p in range(game.players):
            obs = s.observation(p)
            seen, seat = obs.pop("seen"), obs.pop("seat")
            assert seat == p and observation(game, seen, p) == obs
            assert obs["scores"] == s.scores() and obs["phase"] == s.stage
            assert obs["current_player"] == s.current_player
            other = game.determinize(s.observation(p), p, rng)
            assert other.observation(p) == s.observation(p)


def test_hidden_from_lists_deck_hand_and_others_face_down():
    g = tl.load_game("backyard", players=3)
    s = g.build_state([["~G1-G4"], ["B1-B4"], ["Y1-Y4"]], start_player=0,
                      hand=["G2-G6", "B4-G3", "Y5-G1", "B2-B6"])
    deck = set(s.to_json()["deck"])
    assert s.hidden_from(0) == deck                         # holds the hand, own wild
    assert s.hidden_from(1) == deck | {"G2-G6", "B4-G3", "Y5-G1", "B2-B6", "G1-G4"}


def test_clone_is_independent():
    g = tl.load_game("backyard", players=3)
    s = g.build_state([["G1-G4"], ["B1-B4"], ["Y1-Y4"]], start_player=0,
                      hand=["G2-G6", "B4-G3", "Y5-G1", "B2-B6"])
    before = s.to_json()
    c = s.clone()
    c.apply(Play("G2-G6"))
    c.apply(c.chance_outcomes()[0][0])
    assert s.to_json() == before and s.current_player == 0
    assert s.child(Play("B4-G3", True)).treehouse(0)[-1].face_down
    assert s.to_json() == before


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["hand"].append(d["deck"][0]), "each card is in exactly one place"),
    (lambda d: d["deck"].pop(), "missing"),
    (lambda d: d.update(start_player=True), "start_player"),
    (lambda d: d.update(start_player=7), "start_player"),
    (lambda d: d.update(extra=1), "unknown field"),
    (lambda d: d["treehouses"][1].append({"card": d["deck"].pop(), "face_down": True}),
     "turns starting with"),
    (lambda d: d["treehouses"][0][0].update(face_down="no"), "treehouses[0][0].face_down"),
    (lambda d: d["treehouses"][0][0].update(card="Z9-Z9"), "treehouses[0][0].card"),
    (lambda d: d.update(deck=d["deck"] + d["hand"][:2], hand=d["hand"][2:]), "hand"),
    (lambda d: d.update(achievement="rainbow"), "achievement"),
    (lambda d: d.update(game="diner"), "game"),
    (lambda d: d.update(discard=[d["deck"].pop()]), "discard"),
])
def test_inconsistent_saves_are_rejected_naming_the_field(mutate, field):
    g = tl.load_game("backyard", players=3)
    s = g.build_state([["G1-G4"], ["B1-B4"], ["Y1-Y4"]], start_player=0,
                      hand=["G2-G6", "B4-G3", "Y5-G1", "B2-B6"])
    d = s.to_json()
    mutate(d)
    with pytest.raises(tl.RuleError) as exc:
        g.state_from_json(d)
    assert field in str(exc.value)


def test_illegal_face_up_stack_in_a_save_is_rejected():
    g = tl.load_game("backyard", players=3)
    d = g.build_state([["G1-G4"], ["B1-B4"], ["Y1-Y4"]], start_player=0,
                      hand=["P1-P4", "P2-P6", "P3-P5"]).to_json()
    d["treehouses"][0].append({"card": "Y5-G1", "face_down": False})
    d["deck"].remove("Y5-G1")
    d["treehouses"][1].append({"card": "B2-B6", "face_down": False})
    d["deck"].remove("B2-B6")
    d["treehouses"][2].append({"card": "Y2-Y6", "face_down": False})
    d["deck"].remove("Y2-Y6")
    with pytest.raises(tl.RuleError, match=r"treehouses\[0\]\[1\]: How to Build"):
        g.state_from_json(d)


def test_purple_card_in_a_two_player_save_is_rejected():
    g = tl.load_game("backyard", players=2)
    d = g.build_state([["G1-G4"], ["B1-B4"]], start_player=0).to_json()
    d["hand"][0] = "P1-P4"
    with pytest.raises(tl.RuleError, match="purple"):
        g.state_from_json(d)


# -- words ---------------------------------------------------------------------------------

def test_action_texts_and_narration():
    g = tl.load_game("backyard", players=3)
    s = g.build_state([["G1-G4"], ["B1-B4"], ["Y1-Y4"]], start_player=1, hand=None)
    # start 1: three plays done, seat 1 holds the hand and must draw.
    assert s.holder == 1 and s.is_chance_node()
    d = s.chance_outcomes()[0][0]
    line = s.narrate(d)
    assert line.startswith("Player 2 draws a card") and card_from_id(d.card).text not in line
    assert str(Draw("G4-Y3")) == "Draw Green 4 / Yellow 3"
    s.apply(Draw("G2-G6"))
    assert str(Play("B4-G3")) == "Play Blue 4 / Green 3 face up"
    assert str(Play("B4-G3", True)) == "Play Blue 4 / Green 3 face down as a wild"
    up = Play("B2-B6", False)
    assert up in s.legal_actions() and Play("G2-G6", False) not in s.legal_actions()
    assert s.narrate(up) == (
        "Player 2 plays Blue 2 / Blue 6 face up on their Blue 4: 2 cards in the treehouse; "
        "passes 3 cards to Player 3")
    assert "matches the colour of your top floor Blue 4" in s.explain(up)
    fd = s.narrate(Play("G2-G6", True))
    assert "face down" in fd and "Green 2" not in fd
    assert "How to Build Your Treehouse" in s.explain(up)
    assert "Game Turn, step 2" in s.explain(Play("G2-G6", True))
    assert s.explain(Play("Z1-Z1")).startswith("Not legal")
    assert str(ChooseStartPlayer(0)) == "Player 1 is the start player and takes the hammer"
    assert "Green Garden" in str(ChooseAchievement("green-garden"))


def test_match_log_and_replay():
    g = tl.load_game("backyard", players=3, achievements=True)
    m = tl.Match(g, seed=4, bots={0: "random", 1: "random", 2: "random"})
    m.run()
    assert m.state.is_terminal()
    texts = [e.text for e in m.log]
    assert texts[0].startswith("The achievement card is ")
    assert any("is the start player" in t for t in texts)
    assert "the game ends" in texts[-1]
    draws = [e for e in m.log if isinstance(e.action, Draw)]
    assert all(card_from_id(e.action.card).text not in e.text for e in draws)
    assert all(e.probability is not None for e in draws)
    again = tl.Match.from_json(m.to_json())
    assert again.state == m.state


# -- rendering ----------------------------------------------------------------------------

def test_svg_is_valid_and_marks_treehouses_hand_and_targets(game):
    for s in walk(game, 13)[::7]:
        paths = s.click_paths()
        targets = {t for p in paths.values() for t in p}
        seat = s.current_player if s.current_player >= 0 else None  # the seat at the screen
        svg = s.render_svg(viewer=seat, targets=targets, selection=())
        root = ET.fromstring(svg)
        assert root.get("class") == "tl-board tl-backyard"
        houses = root.findall(".//{http://www.w3.org/2000/svg}g[@data-treehouse]")
        assert [int(h.get("data-cards")) for h in houses] == [
            len(s.treehouse(p)) for p in range(game.players)]
        drawn = {e.get("data-target") for e in root.iter() if e.get("data-target")}
        assert drawn == targets
        assert str(s) == game.render_text(s)


def test_click_paths_and_highlighted_cards():
    g = tl.load_game("backyard", players=3)
    s = g.build_state([["G1-G4"], ["B1-B4"], ["Y1-Y4"]], start_player=0,
                      hand=["G2-G6", "B4-G3", "Y5-G1", "B2-B6"])
    paths = s.click_paths()
    assert set(paths) == set(s.legal_actions())
    assert s.click_paths(0) == paths and s.click_paths(1) == {}   # only the seat to move
    assert paths[Play("G2-G6")] == ("hand:G2-G6:up",)
    assert paths[Play("Y5-G1", True)] == ("hand:Y5-G1:down",)
    assert ("hand:Y5-G1:up",) not in paths.values()
    flat = list(paths.values())
    assert len(flat) == len(set(flat))
    for a, b in itertools.permutations(flat, 2):
        assert a != b[: len(a)]
    svg = s.render_svg(viewer=0, targets={t for p in flat for t in p})
    root = ET.fromstring(svg)
    playable = {e.get("data-card"): e.get("data-playable") for e in root.iter()
                if e.get("data-playable")}
    assert playable == {"G2-G6": "true", "B4-G3": "true", "Y5-G1": "false", "B2-B6": "false"}
    # Another viewer sees no hand cards, only their count.
    other = ET.fromstring(s.render_svg(viewer=1))
    assert not [e for e in other.iter() if e.get("data-card")]
    assert "holds the hand (4 cards)" in s.render_svg(viewer=1)
    # The marked run: seat 0's G1-G4 is a green run of 2.
    runs = [e for e in root.iter() if e.get("class") == "tl-run"]
    assert runs and runs[0].get("data-run") == "2"


# -- counting ------------------------------------------------------------------------------

def test_playable_fraction_agrees_with_counting():
    g = tl.load_game("backyard", players=3)
    s = g.build_state([["G1-G4"], ["B1-B4"], ["Y1-Y4"]], start_player=0,
                      hand=["G2-G6", "B4-G3", "Y5-G1"])
    assert s.is_chance_node()
    deck = s.to_json()["deck"]
    fits = [c for c in deck if card_from_id(c).bottom.colour == "green"
            or card_from_id(c).bottom.number == 4]
    want = Fraction(len(fits), len(deck))
    assert counting.playable_fraction(s, 0) == want
    assert counting.playable_fraction_among(s.top_floor(0), deck) == want
    # Engine outcomes: the same number from the chance node itself.
    assert sum(p for a, p in s.chance_outcomes() if a.card in fits) == want
    # Before a draw node too (play phase): the deck decides.
    s.apply(Draw(deck[0]))
    deck2 = s.to_json()["deck"]
    assert counting.playable_fraction(s, 1) == counting.playable_fraction_among(
        s.top_floor(1), deck2)
    # Ladder: everything fits.
    g2 = tl.load_game("backyard", players=2)
    s2 = g2.new_initial_state()
    s2.apply(ChooseStartPlayer(0))
    assert counting.playable_fraction(s2, 0) == 1
    # What player 1 cannot see: deck + the hand they do not hold.
    assert set(counting.unseen_cards(s, 2)) >= set(deck2)


def test_hypergeometric_matches_brute_force():
    cards = list(range(10))
    good = set(range(3))
    for draws in range(0, 5):
        hands = list(itertools.combinations(cards, draws))
        for k in (1, 2):
            brute = Fraction(sum(len(good & set(h)) >= k for h in hands), len(hands))
            assert counting.hypergeometric_at_least(3, 10, draws, k) == brute
    expr = counting.hypergeometric_expr()
    import sympy

    G, N, d = sorted(expr.free_symbols, key=str)
    val = expr.subs({G: 3, N: 10, d: 4})
    assert sympy.nsimplify(val) == sympy.Rational(
        *counting.hypergeometric_at_least(3, 10, 4).as_integer_ratio())
