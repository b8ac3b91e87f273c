"""Helpers shared by the board tests (tests/boards and the browser tests in tests/browser)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping

ROOT = Path(__file__).resolve().parents[2]
#: Where the README's pictures live; the browser tests write there only when asked.
README_IMAGES = ROOT / "docs" / "images"


def autoplay(board, limit: int) -> int:
    """Press play and tick the Play widget as the browser would, until it stops itself."""
    play = board.controls.play
    play.playing = True
    ticks = 0
    while play.playing and ticks < limit:
        ticks += 1
        play.value = ticks
    return ticks


def screenshot_dir(tmp_dir: Path, environ: Mapping[str, str] = os.environ) -> Path:
    """Where the browser tests save screenshots: ``tmp_dir``, so that a test run never
    rewrites the checkout, or the README's ``docs/images/`` when ``TL_SAVE_SCREENSHOTS=1``
    asks to refresh those pictures."""
    return README_IMAGES if environ.get("TL_SAVE_SCREENSHOTS") == "1" else tmp_dir


def jupyter_environment(state: Path, environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The environment for a JupyterLab the tests start (and so for its kernels): every
    folder Jupyter and IPython write to is under ``state`` (a temporary folder), and
    Python writes no bytecode, since the kernel imports ``treehouse_lab`` from the
    checkout."""
    env = dict(environ)
    env.update(
        JUPYTER_RUNTIME_DIR=str(state / "runtime"),
        JUPYTER_CONFIG_DIR=str(state / "config"),
        JUPYTERLAB_SETTINGS_DIR=str(state / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(state / "workspaces"),
        IPYTHONDIR=str(state / "ipython"),
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONUNBUFFERED="1",
    )
    return env
