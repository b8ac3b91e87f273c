"""Magical's kinds live in two modules by step of the round (planning.py, building.py,
issue 49), registered in one table; ``moves.py`` imports them in the order of play (an
``isort: split`` keeps the import tool from merging them, which would import building.py
first). The order matters beyond looks: ``ACTION_TYPES`` numbers the blocks of the stable
action ids (docs/dev/action-ids.md), which learning code and saved data index moves by."""

from __future__ import annotations

import treehouse_lab as tl
from treehouse_lab.games.magical import building, planning
from treehouse_lab.games.magical.actions import Finish, Place, Reveal, Wait
from treehouse_lab.games.magical.moves import ACTION_TYPES, RULES


def _module_types(module: object) -> list[type]:
    return [k.action for k in RULES if type(k).__module__ == module.__name__]


def test_the_kinds_register_in_the_order_of_the_round() -> None:
    preparing_and_planning, building_step = _module_types(planning), _module_types(building)
    assert preparing_and_planning and building_step
    assert list(ACTION_TYPES) == preparing_and_planning + building_step
    assert building_step[0] is Reveal            # Building Step 1 before Step 2's kinds


def test_action_ids_are_those_of_the_kinds_before_the_split() -> None:
    """Ids as the engine gave them before the kinds were split by step (commit 9491691):
    Place is the first decision block, Wait follows the planning kinds' cards, and the
    building step's blocks come after every planning block."""
    g = tl.load_game("magical", players=3)
    first = g.card_ids[0]
    assert g.encode(Place(first)) == 0
    assert g.encode(Wait()) == 111
    assert g.encode(Reveal(first)) == 7985
    assert g.encode(Finish()) == g.num_distinct_actions() - 1 == 124842
