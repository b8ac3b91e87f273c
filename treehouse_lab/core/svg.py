"""SVG pieces every game's renderer shares: how a clickable target and a selected one are
marked (their classes, and the gold frame drawn behind them), and a picture object a
notebook shows inline.

Why here: the board's browser half (widgets/board.js) finds clickable parts by their
``data-target`` attribute and styles them by the ``tl-target`` and ``tl-selected``
classes. If each game marked them its own way, one game's board would lose keyboard
access or the pointer cursor; one function keeps the markup identical for all.
"""

from __future__ import annotations

from typing import Any, Collection
from xml.sax.saxutils import quoteattr


def target_attrs(tid: str | None, targets: Collection[str] = (),
                 selection: Collection[str] = (), classes: str = "") -> str:
    """The ``class`` and target attributes of an element that may be clicked.

    ``tid`` is the element's target id (None for an element that never is one); it is a
    target when in ``targets`` (clickable now) and selected when in ``selection`` (clicked
    already on the way to a move). Returns text starting with a space, for an open tag.
    """
    names = [c for c in classes.split() if c]
    extra = ""
    if tid is not None and tid in targets:
        names.append("tl-target")
        extra = f' data-target={quoteattr(tid)} tabindex="0" role="button" style="cursor:pointer"'
    if tid is not None and tid in selection:
        names.append("tl-selected")
    cls = f' class="{" ".join(names)}"' if names else ""
    return cls + extra


#: The frame behind a part that may be clicked now (Backyard's playable cards set it):
#: a pale gold fill showing round the part and a gold line.
FRAME_FILL, FRAME_LINE, FRAME_WIDTH = "#FFE9A8", "#E0A800", 2.5
#: The frame of a part already picked on the way to a move (a shelf space whose minutes
#: are being paid, the ingredient whose symbol is to be clicked next): a deeper orange,
#: thicker, so that it reads as "chosen" beside the gold "may be clicked".
PICKED_FILL, PICKED_LINE, PICKED_WIDTH = "#FFD2A1", "#C2410C", 3.5


def target_frame(tid: str | None, targets: Collection[str], selection: Collection[str],
                 x: float, y: float, w: float, h: float, rx: float = 8,
                 pad: float = 4) -> str:
    """The frame drawn behind the part ``tid`` whose box is (x, y, w, h): gold when it may
    be clicked now, orange when it is picked (in ``selection``), nothing otherwise.

    Why in the SVG and not only a CSS glow: a frame is visible in a saved picture too, and
    it is the same strong mark in every game (issue 18: Backyard's gold frames were the
    ones students saw; a faint glow was missed). Put it first inside the part's group, so
    that the part is drawn over it and the frame shows as a border ``pad`` wide.
    """
    if tid is None:
        return ""
    if tid in selection:
        fill, line, width = PICKED_FILL, PICKED_LINE, PICKED_WIDTH
    elif tid in targets:
        fill, line, width = FRAME_FILL, FRAME_LINE, FRAME_WIDTH
    else:
        return ""
    return (f'<rect x="{x - pad:g}" y="{y - pad:g}" '
            f'width="{w + 2 * pad:g}" height="{h + 2 * pad:g}" rx="{rx + pad / 2:g}" '
            f'fill="{fill}" stroke="{line}" stroke-width="{width:g}"/>')


def clicking_seat(state: Any, player: int | None = None) -> int | None:
    """Whose clicks a board maps: ``player`` if that seat may act now, else None; with
    ``player=None``, the one seat acting (None where several may act, at chance or at the
    end). Why shared: every game's ``click_paths`` starts from this question, and a board
    must never offer the clicks of a seat that cannot act."""
    actors = state.actors()
    if player is None:
        return actors[0] if len(actors) == 1 else None
    return player if player in actors else None


class Picture:
    """An SVG a notebook shows inline (``_repr_svg_``), with a short text form so a saved
    notebook never shows a memory address where the picture would be."""

    def __init__(self, svg: str, text: str = "a picture") -> None:
        self.svg = svg
        self.text = text

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<Picture: {self.text}>"


__all__ = ["Picture", "clicking_seat", "target_attrs", "target_frame"]
