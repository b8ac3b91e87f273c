"""Record seeded games and saves of every game configuration, for the refactor check.

    python tools/record_golden.py tests/golden [game ...]

Why: a refactor must keep behaviour. This was run once on the code *before* the engine
shape change (commit 68074a0) and its output is committed under ``tests/golden/``;
``tests/conformance/test_golden.py`` replays each recorded game with the same seeded choices
and asserts the same moves, and loads each recorded save. The script is kept so the record
can be made again for a deliberate rule change (say so in the commit): name the games whose
rules changed, and move their old record to ``tests/golden/before/<stage>/`` first, where
the test still loads every old save.

Each configuration gets ``SEEDS`` games chosen by the conformance suite's seeded random
mover; for each game the file keeps every move (JSON), who made it, and saves (``to_json``)
at a few spread-out steps with the legal moves there.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))

import treehouse_lab as tl  # noqa: E402
from treehouse_lab.core.chance import sample_outcome  # noqa: E402

SEEDS = 2
SAVES = 6
MAX_STEPS = 5_000


def play(game, seed: str) -> dict:
    rng = random.Random(seed)
    state = game.new_initial_state()
    moves, bys, states = [], [], []
    for _ in range(MAX_STEPS):
        states.append(state.clone())
        if state.is_terminal():
            break
        if state.is_chance_node():
            action, by = sample_outcome(state.chance_outcomes(), rng), None
        else:
            by = rng.choice(state.actors())
            action = rng.choice(state.legal_actions(by))
        moves.append(action.to_json())
        bys.append(by)
        state.apply(action, by=by)
    n = len(states)
    picks = sorted({round(i * (n - 1) / (SAVES - 1)) for i in range(SAVES)})
    saves = []
    for i in picks:
        s = states[i]
        actors = s.actors()
        saves.append({
            "step": i,
            "save": s.to_json(),
            "current_player": s.current_player,
            "legal": {str(p): [a.to_json() for a in s.legal_actions(p)] for p in actors}
            if not s.is_chance_node() else {"chance": [a.to_json() for a in s.legal_actions()]},
        })
    return {"seed": seed, "moves": moves, "bys": bys, "terminal": states[-1].is_terminal(),
            "saves": saves}


def main(out_dir: str, games: list[str]) -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name in games or tl.GAMES:
        cls = tl.registry.game_class(name)
        record = []
        for cfg in cls.configurations():
            game = tl.load_game(name, **cfg)
            key = json.dumps(game.options, sort_keys=True, default=sorted)
            games = [play(game, f"golden/{name}/{key}/{k}") for k in range(SEEDS)]
            record.append({"options": cfg_json(cfg), "games": games})
            print(name, cfg_json(cfg), [len(g["moves"]) for g in games], flush=True)
        with gzip.open(out / f"{name}.json.gz", "wt", encoding="utf-8") as f:
            json.dump(record, f, separators=(",", ":"))


def cfg_json(cfg: dict) -> dict:
    return {k: sorted(v) if isinstance(v, (set, frozenset)) else
            (list(v) if isinstance(v, tuple) else v) for k, v in cfg.items()}


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/golden", sys.argv[2:])
