"""The arrangement model against the rulebook's and the rulings' own numbers.

Counts are checked against an independent brute-force generator written here, never
against numbers copied from the code; the only hard-coded numbers are the ones the
rulebook and the rulings state (204, Hop 4, Swap 3, Dig example 5, Hop example 4).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import treehouse_lab as tl
from treehouse_lab.games.pyramids.arrangement import (
    ACTIONS,
    FACES,
    Arrangement,
    all_arrangements,
    can,
    moves,
    piece_set,
    results,
)

A = Arrangement.parse


def brute_force_texts(pieces: str) -> set[str]:
    """Every line of positions, built position by position from the left: a position is
    any non-empty ordered selection of the unused pieces standing up, or one unused piece
    lying left or right. An independent way to enumerate (the model cuts permutations)."""
    out: set[str] = set()

    def extend(prefix: list[str], unused: frozenset[str]) -> None:
        if not unused:
            out.add(" ".join(prefix))
            return
        for size in range(1, len(unused) + 1):
            for stack in itertools.permutations(sorted(unused), size):
                rest = unused - set(stack)
                extend(prefix + ["".join(stack)], rest)
                if size == 1:
                    extend(prefix + ["<" + stack[0]], rest)
                    extend(prefix + [stack[0] + ">"], rest)

    extend([], frozenset(pieces))
    return out


# -- notation -------------------------------------------------------------------------

def test_trio_has_204_arrangements_as_the_rulings_say():
    assert len(all_arrangements()) == 204
    assert len(set(all_arrangements())) == 204


def test_every_canonical_text_round_trips():
    texts = brute_force_texts("SML")
    assert len(texts) == 204
    for s in texts:
        assert str(A(s)) == s
        assert A(s) == A(s) and hash(A(s)) == hash(A(s))
    assert {str(a) for a in all_arrangements()} == texts


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_counts_match_brute_force(n):
    pieces = piece_set(n)
    assert len(pieces) == n
    got = all_arrangements(n)
    assert {str(a) for a in got} == brute_force_texts(pieces)
    assert list(got) == sorted(got)


def test_piece_sets_documented():
    assert piece_set(1) == "S" and piece_set(3) == "SML" and piece_set(4) == "ABCD"
    assert all_arrangements("SML") == all_arrangements(3) == all_arrangements()


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("L  S M", "single spaces"),
        (" LMS", "start or end"),
        ("LMS ", "start or end"),
        ("LMs", "unknown piece"),
        ("L1S", "unknown piece"),
        ("LML", "twice"),
        ("L S L>", "twice"),
        ("<LM", "arrow on the stack"),
        ("LM>", "arrow on the stack"),
        ("<S>", "wrong place"),
        ("L<S", "wrong place"),
        ("<", "no piece"),
        ("L >", "no piece"),
    ],
)
def test_malformed_text_says_what_is_wrong(text, words):
    with pytest.raises(tl.RuleError, match=words):
        A(text)


def test_exact_piece_set():
    assert str(A("L> S M", pieces="SML")) == "L> S M"
    with pytest.raises(tl.RuleError, match="missing piece"):
        A("L> S", pieces="SML")
    with pytest.raises(tl.RuleError, match="unknown piece"):
        A("L> S M X", pieces="SML")
    with pytest.raises(tl.RuleError):
        A(42)  # type: ignore[arg-type]


def test_immutable_hashable_ordered():
    a = A("L> S M")
    with pytest.raises(AttributeError):
        a.x = 1  # type: ignore[attr-defined]
    assert {a: 1}[A("L> S M")] == 1
    assert A("LMS") < A("MLS")
    assert Arrangement.tree() == A("LMS") and A("LMS").is_tree()
    assert Arrangement([("LM", "^"), ("S", ">")]) == A("LM S>")
    with pytest.raises(tl.RuleError):
        Arrangement([("LM", ">")])


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.sampled_from(all_arrangements(n))))
def test_round_trip_any_size(a):
    assert A(str(a)) == a
    assert sorted(a.pieces) == sorted(piece_set(len(a.pieces)))


# -- the rulebook's counts ----------------------------------------------------------

def test_tree_can_hop_4_ways_and_swap_3_ways():
    assert len(results("LMS", "hop")) == 4
    assert len(results("LMS", "swap")) == 3
    assert {str(r) for r in results("LMS", "swap")} == {"LSM", "MLS", "SML"}
    # "Moving the Small piece to the bottom is NOT a valid way to Swap a Tree"
    assert A("SLM") not in results("LMS", "swap")


def test_dig_example_has_5_ways():
    # A) in place, B) under the Small, C) between the other two, D) under the Medium,
    # E) to the end of the line: the Large lies pointing right, then the Small, the Medium
    got = {m.text: str(m.result) for m in moves("L> S M", "dig")}
    assert got == {
        "Dig the Large in place": "L S M",
        "Dig the Large under the Small": "LS M",
        "Dig the Large between the Small and the Medium": "S L M",
        "Dig the Large under the Medium": "S LM",
        "Dig the Large to the right end of the line": "S M L",
    }
    assert len(results("L> S M", "dig")) == 5


def test_hop_example_has_4_ways_for_the_medium():
    # "onto the Large, between the Large and Small, onto the Small, or to the end of the
    # line": the Medium stands at the left of the Large and the Small.
    mine = [m for m in moves("M L S", "hop") if m.piece == "M"]
    assert {str(m.result) for m in mine} == {"LM S", "L M S", "L SM", "L S M"}
    assert len({m.result for m in mine}) == 4


def test_tip_of_the_tree_both_ways():
    got = {m.text: str(m.result) for m in moves("LMS", "tip")}
    assert got == {"Tip the Tree to the right": "L> M> S>",
                   "Tip the Tree to the left": "<S <M <L"}


def test_aim_stack_top_variant():
    assert {str(r) for r in results("LMS", "aim")} == {"<S LM", "LM S>"}
    assert results("LMS", "aim", aim_stack_top=False) == frozenset()
    assert not can("LMS", "aim", aim_stack_top=False)
    # a lone piece turns to either other direction
    assert {str(r) for r in results("<S LM", "aim", aim_stack_top=False)} == {"S LM", "S> LM"}
    assert {str(r) for r in results("<S LM", "aim")} == {"S LM", "S> LM", "<S <M L", "<S L M>"}


def test_hop_lands_on_lying_piece_standing_it_up():
    assert A("LM S") in results("L> S M", "hop")  # the Large stands up under the Medium
    assert A("L> SM") in results("L> S M", "hop")  # the Medium onto the upright Small


def test_hop_onto_lying_variant_lands_only_in_gaps_and_on_upright_positions():
    """Ruling R20: with ``hop_onto_lying=False`` a Hop never lands on a lying piece; every
    other Hop stays. From the Dig example the Small and the Medium lose the Large."""
    both = results("L> S M", "hop")
    upright_only = results("L> S M", "hop", hop_onto_lying=False)
    assert both - upright_only == {A("LS M"), A("LM S")}
    assert {str(r) for r in upright_only} == {"S L> M", "L> M S", "L> MS", "M L> S",
                                              "L> SM"}
    assert all(m.dest != "on:L" for m in moves("L> S M", "wild", hop_onto_lying=False))
    # nothing but Hop changes, and a line with nothing lying is not touched
    for face in ("tip", "aim", "dig", "swap"):
        assert results("L> S M", face) == results("L> S M", face, hop_onto_lying=False)
    assert results("M L S", "hop") == results("M L S", "hop", hop_onto_lying=False)
    # a lone upright piece beside lying ones can still Hop to a gap
    assert can("<L S <M", "hop", hop_onto_lying=False)
    assert results("<L S <M", "hop", hop_onto_lying=False) == {A("S <L <M"), A("<L <M S")}


def test_dig_example_wild_counts_17_and_16_without_hopping_onto_lying():
    """The exercise ``dig-example-wild``: Wild on the Dig example makes 17 lines when a Hop
    may land on the lying Large (the default), and 16 when it may not: "Hop the Medium onto
    the Large" (``LM S``) is the one line no other action makes ("Hop the Small onto the
    Large" leaves ``LS M``, which the Large's Dig under the Small makes too)."""
    wild = results("L> S M", "wild")
    upright_only = results("L> S M", "wild", hop_onto_lying=False)
    union = frozenset().union(*(results("L> S M", x, hop_onto_lying=False) for x in ACTIONS))
    assert upright_only == union
    assert wild - upright_only == {A("LM S")}
    assert (len(wild), len(upright_only)) == (17, 16)


