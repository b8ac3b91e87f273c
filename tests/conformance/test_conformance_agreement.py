"""The generic parts of each game agree (issue 16, point 6), for every game configuration:

* ``why_not`` is empty exactly for the generated moves (games whose state dispatches
  through Kinds);
* determinized states look identical to the seat: the same observation, the same actors
  and, where it acts, the same legal moves and click paths;
* ``hidden_from(p)`` lists everything that differs between such samples;
* what a seat is told reads nothing hidden from it: ``narrate`` of its own moves and
  ``why_illegal`` of the moves in play are the same in every such sample;
* ``observation`` and ``hidden_from`` refuse a bad seat with RuleError;
* every chance outcome's text is unique at its node, and its log line names nothing the
  outcome hides from a seat (a card dealt face down);
* a stage that recognises its own draws recognises exactly its outcomes.

Each check fails when its hook is broken on purpose: see test_conformance_hooks.py.
"""

from __future__ import annotations

import random

import tl_conformance_agreement as A
import tl_conformance_harness as H

from treehouse_lab.core.kinds import KindState


def test_why_not_is_empty_exactly_for_the_generated_moves(kind_case):
    case = kind_case
    assert isinstance(case.make().new_initial_state(), KindState)
    rng = random.Random(case.id)
    for pt in H.full_playthroughs(case)[:4]:
        candidates = A.decision_candidates(pt)
        for i in H.sample_indices(pt, 16):
            A.check_why_not(pt.states[i], pt.where(i), candidates, rng)


def test_determinized_states_look_the_same_and_differ_only_where_hidden(case):
    rng = random.Random(case.id)
    for pt in H.full_playthroughs(case)[:3]:
        for i in H.sample_indices(pt, 6):
            A.check_determinize(pt.states[i], pt.where(i), rng)


def test_what_a_seat_is_told_is_the_same_in_states_it_cannot_tell_apart(case):
    """Spread-out steps, and the steps that reveal something (the last of a secret
    choice: its narration is asked before the seat commits)."""
    rng = random.Random(case.id)
    for pt in H.full_playthroughs(case)[:3]:
        for i in sorted(set(H.sample_indices(pt, 6)) | set(A.reveal_indices(pt, 3))):
            A.check_seat_texts(pt.states[i], pt.where(i), rng)


def test_observation_and_hidden_from_refuse_a_bad_seat(case):
    pt = H.full_playthroughs(case)[0]
    for i in (0, len(pt.states) // 2, len(pt.states) - 1):
        A.check_bad_seats(pt.states[i], pt.where(i))


def test_chance_outcome_texts_are_unique_at_each_node(case):
    for pt in H.full_playthroughs(case):
        for i, s in enumerate(pt.states):
            if s.is_chance_node():
                A.check_chance_texts(s, pt.where(i))


def test_a_chance_outcome_log_line_names_nothing_it_hides(case):
    rng = random.Random(case.id)
    for pt in H.full_playthroughs(case)[:3]:
        for i in H.sample_indices(pt, 12):
            if pt.states[i].is_chance_node():
                A.check_chance_narration(pt.states[i], pt.where(i), rng)


def test_a_stage_recognises_exactly_its_own_draws(case):
    for pt in H.full_playthroughs(case)[:3]:
        candidates = A.drawn_candidates(pt)
        for i, s in enumerate(pt.states):
            A.check_drawn(s, pt.where(i), candidates)
