"""A game's rules index: its rulebook's sections and the project's rulings, as data.

Why an index beside the engine: a learner reading a lesson, or asking why a move is
refused, wants the rule itself at hand, offline, in words they understand. Each game ships
its index as data (``games/<game>/rulebook.toml``, named by the game class's ``RULEBOOK``,
as ``LESSONS`` names the lessons module), read only when asked for. The index holds:

* every section of the rulebook's table of contents (its headings where it has none):
  the title, a short summary in the project's own words and, where useful, a short quote
  of the rulebook's words;
* the project's rulings (docs/rulings/<game>.md), each with a one-line summary and its
  place in that page.

Ids follow one convention, so that a lesson step's ``rule_id`` and an index entry agree
without a table: a section is ``"<game>/<slug>"``, the slug being its title lowercased with
every run of characters other than a-z and 0-9 replaced by one "-" ("Game Turn" ->
``backyard/game-turn``); a nested section whose slug repeats another section's is prefixed
with its parent's (the Diner's two "Setup Changes" are
``diner/module-save-the-bees-setup-changes`` and
``diner/module-secret-ingredient-setup-changes``). A ruling is ``"<game>/<its number>"``
(``diner/D11``).

Refusals name their rule (:meth:`RulesIndex.cited`): the engines' refusal sentences
already cite the rulebook section ("Go to the Pantry: that shelf space is empty") or the
ruling ("... (D35)"); the index reads those citations back, matching a section's title, its
title without the numbering ("Planning Step" for "2. Planning Step") or a name declared in
``cited_as``. The sentence is the one the seat was told, so naming its rule shows nothing
the seat may not see.

Where a game's refusals cite no section (Magical Treehouse's say "not legal now ...
Legal: ..."), the index may declare the rule of each kind of move, in a ``[kinds]`` table
(action class name -> entries: ``DrawFour = ["2-planning-step"]``); a refusal citing
nothing is then named by its move's kind.
"""

from __future__ import annotations

import functools
import inspect
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from .core.datasets import read_toml
from .errors import RuleError, quote

SECTION = "section"
RULING = "ruling"

_NUMBERING = re.compile(r"^(?:\d+\.|[A-Z]\))\s+")
_RULING_ID = re.compile(r"^[A-Z][0-9]{1,3}$")
_SECTION_KEYS = {"title", "summary", "quote", "level", "excused", "taught_in", "cited_as"}
_RULING_KEYS = {"id", "title", "summary", "anchor"}
_TOP_KEYS = {"book", "rulings", "section", "ruling", "kinds"}


def slug(title: str) -> str:
    """The id convention's slug: lowercased, each run of characters other than a-z and 0-9
    one "-", trimmed ("Achievement Card Expansion: Game Setup" ->
    "achievement-card-expansion-game-setup")."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


@dataclass(frozen=True)
class Entry:
    """One entry of a rules index: a rulebook section or a project ruling.

    ``excused`` is why a section cannot be taught by a move (the lessons' coverage, see
    docs/lessons.md); ``taught_in`` names the sections that teach it instead (a summary
    section is taught by its parts). ``ref`` is a ruling's place in the docs."""

    id: str
    kind: str
    title: str
    summary: str
    quote: str = ""
    level: int = 0
    parent: str = ""
    excused: str = ""
    taught_in: tuple[str, ...] = ()
    cited_as: tuple[str, ...] = ()
    ref: str = ""

    @property
    def label(self) -> str:
        """How the entry is named to a reader: the section's title, or "ruling D5"."""
        return self.title if self.kind == SECTION else f"ruling {self.number}"

    @property
    def number(self) -> str:
        """A ruling's number ("D5"); a section's slug."""
        return self.id.split("/", 1)[1]

    def text(self) -> str:
        """Everything search looks in."""
        return " ".join((self.id, self.label, self.title, self.summary, self.quote))


