"""The design lab's named metrics: what each means, where its definition comes from, and
how it is worked out from the games of a run (:class:`~.trace.Trace` and the run's rows).

The names follow Ludii's evaluation metrics (the classes of ``Evaluation/src/metrics`` in
the Ludii repository, which in turn follow Cameron Browne's thesis, "Automatic generation
and evaluation of recombination games", 2008) where our definition is theirs or close to
it; each entry of :data:`METRICS` says which class and how we differ. Ludii gives point
estimates; here every figure has a 95% interval and its number of games
(:mod:`.estimate`). docs/design-lab.md is the same catalogue for readers.

Each metric is declared once, in :data:`METRICS`: its name, group, label, definition and
source, and how it is worked out. Most are a mean or a share over the games they count,
of one value a game (``how``, ``value``, ``counts``): :func:`by_group` works those out
from the declarations alone, in the table's order; the few that are not (a figure per
seat, across seats, from another figure or from another run) are ``how="own"``, each
written out in its group's function (:func:`outcome`, :func:`duration`, :func:`skill`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence

from ..seeded_play import GameRow
from .estimate import Distribution, Figure, exact_sum, mean, not_available, plain, share, shifted
from .trace import Standing, Trace


@dataclass(frozen=True)
class Metric:
    """A metric's name, its group, what it means, its source, and how it is worked out.

    ``how``: ``"mean"``, the mean of ``value`` over the games counted (normal interval);
    ``"share"``, the share of them, ``value`` being a game's part of a success (Wilson's
    interval); ``"own"``, written out in its group's function (a figure per seat, across
    seats, from another figure or from another run). ``value`` reads one game: its
    ``(row, trace)`` in the Outcome group, its :class:`~.trace.Trace` in Duration and
    Decisions, its :class:`~.trace.Standing` in Tension. ``counts`` says which games count
    (None: all); ``why`` why the figure is n/a when none does."""

    name: str
    group: str
    label: str
    definition: str
    source: str
    how: str = "own"
    value: Callable[[Any], Any] | None = None
    counts: Callable[[Any], bool] | None = None
    why: str = ""


GROUPS = ("Outcome", "Duration", "Decisions", "Tension", "Skill and luck")


def _ratio(a: int, b: int) -> int | Fraction:
    """``a / b`` exactly (an int when whole: the same number, summed sooner)."""
    return a // b if a % b == 0 else Fraction(a, b)


def _moved_game(game: tuple[GameRow, Trace]) -> bool:
    return game[1].first is not None


def _moved(trace: Trace) -> bool:
    return trace.moves > 0


def _sole(standing: Standing) -> bool:
    return standing.decided is not None

_LUDII = "Ludii, Evaluation/src/metrics"

METRICS: dict[str, Metric] = {m.name: m for m in (
    # -- outcome -------------------------------------------------------------------------
    Metric("win_share", "Outcome", "win share of {seat}",
           "The seat's mean share of the win: 1 for a sole win, 1/k for a k-way tie, 0 for "
           "a loss or a timeout.",
           f"{_LUDII}: none per seat (AdvantageP1 is seat 1's); ties split as returns()."),
    Metric("first_player", "Outcome", "first player's win share",
           "The win share of the seat that made the game's first move.",
           f"{_LUDII}/single/outcome/AdvantageP1 (player 1's win rate); ours follows who "
           "moved first, not seat 1, as a game may choose its start player.",
           how="share", value=lambda g: g[0].returns[g[1].first], counts=_moved_game),
    Metric("first_player_edge", "Outcome", "first player's edge",
           "The first player's win share less its fair share 1/n: 0 in a fair game.",
           "AdvantageP1 less 1/n."),
    Metric("balance", "Outcome", "balance",
           "1 minus the largest difference between two seats' win shares: 1 when every "
           "seat wins as often. Interval: from the intervals of the per-game differences "
           "of each pair (the widest pair's, without a correction for choosing it).",
           f"{_LUDII}/single/outcome/Balance (1 - the largest gap between players' win "
           "rates); ties split here, Ludii counts only sole wins."),
    Metric("ties", "Outcome", "ties",
           "The share of games whose win is shared by several seats.",
           f"{_LUDII}/single/outcome/Drawishness counts games without a winner; in these "
           "games some seat always wins or ties, so a tie is the nearest thing to a draw.",
           how="share", value=lambda g: len(g[0].winners) > 1),
    Metric("timeouts", "Outcome", "timeouts (length limit)",
           "The share of games stopped at the run's length limit (max_moves) before "
           "their end: no seat wins them.",
           f"{_LUDII}/single/outcome/Timeouts.",
           how="share", value=lambda g: g[1].cut),
    Metric("completion", "Outcome", "completion",
           "The share of games with a sole winner (neither a tie nor a timeout).",
           f"{_LUDII}/single/outcome/Completion (games with a winner, not a draw or a "
           "timeout).",
           how="share", value=lambda g: len(g[0].winners) == 1),
    # -- duration ------------------------------------------------------------------------
    Metric("moves", "Duration", "moves",
           "Players' decisions a game (chance steps are not moves).",
           f"{_LUDII}/single/duration/DurationMoves.",
           how="mean", value=lambda t: t.moves),
    Metric("turns", "Duration", "turns",
           "Turns a game: a turn is a run of moves by one seat, ended when another seat "
           "moves (in a one-player game, when chance steps in).",
           f"{_LUDII}/single/duration/DurationTurns (Ludii's turn also ends at a change "
           "of mover).",
           how="mean", value=lambda t: t.turns),
    Metric("rounds", "Duration", "rounds",
           "Passes of the turn order a game, where turns pass in a fixed cycle of seats; "
           "n/a where they do not (several may act at once, or a seat answers in another's "
           "turn): the protocol names no rounds, and they are not guessed.",
           "Our own; no Ludii class."),
    # -- decisions -----------------------------------------------------------------------
    Metric("decision_moves", "Decisions", "decision moves",
           "The share of a game's moves with more than one legal choice, averaged over "
           "games.",
           f"{_LUDII}/single/complexity/DecisionMoves.",
           how="mean", value=lambda t: _ratio(t.moves - t.forced, t.moves),
           counts=_moved, why="no moves were made"),
    Metric("forced_moves", "Decisions", "forced moves",
           "The share of a game's moves with a single legal choice, averaged over games "
           "(1 - decision moves).",
           "The complement of Ludii's DecisionMoves.",
           how="mean", value=lambda t: _ratio(t.forced, t.moves), counts=_moved,
           why="no moves were made"),
    Metric("branching", "Decisions", "branching factor",
           "The mean number of legal choices at a move, per game, averaged over games; its "
           "distribution pools every move of the run.",
           f"{_LUDII}/multiple/metrics/BranchingFactor (its average).",
           how="mean",
           value=lambda t: _ratio(sum(b * c for b, c in t.branching), t.moves),
           counts=_moved, why="no moves were made"),
    # -- tension -------------------------------------------------------------------------
    Metric("lead_changes", "Tension", "lead changes ({series})",
           "Times a game the sole leader changes, read after every round (trace.py): a "
           "lead is a seat strictly ahead of all others, and a tie for first neither makes "
           "nor breaks one.",
           f"{_LUDII}/single/stateEvaluation/LeadChange counts every change of the set of "
           "leaders after every move, divided by the moves; ours counts changes of a sole "
           "leader a game (as in sport).",
           how="mean", value=lambda s: s.lead_changes),
    Metric("drama", "Tension", "drama ({series})",
           "How far the eventual winner was behind the leader, averaged over a game's "
           "rounds (0 at the rounds it led or tied), averaged over games with a winner.",
           f"{_LUDII}/multiple/metrics/Drama (its average): 'number of moves/severity "
           "where the eventual winner was behind'.",
           how="mean", value=lambda s: s.gap / s.samples),
    Metric("drama_turns", "Tension", "rounds the winner was behind ({series})",
           "The share of a game's rounds after which the eventual winner was behind the "
           "leader, averaged over games with a winner.",
           f"{_LUDII}/multiple/metrics/Drama (how often, where drama is how far).",
           how="mean", value=lambda s: _ratio(s.behind, s.samples)),
    Metric("decisiveness", "Tension", "decisiveness ({series})",
           "The share of a game's rounds played before the sole winner took the lead for "
           "good (it led alone after every later round): small when the game is decided "
           "early.",
           f"{_LUDII}/single/stateEvaluation/decisiveness/DecisivenessMoves (moves before "
           "the winner's evaluation passes the best any loser reaches); ours needs no "
           "evaluation scale.",
           how="mean", value=lambda s: _ratio(s.decided - 1, s.samples),
           counts=_sole, why="no game had a sole winner"),
    Metric("comeback", "Tension", "comebacks ({series})",
           "The share of games with a sole winner in which that winner was strictly "
           "behind someone after half the rounds.",
           "Our own, after Browne's criterion of drama (thesis, 2008).",
           how="share", value=lambda s: s.trailed_at_half, counts=_sole,
           why="no game had a sole winner"),
    Metric("margin", "Tension", "final margin ({series})",
           "The first's lead over the second at the end (the spread of final scores).",
           f"{_LUDII}/multiple/metrics/ScoreDifference (at the end).",
           how="mean", value=lambda s: s.margin),
    # -- skill and luck ------------------------------------------------------------------
    Metric("skill", "Skill and luck", "win share of {strong} vs {weak}",
           "The stronger bot's win share with the weaker bot in every other seat, seats "
           "rotated so it plays each seat equally often; its fair share is 1/n.",
           "Jaffe et al., 'Evaluating competitive game balance with restricted play' "
           "(AIIDE 2012), compare agents of different strength the same way."),
    Metric("luck", "Skill and luck", "luck",
           "How much the outcome depends on chance at this level of play: the weaker bots' "
           "win share relative to the share they would have if skill made no difference, "
           "(1 - s) / (1 - 1/n) for the stronger bot's share s. 1: the stronger bot wins "
           "no more than its fair share (chance decides); 0: it always wins (skill does).",
           "After the 'learning effect' of Dreef, Borm and van der Genugten, 'Measuring "
           "skill in games: several approaches discussed' (Mathematical Methods of "
           "Operations Research 59, 2004): the gap between a beginner's and a better "
           "player's result; normalised here by the largest gap possible instead of their "
           "clairvoyant player, which would need a bot that knows the future."),
)}


def label(name: str, **words: str) -> str:
    return METRICS[name].label.format(**words)


def by_group(group: str, games: Sequence[Any], suffix: str = "") -> dict[str, Figure]:
    """The group's figures that are a mean or a share over games, each worked out from its
    declaration in :data:`METRICS` (named ``<metric><suffix>``), in the table's order."""
    out: dict[str, Figure] = {}
    for m in METRICS.values():
        if m.group != group or m.how == "own":
            continue
        assert m.value is not None
        name = m.name + suffix
        counted = games if m.counts is None else [g for g in games if m.counts(g)]
        values = [m.value(g) for g in counted]
        if m.how == "share":
            out[name] = share(name, exact_sum(values), len(values),
                              m.why or "no games to count")
        else:
            out[name] = mean(name, values, m.why)
    return out


