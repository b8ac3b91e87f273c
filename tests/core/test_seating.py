"""core.seating: clockwise order, who sits to your left, farthest clockwise."""

from __future__ import annotations

import pytest

from treehouse_lab.core.seating import (
    clockwise_from,
    distance_clockwise,
    farthest_clockwise,
    left_of,
    player_name,
)


def test_left_of_wraps_round_the_table():
    assert [left_of(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert left_of(1, 2) == 0


def test_clockwise_from_lists_every_seat_once():
    assert clockwise_from(2, 5) == [2, 3, 4, 0, 1]
    for n in range(1, 7):
        for start in range(n):
            order = clockwise_from(start, n)
            assert sorted(order) == list(range(n)) and order[0] == start
            assert all(order[i + 1] == left_of(order[i], n) for i in range(n - 1))


def test_distance_clockwise():
    assert distance_clockwise(3, 3, 5) == 0
    assert distance_clockwise(3, 4, 5) == 1
    assert distance_clockwise(3, 1, 5) == 3
    assert distance_clockwise(0, 4, 5) == 4


@pytest.mark.parametrize("start, seats, players, expected", [
    (0, [0, 1, 2], 3, 2),      # start player is nearest, the last to play farthest
    (2, [0, 1, 2], 3, 1),      # wraps: from seat 2 the order is 2, 0, 1
    (1, [1, 3], 4, 3),
    (3, [0, 2], 4, 2),         # 3 -> 0 is 1 step, 3 -> 2 is 3 steps
    (1, [1], 2, 1),
])
def test_farthest_clockwise(start, seats, players, expected):
    assert farthest_clockwise(start, seats, players) == expected


def test_farthest_clockwise_agrees_with_turn_order():
    for n in range(2, 6):
        for start in range(n):
            order = clockwise_from(start, n)
            for mask in range(1, 2 ** n):
                seats = [s for s in range(n) if mask >> s & 1]
                last = [s for s in order if s in seats][-1]
                assert farthest_clockwise(start, seats, n) == last


def test_player_names():
    assert player_name(0) == "Player 1"
    assert player_name(1, ["Ann", "Bo"]) == "Bo"
    assert player_name(2, ["Ann", "Bo"]) == "Player 3"
