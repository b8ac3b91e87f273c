"""How fast a save far longer than its game is refused (issue 17, item 17).

    python benchmarks/large_saves.py [--extra 100000] [--rounds 5]

A finished Backyard match (2 players, random bots) is saved, then ``--extra`` copies of its
last move are appended. The figure is the time ``Match.from_json`` takes to refuse that
save, printed beside its reference in the same run: the time it takes to replay the honest
save (the refusal should cost about the same, since it stops at the first extra move; it
took 2.6 s for 10^5 extra moves when the whole save was walked first). Medians of CPU time
over the rounds; figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time

import treehouse_lab as tl


def finished_save() -> dict:
    match = tl.Match(tl.load_game("backyard", players=2), seed=11,
                     bots={0: "random", 1: "random"})
    match.run()
    return match.to_json()


def timed(save: dict, refused: bool) -> float:
    start = time.process_time()
    try:
        tl.Match.from_json(save)
    except tl.RuleError:
        if not refused:
            raise
    else:
        if refused:
            raise AssertionError("the long save was accepted")
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    honest = finished_save()
    long = dict(honest, moves=honest["moves"] + [honest["moves"][-1]] * args.extra)
    ref, refuse = [], []
    for _ in range(args.rounds):  # alternated, so a burst of load falls on both
        ref.append(timed(honest, refused=False))
        refuse.append(timed(long, refused=True))
    print(f"replay of the honest save ({len(honest['moves'])} moves): "
          f"{statistics.median(ref) * 1000:.1f} ms (reference)")
    print(f"refusal of the save with {args.extra} extra moves: "
          f"{statistics.median(refuse) * 1000:.1f} ms "
          f"({statistics.median(refuse) / statistics.median(ref):.2f}x the reference)")


if __name__ == "__main__":
    main()
