"""Magical Treehouse's determinization hook: the search bot ``mcts`` plays it from samples
that look to its seat exactly like the real position, dealt from what the seat sees, so it
never peeks at hands, decks, drawers, storage or personal objectives."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import treehouse_lab as tl
from treehouse_lab.games.magical.moves import Exchange, KeepStorage
from treehouse_lab.search import determinize
from treehouse_lab.search.determinize import consistent
from treehouse_lab.search.mcts import MCTSBot

CARDS = 96


def _game(players: int = 3):
    return tl.load_game("magical", players=players)


def _states(players: int, seed: int, bot: str):
    """Every state of a seeded game, the true state first at each step."""
    m = tl.Match(_game(players), seed=seed, bots={p: bot for p in range(players)})
    while not m.state.is_terminal():
        yield m.state
        m.step()


def _check_sample(d, s, seat: int) -> None:
    assert consistent(d, s, seat), (s.stage, seat)
    assert d.components() == s.components()
    census = d.card_census()
    assert sum(census.values()) == CARDS
    # what the seat holds and what lies face up are the true cards, not other ones (in
    # any order: the seat sees its hand and drawer as sets)
    assert sorted(d.hand(seat)) == sorted(s.hand(seat))
    assert sorted(d.drawer(seat)) == sorted(s.drawer(seat))
    assert sorted(d.storage(seat)) == sorted(s.storage(seat)) and sorted(d.box) == sorted(s.box)
    assert [sorted(d.carriage_known(i, seat)) for i in range(s.game.players)] == \
        [sorted(s.carriage_known(i, seat)) for i in range(s.game.players)]
    assert d.personal[seat] == s.personal[seat] and d.common == s.common
    # the shape of the hidden places is the true one
    for q in range(s.game.players):
        assert len(d.hands[q]) == len(s.hands[q]) and len(d.drawers[q]) == len(s.drawers[q])
        assert len(d.carriages[q]) == len(s.carriages[q])
        # storage under the same buildings, named by place: another seat's face-down
        # building is named by a card dealt again (issue 17 item 12)
        assert _storage_places(d, q) == _storage_places(s, q)
    assert len(d.pool) == len(s.pool)


def _storage_places(state, q: int) -> list[int]:
    """Where seat ``q``'s stored cards lie: the village positions of their buildings."""
    place = {st.id: i for i, st in enumerate(state.villages[q])}
    return sorted(place[on] for _, on in state.stored[q])


@pytest.mark.parametrize("players, seed, bot", [(3, 11, "random"), (4, 2, "random"),
                                                (3, 0, "magical-builder")])
def test_samples_look_like_the_truth_at_every_step_of_seeded_games(players, seed, bot):
    phases: Counter = Counter()
    carriages_known = storage = 0
    rng = random.Random(seed)
    for k, s in enumerate(_states(players, seed, bot)):
        if k % 2 and s.stage in ("deal", "planning"):
            continue                       # keep the test quick; every phase is still seen
        for seat in range(players):
            d = determinize(s, seat, rng)
            _check_sample(d, s, seat)
            phases[s.stage] += 1
            if s.stage == "spell" and any(s.choices[q] not in (None, "todo")
                                          for q in range(players) if q != seat):
                phases["spell answered"] += 1      # another seat's secret answer was dealt
            carriages_known += any(s.carriage_known(i, seat) for i in range(players))
            storage += any(s.stored[q] for q in range(players) if q != seat)
    want = {"setup", "deal", "planning", "reveal", "building"} | (
        {"spell", "spell answered"} if bot == "random" else set())
    assert want <= set(phases), phases
    assert carriages_known                  # planning with carriages the seat knows about
    if bot == "magical-builder":
        assert storage                      # others' face-down storage was dealt


def _planning_state(players: int = 3, seed: int = 1, steps: int = 40):
    m = tl.Match(_game(players), seed=seed, bots={p: "magical-builder" for p in range(players)})
    m.run(steps)
    while m.state.is_chance_node() or m.state.stage != "planning":
        m.step()
    return m.state


def test_hidden_cards_and_objectives_differ_from_sample_to_sample():
    s = _planning_state()
    me = s.actors()[0]
    rng = random.Random(5)
    samples = [determinize(s, me, rng) for _ in range(100)]
    for d in samples:
        _check_sample(d, s, me)
    others = [q for q in range(3) if q != me]
    assert any(s.hands[q] for q in others)
    hands = {tuple(tuple(sorted(d.hands[q])) for q in others) for d in samples}
    pools = {tuple(d.pool) for d in samples}
    personal = {tuple(d.personal[q] for q in others) for d in samples}
    assert len(hands) > 90 and len(pools) > 90 and len(personal) > 3
    # every card the seat cannot see turns up in another seat's hand sometimes
    hidden_cards = s.hidden_from(me) & set(s.game.card_ids)
    in_hands = {c for d in samples for q in others for c in d.hands[q]}
    assert len(in_hands & hidden_cards) > len(hidden_cards) // 2
    assert not in_hands - hidden_cards
    # the hidden objectives come only from the brown tiles the seat has not seen
    assert {t for p in personal for t in p} <= s.hidden_from(me)


def test_the_sample_depends_on_the_observation_only():
    """Two true states that look the same to the seat give the same samples from the same
    generator: the hook never reads the hidden truth."""
    s = _planning_state()
    me = s.actors()[0]
    twin = determinize(s, me, random.Random(11))
    assert twin.to_json() != s.to_json() and consistent(twin, s, me)
    for k in range(5):
        a = determinize(s, me, random.Random(k))
        b = determinize(twin, me, random.Random(k))
        assert a.to_json() == b.to_json()


