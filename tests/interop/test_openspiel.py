"""The OpenSpiel adapter (treehouse_lab.interop.openspiel) under OpenSpiel's own checks:
``pyspiel.random_sim_test`` with serialisation on every game at the fewest and the most
players, with every module; pickling, game strings with a set of modules, and ISMCTS
searching through ``resample_from_infostate`` without seeing the hidden cards."""

from __future__ import annotations

import copy
import pickle

import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from tl_interop import CONFIGS, IDS

import treehouse_lab as tl
from treehouse_lab import registry
from treehouse_lab.interop import openspiel as O

#: Options that shorten a game for the serialising check (see there).
SHORTER = {"diner": {"end_after": 3}}


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_random_sim_test_with_serialisation(name, options):
    # With serialize=True OpenSpiel replays the whole history at every step, so a long game
    # costs its length squared: the Diner ends after 3 rounds here (all else as given).
    options = {**options, **SHORTER.get(name, {})}
    game = O.load(name, **options)
    assert game.num_players() == options["players"]
    assert game.tl_game.options == tl.load_game(name, **options).options
    assert game.max_game_length() == game.tl_game.max_game_length()
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_options_as_parameters():
    names = set(pyspiel.registered_names())
    for name in tl.GAMES:
        assert O.short_name(name) in names
        game = pyspiel.load_game(O.short_name(name))
        params = game.get_parameters()
        for option in registry.game_class(name).OPTIONS:
            assert option.name in params, (name, option.name)


def test_a_set_of_modules_passes_in_a_game_string():
    game = pyspiel.load_game("python_treehouse_diner(players=2,modules=bees+chili)")
    assert game.tl_game.options["modules"] == ("bees", "chili")
    again = pyspiel.load_game(str(game))
    assert again.tl_game.options == game.tl_game.options
    with pytest.raises(tl.RuleError):
        pyspiel.load_game("python_treehouse_diner(modules=bees+pickles)")


def test_options_that_may_be_none_round_trip_through_game_strings():
    for name, options in (("diner", {"end_after": 3}), ("diner", {"end_after": None}),
                          ("magical", {"players": 3, "ages": (2, 0, 1)}),
                          ("magical", {"ages": None})):
        game = O.load(name, **options)
        again = pyspiel.load_game(str(game))
        for k, v in options.items():
            assert game.tl_game.options[k] == v
            assert again.tl_game.options[k] == v


@pytest.mark.parametrize("name", tl.GAMES)
def test_states_pickle_and_clone(name):
    game = O.load(name)
    state = game.new_initial_state()
    import random

    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert copy.tl_state == state.tl_state
    clone = state.clone()
    assert clone.tl_state == state.tl_state and clone.history() == state.history()
    assert clone.tl_state.history() == state.tl_state.history()
    if not state.is_terminal():  # a clone is independent
        a = (state.chance_outcomes()[0][0] if state.is_chance_node()
             else state.legal_actions()[0])
        clone.apply_action(a)
        assert copy.tl_state == state.tl_state


def test_a_game_unpickles_as_a_working_game(monkeypatch):
    """A game pickles as its game string: in a process with no live game of that string
    (``_LIVE`` emptied) it is loaded, whole (pyspiel's own pickling of a Python game gave
    an object whose ``__init__`` never ran, so a state holding it could not move); where
    one is alive, that one is shared."""
    import weakref

    game = O.load("diner", players=3, modules=("bees",))
    monkeypatch.setattr(O, "_LIVE", weakref.WeakValueDictionary())
    again = pickle.loads(pickle.dumps(game))
    assert again is not game and str(again) == str(game)
    assert again.tl_game.options == game.tl_game.options
    state = again.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.clone().history() == state.history()
    assert pickle.loads(pickle.dumps(again)) is again


def _round_trips(state) -> dict:
    """The three ways a state leaves a process or a checkpoint: ``pickle``,
    ``copy.deepcopy`` and pyspiel's serialisation of game and state."""
    game_and_state = pyspiel.serialize_game_and_state(state.get_game(), state)
    return {"pickle": pickle.loads(pickle.dumps(state)),
            "deepcopy": copy.deepcopy(state),
            "serialize": pyspiel.deserialize_game_and_state(game_and_state)[1]}


def _assert_seats_see_the_same(state, copy_, how: str) -> None:
    """Every seat's information state, observation string and tensor, and who moves."""
    assert copy_.history() == state.history(), how
    assert copy_.tl_state.history() == state.tl_state.history(), how
    assert copy_.current_player() == state.current_player(), how
    for p in range(state.get_game().num_players()):
        assert copy_.information_state_string(p) == state.information_state_string(p), (how, p)
        assert copy_.observation_string(p) == state.observation_string(p), (how, p)
        assert copy_.observation_tensor(p) == state.observation_tensor(p), (how, p)


