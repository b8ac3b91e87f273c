"""The recorder (treehouse_lab/design/trace.py) is written for speed: a decision costs a
count and a few counters, the standings are read only when the first player begins a
turn, and the end's points and winners come from what the run has read. Here a
straightforward reference reads everything at every decision (the seat, the step, the
legal moves, the points and the value estimate) and at the end reads the state itself;
the trace is then worked out from the definitions in docs/design-lab.md ("Words"). The
two must give the same trace for every game, and so the same figures."""

from __future__ import annotations

from typing import Any

import pytest
import tl_design_games as dg
import tl_toygame
import tl_toyorchard

import treehouse_lab as tl
from treehouse_lab.design import measure
from treehouse_lab.design.metrics import decisions, duration, outcome, tension
from treehouse_lab.design.trace import Trace, points_estimate
from treehouse_lab.design.trace import tension as standing_of
from treehouse_lab.errors import RuleError
from treehouse_lab.protocol import SIMULTANEOUS


def totals(state) -> list[float] | None:
    try:
        return [row["total"] for row in state.scores()]
    except RuleError:
        return None


class Reference:
    """Reads everything at every decision; works the trace out at the end."""

    def __init__(self, max_moves: int | None, value: Any) -> None:
        self.max_moves = max_moves
        self.value = value
        self.seen: list[tuple] = []       # (seat, step, choices, simultaneous, points, value)

    def __call__(self, state, seat: int, step: int) -> bool:
        if self.max_moves is not None and len(self.seen) >= self.max_moves:
            return True
        self.seen.append((seat, step, len(state.legal_actions(seat)),
                          state.current_player == SIMULTANEOUS, totals(state),
                          self.estimate(state)))
        return False

    def estimate(self, state) -> list[float] | None:
        value = None if self.value is None else self.value(state)
        return None if value is None else [float(v) for v in value]

    def finish(self, state, *given: Any) -> Trace:
        # ``given`` (what the run read at the end) is ignored: read the state itself.
        players = state.game.players
        seen = self.seen
        turn_seats: list[int] = []
        points: list[Any] = []
        values: list[Any] = []
        for i, (seat, step, _, _, p, v) in enumerate(seen):
            new_turn = i == 0 or seat != seen[i - 1][0] or (
                players == 1 and step > seen[i - 1][1] + 1)
            if new_turn:
                if turn_seats and seat == turn_seats[0]:   # the first player begins a turn
                    points.append(p)
                    values.append(v)
                turn_seats.append(seat)
        cut = not state.is_terminal()
        if turn_seats:                                     # and at the end
            points.append(totals(state))
            values.append(self.estimate(state))
        cycle: list[int] = []
        for seat in turn_seats:                            # the first pass of the order
            if seat in cycle:
                break
            cycle.append(seat)
        cyclic = bool(cycle) and not any(s[3] for s in seen) and all(
            seat == cycle[t % len(cycle)] for t, seat in enumerate(turn_seats))
        winners = [] if cut else [p for p, r in enumerate(state.returns()) if r > 0]

        def standing(series: list[Any], kept: bool) -> Any:
            if (not kept or not series or any(x is None for x in series) or cut
                    or not winners or players < 2):
                return None
            return standing_of(series, winners)

        counts: dict[int, int] = {}
        for s in seen:
            counts[s[2]] = counts.get(s[2], 0) + 1
        return Trace(
            moves=len(seen), turns=len(turn_seats),
            rounds=-(-len(turn_seats) // len(cycle)) if cyclic else None,
            forced=counts.get(1, 0), branching=tuple(sorted(counts.items())),
            first=turn_seats[0] if turn_seats else None, cut=cut,
            score=standing(points, True), value=standing(values, self.value is not None))


class ReferenceRecording:
    def __init__(self, max_moves: int | None = None, value: Any = None) -> None:
        self.max_moves = max_moves
        self.value = points_estimate if value == "points" else value

    def __call__(self) -> Reference:
        return Reference(self.max_moves, self.value)


CASES = [
    ("backyard", lambda: tl.load_game("backyard", players=3), 40, "random", {}),
    ("backyard-greedy-cut", lambda: tl.load_game("backyard", players=4), 12, "greedy",
     {"max_moves": 10}),
    ("magical", lambda: tl.load_game("magical"), 4, "random", {}),
    ("diner", lambda: tl.load_game("diner"), 3, "random", {}),
    ("pyramids", lambda: tl.load_game("pyramids"), 20, "random", {}),
    ("solitaire", lambda: tl.load_game("pyramids", players=1), 10, "random", {}),
    ("seesaw", dg.Seesaw, 5, "random", {"value": dg.constant_value}),
    ("toy race", tl_toygame.ToyGame, 30, "random", {}),
    ("toy orchard", tl_toyorchard.OrchardGame, 10, "random", {}),
]


@pytest.mark.parametrize("make, games, bots, extra", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_the_recorder_gives_the_straightforward_reference_trace(make, games, bots, extra):
    game = make()
    value = extra.get("value", "points")
    max_moves = extra.get("max_moves")
    m = measure(game, games, bots=bots, seed=7, workers=1, progress=False,
                max_moves=max_moves, value=value)
    ref = tl.simulate(game, games, bots=bots, seed=7, workers=1, progress=False,
                      observer=ReferenceRecording(max_moves, value))
    # the same games, every trace the reference's
    assert [r.length for r in m.results.rows] == [r.length for r in ref.rows]
    for got, want in zip(m.results.rows, ref.rows):
        assert got.trace == want.trace, f"game {got.index}"
    # and so the same figures, worked out from the reference traces
    rows, traces, players = ref.rows, [r.trace for r in ref.rows], game.players
    figures = dict(outcome(rows, traces, players))
    figures.update(duration(traces)[0])
    figures.update(decisions(traces)[0])
    figures.update(tension(traces, "score", players))
    figures.update(tension(traces, "value", players))
    assert {k: v for k, v in m.figures.items() if k in figures} == figures
    assert set(m.figures) - set(figures) <= {"skill", "luck"}
