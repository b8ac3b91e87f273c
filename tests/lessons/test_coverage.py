"""The lessons' coverage (issue "Learn to play", item 4): every rulebook section is taught
by a step that waits for a move, or excused with the reason it cannot be; every step names
an entry of its game's rules index; docs/lessons.md is what tools/lesson_coverage.py
writes. Plus the coverage rules themselves, on a toy index and lesson."""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path

import pytest
import tl_toygame as toy

from treehouse_lab.lessons import Do, LessonPlan, Read, Teaches, kind
from treehouse_lab.lessons.catalog import plans
from treehouse_lab.lessons.coverage import (
    BY_BRANCH,
    EXCUSED,
    TAUGHT,
    THROUGH,
    UNTAUGHT,
    coverage,
    markdown,
    unknown_rule_ids,
    untaught,
)
from treehouse_lab.registry import GAMES
from treehouse_lab.rules_index import SECTION, Entry, RulesIndex, indexes, rules_index

ROOT = Path(__file__).resolve().parents[2]


def tool():
    spec = importlib.util.spec_from_file_location("lesson_coverage",
                                                  ROOT / "tools" / "lesson_coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", GAMES)
def test_every_section_is_taught_by_a_move_or_excused(game):
    left = untaught(rules_index(game), plans().values())
    assert not left, (f"{game}: sections neither taught by a step that waits for a move nor "
                      f"excused (see docs/lessons.md): {left}")


def test_every_step_names_an_entry_of_its_games_rules_index():
    assert unknown_rule_ids(indexes(), plans().values()) == []


def test_docs_lessons_md_is_what_the_tool_writes():
    page = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    assert page == tool().page(), "run python tools/lesson_coverage.py"


# -- the coverage rules, on a toy -----------------------------------------------------------

def section(slug: str, **kw) -> Entry:
    return Entry(id=f"toyrace/{slug}", kind=SECTION, title=slug.title(), summary="s", **kw)


INDEX = RulesIndex("toyrace", "Toy rulebook", (
    section("box", excused="a list of pieces"),
    section("turn", taught_in=("toyrace/roll", "toyrace/play")),
    section("roll", level=1),
    section("play", level=1),
    section("end"),
))
ROLL = kind(toy.Roll, "roll the die")


def plan(*steps) -> LessonPlan:
    return LessonPlan(id="toy", title="Toy", game="toyrace", bot="random", steps=steps)


def test_a_section_only_told_in_a_read_step_is_untaught():
    p = plan(Read("End", "The end.", rule_id="toyrace/end"),
             Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/roll"),
             Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/roll"))
    rows = {r.id: r for r in coverage(INDEX, [p])}
    assert rows["toyrace/box"].status == EXCUSED
    assert rows["toyrace/roll"].status == TAUGHT and len(rows["toyrace/roll"].moves) == 2
    assert rows["toyrace/end"].status == UNTAUGHT and rows["toyrace/end"].reads
    # "turn" is taught through roll and play, and play is taught by nothing
    assert rows["toyrace/turn"].status == UNTAUGHT
    assert untaught(INDEX, [p]) == ["toyrace/turn", "toyrace/play", "toyrace/end"]


def test_sections_taught_by_moves_or_through_their_parts_are_covered():
    p = plan(Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/roll"),
             Do("Play", "Play.", kind(toy.Play, "play"), hint="h", rule_id="toyrace/play"),
             Do("End", "Roll.", ROLL, hint="h", rule_id="toyrace/end"))
    rows = {r.id: r for r in coverage(INDEX, [p])}
    assert rows["toyrace/turn"].status == THROUGH
    assert untaught(INDEX, [p]) == []
    other_game = LessonPlan(id="x", title="x", game="other", bot="random", steps=p.steps)
    assert untaught(INDEX, [other_game]) == ["toyrace/turn", "toyrace/roll", "toyrace/play",
                                             "toyrace/end"]


def test_a_step_without_a_known_rule_id_is_named():
    p = plan(Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/rol"),
             Do("Roll", "Roll.", ROLL, hint="h"),
             Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/roll"))
    bad = unknown_rule_ids({"toyrace": INDEX}, [p])
    assert len(bad) == 2
    assert bad[0].startswith("toy, step 1 (Roll): 'toyrace/rol' is no entry")
    assert bad[1] == "toy, step 2 (Roll): no rule_id"


def test_a_section_taught_on_a_branch_counts_and_is_said_so():
    """``teaches``: a roll step teaches "play" only when the die allows it; the table says
    on which branch; without that entry the section (and "turn", made of it) is untaught."""
    on_six = Teaches("toyrace/play", "the die shows 6")
    p = plan(Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/roll", teaches=(on_six,)),
             Do("End", "Roll.", ROLL, hint="h", rule_id="toyrace/end"),
             Read("Told", "Told.", rule_id="toyrace/end", teaches=("toyrace/play",)))
    rows = {r.id: r for r in coverage(INDEX, [p])}
    assert rows["toyrace/play"].status == BY_BRANCH
    assert [str(m) for m in rows["toyrace/play"].moves] == [
        "toy, step 1 (Roll), when the die shows 6"]
    assert [str(m) for m in rows["toyrace/play"].reads] == ["toy, step 3 (Told)"]
    assert rows["toyrace/roll"].status == TAUGHT and rows["toyrace/turn"].status == THROUGH
    assert untaught(INDEX, [p]) == []
    twice = plan(p.steps[0], p.steps[0], p.steps[1])
    line = next(x for x in markdown({"toyrace": INDEX}, [twice], {}).splitlines()
                if x.startswith("| &nbsp;&nbsp;Play |"))
    assert ("| toy, step 1 (Roll), step 2 (Roll), each when the die shows 6 |  | "
            f"{BY_BRANCH} |") in line
    bare = dataclasses.replace(p.steps[0], teaches=())
    without = plan(bare, *p.steps[1:])
    assert untaught(INDEX, [without]) == ["toyrace/turn", "toyrace/play"]


def test_a_teaches_id_must_name_an_entry():
    p = plan(Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/roll",
                teaches=("toyrace/end", Teaches("toyrace/pley", "the die shows 6"))),
             Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/roll",
                teaches=("toyrace/ende",)),
             Do("Roll", "Roll.", ROLL, hint="h", rule_id="toyrace/roll"))
    bad = unknown_rule_ids({"toyrace": INDEX}, [p])
    assert [b.split(": ", 1)[0] for b in bad] == ["toy, step 1 (Roll)", "toy, step 2 (Roll)"]
    assert "'toyrace/pley' is no entry" in bad[0] and "'toyrace/ende' is no entry" in bad[1]


