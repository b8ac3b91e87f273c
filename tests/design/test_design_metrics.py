"""The design lab's metrics on games whose answers are known: constructed games
(tests/support/tl_design_games.py, each figure worked out by hand in its docstring) and
the toy games. Each test checks a figure against a value derived from the game's rules,
not read off the code."""

from __future__ import annotations

import math

import pytest
import tl_design_games as dg
import tl_toygame
import tl_toyorchard

from treehouse_lab.design import measure
from treehouse_lab.design.trace import tension


def run(game, games=200, **kw):
    kw.setdefault("bots", "random")
    return measure(game, games, seed=5, workers=1, progress=False, **kw)


# -- outcome ----------------------------------------------------------------------------------

def test_a_fair_coin_flip_is_balanced_with_no_first_player_edge():
    m = run(dg.CoinFlip(), 400)
    assert m["balance"].contains(1.0)
    assert m["first_player_edge"].contains(0.0)
    assert m["win_share[0]"].contains(0.5) and m["win_share[1]"].contains(0.5)
    assert m["ties"].value == 0 and m["completion"].value == 1
    assert m["balance"].n == 400
    # a call between two is a decision, the only move of the game
    assert m["decision_moves"].value == 1 and m["forced_moves"].value == 0


def test_a_one_sided_game_has_balance_zero_and_an_edge_outside_zero():
    m = run(dg.Seesaw())          # seat 1 always wins
    assert m["balance"].value == 0 and m["balance"].high == 0
    assert m["first_player_edge"].value == -0.5
    assert not m["first_player_edge"].contains(0.0)
    assert m["win_share[1]"].value == 1


def test_the_first_player_follows_who_moved_first():
    # greedy gives the point to itself: the first mover (seat 0) always wins
    m = run(dg.FirstMoveDecides(), 50, bots="greedy")
    assert m["first_player"].value == 1
    assert m["first_player_edge"].value == 0.5


def test_ties_are_split_and_counted():
    # HighCard, both random: a tie has chance 3/9 = 1/3; each seat's share is 1/2
    m = run(dg.HighCard(), 600)
    assert m["ties"].contains(1 / 3)
    assert m["completion"].contains(2 / 3)
    assert m["win_share[0]"].contains(0.5)
    forced = run(dg.Forced(), 20)      # every game ends 0 to 0: a tie, half a win each
    assert forced["ties"].value == 1
    assert forced["win_share[0]"].value == forced["win_share[1]"].value == 0.5
    assert forced["balance"].value == 1


def test_a_length_limit_makes_timeouts_that_nobody_wins():
    # the toy race to 12 needs at least 3 moves of one racer (cards move at most 4)
    m = run(tl_toygame.ToyGame(), 30, max_moves=3)
    assert m["timeouts"].value == 1 and m["completion"].value == 0
    assert m["win_share[0]"].value == 0 == m["win_share[1]"].value
    assert m["moves"].value == 3
    assert m["lead_changes:score"].value is None   # no winner to read the lead against
    free = run(tl_toygame.ToyGame(), 30)
    assert free["timeouts"].value == 0


# -- duration and decisions -------------------------------------------------------------------

def test_forced_moves_and_branching_are_exact():
    m = run(dg.Forced(), 20)
    assert m["forced_moves"].value == 0.5 == m["decision_moves"].value
    assert m["branching"].value == 2          # (3 + 1) / 2
    assert m.distributions["branching"].counts == ((1, 20 * 6), (3, 20 * 6))
    assert m["moves"].value == 12 and m["turns"].value == 6 and m["rounds"].value == 3


def test_duration_of_the_toy_race_matches_its_rows():
    m = run(tl_toygame.ToyGame(), 100)
    lengths = [r.length for r in m.results.rows]
    assert m["moves"].value == pytest.approx(sum(lengths) / len(lengths))
    # one decision a turn, racers alternate: turns = moves, rounds = ceil(moves / 2)
    assert [r.trace.turns for r in m.results.rows] == lengths
    assert [r.trace.rounds for r in m.results.rows] == [math.ceil(n / 2) for n in lengths]
    dist = m.distributions["moves"]
    assert dist.n == 100 and dist.quantile(0) == min(lengths) and dist.quantile(1) == max(lengths)
    assert dist.quantile(0.5) == sorted(lengths)[49]
    # a turn offers a roll and the cards in hand (at most 2)
    assert {b for b, _ in m.distributions["branching"].counts} <= {1, 2, 3}


def test_rounds_are_not_guessed_where_several_act_at_once():
    m = run(tl_toyorchard.OrchardGame(), 20)
    assert m["rounds"].value is None and "n/a for this game" in m["rounds"].why
    assert m["turns"].value is not None


