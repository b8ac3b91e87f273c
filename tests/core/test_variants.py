"""Per-student variants (issue 47, item 3): ``tl.exercises.student(name)`` gives each
exercise with variants the student's own numbers, picked by the name, graded exactly, and
proven by completion codes the teacher's key verifies; with no name nothing changes.

Every variant's answer is worked here again, independently of the package: by brute force
over the engine's cards and arrangements where that is feasible, and by a formula with the
engine's counts where it is not (hands of 8 from 96 cards)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb, factorial, prod
from typing import Any, Callable, Mapping

import pytest

import treehouse_lab as tl
from treehouse_lab import completion, exercises, variants
from treehouse_lab.errors import RuleError
from treehouse_lab.games.backyard import exercises as backyard_exercises  # noqa: F401
from treehouse_lab.games.diner import exercises as diner_exercises  # noqa: F401
from treehouse_lab.games.magical import exercises as magical_exercises  # noqa: F401

#: One exercise with variants per game, at least (item 3: "at least one per game").
PER_GAME = {"quartet-two-positions": "treehouse-exercises.ipynb",
            "hands-worth-21": "backyard-exercises.ipynb",
            "joker-options": "treehouse-diner-exercises.ipynb",
            "one-spell": "magical-treehouse-exercises.ipynb"}


# -- the answers, worked again ----------------------------------------------------------

def _compositions(n: int, k: int) -> list[tuple[int, ...]]:
    if k == 1:
        return [(n,)] if n >= 1 else []
    return [(first,) + rest for first in range(1, n) for rest in _compositions(n - first, k - 1)]


def _positions(params: Mapping[str, Any]) -> int:
    """Arrangements of n pieces in exactly k positions: by the engine's model (every
    arrangement), and by hand (sizes left to right; which pieces go where; 3 shapes for a
    lone piece, s! orders for a stack of s), which must agree."""
    from treehouse_lab.games.pyramids.arrangement import all_arrangements

    n, k = params["pieces"], params["positions"]
    model = sum(1 for a in all_arrangements(n) if len(a) == k)
    by_hand = sum(factorial(n) // prod(factorial(s) for s in sizes)
                  * prod(3 if s == 1 else factorial(s) for s in sizes)
                  for sizes in _compositions(n, k))
    assert model == by_hand
    return model


def _hands_worth(params: Mapping[str, Any]) -> int:
    game = tl.load_game("backyard", players=3)
    points = [sum(f.number for f in game.card_set[c].floors) for c in game.deck_cards]
    assert len(points) == 32
    return sum(1 for hand in combinations(points, 3) if sum(hand) == params["points"])


def _joker_stacks(params: Mapping[str, Any]) -> int:
    """Different stacks of 4 (multisets of the supply's tokens), plus 2 Daisies; and the
    engine's own joker moves must build exactly as many."""
    from treehouse_lab.games.diner import counting

    supply = params["supply"]
    tokens = [kind for kind, n in supply.items() for _ in range(n)]
    fours = {tuple(sorted(c)) for c in combinations(tokens, 4)}
    count = len(fours) + (1 if supply.get("daisy", 0) >= 2 else 0)
    assert count == len(counting.engine_joker_stacks(supply))
    return count


def _exactly_k(params: Mapping[str, Any]) -> Fraction:
    """C(m, k) C(96 - m, 8 - k) / C(96, 8), m counted from the engine's cards (96 choose 8
    hands are too many to list); the engine's own distribution must agree."""
    from treehouse_lab.games.magical import counting

    game = tl.load_game("magical", players=3)
    what = params["what"]

    def marked(card: Any) -> bool:
        return card.kind == "spell" if what == "spell" else card.colour == what

    cards = list(game.cards.values())
    m, k = sum(map(marked, cards)), params["k"]
    assert len(cards) == 96 and m == params["marked"]
    answer = Fraction(comb(m, k) * comb(96 - m, 8 - k), comb(96, 8))
    assert answer == counting.opening_hand(game, marked)[k]
    return answer


SOLVE: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "quartet-two-positions": _positions, "hands-worth-21": _hands_worth,
    "joker-options": _joker_stacks, "one-spell": _exactly_k}