#: Steps of a seeded random game after which the round trips are checked (and at its end).
CHECKPOINTS = (0, 1, 4, 15, 40, 90)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_round_trips_keep_every_seats_information_state(name, options):
    """After pickle, deepcopy and pyspiel's serialisation, at several points of two seeded
    random games (and, where cards are hidden, of a state resampled for the seat to move,
    whose chain holds only that seat's moves): every seat's information state (the seen
    save and its own moves since the state was made), observation string and tensor are
    the original's; and the copy plays on as the original does."""
    import random

    game = O.load(name, **options)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for step in range(CHECKPOINTS[-1] + 1):
            if step in CHECKPOINTS or state.is_terminal():
                for how, copy_ in _round_trips(state).items():
                    _assert_seats_see_the_same(state, copy_, how)
                    if not state.is_terminal():
                        legal = (state.legal_actions() if not state.is_chance_node()
                                 else [n for n, _ in state.chance_outcomes()])
                        a = rng.choice(legal)
                        after, copy_after = state.child(a), copy_.child(a)
                        _assert_seats_see_the_same(after, copy_after, how + " then a step")
                p = state.current_player()
                if hidden and p >= 0 and step:
                    sampled = state.resample_from_infostate(p, sampler)
                    for how, copy_ in _round_trips(sampled).items():
                        _assert_seats_see_the_same(sampled, copy_, how + " of a resample")
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_the_ids_are_the_engines_stable_ids():
    game = O.load("backyard", players=2)
    state = game.new_initial_state()
    tl_game = game.tl_game
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.legal_actions() == sorted(
        tl_game.encode(a) for a in state.tl_state.legal_actions())
    for a in state.legal_actions():
        assert state.action_to_string(a) == str(tl_game.action_of(a))


def test_the_planning_step_follows_the_seeded_schedule():
    """Magical's planning step: the seat to act is the schedule's pick, the same for the
    same seed, and another seed gives another interleaving."""
    def seats(seed):
        game = O.load("magical", players=3, schedule_seed=seed)
        state = game.new_initial_state()
        out = []
        while len(out) < 40 and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            if state.tl_state.current_player == tl.SIMULTANEOUS:
                p = state.current_player()
                assert p in state.tl_state.actors()
                out.append(p)
            state.apply_action(state.legal_actions()[0])
        return out

    assert seats(1) == seats(1)
    assert seats(1) != seats(2)
    assert len(set(seats(1))) > 1


def test_resampling_keeps_what_the_seat_knows():
    """Magical Treehouse, a few moves into the planning step: the others' hands are
    hidden from the seat; resampled states keep its information and differ in them."""
    game = O.load("magical", players=3)
    state = game.new_initial_state()
    moves = 0
    while state.is_chance_node() or moves < 3:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[-1][0])
        else:
            state.apply_action(state.legal_actions()[0])
            moves += 1
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    assert state.tl_state.hidden_from(p)
    differs = False
    for _ in range(10):
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.current_player() == p  # the schedule goes on as it would have
        differs |= other.tl_state != state.tl_state
    assert differs, "resampling never dealt the hidden cards otherwise"


