"""Which lesson steps teach which rulebook section: the lessons' coverage (docs/lessons.md).

Why: a lesson is meant to teach the whole rulebook by the learner's own moves. Each step
names its rule (``rule_id``, an entry of the game's rules index, treehouse_lab/rules_index.py)
and every other section its move teaches (``teaches``, some only on a branch of the deal,
:class:`~.steps.Teaches`); this module maps every section of the index to the steps naming
it, and says for each whether it is taught by a step that waits for a move (on every deal,
or on the branch named), taught through the sections that make it up (``taught_in``), or
excused with the index's reason (``excused``: a list of the box's pieces, a set-up dealt by
chance, a tie that needs a rare deal). A section that is none of these is *untaught*:
tests/lessons/test_coverage.py fails on it, and
``tools/lesson_coverage.py`` writes the tables of docs/lessons.md from this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from ..rules_index import RulesIndex
from .steps import LessonPlan, Step, Teaches, fixed_rule_id

TAUGHT = "taught"
BY_BRANCH = "taught when the deal brings it"
THROUGH = "taught through its parts"
EXCUSED = "excused"
UNTAUGHT = "UNTAUGHT"


@dataclass(frozen=True)
class StepRef:
    """A step of a lesson, as the tables name it: "diner, step 3 (Fetch ingredients)", and
    for a section it teaches only on a branch, which: "..., when the die shows Tip"."""

    lesson: str
    number: int
    title: str
    waits: bool
    when: str = ""

    def __str__(self) -> str:
        said = f"{self.lesson}, step {self.number} ({self.title})"
        return f"{said}, when {self.when}" if self.when else said


def taught_by(step: Step) -> list[tuple[str, str]]:
    """The sections ``step`` names, each with the branch it is taught on ("" for every
    deal): its ``rule_id`` first, then its ``teaches``."""
    fixed = fixed_rule_id(step)  # a rule_id that follows the deal counts by its teaches
    out = [(fixed, "")] if fixed else []
    for t in step.teaches:
        out.append((t.rule_id, t.when) if isinstance(t, Teaches) else (t, ""))
    return out


@dataclass(frozen=True)
class Row:
    """One section's line of a game's table."""

    id: str
    title: str
    level: int
    moves: tuple[StepRef, ...]
    reads: tuple[StepRef, ...]
    status: str
    note: str = ""


def steps_of(plans: Iterable[LessonPlan]) -> dict[str, list[StepRef]]:
    """Every step naming a rule, by the rule's id (its ``rule_id`` and its ``teaches``)."""
    out: dict[str, list[StepRef]] = {}
    for plan in plans:
        for k, step in enumerate(plan.steps, 1):
            for rule_id, when in taught_by(step):
                refs = out.setdefault(rule_id, [])
                if not any(r.lesson == plan.id and r.number == k for r in refs):
                    refs.append(StepRef(plan.id, k, step.title, step.waits, when))
    return out


def coverage(index: RulesIndex, plans: Iterable[LessonPlan]) -> list[Row]:
    """A row per section of ``index``, in the rulebook's order (module docstring)."""
    named = steps_of(p for p in plans if p.game == index.game)

    def covered(rule_id: str, seen: frozenset[str] = frozenset()) -> bool:
        entry = index[rule_id]
        if any(s.waits for s in named.get(rule_id, ())):
            return True
        if entry.taught_in and rule_id not in seen:
            return all(covered(t, seen | {rule_id}) for t in entry.taught_in)
        return bool(entry.excused)

    rows = []
    for e in index.sections:
        refs = named.get(e.id, [])
        moves = tuple(s for s in refs if s.waits)
        reads = tuple(s for s in refs if not s.waits)
        if any(not s.when for s in moves):
            state, note = TAUGHT, ""
        elif moves:
            state, note = BY_BRANCH, ""
        elif e.taught_in:
            names = ", ".join(index[t].title for t in e.taught_in)
            ok = covered(e.id)
            state = THROUGH if ok else UNTAUGHT
            note = names if ok else f"taught through {names}, but not all of them are"
        elif e.excused:
            state, note = EXCUSED, e.excused
        else:
            state, note = UNTAUGHT, "no step waits for a move of this section"
        rows.append(Row(e.id, e.title, e.level, moves, reads, state, note))
    return rows


