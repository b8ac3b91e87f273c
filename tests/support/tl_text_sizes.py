"""How big every board text is on screen, in CSS pixels (issue 18: at least 11 px).

Why measured in the browser: what a student reads is the font size the SVG asks for times
the scale the page draws that SVG at (a board squeezed into a narrow output area or capped
in height shrinks every text with it), and only the browser knows that scale. Each text's
computed ``font-size`` is multiplied by the scale of its screen transform (``getScreenCTM``,
which includes the SVG's viewBox scaling and every ``transform`` above the text).

Live boards (``.tl-frame svg``) are measured where they are. A board picture shown as an
image (``<img src="data:image/svg+xml...">``, how JupyterLab draws ``image/svg+xml``
outputs) is measured by drawing the same SVG at the image's on-screen width in a hidden
box of the page. Used by the JupyterLab, Voila and JupyterLite tests alike.
"""

from __future__ import annotations

#: The smallest text a board may show at 1366x768 (issue 18, "Readable boards").
SMALLEST_PX = 11

#: JavaScript: ``(root) => [{px, text, where}]`` for every non-empty text of every board
#: picture under ``root`` (an element), ``where`` saying which picture it is in.
MEASURE = r"""(root) => {
  const found = [];
  const measure = (svg, where) => {
    const walker = document.createTreeWalker(svg, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const words = node.textContent.trim();
      const el = node.parentElement;
      if (!words || !el || !el.closest('text')) continue;  // <title>, <style>: not drawn
      const text = el.closest('text');
      const box = text.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;  // not drawn (display: none)
      const m = text.getScreenCTM();
      if (!m) continue;
      const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      const px = parseFloat(getComputedStyle(el).fontSize) * scale;
      found.push({px: Math.round(px * 100) / 100, text: words.slice(0, 40), where});
    }
  };
  root.querySelectorAll('.tl-frame svg').forEach((svg, i) => measure(svg, `board ${i + 1}`));
  const pictures = [...root.querySelectorAll('img')].filter(
    img => (img.getAttribute('src') || '').startsWith('data:image/svg+xml'));
  pictures.forEach((img, i) => {
    const width = img.getBoundingClientRect().width;
    if (!width) return;
    const src = img.getAttribute('src');
    const comma = src.indexOf(',');
    const head = src.slice(0, comma);
    const body = src.slice(comma + 1);
    const markup = head.includes(';base64')
      ? new TextDecoder().decode(Uint8Array.from(atob(body), c => c.charCodeAt(0)))
      : decodeURIComponent(body);
    const box = document.createElement('div');
    box.style.cssText = `position:absolute;left:-20000px;top:0;width:${width}px;`;
    box.innerHTML = markup;
    document.body.appendChild(box);
    const svg = box.querySelector('svg');
    if (svg) {
      const w = parseFloat(svg.getAttribute('width'));
      const h = parseFloat(svg.getAttribute('height'));
      if (!svg.hasAttribute('viewBox') && w > 0 && h > 0) {
        svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
      }
      svg.style.width = `${width}px`;
      svg.style.height = 'auto';
      measure(svg, `picture ${i + 1}`);
    }
    box.remove();
  });
  return found;
}"""


#: JavaScript: ``(root) => [{px, text, where}]`` for every visible text under ``root`` that is
#: not in a board picture (an app's panel, buttons and labels: HTML text is drawn at its
#: computed ``font-size``, no scale applies); the board's texts are ``MEASURE``'s.
MEASURE_HTML = r"""(root) => {
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent.trim();
    const el = node.parentElement;
    if (!words || !el || el.closest('svg, script, style, noscript, template')) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some((r) => r.width > 0 && r.height > 0)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    found.push({px: Math.round(px * 100) / 100, text: words.slice(0, 40), where: 'page'});
  }
  return found;
}"""


def too_small(sizes: list[dict], smallest: float = SMALLEST_PX) -> list[dict]:
    """The measured texts under ``smallest`` px, smallest first."""
    return sorted((s for s in sizes if s["px"] < smallest), key=lambda s: s["px"])


def report(sizes: list[dict], smallest: float = SMALLEST_PX, show: int = 40) -> str:
    """A failure message: how many texts are too small, and the smallest of them."""
    small = too_small(sizes, smallest)
    lines = [f"{len(small)} of {len(sizes)} texts are under {smallest} px on screen:"]
    groups: dict[tuple[float, str, str], int] = {}
    for s in small:  # one line per (size, picture, text): a board repeats its labels
        key = (s["px"], s["where"], s["text"])
        groups[key] = groups.get(key, 0) + 1
    for (px, where, text), n in list(groups.items())[:show]:
        lines.append(f"  {px:5.2f} px  {where}: {text!r}" + (f" (x{n})" if n > 1 else ""))
    if len(groups) > show:
        lines.append(f"  ... and {len(groups) - show} more kinds")
    return "\n".join(lines)


def assert_readable(sizes: list[dict], what: str, smallest: float = SMALLEST_PX) -> None:
    """Every measured text is at least ``smallest`` px; there was something to measure."""
    assert sizes, f"{what}: no board text was found to measure"
    assert not too_small(sizes, smallest), f"{what}: " + report(sizes, smallest)
