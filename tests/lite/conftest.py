"""The offline JupyterLite site, built from this checkout, served on 127.0.0.1 by a plain
static server, and driven in Debian's Chromium with no way out to the internet.

Why this much machinery: the promise is "nothing installed, no server, no network". So
the site is built by the README's command (``tools/build_lite.py``) into a pytest
temporary folder, served by ``python -m http.server`` as the README says, and Chromium
sends every request that is not for 127.0.0.1 to a proxy here that refuses it and writes
it down (requests from the page, its workers and the service worker alike). Each test
then checks the list it added to.

Chromium itself calls a few Google services (updates, sign-in) whatever the flags; those
hosts are listed in ``BROWSER_OWN`` and reported, not failed. Anything else is the site's.

Downloads for the build are cached in ``$XDG_CACHE_HOME/treehouse-lab/lite`` (outside the
checkout), so only the first run on a machine fetches Pyodide and the wheels.

Timings (build, page to kernel ready, run-all, click to redraw) are printed at the end of
the session (``tl_figures``, from xdist workers too); they are figures to read, not
assertions. Waits have generous limits only.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from tl_board_helpers import screenshot_dir
from tl_figures import FIGURES
from tl_lite_page import Board, LitePage

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate",
]
#: Domains of the services Chromium calls on its own account (sign-in, component updates:
#: accounts.google.com, update.googleapis.com...). At the proxy they are refused and
#: reported, not failed; a request the site's pages or workers make is failed by its URL
#: whatever its host.
BROWSER_OWN = ("google.com", "googleapis.com", "gvt1.com")
BUILD_LIMIT_S = 900  # generous: a cold cache downloads Pyodide and compiles sympy



def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def chromium() -> Path:
    """Debian's Chromium. Missing is a failure (not a skip): the test command installs it."""
    if not CHROMIUM.exists():
        pytest.fail("/usr/bin/chromium is missing. Install Debian's Chromium with "
                    "`sudo apt-get install -y chromium` (tools/test-all does this); "
                    "never `playwright install`.", pytrace=False)
    return CHROMIUM


def build_site(out: Path, *flags: str) -> dict:
    """Run the README's build command; the site's ``lite-build.json``."""
    try:
        run = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "build_lite.py"), str(out), *flags],
            capture_output=True, text=True, timeout=BUILD_LIMIT_S,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"building the Lite site took over {BUILD_LIMIT_S} s:\n{exc.stdout}",
                    pytrace=False)
    if run.returncode != 0:
        pytest.fail("tools/build_lite.py failed:\n" + run.stdout[-3000:] + run.stderr[-3000:],
                    pytrace=False)
    return json.loads((out / "lite-build.json").read_text())


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory) -> Path:
    """The offline site, built into a temporary folder."""
    out = tmp_path_factory.mktemp("lite") / "site"
    t0 = time.monotonic()
    info = build_site(out)
    FIGURES["lite build (s, this run's cache)"] = round(time.monotonic() - t0, 1)
    FIGURES["lite site size (MiB)"] = round(info["size_bytes"] / 2**20, 1)
    return out


@pytest.fixture(scope="session")
def lite_cdn_site(tmp_path_factory) -> Path:
    """The site as published: matplotlib listed at Pyodide's CDN (``--matplotlib-cdn``)."""
    out = tmp_path_factory.mktemp("lite-cdn") / "site"
    t0 = time.monotonic()
    build_site(out, "--matplotlib-cdn")
    FIGURES["lite build --matplotlib-cdn (s)"] = round(time.monotonic() - t0, 1)
    return out


class StaticServer:
    """``python -m http.server`` on 127.0.0.1, as the README serves the site."""

    def __init__(self, root: Path, log: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = open(log, "wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
             "--directory", str(root)],
            stdout=self._log, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/jupyter-lite.json", timeout=2):
                    return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"the static server did not start; see {log}") from None
                time.sleep(0.2)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self._log.close()


@pytest.fixture(scope="session")
def site_url(lite_site, tmp_path_factory) -> str:
    server = StaticServer(lite_site, tmp_path_factory.mktemp("http") / "http.log")
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def cdn_site_url(lite_cdn_site, tmp_path_factory) -> str:
    server = StaticServer(lite_cdn_site, tmp_path_factory.mktemp("http-cdn") / "http.log")
    yield server.url
    server.stop()


