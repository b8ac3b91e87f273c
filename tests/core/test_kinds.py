"""core/kinds.py on a tiny game of its own ("coins": chance sets a pile, players take 1 to
3 coins in turn, whoever takes the last coin wins), independent of any real game."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import pytest

import treehouse_lab as tl
from treehouse_lab.core.kinds import (
    Kind,
    KindState,
    KindTable,
    Vocabulary,
    one_of,
    plural,
    some_of,
    whole,
)
from treehouse_lab.core.options import Option
from treehouse_lab.protocol import CHANCE, TERMINAL, Action, Game

RULES = KindTable("coins")


@dataclass(frozen=True)
class Pile(Action):
    KIND: ClassVar[str] = "pile"
    coins: int

    def __str__(self) -> str:
        return f"The pile has {self.coins} coins"


@dataclass(frozen=True)
class Take(Action):
    KIND: ClassVar[str] = "take"
    n: int

    def __str__(self) -> str:
        return f"Take {self.n}"


@dataclass(frozen=True)
class Shout(Action):
    """An action type of no kind: the table must refuse it."""

    KIND: ClassVar[str] = "shout"


CALLS: list[str] = []


@RULES.kind(Pile)
class PileKind(Kind):
    def why_not(self, s, a, player):
        if s.pile is not None:
            return "Set-up: the pile is made once"
        if a.coins not in (10, 11):
            return "Set-up: the pile has 10 or 11 coins"
        return None

    def apply(self, s, a, player):
        s.pile = a.coins

    def explain(self, s, a, player):
        return "Set-up: 10 or 11 coins, each 1/2"

    def narrate(self, s, a, player):
        return f"A pile of {a.coins} coins is made"


@RULES.kind(Take)
class TakeKind(Kind):
    def why_not(self, s, a, player):
        if s.pile is None:
            return "Set-up: make the pile first"
        if player != s.current_player:
            return f"Turns: it is seat {s.current_player}'s turn"
        if not 1 <= a.n <= min(3, s.pile):
            return f"Taking: take 1 to {min(3, s.pile)} coins"
        return None

    def is_legal(self, s, a, player):
        CALLS.append("fast")
        return super().is_legal(s, a, player)

    def apply(self, s, a, player):
        s.pile -= a.n
        s.last = player
        s.turn += 1

    def explain(self, s, a, player):
        return f"Taking: {s.pile} coins are left, so {a.n} may be taken"

    def narrate(self, s, a, player):
        return f"Seat {player} takes {a.n}"


class CoinsGame(Game):
    NAME = "coins"
    OPTIONS = (Option("players", 2, "two players", choices=(2,)),)
    ACTION_TYPES = RULES.action_types

    def new_initial_state(self):
        return CoinsState(self)


class CoinsState(KindState):
    KINDS = RULES

    def __init__(self, game):
        self.game = game
        self.pile: int | None = None
        self.turn = 0
        self.last: int | None = None

    @property
    def current_player(self):
        if self.pile is None:
            return CHANCE
        return TERMINAL if self.pile == 0 else self.turn % 2

    def _chance_outcomes(self):
        return [(Pile(10), Fraction(1, 2)), (Pile(11), Fraction(1, 2))]

    def _legal_actions(self, player):
        return [Take(n) for n in range(1, min(3, self.pile) + 1)]

    def winners(self):
        return [self.last] if self.pile == 0 else []

    def to_json(self):
        return {"pile": self.pile, "turn": self.turn, "last": self.last}

    def clone(self):
        new = CoinsState(self.game)
        new.pile, new.turn, new.last = self.pile, self.turn, self.last
        return new

    def _over(self, action):
        return f"Game end: the last coin is gone, {action} is too late"


def started():
    s = CoinsGame().new_initial_state()
    s.apply(Pile(10))
    return s


# -- KindTable ------------------------------------------------------------------------------

def test_table_lists_and_finds_kinds():
    assert RULES.action_types == (Pile, Take)
    assert len(RULES) == 2 and [type(k) for k in RULES] == [PileKind, TakeKind]
    assert isinstance(RULES.get(Take(1)), TakeKind) and RULES.get(Take(1)).action is Take
    assert RULES.get(Shout()) is None and RULES.get("take 1") is None


def test_a_kind_missing_a_part_fails_at_definition():
    table = KindTable("t")
    with pytest.raises(TypeError, match="does not define explain$"):
        @table.kind(Take)
        class Half(Kind):
            def why_not(self, s, a, player):
                return None

            def apply(self, s, a, player):
                pass
    assert len(table) == 0
    with pytest.raises(TypeError, match="already has a kind"):
        RULES.kind(Take)
    with pytest.raises(TypeError, match="Action subclasses"):
        table.kind(int)
    with pytest.raises(TypeError, match="Action subclasses"):
        table.kind(Action)


# -- KindState dispatch -----------------------------------------------------------------------

def test_apply_goes_through_the_kind_and_checks_it_first():
    s = CoinsGame().new_initial_state()
    assert s.legal_actions() == [Pile(10), Pile(11)]
    with pytest.raises(tl.IllegalActionError, match="10 or 11"):
        s.apply(Pile(12))
    s.apply(Pile(10))
    assert s.current_player == 0
    CALLS.clear()
    s.apply(Take(3))
    assert CALLS == ["fast"]                    # legality used the kind's fast test
    assert (s.pile, s.last, s.current_player) == (7, 0, 1)
    before = s.to_json()
    with pytest.raises(tl.IllegalActionError, match="take 1 to 3 coins"):
        s.apply(Take(4))
    with pytest.raises(tl.IllegalActionError, match="not a coins action; its actions are "
                                                    "Pile, Take"):
        s.apply(Shout())
    assert s.to_json() == before


def test_words_come_from_the_kind():
    s = started()
    assert s.why_illegal(Take(5)) == "Taking: take 1 to 3 coins"
    assert s.why_illegal(Take(1), by=1) == "Turns: it is seat 0's turn"
    assert s.why_illegal(Pile(10)) == "Set-up: the pile is made once"
    assert s.why_illegal(Take(1)) == "Take 1 is legal now"
    assert s.explain(Take(2)) == "Taking: 10 coins are left, so 2 may be taken"
    assert s.explain(Take(5)) == "Not legal. Taking: take 1 to 3 coins"
    assert s.explain(Shout()).startswith("Not legal. ")
    assert s.narrate(Take(2)) == "Seat 0 takes 2"
    assert s.narrate(Shout()) == "Player 1: Shout()"     # the protocol's default
    fresh = CoinsGame().new_initial_state()
    assert fresh.narrate(Pile(11)) == "A pile of 11 coins is made"
    assert fresh.explain(Pile(11)) == "Set-up: 10 or 11 coins, each 1/2"
    # At a chance node the acting "player" is CHANCE, whoever is named.
    assert fresh.why_illegal(Take(1), by=0) == "Set-up: make the pile first"


def test_terminal_state_refuses_with_the_games_sentence():
    s = started()
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    assert s.winners() == [s.last]
    assert s.why_illegal(Take(1)) == "Game end: the last coin is gone, Take 1 is too late"
    assert s.explain(Take(1)).startswith("Not legal. Game end")
    with pytest.raises(tl.IllegalActionError):
        s.apply(Take(1))


# -- Vocabulary -------------------------------------------------------------------------------

def make_vocabulary():
    v: Vocabulary[bool] = Vocabulary("coin condition")

    @v.define("at_least", count=whole(0, 9),
              text=lambda count: f"At least {plural(count, 'coin', 'coins')}")
    def _at_least(coins, count):
        return len(coins) >= count

    @v.define("only", metals=some_of("gold", "silver", "copper"),
              text=lambda metals: "Only " + " or ".join(metals))
    def _only(coins, metals):
        return all(c in metals for c in coins)

    @v.define("has", metal=one_of("gold", "silver"), text=lambda metal: f"A {metal} coin")
    def _has(coins, metal):
        return metal in coins

    return v


def test_vocabulary_checks_evaluates_and_describes():
    v = make_vocabulary()
    assert v.names() == ["at_least", "only", "has"] and "only" in v
    cond = v.check({"kind": "only", "metals": ["gold", "silver"]}, "card 3")
    assert cond == {"kind": "only", "metals": ("gold", "silver")}
    with pytest.raises(TypeError):
        cond["metals"] = ()                      # read-only
    assert v.evaluate(cond, ["gold", "gold"]) is True
    assert v.evaluate(cond, ["gold", "copper"]) is False
    assert v.text(cond) == "Only gold or silver"
    one = v.check({"kind": "at_least", "count": 1}, "card 1")
    assert v.text(one) == "At least 1 coin" and not v.evaluate(one, [])
    assert v.text(v.check({"kind": "at_least", "count": 2}, "x")) == "At least 2 coins"
    # To JSON and back to an equal checked value.
    back = v.check(json.loads(json.dumps(v.to_json(cond))), "again")
    assert back == cond


def test_a_bound_term_answers_as_evaluate_does():
    v = make_vocabulary()
    hands = [[], ["gold"], ["gold", "copper"], ["silver", "silver", "gold"]]
    for data in ({"kind": "only", "metals": ["gold", "silver"]}, {"kind": "at_least", "count": 2},
                 {"kind": "has", "metal": "silver"}):
        cond = v.check(data, "card")
        bound = v.bind(cond)
        answers = [bound(h) for h in hands]
        assert answers == [v.evaluate(cond, h) for h in hands]
        assert True in answers and False in answers, data


@pytest.mark.parametrize("data,needle", [
    ({"kind": "most", "count": 1}, "unknown coin condition 'most'; known: at_least, only, has"),
    ({"count": 1}, "unknown coin condition None"),
    ("at_least", "expected a table naming the coin condition, like { kind = \"at_least\""),
    ({"kind": "at_least"}, "coin condition at_least takes count, got (nothing)"),
    ({"kind": "at_least", "count": 1, "extra": 2}, "takes count, got count, extra"),
    ({"kind": "at_least", "count": True}, "count must be a whole number 0..9, got True"),
    ({"kind": "at_least", "count": 10}, "count must be a whole number 0..9"),
    ({"kind": "has", "metal": "tin"}, "metal must be one of gold, silver, got 'tin'"),
    ({"kind": "only", "metals": []}, "metals must be a non-empty list of distinct values"),
    ({"kind": "only", "metals": ["gold", "gold"]}, "distinct"),
    ({"kind": "only", "metals": "gold"}, "distinct values from gold, silver, copper"),
])
def test_vocabulary_refuses_bad_data_naming_where(data, needle):
    v = make_vocabulary()
    with pytest.raises(tl.RuleError) as info:
        v.check(data, "card 7")
    assert str(info.value).startswith("card 7") and needle in str(info.value)


def test_vocabulary_definition_errors():
    v = make_vocabulary()
    with pytest.raises(TypeError, match="defined twice"):
        v.define("has", text=lambda: "")
    with pytest.raises(TypeError, match="may not be called 'kind'"):
        v.define("odd", text=lambda kind: "", kind=whole())
    with pytest.raises(tl.RuleError, match="unknown coin condition 'nope'"):
        v.text({"kind": "nope"})
