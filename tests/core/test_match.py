"""tl.Match on the toy game (tests/support/tl_toygame.py): stepping, humans and bots,
time travel, the log, seats, saving."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from tl_toygame import Die, Draw, Play, Roll, ToyGame

import treehouse_lab as tl
from treehouse_lab.protocol import CHANCE


@pytest.fixture
def game():
    return ToyGame(players=2, target=8)


def _to_human(m):
    m.run()
    assert m.waiting_for_human(), "the toy deals and then a human must move"
    return m


def _snapshot(m):
    return (m.position, m.can_redo, json.dumps(m.to_json()), json.dumps(m.state.to_json()),
            len(m.log))


def test_step_on_a_human_seat_raises_and_changes_nothing(game):
    m = _to_human(tl.Match(game, seed=3))
    assert m.position == 4  # two cards dealt to each of two players, all chance
    assert all(e.player == CHANCE for e in m.log)
    before = _snapshot(m)
    with pytest.raises(tl.HumanToMove, match="Player 1"):
        m.step()
    assert _snapshot(m) == before


def test_play_by_text_and_by_action(game):
    m = _to_human(tl.Match(game, seed=3))
    entry = m.play("Roll the die")
    assert entry.action == Roll() and m.history[-1] == Roll()
    assert entry.player == 0 and entry.actor == "Player 1" and "Roll the die" in entry.text
    assert entry.probability is None and entry.step == 5
    roll = m.step()  # the die
    assert isinstance(roll.action, Die) and roll.player == CHANCE and roll.actor == "Chance"
    assert m.state.current_player == 1
    card = m.state.hands[1][0]
    entry = m.play(Play(card))
    assert entry.action == Play(card) and card in m.state.discard


def test_play_of_unknown_text_or_illegal_action_raises_and_changes_nothing(game):
    m = _to_human(tl.Match(game, seed=3))
    before = _snapshot(m)
    not_mine = next(c for c in m.state.hands[1])
    for bad in ("Dance", Play(not_mine), Die(2), Draw("c1"), 7, None):
        with pytest.raises(tl.IllegalActionError):
            m.play(bad)
        assert _snapshot(m) == before


def test_log_entries_carry_exact_probabilities(game):
    m = tl.Match(game, seed=5, bots={0: "random", 1: "random"})
    seen_die = False
    while not m.state.is_terminal():
        before = m.state.clone()
        e = m.step()
        if before.is_chance_node():
            assert type(e.probability) is Fraction
            assert e.probability == dict(before.chance_outcomes())[e.action]
            assert f"(chance {e.probability})" in str(e)
            if isinstance(e.action, Die):
                seen_die = True
                assert e.probability == {1: Fraction(1, 6), 2: Fraction(1, 3),
                                         3: Fraction(1, 2)}[e.action.face]
        else:
            assert e.probability is None and "(chance" not in str(e)
    assert seen_die
    deals = [e for e in m.log[:4]]
    assert [e.probability for e in deals] == [Fraction(1, 8), Fraction(1, 7), Fraction(1, 6),
                                              Fraction(1, 5)]
    assert str(m.log[0]).startswith("1. ")


def test_step_at_the_end_raises(game):
    m = tl.Match(game, seed=5, bots={0: "random", 1: "random"})
    m.run()
    assert m.state.is_terminal()
    with pytest.raises(tl.RuleError, match="over"):
        m.step()


def test_undo_redo_goto(game):
    m = tl.Match(game, seed=9, bots={0: "random", 1: "random"})
    states = [m.state.to_json()]
    entries = []
    for _ in range(12):
        entries.append(m.step())
        states.append(m.state.to_json())
    m.undo()
    assert m.position == 11 and m.state.to_json() == states[11] and m.can_redo
    assert m.log == entries[:11]
    m.undo(3)
    assert m.position == 8 and m.state.to_json() == states[8]
    e = m.redo()
    assert e is entries[8] and m.state.to_json() == states[9]
    m.goto(0)
    assert m.state.to_json() == states[0] and m.history == [] and m.log == []
    m.goto(12)
    assert m.state.to_json() == states[12] and not m.can_redo
    with pytest.raises(tl.RuleError):
        m.redo()
    for bad in (-1, 13, True, "3", 1.0):
        with pytest.raises(tl.RuleError):
            m.goto(bad)
    assert m.position == 12
    with pytest.raises(tl.RuleError):
        m.undo(13)
    assert m.position == 12


@pytest.mark.parametrize("bad", [-1, -5, True, 1.5, "2"])
def test_undo_of_a_bad_count_raises_and_changes_nothing(game, bad):
    m = tl.Match(game, seed=9, bots={0: "random", 1: "random"})
    m.run(6)
    before = _snapshot(m)
    with pytest.raises(tl.RuleError):
        m.undo(bad)
    assert _snapshot(m) == before
    m.state.to_json()  # still readable


def test_step_after_undo_replays_the_same_entry(game):
    m = tl.Match(game, seed=9, bots={0: "random", 1: "random"})
    m.run(10)
    log = list(m.log)
    m.goto(2)
    replayed = [m.step() for _ in range(8)]
    assert replayed == log[2:] and all(a is b for a, b in zip(replayed, log[2:]))


def test_draws_are_keyed_to_the_step_not_to_what_was_explored(game):
    bots = {0: "random", 1: "random"}
    ref = tl.Match(game, seed=21, bots=bots)
    ref.run()
    m = tl.Match(game, seed=21, bots=bots)
    m.run(7)
    m.restart()
    m.run()
    assert m.history == ref.history
    other = tl.Match(game, seed=22, bots=bots)
    other.run()
    assert other.history != ref.history


def test_playing_after_undo_truncates_redo(game):
    m = _to_human(tl.Match(game, seed=3, bots={1: "random"}))
    m.play("Roll the die")
    m.run()
    k = m.position
    assert k > 6 and m.waiting_for_human()
    m.goto(4)  # back to player 1's first decision
    hand = m.state.hands[0]
    m.play(Play(hand[0]))
    assert not m.can_redo and m.position == 5
    assert m.history[-1] == Play(hand[0]) and len(m.to_json()["moves"]) == 5


def test_playing_the_recorded_action_keeps_the_redo_history(game):
    m = _to_human(tl.Match(game, seed=3, bots={1: "random"}))
    m.play("Roll the die")
    m.run()
    k = m.position
    entry = m.log[4]
    m.goto(4)
    assert m.play("Roll the die") is entry
    assert m.can_redo and m.position == 5
    m.goto(k)
    assert m.position == k


def test_undo_to_human(game):
    m = _to_human(tl.Match(game, seed=3, bots={1: "random"}))
    m.play("Roll the die")
    m.run()  # the die, player 2's bot turn, maybe a draw: back to player 1
    assert m.waiting_for_human() and m.position > 6
    m.undo_to_human()
    assert m.position == 4 and m.state.current_player == 0
    assert m.can_redo
    m.undo_to_human()  # no earlier human decision: back to the start
    assert m.position == 0


def test_run_stops_at_humans_and_honours_max_steps(game):
    m = tl.Match(game, seed=3, bots={1: "random"})
    assert m.run(max_steps=2) == 2 and m.position == 2
    n = m.run()
    assert n == 2 and m.waiting_for_human() and m.state.current_player == 0
    assert m.run() == 0
    m.set_seat(0, "random")
    m.run()
    assert m.state.is_terminal() and not m.waiting_for_human()


def test_restart_keeps_seats_and_seed(game):
    m = tl.Match(game, seed=4, bots={1: "random"})
    m.run()
    m.play("Roll the die")
    m.restart()
    assert m.position == 0 and m.history == [] and m.log == [] and not m.can_redo
    assert m.state == game.new_initial_state()
    assert m.bots == {1: "random"} and m.seed == 4


class FirstBot:
    name = "first"

    def choose(self, state, rng):
        return state.legal_actions()[0]


def test_set_seat(game):
    m = tl.Match(game, seed=1)
    assert m.seat(0) == "human" and m.bots == {}
    m.set_seat(1, "random")
    assert m.seat(1) == "random"
    m.set_seat(0, FirstBot())
    assert m.seat(0) == "first"
    m.run()
    assert m.state.is_terminal()
    firsts = [e for e in m.log if e.player == 0]
    assert firsts and all(e.action == Roll() for e in firsts)  # Roll is listed first
    m.set_seat(1, None)
    m.set_seat(0, "human")
    assert m.bots == {}
    for seat in (-1, 2, True, "0"):
        with pytest.raises(tl.RuleError):
            m.set_seat(seat, "random")
    with pytest.raises(tl.RuleError, match="no-such-bot"):
        m.set_seat(0, "no-such-bot")
    with pytest.raises(tl.RuleError):
        m.set_seat(0, object())
    assert m.bots == {}


@pytest.mark.parametrize("seed", ["7", 1.0, True, None])
def test_seed_must_be_an_integer(game, seed):
    with pytest.raises(tl.RuleError):
        tl.Match(game, seed=seed)


def test_to_json_and_from_json(game, toy_registered):
    m = tl.Match(game, seed=13, bots={1: "random"})
    m.run()
    m.play("Roll the die")
    m.run()
    m.undo()  # only the history up to the cursor is saved
    d = m.to_json()
    assert d == {"game": "toyrace", "options": {"players": 2, "target": 8}, "seed": 13,
                 "schedule": "round-robin", "bots": {"1": "random"},
                 "moves": [{"by": "chance" if by == tl.CHANCE else by, "action": a.to_json()}
                           for by, a in m.moves]}
    back = tl.Match.from_json(json.loads(json.dumps(d)))
    assert back.state == m.state and back.history == m.history
    assert back.bots == {1: "random"} and back.seed == 13 and back.position == m.position
    assert [(e.step, e.text, e.probability) for e in back.log] == \
        [(e.step, e.text, e.probability) for e in m.log]
    # both continue the same way: draws depend on (seed, step) only
    back.set_seat(0, "random")
    m.set_seat(0, "random")
    m.run()
    back.run()
    assert back.history == m.history


def test_from_json_rejects_an_illegal_history(game, toy_registered):
    m = tl.Match(game, seed=13)
    m.run()
    d = json.loads(json.dumps(m.to_json()))
    d["moves"][1] = d["moves"][0]  # the same card dealt twice
    with pytest.raises(tl.RuleError, match=r"match\.moves\[1\]"):
        tl.Match.from_json(d)


# -- a match from a fixed position (a lesson that replays a rulebook example) -----------
def _mid_race(game):
    """A position no seed deals: the first racer on square 5, the second on 2, with
    hands of their own (the toy's save format)."""
    m = _to_human(tl.Match(game, seed=3))
    d = m.state.to_json()
    d["positions"] = [5, 2]
    return game.state_from_json(d)


def test_a_match_begins_at_its_start_position_and_restarts_there(game):
    start = _mid_race(game)
    m = tl.Match(game, seed=4, bots={1: "random"}, start=start)
    assert m.position == 0 and m.state == start and m.state is not start
    m.play("Roll the die")
    m.run()
    assert m.position > 0 and m.state != start
    m.restart(seed=9)
    assert m.position == 0 and m.state == start and m.seed == 9
    m.goto(0)
    assert m.state == start


def test_a_match_from_a_start_position_saves_and_replays_it(game, toy_registered):
    start = _mid_race(game)
    m = tl.Match(game, seed=4, bots={1: "random"}, start=start)
    m.play("Roll the die")
    m.run()
    d = json.loads(json.dumps(m.to_json()))
    assert d["start"] == start.to_json()
    back = tl.Match.from_json(d)
    assert back.state == m.state and back.history == m.history
    back.goto(0)
    assert back.state == start
    # a match from the deal saves no start (old saves are unchanged)
    assert "start" not in tl.Match(game, seed=4).to_json()


def test_a_start_that_is_not_a_state_of_this_game_is_refused(game):
    other = ToyGame(players=3, target=8).new_initial_state()
    with pytest.raises(tl.RuleError, match="start"):
        tl.Match(game, seed=1, start=other)
    with pytest.raises(tl.RuleError, match="start"):
        tl.Match(game, seed=1, start={"positions": [5, 2]})
