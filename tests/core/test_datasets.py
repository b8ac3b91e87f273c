"""core.datasets: reading a user's data file (Python only), the content digest that saves
carry, frozen option values, and the option that holds a shipped set's reference or the
set itself and never opens a path (docs/dev/stand-in-data.md)."""

from __future__ import annotations

import builtins
import hashlib
import io
import json
import os
from pathlib import Path

import pytest

import treehouse_lab as tl
from treehouse_lab.core import datasets
from treehouse_lab.core.datasets import (
    DataSetOption,
    Frozen,
    cached_loader,
    digest,
    file_key,
    freeze,
    hashable,
    read_tables,
    read_toml,
    thaw,
)
from treehouse_lab.errors import quote

# -- Reading files ---------------------------------------------------------------------------


def test_read_toml_errors_name_the_file(tmp_path):
    good = tmp_path / "good.toml"
    good.write_text('[[word]]\ntext = "oak"\n')
    assert read_toml(good) == {"word": [{"text": "oak"}]}
    cases = [
        (tmp_path / "missing.toml", None, r"missing\.toml: no such file"),
        (tmp_path / "broken.toml", b"[[word]\n", r"broken\.toml: not valid TOML"),
        (tmp_path / "binary.toml", bytes(range(256)), r"binary\.toml: not a text file"),
    ]
    for path, content, pattern in cases:
        if content is not None:
            path.write_bytes(content)
        with pytest.raises(tl.RuleError, match=pattern):
            read_toml(path)
    with pytest.raises(tl.RuleError, match=r": cannot read it"):
        read_toml(tmp_path)   # a folder: open() fails with another OSError


def test_read_tables_wants_only_the_named_tables(tmp_path):
    p = tmp_path / "words.toml"
    p.write_text('[[word]]\ntext = "oak"\n[[word]]\ntext = "elm"\n')
    assert read_tables(p, "word") == [{"text": "oak"}, {"text": "elm"}]
    p.write_text('title = "x"\n[[words]]\ntext = "oak"\n')
    with pytest.raises(tl.RuleError, match=r"words\.toml: expected only \[\[word\]\] tables, "
                                           r"got keys title, words"):
        read_tables(p, "word")
    p.write_text('word = "oak"\n')   # the right key, but not tables
    with pytest.raises(tl.RuleError, match=r"expected only \[\[word\]\] tables"):
        read_tables(p, "word")
    p.write_text("")
    with pytest.raises(tl.RuleError, match=r"got keys \(none\)"):
        read_tables(p, "word")


def test_file_key_follows_the_file(tmp_path, monkeypatch):
    p = tmp_path / "a.toml"
    p.write_text("x = 1\n")
    key = file_key(p)
    assert key[0] == str(p.resolve()) and key[1] == p.stat().st_size
    assert file_key(str(p)) == key
    # One file, one key, however it is spelt: relative, with ~, through "..".
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert file_key("a.toml") == file_key("~/a.toml") == file_key(tmp_path / "x" / ".." / "a.toml")
    assert file_key("a.toml") == key
    p.write_text("x = 12\n")
    assert file_key(p) != key
    with pytest.raises(tl.RuleError, match="expected a path to a TOML file, got 123"):
        file_key(123)
    with pytest.raises(tl.RuleError, match="no such file"):
        file_key(tmp_path / "nope.toml")
    with pytest.raises(tl.RuleError, match="not a file"):
        file_key(tmp_path)


def test_cached_loader_reads_a_file_once_per_version(tmp_path):
    default = tmp_path / "shipped.toml"
    default.write_text('[[word]]\ntext = "oak"\n')
    mine = tmp_path / "mine.toml"
    mine.write_text('[[word]]\ntext = "elm"\n')
    reads: list[Path] = []

    def read(path: Path) -> tuple[str, ...]:
        reads.append(path)
        return tuple(w["text"] for w in read_tables(path, "word"))

    load = cached_loader(read, default)
    assert load() == ("oak",) and load(None) == ("oak",)
    assert load(mine) == ("elm",) and load(str(mine)) == ("elm",)
    assert reads == [default.resolve(), mine.resolve()]
    mine.write_text('[[word]]\ntext = "elm"\n[[word]]\ntext = "ash"\n')   # a new version
    assert load(mine) == ("elm", "ash")
    assert len(reads) == 3
    with pytest.raises(tl.RuleError, match="expected a path"):
        load(3.5)


