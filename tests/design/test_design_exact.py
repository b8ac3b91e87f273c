"""Exact figures where Treehouse is solved (treehouse_lab/design/exact.py) and restricted
play (treehouse_lab/design/restrict.py): each exact value is checked against a simulation's
interval, and where feasible against a computation made another way (the solver's own
optimisation, the chain stepped forward)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import treehouse_lab as tl
from treehouse_lab.design import exact, measure
from treehouse_lab.design.restrict import Forbid, parse_kind, restricted
from treehouse_lab.games.pyramids import bots as pyramids_bots
from treehouse_lab.games.pyramids.rules import HOUSE_SIDE

RUN = dict(workers=1, progress=False)


# -- two players: perfect play --------------------------------------------------------------

@pytest.mark.slow
def test_a_20000_game_simulation_contains_the_exact_first_player_advantage():
    """The issue's test: two-player Treehouse, both seats pyramids-perfect (about 6 s in
    one process here, so no pool)."""
    game = tl.load_game("pyramids", players=2)
    m = measure(game, 20000, bots="pyramids-perfect", seed=48, **RUN)
    lo, hi = exact.first_player_win()
    assert hi - lo < 1e-12
    fig = m["first_player"]
    assert fig.exact is not None and lo <= fig.exact <= hi
    assert fig.contains(float(fig.exact)), (fig, float(fig.exact))
    for name in ("first_player_edge", "win_share[0]", "win_share[1]", "balance"):
        assert m[name].exact is not None and m[name].contains(float(m[name].exact)), name
    # the edge and the balance follow from the first player's share, not read elsewhere
    assert m["first_player_edge"].exact == fig.exact - Fraction(1, 2)
    assert m["balance"].exact == 1 - abs(2 * fig.exact - 1)


def test_exact_values_only_where_the_solver_applies():
    two = tl.load_game("pyramids", players=2)
    assert exact.exact_values(two, ("pyramids-perfect",) * 2)
    assert exact.exact_values(two, ("pyramids-perfect", "random")) == {}
    assert exact.exact_values(two, ("pyramids-perfect",) * 2, max_moves=10) == {}
    assert exact.exact_values(tl.load_game("pyramids", players=2, hop_onto_lying=False),
                              ("pyramids-perfect",) * 2) == {}
    assert exact.exact_values(tl.load_game("pyramids", players=3),
                              ("pyramids-perfect",) * 3) == {}
    assert exact.exact_values(tl.load_game("backyard", players=2), ("greedy",) * 2) == {}


def test_the_other_house_start_and_aim_variant_read_their_own_brackets():
    """Every House start is in the shipped solve: the Tree's own start is the variant's
    headline bracket, another start a different one."""
    tree = exact.first_player_win(True, "LMS")
    other = exact.first_player_win(True, "<L S M>")
    assert other != tree and 0 < other[0] <= other[1] < 1
    assert exact.first_player_win(False, "LMS") != tree


def test_house_values_of_two_players_are_differences_of_the_solves():
    """House moves barred from seat 0 leave 'only the second player may' (seat 1's
    solve): the first player's share falls from the rules' value to that one."""
    full = exact.first_player_win()
    second_only = exact.first_player_win(house_seats=(1,))
    first_only = exact.first_player_win(house_seats=(0,))
    v0, v1 = exact.house_value(0), exact.house_value(1)
    assert v0.low <= full[0] - second_only[0] <= v0.high
    assert v1.low <= first_only[0] - full[0] <= v1.high
    assert v0.value > 0 and v1.value > 0  # House moves help whoever holds them
    with pytest.raises(tl.RuleError, match="shipped ones"):
        exact.first_player_win(False, "LMS", house_seats=(0,))


# -- the solitaire ----------------------------------------------------------------------------

@pytest.mark.slow
def test_the_solitaire_exact_values_agree_with_the_solver_and_the_chain_stepped_forward():
    """Three computations: the solver's optimisation (its own equations), this module's
    evaluation of the optimal policy's equations, and the chain stepped forward."""
    s = exact.solitaire("optimal")
    assert s.rolls == pyramids_bots.solution().start_value()
    for counts, expected in ((s.roll_counts, s.rolls), (s.move_counts, s.moves)):
        assert sum(counts.values()) == pytest.approx(1, abs=1e-12)
        assert sum(k * p for k, p in counts.items()) == pytest.approx(float(expected),
                                                                       abs=1e-9)
    assert s.moves < s.rolls  # a vain roll is no move


