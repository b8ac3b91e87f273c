"""Component data sets: the stand-in sets a game ships, a user's own file, and the option
that says which set a game is played with.

Why this module: several games (Backyard Builders' cards and achievements, Treehouse
Diner's orders and pantry) ship component data the rulebooks leave out, and all follow one
product decision (docs/dev/stand-in-data.md). Written once here, every game keeps the
same guarantees and the same words in its errors:

* **A file is read only from Python.** ``game.options`` is saved by ``Match.to_json`` and
  read back by ``load_game``. A save that named a file would make the loader open whatever
  path a stranger wrote into it (and leak, through its errors, whether files exist). So a
  path is accepted only by a game's ``load_*(path)`` functions (:func:`cached_loader`),
  whose results the options accept: ``load_game("backyard", cards=load_cards("my.toml"))``.
  An option value that is any other string is refused with the same sentence whatever the
  string, without opening, stat-ing or even resolving it (:meth:`DataSetOption.refusal`).
* **An option value is always data**: ``"standard@<16 hex digits>"`` names the set the
  package ships with a :func:`digest` of its content, so a save played with another version
  of the set is refused instead of silently rescored (``None`` or ``"standard"`` ask for the
  shipped set as it is now); anything else is the set itself, embedded.
* **The digest is of the content, not of the file's bytes**: editing a comment in a shipped
  file keeps old saves loadable; changing a card does not. It is the first 16 hex digits of
  the SHA-256 of the canonical JSON (sorted keys, no spaces, ASCII), which saves already
  carry: changing that recipe would orphan every save made so far.
* **Embedded values are frozen** (:func:`freeze`: lists become tuples) so an option compares
  equal after a trip through JSON (which turns tuples into lists) and resolving again, and
  :func:`hashable` / :func:`thaw` let a resolved value key a cache of the parsed set.

A game keeps what is its own: the validation of an entry against its rulebook (counts,
colours, ingredients), with errors naming the file or option and the entry.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

from ..errors import RuleError, quote

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

T = TypeVar("T")

#: The name of a game's shipped stand-in sets in option values.
STANDARD = "standard"
_STANDARD_REF = re.compile(r"^standard@[0-9a-f]{16}$")

#: What identifies a file's version for the loaders' caches.
FileKey = tuple[str, int, int]


# -- Reading files (Python only) -------------------------------------------------------------

def read_toml(path: Path) -> dict:
    """A TOML document; every way the file can be unreadable is a RuleError naming it."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise RuleError(f"{path}: no such file") from None
    except OSError as exc:
        raise RuleError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise RuleError(f"{path}: not a text file (TOML is UTF-8 text)") from None
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{path}: not valid TOML ({exc})") from None


def read_tables(path: Path, name: str) -> list:
    """The ``[[name]]`` tables of a data file, which must hold nothing else: a stray key is
    most likely a misspelt table name, and ignoring it would drop the user's entries."""
    doc = read_toml(path)
    if set(doc) != {name} or not isinstance(doc[name], list):
        raise RuleError(f"{path}: expected only [[{name}]] tables, got keys "
                        f"{', '.join(sorted(doc)) or '(none)'}")
    return doc[name]


def file_key(path: str | os.PathLike) -> FileKey:
    """(resolved path, size, modification time): a cache key that changes when the file
    does, so a teacher who edits their file and loads it again gets the new cards. Only for
    paths given from Python: it stats the file."""
    if not isinstance(path, (str, os.PathLike)):
        raise RuleError(f"expected a path to a TOML file, got {quote(path)}")
    p = Path(path).expanduser().resolve()
    try:
        st = p.stat()
    except OSError:
        raise RuleError(f"{p}: no such file") from None
    if not p.is_file():
        raise RuleError(f"{p}: not a file")
    return (str(p), st.st_size, st.st_mtime_ns)


def cached_loader(read: Callable[[Path], T], default: Path,
                  maxsize: int = 16) -> Callable[[str | os.PathLike | None], T]:
    """A game's ``load_*(path=None)``: ``read(path)`` of ``path`` (``default``, the shipped
    file, when none is given), cached by :func:`file_key`. Why cached: a notebook loads the
    same file in every cell, and validating a set is the slow part."""

    @lru_cache(maxsize=maxsize)
    def cached(key: FileKey) -> T:
        return read(Path(key[0]))

    def load(path: str | os.PathLike | None = None) -> T:
        return cached(file_key(path or default))

    return load


# -- Content digests and frozen data -----------------------------------------------------------

