"""The board: each card (face down unless it is the viewer's), the die, two guess buttons."""

from __future__ import annotations

from treehouse_lab.core.svg import target_attrs

from .stages import SIDES


def render_svg(state, viewer=None, selection=(), targets=()) -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-dice" width="240" '
             'height="90">']
    for p, card in enumerate(state.hands):
        shown = card if (card and (viewer == p or state.is_terminal())) else "?"
        parts.append(f'<text x="10" y="{20 + 20 * p}">Player {p + 1}: {shown}</text>')
    parts.append(f'<text x="150" y="20">Die: {state.die or "-"}</text>')
    for i, side in enumerate(SIDES):
        attrs = target_attrs(f"guess:{side}", targets, selection, "button")
        parts.append(f'<rect x="{10 + 70 * i}" y="60" width="60" height="20"{attrs}/>')
    parts.append("</svg>")
    return "".join(parts)


def render_text(state) -> str:
    return (f"Turn {state.turn}; die {state.die or '-'}; "
            f"rolls {list(map(list, state.rolls))}")
