"""Treehouse Diner: teaching positions, ``game.position(...)``.

Why: a lesson or a test needs "this kitchen, this supply, Phase 2" without playing there.
A position is written as a save (``saves.py``) and loaded like one, so it is checked
exactly as a save is: components conserved, the stack one the engine makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...errors import RuleError, quote
from .rules import BAG, BEE, KITCHEN_SPACES, STARTING_MINUTES

if TYPE_CHECKING:  # pragma: no cover
    from .game import DinerGame
    from .state import DinerState


def position(self: DinerGame, kitchens: Sequence[Mapping[int, Any]] | None = None,
             supplies: Sequence[Sequence[str]] | None = None,
             pantry: Mapping[int, Sequence[Sequence[str]]] | None = None,
             tray: Sequence[str | None] | None = None,
             mood: Sequence[int] | None = None,
             delivered: Sequence[Sequence[str]] | None = None,
             compost: Sequence[str] = (), discard: Sequence[str] = (),
             turn: int = 1, stage: str = "phase1",
             stack: Sequence[Mapping[str, Any]] | None = None,
             beehives: Sequence[int] | None = None,
             challenges: Sequence[Sequence[str]] | None = None,
             announced: Sequence[Sequence[str]] | None = None,
             emptied: Sequence[int] = (),
             hands: Sequence[Sequence[str]] | None = None,
             action_discard: Sequence[str] = ()) -> DinerState:
    """A position for teaching and tests, checked like any save.

    ``kitchens[p]`` maps minutes to an order id, or to ``(order id, covers)`` with one
    list of ingredients per symbol (``[[], ["acorn"], []]``); default: each player's
    Starting orders (the first unused by id of 4 and of 6 minutes). ``supplies[p]``
    lists ingredients (default none). ``pantry`` maps a row's space size to its
    spaces, one list of ingredients per column; rows not given are filled from the
    bag, most plentiful kind first. ``tray`` lists order ids (default: the first
    unused Basic orders by id). ``delivered``, ``compost`` and ``discard`` list what
    is there. Whatever is not placed is in the bag, the order pile or the box.

    ``turn`` (1 for the first) says whose turn it is (seat (turn - 1) % players);
    ``stage`` is "phase1" (the turn's start) or "assign" (Phase 2); ``stack`` gives
    the task stack as a save writes it, for anything else (see ``state.py``).

    Modules: a kitchen entry may be ``(order id, covers, bees)``; supplies, shelves and
    the compost may hold ``"bee"`` and ``"chili"``; ``beehives[p]`` counts saved bees;
    ``challenges[p]`` / ``announced[p]`` list Challenge ids (the rest are in the box);
    ``emptied`` the row sizes emptied this turn; ``hands[p]`` Action card ids and
    ``action_discard`` the discard pile (the rest are in the draw pile). With a module
    the stack's bottom is the end step (``stage="end"`` starts there).
    """
    n = self.players
    bees_placed = 0
    g_kitchens: list[list[Any]] = [[None] * KITCHEN_SPACES for _ in range(n)]
    used: set[str] = set()
    for group in (delivered or ()), [discard]:
        for ids in group:
            used.update(ids)
    if tray is not None:
        used.update(o for o in tray if o)
    if kitchens is None:
        free = {m: [o for o in self.starting_ids if self.orders[o].minutes == m
                    and o not in used] for m in STARTING_MINUTES}
        kitchens = [{m: free[m][p] for m in STARTING_MINUTES} for p in range(n)]
    if len(kitchens) != n:
        raise RuleError(f"position: kitchens: one per player ({n}), got {len(kitchens)}")
    for p, k in enumerate(kitchens):
        for m, e in dict(k).items():
            if isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= 6:
                raise RuleError(f"position: kitchens[{p}]: minutes must be 1..6, got "
                                f"{quote(m)}")
            oid, covers = (e, None) if isinstance(e, str) else (e[0], e[1])
            nbees = 0 if isinstance(e, str) or len(e) < 3 else e[2]
            if oid not in self.orders:
                raise RuleError(f"position: kitchens[{p}]: unknown order {quote(oid)}")
            if covers is None:
                covers = [[] for _ in self.symbols[oid]]
            g_kitchens[p][m - 1] = {"order": oid, "covers": [list(c) for c in covers]}
            if self.bees:
                g_kitchens[p][m - 1]["bees"] = nbees
                bees_placed += nbees
            used.add(oid)
    if tray is None:
        tray = [o for o in self.basic_ids if o not in used][: self.tray_spaces]
        used.update(tray)
    tray = list(tray) + [None] * (self.tray_spaces - len(tray))
    supplies = [list(s) for s in (supplies or [[] for _ in range(n)])]
    # The bag is what no place holds; rows not given are filled from it.
    left = dict(zip(self.kinds, self.bag_start))
    if self.bees:
        left[BEE] -= bees_placed + sum(beehives or ())

    def take(kinds: Sequence[str], where: str) -> None:
        for k in kinds:
            if left.get(k, 0) <= 0:
                raise RuleError(f"position: {where}: no {quote(k)} left to place "
                                f"(the bag holds {BAG.get(k, 0)} in all)")
            if k == BEE and where.startswith("kitchens"):
                raise RuleError(f"position: {where}: bees lie on an order (give the "
                                "entry a third field, the number of bees)")
            left[k] -= 1

    for p, s in enumerate(supplies):
        take(s, f"supplies[{p}]")
    take(compost, "compost")
    for p, k in enumerate(g_kitchens):
        for e in k:
            if e:
                for c in e["covers"]:
                    take(c, f"kitchens[{p}]")
    rows_json = []
    given = dict(pantry or {})
    for row in self.rows:
        if row.size in given:
            spaces = [list(x) for x in given.pop(row.size)]
            for x in spaces:
                take(x, f"pantry row {row.size}")
        else:
            spaces = [[] for _ in range(self.columns)]
        rows_json.append(spaces)
    if given:
        raise RuleError(f"position: pantry: no row of size {sorted(given)[0]}")
    for row, spaces in zip(self.rows, rows_json):
        if row.size in (pantry or {}):
            continue
        for x in spaces:
            while len(x) < row.size and any(v for k, v in left.items() if k != BEE):
                k = max((k for k in self.kinds if k != BEE),
                        key=lambda k: (left[k], -self.kinds.index(k)))
                left[k] -= 1
                x.append(k)
    a = (turn - 1) % n if turn >= 1 else 0
    if stack is None:
        base = ([{"task": "end", "player": a, "announced": False}] if self.modules
                else [])
        if stage == "phase1":
            stack = base + [{"task": "assign", "player": a, "joker": None},
                            {"task": "phase1", "player": a}]
        elif stage == "assign":
            stack = base + [{"task": "assign", "player": a, "joker": None}]
        elif stage == "end" and self.modules:
            stack = base
        else:
            raise RuleError(f"position: stage must be 'phase1' or 'assign' (or 'end' with "
                            f"a module), got {quote(stage)}")
    used.update(o for o in tray if o)
    extra: dict[str, Any] = {}
    if self.bees:
        chal = [list(c) for c in (challenges or [[] for _ in range(n)])]
        ann = [list(c) for c in (announced or [[] for _ in range(n)])]
        taken = {c for x in chal + ann for c in x}
        extra.update({
            "beehives": list(beehives or [0] * n), "challenges": chal, "announced": ann,
            "challenge_box": [c for c in sorted(self.challenges) if c not in taken],
            "emptied": list(emptied)})
    if self.chili:
        hs = [list(h) for h in (hands or [[] for _ in range(n)])]
        taken = {c for h in hs for c in h} | set(action_discard)
        extra.update({
            "hands": hs, "action_discard": list(action_discard),
            "action_deck": [c for c in sorted(self.action_cards) if c not in taken]})
    return self.state_from_json({
        **extra,
        "game": self.NAME,
        "turn": turn,
        "bag": [k for k in self.kinds for _ in range(left[k])],
        "compost": list(compost),
        "pantry": rows_json,
        "supplies": supplies,
        "kitchens": g_kitchens,
        "mood": list(mood) if mood is not None else [0] * n,
        "delivered": [list(d) for d in (delivered or [[] for _ in range(n)])],
        "deck": [o for o in self.basic_ids if o not in used],
        "tray": tray,
        "discard": list(discard),
        "box": [o for o in self.starting_ids if o not in used],
        "stack": list(stack),
    })
