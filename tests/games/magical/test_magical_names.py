"""What a student reads on the Magical board names cards and players as Explain, the log
and the rulings do (issue 18, item 8): a card shows its name (``green2b``, the name in
"Put green2b in the drawer"), its effect in words rather than letters ("yellow→VP", not
"Y→VP"), and players are "Player n", never "P1"."""

from __future__ import annotations

import re

import treehouse_lab as tl
from treehouse_lab.core.seating import players_phrase
from treehouse_lab.games.magical import render
from treehouse_lab.games.magical.moves import Cast, DiscardCard


def opening():
    m = tl.Match(tl.load_game("magical", players=3), seed=14)
    m.run()
    return m.state


def test_a_hand_card_shows_the_name_its_moves_use():
    s = opening()
    svg = render.render_svg(s, viewer=0)
    for action in s.legal_actions(0):
        card = getattr(action, "card", None)
        if card and action.KIND == "place":
            assert card in str(action)
            assert re.search(rf'data-card="{card}"[^>]*>(?:(?!</g>).)*>{card}</text>', svg,
                             re.S), f"the card face of {card} does not show {card}"


def test_card_texts_are_words_not_letters():
    svg = render.render_svg(opening(), viewer=0)
    assert "+fam" not in svg
    assert not re.search(r">[RYBPG]→VP<", svg) and not re.search(r">extract [RYBPG]<", svg)
    assert "familiar" in svg


def test_players_are_named_in_full():
    s = opening()
    for text in (render.status(s, 0), render.render_text(s), render.render_svg(s, viewer=0)):
        assert not re.search(r"\bP\d\b", text), text[:200]
    assert "playing now: Players 1, 2 and 3" in render.status(s, 0)


def test_players_phrase():
    assert players_phrase([]) == "nobody"
    assert players_phrase([1]) == "Player 2"
    assert players_phrase([0, 2]) == "Players 1 and 3"
    assert players_phrase([1, 2, 0], order=" → ") == "Players 2 → 3 → 1"


def test_buildings_and_trash_are_named_as_explain_names_them():
    """Explain says "Build red2a on red1a": a building shows its bottom card's name, and a
    trash can its top card's, never a letter and level such as "P5" (read as Player 5)."""
    keita = tl.load_game("magical", players=3).keita_example()
    svg = render.render_svg(keita, viewer=0)
    assert ">red1a</text>" in svg and ">blue1a</text>" in svg
    m = tl.Match(tl.load_game("magical", players=3), seed=14)
    m.run()
    m.play(Cast("spell5"), by=0)                    # everyone discards a hand card
    m.play(DiscardCard("pipe3", "hand"), by=0)
    for seat in (1, 2):
        m.play(next(a for a in m.state.legal_actions(seat) if a.KIND == "discard_card"),
               by=seat)
    svg = render.render_svg(m.state, viewer=0)
    assert ">trash 2: spell5</text>" in svg
    assert not re.search(r">trash \d+: [^<]*\b[RYBPG]\d\b", svg)
