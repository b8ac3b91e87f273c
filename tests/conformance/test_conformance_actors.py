"""Who may act: ``actors()``, ``apply(action, by=seat)`` and the ``Match`` schedule.

Every game answers these. Turn-based games have one actor at each decision; real-time
phases (Magical Treehouse's planning, the toy orchard's tending) have several, any of whom
may act next, and secret choices stay hidden until the last one is in.
"""

from __future__ import annotations

import json

import pytest
import tl_conformance_harness as H

import treehouse_lab as tl


def _several(pt):
    return [i for i, s in enumerate(pt.states) if len(s.actors()) > 1]


def test_actors_agree_with_current_player(case):
    for pt in H.full_playthroughs(case):
        for i, s in enumerate(pt.states):
            actors, where = s.actors(), pt.where(i)
            assert actors == sorted(set(actors)), f"{where} actors() {actors} not sorted/unique"
            if s.is_chance_node() or s.is_terminal():
                assert actors == [], where
            elif len(actors) == 1:
                assert s.current_player == actors[0], f"{where} one actor, current_player " \
                    f"{s.current_player}"
            else:
                assert s.current_player == tl.SIMULTANEOUS, \
                    f"{where} several actors {actors} but current_player {s.current_player}"
            if i < len(pt.bys) and pt.bys[i] is not None:
                assert pt.bys[i] in actors


def test_several_actors_need_by(case):
    """Where several may act, an action without ``by`` is refused (whose would it be?),
    and so is ``legal_actions()`` without a player; every actor has choices."""
    seen = 0
    for pt in H.full_playthroughs(case):
        for i in _several(pt)[:20]:
            seen += 1
            s = pt.states[i].clone()
            before = H.dumps(s.to_json())
            with pytest.raises(tl.RuleError):
                s.legal_actions()
            a = pt.actions[i]
            with pytest.raises(tl.IllegalActionError) as info:
                s.apply(a)
            assert "by=" in str(info.value), f"{pt.where(i)} message: {info.value}"
            assert H.dumps(s.to_json()) == before
            for p in s.actors():
                assert s.legal_actions(p), f"{pt.where(i)} actor {p} has no legal action"
    if case.game == H.TOY_ORCHARD:  # the toy's tending and bidding are real time
        assert seen, f"[{case.id}] no several-actor node met: the check had no work"


def _mid_step_positions(m):
    """Positions of a finished match at which several players could act."""
    out = []
    for k in range(m.position):
        m.goto(k)
        if len(m.state.actors()) > 1:
            out.append(k)
    return out


@pytest.mark.parametrize("schedule", ["round-robin", "random"])
def test_saves_taken_mid_step_reload_and_play_on_identically(case, schedule, monkeypatch):
    """A bot-only match saved while several players may act reloads to the same state and
    log, and then goes on to the same end: who acts next comes from the seed, not from
    anything the save lost."""
    H.register_toy(monkeypatch)
    game = case.make()
    bots = {p: "random" for p in range(game.players)}
    m = tl.Match(game, seed=21, bots=bots, schedule=schedule)
    m.run()
    assert m.state.is_terminal(), f"[{case.id}] bot match did not end"
    final = m.to_json()
    n = m.position
    picks = _mid_step_positions(m)
    picks = picks[:: max(1, len(picks) // 6)] or [n // 2]
    for k in picks:
        m.goto(k)
        saved = json.loads(H.dumps({**final, "moves": final["moves"][:k]}))
        back = tl.Match.from_json(saved)
        assert back.state == m.state and back.position == k, f"[{case.id}] step {k}"
        assert [str(e) for e in back.log] == [str(e) for e in m.log][:k]
        back.run()
        assert back.to_json() == final, f"[{case.id}] reloaded at step {k}, played on differently"
    if case.game == H.TOY_ORCHARD:
        assert _mid_step_positions(m), f"[{case.id}] no several-actor step in the match"


def test_schedules_interleave_differently_and_both_finish(case):
    """Round-robin and random interleavings are both games to the end; where several bots
    act at once they order the moves differently (the toy orchard proves it)."""
    game = case.make()
    bots = {p: "random" for p in range(game.players)}
    orders = {}
    for schedule in ("round-robin", "random"):
        m = tl.Match(game, seed=3, bots=bots, schedule=schedule)
        m.run()
        assert m.state.is_terminal(), f"[{case.id}] {schedule} match did not end"
        orders[schedule] = [e.player for e in m.log]
    if case.game == H.TOY_ORCHARD:
        assert orders["round-robin"] != orders["random"]


def test_a_seat_that_is_not_an_actor_is_refused(case):
    game = case.make()
    for pt in H.full_playthroughs(case)[:4]:
        m = tl.Match(game, seed=0)
        for a, by in zip(pt.actions, pt.bys):
            m.play(a, by=by)
        for i in H.sample_indices(pt, 8):
            s = pt.states[i]
            if s.is_chance_node() or s.is_terminal():
                continue
            m.goto(i)
            for p in [p for p in range(game.players) if p not in s.actors()]:
                assert s.legal_actions(p) == [], f"{pt.where(i)} non-actor {p} has actions"
                with pytest.raises(tl.IllegalActionError):
                    m.play(pt.actions[i], by=p)
                assert m.position == i and m.can_redo


def _runs(pt):
    """Maximal runs of consecutive moves made where several players could act."""
    runs, start = [], None
    for i in range(len(pt.actions) + 1):
        several = i < len(pt.actions) and len(pt.states[i].actors()) > 1
        if several and start is None:
            start = i
        elif not several and start is not None:
            runs.append((start, i))
            start = None
    return runs


def test_the_same_moves_in_another_interleaving(case):
    """Replay each real-time run with the players' moves interleaved differently (each
    player's own moves in their order). A move may become illegal (someone else got there
    first): then it is refused and changes nothing. Whatever is accepted leaves a state
    that conserves every component, round-trips through JSON and plays on."""
    import random

    rng = random.Random(case.id)
    met = 0
    for pt in H.full_playthroughs(case)[:6]:
        for start, end in _runs(pt)[:4]:
            met += 1
            s = pt.states[start].clone()
            queues: dict[int, list] = {}
            for a, by in zip(pt.actions[start:end], pt.bys[start:end]):
                queues.setdefault(by, []).append(a)
            where = f"{pt.where(start)} reinterleaved"
            while any(queues.values()):
                p = rng.choice(sorted(q for q, moves in queues.items() if moves))
                a = queues[p].pop(0)
                if s.is_legal(a, by=p):
                    s.apply(a, by=p)
                else:
                    before = H.dumps(s.to_json())
                    with pytest.raises(tl.IllegalActionError):
                        s.apply(a, by=p)
                    assert H.dumps(s.to_json()) == before, where
                H.check_components(s, where)
            H.check_json_roundtrip(s, where)
            if case.game == H.TOY_ORCHARD:  # private tending and secret bids commute
                assert s == pt.states[end], f"{where}: the toy's moves commute"
    if case.game == H.TOY_ORCHARD:
        assert met, f"[{case.id}] no real-time run met"
