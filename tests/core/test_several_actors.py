"""Several players acting at once, on the toy orchard (tests/support/tl_toyorchard.py):
``actors()``, ``apply(by=)``, the ``Match`` schedule, human seats that wait without
blocking bots, secret choices revealed together, and module sets as options."""

from __future__ import annotations

import json
import random

import pytest
import tl_toyorchard as T

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome


@pytest.fixture
def orchard(monkeypatch):
    from treehouse_lab import registry

    monkeypatch.setitem(registry._REGISTRY, "toyorchard", "tl_toyorchard:OrchardGame")
    return T.OrchardGame(players=3, modules={"bees", "frost"})


def _to_tending(game, seed=0):
    s = game.new_initial_state()
    rng = random.Random(seed)
    while s.is_chance_node():
        s.apply(sample_outcome(s.chance_outcomes(), rng))
    return s


def test_tending_is_open_to_everyone(orchard):
    s = _to_tending(orchard)
    assert s.actors() == [0, 1, 2] and s.current_player == tl.SIMULTANEOUS
    s.apply(T.Tend("water"), by=2)
    s.apply(T.Tend("water"), by=2)
    assert s.actors() == [0, 1]
    assert s.legal_actions(2) == [] and s.current_player == tl.SIMULTANEOUS
    assert T.Tend("prune") not in s.legal_actions(0)  # frost: no pruning in round 1
    assert s.water[2] == 2


def test_a_seat_done_with_its_part_is_refused(orchard):
    s = _to_tending(orchard)
    s.apply(T.Tend("water"), by=2)
    s.apply(T.Tend("water"), by=2)
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError) as info:
        s.apply(T.Tend("water"), by=2)
    assert "by=2 may not act now" in str(info.value)
    assert "Player 1 and Player 2 may" in str(info.value)
    assert s.to_json() == before
    for bad in (3, -1, True, "0", None):
        with pytest.raises(tl.IllegalActionError):
            s.apply(T.Tend("water"), by=bad)
    assert s.to_json() == before


def _segment(game, seed):
    """A tending step's per-player choices, and the state before it."""
    s = _to_tending(game, seed)
    rng = random.Random(seed)
    plan = {p: [rng.choice(s.legal_actions(p)) for _ in range(T.TENDS)] for p in s.actors()}
    return s, plan


def _interleave(s, plan, rng):
    s = s.clone()
    queues = {p: list(a) for p, a in plan.items()}
    while any(queues.values()):
        p = rng.choice([p for p, q in queues.items() if q])
        s.apply(queues[p].pop(0), by=p)
    return s


def test_any_interleaving_of_private_choices_gives_the_same_state():
    game = T.OrchardGame(players=3, modules=("bees",))
    for seed in range(20):
        s, plan = _segment(game, seed)
        ends = {json.dumps(_interleave(s, plan, random.Random(k)).to_json(), sort_keys=True)
                for k in range(8)}
        assert len(ends) == 1
        end = game.state_from_json(json.loads(ends.pop()))
        assert end.phase == "bid" and end.actors() == [0, 1, 2]


def test_secret_bids_stay_hidden_until_the_last_is_in(orchard):
    s = _to_tending(orchard)
    for p in range(3):
        for _ in range(2):
            s.apply(T.Tend("water"), by=p)
    assert s.phase == "bid"
    s.apply(T.Bid("p0bid4"), by=0)
    s.apply(T.Bid("p1bid2"), by=1)
    for viewer in (1, 2):
        obs = json.dumps(s.observation(viewer))
        assert "p0bid4" not in obs and "p0bid4" in s.hidden_from(viewer)
        assert "p0bid" not in obs  # nor its hand, which would give the bid away
    assert s.observation(0)["my_bid"] == "p0bid4"
    # the last bidder, asking before it bids, is told nothing of the others' bids
    assert s.narrate(T.Bid("p2bid1"), by=2) == "Player 3 bids a card face down"
    # the last bid reveals all: the highest bid takes the market token
    market, before = s.market, s.clone()
    s.apply(T.Bid("p2bid1"), by=2)
    assert market in s.won[0] and s.hidden_from(1) & {"p0bid4"} == set()
    assert "p0bid4" in json.dumps(s.observation(1))
    assert s.revealed(before) == "All bids revealed: Player 1 4, Player 2 2, Player 3 1"


def test_narration_of_a_secret_choice_names_no_card(orchard):
    m = tl.Match(orchard, seed=3, bots={0: "random", 1: "random", 2: "random"})
    m.run()
    bids = [e for e in m.log if isinstance(e.action, T.Bid)]
    assert len(bids) == 3 * 3
    assert all(e.text == f"Player {e.player + 1} bids a card face down" for e in bids)
    # each round's reveal is the line after its last bid, and only there
    revealed = [e for e in m.log if e.revealed]
    assert revealed == bids[2::3]
    assert all(e.revealed.startswith("All bids revealed: ") for e in revealed)


