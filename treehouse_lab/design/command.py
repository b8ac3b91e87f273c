"""``python -m treehouse_lab design GAME``: the design lab from a terminal.

    python -m treehouse_lab design backyard --compare wild_floor_points=1 --games 2000 \\
        --workers 2 --out report.html --csv metrics.csv

The game, its options, the run's size, seed, workers and ``--scheduler`` are read and
checked by the same code as ``simulate``'s (``treehouse_lab/__main__.py`` hands its
helpers to :func:`run`). Every argument is checked before a game is played or a cluster
reached: both variants' options, the bots, the paths to write. The table goes to
standard output, the report and the CSV are written at the end; the progress bar is
``simulate``'s.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from typing import Any, Callable, NoReturn

from ..errors import RuleError, clip, quote
from ..outputs import check_writable, is_device
from ..registry import load_game

HELP = ("the design lab: named metrics of a game, or of two variants side by side, with "
        "95%% intervals")
DESCRIPTION = """\
Play seeded games and measure them: outcome, duration, decisions, tension, skill and
luck, each figure with its 95% interval and its number of games (docs/design-lab.md).
With --compare, a second variant plays the same seeds and each figure's difference is
given with its interval, paired on the games."""
EPILOG = """\
examples:
  python -m treehouse_lab design backyard --compare wild_floor_points=1 --games 2000 \\
      --out report.html --csv metrics.csv
  python -m treehouse_lab design diner --bots greedy --skill greedy,random --workers 2
"""


class OneLineParser(argparse.ArgumentParser):
    """``design``'s parser: a bad argument gets one line, ``PROG design: error: ...``
    (issue 48, item 4), also where argparse finds it, which would otherwise print the
    usage block (a dozen lines) above it; an unknown flag is refused here too rather than
    by the top-level parser. ``--help`` still prints the whole usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        known, extra = super().parse_known_args(args, namespace)
        if extra:
            self.error(f"unrecognized arguments: {clip(' '.join(extra), 60)}")
        return known, extra


def add_arguments(p: argparse.ArgumentParser, option: Callable[[str], Any],
                  count: Callable[[str], int]) -> None:
    """The arguments of ``design`` beyond the game's and the run's (``option`` and
    ``count`` are the parsers ``simulate`` uses for NAME=VALUE and whole numbers); ``p``
    becomes a :class:`OneLineParser` (made by ``add_subparsers``, so of the top-level
    parser's class until here)."""
    p.__class__ = OneLineParser
    p.add_argument("--compare", "-c", type=option, action="append", default=[],
                   metavar="NAME=VALUE",
                   help="a second variant: the game's options with this one changed "
                        "(repeatable); both play the same seeds")
    p.add_argument("--bots", "-b", default="random", metavar="LIST",
                   help="bots by seat, comma-separated, as for simulate (default random)")
    p.add_argument("--rotate", action="store_true", help="turn the bots one seat per game")
    p.add_argument("--max-moves", type=count, metavar="N",
                   help="stop a game after N moves, a timeout (default: its end)")
    p.add_argument("--value", choices=("points",),
                   help="also read the tension figures by the greedy bot's estimate")
    p.add_argument("--skill", metavar="STRONG,WEAK",
                   help="two bots: a second run puts STRONG against WEAK for the skill and "
                        "luck figures")
    p.add_argument("--out", "-O", metavar="PATH",
                   help="write the report: one HTML file, its plots inside")
    p.add_argument("--csv", metavar="PATH",
                   help="write the figures, one row each (with --compare: each figure in "
                        "both variants and their difference)")


def run(args: argparse.Namespace, prog: str, *, game: Callable[[argparse.Namespace], Any],
        executor: Callable[[argparse.Namespace], tuple[Any, Any]],
        bots: Callable[[str], list[str]]) -> int:
    """Run ``design`` (``game``, ``executor`` and ``bots`` are ``simulate``'s readers of
    the game's options, of ``--workers``/``--scheduler`` and of a list of bots). A
    RuleError for a bad argument, raised before any game; 1 if an output could not be
    written at the end (the table is printed all the same)."""
    from . import compare, measure
    from .report import write_report

    base = game(args)
    variants = other = None
    if args.compare:
        changes = dict(args.compare)
        other = load_game(args.game, **{**base.options, **changes})
        if dict(other.options) == dict(base.options):
            raise RuleError("--compare: these options change nothing in "
                            f"{quote(args.game, 20)}: give another value")
        variants = {", ".join(f"{k}={base.options[k]!r}" for k in changes): {},
                    ", ".join(f"{k}={other.options[k]!r}" for k in changes): changes}
    seats = bots(args.bots)
    skill = None
    if args.skill is not None:
        pair = bots(args.skill)
        if len(pair) != 2:
            raise RuleError(f"--skill: expected two bots STRONG,WEAK, got "
                            f"{quote(args.skill, 40)}")
        skill = (pair[0], pair[1])
    outputs = [(flag, path) for flag, path in (("--out", args.out), ("--csv", args.csv))
               if path is not None]
    if len(outputs) == 2 and os.path.abspath(args.out) == os.path.abspath(args.csv):
        raise RuleError("--out and --csv name the same file; give two paths")
    for flag, path in outputs:
        if not is_device(path):          # /dev/null, a pipe: written at the end
            check_writable(flag, path)
    common = dict(bots=seats[0] if len(seats) == 1 else seats, seed=args.seed,
                  rotate=args.rotate, max_moves=args.max_moves, value=args.value,
                  skill_bots=skill)
    for g in [base] if other is None else [base, other]:
        # No games: measure's own checks of the rest, before any game or cluster.
        measure(g, 0, workers=1, progress=False, **common)  # type: ignore[arg-type]
    pool, closing = executor(args)
    try:
        where = dict(workers=args.workers, executor=pool, progress=args.progress)
        if variants is None:
            result: Any = measure(base, args.games, **where, **common)  # type: ignore[arg-type]
        else:
            result = compare(base, variants, args.games, **where,
                             **common)  # type: ignore[arg-type]
    finally:
        if closing is not None:
            closing.close()
    print(result)
    failed = 0
    if args.out is not None:
        try:
            write_report(result, args.out)
        except RuleError as exc:
            print(f"{prog} design: error: --out: {exc}", file=sys.stderr)
            failed = 1
    if args.csv is not None:
        rows = result.to_rows()
        try:
            with open(args.csv, "w", newline="", encoding="utf-8") as fh:
                out = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["metric"])
                out.writeheader()
                out.writerows(rows)
        except OSError as exc:
            print(f"{prog} design: error: cannot write --csv {quote(args.csv, 80)} "
                  f"({exc.strerror})", file=sys.stderr)
            failed = 1
    return failed


__all__ = ["DESCRIPTION", "EPILOG", "HELP", "OneLineParser", "add_arguments", "run"]
