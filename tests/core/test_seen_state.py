"""Pictures are drawn from what the viewer sees (issue 49, item 6): core hands a renderer
that says ``DRAWS_SEEN`` the seen state (``core.fields.seen_state``), in which every place
the zones hide from the viewer holds a mark, never a component id.

The test that matters here: a renderer that draws every id it is given (a spy) draws no id
hidden from the viewer, for every seat and for nobody, in Backyard Builders, the toy
orchard and Treehouse Diner; and the same spy handed the true state would (so the check
has teeth)."""

from __future__ import annotations

import random
from typing import Any

import pytest
import tl_toyorchard as T

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome
from treehouse_lab.core.fields import seen_state
from treehouse_lab.core.zones import OWNER, UNSEEN, Zone, ZoneTable, is_unseen
from treehouse_lab.errors import RuleError


def _strings(v: Any, out: set[str]) -> set[str]:
    if isinstance(v, str):
        out.add(v)
    elif isinstance(v, dict):
        for k, x in v.items():
            _strings(k, out)
            _strings(x, out)
    elif isinstance(v, (list, tuple)):
        for x in v:
            _strings(x, out)
    return out


def spy_svg(state: Any, **view: Any) -> str:
    """A careless renderer: draws every string the state it is given holds."""
    return " ".join(sorted(_strings(state.to_json(), set())))


def spy_text(state: Any) -> str:
    return spy_svg(state)


def _games() -> list[Any]:
    return [tl.load_game("backyard", players=3), tl.load_game("backyard", players=2),
            T.OrchardGame(players=3)]


def _positions(game: Any, seeds: int = 3) -> list[Any]:
    out = []
    for seed in range(seeds):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            out.append(s.clone())
            if s.is_chance_node():
                s.apply(sample_outcome(s.chance_outcomes(), rng))
            else:
                seat = s.actors()[0]
                s.apply(rng.choice(s.legal_actions(seat)), by=seat)
        out.append(s)
    return out


def _hidden(state: Any, viewer: int | None) -> set[str]:
    """What ``viewer`` may not see: its hidden_from; for nobody, what any seat may not."""
    seats = range(state.game.players) if viewer is None else (viewer,)
    return set().union(*(state.hidden_from(p) for p in seats))


def _spied() -> list[tuple[Any, int]]:
    """(game, seeded games played) of every game whose renderer draws the seen state;
    Treehouse is left out, as it hides nothing (no zones) and the spy would have nothing
    to catch. Diner with Chili, so that the Action hands are hidden too."""
    return [*((g, 3) for g in _games()),
            (tl.load_game("diner", players=3, modules=("chili",)), 2),
            (tl.load_game("diner", players=2, modules=("bees", "chili")), 2)]


@pytest.mark.parametrize("game,seeds", _spied(), ids=repr)
def test_a_renderer_drawing_every_id_it_is_given_draws_no_hidden_one(game, seeds,
                                                                      monkeypatch):
    renderer = game._renderer()
    monkeypatch.setattr(renderer, "render_svg", spy_svg)
    monkeypatch.setattr(renderer, "render_text", spy_text)
    leaks_from_the_true_state = 0
    for s in _positions(game, seeds):
        for viewer in (None, *range(game.players)):
            hidden = _hidden(s, viewer)
            drawn = set(game.render_svg(s, viewer=viewer).split())
            assert not hidden & drawn, (viewer, s.to_json())
            assert not hidden & set(game.render_text(s, viewer=viewer).split())
            leaks_from_the_true_state += bool(hidden & set(spy_svg(s).split()))
    # The spy given the true state shows hidden ids: the check above can fail.
    assert leaks_from_the_true_state > 10


@pytest.mark.parametrize("game", _games(), ids=repr)
def test_the_seen_state_reads_as_the_state_for_what_is_public(game):
    """What a picture reads besides the cards (whose turn, the stage, the scores: a
    face-down card scores by its back) is the same in every viewer's seen state."""
    for s in _positions(game, seeds=1):
        for viewer in (None, *range(game.players)):
            seen = seen_state(s, viewer)
            assert isinstance(seen, type(s))
            assert (seen.stage, seen.current_player, seen.is_terminal()) == (
                s.stage, s.current_player, s.is_terminal())
            if game.name == "backyard":
                assert seen.scores() == s.scores()
                assert seen.holder == s.holder and seen.deck_count == s.deck_count


def test_the_seen_state_holds_marks_where_the_zones_hide_and_refuses_a_move():
    game = tl.load_game("backyard", players=3)
    s = next(p for p in _positions(game, seeds=1)
             if p.holder is not None and any(fd for h in p.treehouses for _, fd in h)
             and not p.is_chance_node())
    owner = next(p for p, h in enumerate(s.treehouses) if any(fd for _, fd in h))
    other = (owner + 1) % game.players
    seen = seen_state(s, other)
    assert all(is_unseen(c) for c in seen.deck)
    assert [c for c, fd in seen.treehouses[owner] if fd] == [UNSEEN] * sum(
        fd for _, fd in s.treehouses[owner])
    assert [c for c, fd in seen_state(s, owner).treehouses[owner] if fd] == [
        c for c, fd in s.treehouses[owner] if fd]
    assert all(is_unseen(c) for c in seen_state(s, None).hand_cards)
    assert seen_state(s, s.holder).hand_cards == s.hand_cards
    with pytest.raises(RuleError, match="as one seat sees it"):
        seen.apply(s.legal_actions(s.holder)[0], by=s.holder)


def test_nobody_sees_an_owned_zone_even_one_whose_owner_is_none():
    """A spectator (seat None) sees public zones only: an owned zone whose owner is not
    known (None) is not thereby the spectator's."""
    zone = Zone("hand", OWNER, "hand", owner=lambda save: None)
    assert not zone.sees(None, None)
    assert zone.sees(1, 1) and not zone.sees(0, 1)


def test_backyard_words_are_written_for_the_holder_unless_a_viewer_is_named():
    game = tl.load_game("backyard", players=3)
    s = next(p for p in _positions(game, seeds=1) if p.holder is not None and p.hand_cards)
    other = (s.holder + 1) % game.players
    assert str(s) == game.render_text(s, viewer=s.holder)
    hand_line = [line for line in game.render_text(s, viewer=other).splitlines()
                 if line.startswith("Hand (")]
    assert hand_line == [f"Hand ({game.player_name(s.holder)}): {len(s.hand_cards)} cards, "
                         "hidden"]
    with pytest.raises(RuleError, match="viewer"):
        game.render_text(s, viewer=True)
    with pytest.raises(TypeError, match="no such keyword"):
        game.render_text(s, targets=())


def test_nobody_knows_what_every_seat_knows():
    """A card every seat saw (the ``known`` record names them all: discarded in view, then
    buried in a trash can) is common knowledge: the picture for nobody shows it, as each
    seat's does; a card one seat knows stays hidden from nobody."""
    zones = ZoneTable([Zone("hand", OWNER, "hand", owner=lambda save: 0)],
                      universe=lambda game: ["a", "b"])

    class Game:
        NAME, players = "fake", 2

    class State:
        game = Game()

        def to_json(self) -> dict:
            return {"hand": ["a", "b"], "known": {"a": [0, 1], "b": [0]}}

    assert zones.seen(State(), 0)["hand"] == ["a", "b"]
    assert zones.seen(State(), 1)["hand"] == ["a", UNSEEN]
    seen = zones.seen(State(), None)
    assert seen["hand"] == ["a", UNSEEN] and seen["known"] == {"a": [0, 1]}
