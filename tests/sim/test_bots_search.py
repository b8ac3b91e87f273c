"""The bots: names with parameters that saves round-trip, greedy one move ahead, the
per-game heuristics, and MCTS that never peeks at hidden cards (issue 12)."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.bots import GreedyBot, bots_for, make_bot, parse_spec
from treehouse_lab.search import determinize
from treehouse_lab.search.determinize import consistent
from treehouse_lab.search.mcts import MCTSBot


def test_names_carry_parameters_and_round_trip():
    assert parse_spec("mcts") == ("mcts", {})
    assert parse_spec(" mcts(iterations=40, c=0.5, rollout='random') ") == (
        "mcts", {"iterations": 40, "c": 0.5, "rollout": "random"})
    bot = make_bot("mcts(iterations=40, c=0.5)")
    assert (bot.iterations, bot.c, bot.name) == (40, 0.5, "mcts(iterations=40, c=0.5)")
    assert make_bot(bot.name).name == bot.name
    assert make_bot("mcts(iterations=200)").name == "mcts"     # the default is not spelled


@pytest.mark.parametrize("spec, words", [
    ("mcts(iterations=__import__('os'))", "must be a number, a string"),
    ("mcts(3)", "keywords"),
    ("mcts(breadth=3)", "unexpected keyword"),
    ("mcts(depth=0)", "depth must be 'auto', None or a number"),
    ("mcts(widen=2)", "widen must be"),
    ("mcts(deals=True)", "deals must be"),
    ("mcts(iterations=)", "key=value"),
    ("no such bot", "expected a name"),
    ("x" * 300, "at most 200 characters"),
])
def test_bad_names_are_refused(spec, words):
    with pytest.raises(tl.RuleError, match=words):
        make_bot(spec)


def test_a_match_saves_a_bot_with_its_parameters():
    game = tl.load_game("backyard", players=2)
    m = tl.Match(game, seed=9, bots={1: "mcts(iterations=6, c=1.0)"})
    m.run()
    saved = m.to_json()
    assert saved["bots"] == {"1": "mcts(iterations=6, c=1.0)"}
    back = tl.Match.from_json(saved)
    assert back.state == m.state and back.bot(1).name == "mcts(iterations=6, c=1.0)"


def test_bots_for_each_game():
    assert bots_for("backyard") == ["random", "greedy", "mcts", "backyard-runs"]
    assert bots_for("pyramids") == ["random", "greedy", "mcts", "pyramids-solo",
                                    "pyramids-perfect"]
    with pytest.raises(tl.RuleError, match="plays backyard only"):
        tl.simulate(tl.load_game("pyramids"), 1, bots="backyard-runs", progress=False)


def test_greedy_builds_its_best_card_face_up():
    """Player 1's top floor is Green 3 (over Blue 4); player 2 has a blue run of two.
    Green 2/Green 6 fits by colour: floors 15 and the longest run (3): 18 to 5. Yellow
    3/Yellow 5 fits by number: floors 15, but the runs tie at 2: 17 to 7. Blue 5/Yellow 2
    fits neither way. Greedy takes the larger margin, 13."""
    game = tl.load_game("backyard", players=2)
    s = game.build_state([["B4-G3"], ["B1-B4"]], start_player=0,
                         hand=["G2-G6", "Y3-Y5", "B5-Y2"])
    assert s.current_player == 0
    margins = {a: s.child(a).scores()[0]["total"] - s.child(a).scores()[1]["total"]
               for a in s.legal_actions()}
    best = s.find_action("Play Green 2 / Green 6 face up")
    assert margins[best] == 13 and sorted(margins.values())[-2] == 10
    for seed in range(5):
        assert GreedyBot().choose(s, random.Random(seed), 0) == best


def test_greedy_takes_a_winning_move_in_a_game_without_points():
    game = tl.load_game("pyramids", players=2)
    pos = game.position(trios=["LM S", "LMS"], house="LMS", rolled="wild")
    wins = [a for a in pos.legal_actions() if pos.child(a).winners() == [0]]
    assert wins and len(wins) < len(pos.legal_actions())
    for seed in range(5):
        assert GreedyBot().choose(pos, random.Random(seed), 0) in wins
        assert MCTSBot(iterations=150).choose(pos, random.Random(seed), 0) in wins


def _mid_game(players=3, seed=3, steps=20):
    game = tl.load_game("backyard", players=players, achievements=True)
    m = tl.Match(game, seed=seed, bots={p: "random" for p in range(players)})
    m.run(steps)
    while m.state.is_chance_node():
        m.step()
    return m.state


def test_a_determinization_looks_the_same_to_the_seat_and_deals_the_rest():
    s = _mid_game()
    me = s.current_player
    rng = random.Random(1)
    samples = [determinize(s, me, rng) for _ in range(60)]
    assert all(consistent(d, s, me) for d in samples)
    assert all(d.components() == s.components() for d in samples)
    # the hidden deck differs from sample to sample, and from the truth
    decks = {tuple(d.to_json()["deck"]) for d in samples}
    assert len(decks) > 50
    # every card this seat cannot see turns up in an opponent's face-down slot sometimes
    other = (me + 1) % 3
    holes = [i for i, pc in enumerate(s.treehouse(other)) if pc.face_down]
    if holes:
        seen = {d.treehouse(other)[holes[0]].id for d in samples}
        assert len(seen) > 5


def test_mcts_never_peeks():
    """Two true states that look the same to the seat get the same decision: the search
    reads the observation, not the hidden cards."""
    s = _mid_game()
    me = s.current_player
    twin = determinize(s, me, random.Random(7))
    assert twin.to_json() != s.to_json() and consistent(twin, s, me)
    bot = MCTSBot(iterations=30)
    for seed in range(3):
        assert bot.choose(s.clone(), random.Random(seed), me) == bot.choose(
            twin.clone(), random.Random(seed), me)


def test_a_game_that_hides_cards_without_a_hook_is_refused(toy_registered, monkeypatch):
    # The toy race declares zones now; without them, and with hands it still hides, there
    # is nothing to deal from.
    monkeypatch.setattr(toy_registered.ToyGame, "ZONES", None)
    monkeypatch.setattr(toy_registered.ToyState, "_hidden_from",
                        lambda self, p: {c for q, h in enumerate(self.hands) if q != p for c in h})
    game = toy_registered.ToyGame(players=2)
    s = game.new_initial_state()
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0])
    with pytest.raises(tl.RuleError, match="determinize"):
        MCTSBot(iterations=5).choose(s, random.Random(0), s.current_player)


def test_mcts_is_reproducible_and_its_statistics_add_up():
    s = _mid_game(players=2, steps=10)
    me = s.current_player
    bot = MCTSBot(iterations=40)
    a = bot.choose(s.clone(), random.Random(3), me)
    assert a == bot.choose(s.clone(), random.Random(3), me)
    stats = bot.statistics(s.clone(), random.Random(3), me)
    assert sum(n for _, n, _ in stats) == 40
    assert all(0 <= v <= 1 for _, _, v in stats)
    assert max(stats, key=lambda t: t[1])[0] == a


def test_mcts_budget_checks():
    with pytest.raises(tl.RuleError, match="give a budget"):
        MCTSBot(iterations=None)
    assert MCTSBot(seconds=0.05).name == "mcts(seconds=0.05)"
    s = _mid_game(players=2, steps=10)
    assert s.is_legal(MCTSBot(seconds=0.05).choose(s, random.Random(0), s.current_player))


def test_per_game_heuristics_beat_random():
    backyard = tl.load_game("backyard", players=2)
    res = tl.simulate(backyard, 60, bots=["backyard-runs", "random"], seed=1, rotate=True,
                      workers=1, progress=False)
    assert res.by_bot()[0].win_rate.interval[0] > 0.75
    pyramids = tl.load_game("pyramids", players=2)
    res = tl.simulate(pyramids, 60, bots=["pyramids-solo", "random"], seed=1, rotate=True,
                      workers=1, progress=False)
    assert res.by_bot()[0].win_rate.interval[0] > 0.75
