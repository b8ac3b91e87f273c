"""Issue 17, item 15: legality by exact type and plain fields, never by a forged ``__eq__``.

Legality is a lookup in the list of legal actions, and list membership asks ``__eq__``. A
subclass of Magical's ``Place`` whose ``__eq__`` always answers yes was accepted; so would
be a ``Place`` whose card is a ``str`` subclass that equals every string. Both are refused
now, by ``apply``, ``is_legal`` and a ``Match`` (naming the bot that chose it).
"""

from __future__ import annotations

import copy
import random
import typing
from dataclasses import dataclass, fields

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


# -- issue item 4: a bool in an int field (or an int in a bool field) ------------------------------

def _crossed(value: object) -> object | None:
    """The value of the other of bool and int that equals ``value`` (``1`` and ``True``,
    ``0`` and ``False``), or None where there is none."""
    if value.__class__ is bool:
        return int(value)
    if value.__class__ is int and value in (0, 1):
        return bool(value)
    return None


def _patched(action: tl.Action, copy_first: bool = True) -> tl.Action | None:
    """``action`` with its first int or bool field crossed to the other type by
    ``object.__setattr__`` (on a copy, or on the object itself), or None."""
    for f in fields(action):
        crossed = _crossed(getattr(action, f.name))
        if crossed is not None:
            target = copy.copy(action) if copy_first else action
            object.__setattr__(target, f.name, crossed)
            return target
    return None


def _has_int_or_bool_fields(game: tl.Game) -> bool:
    return any(typing.get_type_hints(t).get(f.name) in (int, bool)
               for t in game.action_types for f in fields(t))


@pytest.mark.parametrize("game", tl.GAMES)
def test_a_move_with_a_bool_in_an_int_field_is_refused(game):
    """Every legal move with a 0/1 int field (or a bool field) is tried with that field
    crossed to the other type: it equals the legal move, and is refused all the same,
    the state untouched."""
    g = tl.load_game(game, players=3 if game != "pyramids" else 2)
    rng = random.Random(7)
    tried = 0
    for _ in range(4):
        s = g.new_initial_state()
        while not s.is_terminal():
            by = None if s.is_chance_node() else rng.choice(s.actors())
            legal = [o for o, _ in s.chance_outcomes()] if by is None else s.legal_actions(by)
            for a in legal:
                forged = _patched(a)
                if forged is None:
                    continue
                assert forged == a and hash(forged) == hash(a)  # membership would pass
                before = s.to_json()
                assert not s.is_legal(forged, by=by)
                with pytest.raises(tl.IllegalActionError, match="declared type"):
                    s.apply(forged, by=by)
                assert "declared type" in s.why_illegal(forged, by=by)
                assert s.to_json() == before
                tried += 1
            s.apply(rng.choice(legal), by=by)
    # Pyramids declares no int or bool field, so no move of it can be crossed.
    assert (tried > 0) == _has_int_or_bool_fields(g)


class CrossingBot:
    """Picks a random legal move and, where it has a 0/1 int field (or a bool field),
    crosses that field to the other type first, on a copy or on the listed object."""

    def __init__(self, copy_first: bool) -> None:
        self.copy_first = copy_first
        self.crossed = 0
        #: ``(action, field, value)`` of each listed object crossed in place: the engine
        #: shares its action objects between states and games (they are frozen), so the
        #: test puts them back (:meth:`restore`) lest later tests meet the crossed ones.
        self.touched: list[tuple[tl.Action, str, object]] = []

    def choose(self, state, rng, player):
        a = rng.choice(state.legal_actions(player))
        if not self.copy_first:
            self.touched += [(a, f.name, getattr(a, f.name)) for f in fields(a)]
        forged = _patched(a, self.copy_first)
        if forged is None:
            return a
        self.crossed += 1
        return forged

    def restore(self) -> None:
        for action, name, value in reversed(self.touched):
            object.__setattr__(action, name, value)
        self.touched.clear()


@pytest.mark.parametrize("copy_first", [True, False], ids=["copy", "in-place"])
@pytest.mark.parametrize("game", [g for g in tl.GAMES
                                  if _has_int_or_bool_fields(tl.load_game(g))])
def test_a_match_refuses_a_crossed_field_and_its_save_loads(game, copy_first):
    """The issue's run: a bot crossing int fields in a 300-step match left moves the save
    could not load. The match refuses the first one, naming the bot, and its save loads."""
    g = tl.load_game(game, players=3)
    bots = {p: CrossingBot(copy_first) for p in range(g.players)}
    match = tl.Match(g, seed=11, bots=bots)
    try:
        with pytest.raises(tl.RuleError,
                           match=r"'s bot .*chose an illegal move.*declared type"):
            match.run(300)
        assert sum(b.crossed for b in bots.values()) == 1
        saved = match.to_json()
        assert tl.Match.from_json(saved, bots=bots).to_json() == saved
    finally:
        for bot in bots.values():
            bot.restore()
