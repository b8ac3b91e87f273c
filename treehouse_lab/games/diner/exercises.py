"""The Treehouse Diner exercise bank (notebooks/treehouse-diner-exercises.ipynb).

Digests only, never answers (see ``treehouse_lab.exercises``): they were made with
``make_exercise`` from the answers worked in
teacher/treehouse-diner-exercises-solutions.ipynb, and the test suite
(tests/games/diner/test_diner_counting.py) recomputes every answer from the engine or by
brute force and checks it against them. Importing this module registers the bank, so a
notebook does

    from treehouse_lab.games.diner.exercises import check
"""

from __future__ import annotations

from ...exercises import Exercise, check, grade, register_bank
from ...variants import Numbers, Variants, register_variants

_DINER: tuple[Exercise, ...] = (
    Exercise(
        id='three-of-a-kind',
        salt='bb0cd34cae0934d3',
        answer_digest='e0c0795baa289b1123463ea99e95c59a176d775826233d2a027b3b14b511048c',
        hint=(
            'Your 3 starting ingredients are 3 drawn blind from the full bag of 90, without '
            'putting any back. Count the sets of 3 of one kind, kind by kind: C(K, 3) of them'
            ' for a kind with K in the bag, out of C(90, 3).'
        ),
        mistakes={
            '64e1509db7a31babd9af6133e20beadc2e44baf7beb551d78baedc4e9b662e0e':
                (
                    'That is the chance of at least two alike; the question asks for all three '
                    'alike.'
                ),
            '336c353a89362ca48b0474dc9948732cf6e450b2cbdf771ec480156e54cc2f04':
                (
                    'Drawn ingredients do not go back into the bag: count sets of 3 (without '
                    'replacement), not (K/90)^3.'
                ),
        },
    ),
    Exercise(
        id='joker-options',
        salt='03329ad33513f1e1',
        answer_digest='e2845354ca6b95533ea38068480766e92eef4e77ff3adb59e093cd053840a250',
        hint=(
            'Count the different collections of 4 of these 7 ingredients (ingredients of one '
            'kind are identical), then remember the other kind of joker.'
        ),
        mistakes={
            '711a215aa77588e0ac343ed2f2d5797935aff321d80fd6f3ca410598f2becf74':
                (
                    'Those are the stacks of 4; a supply with 2 daisies can also make the joker '
                    'of 2 Daisies.'
                ),
            '2cca89d1e83d5e69ad8475c85aa236c58478c18e684ceb2a42d8177c48d6b1ab':
                (
                    'Ingredients of one kind are identical: two stacks with the same kinds are '
                    'the same stack.'
                ),
            '73374d341fc359f1967e09957616d717af6c626849e1a4173865fb340245e617':
                (
                    'Ingredients of one kind are identical: two stacks with the same kinds are '
                    'the same stack.'
                ),
        },
    ),
    Exercise(
        id='ways-dandelion-soup',
        salt='d9f6311f358fb348',
        answer_digest='4b21bc691db3e146e915670729f70aec95c6e0a37ffdc61aa997d748f2ac2282',
        hint=(
            'Go symbol by symbol: each symbol gets its own ingredient, two daisies, or a '
            'stack of 4. How many jokers can 6 ingredients pay for at most?'
        ),
        mistakes={
            'b4bc5e00d3e26a2d4cf69d3b42df1ed81e80e3a8d08f9fe5f4f7634f99c5c0e8':
                (
                    'Jokers are allowed: a symbol may get 2 Daisies or 4 ingredients instead of '
                    'its own ingredient.'
                ),
            '39de4e32f27157bdab315d31f376474d929d042fe462fd7aa8f15ac62a608d92':
                (
                    'A joker may also be 4 arbitrary ingredients (Ingredient Jokers), not only 2 '
                    'Daisies.'
                ),
        },
    ),
    Exercise(
        id='daisy-space',
        salt='000fc043d0dd7628',
        answer_digest='15191f171c8fccd6637207e09e4475d47320a12e5a76110c0c0d6e58a90819f4',
        hint=(
            'Two ingredients come out of the full bag one after the other; the second comes '
            'from 89.'
        ),
        mistakes={
            '3a54abf05254265b3c6a0882621acd1f5991a9ffff792a7e9ec1bc5621c30354':
                (
                    'The first daisy does not go back: the second draw is from 89 ingredients, 9 '
                    'of them daisies.'
                ),
            'a5d269d761463323ec0dcd8c53bdf91d610c1e35cca94127853fd049adbb9536':
                (
                    'That is the chance for one circle; both circles must hold a daisy.'
                ),
        },
    ),
    Exercise(
        id='setup-row-daisy',
        salt='bf026993f5384abf',
        answer_digest='86de8f0b3298aab1b29dc847d011be91fe985a8367e9d430152bbe48283a5cf4',
        hint=(
            'Before anything is drawn, every circle is equally likely to get any of the 90 '
            'ingredients, whatever is drawn first: the 12 circles of the 4er row are like the'
            ' first 12 draws. Use the complement: no daisy at all.'
        ),
        mistakes={
            '7fc70e0316057a8734afd4c220ee3e3ee8cd64c4c1728fd4efa8305e0c0d6076':
                (
                    'The draws are without replacement: count sets of 12 from the 80 that are not'
                    ' daisies, C(80, 12), out of C(90, 12).'
                ),
            'ecd05efa8282a19fdb0d6d79edbdc156aae94bc8d4bf8a48051281eed633df0c':
                (
                    'That is the chance of no daisy at all; the question asks for at least one.'
                ),
        },
    ),
    Exercise(
        id='expected-daisies',
        salt='4b21ae13fa0bb912',
        answer_digest='ee26d7498693c068b229805a14aafa4401a1166dcf0624c19dc47e90a5ad6cbf',
        hint=(
            'Expectation is linear: add the chance of a daisy over the circles of the row. '
            'With 4 players, how many circles does the 4er row have?'
        ),
        mistakes={
            '6474e9a1e3e188d344f35de69438879f2aaed5ab798c21dcabbc927e5767966d':
                (
                    'With 4 players the pantry has 5 shelf columns, so the 4er row has 20 '
                    'circles.'
                ),
            'cfe4b41aebd752cb6aa1a06bccbd644481aca15911b412f33335ffd29f2fa02f':
                (
                    'Give the exact value (a Fraction), not a rounded one.'
                ),
        },
    ),
    # Issue 9 (the modules): Soup Stews and chilis.
    Exercise(
        id='soup-stew-fills',
        salt='b93307d2f30f40f5',
        answer_digest='0d6afdd05142b9e7e578003ac9a1c898e3276ada08226caefb04377d766095a3',
        hint=(
            'Hearty Soup Stew has plates A, A, B: choose a kind with at least 2 in the supply '
            'for A, then a different kind for B. Bees are not ingredients.'
        ),
        mistakes={
            '6aea8f807798a1473e04a1a2375bcdadb413a0da45ad28a30178bb6f1cbe42dd':
                (
                    'Different plates need different ingredients, and bees never go on a '
                    'plate: check both.'
                ),
            'eec0383264d7ed7a94fce22ce79c65f0322220b572759aca026dca35d10e2a50':
                (
                    'Bees are not ingredients: they never go on a plate.'
                ),
        },
    ),
    Exercise(
        # Exercise 8 asks about the 1er row after set-up (not a refill in play), so its
        # id says so, like setup-row-daisy (issue 17; once 'chili-in-refill').
        id='setup-row-chili',
        salt='605682df1e9a398d',
        answer_digest='a81ccc013a295646e6d7b57adac0a63c241cb6f8041ebd187b685f9d291591b0',
        hint=(
            'The 3 circles are 3 tokens drawn blind from the 98, without putting any back: '
            'count the sets of 3 with no chili, C(90, 3), out of C(98, 3), and take the '
            'complement.'
        ),
        mistakes={
            '1cd3c2539231cccebe4cec8ae55c8b6be06d966c81b4713d1193611831925e1b':
                (
                    'Drawn ingredients do not go back into the bag: count sets of 3 (without '
                    'replacement).'
                ),
            'c8b8efcee0c47d306e51731bed2f53c5006d83fd4acf78ea875ae573765f503a':
                (
                    'That is the expected number of chilis, not the chance of at least one.'
                ),
        },
    ),
)

