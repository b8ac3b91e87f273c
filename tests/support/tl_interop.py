"""The configurations the peers' own suites are run on (tests/interop): every game at the
fewest players, and at the most with every module."""

from __future__ import annotations

import treehouse_lab as tl
from treehouse_lab import registry
from treehouse_lab.interop import player_range


def configs() -> list[tuple[str, dict]]:
    out = []
    for name in tl.GAMES:
        cls = registry.game_class(name)
        lo, hi = player_range(cls)
        modules = {o.name: tuple(o.subset_of) for o in cls.OPTIONS if o.is_set()}
        out.append((name, {"players": lo}))
        out.append((name, {"players": hi, **modules}))
    return out


def config_id(name: str, options: dict) -> str:
    return f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}"


CONFIGS = configs()
IDS = [config_id(n, o) for n, o in CONFIGS]
