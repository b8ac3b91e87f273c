"""``python -m treehouse_lab``: a standard --help, the summary table the library prints,
typed errors as exit status 2, and a Dask scheduler address (a LocalCluster on
127.0.0.1)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import treehouse_lab as tl
from treehouse_lab.__main__ import main, split_bots

ENV = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "treehouse_lab", *args], capture_output=True,
                          text=True, env=ENV, timeout=300)


def test_help_reads_like_a_standard_tool():
    top = cli("--help")
    assert top.returncode == 0
    assert top.stdout.startswith("usage: python -m treehouse_lab")
    for word in ("simulate", "tournament", "bots", "games", "examples:"):
        assert word in top.stdout
    sub = cli("simulate", "--help")
    assert sub.returncode == 0
    for flag in ("--players", "--bots", "--games", "--seed", "--workers", "--scheduler",
                 "--rotate", "--option", "--no-progress", "--csv"):
        assert flag in sub.stdout
    assert cli("--version").stdout.startswith("treehouse-lab ")


def test_simulate_prints_the_library_summary():
    run = cli("simulate", "backyard", "--players", "3", "--bots", "greedy,random,random",
              "--games", "40", "--workers", "2", "--seed", "5", "--no-progress")
    assert run.returncode == 0, run.stderr
    game = tl.load_game("backyard", players=3)
    same = tl.simulate(game, 40, bots=["greedy", "random", "random"], seed=5, workers=1,
                       progress=False)
    printed = [ln for ln in run.stdout.splitlines() if not ln.startswith("run in")]
    expected = [ln for ln in same.table().splitlines() if not ln.startswith("run in")]
    assert printed == expected
    assert "run in a local process pool (2 workers)" in run.stdout


def test_options_and_one_bot_for_every_seat(capsys):
    assert main(["simulate", "backyard", "-o", "wild_floor_points=1", "--option",
                 "achievements=true", "--bots", "greedy", "--games", "6", "-j", "1",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "wild_floor_points=1" in out and "achievements=True" in out
    assert "bots greedy, greedy, greedy" in out


def test_errors_exit_with_status_2_and_a_message():
    bad = cli("simulate", "backyard", "--bots", "nobody", "--games", "2", "-j", "1")
    assert bad.returncode == 2 and "unknown bot 'nobody'" in bad.stderr
    assert bad.stdout == ""
    players = cli("simulate", "backyard", "--players", "9", "--games", "2")
    assert players.returncode == 2 and "players" in players.stderr
    count = cli("simulate", "backyard", "--games", "0")
    assert count.returncode == 2 and "--games" in count.stderr
    assert cli("simulate", "chess").returncode == 2


def test_split_bots_keeps_parameters_together():
    assert split_bots("mcts(iterations=9, c=1),random") == ["mcts(iterations=9, c=1)",
                                                             "random"]
    with pytest.raises(tl.RuleError):
        split_bots("greedy,,random")


def test_listing_bots_and_games(capsys):
    assert main(["bots", "pyramids"]) == 0
    assert capsys.readouterr().out.split() == ["random", "greedy", "mcts", "pyramids-solo",
                                               "(pyramids", "only)", "pyramids-perfect",
                                               "(pyramids", "only)"]
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "backyard: Backyard Builders Treehouse" in out and "wild_floor_points" in out


def test_tournament_table(capsys):
    assert main(["tournament", "backyard", "--players", "2", "--bots", "random,greedy",
                 "--games", "10", "-j", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "win rate of" in out and out.count("%") >= 6


def test_csv_rows(tmp_path):
    path = tmp_path / "games.csv"
    assert main(["simulate", "backyard", "--players", "2", "--games", "3", "-j", "1",
                 "--no-progress", "--csv", str(path)]) == 0
    lines = path.read_text().splitlines()
    assert lines[0] == "game,bot0,bot1,winners,points0,points1,length"
    assert len(lines) == 4 and lines[1].startswith("0,random,random,")


def test_a_scheduler_address_runs_on_that_dask_cluster(capsys):
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=40) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        assert main(["simulate", "backyard", "--players", "3", "--bots",
                     "greedy,random,random", "--games", "20", "--seed", "5",
                     "--scheduler", cluster.scheduler_address, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "run in a Dask cluster (2 worker threads)" in out
    same = tl.simulate(tl.load_game("backyard", players=3), 20,
                       bots=["greedy", "random", "random"], seed=5, workers=1, progress=False)
    assert [ln for ln in out.splitlines() if ln.startswith("Player ")] == [
        ln for ln in same.table().splitlines() if ln.startswith("Player ")]


# -- audit items 5 and 11: bad arguments are refused before anything is played ------------------

def refused(run: subprocess.CompletedProcess, *words: str) -> str:
    """The one error line of a run that was refused (exit 2) before playing anything (no
    summary on stdout), after checking it names ``words``."""
    assert run.returncode == 2, (run.returncode, run.stdout[-500:], run.stderr[-2000:])
    assert run.stdout == ""
    errors = [ln for ln in run.stderr.splitlines() if "error:" in ln]
    assert len(errors) == 1 and "Traceback" not in run.stderr, run.stderr[-2000:]
    for w in words:
        assert w in errors[0], errors[0]
    return errors[0]


def test_a_scheduler_address_without_a_port_is_refused():
    run = cli("simulate", "backyard", "--games", "2", "--scheduler", "nonsense")
    refused(run, "--scheduler", "'nonsense'", "tcp://")


@pytest.mark.parametrize("where", ["missing folder", "directory"])
def test_a_csv_path_that_cannot_be_written_is_refused_before_the_run(tmp_path, where):
    path = tmp_path / "no such folder" / "games.csv" if where == "missing folder" else tmp_path
    run = cli("simulate", "backyard", "--games", "2", "-j", "1", "--no-progress",
              "--csv", str(path))
    refused(run, "--csv")
    assert list(tmp_path.iterdir()) == []  # nothing made


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_a_full_device_for_the_csv_is_refused_before_the_run():
    run = cli("simulate", "backyard", "--games", "2", "-j", "1", "--no-progress",
              "--csv", "/dev/full")
    refused(run, "--csv", "/dev/full", "space")


def test_a_csv_that_fails_at_the_end_keeps_its_rows(tmp_path, monkeypatch, capsys):
    """A disk that fills during the run: the rows go to stdout, after the summary, and the
    exit status says the CSV was not written."""
    import errno

    import treehouse_lab.__main__ as cli_main

    class FullFile:
        def __init__(self, *args, **kwargs):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(cli_main, "open", FullFile, raising=False)
    path = tmp_path / "games.csv"
    code = main(["simulate", "backyard", "--players", "2", "--games", "3", "-j", "1",
                 "--no-progress", "--csv", str(path)])
    out, err = capsys.readouterr()
    assert code == 1
    assert "--csv" in err and "No space left on device" in err and "Traceback" not in err
    assert "Player 1" in out  # the summary
    rows = out.splitlines()[-4:]
    assert rows[0] == "game,bot0,bot1,winners,points0,points1,length"
    assert [r.split(",")[0] for r in rows[1:]] == ["0", "1", "2"]


def bound(name: str) -> int:
    """The CLI's bound ``name`` (MAX_GAMES, MAX_WORKERS); 0 where there is none."""
    import treehouse_lab.__main__ as cli_module

    return getattr(cli_module, name, 0)


@pytest.mark.parametrize("flag, name, huge", [
    ("--games", "MAX_GAMES", False), ("--games", "MAX_GAMES", True),
    ("--workers", "MAX_WORKERS", False), ("--workers", "MAX_WORKERS", True),
], ids=["games-just-over", "games-huge", "workers-just-over", "workers-huge"])
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_games_and_workers_are_bounded(command, flag, name, huge):
    """The issue's ``--games 99999999999999999999999`` ran until killed."""
    value = "9" * 23 if huge else str(bound(name) + 1)
    bots = ["--bots", "random,greedy"] if command == "tournament" else []
    run = subprocess.run([sys.executable, "-m", "treehouse_lab", command, "backyard",
                          "--players", "2", *bots, flag, value, "--no-progress"],
                         capture_output=True, text=True, env=ENV, timeout=120)
    line = refused(run, flag, f"at most {bound(name):,}")
    assert len(line) < 200
    help_text = " ".join(cli(command, "--help").stdout.split())
    assert f"at most {bound(name):,}" in help_text
