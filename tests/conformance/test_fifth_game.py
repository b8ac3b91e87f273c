"""A fifth game added by following docs/dev/adding-a-game.md (issue 49): the dice duel of
``tests/support/tl_dicegame`` (six small modules, no edit outside its package), registered
with one line. What its author once hit, each checked here on it:

* the golden test no longer fails at collection for a game with no record: it is listed
  for a skip that names the command making the record, and the recorded games are still
  checked (tests/conformance/test_golden.py, on this game too);
* the generic layers (bots, exercises) take a game that declares no bots and no
  exercises;
* a card dealt face down has a unique outcome text that names it, and its log line does
  not (the conformance check of chance narrations catches the default, which would).

The whole conformance suite passes on it when its line is in ``treehouse_lab/registry.py``
(``pytest tests/conformance -k dice``); the OpenSpiel adapter's test on it is in
tests/interop/test_openspiel.py (``test_remembered_ids_on_a_game_whose_every_move_is_legal``).
"""

from __future__ import annotations

import random

import pytest
import tl_conformance_agreement as A
import tl_dicegame

import treehouse_lab as tl
from treehouse_lab import registry


@pytest.fixture
def dice(monkeypatch):
    """The dice duel registered: its one registry line (and the name list derived from
    the registry at import, which a line in registry.py gives by itself)."""
    monkeypatch.setitem(registry._REGISTRY, "dice", "tl_dicegame:DiceGame")
    games = tuple(sorted({*tl.GAMES, "dice"}))
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(tl, "GAMES", games)
    return tl.load_game("dice")


def test_the_generic_layers_take_a_game_that_declares_no_bots_or_exercises(dice) -> None:
    from treehouse_lab import bots, exercises

    registry_of_bots = bots.BotRegistry(bots.GENERIC_BOTS)
    assert list(registry_of_bots) == [*bots.GENERIC_BOTS, *(
        b for g, declared in registry.declared("BOTS").items() for b in declared)]
    assert "dice" not in registry.declared("BOTS")
    assert "dice" not in registry.declared("EXERCISES")
    assert exercises.exercises()  # every bank read, the dice duel's none


def test_a_card_dealt_face_down_is_not_named_in_the_log(dice, monkeypatch) -> None:
    state = dice.new_initial_state()
    deal = state.chance_outcomes()[0][0]
    assert "card" in str(deal) and str(deal.card) in str(deal)  # unique text names it
    assert deal.card not in state.narrate(deal)
    A.check_chance_narration(state, "dice", random.Random(1))
    # the default narration (the outcome's text) is what the check catches
    monkeypatch.delattr(tl_dicegame.moves.DealKind, "narrate")
    with pytest.raises(AssertionError, match="names"):
        A.check_chance_narration(state, "dice", random.Random(1))


def test_a_census_that_finds_no_field_says_why(monkeypatch) -> None:
    """COMPONENTS naming a lambda (another object than the Str's function): no field
    counts, and the refusal of a save says why, not only 'missing card1, ...'."""
    game = tl_dicegame.DiceGame()
    state = game.new_initial_state()
    monkeypatch.setattr(tl_dicegame.DiceGame, "COMPONENTS",
                        {"card": lambda g: tl_dicegame.game.CARDS})
    with pytest.raises(tl.RuleError, match="the very function COMPONENTS"):
        game.state_from_json(state.to_json())
