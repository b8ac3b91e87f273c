"""Helpers shared by the board tests."""

from __future__ import annotations


def autoplay(board, limit: int) -> int:
    """Press play and tick the Play widget as the browser would, until it stops itself."""
    play = board.controls.play
    play.playing = True
    ticks = 0
    while play.playing and ticks < limit:
        ticks += 1
        play.value = ticks
    return ticks
