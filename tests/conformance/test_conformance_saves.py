"""Malformed and inconsistent saves: ``state_from_json`` and ``Match.from_json`` either
raise ``tl.RuleError`` or, when they accept the data, give a fully valid state.

Hypothesis drives mutations of real saved states (derandomized, so a run is reproducible).
"""

from __future__ import annotations

import copy
import functools
import json
import random

import tl_conformance_harness as H
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import treehouse_lab as tl

JUNK = [None, True, False, 0, -1, 1.5, "", "junk", [], {}, [None], {"junk": 1}]
BIG = [-1, -(10**9), 10**9, 2**63]


def _type_tag(v):
    return "bool" if isinstance(v, bool) else type(v).__name__


def _nodes(doc, path=()):
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _nodes(v, (*path, i))


def _set(doc, path, value):
    if not path:
        return value
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


def _has(doc, path):
    for k in path:
        if isinstance(doc, dict) and k in doc:
            doc = doc[k]
        elif isinstance(doc, list) and isinstance(k, int) and k < len(doc):
            doc = doc[k]
        else:
            return False
    return True


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


@functools.cache
def _pool(game: str):
    """(case, saved JSON texts of spread-out states of one game of that case) for every
    configuration of ``game``."""
    out = []
    for case in H.cases_of(game):
        pt = H.full_playthroughs(case)[0]
        out.append((case, tuple(H.dumps(pt.states[i].to_json())
                                for i in H.sample_indices(pt, 6))))
    return out


def _shape(path):
    return tuple("*" if isinstance(k, int) else k for k in path)


def _mutate(data, doc, ids, others=()):
    """Draw one mutation of ``doc`` (changed in place or replaced); returns (doc, what).
    ``others`` are other saves of the same configuration, for splices and for values that
    are well-typed but belong elsewhere."""
    nodes = list(_nodes(doc))
    elsewhere: dict[tuple, list] = {}
    for other in others:
        for p, v in _nodes(other):
            if not isinstance(v, (dict, list)):
                elsewhere.setdefault(_shape(p), []).append(v)
    swaps = [(p, v) for p, v in nodes if not isinstance(v, (dict, list)) and any(
        _type_tag(x) == _type_tag(v) and x != v for x in elsewhere.get(_shape(p), ()))]
    splices = [p for p, v in nodes if p and any(
        _has(o, p) and _get(o, p) != v for o in others)]
    dicts = [p for p, v in nodes if isinstance(v, dict) and v]
    lists = [p for p, v in nodes if isinstance(v, list) and v]
    ints = [p for p, v in nodes if isinstance(v, int) and not isinstance(v, bool)]
    id_leaves = [p for p, v in nodes if isinstance(v, str) and v in ids]
    kinds = ["retype", "junk_key"]
    kinds += ["delete_key"] if dicts else []
    kinds += ["truncate", "drop_item", "duplicate_item"] if lists else []
    kinds += ["int_out_of_range"] if ints else []
    kinds += ["component_swap"] * 3 if id_leaves and len(ids) > 1 else []
    kinds += ["well_typed_value"] * 2 if swaps else []
    kinds += ["splice"] * 2 if splices else []
    kind = data.draw(st.sampled_from(kinds), label="mutation")
    if kind == "well_typed_value":
        path, old = data.draw(st.sampled_from(swaps), label="leaf")
        values = sorted({H.dumps(x) for x in elsewhere[_shape(path)]
                         if _type_tag(x) == _type_tag(old) and x != old})
        new = json.loads(data.draw(st.sampled_from(values), label="value"))
        return _set(doc, path, new), f"value {list(path)}: {old!r} -> {new!r}"
    if kind == "splice":
        path = data.draw(st.sampled_from(splices), label="subtree")
        donors = [o for o in others if _has(o, path) and _get(o, path) != _get(doc, path)]
        donor = data.draw(st.sampled_from(donors), label="donor")
        return _set(doc, path, copy.deepcopy(_get(donor, path))), f"splice {list(path)}"
    if kind == "retype":
        path = data.draw(st.sampled_from([p for p, _ in nodes]), label="path")
        old = _get(doc, path)
        new = data.draw(st.sampled_from([j for j in JUNK if _type_tag(j) != _type_tag(old)]))
        return _set(doc, path, copy.deepcopy(new)), f"retype {list(path)} to {new!r}"
    if kind == "junk_key":
        path = data.draw(st.sampled_from([p for p, v in nodes if isinstance(v, dict)] or [()]))
        node = _get(doc, path)
        if not isinstance(node, dict):
            return {"junk": doc}, "wrap in junk object"
        node["junk_key"] = data.draw(st.sampled_from(JUNK))
        return doc, f"junk key at {list(path)}"
    if kind == "delete_key":
        path = data.draw(st.sampled_from(dicts), label="dict")
        key = data.draw(st.sampled_from(sorted(_get(doc, path))), label="key")
        del _get(doc, path)[key]
        return doc, f"delete {list(path) + [key]}"
    if kind in ("truncate", "drop_item", "duplicate_item"):
        path = data.draw(st.sampled_from(lists), label="list")
        node = _get(doc, path)
        if kind == "truncate":
            n = data.draw(st.integers(0, len(node) - 1), label="length")
            del node[n:]
            return doc, f"truncate {list(path)} to {n}"
        i = data.draw(st.integers(0, len(node) - 1), label="index")
        if kind == "drop_item":
            del node[i]
            return doc, f"drop {list(path) + [i]}"
        node.append(copy.deepcopy(node[i]))
        return doc, f"duplicate {list(path) + [i]}"
    if kind == "int_out_of_range":
        path = data.draw(st.sampled_from(ints), label="int")
        old = _get(doc, path)
        new = data.draw(st.sampled_from([*BIG, old + 1, old - 1, old + 100]), label="value")
        return _set(doc, path, new), f"int {list(path)}: {old} -> {new}"
    path = data.draw(st.sampled_from(id_leaves), label="id leaf")
    old = _get(doc, path)
    new = data.draw(st.sampled_from(sorted(ids - {old})), label="other id")
    return _set(doc, path, new), f"component id {list(path)}: {old} -> {new}"