@pytest.mark.slow
def test_barring_house_moves_sits_between_the_optimum_and_the_solo_bot_barred():
    """The restricted optimum can do no better than the unrestricted one and no worse than
    any restricted policy, the solo bot made to skip House moves among them."""
    full = exact.solitaire("optimal")
    best = exact.solitaire("optimal without House moves")
    solo = exact.solitaire("solo without House moves")
    assert full.rolls < best.rolls < solo.rolls
    assert exact.solitaire_house_value().exact == best.rolls - full.rolls
    assert exact.solitaire_house_value(count="moves").exact == best.moves - full.moves


@pytest.mark.slow
def test_a_solitaire_simulation_contains_the_exact_length_and_win_share():
    game = tl.load_game("pyramids", players=1)
    m = measure(game, 3000, bots="pyramids-solo", seed=7, **RUN)
    assert m["moves"].exact == exact.solitaire().moves
    assert m["moves"].contains(float(m["moves"].exact)), m["moves"]
    # a short roll limit: the match within 8 rolls, no longer certain
    short = tl.load_game("pyramids", players=1, roll_limit=8)
    m = measure(short, 3000, bots="pyramids-solo", seed=7, **RUN)
    fig = m["win_share[0]"]
    assert 0.8 < fig.exact < 0.95
    assert fig.contains(float(fig.exact)), fig
    assert m["moves"].exact is None  # the limit cuts games off: no exact length


# -- restricted play ---------------------------------------------------------------------------

def test_forbid_never_plays_the_forbidden_kind_while_another_move_is_legal():
    game = tl.load_game("pyramids", players=2)
    house = parse_kind(game, "house")
    bot = Forbid("random", house)
    rng = random.Random(3)
    choices = forced = 0
    for seed in range(40):
        state = game.new_initial_state()
        r = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply(r.choices([a for a, _ in outcomes],
                                             [float(p) for _, p in outcomes])[0])
                continue
            seat = state.current_player
            legal = state.legal_actions(seat)
            action = bot.choose(state, rng, seat)
            assert action in legal
            if any(house(a) for a in legal):
                choices += 1
                if all(house(a) for a in legal):
                    forced += 1
                else:
                    assert not house(action)
            state.apply(action)
    assert choices > 20  # the restriction was met often
    # in Treehouse a House move always comes with a pass or a trio move
    assert forced == 0


def test_a_kind_of_move_is_checked_against_the_game():
    with pytest.raises(tl.RuleError, match="kinds are: .*house"):
        parse_kind(tl.load_game("pyramids", players=2), "houses")
    with pytest.raises(tl.RuleError, match="not a kind of move of backyard"):
        parse_kind(tl.load_game("backyard", players=2), "house")
    kind = parse_kind(tl.load_game("pyramids", players=2), "play.side=house")
    assert (kind.kind, kind.field, kind.value) == ("play", "side", HOUSE_SIDE)
    with pytest.raises(tl.RuleError, match="seat must be"):
        restricted(tl.load_game("pyramids", players=2), 2, "house", 10, **RUN)


@pytest.mark.slow
def test_restricted_play_in_the_solitaire_contains_the_exact_value():
    """House moves barred from pyramids-solo: the paired difference of moves contains the
    exact one (the two policies' exact expected moves), and with a short roll limit the
    win share the House moves are worth contains its exact value."""
    game = tl.load_game("pyramids", players=1)
    r = restricted(game, 0, "house", 2000, bots="pyramids-solo", seed=11, **RUN)
    moves = r["moves"]
    expected = (exact.solitaire("solo without House moves").moves
                - exact.solitaire("optimal").moves)
    assert moves.exact == expected and moves.contains(float(expected)), moves
    assert r["optimal_value[0]"].exact == exact.solitaire_house_value(count="moves").exact
    short = tl.load_game("pyramids", players=1, roll_limit=8)
    r = restricted(short, 0, "house", 2000, bots="pyramids-solo", seed=11, **RUN)
    assert r.value.exact > 0.05 and r.value.contains(float(r.value.exact)), r.value


def test_restricted_play_of_two_players_pairs_the_same_seeds():
    """Barring nothing the bot would play changes no game: every paired difference is 0
    (random bots, barred from a kind Treehouse never offers: 'roll' is chance's)."""
    game = tl.load_game("pyramids", players=2)
    r = restricted(game, 1, "house", 300, bots="random", seed=2, **RUN)
    assert r.results.rows[0].seats == ("random", "random")
    assert r.restricted_results.bots[1] == "random without house"
    assert r.value.n == 300 and r.value.low <= r.value.value <= r.value.high
    assert r["optimal_value[1]"].exact == exact.house_value(1).exact
    same = restricted(game, 1, "roll", 300, bots="random", seed=2, **RUN)
    assert same.value.value == 0 and same["moves"].value == 0