@dataclass(frozen=True)
class RulesIndex:
    """A game's rules index (module docstring). ``book`` names the rulebook ("Treehouse
    Diner rulebook"); ``entries`` are the sections in the rulebook's order, then the
    rulings."""

    game: str
    book: str
    entries: tuple[Entry, ...]
    #: (action class name, entry ids): the rule of each kind of move, where refusals
    #: cite none (module docstring)
    kinds: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {e.id: e for e in self.entries})
        object.__setattr__(self, "_names", _names(self.sections))

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id  # type: ignore[attr-defined]

    def __getitem__(self, rule_id: str) -> Entry:
        try:
            return self._by_id[rule_id]  # type: ignore[attr-defined]
        except (KeyError, TypeError):
            raise RuleError(f"{self.game} rules index: no entry {quote(rule_id, 60)}; ids "
                            f"look like {self.entries[0].id!r} or "
                            f"'{self.game}/<ruling number>'") from None

    def get(self, rule_id: str) -> Entry | None:
        return self._by_id.get(rule_id)  # type: ignore[attr-defined]

    @property
    def sections(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.kind == SECTION)

    @property
    def rulings(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.kind == RULING)

    def search(self, words: str | Sequence[str]) -> list[Entry]:
        """The entries holding every word (case-insensitive, in the id, title, summary or
        quote), in the index's order; no words: every entry."""
        wanted = words.split() if isinstance(words, str) else list(words)
        wanted = [w.casefold() for w in wanted if w.strip()]
        return [e for e in self.entries
                if all(w in e.text().casefold() for w in wanted)]

    def cited(self, text: str, action: Any = None) -> list[Entry]:
        """The entries a sentence cites, in the order it cites them (module docstring): a
        section's name at the start of a clause, followed by ":", ",", ")" or a quote mark
        ("Game Turn, step 2: ...", "(rulebook, How to Play: ...)"), and a ruling number as a
        word ("D35"). Longer names first, so "Achievement Card Expansion: Game Turn" is not
        read as "Game Turn". A sentence citing nothing about ``action`` (the refused move)
        gets the rule its kind declares, if any."""
        if not isinstance(text, str) or not text:
            return []
        by_kind = dict(self.kinds).get(type(action).__name__, ()) if action is not None else ()
        found: list[tuple[int, Entry]] = []
        taken: list[tuple[int, int]] = []
        for name, entry in self._names:  # type: ignore[attr-defined]
            for m in re.finditer(rf"(?:^|(?<=\()|(?<=[.;,:] )|(?<=')){re.escape(name)}"
                                 r"(?=[:,)'])", text):
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                taken.append(m.span())
                found.append((m.start(), entry))
        numbers = {e.number: e for e in self.rulings}
        if numbers:
            pattern = r"\b(" + "|".join(map(re.escape, numbers)) + r")\b"
            found += [(m.start(), numbers[m.group(1)]) for m in re.finditer(pattern, text)]
        out: list[Entry] = []
        for _, entry in sorted(found, key=lambda f: f[0]):
            if entry not in out:
                out.append(entry)
        return out or [self[i] for i in by_kind]

    def refused_by(self, text: str, action: Any = None) -> str:
        """"refused by: Pushing Orders Off the Starting Lane; ruling D5" for a refusal
        citing them, or naming the rule of ``action``'s kind ("" for neither)."""
        cited = self.cited(text, action)
        return "refused by: " + "; ".join(e.label for e in cited) if cited else ""


def _names(sections: Iterable[Entry]) -> tuple[tuple[str, Entry], ...]:
    """Every name a section is cited by, longest first."""
    names: dict[str, Entry] = {}
    for e in sections:
        for name in (e.title, _NUMBERING.sub("", e.title), *e.cited_as):
            names.setdefault(name, e)
    return tuple(sorted(names.items(), key=lambda kv: -len(kv[0])))


def _text(value: Any, where: str, *, required: bool = True) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise RuleError(f"{where} must be a non-empty text, got {quote(value, 40)}")
    return value.strip()


