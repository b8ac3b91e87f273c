"""core.options: declared options, resolved strictly with messages naming the option."""

from __future__ import annotations

import pytest

import treehouse_lab as tl
from treehouse_lab.core.options import Option, resolve_options


def _even(v):
    if isinstance(v, bool) or not isinstance(v, int) or v % 2:
        raise tl.RuleError(f"option size={v!r} must be an even whole number")
    return v


DECLARED = (
    Option("players", 2, "2-4 players", choices=(2, 3, 4)),
    Option("variant", "basic", "which rules", choices=("basic", "pro")),
    Option("size", 4, "an even size", check=_even, examples=(6, 4, 8)),
    Option("note", None, "free text"),
)


def test_defaults_fill_the_full_dict():
    assert resolve_options("g", DECLARED, {}) == {
        "players": 2, "variant": "basic", "size": 4, "note": None}
    got = resolve_options("g", DECLARED, {"players": 4, "size": 8, "note": "hi"})
    assert got == {"players": 4, "variant": "basic", "size": 8, "note": "hi"}


def test_unknown_option_names_it_and_lists_the_options():
    with pytest.raises(tl.RuleError) as info:
        resolve_options("g", DECLARED, {"player": 3})
    msg = str(info.value)
    assert "player" in msg and "players" in msg and "variant" in msg and msg.startswith("g:")


@pytest.mark.parametrize("value", [5, 1, "3", 3.0, True, None])
def test_value_outside_choices_names_option_and_allowed_values(value):
    with pytest.raises(tl.RuleError) as info:
        resolve_options("g", DECLARED, {"players": value})
    msg = str(info.value)
    assert "players" in msg and "2, 3, 4" in msg


def test_choice_resolution_returns_the_declared_value():
    assert resolve_options("g", DECLARED, {"variant": "pro"})["variant"] == "pro"
    with pytest.raises(tl.RuleError, match="variant"):
        resolve_options("g", DECLARED, {"variant": "PRO"})


def test_check_validates_and_its_error_propagates():
    assert resolve_options("g", DECLARED, {"size": 10})["size"] == 10
    with pytest.raises(tl.RuleError, match="size"):
        resolve_options("g", DECLARED, {"size": 5})


def test_rule_error_is_a_value_error():
    assert issubclass(tl.RuleError, ValueError)
    assert issubclass(tl.IllegalActionError, tl.RuleError)
    assert issubclass(tl.HumanToMove, tl.RuleError)


def test_test_values():
    assert DECLARED[0].test_values() == [2, 3, 4]
    assert DECLARED[2].test_values() == [4, 6, 8]   # default first, no repeats
    assert DECLARED[3].test_values() == [None]


def test_configurations_vary_each_option_with_every_player_count():
    class G(tl.Game):
        NAME = "g"
        OPTIONS = DECLARED

    configs = G.configurations()
    assert {"players": 3} in configs and {"players": 4, "variant": "pro"} in configs
    assert {"players": 2, "size": 6} in configs and {"players": 2, "size": 8} in configs
    assert {"players": 2, "size": 4} not in configs  # the default is the plain config
    assert len(configs) == 3 * (1 + 1 + 2)
    for c in configs:
        G(**c)  # every configuration loads
