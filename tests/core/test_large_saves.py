"""Issue 17, item 17: a save far longer than its game is refused at the first move past the
end, without walking the rest of it first.

A finished Backyard game followed by 10^5 extra moves was refused only after 2.6 s: the
depth check walked the whole save (with a slow ``isinstance(..., Mapping)`` test) before
replaying anything. Now each move's depth is checked as it is read, and the replay stops
at the first move past the end, naming it.
"""

from __future__ import annotations

import pytest

import treehouse_lab as tl


def finished_backyard_save() -> dict:
    match = tl.Match(tl.load_game("backyard", players=2), seed=11,
                     bots={0: "random", 1: "random"})
    match.run()
    assert match.state.is_terminal()
    return match.to_json()


class CountingList(list):
    """A list that counts how many of its items are read."""

    reads = 0

    def __iter__(self):
        for x in super().__iter__():
            CountingList.reads += 1
            yield x

    def __getitem__(self, i):
        CountingList.reads += 1
        return super().__getitem__(i)


def test_extra_moves_are_refused_at_the_first_one():
    save = finished_backyard_save()
    n = len(save["moves"])
    save["moves"] = save["moves"] + [save["moves"][-1]] * 10**5
    with pytest.raises(tl.RuleError, match=rf"match\.moves\[{n}\]: the game is over after "
                                           rf"{n} moves; the save lists {n + 10**5}"):
        tl.Match.from_json(save)


def test_the_refusal_reads_only_one_move_past_the_end():
    save = finished_backyard_save()
    n = len(save["moves"])
    moves = CountingList(save["moves"] + [save["moves"][-1]] * 10**5)
    save["moves"] = moves
    CountingList.reads = 0
    with pytest.raises(tl.RuleError, match=rf"match\.moves\[{n}\]"):
        tl.Match.from_json(save)
    assert CountingList.reads <= n + 1, CountingList.reads


def test_a_deep_move_is_still_refused_by_depth():
    save = finished_backyard_save()
    deep: list = []
    for _ in range(200):
        deep = [deep]
    save["moves"] = [{"by": 0, "action": {"kind": "play", "card": deep, "face_down": True}}]
    with pytest.raises(tl.RuleError, match="nested more than"):
        tl.Match.from_json(save)


def test_deep_options_are_still_refused_by_depth():
    save = finished_backyard_save()
    deep: list = []
    for _ in range(200):
        deep = [deep]
    save["options"] = {"cards": deep}
    with pytest.raises(tl.RuleError, match="nested more than"):
        tl.Match.from_json(save)


def test_a_complete_save_still_replays():
    save = finished_backyard_save()
    assert tl.Match.from_json(save).to_json() == save
