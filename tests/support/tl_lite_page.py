"""Driving a JupyterLite page as a student would: open a notebook, run every cell, wait
for the run, read its prompts and errors, and play a board (``LitePage``, ``Board``).

Kept apart from ``tests/lite/conftest.py``, which builds, serves and fences the site: these
are the page-side checks, in-page JavaScript mostly, so that several notebooks run at once
while the tests look at them one by one. Waits have generous limits only; the timings they
return are figures to print, not assertions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}"""
#: Every code cell's prompt in the panel ("[ ]:", "[*]:", "[3]:").
PROMPTS = """(id) => [...document.querySelectorAll(`[id='${id}'] .jp-CodeCell .jp-InputPrompt`)]
  .map(p => p.textContent.trim())"""
#: Error and stderr outputs in the panel (JupyterLab shows tracebacks with the stderr type).
ERRORS = """(id) => [...document.querySelectorAll(`[id='${id}'] .jp-OutputArea-output`)]
  .filter(o => /error|stderr/.test(o.dataset.mimeType || ''))
  .map(o => o.textContent.slice(0, 3000))"""
#: The run is over: the kernel is idle, nothing is queued, and every cell ran or one failed.
RUN_OVER = """(id) => {
  const prompts = (""" + PROMPTS + """)(id);
  if (!(""" + KERNEL_IDLE + """)() || prompts.some(p => p.includes('*'))) return false;
  return prompts.every(p => /^\\[\\d+\\]/.test(p)) || (""" + ERRORS + """)(id).length > 0;
}"""
KERNEL_LIMIT_MS = 240_000
RUN_LIMIT_MS = 600_000
#: Opens the notebook's kernel, clears the saved outputs and counts, and runs every cell,
#: all inside the page and not awaited, so that several notebooks run at once while the
#: tests look at them one by one. ``window.__tlRun`` says how far it got: times are ms
#: since navigation (the kernel idle) and of the run itself.
DRIVE = """([kernelLimit, runLimit]) => {
  const run = window.__tlRun = {done: false, error: null, panel: null,
                                kernelMs: null, runMs: null};
  const kernelIdle = """ + KERNEL_IDLE + """;
  const prompts = """ + PROMPTS + """;
  const runOver = """ + RUN_OVER + """;
  const until = async (test, limit, every, what) => {
    const end = performance.now() + limit;
    while (!test()) {
      if (performance.now() > end) throw new Error(what());
      await new Promise(r => setTimeout(r, every));
    }
  };
  (async () => {
    const opened = () => window.jupyterapp && window.jupyterapp.started
                         && document.querySelector('.jp-NotebookPanel .jp-Cell');
    await until(opened, kernelLimit, 100, () => 'the notebook never showed its cells');
    await until(kernelIdle, kernelLimit, 100, () => {
      const dialog = document.querySelector('.jp-Dialog');
      return 'the kernel never became idle (' + (dialog ? dialog.innerText : 'no dialog') + ')';
    });
    run.kernelMs = performance.now();
    const panel = run.panel = window.jupyterapp.shell.currentWidget.id;
    window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');
    await until(() => prompts(panel).every(p => !/\\d/.test(p)), 60000, 50,
                () => 'the saved outputs were not cleared');
    const t0 = performance.now();
    // Not awaited: the command's promise settles only when the last cell has run.
    window.jupyterapp.commands.execute('notebook:run-all-cells');
    await until(() => runOver(panel), runLimit, 200, () => 'the run did not end: '
                + JSON.stringify(prompts(panel)));
    run.runMs = performance.now() - t0;
  })().catch(e => { run.error = String(e && e.message || e); })
      .finally(() => { run.done = true; });
}"""


