"""core.jsonio: strict readers whose errors name the field."""

from __future__ import annotations

import pytest

import treehouse_lab as tl
from treehouse_lab.core.jsonio import (
    expect_bool,
    expect_dict,
    expect_int,
    expect_list,
    expect_optional_int,
    expect_str,
)


def test_expect_dict():
    assert expect_dict({"a": 1}, "x", {"a"}) == {"a": 1}
    d = {"a": 1}
    assert expect_dict(d, "x") is not d  # a copy: the caller's data is never changed
    with pytest.raises(tl.RuleError, match=r"^x: expected an object, got list"):
        expect_dict([], "x")
    with pytest.raises(tl.RuleError, match="missing field.*b"):
        expect_dict({"a": 1}, "x", {"a", "b"})
    with pytest.raises(tl.RuleError, match="unknown field.*zz"):
        expect_dict({"a": 1, "zz": 2}, "x", {"a"})


def test_expect_dict_with_odd_keys_still_raises_rule_error():
    with pytest.raises(tl.RuleError):
        expect_dict({1: "a", "b": 2, None: 3}, "x", {"b"})


@pytest.mark.parametrize("bad", [True, False, 1.0, "1", None, [1]])
def test_expect_int_rejects_non_integers(bad):
    with pytest.raises(tl.RuleError, match="^where: expected a whole number"):
        expect_int(bad, "where")


def test_expect_int_range():
    assert expect_int(3, "n", 0, 3) == 3 and expect_int(-5, "n") == -5
    with pytest.raises(tl.RuleError, match=r"n: 4 is out of range 0\.\.3"):
        expect_int(4, "n", 0, 3)
    with pytest.raises(tl.RuleError, match="out of range"):
        expect_int(-1, "n", lo=0)
    assert expect_optional_int(None, "n", 0, 3) is None
    with pytest.raises(tl.RuleError):
        expect_optional_int(9, "n", 0, 3)


def test_expect_bool_and_str():
    assert expect_bool(False, "b") is False
    with pytest.raises(tl.RuleError, match="b: expected true or false"):
        expect_bool(0, "b")
    assert expect_str("red", "c", ["red", "blue"]) == "red"
    with pytest.raises(tl.RuleError, match="c: 'pink' is not one of red, blue"):
        expect_str("pink", "c", ["red", "blue"])
    with pytest.raises(tl.RuleError, match="expected a string"):
        expect_str(3, "c")


def test_expect_list():
    assert expect_list((1, 2), "l", 2) == [1, 2]
    with pytest.raises(tl.RuleError, match="l: expected 3 entries, got 2"):
        expect_list([1, 2], "l", 3)
    with pytest.raises(tl.RuleError, match="expected a list, got dict"):
        expect_list({}, "l")
    with pytest.raises(tl.RuleError, match="expected a list, got str"):
        expect_list("ab", "l")
