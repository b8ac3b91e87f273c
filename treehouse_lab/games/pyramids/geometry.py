"""Drawing Treehouse (pyramids): where each piece of a line stands, and the shapes it is
drawn with (render.py lays the lines out on the board).
"""

from __future__ import annotations

from typing import Iterable

from .arrangement import RIGHT, Arrangement, Position

SIZES = {"S": (28, 34), "M": (38, 46), "L": (48, 58)}
DEFAULT_SIZE = (32, 40)
GAP = 30          # space between positions, room for the gap markers
STACK_STEP = 0.45  # how far up the piece below the next piece of a stack sits


# -- geometry ------------------------------------------------------------------------------

def piece_size(c: str) -> tuple[int, int]:
    return SIZES.get(c, DEFAULT_SIZE)


def position_width(pos: Position) -> int:
    if pos.upright:
        return max(piece_size(c)[0] for c in pos.pieces)
    return piece_size(pos.pieces)[1]


def line_layout(arr: Arrangement) -> list[tuple[float, float]]:
    """(left x, width) of each position, relative to the line start."""
    out, x = [], GAP / 2
    for pos in arr:
        w = position_width(pos)
        out.append((x, w))
        x += w + GAP
    return out


def line_width(arr: Arrangement) -> float:
    lay = line_layout(arr)
    return lay[-1][0] + lay[-1][1] + GAP / 2 if lay else GAP


class Shape:
    """One piece of an upright stack: its triangle, its base and apex, and where its
    letter shows (``label_y``: on a part no smaller piece in front covers)."""

    def __init__(self, piece: str, cx: float, base: float) -> None:
        w, h = piece_size(piece)
        self.piece, self.cx, self.w, self.h = piece, cx, w, h
        self.base, self.apex = base, base - h
        self.pts = [(cx - w / 2, base), (cx + w / 2, base), (cx, base - h)]
        self.label_y = base - h / 3 + 5
        self.see_through = False

    def half_width(self, y: float) -> float:
        return self.w / 2 * max(0.0, min(1.0, (y - self.apex) / self.h))


def stack_shapes(pos: Position, cx: float, ground: float) -> list[Shape]:
    """The pieces of an upright stack in drawing order: larger pieces first, so a smaller
    piece is always in front and whole (bottom-first among equals). Each piece sits
    ``STACK_STEP`` of the way up the piece below it; a piece larger than one below it is
    see-through (it nests over it) and its letter goes where nothing covers it."""
    shapes, base, below_h = [], ground, 0.0
    for k, c in enumerate(pos.pieces):
        if k:
            base -= below_h * STACK_STEP
        shapes.append(Shape(c, cx, base))
        below_h = piece_size(c)[1]
    for k, s in enumerate(shapes):
        s.see_through = any(t.w < s.w for t in shapes[:k])
        front = [(t.apex, t.base) for t in shapes if t.w < s.w]
        s.label_y = free_spot(s.apex + 14, s.base - 2, front, s.label_y)
    return sorted(shapes, key=lambda s: -s.w)


def free_spot(lo: float, hi: float, covered: list[tuple[float, float]], default: float) -> float:
    """The baseline of a 12px letter in the longest stretch of [lo, hi] (down the centre
    line) that no interval of ``covered`` hides; ``default`` if nothing is covered."""
    if not covered:
        return default
    cuts = sorted((max(a, lo), min(b, hi)) for a, b in covered if b > lo and a < hi)
    best, y = (0.0, default - 5), lo
    for a, b in cuts:
        if a - y > best[0]:
            best = (a - y, (y + a) / 2)
        y = max(y, b)
    if hi - y > best[0]:
        best = (hi - y, (y + hi) / 2)
    return best[1] + 5


def lying_shape(pos: Position, x: float, ground: float) -> list:
    w, h = piece_size(pos.pieces)
    if pos.facing == RIGHT:
        return [(x, ground), (x, ground - w), (x + h, ground - w / 2)]
    return [(x + h, ground), (x + h, ground - w), (x, ground - w / 2)]


def points_attr(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def shade(hex_colour: str, factor: float) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    def mix(v: int) -> int:
        return int(v * factor) if factor < 1 else int(v + (255 - v) * (factor - 1))

    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, mix(v))) for v in (r, g, b)))


__all__ = [
    "DEFAULT_SIZE", "GAP", "SIZES", "STACK_STEP", "Shape", "free_spot", "line_layout",
    "line_width", "lying_shape", "piece_size", "points_attr", "position_width", "shade",
    "stack_shapes",
]