def _host(request_line: str) -> str:
    """The host of "CONNECT host:443 HTTP/1.1" or "GET http://host/path HTTP/1.1"."""
    parts = request_line.split()
    target = parts[1] if len(parts) > 1 else ""
    return target.split("://")[-1].split("/")[0].rsplit(":", 1)[0]


class Sink:
    """A proxy that answers every request 403 and keeps its first line: Chromium is told to
    use it for everything but loopback, so whatever reaches it was headed outside."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(32)
        self.port = self._sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    first = conn.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
                    self.seen.append(first or "-")
                    conn.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n"
                                 b"Connection: close\r\n\r\n")
                except OSError:
                    pass

    def close(self) -> None:
        self._sock.close()


@pytest.fixture(scope="session")
def sink() -> Sink:
    s = Sink()
    yield s
    s.close()
    if s.seen:
        FIGURES["hosts refused at the proxy (all tests)"] = sorted({_host(ln) for ln in s.seen})


@pytest.fixture(scope="session")
def browser(chromium, sink, playwright):
    b = playwright.chromium.launch(executable_path=str(chromium), headless=True,
                                   args=[*CHROMIUM_ARGS, f"--proxy-server=127.0.0.1:{sink.port}"])
    yield b
    b.close()


class Offline:
    """What left loopback while one test ran: requests Playwright saw from the page and its
    workers, and request lines that reached the sink."""

    def __init__(self, context, sink: Sink) -> None:
        self.sink = sink
        self.start = len(sink.seen)
        self.urls: list[str] = []
        self._context = context
        context.on("request", self._seen)

    def _seen(self, request) -> None:
        self.urls.append(request.url)

    def stop(self) -> None:
        """Stop watching (the profile goes on to the next notebook)."""
        self._context.remove_listener("request", self._seen)

    def outside(self) -> tuple[list[str], list[str], list[str]]:
        """(site requests to other hosts, sink lines from the site, Chromium's own)."""
        local = ("http://127.0.0.1:", "data:", "blob:")
        urls = [u for u in self.urls if not u.startswith(local)]
        lines = self.sink.seen[self.start:]
        own = [ln for ln in lines if _host(ln).endswith(BROWSER_OWN)]
        return urls, [ln for ln in lines if ln not in own], own

    def check(self) -> None:
        urls, lines, _ = self.outside()
        assert not urls and not lines, (
            f"requests left 127.0.0.1: seen by the page {urls}, at the proxy {lines}")


#: What a profile forgets between two notebooks: everything the site stored (its tabs,
#: its files, its service worker), all but the HTTP cache, which keeps the compiled
#: Pyodide and the lab's scripts (Chromium's code cache lives there).
SITE_STORAGE = ("local_storage,indexeddb,service_workers,cache_storage,file_systems,"
                "websql,shader_cache")


class Profile:
    """One browser profile that runs one notebook at a time, for notebook after notebook.
    Why not a fresh profile each time: a fresh one compiles Pyodide and the lab again
    (about 2 s of CPU a notebook). Why not one profile for all: two notebooks open at once
    in one profile restore each other's tabs and mix their requests. So between two
    notebooks the profile forgets all the site stored (``SITE_STORAGE``, through the
    DevTools protocol's ``Storage.clearDataForOrigin``): the next one starts with no tab,
    no file and no service worker, as a student's first visit does, but for the cache."""

    def __init__(self, browser, url: str, sink: Sink) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000},
                                           device_scale_factor=1)
        self.url, self.sink = url, sink
        self.busy = False

    def open(self) -> LitePage:
        """A page on the site, the site's storage cleared, its requests watched."""
        assert not self.busy, "a profile runs one notebook at a time"
        self.busy = True
        page = self.context.new_page()
        page.set_default_timeout(60_000)
        cdp = self.context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin",
                 {"origin": self.url, "storageTypes": SITE_STORAGE})
        cdp.detach()
        return LitePage(page, Offline(self.context, self.sink), self.url)

    def done(self, lite_page: LitePage) -> None:
        lite_page.offline.stop()
        lite_page.page.close()
        self.busy = False


#: How many notebooks run in the browser at once: the one a test looks at and those
#: started ahead for the next tests. Each kernel computes on one core in its own worker,
#: and booting Pyodide is mostly one core's work too, so two keep a 2-core machine busy.
AT_ONCE = int(os.environ.get("TL_LITE_AT_ONCE", "2"))


