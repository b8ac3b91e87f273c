"""Teaching positions: a finished game built from given villages (``game.position``), the
rulebook's Example of Scoring (``keita_example``), and the same example a few moves before
its end (``keita_last_builds``, where the lesson ``magical-scoring`` begins)."""

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


#: Keita's last cards in ``keita_last_builds``, in the order the lesson builds them
KEITA_DRAWER = ("red3b", "purple1a", "pipe2", "blue5a")
#: the play-order card each seat showed in round 4 (Keita's is the highest: he builds last)
SHOWN = ("pipe4", "purple1c", "green3b", "yellow3c")


def keita_last_builds(game: MagicalGame) -> MagicalState:
    """The rulebook's Example of Scoring a few moves before its end: round 4's building
    step, Keita (seat 0) last to build, his drawer holding a red level 3, a purple level
    1, a pipe and the blue level 5 (``KEITA_DRAWER``). Built in that order, with the
    purple level 1's familiar on a bat fangs area and the pipe between the purple level 1
    and the blue building, his village ends as the example's: buildings 1 + 5 + 13 + 2 + 1
    = 22, two level 3s supplied with their potion 6, a blue level 5 with 2 pipes 2, the
    bat fangs objective 3 (single most), 4 biscuits 1: 34 VP.

    Why not :func:`keita_example` with cards taken off: there each level 3 is supplied by
    the level 1 of its own building, so no pipe scores, and Keita's six familiars outnumber
    his five level 1s. The rulebook gives the figures, not the cards (the cards are
    stand-ins, docs/dev/stand-in-data.md), so here the red level 3 (red3b, yellow potion)
    is supplied by its own red1b with 2 light shrooms, and the blue building's level 3
    (blue3b, purple potion) by the purple level 1 through the pipe once 2 bat fangs are
    gathered: one familiar per level 1. His light shrooms tie with Player 2's (2 each), so
    his personal objective scores nobody, as in the example (ruling R24,
    docs/rulings/magical.md)."""
    n = game.players
    shrooms, fangs = _first_areas(game, "shrooms", 4), _first_areas(game, "fangs", 1)
    tails = _first_areas(game, "tails", 1)
    forest = {shrooms[0]: 0, shrooms[1]: 0, fangs[0]: 0, tails[0]: 0,
              shrooms[2]: 1, shrooms[3]: 1}
    villages = [[{"cards": ["green1a"]}, {"cards": ["red1b", "red2a"]},
                 {"cards": ["blue1a", "blue2a", "blue3b", "blue4a"]},
                 {"cards": ["yellow1a", "yellow2a"]}],
                [{"cards": ["red1a"]}, {"cards": ["green1b"]}]] + [[] for _ in range(n - 2)]
    pipes = [[("pipe1", "green1a", "red1b")]] + [[] for _ in range(n - 1)]
    personal = ["obj-shrooms", "obj-apples", "obj-webs", "obj-tails"][:n]
    d = game.position(villages=villages, pipes=pipes, forest=forest,
                      biscuits=[4, 5] + [0] * (n - 2), common=("obj-fangs", "obj-biscuits"),
                      personal=personal).to_json()
    shown = SHOWN[:n]
    d["phase"] = "building"
    d["drawers"] = [list(KEITA_DRAWER)] + [[] for _ in range(n - 1)]
    d["trash"] = [[c] for c in shown]
    # 3. Building Step: the lowest play-order number builds first
    d["play_order"] = sorted(range(n), key=lambda p: game.cards[shown[p]].order)
    d["turn"] = n - 1
    d["box"] = sorted(set(d["box"]) - set(KEITA_DRAWER) - set(shown))
    return game.state_from_json(d)


__all__ = ["KEITA_DRAWER", "keita_example", "keita_last_builds", "position"]
