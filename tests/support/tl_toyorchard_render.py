"""Drawing the toy orchard (its ``render`` module): SVG, text and click targets from the
state's public fields; the click paths come from the kinds."""

from __future__ import annotations

from xml.sax.saxutils import escape

from tl_toyorchard import RULES

from treehouse_lab.core.svg import target_attrs
from treehouse_lab.protocol import CHANCE, TERMINAL


def render_svg(state, viewer=None, selection=(), targets=frozenset()) -> str:
    targets, selection = set(targets), set(selection)
    n = state.game.players
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-toyorchard" '
             f'width="420" height="{70 + 40 * n}">',
             f'<text x="10" y="20">Round {state.round}, {state.stage}; market: '
             f'{escape(state.market or "-")}</text>']
    for p in range(n):
        bid = ("face down" if state.bids[p] and viewer != p
               else escape(state.bids[p] or "-"))
        parts.append(f'<g data-grower="{p}"><text x="10" y="{40 + 36 * p}">'
                     f'{escape(state.game.player_name(p))}: water {state.water[p]}, prunes '
                     f'{state.prunes[p]}, fruit {len(state.won[p])}, bid {bid}</text></g>')
    y = 50 + 36 * n
    for i, how in enumerate(("water", "prune")):
        parts.append(f'<rect{target_attrs(how, targets, selection, "tl-button")} '
                     f'x="{10 + 70 * i}" y="{y}" width="60" height="20"/>')
    if viewer is not None:
        for i, c in enumerate(state.hands[viewer]):
            parts.append(f'<rect{target_attrs("card:" + c, targets, selection, "tl-card")} '
                         f'x="{160 + 50 * i}" y="{y}" width="40" height="20"/>'
                         f'<text x="{164 + 50 * i}" y="{y + 15}">{escape(c)}</text>')
    return "".join(parts) + "</svg>"


def render_text(state) -> str:
    lines = [f"Toy orchard, round {state.round} ({state.stage}), "
             f"market {state.market or '-'}"]
    lines += [f"{state.game.player_name(p)}: water {state.water[p]}, prunes {state.prunes[p]}, "
              f"fruit {len(state.won[p])}" for p in range(state.game.players)]
    return "\n".join(lines)


def click_paths(state, player=None):
    if state.current_player in (CHANCE, TERMINAL):
        return {}
    seat = state.actors()[0] if player is None else player
    return {a: RULES.get(a).click_path(state, a, seat) for a in state.legal_actions(player)}

