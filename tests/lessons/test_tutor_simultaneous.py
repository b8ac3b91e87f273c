"""The lesson driver where several seats act at once (docs/dev/contracts.md, "Several
actors"), on the toy orchard (tests/support/tl_toyorchard.py): a real-time tend and a
secret bid revealed together. And a read step that lets the teaching bot play the
learner's seat for a while (``Read.play_until``), which a long game's lesson needs to tell
its later rounds briefly.
"""

from __future__ import annotations

import tl_toyorchard as orchard

from treehouse_lab.lessons import Do, LessonPlan, Read, kind
from treehouse_lab.lessons.tutor import Tutor

STEPS = (
    Do("Tend", "Tend your garden.", kind(orchard.Tend, "tend"), hint="Water or prune."),
    Do("Tend again", "Tend once more.", kind(orchard.Tend, "tend"), hint="Water or prune."),
    Do("Bid", "Bid a card face down.", kind(orchard.Bid, "bid a card"), hint="A card."),
    Read("Later rounds", "The bot plays for you until the last round's bid.",
         play_until=lambda s, p: s.round == orchard.ROUNDS and s.stage == "bid"),
    Do("Last bid", "Bid again.", kind(orchard.Bid, "bid a card"), hint="A card."),
)
PLAN = LessonPlan(id="orchard", title="Toy orchard", game="toyorchard", steps=STEPS,
                  bot="random")


def tutor(seed: int = 1) -> Tutor:
    return Tutor(PLAN, seed, game=orchard.OrchardGame(players=3))


def test_the_bots_act_before_the_learner_where_all_act_at_once():
    for seed in range(5):
        t = tutor(seed)
        # The tend is real time: the bots have tended (twice each) while the learner
        # reads the step, as they would at the table; only the learner is left.
        assert t.state.stage == "tend" and t.state.actors() == [t.seat]
        assert t.state.tends == (0, orchard.TENDS, orchard.TENDS)
        t.show_me()
        t.show_me()
        # At the secret bid the bots have chosen face down: the learner's choice is the
        # last, and the reveal follows it in what the lesson tells.
        assert t.step.title == "Bid" and t.state.actors() == [t.seat]
        assert t.state.bids[1] is not None and t.state.bids[2] is not None
        assert not any("revealed" in line for line in t.followed)
        t.show_me()
        assert t.followed[0].startswith("Player 1 bids a card face down. All bids "
                                        "revealed: Player 1 ")


def test_a_read_step_can_let_the_bot_play_the_learners_seat_until_a_position():
    t = tutor(2)
    for _ in range(3):
        t.show_me()
    assert t.step.title == "Later rounds" and t.state.round == 2
    before = t.match.position
    said = t.next()
    s = t.state
    assert s.round == orchard.ROUNDS and s.stage == "bid" and t.step.title == "Last bid"
    assert t.seat in s.actors() and t.accepted()
    assert "your moves were played by the teaching bot" in said
    ours = [e for e in t.match.log[before:] if e.player == t.seat]
    assert len(ours) == 2 * orchard.TENDS + 1   # round 2: two tends and a bid; round 3: tends
    # Back returns to before the moves played for the learner.
    t.back()
    assert t.step.title == "Later rounds" and t.match.position == before
