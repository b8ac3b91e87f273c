"""Build the offline JupyterLite site: every notebook runs in the browser, with nothing
installed and no server but a static one, and the kernel never asks the internet for a
package.

    python tools/build_lite.py [OUT] [--matplotlib-cdn] [--cache DIR] [--teacher]

OUT defaults to ``build/lite`` (git ignores ``build/``). Serve it with any static server,
for instance ``python -m http.server -d build/lite --bind 127.0.0.1 8000``, and open
``http://127.0.0.1:8000/``: the front page lists the lesson apps first, then the
notebooks (``lab/index.html?path=start.ipynb``).

Needs the ``lite`` extra (``pip install -e ".[lite]"``), Node.js 18+ and npm (Debian:
``apt-get install nodejs npm``), and the package registries (PyPI, npm) on the first run;
downloads and compiled wheels are kept in ``$XDG_CACHE_HOME/treehouse-lab/lite``.

What goes in, and why:

* Pyodide's core from npm, at the version the installed pyodide kernel was made for. npm's
  package has the interpreter but none of Pyodide's packages, so every package the kernel
  can import is a pure-Python wheel from PyPI: the kernel's own (micropip, IPython, jedi,
  comm, pinned to Pyodide's versions) and this project's wheel with its dependencies. Its
  lock file is rewritten to list exactly those wheels, so ``import treehouse_lab`` in a
  cell loads the package and its dependencies from the site, and an import of anything
  else fails at once instead of reaching for a CDN.
* Bytecode for every wheel, compiled by that same Pyodide under Node.js: Pyodide writes
  none, so without it each page load compiles sympy and IPython from source again.
* The notebooks, with the browser kernel named in their metadata, and the three lab
  extensions the site needs (the kernel, ipywidgets' manager, anywidget) and no others.
* The rulings the notebooks link to (``docs/rulings/*.md``), under ``files/docs/``: in the
  repository a notebook links ``../docs/rulings/x.md``, a path outside the site's files,
  so the site's copies of the notebooks link ``docs/rulings/x.md`` instead
  (:func:`site_markdown`), and the build fails if any relative link finds no file.

The site is the students': the solutions notebooks (teachers' material, ``teacher/`` in
the repository) are left out. ``--teacher`` makes a teacher's site that holds them too, in
its own ``teacher/`` folder (:func:`write_notebooks`); keep it where students cannot open it.

matplotlib is compiled: it cannot be had from PyPI for the browser. ``--matplotlib-cdn``
lists it and its dependencies at Pyodide's CDN, so that a plotting cell loads them when
the browser is online (the published site does this); without the flag nothing in the
site points outside it.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
NOTEBOOKS = ROOT / "notebooks"
#: The solutions notebooks: teachers' material, only in a ``--teacher`` build.
TEACHER = ROOT / "teacher"
DOCS = ROOT / "docs"
#: The pages of ``docs/`` that notebooks link to (files, or folders of them); the site
#: holds a copy of each.
LINKED_DOCS = ("rulings", "teaching.md", "design-lab.md")
DEFAULT_OUT = ROOT / "build" / "lite"

#: What the pyodide kernel loads as it starts (its worker installs micropip, then comm,
#: jedi and IPython; ipykernel's stand-in and pyodide-kernel come from its own wheel index).
KERNEL_ROOTS = ("micropip", "ipython", "jedi", "comm")
#: Python packages that hold only browser code: the site gets their lab extension instead,
#: and the kernel's own wheel index has a stand-in for widgetsnbextension.
FRONTEND_ONLY = frozenset({"widgetsnbextension", "jupyterlab-widgets"})
#: The lab extensions the site needs; every other one installed here is left out.
LAB_EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
#: The only packages ``--matplotlib-cdn`` lists at Pyodide's CDN (with their dependencies).
PLOT_ROOTS = ("matplotlib",)
#: The Pyodide kernel's name in JupyterLite; the notebooks name CPython's ("python3").
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: Files of npm's pyodide package the browser never loads.
NOT_SERVED = re.compile(r"(\.map|\.d\.ts|\.html|^package\.json|^README\.md)$")
MARKER = "lite-build.json"


class BuildError(Exception):
    """A build step failed; the message says which and what to do."""


def canonical(name: str) -> str:
    """PEP 503 name, the form Pyodide's lock uses for its keys."""
    return re.sub(r"[-_.]+", "-", name).lower()


