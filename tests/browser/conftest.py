"""A real JupyterLab and a real Chromium for the browser tests.

Why this much machinery: the board is only proven when its ES module runs in JupyterLab's
widget manager, its clicks travel over a real comm to a real kernel, and the redrawn SVG
comes back. So the fixtures start JupyterLab itself (on 127.0.0.1, a free port, no token,
serving a temporary copy of ``notebooks/`` and ``docs/rulings/`` laid out as in the
checkout, which is what the README's lab command serves) and drive Debian's Chromium with
Playwright, in a 1366x768 window: a laptop, JupyterLab's default layout.
No browser is ever downloaded: ``/usr/bin/chromium`` must be installed by the system.

The tests leave the checkout as git has it (``tests/conftest.py`` checks at the end of the
session). JupyterLab serves a copy of the notebooks in a pytest temporary folder (so
checkpoints and the notebooks the tests write land there), its runtime, config, settings
and IPython folders are there too, and the server and its kernels run with
``PYTHONDONTWRITEBYTECODE=1`` (the kernel imports ``treehouse_lab`` from the checkout).

Screenshots go to a pytest temporary folder as well (the ``screenshots`` fixture), so a
test run never rewrites the README's pictures. To refresh those pictures on purpose, run
the browser tests with ``TL_SAVE_SCREENSHOTS=1``: then the screenshots are written to
``docs/images/`` in the checkout, to be reviewed and committed::

    TL_SAVE_SCREENSHOTS=1 python -m pytest tests/browser
"""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from tl_board_helpers import jupyter_environment, screenshot_dir

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run",
]
SERVER_START_S = 60


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: The size of the browser window: a common laptop screen (issue 7).
LAPTOP = {"width": 1366, "height": 768}


class LabServer:
    """A JupyterLab process serving ``root`` (a copy of the checkout's ``notebooks/`` and
    ``docs/rulings/``); ``log_tail()`` explains failures."""

    def __init__(self, root: Path, logfile: Path) -> None:
        self.root = root
        self.notebooks = root / "notebooks"
        self.logfile = logfile
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def notebook_url(self, name: str) -> str:
        """The address that opens ``notebooks/<name>`` (``?reset``: no tabs restored)."""
        return f"{self.url}/lab/tree/notebooks/{name}?reset"

    def start(self) -> None:
        state = self.root.parent / "jupyter-state"
        env = jupyter_environment(state)
        # No "official Jupyter news?" toast over the board, no update checks.
        notif = state / "settings" / "@jupyterlab" / "apputils-extension"
        notif.mkdir(parents=True, exist_ok=True)
        (notif / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        # Every cell rendered, also those below the fold: the tests look at all outputs.
        tracker = state / "settings" / "@jupyterlab" / "notebook-extension"
        tracker.mkdir(parents=True, exist_ok=True)
        (tracker / "tracker.jupyterlab-settings").write_text(
            json.dumps({"windowingMode": "none"})
        )
        cmd = [
            sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
            f"--port={self.port}", "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.expose_app_in_browser=True",
            f"--ServerApp.root_dir={self.root}",
        ]
        self._log = open(self.logfile, "wb")
        self.proc = subprocess.Popen(
            cmd, cwd=self.root, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + SERVER_START_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.proc.returncode}.\n"
                                   + self.log_tail())
            try:
                with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as r:
                    if r.status == 200 and "started" in json.loads(r.read()):
                        return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"JupyterLab did not answer /api/status within {SERVER_START_S}s.\n"
                           + self.log_tail())

    def stop(self) -> None:
        """Shut down cleanly (kernels too): SIGINT twice is Jupyter's own Ctrl-C, Ctrl-C."""
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            req = urllib.request.Request(f"{self.url}/api/shutdown", method="POST")
            urllib.request.urlopen(req, timeout=5).close()
            self.proc.wait(timeout=15)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        finally:
            self._log.close()

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.logfile.read_text(errors="replace").splitlines()
        except OSError:
            return "(no server log)"
        return "--- JupyterLab log (tail) ---\n" + "\n".join(text[-lines:])


@pytest.fixture(scope="session")
def chromium() -> Path:
    """Debian's Chromium. Missing is a failure (not a skip): the test command installs it."""
    if not CHROMIUM.exists():
        pytest.fail(
            "/usr/bin/chromium is missing. Install Debian's Chromium with "
            "`sudo apt-get install -y chromium` (tools/test-all does this); "
            "never `playwright install`.",
            pytrace=False,
        )
    return CHROMIUM


@pytest.fixture(scope="session")
def lab(tmp_path_factory) -> LabServer:
    """JupyterLab on 127.0.0.1 serving a temporary copy of ``notebooks/`` and
    ``docs/rulings/`` (the pages the notebooks link to), as the checkout lays them out."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "checkout"
    skip = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    shutil.copytree(ROOT / "notebooks", root / "notebooks", ignore=skip)
    shutil.copytree(ROOT / "docs" / "rulings", root / "docs" / "rulings", ignore=skip)
    server = LabServer(root, base / "jupyterlab.log")
    try:
        server.start()
    except Exception:
        server.stop()
        raise
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser(chromium, playwright):
    b = playwright.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS,
                                   headless=True)
    yield b
    b.close()


@pytest.fixture
def page(browser, lab):
    context = browser.new_context(viewport=dict(LAPTOP), device_scale_factor=1)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    context.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    """The folder for this run's screenshots (``tl_board_helpers.screenshot_dir``)."""
    return screenshot_dir(tmp_path_factory.mktemp("screenshots"))
