"""Magical Treehouse saves: the checks no field codec can say, and the migration from the
saves written before formats were numbered.

Each field's type and domain is declared in ``state.py`` and checked by core on load; here
are the rules across fields (every card in exactly one place, the biscuits add up to 20,
a pipe joins two buildings of its village, what each phase may hold) and format 0.
"""

from __future__ import annotations

from typing import Any

from ...errors import RuleError
from ...protocol import Action
from . import pipes as pipe_rules
from . import rules as R
from .actions import DiscardCard, Exchange, KeepStorage
from .stages import Building, Deal, Planning, RevealStep, Setup, Spell

W = "magical"


def migrate_0(save: dict) -> dict:
    """Format 0 (no "format" key) kept the seats that know a carriage card as a bit mask
    ({card: 5} for seats 0 and 2); format 1 lists them ({card: [0, 2]}) and names the game."""
    save = dict(save)
    known = save.get("known")
    if isinstance(known, dict):
        save["known"] = {c: [p for p in range(8) if isinstance(m, int) and m >> p & 1]
                         if isinstance(m, int) and not isinstance(m, bool) else m
                         for c, m in known.items()}
    save.setdefault("game", "magical")
    return save


def migrate_1(save: dict) -> dict:
    """Format 1 put a spell in its caster's trash can when it was cast; format 2 puts it
    there when its effect is resolved (rulebook, Planning Step; issue 17), so a save made
    while a spell is being resolved (phase "spell") holds it only as the spell in play."""
    save = dict(save)
    spell, caster, trash = save.get("spell"), save.get("caster"), save.get("trash")
    if save.get("phase") == "spell" and isinstance(caster, int) \
            and not isinstance(caster, bool) and isinstance(trash, list) \
            and 0 <= caster < len(trash) and isinstance(trash[caster], list) \
            and spell in trash[caster]:
        pile = list(trash[caster])
        del pile[len(pile) - 1 - pile[::-1].index(spell)]
        save["trash"] = [pile if p == caster else t for p, t in enumerate(trash)]
    return save


def migrate_2(save: dict) -> dict:
    """Format 2 had no record of the pipes moved this turn (blue level 4 could move a pipe
    any number of times); format 3 lists them (ruling R10: once a turn). A format 2 save
    has moved none yet."""
    return {**save, "pipes_moved": []}


MIGRATIONS = {0: migrate_0, 1: migrate_1, 2: migrate_2}


