"""The toy orchard's drawing (its ``RENDERER``), kept beside the rules as each game keeps
its ``render.py``: an SVG of the public fields, the viewer's own cards, and the click
targets its kinds name (``water``, ``prune``, ``card:<id>``); and a text form.

It draws the seen state core hands it (``DRAWS_SEEN``): a bid or a card the zones hide
from the viewer is the mark ``UNSEEN`` there, drawn "face down", so no check here decides
again who sees what."""

from __future__ import annotations

from xml.sax.saxutils import escape

from treehouse_lab.core.svg import target_attrs
from treehouse_lab.core.zones import is_unseen

#: Core hands this module the viewer's seen state (``core.fields.seen_state``).
DRAWS_SEEN = True


def _garden(state, p: int) -> str:
    g = state.game
    return (
        f"{g.player_name(p)}: water {state.water[p]}, prunes {state.prunes[p]}, "
        f"fruit {len(state.won[p])}"
    )


def render_svg(state, viewer=None, selection=(), targets=frozenset()) -> str:
    n = state.game.players
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-toyorchard" '
        f'width="420" height="{70 + 40 * n}">',
        f'<text x="10" y="20">Round {state.round}, {state.stage}; market: '
        f"{escape(state.market or '-')}</text>",
    ]
    for p in range(n):
        bid = "face down" if is_unseen(state.bids[p]) else state.bids[p] or "-"
        parts.append(
            f'<g data-grower="{p}"><text x="10" y="{40 + 36 * p}">'
            f"{escape(f'{_garden(state, p)}, bid {bid}')}</text></g>"
        )
    y = 50 + 36 * n
    for i, how in enumerate(("water", "prune")):
        parts.append(
            f"<rect{target_attrs(how, targets, selection, 'tl-button')} "
            f'x="{10 + 70 * i}" y="{y}" width="60" height="20"/>'
        )
    if viewer is not None:
        for i, c in enumerate(state.hands[viewer]):
            parts.append(
                f"<rect{target_attrs('card:' + c, targets, selection, 'tl-card')} "
                f'x="{160 + 50 * i}" y="{y}" width="40" height="20"/>'
                f'<text x="{164 + 50 * i}" y="{y + 15}">{escape(c)}</text>'
            )
    return "".join(parts) + "</svg>"


def render_text(state) -> str:
    head = f"Toy orchard, round {state.round} ({state.stage}), market {state.market or '-'}"
    return "\n".join([head] + [_garden(state, p) for p in range(state.game.players)])


__all__ = ["render_svg", "render_text"]