IDS: tuple[str, ...] = register_bank(_DINER)

#: Per-student numbers (treehouse_lab.variants): digests only, like the bank; the
#: answers are worked in the solutions notebook and again in tests/core/test_variants.py.
VARIANTS: Variants = register_variants(Variants(
    exercise='joker-options',
    notebook='treehouse-diner-exercises.ipynb',
    hint=(
        'Count the different collections of 4 of your ingredients (ingredients of one '
        'kind are identical), then remember the other kind of joker: 2 Daisies, if you '
        'have two.'
    ),
    choices=(
        Numbers(
            params={'supply': {'dandelion': 2, 'acorn': 2, 'radish': 1, 'daisy': 2}},
            text=(
                'Your supply holds 2 Dandelions, 2 Acorns, a Radish and 2 Daisies. How many '
                'different joker stacks can it make?'
            ),
            salt='1bc14ff7bc9efc1a',
            answer_digest='c3adce1b91589516f12fbe4f5a9e6314fd0379004b7224e1e70868bbd1712b72',
            today_digest='e6e9d75024b4bbfdf8bab2d3f5d45f6a3a373e37c03c69e27e0d8a6f9b4c4754',
        ),
        Numbers(
            params={'supply': {'acorn': 3, 'blueberry': 1, 'mushroom': 2, 'daisy': 1}},
            text=(
                'Your supply holds 3 Acorns, a Blueberry, 2 Mushrooms and a Daisy. How many '
                'different joker stacks can it make?'
            ),
            salt='c322f63d990183bf',
            answer_digest='fb651064d87b2e1c15030c8555ae8e055b873439960bc51a19a1cf685b182a2c',
            today_digest='1ec2cbe88d39d830c87e7cf0e3ce88ce21f2ba729171bbb87483b5599edc37d8',
        ),
        Numbers(
            params={'supply': {'dandelion': 1, 'acorn': 1, 'blueberry': 1, 'radish': 1,
                               'mushroom': 1, 'daisy': 2}},
            text=(
                'Your supply holds a Dandelion, an Acorn, a Blueberry, a Radish, a Mushroom '
                'and 2 Daisies. How many different joker stacks can it make?'
            ),
            salt='5e0281811cb1216f',
            answer_digest='ce4d2da3af71d77b2cdb2da31cfcc1246f79cb3e72859f6817dc6d353f2bfd6c',
            today_digest='b362fad12685ff8a2d7dc0d6fe1c390bf605622aaf0018e5f1ce83e51499f096',
        ),
        Numbers(
            params={'supply': {'dandelion': 4, 'daisy': 3}},
            text=(
                'Your supply holds 4 Dandelions and 3 Daisies. How many different joker '
                'stacks can it make?'
            ),
            salt='d8b8b6e3679fbcc1',
            answer_digest='7379d9f5aedfc80877288976dff48dcaa9f44085a8d5fbbde6b69cae1cb12922',
            today_digest='9e39e54c43715bc3f949a3eb0daf7e73d1cbd19e1173d2282d1cd04f30a08f94',
        ),
        Numbers(
            params={'supply': {'blueberry': 2, 'radish': 2, 'mushroom': 2}},
            text=(
                'Your supply holds 2 Blueberries, 2 Radishes and 2 Mushrooms. How many '
                'different joker stacks can it make?'
            ),
            salt='591eaebed523132b',
            answer_digest='330ca80183ee5b2768feb160168b3245377d4d8701179523b8d43541ab6f8cb7',
            today_digest='b3d837050390a0dadd93f9cd5c77a34d681333debb59ff2caf94d57e88e34544',
        ),
        Numbers(
            params={'supply': {'dandelion': 3, 'acorn': 2, 'radish': 1, 'daisy': 2}},
            text=(
                'Your supply holds 3 Dandelions, 2 Acorns, a Radish and 2 Daisies. How many '
                'different joker stacks can it make?'
            ),
            salt='312ebeb6ba72d8a7',
            answer_digest='e90df1ac41480cd89f9b6c49ba735cc59302da59593b8b4479d6662759955860',
            today_digest='a53421297ad2a291bbe0f6619d34a8259368fa5b3971c0f7a4beae49ca3396c1',
        ),
        Numbers(
            params={'supply': {'acorn': 2, 'blueberry': 2, 'radish': 2, 'daisy': 2}},
            text=(
                'Your supply holds 2 Acorns, 2 Blueberries, 2 Radishes and 2 Daisies. How '
                'many different joker stacks can it make?'
            ),
            salt='6d55a2ea04bce6db',
            answer_digest='b2c6596c9c5380dd38bab14cc931cf3b0d3570a1bb626d27515acf93f780d4a5',
            today_digest='d67fefa9871e1211183aaa74900b47988542b55d562fd2a5db64bb33876b4ba5',
        ),
    ),
))

__all__ = ["IDS", "VARIANTS", "check", "grade"]