#: Today's numbers, as the notebooks print them.
TODAY = {"quartet-two-positions": {"pieces": 4, "positions": 2},
         "hands-worth-21": {"points": 21},
         "joker-options": {"supply": {"dandelion": 3, "acorn": 1, "mushroom": 1, "daisy": 3}},
         "one-spell": {"k": 1, "what": "spell", "marked": 8}}


def _name_for(eid: str, number: int) -> str:
    """A name that gets numbers ``number`` of ``eid``."""
    count = len(variants.choices(eid))
    return next(f"Student {i}" for i in range(10_000)
                if completion.variant_number(f"Student {i}", eid, count) == number)


@pytest.fixture(autouse=True)
def _fresh():
    """Every test starts and ends with no student named and nothing solved."""
    variants.student(None)
    exercises.forget_progress()
    yield
    variants.student(None)
    exercises.forget_progress()


# -- the tests ----------------------------------------------------------------------------

def test_one_exercise_per_game_has_variants_none_with_todays_numbers() -> None:
    assert set(PER_GAME) <= set(variants.with_variants())
    for eid, notebook in PER_GAME.items():
        choices = variants.choices(eid)
        assert len(choices) >= 5, eid
        assert all(params != TODAY[eid] for _, params, _ in choices), eid
        assert notebook in variants.student("Ada Lovelace")


def test_the_same_name_gets_the_same_numbers_in_any_spelling_of_it() -> None:
    first = variants.student("Ada Lovelace")
    for eid in PER_GAME:
        assert variants.numbers_for("Ada Lovelace", eid)[1].text in first
    variants.student(None)
    assert variants.student("  ada   LOVELACE ").replace("ada   LOVELACE", "x") != first
    for eid in PER_GAME:
        assert variants.numbers_for("  ada   LOVELACE ", eid) == \
            variants.numbers_for("Ada Lovelace", eid)
        assert exercises.exercise(eid).prompt == variants.numbers_for("Ada Lovelace", eid)[1].text


def test_different_names_get_different_numbers_for_most_names() -> None:
    names = [f"{first} {last}" for first in ("Ada", "Ben", "Chloe", "Dev", "Eun", "Femi")
             for last in ("Lovelace", "Okafor", "Park", "Silva", "Young")]
    for eid in PER_GAME:
        numbers = [variants.numbers_for(n, eid)[0] for n in names]
        assert len(set(numbers)) == len(variants.choices(eid)), eid  # every set is used
        pairs = list(combinations(numbers, 2))
        assert sum(a != b for a, b in pairs) / len(pairs) > 0.7, eid


def test_no_name_keeps_todays_numbers_digests_and_answers() -> None:
    before = {eid: exercises.exercise(eid) for eid in PER_GAME}
    assert all(b.prompt == "" for b in before.values())
    variants.student("Ada Lovelace")
    assert all(exercises.exercise(eid) != before[eid] for eid in PER_GAME)
    assert variants.student(None).startswith("Every exercise has the numbers printed")
    for eid in PER_GAME:
        assert exercises.exercise(eid) == before[eid]  # same salt, digest, hints
        assert exercises.grade(eid, SOLVE[eid](TODAY[eid])).correct is True


@pytest.mark.parametrize("eid", sorted(PER_GAME))
def test_every_variant_is_graded_exactly_and_todays_answer_is_refused(eid: str) -> None:
    today = SOLVE[eid](TODAY[eid])
    answers = []
    for number, params, text in variants.choices(eid):
        name = _name_for(eid, number)
        variants.student(name)
        mine = SOLVE[eid](params)
        answers.append(mine)
        assert exercises.exercise(eid).prompt == text
        copied = exercises.grade(eid, today)
        assert copied.correct is False and "numbers printed in the notebook" in copied.message
        assert text in copied.message
        wrong = exercises.grade(eid, mine + 1)
        assert wrong.correct is False and "Hint:" in wrong.message
        assert exercises.grade(eid, mine).correct is True
        stored = repr(variants.numbers_for(name, eid)[1])  # digests, never the answer
        assert exercises.canonical(mine) not in stored and 'Fraction' not in stored
    assert today not in answers and len(set(answers)) > 1