def check_save(s: Any) -> None:
    """Raise RuleError for what the codecs cannot say (see the module docstring)."""
    g = s.game
    n = g.players
    on_carriages = {c for car in s.carriages for c in car}
    # Ruling R18, variant trash="top": a trash card everyone saw on top.
    trashed = {c for t in s.trash for c in t} if g.trash_top else set()
    for c, seats in s.known.items():
        if c not in on_carriages and c not in trashed:
            raise RuleError(f"{W}.known: {c} is not on a carriage"
                            + (" nor in a trash can" if g.trash_top else ""))
        if c in trashed and list(seats) != list(range(n)):
            raise RuleError(f"{W}.known.{c}: a trash card is known to every seat or none")
        if not seats:
            raise RuleError(f"{W}.known.{c}: list the seats that know it")
    for p in range(n):
        check_village(g, s.villages[p], f"{W}.villages[{p}]")
        sids = {x.id for x in s.villages[p]}
        for i, (c, _, _) in enumerate(s.piped[p]):
            if g.cards[c].kind != "pipe":
                raise RuleError(f"{W}.pipes[{p}][{i}]: {c} is not a pipe card")
        pipe_rules.check_layout(g.pipe_rule, s.villages[p], s.piped[p], f"{W}.pipes[{p}]")
        for i, (_, on) in enumerate(s.stored[p]):
            if on not in sids:
                raise RuleError(f"{W}.storage[{p}][{i}]: {on!r} is not a building of the "
                                "village")
        if s.supply[p] + sum(1 for q in s.placed.values() if q == p) != R.BOARD_FAMILIARS:
            raise RuleError(f"{W}.supply[{p}]: board familiars plus familiars in the forest "
                            f"must be {R.BOARD_FAMILIARS}")
    total = sum(s.tray_piles) + sum(s.biscuit_counts) + s.round_biscuits + s.box_biscuits
    if total != R.BISCUITS:
        raise RuleError(f"{W}.biscuits: the game has {R.BISCUITS} biscuits; these fields "
                        f"hold {total}")
    objs = g.data.objectives
    used = [t for t in s.common + s.personal if t]
    if len(set(used)) != len(used):
        raise RuleError(f"{W}.personal: an objective tile is used twice")
    if s.common[0] is not None and objs[s.common[0]].colour != "brown" or \
            s.common[1] is not None and objs[s.common[1]].colour != "green" or \
            any(t is not None and objs[t].colour != "brown" for t in s.personal):
        raise RuleError(f"{W}.common: 1 brown and 1 green common objective; personal "
                        "objectives are brown")
    got = s.components()["card"]
    if got != list(g.card_ids):
        seen: set[str] = set()
        twice = sorted({c for c in got if c in seen or seen.add(c)})
        missing = sorted(set(g.card_ids) - set(got))
        raise RuleError(f"{W}: every planning card must be in exactly one place; twice: "
                        f"{', '.join(twice[:5]) or 'none'}; missing: "
                        f"{', '.join(missing[:5]) or 'none'}")
    check_phase(s)


def check_village(g: Any, vil: Any, where: str) -> None:
    cards = g.cards
    for i, st in enumerate(vil):
        for k, c in enumerate(st.cards):
            card = cards[c]
            if card.kind != "building":
                raise RuleError(f"{where}[{i}]: {c} is not a building")
            if k == 0:
                if not st.down and card.level != 1:
                    raise RuleError(f"{where}[{i}]: a building starts with a level 1 card "
                                    "or a card face down")
                continue
            below = cards[st.cards[k - 1]]
            if k == 1 and st.down:
                ok = card.level == 2
            else:
                ok = card.level == below.level + 1 and card.colour == below.colour
            if not ok:
                raise RuleError(f"{where}[{i}]: {c} cannot stand on {below.id} (same colour, "
                                "one level higher; any level 2 on a face-down card)")
