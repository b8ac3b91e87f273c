"""Every Magical game ends (issue 17, item 8): a pipe moves at most once a turn (ruling
R10), and ``max_game_length()`` bounds every game, even one whose players try not to
advance it."""

from __future__ import annotations

import random

import pytest

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome
from treehouse_lab.games.magical.moves import (
    Build,
    BuildFaceDown,
    Cast,
    DiscardCard,
    DiscardHand,
    DrawFour,
    DropOut,
    Exchange,
    Finish,
    GiveBiscuit,
    KeepStorage,
    MovePipe,
    Pipe,
    Place,
    PlaceFamiliar,
    SkipFamiliar,
    Store,
    Take,
    Wait,
)

from .test_magical_rules import B, building

#: Moves that do not advance the game first: moving pipes, waiting, giving biscuits and
#: passing cards round; building, drafting and ending (dropping out, finishing) last.
STALLING = (MovePipe, Wait, GiveBiscuit, KeepStorage, Exchange, Cast, DiscardHand, Take,
            DrawFour, DiscardCard, SkipFamiliar, Store, PlaceFamiliar, Place, Pipe,
            BuildFaceDown, Build, DropOut, Finish)


def stalling_move(legal: list, rng: random.Random):
    """A move of the most stalling kind on offer (at random among that kind's moves)."""
    for kind in STALLING:
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return rng.choice(found)
    return rng.choice(legal)


def play_stalling(state, rng: random.Random, limit: int) -> int:
    """Play ``state`` on with stalling players and random chance; the steps taken (stops
    after ``limit``, which a game within its bound never reaches)."""
    steps = 0
    while not state.is_terminal() and steps <= limit:
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            seat = rng.choice(state.actors())
            state.apply(stalling_move(state.legal_actions(seat), rng), by=seat)
        steps += 1
    return steps


@pytest.mark.parametrize("pipes", ["any", "chains"])
@pytest.mark.parametrize("players", [3, 4])
def test_stalling_players_finish_within_the_bound(players, pipes):
    game = tl.load_game("magical", players=players, pipes=pipes)
    bound = game.max_game_length()
    for seed in range(3):
        state = game.new_initial_state()
        steps = play_stalling(state, random.Random(seed), bound)
        assert state.is_terminal() and steps <= bound, (seed, steps, bound)


def blue_builder(pipes: str = "any"):
    """Seat 0 builds with blue level 4 and three pipes in a village of five buildings."""
    game = tl.load_game("magical", players=3, pipes=pipes)
    village = [B("blue1a", "blue2a", "blue3a", "blue4a"), B("red1a"), B("green1a"),
               B("yellow1a"), B("purple1a")]
    pipes_ = [("pipe1", "blue1a", "red1a"), ("pipe2", "green1a", "yellow1a"),
              ("pipe3", "red1a", "purple1a")]
    return building(["red1b"], village=village, pipes=pipes_, game=game)


@pytest.mark.parametrize("pipes", ["any", "chains"])
def test_a_pipe_moves_once_a_turn_so_a_turn_ends(pipes):
    s = blue_builder(pipes)
    moved = []
    for _ in range(10):
        moves = [a for a in s.legal_actions(0) if isinstance(a, MovePipe)]
        if not moves:
            break
        a = moves[-1]
        assert a.card not in moved
        s.apply(a, by=0)
        moved.append(a.card)
        assert s.pipes_moved() == moved
        # moving it back is not among the moves, and is refused with the rule
        back = [x for x in s.legal_actions(0) if isinstance(x, MovePipe) and x.card == a.card]
        assert back == []
    assert sorted(moved) == ["pipe1", "pipe2", "pipe3"]
    with pytest.raises(tl.IllegalActionError, match="once a turn"):
        s.apply(MovePipe("pipe1", "green1a", "purple1a"), by=0)
    s.apply(Build("red1b", ""), by=0)
    s.apply(SkipFamiliar(), by=0)
    # nothing left to build and every pipe moved: the turn ended by itself, and the next
    # builder starts with no pipe moved
    assert s.builder == 1 and s.pipes_moved() == []


@pytest.mark.parametrize("pipes", ["any", "chains"])
def test_a_stalling_builder_with_blue_level_four_still_ends_the_game(pipes):
    """From a village that can move three pipes, a player who moves pipes whenever it may
    still finishes the game within the bound (without R10's once a turn it never would)."""
    s = blue_builder(pipes)
    rng = random.Random(0)
    moves = 0
    for _ in range(100):
        if s.builder != 0:
            break
        a = stalling_move(s.legal_actions(0), rng)
        moves += isinstance(a, MovePipe)
        s.apply(a, by=0)
    assert s.builder == 1 and moves == 3
    bound = s.game.max_game_length()
    assert play_stalling(s, rng, bound) <= bound and s.is_terminal()


def test_the_moved_pipes_are_saved_and_a_repeated_move_is_refused():
    s = blue_builder()
    s.apply(MovePipe("pipe1", "blue1a", "green1a"), by=0)
    d = s.to_json()
    assert d["pipes_moved"] == ["pipe1"] and s.game.state_from_json(d) == s
    with pytest.raises(tl.RuleError, match="once a turn"):
        s.game.state_from_json(dict(d, pipes_moved=["pipe1", "pipe1"]))
    with pytest.raises(tl.RuleError, match="not a pipe of the builder"):
        s.game.state_from_json(dict(d, pipes_moved=["pipe4"]))
    with pytest.raises(tl.RuleError, match="only in the building step"):
        s.game.state_from_json(dict(d, phase="over", play_order=[], turn=0))
    plain = building(["red1b"], village=[B("red1a"), B("green1a")],
                     pipes=[("pipe1", "red1a", "green1a")]).to_json()
    with pytest.raises(tl.RuleError, match="blue level 4"):
        s.game.state_from_json(dict(plain, pipes_moved=["pipe1"]))


def test_a_format_2_save_has_moved_no_pipe():
    d = blue_builder().to_json()
    old = {k: v for k, v in d.items() if k != "pipes_moved"}
    old["format"] = 2
    s = tl.load_game("magical", players=3).state_from_json(old)
    assert s.pipes_moved() == [] and s.to_json() == d


@pytest.mark.parametrize("players", [3, 4])
def test_a_match_save_longer_than_the_bound_is_refused(players):
    game = tl.load_game("magical", players=players)
    m = tl.Match(game, seed=1, bots={p: "magical-builder" for p in range(players)})
    m.run()
    assert m.state.is_terminal() and len(m.moves) <= game.max_game_length()
    save = m.to_json()
    last = save["moves"][-1]
    save["moves"] += [last] * (game.max_game_length() + 1 - len(save["moves"]))
    with pytest.raises(tl.RuleError):
        tl.Match.from_json(save)


def test_the_bound_grows_with_the_table_and_counts_the_data():
    three, four = (tl.load_game("magical", players=n).max_game_length() for n in (3, 4))
    assert 0 < three < four
    # the pipe rule changes where pipes go, not how many moves a game may have
    assert tl.load_game("magical", players=4, pipes="chains").max_game_length() == four