def _texts(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise RuleError(f"{where} must be a list of texts, got {quote(value, 40)}")
    return tuple(value)


def load_index(path: Path, game: str) -> RulesIndex:
    """Read and check a rules index file (``book``, ``rulings`` = the docs page,
    ``[[section]]`` and ``[[ruling]]`` tables; see games/backyard/rulebook.toml). Every
    mistake is a RuleError naming the file and the entry."""
    doc = read_toml(path)
    where = f"{path.name} ({game})"
    extra = set(doc) - _TOP_KEYS
    if extra:
        raise RuleError(f"{where}: unknown key(s) {sorted(extra)}; the keys are book, "
                        "rulings, [[section]], [[ruling]], [kinds]")
    book = _text(doc.get("book"), f"{where}: book")
    rulings_doc = _text(doc.get("rulings"), f"{where}: rulings")
    raw = doc.get("section", [])
    if not raw:
        raise RuleError(f"{where}: no [[section]]")
    slugs = [slug(_text(s.get("title"), f"{where}: section {k + 1} title"))
             for k, s in enumerate(raw)]
    entries: list[Entry] = []
    parents: list[Entry] = []
    for k, s in enumerate(raw):
        at = f"{where}: section {s.get('title')!r}"
        unknown = set(s) - _SECTION_KEYS
        if unknown:
            raise RuleError(f"{at}: unknown key(s) {sorted(unknown)}; allowed: "
                            f"{sorted(_SECTION_KEYS)}")
        level = s.get("level", 0)
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= len(parents):
            raise RuleError(f"{at}: level must be 0..{len(parents)} (one deeper than the "
                            f"section before at most), got {quote(level)}")
        del parents[level:]
        parent = parents[-1] if parents else None
        name = slugs[k]
        if level and slugs.count(name) > 1 and parent is not None:
            name = f"{parent.number}-{name}"
        entry = Entry(id=f"{game}/{name}", kind=SECTION, title=s["title"].strip(),
                      summary=_text(s.get("summary"), f"{at}: summary"),
                      quote=_text(s.get("quote"), f"{at}: quote", required=False),
                      level=level, parent=parent.id if parent else "",
                      excused=_text(s.get("excused"), f"{at}: excused", required=False),
                      taught_in=tuple(f"{game}/{t}" for t in _texts(s.get("taught_in"),
                                                                   f"{at}: taught_in")),
                      cited_as=_texts(s.get("cited_as"), f"{at}: cited_as"))
        entries.append(entry)
        parents.append(entry)
    for r in doc.get("ruling", []):
        at = f"{where}: ruling {r.get('id')!r}"
        unknown = set(r) - _RULING_KEYS
        if unknown:
            raise RuleError(f"{at}: unknown key(s) {sorted(unknown)}; allowed: "
                            f"{sorted(_RULING_KEYS)}")
        number = _text(r.get("id"), f"{at}: id")
        if not _RULING_ID.match(number):
            raise RuleError(f"{at}: a ruling id is a letter and a number, like D11")
        entries.append(Entry(id=f"{game}/{number}", kind=RULING,
                             title=_text(r.get("title"), f"{at}: title"),
                             summary=_text(r.get("summary"), f"{at}: summary"),
                             ref=f"{rulings_doc}#{_text(r.get('anchor'), f'{at}: anchor')}"))
    ids = [e.id for e in entries]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise RuleError(f"{where}: ids given twice: {twice}")
    for e in entries:
        for t in e.taught_in:
            if t not in ids:
                raise RuleError(f"{where}: section {e.title!r} is taught_in {t!r}, which is "
                                "no section of the index")
    kinds = doc.get("kinds", {})
    if not isinstance(kinds, dict):
        raise RuleError(f"{where}: [kinds] must be a table of action class names")
    declared = []
    for name, targets in kinds.items():
        full = tuple(f"{game}/{t}" for t in _texts(targets, f"{where}: kinds.{name}"))
        unknown = [t for t in full if t not in ids]
        if unknown or not full:
            raise RuleError(f"{where}: kinds.{name} must name entries of the index (a "
                            f"section's slug or a ruling's number); not entries: {unknown}")
        declared.append((name, full))
    return RulesIndex(game=game, book=book, entries=tuple(entries), kinds=tuple(declared))


@functools.cache
def _index_of(cls: type) -> RulesIndex | None:
    name = getattr(cls, "RULEBOOK", "")
    if not name:
        return None
    return load_index(Path(inspect.getfile(cls)).parent / name, cls.NAME)


def rules_index(game: Any) -> RulesIndex | None:
    """The rules index of a game (a registered name, a game object or its class), or None
    for a game whose class names no ``RULEBOOK`` (a toy game). Read once, when first
    asked for."""
    if isinstance(game, str):
        from .registry import game_class

        cls = game_class(game)
    else:
        cls = game if isinstance(game, type) else type(game)
    return _index_of(cls)


def indexes(games: Iterable[str] | None = None) -> dict[str, RulesIndex]:
    """The rules index of every registered game that has one, by game name."""
    from .registry import GAMES

    found = {g: rules_index(g) for g in (GAMES if games is None else games)}
    return {g: ix for g, ix in found.items() if ix is not None}


__all__ = ["RULING", "SECTION", "Entry", "RulesIndex", "indexes", "load_index",
           "rules_index", "slug"]
