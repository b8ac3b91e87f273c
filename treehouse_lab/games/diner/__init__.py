"""Treehouse Diner: take orders on the phone, fetch ingredients from the pantry, deliver.

    import treehouse_lab as tl
    game = tl.load_game("diner", players=3)          # end_after=None: 8, 7 or 6 orders
    state = game.new_initial_state()

Set-up, ingredient draws and order draws are chance nodes with exact probabilities. A turn
is small decisions: :class:`ChooseShelf` then one :class:`MoveOrder` per minute, or
:class:`TakeOrder` (the other helpers pick in turn, out of turn); effects that need a
choice (:class:`Discard`, :class:`Recycle`, :class:`MoveLeft`, :class:`Decline`); then
Phase 2, :class:`Place` one ingredient at a time (a joker: :class:`StartJoker`, then
:class:`Joker` per ingredient) and :class:`FinishAssigning`. Rulings:
docs/rulings/diner.md. Stand-in cards: orders.toml, pantry.toml; your own:
``tl.load_game("diner", orders=diner.load_orders("my.toml"))``. Teaching positions:
``game.position(...)``.
"""

from .data import load_orders, load_pantry
from .moves import (
    ChooseShelf,
    Decline,
    Discard,
    DrawIngredient,
    DrawOrder,
    FinishAssigning,
    Joker,
    MoveLeft,
    MoveOrder,
    Place,
    Recycle,
    StartJoker,
    TakeOrder,
)
from .rules import EFFECTS, Layout, Order, Row
from .state import DinerGame, DinerState

__all__ = [
    "DinerGame", "DinerState", "ChooseShelf", "Decline", "Discard", "DrawIngredient",
    "DrawOrder", "FinishAssigning", "Joker", "MoveLeft", "MoveOrder", "Place", "Recycle",
    "StartJoker", "TakeOrder", "EFFECTS", "Layout", "Order", "Row", "load_orders", "load_pantry",
]
