"""The Magical Treehouse exercise bank (notebooks/magical-treehouse-exercises.ipynb).

Digests only, never answers (see ``treehouse_lab.exercises``): they were made with
``make_exercise`` from the answers worked in
teacher/magical-treehouse-exercises-solutions.ipynb, and the test suite
(tests/games/magical/test_magical_exercises.py) recomputes every answer from the engine
or by brute force and checks it against them. Importing this module registers the bank,
so a notebook does

    from treehouse_lab.games.magical.exercises import check
"""

from __future__ import annotations

from ...exercises import Exercise, check, grade, register_bank
from ...variants import Numbers, Variants, register_variants

_MAGICAL: tuple[Exercise, ...] = (
    Exercise(
        id='one-spell',
        salt='581741f49c6682d4',
        answer_digest='9b6f6ec9a8a4ffc19ae2ca0a84a3fa17fdf19506c2969cbc0f927c6f2a11b295',
        hint=(
            'Count the hands of 8 with exactly one of the 8 spells and 7 of the other 88 cards, '
            'out of all C(96, 8) hands.'
        ),
        mistakes={
            '223d7bd54a2a96f735ec42a2fe2a47d7ca8010116589f808142f7336cd615fab':
                (
                    'That is the chance of at least one spell; the question asks for exactly one.'
                ),
            '976f9147e16ef93078a2215c0e1b162f7db013eb675c4bc7ac898daa589dcc19':
                (
                    'Dealt cards do not go back: count hands (without replacement), not '
                    '(1/12)(11/12)^7 per order.'
                ),
        },
    ),
    Exercise(
        id='spell-and-pipe',
        salt='9ec817205ad11057',
        answer_digest='69d4e5f1253f81df9407fb02c0cb91436665d60c757e0e44d7aa914fd74b8a13',
        hint=(
            'Inclusion and exclusion: take away the hands with no spell and the hands with no '
            'pipe, then add back the hands with neither (they were taken away twice).'
        ),
        mistakes={
            'ee508a0b225340cc450a46fa64fddf1784e24e3595f223470bd7f4fd215678a7':
                (
                    'The hands with neither a spell nor a pipe were taken away twice: add them '
                    'back once.'
                ),
            '46b1c2dbf60a8b0d22a4f0fbeb84fb2375594cf23e06d3d01388c041cbb2b5c2':
                (
                    'A spell and a pipe in the same hand are not independent: a hand holding a '
                    'spell has one place fewer for a pipe. Count the hands.'
                ),
        },
    ),
    Exercise(
        id='carriage-red',
        salt='4f45408347c12128',
        answer_digest='ce3282e8ddd3211be38c69b48cf099376134116662ac35511648938202d6d195',
        hint=(
            "From where Player 1 sits, Player 3's hand is 8 of the 88 cards Player 1 has not "
            'seen. Sort the hands by how many red cards (k) and spells (s) they hold: the kept '
            'card is one of the 8 - s non-spell cards. No red travels when k = 0, or k = 1 and '
            'the red card is the one kept.'
        ),
        mistakes={
            '78af437ba78054b8cd80ca18f290b6e65495e331a17a6e7a9fad21a9455ecf8b':
                (
                    'Player 3 keeps one card: only 7 of the 8 travel.'
                ),
            '0d71a8ab0c7e8473939dbfb427a6cd90102cf7ff80139a3e30357f1215060721':
                (
                    'Player 1 has seen their own hand: the 7 cards come from the other 88, and 3 '
                    "of the 16 red cards are in Player 1's hand."
                ),
            '9e082d91ac29c95f43f25aca873484bfcf6a16ba4a0ffe1f36aa85759ec593c0':
                (
                    'A spell cannot be kept (it may not go in the drawer): the kept card is one '
                    "of the hand's non-spell cards, so the 7 passed are not any 7 of the 88 with "
                    'equal chance.'
                ),
        },
    ),
    Exercise(
        id='chain-vp',
        salt='dc8a07c6bb9d61bb',
        answer_digest='2881d21af547409b1bfed3cb72c88e63df1b4e328266f9fe9da43fd9ad229279',
        hint=(
            'Follow each potion: which buildings does the purple potion reach through the pipes, '
            'and where do the red, blue and yellow that the green level 4 gains go (ruling R12)?'
        ),
        mistakes={
            '43b6bd68bf1cfa256fb429589e8efeee92f0762a7a34c976d267a906e60f2ded':
                (
                    'The purple potion also reaches the blue building through its pipe, and its '
                    'level 3 turns purple into VP.'
                ),
            '1486c201624e3892726b208440011aa0c797ff94ec0289419986e7b1797775b7':
                (
                    'The red, blue and yellow potions gained by the green level 4 stay in the '
                    'green building (ruling R12): they are not piped on.'
                ),
        },
    ),
    Exercise(
        id='potion-chain',
        salt='73b22a8d6686d3af',
        answer_digest='a1ddf2581e5148c8dc4651f222d8df1d4a0c8f82c8ab052269f49cd7a358b36d',
        hint=(
            'List the areas the last familiar may go to (a free outermost area, or a free area '
            "next to one of Player 1's familiars), then the potion VP of each. Expected VP = their"
            ' average.'
        ),
        mistakes={
            '2869c6a450b488b87ef3802a339a98c1cafb4981c68f01616def4f76a0b0ae7a':
                (
                    "Not every free area is allowed: an inner area needs one of Player 1's "
                    'familiars next to it.'
                ),
            '2d55e513a2ab2a6a394f3a84cdfe203253e49faaca18425be44cf407eef80b24':
                (
                    "Count the free fangs areas again: one holds Player 2's familiar, one is "
                    "Player 1's already."
                ),
            '127549c6170af1cc8d258461258605c36c4d3357f15f32ed85c111a4bf901731':
                (
                    'With 2 fangs the chain scores more than 3 VP: count the blue building too.'
                ),
        },
    ),
    Exercise(
        id='biscuit-tile-pays',
        salt='2887c626f07bf117',
        answer_digest='8165888310d0240690f0bcfa3f571943be660a4abc0d735d0d0563cbfe6d1369',
        hint=(
            'Each round one of the 3 players (each equally likely) is last and gets no biscuit. '
            'Count the 3^4 = 81 sequences of who is last in which the player who was last least '
            'often is the only one with that count.'
        ),
        mistakes={
            '1abbca908b62bc0e736e099bcb39fbefb821da209b53134662f540f1d6c5cd6e':
                (
                    'The 15 patterns of how often each player is last are not equally likely: '
                    'count sequences of rounds (81), not patterns.'
                ),
            'c4a98b62676eb64e2f4988cf2bb149eda56b456f883f4ff07e291d3b2febc309':
                (
                    'Do not forget the case where one player is never last and the other two are '
                    'last twice each.'
                ),
        },
    ),
    Exercise(
        id='biscuit-tile-vp',
        salt='cb2cadb79af47d61',
        answer_digest='e9b8d33d58284c531dffe61e649c0ff4fdec5c61af12ff26d0935cda325684d4',
        hint=(
            'By symmetry each player is the single most with a third of the chance that someone '
            "is; then multiply by the tile's VP (ruling R13: the engine counts the printed tile)."
        ),
        mistakes={
            '3cce8d4aa62c1d7c80511fda19e8cd086ad4dba133db8725bd4d5e0c7d323b9b':
                (
                    "That is the chance that someone gets the tile (or the text's 3 VP): Player 1 "
                    'is one of three, and the printed tile is worth 1 VP.'
                ),
            'be027fd9400e07d91982c1ef2d8b3b3b5ab6e03bd7acd8d3b281f2e3f00feeb3':
                (
                    'The printed biscuits tile is worth 1 VP (ruling R13), not 3 VP, and Player 1 '
                    'is one of three players.'
                ),
        },
    ),
)

