"""Exact figures where a game is solved (issue 48, item 2): the value a solver gives, next
to the simulation's estimate, so a reader sees both and a test sees the interval contain it
(docs/design-lab.md, "Exact figures").

The solving is the game's own: a game that has solvers declares the module of its theory
(``Game.THEORY``, issue 49, item 7), and this module asks it, through
``registry.theory``, for the exact values of a run (``exact_values(game, bot_names,
max_moves)``) and where they come from (``exact_source(game)``); docs/dev/adding-a-game.md,
"Theory the generic layers read", gives the interface. What stays here is the game-free
part: attaching the values to a run's figures (:func:`attach`, which ``measure`` calls on
every run) and printing them (:class:`Exact`). Treehouse is the one game solved so far
(``games/pyramids/theory/exact.py`` says what is exact there, and how).

The public names of a game's theory module (its ``__all__``: Treehouse's
``two_player``, ``house_value``, ``solitaire``, ``restricted_optimum``, ...) are read
here too, so ``from treehouse_lab.design import exact; exact.two_player()`` works as it
did when they lived in this module (:func:`__getattr__`).

Nothing here is guessed: a configuration no solver covers gets no exact value
(``exact_values`` returns an empty dict).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from .. import registry
from .estimate import Figure


def _names(bots: Sequence[Any]) -> tuple[str, ...]:
    from ..bots import bot_name

    return tuple(b if isinstance(b, str) else bot_name(b) for b in bots)


def exact_values(game: Any, bots: Sequence[Any], max_moves: int | None = None
                 ) -> dict[str, Fraction]:
    """The exact values of a run's figures, by figure name, where the game's theory covers
    its options and its bots (its ``exact_values``; for Treehouse: two players both
    ``pyramids-perfect``, or the solitaire with ``pyramids-solo``); else {}. A run cut at
    ``max_moves`` gets none (the solves are of whole games)."""
    values = getattr(registry.theory(game), "exact_values", None)
    if values is None or max_moves is not None:
        return {}
    return values(game, _names(bots), max_moves)


class Exact(Fraction):
    """An exact value that prints as a decimal when its fraction is long (the solitaire's
    expected moves have a denominator of hundreds of digits): a table stays readable and
    the value itself stays exact (arithmetic gives plain Fractions)."""

    def __str__(self) -> str:
        if len(str(self.denominator)) <= 6:
            return Fraction.__str__(self)
        return f"{float(self):.12g}"


def with_exact(figures: dict[str, Figure], exact: dict[str, Fraction]) -> dict[str, Figure]:
    """``figures`` with each exact value attached (``Figure.exact``, an :class:`Exact`)."""
    from dataclasses import replace

    return {name: replace(fig, exact=Exact(exact[name])) if name in exact and fig.available
            else fig for name, fig in figures.items()}


def attach(metrics: Any, game: Any, max_moves: int | None = None) -> Any:
    """``metrics`` (a :class:`.run.Metrics` of ``game``) with the exact values a solver
    gives for its configuration and bots (:func:`exact_values`) attached to its figures,
    and a note saying where they come from; unchanged where no solver applies
    (``measure`` calls it on every run)."""
    from dataclasses import replace

    exact = exact_values(game, metrics.bots, max_moves)
    if not exact:
        return metrics
    source = getattr(registry.theory(game), "exact_source", None)
    note = "exact: " + ", ".join(exact) + (f" {source(game)}" if source else "")
    return replace(metrics, figures=with_exact(metrics.figures, exact),
                   notes=[*metrics.notes, note])



def __getattr__(name: str) -> Any:
    """A public name of a game's theory module (its ``__all__``), for the calls written
    when the Treehouse solvers' figures lived here (``exact.two_player()``,
    ``exact.restricted_optimum(0)``). Reads the declared theories of the games in the
    registry's order (so it imports the game classes, on the first such name only)."""
    if name.startswith("__"):
        raise AttributeError(name)
    import importlib

    for path in registry.declared("THEORY").values():
        module = importlib.import_module(path)
        if name in getattr(module, "__all__", ()):
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Exact", "attach", "exact_values", "with_exact"]
