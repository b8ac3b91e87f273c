"""The Treehouse turn, winning and saving rules, each test able to fail on a wrong rule."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import treehouse_lab as tl
from treehouse_lab.games.pyramids import Arrangement, Pass, Play, PyramidsGame, Roll, moves

A = Arrangement.parse


def load(**options):
    """The game class itself, so these tests run before (and without) registration."""
    return PyramidsGame(**options)


@pytest.fixture
def game():
    return load(players=3)


def texts(state):
    return [str(a) for a in state.legal_actions()]


# -- options and set-up -------------------------------------------------------------

def test_options_and_setup(game):
    assert game.options == {"players": 3, "aim_stack_top": True, "hop_onto_lying": True,
                            "house_start": "LMS", "roll_limit": 2000}
    s = game.new_initial_state()
    assert s.is_chance_node() and s.rolled is None
    assert [str(s.trio(p)) for p in range(3)] == ["LMS"] * 3 and str(s.house) == "LMS"
    outcomes = s.chance_outcomes()
    assert [o.face for o, _ in outcomes] == ["tip", "aim", "hop", "dig", "swap", "wild"]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1


@pytest.mark.parametrize("bad", [
    {"players": 0}, {"players": 9}, {"players": True}, {"aim_stack_top": "yes"},
    {"hop_onto_lying": "no"}, {"hop_onto_lying": 0},
    {"house_start": "LMX"}, {"house_start": "LM"}, {"colour": "red"},
])
def test_bad_options(bad):
    with pytest.raises(tl.RuleError):
        load(**bad)


def test_hop_onto_lying_variant_in_a_game():
    """Ruling R20 at the table: from the Dig example with Hop rolled, the default offers
    "Hop the Medium onto the Large" (the Large stands up under it); the variant does not,
    refuses the forged move with the rule, and keeps every other Hop."""
    onto_large = Play("trio", "hop", "M", "on:L")
    plain = load(players=2).position(trios=["L> S M", "LMS"], rolled="hop")
    assert onto_large in plain.legal_actions()
    assert str(plain.child(onto_large).trio(0)) == "LM S"
    game = load(players=2, hop_onto_lying=False)
    s = game.position(trios=["L> S M", "LMS"], rolled="hop")
    legal = s.legal_actions()
    assert onto_large not in legal and Play("trio", "hop", "S", "on:L") not in legal
    assert set(legal) == set(plain.legal_actions()) - {onto_large,
                                                        Play("trio", "hop", "S", "on:L")}
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError, match="hop_onto_lying"):
        s.apply(onto_large)
    assert s.to_json() == before
    # saves keep the option
    assert tl.load_game("pyramids", **game.options).options["hop_onto_lying"] is False


def test_house_start_normalised():
    g = load(house_start="<L S M>")
    assert str(g.new_initial_state().house) == "<L S M>"
    assert load(players=8).players == 8


def test_untouched_trees_do_not_win_at_the_start(game):
    s = game.new_initial_state()
    assert all(s.matches(p) for p in range(3))
    assert not s.is_terminal() and s.winners() == []


# -- the turn -----------------------------------------------------------------------

def test_must_use_the_roll_on_own_trio(game):
    s = game.new_initial_state()
    s.apply(Roll("hop"))
    assert s.current_player == 0
    acts = s.legal_actions()
    assert len(acts) == 4 and all(isinstance(a, Play) and a.side == "trio" for a in acts)
    assert "Pass (leave the House as it is)" not in texts(s)


def test_house_or_pass_when_own_trio_cannot(game):
    s = game.position(trios=["LMS", "LMS", "LMS"], house="L> S M", rolled="dig")
    acts = s.legal_actions()
    assert isinstance(acts[-1], Pass)
    house = [a for a in acts if isinstance(a, Play)]
    assert house and all(a.side == "house" for a in house)
    assert {str(a) for a in house} == {m.text + " in the House" for m in moves("L> S M", "dig")}
    # each House move leaves the arrangement the model says it does
    for a in house:
        m = s.move_of(a)
        assert m is not None and str(s.child(a).house) == str(m.result)
        assert (m.action, m.pieces, m.dest) == (a.action, a.pieces, a.dest)


def test_no_house_swap_except_on_wild(game):
    s = game.position(trios=["LMS"] * 3, house="L> S M", rolled="swap")
    assert all(a.side == "trio" for a in s.legal_actions())
    forged = Play("house", "swap", "L", "swap:S")
    assert str(forged) == "Swap the Large and the Small in the House"
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError, match="ONLY Swap the House if you roll a Wild"):
        s.apply(forged)
    assert s.to_json() == before
    w = game.position(trios=["LMS"] * 3, house="L> S M", rolled="wild")
    assert forged in w.legal_actions()
    assert not any(isinstance(a, Pass) for a in w.legal_actions())


def test_reroll_when_neither_can_change(game):
    s = game.new_initial_state()
    s.apply(Roll("dig"))  # no lying piece in the trio nor in the House
    assert s.is_chance_node() and s.to_move == 0 and s.rerolled == "dig"
    assert "roll again" in s.narrate(Roll("dig")) if s.is_chance_node() else True
    s.apply(Roll("tip"))
    assert s.current_player == 0 and s.rolled == "tip" and s.rerolled is None


def test_aim_variant_changes_the_turn():
    g = load(players=2, aim_stack_top=False)
    s = g.new_initial_state()
    s.apply(Roll("aim"))  # a Tree has no lone piece, nor does the House: roll again
    assert s.is_chance_node() and s.rerolled == "aim"
    s2 = g.position(trios=["LMS", "LMS"], house="L> S M", rolled="aim")
    assert all(a.side == "house" for a in s2.legal_actions() if isinstance(a, Play))


def test_turn_passes_clockwise(game):
    s = game.position(trios=["LMS"] * 3, house="L> S M", rolled="dig")
    s.apply(Pass())
    assert s.is_chance_node() and s.to_move == 1
    s.apply(Roll("tip"))
    s.apply(s.legal_actions()[0])
    assert s.to_move == 2


# -- winning ------------------------------------------------------------------------

def test_actor_matching_the_house_by_own_move_wins_alone(game):
    s = game.position(trios=["LM S>", "L> M> S>", "LMS"], house="L> M> S>", rolled="tip")
    win = s.find_action("Tip the Large, with the Medium on it, to the right")
    assert "wins" in s.narrate(win)
    s.apply(win)
    assert s.is_terminal() and s.winners() == [0] and s.returns() == [1, 0, 0]
    assert all(type(r) is Fraction for r in s.returns())


def test_house_change_making_others_match_is_a_tie(game):
    # player 0 cannot Dig a Tree, so Digs the House: players 1 and 2 now match it
    s = game.position(trios=["LMS", "S LM", "S LM"], house="<S LM", rolled="dig")
    a = s.find_action("Dig the Small in place in the House")
    s.apply(a)
    # a tie of k players gives each 1/k (the protocol's returns; ruling R11)
    assert s.is_terminal() and s.winners() == [1, 2]
    assert s.returns() == [0, Fraction(1, 2), Fraction(1, 2)]
    with pytest.raises(tl.RuleError, match="no points"):
        s.scores()  # a race to match: winners and returns, no points (ruling R11)


def test_house_change_matching_actor_and_others_actor_wins(game):
    s = game.position(trios=["S LM", "S LM", "LMS"], house="<S LM", rolled="wild")
    s.apply(s.find_action("Aim the Small up in the House"))
    assert s.winners() == [0]


def test_house_change_matching_one_other(game):
    s = game.position(trios=["LMS", "S LM", "LMS"], house="<S LM", rolled="dig")
    s.apply(s.find_action("Dig the Small in place in the House"))
    assert s.winners() == [1] and s.returns() == [0, 1, 0]


def test_own_move_never_makes_others_win(game):
    # players 1 and 2 sit on the House's arrangement; player 0's own move changes nothing
    s = game.position(trios=["L> S M", "LMS", "LMS"], house="LMS", rolled="dig")
    s.apply(s.find_action("Dig the Large in place"))
    assert not s.is_terminal() and s.to_move == 1


# -- illegal actions ----------------------------------------------------------------

def test_house_move_when_own_trio_can_cites_the_rule(game):
    s = game.position(trios=["L> S M", "LMS", "LMS"], house="<S LM", rolled="dig")
    house_dig = Play("house", "dig", "S", "in-place")
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError,
                       match="You rolled Dig, and your trio has a lying piece, so you must "
                             "Dig your own trio"):
        s.apply(house_dig)
    with pytest.raises(tl.IllegalActionError, match="only Pass"):
        s.apply(Pass())
    with pytest.raises(tl.IllegalActionError, match="already rolled"):
        s.apply(Roll("hop"))
    assert s.to_json() == before


def test_wrong_action_and_impossible_moves(game):
    s = game.position(trios=["L> S M", "LMS", "LMS"], house="LMS", rolled="hop")
    with pytest.raises(tl.IllegalActionError, match="you rolled Hop, so you must Hop"):
        s.apply(Play("trio", "dig", "L", "in-place"))
    with pytest.raises(tl.IllegalActionError, match="cannot Hop a lying down piece"):
        s.apply(Play("trio", "hop", "L", "right-end"))
    d = game.position(trios=["S <L M", "LMS", "LMS"], house="LMS", rolled="dig")
    with pytest.raises(tl.IllegalActionError, match="backwards"):
        d.apply(Play("trio", "dig", "L", "under:M"))
    t = game.position(trios=["LMS", "LMS", "LMS"], house="LMS", rolled="tip")
    with pytest.raises(tl.IllegalActionError, match="just one piece in a stack"):
        t.apply(Play("trio", "tip", "M", "tip-left"))
    with pytest.raises(tl.IllegalActionError, match="roll the die first"):
        game.new_initial_state().apply(Pass())


def test_terminal_rejects_everything(game):
    s2 = game.position(trios=["LM S>", "LMS", "LMS"], house="L> M> S>", rolled="tip")
    s2.apply(s2.find_action("Tip the Large, with the Medium on it, to the right"))
    assert s2.is_terminal()
    with pytest.raises(tl.IllegalActionError, match="game is over"):
        s2.apply(Roll("tip"))


# -- saves --------------------------------------------------------------------------

def test_json_round_trip_and_clone(game):
    s = game.position(trios=["L> S M", "LMS", "<S LM"], house="M L S", to_move=2, rolled="wild")
    d = json.loads(json.dumps(s.to_json()))
    assert game.state_from_json(d) == s
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert c != s and s.to_json() == d


@pytest.mark.parametrize("field, value, words", [
    ("trios", ["LMS", "LMS"], "expected 3 entries"),
    ("trios", ["LMS", "LMX", "LMS"], r"state.trios\[1\]"),
    ("trios", ["LMS", "LM", "LMS"], "missing piece"),
    ("house", "L>M", "state.house"),
    ("house", 7, "state.house"),
    ("to_move", 3, "state.to_move"),
    ("rolled", "jump", "state.rolled"),
    ("rolled", "dig", "roll"),             # nobody can Dig: it would have been rolled again
    ("rerolled", "hop", "state.rerolled"),  # a Tree can Hop: no reroll
    ("winners", [0, 1, 2], "wins alone"),  # the mover matches: wins alone
    ("winners", [1, 1], "distinct"),
])
def test_malformed_saves_name_the_field(game, field, value, words):
    d = game.new_initial_state().to_json()
    d[field] = value
    with pytest.raises(tl.RuleError, match=words):
        game.state_from_json(d)


def test_winner_must_match_the_house(game):
    d = {"trios": ["LMS", "S LM", "S LM"], "house": "<S LM", "to_move": 0, "rolled": None,
         "rerolled": None, "winners": [0]}
    with pytest.raises(tl.RuleError, match="does not match the House"):
        game.state_from_json(d)


def test_save_with_unknown_or_missing_field(game):
    d = game.new_initial_state().to_json()
    with pytest.raises(tl.RuleError, match="unknown field"):
        game.state_from_json({**d, "extra": 1})
    del d["house"]
    with pytest.raises(tl.RuleError, match="missing field"):
        game.state_from_json(d)


def test_inconsistent_terminal_saves(game):
    d = {"trios": ["LMS", "S LM", "S LM"], "house": "S LM", "to_move": 0, "rolled": None,
         "rerolled": None, "winners": [1]}
    with pytest.raises(tl.RuleError, match="ties"):
        game.state_from_json(d)  # both 1 and 2 match a House moved by 0: a tie
    d["winners"] = [1, 2]
    assert game.state_from_json(d).winners() == [1, 2]
    d["rolled"] = "hop"
    with pytest.raises(tl.RuleError, match="game is over"):
        game.state_from_json(d)


def test_actions_json_and_texts_unique_in_random_games():
    for players in (2, 3, 4):
        g = load(players=players)
        rng = random.Random(players)
        for _ in range(5):
            s = g.new_initial_state()
            steps = 0
            while not s.is_terminal():
                acts = s.legal_actions()
                ts = [str(a) for a in acts]
                assert len(set(ts)) == len(ts)
                for a in acts:
                    assert g.action_from_json(json.loads(json.dumps(a.to_json()))) == a
                s.apply(rng.choice(acts))
                steps += 1
                assert steps < 20_000
            assert s.winners() and all(s.matches(w) for w in s.winners())
            assert s.components() == g.components()


def test_components_and_observation(game):
    s = game.new_initial_state()
    comps = game.components()
    assert comps["die"] == ["die"]
    assert "p0:S" in comps["pyramids"] and "house:M" in comps["pyramids"]
    assert len(comps["pyramids"]) == 12 and s.components() == comps
    assert s.hidden_from(0) == set() and s.observation(1)["house"] == "LMS"


def test_explain_and_narrate(game):
    s = game.position(trios=["LMS", "LMS", "LMS"], house="L> S M", rolled="dig")
    a = s.legal_actions()[0]
    assert "you may use it on the House" in s.explain(a)
    assert "pass" in s.explain(Pass()).lower()
    assert s.narrate(Pass()) == "Player 1 passes"
    assert "1/6" in game.new_initial_state().explain(Roll("hop"))


def test_registered():
    assert "pyramids" in tl.GAMES
    assert isinstance(tl.load_game("pyramids", players=4), PyramidsGame)


def test_bots_under_the_hop_onto_lying_variant():
    """Ruling R20's variant: the solo bot plays by the variant's own exact values (the
    shipped ones are for the default Hop), so it never offers a move the variant forbids
    and its choice is one the variant's solver calls best; the perfect bot, solved for the
    default rules only, refuses the variant."""
    from treehouse_lab.games.pyramids.bots import SoloSolverBot, solution
    from treehouse_lab.games.pyramids.theory import solver
    from treehouse_lab.games.pyramids.theory.perfect import PerfectBot

    strict = solution(True, False)      # the bot's own solve, made once
    assert strict.hop_onto_lying is False
    assert strict.start_value() != solver.solo_values(True).value("LMS", "LMS")
    game = load(players=2, hop_onto_lying=False)
    s = game.position(trios=["L> S M", "LMS"], house="LM S", rolled="hop")
    legal = s.legal_actions()
    chosen = SoloSolverBot().choose(s, random.Random(0))
    assert chosen in legal
    after = str(s.child(chosen).trio(0))
    best = {str(c.result) for c in strict.best_moves("L> S M", "LM S", "hop")}
    assert after in best
    with pytest.raises(tl.RuleError, match="hop_onto_lying"):
        PerfectBot().choose(s, random.Random(0))


def test_playing_the_game_imports_none_of_its_theory():
    """The engine never needs the counting and solving code (issue 49: the theory is a
    sub-package of its own, above the engine): loading the game, playing a seeded match
    to its end with random players, saving and loading it, drawing and explaining it
    import no module of ``pyramids.theory``, while the perfect bot, which reads the solved
    table, does."""
    import subprocess
    import sys

    code = (
        "import sys, random, treehouse_lab as tl\n"
        "g = tl.load_game('pyramids', players=3)\n"
        "m = tl.Match(g, seed=5, bots={0: 'random', 1: 'random', 2: 'random'})\n"
        "m.run(max_steps=300)\n"
        "s = m.state; tl.Match.from_json(m.to_json()); s._repr_svg_(); str(s)\n"
        "theory = 'treehouse_lab.games.pyramids.theory'\n"
        "print(sorted(n for n in sys.modules if n.startswith(theory)))\n"
        "tl.load_game('pyramids', players=2)\n"
        "from treehouse_lab.bots import make_bot\n"
        "make_bot('pyramids-perfect')\n"
        "print(theory + '.perfect' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[:2] == ["[]", "True"]
