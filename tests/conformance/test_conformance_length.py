"""Every game ends: ``game.max_game_length()`` is a proven bound on the steps of any game of
the configuration, and nothing the players do can outrun it.

Two checks per configuration: seeded random games (the harness's, cached) end within the
bound, and an adversarial policy, one that prefers moves which do not advance the game,
still ends within it. The adversary prefers, in order: a move that does not end the game; a
move back to a position this game has already been in (a loop: a pipe moved back and
forth, an order moved left then right); a move after which a player, not chance, decides
(a draw from a deck is progress); and the move that leaves the most legal moves. Chance is
sampled by its probabilities, so the games stay ordinary games.
"""

from __future__ import annotations

import json
import random

import pytest
import tl_conformance_harness as H

from treehouse_lab.core.chance import sample_outcome

#: Seeds the adversary plays per configuration (the suite's budget: a few).
ADVERSARIAL_SEEDS = 2 * H.SCALE
#: Moves tried per decision (a random sample when there are more): children cost time.
CANDIDATES = 8


def _bound(case) -> int:
    bound = case.make().max_game_length()
    assert bound.__class__ is int and bound > 0, \
        f"[{case.id}] max_game_length() is {bound!r}, not a positive whole number"
    return bound


def _key(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def adversarial_move(state, rng: random.Random, seen: set[str]):
    """The move (and who makes it) that advances the game least, by the order in the
    module docstring; ties broken by ``rng``."""
    if state.is_chance_node():
        return sample_outcome(state.chance_outcomes(), rng), None
    by = rng.choice(state.actors())
    legal = state.legal_actions(by)
    if len(legal) > CANDIDATES:
        legal = rng.sample(legal, CANDIDATES)
    best, best_score = None, None
    for a in legal:
        child = state.child(a, by=by)
        ends = child.is_terminal()
        moves = 0 if ends or child.is_chance_node() else sum(
            len(child.legal_actions(p)) for p in child.actors())
        score = (not ends, _key(child) in seen, not child.is_chance_node(), moves,
                 rng.random())
        if best_score is None or score > best_score:
            best, best_score = a, score
    return best, by


def test_max_game_length_is_a_positive_whole_number(case):
    _bound(case)


def test_random_games_end_within_the_bound(case):
    bound = _bound(case)
    for pt in H.all_playthroughs(case):
        assert pt.ended, f"[{case.id} seed={pt.seed}] no end within {H.MAX_STEPS} steps"
        assert len(pt.actions) <= bound, (
            f"[{case.id} seed={pt.seed}] a random game took {len(pt.actions)} steps; "
            f"max_game_length() is {bound}")


@pytest.mark.parametrize("seed", range(ADVERSARIAL_SEEDS))
def test_an_adversary_cannot_outrun_the_bound(case, seed):
    bound = _bound(case)
    rng = random.Random(f"adversary/{case.id}/{seed}")
    state = case.make().new_initial_state()
    seen = {_key(state)}
    steps = 0
    while not state.is_terminal():
        assert steps < bound, (
            f"[{case.id} seed={seed}] the adversarial policy is still playing after "
            f"max_game_length() = {bound} steps:\n{state}")
        action, by = adversarial_move(state, rng, seen)
        state.apply(action, by=by)
        seen.add(_key(state))
        steps += 1
