"""``pyramids-perfect`` against the other Treehouse bots, from both seats (issue 21).

    python tools/perfect_vs_bots.py [--solo-games 4000] [--mcts-games 400] [--seed 21]

Plays seeded two-player games with the bots swapping seats every game (``rotate``), and for
each opponent prints the perfect bot's win rate from the first seat and from the second,
with 95% Wilson intervals, beside what it would win against itself (the certified value,
solved/two-player.json): the difference is what perfect play gains against that bot. The
figures are stored under "matches" in solved/two-player.json, which the notebook
(explore-treehouse.ipynb) reads. Opponents at their defaults: ``pyramids-solo`` and ``mcts``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import treehouse_lab as tl  # noqa: E402
from treehouse_lab.intervals import wilson  # noqa: E402

RESULTS = ROOT / "treehouse_lab" / "games" / "pyramids" / "solved" / "two-player.json"
PERFECT = "pyramids-perfect"


def match(opponent: str, games: int, seed: int) -> dict:
    game = tl.load_game("pyramids", players=2)
    res = tl.simulate(game, games, bots=[PERFECT, opponent], seed=seed, rotate=True,
                      progress=False)
    out = {"opponent": opponent, "games": games, "seed": seed}
    for seat in (0, 1):
        rows = [r for r in res.rows if r.seats[seat] == PERFECT]
        wins = sum(1 for r in rows if r.winners == (seat,))
        lo, hi = wilson(wins, len(rows))
        out[f"seat{seat}"] = {"played": len(rows), "wins": wins, "rate": wins / len(rows),
                              "interval95": [lo, hi]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solo-games", type=int, default=4000)
    parser.add_argument("--mcts-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    results = json.loads(RESULTS.read_text())
    value = results["variants"]["aim_stack_top=True"]["win"][0]
    against_self = {0: value, 1: 1 - value}
    rows = []
    for opponent, games in (("pyramids-solo", args.solo_games), ("mcts", args.mcts_games)):
        row = match(opponent, games, args.seed)
        rows.append(row)
        for seat in (0, 1):
            s = row[f"seat{seat}"]
            lo, hi = s["interval95"]
            print(f"{PERFECT} against {opponent:13s} from seat {seat}: {s['rate']:6.1%} "
                  f"[{lo:.1%}, {hi:.1%}] over {s['played']} games; against itself "
                  f"{against_self[seat]:.1%} (gain {s['rate'] - against_self[seat]:+.1%})")
    results = json.loads(RESULTS.read_text())  # read again: a solve may have written it since
    results["matches"] = rows
    RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