def check_phase(s: Any) -> None:
    """What each phase may hold (the stack is the phase: stages.py)."""
    n = s.game.players
    top = s.top
    if isinstance(top, Setup):
        if None not in s.common + s.personal:
            raise RuleError(f"{W}.phase: 'setup' still has objectives to draw")
        objs = s.game.data.objectives.values()
        brown_left = sum(1 for o in objs if o.colour == "brown"
                         and o.id not in s.common + s.personal)
        if brown_left < s.personal.count(None) + (s.common[0] is None):
            raise RuleError(f"{W}.personal: not enough brown tiles left to deal")
    elif None in s.common + s.personal:
        raise RuleError(f"{W}.common: objectives are all drawn after the set-up")
    if isinstance(top, Deal) and (not any(s.to_draw) or not s.pool):
        raise RuleError(f"{W}.phase: 'deal' needs cards to draw")
    if any(s.to_draw[p] and s.dropped[p] for p in range(n)):
        raise RuleError(f"{W}.to_draw: a dropped-out player draws no cards")
    if not isinstance(top, Deal) and any(s.to_draw):
        raise RuleError(f"{W}.to_draw: draws are owed only in the 'deal' phase")
    if any(s.to_draw[p] > s.deck[p] for p in range(n)):
        raise RuleError(f"{W}.to_draw: more draws than cards in the deck")
    if sum(s.deck) > len(s.pool):
        raise RuleError(f"{W}.deck: the decks hold more cards than the undealt pool")
    if isinstance(top, Spell):
        if s.spell_card is None or "todo" not in s.choices:
            raise RuleError(f"{W}.spell: the 'spell' phase has a spell and choices to make")
        effect = s.game.cards[s.spell_card].power
        if not (effect.discards_from or effect.exchanges) or s.caster < 0:
            raise RuleError(f"{W}.spell: a discard or exchange spell, and its caster")
        for p, ch in enumerate(s.choices):
            if ch is None:
                continue
            if isinstance(ch, str) and ch != "todo":
                raise RuleError(f"{W}.choices[{p}]: a spell choice, got a card")
            if s.dropped[p]:
                raise RuleError(f"{W}.choices[{p}]: a dropped-out player is not affected")
            need = (getattr(s, R.PILES[effect.discards_from])[p] if effect.discards_from
                    else s.stored[p])
            if not need:
                raise RuleError(f"{W}.choices[{p}]: this player has nothing to choose")
            ok = ch == "todo" or (
                isinstance(ch, DiscardCard) and ch.place == effect.discards_from
                and ch.card in need) or (
                effect.exchanges and (isinstance(ch, KeepStorage) or isinstance(
                    ch, Exchange) and ch.drawer_card in s.drawers[p]
                    and s.game.cards[ch.drawer_card].kind == "building"
                    and any(c == ch.storage_card for c, _ in s.stored[p])))
            if not ok:
                raise RuleError(f"{W}.choices[{p}]: not a choice this spell allows")
    elif s.spell_card is not None:
        raise RuleError(f"{W}.spell: a spell is in play only in the 'spell' phase")
    if isinstance(top, RevealStep):
        if "todo" not in s.choices or any(isinstance(c, Action) for c in s.choices):
            raise RuleError(f"{W}.choices: the 'reveal' phase has play-order cards to choose")
        for p, c in enumerate(s.choices):
            if c == "todo" and not s.drawers[p]:
                raise RuleError(f"{W}.choices[{p}]: a player with an empty drawer reveals "
                                "nothing")
            if isinstance(c, str) and c != "todo" and c not in s.drawers[p]:
                raise RuleError(f"{W}.choices[{p}]: the chosen card is in the drawer")
    elif not isinstance(top, Spell) and any(c is not None for c in s.choices):
        raise RuleError(f"{W}.choices: choices are pending only in the spell and reveal phases")
    if isinstance(top, Building):
        if sorted(s.order) != list(range(n)) or s.turn >= n:
            raise RuleError(f"{W}.play_order: every seat once, and a turn within it")
    elif s.order or s.turn:
        raise RuleError(f"{W}.play_order: only in the building step")
    if s.owed and not isinstance(top, Building):
        raise RuleError(f"{W}.familiars_owed: only in the building step")
    if s.moved:
        if not isinstance(top, Building):
            raise RuleError(f"{W}.pipes_moved: pipes are moved only in the building step")
        builder = s.order[s.turn]
        if not any(e.moves_pipes for e in s.powers(builder)):
            raise RuleError(f"{W}.pipes_moved: only a builder with blue level 4 [move pipes] "
                            "moves pipes")
        pipe_rules.moved_pipes_check(s.moved, (c for c, _, _ in s.piped[builder]),
                                     f"{W}.pipes_moved")
    if isinstance(top, (Planning, Spell)) and all(s.dropped):
        raise RuleError(f"{W}.dropped: the planning step ends when everyone is done")
    for p in range(n):
        if len(s.drawers[p]) > R.DRAWER:
            raise RuleError(f"{W}.drawers[{p}]: at most {R.DRAWER} cards")
        for c, _ in s.stored[p]:
            if s.game.cards[c].kind != "building":
                raise RuleError(f"{W}.storage[{p}]: only buildings are stored")
        for c in s.drawers[p]:
            if s.game.cards[c].kind == "spell":
                raise RuleError(f"{W}.drawers[{p}]: a spell never goes in a drawer")
