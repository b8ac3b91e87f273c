"""The lesson ``magical-scoring``: the Magical Treehouse Rulebook's "Example of Scoring"
replayed from a fixed position (``LessonPlan.start``). Run to the end with every step
checked (tests/support/tl_lesson_run.py: spotlight = accepted click paths, a wrong move
refused with nothing changed); the start position; each move's effect on the engine's
score; and Keita's final score checked line by line against the rulebook's figures, each
counted here from the village, the forest and the biscuits, not from ``scores()``.
"""

from __future__ import annotations

import pytest
from tl_lesson_run import check_plan, run_lesson

import treehouse_lab as tl
from treehouse_lab.games.magical.actions import Build, MovePipe, Pipe, PlaceFamiliar
from treehouse_lab.games.magical.rules import RESOURCE_COLOUR
from treehouse_lab.lessons import plan
from treehouse_lab.lessons.tutor import Tutor

#: Magical Treehouse Rulebook, "Example of Scoring": Keita's lines (the book's own numbers)
BOOK = {"buildings": 1 + 5 + 13 + 2 + 1, "potions": 3 + 3, "level5": 2,
        "objectives": 0 + 3 + 0, "biscuits": 1, "total": 34}


@pytest.mark.parametrize("seed", [0, 5])
def test_the_lesson_runs_to_the_end_on_its_fixed_deal(seed):
    numbers = run_lesson("magical-scoring", seed)
    assert numbers == list(range(1, 9))


def test_two_thirds_wait_the_rulebook_is_cited_and_the_teaching_bot_sits():
    p, match = check_plan("magical-scoring", "magical-builder")
    assert p.start is not None and sum(s.waits for s in p.steps) == 6


def test_it_begins_at_keitas_last_builds_whatever_the_seed():
    starts = [Tutor(plan("magical-scoring"), seed).state for seed in (0, 3, 11)]
    assert starts[0].to_json() == starts[1].to_json() == starts[2].to_json()
    s = starts[0]
    assert s.round == 4 and s.stage == "building" and s.actors() == [0]
    assert sorted(s.drawer(0)) == ["blue5a", "pipe2", "purple1a", "red3b"]
    assert all(not s.drawer(p) for p in (1, 2))
    assert s.play_order[-1] == 0  # Keita builds last: nobody builds after him


def _resources(s, seat):
    out = {r: 0 for r in RESOURCE_COLOUR}
    for area, who in s.forest().items():
        if who == seat:
            for r in s.game.forest[area].resources:
                out[r] += 1
    return out


def _potion_vp(s, seat):
    """3 VP per "Potion into VP" card whose pipe group extracts its colour (rulebook,
    "VP Effects of Level 3 Buildings"), counted from the village and the pipes."""
    cards, res = s.game.cards, _resources(s, seat)
    group = {b["id"]: b["id"] for b in s.village(seat)}

    def root(x):
        while group[x] != x:
            x = group[x]
        return x
    for _, a, b in s.pipes(seat):
        group[root(a)] = root(b)
    made: dict[str, set] = {}
    for b in s.village(seat):
        for c in b["cards"]:
            effect = cards[c].effect
            if effect.startswith("extract:"):
                colour = effect.split(":")[1]
                need = next(r for r, col in RESOURCE_COLOUR.items() if col == colour)
                if res[need] >= 2:
                    made.setdefault(root(b["id"]), set()).add(colour)
    return sum(3 for b in s.village(seat) for c in b["cards"]
               if cards[c].effect.startswith("potion_vp:")
               and cards[c].effect.split(":")[1] in made.get(root(b["id"]), set()))


