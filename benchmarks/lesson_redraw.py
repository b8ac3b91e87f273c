"""How long a lesson takes to redraw after a click, in a real Chromium, against the smallest
widget round trip measured in the same page.

    python benchmarks/lesson_redraw.py [--lessons backyard,diner] [--clicks 30] [--seed 3]

Why: issue 46 ("Learn to play", Speed) asks that a click inside a lesson be answered
quickly: the median from the click to the redrawn board at most 100 ms on a quiet machine.
That time is spent in the browser (the click's message, the new SVG parsed and marked),
on the wire (Voila's comm) and in the kernel (the tutor, the bots, ``Board.refresh`` and
the widgets' state), so only a page measures it whole.

How: each lesson app (``notebooks/learn/learn-<id>.ipynb``) is copied with one extra cell,
an ipywidgets Button whose ``on_click`` adds one to an HTML widget (the reference: the
smallest round trip a widget can make, in the same kernel), and opened in Voila
(tests/support/tl_voila.py) in Debian's Chromium (``/usr/bin/chromium``, the browser
tests' flags; never a downloaded browser) at 1366x768. The learner of the browser tests
(tests/support/tl_lesson_page.py) walks the lesson: Next on a step to read, else a
spotlit target, on the seed those tests play (tests/support/tl_lesson_seed.py: the first
whose deal dims a target) unless ``--seed`` says. Each gesture is timed inside the page
with ``performance.now()``: from the DOM click event (a capturing listener on the window)
to the moment a MutationObserver sees the board's new version drawn (the view's
``data-version``; the lesson sends its panel first and the board last, so the panel's
step counter is new by then: a counter changing later would count instead). After each
gesture the reference button is clicked once and timed the same way, to its new text, so
the two figures share the machine's load at that moment; the ratio reads "the lesson's
redraw is k bare widget round trips". ``--clicks`` caps the gestures timed per lesson.

Printed per lesson: gestures timed, median, 90th percentile and slowest (ms), the median
time to the first change the answer made in the page ("reply": the kernel's first message
handled; the rest is the kernel finishing the picture and the page drawing it), the
reference's median, the ratio of the medians, and whether the median meets the 100 ms
target. The figures are printed, never asserted: speed is measured here, not in tests.
Needs the lab and test extras (Voila, Playwright).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# The browser tests' page drivers and Voila server, used as they are (not copied).
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from engines import machine  # noqa: E402
from tl_lesson_page import LESSON, LessonPage  # noqa: E402
from tl_lesson_seed import dimming_seed, seeded_app  # noqa: E402
from tl_voila import voila_server  # noqa: E402

import treehouse_lab as tl  # noqa: E402

#: The goal of issue 46: the median click-to-redraw of a lesson, in ms.
TARGET_MS = 100.0
LEARN = ROOT / "notebooks" / "learn"
RENDER_LIMIT_MS = 240_000

#: The reference cell added to each app: one click, one new value, one redraw.
REFERENCE_CELL = """\
import ipywidgets as _w
_ping = _w.Button(description="Ping")
_ping.add_class("tl-bench-ping")
_pong = _w.HTML("0")
_pong.add_class("tl-bench-pong")
def _answer(_b):
    _pong.value = str(int(_pong.value) + 1)
