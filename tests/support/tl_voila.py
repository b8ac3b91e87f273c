"""A real Voila server for the browser tests (tests/lite/test_voila.py, the tutorials as
apps; tests/lite/test_learn_apps.py, the lessons as apps).

Why in tests/support: both start Voila the same way, and test modules are imported in
importlib mode, so they cannot import each other's fixtures by name.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tl_board_helpers import jupyter_environment

ROOT = Path(__file__).resolve().parents[2]
START_LIMIT_S = 60


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def voila_server(base: Path) -> Iterator[str]:
    """Voila on 127.0.0.1 serving the notebooks in ``base`` (an app is at
    ``voila/render/<notebook>``); yields the server's address. The kernel imports this
    checkout's ``treehouse_lab`` (``PYTHONPATH``), as the Lite site's wheel is built from
    it, and every Jupyter folder is in ``base``. The log is ``base/voila.log``."""
    env = jupyter_environment(base / "jupyter-state")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    port = _free_port()
    log = open(base / "voila.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(base), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1"],
        cwd=base, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + START_LIMIT_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("Voila did not start:\n"
                                       + (base / "voila.log").read_text()[-3000:]) from None
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


__all__ = ["voila_server"]
