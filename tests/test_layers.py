"""The layers stay clean (issue 6, defect 11; issue 16): the core imports no game, no game
imports a board, the widget stack or another game, and only ``boards`` imports ipywidgets
or anywidget; the core imports nothing of the package but the core and the errors (no
circle through ``protocol``); and no module takes another module's private (underscore)
names, by import or through a module it imported (``from .state import _FIELDS``,
``state._FIELDS``); no module of the package is in an import circle, and none is re-joined
by a late import (``# noqa: E402``), issue 49, which replaced the 500-line cap: modules are
cut by idea, not by size. Read from the source with ``ast``, so an import hidden inside a
function counts too (imports under ``if TYPE_CHECKING:`` do not count for circles). Each
check lists every violation, not only the first."""

from __future__ import annotations

import ast
import re
import tokenize
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


def _type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: at module level, in a function or a class,
    but not in the body of ``if TYPE_CHECKING:`` (annotations only; its ``else`` runs)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _import_graph(pkg: Path = PKG) -> dict[str, set[str]]:
    """Which modules of the package each module of the package imports. An import names
    the module it loads: ``from .state import State`` and ``from . import state`` both
    point at ``state``; ``from . import name`` of a name that is no module points at the
    package's ``__init__``. The packages Python runs first on the way down
    (``treehouse_lab/__init__.py`` for every import) are not counted: an ``__init__`` that
    names its own modules would otherwise be in a circle with each of them. Imports of
    modules outside the package (sympy, json) are no nodes."""
    paths = {_module_name(p, pkg): p for p in sorted(pkg.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for me, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        here = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
        out: set[str] = set()
        for node in _runtime_imports(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                base = here[: len(here) - node.level + 1] if node.level else []
                src = ".".join(base + ([node.module] if node.module else []))
                names = [f"{src}.{a.name}" if f"{src}.{a.name}" in paths else src
                         for a in node.names]
            for name in names:
                while name and name not in paths:  # a name inside a module: the module
                    name = name.rpartition(".")[0]
                if name and name != me:
                    out.add(name)
        graph[me] = out
    return graph


def _circle_path(graph: dict[str, set[str]], part: set[str]) -> list[str]:
    """One shortest way round the circle ``part``, from its first module back to it, so
    the report shows which imports to cut."""
    start = min(part)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & part):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"{sorted(part)} is no circle")  # pragma: no cover


def _circles(pkg: Path = PKG) -> list[str]:
    """Every import circle of the package: each strongly connected component of more than
    one module in :func:`_import_graph` (Tarjan's algorithm), with one way round it.

    Imports under ``if TYPE_CHECKING:`` do not count: they never run. An import inside a
    function counts (issue 49: "no import circle anywhere"): a late import that dodges a
    circle at load time still ties the two modules into one, and each then needs the other
    to be understood, tested or moved. A lazy import that only puts off an optional extra
    (sympy, matplotlib) costs nothing here, since modules outside the package are no
    nodes; a lazy import of one of the package's own modules must point downwards like
    any other. Loading by a computed name (``importlib.import_module(game.RENDERER)``, the
    registry) is a plug-in point, not an import, and is not read."""
    graph = _import_graph(pkg)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[str] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part: set[str] = set()
            while not part or w != v:
                w = stack.pop()
                on_stack.discard(w)
                part.add(w)
            if len(part) > 1:
                found.append(f"{len(part)} modules: {', '.join(sorted(part))}\n    e.g. "
                             + " -> ".join(_circle_path(graph, part)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_no_import_circle():
    """Issue 49: no import circle anywhere in ``treehouse_lab`` (see :func:`_circles` for
    what counts). Cards, tokens and data that both a game and its state need live in a
    module below both."""
    bad = _circles()
    assert not bad, f"{len(bad)} import circles:\n" + "\n".join(bad)


def test_the_circle_scan_can_fail(tmp_path):
    """A circle made on purpose is found, with a way round it: two modules importing each
    other (one of them late, inside a function), and a three-module circle through a
    package's ``__init__``; an import under ``if TYPE_CHECKING:``, an ``__init__`` naming
    its own modules and an import of a module outside the package make none."""
    fake = tmp_path / "treehouse_lab"
    (fake / "alpha").mkdir(parents=True)
    (fake / "beta").mkdir()
    (fake / "__init__.py").write_text("from .alpha import cards\nfrom . import beta\n")
    (fake / "alpha" / "__init__.py").write_text("from .cards import Card\n")
    (fake / "alpha" / "cards.py").write_text(
        "import json\nfrom .. import errors\n"
        "def deal():\n    from .table import Table\n    return Table\n")
    (fake / "alpha" / "table.py").write_text("from .cards import Card\n")
    (fake / "errors.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .alpha import cards\n")
    (fake / "beta" / "__init__.py").write_text("from .state import State\nLIMIT = 3\n")
    (fake / "beta" / "state.py").write_text("import treehouse_lab.beta.rules\n")
    (fake / "beta" / "rules.py").write_text(
        "import typing\nif typing.TYPE_CHECKING:\n    from .state import State\n"
        "else:\n    from . import LIMIT\n")
    assert _circles(fake) == [
        "2 modules: treehouse_lab.alpha.cards, treehouse_lab.alpha.table\n"
        "    e.g. treehouse_lab.alpha.cards -> treehouse_lab.alpha.table"
        " -> treehouse_lab.alpha.cards",
        "3 modules: treehouse_lab.beta, treehouse_lab.beta.rules, treehouse_lab.beta.state\n"
        "    e.g. treehouse_lab.beta -> treehouse_lab.beta.state -> treehouse_lab.beta.rules"
        " -> treehouse_lab.beta",
    ]
    (fake / "alpha" / "cards.py").write_text("import json\nfrom .. import errors\n")
    (fake / "beta" / "__init__.py").write_text("from .state import State\n")
    (fake / "beta" / "rules.py").write_text("LIMIT = 3\n")
    assert _circles(fake) == []


def _late_imports(pkg: Path = PKG) -> list[str]:
    """Every ``# noqa: E402`` in the package (a comment, read with ``tokenize``): an
    import below the code that silences "module level import not at top of file" is
    how a module cut by size is joined again to its other half (issue 49)."""
    out = []
    for path in sorted(pkg.rglob("*.py")):
        with path.open("rb") as f:
            for tok in tokenize.tokenize(f.readline):
                if tok.type == tokenize.COMMENT and re.search(
                        r"noqa\s*:[\sA-Z0-9,]*\bE402\b", tok.string):
                    out.append(f"{_module_name(path, pkg)}:{tok.start[0]}: {tok.string}")
    return out


def test_no_module_is_joined_by_a_late_import():
    """Modules by idea, not by size (issue 49, replacing the 500-line cap of issue 16): a
    long module is fine when it is one idea, but no module is re-joined by a late import
    (no ``# noqa: E402``). Move what both halves need into a module below both."""
    bad = _late_imports()
    assert not bad, f"{len(bad)} late imports re-join a module:\n" + "\n".join(bad)


def test_the_late_import_scan_can_fail(tmp_path):
    fake = tmp_path / "treehouse_lab"
    (fake / "games").mkdir(parents=True)
    (fake / "games" / "moves.py").write_text(
        '"""Never write # noqa: E402 here."""\nx = 1\n'
        "from .rules import a  # noqa: E402\n"
        "from .stages import b  # noqa:F401,E402  (joins the halves)\n"
        "from .cards import c  # noqa: E40\n")
    (fake / "games" / "long.py").write_text("x = 1\n" * 2000)
    assert _late_imports(fake) == [
        "treehouse_lab.games.moves:3: # noqa: E402",
        "treehouse_lab.games.moves:4: # noqa:F401,E402  (joins the halves)",
    ]
