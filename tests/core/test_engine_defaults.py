"""The parts of a game the core derives from its declarations (docs/dev/adding-a-game.md):
a stage's ``LABEL``, ``Game.STATE`` reading saves, click paths from each kind's ``CLICKS``,
``why_not`` from the generated moves with a kind's ``refusal()``, and the protocol's log
line. Shown on a tiny game of its own ("flip": chance tosses a coin, Player 1 guesses
it), independent of any real game."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction

import pytest

from treehouse_lab.core.fields import Field, Opt, Str
from treehouse_lab.core.kinds import Kind, KindTable
from treehouse_lab.core.options import Option
from treehouse_lab.core.stages import Stage, StagedState, StageTable
from treehouse_lab.protocol import CHANCE, Action, Game

SIDES = ("heads", "tails")
RULES = KindTable("flip")
STAGES = StageTable("flip")


@dataclass(frozen=True)
class Coin(Action):
    KIND = "coin"
    side: str

    def __str__(self) -> str:
        return f"The coin shows {self.side}"


@dataclass(frozen=True)
class Guess(Action):
    KIND = "guess"
    side: str

    def __str__(self) -> str:
        return f"Guess {self.side}"


@STAGES.stage
@dataclass(frozen=True)
class Toss(Stage):
    NAME = "toss"
    LABEL = "Chance: the coin is tossed"
    CHANCE = True

    def outcomes(self, s):
        half = Fraction(1, 2)
        return [(Coin(side), half) for side in SIDES]


@STAGES.stage
@dataclass(frozen=True)
class Call(Stage):
    NAME = "call"
    LABEL = "Player 1 guesses the side"
    OFFERS = (Guess,)

    def actors(self, s):
        return (0,)


@RULES.kind(Coin)
class CoinKind(Kind):
    def apply(self, s, a, player):
        s.coin = a.side
        s.pop()

    def explain(self, s, a, player):
        return "Toss: each side is equally likely"


@RULES.kind(Guess)
class GuessKind(Kind):
    CLICKS = ("side:{side}", "seat:{seat}")

    def generate(self, s, seat):
        return [Guess(side) for side in SIDES]

    def refusal(self, s, a, player):
        # Says "no" to every move it is asked about: the default why_not asks it only of
        # moves not handed out, so a legal guess must never read this sentence.
        return "Guess: Player 1 guesses once, after the toss"

    def apply(self, s, a, player):
        s.guess = a.side
        s.pop()

    def explain(self, s, a, player):
        return "Guess: either side may be called"


class FlipGame(Game):
    NAME = "flip"
    TITLE = "Flip"
    OPTIONS = (Option("players", 2, "two players", choices=(2,)),)
    ACTION_TYPES = RULES.action_types
    RENDERER = __name__  # render_svg only: click paths come from the kinds

    def new_initial_state(self):
        s = FlipState.__new__(FlipState)
        s.game, s.coin, s.guess, s.stack = self, None, None, (Call(), Toss())  # top last
        s._run()
        return s


class FlipState(StagedState):
    KINDS = RULES
    FIELDS = (
        Field("coin", Opt(Str(SIDES))),
        Field("guess", Opt(Str(SIDES))),
        Field("stack", STAGES.codec()),
    )

    def winners(self):
        return [0] if self.coin == self.guess else [1]


FlipGame.STATE = FlipState


def render_svg(state, viewer=None, selection=(), targets=frozenset()) -> str:
    return '<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-flip"/>'


def tossed(side: str = "heads") -> FlipState:
    s = FlipGame().new_initial_state()
    s.apply(Coin(side))
    return s


def test_a_stage_label_is_its_LABEL_and_a_stage_without_one_fails_at_import():
    s = FlipGame().new_initial_state()
    assert s.waiting_for() == "Chance: the coin is tossed"
    assert tossed().waiting_for() == "Player 1 guesses the side"
    with pytest.raises(TypeError, match="has no LABEL or label"):

        @StageTable("t").stage
        @dataclass(frozen=True)
        class Mute(Stage):
            NAME = "mute"


def test_game_STATE_reads_saves_and_a_game_without_one_says_so():
    s = tossed("tails")
    back = s.game.state_from_json(s.to_json())
    assert type(back) is FlipState and back == s and back.coin == "tails"

    class Bare(FlipGame):
        STATE = None

    with pytest.raises(NotImplementedError, match="no STATE class"):
        Bare().state_from_json(s.to_json())


def test_click_paths_come_from_the_kinds_CLICKS_filled_with_fields_and_seat():
    s = tossed()
    assert s.game.click_paths(s) == {
        Guess("heads"): ("side:heads", "seat:0"),
        Guess("tails"): ("side:tails", "seat:0"),
    }
    assert s.game.click_paths(s, 0) == s.game.click_paths(s)
    assert s.game.click_paths(s, 1) == {}  # not acting: no clicks
    start = FlipGame().new_initial_state()
    assert start.game.click_paths(start) == {}  # chance: nobody clicks


def test_a_renderer_with_its_own_click_paths_is_asked_instead(monkeypatch):
    s = tossed()
    own = {Guess("heads"): ("mine",)}
    monkeypatch.setattr(sys.modules[__name__], "click_paths", lambda st, p=None: own, raising=False)
    assert s.game.click_paths(s) == own


def test_an_optional_view_keyword_reaches_only_a_renderer_that_names_it(monkeypatch):
    """``offered`` (whether the viewer is asked to move now, which a board's guide knows):
    a renderer without the parameter, as this module's, draws as before; one naming it
    gets the value."""
    s = tossed()
    assert s.render_svg(viewer=0, offered=False) == s.render_svg(viewer=0)
    seen = []

    def drawing(state, viewer=None, selection=(), targets=frozenset(), offered=True):
        seen.append(offered)
        return "<svg/>"

    monkeypatch.setattr(sys.modules[__name__], "render_svg", drawing)
    s.render_svg(viewer=0, offered=False)
    s.render_svg(viewer=0)
    assert seen == [False, True]


def test_a_kind_without_CLICKS_or_click_path_says_so():
    s = FlipGame().new_initial_state()
    with pytest.raises(NotImplementedError, match="CoinKind has no click path"):
        RULES.of(Coin).click_path(s, Coin("heads"), 0)


def test_why_not_is_none_exactly_for_the_moves_handed_out_else_the_kinds_refusal():
    refused = "Guess: Player 1 guesses once, after the toss"
    start = FlipGame().new_initial_state()
    for side in SIDES:
        assert start.why_illegal(Coin(side)) == f"The coin shows {side} is legal now"
        assert start.why_illegal(Guess(side), by=0) == refused
    s = tossed()
    for side in SIDES:
        assert s.why_illegal(Guess(side), by=0) == f"Guess {side} is legal now"
        assert s.why_illegal(Guess(side), by=1) == refused
        assert RULES.of(Guess).why_not(s, Guess(side), 0) is None
        assert RULES.of(Guess).why_not(s, Guess(side), 1) == refused
    # A kind without a refusal() gets the protocol's listing of what is legal.
    assert s.why_illegal(Coin("heads")).startswith("The coin shows heads is not legal now")
    assert "Legal: Guess heads; Guess tails" in s.why_illegal(Coin("heads"))
    assert RULES.of(Coin).why_not(start, Coin("heads"), CHANCE) is None


def test_narrate_defaults_to_the_protocols_log_line():
    start = FlipGame().new_initial_state()
    assert start.narrate(Coin("tails")) == "The coin shows tails"
    s = tossed()
    assert s.narrate(Guess("tails"), by=0) == "Player 1: Guess tails"
    assert s.explain(Guess("tails"), by=0) == "Guess: either side may be called"


# -- fresh states, declared components, default winners and sentence templates -------------
from types import MappingProxyType  # noqa: E402

from treehouse_lab.core.fields import Bool, Int, Map, PerSeat, Record, Tuple  # noqa: E402
from treehouse_lab.errors import RuleError  # noqa: E402


class Pile(FlipGame):
    """Flip with counted coins: two in a purse, a hand per seat, a table spot."""

    def coins(self):
        return ("c1", "c2", "c3")

    COMPONENTS = {"coin": coins}

    def new_initial_state(self):
        return PileState.fresh(self, purse=("c1", "c2"), stack=(Call(), Toss()))


class PileState(StagedState):
    KINDS = RULES
    FIELDS = (
        Field("coin", Opt(Str(SIDES))),
        Field("guess", Opt(Str(SIDES))),
        Field("purse", Tuple(Str(Pile.coins))),
        Field("hands", PerSeat(Tuple(Str(Pile.coins)))),
        Field("spot", Opt(Str(Pile.coins))),
        Field("points", PerSeat(Int(0, 9))),
        Field("round", Int(1, 3)),
        Field("flag", Bool()),
        Field("notes", Map(Int())),
        Field("stack", STAGES.codec()),
    )

    def scores(self):
        return [{"total": t} for t in self.points]


Pile.STATE = PileState


def test_fresh_fills_what_is_not_given_with_each_codecs_empty_value_and_runs_the_loop():
    s = Pile().new_initial_state()
    assert (s.coin, s.guess, s.spot, s.flag) == (None, None, None, False)
    assert s.hands == ((), ()) and s.points == (0, 0) and s.round == 1
    assert s.notes == MappingProxyType({}) and s.purse == ("c1", "c2")
    assert s.waiting_for() == "Chance: the coin is tossed"  # the loop ran
    with pytest.raises(TypeError, match=r"no such field \['purses'\]"):
        PileState.fresh(Pile(), purses=())

    class Named(PileState):
        FIELDS = (*PileState.FIELDS, Field("pair", Record(a=Int(), b=Int())))

    with pytest.raises(TypeError, match="the field 'pair' has no empty value"):
        Named.fresh(Pile(), purse=())


def test_components_are_counted_in_every_field_their_ids_come_from():
    s = Pile().new_initial_state()
    assert s.game.components() == {"coin": ["c1", "c2", "c3"]}
    assert s.components() == {"coin": ["c1", "c2"]}  # c3 is nowhere: not conserved
    with pytest.raises(RuleError, match="coin: every one must be in exactly one place; "
                                        "missing c3"):
        s.game.state_from_json(s.to_json())
    save = s.to_json()
    save["hands"], save["spot"] = [["c3"], []], "c1"
    with pytest.raises(RuleError, match="extra c1"):
        s.game.state_from_json(save)
    save["purse"] = ["c2"]
    back = s.game.state_from_json(save)
    assert back.components() == {"coin": ["c1", "c2", "c3"]}
    assert FlipGame().new_initial_state().components() == {}  # no COMPONENTS: no census


def test_winners_default_to_the_most_total_points_ties_sharing():
    s = Pile().new_initial_state()
    assert s.winners() == [0, 1]
    s.points = (4, 7)
    assert s.winners() == [1]


def test_an_action_TEXT_is_its_sentence_and_an_own_str_wins():
    @dataclass(frozen=True)
    class Take(Action):
        KIND = "take"
        TEXT = "Take {coin} from the purse ({n})"
        coin: str
        n: int

    assert str(Take("c1", 2)) == "Take c1 from the purse (2)" == repr(Take("c1", 2))

    @dataclass(frozen=True)
    class Own(Take):
        def __str__(self) -> str:
            return "mine"

    assert str(Own("c1", 2)) == "mine"