def _in_order(figures: dict[str, Figure]) -> dict[str, Figure]:
    """``figures`` in the table's order (:data:`METRICS`; seats in order within one)."""
    order = {name: i for i, name in enumerate(METRICS)}
    return dict(sorted(figures.items(),
                       key=lambda kv: order[kv[0].partition(":")[0].partition("[")[0]]))


# -- outcome ---------------------------------------------------------------------------------

def outcome(rows: Sequence[GameRow], traces: Sequence[Trace], players: int
            ) -> dict[str, Figure]:
    n = len(rows)
    out = by_group("Outcome", list(zip(rows, traces)))
    for p in range(players):
        out[f"win_share[{p}]"] = share(f"win_share[{p}]",
                                       exact_sum([r.returns[p] for r in rows]), n)
    if players < 2:
        why = "one seat"
        for name in ("first_player", "first_player_edge", "balance"):
            out[name] = not_available(name, why, n)
    else:
        out["first_player_edge"] = shifted("first_player_edge", out["first_player"],
                                           -1 / players)
        out["balance"] = _balance(rows, players)
    return _in_order(out)


def _balance(rows: Sequence[GameRow], players: int) -> Figure:
    """1 - max |share_a - share_b|, with its interval from each pair's per-game
    differences: the largest gap is at least the largest distance of a pair's interval
    from 0, and at most the largest end of any pair's interval."""
    n = len(rows)
    if n == 0:
        return not_available("balance", "no games to count")
    best = 0.0
    low_gap = high_gap = 0.0
    returns = [[plain(x) for x in r.returns] for r in rows]
    for a in range(players):
        for b in range(a + 1, players):
            diff = mean("balance", [r[a] - r[b] for r in returns])
            assert diff.value is not None and diff.low is not None and diff.high is not None
            best = max(best, abs(diff.value))
            high_gap = max(high_gap, abs(diff.low), abs(diff.high))
            if diff.low > 0 or diff.high < 0:
                low_gap = max(low_gap, min(abs(diff.low), abs(diff.high)))
    return Figure("balance", 1 - best, max(0.0, 1 - high_gap), 1 - low_gap, n)


