"""``pyramids-perfect``: two-player Treehouse played perfectly, from a table shipped in the
package (pure Python: it works on the offline site and on Binder without numpy).

The table is the policy ``duel.solve_two_player`` finds (issue 21): for every class of
positions (mover's trio, opponent's trio, House) under the game's checked symmetries
(``symmetry.checked_symmetries``: relabelling the pieces, mirroring the line), and for
every face of the die, the index of the move to make in the engine's own list of legal
actions at the class's representative (``PyramidsGame.decide``); 255 where the face is
rerolled. A position is mapped to its representative by the symmetry g that gives the
least key (g[a] * 204 + g[b]) * 204 + g[h]; the representative's move is mapped back by
g's inverse, and the bot plays the legal action at the real position with that result.
Symmetries map moves to moves (that is what the check proves), so the result is legal.

The file: a line ``TLPP1``, a line of JSON (the variant, the symmetries, the class count,
a checksum of the arrangement order), then two zlib streams: the representatives' keys as
little-endian uint32 differences, and the moves, six bytes a class.
"""

from __future__ import annotations

import hashlib
import json
import random
import zlib
from array import array
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING

from ....bots import check_game
from ....errors import RuleError
from ....protocol import Action
from ..actions import PASS, Pass
from ..arrangement import FACES
from ..rules import TRIO_SIDE
from ..table import ARRANGEMENTS
from . import shipped

if TYPE_CHECKING:  # pragma: no cover
    from ..state import PyramidsState

MAGIC = b"TLPP1\n"
NO_MOVE = 255
N = len(ARRANGEMENTS)


def arrangement_checksum() -> str:
    """The arrangement order the table's numbers refer to (``table.ARRANGEMENTS``)."""
    return hashlib.sha256("\n".join(map(str, ARRANGEMENTS)).encode()).hexdigest()[:16]


@dataclass
class PolicyTable:
    """One move index per class and face (module docstring)."""

    aim_stack_top: bool
    perms: list[list[int]]
    reps: list[int] | array
    moves: bytes

    def __post_init__(self) -> None:
        self.inverses = [[0] * N for _ in self.perms]
        for g, inv in zip(self.perms, self.inverses):
            for i, j in enumerate(g):
                inv[j] = i
        if len(self.moves) != len(self.reps) * len(FACES):
            raise RuleError("a policy table has six moves for every class")

    @property
    def classes(self) -> int:
        return len(self.reps)

    def lookup(self, a: int, b: int, h: int, face: str) -> tuple[int, tuple[int, int, int], int]:
        """(move index at the representative, the representative (a, b, h), the symmetry
        number used) for the mover's trio a, opponent's trio b and House h."""
        best, which = None, 0
        for k, g in enumerate(self.perms):
            key = (g[a] * N + g[b]) * N + g[h]
            if best is None or key < best:
                best, which = key, k
        c = bisect_left(self.reps, best)
        if c == len(self.reps) or self.reps[c] != best:
            raise RuleError("position not in the policy table (a table of another variant?)")
        rep = (best // (N * N), best // N % N, best % N)
        return self.moves[c * len(FACES) + FACES.index(face)], rep, which

    # -- the file -------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        reps = list(self.reps)
        deltas = array("I", [reps[0]] + [y - x for x, y in zip(reps, reps[1:])])
        if deltas.itemsize != 4:  # pragma: no cover (every CPython and Pyodide has 4)
            raise RuntimeError("array('I') is not 32-bit here")
        if array("I", [1]).tobytes() != b"\x01\0\0\0":  # pragma: no cover
            deltas.byteswap()
        one, two = zlib.compress(deltas.tobytes(), 9), zlib.compress(self.moves, 9)
        head = {"aim_stack_top": self.aim_stack_top, "arrangements": arrangement_checksum(),
                "classes": len(reps), "faces": list(FACES), "perms": self.perms,
                "sizes": [len(one), len(two)]}
        return MAGIC + json.dumps(head, separators=(",", ":")).encode() + b"\n" + one + two

    @classmethod
    def from_bytes(cls, data: bytes) -> PolicyTable:
        if not data.startswith(MAGIC):
            raise RuleError("not a Treehouse policy table (it should start TLPP1)")
        end = data.index(b"\n", len(MAGIC))
        head = json.loads(data[len(MAGIC):end])
        if head["arrangements"] != arrangement_checksum() or head["faces"] != list(FACES):
            raise RuleError("this policy table was made for another arrangement order")
        one, two = head["sizes"]
        body = data[end + 1:]
        deltas = array("I")
        deltas.frombytes(zlib.decompress(body[:one]))
        if array("I", [1]).tobytes() != b"\x01\0\0\0":  # pragma: no cover
            deltas.byteswap()
        reps = array("I", accumulate(deltas))
        moves = zlib.decompress(body[one:one + two])
        if len(reps) != head["classes"]:
            raise RuleError("a damaged policy table (class count)")
        return cls(bool(head["aim_stack_top"]), head["perms"], reps, moves)


def table_file(aim_stack_top: bool) -> str:
    return f"perfect-policy-aim{int(bool(aim_stack_top))}.bin"


@lru_cache(maxsize=2)
def shipped_table(aim_stack_top: bool = True) -> PolicyTable:
    """The policy table shipped in the package for this Aim variant (loaded once)."""
    path = shipped(table_file(aim_stack_top))
    return PolicyTable.from_bytes(path.read_bytes())


def perfect_action(state: PyramidsState, table: PolicyTable, seat: int) -> Action:
    """The table's move for ``seat`` at ``state`` (a two-player game, a roll waiting)."""
    game = state.game
    a, b = state.trio_numbers[seat], state.trio_numbers[1 - seat]
    h, face = state.house_number, state.rolled
    index, (ra, _, rh), k = table.lookup(a, b, h, face)
    if index == NO_MOVE:
        raise RuleError("the policy table has no move for a rerolled face")
    rep_legal, _, mine, theirs = game.decide(ra, rh, face)
    chosen = rep_legal[index]
    if isinstance(chosen, Pass):
        return PASS
    side_row = mine if chosen.side == TRIO_SIDE else theirs
    target = table.inverses[k][side_row.after[chosen][0]]
    legal, _, mine, theirs = state.decision()
    side_row = mine if chosen.side == TRIO_SIDE else theirs
    for action in legal:
        if not isinstance(action, Pass) and action.side == chosen.side \
                and side_row.after[action][0] == target:
            return action
    raise AssertionError("the symmetry's image of the table's move is not legal")


class PerfectBot:
    """``pyramids-perfect``: the two-player perfect policy (module docstring). It never
    draws from the generator: a fixed policy, the same game for the same dice."""

    name = "pyramids-perfect"

    def choose(self, state: PyramidsState, rng: random.Random,
               player: int | None = None) -> Action:
        check_game(self.name, state, "pyramids")
        if state.game.players != 2:
            raise RuleError(f"bot {self.name!r} plays two-player games only (the solved "
                            f"game); this one has {state.game.players} players")
        if not state.game.hop_onto_lying:
            raise RuleError(f"bot {self.name!r} plays the solved rules only: option "
                            "hop_onto_lying=True (ruling R20), not False")
        seat = state.current_player if player is None else player
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return perfect_action(state, shipped_table(state.game.aim_stack_top), seat)


__all__ = ["PerfectBot", "PolicyTable", "perfect_action", "shipped_table"]
