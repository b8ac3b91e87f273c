"""Every public method that takes a seat refuses one that is not a seat, through the one
check (``Game.check_seat``), with a typed error naming the parameter and the seats allowed
(audit items 7 and 8).

Why a table: ``True == 1`` and ``-1`` indexes the last seat in Python, so a method that
forgets the check silently answers for, or draws the cards of, another seat. Each method
taking a seat is one row below; a new one is one more row.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

import pytest

import treehouse_lab as tl

GAMES = {"pyramids": 2, "diner": 2, "magical": 3, "backyard": 3}

#: Not seats: a bool (``True == 1``), a float equal to a seat, a negative (``-1`` indexes
#: the last seat), a string, and a number far past the table.
NOT_SEATS = [True, 1.0, -1, "1", 10**9]


def _nodes(name: str) -> dict[str, tl.State]:
    """A decision node and, where the game has them in a seeded game, a chance node and a
    node where several seats may act."""
    game = tl.load_game(name, players=GAMES[name])
    rng = random.Random(4)
    s = game.new_initial_state()
    found: dict[str, tl.State] = {}
    steps = 0
    while not s.is_terminal() and len(found) < 3:
        steps += 1
        if s.is_chance_node():
            found.setdefault("chance", s.clone())
            outcomes = s.chance_outcomes()
            s.apply(outcomes[rng.randrange(len(outcomes))][0])
            continue
        actors = s.actors()
        if len(actors) > 1:
            found.setdefault("several", s.clone())
        elif steps > 12:   # past the deal: hands are dealt, so something is hidden
            found.setdefault("decision", s.clone())
        by = rng.choice(actors)
        s.apply(rng.choice(s.legal_actions(by)), by=by)
    assert "decision" in found
    return found


def _action(s: tl.State) -> Any:
    """A legal action of this node (a chance outcome at a chance node)."""
    if s.is_chance_node():
        return s.chance_outcomes()[0][0]
    return s.legal_actions(s.actors()[0])[0]


#: (method, the parameter taking the seat, a call with ``seat`` in it).
Call = Callable[[tl.State, Any], Any]
METHODS: list[tuple[str, str, Call]] = [
    ("legal_actions", "player", lambda s, x: s.legal_actions(x)),
    ("is_legal", "by", lambda s, x: s.is_legal(_action(s), by=x)),
    ("apply", "by", lambda s, x: s.clone().apply(_action(s), by=x)),
    ("child", "by", lambda s, x: s.child(_action(s), by=x)),
    ("why_illegal", "by", lambda s, x: s.why_illegal(_action(s), by=x)),
    ("narrate", "by", lambda s, x: s.narrate(_action(s), by=x)),
    ("explain", "by", lambda s, x: s.explain(_action(s), by=x)),
    ("find_action", "by", lambda s, x: s.find_action(str(_action(s)), by=x)),
    ("observation", "player", lambda s, x: s.observation(x)),
    ("observation_tensor", "player", lambda s, x: s.observation_tensor(x)),
    ("information_state", "player", lambda s, x: s.information_state(x)),
    ("hidden_from", "player", lambda s, x: s.hidden_from(x)),
    ("determinize_for", "player", lambda s, x: s.determinize_for(x, random.Random(0))),
    ("click_paths", "player", lambda s, x: s.click_paths(x)),
    ("render_svg", "viewer", lambda s, x: s.render_svg(viewer=x)),
    ("game.click_paths", "player", lambda s, x: s.game.click_paths(s, x)),
    ("game.render_svg", "viewer", lambda s, x: s.game.render_svg(s, viewer=x)),
    ("game.player_name", "seat", lambda s, x: s.game.player_name(x)),
    ("game.determinize", "seat",
     lambda s, x: s.game.determinize(s.observation(0), x, random.Random(0))),
    ("game.decode", "player",
     lambda s, x: s.game.decode(s.game.encode(_action(s)), s, x)),
    ("Match.set_seat", "seat", lambda s, x: tl.Match(s.game).set_seat(x, "random")),
    ("Match.seat", "seat", lambda s, x: tl.Match(s.game).seat(x)),
    ("Match.is_bot", "seat", lambda s, x: tl.Match(s.game).is_bot(x)),
    ("Match.bot", "seat", lambda s, x: tl.Match(s.game).bot(x)),
    ("Match.play", "by", lambda s, x: _play(tl.Match(s.game, seed=1), x)),
]


def _play(m: tl.Match, by: Any) -> Any:
    """``m.play`` of a legal move, by ``by``, where the match first waits for a human."""
    m.run()
    return m.play(_action(m.state), by=by)


@pytest.fixture(scope="module", params=sorted(GAMES))
def nodes(request) -> dict[str, tl.State]:
    return _nodes(request.param)


@pytest.mark.parametrize("method, param, call", METHODS, ids=[m[0] for m in METHODS])
def test_a_value_that_is_no_seat_is_refused(nodes, method, param, call):
    for kind, s in nodes.items():
        n = s.game.players
        before = s.to_json()
        # at a chance node -1 is CHANCE, that node's own id, which ``by`` may name
        for bad in [x for x in NOT_SEATS if not (x.__class__ is int and x == tl.CHANCE
                                                 and kind == "chance")]:
            where = f"{s.game.name} {kind} node, {method}({bad!r})"
            with pytest.raises(tl.RuleError) as info:
                call(s, bad)
                pytest.fail(f"{where}: no error")
            message = str(info.value)
            assert re.search(rf"\b{param}\b", message), f"{where}: no {param!r} in {message!r}"
            assert f"0..{n - 1}" in message, f"{where}: allowed seats not named: {message!r}"
            assert len(message) < 300, f"{where}: message too long"
        assert s.to_json() == before, f"{s.game.name} {kind}: {method} changed the state"


@pytest.mark.parametrize("method, param, call", METHODS, ids=[m[0] for m in METHODS])
def test_every_seat_is_still_accepted(nodes, method, param, call):
    """The check refuses only what is no seat: each seat gets an answer (or, for ``apply``
    and ``determinize``, the refusal that has nothing to do with the seat's type)."""
    for s in nodes.values():
        for seat in range(s.game.players):
            try:
                call(s, seat)
            except tl.RuleError as exc:   # a seat that may not act now, or another's view
                assert not re.search(r"must be a seat", str(exc)), str(exc)


def test_none_is_allowed_where_it_means_the_seat_acting_or_nobody():
    s = _nodes("backyard")["decision"]
    assert s.legal_actions(None) == s.legal_actions(s.current_player)
    assert s.render_svg(viewer=None) == s.game.render_svg(s)
    assert s.click_paths(None) == s.click_paths(s.current_player)
    with pytest.raises(tl.RuleError, match="player must be a seat 0..2"):
        s.observation(None)


def test_a_chance_node_takes_the_chance_id_where_an_outcome_is_named():
    s = _nodes("diner")["chance"]
    outcome = s.chance_outcomes()[0][0]
    assert s.is_legal(outcome, by=tl.CHANCE)
    assert s.legal_actions(tl.CHANCE) == s.legal_actions()
    s.clone().apply(outcome, by=tl.CHANCE)
    m = tl.Match(s.game, seed=2)
    assert m.state.is_chance_node()
    outcome = m.state.chance_outcomes()[0][0]
    for bad in NOT_SEATS[:2]:
        with pytest.raises(tl.IllegalActionError, match=r"play: by must be a seat 0\.\.1"):
            m.play(outcome, by=bad)
    with pytest.raises(tl.IllegalActionError, match="chance node: no player acts"):
        m.play(outcome, by=0)
    m.play(outcome, by=tl.CHANCE)


def test_player_name_is_typed():
    game = tl.load_game("diner", players=2)
    assert [game.player_name(p) for p in range(2)] == ["Player 1", "Player 2"]
    for bad in ("0", -1, 2, True):
        with pytest.raises(tl.RuleError, match=r"player_name: seat must be a seat 0\.\.1"):
            game.player_name(bad)


# -- determinize: refused input (item 7) -----------------------------------------------
def _nested(depth: int) -> Any:
    doc: Any = "x"
    for _ in range(depth):
        doc = [doc]
    return doc


@pytest.mark.parametrize("name", sorted(GAMES))
def test_determinize_refuses_an_observation_nested_too_deep(name):
    s = _nodes(name)["decision"]
    seat = s.actors()[0]
    obs = s.observation(seat)
    key = next(k for k, v in obs["seen"].items() if isinstance(v, list))
    obs["seen"][key] = _nested(5000)
    with pytest.raises(tl.RuleError, match="nested more than 64 levels"):
        s.game.determinize(obs, seat, random.Random(0))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_determinize_refuses_another_seats_observation(name):
    s = _nodes(name)["decision"]
    game = s.game
    for seat in range(game.players):
        other = (seat + 1) % game.players
        obs = s.observation(other)
        with pytest.raises(tl.RuleError, match=rf"observation\({seat}\)") as info:
            game.determinize(obs, seat, random.Random(0))
        assert f"seat {other}" in str(info.value)
        game.determinize(s.observation(seat), seat, random.Random(0))   # its own: fine
    obs = s.observation(0)
    del obs["seat"]
    with pytest.raises(tl.RuleError, match="names no seat"):
        game.determinize(obs, 0, random.Random(0))


@pytest.mark.parametrize("name", [n for n in GAMES if "several" in _nodes(n)])
def test_narrate_where_several_may_act_asks_whose_move(name):
    """Where several seats may act, a move is nobody's in particular: ``narrate`` without
    ``by`` is refused naming the actors (it once told "Player -1: ..." or raised from
    ``player_name``), and with ``by`` it names that seat."""
    s = _nodes(name)["several"]
    seat = s.actors()[0]
    action = s.legal_actions(seat)[0]
    with pytest.raises(tl.RuleError, match=r"^narrate: .* may act now: say whose move"):
        s.narrate(action)
    assert s.game.player_name(seat) in s.narrate(action, by=seat)