# -- duration and decisions ------------------------------------------------------------------

def duration(traces: Sequence[Trace]) -> tuple[dict[str, Figure], dict[str, Distribution]]:
    figures = by_group("Duration", traces)
    dists = {"moves": Distribution.of("moves", (t.moves for t in traces)),
             "turns": Distribution.of("turns", (t.turns for t in traces))}
    rounds = [t.rounds for t in traces]
    if traces and all(r is not None for r in rounds):
        figures["rounds"] = mean("rounds", rounds)  # type: ignore[arg-type]
        dists["rounds"] = Distribution.of("rounds", rounds)  # type: ignore[arg-type]
    else:
        figures["rounds"] = not_available(
            "rounds", "its turns do not pass in a fixed order of seats", len(traces))
    return figures, dists


def decisions(traces: Sequence[Trace]) -> tuple[dict[str, Figure], dict[str, Distribution]]:
    return by_group("Decisions", traces), {
        "branching": Distribution.pooled("branching", (t.branching for t in traces))}


# -- tension ---------------------------------------------------------------------------------

def tension(traces: Sequence[Trace], series: str, players: int) -> dict[str, Figure]:
    """The tension figures on one series (``"score"`` or ``"value"``), each named
    ``<metric>:<series>``."""
    standings: list[Standing] = [s for t in traces
                                 if (s := getattr(t, series)) is not None]
    if not standings:
        if players < 2:
            why = "one seat"
        elif series == "score":
            why = "no points (scores())"
        else:
            why = "no value estimate (measure(..., value=...))"
        return {f"{m.name}:{series}": not_available(f"{m.name}:{series}", why, len(traces))
                for m in METRICS.values() if m.group == "Tension"}
    return by_group("Tension", standings, f":{series}")


# -- skill and luck --------------------------------------------------------------------------

def skill(rows: Sequence[GameRow], strong: str, players: int) -> dict[str, Figure]:
    """From a run with ``strong`` in one seat and a weaker bot in the others, seats rotated
    (each row's ``seats`` name the bots)."""
    n = len(rows)
    got = exact_sum([r.returns[p] for r in rows for p, name in enumerate(r.seats)
                     if name == strong])
    won = share("skill", got, n)
    if players < 2:
        return {"skill": won, "luck": not_available("luck", "one seat", n)}
    return {"skill": won, "luck": shifted("luck", won, -1, -1 / (1 - 1 / players))}


__all__ = ["GROUPS", "METRICS", "Metric", "by_group", "decisions", "duration", "label",
           "outcome", "skill", "tension"]