def check_accepted_state_is_valid(game, s, where, rng):
    """What 'accepted' must mean: round-trips, conserves components, answers the protocol,
    and plays on."""
    back = game.state_from_json(json.loads(H.dumps(s.to_json())))
    assert back == s, f"{where} accepted save does not round-trip"
    for step in range(30):
        w = f"{where} (accepted save, {step} steps on)"
        H.check_components(s, w)
        H.check_node_kind(s, w)
        for p in range(game.players):
            H.dumps(s.observation(p))
        if s.is_terminal():
            H.check_terminal(s, w)
            return
        if s.is_chance_node():
            H.check_chance(s, w)
        else:
            H.check_legal_actions(s, w, deep=False)
        action, by = H.choose(s, rng)
        s.apply(action, by=by)


def _assert_rule_error(load, bad, where):
    """``load(bad)`` must raise tl.RuleError with a message, and nothing else."""
    try:
        load(bad)
    except tl.RuleError as exc:
        assert str(exc).strip(), f"{where}: RuleError without a message"
    except Exception as exc:  # noqa: BLE001 - the point is to name what escaped
        raise AssertionError(f"{where} raised {type(exc).__name__}: {exc}") from exc
    else:
        raise AssertionError(f"{where} was accepted")


def _load_or_reject(game, doc, where):
    try:
        return game.state_from_json(doc)
    except tl.RuleError as exc:
        assert str(exc).strip(), f"{where} RuleError without a message"
        return None
    except Exception as exc:  # noqa: BLE001 - the point is to name what escaped
        raise AssertionError(f"{where} raised {type(exc).__name__}: {exc} "
                             "(state_from_json must raise tl.RuleError)") from exc