IDS: tuple[str, ...] = register_bank(_MAGICAL)

#: Per-student numbers (treehouse_lab.variants): digests only, like the bank; the
#: answers are worked in the solutions notebook and again in tests/core/test_variants.py.
VARIANTS: Variants = register_variants(Variants(
    exercise='one-spell',
    notebook='magical-treehouse-exercises.ipynb',
    hint=(
        'Count the hands of 8 with exactly {k} of the {marked} cards asked about and '
        '{rest} of the other {others} cards, out of all C(96, 8) hands.'
    ),
    choices=(
        Numbers(
            params={'k': 2, 'what': 'spell', 'marked': 8, 'rest': 6, 'others': 88},
            text=(
                'Every first hand is 8 cards dealt at random from all 96 planning cards, 8 of'
                ' which are spells. What is the probability that your first hand holds '
                'exactly two spells?'
            ),
            salt='9d140795a94dc4be',
            answer_digest='99d8c1290d48a898ce751e7f8734d01053ef3960961f27943cd27d842d5fb868',
            today_digest='8b7c19ec7bda8676e64ffd9688052e4a82487f2c9d586b611eab01a8bbff26bd',
        ),
        Numbers(
            params={'k': 3, 'what': 'spell', 'marked': 8, 'rest': 5, 'others': 88},
            text=(
                'Every first hand is 8 cards dealt at random from all 96 planning cards, 8 of'
                ' which are spells. What is the probability that your first hand holds '
                'exactly three spells?'
            ),
            salt='24470e78b44b5488',
            answer_digest='0d225ac2ea3ed3905e61ffa71db4382f86d9de468e0d24b59101916e1d5643ee',
            today_digest='460599b658e3c7a6760a40292860cb83249263e55ab41418d11ecf847a8abb47',
        ),
        Numbers(
            params={'k': 1, 'what': 'red', 'marked': 16, 'rest': 7, 'others': 80},
            text=(
                'Every first hand is 8 cards dealt at random from all 96 planning cards, 16 '
                'of which are red cards. What is the probability that your first hand holds '
                'exactly one red card?'
            ),
            salt='cb627363a699ffaf',
            answer_digest='58cfd4ef55116c92964a50b36e1730a444ddf018caf8fa977bbb66f341a7d665',
            today_digest='c24ba9c829576c3f0b25194ff1832b5f482adf83fb5d882271032aaed5b707da',
        ),
        Numbers(
            params={'k': 2, 'what': 'yellow', 'marked': 16, 'rest': 6, 'others': 80},
            text=(
                'Every first hand is 8 cards dealt at random from all 96 planning cards, 16 '
                'of which are yellow cards. What is the probability that your first hand '
                'holds exactly two yellow cards?'
            ),
            salt='52db1caefcffa4a1',
            answer_digest='d1a8ea71585c3cd3ed48106a40cf327b14d3121799f857b425ad3ff46c2e517b',
            today_digest='3efd5aac8f1181782742b65e23f89bbf3349a498fe3003100974eccb76cad5d8',
        ),
        Numbers(
            params={'k': 3, 'what': 'green', 'marked': 16, 'rest': 5, 'others': 80},
            text=(
                'Every first hand is 8 cards dealt at random from all 96 planning cards, 16 '
                'of which are green cards. What is the probability that your first hand holds'
                ' exactly three green cards?'
            ),
            salt='c4158742f8c8fbe3',
            answer_digest='1175d48fa88fac691f73430229226476572d3b02f3a70f85382e18f1bbbcfa21',
            today_digest='62b22e088b818b17e51603f050b4c0308ed2966b4a1481e0f7269deb179b24ea',
        ),
        Numbers(
            params={'k': 4, 'what': 'blue', 'marked': 16, 'rest': 4, 'others': 80},
            text=(
                'Every first hand is 8 cards dealt at random from all 96 planning cards, 16 '
                'of which are blue cards. What is the probability that your first hand holds '
                'exactly four blue cards?'
            ),
            salt='24b042d705400f0e',
            answer_digest='f56407402f3c91883813f90699864a74f6904fd8af5963c9f24c8cb76fd3355c',
            today_digest='da68124f6b60117dee6458c8484833222b11d6f15cbe059cc97cab0379408e2a',
        ),
    ),
))

__all__ = ["IDS", "VARIANTS", "check", "grade"]
