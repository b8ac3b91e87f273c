"""A lesson as data: its steps, and the plan that names the game, the seats and the bots.

Why data: the lesson is written beside its game (``games/<game>/lessons.py``) as a few
declarations; the mechanism that runs any lesson (:mod:`.tutor`) and shows it
(:mod:`.widget`) lives once, here, and knows no game.

Two kinds of step (after the Board Game Arena advice: make the learner *do* the moves,
each rule when it is needed):

* :class:`Do` waits for the learner's move; ``accepts`` says which moves pass
  (:mod:`.accepts`), the board spotlights exactly their click targets, and a wrong move
  gets the engine's reason plus the step's ``hint``, changing nothing;
* :class:`Read` is passed with Next: for the set-up and the scoring, and to stop before a
  chance event that matters (``pause``), to show its exact odds first and what came after.

Texts may be functions of the position (``text(state, seat)``), so that a step says what
the deal gave: a lesson works for any seed. So may a step's ``rule_id`` (the Rules panel
entry it opens), where the deal decides which rule the move uses (Treehouse's die picks
the action): :func:`rule_id_at` reads it; the coverage counts only fixed ids, so such a
step lists the sections it teaches in ``teaches``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..errors import RuleError, quote
from ..protocol import State
from .accepts import Accept, Wording, word

#: ``then(before, after, seat) -> str``: what a Read step's chance event brought.
Outcome = Callable[[State, State, int], str]
#: ``pause(state, seat) -> bool``: stop before this chance node, for a Read step.
Pause = Callable[[State, int], bool]
#: ``start(game) -> State``: the fixed position a lesson replaying a rulebook example
#: begins at, instead of a seeded deal.
Start = Callable[[Any], State]
#: ``again(state, seat, action) -> bool``: after the accepted ``action``, stay on this step.
Again = Callable[[State, int, Any], bool]


@dataclass(frozen=True)
class Teaches:
    """A section a step teaches only on a branch the deal brings: ``when`` says which, in
    words that complete "taught by step 4 (Use your roll), when ..." ("the die shows Tip").

    Why: a step has one ``rule_id`` (the entry its Rules button opens), but a step whose
    move depends on chance teaches a different section on each branch (Treehouse's die
    picks the action). The coverage (:mod:`.coverage`) counts such a section as taught
    by that step and docs/lessons.md says on which branch."""

    rule_id: str
    when: str


#: What a step's ``teaches`` lists: a section's id (taught whatever the deal brings) or a
#: :class:`Teaches` (taught on a branch).
Taught = str | Teaches


@dataclass(frozen=True)
class Read:
    """A step to read, passed with Next.

    ``rule`` cites the rulebook section ("Backyard Builders Treehouse rulebook, 'Game
    Setup'") and ``rule_id`` names it for a Rules panel (an id, or a function of the
    position giving one, :func:`rule_id_at`). With ``pause``, the lesson stops
    before the first chance node where ``pause(state, seat)`` holds (its text can show the
    odds there, :mod:`.odds`); Next plays it, and ``then`` says what it brought.

    With ``play_until``, Next lets the plan's teaching bot play the learner's seat (and
    chance and the other bots go on) until the learner decides at a position where
    ``play_until(state, seat)`` holds, or the game ends: how a long game's lesson tells
    the later rounds briefly; ``then`` says what they brought."""

    title: str
    text: Wording
    rule: str = ""
    rule_id: Wording = ""
    pause: Pause | None = None
    then: Outcome | None = None
    play_until: Pause | None = None
    teaches: tuple[Taught, ...] = ()

    waits = False


@dataclass(frozen=True)
class Do:
    """A step that waits for the learner's move: one that ``accepts`` passes.

    With ``again``, the step stays for another move while ``again(state, seat, action)``
    holds right after the accepted ``action`` (a game where one decision takes several
    moves: "pay each minute", "place every ingredient"); the lesson cannot know beforehand
    how many the deal will ask for. Each move is still one Back.

    ``teaches`` lists every other section the move it waits for teaches (the coverage,
    docs/lessons.md): an id, or a :class:`Teaches` for one taught only on a branch of the
    deal. On a :class:`Read` step the same field lists what it tells (which a Read step
    cannot teach: it waits for no move)."""

    title: str
    text: Wording
    accepts: Accept
    hint: Wording
    rule: str = ""
    rule_id: Wording = ""
    again: Again | None = None
    teaches: tuple[Taught, ...] = ()

    waits = True


Step = Read | Do


def rule_id_at(step: Step, state: State, seat: int) -> str:
    """The Rules panel entry ``step`` opens in this position: its ``rule_id``, or what the
    function there says (a roll step: the section of the face rolled)."""
    return word(step.rule_id, state, seat)


def fixed_rule_id(step: Step) -> str:
    """The step's ``rule_id`` when it is the same in every position, else "": what the
    coverage can count without a deal (a step whose rule follows the deal names its
    sections in ``teaches``)."""
    return step.rule_id if isinstance(step.rule_id, str) else ""


@dataclass(frozen=True)
class LessonPlan:
    """A lesson: its id (what ``tl.Lesson(id)`` takes), the game and options it is played
    with, the learner's seat, the bots in the other seats (the game's teaching bot), and
    its steps. ``minutes`` is how long it should take.

    ``start``, for a lesson that replays a rulebook example (the only lesson that may fix
    its deal): ``start(game)`` gives the position the example begins at, a state of
    ``game``; the lesson's match begins there whatever the seed (``Match(start=...)``),
    and Restart returns there."""

    id: str
    title: str
    game: str
    steps: tuple[Step, ...]
    bot: str
    options: Mapping[str, Any] = field(default_factory=dict)
    seat: int = 0
    minutes: int = 10
    summary: str = ""
    #: A game much shorter than the lesson (Treehouse ends in a few turns): when it ends
    #: while the step shown still waits for play, a new game begins, set up as before with
    #: a new deal, and the lesson goes on in it.
    rematch: bool = False
    start: Start | None = None

    def __post_init__(self) -> None:
        if not self.steps:
            raise RuleError(f"lesson {self.id!r} has no steps")
        if self.start is not None and not callable(self.start):
            raise RuleError(f"lesson {self.id!r}: start must be a function of the game "
                            f"giving the position to begin at, got {quote(self.start, 40)}")
        waiting = sum(1 for s in self.steps if s.waits)
        # The issue: "At least two thirds of a lesson's steps must wait for a move".
        if 3 * waiting < 2 * len(self.steps):
            raise RuleError(f"lesson {self.id!r}: {waiting} of {len(self.steps)} steps wait "
                            "for a move; at least two thirds must")


__all__ = ["Again", "Do", "LessonPlan", "Outcome", "Pause", "Read", "Start", "Step",
           "Taught", "Teaches", "fixed_rule_id", "rule_id_at"]