class RunsAhead:
    """The notebooks of one site, started ahead of the tests that look at them, in the
    order pytest runs those tests (``names``), with at most ``AT_ONCE`` running, each in a
    profile of its own at the time (``Profile``: one profile per notebook running at
    once, its site storage cleared in between). Each notebook still runs alone in its
    kernel from a clean start, and its test still watches every request its profile made
    from the start."""

    def __init__(self, browser, url: str, sink: Sink, names: list[str]) -> None:
        self.browser, self.url, self.sink, self.names = browser, url, sink, names
        self.profiles: list[Profile] = []
        self.started: dict[str, tuple[Profile, LitePage]] = {}
        self.taken: set[str] = set()

    def _profile(self) -> Profile:
        free = next((p for p in self.profiles if not p.busy), None)
        if free is None:
            free = Profile(self.browser, self.url, self.sink)
            self.profiles.append(free)
        return free

    def _start(self, name: str) -> None:
        profile = self._profile()
        lite_page = profile.open()
        self.started[name] = (profile, lite_page)
        lite_page.start(name)

    def take(self, name: str) -> tuple[Profile, LitePage]:
        """``name``'s profile and page, its run begun; the next ones start behind it."""
        if name not in self.started:
            self._start(name)
        self.taken.add(name)
        got = self.started.pop(name)
        later = self.names[self.names.index(name) + 1:] if name in self.names else []
        for nxt in later:
            if len(self.started) >= AT_ONCE - 1:
                break
            if nxt not in self.started and nxt not in self.taken:
                self._start(nxt)
        return got

    def close(self) -> None:
        for profile, lite_page in self.started.values():
            profile.done(lite_page)
        self.started.clear()
        for profile in self.profiles:
            profile.context.close()


def _planned(session, fixture: str) -> list[str]:
    """The ``name`` of each selected test using ``fixture``, in the order they run."""
    return [item.callspec.params["name"] for item in session.items
            if fixture in getattr(item, "fixturenames", ())
            and "name" in getattr(getattr(item, "callspec", None), "params", {})]


@pytest.fixture(scope="session")
def lite_runs(request, browser, site_url, sink) -> RunsAhead:
    runs = RunsAhead(browser, site_url, sink, _planned(request.session, "lite"))
    yield runs
    runs.close()


@pytest.fixture(scope="session")
def lite_cdn_runs(request, browser, cdn_site_url, sink) -> RunsAhead:
    runs = RunsAhead(browser, cdn_site_url, sink, _planned(request.session, "lite_cdn"))
    yield runs
    runs.close()


@pytest.fixture
def lite(request, lite_runs) -> LitePage:
    """The test's notebook (its ``name`` parameter) open in the offline site and running."""
    profile, lite_page = lite_runs.take(request.node.callspec.params["name"])
    yield lite_page
    profile.done(lite_page)


@pytest.fixture
def lite_cdn(request, lite_cdn_runs) -> LitePage:
    """The same, on the site as published (``--matplotlib-cdn``)."""
    profile, lite_page = lite_cdn_runs.take(request.node.callspec.params["name"])
    yield lite_page
    profile.done(lite_page)


@pytest.fixture(scope="session")
def board_in():
    """``board_in(page, locator)``: a ``Board`` driver for a ``.tl-board-widget`` in any
    page (the Lite site's, Voila's)."""
    return Board


@pytest.fixture(scope="session")
def figures() -> dict[str, object]:
    """Where tests put their timings for the end-of-session summary."""
    return FIGURES


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    """This run's screenshot folder (``docs/images/`` only with ``TL_SAVE_SCREENSHOTS=1``)."""
    return screenshot_dir(tmp_path_factory.mktemp("lite-screenshots"))


@pytest.fixture
def lite_page(browser, site_url, sink) -> LitePage:
    """A fresh browser profile on the offline site, for a test that drives the lab itself
    (rather than running one notebook through ``lite``); closed after the test."""
    profile = Profile(browser, site_url, sink)
    page = profile.open()
    yield page
    profile.done(page)
    profile.context.close()


@pytest.fixture(scope="session")
def learn_site(tmp_path_factory):
    """One Voila server for every lesson-app test (``tl_learn_app.learn_server``): (its
    address, the folder it serves, a copy of ``notebooks/learn/``)."""
    from tl_learn_app import learn_server

    with learn_server(tmp_path_factory.mktemp("voila-learn")) as site:
        yield site
