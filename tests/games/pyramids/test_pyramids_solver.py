"""The solitaire solver: exact values checked by hand, by brute force, by the Bellman
equations re-derived here from the turn rule, against the engine, and by simulation."""

from __future__ import annotations

import statistics
from fractions import Fraction
from functools import cache

import pytest

from treehouse_lab.errors import RuleError
from treehouse_lab.games.pyramids.arrangement import Arrangement, all_arrangements, results
from treehouse_lab.games.pyramids.game import PyramidsGame
from treehouse_lab.games.pyramids.theory import solver

FACES = ("tip", "aim", "hop", "dig", "swap", "wild")


@cache
def _solved(pieces: str, aim_stack_top: bool = True) -> solver.Solution:
    return solver.solve(pieces, aim_stack_top)


def _options(t: Arrangement, h: Arrangement, face: str, stack_top: bool = True):
    """The turn rule read from the rulings, independently of solver.choices: a list of
    ("trio"|"house"|"pass", arrangement or None), or None for a reroll."""
    on_t = results(t, face, aim_stack_top=stack_top)
    on_h = results(h, face, aim_stack_top=stack_top)
    if face == "wild":
        return [("trio", x) for x in on_t] + [("house", y) for y in on_h]
    if on_t:
        return [("trio", x) for x in on_t]
    if face != "swap" and on_h:
        return [("house", y) for y in on_h] + [("pass", None)]
    return None


def _rhs(sol: solver.Solution, t: Arrangement, h: Arrangement, stack_top: bool = True):
    """Right side of the Bellman optimality equation with a fair die (the rulings: six
    equally likely faces), all rolls counted."""
    total, reroll = Fraction(1), Fraction(0)
    for face in FACES:
        opts = _options(t, h, face, stack_top)
        if opts is None:
            reroll += Fraction(1, 6)
            continue
        vals = []
        for where, new in opts:
            if where == "trio":
                vals.append(Fraction(0) if new == h else sol.value(new, h))
            elif where == "house":
                vals.append(Fraction(0) if new == t else sol.value(t, new))
            else:
                vals.append(sol.value(t, h))
        total += Fraction(1, 6) * min(vals)
    return total / (1 - reroll)


def test_one_piece_values_worked_by_hand() -> None:
    """One piece, three arrangements: up (S), left (<S), right (S>). Hop never changes a
    lone piece and Swap needs two, so both are always rolled again.

    * S vs <S: Tip (S falls left) wins; Aim wins; Dig cannot change the upright S, so it
      may go to the House, where <S digs up in place to S, a match; Wild wins. Four faces
      count and all win: V = 6/4 = 3/2.
    * <S vs S>: Tip changes neither (both lie): reroll. Aim wins. Dig must stand <S up,
      giving S vs S> (3/2 by the mirror of the first case). Wild wins. Three faces count:
      V = (1 + 1/6 * 3/2) / (1/2) = 5/2.
    * S vs S (the start): Tip and Aim must move the trio to a lying piece (3/2); Dig
      changes neither: reroll; Wild can only make a 3/2 position. V = (1 + 3/6*3/2)/(1/2)
      = 7/2. Likewise <S vs <S: 7/2.
    """
    sol = _solved("S")
    assert sol.value("S", "<S") == Fraction(3, 2)
    assert sol.value("<S", "S") == Fraction(3, 2)
    assert sol.value("<S", "S>") == Fraction(5, 2)
    assert sol.value("S", "S") == Fraction(7, 2)
    assert sol.value("<S", "<S") == Fraction(7, 2)
    assert sol.start_value() == Fraction(7, 2)


