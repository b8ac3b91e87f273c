"""How wide a line of board text is, so a renderer can wrap and place text without a browser.

Why it exists: a board's SVG is drawn in Python, but the width of a text is only known to
the browser that draws it. Guessing "characters x a constant" either wastes room or lets a
label run out of its card. So the widths here are the advance widths of DejaVu Sans (the
font Chromium falls back to on Linux, and wider than the Nunito, Trebuchet MS or Segoe UI a
board asks for first), per character, in thousandths of the font size: a line measured here
fits in the browser whichever of those fonts it uses. Characters outside ASCII get the width
of a capital M (wide, so the estimate stays on the safe side).
"""

from __future__ import annotations

#: Advance widths (1/1000 em) of DejaVu Sans for the characters " " (32) to "~" (126).
REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
)
#: The same for DejaVu Sans Bold.
BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
)
#: A few non-ASCII characters boards use (the middle dot, minus, times, tick, ellipsis).
OTHER = {"·": (318, 380), "−": (838, 838), "×": (838, 838), "✓": (838, 838), "…": (1000, 1000),
         "’": (318, 380)}
WIDE = 1000


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width in px (user units) of ``text`` set at font ``size``."""
    table = BOLD if bold else REGULAR
    total = 0
    for ch in text:
        code = ord(ch)
        if 32 <= code <= 126:
            total += table[code - 32]
        else:
            total += OTHER.get(ch, (WIDE, WIDE))[1 if bold else 0]
    return total * size / 1000


def wrap_to_width(text: str, width: float, size: float, bold: bool = False,
                  lines: int = 2) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines no wider than ``width``; the
    last line ends in an ellipsis when the text does not fit (the caller puts the whole
    text in a ``<title>``). A single word wider than ``width`` is cut the same way."""
    out: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold) > width:
            out.append(line)
            line = word
        else:
            line = trial
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1] + " …"
    return [fit(x, width, size, bold) for x in out]


def fit(line: str, width: float, size: float, bold: bool = False) -> str:
    """``line`` cut to ``width`` with an ellipsis (unchanged when it fits)."""
    if text_width(line, size, bold) <= width:
        return line
    while line and text_width(line.rstrip() + "…", size, bold) > width:
        line = line[:-1]
    return line.rstrip() + "…"


__all__ = ["fit", "text_width", "wrap_to_width"]
