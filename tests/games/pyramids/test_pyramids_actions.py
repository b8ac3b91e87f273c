"""Treehouse actions as values: what they hold, how forged ones are refused, and the
regressions of issue 6 (forged destinations, bad faces, huge inputs, prose in saves).

Every forged value must end in ``tl.RuleError`` (malformed: refused where it comes in) or
``tl.IllegalActionError`` (well formed, not allowed here), with a message that names the
field or the rule, whatever route it takes: the constructor, ``action_from_json``,
``apply``, ``child``, ``explain``, ``narrate``, ``Match.play`` or ``Match.from_json``.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import treehouse_lab as tl
from treehouse_lab.games.pyramids import (
    Arrangement,
    Pass,
    Play,
    PyramidsGame,
    Roll,
    all_arrangements,
    arrangement,
    moves,
    rules,
)
from treehouse_lab.games.pyramids.arrangement import DEST_FORMS, token_problem
from treehouse_lab.games.pyramids.arrangement import words as move_words
from treehouse_lab.games.pyramids.theory import counting, solver

FACES = ("tip", "aim", "hop", "dig", "swap", "wild")


def positions(game: PyramidsGame, count: int, seed: int) -> list:
    """Decision states with every face rolled, from seeded random (trio, House) pairs."""
    rng = random.Random(seed)
    arrs = all_arrangements()
    out = []
    while len(out) < count:
        t, h = rng.choice(arrs), rng.choice(arrs)
        for face in FACES:
            try:
                out.append(game.position(trios=[str(t), "LMS"], house=str(h), rolled=face))
            except tl.RuleError:
                pass  # this face would be rolled again here
    return out[:count]


def well_formed_plays() -> list[Play]:
    """Every Play whose tokens are well formed: each side, action, stack of pieces and
    destination form over the trio's letters."""
    stacks = ["".join(p) for k in (1, 2, 3) for p in itertools.permutations("SML", k)]
    out = []
    for side, (action, forms) in itertools.product(("trio", "house"), DEST_FORMS.items()):
        dests = []
        for f in forms:
            if "<" not in f:
                dests.append(f)
            elif f.startswith("between"):
                dests += [f"between:{a}:{b}" for a in stacks for b in stacks]
            else:
                dests += [f.split(":")[0] + ":" + c for c in "SML"]
        for pieces, dest in itertools.product(stacks, dests):
            if not token_problem(action, pieces, dest):
                out.append(Play(side, action, pieces, dest))
    return out


# -- what an action holds (issue 6: "A pyramids Play holds the English sentence and the
#    resulting arrangement") ---------------------------------------------------------------

def test_a_play_holds_only_what_identifies_the_move():
    game = PyramidsGame(players=2)
    s = game.position(trios=["L> S M", "LMS"], house="<S LM", rolled="wild")
    for a in s.legal_actions():
        d = a.to_json()
        if a.KIND == "play":
            assert set(d) == {"kind", "side", "action", "pieces", "dest"}
            # tokens, not prose nor an arrangement: no spaces anywhere
            assert not any(" " in v for v in d.values()), d
            assert str(a).startswith(a.action.capitalize())


def test_apply_reads_the_result_from_the_model_not_from_the_action():
    game = PyramidsGame(players=2)
    for s in positions(game, 40, seed=3):
        for a in s.legal_actions():
            if not isinstance(a, Play):
                continue
            line = s.trio(0) if a.side == "trio" else s.house
            model = {(m.action, m.pieces, m.dest): m.result
                     for m in moves(line, s.rolled)}
            after = s.child(a)
            got = after.trio(0) if a.side == "trio" else after.house
            assert got == model[(a.action, a.pieces, a.dest)] == s.move_of(a).result


def test_saves_hold_no_prose_and_replay_after_a_rewording(monkeypatch):
    game = tl.load_game("pyramids", players=3)
    m = tl.Match(game, seed=4, bots={0: "random", 1: "random", 2: "random"})
    m.run(max_steps=400)
    save = json.loads(json.dumps(m.to_json()))
    played = [mv["action"] for mv in save["moves"] if mv["action"]["kind"] == "play"]
    assert played and all(" " not in v for a in played for v in a.values())
    # reword every sentence: the save does not care
    monkeypatch.setitem(move_words._END_WORDS, "right-end", "all the way to the right")
    monkeypatch.setitem(move_words._AIM_WORDS, "aim-up", "upright")
    again = tl.Match.from_json(save)
    assert again.state == m.state and again.history == m.history


# -- forged destinations (issue 6: a dest of "gap" or "gap:²" crashed why_illegal) -------