def _counted(s, seat=0):
    """Keita's score counted from the position: top cards, potions, 1 VP per pipe for the
    blue level 5, the three objectives he may win (single most only), biscuits // 3."""
    cards = s.game.cards
    buildings = sum(cards[b["cards"][-1]].vp for b in s.village(seat))
    level5 = sum(len(s.pipes(seat)) for b in s.village(seat)
                 if any(cards[c].effect == "vp_pipes" for c in b["cards"]))
    res = [_resources(s, p) for p in range(3)]
    biscuits = s.biscuits()

    def single_most(values):
        top = max(values)
        return values.index(top) if values.count(top) == 1 else None
    objectives = 0
    if single_most([r["fangs"] for r in res]) == seat:        # common: bat fangs, 3 VP
        objectives += 3
    if single_most(biscuits) == seat:                          # common: biscuits
        objectives += s.game.data.objectives["obj-biscuits"].tile_vp
    if single_most([r["shrooms"] for r in res]) == seat:      # his own: light shrooms
        objectives += 3
    out = {"buildings": buildings, "potions": _potion_vp(s, seat), "level5": level5,
           "objectives": objectives, "biscuits": biscuits[seat] // 3}
    out["total"] = sum(out.values())
    return out


def _through(seed=0):
    """The lesson through Show me: (step title, Keita's counted score after the step)."""
    t = Tutor(plan("magical-scoring"), seed)
    out = [("start", _counted(t.state))]
    while not t.done:
        title = t.step.title
        t.show_me()
        out.append((title, _counted(t.state)))
    return t, out


def test_keitas_final_score_is_the_rulebooks_line_by_line():
    t, steps = _through()
    s = t.state
    assert s.is_terminal() and s.winners() == [0]
    assert _counted(s) == BOOK                 # counted from the village, forest, biscuits
    assert s.scores()[0] == BOOK               # and the engine's own score
    assert [s.game.cards[b["cards"][-1]].vp for b in s.village(0)] == [1, 5, 13, 2, 1]
    # the example's objectives: biscuits not most, bat fangs single most, shrooms tied
    res = [_resources(s, p) for p in range(3)]
    assert max(s.biscuits()) == s.biscuits()[1] > s.biscuits()[0] == 4
    assert res[0]["fangs"] > max(res[1]["fangs"], res[2]["fangs"])
    assert res[0]["shrooms"] == res[1]["shrooms"] == max(r["shrooms"] for r in res)
    # one familiar per level 1 built face up: the position could be reached in play
    placed = sum(1 for who in s.forest().values() if who == 0)
    assert placed == sum(1 for b in s.village(0) if not b["down"])


def test_each_move_scores_what_its_step_teaches():
    _, steps = _through()
    by = dict(steps)
    before = steps[0][1]
    level3, level1 = by["A level 3 makes VP"], by["A new level 1"]
    fang, pipe = by["A second bat fang"], by["A pipe carries the potion"]
    five = by["The blue level 5"]
    assert (before["potions"], level3["potions"]) == (0, 3)      # supplied by its level 1
    assert level3["buildings"] - before["buildings"] == 5 - 2    # red 3 on the red 2
    assert fang["potions"] == level1["potions"] == 3             # a potion, no VP yet
    assert pipe["potions"] == 6                                   # the pipe brings it: 3 + 3
    assert (pipe["level5"], five["level5"]) == (0, 2)             # 1 VP per pipe, 2 pipes
    assert five["total"] == by["Finish building"]["total"] == 34


def test_the_texts_say_the_engines_figures_and_the_rulebooks():
    t = Tutor(plan("magical-scoring"), 0)
    assert "You have 17 VP" in t.text() and "ends on 34" in t.text() and "R24" in t.text()
    while not t.done and t.step.title != "The blue level 5":
        t.show_me()
    assert t.state.scores()[0]["potions"] == 6 and "potions 6 VP, 3 + 3" in t.text()
    while not t.done and t.step.title != "Keita's 34 VP":
        t.show_me()
    said = t.text()
    for part, words in (("buildings", "buildings"), ("potions", "potions"),
                        ("level5", "level 5")):
        assert f"{words} {BOOK[part]} ({BOOK[part]})" in said
    assert "most bat fangs, your single most (2): 3 VP" in said
    assert "most light shrooms, tied at 2: 0 VP" in said
    assert "most biscuits, Player 2 has most (5): 0 VP" in said
    assert "objectives 3 (3)" in said and "4 biscuits 1 (1)" in said
    assert "Total 34 VP (34)." in said
    assert len(said.split()) <= 60


def _to(t, title):
    while t.step.title != title:
        t.show_me()


def test_a_familiar_off_the_bat_fangs_or_a_moved_pipe_is_refused():
    t = Tutor(plan("magical-scoring"), 0)
    _to(t, "A second bat fang")
    s = t.state
    assert "Your light shrooms, 2, tie Player 2's 2" in t.text()
    elsewhere = next(a for a in s.legal_actions(0) if isinstance(a, PlaceFamiliar)
                     and "fangs" not in s.game.forest[a.area].resources)
    save = s.to_json()
    said = t.attempt(elsewhere)
    assert "this step asks you to place the familiar on a bat fangs area" in said
    assert "Hint: " in said and t.state.to_json() == save
    # without the second bat fang, the pipe would bring no potion: the example's 6 VP
    after = s.child(elsewhere, by=0)
    piped = next(a for a in after.legal_actions(0) if isinstance(a, Pipe)
                 and {a.a, a.b} == {"purple1a", "blue1a"})
    assert after.child(piped, by=0).scores()[0]["potions"] == 3
    _to(t, "A pipe carries the potion")
    moved = [a for a in t.state.legal_actions(0) if isinstance(a, MovePipe)
             and t.state.child(a, by=0).scores()[0]["potions"] > t.state.scores()[0]["potions"]]
    assert moved  # moving pipe1 would bring the potion too, but keeps pipe2 unbuilt
    assert all(isinstance(a, Pipe) for a in t.accepted()) and not set(moved) & set(t.accepted())
    assert t.attempt(moved[0]).startswith("That move is allowed in the game")


def test_restart_returns_to_keitas_last_builds():
    lesson = tl.Lesson("magical-scoring", seed=0, show_delay=0)
    start = lesson.match.state.to_json()
    for _ in range(4):
        lesson.show_me()
    assert lesson.match.state.to_json() != start
    lesson.restart()
    assert lesson.match.state.to_json() == start and lesson.tutor.number == 1
    assert not any(isinstance(a, Build) and a.card == "red3b"
                   for _, a in lesson.match.moves)
