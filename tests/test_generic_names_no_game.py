"""No generic module names a game (issue 49, item 7): the modules of ``treehouse_lab``
outside ``games/`` reach a game only through the registry, and a game declares what is its
own on its class (``BOTS``, ``EXERCISES``, ``LESSONS``, ``THEORY``). The one place a game
is named is its line in ``registry._REGISTRY``.

Read from the source with ``ast``: an import of ``treehouse_lab.games.<game>`` (relative or
absolute, at the top or inside a function, or a constant handed to ``import_module`` or
``resources.files``) names a game, and so does a string in the code (not a docstring, not a
comment) holding a game's name as a word (``"pyramids"``, ``"diner-cook"``). Docstrings,
comments and the command line's help (``help=``, ``epilog=``, ``description=`` and the
module constants handed to them) may use a game as an example: they are read by people.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "treehouse_lab"
GAMES_DIR = PKG / "games"

def game_names(games_dir: Path = GAMES_DIR) -> list[str]:
    """The games as their packages name them (every folder of ``games/`` with code)."""
    return sorted(p.parent.name for p in games_dir.glob("*/__init__.py"))


def _module_name(path: Path, pkg: Path) -> str:
    parts = list(path.relative_to(pkg.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes of the module, its classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                out.add(id(body[0].value))
    return out


#: Module constants that are command-line help text (``EXAMPLES``, ``VERIFY_EPILOG``).
HELP_NAME = re.compile(r"^(EXAMPLES|EPILOG|DESCRIPTION|HELP|\w+_EPILOG|\w+_HELP)$")
HELP_KEYWORDS = ("help", "epilog", "description")


def _help_texts(tree: ast.AST) -> set[int]:
    """ids of the strings that are command-line help: examples for people to read."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and HELP_NAME.match(t.id) for t in node.targets):
            out.update(id(n) for n in ast.walk(node.value))
        if isinstance(node, ast.keyword) and node.arg in HELP_KEYWORDS:
            out.update(id(n) for n in ast.walk(node.value))
    return out


def _registry_lines(tree: ast.AST) -> set[int]:
    """ids of the nodes inside the registry's ``_REGISTRY = {...}``: a game's one line."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "_REGISTRY" for t in targets):
                out.update(id(n) for n in ast.walk(node))
    return out


def namings(path: Path, games: list[str], pkg: Path = PKG) -> list[str]:
    """Every place the module at ``path`` names one of ``games``, as sentences."""
    me = _module_name(path, pkg)
    package = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip = _docstrings(tree) | _help_texts(tree)
    if me == "treehouse_lab.registry":
        skip |= _registry_lines(tree)
    word = re.compile(rf"\b({'|'.join(map(re.escape, games))})\b")
    game_module = re.compile(rf"^treehouse_lab\.games\.({'|'.join(games)})(\.|$)")
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1]
                                + ([node.module] if node.module else []))
            modules = [base] + [f"{base}.{a.name}" for a in node.names]
        for module in modules:
            if game_module.match(module):
                found.append(f"{me} line {node.lineno} imports {module}")
                break
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            m = word.search(node.value)
            if m:
                found.append(f"{me} line {node.lineno} names the game {m.group(1)!r} in "
                             f"{node.value[:60]!r}")
    return found


def generic_modules(pkg: Path = PKG) -> list[Path]:
    return [p for p in sorted(pkg.rglob("*.py")) if (pkg / "games") not in p.parents]


def test_no_generic_module_names_a_game() -> None:
    games = game_names()
    assert len(games) >= 4
    bad = [line for path in generic_modules() for line in namings(path, games)]
    assert bad == [], ("a generic module names a game; declare it on the game class "
                       "(BOTS, EXERCISES, LESSONS, THEORY) and read it through the registry "
                       "(registry.declared, registry.theory):\n"
                       + "\n".join(bad))


@pytest.mark.parametrize("source, says", [
    ("from .games.diner import bots\n", "imports treehouse_lab.games.diner"),
    ("from treehouse_lab.games import magical\n", "imports treehouse_lab.games.magical"),
    ("def f():\n    import treehouse_lab.games.backyard.bots\n",
     "imports treehouse_lab.games.backyard"),
    ("BOTS = {'pyramids-solo': 1}\n", "names the game 'pyramids'"),
    ("x = f'{1} diner'\n", "names the game 'diner'"),
    ("import importlib\nimportlib.import_module('treehouse_lab.games.diner.bots')\n",
     "names the game 'diner'"),
])
def test_the_check_sees_a_game_named(tmp_path, source, says) -> None:
    """The check itself: a generic module made to name a game in each way is caught, and
    a docstring, a comment or the registry's own line is not."""
    pkg = tmp_path / "treehouse_lab"
    (pkg / "games" / "diner").mkdir(parents=True)
    for g in ("diner", "magical", "backyard", "pyramids"):
        (pkg / "games" / g).mkdir(exist_ok=True)
        (pkg / "games" / g / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    bad = pkg / "generic.py"
    bad.write_text(source)
    games = game_names(pkg / "games")
    assert any(says in line for line in namings(bad, games, pkg)), namings(bad, games, pkg)
    fine = pkg / "registry.py"
    fine.write_text('"""load_game("diner") is how."""\n# pyramids\n'
                    '_REGISTRY = {"diner": "treehouse_lab.games.diner:DinerGame"}\n'
                    'EXAMPLES = "python -m treehouse_lab simulate backyard"\n'
                    'parser.add_argument("--bots", help="e.g. diner-cook")\n')
    assert namings(fine, games, pkg) == []
