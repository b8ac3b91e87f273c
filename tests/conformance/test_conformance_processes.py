"""Same seed, same match *on every machine*: a match replayed in fresh interpreters with
other hash seeds (set and dict-of-str iteration orders change with PYTHONHASHSEED) must give
the same actions and the same final state."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import tl_conformance_harness as H

import treehouse_lab as tl

SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import treehouse_lab as tl
from treehouse_lab import registry
registry._REGISTRY["toyrace"] = "tl_toygame:ToyGame"
registry._REGISTRY["toyorchard"] = "tl_toyorchard:OrchardGame"
out = []
for name, config, seed in json.loads(sys.argv[2]):
    game = tl.load_game(name, **config)
    m = tl.Match(game, seed=seed, bots={p: "random" for p in range(game.players)},
                 schedule="random")
    m.run()
    out.append([m.to_json(), m.state.to_json(), [str(e) for e in m.log]])
print(json.dumps(out, sort_keys=True))
"""


def _here(jobs, monkeypatch):
    H.register_toy(monkeypatch)
    out = []
    for name, config, seed in jobs:
        game = tl.load_game(name, **config)
        m = tl.Match(game, seed=seed, bots={p: "random" for p in range(game.players)},
                     schedule="random")
        m.run()
        out.append([m.to_json(), m.state.to_json(), [str(e) for e in m.log]])
    return json.loads(json.dumps(out, sort_keys=True))


def test_matches_do_not_depend_on_the_hash_seed(game_case, monkeypatch):
    game_case.game_class()  # an unloadable game fails here, with its traceback
    jobs = [[c.game, dict((k, list(v) if isinstance(v, tuple) else v) for k, v in c.config),
             17] for c in H.cases_of(game_case.game)]
    want = _here(jobs, monkeypatch)
    toy = str(Path(H.tl_toygame.__file__).parent)
    for hashseed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        res = subprocess.run([sys.executable, "-c", SCRIPT, toy, json.dumps(jobs)],
                             capture_output=True, text=True, env=env, timeout=300)
        assert res.returncode == 0, res.stderr[-3000:]
        got = json.loads(res.stdout)
        for job, w, g in zip(jobs, want, got):
            assert g == w, f"[{job}] PYTHONHASHSEED={hashseed} gives another match"
