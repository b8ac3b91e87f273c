"""What a seat is told about moves reads nothing hidden from it (audit items 1 and 2):

* the narration of the last play-order choice, asked by the seat before it chooses, does
  not tell the others' face-down cards; the reveal is its own log line, after the step;
* ``why_illegal(action, by=q)`` for a seat ``q`` that may not act says who may, and does
  not list the actor's moves (its hidden hand).
"""

from __future__ import annotations

import random

from tl_magical_setups import building, make, seats

import treehouse_lab as tl
from treehouse_lab.core.chance import sample_outcome
from treehouse_lab.games.magical.actions import Build, DrawCard, Reveal

DRAWERS = seats(3, **{"0": ["green3b", "red1a"], "1": ["blue5a", "yellow1a"],
                      "2": ["green2a", "purple1a"]})


def _last_to_choose():
    """Seats 0 and 1 have chosen their play-order cards face down; seat 2 is last."""
    s = make(phase="reveal", drawers=DRAWERS, choices=["todo"] * 3, dropped=[True] * 3,
             round_biscuits=0)
    s.apply(Reveal("green3b"), by=0)
    s.apply(Reveal("blue5a"), by=1)
    assert s.actors() == [2]
    return s


def _named(text: str, hidden: set[str]) -> list[str]:
    return sorted(c for c in hidden if c in text)


def test_narrating_the_last_play_order_choice_reveals_no_other_card():
    s = _last_to_choose()
    hidden = s.hidden_from(2)
    assert {"green3b", "blue5a"} <= hidden
    for a in s.legal_actions(2):
        text = s.narrate(a, by=2)
        assert not _named(text, hidden), text
        assert text == "Player 3 chooses a play-order card face down"


def test_the_reveal_is_told_after_the_last_choice_and_only_then():
    start = make(phase="reveal", drawers=DRAWERS, choices=["todo"] * 3, dropped=[True] * 3,
                 round_biscuits=0)
    first = start.child(Reveal("green3b"), by=0)
    assert first.revealed(start) == ""                  # two choices still to make
    s = _last_to_choose()
    before = s.clone()
    s.apply(Reveal("green2a"), by=2)
    assert s.revealed(first) == ""                      # not the step that made it
    cards = s.game.cards
    assert s.revealed(before) == ("Play-order cards revealed: "
                                  f"Player 1 green3b ({cards['green3b'].order}), "
                                  f"Player 2 blue5a ({cards['blue5a'].order}), "
                                  f"Player 3 green2a ({cards['green2a'].order})")
    # every card it names is face up for every seat now
    assert all(c not in s.hidden_from(p) for p in range(3)
               for c in ("green3b", "blue5a", "green2a"))


def test_a_match_logs_the_reveal_on_the_line_after_the_last_choice():
    game = tl.load_game("magical", players=3)
    m = tl.Match(game, seed=4, bots={p: "random" for p in range(3)})
    while not any(isinstance(e.action, Reveal) and e.revealed for e in m.log):
        m.step()
    log, after = m.log, m.state
    entry = log[-1]
    m.goto(m.position - 1)
    hidden = m.state.hidden_from(entry.player)      # asked before the last choice
    assert entry.text == f"{game.player_name(entry.player)} chooses a play-order card face down"
    assert entry.revealed.startswith("Play-order cards revealed: ")
    # what it names are the cards just put face up on the trash cans, hidden before
    tops = [after.trash_of(p)[-1] for p in range(3) if f"Player {p + 1} " in entry.revealed]
    assert tops and all(c in entry.revealed for c in tops)
    assert set(tops) - {entry.action.card} <= hidden
    lines = str(entry).split("\n")
    assert lines[0].endswith("face down") and lines[1].strip() == entry.revealed
    # the earlier choices of that round were face down too
    earlier = [e for e in log[-3:-1] if isinstance(e.action, Reveal)]
    assert earlier and all(e.text.endswith("face down") and not e.revealed for e in earlier)


def test_why_illegal_for_a_seat_that_may_not_act_names_only_who_may():
    s = building(["red1a", "red2a", "blue1a"])          # seat 0 builds
    assert s.actors() == [0]
    move = s.legal_actions(0)[0]
    for q in (1, 2):
        hidden = s.hidden_from(q)
        assert {"red1a", "red2a", "blue1a"} <= hidden
        text = s.why_illegal(move, by=q)
        assert text == f"{move} is not legal now: Player 1 may act"
        assert not _named(text.removeprefix(str(move)), hidden), text
    # the actor itself is still shown its own moves
    assert "red2a" in s.why_illegal(Build("red2a", "blue1a"), by=0)


def test_why_illegal_for_a_seat_at_a_draw_does_not_list_the_deck():
    game = tl.load_game("magical", players=3)
    s, rng = game.new_initial_state(), random.Random(1)
    while not (s.is_chance_node() and isinstance(s.chance_outcomes()[0][0], DrawCard)):
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(rng.choice(s.legal_actions(s.actors()[0])), by=s.actors()[0])
    draw = s.chance_outcomes()[0][0]
    for q in range(3):
        text = s.why_illegal(draw, by=q)
        assert text == f"{draw} is not legal now: no player acts at a chance step"
