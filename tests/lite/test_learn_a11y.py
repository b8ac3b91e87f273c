"""The lesson apps by keyboard and screen reader (issue 46, "Learn to play": "It must work
with the keyboard and with a screen reader: the panel and the spotlit targets are reachable
with Tab, and each new step is announced"), in a real Voila at 1366x768, one page per app:

* axe-core (tests/support/tl_axe.py) finds nothing critical or serious on the page, at the
  first step and again after the learner's first move;
* every text on the page, the panel's and the board's, is at least 11 px
  (tests/support/tl_text_sizes.py), at both times;
* with the keyboard alone (no mouse at all): Tab reaches every button of the panel and
  every spotlit target, never a dimmed target; Enter on Next goes on; Enter, then Space
  where a move takes a second click, on spotlit targets plays the step's move; and each
  new step is said in an aria-live region ("Step k of n").

Each app is played on the seed its other Voila test plays (tests/support/tl_lesson_seed.py,
via ``tl_learn_app.open_app``), on the same Voila server (``learn_site``).
"""

from __future__ import annotations

import pytest
from tl_axe import failing, report, violations
from tl_learn_app import LESSONS, open_app
from tl_lesson_page import WAIT_MS, LessonPage
from tl_text_sizes import MEASURE, MEASURE_HTML, too_small
from tl_text_sizes import report as size_report

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: How many Tab presses a full round of the page may take (the Diner spotlights many
#: targets at once); more means the focus is stuck or the page has no end.
TAB_LIMIT = 300
#: Clicks one move may take by keyboard (a Diner move: an order, then where it goes).
CLICKS_PER_MOVE = 4

#: JavaScript: what has the keyboard focus: a board target (its data-target, and whether
#: it is spotlit or dimmed), a button of the lesson panel (its text), or something else.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const target = el.closest('[data-target]');
  if (target) return {kind: 'target', name: target.getAttribute('data-target'),
                      lit: target.classList.contains('tl-spotlight'),
                      dimmed: target.classList.contains('tl-dimmed')};
  const panel = el.closest('.tl-lesson');
  return {kind: panel && el.tagName === 'BUTTON' ? 'button' : 'other',
          name: (el.innerText || el.getAttribute('aria-label') || el.tagName).trim()};
}"""

#: JavaScript: ``(root) => {buttons, lit, dimmed}``: what a learner can see and use now:
#: the panel's enabled buttons (their text), the spotlit and dimmed targets drawn.
OFFERED = """(root) => {
  const drawn = (el) => el.getClientRects().length > 0 && el.checkVisibility();
  const names = (cls) => [...root.querySelectorAll('.tl-frame [data-target].' + cls)]
    .filter(drawn).map((n) => n.getAttribute('data-target'));
  return {buttons: [...root.querySelectorAll('.tl-lesson button')]
            .filter((b) => drawn(b) && !b.disabled).map((b) => b.innerText.trim()),
          lit: names('tl-spotlight'), dimmed: names('tl-dimmed')};
}"""

#: JavaScript: the text of every aria-live region in the lesson (``root``).
LIVE = """(root) => [...root.querySelectorAll('[aria-live]')]
  .filter((n) => n.getAttribute('aria-live') !== 'off').map((n) => n.textContent.trim())"""


def _focused(page) -> dict | None:
    return page.evaluate(FOCUSED)


def _tab_round(page) -> list[dict]:
    """Tab from where the focus is through the whole page, once round (past the page's
    end, where the focus leaves the page, and on from its start): what got the focus, in
    order, until an element comes again."""
    seen: list[dict] = []
    keys: set[str] = set()
    for _ in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        now = _focused(page)
        if now is None:  # out of the page: the next Tab starts at its top
            continue
        key = f"{now['kind']}:{now['name']}"
        if key in keys:
            return seen
        keys.add(key)
        seen.append(now)
    raise AssertionError(f"Tab went on for {TAB_LIMIT} presses without coming round: "
                         f"{[f['name'] for f in seen[-10:]]}")


def _tab_to(page, want, what: str) -> dict:
    """Press Tab until ``want(focused)`` holds; the focused element then."""
    for _ in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        now = _focused(page)
        if now is not None and want(now):
            return now
    raise AssertionError(f"Tab never reached {what}")


def _wait_new_version(lesson: LessonPage, before: str | None) -> None:
    lesson.page.wait_for_function(
        "([view, before]) => view.dataset.version !== before",
        arg=[lesson.view.element_handle(), before], timeout=WAIT_MS)
    lesson.idle()
    lesson.settled()


def _announced(lesson: LessonPage) -> list[str]:
    return lesson.root.evaluate(LIVE)


def _check_page(page, lesson: LessonPage, when: str, problems: list[str]) -> float:
    """axe and the text sizes, now; the smallest text's size (px)."""
    found = violations(page)
    # label-content-name-mismatch: axe 4.14 counts SVG <title> text as visible (axe-core
    # issue 4065); ``failing`` checks each such element again by the words drawn on it
    # and drops only those whose name holds them (tests/support/tl_axe.py).
    bad = failing(found, page)
    if bad:
        problems.append(report(bad, when))
    sizes = lesson.root.evaluate(MEASURE) + page.locator("body").evaluate(MEASURE_HTML)
    assert sizes, f"{when}: no text was found to measure"
    if too_small(sizes):
        problems.append(f"{when}: " + size_report(sizes))
    return min(s["px"] for s in sizes)


