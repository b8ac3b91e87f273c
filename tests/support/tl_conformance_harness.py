"""Shared machinery of the conformance suite: which cases to run, seeded playthroughs
(cached so every check reads the same games), and the per-state checks.

Cases come from ``tl.GAMES`` and each game class's ``configurations()``, plus the toy game
of ``tl_toygame.py`` (not registered), so a game that registers is tested with no edit here.

Budgets (how many games each configuration plays) are per *game*, split over its
configurations; ``TL_CONFORMANCE_SCALE=4`` plays four times as many for a deeper local run.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import traceback
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import tl_toygame  # registered by tests/conftest.py
import tl_toyorchard

import treehouse_lab as tl
from treehouse_lab import registry
from treehouse_lab.core.chance import CountedOutcomes, UniformOutcomes, sample_outcome
from treehouse_lab.core.kinds import KindState
from treehouse_lab.protocol import Action, Game, State

TOY = "toyrace"
TOY_ORCHARD = "toyorchard"   # several players at once, a secret reveal, two modules
TOYS = {TOY: tl_toygame.ToyGame, TOY_ORCHARD: tl_toyorchard.OrchardGame}
TOY_PATHS = {TOY: "tl_toygame:ToyGame", TOY_ORCHARD: "tl_toyorchard:OrchardGame"}
SCALE = max(1, int(os.environ.get("TL_CONFORMANCE_SCALE", "1")))
FULL_GAMES_PER_GAME = 32 * SCALE     # games whose every state gets every check
CHEAP_GAMES_PER_GAME = 96 * SCALE   # more games for termination/conservation/chance
MAX_STEPS = 5_000                    # a game that has not ended by then does not end
SVG_NS = "{http://www.w3.org/2000/svg}"
TARGET_ID = re.compile(r"^[A-Za-z0-9_:.-]+$")


# -- cases ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    game: str                       # registered name, or TOY
    config: tuple = ()              # sorted (option, value) pairs; () for game-level cases
    n_configs: int = 1
    error: str | None = None        # why the game's configurations could not be listed

    @property
    def id(self) -> str:
        if self.error:
            return f"{self.game}-UNLOADABLE"
        opts = "-".join(f"{k}={_short(v)}" for k, v in self.config)
        return f"{self.game}-{opts}" if opts else self.game

    @property
    def registered(self) -> bool:
        return self.game not in TOYS

    def game_class(self) -> type[Game]:
        if self.error:
            raise AssertionError(f"game {self.game!r} cannot be loaded:\n{self.error}")
        return TOYS[self.game] if self.game in TOYS else registry.game_class(self.game)

    def make(self) -> Game:
        cls = self.game_class()
        if self.game in TOYS:
            return cls(**dict(self.config))
        return tl.load_game(self.game, **dict(self.config))

    @property
    def full_games(self) -> int:
        return max(1, FULL_GAMES_PER_GAME // self.n_configs)

    @property
    def cheap_games(self) -> int:
        return max(2, CHEAP_GAMES_PER_GAME // self.n_configs)


def _short(v: Any) -> str:
    text = ",".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
    return re.sub(r"[^A-Za-z0-9_.,]", "_", text)[:40]


def _freeze(v: Any) -> Any:
    return tuple(_freeze(x) for x in v) if isinstance(v, list) else v


def game_names() -> list[str]:
    return [*tl.GAMES, *TOYS]


@functools.cache
def config_cases() -> tuple[Case, ...]:
    out: list[Case] = []
    for name in game_names():
        try:
            cls = TOYS[name] if name in TOYS else registry.game_class(name)
            configs = cls.configurations()
            assert configs, "configurations() is empty"
        except Exception:  # reported by the tests of this case, not at collection
            out.append(Case(name, error=traceback.format_exc()))
            continue
        for cfg in configs:
            items = tuple(sorted((k, _freeze(v)) for k, v in cfg.items()))
            out.append(Case(name, items, n_configs=len(configs)))
    return tuple(out)


@functools.cache
def dispatches_through_kinds(game: str) -> bool:
    """Whether ``game``'s states dispatch their moves through Kinds, so that ``why_not``
    is a kind's to write (the four games and the toy orchard do; the toy race implements
    the protocol by hand, to show that a game need not). A game that cannot be loaded
    counts as one, so that its tests report why."""
    case = next(c for c in config_cases() if c.game == game)
    return bool(case.error) or isinstance(case.make().new_initial_state(), KindState)


def kind_cases() -> tuple[Case, ...]:
    """The configuration cases of the games that dispatch through Kinds."""
    return tuple(c for c in config_cases() if dispatches_through_kinds(c.game))


@functools.cache
def game_cases() -> tuple[Case, ...]:
    seen: dict[str, Case] = {}
    for c in config_cases():
        seen.setdefault(c.game, Case(c.game, error=c.error))
    return tuple(seen.values())


def cases_of(game: str) -> list[Case]:
    return [c for c in config_cases() if c.game == game]


def register_toy(monkeypatch) -> None:
    """Let ``tl.load_game``/``Match.from_json`` find the toy games for this test only."""
    for name, path in TOY_PATHS.items():
        monkeypatch.setitem(registry._REGISTRY, name, path)


# -- playthroughs --------------------------------------------------------------------------
@dataclass
class Playthrough:
    case: Case
    seed: int
    states: list[State] = field(default_factory=list)   # states[i] is before actions[i]
    actions: list[Action] = field(default_factory=list)
    bys: list[int | None] = field(default_factory=list)  # who took actions[i] (None: chance)
    ended: bool = False

    def replay(self, upto: int | None = None) -> State:
        """A fresh state with the first ``upto`` recorded moves applied."""
        s = self.case.make().new_initial_state()
        for a, by in list(zip(self.actions, self.bys))[:upto]:
            s.apply(a, by=by)
        return s

    def where(self, i: int) -> str:
        return f"[{self.case.id} seed={self.seed} step={i}]"


def choose(state: State, rng: random.Random) -> tuple[Action, int | None]:
    """A seeded random move: a chance outcome by its probability, or a random actor (any
    of several, where several may act) and one of its legal actions."""
    if state.is_chance_node():
        return sample_outcome(state.chance_outcomes(), rng), None
    by = rng.choice(state.actors())
    return rng.choice(state.legal_actions(by)), by


@functools.cache
def playthrough(case: Case, seed: int) -> Playthrough:
    game = case.make()
    rng = random.Random(f"conformance/{case.id}/{seed}")
    pt = Playthrough(case, seed)
    state = game.new_initial_state()
    for _ in range(MAX_STEPS):
        pt.states.append(state.clone())
        if state.is_terminal():
            pt.ended = True
            return pt
        action, by = choose(state, rng)
        pt.actions.append(action)
        pt.bys.append(by)
        state.apply(action, by=by)
    return pt


def full_playthroughs(case: Case) -> list[Playthrough]:
    return [playthrough(case, s) for s in range(case.full_games)]


def all_playthroughs(case: Case) -> list[Playthrough]:
    return [playthrough(case, s) for s in range(case.full_games + case.cheap_games)]


def sample_indices(pt: Playthrough, k: int) -> list[int]:
    """Up to ``k`` spread-out step indices, always including the first and the last, and
    at least one chance node and one decision node when the game has them."""
    n = len(pt.states)
    picks = {0, n - 1} | {round(i * (n - 1) / max(1, k - 1)) for i in range(k)}
    chance = [i for i, s in enumerate(pt.states) if s.is_chance_node()]
    decide = [i for i, s in enumerate(pt.states) if not s.is_chance_node()
              and not s.is_terminal()]
    for group in (chance, decide):
        if group:
            picks.add(group[len(group) // 2])
    return sorted(picks)


# -- JSON helpers --------------------------------------------------------------------------
@functools.cache
def quoted(text: str) -> str:
    """``text`` as a JSON string literal (what ``dumps`` writes for it), kept: the same
    component ids are looked up in every observation."""
    return json.dumps(text)


def dumps(value: Any) -> str:
    """Plain ``json.dumps``: no custom encoder, no NaN."""
    return json.dumps(value, allow_nan=False, sort_keys=True)


def component_ids(game: Game) -> set[str]:
    return {i for ids in game.components().values() for i in ids}


# -- checks (each raises AssertionError naming the case, seed and step) ---------------------
def check_chance(state: State, where: str) -> None:
    outcomes = state.chance_outcomes()
    assert outcomes, f"{where} chance node without outcomes"
    for o, p in outcomes:
        assert isinstance(o, Action), f"{where} chance outcome {o!r} is not an Action"
        assert type(p) is Fraction, \
            f"{where} probability of {o} is {type(p).__name__}, not Fraction"
        assert p > 0, f"{where} probability of {o} is {p}"
    total = sum((p for _, p in outcomes), Fraction(0))
    assert total == 1, f"{where} chance probabilities sum to {total}"
    if isinstance(outcomes, UniformOutcomes) and outcomes.equal:
        # Sampled without reading the probabilities (core/chance.py): they must be 1/k.
        k = len(outcomes)
        assert all(p == Fraction(1, k) for _, p in outcomes), \
            f"{where} outcomes marked uniform are not each 1/{k}"
    if isinstance(outcomes, CountedOutcomes) and outcomes.counts is not None:
        # Sampled from the counts alone (core/chance.py): each must be its chance's count.
        counts = [c for c in outcomes.counts if c]
        assert len(counts) == len(outcomes) and all(
            p == Fraction(c, sum(counts)) for (_, p), c in zip(outcomes, counts)), \
            f"{where} counted outcomes' counts {counts} are not their chances"
    keys = [o for o, _ in outcomes]
    assert len(set(keys)) == len(keys), f"{where} duplicate chance outcomes {keys}"
    assert state.legal_actions() == keys, f"{where} legal_actions() at chance != outcomes"
    assert state.actors() == [], f"{where} actors() at a chance node is {state.actors()}"


def check_node_kind(state: State, where: str) -> None:
    p = state.current_player
    assert isinstance(p, int) and not isinstance(p, bool), f"{where} current_player {p!r}"
    assert p >= 0 or p in (tl.CHANCE, tl.SIMULTANEOUS, tl.TERMINAL), f"{where} player {p}"
    assert p < state.game.players, f"{where} current_player {p} >= players"
    if state.is_terminal():
        assert state.legal_actions() == [], f"{where} terminal state has legal actions"
        assert state.actors() == [], f"{where} terminal actors {state.actors()}"
    elif not state.is_chance_node():
        assert state.actors(), f"{where} a decision node with no actors"


def check_legal_actions(state: State, where: str, deep: bool = True) -> None:
    if state.is_terminal() or state.is_chance_node():
        return
    game = state.game
    for p in state.actors():
        legal = state.legal_actions(p)
        assert legal, f"{where} decision node: no legal actions for player {p}"
        if not deep:
            continue
        assert all(isinstance(a, Action) for a in legal), f"{where} non-Action in {legal!r}"
        hashes = {hash(a) for a in legal}  # hashable
        del hashes
        assert len(set(legal)) == len(legal), f"{where} duplicate legal actions {legal}"
        texts = [str(a) for a in legal]
        dup = sorted({t for t in texts if texts.count(t) > 1})
        assert not dup, f"{where} two legal actions print the same text: {dup}"
        assert all(t.strip() for t in texts), f"{where} a legal action has empty text"
        assert state.legal_actions(p) == legal, f"{where} legal_actions order not deterministic"
        assert state.clone().legal_actions(p) == legal, f"{where} clone has other legal actions"
        copy = game.state_from_json(json.loads(dumps(state.to_json())))
        assert copy.legal_actions(p) == legal, f"{where} reloaded state has other legal actions"
        for a in legal:
            check_action_json(game, a, where)


def check_action_json(game: Game, a: Action, where: str) -> None:
    d = a.to_json()
    text = dumps(d)
    back = game.action_from_json(json.loads(text))
    assert back == a and hash(back) == hash(a), f"{where} action {a!r} JSON round trip: {back!r}"
    assert json.loads(text) == d, f"{where} action JSON of {a!r} is not plain JSON: {d!r}"


def check_json_roundtrip(state: State, where: str) -> None:
    game = state.game
    d = state.to_json()
    text = dumps(d)
    d2 = json.loads(text)
    assert d2 == d, f"{where} to_json is not plain JSON (tuples, non-string keys?)"
    snapshot = json.loads(text)
    back = game.state_from_json(d2)
    assert d2 == snapshot, f"{where} state_from_json mutated its input"
    assert back == state, f"{where} state_from_json(to_json) != state"
    assert back.to_json() == d, f"{where} reloaded state's to_json differs"
    assert back.current_player == state.current_player, f"{where} reloaded current_player"


def check_no_aliasing(state: State, where: str) -> None:
    """Scribbling on what to_json returned, or on what state_from_json read, must not
    reach the state (Matches and boards keep states around)."""
    before = dumps(state.to_json())
    _scribble(state.to_json())
    assert dumps(state.to_json()) == before, f"{where} to_json shares structure with the state"
    d = json.loads(before)
    loaded = state.game.state_from_json(d)
    _scribble(d)
    assert dumps(loaded.to_json()) == before, f"{where} state_from_json keeps its input alive"


def _scribble(value: Any) -> None:
    if isinstance(value, dict):
        for k in list(value):
            _scribble(value[k])
            value[k] = "scribbled" if not isinstance(value[k], (dict, list)) else value[k]
        value["scribbled"] = 1
    elif isinstance(value, list):
        for x in value:
            _scribble(x)
        value.append("scribbled")


def check_clone_child(state: State, where: str, rng: random.Random, width: int = 4) -> None:
    before = dumps(state.to_json())
    c = state.clone()
    assert c == state, f"{where} clone() != state"
    if state.is_terminal():
        return
    movers = state.actors() or [None]
    for by in movers:
        legal = state.legal_actions(by)
        picks = legal if len(legal) <= width else rng.sample(legal, width)
        for a in picks:
            c2 = state.clone()
            c2.apply(a, by=by)
            assert dumps(state.to_json()) == before, \
                f"{where} applying {a} to a clone changed the original"
            ch = state.child(a, by=by)
            assert dumps(state.to_json()) == before, f"{where} child({a}) changed the original"
            assert ch == c2, f"{where} child({a}) != clone().apply({a})"


def check_components(state: State, where: str) -> None:
    want = state.game.components()
    got = state.components()
    if got != want:
        diff = {}
        for kind in sorted(set(want) | set(got)):
            w, g = list(want.get(kind, [])), list(got.get(kind, []))
            missing = [x for x in set(w) if w.count(x) > g.count(x)]
            extra = [x for x in set(g) if g.count(x) > w.count(x)]
            if missing or extra:
                diff[kind] = {"missing": sorted(missing)[:10], "extra": sorted(extra)[:10]}
        raise AssertionError(f"{where} components not conserved: {diff or 'order differs'}")


def check_observation(state: State, where: str) -> None:
    ids = component_ids(state.game)
    for p in range(state.game.players):
        obs = state.observation(p)
        assert isinstance(obs, dict), f"{where} observation({p}) is not a dict"
        text = dumps(obs)
        assert json.loads(text) == obs, f"{where} observation({p}) is not plain JSON"
        hidden = state.hidden_from(p)
        assert isinstance(hidden, (set, frozenset)), f"{where} hidden_from({p}) not a set"
        assert all(isinstance(h, str) for h in hidden), f"{where} hidden_from({p}) non-strings"
        assert hidden <= ids, \
            f"{where} hidden_from({p}) names non-components {sorted(hidden - ids)[:5]}"
        # A hidden id is shown when it is a string of the observation: a key or a leaf.
        # Looked up as its quoted JSON in ``text`` (the same encoder wrote both), which
        # finds every such string and is several times faster than walking ``obs``.
        leaked = {h for h in hidden if quoted(h) in text}
        assert not leaked, f"{where} observation({p}) shows hidden ids {sorted(leaked)[:10]}"


def check_terminal(state: State, where: str) -> None:
    """``returns()`` is the search utility on one scale for every game: 1/k to each of the
    k winners, 0 to the others; ``scores()``, where a game has points, adds up."""
    n = state.game.players
    r = state.returns()
    assert isinstance(r, list) and len(r) == n, f"{where} returns() {r!r}"
    assert all(isinstance(x, (int, Fraction)) and not isinstance(x, bool) for x in r), \
        f"{where} returns() must be exact (int or Fraction): {r!r}"
    w = state.winners()
    if n == 1 and w == []:
        # A one-player puzzle may end unsolved (Treehouse's solitaire at its roll limit,
        # ruling R19): nobody wins, and the lone seat gets 0.
        assert r == [0], f"{where} an unsolved puzzle returns [0], got {r}"
        check_scores(state, where)
        return
    assert isinstance(w, list) and w, f"{where} winners() {w!r}"
    assert len(set(w)) == len(w) and all(isinstance(x, int) and 0 <= x < n for x in w), \
        f"{where} winners() {w!r}"
    want = [Fraction(1, len(w)) if p in w else 0 for p in range(n)]
    assert r == want, f"{where} returns() {r} is not 1/k to each of the winners {w}"
    check_scores(state, where)


def check_scores(state: State, where: str) -> None:
    """Where a game has points: one dict per seat, whole numbers, the breakdown adding up
    to ``total``. A game without points says so with RuleError."""
    try:
        scores = state.scores()
    except tl.RuleError:
        return
    n = state.game.players
    assert isinstance(scores, list) and len(scores) == n, f"{where} scores() {scores!r}"
    for p, sc in enumerate(scores):
        assert isinstance(sc, dict) and "total" in sc, f"{where} scores()[{p}] {sc!r}"
        assert all(isinstance(k, str) for k in sc), f"{where} scores()[{p}] keys {sc!r}"
        assert all(isinstance(v, int) and not isinstance(v, bool) for v in sc.values()), \
            f"{where} scores()[{p}] values must be whole numbers: {sc!r}"
        parts = sum(v for k, v in sc.items() if k != "total")
        assert len(sc) > 1 and parts == sc["total"], \
            f"{where} scores()[{p}] breakdown adds up to {parts}, total is {sc['total']}"
    json.loads(dumps(scores))


def check_returned_values_are_the_callers(state: State, where: str) -> None:
    """Scribbling on anything the engine hands out (action lists, outcomes, observations,
    scores, components, click paths, saves) must not reach the state: a bot that shuffles
    and pops its list of moves is written the usual way. (The core's observation writes
    its masks straight into a fresh ``to_json()``, so a save sharing a container with the
    state would be a leak there too.)"""
    game = state.game
    before = dumps(state.to_json())
    _scribble(state.to_json())
    movers = state.actors() or [None]
    legal_before = {p: list(state.legal_actions(p)) for p in movers}
    outcomes_before = list(state.chance_outcomes())
    for p in movers:
        got = state.legal_actions(p)
        got.reverse()
        got.append("scribbled")
        got.pop(0)
        paths = game.click_paths(state, p) if not state.is_chance_node() else {}
        paths.clear()
    got = state.chance_outcomes()
    got.append(("scribbled", Fraction(1)))
    got.reverse()
    for p in range(game.players):
        _scribble(state.observation(p))
        hidden = state.hidden_from(p)
        if isinstance(hidden, set):
            hidden.add("scribbled")
    comps = state.components()
    for ids in comps.values():
        if isinstance(ids, list):
            ids.append("scribbled")
    comps["scribbled"] = []
    if state.is_terminal():
        state.returns().append(7)
        state.winners().append(99)
        try:
            scores = state.scores()
        except tl.RuleError:
            scores = []
        _scribble(scores)
    assert dumps(state.to_json()) == before, f"{where} mutating a returned value changed the state"
    for p in movers:
        assert state.legal_actions(p) == legal_before[p], \
            f"{where} legal_actions({p}) changed after the caller mutated a returned list"
    assert state.chance_outcomes() == outcomes_before, \
        f"{where} chance_outcomes() changed after the caller mutated a returned list"
    assert state.components() == game.components(), \
        f"{where} components() changed after the caller mutated a returned list"


def parse_svg(svg: str, where: str) -> ET.Element:
    assert isinstance(svg, str) and svg.lstrip().startswith("<svg"), \
        f"{where} SVG must start with <svg (no prologue): {str(svg)[:60]!r}"
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as exc:
        raise AssertionError(f"{where} SVG does not parse: {exc}") from None
    assert root.tag == SVG_NS + "svg", \
        f"{where} SVG root is {root.tag}, not svg in the SVG namespace"
    return root


def data_targets(root: ET.Element) -> set[str]:
    return {e.get("data-target") for e in root.iter() if e.get("data-target") is not None}


def check_render(state: State, where: str) -> None:
    game = state.game
    root = parse_svg(state._repr_svg_(), where)
    classes = (root.get("class") or "").split()
    assert "tl-board" in classes and f"tl-{game.name}" in classes, \
        f"{where} SVG root class is {root.get('class')!r}"
    assert not data_targets(root), f"{where} SVG without targets marks data-target"
    for p in range(game.players):
        seen = parse_svg(game.render_svg(state, viewer=p), f"{where} viewer={p}")
        shown = {v for e in seen.iter() for v in e.attrib.values()}
        shown |= {t.strip() for e in seen.iter() for t in (e.text, e.tail) if t}
        leaked = shown & state.hidden_from(p)
        assert not leaked, f"{where} the SVG for viewer {p} names hidden {sorted(leaked)[:6]}"
    text = str(state)
    assert isinstance(text, str) and text.strip(), f"{where} str(state) is empty"


def check_click_paths(state: State, where: str, every_step: bool = False) -> None:
    if state.is_terminal() or state.is_chance_node():
        return
    for p in state.actors():
        _check_click_paths_of(state, p, f"{where} player={p}", every_step)


def _check_click_paths_of(state: State, p: int, where: str, every_step: bool) -> None:
    game = state.game
    legal = state.legal_actions(p)
    paths = game.click_paths(state, p)
    assert isinstance(paths, dict), f"{where} click_paths is not a dict"
    missing = [str(a) for a in legal if a not in paths]
    extra = [str(a) for a in paths if a not in legal]
    assert not missing and not extra, \
        f"{where} click_paths != legal actions: missing {missing[:5]}, extra {extra[:5]}"
    seen: dict[tuple, Action] = {}
    for a, path in paths.items():
        assert isinstance(path, tuple) and path, f"{where} path of {a} is {path!r}"
        for t in path:
            assert isinstance(t, str) and TARGET_ID.match(t), f"{where} target id {t!r} of {a}"
        assert path not in seen, f"{where} {a} and {seen.get(path)} share the path {path}"
        seen[path] = a
    for path, a in seen.items():
        for k in range(1, len(path)):
            assert path[:k] not in seen, \
                f"{where} path of {seen[path[:k]]} {path[:k]} is a prefix of {a}'s {path}"
    prefixes = {()} if not every_step else {p[:k] for p in seen for k in range(len(p))}
    for prefix in sorted(prefixes, key=len):
        nxt = {p[len(prefix)] for p in seen if p[: len(prefix)] == prefix}
        svg = game.render_svg(state, viewer=p, selection=prefix, targets=frozenset(nxt))
        root = parse_svg(svg, f"{where} selection={prefix}")
        marked = data_targets(root)
        lost = sorted(nxt - marked)
        assert not lost, (f"{where} after clicking {list(prefix)} the SVG marks no "
                          f"data-target for {lost[:6]}")
        for e in root.iter():
            if e.get("data-target") is not None:
                assert "tl-target" in (e.get("class") or "").split(), \
                    f"{where} data-target={e.get('data-target')!r} lacks class tl-target"
