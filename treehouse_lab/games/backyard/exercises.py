"""The Backyard Builders exercise bank (notebooks/backyard-exercises.ipynb).

Digests only, never answers (see ``treehouse_lab.exercises``): they were made with
``make_exercise`` from the answers worked in teacher/backyard-exercises-solutions.ipynb,
and the test suite recomputes every answer from the engine and checks it against them.
Importing this module registers the bank, so a notebook does

    from treehouse_lab.games.backyard.exercises import check
"""

from __future__ import annotations

from ...exercises import Exercise, check, grade, register_bank
from ...variants import Numbers, Variants, register_variants

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

#: Per-student numbers (treehouse_lab.variants): digests only, like the bank; the
#: answers are worked in the solutions notebook and again in tests/core/test_variants.py.
VARIANTS: Variants = register_variants(Variants(
    exercise='hands-worth-21',
    notebook='backyard-exercises.ipynb',
    hint=(
        'Group the cards by their points (how many are worth 5, 6, 7 and 8?) and expand '
        'the product of (1 + y x^points) over the cards: the coefficient of y^3 '
        'x^{points} counts the hands.'
    ),
    choices=(
        Numbers(
            params={'points': 17},
            text=(
                'How many 3-card hands (sets of 3 of the 32 cards) are worth exactly 17 '
                'points in all? (In the product over all 32 cards of (1 + y x^points), the '
                'coefficient of y^3 x^17 counts them.)'
            ),
            salt='a4de8e4915ad2f85',
            answer_digest='d591613a5af58addeba03e508b67913effeceee3a9b7903bd09d11847f9c20fa',
            today_digest='1da4a23a5286ebc002ba18cb1921b49d44d5a26014fa8b808f16c305f91101db',
        ),
        Numbers(
            params={'points': 18},
            text=(
                'How many 3-card hands (sets of 3 of the 32 cards) are worth exactly 18 '
                'points in all? (In the product over all 32 cards of (1 + y x^points), the '
                'coefficient of y^3 x^18 counts them.)'
            ),
            salt='95cdcd7d48cb23dd',
            answer_digest='b70f176dbb5c65f2e729316b0be7946763fa10753c7a46a4bcd9fb35f8142194',
            today_digest='624bfca561ba64807e4b19a78fcf0da4a4f9be7ddb9d3bf6d1d2794566a37499',
        ),
        Numbers(
            params={'points': 19},
            text=(
                'How many 3-card hands (sets of 3 of the 32 cards) are worth exactly 19 '
                'points in all? (In the product over all 32 cards of (1 + y x^points), the '
                'coefficient of y^3 x^19 counts them.)'
            ),
            salt='42665040b2b30739',
            answer_digest='93510867802c07f5be083a70d75c6629ccd9e84bf07df3818150b7f41d296b2d',
            today_digest='a48b5b0a7eb8343783d8e6955d5378465862937e5eae798c18235a29ff08d069',
        ),
        Numbers(
            params={'points': 20},
            text=(
                'How many 3-card hands (sets of 3 of the 32 cards) are worth exactly 20 '
                'points in all? (In the product over all 32 cards of (1 + y x^points), the '
                'coefficient of y^3 x^20 counts them.)'
            ),
            salt='eaef177576aa1deb',
            answer_digest='79b629ffb7bbcb5d6a686085c2fcb967a9572e5f68a53d9d4363320365f43932',
            today_digest='332bf1e59b69bdaa5dc82c06180e68c8c6dffeacca877efea56df95400523420',
        ),
        Numbers(
            params={'points': 22},
            text=(
                'How many 3-card hands (sets of 3 of the 32 cards) are worth exactly 22 '
                'points in all? (In the product over all 32 cards of (1 + y x^points), the '
                'coefficient of y^3 x^22 counts them.)'
            ),
            salt='7c586d93d36d7fc4',
            answer_digest='8763626007f51a66f6e665fa73a3d21ebd26153bc9f86b79dbe22efa553a08f5',
            today_digest='d2d777c9f7ee55250d9cd692b7b37f2849efd17512e1a8f8fc0e2b74b6831b1b',
        ),
        Numbers(
            params={'points': 23},
            text=(
                'How many 3-card hands (sets of 3 of the 32 cards) are worth exactly 23 '
                'points in all? (In the product over all 32 cards of (1 + y x^points), the '
                'coefficient of y^3 x^23 counts them.)'
            ),
            salt='450d4824d67c46ac',
            answer_digest='661fb129cb295e5e75e3f8a1c541fb16c627aa5f6a65f018bd0de006c6462f61',
            today_digest='b3e39e05310070c0e89f9a8faf86977250663516c12e1e73716e55bc6071e193',
        ),
        Numbers(
            params={'points': 24},
            text=(
                'How many 3-card hands (sets of 3 of the 32 cards) are worth exactly 24 '
                'points in all? (In the product over all 32 cards of (1 + y x^points), the '
                'coefficient of y^3 x^24 counts them.)'
            ),
            salt='6e07c891ef1cce01',
            answer_digest='a26e819773e6edf410f4c84295437ce2ec3e96ff93843c6d05775cc6357f57d3',
            today_digest='204e0bfa1a340e2c5dcd3557499dff3c29caa2ab47f4e97660a864958ee8f470',
        ),
    ),
))

__all__ = ["IDS", "VARIANTS", "check", "grade"]