def test_swap_keeps_orientation_except_into_a_stack():
    got = {m.text: str(m.result) for m in moves("<S LM", "swap")}
    assert got == {
        # the upright piece keeps standing on the lying piece's spot; the lying piece
        # stands up as it enters the stack
        "Swap the Small and the Large": "L SM",
        "Swap the Small and the Medium": "M LS",
        "Swap the Large and the Medium": "<S ML",
    }


def test_dig_under_a_lying_piece_stands_both_up():
    assert A("<S LM") in results("<S L> <M", "dig")
    assert A("MS L") in results("<S <M L", "dig")  # the Small stands up on the Medium
    assert {str(m.result) for m in moves("<S M", "swap")} == {"M <S"}


# -- laws for every arrangement -----------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_laws_over_every_arrangement(n):
    every = all_arrangements(n)
    for a in every if n < 4 else every[::5]:  # n = 4: a fifth of them keeps it quick
        for action in FACES:
            for flag in (True, False) if n < 4 else (True,):
                ms = moves(a, action, aim_stack_top=flag)
                texts = [m.text for m in ms]
                assert len(texts) == len(set(texts)), (a, action)
                assert len({(m.piece, m.result) for m in ms}) == len(ms)
                for m in ms:
                    assert m.result != a, f"null move {m.text} from {a}"
                    assert A(str(m.result)) == m.result
                    assert sorted(m.result.pieces) == sorted(a.pieces)
                    assert action == "wild" or m.action == action
        assert len(results(a, "swap")) == n * (n - 1) // 2
        assert results(a, "wild") == frozenset().union(*(results(a, x) for x in ACTIONS))


def test_swap_always_exactly_3_for_a_trio():
    assert {len(results(a, "swap")) for a in all_arrangements()} == {3}


def test_dig_never_goes_backwards():
    for a in all_arrangements(4):
        for m in moves(a, "dig"):
            i, _ = a.locate(m.piece)
            if a[i].facing == ">":
                assert m.result.positions[:i] == a.positions[:i], (a, m.text)
            else:
                tail = len(a) - i - 1
                if tail:
                    assert m.result.positions[-tail:] == a.positions[-tail:], (a, m.text)


def test_tip_and_hop_need_an_upright_piece_dig_a_lying_one():
    for a in all_arrangements():
        upright = any(p.upright for p in a)
        lying = any(not p.upright for p in a)
        assert can(a, "tip") == upright == can(a, "hop")
        assert can(a, "dig") == lying
        assert can(a, "aim") and can(a, "swap")


def test_unknown_action():
    with pytest.raises(tl.RuleError, match="unknown action"):
        moves("LMS", "jump")
