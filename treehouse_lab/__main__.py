"""The command line: ``python -m treehouse_lab simulate backyard --bots greedy,random``.

Seeded simulations from a terminal, on this machine's cores or a Dask cluster, with the
same results either way (see :func:`treehouse_lab.simulate`).
"""

from __future__ import annotations

import argparse
import ast
import csv
import sys
from typing import Any, Sequence

from . import __version__
from .errors import RuleError, quote
from .registry import GAMES, game_class, load_game

EXAMPLES = """\
examples:
  python -m treehouse_lab simulate backyard --players 3 --bots greedy,random,random \\
      --games 10000 --workers 2
  python -m treehouse_lab simulate backyard --option wild_floor_points=1 --bots greedy \\
      --rotate --csv games.csv
  python -m treehouse_lab simulate pyramids --bots "pyramids-solo,mcts(iterations=100)" \\
      --games 500 --scheduler tcp://scheduler.example:8786
  python -m treehouse_lab tournament backyard --players 2 --bots random,greedy,backyard-runs
  python -m treehouse_lab bots backyard
"""


def split_bots(text: str) -> list[str]:
    """``"mcts(iterations=9, c=1),random"`` -> ``["mcts(iterations=9, c=1)", "random"]``:
    commas inside parentheses belong to a bot's parameters."""
    out, depth, current = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(current.strip())
            current = ""
        else:
            current += ch
    out.append(current.strip())
    if any(not b for b in out):
        raise RuleError(f"--bots: an empty bot name in {quote(text)}")
    return out


def parse_option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``: the value read as a Python literal (``1``, ``True``, ``'LMS'``),
    ``true``/``false`` as booleans, anything else as text."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {quote(text, 40)}")
    value = value.strip()
    lowered = value.lower()
    if lowered in ("true", "false"):
        return name.strip(), lowered == "true"
    try:
        return name.strip(), ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return name.strip(), value


def positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {quote(text, 20)}") \
            from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {n}")
    return n


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m treehouse_lab",
        description="Treehouse Lab: rule engines for the Treehouse tabletop games. Play "
                    "seeded games between bots and summarise them.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"treehouse-lab {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def game_arguments(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", choices=GAMES, help="the game to play")
        p.add_argument("--players", type=positive, metavar="N",
                       help="number of players (default: the game's)")
        p.add_argument("--option", "-o", type=parse_option, action="append", default=[],
                       metavar="NAME=VALUE",
                       help="a game option, e.g. wild_floor_points=1 (repeatable; see "
                            "'python -m treehouse_lab games')")

    def run_arguments(p: argparse.ArgumentParser, games: int) -> None:
        p.add_argument("--games", "-n", type=positive, default=games, metavar="N",
                       help=f"how many games (default {games})")
        p.add_argument("--seed", type=int, default=0, metavar="N",
                       help="game i is seeded from (seed, i): same seed, same games "
                            "(default 0)")
        where = p.add_mutually_exclusive_group()
        where.add_argument("--workers", "-j", type=positive, metavar="N",
                           help="worker processes on this machine (default: one per core; "
                                "1 plays in this process)")
        where.add_argument("--scheduler", metavar="ADDRESS",
                           help="run on a Dask cluster, e.g. tcp://host:8786 (needs the "
                                "'scale' extra)")
        p.add_argument("--no-progress", dest="progress", action="store_false",
                       help="no progress bar")

    sim = commands.add_parser(
        "simulate", help="play seeded games between bots and print a summary table",
        description="Play seeded games between bots and print the summary: wins and mean "
                    "points by seat and by bot, with 95% confidence intervals.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    game_arguments(sim)
    sim.add_argument("--bots", "-b", default="random", metavar="LIST",
                     help="bots by seat, comma-separated (e.g. greedy,random,random); one "
                          "name fills every seat; parameters in parentheses, e.g. "
                          "'mcts(iterations=100)' (default random)")
    sim.add_argument("--rotate", action="store_true",
                     help="turn the bots one seat per game, so each plays every seat")
    sim.add_argument("--csv", metavar="PATH",
                     help="also write one row per game (seats, winners, points, length)")
    run_arguments(sim, 1000)

    tour = commands.add_parser(
        "tournament", help="every bot against every other, as a table of win rates",
        description="For each ordered pair of bots (a, b): games with a in one seat and b "
                    "in the others, seats rotating; prints a's win rate with its 95% "
                    "interval.")
    game_arguments(tour)
    tour.add_argument("--bots", "-b", required=True, metavar="LIST",
                      help="the bots to pit against each other, comma-separated")
    run_arguments(tour, 200)

    bots = commands.add_parser("bots", help="list the bots (those that can play GAME)")
    bots.add_argument("game", nargs="?", choices=GAMES, help="only the bots for this game")

    commands.add_parser("games", help="list the games and their options")
    return parser


def _game(args: argparse.Namespace) -> Any:
    options = dict(args.option)
    if args.players is not None:
        options["players"] = args.players
    return load_game(args.game, **options)


def _executor(args: argparse.Namespace) -> tuple[Any, Any]:
    """(executor for simulate, something to close afterwards)."""
    if args.scheduler is None:
        return None, None
    try:
        from distributed import Client
    except ImportError:
        raise RuleError("--scheduler needs Dask: pip install 'treehouse-lab[scale]'") from None
    try:
        client = Client(args.scheduler, timeout=30)
    except OSError as exc:
        raise RuleError(f"--scheduler: cannot reach {quote(args.scheduler, 80)} ({exc})") \
            from None
    return client, client


def _write_csv(path: str, results: Any) -> None:
    players = results.players
    with open(path, "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["game", *[f"bot{p}" for p in range(players)], "winners",
                      *[f"points{p}" for p in range(players)], "length"])
        for r in results.rows:
            totals = r.totals or ("",) * players
            out.writerow([r.index, *r.seats, " ".join(map(str, r.winners)), *totals,
                          r.length])


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from .bots import BOTS, GAME_BOTS, bots_for
    from .simulate import simulate, tournament

    try:
        if args.command == "games":
            for name in GAMES:
                cls = game_class(name)
                print(f"{name}: {cls.TITLE}")
                for o in cls.OPTIONS:
                    print(f"  {o.name} (default {o.default!r}): {o.doc}")
            return 0
        if args.command == "bots":
            names = bots_for(args.game) if args.game else list(BOTS)
            for name in names:
                only = f" ({GAME_BOTS[name]} only)" if name in GAME_BOTS else ""
                print(f"{name}{only}")
            return 0
        game = _game(args)
        executor, closing = _executor(args)
        try:
            if args.command == "simulate":
                bots = split_bots(args.bots)
                results = simulate(game, args.games, bots=bots[0] if len(bots) == 1 else bots,
                                       seed=args.seed, executor=executor,
                                       workers=args.workers, progress=args.progress,
                                       rotate=args.rotate)
                print(results.table())
                if args.csv:
                    _write_csv(args.csv, results)
            else:
                table = tournament(game, split_bots(args.bots), args.games,
                                       seed=args.seed, executor=executor,
                                       workers=args.workers, progress=args.progress)
                print(table.table())
        finally:
            if closing is not None:
                closing.close()
    except RuleError as exc:
        parser.exit(2, f"{parser.prog} {args.command}: error: {exc}\n")
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