_T0 = time.monotonic()


def step(title: str) -> None:
    """Say what the build does now, with the seconds since it started."""
    print(f"[build-lite +{time.monotonic() - _T0:5.1f}s] {title}", flush=True)


def run(cmd: list[str], what: str, **kwargs) -> subprocess.CompletedProcess:
    """Run ``cmd``; on failure raise a BuildError that shows the end of its output."""
    proc = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if proc.returncode != 0:
        tail = (proc.stdout[-3000:] + "\n" + proc.stderr[-3000:]).strip()
        raise BuildError(f"{what} failed ({' '.join(map(str, cmd[:4]))} ...):\n{tail}")
    return proc


# -- inputs -------------------------------------------------------------------------------


def check_tools() -> None:
    missing = [t for t in ("node", "npm") if shutil.which(t) is None]
    if missing:
        raise BuildError(f"{' and '.join(missing)} not found: install Node.js 18+ and npm "
                         "(Debian: apt-get install nodejs npm)")
    try:
        import jupyterlite_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError as exc:
        raise BuildError(f"{exc.name} is missing: install the lite extra "
                         '(pip install -e ".[lite]")') from None


def pyodide_core(cache: Path, version: str) -> Path:
    """npm's ``pyodide`` package, unpacked once per version into the cache (unpacked beside
    and renamed into place, so an interrupted run leaves no half folder)."""
    core = cache / f"pyodide-{version}" / "package"
    if (core / "pyodide-lock.json").is_file():
        return core
    core.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=core.parent) as tmp:
        run(["npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", tmp],
            "npm pack pyodide", cwd=tmp)
        (tgz,) = Path(tmp).glob("pyodide-*.tgz")
        with tarfile.open(tgz) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(tmp, filter="data")
            else:  # pragma: no cover - Pythons before the tarfile filters
                tar.extractall(tmp)  # noqa: S202 - npm's own tarball
        shutil.rmtree(core, ignore_errors=True)
        (Path(tmp) / "package").rename(core)
    return core


def project_wheel(dest: Path) -> Path:
    """This checkout's wheel, as pip builds it (the widgets' ES modules included)."""
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dest),
         str(ROOT)], "building the project's wheel")
    (wheel,) = dest.glob("treehouse_lab-*.whl")
    return wheel


