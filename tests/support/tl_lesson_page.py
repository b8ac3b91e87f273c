"""Driving a lesson (``tl.Lesson``) in a real page as a learner would: only the spotlit
targets (``tl-spotlight``) and Next on the reading steps, one wrong (dimmed) click on the
way, until the lesson says it is finished (``tl-lesson-done``).

Why in tests/support: the same learner is driven in JupyterLab (tests/browser) and in
Voila (tests/lite), and test modules are imported in importlib mode, so they cannot
import each other by name. Everything it reads is what the page shows: the step counter
("k of n"), the panel's hint, the board's picture and its version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

LESSON = ".tl-lesson-widget"
WAIT_MS = 120_000
#: What an app must never show a learner (issue item 5: no cells, Shift+Enter or Python).
CODE_WORDS = re.compile(r"shift\s*\+\s*enter|\bcells?\b|\bpython\b", re.IGNORECASE)

#: A target of the given class (not the one picked already: clicking that puts it back)
#: with a point on top of everything, scrolled into view inside the board's frame first:
#: [data-target, x, y] (the point, relative to the target's box), or null. Its centre is
#: tried first, then points around it: a learner clicks any part they can see (a marker
#: drawn over a target's middle, as the Diner's bee, leaves the rest clickable).
UNCOVERED = """([frame, cls]) => {
    const spots = [[0.5, 0.5], [0.25, 0.5], [0.75, 0.5], [0.5, 0.2], [0.5, 0.8],
                   [0.15, 0.15], [0.85, 0.85], [0.15, 0.85], [0.85, 0.15]];
    for (const n of frame.querySelectorAll('[data-target].' + cls + ':not(.tl-selected)')) {
      n.scrollIntoView({block: 'nearest', inline: 'nearest'});
      const r = n.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      for (const [fx, fy] of spots) {
        const hit = document.elementFromPoint(r.x + r.width * fx, r.y + r.height * fy);
        if (hit && hit.closest('[data-target]') === n)
          return [n.getAttribute('data-target'), r.width * fx, r.height * fy];
      }
    }
    return null;
}"""

#: Where the panel and the first uncovered spotlit target are, with no scrolling at all.
FIRST_SCREEN = """(root) => {
    const box = (el) => { const r = el.getBoundingClientRect();
                          return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const frame = root.querySelector('.tl-lesson-board .tl-frame');
    const spots = [[0.5, 0.5], [0.25, 0.5], [0.75, 0.5], [0.5, 0.2], [0.5, 0.8]];
    const lit = [...frame.querySelectorAll('[data-target].tl-spotlight')].find((n) => {
      const r = n.getBoundingClientRect();
      return spots.some(([fx, fy]) => {
        const hit = document.elementFromPoint(r.x + r.width * fx, r.y + r.height * fy);
        return hit && hit.closest('[data-target]') === n;
      });
    });
    const page = document.scrollingElement;
    return {panel: box(root.querySelector('.tl-lesson')), frame: box(frame),
            lit: lit ? box(lit) : null, width: window.innerWidth, height: window.innerHeight,
            lesson: box(root), scrollY: window.scrollY, frameScroll: frame.scrollTop,
            pageScrolls: page.scrollHeight > page.clientHeight};
}"""


@dataclass
class LessonRun:
    """What completing a lesson took."""

    clicks: int = 0
    nexts: int = 0
    counters: list[str] = field(default_factory=list)
    #: The wrong click (``LessonPage.wrong_click``): hint, counters, pictures.
    wrong: tuple[str, tuple[str, str], tuple[str, str]] | None = None


class LessonPage:
    """One lesson widget (``root``: a locator on ``.tl-lesson-widget``) in ``page``."""

    def __init__(self, page, root) -> None:
        self.page = page
        self.root = root
        self.board = root.locator(".tl-lesson-board")
        self.view = self.board.locator(".tl-board-view")
        self.frame = self.board.locator(".tl-frame")

    def wait_drawn(self, timeout: float = WAIT_MS) -> None:
        self.frame.locator("svg").wait_for(state="visible", timeout=timeout)
        self.root.locator(".tl-lesson-step").wait_for(state="visible", timeout=timeout)
        self.idle()

    def idle(self) -> None:
        """Wait until the board is not waiting for the kernel."""
        self.page.wait_for_function(
            "(el) => !el.classList.contains('tl-thinking')",
            arg=self.view.element_handle(), timeout=WAIT_MS)

    def counter(self) -> str:
        return self.root.locator(".tl-lesson-step").inner_text().strip()

    def picture(self) -> str:
        """The board's picture as drawn (without the spotlight classes the page adds)."""
        return self.frame.evaluate("""(frame) => {
            const svg = frame.querySelector('svg').cloneNode(true);
            for (const n of svg.querySelectorAll('.tl-spotlight, .tl-dimmed'))
              n.classList.remove('tl-spotlight', 'tl-dimmed');
            return svg.outerHTML;
        }""")

    def done(self) -> bool:
        return self.root.locator(".tl-lesson-done").is_visible()

    def hint(self) -> str:
        box = self.root.locator(".tl-lesson-hint")
        return box.inner_text().strip() if box.is_visible() else ""

    def next_enabled(self) -> bool:
        return self.root.locator(".tl-lesson-next").is_enabled()

    def first_screen(self) -> dict:
        return self.root.evaluate(FIRST_SCREEN)

    def visible_text(self) -> str:
        return self.page.evaluate("() => document.body.innerText")

    def _uncovered(self, cls: str) -> tuple[str, float, float] | None:
        found = self.page.evaluate(UNCOVERED, [self.frame.element_handle(), cls])
        return None if found is None else (found[0], found[1], found[2])

    def _click_target(self, target: tuple[str, float, float]) -> None:
        tid, x, y = target
        self.frame.locator(f"[data-target='{tid}']").first.click(position={"x": x, "y": y})
        self.idle()


    def to_first_spotlight(self, limit: int = 30) -> int:
        """Press Next until a step spotlights something; how many times."""
        for pressed in range(limit):
            self.settled()
            if self.frame.locator("[data-target].tl-spotlight").count():
                return pressed
            assert self.next_enabled(), (
                f"step {self.counter()} spotlights nothing and Next is disabled")
            self.press_next()
        raise AssertionError(f"no step spotlit anything in {limit} steps")

    def press_next(self) -> None:
        """Press Next and wait for its answer to be whole. Why the board's version and not
        the counter: every gesture of the lesson redraws the panel first and the board last
        (``Lesson._update``), and comm messages arrive in order, so a new picture means the
        panel is new too; the counter changes first, and the Next button's state arrives
        after it (pressing again on the stale state once timed out on a disabled Next)."""
        before = self.view.get_attribute("data-version")
        self.root.locator(".tl-lesson-next").click()
        self.page.wait_for_function(
            "([view, before]) => view.dataset.version !== before",
            arg=[self.view.element_handle(), before], timeout=WAIT_MS)
        self.idle()

    def wrong_click(self) -> tuple[str, tuple[str, str], tuple[str, str]]:
        """Click a dimmed target: (the hint shown, counters before and after, pictures
        before and after)."""
        target = self._uncovered("tl-dimmed")
        assert target is not None, f"step {self.counter()}: no dimmed target is uncovered"
        before = (self.counter(), self.picture())
        self._click_target(target)
        self.root.locator(".tl-lesson-hint").wait_for(state="visible", timeout=WAIT_MS)
        after = (self.counter(), self.picture())
        return self.hint(), (before[0], after[0]), (before[1], after[1])

    def settled(self) -> None:
        """Wait until the page offers the learner something: the lesson is done, Next is
        enabled, or a spotlit target is drawn. Why: the kernel sends the picture, the
        spotlight and the panel as separate updates, so the board may stop "thinking"
        (a new picture) a moment before the spotlight or the buttons arrive."""
        self.page.wait_for_function(
            """([root, frame]) => {
                const done = root.querySelector('.tl-lesson-done');
                const next = root.querySelector('.tl-lesson-next');
                return (done && done.offsetParent !== null) || (next && !next.disabled)
                    || frame.querySelector('[data-target].tl-spotlight') !== null;
            }""",
            arg=[self.root.element_handle(), self.frame.element_handle()], timeout=WAIT_MS)

    def complete(self, limit: int = 400, wrong_click: bool = False) -> LessonRun:
        """Spotlit targets and Next only, until the lesson is finished; with
        ``wrong_click``, one dimmed target too, at the first step that waits for a move
        and dims something (``run.wrong`` says what came of it)."""
        run = LessonRun()
        for _ in range(limit):
            self.settled()
            if self.done():
                return run
            counter = self.counter()
            if not run.counters or run.counters[-1] != counter:
                run.counters.append(counter)
            if (wrong_click and run.wrong is None and not self.next_enabled()
                    and self._uncovered("tl-dimmed") is not None):
                run.wrong = self.wrong_click()
                continue
            if self.next_enabled():
                self.press_next()
                run.nexts += 1
                continue
            target = self._uncovered("tl-spotlight")
            assert target is not None, (
                f"step {counter}: Next is disabled and no spotlit target can be clicked; "
                f"hint: {self.hint()!r}")
            version = self.view.get_attribute("data-version")
            self._click_target(target)
            run.clicks += 1
            # A refused click changes nothing; an accepted one (or the first click of a
            # move's path) redraws the board.
            assert self.view.get_attribute("data-version") != version, (
                f"step {counter}: the spotlit {target[0]!r} changed nothing; "
                f"hint: {self.hint()!r}")
        raise AssertionError(f"the lesson did not finish in {limit} gestures: {run}")


__all__ = ["CODE_WORDS", "LESSON", "LessonPage", "LessonRun"]