# -- Digests and frozen values ----------------------------------------------------------------


def test_digest_is_the_pinned_recipe():
    """Saves carry these digests: the recipe (canonical JSON, SHA-256, 16 hex digits) must
    never change, whatever the key order or the container types."""
    data = {"b": [1, "é"], "a": {"y": True, "x": None}}
    canonical = '{"a":{"x":null,"y":true},"b":[1,"\\u00e9"]}'
    assert digest(data) == hashlib.sha256(canonical.encode()).hexdigest()[:16]
    assert digest({"a": {"y": True, "x": None}, "b": (1, "é")}) == digest(data)
    assert digest([1, 2]) != digest([2, 1])


def test_saves_made_before_still_load():
    """Option values that saves already carry: if a shipped set changes on purpose, these
    saves are refused with 'another version' (and this list must be updated knowingly)."""
    saved = {
        "backyard": {"cards": "standard@d4afaecd6cd4ea76",
                     "achievement_cards": "standard@7424f4b622f5bf9e"},
        "diner": {"orders": "standard@6a1e631cf15e56de",
                  "pantry": "standard@1b34dbe2e42a78c2"},
    }
    for game, options in saved.items():
        g = tl.load_game(game, **options)
        assert {k: g.options[k] for k in options} == options
        assert g == tl.load_game(game)


def test_freeze_survives_a_trip_through_json():
    data = {"id": "x", "tags": ["a", "b"], "rows": [{"bonus": [{"kind": "draw"}]}]}
    frozen = freeze(data)
    assert frozen == {"id": "x", "tags": ("a", "b"), "rows": ({"bonus": ({"kind": "draw"},)},)}
    assert type(frozen) is dict and freeze(json.loads(json.dumps(frozen))) == frozen
    assert frozen != data   # lists really became tuples
    assert freeze(data["rows"][0]) is not data["rows"][0]


def test_hashable_and_thaw():
    a = {"x": [1, {"k": "v", "j": [2]}], "y": None}
    b = {"y": None, "x": [1, {"j": [2], "k": "v"}]}   # equal, other key order
    assert hashable(a) == hashable(b) and hash(hashable(a)) == hash(hashable(b))
    assert isinstance(hashable(a), Frozen)
    assert thaw(hashable(a)) == a and thaw(freeze(a)) == a
    assert type(thaw(freeze(a))["x"]) is list
    # A mapping and a tuple of pairs stay apart both ways.
    pairs = (("x", 1),)
    assert hashable({"x": 1}) == pairs and type(hashable({"x": 1})) is Frozen
    assert thaw(hashable({"x": 1})) == {"x": 1} and thaw(pairs) == [["x", 1]]
    # Mixed key types (not JSON, but they must not crash a cache key).
    assert thaw(hashable({1: "a", "1": "b"})) == {1: "a", "1": "b"}


# -- The option -----------------------------------------------------------------------------


class Words:
    """A toy data set: 3 distinct lower-case words, embedded as their sorted tuple."""

    def __init__(self) -> None:
        self.loads = 0
        self.parses = 0
        self.option = DataSetOption(
            "words", loader="toy.load_words",
            embedded="a list of 3 words, or the result of load_words(path)",
            load_standard=self.load, content=list, accepts=(list, tuple),
            embed=self.embed, parse=self.parse)

    def load(self) -> tuple[str, ...]:
        self.loads += 1
        return ("ash", "elm", "oak")

    @staticmethod
    def embed(value):
        if len(value) != 3 or any(not isinstance(w, str) or not w.islower() for w in value):
            raise tl.RuleError(f"option words: expected 3 lower-case words, got {value!r}")
        return tuple(sorted(value))

    def parse(self, value):
        self.parses += 1
        assert type(value) is list   # thawed: validators read plain JSON-like data
        return tuple(w.upper() for w in value)


@pytest.fixture
def words():
    return Words()


