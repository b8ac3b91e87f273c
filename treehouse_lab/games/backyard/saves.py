"""Backyard Builders Treehouse saves: the checks no field's codec can make.

Each field's type and domain (a card of this set, a seat, an achievement card) is checked
by its declaration in state.py. What is left needs several fields at once: each card in
exactly one place, purple cards out of a 2-player game, the treehouse sizes and the hand
fitting the turn order, and every face-up card matching what it sits on.

The save format is still format 0, the one written before the declared fields: the stack of
stages is rebuilt from the fields (stages.stages_from), so nothing new is saved and there is
nothing to migrate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping

from ...core.seating import player_name
from ...errors import RuleError
from . import rules
from .rules import Floor, matches

if TYPE_CHECKING:  # pragma: no cover
    from .state import BackyardState

FORMAT = 0
MIGRATIONS: Mapping[int, Callable[[dict], dict]] = {}


def check(s: BackyardState) -> None:
    """Raise RuleError naming the field for a save the rules cannot reach."""
    g = s.game
    if s.achievement_id is not None and not g.achievements_on:
        raise RuleError("achievement: this game is played without achievement cards, "
                        "so none can be chosen")
    houses = s.treehouses
    # Each card in exactly one place; boxed (purple, 2 players) cards nowhere.
    where_is: dict[str, str] = {}
    places = [("deck", s.deck), ("hand", s.hand_cards), ("discard", s.leftover)] + [
        (f"treehouses[{p}]", [c for c, _ in h]) for p, h in enumerate(houses)]
    boxed = set(g.box_cards)
    for place, ids in places:
        for c in ids:
            if c in boxed:
                raise RuleError(f"{place}: {c} is a purple card, removed from a 2-player game "
                                "(Game Setup)")
            if c in where_is:
                raise RuleError(f"{place}: card {c} is also in {where_is[c]}; each card is in "
                                "exactly one place")
            where_is[c] = place
    missing = sorted(set(g.deck_cards) - set(where_is))
    if missing:
        raise RuleError(f"deck: cards missing from every place: {', '.join(missing)}")
    _check_turns(s)
    # How to Build Your Treehouse: every face-up card must match what it sits on.
    for p, h in enumerate(houses):
        top: Floor | None = None
        for i, (c, fd) in enumerate(h):
            pc = g.placed[(c, fd)]
            if not fd and not matches(top, pc.card):
                raise RuleError(f"treehouses[{p}][{i}]: " + rules.why_no_match(top, pc.card))
            top = pc.floors[1]


def _check_turns(s: BackyardState) -> None:
    """The turn structure: set-up first, then turns clockwise from the start player."""
    g = s.game
    n = g.players
    start, hand, discard = s.start_player, s.hand_cards, s.leftover
    played = sum(len(h) for h in s.treehouses)
    setup_done = start is not None and (s.achievement_id is not None or not g.achievements_on)
    if not setup_done:
        if played or hand or discard:
            raise RuleError("start_player: cards were drawn or played but set-up is not "
                            "finished (achievement card and start player come first)")
        if start is not None:
            raise RuleError("achievement: the achievement card is chosen before the start "
                            "player")
        return
    if played > g.total_plays:
        raise RuleError(f"treehouses: {played} cards played, but the game ends after "
                        f"{g.total_plays}")
    for p, h in enumerate(s.treehouses):
        dist = (p - start) % n
        want = played // n + (1 if dist < played % n else 0)
        if len(h) != want:
            raise RuleError(
                f"treehouses[{p}]: {len(h)} cards, but after {played} turns starting "
                f"with {player_name(start)} this player has played {want}")
    if played == g.total_plays:
        if hand:
            raise RuleError("hand: the game is over; the leftover hand is in discard")
        if len(discard) != n:
            raise RuleError(f"discard: the leftover hand at the end holds {n} cards, "
                            f"got {len(discard)}")
        return
    if discard:
        raise RuleError("discard: only the leftover hand at the end is set aside")
    if played and len(hand) not in (n, n + 1):
        raise RuleError(f"hand: between turns the hand holds {n} cards ({n + 1} after "
                        f"the draw), got {len(hand)}")
    if len(hand) > n + 1:
        raise RuleError(f"hand: at most {n + 1} cards, got {len(hand)}")


__all__ = ["FORMAT", "MIGRATIONS", "check"]
