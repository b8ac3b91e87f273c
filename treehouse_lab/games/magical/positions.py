"""Teaching positions: a finished game built from given villages (``game.position``) and
the rulebook's Example of Scoring (``keita_example``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...errors import RuleError
from . import rules as R

if TYPE_CHECKING:  # pragma: no cover
    from .game import MagicalGame
    from .state import MagicalState


def position(game: MagicalGame, villages: Sequence[Sequence[Mapping[str, Any]]] | None = None,
             pipes: Sequence[Sequence[Sequence[str]]] | None = None,
             storage: Sequence[Sequence[Sequence[str]]] | None = None,
             forest: Mapping[str, int] | None = None,
             biscuits: Sequence[int] | None = None,
             common: Sequence[str] = ("obj-fangs", "obj-biscuits"),
             personal: Sequence[str] | None = None) -> MagicalState:
    """A finished game (after the fourth round) built from given villages, for scoring
    exercises and tests, checked like a save.

    ``villages[p]`` lists buildings as ``{"cards": [ids bottom first], "down": bool}``;
    ``pipes[p]`` lists ``(pipe card, building a, building b)`` (a building is named by
    its bottom card); ``storage[p]`` lists ``(card, building)``; ``forest`` maps areas to
    the seat with a familiar there; ``biscuits`` per seat (the rest of the 20 are in
    the box); ``common`` the two common objectives; ``personal`` one brown tile per
    seat (default: the brown tiles not common, by id). Every other card is in the box.
    """
    n = game.players
    d = game.new_initial_state().to_json()
    d["phase"], d["round"] = "over", R.ROUNDS
    vill = [[{"cards": list(b["cards"]), "down": bool(b.get("down", False))} for b in v]
            for v in (villages or [[]] * n)]
    d["villages"] = vill
    d["pipes"] = [[list(x) for x in v] for v in (pipes or [[]] * n)]
    d["storage"] = [[list(x) for x in v] for v in (storage or [[]] * n)]
    placed = dict(forest or {})
    d["forest"] = placed
    d["supply"] = [R.BOARD_FAMILIARS - sum(1 for q in placed.values() if q == p)
                   for p in range(n)]
    b = list(biscuits if biscuits is not None else [R.START_BISCUITS] * n)
    d["biscuits"] = b
    d["tray"] = [0, 0, 0, 0]
    d["box_biscuits"] = R.BISCUITS - sum(b)
    brown = sorted(o.id for o in game.data.objectives.values() if o.colour == "brown")
    d["common"] = list(common)
    d["personal"] = list(personal) if personal is not None else \
        [x for x in brown if x not in common][:n]
    used = {c for v in vill for bld in v for c in bld["cards"]}
    used |= {x[0] for v in d["pipes"] for x in v} | {x[0] for v in d["storage"] for x in v}
    d["pool"] = []
    d["box"] = sorted(c for c in game.card_ids if c not in used)
    return game.state_from_json(d)


def _first_areas(game: MagicalGame, resource: str, k: int) -> list[str]:
    out = [a for a in game.areas if game.forest[a].resources == (resource,)][:k]
    if len(out) < k:
        raise RuleError(f"the {game.side} forest has fewer than {k} areas of only {resource}")
    return out


def keita_example(game: MagicalGame) -> MagicalState:
    """The rulebook's Example of Scoring rebuilt from stand-in cards (day side): Keita is
    seat 0 and scores 34 VP: buildings 1 + 5 + 13 + 2 + 1 = 22; two level 3s supplied with
    their potion (red from red1a with 2 apples, blue from blue1a with 2 webs) 6; a blue
    level 5 with 2 pipes 2; the common bat fangs objective (single most) 3; 4 biscuits 1.
    The common biscuits objective goes to seat 1 (5 biscuits) and Keita's personal light
    shrooms objective is tied with seat 1, so neither scores for him."""
    apples, webs = _first_areas(game, "apples", 2), _first_areas(game, "webs", 2)
    fangs, shrooms = _first_areas(game, "fangs", 1), _first_areas(game, "shrooms", 2)
    forest = {apples[0]: 0, apples[1]: 0, webs[0]: 0, webs[1]: 0, fangs[0]: 0,
              shrooms[0]: 0, shrooms[1]: 1}
    n = game.players
    villages = [[{"cards": ["green1a"]}, {"cards": ["red1a", "red2a", "red3a"]},
                 {"cards": ["blue1a", "blue2a", "blue3a", "blue4a", "blue5a"]},
                 {"cards": ["yellow1a", "yellow2a"]}, {"cards": ["purple1a"]}],
                [{"cards": ["red1b"]}]] + [[] for _ in range(n - 2)]
    pipes = [[("pipe1", "green1a", "red1a"), ("pipe2", "red1a", "blue1a")]] + \
        [[] for _ in range(n - 1)]
    personal = ["obj-shrooms", "obj-apples", "obj-webs", "obj-tails"][:n]
    return game.position(villages=villages, pipes=pipes, forest=forest,
                         biscuits=[4, 5] + [0] * (n - 2),
                         common=("obj-fangs", "obj-biscuits"), personal=personal)


__all__ = ["keita_example", "position"]
