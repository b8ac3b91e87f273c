"""The wheel ships the browser side of the boards and the game data.

The boards' ES modules live at the top of the repo in ``widgets/`` (no build step); the
build maps them into ``treehouse_lab/widgets/`` inside the wheel. A wheel without them would
install fine and then show empty boards, so this builds a real wheel and looks inside.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
        check=True,
    )
    (path,) = out.glob("treehouse_lab-*.whl")
    return zipfile.ZipFile(path)


def test_wheel_ships_every_widget_file(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    sources = sorted(p.relative_to(ROOT / "widgets").as_posix()
                     for p in (ROOT / "widgets").rglob("*") if p.is_file())
    assert any(s.endswith(".js") for s in sources), "widgets/ holds no ES module"
    assert any(s.endswith(".css") for s in sources), "widgets/ holds no stylesheet"
    missing = [s for s in sources if f"treehouse_lab/widgets/{s}" not in names]
    assert not missing, f"widget files missing from the wheel: {missing}"


def test_wheel_ships_game_data_and_no_tests(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    data = sorted(p.relative_to(ROOT).as_posix()
                  for p in (ROOT / "treehouse_lab").rglob("*")
                  if p.suffix in {".toml", ".json", ".csv", ".bin"})
    assert data, "no data files found in the package"
    assert [d for d in data if d not in names] == []
    assert not any(n.startswith("tests/") for n in names)
