"""The browser tests' set-up leaves the checkout alone (no browser needed to check it).

Defect: the browser test wrote its screenshot into docs/images/ on every run, and the
kernel it started wrote __pycache__ into the checkout's treehouse_lab/.
"""

from __future__ import annotations

from pathlib import Path

from tl_board_helpers import README_IMAGES, jupyter_environment, screenshot_dir

ROOT = Path(__file__).resolve().parents[2]


def test_screenshots_go_to_the_temporary_folder_unless_asked(tmp_path):
    assert screenshot_dir(tmp_path, environ={}) == tmp_path
    assert screenshot_dir(tmp_path, environ={"TL_SAVE_SCREENSHOTS": "0"}) == tmp_path
    assert screenshot_dir(tmp_path, environ={"TL_SAVE_SCREENSHOTS": "1"}) == README_IMAGES
    assert README_IMAGES == ROOT / "docs" / "images"


def test_jupyter_writes_nothing_into_the_checkout(tmp_path):
    env = jupyter_environment(tmp_path, environ={"PATH": "/usr/bin", "KEEP": "yes"})
    assert env["PYTHONDONTWRITEBYTECODE"] == "1" and env["KEEP"] == "yes"
    for name in ("JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "JUPYTERLAB_SETTINGS_DIR",
                 "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        assert Path(env[name]).is_relative_to(tmp_path), name


def test_no_browser_test_names_a_path_in_the_checkout_to_write():
    source = (ROOT / "tests" / "browser" / "test_jupyterlab.py").read_text()
    assert '"docs"' not in source and "docs/images" not in source
