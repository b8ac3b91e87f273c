"""The Backyard Builders exercise bank (notebooks/backyard-exercises.ipynb).

Digests only, never answers (see ``treehouse_lab.exercises``): they were made with
``make_exercise`` from the answers worked in teacher/backyard-exercises-solutions.ipynb,
and the test suite recomputes every answer from the engine and checks it against them.
Importing this module registers the bank, so a notebook does

    from treehouse_lab.games.backyard.exercises import check
"""

from __future__ import annotations

from ...exercises import Exercise, check, grade, register_bank

_BACKYARD: tuple[Exercise, ...] = (
    Exercise(
        id='first-hand-sets',
        salt='91ba06c478e974e0',
        answer_digest='fd789e624d795d8574586babb619e045f47d4118da027d7a9f188cff9371869a',
        hint=(
            "The start player's first hand is a set of 3 of the 32 cards: order does not "
            'matter. Choose 3 of 32.'
        ),
        mistakes={
            'fd52ae86ab5f1f2cb0e945c6659d1689bd6dfcb5712aad1e3f1551d1d4c00838':
                (
                    'That counts the orders the cards can be drawn in; a hand is the same hand '
                    'in any order: divide by 3!.'
                ),
            '310593e1eb2eefbf117c7175b09a510ac807392df84a56c40bf6c6adebd53e99':
                'A card cannot be drawn twice, and the order does not matter.',
        },
    ),
    Exercise(
        id='first-hand-orders',
        salt='aa219a51143b1e34',
        answer_digest='27633e257d965f43aaa9f6b717f704c21f3a62f2d7f4a36ea97a1930262b126e',
        hint=(
            'The first card can be any of 32, the second any of the 31 left, the third any of'
            ' the 30 left.'
        ),
        mistakes={
            '33aa3a46650fcec00cc222cdd6655d2cc4ec5c2b66cf31f7df0fbcb911a9c69b':
                'That is the number of hands (sets); each hand can be drawn in 3! orders.',
            '25bac0d7d2a6bd2f90ba086756ffe81c90dd03dcafa74cb3b50512784533b971':
                'Drawn cards leave the deck: no card is drawn twice.',
        },
    ),
    Exercise(
        id='fits-given-not-green',
        salt='6dc370389f70f447',
        answer_digest='20610ff00d421f8f353ff3eb747b252eb7100b62953c15f8f83c251f34b87f69',
        hint=(
            'Condition on the card not being of the green family (its bottom floor is not '
            'green): count only those cards of the 24, then those whose bottom floor matches '
            "the top floor's number."
        ),
        mistakes={
            '4f47b774df10c6fb34e251420e3ff75825630fc445b33491a908733e37e57817':
                (
                    "That leaves out every card with a green floor; a card's family is the "
                    'colour of its bottom floor only, so a card with a green top floor over '
                    'another family stays in.'
                ),
            'bf72d2a178f70b217fae61be8089a61a8583acbe1352d7f09dac27933f7fd34f':
                'That is P(not green and fits); divide by P(not green) to condition on it.',
            '57cfd09b130559c0a9a389d51b27ce4ddb8bc45bd2ff4bc63c80142d442db222':
                (
                    'Given the card is not green it cannot match by colour: only the number 3 can '
                    'match.'
                ),
        },
    ),
    Exercise(
        id='purple-in-first-hand',
        salt='0602c9203acdf2c4',
        answer_digest='dda9587d063c32ace6094160f1a8346b2f05b5f4b94f01ab436d9193983e5cc4',
        hint=(
            'Count the complement: hands with no purple card at all choose 3 of the 24 other '
            'cards.'
        ),
        mistakes={
            'f6c4cf5e8cca8c4e33bb4e95a553a69e20d71c1039be80845cc6a057597ead7f':
                'That is the expected number of purple cards, not the chance of at least one.',
            '8e8caccb0ee808817260f8dc0df625b21bfe609074b1c9210caf285154361398':
                'The cards are drawn without replacement: use C(24, 3)/C(32, 3), not (24/32)^3.',
        },
    ),
    Exercise(
        id='expected-purple',
        decimals=True,  # a mean: 1.5 is as exact as 3/2
        salt='516577978a8499bf',
        answer_digest='713b240df0c99fda950e98ae5b678acbcc1a3e7aa218d3ad626f73cc55a6ba45',
        hint=(
            'Linearity of expectation: each of the 3 cards is purple with chance 8/32, '
            'whatever the others are.'
        ),
        mistakes={
            '0bcda3c4c9c071fa057c0b9aa457d9f6ffd8a92e9ed8c50b436712a5a7281037':
                (
                    'That is the chance of at least one purple card; the expected number '
                    'counts two or three purple cards more than once.'
                ),
        },
    ),
    Exercise(
        id='hands-worth-21',
        salt='1db52bea6f857ae2',
        answer_digest='b87359a5b587e9f835bd942cbda13ec577e734b75e07523c2eb4234b44c88370',
        hint=(
            'Group the cards by their points (how many are worth 5, 6, 7 and 8?) and expand '
            'the product of (1 + y x^points) over the cards: the coefficient of y^3 x^21 '
            'counts the hands.'
        ),
        mistakes={
            '25b531b83d90ee4717d214940f92fa0f12d7c240c103f26e2964879be066c4fb':
                'That counts ordered draws; a hand is a set of cards.',
        },
    ),
    Exercise(
        id='first-card-points',
        decimals=True,  # a mean: 1.5 is as exact as 3/2
        salt='94c748fd20851ac7',
        answer_digest='2bdfdc8d9687f4dc12825c458f83bf8a733d02638c3a600633919ac15e336c2f',
        hint=(
            'The random bot picks one of 6 plays, each card face up or face down, all equally'
            ' likely. A face-down card scores 0 (wild_floor_points=0); a face-up card scores '
            'its two floors. What does a card score on average?'
        ),
        mistakes={
            'de0fce78dcab590f5d4defcfa063495893971bb03207ff798d0dd039b6ec6954':
                'The random bot builds face down half the time, and a wild scores 0.',
            '8abbcfa69f81fcf90a99a170f17259957a30e901b6cea7f0f65c951b95586cc0':
                (
                    'Every card in the hand fits the bare ladder, so face up is one of the '
                    'two plays of each card: 1/2.'
                ),
        },
    ),
)


IDS: tuple[str, ...] = register_bank(_BACKYARD)

__all__ = ["IDS", "check", "grade"]