@dataclass
class Wheel:
    path: Path
    name: str  # canonical
    version: str
    imports: list[str]
    requires: list[str]  # Requires-Dist lines

    @classmethod
    def read(cls, path: Path) -> Wheel:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            meta_file = next(n for n in names
                             if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
            meta = Parser().parsestr(z.read(meta_file).decode("utf-8"))
        tops = set()
        for n in names:
            head, sep, _ = n.partition("/")
            if head.endswith((".dist-info", ".data")) or head == "__pycache__":
                continue
            if sep or head.endswith(".py"):
                tops.add(head.removesuffix(".py"))
        return cls(path, canonical(meta["Name"]), meta["Version"], sorted(tops),
                   meta.get_all("Requires-Dist") or [])


def download(project: Wheel, extra: list[str], constraints: dict[str, str], python: str,
             cache: Path) -> list[Path]:
    """Pure-Python wheels for the project and ``extra``, and all they need, for the browser's
    Python.

    pip resolves (``--platform any`` admits pure wheels only); the kernel's own packages
    are pinned to the versions Pyodide ships. Which files that gave is remembered per input
    (the project's requirements, not its code), so a warm cache does not ask the index.
    """
    key = hashlib.sha256(json.dumps([project.requires, extra, sorted(constraints.items()),
                                     python]).encode()).hexdigest()[:16]
    wheels = cache / "wheels"
    known = cache / "resolved" / f"{key}.json"
    if known.is_file():
        files = [wheels / f for f in json.loads(known.read_text())]
        if all(f.is_file() for f in files):
            return files
    with tempfile.TemporaryDirectory() as tmp:
        got = Path(tmp) / "wheels"
        pins = Path(tmp) / "constraints.txt"
        pins.write_text("".join(f"{n}=={v}\n" for n, v in sorted(constraints.items())))
        run([sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
             "--platform", "any", "--python-version", python, "-c", str(pins),
             "-d", str(got), str(project.path), *extra],
            "downloading pure-Python wheels (a dependency with no pure-Python wheel "
            "cannot run in the offline browser)")
        wheels.mkdir(parents=True, exist_ok=True)
        names = sorted(f.name for f in got.glob("*.whl") if f.name != project.path.name)
        for name in names:
            shutil.copy2(got / name, wheels / name)
    known.parent.mkdir(parents=True, exist_ok=True)
    known.write_text(json.dumps(names))
    return [wheels / n for n in names]


# -- what to ship ------------------------------------------------------------------------


def browser_environment(python_full: str) -> dict[str, str]:
    """Marker values as Pyodide's CPython reports them."""
    return {
        "python_version": ".".join(python_full.split(".")[:2]),
        "python_full_version": python_full, "implementation_name": "cpython",
        "implementation_version": python_full, "platform_python_implementation": "CPython",
        "sys_platform": "emscripten", "platform_system": "Emscripten",
        "platform_machine": "wasm32", "platform_release": "", "platform_version": "",
        "os_name": "posix",
    }


def requirements(wheel: Wheel, env: dict[str, str], extras: frozenset = frozenset()
                 ) -> dict[str, frozenset]:
    """What ``wheel`` (with ``extras``) requires where ``env`` holds: name -> its extras."""
    from packaging.requirements import Requirement

    out: dict[str, frozenset] = {}
    for line in wheel.requires:
        req = Requirement(line)
        if req.marker is None or any(req.marker.evaluate({**env, "extra": e})
                                     for e in {"", *extras}):
            name = canonical(req.name)
            out[name] = out.get(name, frozenset()) | frozenset(req.extras)
    return out


def shipped(wheels: dict[str, Wheel], roots: list[str], env: dict[str, str]) -> list[Wheel]:
    """The wheels ``roots`` need in the browser, following Requires-Dist with the browser's
    markers (so pexpect and friends, which pip fetched for Linux, stay out)."""
    out: dict[str, Wheel] = {}
    todo = [(canonical(r), frozenset()) for r in roots]
    seen: set[tuple[str, frozenset]] = set()
    while todo:
        name, extras = todo.pop()
        if (name, extras) in seen or name in FRONTEND_ONLY:
            continue
        seen.add((name, extras))
        if name not in wheels:
            raise BuildError(f"{name} is needed in the browser but pip gave no wheel for it")
        out[name] = wheels[name]
        todo += requirements(wheels[name], env, extras).items()
    return sorted(out.values(), key=lambda w: w.name)


def add_bytecode(wheels: list[Wheel], core: Path, cache: Path) -> list[Path]:
    """Each wheel with ``__pycache__`` added and its ``tests`` folders dropped (as Pyodide's
    own packages are: most of sympy is tests). Cached by the source wheel's hash."""
    done = cache / "bytecode"
    out: dict[str, Path] = {}
    todo: list[tuple[Wheel, Path]] = []
    for w in wheels:
        digest = hashlib.sha256(w.path.read_bytes()).hexdigest()[:16]
        target = done / digest / w.path.name
        out[w.name] = target
        if not target.is_file():
            todo.append((w, target))
    if todo:
        with tempfile.TemporaryDirectory() as tmp:
            stage = Path(tmp)
            for w, _ in todo:
                with zipfile.ZipFile(w.path) as z:
                    keep = [n for n in z.namelist() if "tests" not in n.split("/")[:-1]]
                    z.extractall(stage / w.name, members=keep)
            run(["node", str(LITE / "compile_bytecode.mjs"), str(core), str(stage)],
                "compiling bytecode under Node.js")
            for w, target in todo:
                target.parent.mkdir(parents=True, exist_ok=True)
                _pack_wheel(stage / w.name, target)
    return [out[w.name] for w in wheels]


def _pack_wheel(tree: Path, target: Path) -> None:
    """Zip ``tree`` as a wheel: RECORD lists what is there now (bytecode without hashes,
    as the wheel format allows), and comes last."""
    files = sorted(p for p in tree.rglob("*") if p.is_file())
    record = next(p for p in files if p.name == "RECORD" and p.parent.parent == tree
                  and p.parent.name.endswith(".dist-info"))
    present = {p.relative_to(tree).as_posix() for p in files}
    lines = [ln for ln in record.read_text().splitlines() if ln.split(",")[0] in present]
    listed = {ln.split(",")[0] for ln in lines}
    lines += [f"{n},," for n in sorted(present - listed)]
    record.write_text("\n".join(lines) + "\n")
    files.remove(record)
    partial = target.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as z:
        for p in [*files, record]:
            info = zipfile.ZipInfo(p.relative_to(tree).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, p.read_bytes())
    partial.replace(target)


def write_pyodide(core: Path, wheels: list[Wheel], files: list[Path], dest: Path,
                  cdn_names: set[str], cdn_url: str) -> dict:
    """The site's Pyodide folder: the core, the wheels, and a lock listing just them (and,
    with ``cdn_names``, those packages at Pyodide's CDN)."""
    dest.mkdir(parents=True)
    for f in core.iterdir():
        if f.is_file() and not NOT_SERVED.search(f.name):
            shutil.copy2(f, dest / f.name)
    upstream = json.loads((core / "pyodide-lock.json").read_text())
    packages: dict[str, dict] = {}
    for w, f in zip(wheels, files):
        shutil.copy2(f, dest / f.name)
        packages[w.name] = {
            "name": w.name, "version": w.version, "file_name": f.name,
            "install_dir": "site", "package_type": "package",
            "sha256": hashlib.sha256(f.read_bytes()).hexdigest(),
            "imports": w.imports, "depends": [], "unvendored_tests": False,
        }
    env = browser_environment(upstream["info"]["python"])
    for w in wheels:
        packages[w.name]["depends"] = sorted(d for d in requirements(w, env) if d in packages)
    for name in sorted(cdn_names - packages.keys()):
        entry = dict(upstream["packages"][name])
        entry["file_name"] = f"{cdn_url.rstrip('/')}/{entry['file_name']}"
        entry["depends"] = sorted(canonical(d) for d in entry["depends"])
        packages[name] = entry
    lock = {"info": upstream["info"], "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    return lock


def lock_closure(lock: dict, roots: tuple[str, ...]) -> set[str]:
    """Names ``roots`` need according to Pyodide's own lock (roots it lacks are skipped)."""
    pkgs = lock["packages"]
    out: set[str] = set()
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name not in out and name in pkgs:
            out.add(name)
            todo += [canonical(d) for d in pkgs[name]["depends"]]
    return out


def site_markdown(line: str) -> str:
    """A line of a notebook's markdown as the site shows it: a link to ``../docs/`` (beside
    ``notebooks/`` in the repository) points at the site's copy in ``files/docs/``."""
    return line.replace("](../docs/", "](docs/")


#: ``[text](target)`` in markdown: the target, up to a space, ``#`` or ``)``.
LINK = re.compile(r"\]\(([^)\s#]+)")


def broken_links(files: Path) -> list[str]:
    """Relative links in the notebooks' markdown and in the docs pages under ``files``
    that find no file there (a link is read from the folder of the page it is in)."""
    pages: list[tuple[Path, str]] = []
    for nb in sorted([*files.glob("*.ipynb"), *files.glob("learn/*.ipynb"),
                      *files.glob("teacher/*.ipynb")]):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        pages += [(nb, "".join(c["source"])) for c in cells if c["cell_type"] == "markdown"]
    pages += [(md, md.read_text(encoding="utf-8")) for md in sorted(files.glob("docs/**/*.md"))]
    broken = []
    for page, text in pages:
        for target in LINK.findall(text):
            if ":" not in target and not (page.parent / target).resolve().is_file():
                broken.append(f"{page.relative_to(files)} -> {target}")
    return broken


def one_string_outputs(output: dict) -> None:
    """Write an output's multi-line texts as one string each, as nbformat allows. The
    site's lab shows a stream kept as a list of lines with a comma at the start of every
    line after the first (it joins the list the way JavaScript prints an array)."""
    if isinstance(output.get("text"), list):
        output["text"] = "".join(output["text"])
    data = output.get("data", {})
    for mime, value in data.items():
        if isinstance(value, list) and all(isinstance(x, str) for x in value):
            data[mime] = "".join(value)


#: A markdown link to the teachers' folder (``[text](../teacher/x.ipynb)`` in docs/).
TEACHER_LINK = re.compile(r"\[([^\]]*)\]\(\.\./teacher/[^)]*\)")


def write_docs(dest: Path, teacher: bool = False) -> None:
    """Copies of ``LINKED_DOCS`` under ``dest/docs/``. Their links to the notebooks
    (``../notebooks/x.ipynb`` in the repository) point at the site's notebooks, which
    lie in ``files/`` itself. Links to ``../teacher/`` find the solutions in a teacher's
    site (``files/teacher/``); a students' site has none, so there they become their
    text (the page still names the file)."""
    for name in LINKED_DOCS:
        source = DOCS / name
        for page in ([source] if source.is_file() else sorted(source.rglob("*.md"))):
            target = dest / "docs" / page.relative_to(DOCS)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = page.read_text(encoding="utf-8")
            if not teacher:
                text = TEACHER_LINK.sub(r"\1", text)
            target.write_text(text.replace("](../notebooks/", "](../"), encoding="utf-8")


def landing_page() -> str:
    """The site's front page (``index.html`` at its root): the lesson apps first, "Learn to
    play in 10 minutes", each opening JupyterLite's REPL that runs the lesson as the page
    opens (``make_learn_apps.offline_url``), then the notebooks in JupyterLab.

    Why a page of its own: JupyterLite's root only forwards to the lab, where an app is a
    notebook whose cell the learner must run; and a link inside a notebook can only open
    another file in the lab, never the REPL. Plain HTML, no script: it shows at once,
    before any Python loads. It keeps JupyterLite's ``jupyter-config-data`` element (an
    empty JSON object): the lab and the REPL read the root's index.html for their settings
    and show a blank page when it is missing."""
    sys.path.insert(0, str(ROOT / "tools"))
    from make_learn_apps import LINK_TEXT, offline_url, plans

    apps = "\n".join(
        f'<li><a href="{html.escape(offline_url(p.id))}">{html.escape(p.title)}</a>'
        f"<br>{html.escape(p.summary)}</li>" for p in plans().values())
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Treehouse Lab</title>
<!-- Kept from JupyterLite's own root page: every app page reads this index.html for its
     settings (config-utils.js) and stops on a page without it. Data, never run. -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>
body {{ font: 18px/1.5 system-ui, sans-serif; color: #1b1b1b; background: #fff;
       max-width: 50rem; margin: 2rem auto; padding: 0 1rem; }}
a {{ color: #0b4f8a; }}
li {{ margin: 0.6rem 0; }}
.note {{ color: #3d3d3d; }}
</style>
</head>
<body>
<main>
<h1>Treehouse Lab</h1>
<p>Learn the Treehouse tabletop games on live boards, in your browser: nothing to install,
no server.</p>
<h2>{html.escape(LINK_TEXT)}</h2>
<p class="note">Each lesson waits for your moves: click what glows on the board, and press
Next when a step only explains. The first lesson takes about a minute to start while your
browser loads Python; the next ones start faster.</p>
<ul>
{apps}
</ul>
<h2>Tutorials, exercises and exploration</h2>
<p><a href="lab/index.html?path=start.ipynb">All the notebooks, in JupyterLab</a>:
the rules of each game on live boards, probability exercises with exact answers, and
experiments with rule variants.</p>
<h2>Where your work is kept</h2>
<p>Your changes to a notebook are kept in this browser, on this computer only: not on
this site. Another browser or computer shows the original notebooks, and clearing this
browser's site data (its cookies and site data) deletes your changes. To keep your work,
press <strong>Download my work</strong> above the notebook: a copy, with your changes, goes
to this computer's downloads. <strong>Reset to the original</strong> forgets your changes
to a notebook; open it again to start afresh.</p>
</main>
</body>
</html>
"""


def offline(notebook: dict) -> bool:
    """Whether a notebook belongs in the offline site: not one whose metadata says
    ``"treehouse_lab": {"offline": false}`` (it needs a compiled extra, such as OpenSpiel,
    that the browser's Python cannot have)."""
    return notebook.get("metadata", {}).get("treehouse_lab", {}).get("offline", True)


def write_notebooks(dest: Path, teacher: bool = False) -> list[str]:
    """The notebooks as they are, but for their kernel (the site's is Pyodide's), their
    links to ``docs/`` (:func:`site_markdown`) and their outputs' texts, one string each
    (:func:`one_string_outputs`).

    With ``teacher``, the solutions notebooks too, in ``dest/teacher/``: one folder down,
    as in the repository, so their links to ``../docs/`` already find the site's copy, and
    their links to ``../notebooks/x.ipynb`` point at ``../x.ipynb``."""
    dest.mkdir(parents=True)
    names = []
    # The lesson apps (notebooks/learn/, tools/make_learn_apps.py) keep their folder.
    found = {nb.relative_to(NOTEBOOKS).as_posix(): nb
             for nb in [*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("learn/*.ipynb")]}
    if teacher:
        found |= {f"teacher/{nb.name}": nb for nb in TEACHER.glob("*.ipynb")}
    left_out = {name for name, nb in found.items()
                if not offline(json.loads(nb.read_text(encoding="utf-8")))}
    for name, nb in sorted(found.items()):
        if name in left_out:
            continue
        data = json.loads(nb.read_text(encoding="utf-8"))
        data.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
        for cell in data["cells"]:
            for output in cell.get("outputs", []):
                one_string_outputs(output)
            if cell["cell_type"] == "markdown":
                source = cell["source"]
                if isinstance(source, str):
                    source = source.splitlines(True)
                # A line linking a notebook the site leaves out goes too (no dead link).
                source = [x for x in source if not any(f"]({n})" in x for n in left_out)]
                cell["source"] = [x.replace("](../notebooks/", "](../")
                                  if name.startswith("teacher/") else site_markdown(x)
                                  for x in source]
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        (dest / name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")
        names.append(name)
    if not names:
        raise BuildError(f"no notebooks in {NOTEBOOKS}")
    return names


def lab_extension_dirs() -> list[str]:
    from jupyter_core.paths import jupyter_path

    found = []
    for name in LAB_EXTENSIONS:
        dirs = [Path(p) / name for p in jupyter_path("labextensions")]
        hit = next((d for d in dirs if (d / "package.json").is_file()), None)
        if hit is None:
            raise BuildError(f"lab extension {name} is not installed here "
                             '(pip install -e ".[lite]" brings it)')
        found.append(str(hit))
    return found


# -- the site -----------------------------------------------------------------------------


def verify(site: Path, lock: dict, notebooks: list[str], cdn_names: set[str],
           cdn_url: str) -> None:
    """The site is whole and self-contained, or the build fails saying what is wrong."""
    problems = []
    cfg = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    have = {e["name"] for e in cfg.get("federated_extensions", [])}
    if have != set(LAB_EXTENSIONS):
        problems.append(f"lab extensions are {sorted(have)}, want {sorted(LAB_EXTENSIONS)}")
    kernel = cfg["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"the kernel loads Pyodide from {kernel.get('pyodideUrl')!r}")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("the kernel may fall back to PyPI")
    wanted = json.loads((LITE / "overrides.json").read_text())
    settings = cfg.get("settingsOverrides", {})
    if any(settings.get(plugin) != value for plugin, value in wanted.items()):
        problems.append("the lab's settings from lite/overrides.json (the notebooks' "
                        "Download and Reset buttons, rulings as formatted pages) are not "
                        "in the site's jupyter-lite.json")
    pyodide = site / "static" / "pyodide"
    for name, entry in lock["packages"].items():
        fn = entry["file_name"]
        if name in cdn_names and fn.startswith(cdn_url):
            continue
        if "://" in fn or not (pyodide / fn).is_file():
            problems.append(f"lock entry {name} points at {fn}, not a file in the site")
    if "treehouse-lab" not in lock["packages"]:
        problems.append("the project's own wheel is not in the lock")
    missing = [n for n in notebooks if not (site / "files" / n).is_file()]
    if missing:
        problems.append(f"notebooks missing from files/: {missing}")
    broken = broken_links(site / "files")
    if broken:
        problems.append(f"links that find no file in the site: {broken}")
    if problems:
        raise BuildError("the built site is not right:\n  " + "\n  ".join(problems))


def prepare_out(out: Path) -> None:
    """OUT may be new, empty, or a site this script built: never anything else."""
    if out.exists() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise BuildError(f"{out} exists and is not a site built by this script; "
                         "give a new or empty folder")
    out.parent.mkdir(parents=True, exist_ok=True)


def build(out: Path, cache: Path, matplotlib_cdn: bool, teacher: bool = False) -> dict:
    """Build the site into ``out``; what it holds (also written to ``out/lite-build.json``)."""
    check_tools()
    from jupyterlite_pyodide_kernel import constants as kc

    out = out.resolve()
    prepare_out(out)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tl-lite-") as tmp:
        work = Path(tmp)
        step(f"Pyodide {kc.PYODIDE_VERSION} from npm")
        core = pyodide_core(cache, kc.PYODIDE_VERSION)
        upstream = json.loads((core / "pyodide-lock.json").read_text())
        python_full = upstream["info"]["python"]
        python = ".".join(python_full.split(".")[:2])

        step("the project's wheel and the pure-Python wheels it and the kernel need")
        own = Wheel.read(project_wheel(work / "dist"))
        pins = {upstream["packages"][n]["name"]: upstream["packages"][n]["version"]
                for n in lock_closure(upstream, KERNEL_ROOTS)}
        deps = download(own, list(KERNEL_ROOTS), pins, python, cache)
        wheels = {w.name: w for w in map(Wheel.read, deps)}
        wheels[own.name] = own
        ship = shipped(wheels, [own.name, *KERNEL_ROOTS], browser_environment(python_full))

        step(f"bytecode for {len(ship)} wheels (Pyodide under Node.js; cached)")
        files = add_bytecode(ship, core, cache)

        step("site sources: Pyodide, lock, notebooks, config")
        cdn_names = lock_closure(upstream, PLOT_ROOTS) if matplotlib_cdn else set()
        lite = work / "lite"
        lock = write_pyodide(core, ship, files, lite / "static" / "pyodide", cdn_names,
                             kc.PYODIDE_CDN_URL)
        notebooks = write_notebooks(lite / "files", teacher)
        write_docs(lite / "files", teacher)
        shutil.copy2(LITE / "jupyter-lite.json", lite / "jupyter-lite.json")
        # The lab's settings for a class (jupyter lite build puts them in the site's
        # jupyter-lite.json as settingsOverrides): lite/README.md says which and why.
        shutil.copy2(LITE / "overrides.json", lite / "overrides.json")
        config = json.loads((LITE / "jupyter_lite_config.json").read_text())
        config["LiteBuildConfig"]["federated_extensions"] = lab_extension_dirs()
        (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))

        step("jupyter lite build")
        staged = work / "site"
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
             "--output-dir", str(staged)], "jupyter lite build", cwd=lite)
        verify(staged, lock, notebooks, cdn_names, kc.PYODIDE_CDN_URL)
        # The front page: the lesson apps first (JupyterLite's own root only forwards).
        (staged / "index.html").write_text(landing_page(), encoding="utf-8")
        # Browsers ask every site for /favicon.ico; the lab's icon saves a 404 per visit.
        shutil.copy2(staged / "lab" / "favicon.ico", staged / "favicon.ico")

        size = sum(p.stat().st_size for p in staged.rglob("*") if p.is_file())
        info = {
            "treehouse_lab": own.version, "pyodide": kc.PYODIDE_VERSION, "python": python_full,
            "notebooks": notebooks, "teacher": teacher,
            "packages": {n: e["version"] for n, e in lock["packages"].items()},
            "matplotlib_cdn": sorted(cdn_names),
            "matplotlib_cdn_url": kc.PYODIDE_CDN_URL if cdn_names else None,
            "size_bytes": size, "build_seconds": round(time.monotonic() - started, 1),
        }
        (staged / MARKER).write_text(json.dumps(info, indent=1))
        if out.exists():
            shutil.rmtree(out)
        shutil.move(str(staged), str(out))
    step(f"done: {out} ({size / 2**20:.0f} MiB, {len(lock['packages'])} packages, "
         f"{len(notebooks)} notebooks) in {info['build_seconds']} s")
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT,
                        help=f"where the site goes (default: {DEFAULT_OUT.relative_to(ROOT)})")
    parser.add_argument("--matplotlib-cdn", action="store_true",
                        help="list matplotlib at Pyodide's CDN, for an online site")
    parser.add_argument("--teacher", action="store_true",
                        help="a teacher's site: the solutions notebooks too (in teacher/)")
    default_cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    parser.add_argument("--cache", type=Path,
                        default=default_cache / "treehouse-lab" / "lite",
                        help="downloads and compiled wheels (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        build(args.out, args.cache, args.matplotlib_cdn, args.teacher)
    except BuildError as exc:
        print(f"build-lite: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
