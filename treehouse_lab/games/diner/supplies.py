"""A supply or a bag of the Treehouse Diner, as a user types it, checked.

Why a module of its own: the counting functions (:mod:`.counting`, :mod:`.soup_stews`)
take supplies and bags from notebooks and exercises, where anything may be typed; they
all read them through these few checks, so every bad name or count is refused with the
same message (Components: what the bag holds).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import RuleError, quote
from .rules import BAG, BASIC_KINDS, BEE, BEES, CHILI, CHILIS

#: Every token of the full game's bag (Components), in the engine's order: the six
#: ingredients, the chilis (Secret Ingredient) and the bees (Save the Bees).
TOKENS: dict[str, int] = {**BAG, CHILI: CHILIS, BEE: BEES}
#: The ingredients among them (bees are not ingredients: never on a symbol, a plate or a
#: joker).
INGREDIENTS: tuple[str, ...] = (*BASIC_KINDS, CHILI)


def supply_counts(supply: Mapping[str, int], field: str = "supply") -> dict[str, int]:
    """``supply`` checked: known token names (the ingredients, ``"chili"`` and ``"bee"``)
    to whole numbers from 0 up to what the bag holds (Components). Returns the non-zero
    counts in the rulebook's order. ``field`` names the argument in error messages."""
    if not isinstance(supply, Mapping):
        raise RuleError(f"{field}: a mapping of ingredient names to counts, got "
                        f"{quote(supply)}")
    out = {}
    for name, n in supply.items():
        if name not in TOKENS:
            raise RuleError(f"{field}: {quote(name, 30)} is not an ingredient or a bee; they "
                            f"are {', '.join(TOKENS)}")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= TOKENS[name]:
            raise RuleError(f"{field}[{name!r}]: a whole number 0..{TOKENS[name]} (the bag "
                            f"holds {TOKENS[name]}), got {quote(n)}")
    for name in TOKENS:
        if supply.get(name):
            out[name] = supply[name]
    return out


def token_kind(kind: Any, field: str = "kind") -> str:
    if not isinstance(kind, str) or kind not in TOKENS:
        raise RuleError(f"{field}: {quote(kind, 30)} is not an ingredient or a bee; they are "
                        f"{', '.join(TOKENS)}")
    return kind


def draw_count(k: Any, most: int = sum(TOKENS.values())) -> int:
    """``k`` checked: a whole number of draws from a bag of ``most`` ingredients."""
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= most:
        raise RuleError(f"k: a whole number of draws 0..{most} (what the bag holds), got "
                        f"{quote(k)}")
    return k


def tokens(supply: Mapping[str, int]) -> list[str]:
    """The supply written out one token at a time: ``["acorn", "acorn", "daisy"]``."""
    return [k for k, n in supply_counts(supply).items() for _ in range(n)]


def ingredients_of(supply: Mapping[str, int]) -> dict[str, int]:
    """The supply without its bees: "Bees are not ingredients" (Save the Bees), so they
    never count for a symbol, a plate or a joker."""
    return {k: n for k, n in supply_counts(supply).items() if k != BEE}


__all__ = ["INGREDIENTS", "TOKENS", "draw_count", "ingredients_of", "supply_counts",
           "token_kind", "tokens"]