def _tab_reaches(page, lesson: LessonPage, when: str, problems: list[str]) -> None:
    """One round of Tab reaches every enabled panel button and every spotlit target, and
    no dimmed target."""
    offered = lesson.root.evaluate(OFFERED)
    round_ = _tab_round(page)
    buttons = {f["name"] for f in round_ if f["kind"] == "button"}
    targets = {f["name"] for f in round_ if f["kind"] == "target"}
    missed = [b for b in offered["buttons"] if b not in buttons]
    if missed:
        problems.append(f"{when}: Tab never reaches the panel's buttons {missed}")
    missed = [t for t in offered["lit"] if t not in targets]
    if missed:
        problems.append(f"{when}: Tab never reaches the spotlit targets {missed}")
    dimmed = sorted(targets & set(offered["dimmed"]))
    if dimmed:
        problems.append(f"{when}: Tab stops on the dimmed targets {dimmed}")


def _next_by_keyboard(page, lesson: LessonPage) -> str:
    """Tab to Next, press Enter: the new counter."""
    before = lesson.view.get_attribute("data-version")
    _tab_to(page, lambda f: f["kind"] == "button" and f["name"] == "Next", "Next")
    page.keyboard.press("Enter")
    _wait_new_version(lesson, before)
    return lesson.counter()


def _move_by_keyboard(page, lesson: LessonPage) -> int:
    """Play the step's move on spotlit targets only: Tab to one, Enter; Space for each
    further click the move takes. How many clicks it took."""
    counter = lesson.counter()
    for clicks, key in enumerate(["Enter", *["Space"] * (CLICKS_PER_MOVE - 1)], start=1):
        before = lesson.view.get_attribute("data-version")
        now = _focused(page)
        if not (now and now["kind"] == "target" and now["lit"]):
            now = _tab_to(page, lambda f: f["kind"] == "target" and f["lit"],
                          f"a spotlit target at step {counter}")
        page.keyboard.press(key)
        _wait_new_version(lesson, before)
        assert not lesson.hint(), (
            f"step {counter}: {key} on the spotlit {now['name']!r} was refused: "
            f"{lesson.hint()!r}")
        if lesson.counter() != counter or lesson.done():
            return clicks
    raise AssertionError(f"step {counter}: {CLICKS_PER_MOVE} keyboard clicks on spotlit "
                         "targets played no move")


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_lesson_app_by_keyboard_and_screen_reader(browser, learn_site, figures, lesson_id):
    context, page, lesson = open_app(browser, learn_site, lesson_id)
    problems: list[str] = []
    try:
        total = lesson.counter().split(" of ")[1]
        smallest = _check_page(page, lesson, f"{lesson_id}, step {lesson.counter()}",
                               problems)

        # Reading steps: Next by keyboard, each new step announced.
        for _ in range(int(total)):
            if lesson.root.locator("[data-target].tl-spotlight").count():
                break
            _tab_reaches(page, lesson, f"{lesson_id}, step {lesson.counter()}", problems)
            counter = _next_by_keyboard(page, lesson)
            said = _announced(lesson)
            assert any(f"Step {counter}" in s for s in said), (
                f"{lesson_id}: Next by keyboard to step {counter}, the live regions say "
                f"{said}")
        else:
            raise AssertionError(f"{lesson_id}: no step spotlights a target")

        # The first step that waits for a move: Tab to its spotlit targets, not the dimmed
        # ones, and play it by keyboard; the next step is announced.
        _tab_reaches(page, lesson, f"{lesson_id}, step {lesson.counter()}", problems)
        clicks = _move_by_keyboard(page, lesson)
        counter = lesson.counter()
        said = _announced(lesson)
        assert lesson.done() or any(f"Step {counter}" in s for s in said), (
            f"{lesson_id}: a move by keyboard ({clicks} clicks) led to step {counter}, the "
            f"live regions say {said}")

        smallest = min(smallest, _check_page(page, lesson, f"{lesson_id}, step {counter}",
                                             problems))
        figures[f"voila learn-{lesson_id}: smallest text (px)"] = smallest
        assert not problems, "\n".join(problems)
    finally:
        context.close()
