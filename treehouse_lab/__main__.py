"""The command line: ``python -m treehouse_lab simulate backyard --bots greedy,random``.

Seeded simulations from a terminal, on this machine's cores or a Dask cluster, with the
same results either way (see :func:`treehouse_lab.simulate`); and ``verify``, a teacher's
check of the students' completion codes (see :mod:`treehouse_lab.completion`).
"""

from __future__ import annotations

import argparse
import ast
import csv
import os
import sys
from typing import IO, Any, Sequence

from . import __version__
from .errors import RuleError, clip, quote
from .outputs import check_writable
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
  python -m treehouse_lab verify codes.csv --key answer-key.json --csv results.csv
"""

VERIFY_EPILOG = """\
CODES.csv has a header row with the columns name and code (others are ignored), one
student a row. The answer key comes from the solutions notebooks (teachers' material):
  python tools/answer_key.py teacher/*-solutions.ipynb -o answer-key.json
exit status: 0 every code is valid, 1 some code or row is not, 2 bad input (a file that
cannot be read, a malformed key). See docs/teaching.md, "Collecting results".
"""

#: Where ``verify`` looks for the answer key when ``--key`` is not given: the file
#: tools/answer_key.py writes by default, in the folder the command runs in.
DEFAULT_KEY = "answer-key.json"


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


#: The most games a run may play (a tournament: per ordered pair of bots). Why this many:
#: every game's row is kept for the summary and the CSV, 0.5 to 7 KB each by game (up to
#: some 7 GB here), and the fastest game takes about a millisecond (a quarter of an hour
#: for a million on one core); at a million games a win rate's 95% interval is already
#: within +-0.1 percentage points, so more games would change no conclusion.
MAX_GAMES = 1_000_000
#: The most worker processes. Why: each is a Python process of some tens of megabytes,
#: and games are pure computation, so workers beyond the machine's cores play no faster;
#: this is as many cores (hardware threads) as the largest common machines have.
MAX_WORKERS = 256


def positive(text: str, most: int | None = None) -> int:
    """A whole number >= 1 (and <= ``most``), or argparse's error naming the bound."""
    try:
        n = int(text)
    except ValueError:  # also past Python's 4,300 digits
        raise argparse.ArgumentTypeError(f"expected a whole number, got {quote(text, 20)}") \
            from None
    if n < 1 or (most is not None and n > most):
        shown = f"from 1 to at most {most:,}" if most is not None else ">= 1"
        raise argparse.ArgumentTypeError(f"expected a whole number {shown}, "
                                         f"got {quote(n, 30)}")
    return n


def at_most(most: int) -> Any:
    """The argparse type for a whole number from 1 to ``most``."""
    def check(text: str) -> int:
        return positive(text, most)
    check.__name__ = "whole number"  # argparse names the type in some messages
    return check


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

    def run_arguments(p: argparse.ArgumentParser, games: int, per: str = "") -> None:
        p.add_argument("--games", "-n", type=at_most(MAX_GAMES), default=games, metavar="N",
                       help=f"how many games{per} (default {games}; at most "
                            f"{MAX_GAMES:,}: every game's row is kept in memory, and a "
                            "million games already pin a win rate to +-0.1 points)")
        p.add_argument("--seed", type=int, default=0, metavar="N",
                       help="game i is seeded from (seed, i): same seed, same games "
                            "(default 0)")
        where = p.add_mutually_exclusive_group()
        where.add_argument("--workers", "-j", type=at_most(MAX_WORKERS), metavar="N",
                           help="worker processes on this machine (default: one per core; "
                                f"1 plays in this process; at most {MAX_WORKERS:,}: more "
                                "workers than cores play no faster)")
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
    run_arguments(tour, 200, per=" per ordered pair of bots")

    from .design import command as design_command  # loaded with the parser

    design = commands.add_parser("design", help=design_command.HELP,
                                 description=design_command.DESCRIPTION,
                                 epilog=design_command.EPILOG,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    game_arguments(design)
    design_command.add_arguments(design, option=parse_option, count=positive)
    run_arguments(design, 1000)

    bots = commands.add_parser("bots", help="list the bots (those that can play GAME)")
    bots.add_argument("game", nargs="?", choices=GAMES, help="only the bots for this game")

    commands.add_parser("games", help="list the games and their options")

    verify = commands.add_parser(
        "verify", help="check students' completion codes against the answer key",
        description="Check each student's completion code (from "
                    "treehouse_lab.exercises.completion_code) against the answer key, and "
                    "print the exercises each has solved. A code that was altered, made "
                    "for another name or made without the right answers is marked invalid, "
                    "with the reason.",
        epilog=VERIFY_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    verify.add_argument("codes", metavar="CODES.csv", help="the students' codes (columns "
                                                           "name,code)")
    verify.add_argument("--key", "-k", default=None, metavar="KEY.json",
                        help=f"the answer key (default: {DEFAULT_KEY} in this folder)")
    verify.add_argument("--csv", metavar="PATH",
                        help="also write the class's results, one row per student and "
                             "exercise: student, exercise, solved, attempts, code")
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
        raise RuleError(f"--scheduler: cannot reach {quote(args.scheduler, 80)} "
                        f"({clip(str(exc), 80)})") from None
    except (TypeError, ValueError) as exc:  # Dask reads the address as it connects
        raise RuleError(f"--scheduler: {quote(args.scheduler, 80)} is not a scheduler "
                        f"address; expected one like tcp://host:8786 "
                        f"({clip(str(exc), 80)})") from None
    return client, client


def _csv_header(players: int) -> list[str]:
    return ["game", *[f"bot{p}" for p in range(players)], "winners",
            *[f"points{p}" for p in range(players)], "length"]


def _csv_rows(results: Any) -> list[list[Any]]:
    players = results.players
    return [[r.index, *r.seats, " ".join(map(str, r.winners)), *(r.totals or ("",) * players),
             r.length] for r in results.rows]


def _open_csv(path: str, players: int) -> IO[str] | None:
    """Check ``--csv PATH`` before the run, so a run is not played only to lose its rows:
    a missing folder, a folder, a file that cannot be written or a full disk is refused
    with a RuleError. Nothing is created or emptied here; only a path that is no regular
    file (a device such as /dev/full, a pipe) is opened now and its header written, as
    writing is the only way to learn it takes no more: that open file is returned."""
    where = quote(path, 80)
    if not path:
        raise RuleError("--csv: give the path of a file to write")
    if os.path.isdir(path):
        raise RuleError(f"--csv: {where} is a folder; give the path of a file to write")
    if os.path.exists(path) and not os.path.isfile(path):
        try:
            fh = open(path, "w", newline="", encoding="utf-8")  # kept open for the rows
        except OSError as exc:
            raise RuleError(f"--csv: cannot write {where} ({exc.strerror})") from None
        try:
            csv.writer(fh).writerow(_csv_header(players))
            fh.flush()
        except OSError as exc:
            _close_quietly(fh)
            raise RuleError(f"--csv: cannot write {where} ({exc.strerror})") from None
        return fh
    check_writable("--csv", path)
    return None


def _close_quietly(fh: IO[str]) -> None:
    try:
        fh.close()
    except OSError:
        pass


def _write_csv(path: str, opened: IO[str] | None, results: Any) -> str | None:
    """Write the rows (to the file ``_open_csv`` opened, or to ``path``); the reason it
    failed, or None."""
    try:
        if opened is not None:
            csv.writer(opened).writerows(_csv_rows(results))
            opened.flush()
        else:
            with open(path, "w", newline="", encoding="utf-8") as fh:
                out = csv.writer(fh)
                out.writerow(_csv_header(results.players))
                out.writerows(_csv_rows(results))
    except OSError as exc:
        return exc.strerror or type(exc).__name__
    return None


def _read_key(path: str | None) -> dict[str, str]:
    import json

    from .completion import load_key

    where = quote(path or DEFAULT_KEY, 80)
    if path is None and not os.path.isfile(DEFAULT_KEY):
        raise RuleError(f"--key: no answer key given and no {DEFAULT_KEY} in this folder; "
                        "make one with 'python tools/answer_key.py "
                        "teacher/*-solutions.ipynb -o answer-key.json'")
    try:
        with open(path or DEFAULT_KEY, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise RuleError(f"--key: cannot read {where} ({exc.strerror})") from None
    except ValueError as exc:  # also bytes that are not UTF-8
        raise RuleError(f"--key: {where} is not JSON ({clip(str(exc), 80)})") from None
    try:
        return load_key(data)
    except RuleError as exc:
        raise RuleError(f"--key: {where}: {exc}") from None


def _read_codes(path: str) -> list[tuple[int, str | None, str | None]]:
    """(row number, name, code) for each row of CODES.csv; None for a missing cell."""
    where = quote(path, 80)
    try:
        with open(path, encoding="utf-8-sig", newline="") as fh:
            rows = list(csv.reader(fh))
    except OSError as exc:
        raise RuleError(f"{where}: cannot read ({exc.strerror})") from None
    except (UnicodeDecodeError, csv.Error) as exc:
        raise RuleError(f"{where}: not a UTF-8 CSV file ({clip(str(exc), 80)})") from None
    if not rows:
        raise RuleError(f"{where}: empty; expected a header row with the columns name,code")
    header = [h.strip().casefold() for h in rows[0]]
    if "name" not in header or "code" not in header:
        raise RuleError(f"{where}: expected a header row with the columns name,code; found "
                        f"{quote(','.join(rows[0]), 60)}")
    ni, ci = header.index("name"), header.index("code")
    out = []
    for number, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue  # a blank line, as spreadsheets leave at the end
        out.append((number, row[ni] if ni < len(row) else None,
                    row[ci] if ci < len(row) else None))
    return out


def _attempts_text(n: int) -> str:
    shown = "255 or more" if n >= 255 else str(n)
    return f"{shown} attempt" + ("" if n == 1 else "s")


def _verify(args: argparse.Namespace) -> int:
    from .completion import CodeReport, exercises_in, verify_code

    key = _read_key(args.key)
    rows = _read_codes(args.codes)
    reports: list[tuple[str, CodeReport]] = []
    bad = 0
    for number, name, code in rows:
        if name is None or not name.strip() or code is None or not code.strip():
            missing = "name" if name is None or not name.strip() else "code"
            label = f"row {number}" if missing == "name" else f"row {number} ({clip(name, 40)})"
            print(f"{label}: INVALID: bad row: no {missing}")
            reports.append((label, CodeReport("", False, f"bad row: no {missing}", ())))
            bad += 1
            continue
        report = verify_code(code, name, key)
        label = report.name or f"row {number}"
        if report.problem.startswith("bad name"):
            label = f"row {number}"
        if report.valid:
            solved = [f"{r.exercise} ({'own numbers, ' if r.variant else ''}"
                      f"{_attempts_text(r.attempts)})" for r in report.results if r.solved]
            tried = [f"{r.exercise} ({_attempts_text(r.attempts)})"
                     for r in report.results if not r.solved]
            text = (f"solved {len(solved)}: " + ", ".join(solved)) if solved else \
                "solved none"
            if tried:
                text += "; tried, not solved: " + ", ".join(tried)
            print(f"{label}: valid: {text}")
        else:
            bad += 1
            print(f"{label}: INVALID: {report.problem}")
        reports.append((label, report))
    print(f"{len(rows)} codes: {len(rows) - bad} valid, {bad} invalid")
    if args.csv is not None:
        columns = exercises_in(r for _, r in reports if r.valid)
        try:
            with open(args.csv, "w", newline="", encoding="utf-8") as fh:
                out = csv.writer(fh)
                out.writerow(["student", "exercise", "solved", "attempts", "code"])
                for label, report in reports:
                    if not report.valid:
                        out.writerow([label, "", "", "", f"invalid: {report.problem}"])
                        continue
                    mine = {r.exercise: r for r in report.results}
                    for eid in columns:
                        r = mine.get(eid)
                        out.writerow([label, eid, "yes" if r and r.solved else "no",
                                      r.attempts if r else 0, "valid"])
        except OSError as exc:
            raise RuleError(f"--csv: cannot write {quote(args.csv, 80)} "
                            f"({exc.strerror})") from None
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "verify":
        try:
            return _verify(args)
        except RuleError as exc:
            parser.exit(2, f"{parser.prog} verify: error: {exc}\n")
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
        if args.command == "design":
            from .design.command import run

            return run(args, parser.prog, game=_game, executor=_executor, bots=split_bots)
        game = _game(args)
        csv_path = getattr(args, "csv", None)
        opened = None if csv_path is None else _open_csv(csv_path, game.players)
        try:
            executor, closing = _executor(args)
        except BaseException:
            if opened is not None:
                _close_quietly(opened)
            raise
        try:
            if args.command == "simulate":
                bots = split_bots(args.bots)
                results = simulate(game, args.games, bots=bots[0] if len(bots) == 1 else bots,
                                       seed=args.seed, executor=executor,
                                       workers=args.workers, progress=args.progress,
                                       rotate=args.rotate)
                print(results.table())
                if csv_path is not None:
                    failed = _write_csv(csv_path, opened, results)
                    if failed is not None:
                        # The run is not lost: its rows go where the table went.
                        print(f"{parser.prog} {args.command}: error: cannot write --csv "
                              f"{quote(csv_path, 80)} ({failed}); its rows follow the "
                              "summary on standard output", file=sys.stderr)
                        out = csv.writer(sys.stdout, lineterminator="\n")
                        out.writerow(_csv_header(results.players))
                        out.writerows(_csv_rows(results))
                        return 1
            else:
                table = tournament(game, split_bots(args.bots), args.games,
                                       seed=args.seed, executor=executor,
                                       workers=args.workers, progress=args.progress)
                print(table.table())
        finally:
            if closing is not None:
                closing.close()
            if opened is not None:
                _close_quietly(opened)
    except RuleError as exc:
        parser.exit(2, f"{parser.prog} {args.command}: error: {exc}\n")
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
