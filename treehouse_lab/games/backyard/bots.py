"""Backyard Builders bots: a heuristic that keeps its colour run, and the determinizer the
search bot needs.

``backyard-runs`` (:class:`RunKeeperBot`) is a *teaching* heuristic, not the strongest
player: it plays the way the rulebook's scoring suggests (Bonus Points for the Longest
Color Run: "1 bonus point for each Floor in that run") and its choices can be explained in
one sentence each, so a class can argue about them and test the argument by simulation
(notebooks/explore-backyard.ipynb):

1. build face up if it can (How to Build Your Treehouse), preferring a card that extends
   the colour run at the top of its treehouse, then the card worth the most points;
2. otherwise build face down (a wild, Game Turn step 2) the card the next player could
   use best, so that the hand it passes on is as poor as possible.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...bots import best_of, check_game
from ...errors import RuleError
from ...protocol import Action
from .moves import Play
from .rules import Floor, floors_of, matches

if TYPE_CHECKING:  # pragma: no cover
    from .state import BackyardGame, BackyardState

#: How many points one more floor in the top run is worth to the heuristic: the bonus pays
#: 1 a floor, but only to the longest run in the game, and a run that grows keeps paying.
RUN_WEIGHT = 2


def trailing_run(floors: list[Floor]) -> tuple[str | None, int]:
    """The colour and length of the run of same-coloured floors at the top (a grey floor
    has no colour and ends every run: Bonus Points for the Longest Color Run)."""
    if not floors or floors[-1].colour is None:
        return None, 0
    colour = floors[-1].colour
    n = 0
    for f in reversed(floors):
        if f.colour != colour:
            break
        n += 1
    return colour, n


class RunKeeperBot:
    """``backyard-runs``: keeps its colour run (see the module docstring)."""

    name = "backyard-runs"

    def choose(self, state: BackyardState, rng: random.Random,
               player: int | None = None) -> Action:
        check_game(self.name, state, "backyard")
        seat = state.current_player if player is None else player
        legal = state.legal_actions(seat)
        g = state.game
        house = state.treehouse(seat)
        up = [a for a in legal if not a.face_down]
        if up:
            colour, run = trailing_run(floors_of(house))

            def value(a: Play) -> int:
                card = g.card_set[a.card]
                b, t = card.bottom, card.top
                # the top run after building this card face up
                n = run + 1 if b.colour == colour else 1
                n = n + 1 if t.colour == b.colour else 1
                return b.number + t.number + RUN_WEIGHT * n
            return best_of(up, value, rng)
        # Face down: deny the next player the card that would fit them best.
        nxt = (seat + 1) % g.players
        their_top = state.top_floor(nxt)

        def gift(a: Play) -> int:
            card = g.card_set[a.card]
            return (card.bottom.number + card.top.number) if matches(their_top, card) else 0
        return best_of(legal, gift, rng)


#: The fast playout policy a search bot (``mcts``) finishes its simulated games with.
ROLLOUT = RunKeeperBot


def determinize(game: BackyardGame, observation: dict, rng: random.Random) -> BackyardState:
    """A state the observing seat cannot tell apart from the real one, built from its
    ``observation`` alone (see ``treehouse_lab.search.determinize``).

    What a seat sees: its own treehouse (face-down cards included), every face-up card, the
    hand when it holds it, and how many cards are in the deck, in the hand and set aside.
    What it cannot see: the deck, the hand when someone else holds it, the others'
    face-down cards and the leftover hand at the end. Those unseen cards are shuffled with
    ``rng`` and dealt into those places, each deal equally likely. (The observation is the
    seat's view now; earlier hands it saw pass by are not remembered.)"""
    me = observation["player"]
    seen: set[str] = set(observation["hand"] or ())
    holes = 0
    for house in observation["treehouses"]:
        for entry in house:
            if entry["card"] is not None:
                seen.add(entry["card"])
            else:
                holes += 1
    unseen = [c for c in game.deck_cards if c not in seen]
    rng.shuffle(unseen)
    hidden_hand = observation["hand"] is None
    need = holes + observation["deck_count"] + observation["discard_count"] + (
        observation["hand_count"] if hidden_hand else 0)
    if need != len(unseen):
        raise RuleError(f"backyard determinize: the observation of {game.player_name(me)} "
                        f"leaves {len(unseen)} unseen cards for {need} hidden places")
    deal = iter(unseen)
    houses = [tuple((e["card"] if e["card"] is not None else next(deal), e["face_down"])
                    for e in house) for house in observation["treehouses"]]
    hand = [next(deal) for _ in range(observation["hand_count"])] if hidden_hand \
        else list(observation["hand"])
    discard = [next(deal) for _ in range(observation["discard_count"])]
    deck = list(deal)
    achievement = observation["achievement"]
    # Built as _state_from_json builds a checked save, without checking again: every card
    # is placed exactly once by construction, in the places the observation shows.
    from .state import BackyardState

    s = BackyardState(game)
    s._ach = None if achievement is None else achievement["id"]
    s._start = observation["start_player"]
    s._deck = tuple(sorted(deck))
    s._hand = tuple(sorted(hand))
    s._houses = houses
    s._discard = tuple(sorted(discard))
    s._played = observation["turn"]
    s._settle()
    return s

__all__ = ["ROLLOUT", "RUN_WEIGHT", "RunKeeperBot", "determinize", "trailing_run"]