FORGED_DESTS = ["gap", "gap:²", "gap:", "gap:-1", "gap:99", "on:", "on:9", "on:X", "on:LM",
                "under:", "under:²", "between:S", "between:S:S", "between::M", "left-end:",
                "swap:", "swap:Q", "in-place:1", "tip-up", "aim-down", "", " ", ":", "::",
                "on:S:M", "between:S:M:L", "x" * 100_000]


@pytest.mark.parametrize("dest", FORGED_DESTS)
def test_forged_destinations_are_refused_on_every_route(dest):
    game = PyramidsGame(players=2)
    s = game.position(trios=["L> S M", "LMS"], house="LMS", rolled="dig")
    before = s.to_json()
    for action in ("hop", "dig", "tip", "aim", "swap"):
        with pytest.raises(tl.RuleError, match="dest") as info:
            Play("trio", action, "L", dest)
        assert len(str(info.value)) < 400
        forged = {"kind": "play", "side": "trio", "action": action, "pieces": "L",
                  "dest": dest}
        with pytest.raises(tl.RuleError, match="dest"):
            game.action_from_json(forged)
        save = tl.Match(game, seed=1).to_json()
        save["moves"] = [{"by": "chance", "action": {"kind": "roll", "face": "dig"}},
                         {"by": 0, "action": forged}]
        with pytest.raises(tl.RuleError, match="dest"):
            tl.Match.from_json(save)
    assert s.to_json() == before


def test_every_well_formed_move_is_legal_or_refused_with_its_rule():
    """Every well-formed Play in many positions: legal exactly when listed, and otherwise
    refused by apply, child and Match.play with a sentence naming a rule, never a crash nor
    a vague "no such move"; explain and narrate answer in words; nothing changes."""
    plays = well_formed_plays()
    assert len(plays) > 200
    for flag in (True, False):
        game = PyramidsGame(players=2, aim_stack_top=flag)
        for s in positions(game, 24, seed=11 + flag):
            legal = set(s.legal_actions())
            before = s.to_json()
            for a in plays:
                assert s.is_legal(a) == (a in legal)
                assert isinstance(s.explain(a), str) and isinstance(s.narrate(a), str)
                if a in legal:
                    continue
                with pytest.raises(tl.IllegalActionError) as info:
                    s.apply(a)
                message = str(info.value)
                assert str(a) in message or message.startswith("You rolled"), message
                assert "no such move" not in message
                assert s.why_illegal(a) == message
                with pytest.raises(tl.IllegalActionError):
                    s.child(a)
            assert s.to_json() == before
    match = tl.Match(PyramidsGame(players=2), seed=1)
    match.play(Roll("dig"))
    match.play(Roll("hop"))
    with pytest.raises(tl.IllegalActionError, match="cannot Hop in place"):
        match.play(Play("trio", "hop", "S", "on:M"))  # back onto the stack it came from
    assert match.position == 2


def test_classic_mistakes_name_their_rule():
    game = PyramidsGame(players=2)
    hop = game.position(trios=["M L S", "LMS"], rolled="hop")
    cases = [
        (hop, Play("trio", "hop", "M", "left-end"), "cannot Hop in place"),
        (hop, Play("trio", "hop", "M", "between:S:L"), "no gap between the Small and the Large"),
        (hop, Play("trio", "hop", "ML", "right-end"), "pieces must be 'M'"),
        (game.position(trios=["LMS", "LMS"], rolled="hop"),
         Play("trio", "hop", "M", "right-end"), "pieces must be 'MS'"),
        (game.position(trios=["LMS", "LMS"], rolled="hop"),
         Play("trio", "hop", "S", "on:L"), "cannot Hop in place"),  # its own stack
        (game.position(trios=["LM S", "LMS"], rolled="hop"),
         Play("trio", "hop", "S", "on:L"), "not on top of its stack"),
        (game.position(trios=["L> S M", "LMS"], rolled="dig"),
         Play("trio", "dig", "L", "left-end"), "where it lies"),
        (game.position(trios=["S M <L", "LMS"], rolled="dig"),
         Play("trio", "dig", "L", "right-end"), "where it lies"),
        (game.position(trios=["S <L M", "LMS"], rolled="dig"),
         Play("trio", "dig", "L", "right-end"), "backwards"),
        (game.position(trios=["<L MS", "LMS"], rolled="dig"),
         Play("trio", "dig", "L", "under:S"), "not at the bottom"),
        (game.position(trios=["LMS", "LMS"], rolled="swap"),
         Play("trio", "swap", "S", "swap:L"), "Swap the Large and the Small"),
        (game.position(trios=["<S LM", "LMS"], rolled="aim"),
         Play("trio", "aim", "S", "aim-left"), "already points left"),
        (game.position(trios=["S LM", "LMS"], rolled="wild"),
         Play("trio", "aim", "S", "aim-left"), "same line as \"Tip the Small to the left\""),
        (game.position(trios=["LMS", "LMS"], rolled="aim"),
         Play("trio", "aim", "S", "aim-up"), "already points up"),
    ]
    for s, a, words in cases:
        with pytest.raises(tl.IllegalActionError, match=words):
            s.apply(a)


