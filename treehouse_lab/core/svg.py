"""SVG pieces every game's renderer shares: how a clickable target and a selected one are
marked, and a picture object a notebook shows inline.

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


#: Backyard's look for "you may click this" (issue 18): a gold frame under the piece.
FRAME_FILL, FRAME_STROKE = "#FFE9A8", "#E0A800"
#: What was clicked on the way to a move: a thicker, darker frame with a dashed inner
#: line (not colour alone), kept until the move completes or is put back.
PICKED_STROKE = "#9A3412"


def frame(tid: str | None, targets: Collection[str] = (), selection: Collection[str] = (),
          x: float = 0, y: float = 0, w: float = 0, h: float = 0, rx: float = 8,
          pad: float = 4) -> str:
    """The frame drawn under a piece whose box is ``x, y, w, h``: gold when ``tid`` may be
    clicked now, the "picked" frame when it is already selected, nothing otherwise.

    Why one function: every game's board marks its choices the same way (Backyard's gold
    frames were the model in issue 18), so a student who learnt one board reads the
    others, and a selection that stays marked until the move completes looks the same
    everywhere. Draw it just before the piece (underneath); it never takes a click.
    """
    if tid is None or (tid not in targets and tid not in selection):
        return ""
    box = (f'x="{x - pad:g}" y="{y - pad:g}" width="{w + 2 * pad:g}" '
           f'height="{h + 2 * pad:g}" rx="{rx:g}" pointer-events="none"')
    if tid in selection:
        inner = (f'<rect x="{x - pad + 3.5:g}" y="{y - pad + 3.5:g}" '
                 f'width="{max(w + 2 * pad - 7, 1):g}" height="{max(h + 2 * pad - 7, 1):g}" '
                 f'rx="{max(rx - 3, 1):g}" fill="none" stroke="#FFFFFF" stroke-width="1.5" '
                 'stroke-dasharray="4 3" pointer-events="none"/>')
        return (f'<g class="tl-picked-frame"><rect {box} fill="{FRAME_FILL}" '
                f'stroke="{PICKED_STROKE}" stroke-width="4.5"/>{inner}</g>')
    # ``data-frame-for`` names the target: the board's browser half dims the frame with
    # it (a guide's spotlight, widgets/board.js), or a dimmed card would still glow gold.
    return (f'<rect class="tl-gold-frame" {box} fill="{FRAME_FILL}" stroke="{FRAME_STROKE}" '
            f'stroke-width="2.5" data-frame-for={quoteattr(tid)}/>')


def clicking_seat(state: Any, player: int | None = None) -> int | None:
    """Whose clicks a board maps: ``player`` if that seat may act now, else None; with
    ``player=None``, the one seat acting (None where several may act, at chance or at the
    end). Why shared: every game's ``click_paths`` starts from this question, and a board
    must never offer the clicks of a seat that cannot act."""
    actors = state.actors()
    if player is None:
        return actors[0] if len(actors) == 1 else None
    return player if player in actors else None


def kind_click_paths(state: Any, player: int | None = None) -> dict:
    """Each legal move of ``player`` (None: the one seat acting) and the targets clicked to
    choose it, as its kind's ``click_path`` says: what ``Game.click_paths`` gives for a
    game whose renderer has no ``click_paths`` of its own. Why shared: every game built on
    kinds wrote this same loop in its renderer."""
    seat = clicking_seat(state, player)
    if seat is None:
        return {}
    kinds = state.KINDS
    return {a: kinds.get(a).click_path(state, a, seat) for a in state.legal_actions(seat)}


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


__all__ = ["FRAME_FILL", "FRAME_STROKE", "PICKED_STROKE", "Picture", "clicking_seat", "frame",
           "kind_click_paths", "target_attrs"]
