// Treehouse Lab live board: the browser half of treehouse_lab.boards.BoardView.
//
// Plain ES module, no build step. It draws the SVG string the kernel sends, makes every
// [data-target] element clickable (mouse, Enter, Space) and reports the click as
// {type: "click", target, version}. It knows nothing about any game: which clicks are
// legal, and what they mean, is decided in Python. While a click is being answered the
// board shows a "thinking" state and ignores further clicks, so nothing is sent twice.

const WAIT_LIMIT_MS = 20000; // never stay stuck if the kernel dies mid-answer

// Let a drawing that only gives width/height scale with the notebook: add the viewBox it
// implies, and do not blow it up past 1.5 times its natural size.
function fitSvg(svg) {
  if (!svg) return;
  const w = parseFloat(svg.getAttribute("width"));
  const h = parseFloat(svg.getAttribute("height"));
  if (!svg.hasAttribute("viewBox") && w > 0 && h > 0) {
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  }
  const natural = w > 0 ? w : svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : 0;
  if (natural > 0) svg.style.maxWidth = `${Math.round(natural * 1.5)}px`;
}

function render({ model, el }) {
  el.classList.add("tl-board-view");
  const frame = document.createElement("div");
  frame.className = "tl-frame";
  frame.setAttribute("role", "group");
  const badge = document.createElement("div");
  badge.className = "tl-thinking-badge";
  badge.textContent = "thinking\u2026";
  badge.setAttribute("aria-hidden", "true");
  const live = document.createElement("div");
  live.className = "tl-live";
  live.setAttribute("aria-live", "polite");
  el.append(frame, badge, live);

  let waiting = false;
  let timer = undefined;

  function setWaiting(on) {
    waiting = on;
    el.classList.toggle("tl-thinking", on);
    frame.setAttribute("aria-busy", on ? "true" : "false");
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (on) timer = setTimeout(() => setWaiting(false), WAIT_LIMIT_MS);
  }

  function draw() {
    // Keep keyboard focus on the same target across redraws.
    const focused = frame.querySelector("[data-target]:focus");
    const refocus = focused ? focused.getAttribute("data-target") : null;
    frame.innerHTML = model.get("svg") || "";
    fitSvg(frame.querySelector("svg"));
    frame.setAttribute("aria-label", model.get("label") || "Game board");
    el.dataset.version = String(model.get("version"));
    for (const node of frame.querySelectorAll("[data-target]")) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const title = node.querySelector("title");
      const label =
        node.getAttribute("data-label") ||
        (title && title.textContent) ||
        node.getAttribute("data-target");
      node.setAttribute("aria-label", label);
      node.setAttribute("aria-pressed", node.classList.contains("tl-selected") ? "true" : "false");
    }
    if (refocus !== null) {
      const again = [...frame.querySelectorAll("[data-target]")].find(
        (n) => n.getAttribute("data-target") === refocus,
      );
      if (again) again.focus({ preventScroll: true });
    }
    setWaiting(false);
  }

  function targetOf(event) {
    const node = event.target instanceof Element ? event.target.closest("[data-target]") : null;
    return node && frame.contains(node) ? node : null;
  }

  function choose(node) {
    if (waiting) return; // one click at a time: the next picture will answer this one
    setWaiting(true);
    model.send({
      type: "click",
      target: node.getAttribute("data-target"),
      version: model.get("version"),
    });
  }

  function onClick(event) {
    const node = targetOf(event);
    if (!node) return;
    event.preventDefault();
    event.stopPropagation();
    choose(node);
  }

  function onKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = targetOf(event);
    if (!node) return;
    event.preventDefault(); // Space must not scroll the notebook
    event.stopPropagation(); // nor reach JupyterLab's keyboard shortcuts
    choose(node);
  }

  function onMessage(msg) {
    if (!msg || msg.type !== "done") return;
    live.textContent = msg.message || "";
    setWaiting(false);
  }

  frame.addEventListener("click", onClick);
  frame.addEventListener("keydown", onKey);
  model.on("change:svg", draw);
  model.on("change:version", draw);
  model.on("msg:custom", onMessage);
  draw();

  return () => {
    frame.removeEventListener("click", onClick);
    frame.removeEventListener("keydown", onKey);
    model.off("change:svg", draw);
    model.off("change:version", draw);
    model.off("msg:custom", onMessage);
    if (timer !== undefined) clearTimeout(timer);
  };
}

export default { render };
