"""Issue 17, item 16: error messages stay short whatever the input's size.

A 4,000-digit number gave a 4,040-character message (and past 4,300 digits a plain
``ValueError`` from Python's int-to-str limit); 10^5 unknown option names gave a
988,963-character message. Both are clipped now, as are the other messages that echoed an
unbounded input.
"""

from __future__ import annotations

import pytest

import treehouse_lab as tl
from treehouse_lab.core.counting import hypergeometric_at_least
from treehouse_lab.core.jsonio import expect_dict, expect_int

SHORT = 300


@pytest.mark.parametrize("digits", [4_000, 5_000, 100_000])
def test_expect_int_quotes_a_huge_number_briefly(digits):
    with pytest.raises(tl.RuleError) as err:
        expect_int(10 ** digits, "match.seed", 0, 2**63)
    assert len(str(err.value)) < SHORT
    assert "digits" in str(err.value) and "match.seed" in str(err.value)


def test_a_huge_seed_in_a_match_save_is_refused_briefly():
    save = tl.Match(tl.load_game("backyard")).to_json()
    save["seed"] = 10 ** 5_000
    with pytest.raises(tl.RuleError) as err:
        tl.Match.from_json(save)
    assert len(str(err.value)) < SHORT


def test_unknown_options_are_listed_briefly():
    options = {f"k{i}": 1 for i in range(10**5)}
    with pytest.raises(tl.RuleError) as err:
        tl.load_game("backyard", **options)
    text = str(err.value)
    assert len(text) < SHORT, len(text)
    assert "unknown option 'k0', 'k1'" in text and "and 99992 more" in text
    assert "options are: achievement_cards" in text


def test_one_unknown_option_is_named_alone():
    with pytest.raises(tl.RuleError, match=r"unknown option 'playrs'; options are"):
        tl.load_game("backyard", playrs=3)


def test_unknown_save_fields_are_listed_briefly():
    with pytest.raises(tl.RuleError) as err:
        expect_dict({f"x{i}": 0 for i in range(10**5)} | {"a": 1}, "state", {"a"})
    assert len(str(err.value)) < SHORT and "and 99992 more" in str(err.value)


def test_undo_and_counting_quote_huge_numbers_briefly():
    match = tl.Match(tl.load_game("backyard"))
    with pytest.raises(tl.RuleError) as err:
        match.undo(10 ** 5_000)
    assert len(str(err.value)) < SHORT
    with pytest.raises(tl.RuleError) as err:
        hypergeometric_at_least(10 ** 5_000, 3, 2)
    assert len(str(err.value)) < SHORT


class LongWinded:
    """A bot whose RuleError carries 100,000 characters (the issue's 100,046-character
    message was one of these, passed on whole)."""

    name = "longwinded"

    def choose(self, state, rng, player):
        raise tl.RuleError("x" * 100_000)


def test_a_bots_long_rule_error_is_clipped_in_a_match():
    match = tl.Match(tl.load_game("backyard", players=2), seed=1,
                     bots={0: LongWinded(), 1: LongWinded()})
    with pytest.raises(tl.RuleError) as err:
        match.run()
    assert len(str(err.value)) < SHORT
    assert "'longwinded' failed: xxx" in str(err.value)


def test_a_bots_long_rule_error_is_clipped_in_a_run():
    with pytest.raises(tl.RuleError) as err:
        tl.simulate(tl.load_game("backyard", players=2), 2, bots=LongWinded(),
                    progress=False, workers=1)
    assert len(str(err.value)) < SHORT
    assert "game 0 of the run" in str(err.value)
    assert "'longwinded' failed: xxx" in str(err.value)
