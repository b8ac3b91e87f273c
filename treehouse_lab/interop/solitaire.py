"""A one-player game's fewest expected rolls, solved exactly through OpenSpiel (the
``openspiel`` extra): Treehouse's solitaire is the one so far.

    import pyspiel
    from treehouse_lab.interop import openspiel, solitaire
    game = pyspiel.load_game("python_treehouse_pyramids(players=1)")
    result = solitaire.fewest_expected_rolls(game, solitaire.position_key(game))
    result.value          # a Fraction: solver.solve().start_value(), exactly

Two parts, kept apart so that the first knows nothing of any game:

* :func:`fewest_expected_rolls` reads a one-player OpenSpiel game through the pyspiel API
  only (``is_chance_node``, ``chance_outcomes``, ``legal_actions``, ``child``,
  ``is_terminal``, ``returns``) and finds the least expected number of chance steps (die
  rolls) to the end, every roll counted, under best play. It builds the game's Markov
  decision process over *keys*: states with one key are one node. Each chance node is a
  roll; each outcome leads to a decision (whose actions each lead to a terminal with
  return 1, ending the count, or to the next roll) or straight to another roll (a vain
  roll). The probabilities, which OpenSpiel hands out as doubles, are read back as the
  simplest fractions that round to those doubles, and each node's must add up to exactly
  1. The optimality equations are then solved exactly with Fractions by the project's one
  routine for them (``treehouse_lab.equations.solve_equations``: float value iteration for
  a policy, exact evaluation, exact improvement until nothing improves, and a Bellman
  check).
* :func:`position_key` is the game's key, which the game's theory declares (``Game.THEORY``,
  its ``position_key``; issue 49, item 7: this module names no game). Why a key at all: an
  OpenSpiel state of a game with a roll limit carries the roll counter, so no two states
  are the same string, the game is a tree as deep as the limit and its value the *capped*
  expectation; and OpenSpiel's ``value_iteration`` keys states by ``str(state)`` and
  maximises the end's return, with no per-step cost, so it cannot count rolls. The key
  names a position by what its future depends on (for Treehouse: the trio, the House and
  the face rolled, up to the symmetries that map moves to moves, so the 41,413 positions
  reachable from the start become about 3,480 nodes and the solve takes seconds;
  ``symmetric=False`` keeps every position apart, exact too, but slow).

A terminal reached with return 0 (Treehouse's roll limit, R19) means the key kept states
apart that the limit does not, or the limit is so short that exploration reaches it: the
solve refuses rather than count it as a match.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Hashable

import pyspiel

from .. import registry
from ..equations import WIN, Equations, bellman_residuals, solve_equations
from ..errors import RuleError, quote
from . import openspiel  # noqa: F401  (registers every game's python_treehouse_<name>)

#: The largest denominator a chance probability is read back with (a die's 1/6 is exact).
MAX_DENOMINATOR = 10**6


@dataclass
class Result:
    """``value``: the exact least expected number of rolls from the game's start;
    ``nodes``: roll nodes (keys) solved; ``transitions``: OpenSpiel states stepped into;
    ``improvement_rounds``: exact policy-improvement rounds; ``values``: {key: value};
    ``bellman``: whether every value satisfies its optimality equation exactly."""

    value: Fraction
    nodes: int
    transitions: int
    improvement_rounds: int
    values: dict[Hashable, Fraction]
    bellman: bool


def exact_probability(p: float) -> Fraction:
    """The simplest fraction (denominator at most :data:`MAX_DENOMINATOR`) that rounds to
    the double ``p``; RuleError if none does (the probability is not a small fraction)."""
    q = Fraction(p).limit_denominator(MAX_DENOMINATOR)
    if float(q) != p:
        raise RuleError(f"chance probability {p!r} is not a fraction with a denominator "
                        f"up to {MAX_DENOMINATOR}")
    return q


def fewest_expected_rolls(game: pyspiel.Game,
                          key: Callable[[pyspiel.State], Hashable]) -> Result:
    """The least expected number of chance steps from ``game``'s start to its end, under
    best play, exactly (module docstring). ``key(state)`` names a chance state; states with
    one key must be the same for the game's future (the caller's promise)."""
    if game.num_players() != 1:
        raise RuleError(f"fewest_expected_rolls solves one-player games, not "
                        f"{game.num_players()} players")
    start = game.new_initial_state()
    if not start.is_chance_node():
        raise RuleError("the game must start with a roll (a chance node)")
    index: dict[Hashable, int] = {}
    states: list[pyspiel.State] = []
    faces: list[list[tuple[Fraction, list[int]]]] = []
    stepped = 0

    def node(state: pyspiel.State) -> int:
        k = key(state)
        if k not in index:
            index[k] = len(states)
            states.append(state)
        return index[k]

    def after_move(state: pyspiel.State) -> int:
        """What a step leads to: WIN (the end, with return 1), or the next roll's node."""
        if state.is_terminal():
            if state.returns()[0] != 1:
                raise RuleError("a game ended without a match (the roll limit?): the key "
                                "must leave the roll counter out, and the limit be long")
            return WIN
        if not state.is_chance_node():
            raise RuleError("a decision led to another decision: only roll, move, roll, "
                            "... games are supported")
        return node(state)

    node(start)
    done = 0
    while done < len(states):
        roll = states[done]
        row = []
        total = Fraction(0)
        for outcome, p in roll.chance_outcomes():
            q = exact_probability(p)
            total += q
            after = roll.child(outcome)
            stepped += 1
            if after.is_chance_node():          # a vain roll: roll again
                succ = [node(after)]
            elif after.is_terminal():           # a roll that ends the game (the limit)
                succ = [after_move(after)]
            else:
                succ = []
                for action in after.legal_actions():
                    succ.append(after_move(after.child(action)))
                    stepped += 1
            row.append((q, sorted(set(succ))))
        if total != 1:
            raise RuleError(f"chance probabilities add up to {total}, not 1")
        faces.append(row)
        done += 1
    equations = Equations(faces, [Fraction(0)] * len(faces))
    values, _, rounds = solve_equations(equations)
    bellman = all(r == 0 for r in bellman_residuals(equations, values))
    return Result(values[0], len(faces), stepped, rounds,
                  {k: values[i] for k, i in index.items()}, bellman)


def position_key(game: pyspiel.Game, symmetric: bool = True) -> Callable[[Any], Hashable]:
    """The key of ``game``'s states for :func:`fewest_expected_rolls`, as the game's theory
    gives it (its ``position_key(game, symmetric)``; Treehouse's: the trio, the House and
    the face waiting to be used, up to the checked symmetries, ``symmetric=False``: every
    position its own). RuleError for a game whose theory gives none."""
    engine = getattr(game, "tl_game", None)
    key = getattr(registry.theory(engine), "position_key", None) if engine else None
    if key is None:
        raise RuleError(f"position_key: {quote(str(game), 40)} declares no position key "
                        "(its game's THEORY has no position_key)")
    return key(game, symmetric)


__all__ = ["MAX_DENOMINATOR", "Result", "exact_probability", "fewest_expected_rolls",
           "position_key"]
