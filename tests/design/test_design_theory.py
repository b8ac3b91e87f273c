"""A game's theory reaches the design lab through its declaration (issue 49, item 7):
``Game.THEORY`` names a module, ``registry.theory`` imports it, and ``design.exact`` and
``design.restrict`` call its interface for any game that declares one (docs/dev/
adding-a-game.md, "Theory the generic layers read"). Here the toy orchard declares this
very module as its theory; and the calls written when Treehouse's figures lived in
``design.exact`` and ``design.restrict`` still reach them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

import pytest
import tl_toyorchard

import treehouse_lab as tl
from treehouse_lab import registry
from treehouse_lab.design import exact, measure, restrict
from treehouse_lab.errors import RuleError
from treehouse_lab.games.pyramids.theory import exact as pyramids_theory
from treehouse_lab.intervals import Figure

# -- the toy's theory: this module's interface ------------------------------------------

#: The toy's own word for watering the garden.
KIND_NAMES = {"watering": "tend.how=water"}
#: A value the toy "knows exactly" for the length of a game (three rounds of two growers).
TOY_MOVES = Fraction(27, 2)
asked: list[tuple[Any, ...]] = []


def exact_values(game: Any, bot_names: Sequence[str], max_moves: int | None = None
                 ) -> dict[str, Fraction]:
    asked.append(("exact_values", tuple(bot_names), max_moves))
    return {"moves": TOY_MOVES} if tuple(bot_names) == ("random", "random") else {}


def exact_source(game: Any) -> str:
    return "from the toy's own theory"


def restricted_values(game: Any, seat: int, forbid: str, bot_names: Sequence[str],
                      barred: Sequence[Any] = ()):
    asked.append(("restricted_values", seat, forbid, tuple(bot_names),
                  tuple(type(b).__name__ if not isinstance(b, str) else b for b in barred)))
    figure = Figure(f"optimal_value[{seat}]", 0.25, 0.25, 0.25, 0, why="exact: toy",
                    exact=Fraction(1, 4))
    return {"moves": Fraction(0)}, {figure.name: figure}, ["toy note"]


class TheorisedOrchard(tl_toyorchard.OrchardGame):
    THEORY = __name__


# -- the tests --------------------------------------------------------------------------

def test_the_registry_finds_a_declared_theory_and_none_elsewhere() -> None:
    assert registry.theory(TheorisedOrchard()).exact_source is exact_source
    assert registry.theory(tl.load_game("pyramids")) is pyramids_theory
    for name in registry.GAMES:
        if name != "pyramids":
            assert registry.theory(tl.load_game(name)) is None, name


def test_measure_attaches_the_values_of_any_declared_theory() -> None:
    asked.clear()
    m = measure(TheorisedOrchard(), 6, bots="random", seed=7, workers=1, progress=False)
    assert m["moves"].exact == TOY_MOVES
    assert "exact: moves from the toy's own theory" in m.notes
    assert ("exact_values", ("random", "random"), None) in asked
    plain = measure(tl_toyorchard.OrchardGame(), 6, bots="random", seed=7, workers=1,
                    progress=False)
    assert plain["moves"].exact is None and plain["moves"].value == m["moves"].value
    assert exact.exact_values(TheorisedOrchard(), ["random"] * 2, max_moves=5) == {}


def test_restricted_play_reads_the_game_s_own_kind_names_and_values() -> None:
    game = TheorisedOrchard()
    kind = restrict.parse_kind(game, "watering")
    assert (kind.kind, kind.field, kind.value) == ("tend", "how", "water")
    with pytest.raises(RuleError, match="watering"):
        restrict.parse_kind(game, "pruning")
    with pytest.raises(RuleError):  # the plain toy has no word of its own
        restrict.parse_kind(tl_toyorchard.OrchardGame(), "watering")
    asked.clear()
    r = restrict.restricted(game, 1, "watering", 4, "random", seed=3, workers=1,
                            progress=False)
    assert r["optimal_value[1]"].exact == Fraction(1, 4)
    assert r["moves"].exact == 0 and "toy note" in r.notes
    # the barred run's bots reach the theory unwrapped from the restriction (Forbid made
    # the barred seat's name a bot object; the other seat's is the name it was given)
    assert asked == [("restricted_values", 1, "watering", ("random", "random"),
                      ("random", "RandomBot"))]


def test_the_treehouse_names_read_as_before() -> None:
    """``exact.two_player()``, ``from treehouse_lab.design.exact import solitaire`` and
    ``restrict.ALIASES`` were this package's before the move: they reach the same objects."""
    from treehouse_lab.design.exact import restricted_optimum, solitaire

    assert exact.two_player is pyramids_theory.two_player
    assert solitaire is pyramids_theory.solitaire
    assert restricted_optimum is pyramids_theory.restricted_optimum
    assert exact.NEGLIGIBLE == pyramids_theory.NEGLIGIBLE
    assert restrict.ALIASES == {("pyramids", "house"): "play.side=house"}
    with pytest.raises(AttributeError):
        exact.no_such_figure  # noqa: B018
    with pytest.raises(ImportError):
        from treehouse_lab.design.exact import no_such_figure  # noqa: F401