def test_storage_and_drawers_receive_only_cards_the_rules_allow():
    """Storage holds only buildings and a drawer no spell (3. Building Step, ruling R9)."""
    seen = 0
    for s in _states(4, 1, "magical-builder"):
        if not any(s.stored) or not any(s.drawers):
            continue
        for seat in range(4):
            d = determinize(s, seat, random.Random(seen))
            seen += 1
            cards = s.game.cards
            for q in range(4):
                assert all(cards[c].kind == "building" for c, _ in d.stored[q])
                assert all(cards[c].kind != "spell" for c in d.drawers[q])
    assert seen > 100


def _exchange_pending():
    """A 4-player position with the exchange spell cast: seat q has secretly chosen an
    exchange, seat r (the caster, with a stored card) still chooses."""
    g = _game(4)
    cards = g.cards
    m = tl.Match(g, seed=1, bots={p: "magical-builder" for p in range(4)})
    while True:
        s = m.state
        if s.stage == "planning" and not s.is_chance_node():
            qs = [q for q in range(4) if s.stored[q] and not s.dropped[q]
                  and any(cards[c].kind == "building" for c in s.drawers[q])]
            rs = [r for r in range(4) if r not in qs and s.villages[r] and not s.dropped[r]]
            if qs and rs:
                break
        m.step()
    q, r = qs[0], rs[0]
    d = s.to_json()

    def take(card):
        for key in ("hands", "drawers", "carriages", "trash"):
            for place in d[key]:
                if card in place:
                    place.remove(card)
        for key in ("pool", "box"):
            if card in d[key]:
                d[key].remove(card)
        d["known"].pop(card, None)
        while sum(d["deck"]) > len(d["pool"]):     # it was the last card of a deck
            big = max(range(4), key=lambda p: d["deck"][p])
            d["deck"][big] -= 1
        return card

    spell = take(next(c for c in g.card_ids if cards[c].effect == "exchange"))
    stored = take(next(c for c in d["pool"] if cards[c].kind == "building"))
    d["storage"][r].append([stored, d["villages"][r][0]["cards"][0]])
    # the spell in play is in no trash can until it is resolved (issue 17 item 14)
    d["phase"], d["spell"], d["caster"] = "spell", spell, r
    drawer_card = next(c for c in s.drawers[q] if cards[c].kind == "building")
    d["choices"] = [Exchange(drawer_card, s.stored[q][0][0]).to_json() if p == q
                    else "todo" if d["storage"][p] and not s.dropped[p] else None
                    for p in range(4)]
    return g.state_from_json(d), q, r


def test_a_secret_exchange_already_chosen_is_dealt_as_one_the_sample_allows():
    s, q, r = _exchange_pending()
    assert s.stage == "spell" and s.choices[r] == "todo"
    kinds = set()
    for k in range(40):
        d = determinize(s, r, random.Random(k))
        _check_sample(d, s, r)
        ch = d.choices[q]
        assert isinstance(ch, (Exchange, KeepStorage))
        if isinstance(ch, Exchange):
            assert ch.drawer_card in d.drawers[q] and ch.storage_card in \
                [c for c, _ in d.stored[q]]
        kinds.add(type(ch))
        # the sample plays on: r answers and the spell resolves with q's dealt answer
        d.apply(d.legal_actions(r)[0], r)
        assert d.stage != "spell" and sum(d.card_census().values()) == CARDS
    assert kinds == {Exchange, KeepStorage}
    # the seat that chose sees its own answer, and only that, in every sample
    for k in range(10):
        assert determinize(s, q, random.Random(k)).choices[q] == s.choices[q]


def test_the_hook_is_found_and_a_malformed_observation_is_refused():
    game = _game()
    assert game.ZONES is not None     # the protocol's game.determinize deals from them
    s = _planning_state()
    me = s.actors()[0]
    obs = s.observation(me)
    other = (me + 1) % game.players
    obs["seen"]["hands"][other].extend(["?"] * 40)      # more hidden cards than there are
    with pytest.raises(tl.RuleError, match="hides .* places but .* components are unseen"):
        game.determinize(obs, me, random.Random(0))
    with pytest.raises(tl.RuleError, match="observation"):
        game.determinize(s.to_json(), me, random.Random(0))


def test_mcts_never_peeks():
    """Two true states that look the same to the seat get the same decision."""
    s = _planning_state()
    me = s.actors()[0]
    assert len(s.legal_actions(me)) > 1
    twin = determinize(s, me, random.Random(7))
    assert twin.to_json() != s.to_json() and consistent(twin, s, me)
    bot = MCTSBot(iterations=8)
    for seed in range(2):
        assert bot.choose(s.clone(), random.Random(seed), me) == bot.choose(
            twin.clone(), random.Random(seed), me)


def test_a_match_with_an_mcts_seat_plays_past_the_first_round():
    calls = []

    class Counting(MCTSBot):
        def choose(self, state, rng, player=None):
            calls.append(player)
            return super().choose(state, rng, player)

    game = _game()
    m = tl.Match(game, seed=1, bots={0: Counting(iterations=20, rollout="random"),
                                     1: "magical-builder", 2: "magical-builder"})
    while not m.state.is_terminal() and m.state.round < 2:
        m.step()
    assert m.state.round >= 2 or m.state.is_terminal()
    assert len(calls) >= 3
    assert sum(m.state.card_census().values()) == CARDS