def test_two_pieces_against_plain_value_iteration_without_symmetry() -> None:
    """Brute force: float value iteration over all 400 positions, no symmetry, no
    exact arithmetic, written from the turn rule here."""
    arrs = all_arrangements("SM")
    sol = _solved("SM")
    v = {(t, h): 0.0 for t in arrs for h in arrs}
    opts = {(t, h, f): _options(t, h, f) for t in arrs for h in arrs for f in FACES}
    for _ in range(5000):
        delta = 0.0
        for (t, h) in v:
            total, reroll = 1.0, 0.0
            for f in FACES:
                o = opts[(t, h, f)]
                if o is None:
                    reroll += 1 / 6
                    continue
                best = min(
                    0.0 if (w == "trio" and x == h) or (w == "house" and x == t)
                    else v[(x, h)] if w == "trio" else v[(t, x)] if w == "house" else v[(t, h)]
                    for w, x in o
                )
                total += best / 6
            new = total / (1 - reroll)
            delta = max(delta, abs(new - v[(t, h)]))
            v[(t, h)] = new
        if delta < 1e-13:
            break
    for (t, h), x in v.items():
        assert abs(float(sol.value(t, h)) - x) < 1e-9, (str(t), str(h))


@pytest.mark.parametrize("pieces", ["S", "SM"])
@pytest.mark.parametrize("stack_top", [True, False])
def test_bellman_equations_hold_exactly_everywhere_for_small_sets(pieces: str,
                                                                  stack_top: bool) -> None:
    sol = _solved(pieces, stack_top)
    arrs = all_arrangements(pieces)
    for t in arrs:
        for h in arrs:
            assert sol.value(t, h) == _rhs(sol, t, h, stack_top)


def test_bellman_equations_hold_exactly_for_the_trio_on_a_sample() -> None:
    sol = _solved("SML")
    arrs = all_arrangements(3)
    sample = [(t, h) for t in arrs[::3] for h in arrs[::17]]
    sample += [(Arrangement.parse("LMS"), Arrangement.parse("LMS"))]
    for t, h in sample:
        assert sol.value(t, h) == _rhs(sol, t, h)
    assert sol.verify_bellman()


def test_values_are_invariant_under_the_symmetries_and_they_are_real() -> None:
    arrs = all_arrangements(3)
    groups = solver.symmetries("SML")
    assert len(groups) == 12  # 6 relabellings x (mirror or not), all checked
    # a transformation that is not a symmetry is refused: mirroring the line without
    # turning the lying pieces round (a Dig would then run backwards)
    def bad(a: Arrangement) -> Arrangement:
        return Arrangement(list(reversed(a.positions)))
    assert not solver.is_symmetry(bad, arrs, True)
    sol = _solved("SML")
    t, h = Arrangement.parse("L> S M"), Arrangement.parse("<S LM")
    for g in solver.candidate_symmetries("SML"):
        assert sol.value(g(t), g(h)) == sol.value(t, h)


def test_solver_turn_rule_matches_the_engine() -> None:
    game = PyramidsGame(players=2)
    arrs = all_arrangements(3)
    for t in arrs[::13]:
        for h in arrs[::29]:
            for face in FACES:
                mine = solver.choices(t, h, face)
                try:
                    state = game.position(trios=[str(t), "SML"], house=str(h), to_move=0,
                                          rolled=face)
                except RuleError:
                    assert mine is None, (str(t), str(h), face)
                    continue
                assert mine is not None
                engine = set()
                for a in state.legal_actions():
                    if a.KIND == "pass":
                        engine.add(("pass", None))
                    else:
                        after = state.child(a)
                        engine.add((a.side, after.trio(0) if a.side == "trio" else after.house))
                assert {(c.where, c.result) for c in mine} == engine


def test_start_value_and_best_moves() -> None:
    sol = _solved("SML")
    v = sol.start_value()
    assert isinstance(v, Fraction)
    assert 1 < v < 20
    assert sol.start_value("LMS") == sol.value("LMS", "LMS")
    # one Hop from the Tree: the winning hop is an optimal move
    move = sol.best_move("LM S", "LMS", "hop")
    assert move is not None and move.wins and move.result == Arrangement.parse("LMS")
    # Dig can change neither line here: rolled again, no move
    assert sol.best_move("LM S", "LMS", "dig") is None
    assert sol.best_moves("LM S", "LMS", "dig") == []
    # every optimal move is at least as good as every other choice
    t, h = Arrangement.parse("L> S M"), Arrangement.parse("LMS")
    for face in FACES:
        best = sol.best_moves(t, h, face)
        opts = solver.choices(t, h, face) or []
        if best:
            b = sol.choice_value(t, h, best[0])
            assert all(sol.choice_value(t, h, c) >= b for c in opts)


