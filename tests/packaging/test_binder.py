"""Binder's recipe works: ``binder/requirements.txt`` alone, in a fresh virtual environment,
installs the package and runs a tutorial notebook.

repo2docker ignores the root ``pyproject.toml`` when ``binder/`` exists and runs
``pip install -r binder/requirements.txt`` from the repository root, so this test does the
same in a brand-new venv (no system site-packages) and then executes the Backyard
tutorial with that environment's own Jupyter and kernel. Last, it runs the README's first
command's JupyterLab in that environment and checks it serves the start notebook.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "notebooks/backyard-builders.ipynb"


def _copy_repo(dest: Path) -> Path:
    ignore = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info", "build",
                                    "dist", ".pytest_cache", ".hypothesis", ".ruff_cache")
    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


@pytest.mark.slow
def test_binder_requirements_install_run_a_notebook_and_open_lab(tmp_path: Path) -> None:
    repo = _copy_repo(tmp_path / "repo")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    # As repo2docker does: from the repository root, the binder requirements only.
    install = subprocess.run(
        [str(py), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
        cwd=repo, capture_output=True, text=True,
    )
    assert install.returncode == 0, install.stderr[-3000:]

    # Jupyter must find this venv's kernel, not one of the machine's: isolate its paths.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTHON"))}
    env.update(
        PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
        HOME=str(tmp_path / "home"),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONDONTWRITEBYTECODE="1",  # the checkout is the venv's source: write nothing there
        PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip")),
    )
    (tmp_path / "home").mkdir()
    probe = tmp_path / "probe.ipynb"
    probe.write_text(json.dumps({
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None,
                   "outputs": [], "id": "probe",
                   "source": "import sys, treehouse_lab\nprint(sys.prefix)\n"
                             "print(treehouse_lab.__file__)"}],
    }))
    for nb in (probe, repo / NOTEBOOK):
        run = subprocess.run(
            [str(venv / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
             "--output-dir", str(tmp_path / "out"), "--ExecutePreprocessor.timeout=300",
             str(nb)],
            cwd=nb.parent, env=env, capture_output=True, text=True,
        )
        assert run.returncode == 0, f"{nb.name} failed under the binder environment:\n" \
            + run.stderr[-4000:]
    executed = json.loads((tmp_path / "out" / "probe.ipynb").read_text())
    printed = "".join("".join(o.get("text", "")) for o in executed["cells"][0]["outputs"])
    prefix, module = printed.split()[:2]
    assert Path(prefix).resolve() == venv.resolve(), "the notebook ran in another Python"
    assert Path(module).resolve().is_relative_to(venv.resolve()), \
        "treehouse_lab came from outside the binder environment"

    # The README's first command, in this fresh environment: JupyterLab on the start notebook.
    _lab_serves_the_start_notebook(venv, repo, env, tmp_path)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _lab_serves_the_start_notebook(venv: Path, repo: Path, env: dict, tmp_path: Path) -> None:
    port = _free_port()
    log = open(tmp_path / "lab.log", "w")
    lab = subprocess.Popen(
        [str(venv / "bin" / "jupyter"), "lab", "--ServerApp.root_dir=.", "notebooks/start.ipynb",
         "--no-browser",
         "--allow-root", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
         "--IdentityProvider.token=", "--ServerApp.password="],
        cwd=repo, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status", timeout=5):
                    break
            except OSError:
                assert lab.poll() is None, (tmp_path / "lab.log").read_text()[-3000:]
                assert time.monotonic() < deadline, "JupyterLab did not come up in 90 s"
                time.sleep(1)
        # The README's command serves the checkout (so the notebooks' links to docs/rulings
        # open) and opens notebooks/start.ipynb.
        with urllib.request.urlopen(f"{base}/api/contents/notebooks/start.ipynb",
                                    timeout=10) as r:
            model = json.load(r)
        assert model["type"] == "notebook"
        assert "backyard-builders.ipynb" in json.dumps(model["content"])
        with urllib.request.urlopen(f"{base}/api/contents/docs/rulings/backyard.md",
                                    timeout=10) as r:
            assert json.load(r)["type"] == "file"
        with urllib.request.urlopen(f"{base}/lab/tree/notebooks/start.ipynb", timeout=10) as r:
            assert r.status == 200
    finally:
        lab.terminate()
        try:
            lab.wait(timeout=20)
        except subprocess.TimeoutExpired:
            lab.kill()
        log.close()
