"""``python -m treehouse_lab design`` refuses a bad argument in one line (issue 48, item 4:
"Bad arguments get a one-line message, checked before anything runs"), also where
argparse itself finds it (a word where a number belongs, an unknown game or flag, two
exclusive flags), which it would otherwise follow with the whole usage block."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("args, says", [
    (["backyard", "--games", "abc"], "--games"),
    (["backyard", "--games", "0"], "--games"),
    (["backyard", "--compare", "x"], "--compare"),
    (["backyard", "--value", "luck"], "--value"),
    (["nosuchgame"], "nosuchgame"),
    (["backyard", "--frobnicate", "1"], "--frobnicate"),
    (["backyard", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "not allowed with"),
    (["backyard", "--games", "-3", "--option", "players=9"], "--games"),
    ([], "game"),
])
def test_an_argument_argparse_refuses_gets_one_line(tmp_path, args, says):
    done = subprocess.run([sys.executable, "-m", "treehouse_lab", "design", *args,
                           "--no-progress", "--out", str(tmp_path / "r.html")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("python -m treehouse_lab design: error: ")
    assert says in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_help_is_still_the_whole_usage():
    done = subprocess.run([sys.executable, "-m", "treehouse_lab", "design", "--help"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "--compare NAME=VALUE" in done.stdout