_ping.on_click(_answer)
_w.HBox([_ping, _pong])
"""

#: The in-page stopwatch: a capturing click listener starts it, a MutationObserver on the
#: watched element stops it when the mark (the board's version, or the reference's text)
#: changes, and notes the last change of the lesson's step counter.
STOPWATCH = """() => {
  if (window.__tlBench) return;
  const B = window.__tlBench = {cur: null, obs: null};
  window.addEventListener('click', () => {
    const c = B.cur;
    if (c && c.t0 === null) c.t0 = performance.now();
  }, true);
}"""

ARM = """([root, kind]) => {
  const B = window.__tlBench;
  if (B.obs) B.obs.disconnect();
  const view = kind === 'lesson' ? root.querySelector('.tl-lesson-board .tl-board-view') : null;
  const mark = () => view ? view.dataset.version : root.textContent;
  const counter = () => {
    const n = kind === 'lesson' ? root.querySelector('.tl-lesson-step') : null;
    return n ? n.textContent : '';
  };
  const c = B.cur = {t0: null, mark0: mark(), counter: counter(), tMark: null, tCounter: null,
                     tFirst: null};
  B.obs = new MutationObserver(() => {
    const now = performance.now();
    if (c.tFirst === null && c.t0 !== null) c.tFirst = now;
    if (c.tMark === null && mark() !== c.mark0) c.tMark = now;
    const k = counter();
    if (k !== c.counter) { c.counter = k; c.tCounter = now; }
  });
  B.obs.observe(root, {subtree: true, childList: true, characterData: true,
                       attributes: true, attributeFilter: ['data-version']});
}"""

STOPPED = "() => { const c = window.__tlBench.cur; return c.t0 !== null && c.tMark !== null; }"

#: The time of the gesture, ms: to the new mark, or to the counter if it changed later;
#: and to the first change the answer made in the page (the kernel's reply arriving).
READ = """() => {
  const c = window.__tlBench.cur;
  return [Math.max(c.tMark, c.tCounter === null ? 0 : c.tCounter) - c.t0, c.tFirst - c.t0];
}"""


def _browser_settings() -> dict:
    """The browser tests' Chromium and its flags (tests/browser/conftest.py), so the
    benchmark's browser is theirs."""
    spec = importlib.util.spec_from_file_location(
        "tl_browser_conftest", ROOT / "tests" / "browser" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {"path": module.CHROMIUM, "args": module.CHROMIUM_ARGS, "screen": module.LAPTOP}


class _Enough(Exception):
    """The ``--clicks`` cap was reached."""


class TimedLesson(LessonPage):
    """The browser tests' learner, with each gesture timed in the page and followed by
    one timed click on the reference button."""

    def __init__(self, page, root, cap: int | None) -> None:
        super().__init__(page, root)
        self.cap = cap
        self.lesson_ms: list[float] = []
        #: click to the first change the answer made (the kernel's reply arriving)
        self.reply_ms: list[float] = []
        self.reference_ms: list[float] = []
        self.ping = page.locator(".tl-bench-ping").first
        self.pong = page.locator(".tl-bench-pong").first
        page.evaluate(STOPWATCH)

    def _timed(self, root, gesture) -> tuple[float, float]:
        self.page.evaluate(ARM, [root.element_handle(), "lesson" if root is self.root
                                 else "reference"])
        gesture()
        self.page.wait_for_function(STOPPED, timeout=RENDER_LIMIT_MS)
        whole, reply = self.page.evaluate(READ)
        return whole, reply

    def reference(self) -> float:
        return self._timed(self.pong, lambda: self.ping.click())[0]

    def _lesson(self, gesture) -> None:
        if self.cap is not None and len(self.lesson_ms) >= self.cap:
            raise _Enough
        whole, reply = self._timed(self.root, gesture)
        self.lesson_ms.append(whole)
        self.reply_ms.append(reply)
        self.settled()
        self.reference_ms.append(self.reference())

    def press_next(self) -> None:
        self._lesson(super().press_next)

    def _click_target(self, target: tuple[str, float, float]) -> None:
        self._lesson(lambda: super(TimedLesson, self)._click_target(target))


def bench_app(folder: Path, lesson_id: str, seed: int) -> Path:
    """The app of ``lesson_id`` on ``seed``, with the reference cell, in ``folder``."""
    app = seeded_app(LEARN / f"learn-{lesson_id}.ipynb", folder, seed)
    nb = json.loads(app.read_text(encoding="utf-8"))
    nb["cells"].append({"cell_type": "code", "execution_count": None, "id": "tl-bench-ping",
                        "metadata": {}, "outputs": [],
                        "source": REFERENCE_CELL.splitlines(keepends=True)})
    path = folder / f"bench-{lesson_id}.ipynb"
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


def measure(browser, settings: dict, url: str, app: Path, cap: int | None) -> TimedLesson:
    context = browser.new_context(viewport=dict(settings["screen"]), device_scale_factor=1)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{url}voila/render/{app.name}", timeout=RENDER_LIMIT_MS)
        lesson = TimedLesson(page, page.locator(LESSON).first, cap)
        lesson.wait_drawn(timeout=RENDER_LIMIT_MS)
        lesson.ping.wait_for(state="visible", timeout=RENDER_LIMIT_MS)
        page.mouse.move(0, 0)
        page.wait_for_timeout(300)  # fonts and the grid settle
        for _ in range(3):  # the first round trips warm the comm up: not counted
            lesson.reference()
        try:
            lesson.complete()
        except _Enough:
            pass
        return lesson
    finally:
        context.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", default=",".join(tl.lessons()),
                        help="lesson ids, comma-separated (default: all)")
    parser.add_argument("--clicks", type=int, default=None,
                        help="time at most this many gestures per lesson")
    parser.add_argument("--seed", type=int, default=None,
                        help="the deal (default: the browser tests' seed of each lesson)")
    args = parser.parse_args(argv)
    lessons = [x for x in args.lessons.split(",") if x]
    unknown = sorted(set(lessons) - set(tl.lessons()))
    if unknown:
        parser.error(f"unknown lessons {unknown}; choose from {', '.join(tl.lessons())}")

    from playwright.sync_api import sync_playwright

    settings = _browser_settings()
    print(f"machine: {machine()}")
    print(f"reference: an ipywidgets Button whose on_click sets an HTML widget, in the same "
          f"page and kernel, clicked after each gesture; target: median <= {TARGET_MS:.0f} ms")
    print(f"{'lesson':12s} {'seed':>4s} {'clicks':>6s} {'median':>7s} {'p90':>7s} "
          f"{'max':>7s} {'reply':>7s} {'ref med':>7s} {'ratio':>6s}  "
          f"target median <= {TARGET_MS:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp, voila_server(Path(tmp)) as url, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(settings["path"]),
                                     args=settings["args"], headless=True)
        try:
            for lesson_id in lessons:
                seed = dimming_seed(lesson_id) if args.seed is None else args.seed
                app = bench_app(Path(tmp), lesson_id, seed)
                run = measure(browser, settings, url, app, args.clicks)
                ms, ref = run.lesson_ms, run.reference_ms
                med, ref_med = statistics.median(ms), statistics.median(ref)
                verdict = "met" if med <= TARGET_MS else "not met"
                print(f"{lesson_id:12s} {seed:4d} {len(ms):6d} {med:7.1f} "
                      f"{percentile(ms, 0.9):7.1f} {max(ms):7.1f} "
                      f"{statistics.median(run.reply_ms):7.1f} {ref_med:7.1f} "
                      f"{med / ref_med:6.1f}  {verdict}", flush=True)
        finally:
            browser.close()
    print(f"machine after: {machine()}")


if __name__ == "__main__":
    main()
