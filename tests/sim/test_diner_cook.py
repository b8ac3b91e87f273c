"""``diner-cook``, the Diner's teaching bot: each rule of its docstring holds on a
position built for it, and it beats ``random`` and ``greedy`` clearly."""

from __future__ import annotations

import itertools
import random

import pytest

import treehouse_lab as tl
from treehouse_lab.bots import bots_for, make_bot
from treehouse_lab.games.diner.actions import ChooseShelf, Joker, MoveOrder, StartJoker, TakeOrder
from treehouse_lab.games.diner.bots import CookBot, jokers_affordable, safe_minutes
from treehouse_lab.games.diner.rules import movable_right


def _pays_without_push(kitchen) -> int:
    """The most minutes a kitchen pays before an order must be pushed off, by trying
    every sequence of moves (the brute force ``safe_minutes`` is checked against)."""
    best = 0
    frontier = [tuple(kitchen)]
    minutes = 0
    while frontier:
        nxt = set()
        for k in frontier:
            for m in movable_right(list(k)):
                if m == 1:
                    continue
                k2 = list(k)
                k2[m - 2], k2[m - 1] = k2[m - 1], None
                nxt.add(tuple(k2))
        if nxt:
            minutes += 1
            best = minutes
        frontier = list(nxt)
    return best


@pytest.mark.parametrize("spaces", [c for n in range(1, 5)
                                    for c in itertools.combinations(range(6), n)])
def test_safe_minutes_is_what_moving_without_a_push_reaches(spaces):
    kitchen = [("o", (), 0) if i in spaces else None for i in range(6)]
    assert safe_minutes(kitchen) == _pays_without_push(kitchen)


def test_jokers_affordable_counts_daisy_pairs_then_fours():
    g = tl.load_game("diner", players=2)
    supply = [0] * len(g.kinds)
    supply[g.daisy] = 3
    supply[g.kind_index["acorn"]] = 3
    assert jokers_affordable(g.new_initial_state(), supply) == 2   # 2 daisies; 1+3 others
    supply[g.kind_index["acorn"]] = 2
    assert jokers_affordable(g.new_initial_state(), supply) == 1


def _game_states(players=2, seed=2, bots=("diner-cook", "random")):
    game = tl.load_game("diner", players=players)
    m = tl.Match(game, seed=seed, bots=dict(enumerate(bots)))
    while not m.state.is_terminal():
        yield m.state
        m.step()


def test_it_pushes_an_order_off_only_when_no_other_can_move():
    bot = CookBot()
    seen = 0
    for s in _game_states():
        if s.is_chance_node():
            continue
        me = s.current_player
        legal = s.legal_actions(me)
        if any(isinstance(a, MoveOrder) for a in legal) and len(legal) > 1:
            choice = bot.choose(s.clone(), random.Random(0), me)
            if choice.minutes == 1:
                assert all(a.minutes == 1 for a in legal), legal
            seen += 1
    assert seen > 3


def test_it_starts_a_joker_only_to_complete_an_order():
    bot = CookBot()
    started = declined = 0
    for seed in range(1, 13):
        for s in _game_states(seed=seed, bots=("diner-cook", "random")):
            if s.is_chance_node():
                continue
            me = s.current_player
            legal = s.legal_actions(me)
            if not any(isinstance(a, StartJoker) for a in legal):
                continue
            choice = bot.choose(s.clone(), random.Random(0), me)
            jokers = jokers_affordable(s, s.supplies[me])
            short = {e[0]: sum(1 for c in e[1] if not c) for e in s.kitchens[me] if e}
            if isinstance(choice, StartJoker):
                started += 1
                assert short[choice.order] <= jokers
            else:
                declined += 1
                assert not any(short[a.order] <= jokers for a in legal
                               if isinstance(a, StartJoker))
    assert started > 0 and declined > 0


def test_an_empty_kitchen_goes_to_the_phone_and_a_stocked_one_to_the_pantry():
    bot = CookBot()
    phone = pantry = 0
    for s in _game_states(bots=("diner-cook", "diner-cook")):
        if s.is_chance_node():
            continue
        me = s.current_player
        legal = s.legal_actions(me)
        kinds = {type(a) for a in legal}
        if ChooseShelf in kinds and TakeOrder in kinds:
            choice = bot.choose(s.clone(), random.Random(0), me)
            orders = sum(1 for e in s.kitchens[me] if e is not None)
            if orders <= 1:
                assert isinstance(choice, TakeOrder)
                phone += 1
            elif orders >= 3:
                pantry += isinstance(choice, ChooseShelf)
    assert phone > 0 and pantry > 0


def test_it_is_a_diner_bot():
    assert "diner-cook" in bots_for("diner") and "diner-cook" not in bots_for("backyard")
    with pytest.raises(tl.RuleError, match="plays diner only"):
        make_bot("diner-cook").choose(tl.load_game("backyard", players=2).new_initial_state(),
                                      random.Random(0), 0)


# greedy, one move ahead on the Diner's own estimate, is the nearer rival: more games.
@pytest.mark.parametrize(("other", "games"), [("random", 20), ("greedy", 60)])
def test_it_beats_random_and_greedy(other, games):
    game = tl.load_game("diner", players=2)
    res = tl.simulate(game, games, bots=["diner-cook", other], seed=11, rotate=True,
                      workers=1, progress=False)
    cook = {ln.label: ln for ln in res.by_bot()}["diner-cook"]
    assert cook.win_rate.interval[0] > 0.5     # clearly: the whole interval above a half


@pytest.mark.parametrize("modules", [("bees",), ("chili",), ("bees", "chili")])
def test_it_plays_the_modules_to_the_end(modules):
    game = tl.load_game("diner", players=3, modules=modules)
    res = tl.simulate(game, 2, bots="diner-cook", seed=1, workers=1, progress=False)
    assert res.games == 2 and all(r.length > 20 for r in res.rows)


def test_it_never_grows_a_joker_of_two_daisies():
    """D11's example: supply four Daisies and an Acorn, Blueberry Risotto; after two
    Daisies on its Blueberry the joker is finished and may take two more. The cook does
    not grow it: two more ingredients would replace nothing more."""
    g = tl.load_game("diner", players=2)
    s = g.position(kitchens=[{4: "blueberry-risotto"}, {}],
                   supplies=[["daisy"] * 4 + ["acorn"], []], stage="assign")
    s.apply(StartJoker("blueberry-risotto", "blueberry"))
    s.apply(Joker("blueberry-risotto", "blueberry", "daisy"))
    s.apply(Joker("blueberry-risotto", "blueberry", "daisy"))
    assert Joker("blueberry-risotto", "blueberry", "daisy") in s.legal_actions(0)
    for seed in range(5):
        assert not isinstance(CookBot().choose(s.clone(), random.Random(seed), 0), Joker)
