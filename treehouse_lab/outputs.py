"""Checks of the files a command-line run will write, made before the run: a run is not
played for minutes only to lose its output to a missing folder or a full disk.
"""

from __future__ import annotations

import os

from .errors import RuleError, quote


def check_writable(flag: str, path: str) -> None:
    """Check the path of a regular file to write after a run (``flag`` names the argument
    in the message, ``--csv``): a RuleError for an empty path, a folder, a missing
    folder, a file that cannot be written or a full disk. Nothing is created or emptied."""
    where = quote(path, 80)
    if not path:
        raise RuleError(f"{flag}: give the path of a file to write")
    if os.path.isdir(path):
        raise RuleError(f"{flag}: {where} is a folder; give the path of a file to write")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise RuleError(f"{flag}: the folder of {where} does not exist")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise RuleError(f"{flag}: cannot write {where} (permission denied)")
    if hasattr(os, "statvfs") and os.statvfs(folder).f_bavail == 0:
        raise RuleError(f"{flag}: cannot write {where} (no space left on its disk)")


def is_device(path: str) -> bool:
    """Whether ``path`` is there and is neither a regular file nor a folder (/dev/null,
    /dev/full, a pipe): only writing tells whether it takes more."""
    return os.path.exists(path) and not os.path.isfile(path) and not os.path.isdir(path)


__all__ = ["check_writable", "is_device"]
