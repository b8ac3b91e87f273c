"""The layers stay clean (issue 6, defect 11): the core imports no game, no game imports a
board, the widget stack or another game, and only ``boards`` imports ipywidgets or
anywidget. Read from the source with ``ast``, so an import hidden inside a function counts
too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "treehouse_lab"
WIDGETS = ("ipywidgets", "anywidget", "traitlets", "IPython")


def _module_name(path: Path, pkg: Path = PKG) -> str:
    rel = path.relative_to(pkg.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, pkg: Path = PKG) -> set[str]:
    """Absolute names of every module ``path`` imports, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = _module_name(path, pkg).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
                if node.module is None:
                    out.update(f"{mod}.{a.name}" for a in node.names)
                else:
                    out.add(mod)
            elif node.module:
                out.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant):
                out.add(str(node.args[0].value))
    return out


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[:2] == ["treehouse_lab", "games"] and len(parts) > 2:
        return parts[2]
    return None


def _violations(pkg: Path = PKG) -> list[str]:
    bad = []
    for path in sorted(pkg.rglob("*.py")):
        me = _module_name(path, pkg)
        for imp in sorted(_imports(path, pkg)):
            top = imp.split(".")[0]
            if top in WIDGETS and not me.startswith("treehouse_lab.boards"):
                bad.append(f"{me} imports {imp}: only treehouse_lab.boards may")
            if me.startswith("treehouse_lab.core") and (
                _game_of(imp) or imp.startswith(("treehouse_lab.boards", "treehouse_lab.match"))
            ):
                bad.append(f"{me} (core) imports {imp}")
            game = _game_of(me)
            if game:
                other = _game_of(imp)
                if other and other != game:
                    bad.append(f"{me} imports another game, {imp}")
                if imp.startswith("treehouse_lab.boards"):
                    bad.append(f"{me} imports a board, {imp}")
    return bad


def test_the_layers_are_clean():
    assert _violations() == []


def test_the_scan_sees_imports_of_every_form(tmp_path):
    """The checker itself can fail: plant each kind of forbidden import in a scratch copy
    of the package layout and see it reported."""
    fake = tmp_path / "treehouse_lab"
    (fake / "core").mkdir(parents=True)
    (fake / "games" / "alpha").mkdir(parents=True)
    (fake / "games" / "beta").mkdir(parents=True)
    for d in (fake, fake / "core", fake / "games", fake / "games" / "alpha",
              fake / "games" / "beta"):
        (d / "__init__.py").write_text("")
    (fake / "core" / "bag.py").write_text("from ..games.alpha import state\n")
    (fake / "games" / "alpha" / "state.py").write_text(
        "def f():\n    import ipywidgets\n    from ...boards import Board\n"
        "    from ..beta import rules\n")
    (fake / "games" / "beta" / "rules.py").write_text(
        "import importlib\nimportlib.import_module('anywidget')\n")
    found = "\n".join(_violations(fake))
    for want in ("core) imports treehouse_lab.games.alpha", "imports ipywidgets",
                 "imports a board", "imports another game", "imports anywidget"):
        assert want in found, found


@pytest.mark.parametrize("name", ["protocol", "match", "core.zones", "games.backyard.state"])
def test_the_scan_reads_real_modules(name):
    path = PKG.joinpath(*name.split(".")).with_suffix(".py")
    assert _imports(path), f"no import found in {path}"