def test_a_variants_completion_code_verifies_with_the_key_and_not_for_another_name() -> None:
    eid = "hands-worth-21"
    key = {eid: exercises.canonical(SOLVE[eid](TODAY[eid]))}
    for number, params, _ in variants.choices(eid):
        key[f"{eid}~{number}"] = exercises.canonical(SOLVE[eid](params))
    key = completion.load_key(key)
    ada = "Ada Lovelace"
    number, numbers = variants.numbers_for(ada, eid)
    variants.student(ada)
    assert exercises.grade(eid, SOLVE[eid](numbers.params)).correct
    code = exercises.completion_code("ada lovelace")
    report = completion.verify_code(code, ada, key)
    assert report.valid and report.solved == [eid] and report.results[0].variant
    # without the variants in the key the code proves nothing
    today_only = completion.verify_code(code, ada, {eid: key[eid]})
    assert not today_only.valid and f"exercise {eid} not proven" in today_only.problem
    # another student, given Ada's numbers and answer, is not proven
    bob = next(n for n in ("Bob", "Bea", "Bill", "Bo") if
               variants.numbers_for(n, eid)[0] != number)
    forged = completion.make_code(bob, {eid: (exercises.accepted_answers()[eid], 1)})
    assert completion.verify_code(code, bob, key).problem.startswith("name mismatch")
    assert f"exercise {eid} not proven" in completion.verify_code(forged, bob, key).problem
    # and a code for another name is refused while Ada is the student, changing nothing
    with pytest.raises(RuleError, match="make your code with that name"):
        exercises.completion_code(bob)
    # today's answer, with no name, still verifies as today's
    variants.student(None)
    assert exercises.grade(eid, SOLVE[eid](TODAY[eid])).correct
    plain = completion.verify_code(exercises.completion_code(bob), bob, key)
    assert plain.valid and not plain.results[0].variant


def test_a_new_name_starts_again_and_a_bad_name_changes_nothing() -> None:
    eid = "joker-options"
    exercises.grade(eid, SOLVE[eid](TODAY[eid]))
    variants.student("Ada Lovelace")       # opting in keeps what was solved before
    assert exercises.progress()[eid].solved
    with pytest.raises(RuleError, match="name"):
        variants.student("")
    assert variants.current_student() == "Ada Lovelace" and exercises.progress()
    variants.student("ADA lovelace")       # the same student
    assert exercises.progress()
    variants.student("Ben Okafor")         # a new student: nothing solved
    assert exercises.progress() == {}


def test_tl_exercises_student_and_the_answer_box_show_the_numbers() -> None:
    from treehouse_lab.boards.answer_box import AnswerBox

    shown = tl.exercises.student("Ada Lovelace")
    text = variants.numbers_for("Ada Lovelace", "one-spell")[1].text
    assert f"one-spell: {text}" in shown and "Ada Lovelace" in repr(shown)
    box = AnswerBox("one-spell")
    assert box.numbers == f"Your numbers: {text}" and box.student == "Ada Lovelace"
    assert AnswerBox("spell-and-pipe").numbers == ""  # no variants: today's numbers
    tl.exercises.student(None)
    assert AnswerBox("one-spell").numbers == "" and AnswerBox("one-spell").student == ""


def test_verify_on_the_command_line_says_own_numbers(tmp_path, capsys) -> None:
    import json

    from treehouse_lab.__main__ import main

    eid = "joker-options"
    key = {eid: exercises.canonical(SOLVE[eid](TODAY[eid]))}
    key.update({f"{eid}~{n}": exercises.canonical(SOLVE[eid](p))
                for n, p, _ in variants.choices(eid)})
    variants.student("Ada Lovelace")
    exercises.grade(eid, SOLVE[eid](variants.numbers_for("Ada Lovelace", eid)[1].params))
    code = exercises.completion_code("Ada Lovelace")
    (tmp_path / "key.json").write_text(json.dumps(key))
    (tmp_path / "codes.csv").write_text(f"name,code\nAda Lovelace,{code}\n")
    assert main(["verify", str(tmp_path / "codes.csv"), "--key",
                 str(tmp_path / "key.json")]) == 0
    assert f"Ada Lovelace: valid: solved 1: {eid} (own numbers, 1 attempt)" in \
        capsys.readouterr().out
