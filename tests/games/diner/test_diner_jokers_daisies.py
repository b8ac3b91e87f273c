"""Rule tests for two joker rulings: a joker of four Daisies (D11, "4 arbitrary
ingredients"), and a joker on a missing symbol while placements are still possible (D11,
variant ``jokers="placed-first"``).

Ingredient Jokers: "You may replace missing ingredients during assignment using an
ingredient joker. To do so, lay either: 2 Daisies or 4 arbitrary ingredients stacked on the
desired symbol of the order." 2. Assign Ingredients: "All your ingredients that can be
assigned to orders must be assigned in this phase." Mushroom Sandwich (1 minute) shows a
Mushroom and a Daisy; Blueberry Risotto (4 minutes) a Blueberry, a Mushroom and a
Dandelion; Acorn Smoothie (3 minutes) Acorn, Acorn, Daisy."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.games.diner import FinishAssigning, Joker, Place, StartJoker, counting


def assign(kitchen, supply, **opts):
    g = tl.load_game("diner", players=2, **opts)
    return g.position(kitchens=[kitchen, {}], supplies=[supply, []], stage="assign")


def covers(s, minutes):
    return s.kitchen(0)[minutes]["covers"]


# -- A joker of four Daisies ------------------------------------------------------------------

FOUR = ["daisy"] * 4 + ["acorn"]


def test_four_daisies_are_four_arbitrary_ingredients():
    """Supply four Daisies and an Acorn, Blueberry Risotto (nothing of it in the supply):
    after two Daisies the joker is finished, and two more Daisies may make it a joker of
    four; the Acorn stays."""
    s = assign({4: "blueberry-risotto"}, FOUR)
    s.apply(StartJoker("blueberry-risotto", "blueberry"))
    s.apply(Joker("blueberry-risotto", "blueberry", "daisy"))
    s.apply(Joker("blueberry-risotto", "blueberry", "daisy"))
    legal = s.legal_actions()
    more = Joker("blueberry-risotto", "blueberry", "daisy")
    assert more in legal
    # Two Daisies are a finished joker: stopping there stays possible.
    assert FinishAssigning() in legal
    assert StartJoker("blueberry-risotto", "mushroom") in legal
    s.apply(more)
    # Three Daisies are no joker: only the fourth ingredient may follow.
    assert set(s.legal_actions()) == {Joker("blueberry-risotto", "blueberry", "daisy"),
                                      Joker("blueberry-risotto", "blueberry", "acorn")}
    s.apply(Joker("blueberry-risotto", "blueberry", "daisy"))
    assert sorted(covers(s, 4)[0]) == ["daisy"] * 4
    assert s.supply(0) == {"acorn": 1}
    assert s.legal_actions() == [FinishAssigning()]
    again = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again == s


def test_a_two_daisy_joker_grows_only_right_after_it_is_laid():
    """The two more go on at once: after another step the joker of 2 Daisies is closed."""
    s = assign({4: "blueberry-risotto"}, FOUR)
    s.apply(StartJoker("blueberry-risotto", "blueberry"))
    s.apply(Joker("blueberry-risotto", "blueberry", "daisy"))
    s.apply(Joker("blueberry-risotto", "blueberry", "daisy"))
    # A save in between loads back, and the joker may still grow.
    mid = s.game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert mid == s and Joker("blueberry-risotto", "blueberry", "daisy") in mid.legal_actions()
    s.apply(StartJoker("blueberry-risotto", "mushroom"))
    assert "finish the joker for the Mushroom" in s.why_illegal(
        Joker("blueberry-risotto", "blueberry", "daisy"))
    s.apply(Joker("blueberry-risotto", "mushroom", "daisy"))
    s.apply(Joker("blueberry-risotto", "mushroom", "daisy"))
    # Nothing left could make it four: the joker is closed at once.
    assert s.legal_actions() == [FinishAssigning()]


def test_the_engine_builds_every_joker_stack_the_count_finds():
    """The probability notebook's position: the engine's stacks are the brute-force ones,
    four Daisies included."""
    four = {"daisy": 4, "acorn": 1}
    stacks = counting.engine_joker_stacks(four)
    assert ("daisy",) * 4 in stacks
    assert stacks == counting.joker_stacks(four)
    assert len(stacks) == counting.joker_options(four)


# -- A joker on a missing symbol while placements remain --------------------------------------

def sandwich(**opts):
    g = tl.load_game("diner", players=2, **opts)
    return g.position(kitchens=[{1: "mushroom-sandwich"}, {}],
                      supplies=[["daisy", "daisy"], []], stage="assign")


def test_both_daisies_as_a_joker_on_the_missing_mushroom():
    """The issue's position: the Mushroom is missing, so the two Daisies may replace it,
    assigning every ingredient; placing a Daisy on the Daisy stays a choice."""
    s = sandwich()
    legal = s.legal_actions()
    assert Place("mushroom-sandwich", "daisy") in legal
    assert StartJoker("mushroom-sandwich", "mushroom") in legal
    # The Daisy symbol's ingredient is in the supply: no joker there.
    assert "missing ingredients" in s.why_illegal(StartJoker("mushroom-sandwich", "daisy"))
    assert not s.is_legal(FinishAssigning())
    s.apply(StartJoker("mushroom-sandwich", "mushroom"))
    s.apply(Joker("mushroom-sandwich", "mushroom", "daisy"))
    s.apply(Joker("mushroom-sandwich", "mushroom", "daisy"))
    assert s.supply(0) == {}
    assert covers(s, 1) == [["daisy", "daisy"], []]
    assert s.legal_actions() == [FinishAssigning()]


def test_variant_placed_first_is_the_old_reading():
    """Variant ``jokers="placed-first"``: every ingredient that can be placed is placed
    before a joker starts, so the only move is the Daisy on the Daisy symbol."""
    s = sandwich(jokers="placed-first")
    assert s.legal_actions() == [Place("mushroom-sandwich", "daisy")]
    why = s.why_illegal(StartJoker("mushroom-sandwich", "mushroom"))
    assert "first assign Daisy" in why and "placed-first" in why


def test_the_second_acorn_of_a_smoothie_after_the_first_is_placed():
    """Acorn Smoothie, supply Acorn, Daisy, Daisy: the Acorn goes on an Acorn symbol first
    (no joker on an Acorn while the supply holds one); then the second Acorn is missing and
    the two Daisies may replace it, or a Daisy goes on the Daisy symbol."""
    s = assign({3: "acorn-smoothie"}, ["acorn", "daisy", "daisy"])
    assert not any(isinstance(a, StartJoker) for a in s.legal_actions())
    s.apply(Place("acorn-smoothie", "acorn"))
    legal = s.legal_actions()
    assert StartJoker("acorn-smoothie", "acorn") in legal
    assert Place("acorn-smoothie", "daisy") in legal
    v = assign({3: "acorn-smoothie"}, ["acorn", "daisy", "daisy"], jokers="placed-first")
    v.apply(Place("acorn-smoothie", "acorn"))
    assert v.legal_actions() == [Place("acorn-smoothie", "daisy")]


# -- Saves from before the change -------------------------------------------------------------

BEFORE = Path(__file__).resolve().parents[2] / "golden" / "before" / "joker-rulings"


def older_games():
    with gzip.open(BEFORE / "diner.json.gz", "rt", encoding="utf-8") as f:
        entries = json.load(f)
    return [(e["options"], g) for e in entries for g in e["games"]]


@pytest.mark.parametrize("index", range(0, 48, 5))
def test_games_recorded_before_replay_move_by_move(index):
    """A game recorded before these rulings replays under today's rules, every move legal,
    to the recorded end: every old line is still a line (the new moves only add to them)."""
    options, recorded = older_games()[index]
    game = tl.load_game("diner", **{k: (frozenset(v) if k == "modules" else v)
                                   for k, v in options.items()})
    state = game.new_initial_state()
    for step, (move, by) in enumerate(zip(recorded["moves"], recorded["bys"])):
        action = game.action_from_json(move)
        assert state.is_legal(action, by) if by is not None else True, (options, step, move)
        state.apply(action, by=by)
    assert state.is_terminal() == recorded["terminal"]
    # Its saves load, and play on to the same end (a save older than the rows-emptied
    # record of D40 loads without it, so the end is compared by its outcome).
    for saved in recorded["saves"]:
        loaded = game.state_from_json(saved["save"])
        for move, by in list(zip(recorded["moves"], recorded["bys"]))[saved["step"]:]:
            loaded.apply(game.action_from_json(move), by=by)
        assert loaded.is_terminal() == state.is_terminal()
        assert loaded.scores() == state.scores() and loaded.kitchens == state.kitchens
