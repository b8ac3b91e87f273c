"""Per-state invariants over seeded random games of every game configuration.

"Full" games get every check on every state; more "cheap" games are played for termination,
conservation of components and exact chance.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
import tl_conformance_harness as H

import treehouse_lab as tl
from treehouse_lab.protocol import Action


def test_games_reach_the_end(case):
    for pt in H.all_playthroughs(case):
        assert pt.ended, (f"[{case.id} seed={pt.seed}] no end within {H.MAX_STEPS} steps; "
                          f"last state:\n{pt.states[-1]}")
        final = pt.states[-1]
        assert final.is_terminal()
        H.check_terminal(final, pt.where(len(pt.states) - 1))
        for i, s in enumerate(pt.states[:-1]):
            assert not s.is_terminal(), f"{pt.where(i)} terminal state before the end"


def test_components_conserved_in_every_state(case):
    game = case.make()
    want = game.components()
    assert isinstance(want, dict) and want, f"[{case.id}] game.components() is empty"
    for kind, ids in want.items():
        assert isinstance(kind, str) and ids, f"[{case.id}] components kind {kind!r}: {ids!r}"
        assert all(isinstance(i, str) for i in ids), f"[{case.id}] {kind} ids are not strings"
        assert list(ids) == sorted(ids), f"[{case.id}] game.components()[{kind!r}] not sorted"
    for pt in H.all_playthroughs(case):
        for i, s in enumerate(pt.states):
            H.check_components(s, pt.where(i))


def test_chance_nodes_are_exact(case):
    met = False
    for pt in H.all_playthroughs(case):
        for i, s in enumerate(pt.states):
            H.check_node_kind(s, pt.where(i))
            if s.is_chance_node():
                met = True
                H.check_chance(s, pt.where(i))
    # every game of the project has dealing, drawing or rolling
    assert met, f"[{case.id}] no chance node in any game: set-up must go through chance"


def test_legal_actions(case):
    for pt in H.full_playthroughs(case):
        for i, s in enumerate(pt.states):
            H.check_legal_actions(s, pt.where(i), deep=True)
    for pt in H.all_playthroughs(case)[case.full_games:]:
        for i, s in enumerate(pt.states):
            H.check_legal_actions(s, pt.where(i), deep=False)


def test_chance_outcomes_json_round_trip(case):
    game = case.make()
    for pt in H.full_playthroughs(case):
        for i, s in enumerate(pt.states):
            if s.is_chance_node():
                for o, _ in s.chance_outcomes():
                    H.check_action_json(game, o, pt.where(i))


def test_state_json_round_trip(case):
    for pt in H.full_playthroughs(case):
        for i, s in enumerate(pt.states):
            H.check_json_roundtrip(s, pt.where(i))


def test_to_json_and_state_from_json_do_not_alias(case):
    for pt in H.full_playthroughs(case):
        for i in H.sample_indices(pt, 12):
            H.check_no_aliasing(pt.states[i], pt.where(i))


def test_clone_and_child_leave_the_original(case):
    rng = random.Random(case.id)
    for pt in H.full_playthroughs(case):
        for i, s in enumerate(pt.states):
            H.check_clone_child(s, pt.where(i), rng)


def test_playthrough_states_are_not_disturbed(case):
    """The cached clones must still equal a fresh replay of the same actions: a state that
    shares structure with its successor would have been changed by the later moves."""
    game = case.make()
    for pt in H.full_playthroughs(case):
        s = game.new_initial_state()
        for i, (a, by) in enumerate(zip(pt.actions, pt.bys)):
            assert s == pt.states[i], f"{pt.where(i)} replay differs from the recorded clone"
            s.apply(a, by=by)
        assert s == pt.states[-1]


def test_returned_values_are_the_callers(case):
    """Defect 4.1 of issue 6: an engine handed out its cached list of moves, and a bot that
    shuffled and popped it corrupted the game."""
    for pt in H.full_playthroughs(case):
        for i in H.sample_indices(pt, 12):
            s = pt.states[i].clone()
            H.check_returned_values_are_the_callers(s, pt.where(i))
            assert s == pt.states[i]
            if i < len(pt.actions):
                s.apply(pt.actions[i], by=pt.bys[i])
                assert s == pt.states[i + 1], f"{pt.where(i)} play after scribbling differs"


def test_scores_add_up_in_every_state(case):
    for pt in H.full_playthroughs(case):
        for i in H.sample_indices(pt, 12):
            H.check_scores(pt.states[i], pt.where(i))
            if not pt.states[i].is_terminal():
                r = pt.states[i].returns()
                assert r == [0] * case.make().players, \
                    f"{pt.where(i)} returns() before the end must be all 0, got {r}"


def test_observation_hides_what_is_hidden(case):
    hidden_seen = False
    for pt in H.full_playthroughs(case):
        for i, s in enumerate(pt.states):
            H.check_observation(s, pt.where(i))
            hidden_seen = hidden_seen or any(
                s.hidden_from(p) for p in range(s.game.players))
    if case.game in H.TOYS:  # the toys hide hands and bids: the check must have had work
        assert hidden_seen


@dataclass(frozen=True)
class Bogus(Action):
    """An action of a kind no game knows."""

    KIND = "bogus-conformance"
    n: int = 0

    def __str__(self) -> str:
        return "Do something no rule allows"


NON_ACTIONS = (None, 0, "Do a little dance", ("x",), {"kind": "roll"}, object())


def _illegal_candidates(pt, i, rng):
    s = pt.states[i]
    legal = set(s.legal_actions(pt.bys[i]) if i < len(pt.bys) else ())
    elsewhere = [a for a in dict.fromkeys(pt.actions) if a not in legal]
    picks = rng.sample(elsewhere, min(3, len(elsewhere)))
    return [*picks, Bogus(), *NON_ACTIONS]


def _expect_illegal(s, a, where, by=None):
    before = H.dumps(s.to_json())
    with pytest.raises(tl.IllegalActionError) as info:
        s.apply(a, by=by)
    assert str(info.value).strip(), f"{where} IllegalActionError for {a!r} has no message"
    assert H.dumps(s.to_json()) == before, f"{where} illegal {a!r} changed the state"


def test_illegal_actions_raise_and_change_nothing(case):
    rng = random.Random(case.id)
    for pt in H.full_playthroughs(case):
        for i in H.sample_indices(pt, 25):
            s = pt.states[i].clone()
            by = pt.bys[i] if i < len(pt.bys) else None
            texts = [str(a) for a in s.legal_actions(by)[:1]]  # apply takes actions, not text
            for a in [*_illegal_candidates(pt, i, rng), *texts]:
                _expect_illegal(s, a, pt.where(i), by=by)
            if i < len(pt.actions):
                # a legal move by a seat that may not act now, or for nobody where several
                # may, is refused too
                others = [p for p in range(s.game.players) if p not in s.actors()]
                for p in others[:2]:
                    _expect_illegal(s, pt.actions[i], pt.where(i), by=p)
                if len(s.actors()) > 1:
                    _expect_illegal(s, pt.actions[i], pt.where(i), by=None)
            assert s == pt.states[i]
            if i < len(pt.actions):
                s.apply(pt.actions[i], by=by)  # still playable after the refusals
                assert s == pt.states[i + 1]


def test_match_play_of_illegal_changes_nothing(case):
    rng = random.Random(case.id)
    game = case.make()
    pt = H.full_playthroughs(case)[0]
    m = tl.Match(game, seed=1)
    checkpoints = set(H.sample_indices(pt, 8))
    for i, a in enumerate([*pt.actions, None]):
        by = pt.bys[i] if i < len(pt.bys) else None
        if i in checkpoints:
            snap = (H.dumps(m.to_json()), H.dumps(m.state.to_json()), m.position,
                    len(m.log), m.can_redo)
            for bad in _illegal_candidates(pt, i, rng):
                with pytest.raises(tl.IllegalActionError):
                    m.play(bad, by=by)
                assert (H.dumps(m.to_json()), H.dumps(m.state.to_json()), m.position,
                        len(m.log), m.can_redo) == snap, f"{pt.where(i)} Match.play({bad!r})"
        if a is not None:
            m.play(a, by=by)
    assert m.state == pt.states[-1]


def test_render_smoke(case):
    for pt in H.full_playthroughs(case):
        for i in H.sample_indices(pt, 10):
            H.check_render(pt.states[i], pt.where(i))


def test_click_paths_cover_the_legal_actions(case):
    for pt in H.full_playthroughs(case):
        for i in H.sample_indices(pt, 40):
            H.check_click_paths(pt.states[i], pt.where(i))


def test_click_paths_targets_drawn_at_every_step(case):
    """The board shows the next targets after each click: every proper prefix of a path
    rendered as ``selection`` must mark the next step's targets."""
    pt = H.full_playthroughs(case)[0]
    for i in H.sample_indices(pt, 8):
        H.check_click_paths(pt.states[i], pt.where(i), every_step=True)
