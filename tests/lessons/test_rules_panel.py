"""The Rules panel (boards/rules_panel.py), its place in the lesson widget, and Explain
naming the rule that refuses a move, with a link to the panel's entry."""

from __future__ import annotations

import html
import re

import pytest

import treehouse_lab as tl
from treehouse_lab.boards.rules_panel import RulesPanel, rule_anchor
from treehouse_lab.games.backyard.actions import Play
from treehouse_lab.games.backyard.rules import matches


def expanded(panel: RulesPanel) -> list[str]:
    """The ids of the entries drawn open in the list."""
    return re.findall(r'<details id="[^"]+" data-rule="([^"]+)" open', panel.listing.value)


def listed(panel: RulesPanel) -> list[str]:
    return re.findall(r'<details id="[^"]+" data-rule="([^"]+)"', panel.listing.value)


def test_open_expands_highlights_and_shows_the_entry_asked_for():
    panel = RulesPanel("diner")
    assert expanded(panel) == [] and panel.current.value == ""
    entry = panel.open_rule("diner/pushing-orders-off-the-starting-lane")
    assert expanded(panel) == ["diner/pushing-orders-off-the-starting-lane"]
    assert 'class="tl-rule tl-rule-open"' in panel.listing.value
    assert entry.summary in html.unescape(panel.current.value)
    assert 'id="tl-rule-diner-pushing-orders-off-the-starting-lane"' in panel.listing.value
    panel.open_rule("diner/D11")
    assert expanded(panel) == ["diner/D11"]
    assert "docs/rulings/diner.md#d11-" in panel.listing.value


def test_search_filters_the_list_and_open_clears_a_search_that_hides_the_entry():
    panel = RulesPanel("backyard")
    everything = listed(panel)
    assert len(everything) == len(panel.index.entries)
    shown = panel.search("longest RUN")
    assert shown == listed(panel) and 0 < len(shown) < len(everything)
    for rule_id in shown:
        text = panel.index[rule_id].text().lower()
        assert "longest" in text and "run" in text
    assert "backyard/game-components" not in shown
    assert panel.search("no-such-word") == [] and "No entry holds" in panel.listing.value
    panel.open_rule("backyard/game-components")
    assert panel.search_box.value == "" and "backyard/game-components" in listed(panel)
    assert expanded(panel) == ["backyard/game-components"]


def test_the_panel_is_labelled_and_readable():
    panel = RulesPanel("magical")
    assert panel.search_box.description == "Search the rules"
    assert "<h3" in panel.heading.value and "<h4>Rulebook sections</h4>" in panel.listing.value
    sizes = [int(n) for n in re.findall(r"font-size: (\d+)px", panel.listing.value)]
    assert sizes and min(sizes) >= 11
    with pytest.raises(tl.RuleError, match="no entry"):
        panel.open_rule("magical/no-such-section")


def test_each_lesson_step_opens_the_panel_at_its_rule_and_rule_shows_it():
    lesson = tl.Lesson("backyard", seed=1, show_delay=0)
    assert lesson.rules is not None and lesson.rules.layout.display == "none"
    assert lesson.rules.opened == "backyard/game-setup"
    lesson.next()
    step = lesson.tutor.step
    assert lesson.rules.opened == step.rule_id == "backyard/game-turn"
    said = lesson.show_rule()
    assert lesson.rules.layout.display == "flex" and said.startswith("Game Turn:")
    assert expanded(lesson.rules) == ["backyard/game-turn"]


def test_a_refused_click_in_a_lesson_names_its_rule_and_rule_opens_there():
    for seed in range(40):
        lesson = tl.Lesson("backyard", seed=seed, show_delay=0)
        lesson.next()
        lesson.show_me()  # a first card on the ladder: now the top floor has a colour
        s, seat = lesson.tutor.state, lesson.tutor.seat
        misfit = [c for c in s.hand(seat) if not matches(s.top_floor(seat), c)]
        if misfit:
            break
    assert misfit, "no seed of 40 gave a card that does not fit"
    refusal = lesson.attempt(Play(misfit[0].id, face_down=False))
    assert refusal.startswith("That move is not allowed:")
    assert "(refused by: How to Build Your Treehouse)" in lesson.board.view.announce
    assert f'href="#{rule_anchor("backyard/how-to-build-your-treehouse")}"' in \
        lesson.hint_box.value
    assert lesson.rules.opened == "backyard/how-to-build-your-treehouse"  # the step's
    lesson.rules.open_rule("backyard/game-end")
    lesson.show_rule()
    assert expanded(lesson.rules) == ["backyard/how-to-build-your-treehouse"]


def a_hand_with_a_card_that_does_not_fit() -> tl.Board:
    for seed in range(50):
        b = tl.Board(tl.load_game("backyard", players=2), seed=seed, bots={1: "random"})
        while not b.state.is_terminal():
            if any(not matches(b.state.top_floor(0), c) for c in b.state.hand(0)):
                return b
            # build face up when possible: a wild on top would make every card fit
            b.click(sorted(b.targets(), key=lambda t: (not t.endswith(":up"), t))[0])
    raise AssertionError("no seed gave a hand with a card that does not fit")


def test_explain_names_the_rule_of_each_greyed_move_with_a_link():
    b = a_hand_with_a_card_that_does_not_fit()
    misfits = [c for c in b.state.hand(0) if not matches(b.state.top_floor(0), c)]
    assert misfits
    b.controls.explain.click()
    ex = b.controls.explanation.value
    items = re.findall(r'<li class="tl-greyed">(.*?)</li>', ex)
    assert len(items) == len(misfits)
    link = '<a href="#tl-rule-backyard-how-to-build-your-treehouse"'
    for item in items:
        assert "refused by: " + link in item and ">How to Build Your Treehouse</a>" in item
