"""Seats round a table: clockwise order, the player to your left, and tie-breaks by seat.

Seat numbers grow clockwise, so the player to your left (who receives a passed hand and
plays next) is ``seat + 1``.
"""

from __future__ import annotations

from typing import Iterable, Sequence


def left_of(seat: int, players: int) -> int:
    """The next seat clockwise: the one you pass to, and the one who plays after you."""
    return (seat + 1) % players


def clockwise_from(start: int, players: int) -> list[int]:
    """Every seat in turn order, beginning with ``start``."""
    return [(start + i) % players for i in range(players)]


def distance_clockwise(start: int, seat: int, players: int) -> int:
    """How many steps clockwise ``seat`` sits from ``start`` (0 for ``start`` itself)."""
    return (seat - start) % players


def farthest_clockwise(start: int, seats: Iterable[int], players: int) -> int:
    """The seat among ``seats`` farthest clockwise from ``start`` (tie-breaks by seat)."""
    return max(seats, key=lambda s: distance_clockwise(start, s, players))


def player_name(seat: int, names: Sequence[str] | None = None) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def players_phrase(seats: Sequence[int], order: str = " and ") -> str:
    """Several players in few words, for a board's narrow lines: "Player 2", "Players 1
    and 3", "Players 2, 3 and 1" ("nobody" for none); ``order=" → "`` for a sequence such
    as a play order ("Players 2 → 3 → 1"). Students read "Player 1..n" everywhere (never
    "P1" or a seat number), and a narrow line has no room for the name each time."""
    numbers = [str(p + 1) for p in seats]
    if not numbers:
        return "nobody"
    if len(numbers) == 1:
        return f"Player {numbers[0]}"
    if order.strip() == "and":
        return f"Players {', '.join(numbers[:-1])}{order}{numbers[-1]}"
    return "Players " + order.join(numbers)