def untaught(index: RulesIndex, plans: Iterable[LessonPlan]) -> list[str]:
    """The ids of the sections neither taught by a move nor excused."""
    return [r.id for r in coverage(index, plans) if r.status == UNTAUGHT]


def unknown_rule_ids(indexes: Mapping[str, RulesIndex],
                     plans: Iterable[LessonPlan]) -> list[str]:
    """Steps whose ``rule_id`` is missing, or whose ``rule_id`` or ``teaches`` names no
    entry of their game's index, as
    sentences ("diner, step 3 (...): 'diner/pantry' is no entry of the diner rules index")."""
    bad = []
    for plan in plans:
        index = indexes.get(plan.game)
        if index is None:
            continue
        for k, step in enumerate(plan.steps, 1):
            ref = StepRef(plan.id, k, step.title, step.waits)
            if not step.rule_id:
                bad.append(f"{ref}: no rule_id")
            for rule_id, _when in taught_by(step):
                if rule_id not in index:
                    bad.append(f"{ref}: {rule_id!r} is no entry of the {plan.game} rules "
                               "index (section ids follow the convention of "
                               "treehouse_lab/rules_index.py)")
    return bad


def _cell(refs: Iterable[StepRef]) -> str:
    """The steps of a table cell; those of one lesson teaching on the same branch said once
    ("treehouse, step 2 (Use your roll), step 3 (...), each when the die shows Tip")."""
    said: list[str] = []
    branches: dict[tuple[str, str], list[StepRef]] = {}
    for r in refs:
        if not r.when:
            said.append(str(r))
        elif (r.lesson, r.when) not in branches:
            branches[(r.lesson, r.when)] = [r]
            said.append("")  # the branch's place in the cell, filled below
        else:
            branches[(r.lesson, r.when)].append(r)
    groups = iter(branches.values())
    for k, text in enumerate(said):
        if not text:
            group = next(groups)
            steps = ", ".join(f"step {r.number} ({r.title})" for r in group)
            each = "each when" if len(group) > 1 else "when"
            said[k] = f"{group[0].lesson}, {steps}, {each} {group[0].when}"
    return "; ".join(said)


def markdown(indexes: Mapping[str, RulesIndex], plans: Iterable[LessonPlan],
             titles: Mapping[str, str]) -> str:
    """docs/lessons.md: a table per game (``titles``: each game's title)."""
    plans = list(plans)
    out = [
        "# What the lessons teach",
        "",
        "Written by `python tools/lesson_coverage.py` from each game's rules index",
        "(`treehouse_lab/games/<game>/rulebook.toml`) and its lessons; do not edit by hand",
        "(tests/lessons/test_coverage.py checks that this page is what the tool writes).",
        "",
        "Each table maps every section of the game's rulebook to the lesson steps that teach",
        "it. *Taught* means a step waits for the learner's move on it; *taught when the",
        "deal brings it* means the step's move teaches it on the branch named (the die",
        "shows its face, the order taken has its effect) and another section on the other",
        "branches; a section made of parts is *taught through its parts*; an *excused*",
        "section cannot be taught by a move, for the reason given. A step that only tells a",
        "section (a Read step) is listed but does not count. Every section must be taught",
        "or excused:",
        "sections marked **UNTAUGHT** make the coverage test fail.",
        "",
    ]
    for game, index in indexes.items():
        mine = [p for p in plans if p.game == game]
        rows = coverage(index, mine)
        out += [f"## {titles.get(game, game)} ({index.book})", ""]
        out.append("Lessons: " + (", ".join(f"`{p.id}`" for p in mine) or "none yet") + ".")
        left = [r for r in rows if r.status == UNTAUGHT]
        out += [f"Untaught sections: {len(left)} of {len(rows)}.", ""]
        out += ["| Section | Taught by a move | Told in a Read step | Status |",
                "|---|---|---|---|"]
        for r in rows:
            title = "&nbsp;&nbsp;" * r.level + r.title.replace("|", "\\|")
            status = f"**{r.status}**" if r.status == UNTAUGHT else r.status
            if r.note:
                status += f": {r.note}"
            out.append(f"| {title} | {_cell(r.moves)} | {_cell(r.reads)} | {status} |")
        out.append("")
    return "\n".join(out)


__all__ = ["BY_BRANCH", "EXCUSED", "TAUGHT", "THROUGH", "UNTAUGHT", "Row", "StepRef",
           "coverage", "markdown", "steps_of", "taught_by", "unknown_rule_ids", "untaught"]