def test_mcts_and_ismcts_play_through_the_adapter():
    """OpenSpiel's MCTS (which sees the state it is given) and ISMCTS (which resamples
    the hidden cards) play a whole game of Backyard through the adapter."""
    import numpy as np

    game = O.load("backyard", players=2)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [mcts.MCTSBot(game, 1.4, 20, evaluator, random_state=rng),
            ismcts.ISMCTSBot(game, evaluator, 1.4, 20, random_state=rng)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def _expected_outcomes(state) -> list[tuple[int, float]]:
    """A chance node's outcomes worked out afresh from the engine: (id, float), by id."""
    encode = state.get_game().tl_game.encode
    return sorted(((encode(o), float(p)) for o, p in state.tl_state.chance_outcomes()),
                  key=lambda pair: pair[0])


def _check_against_the_engine(state) -> None:
    """What the adapter's remembered ids and its Python ``legal_actions`` and
    ``is_chance_node`` say, against the engine read afresh and against OpenSpiel's own
    C++ path (``pyspiel.State``'s methods, which reach the engine through
    ``_legal_actions`` and ``current_player``)."""
    tl_game = state.get_game().tl_game
    players = state.get_game().num_players()
    assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
    assert state.legal_actions() == pyspiel.State.legal_actions(state)
    if state.is_chance_node():
        expected = _expected_outcomes(state)
        assert state.chance_outcomes() == expected
        assert state.legal_actions() == [n for n, _ in expected]
        for p in range(players):  # at chance every seat is told the outcomes, as in C++
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
        return
    p = state.current_player()
    moves = state.tl_state.legal_actions(p)
    assert state.legal_actions() == sorted(tl_game.encode(a) for a in moves)
    assert state.chance_outcomes() == []
    for q in range(players):
        assert state.legal_actions(q) == pyspiel.State.legal_actions(state, q)
        assert (state.legal_actions(q) == []) == (q != p)
    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
        state.legal_actions(pyspiel.PlayerId.CHANCE)
    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
        pyspiel.State.legal_actions(state, pyspiel.PlayerId.CHANCE)


@pytest.mark.parametrize("name", tl.GAMES)
def test_remembered_ids_match_the_engine_read_afresh(name, monkeypatch):
    """The adapter remembers ids by engine object and, per position, the lists it handed
    out (interop/openspiel.py). Against the engine read afresh at every step of seeded
    random games, with a small table so that it is forgotten and rebuilt many times, and
    a short trial so that the Diner's fresh chance pairs stop being remembered: the same
    ids, floats and order; a list handed out is the caller's; an id not offered is
    refused with the state unchanged."""
    import random

    monkeypatch.setattr(O, "MAX_REMEMBERED", 50)
    monkeypatch.setattr(O, "PAIR_TRIAL", 4)
    game = O.load(name)
    rng = random.Random(11)
    for _ in range(2):
        state = game.new_initial_state()
        for _ in range(150):
            if state.is_terminal():
                break
            _check_against_the_engine(state)
            ids = state.legal_actions()
            ids.append(10**9)  # the caller's list: changing it changes nothing
            ids.clear()
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                outcomes.pop()
                assert state.chance_outcomes() == _expected_outcomes(state)
            legal = state.legal_actions()
            offered = set(legal)
            # an id not offered here; where every id is (a game whose every move can be
            # legal at once), the first id past the range, which is no move at all
            wrong = next((n for n in range(game.num_distinct_actions()) if n not in offered),
                         game.num_distinct_actions())
            if not state.is_chance_node():
                before = state.tl_state.clone()
                with pytest.raises(tl.IllegalActionError):
                    state.apply_action(wrong)
                assert state.tl_state == before and state.legal_actions() == legal
            action = rng.choice(legal)
            by = state.current_player()
            state.apply_action(action)
            assert state.history()[-1] == action
            last = state.tl_state.history()[-1]
            assert last[0] == (tl.CHANCE if by == pyspiel.PlayerId.CHANCE else by)
            assert game.tl_game.encode(last[1]) == action


def test_remembered_ids_on_a_game_whose_every_move_is_legal(monkeypatch):
    """The check above on the dice duel (tests/support/tl_dicegame, the fifth game of
    docs/dev/adding-a-game.md), registered with its one line: both its decisions are
    always legal, so no decision id in range is refused there and the refused id is
    the first past the range (once a StopIteration)."""
    monkeypatch.setitem(registry._REGISTRY, "dice", "tl_dicegame:DiceGame")
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, "dice"))
    O.register_all()
    game = O.load("dice")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == list(range(game.num_distinct_actions()))
    test_remembered_ids_match_the_engine_read_afresh("dice", monkeypatch)


def test_chance_pairs_are_remembered_where_engines_keep_them_in_tables():
    """At the default sizes, after a few random games: the Diner builds its chance pairs
    afresh at every node, so the adapter stops remembering them; the other engines hand
    out pairs from their tables, so they stay remembered (and most lookups hit)."""
    import random

    for name in tl.GAMES:
        game = O.load(name)
        rng = random.Random(5)
        for _ in range(4):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
        assert game._remember_pairs == (name != "diner"), name


def test_ids_are_handed_out_ascending_whatever_the_engines_order(monkeypatch):
    """OpenSpiel wants legal ids ascending; the engines happen to list most moves and
    outcomes in id order already, so here their lists are reversed to show the adapter
    sorts them itself (and applies the move it was given, not one at the same place)."""
    import random

    game = O.load("backyard", players=2)
    cls = type(game.new_initial_state().tl_state)
    legal, outcomes = cls.legal_actions, cls.chance_outcomes
    monkeypatch.setattr(cls, "legal_actions", lambda s, p=None: legal(s, p)[::-1])
    monkeypatch.setattr(cls, "chance_outcomes", lambda s: outcomes(s)[::-1])
    encode = game.tl_game.encode
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            got = state.chance_outcomes()
            assert [n for n, _ in got] == sorted(encode(o) for o, _ in outcomes(state.tl_state))
            action = rng.choice(got)[0]
        else:
            got = state.legal_actions()
            assert got == sorted(encode(a) for a in legal(state.tl_state))
            action = rng.choice(got)
        state.apply_action(action)
        assert encode(state.tl_state.history()[-1][1]) == action