@dataclass
class LitePage:
    """One browser profile on the site with one notebook in it: its run, its boards."""

    page: object  # playwright.sync_api.Page
    offline: Any  # the conftest's ``Offline``: the requests this profile made
    url: str
    panel: str = ""
    name: str = ""

    def start(self, name: str) -> None:
        """Open ``name`` in JupyterLite's lab and start running it (see ``DRIVE``)."""
        self.name = name
        self.page.goto(f"{self.url}/lab/index.html?path={name}")
        self.page.evaluate(DRIVE, [KERNEL_LIMIT_MS, RUN_LIMIT_MS])

    def ran(self) -> tuple[float, float, list[str]]:
        """Wait for the run ``start`` began: (seconds from navigation to an idle kernel,
        seconds of the run, every code cell's prompt after it)."""
        self.page.wait_for_function("() => !window.__tlRun || window.__tlRun.done",
                                    timeout=KERNEL_LIMIT_MS + RUN_LIMIT_MS + 60_000,
                                    polling=250)
        run = self.page.evaluate("() => window.__tlRun")
        assert run is not None, f"the page of {self.name} navigated away during its run"
        assert run["error"] is None, f"{self.name}: {run['error']}"
        self.panel = run["panel"]
        # A profile runs notebook after notebook (tests/lite/conftest.py, ``Profile``): a
        # tab restored from an earlier notebook would run a second kernel beside this one.
        tabs = self.page.evaluate("() => [...window.jupyterapp.shell.widgets('main')]"
                                  ".map(w => w.title.label)")
        assert tabs == [self.name], f"{self.name}: the lab shows other tabs too: {tabs}"
        return (run["kernelMs"] / 1000, run["runMs"] / 1000,
                self.page.evaluate(PROMPTS, self.panel))

    def errors(self) -> list[str]:
        return self.page.evaluate(ERRORS, self.panel)

    def board(self, index: int = 0) -> Board:
        return Board(self.page, self.page.locator(
            f"[id='{self.panel}'] .tl-board-widget").nth(index))


class Board:
    """A live board in a page (JupyterLite or Voila), driven as a player would."""

    def __init__(self, page, root) -> None:
        self.page = page
        self.root = root
        self.view = root.locator(".tl-board-view")

    def wait_drawn(self, timeout: float = 60_000) -> None:
        self.root.locator(".tl-frame svg").wait_for(state="visible", timeout=timeout)

    def label(self) -> str:
        return self.root.locator(".tl-frame").get_attribute("aria-label") or ""

    def picture(self) -> str:
        return self.root.locator(".tl-frame").inner_html()

    def click_something(self) -> tuple[str, float]:
        """Click a target that is on top at its own centre (what a player can click), wait
        for the redrawn picture; (the target, ms from the click event to the redraw)."""
        tid = self.root.locator(".tl-frame").evaluate("""(frame) => {
            const nodes = [...frame.querySelectorAll('[data-target]')];
            nodes.sort((a, b) => a.classList.contains('tl-selected')
                                 - b.classList.contains('tl-selected'));
            for (const n of nodes) {
              n.scrollIntoView({block: 'center'});
              const r = n.getBoundingClientRect();
              const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
              if (hit && hit.closest('[data-target]') === n) return n.getAttribute('data-target');
            }
            return null;
        }""")
        assert tid is not None, "the board has no clickable target uncovered"
        before = self.view.get_attribute("data-version")
        view = self.view.element_handle()
        # Timed inside the page: the click event, then the mutation that shows a new picture.
        self.page.evaluate("""([el, before]) => {
            el.__tlClick = null; el.__tlDrawn = null;
            el.addEventListener('click', () => { el.__tlClick = performance.now(); },
                                {capture: true, once: true});
            new MutationObserver((_, obs) => {
              if (el.__tlClick !== null && el.dataset.version !== before
                  && !el.classList.contains('tl-thinking')) {
                el.__tlDrawn = performance.now(); obs.disconnect();
              }
            }).observe(el, {attributes: true, attributeFilter: ['data-version', 'class']});
        }""", [view, before])
        self.root.locator(f".tl-frame [data-target='{tid}']").first.click()
        self.page.wait_for_function(
            "([el, v]) => el.dataset.version !== v && el.__tlDrawn !== null",
            arg=[view, before], timeout=60_000)
        return tid, self.page.evaluate("(el) => el.__tlDrawn - el.__tlClick", view)


__all__ = ["Board", "LitePage"]