def test_whose_turn_is_named_for_another_seat():
    game = PyramidsGame(players=3)
    s = game.position(trios=["LMS"] * 3, rolled="hop", to_move=1)
    a = s.legal_actions()[0]
    assert "Player 2's turn" in s.why_illegal(a, by=0)
    with pytest.raises(tl.RuleError, match=r"by must be a seat 0\.\.2") as info:
        s.explain(a, by="x" * 10_000)        # no seat at all: refused, in a short message
    assert len(str(info.value)) < 300
    with pytest.raises(tl.IllegalActionError):
        s.apply(a, by=0)


# -- fuzzing every field ------------------------------------------------------------------

TOKENS = ["trio", "house", "tip", "aim", "hop", "dig", "swap", "wild", "S", "M", "L", "LM",
          "MS", "SML", "LMS", "gap", "on", "under", "between", "in-place", "left-end",
          "right-end", "tip-left", "aim-up", "swap:S", "on:L", "under:M", "between:S:M"]
field_values = st.one_of(
    st.sampled_from(TOKENS),
    st.text(alphabet="SMLX:²-0123456789 abegilnoprtuw<>", max_size=14),
    st.lists(st.sampled_from(["on", "under", "between", "gap", "swap", "S", "M", "L", "LM",
                              "", "²", "7"]), min_size=1, max_size=4).map(":".join),
    st.integers(-3, 3), st.none(), st.booleans(), st.lists(st.integers(), max_size=2),
)
FUZZ_GAME = PyramidsGame(players=2)
FUZZ_STATES = positions(FUZZ_GAME, 12, seed=5)


