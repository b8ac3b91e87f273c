"""The layers stay clean (issue 6, defect 11; issue 16): the core imports no game, no game
imports a board, the widget stack or another game, and only ``boards`` imports ipywidgets
or anywidget; the core imports nothing of the package but the core and the errors (no
circle through ``protocol``); and no module takes another module's private (underscore)
names, by import or through a module it imported (``from .state import _FIELDS``,
``state._FIELDS``); and no module is over 500 lines. Read from the source with ``ast``, so
an import hidden inside a function counts too. Each check lists every violation, not only
the first."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "treehouse_lab"
WIDGETS = ("ipywidgets", "anywidget", "traitlets", "IPython")
#: What the core may import from the package: itself and the two typed errors.
CORE_MAY_IMPORT = ("treehouse_lab.core", "treehouse_lab.errors")


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


def _private(name: str) -> bool:
    """An underscore name that is not a dunder (``__future__``, ``__version__`` are
    public by convention)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _private_uses(path: Path, pkg: Path = PKG) -> Iterator[str]:
    """Every private name ``path`` takes from another module: imported by name (``from m
    import _x``, ``import m._x``), or read as an attribute of a module it imported
    (``import m`` ... ``m._x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    me = _module_name(path, pkg)
    modules: set[str] = set()  # local names bound to an imported module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            src = "." * node.level + (node.module or "")
            for a in node.names:
                if _private(a.name):
                    yield f"{me}:{node.lineno} imports {a.name} from {src}"
                elif node.module is None:  # from . import state: a module
                    modules.add(a.asname or a.name)
            if any(_private(part) for part in (node.module or "").split(".")):
                yield f"{me}:{node.lineno} imports from the private module {src}"
        elif isinstance(node, ast.Import):
            for a in node.names:
                if any(_private(part) for part in a.name.split(".")):
                    yield f"{me}:{node.lineno} imports the private module {a.name}"
                modules.add(a.asname or a.name.split(".")[0])
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in modules):
            yield f"{me}:{node.lineno} reads {node.value.id}.{node.attr}"


def _area(module: str) -> str:
    """Where a module sits, for reporting: ``core``, ``search``, ``boards``, ``games.<name>``
    or ``top`` (the modules directly in the package)."""
    parts = module.split(".")[1:]
    if parts[:1] == ["games"] and len(parts) > 1:
        return f"games.{parts[1]}"
    return parts[0] if len(parts) > 1 else "top"


def _private_violations(pkg: Path = PKG, area: str | None = None) -> list[str]:
    return [v for path in sorted(pkg.rglob("*.py"))
            if area is None or _area(_module_name(path, pkg)) == area
            for v in _private_uses(path, pkg)]


def _upward_violations(pkg: Path = PKG) -> list[str]:
    """Imports from the core of anything in the package outside the core and the errors
    (``treehouse_lab.protocol`` only re-exports the core: importing it would be a
    circle)."""
    bad = []
    for path in sorted((pkg / "core").rglob("*.py")):
        me = _module_name(path, pkg)
        for imp in sorted(_imports(path, pkg)):
            if imp.split(".")[0] == "treehouse_lab" and not any(
                    imp == ok or imp.startswith(ok + ".") for ok in CORE_MAY_IMPORT):
                bad.append(f"{me} (core) imports {imp}: the core imports only "
                           f"{' and '.join(CORE_MAY_IMPORT)}")
    return bad


def _areas() -> list[str]:
    return sorted({_area(_module_name(p)) for p in PKG.rglob("*.py")})


def test_the_layers_are_clean():
    assert _violations() == []


def test_the_core_never_imports_upward():
    bad = _upward_violations()
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("area", _areas())
def test_no_private_name_crosses_a_module(area):
    """One test per part of the package, so a report says which parts are clean."""
    bad = _private_violations(area=area)
    assert not bad, f"{len(bad)} private names taken from other modules:\n" + "\n".join(bad)


def test_the_private_and_upward_scans_can_fail(tmp_path):
    """Plant each kind of private-name use and an upward import from core in a scratch
    package and see every one reported."""
    fake = tmp_path / "treehouse_lab"
    for d in (fake / "core", fake / "games" / "alpha"):
        d.mkdir(parents=True)
    (fake / "core" / "kinds.py").write_text(
        "from .. import match\nfrom ..protocol import Game\nfrom ..errors import RuleError\n"
        "from . import fields\nfrom .fields import Field, __all__\n")
    (fake / "games" / "alpha" / "moves.py").write_text(
        "from .state import _FIELDS, Public\nfrom . import state, rules as r\n"
        "import treehouse_lab.core._secret\nimport json\n"
        "def f(s):\n    from ._impl import x\n    return state._bag, r._T, json._default, s._own\n")
    up = "\n".join(_upward_violations(fake))
    assert "imports treehouse_lab.match" in up and "imports treehouse_lab.protocol" in up
    assert "errors" not in up.replace("treehouse_lab.errors:", "").replace(
        "and treehouse_lab.errors", "") and "fields" not in up
    found = _private_violations(fake)
    text = "\n".join(found)
    for want in ("imports _FIELDS from .state", "private module treehouse_lab.core._secret",
                 "private module ._impl", "reads state._bag", "reads r._T",
                 "reads json._default"):
        assert want in text, text
    assert len(found) == 6, text  # s._own is an object's attribute, not a module's name
    assert "__all__" not in text and "Public" not in text


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


#: The most lines a module of the package may have (issue 16: "no module over 500 lines").
MAX_MODULE_LINES = 500


def _long_modules(pkg: Path = PKG) -> list[str]:
    out = []
    for path in sorted(pkg.rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_MODULE_LINES:
            out.append(f"{_module_name(path, pkg)}: {n} lines (at most {MAX_MODULE_LINES})")
    return out


def test_no_module_is_over_500_lines():
    bad = _long_modules()
    assert not bad, "\n".join(bad)


def test_the_length_scan_can_fail(tmp_path):
    fake = tmp_path / "treehouse_lab"
    (fake / "games").mkdir(parents=True)
    (fake / "games" / "long.py").write_text("x = 1\n" * (MAX_MODULE_LINES + 1))
    (fake / "games" / "short.py").write_text("x = 1\n" * MAX_MODULE_LINES)
    assert _long_modules(fake) == [
        f"treehouse_lab.games.long: {MAX_MODULE_LINES + 1} lines (at most 500)"]
