"""The perfect policy of a two-player solve (``duel.solve_two_player``), and how far a
policy table is from perfect.

The policy. After the last sweep every choice is scored with the middle of the bracket and
the best is kept (the first in the engine's order among equals). Its regret is at most the
bracket's width at the successors, so it is optimal to within about 1e-12.

The table made here is the one ``tools/solve_pyramids.py`` writes to ``solved/`` and the
``pyramids-perfect`` bot reads (``perfect.PolicyTable``, pure Python). Needs numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..arrangement import FACES
from ..rules import HOUSE_SIDE, TRIO_SIDE
from .perfect import NO_MOVE, PolicyTable

if TYPE_CHECKING:
    from .duel import TwoPlayerSolution

# ---------------------------------------------------------------------------------------
# the policy
# ---------------------------------------------------------------------------------------

def choice_values(sol: TwoPlayerSolution, face: str,
                  v: np.ndarray | None = None, seat: int = 0) -> np.ndarray:
    """Every choice's value to the mover (in ``seat``) at each class's representative for
    ``face``, in the engine's order (trio moves, House moves, pass): a (classes, columns)
    array, -inf where there is no such choice (a House move of a seat that may not move
    the House included); ``v`` the opponent's values (default the middle of their
    bracket)."""
    m, r = sol.model, sol.reduced
    if v is None:
        v = sum(sol.bounds(1 - seat)) / 2
    worth = np.concatenate([1.0 - v, [1.0, 0.0, 0.5, -np.inf]])
    house_ok = r.house_ok[face] if sol.houses(seat) else np.zeros_like(r.house_ok[face])
    cols = []
    for side, ok in ((TRIO_SIDE, r.trio_ok[face]), (HOUSE_SIDE, house_ok)):
        stored = r.succ.get((side, face))  # (choices, classes): see reduce_model
        succ = r.successors(m, side, face) if stored is None else stored.T
        cols.append(np.where(ok[:, None], worth[succ], -np.inf))
    cols.append(np.where(r.pass_ok[face], 1.0 - v[r.passed], -np.inf)[:, None])
    return np.concatenate(cols, axis=1)


def legal_index(sol: TwoPlayerSolution, face: str, column: np.ndarray) -> np.ndarray:
    """The index in the engine's legal-action list (``PyramidsGame.decide``: trio moves,
    then House moves, then the pass) of a column of ``choice_values``."""
    m, r = sol.model, sol.reduced
    widths = [max(1, max(len(x) for x in m.results[s][face])) for s in (TRIO_SIDE, HOUSE_SIDE)]
    nt = np.array([len(x) for x in m.results[TRIO_SIDE][face]])[r.a]
    nh = np.array([len(x) for x in m.results[HOUSE_SIDE][face]])[r.h]
    nt = np.where(r.trio_ok[face], nt, 0)
    nh = np.where(r.house_ok[face], nh, 0)
    if column.ndim == 2:
        nt, nh = nt[:, None], nh[:, None]
    wt, wh = widths
    return np.where(column < wt, column,
                    np.where(column < wt + wh, nt + column - wt, nt + nh))


def extract_policy(sol: TwoPlayerSolution, seat: int = 0):
    """``seat``'s best choice (by the middle of the opponent's bracket; the first in the
    engine's order among equals) at every class representative and face, as a
    ``perfect.PolicyTable``."""
    r = sol.reduced
    v = sum(sol.bounds(1 - seat)) / 2
    moves = np.full((r.k, len(FACES)), NO_MOVE, dtype=np.uint8)
    for i, f in enumerate(FACES):
        vals = choice_values(sol, f, v, seat)
        best = np.argmax(vals, axis=1)
        usable = np.isfinite(vals.max(axis=1))
        moves[:, i] = np.where(usable, legal_index(sol, f, best), NO_MOVE)
    return PolicyTable(sol.aim_stack_top, [list(map(int, g)) for g in r.perms],
                       [int(x) for x in r.reps], moves.tobytes())


def regret(sol: TwoPlayerSolution, table: Any, seat: int = 0) -> float:
    """The most a table's move (``seat``'s) can lose against the best choice, anywhere:
    the best choice's upper bound minus the chosen one's lower bound (so it covers the
    bracket's width too)."""
    r = sol.reduced
    moves = np.frombuffer(table.moves, dtype=np.uint8).reshape(r.k, len(FACES))
    lower, upper = sol.bounds(1 - seat)
    worst = 0.0
    for i, f in enumerate(FACES):
        lo = choice_values(sol, f, upper, seat)   # a choice's worth is 1 - the opponent's
        hi = choice_values(sol, f, lower, seat)
        usable = np.isfinite(hi.max(axis=1))
        cols = np.arange(hi.shape[1])
        index = legal_index(sol, f, np.broadcast_to(cols, hi.shape))
        chosen = np.where(index == moves[:, i:i + 1], lo, -np.inf).max(axis=1)
        with np.errstate(invalid="ignore"):  # inf - inf where a face is rerolled
            gap = np.where(usable, hi.max(axis=1) - chosen, 0.0)
        worst = max(worst, float(gap.max()))
    return worst


__all__ = ["choice_values", "extract_policy", "legal_index", "regret"]