def digest(data: Any) -> str:
    """16 hex digits of the SHA-256 of ``data``'s canonical JSON. Saves carry it: the recipe
    must never change (see the module's docstring)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def freeze(value: Any) -> Any:
    """JSON-like data with every list made a tuple (mappings become plain dicts): still
    JSON-ready, and equal to itself after a trip through JSON and :func:`freeze` again."""
    if isinstance(value, Mapping):
        return {k: freeze(x) for k, x in value.items()}
    if isinstance(value, (list, tuple)):
        return tuple(freeze(x) for x in value)
    return value


class Frozen(tuple):
    """A mapping frozen by :func:`hashable` as its items, so :func:`thaw` knows to give a
    dict back (a plain tuple of pairs is a list of pairs)."""

    __slots__ = ()


def hashable(value: Any) -> Any:
    """JSON-like data as a read-only, hashable value (mappings become :class:`Frozen`
    items in key order, lists tuples), to key a cache of parsed sets."""
    if isinstance(value, Mapping):
        return Frozen((k, hashable(x))
                      for k, x in sorted(value.items(), key=lambda kx: repr(kx[0])))
    if isinstance(value, (list, tuple)):
        return tuple(hashable(x) for x in value)
    return value


def thaw(value: Any) -> Any:
    """Plain JSON-like data again (lists and dicts) from :func:`freeze` or :func:`hashable`,
    as a game's validators read files and saves."""
    if isinstance(value, Frozen):
        return {k: thaw(x) for k, x in value}
    if isinstance(value, Mapping):
        return {k: thaw(x) for k, x in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(x) for x in value]
    return value


# -- The option ---------------------------------------------------------------------------------

class DataSetOption(Generic[T]):
    """The option of a game that says which data set it is played with.

    ``check`` is the ``Option.check`` of ``load_game``: ``None`` or ``"standard"`` give the
    shipped set's ``"standard@<digest>"``; that string is accepted only with the digest of
    the set this package ships; any other string is refused, naming ``loader`` as the way to
    read a file; a value of one of the ``accepts`` types is handed to ``embed``, which
    validates it and returns the embedded option value (JSON-ready, frozen). ``of`` turns a
    checked value back into the parsed set: the shipped one, or ``parse`` of the embedded
    data (thawed to plain lists and dicts, cached).

    ``content`` gives the data of a parsed set that the digest is taken of; it must stay
    what the game has always digested, or old saves stop loading.
    """

    def __init__(self, option: str, *, loader: str, embedded: str,
                 load_standard: Callable[[], T], content: Callable[[T], Any],
                 accepts: tuple[type, ...], embed: Callable[[Any], Any],
                 parse: Callable[[Any], T], cache: int = 32) -> None:
        self.option = option
        self.loader = loader
        self.embedded = embedded
        self.accepts = accepts
        self._load_standard = load_standard
        self._content = content
        self._embed = embed
        self._parse = parse
        self._standard: tuple[T, str] | None = None
        self._parsed = lru_cache(maxsize=cache)(self._parse_frozen)

    def __repr__(self) -> str:
        return f"DataSetOption({self.option!r})"

    def standard(self) -> tuple[T, str]:
        """The shipped set and its option value, read once per process (after that, no
        check of an option ever touches a file)."""
        if self._standard is None:
            data = self._load_standard()
            self._standard = (data, f"{STANDARD}@{digest(self._content(data))}")
        return self._standard

    def refusal(self, value: Any) -> RuleError:
        """The error for a value that is neither a shipped set nor embedded data. It never
        opens, stats or resolves the value, and reads the same whether or not such a file
        exists: a save must not learn anything by it."""
        return RuleError(
            f"option {self.option}={quote(value)} is not allowed: give None or "
            f"{STANDARD!r} (the stand-in set the package ships), {self.embedded}. Options "
            "never name a file, so a save cannot make the loader read one: load your own "
            f"file in Python, {self.option}={self.loader}(path)")

    def check(self, value: Any) -> Any:
        """A user's or a save's value as the option stores it. Opens no file."""
        current = self.standard()[1]
        if value is None:
            return current
        if isinstance(value, str):
            if value == STANDARD:
                return current
            if not _STANDARD_REF.match(value):
                raise self.refusal(value)
            if value != current:
                raise RuleError(
                    f"option {self.option}={value!r}: this was played with another version "
                    f"of the stand-in set; this package ships {current!r}. Replay it with "
                    "the version of treehouse_lab that saved it")
            return current
        if not isinstance(value, self.accepts):
            raise self.refusal(value)
        return self._embed(value)

    def of(self, value: Any) -> T:
        """The set a checked option value stands for."""
        if isinstance(value, str):
            return self.standard()[0]
        return self._parsed(hashable(value))

    def _parse_frozen(self, frozen: Any) -> T:
        return self._parse(thaw(frozen))


__all__: Sequence[str] = (
    "STANDARD", "DataSetOption", "FileKey", "Frozen", "cached_loader", "digest",
    "file_key", "freeze", "hashable", "read_tables", "read_toml", "thaw",
)
