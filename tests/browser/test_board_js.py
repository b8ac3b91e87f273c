"""widgets/board.js on its own, in Chromium, with a stand-in for the widget model.

Why apart from JupyterLab: what is checked here is the module's own bookkeeping, which a
kernel round trip only blurs. The kernel sends a new picture's ``svg`` and ``version`` in
one message (``BoardView.show`` holds the sync), and Backbone then fires ``change:svg``
and ``change:version`` one after the other; the picture must be drawn once, not twice (a
draw is most of a click's redraw time: benchmarks/lesson_redraw.py). A picture changed
alone, or a version bumped alone, is still drawn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

BOARD_JS = Path(__file__).resolve().parents[2] / "widgets" / "board.js"

pytestmark = [pytest.mark.browser]

#: A page that renders board.js into a div with a minimal model: get/set with change
#: events in Backbone's order (each changed key's event, in the order set), on/off, send.
PAGE = """<!doctype html><html><body><div id="host"></div>
<script type="module">
import board from "/board.js";
const values = {svg: "", version: 0, label: "Game board", spotlight: null, announce: ""};
const handlers = {};
const model = {
  get: (k) => values[k],
  on: (ev, fn) => { (handlers[ev] = handlers[ev] || []).push(fn); },
  off: (ev, fn) => { handlers[ev] = (handlers[ev] || []).filter((f) => f !== fn); },
  send: () => {},
  set(changes) {
    const changed = Object.keys(changes).filter((k) => values[k] !== changes[k]);
    Object.assign(values, changes);
    for (const k of changed) for (const fn of handlers["change:" + k] || []) fn();
  },
};
const host = document.getElementById("host");
board.render({model, el: host});
window.draws = 0;
new MutationObserver((records) => {
  // A draw replaces the frame's picture: one childList record per draw.
  window.draws += records.filter((r) => r.type === "childList" && r.addedNodes.length).length;
}).observe(host.firstElementChild, {childList: true});
window.tlModel = model;
// A custom message from the kernel, as the widget manager hands it to the view.
window.tlCustom = (msg) => { for (const fn of handlers["msg:custom"] || []) fn(msg); };
window.ready = true;
</script></body></html>"""


def _svg(n: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40"><g data-target="t{n}">'
            f'<title>target {n}</title><text x="5" y="20">move {n}</text></g></svg>')


@pytest.fixture
def board_page(browser):
    context = browser.new_context(viewport={"width": 800, "height": 600})
    page = context.new_page()
    page.route("http://tl.test/", lambda route: route.fulfill(
        body=PAGE, content_type="text/html"))
    page.route("http://tl.test/board.js", lambda route: route.fulfill(
        body=BOARD_JS.read_text(), content_type="text/javascript"))
    page.goto("http://tl.test/")
    page.wait_for_function("window.ready === true")
    yield page
    context.close()


def _set(page, **changes) -> int:
    """Set the model's traits as one kernel message does; the draws it caused."""
    before = page.evaluate("window.draws")
    page.evaluate("(c) => window.tlModel.set(c)", changes)
    page.evaluate("() => new Promise((r) => setTimeout(r, 0))")  # the observer's records
    return page.evaluate("window.draws") - before


def test_a_new_picture_is_drawn_once(board_page):
    assert _set(board_page, svg=_svg(1), version=1) == 1
    assert board_page.locator("[data-target=t1]").count() == 1
    assert board_page.evaluate("document.getElementById('host').dataset.version") == "1"
    assert _set(board_page, svg=_svg(2), version=2) == 1
    assert board_page.locator("[data-target=t2]").count() == 1


def test_a_picture_or_a_version_changed_alone_is_still_drawn(board_page):
    _set(board_page, svg=_svg(1), version=1)
    assert _set(board_page, version=2) == 1       # the same picture, stale clicks refused
    assert board_page.evaluate("document.getElementById('host').dataset.version") == "2"
    assert _set(board_page, svg=_svg(3)) == 1
    assert board_page.locator("[data-target=t3]").count() == 1


def _svg_of(*names: str) -> str:
    """A picture with one target per name, side by side."""
    groups = "".join(f'<g data-target="{n}"><title>{n}</title>'
                     f'<text x="{5 + 30 * i}" y="20">{n}</text></g>'
                     for i, n in enumerate(names))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40">{groups}</svg>'


#: JavaScript: the data-target of the focused element, or what else has the focus.
FOCUSED = """() => {
  const el = document.activeElement;
  const t = el && el.closest && el.closest('[data-target]');
  return t ? t.getAttribute('data-target') : (el ? el.tagName : null);
}"""


def test_the_focus_moves_on_past_the_late_done_of_the_previous_click(board_page):
    """Issue 47, a Diner game by keyboard: once in a while the focus fell to the page
    after a move (seed 2 at press 68, then 150; seed 4 at press 133). The kernel answers
    a click with the new picture and then a "done" message, which JupyterLab hands over
    in that order but may bring some 80 ms later (after the board's other updates). A
    fast keyboard has pressed the next target in between (it has the focus at once),
    and that late "done" was taken for the answer to this second press: it cancelled
    the pending focus move as if the press had been refused, and the picture answering
    the press then put the focus back on the pressed target by name, gone from the new
    picture: nowhere. Each click gets one "done", in order: only the last click's
    ends the wait."""
    page = board_page
    _set(page, svg=_svg_of("tray-a", "tray-b"), version=1)
    page.locator("[data-target=tray-a]").focus()
    page.keyboard.press("Enter")                       # click 1
    _set(page, svg=_svg_of("slot-a", "slot-b"), version=2)
    assert page.evaluate(FOCUSED) == "slot-a"
    page.keyboard.press("Enter")                       # click 2, before click 1's done
    page.evaluate("() => window.tlCustom({type: 'done', version: 2, message: 'picked'})")
    assert page.evaluate("document.getElementById('host').classList.contains('tl-thinking')")
    _set(page, svg=_svg_of("finish", "order-c"), version=3)
    assert page.evaluate(FOCUSED) == "finish"


def test_the_focus_moves_on_when_the_done_message_comes_before_the_picture(board_page):
    """The same with "done" ahead of its own picture, as a widget manager that hands a
    custom message over at once and a state update only once deserialised would bring
    them (JupyterLab awaits each): "done" carries the version the kernel drew, and one
    newer than the view has drawn means the picture is still on its way."""
    page = board_page
    _set(page, svg=_svg_of("slot-a", "slot-b"), version=1)
    page.locator("[data-target=slot-a]").focus()
    page.keyboard.press("Enter")
    page.evaluate("() => window.tlCustom({type: 'done', version: 2, message: 'placed'})")
    _set(page, svg=_svg_of("finish", "order-c"), version=2)
    assert page.evaluate(FOCUSED) == "finish"


def test_a_refused_click_leaves_the_focus_where_it_is(board_page):
    """The counterpart: "done" for the picture already drawn (a refused click, no new
    picture) ends the wait, the focus stays on the target pressed, and a picture drawn
    later for something else (a Step) keeps it on that target by name."""
    page = board_page
    _set(page, svg=_svg_of("slot-a", "slot-b"), version=1)
    page.locator("[data-target=slot-b]").focus()
    page.keyboard.press("Enter")
    page.evaluate("() => window.tlCustom({type: 'done', version: 1, message: 'no'})")
    assert page.evaluate("document.getElementById('host').classList.contains('tl-thinking')") \
        is False
    assert page.evaluate(FOCUSED) == "slot-b"
    _set(page, svg=_svg_of("slot-a", "slot-b"), version=2)
    assert page.evaluate(FOCUSED) == "slot-b"
