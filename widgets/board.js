// Treehouse Lab live board: the browser half of treehouse_lab.boards.BoardView.
//
// Plain ES module, no build step. It draws the SVG string the kernel sends, makes every
// [data-target] element clickable (mouse, plain Enter, Space) and reports the click as
// {type: "click", target, version}. It knows nothing about any game: which clicks are
// legal, and what they mean, is decided in Python. While a click is being answered the
// board shows a "thinking" state and ignores further clicks, so nothing is sent twice.
//
// Two things make several boards live together on one page (issue 7):
// * every id in a drawing is renamed with a prefix of its own view, and every reference
//   to it (url(#...), href="#...") with it, so a second board never borrows, or loses,
//   the first one's patterns (a game's SVG may use fixed ids; the page sees unique ones);
// * only plain Enter and Space belong to the board: Shift+Enter, Ctrl+Enter, Alt and
//   Meta combinations and Escape go on to JupyterLab (run the cell, command mode...).

const WAIT_LIMIT_MS = 20000; // never stay stuck if the kernel dies mid-answer

let viewsMade = 0;

// A prefix no other view on the page has: a count within this module plus a random part
// (the module may be loaded more than once, by several notebooks in one JupyterLab).
function newPrefix() {
  viewsMade += 1;
  return `tlv${Math.random().toString(36).slice(2, 7)}${viewsMade}-`;
}

