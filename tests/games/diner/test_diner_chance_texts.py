"""Chance outcomes read uniquely, and ``find_action`` refuses a text that does not (issue
17, item 6).

With the Secret Ingredient module the copies of an Action card are separate outcomes of a
draw; each names its copy ("Take A Shortcut (copy 3)"), so every outcome's text is its own,
as the protocol asks of every node (the conformance suite checks it at every chance node of
its playthroughs: tests/conformance/test_conformance_agreement.py). ``find_action`` once
returned the first of several actions with the same text; now it refuses the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import pytest

import treehouse_lab as tl
from treehouse_lab.games.diner import DrawAction
from treehouse_lab.protocol import Action

CHILI = tl.load_game("diner", players=2, modules={"chili"})


def first_action_card_draw() -> tl.State:
    s = CHILI.new_initial_state()
    while not isinstance(s.chance_outcomes()[0][0], DrawAction):
        s.apply(s.chance_outcomes()[0][0])
    return s


def test_every_copy_of_an_action_card_is_an_outcome_with_its_own_text():
    s = first_action_card_draw()
    outcomes = s.chance_outcomes()
    texts = [str(a) for a, _ in outcomes]
    assert len(outcomes) == 44 and len(set(texts)) == 44
    assert {p for _, p in outcomes} == {Fraction(1, 44)}
    shortcut = sorted(t for t in texts if "Take A Shortcut" in t)
    assert shortcut == [f"Draw the Action card Take A Shortcut (copy {i})" for i in range(1, 7)]
    # Each text finds its own copy.
    assert s.find_action("Draw the Action card Take A Shortcut (copy 3)") == \
        DrawAction("take-a-shortcut-3")


@dataclass(frozen=True)
class Twin(Action):
    """Two action types that print the same sentence: what the protocol forbids."""

    KIND: ClassVar[str] = "twin"
    n: int

    def __str__(self) -> str:
        return "Do the same thing"


def test_find_action_refuses_a_text_two_legal_actions_share(monkeypatch):
    s = first_action_card_draw()
    twins = [Twin(1), Twin(2)]
    monkeypatch.setattr(type(s), "legal_actions", lambda self, by=None: twins)
    with pytest.raises(tl.RuleError, match="2 legal actions read 'Do the same thing'") as err:
        s.find_action("Do the same thing")
    assert not isinstance(err.value, tl.IllegalActionError)
    with pytest.raises(tl.IllegalActionError, match="no legal action reads"):
        s.find_action("Do something else")
    monkeypatch.setattr(type(s), "legal_actions", lambda self, by=None: twins[:1])
    assert s.find_action("Do the same thing") is twins[0]