# -- tension ----------------------------------------------------------------------------------

def test_a_game_decided_at_its_first_move_has_no_lead_change_and_no_drama():
    m = run(dg.FirstMoveDecides(), 100)
    assert m["lead_changes:score"].value == 0
    assert m["drama:score"].value == 0 and m["drama_turns:score"].value == 0
    assert m["decisiveness:score"].value == 0
    assert m["comeback:score"].value == 0


def test_a_seesaw_game_gives_its_hand_worked_tension():
    m = run(dg.Seesaw(), 20)
    assert m["lead_changes:score"].value == 3
    assert m["drama:score"].value == 0.75
    assert m["drama_turns:score"].value == 0.5
    assert m["decisiveness:score"].value == 0.75
    assert m["comeback:score"].value == 0
    assert m["margin:score"].value == 2


def test_a_tie_for_first_neither_makes_nor_breaks_a_lead():
    # seat 1 leads, then ties with seat 0, then leads again: no change of lead
    calm = tension([(0, 1), (1, 1), (1, 2)], [1])
    assert calm.lead_changes == 0 and calm.behind == 0
    # seat 0 leads, a tie, then seat 1 leads: one change, and the winner was behind once
    swap = tension([(1, 0), (1, 1), (1, 2)], [1])
    assert swap.lead_changes == 1 and swap.behind == 1 and swap.gap == 1
    assert swap.decided == 3 and swap.trailed_at_half is False   # tied after round 2
    # a shared win: the winners' mean shortfall, and nothing decided
    shared = tension([(2, 0, 0), (2, 2, 1)], [0, 1])
    assert shared.gap == 1 and shared.decided is None and shared.margin == 0


def test_tension_by_value_is_opt_in_and_reads_the_given_estimate():
    m = run(dg.Seesaw(), 10)
    assert m["lead_changes:score"].value == 3
    assert "lead_changes:value" not in m.figures
    by_value = run(dg.Seesaw(), 10, value=dg.constant_value)   # seat 1 always ahead
    assert by_value["lead_changes:value"].value == 0
    assert by_value["drama:value"].value == 0
    assert by_value["lead_changes:score"].value == 3
    only_value = run(dg.Seesaw(), 10, value=dg.constant_value, by_points=False)
    assert "lead_changes:score" not in only_value.figures
    assert only_value["lead_changes:value"].value == 0


def test_tension_is_na_without_points():
    import treehouse_lab as tl

    m = run(tl.load_game("pyramids"), 10)
    assert m["lead_changes:score"].value is None
    assert "no points" in m["lead_changes:score"].why


# -- skill and luck ---------------------------------------------------------------------------

def test_skill_and_luck_on_a_game_of_pure_chance_and_one_of_pure_skill():
    coin = run(dg.CoinFlip(), 400, skill_bots=("greedy", "random"))
    assert coin["skill"].contains(0.5) and coin["luck"].contains(1.0)
    # HighCard: greedy picks 2; random picks 0, 1, 2: greedy wins 2/3, ties 1/3, so its
    # share is 2/3 + 1/6 = 5/6 and luck = (1 - 5/6) / (1 - 1/2) = 1/3
    high = run(dg.HighCard(), 400, skill_bots=("greedy", "random"))
    assert high["skill"].contains(5 / 6) and high["luck"].contains(1 / 3)
    assert not high["luck"].contains(1.0)


# -- the result -------------------------------------------------------------------------------

def test_every_figure_has_an_interval_and_its_games_or_says_why_not():
    m = run(tl_toygame.ToyGame(), 60, skill_bots=("greedy", "random"))
    for name, fig in m.figures.items():
        if fig.value is None:
            assert fig.why.startswith("n/a for this game"), name
        else:
            assert fig.low <= fig.value <= fig.high and fig.n > 0, name
    rows = m.to_rows()
    assert [r["metric"] for r in rows] == list(m.figures)
    assert all(set(r) == {"game", "metric", "label", "group", "value", "low", "high", "n",
                          "exact", "note"} for r in rows)
    text = str(m)
    assert "balance" in text and "win share of Player 1" in text
    assert "<table" in m._repr_html_()
    assert isinstance(m["balance"].value, float)


def test_bad_arguments_are_refused_before_anything_runs():
    from treehouse_lab import RuleError

    with pytest.raises(RuleError, match="max_moves"):
        run(dg.CoinFlip(), 10, max_moves=0)
    with pytest.raises(RuleError, match="value"):
        run(dg.CoinFlip(), 10, value="oracle")
    with pytest.raises(RuleError, match="skill_bots"):
        run(dg.CoinFlip(), 10, skill_bots=("random", "random"))
