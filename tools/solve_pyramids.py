"""Solve two-player Treehouse for both Aim variants and ship the results (issue 21).

    python tools/solve_pyramids.py [--aim both|on|off|none] [--house nobody first second]

Writes, under ``treehouse_lab/games/pyramids/solved/``:

* ``perfect-policy-aim1.bin`` / ``perfect-policy-aim0.bin``: the perfect policy tables the
  ``pyramids-perfect`` bot plays (``perfect.PolicyTable``);
* ``solo-values-aim1.bin`` / ``solo-values-aim0.bin``: the solitaire values of the trio as
  the nearest floats, which the ``pyramids-solo`` bot reads (``solver.SoloValues``; the
  exact solve takes seconds, this step no numpy);
* ``two-player.json``: for each variant the certified interval of the first player's win
  probability from the rulebook's start, its width, the sweeps, time and peak memory, the
  policy's certified regret, and the first player's interval for every ``house_start``
  (the rules do not depend on the start, so one solve answers all 204); and, with
  ``--house``, under ``house_moves``, the same game (rulebook Aim, House start LMS)
  solved with House moves struck from ``nobody``'s choices, or allowed to the ``first``
  or the ``second`` player only (an analysis, not a rule: how much of the advantage the
  House moves are worth; ``duel`` module docstring, "Without House moves").

Needs numpy (``pip install treehouse-lab[solve]``). Each variant takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from treehouse_lab.games.pyramids.table import ARRANGEMENTS  # noqa: E402
from treehouse_lab.games.pyramids.theory import duel, duel_policy, solver  # noqa: E402
from treehouse_lab.games.pyramids.theory.perfect import table_file  # noqa: E402

OUT = ROOT / "treehouse_lab" / "games" / "pyramids" / "solved"
RESULTS = OUT / "two-player.json"


def write_solo_values(aim: bool) -> None:
    """The trio's exact solitaire values, rounded, for the pyramids-solo bot."""
    (OUT / solver.values_file(aim)).write_bytes(solver.values_bytes(solver.solve("SML", aim)))


def solve_variant(aim: bool) -> dict:
    sol = duel.solve_two_player(aim_stack_top=aim, house_start="LMS", progress=True)
    table = sol.policy
    (OUT / table_file(aim)).write_bytes(table.to_bytes())
    row = sol.summary()
    row["policy_regret"] = duel_policy.regret(sol, table)
    row["house_starts"] = {str(h): list(sol.start_value(h)) for h in ARRANGEMENTS}
    print(json.dumps({k: v for k, v in row.items() if k != "house_starts"}))
    return row


#: ``--house`` names: the seats that may move the House in each analysis.
HOUSE_SEATS = {"nobody": (), "first": (0,), "second": (1,)}


def solve_house_analysis(name: str) -> dict:
    sol = duel.solve_two_player(aim_stack_top=True, house_start="LMS", progress=True,
                                house_seats=HOUSE_SEATS[name])
    row = sol.summary()
    row["policy_regret"] = max(duel_policy.regret(sol, sol.seat_policy(s), s) for s in (0, 1))
    print(json.dumps(row))
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--aim", choices=("both", "on", "off", "none"), default="both")
    parser.add_argument("--house", nargs="*", choices=tuple(HOUSE_SEATS), default=(),
                        help="also solve with House moves for nobody / the first player "
                             "only / the second player only (an analysis, not a rule)")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {"variants": {}}
    for aim in {"both": (True, False), "on": (True,), "off": (False,), "none": ()}[args.aim]:
        write_solo_values(aim)
        results["variants"][f"aim_stack_top={aim}"] = solve_variant(aim)
    for name in args.house:
        results.setdefault("house_moves", {})[name] = solve_house_analysis(name)
        RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    results["note"] = ("First player's win probability under perfect play, two players, "
                       "certified intervals; made by tools/solve_pyramids.py")
    RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
