"""Conformance checks that the generic parts of a game agree (issue 16, point 6): the
Kinds' ``why_not`` with the generated moves, determinization with what a seat sees,
``hidden_from`` with what determinization changes, the seat checks, and chance texts.

Each check raises AssertionError naming the case, seed and step; the hook tests
(tests/conformance/test_conformance_hooks.py) break each hook of the toy orchard on purpose
and see its check fail.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from tl_conformance_harness import Playthrough, component_ids, dumps

import treehouse_lab as tl
from treehouse_lab.core.stages import StagedState
from treehouse_lab.protocol import Action, Game, State


#: Seats no game has: a bool (True == 1), a negative index, one past the end, text, a float.
def bad_seats(game: Game) -> tuple:
    return (True, False, -1, game.players, "0", 1.0)


def decision_candidates(pt: Playthrough) -> list[Action]:
    """Every distinct move a player took in the playthrough: legal somewhere, so each is
    a real move of the game's own kinds to try where it is not legal."""
    return list(dict.fromkeys(a for a, by in zip(pt.actions, pt.bys) if by is not None))


def drawn_candidates(pt: Playthrough) -> list[Action]:
    """Every chance outcome the playthrough took (the very objects), and an equal copy of
    each: what a stage recognising its draws (``Stage.drawn``) must tell apart."""
    taken = {id(a): a for a, by in zip(pt.actions, pt.bys) if by is None}
    return [*taken.values(), *(copy.copy(a) for a in taken.values())]


def check_why_not(state: State, where: str, candidates: list[Action],
                  rng: random.Random, width: int = 12) -> None:
    """For a state that dispatches through Kinds: ``why_not`` is None for every generated
    (legal) move of each actor, and a sentence for moves that are not legal, for the
    seat and for seats that may not act; ``why_illegal`` agrees."""
    if state.is_terminal() or state.is_chance_node():
        return
    table = state.KINDS
    for p in range(state.game.players):
        legal = state.legal_actions(p) if p in state.actors() else []
        for a in legal:
            reason = table.get(a).why_not(state, a, p)
            assert reason is None, f"{where} {a} is generated for {p} but why_not says {reason!r}"
        others = [a for a in candidates if a not in legal and table.get(a) is not None]
        if p not in state.actors():
            others = [a for q in state.actors() for a in state.legal_actions(q)] + others
        for a in others if len(others) <= width else rng.sample(others, width):
            reason = table.get(a).why_not(state, a, p)
            assert isinstance(reason, str) and reason.strip(), \
                f"{where} {a} is not legal for {p}, but why_not gives {reason!r}"
            text = state.why_illegal(a, by=p)
            assert isinstance(text, str) and text.strip() and not text.endswith("legal now"), \
                f"{where} why_illegal({a}, by={p}) gives {text!r}"


def _places(save: Any, ids: set[str], keeps: dict | None = None) -> dict[str, frozenset]:
    """Where each component id sits in a save: the path to its container. A position in a
    list counts only where the list keeps positions (holds an empty place, or is not
    sorted); in a sorted list an id moves along when another one comes or goes. ``keeps``
    (path -> bool) carries that decision over from the true save to the samples, so a
    per-seat list whose sampled contents happen to come out sorted is read the same way."""
    out: dict[str, set] = {}
    stack: list[tuple[tuple, Any]] = [((), save)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, dict):
            stack.extend(((*path, k), x) for k, x in v.items())
        elif isinstance(v, list):
            texts = [x for x in v if isinstance(x, str)]
            keep = None in v or texts != sorted(texts)
            if keeps is not None:
                keep = keeps.setdefault(path, keep)
            for i, x in enumerate(v):
                if isinstance(x, str) and x in ids:
                    out.setdefault(x, set()).add((*path, i) if keep else path)
                else:
                    stack.append(((*path, i), x))
        elif isinstance(v, str) and v in ids:
            out.setdefault(v, set()).add(path)
    return {k: frozenset(p) for k, p in out.items()}


def _looks(state: State, seat: int) -> tuple:
    """What ``seat`` has to go on: its observation, who acts, and, where it acts, its
    moves and how they are clicked."""
    acts = not state.is_chance_node() and seat in state.actors()
    legal = [str(a) for a in state.legal_actions(seat)] if acts else []
    paths = {str(a): p for a, p in state.click_paths(seat).items()} if acts else {}
    return dumps(state.observation(seat)), state.actors(), legal, paths


def check_determinize(state: State, where: str, rng: random.Random,
                      samples: int = 6) -> None:
    """Each seat's samples look to it exactly as the state does (observation, who acts,
    legal moves and click paths), and whatever differs between them, or from the truth, is
    in ``hidden_from(seat)``."""
    game = state.game
    ids = component_ids(game)
    keeps: dict = {}
    truth = _places(state.to_json(), ids, keeps)
    for p in range(game.players):
        seen = _looks(state, p)
        hidden = state.hidden_from(p)
        moved: set[str] = set()
        for k in range(samples):
            d = game.determinize(state.observation(p), p, rng)
            got = _looks(d, p)
            for name, a, b in zip(("observation", "actors", "legal moves", "click paths"),
                                  got, seen):
                assert a == b, f"{where} sample {k} for seat {p}: its {name} differ"
            places = _places(d.to_json(), ids, keeps)
            moved |= {c for c in ids if places.get(c) != truth.get(c)}
        leaked = sorted(moved - hidden)
        assert not leaked, (f"{where} samples for seat {p} move {leaked[:8]}, which "
                            f"hidden_from({p}) does not list")