def test_match_play_by_seat_and_bots_go_on_while_a_human_waits(orchard):
    m = tl.Match(orchard, seed=5, bots={1: "random", 2: "random"})
    m.run()
    # the bots tended and stopped; the human has not, so the match waits for them only
    assert m.state.phase == "tend" and m.state.actors() == [0]
    assert m.waiting_for_human() and m.humans_to_act() == [0] and m.bots_to_act() == []
    with pytest.raises(tl.HumanToMove):
        m.step()
    entry = m.play("Water the garden")
    assert entry.player == 0 and m.moves[-1] == (0, T.Tend("water"))
    m.play(T.Tend("water"), by=0)
    m.run()
    assert m.state.phase == "bid" and m.state.actors() == [0]


def test_match_play_needs_by_where_several_may_act(orchard):
    m = tl.Match(orchard, seed=5)
    m.run()
    assert m.state.actors() == [0, 1, 2]
    with pytest.raises(tl.IllegalActionError, match="by="):
        m.play(T.Tend("water"))
    with pytest.raises(tl.IllegalActionError):
        m.play("Water the garden")
    m.play("Water the garden", by=1)
    assert m.moves[-1] == (1, T.Tend("water")) and m.log[-1].actor == "Player 2"


def test_round_robin_takes_turns_and_random_is_seeded(orchard):
    bots = {p: "random" for p in range(3)}
    m = tl.Match(orchard, seed=2, bots=bots)
    m.run(1 + 6)  # the harvest, then six tending moves
    assert [e.player for e in m.log[1:]] == [0, 1, 2, 0, 1, 2]
    a = tl.Match(orchard, seed=2, bots=bots, schedule="random")
    b = tl.Match(orchard, seed=2, bots=bots, schedule="random")
    a.run()
    b.run()
    assert a.to_json() == b.to_json() and a.to_json()["schedule"] == "random"
    orders = set()
    for seed in range(5):
        r = tl.Match(orchard, seed=seed, bots=bots, schedule="random")
        r.run(7)
        orders.add(tuple(e.player for e in r.log[1:]))
    assert len(orders) > 1


def test_a_custom_schedule_is_used_and_checked(orchard):
    def last_seat(state, candidates, rng, last):
        return candidates[-1]

    m = tl.Match(orchard, seed=2, bots={p: "random" for p in range(3)}, schedule=last_seat)
    m.run(4)
    assert [e.player for e in m.log[1:]] == [2, 2, 1]

    def cheat(state, candidates, rng, last):
        return 7

    m = tl.Match(orchard, seed=2, bots={p: "random" for p in range(3)}, schedule=cheat)
    m.step()
    with pytest.raises(tl.RuleError, match="schedule 'cheat' picked seat 7"):
        m.step()
    assert m.position == 1
    # a save names the schedule; a function that is not registered is passed back in
    saved = json.loads(json.dumps(m.to_json()))
    with pytest.raises(tl.RuleError, match="unknown schedule 'cheat'"):
        tl.Match.from_json(saved)
    assert tl.Match.from_json(saved, schedule=last_seat).position == 1


def test_a_bot_without_a_player_parameter_is_told_what_to_add(orchard):
    class Old:
        name = "old"

        def choose(self, state, rng):
            return state.legal_actions()[0]

    m = tl.Match(orchard, seed=1, bots={0: Old(), 1: Old(), 2: Old()})
    m.step()  # chance
    with pytest.raises(tl.RuleError, match="give it a third parameter, player"):
        m.step()
    assert m.position == 1


def test_modules_are_a_set_option_that_round_trips(orchard):
    assert orchard.options["modules"] == ("bees", "frost")
    assert T.OrchardGame(players=2, modules=["frost", "bees"]) == \
        T.OrchardGame(players=2, modules=("bees", "frost"))
    m = tl.Match(orchard, seed=1, bots={p: "random" for p in range(3)})
    m.run()
    saved = json.loads(json.dumps(m.to_json()))
    assert saved["options"]["modules"] == ["bees", "frost"]
    back = tl.Match.from_json(saved)
    assert back.game == orchard and back.state == m.state
    for bad in ("bees", {"wasps"}, ["bees", "bees"], [1], None, {"bees": 1}):
        with pytest.raises(tl.RuleError, match="modules"):
            T.OrchardGame(players=2, modules=bad)


def test_configurations_cross_every_module_subset_with_every_player_count():
    configs = T.OrchardGame.configurations()
    got = {(c["players"], c["modules"]) for c in configs}
    subsets = [(), ("bees",), ("frost",), ("bees", "frost")]
    assert got == {(n, m) for n in (2, 3) for m in subsets}
