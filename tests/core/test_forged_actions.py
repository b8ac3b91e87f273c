"""Issue 17, item 15: legality by exact type and plain fields, never by a forged ``__eq__``.

Legality is a lookup in the list of legal actions, and list membership asks ``__eq__``. A
subclass of Magical's ``Place`` whose ``__eq__`` always answers yes was accepted; so would
be a ``Place`` whose card is a ``str`` subclass that equals every string. Both are refused
now, by ``apply``, ``is_legal`` and a ``Match`` (naming the bot that chose it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import treehouse_lab as tl
from treehouse_lab.games.backyard.actions import Play
from treehouse_lab.games.magical.moves import Place


@dataclass(frozen=True)
class YesPlace(Place):
    """A ``Place`` that equals everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = Place.__hash__


class YesStr(str):
    """A string that equals every string."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


def magical_at_a_place():
    """A Magical game at its first planning step, where the seat to act may Place."""
    s = tl.load_game("magical").new_initial_state()
    rng = random.Random(1)
    while s.is_chance_node() or not any(isinstance(a, Place)
                                        for a in s.legal_actions(s.actors()[0])):
        if s.is_chance_node():
            s.apply(s.chance_outcomes()[0][0])
        else:
            seat = s.actors()[0]
            s.apply(rng.choice(s.legal_actions(seat)), by=seat)
    seat = s.actors()[0]
    legal = [a for a in s.legal_actions(seat) if isinstance(a, Place)]
    return s, seat, legal


def test_a_subclass_that_equals_everything_is_refused():
    s, seat, legal = magical_at_a_place()
    forged = YesPlace(legal[0].card)
    assert forged == legal[0]  # the forgery would pass list membership
    before = s.to_json()
    assert not s.is_legal(forged, by=seat)
    with pytest.raises(tl.IllegalActionError, match="not a magical action.*not subclasses"):
        s.apply(forged, by=seat)
    assert "not subclasses" in s.why_illegal(forged, by=seat)
    assert s.to_json() == before
    s.apply(Place(legal[0].card), by=seat)  # the same move, built honestly, is legal


def test_a_field_that_equals_everything_is_refused():
    s, seat, legal = magical_at_a_place()
    forged = Place(YesStr("no such card"))
    assert forged == legal[0]
    assert not s.is_legal(forged, by=seat)
    with pytest.raises(tl.IllegalActionError, match="plain values"):
        s.apply(forged, by=seat)


class ForgingBot:
    """Plays a Backyard ``Play`` subclass that equals every legal move."""

    def choose(self, state, rng):
        legal = state.legal_actions()

        @dataclass(frozen=True)
        class YesPlay(Play):
            def __eq__(self, other: object) -> bool:
                return True

            __hash__ = Play.__hash__

        return YesPlay(legal[0].card, legal[0].face_down)


def test_a_match_refuses_a_bots_forged_move_naming_the_bot():
    match = tl.Match(tl.load_game("backyard", players=2), seed=3, bots={0: ForgingBot(),
                                                                       1: ForgingBot()})
    with pytest.raises(tl.RuleError, match=r"Player \d's bot .*chose an illegal move.*"
                                           r"not a backyard action"):
        match.run()
    saved = match.to_json()
    assert saved["moves"] and all(m["by"] == "chance" for m in saved["moves"])  # no forgery
    assert tl.Match.from_json(saved, bots={0: ForgingBot(), 1: ForgingBot()}).to_json() == saved


@pytest.mark.parametrize("game", tl.GAMES)
def test_actions_from_the_legal_list_and_from_json_stay_legal(game):
    """The check costs honest callers nothing: every game's moves, whether the listed
    objects or rebuilt from JSON, are still legal."""
    g = tl.load_game(game)
    s = g.new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        if s.is_terminal():
            break
        if s.is_chance_node():
            a, by = s.chance_outcomes()[0][0], None
        else:
            by = rng.choice(s.actors())
            a = rng.choice(s.legal_actions(by))
        copy = g.action_from_json(a.to_json())
        assert copy is not a and s.is_legal(copy, by=by)
        s.apply(copy, by=by)
