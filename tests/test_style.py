"""The code base stays ruff-clean (the project's style settings are in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    run = subprocess.run([ruff, "check", "--no-cache", "."], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


#: Paths of documents beside the project that a clone does not have (spelt in two parts so
#: this file does not name them).
UNSHIPPED = tuple(("shared" + "/" + kind).encode() for kind in ("rules", "design"))


def test_no_file_cites_documents_the_project_does_not_ship() -> None:
    """Someone who clones the project has no rulebooks and no design notes beside it: a
    rulebook is cited by its title and section ("Treehouse Diner Rulebook, 'Jokers'"), a
    decision by the project's own page (docs/rulings/*.md, docs/dev/*.md)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True, check=True)
    offenders = []
    for name in filter(None, listed.stdout.decode().split("\0")):
        path = ROOT / name
        if not path.is_file():
            continue  # deleted in the work tree
        data = path.read_bytes()
        offenders += [f"{name}: {bad.decode()}" for bad in UNSHIPPED if bad in data]
    assert not offenders, "\n".join(offenders)