@settings(max_examples=50, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_mutated_saves_are_rejected_or_valid(game_case, data):
    pool = _pool(game_case.game) if not game_case.error else game_case.game_class()
    case, texts = data.draw(st.sampled_from(pool), label="configuration")
    k = data.draw(st.integers(0, len(texts) - 1), label="saved state")
    game = case.make()
    doc = json.loads(texts[k])
    others = [json.loads(t) for j, t in enumerate(texts) if j != k]
    doc, what = _mutate(data, doc, H.component_ids(game), others)
    where = f"[{case.id}] mutation '{what}':"
    s = _load_or_reject(game, doc, where)
    event(f"{what.split()[0]} {'accepted' if s is not None else 'rejected'}")
    if s is not None:
        check_accepted_state_is_valid(game, s, where, random.Random(what))


def test_every_component_id_replaced(case):
    """Replace each component id in a mid-game save by another component id: that duplicates
    one component and loses another, so the save must be rejected (or, if the string was
    only a reference, the accepted state must still conserve every component)."""
    game = case.make()
    ids = sorted(H.component_ids(game))
    pt = H.full_playthroughs(case)[0]
    rng = random.Random(case.id)
    for i in H.sample_indices(pt, 3)[1:]:
        saved = H.dumps(pt.states[i].to_json())
        leaves = [p for p, v in _nodes(json.loads(saved)) if isinstance(v, str) and v in ids]
        for path in rng.sample(leaves, min(len(leaves), 40)):
            doc = json.loads(saved)
            old = _get(doc, path)
            new = rng.choice([x for x in ids if x != old])
            _set(doc, path, new)
            where = f"{pt.where(i)} {list(path)}: {old} -> {new}:"
            s = _load_or_reject(game, doc, where)
            if s is not None:
                check_accepted_state_is_valid(game, s, where, rng)


def test_non_objects_and_empty_saves_are_rejected(case):
    game = case.make()
    for bad in (None, [], "state", 0, True, {}, {"junk": 1}):
        _assert_rule_error(game.state_from_json, bad, f"[{case.id}] state_from_json({bad!r})")


def test_match_from_json_rejects_malformed(case, monkeypatch):
    H.register_toy(monkeypatch)
    game = case.make()
    pt = H.full_playthroughs(case)[0]
    m = tl.Match(game, seed=3, bots={0: "random"})
    for a, by in zip(pt.actions, pt.bys):
        m.play(a, by=by)
    full = json.loads(H.dumps(m.to_json()))
    m.goto(min(12, m.position))
    d = json.loads(H.dumps(m.to_json()))
    opening = game.new_initial_state()
    far = next(({"by": "chance" if by is None else by, "action": a.to_json()}
                for a, by in list(zip(pt.actions, pt.bys))[len(pt.actions) // 2:]
                if not opening.is_legal(a, by=by)), None)
    for what, bad in _match_mutations(d, game, far):
        if bad is None and what.startswith("a move after"):
            bad = {**full, "moves": [*full["moves"], full["moves"][-1]]}
        _assert_rule_error(tl.Match.from_json, bad, f"[{case.id}] Match.from_json with {what}")
    assert tl.Match.from_json(full).state == pt.states[-1]


def _match_mutations(d, game, far_action):
    yield "not an object", ["x"]
    yield "null", None
    for key in sorted(d):
        bad = copy.deepcopy(d)
        del bad[key]
        yield f"missing {key}", bad
    yield "junk key", {**d, "junk": 1}
    yield "unknown game", {**d, "game": "no-such-game"}
    yield "game not a string", {**d, "game": 3}
    yield "options not an object", {**d, "options": "x"}
    yield "unknown option", {**d, "options": {**d["options"], "no_such_option": 1}}
    yield "players out of range", {**d, "options": {**d["options"], "players": 99}}
    for name in sorted(d["options"]):
        yield f"option {name} retyped", {**d, "options": {**d["options"], name: {"junk": [1]}}}
    yield "seed a string", {**d, "seed": "7"}
    yield "seed a float", {**d, "seed": 1.5}
    yield "seed a bool", {**d, "seed": True}
    yield "bots a list", {**d, "bots": []}
    yield "bot seat not a number", {**d, "bots": {"x": "random"}}
    yield "bot seat out of range", {**d, "bots": {"99": "random"}}
    yield "unknown bot", {**d, "bots": {"0": "no-such-bot"}}
    yield "bot not a string", {**d, "bots": {"0": 3}}
    yield "schedule unknown", {**d, "schedule": "no-such-schedule"}
    yield "schedule not a string", {**d, "schedule": 3}
    yield "moves not a list", {**d, "moves": "x"}
    yield "move not an object", {**d, "moves": [42]}
    yield "move without by", {**d, "moves": [{"action": {"kind": "x"}}]}
    yield "unknown action kind", {**d, "moves": [{"by": 0, "action": {"kind": "no-such"}}]}
    yield "action nested 340 levels deep", {**d, "moves": [{"by": 0, "action": _deep(340)}]}
    yield "options nested 340 levels deep", {**d, "options": {**d["options"], "x": _deep(340)}}
    if d["moves"]:
        first = d["moves"][0]
        act = first["action"]
        yield "move with a junk field", {**d, "moves": [{**first, "junk": 1}]}
        yield "move by a seat out of range", {**d, "moves": [{**first, "by": 99}]}
        yield "move by a bool", {**d, "moves": [{**first, "by": True}]}
        wrong = 0 if first["by"] == "chance" else "chance"
        yield "move by the wrong kind of actor", {**d, "moves": [{**first, "by": wrong}]}
        yield "action with a junk field", {
            **d, "moves": [{**first, "action": {**act, "junk": 1}}]}
        for field in sorted(k for k in act if k != "kind"):
            yield f"action field {field} retyped", {
                **d, "moves": [{**first, "action": {**act, field: {"junk": [1]}}}]}
    if far_action is not None:
        yield "a move from later in the game first", {**d, "moves": [far_action]}
    yield "a move after the end", None  # filled in by the test


def _deep(n):
    doc: object = "x"
    for _ in range(n):
        doc = [doc]
    return doc