def without_teaching(rule_id: str):
    """Every lesson plan, with ``rule_id`` taken out of every step's ``teaches``."""
    out = []
    for p in plans().values():
        steps = tuple(dataclasses.replace(s, teaches=tuple(
            t for t in s.teaches if (t.rule_id if isinstance(t, Teaches) else t) != rule_id))
            for s in p.steps)
        out.append(dataclasses.replace(p, steps=steps))
    return out


@pytest.mark.parametrize("game,rule_id", [("pyramids", "pyramids/dig"),
                                          ("pyramids", "pyramids/additional-clarifications"),
                                          ("magical", "magical/vp-from-objective-tiles"),
                                          ("diner", "diner/symbol-overview")])
def test_the_real_lessons_fail_without_a_section_they_teach_only_through_teaches(game,
                                                                                rule_id):
    index = rules_index(game)
    assert rule_id not in untaught(index, plans().values())
    assert rule_id in untaught(index, without_teaching(rule_id))


def test_a_rule_id_that_follows_the_position_is_read_there_and_counted_by_teaches():
    """A step's rule_id may be a function of the position (the Rules panel entry of what
    the deal brought); the coverage counts only the fixed ids and the step's teaches."""
    from treehouse_lab.lessons.steps import fixed_rule_id, rule_id_at
    from treehouse_lab.lessons.tutor import Tutor

    by_die = Do("Roll", "Roll.", ROLL, hint="h", teaches=("toyrace/roll",),
                rule_id=lambda s, p: "toyrace/end" if s.is_terminal() else "toyrace/play")
    p = plan(by_die, Do("End", "Roll.", ROLL, hint="h", rule_id="toyrace/end"),
             Do("Play", "Play.", kind(toy.Play, "play"), hint="h", rule_id="toyrace/roll"))
    t = Tutor(p, seed=1, game=toy.ToyGame())
    assert t.rule_id() == "toyrace/play" == rule_id_at(by_die, t.state, t.seat)
    assert fixed_rule_id(by_die) == "" and fixed_rule_id(p.steps[1]) == "toyrace/end"
    rows = {r.id: r for r in coverage(INDEX, [p])}
    assert rows["toyrace/roll"].status == TAUGHT and len(rows["toyrace/roll"].moves) == 2
    assert rows["toyrace/play"].status == UNTAUGHT  # what the function says is not counted
    assert unknown_rule_ids({"toyrace": INDEX}, [p]) == []