def test_simulated_optimal_play_agrees_with_the_exact_value() -> None:
    sol = _solved("SML")
    games = 3000
    rolls = sol.simulate(games, seed=11)
    mean = statistics.fmean(rolls)
    sd = statistics.stdev(rolls)
    assert abs(mean - float(sol.start_value())) < 4 * sd / games ** 0.5
    # the same seed plays the same games
    assert sol.simulate(50, seed=11) == rolls[:50]


def test_optimal_play_beats_a_random_player_from_the_start() -> None:
    """A player choosing uniformly among the legal choices (same turn rule) needs more
    rolls on average: the optimal value is a true minimum, not just a fixed point."""
    import random

    sol = _solved("SML")
    rng = random.Random(5)
    tree = Arrangement.parse("LMS")
    counts = []
    for _ in range(400):
        t, h, n = tree, tree, 0
        while True:
            n += 1
            opts = solver.choices(t, h, rng.choice(FACES))
            if opts is None:
                continue
            c = rng.choice(opts)
            if c.wins:
                break
            if c.where == "trio":
                t = c.result
            elif c.where == "house":
                h = c.result
        counts.append(n)
    assert statistics.fmean(counts) > float(sol.start_value())


def test_aim_variant_and_house_start_variant_solve() -> None:
    sol = _solved("SML", False)
    assert sol.verify_bellman()
    publisher = sol.start_value("<L S M>")
    assert publisher == sol.value("<L S M>", "<L S M>") > 1


def test_policy_table_covers_every_position_for_two_pieces() -> None:
    sol = _solved("SM")
    pol = sol.policy()
    assert len(pol) == 400
    assert pol[("SM", "<S M")] == {f: str(sol.best_move("SM", "<S M", f))
                                   for f in FACES if sol.best_move("SM", "<S M", f)}


@pytest.mark.parametrize("aim", [True, False])
def test_shipped_solo_values_are_the_exact_ones_rounded_and_keep_their_order(aim) -> None:
    """``solved/solo-values-aim*.bin`` (what pyramids-solo reads instead of solving): each
    value the float nearest the fresh exact one, and no two different exact values
    rounded to one float, so the bot's every comparison and tie is the exact one."""
    exact = _solved("SML", aim).values
    shipped = solver.solo_values(aim)
    assert list(shipped.values) == [float(v) for v in exact]
    ordered = sorted(set(exact))
    assert all(float(a) < float(b) for a, b in zip(ordered, ordered[1:]))
    sol = _solved("SML", aim)
    for t in all_arrangements("SML")[::17]:
        for h in all_arrangements("SML")[::13]:
            if t != h:
                assert shipped.value(t, h) == float(sol.value(t, h))


def test_pyramids_solo_plays_as_with_the_exact_values(monkeypatch) -> None:
    """The bot on the shipped floats against the same bot on the exact solution, move by
    move through seeded games of both Aim variants and 2 to 4 players."""
    import random

    import treehouse_lab as tl
    from treehouse_lab.core.chance import sample_outcome
    from treehouse_lab.games.pyramids import bots

    bot, decisions = bots.SoloSolverBot(), 0
    for aim in (True, False):
        for players in (2, 3, 4):
            game = tl.load_game("pyramids", players=players, aim_stack_top=aim)
            for seed in range(4):
                rng, s = random.Random(seed), game.new_initial_state()
                while not s.is_terminal():
                    if s.is_chance_node():
                        s.apply(sample_outcome(s.chance_outcomes(), rng))
                        continue
                    seat = s.current_player
                    move = bot.choose(s, rng, seat)
                    with monkeypatch.context() as m:   # the exact values instead
                        m.setattr(solver, "solo_values", lambda a: _solved("SML", a))
                        assert bot.choose(s, rng, seat) == move
                    decisions += len(s.legal_actions(seat)) > 1
                    s.apply(move, by=seat)
    assert decisions > 100, decisions


def test_a_damaged_solo_values_table_is_refused() -> None:
    with pytest.raises(RuleError, match="damaged"):
        solver.SoloValues(True, [1.0] * 10)