def check_bad_seats(state: State, where: str) -> None:
    game = state.game
    for bad in bad_seats(game):
        for name, call in (("observation", state.observation),
                           ("hidden_from", state.hidden_from)):
            try:
                call(bad)
            except tl.RuleError:
                continue
            except Exception as exc:  # noqa: BLE001 - the wrong error is the finding
                raise AssertionError(f"{where} {name}({bad!r}) raises {type(exc).__name__}, "
                                     "not RuleError") from exc
            raise AssertionError(f"{where} {name}({bad!r}) is accepted: a bad seat")


def check_drawn(state: State, where: str, candidates: list[Action]) -> None:
    """At a chance node whose stage recognises its own draws (``Stage.drawn``: ``apply``
    then takes a draw without the list), ``drawn`` is True exactly for the outcomes handed
    out, told by identity (an equal copy is not one), and every call hands out a new list
    (it is given to the caller uncopied)."""
    if not isinstance(state, StagedState) or not state.is_chance_node():
        return
    top = state.stack[-1]
    if not top.DRAWS_ANEW:
        return
    first, second = state.chance_outcomes(), state.chance_outcomes()
    assert first is not second, f"{where} {top.NAME} hands out one list twice"
    here = {id(o) for o, _ in first}
    for a in [*(o for o, _ in first), *candidates]:
        assert top.drawn(state, a) is (id(a) in here), \
            f"{where} {top.NAME}.drawn({a}) is {id(a) not in here}, its outcomes say otherwise"


def check_chance_texts(state: State, where: str) -> None:
    texts = [str(o) for o, _ in state.chance_outcomes()]
    dup = sorted({t for t in texts if texts.count(t) > 1})
    assert not dup, f"{where} chance outcomes share a text: {dup[:5]}"


def check_chance_narration(state: State, where: str, rng: random.Random,
                           width: int = 6) -> None:
    """A chance outcome's log line, told to every seat, names no component the outcome
    hides from a seat. Why a check of its own: an outcome's text must be unique at its
    node (:func:`check_chance_texts`), so a deal's text names the card ("Deal card3"),
    and the default narration is that text; a kind dealing face down narrates without it
    ("Player 2 is dealt a card face down")."""
    outcomes = [o for o, _ in state.chance_outcomes()]
    for o in outcomes if len(outcomes) <= width else rng.sample(outcomes, width):
        told = state.narrate(o)
        after = state.child(o)
        for p in range(state.game.players):
            named = sorted(c for c in after.hidden_from(p)
                           if re.search(rf"(?<![\w-]){re.escape(str(c))}(?![\w-])", told))
            assert not named, (f"{where} the log line of chance outcome {o} names "
                               f"{named[:3]}, hidden from seat {p} after it: {told!r}")



def reveal_indices(pt: Playthrough, k: int) -> list[int]:
    """Up to ``k`` spread-out decision steps that reveal something: a component hidden from
    some seat before the step is hidden from none after it (the last secret choice turning
    them all face up). The narration asked before such a step is where a leak would be, and
    a sample of spread-out steps seldom lands on one."""
    hidden = [set().union(*(s.hidden_from(p) for p in range(s.game.players)))
              for s in pt.states]
    found = [i for i, by in enumerate(pt.bys) if by is not None and hidden[i] - hidden[i + 1]]
    if len(found) <= k:
        return found
    return [found[round(j * (len(found) - 1) / max(1, k - 1))] for j in range(k)]


def _told(state: State, seat: int, own: list[Action], asked: list[Action]) -> tuple:
    """What ``seat`` is told: the narration of its own legal moves ``own`` (asked before it
    chooses), and why each of ``asked`` is refused to it."""
    return ([state.narrate(a, by=seat) for a in own],
            [state.why_illegal(a, by=seat) for a in asked])


def check_seat_texts(state: State, where: str, rng: random.Random,
                     samples: int = 3, width: int = 12) -> None:
    """What a seat is told is the same in every state it cannot tell from this one
    (``determinize_for``): ``narrate(a, by=seat)`` of each of its own legal moves, and
    ``why_illegal(a, by=seat)`` of the moves of whoever may act (its own among them; the
    outcomes at a chance node). A
    text that changes from sample to sample reads something hidden from the seat: a
    narration that tells the others' face-down choices before the seat commits its own,
    a refusal that lists another seat's hand."""
    if state.is_terminal():
        return
    actors = state.actors()
    moves = (state.legal_actions() if state.is_chance_node() else
             list(dict.fromkeys(a for q in actors for a in state.legal_actions(q))))
    for p in range(state.game.players):
        own = state.legal_actions(p) if p in actors else []
        asked = moves if len(moves) <= width else rng.sample(moves, width)
        truth = _told(state, p, own, asked)
        for k in range(samples):
            sample = _told(state.determinize_for(p, rng), p, own, asked)
            for name, acts, got, want in (("narrate", own, sample[0], truth[0]),
                                          ("why_illegal", asked, sample[1], truth[1])):
                for action, x, y in zip(acts, got, want):
                    assert x == y, (f"{where} sample {k} for seat {p}: {name}({action}, "
                                    f"by={p}) reads {x!r} there but {y!r} here")
