"""Treehouse Diner: take orders on the phone, fetch ingredients from the pantry, deliver.

    import treehouse_lab as tl
    game = tl.load_game("diner", players=3)          # end_after=None: 8, 7 or 6 orders
    full = tl.load_game("diner", players=3, modules={"bees", "chili"})   # the full game
    state = game.new_initial_state()

Set-up, ingredient draws and order draws are chance nodes with exact probabilities. A turn
is small decisions: :class:`ChooseShelf` then one :class:`MoveOrder` per minute, or
:class:`TakeOrder` (the other helpers pick in turn, out of turn); effects that need a
choice (:class:`Discard`, :class:`Recycle`, :class:`MoveLeft`, :class:`Decline`); then
Phase 2, :class:`Place` one ingredient at a time (a joker: :class:`StartJoker`, then
:class:`Joker` per ingredient) and :class:`FinishAssigning`.

Modules: "bees" (Save the Bees: :class:`AssignBee` in Phase 2, then
:class:`AnnounceChallenge` or :class:`EndTurn`) and "chili" (Secret Ingredient: Soup Stews
filled with :class:`PlacePlate`, Action cards played with :class:`PlayAction`, the
shortcut's :class:`TakeFromPantry`). Rulings: docs/rulings/diner.md. Stand-in cards:
orders.toml, pantry.toml, chili_orders.toml, pantry_chili.toml, actions.toml,
challenges.toml; your own orders: ``tl.load_game("diner",
orders=diner.load_orders("my.toml"))``. Teaching positions: ``game.position(...)``.
"""

from .actions import (
    AnnounceChallenge,
    AssignBee,
    ChooseShelf,
    DealChallenge,
    Decline,
    Discard,
    DrawAction,
    DrawIngredient,
    DrawOrder,
    EndTurn,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    PlacePlate,
    PlayAction,
    Recycle,
    StartJoker,
    TakeFromPantry,
    TakeOrder,
)
from .challenges import CONDITIONS, Challenge
from .data import (
    load_actions,
    load_challenges,
    load_chili_orders,
    load_chili_pantry,
    load_orders,
    load_pantry,
)
from .game import DinerGame
from .rules import EFFECTS, ActionCard, Layout, Order, Row
from .state import DinerState

__all__ = [
    "DinerGame", "DinerState", "ChooseShelf", "Decline", "Discard", "DrawIngredient",
    "DrawOrder", "FinishAssigning", "Joker", "MoveLeft", "MoveOrder", "Place", "Recycle",
    "StartJoker", "TakeOrder", "EFFECTS", "Layout", "Order", "Row", "load_orders", "load_pantry",
    "AnnounceChallenge", "AssignBee", "DealChallenge", "DrawAction", "EndTurn", "PlacePlate",
    "PlayAction", "TakeFromPantry", "CONDITIONS", "ActionCard", "Challenge", "load_actions",
    "load_challenges", "load_chili_orders", "load_chili_pantry",
]