def test_standard_reference(words):
    opt = words.option
    current = "standard@" + digest(["ash", "elm", "oak"])
    assert opt.standard() == (("ash", "elm", "oak"), current)
    for value in (None, "standard", current):
        assert opt.check(value) == current
    assert words.loads == 1   # the shipped set is read once
    with pytest.raises(tl.RuleError) as info:
        opt.check("standard@0123456789abcdef")
    msg = str(info.value)
    assert "option words='standard@0123456789abcdef'" in msg
    assert "another version of the stand-in set" in msg and repr(current) in msg


@pytest.mark.parametrize("value", [
    "/etc/passwd", "words.toml", "standard@ABCDEF0123456789", "standard@0123", "Standard",
    "~/.ssh/id_rsa", "x" * 10_000, 3, b"standard", {"words": []}, Path("/etc/passwd"),
])
def test_anything_else_is_refused_without_touching_a_file(words, monkeypatch, value):
    words.option.standard()
    touched: list = []

    def refuse(*args, **kwargs):
        touched.append(args[:1])
        raise PermissionError("no file may be touched")

    for target, name in [(builtins, "open"), (io, "open"), (os, "stat"), (os, "open"),
                         (Path, "stat"), (Path, "exists"), (Path, "resolve"),
                         (Path, "open"), (datasets.tomllib, "load")]:
        monkeypatch.setattr(target, name, refuse)
    with pytest.raises(tl.RuleError) as info:
        words.option.check(value)
    monkeypatch.undo()
    assert not touched
    msg = str(info.value)
    assert msg.startswith("option words=") and "is not allowed" in msg
    assert "never name a file" in msg and "words=toy.load_words(path)" in msg
    assert "a list of 3 words" in msg and len(msg) < 400
    # The same sentence whatever the value: nothing is learnt from it.
    other = str(words.option.refusal("/x"))
    assert msg.replace(quote(value), "X", 1) == other.replace("'/x'", "X", 1)


def test_embedded_sets_are_checked_and_parsed_once(words):
    opt = words.option
    assert opt.check(["oak", "ash", "elm"]) == ("ash", "elm", "oak")
    with pytest.raises(tl.RuleError, match="option words: expected 3"):
        opt.check(["oak"])
    value = opt.check(("elm", "oak", "ash"))
    assert opt.of(value) == ("ASH", "ELM", "OAK")
    again = json.loads(json.dumps(value))   # a save: tuples come back as lists
    assert opt.of(again) == ("ASH", "ELM", "OAK")
    assert words.parses == 1
    assert opt.of(opt.check(None)) == ("ash", "elm", "oak") and words.parses == 1


def test_embedded_tables_key_the_cache_by_value():
    parses: list = []

    def parse(tables):
        parses.append(tables)
        return tuple(t["name"] for t in tables)

    opt = DataSetOption(
        "cards", loader="toy.load_cards", embedded="tables", load_standard=lambda: (),
        content=list, accepts=(list,), embed=lambda v: tuple(freeze(t) for t in v),
        parse=parse)
    value = opt.check([{"name": "A", "tags": ["x"]}, {"tags": [], "name": "B"}])
    assert value == ({"name": "A", "tags": ("x",)}, {"tags": (), "name": "B"})
    reordered = [{"tags": ["x"], "name": "A"}, {"name": "B", "tags": []}]
    assert opt.of(value) == opt.of(reordered) == ("A", "B")
    assert parses == [[{"name": "A", "tags": ["x"]}, {"name": "B", "tags": []}]]
    with pytest.raises(tl.RuleError, match="is not allowed"):
        opt.check(("not", "a", "list"))   # only the accepted types are embedded


def test_games_share_the_mechanism():
    """Both games' options are DataSetOptions, so their refusals read alike."""
    from treehouse_lab.games.backyard import data as backyard
    from treehouse_lab.games.diner import data as diner

    for opt, name in [(backyard.CARDS, "cards"), (backyard.ACHIEVEMENTS, "achievement_cards"),
                      (diner.ORDERS, "orders"), (diner.PANTRY, "pantry")]:
        assert isinstance(opt, DataSetOption) and opt.option == name
        with pytest.raises(tl.RuleError, match=f"option {name}='/etc/passwd' is not allowed"
                                               ".*never name a file"):
            tl.load_game(opt.loader.split(".")[0], **{name: "/etc/passwd"})
