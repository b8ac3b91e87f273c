"""mcts's ``switch`` setting (treehouse_lab.search.mcts): with a ranked root, the ranking's
first move is played unless another did better over the same scenarios by at least
``switch`` standard errors of the paired differences."""

from __future__ import annotations

import pytest

import treehouse_lab as tl
from treehouse_lab.search.mcts import MCTSBot, _Node, _trusted


def root_with(runs: dict[str, list[float]]) -> _Node:
    root = _Node()
    root.runs = {(0, a): list(r) for a, r in runs.items()}
    return root


def test_the_first_is_kept_on_a_near_tie_even_with_more_visits_elsewhere():
    # "b" is ahead by 0.02 a scenario on average, with a spread that makes it noise
    root = root_with({"a": [0.5, 0.2, 0.8, 0.4], "b": [0.9, 0.1, 0.6, 0.4, 0.5, 0.5]})
    assert _trusted(root, 0, ["a", "b"], 1.0) == "a"


def test_a_clear_paired_gain_switches_to_the_best_of_them():
    base = [0.3, 0.5, 0.4, 0.6, 0.2]
    root = root_with({"a": base, "b": [x + 0.1 for x in base],
                      "c": [x + 0.2 + (0.01 if i % 2 else -0.01) for i, x in enumerate(base)]})
    assert _trusted(root, 0, ["a", "b", "c"], 1.0) == "c"
    assert _trusted(root, 0, ["a", "b"], 1.0) == "b"
    # the same gains, asked for far more certainty than four pairs can give: no switch
    noisy = root_with({"a": base, "b": [x + (0.3 if i % 2 else -0.2) for i, x in enumerate(base)]})
    assert _trusted(noisy, 0, ["a", "b"], 5.0) == "a"


def test_a_candidate_with_fewer_than_two_shared_scenarios_is_not_weighed():
    root = root_with({"a": [0.1, 0.1, 0.1], "b": [0.9]})
    assert _trusted(root, 0, ["a", "b"], 0.0) == "a"


def test_switch_is_a_checked_setting_named_in_the_bots_spec():
    assert "switch=2" in MCTSBot(switch=2).name
    assert MCTSBot().name == "mcts"
    with pytest.raises(tl.RuleError, match="switch must be 'auto', None or a number"):
        MCTSBot(switch=-1)
    from treehouse_lab.games.magical.bots import SEARCH
    assert SEARCH["switch"] == 1.0 and SEARCH["top"] == 2
