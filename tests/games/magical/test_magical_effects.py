"""The card effects are one vocabulary (rules.EFFECTS): every card's word is a term, each
term holds its rule and its words, and an unknown word is refused when data is checked."""

import pytest

import treehouse_lab as tl
from treehouse_lab.games.magical import rules as R

G3 = tl.load_game("magical", players=3)


def test_every_card_effect_is_a_term_with_its_words():
    for c in G3.cards.values():
        if c.kind == "pipe":
            assert c.power is R.NO_EFFECT
            continue
        e = c.power
        assert e.word == c.effect and e.text and e.short
        assert R.EFFECTS.text(R.EFFECTS.check(R.effect_data(c.effect), c.id)) == e.text


def test_texts_and_rules_come_from_the_same_term():
    red = R.power("extract:red")
    assert (red.extracts, red.text, red.short) == ("red", "Extract red potion", "extract red")
    assert R.power("potion_vp:green").potion_vp == "green"
    assert R.power("discard_drawer").discards_from == "drawer"
    assert R.power("unlimited_storage").storage > 100 > R.power("storage").storage == 1
    facts = R.VillageFacts(level3=2, unproductive=1, pipes=3, stored=4,
                           extracted=frozenset(R.COLOURS))
    assert [R.power(w).scores(facts) for w in R.LEVEL5.values()] == [2, 1, 3, 4, 5]
    assert G3.cards["spell1"].describe() == "spell: turn order switches direction"


@pytest.mark.parametrize("word", ["extract:pink", "storage:red", "teleport", "extract"])
def test_an_unknown_effect_word_is_refused(word):
    with pytest.raises(tl.RuleError, match="card effect"):
        R.power(word)
