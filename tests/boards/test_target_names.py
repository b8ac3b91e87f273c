"""Every clickable target's accessible name, as a screen reader hears it, along played
games of every game (issue 47, item 6, "Every student can use the boards"): unique on its
board, in words (never the bare target id), and holding the words drawn on it.

How the name is made: the board's browser half (``widgets/board.js``) names a target by
its ``data-label``, else the first ``<title>`` inside it, else its ``data-target`` id,
and starts the name with the words drawn on it (its SVG ``<text>``) where the label does
not say them already (WCAG 2.5.3, "Label in Name"). The drawn words are read here from
the SVG, never from the games' label code. The positions come from seeded games played
by random bots (every player count whose board differs), each seen by a seat that may
act, at every click of one of its moves (what is picked changes what is clickable).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import treehouse_lab as tl
from treehouse_lab.boards.selection import Selector
from treehouse_lab.games.diner.rules import plural

#: (game, options, seed, steps, every): a whole game, or long enough to reach every phase
#: the game has, looking at one position in ``every`` steps.
CONFIGS = [
    ("pyramids", {"players": 1}, 3, 40, 1),
    ("pyramids", {"players": 2}, 1, 80, 1),
    ("pyramids", {"players": 4}, 2, 120, 1),
    ("backyard", {"players": 2}, 1, 200, 1),
    ("backyard", {"players": 4}, 2, 200, 1),
    ("diner", {"players": 2}, 1, 500, 5),
    ("diner", {"players": 3, "modules": ("bees", "chili")}, 2, 500, 5),
    ("magical", {"players": 3}, 1, 400, 5),
    ("magical", {"players": 4}, 2, 300, 5),
]


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def plain(text: str) -> str:
    """As axe compares a name with visible text: case, punctuation and spacing aside."""
    return re.sub(r"[\W_]+", " ", text.lower()).strip()


def drawn_text(el: ET.Element) -> str:
    """The words drawn inside ``el``: its ``<text>``s, never a ``<title>`` (a tooltip)."""
    words: list[str] = []

    def walk(e: ET.Element, in_text: bool) -> None:
        tag = _local(e.tag)
        if tag in ("title", "desc", "style", "script"):
            return
        here = in_text or tag == "text"
        if here and e.text:
            words.append(e.text)
        for child in e:
            walk(child, here)
            if here and child.tail:
                words.append(child.tail)

    walk(el, False)
    return " ".join(" ".join(words).split())


def names(svg: str) -> list[tuple[str, str, str, str]]:
    """``(target id, label, drawn text, accessible name)`` of every target in ``svg``."""
    out = []
    for el in ET.fromstring(svg).iter():
        tid = el.get("data-target")
        if tid is None:
            continue
        title = next((t for t in el.iter() if _local(t.tag) == "title"), None)
        label = (el.get("data-label") or ("".join(title.itertext()) if title is not None
                                          else "") or tid).strip()
        drawn = drawn_text(el)
        name = label if plain(drawn) in plain(label) else f"{drawn}: {label}"
        out.append((tid, label, drawn, name))
    return out


def boards(game_name: str, options: dict, seed: int, steps: int, every: int):
    """``(state, seat, svg)`` along one seeded game: every ``every`` steps, for each seat that
    may act, the picture at each click of one of its moves."""
    game = tl.load_game(game_name, **options)
    match = tl.Match(game, seed=seed, bots={p: "random" for p in range(game.players)})
    rng = random.Random(seed)
    for n in range(steps):
        s = match.state
        if s.is_terminal():
            break
        if n % every == 0 and not s.is_chance_node():
            for seat in s.actors():
                sel = Selector(game.click_paths(s, seat))
                if not sel:
                    continue
                path = rng.choice(list(sel.paths.values()))
                for k in range(len(path)):
                    picked = path[:k]
                    yield s, seat, game.render_svg(s, viewer=seat, selection=picked,
                                                   targets=sel.clickable(picked))
        match.step()


@pytest.mark.parametrize(("game_name", "options", "seed", "steps", "every"), CONFIGS,
                         ids=[f"{g}-{o}" for g, o, *_rest in CONFIGS])
def test_every_target_name_is_unique_in_words_and_holds_its_drawn_text(
        game_name, options, seed, steps, every):
    seen = 0
    problems: dict[str, str] = {}
    for _state, _seat, svg in boards(game_name, options, seed, steps, every):
        found = names(svg)
        seen += len(found)
        count = Counter(plain(name) for _t, _l, _d, name in found)
        for tid, label, drawn, name in found:
            kind = tid.split(":")[0]
            if count[plain(name)] > 1:
                twins = [t for t, _l, _d, n in found if plain(n) == plain(name)]
                problems.setdefault(f"{kind}: same name", f"{name!r} for {twins}")
            if plain(label) == plain(tid):
                problems.setdefault(f"{kind}: bare id", f"{tid!r} is named {label!r}")
            if plain(drawn) not in plain(name):
                problems.setdefault(f"{kind}: drawn text", f"{drawn!r} not in {name!r}")
    assert seen > 20, f"only {seen} targets looked at: the game ended or drew none"
    assert not problems, "\n".join(f"{k}: {v}" for k, v in sorted(problems.items()))


def test_a_diner_shelf_space_names_its_row_column_ingredients_and_minutes():
    """Issue 47: the space drawn "Ac Ra" was read "Acorn". Its name now says where it is
    and all it holds, and the minutes it costs (one per token, Treehouse Diner rulebook,
    'Phase 1: Visit the pantry')."""
    game = tl.load_game("diner", players=2, modules=("bees",))
    match = tl.Match(game, seed=1, bots={p: "random" for p in range(2)})
    looked = 0
    for _ in range(200):
        s = match.state
        if not s.is_terminal() and not s.is_chance_node():
            for seat in s.actors():
                sel = Selector(game.click_paths(s, seat))
                svg = game.render_svg(s, viewer=seat, targets=sel.clickable(()))
                for el in ET.fromstring(svg).iter():
                    tid = el.get("data-target") or ""
                    if not tid.startswith("shelf:"):
                        continue
                    _tid, _label, _drawn, name = names(ET.tostring(el, encoding="unicode"))[0]
                    tokens = [t.get("data-ingredient") for t in el.iter()
                              if t.get("data-ingredient")]
                    assert tokens, tid
                    row, column = tid.split(":")[1:]
                    assert f"{row}er row" in name and f"column {column}" in name, name
                    for kind, n in Counter(tokens).items():
                        assert plural(n, kind) in name, (kind, n, name)
                    minutes = len(tokens)
                    assert f"{minutes} minute{'s' * (minutes != 1)}" in name, name
                    looked += 1
        match.step()
    assert looked > 20


def test_treehouse_pieces_are_named_without_a_doubled_article():
    """Issue 47: Treehouse read "Player 1's The medium"."""
    game = tl.load_game("pyramids", players=2)
    match = tl.Match(game, seed=1)
    s = match.state
    while s.is_chance_node():
        match.step()
        s = match.state
    seat = s.actors()[0]
    sel = Selector(game.click_paths(s, seat))
    found = names(game.render_svg(s, viewer=seat, targets=sel.clickable(())))
    pieces = [name for tid, _l, _d, name in found if tid.count(":") >= 1]
    assert pieces
    for name in pieces:
        assert "'s the" not in name.lower(), name