// Rename every id under `root` to prefix + id, and every local reference to those ids.
function uniqueIds(root, prefix) {
  const renamed = new Map();
  for (const node of root.querySelectorAll("[id]")) {
    const fresh = prefix + node.id;
    renamed.set(node.id, fresh);
    node.id = fresh;
  }
  if (!renamed.size) return;
  const fixUrls = (text) =>
    text.replace(/url\(\s*(['"]?)#([^'")\s]+)\1\s*\)/g, (whole, quote, id) =>
      renamed.has(id) ? `url(#${renamed.get(id)})` : whole,
    );
  for (const node of root.querySelectorAll("*")) {
    for (const attr of [...node.attributes]) {
      const value = attr.value;
      if (value.includes("url(")) {
        node.setAttribute(attr.name, fixUrls(value));
      } else if (
        (attr.name === "href" || attr.name === "xlink:href") &&
        value.startsWith("#") &&
        renamed.has(value.slice(1))
      ) {
        node.setAttribute(attr.name, `#${renamed.get(value.slice(1))}`);
      }
    }
    if (node.tagName.toLowerCase() === "style" && node.textContent.includes("url(")) {
      node.textContent = fixUrls(node.textContent);
    }
  }
}

// The keys the board answers: plain Enter and Space on a target. Any modifier means the
// key is meant for the notebook (Shift+Enter runs the cell).
function isBoardKey(event) {
  if (event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return false;
  return event.key === "Enter" || event.key === " ";
}

// Let a drawing that only gives width/height scale with the notebook: add the viewBox it
// implies, and do not blow it up past 1.2 times its natural size (a board is drawn to be
// read at its natural size; a little larger helps on a wide screen, much larger would
// only make the picture scroll more inside its frame, board.css).
function fitSvg(svg) {
  if (!svg) return;
  const w = parseFloat(svg.getAttribute("width"));
  const h = parseFloat(svg.getAttribute("height"));
  if (!svg.hasAttribute("viewBox") && w > 0 && h > 0) {
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  }
  const natural = w > 0 ? w : svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : 0;
  if (natural > 0) svg.style.maxWidth = `${Math.round(natural * 1.2)}px`;
}

// A target's accessible name starts with the words drawn on it when its label does not
// say them already (WCAG 2.5.3, "Label in Name"): a learner who speaks to the computer
// says what they see ("G 3 B 4"), and a screen reader hears it before the explanation.
function withVisibleText(node, label) {
  const drawn = [...node.querySelectorAll("text")]
    .map((t) => t.textContent.trim())
    .filter(Boolean)
    .join(" ");
  const plain = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  if (!plain(drawn) || plain(label).includes(plain(drawn))) return label;
  return `${drawn}: ${label}`;
}

// A board taller than its frame scrolls inside it (board.css). When a redraw leaves no
// clickable part in sight (the Diner: a shelf space chosen at the top, the orders to move
// in the kitchen below), scroll the frame, and only the frame, to show them, with what
// is picked too where both fit: the next click is never out of sight (issue 18).
function keepTargetsInView(frame) {
  if (frame.scrollHeight <= frame.clientHeight + 1) return;
  const targets = [...frame.querySelectorAll("[data-target]")];
  const boxes = targets.map((n) => n.getBoundingClientRect()).filter((r) => r.height > 0);
  if (!boxes.length) return;
  // The part of the frame on the screen (the notebook may hide some of it).
  const view = frame.getBoundingClientRect();
  const top = Math.max(view.top, 0);
  const bottom = Math.min(view.bottom, window.innerHeight);
  if (bottom - top < 80) return; // the board is scrolled away: leave it
  if (boxes.some((r) => r.top >= top - 1 && r.bottom <= bottom + 1)) return;
  const picked = [...frame.querySelectorAll(".tl-selected")].map((n) => n.getBoundingClientRect());
  const first = Math.min(...boxes.map((r) => r.top));
  const last = Math.max(...boxes.map((r) => r.bottom));
  const withPicked = Math.min(first, ...picked.map((r) => r.top));
  const start = last - withPicked <= bottom - top - 24 ? withPicked : first;
  frame.scrollTop += start - top - 12;
}

// A guide's spotlight (treehouse_lab/boards/guide.py): the spotlit targets get
// tl-spotlight, every other target tl-dimmed (still clickable: a wrong click is answered
// with a hint), and so does the gold frame under it. null means no guide: nothing is
// marked; [] (a lesson's step to read) dims every target.
function markSpotlight(frame, spotlight) {
  const lit = spotlight ? new Set(spotlight) : null;
  for (const node of frame.querySelectorAll("[data-target]")) {
    const on = lit !== null && lit.has(node.getAttribute("data-target"));
    node.classList.toggle("tl-spotlight", on);
    node.classList.toggle("tl-dimmed", lit !== null && !on);
    // Tab goes through the spotlit targets only; a dimmed one stays clickable by mouse.
    node.setAttribute("tabindex", lit !== null && !on ? "-1" : "0");
  }
  // The gold frame drawn under a target (core/svg.py frame) is dimmed with it.
  for (const node of frame.querySelectorAll("[data-frame-for]")) {
    const on = lit !== null && lit.has(node.getAttribute("data-frame-for"));
    node.classList.toggle("tl-dimmed", lit !== null && !on);
  }
}

// The board's controls around this view are ipywidgets (treehouse_lab/boards/controls.py),
// some of which draw an input with no name of its own: the Play widget's buttons are bare
// icons, and the Delay slider's handle is not tied to its "Delay (ms)" text. A screen
// reader would say "button" or "slider" (axe-core: button-name, aria-input-field-name;
// issue 47). Name them here, where the page is at hand, each time ipywidgets draws them.
const PLAY_NAMES = ["Play or pause autoplay", "Stop autoplay", "Repeat autoplay"];

function nameControls(root) {
  root.querySelectorAll(".tl-play button").forEach((button, i) => {
    const name = PLAY_NAMES[i] || "Autoplay";
    if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
  });
  for (const slider of root.querySelectorAll(".widget-slider")) {
    const text = slider.querySelector(".widget-label");
    const name = text ? text.textContent.trim() : "";
    for (const handle of slider.querySelectorAll("[role='slider']")) {
      if (name && handle.getAttribute("aria-label") !== name) {
        handle.setAttribute("aria-label", name);
      }
    }
  }
}

// Name the controls of the board this view sits in, now and whenever ipywidgets redraws
// them. The view is put in the page after render() returns, so wait for it to be there.
function watchControls(el) {
  let observer = null;
  let tries = 0;
  let frame = undefined;
  const attach = () => {
    const root = el.closest(".tl-board-widget");
    if (!root) {
      tries += 1;
      if (tries < 600) frame = requestAnimationFrame(attach);
      return;
    }
    nameControls(root);
    observer = new MutationObserver(() => nameControls(root));
    observer.observe(root, { childList: true, subtree: true });
  };
  attach();
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (observer) observer.disconnect();
  };
}

function render({ model, el }) {
  el.classList.add("tl-board-view");
  const prefix = newPrefix();
  const frame = document.createElement("div");
  frame.className = "tl-frame";
  frame.setAttribute("role", "group");
  // The frame scrolls a tall board (board.css): it takes the focus itself, so the arrow
  // keys scroll it even where no target in it does (a lesson's step to read dims them all).
  frame.setAttribute("tabindex", "0");
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
  // How this view's last click was made ("key", "mouse"), until the picture answering it
  // is drawn: then the focus moves on (nextFocus); null when no click of ours is pending.
  let answering = null;
  // Clicks sent and "done" messages received: the kernel answers each click with one
  // "done", in order, so only the last click's ends the wait (see onMessage).
  let clicksSent = 0;
  let donesSeen = 0;

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

  // The picture last drawn: the kernel sends a new picture's svg and version in one
  // message, which fires change:svg and change:version; the second must not draw again.
  let drawnSvg = null;
  let drawnVersion = null;

  function draw() {
    const svg = model.get("svg") || "";
    const version = model.get("version");
    if (svg === drawnSvg && version === drawnVersion) return;
    drawnSvg = svg;
    drawnVersion = version;
    // Keep keyboard focus on the same target across redraws.
    const focused = frame.querySelector("[data-target]:focus");
    const refocus = focused ? focused.getAttribute("data-target") : null;
    frame.innerHTML = svg;
    uniqueIds(frame, prefix);
    fitSvg(frame.querySelector("svg"));
    frame.setAttribute("aria-label", model.get("label") || "Game board");
    el.dataset.version = String(version);
    for (const node of frame.querySelectorAll("[data-target]")) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const title = node.querySelector("title");
      const label =
        node.getAttribute("data-label") ||
        (title && title.textContent) ||
        node.getAttribute("data-target");
      node.setAttribute("aria-label", withVisibleText(node, label));
      node.setAttribute("aria-pressed", node.classList.contains("tl-selected") ? "true" : "false");
    }
    markSpotlight(frame, model.get("spotlight"));
    keepTargetsInView(frame);
    if (answering !== null) {
      const how = answering;
      answering = null;
      nextFocus(how);
    } else if (refocus !== null) {
      const again = [...frame.querySelectorAll("[data-target]")].find(
        (n) => n.getAttribute("data-target") === refocus,
      );
      if (again) again.focus({ preventScroll: true });
    }
    setWaiting(false);
  }

  // After a move made here, the focus goes where the next decision is (issue 47): the
  // first target that may be clicked (not dimmed by a guide; one not picked already
  // first), else the board's Step button (a bot or chance moves next), else the frame;
  // never the page, from where a keyboard user would Tab back through the notebook.
  // A mouse click does not scroll the notebook to it; a key press does.
  function nextFocus(how) {
    const open = [...frame.querySelectorAll("[data-target]:not(.tl-dimmed)")];
    let next = open.find((n) => !n.classList.contains("tl-selected")) || open[0];
    if (!next) {
      const root = el.closest(".tl-board-widget");
      const step = root && root.querySelector("button.tl-step-button");
      if (step && !step.disabled && step.getClientRects().length) next = step;
    }
    (next || frame).focus({ preventScroll: how !== "key" });
  }

  function targetOf(event) {
    const node = event.target instanceof Element ? event.target.closest("[data-target]") : null;
    return node && frame.contains(node) ? node : null;
  }

  function choose(node, how) {
    if (waiting) return; // one click at a time: the next picture will answer this one
    setWaiting(true);
    answering = how;
    clicksSent += 1;
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
    choose(node, "mouse");
  }

  function onKey(event) {
    if (!isBoardKey(event)) return; // Shift+Enter and friends are the notebook's
    const node = targetOf(event);
    if (!node) return;
    event.preventDefault(); // Space must not scroll the notebook
    event.stopPropagation(); // nor reach JupyterLab's keyboard shortcuts
    choose(node, "key");
  }

  function onMessage(msg) {
    if (!msg || msg.type !== "done") return;
    live.textContent = msg.message || "";
    donesSeen = Math.min(donesSeen + 1, clicksSent);
    // The kernel sends a click's new picture, then its "done", which may come later than
    // the picture (after the board's other updates): by then a fast keyboard may have
    // pressed the next target. That "done" answers the earlier click, and must not end
    // the wait for this one (issue 47: the focus move was cancelled, and the picture
    // answering the press refocused the pressed target by name, gone from it: the focus
    // fell to the page).
    if (donesSeen < clicksSent) return;
    // A version newer than the one drawn: this click's picture is still on its way (a
    // widget manager may hand a custom message over before a state update); draw()
    // moves the focus on when it comes.
    if (typeof msg.version === "number" && msg.version > drawnVersion) return;
    // No new picture answered the click (it was refused): the focus stays where it is.
    answering = null;
    setWaiting(false);
  }

  const spot = () => markSpotlight(frame, model.get("spotlight"));
  const announce = () => {
    live.textContent = model.get("announce") || "";
  };

  frame.addEventListener("click", onClick);
  frame.addEventListener("keydown", onKey);
  model.on("change:svg", draw);
  model.on("change:version", draw);
  model.on("msg:custom", onMessage);
  model.on("change:spotlight", spot);
  model.on("change:announce", announce);
  draw();
  const unwatch = watchControls(el);

  return () => {
    unwatch();
    frame.removeEventListener("click", onClick);
    frame.removeEventListener("keydown", onKey);
    model.off("change:svg", draw);
    model.off("change:version", draw);
    model.off("msg:custom", onMessage);
    model.off("change:spotlight", spot);
    model.off("change:announce", announce);
    if (timer !== undefined) clearTimeout(timer);
  };
}

export default { render };