@settings(max_examples=400, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(side=field_values, action=field_values, pieces=field_values, dest=field_values)
def test_fuzzed_play_fields_give_typed_errors_on_every_route(side, action, pieces, dest):
    data = {"kind": "play", "side": side, "action": action, "pieces": pieces, "dest": dest}
    try:
        play = FUZZ_GAME.action_from_json(json.loads(json.dumps(data)))
    except tl.RuleError as exc:
        assert str(exc) and len(str(exc)) < 500
        with pytest.raises(tl.RuleError):
            Play(side, action, pieces, dest)
        return
    assert Play(side, action, pieces, dest) == play
    for s in FUZZ_STATES:
        before = s.to_json()
        assert isinstance(s.why_illegal(play), str)
        assert isinstance(s.explain(play), str) and isinstance(s.narrate(play), str)
        if s.is_legal(play):
            assert s.child(play) != s
        else:
            with pytest.raises(tl.IllegalActionError):
                s.apply(play)
        assert s.to_json() == before


@settings(max_examples=200, deadline=None, database=None)
@given(face=field_values)
def test_fuzzed_roll_faces(face):
    if face in FACES:
        assert Roll(face).face == face
        return
    with pytest.raises(tl.RuleError, match="face"):
        Roll(face)
    with pytest.raises(tl.RuleError):
        FUZZ_GAME.action_from_json({"kind": "roll", "face": face})


# -- bad values at construction (issue 6: Roll("seven") raised ValueError) -------------------

def test_roll_with_an_unknown_face_names_the_field_and_the_faces():
    with pytest.raises(tl.RuleError, match="face must be one of tip, aim, hop, dig, swap, wild"):
        Roll("seven")
    with pytest.raises(tl.RuleError, match="face"):
        Roll(7)


@pytest.mark.parametrize("fields, words", [
    (("table", "hop", "S", "left-end"), "side must be 'trio' or 'house'"),
    (("trio", "jump", "S", "left-end"), "action must be one of tip, aim, hop, dig, swap"),
    (("trio", "wild", "S", "left-end"), "action must be one of"),
    (("trio", "hop", "", "left-end"), "pieces must be 1 to 3 different pieces"),
    (("trio", "hop", "SS", "left-end"), "pieces must be"),
    (("trio", "hop", "X", "left-end"), "pieces must be"),
    (("trio", "dig", "LM", "in-place"), "a dig moves a single piece"),
    (("trio", "aim", "S", "left-end"), "dest of an aim must be aim-left or aim-up or aim-right"),
    (("trio", "tip", "S", "tip-up"), "dest of a tip must be tip-left or tip-right"),
    (("trio", "swap", "S", "swap:S"), "dest of a swap"),
    (("trio", "hop", "S", "on:S"), "dest of a hop"),
    (("trio", "hop", 3, "left-end"), "pieces must be a string"),
])
def test_play_with_a_bad_value_names_the_field(fields, words):
    with pytest.raises(tl.RuleError, match=words):
        Play(*fields)


# -- huge inputs (issue 6: "Messages repeat the input whole") ------------------------------

BIG = 10_000_000


@pytest.mark.parametrize("text", ["L" * BIG, "L> S M " * (BIG // 7), "<" * BIG, " " * BIG])
def test_a_huge_arrangement_is_refused_with_a_short_message(text):
    with pytest.raises(tl.RuleError) as info:
        Arrangement.parse(text)
    assert len(str(info.value)) < 300
    assert "too long" in str(info.value) or "empty" in str(info.value)


def test_huge_values_everywhere_give_short_messages():
    game = PyramidsGame(players=2)
    big = "S" * BIG
    calls = [
        lambda: Arrangement.parse("L S M", pieces=big),
        lambda: tl.load_game("pyramids", house_start=big),
        lambda: game.position(trios=[big, "LMS"]),
        lambda: game.state_from_json({**game.new_initial_state().to_json(), "house": big}),
        lambda: game.state_from_json({**game.new_initial_state().to_json(), "rolled": big}),
        lambda: Roll(big),
        lambda: Play("trio", "hop", big, "left-end"),
        lambda: Play("trio", "hop", "S", big),
        lambda: Play(big, "hop", "S", "left-end"),
        lambda: Arrangement([(big, "^")]),
        lambda: Arrangement.parse("LMS").locate(big),
    ]
    for call in calls:
        with pytest.raises(tl.RuleError) as info:
            call()
        assert len(str(info.value)) < 400, str(info.value)[:200]


# -- one rule, one place; one name, one meaning (issue 6) -------------------------------------

def test_the_turn_rule_read_from_the_rulebook():
    # "If you can use the action on your trio, you must."
    assert rules.turn_rule("hop", ["t"], ["h"]) == (["t"], (), False)
    # "If you cannot do it to your own pieces, you may do the action to the House, or pass."
    assert rules.turn_rule("dig", [], ["h"]) == ((), ["h"], True)
    # "You can ONLY Swap the House if you roll a Wild."
    assert rules.turn_rule("swap", [], ["h"]).reroll
    # Wild: your trio or the House, no pass (ruling R9)
    assert rules.turn_rule("wild", ["t"], ["h"]) == (["t"], ["h"], False)
    # "If you cannot use the action in either place, then you roll again." (and R10: no
    # pass without a House move)
    for face in FACES:
        turn = rules.turn_rule(face, [], [])
        assert turn.reroll and not turn.may_pass and turn.where == "reroll"


def test_game_solver_and_counting_answer_with_the_same_rule():
    """The game's legal actions, the solver's choices and the counting's face outcomes all
    come from ``rules.turn_rule``: over a sample of positions they agree on where each
    face may be used."""
    game = PyramidsGame(players=2)
    arrs = all_arrangements()
    for t, h in itertools.product(arrs[::19], arrs[::23]):
        by_face = {f.face: f.where for f in counting.face_outcomes(t, h)}
        for face in FACES:
            options = solver.choices(t, h, face)
            try:
                state = game.position(trios=[str(t), "LMS"], house=str(h), rolled=face)
            except tl.RuleError:
                assert options is None and by_face[face] == "reroll"
                continue
            sides = {a.side if isinstance(a, Play) else "pass" for a in state.legal_actions()}
            assert sides == {c.where for c in options}
            assert by_face[face] == state.turn_options().where


def test_each_name_has_one_meaning():
    from treehouse_lab.games import pyramids

    assert arrangement.ACTIONS == ("tip", "aim", "hop", "dig", "swap")
    assert arrangement.FACES == arrangement.ACTIONS + ("wild",)
    assert pyramids.FACES is counting.FACES is arrangement.FACES
    assert not hasattr(counting, "ACTIONS") and not hasattr(counting, "BASIC_ACTIONS")
    assert getattr(solver, "FACES", arrangement.FACES) is arrangement.FACES
    assert not hasattr(rules, "Choice")
    assert not hasattr(rules, "choices")


# -- the board's click paths for a given player -------------------------------------------

def test_click_paths_for_a_named_player():
    game = PyramidsGame(players=3)
    s = game.position(trios=["L> S M", "LMS", "LMS"], house="<S LM", rolled="wild", to_move=1)
    paths = s.click_paths()
    assert set(paths) == set(s.legal_actions()) and paths
    assert s.click_paths(player=1) == paths
    assert s.click_paths(player=0) == {} and s.click_paths(player=2) == {}
    p = game.position(trios=["LMS"] * 3, house="L> S M", rolled="dig")
    assert p.click_paths()[Pass()] == ("pass",)
