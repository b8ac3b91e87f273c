"""Finding the browser-side files (``board.js``, ``board.css``).

Why a resolver: the ES module and stylesheet live once, at the top of the repository in
``widgets/``, with no build step. A wheel ships that folder inside the package as
``treehouse_lab/widgets/`` (``pyproject.toml`` force-include), while an editable checkout
only has the repository-root copy. Looking in the package first and then beside it makes
both work without copying files around.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # .../treehouse_lab


def widget_dirs() -> list[Path]:
    """Where the browser files may be, most specific first: installed wheel, then checkout."""
    return [_PACKAGE_DIR / "widgets", _PACKAGE_DIR.parent / "widgets"]


def widget_file(name: str) -> Path:
    """The path of ``widgets/<name>``, from the wheel or from the source checkout.

    Raises ``FileNotFoundError`` naming every place looked at, so a broken install says
    what is missing instead of drawing an empty widget.
    """
    tried = []
    for folder in widget_dirs():
        path = folder / name
        if path.is_file():
            return path
        tried.append(str(path))
    raise FileNotFoundError(
        f"treehouse_lab: browser file {name!r} not found; looked in: {', '.join(tried)}. "
        "Reinstall the package (the wheel ships widgets/ as treehouse_lab/widgets/)."
    )
