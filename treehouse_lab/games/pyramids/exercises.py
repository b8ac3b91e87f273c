"""The Treehouse counting exercise bank (notebooks/treehouse-exercises.ipynb).

Digests only, never answers (see ``treehouse_lab.exercises``): they were made with
``make_exercise`` from the answers in teacher/treehouse-exercises-solutions.ipynb, and the
test suite (tests/core/test_exercises.py, tests/core/test_variants.py) recomputes every
answer from the engine and checks it against them. The game declares this module
(``PyramidsGame.EXERCISES``), so ``treehouse_lab.exercises`` reads the bank whenever it is
asked for an exercise; a notebook may also import it directly:

    from treehouse_lab.games.pyramids.exercises import check
"""

from __future__ import annotations

from ...exercises import Exercise, check, grade, register_bank
from ...variants import Numbers, Variants, register_variants

_PYRAMIDS: tuple[Exercise, ...] = (
    Exercise(
        id='some-lying',
        salt='bfcf3aca6feaffae',
        answer_digest='6f7ae8d1f9711a487482cbcd9d4af9f97d9956724931c19a26960683ee877981',
        hint=(
            'Count the complement: how many trio arrangements have every piece upright? (Use the '
            'case split: a lone upright piece is 1 of its 3 shapes.)'
        ),
        mistakes={
            'dabae44cd2d5e6b5a6216ad84413774e5104c1511aee8192ad9a0443f0b8dd3a':
                (
                    'That is the number with every piece upright; the question asks for the '
                    'others.'
                ),
            '15682f473e7844cb348c2a3d684e6794a678ddc0e291ee903f2010de38e8a98e':
                (
                    'Lines with a stack can have a lying piece too: a pair stacked and one piece '
                    'lying.'
                ),
            '581b15b1c4bd1e8f40cab148463ca81035d91ba8a9dfc155b85518bdcaff1742':
                (
                    'Check the all-upright count again: one stack, a pair and a single, three '
                    'singles.'
                ),
        },
    ),
    Exercise(
        id='quartet-two-positions',
        salt='07f251011db871f0',
        answer_digest='824bc11a2e18aaa2df7b6d802176885367b48f3cbd472c86d130ac565418f2cb',
        hint=(
            'The position sizes, left to right, can be (1, 3), (3, 1) or (2, 2). For each: choose '
            'the pieces, then multiply the shapes (3 for a lone piece, k! for a stack of k).'
        ),
        mistakes={
            'c59ef55f7cb4b39a1322616af6dfff19aff2d133fc2d1c940cc9f051236f658c':
                'You have (1, 3) and (3, 1); what about two stacks of two?',
            'a23d727d93785f8e8b8e0ba6108a403484e4dc9c667ee5f24841b6703520edaa':
                (
                    'Two stacks of two: choose which 2 pieces go left (6 ways), then 2 orders '
                    'each.'
                ),
            'e054808200d9f025b8809521a7795d1037670c6c88e224a221108572c79419d8':
                (
                    'A stack and a lone piece can be in either order: (1, 3) and (3, 1) are '
                    'different.'
                ),
        },
    ),
    Exercise(
        id='dig-example-wild',
        salt='a16e339e1ceadc74',
        answer_digest='bf1d785ff4798762ccb146603250176dd3b338ea005a4b126e6cdbc0363df662',
        hint=(
            'Count the distinct results of each action from L> S M (Tip, Aim, Hop, Dig, Swap; '
            'a Hop may land on the lying Large, which stands up under it), then take the '
            'union: an arrangement two actions can reach is one result, not two.'
        ),
        mistakes={
            '1b0229d75ed970df7812fc2530ec19437724c510b9ceb8ecb7868048852e6246':
                (
                    'That adds up the five actions; some arrangements are reached by two different'
                    ' actions (a lone upright piece tipped left is the same as aimed left).'
                ),
            '11ffa68a28be28f10e86de3288e62e7beb62ab74dcc3a8fa292fa2b22dbd0d9f':
                'Aim works on every lone piece, lying or standing: two new directions each.',
            '5e5146f94fd9789781db73f90f35c8fc04a32abefc71020a67abd119eb9078b4':
                (
                    'That is the count of the variant hop_onto_lying=False. Here a Hop may '
                    'land on the lying Large, which stands up under it (ruling R20).'
                ),
        },
    ),
    Exercise(
        id='reroll-all-lying',
        salt='fb643dd786d0d774',
        answer_digest='bd5eddaa39920c7dec14e3311a7f709f0c9944290a7f4c5aea5a5834b8e8aa41',
        hint=(
            'Which faces can change neither a line of lying pieces nor another line of lying '
            'pieces? Those faces are rolled again.'
        ),
        mistakes={
            '73d22a1a854658c0dfef8aaaf8817d4975621af04ef9f7ece74682e2938633a8':
                'Hop needs an upright piece too.',
            'd2c1ca5937984fc526de34e2c84f99daf37d53aa280c20a623c0ca5f60c89227':
                'Swap always works on your own trio, so it is never rolled again.',
        },
    ),
    Exercise(
        id='turn-length',
        decimals=True,  # a mean: 1.5 is as exact as 3/2
        salt='b564b9f69d7b96cd',
        answer_digest='2c32e19d2c857ca92d478e69c1dd4dbe5b1d63cdcbfc788731230bf5df168cb2',
        hint=(
            'A turn is a run of rerolls ended by a roll that counts: a geometric number of rolls. '
            'If each roll counts with probability q, a turn takes 1/q rolls on average.'
        ),
        mistakes={
            'b3a745b0391b62b2daaa88da9a58e8e989b356297658630e8d5960be3e3fa69c':
                '1 + P(reroll) counts only one possible reroll; rerolls can repeat.',
            '5dd87be59a862ea0dc080031d35e5954b42a3c69120f6b7e78d1735093f838a9':
                (
                    'That is the chance a roll counts; the expected number of rolls is its '
                    'reciprocal.'
                ),
        },
    ),
    Exercise(
        id='next-roll',
        salt='ff83bf095c1dbbc6',
        answer_digest='64d77b207f329be73dc642365de79809c73b89db58711dd426f5786fb7660e3c',
        hint=(
            'Go face by face: must it be used on your trio (and can it make the House)? If not, '
            'can it be used on the House, or is it rolled again? A rolled-again face does not end '
            "the turn: the turn's real roll is one of the faces that count."
        ),
        mistakes={
            '06ed106623bcb40d1ee3b0bd231368b0b68c29faed417c968859d5acc8942194':
                (
                    'Two faces can change neither line here: they are rolled again, so divide by '
                    'the chance of a face that counts.'
                ),
            '4051c955b70ecee2eecf5ce494bf712002a35fa347a5ee98a520d6b9b555fb54':
                (
                    'Count the faces rolled again once more: Tip and Hop both need an upright '
                    'piece.'
                ),
            '42bacd1b5e136ba0086ba6a8eca9193505e4eed29ee9bd3b74752b2e74cdb0b8':
                'Wild wins, but so does another face: which action turns one piece round?',
        },
    ),
    Exercise(
        id='one-roll-count',
        salt='f17c55062fe51acf',
        answer_digest='adc3c151a8f3501a419a31da3aac6150996c124ffa6e16715097ab8b9a9abb61',
        hint=(
            'For each of the 204 trios, ask whether some face of the die can make a match with the'
            ' House L> S M this turn (a result on your trio, or on the House when the trio cannot '
            'use the face, or anything on Wild). Let the computer loop over the trios.'
        ),
        mistakes={
            '2f4e61514be60d72c0d382dae59a265438b8c312835fe2acc80230ef8fbc209b':
                (
                    "The House's own arrangement cannot match this turn: every action changes a "
                    'line.'
                ),
            'cc01c32be75c10e109aa8c7dd873cde3a4330c2fd084d19eba81fff574dc9610':
                (
                    'Those are the Wild results of the House; but a match needs your trio to reach'
                    ' the House (or the House your trio), and moves are not all reversible.'
                ),
        },
    ),
    Exercise(
        id='solo-one-piece',
        decimals=True,  # a mean: 1.5 is as exact as 3/2
        salt='177f0b85424715cc',
        answer_digest='cf4c33d6df57f20770d0023139bcafd362cbd986439ad2f70cc23f3959d31913',
        hint=(
            'Write V for each (piece, House) position and one equation each; rerolls count as '
            'rolls. Go face by face from <S against S>: which faces are rolled again, which win, '
            'and where does a forced move take you?'
        ),
        mistakes={
            '10b03e1f3f6f7d469ab889b9a5beb384b5787a782a1e1f396d48555422b7babe':
                (
                    'From <S against S> Tip is rolled again, and Dig must be used on your piece: '
                    'it stands up, but the House lies.'
                ),
            '38a3b56cc413411e1e2d0ba0a69b4584cae3ac73f81468e5037df3348d99551b':
                (
                    'The forced Dig does not end the game: add the rolls still needed after it (a '
                    'position worth 3/2).'
                ),
        },
    ),
)

#: The bank's ids, in order.
IDS: tuple[str, ...] = register_bank(_PYRAMIDS)

#: Per-student numbers (treehouse_lab.variants): digests only, like the bank; the answers
#: are worked in the solutions notebook and again in tests/core/test_variants.py.
#: quartet-two-positions with another number of pieces or of positions.
VARIANTS: Variants = register_variants(Variants(
    exercise='quartet-two-positions',
    notebook='treehouse-exercises.ipynb',
    hint=(
        'The position sizes, left to right, are {positions} whole numbers adding up to '
        '{pieces}. For each list of sizes: choose the pieces, then multiply the shapes (3'
        ' for a lone piece, k! for a stack of k).'
    ),
    choices=(
        Numbers(
            params={'pieces': 3, 'positions': 1},
            text=(
                'With three pieces (a trio), how many arrangements have exactly one position '
                '(a single stack)?'
            ),
            salt='2da82c338ed10c31',
            answer_digest='8cd0b715149ba5fbca7a2c1555f06d0c45eebec7a226a9e76e1dd8739119d2bd',
            today_digest='b01e10cb3db78dc3a6dc656df79c76d47d780cada40ad4586e4f7304e2c30b57',
        ),
        Numbers(
            params={'pieces': 3, 'positions': 2},
            text=(
                'With three pieces (a trio), how many arrangements have exactly two '
                'positions?'
            ),
            salt='4839ae58a127b0e8',
            answer_digest='3cf5e87986c7024d8a604d5b5eecb2efa3819c0b1fabe480985e8501a6bebe8f',
            today_digest='c8d850ee9066371041d44a768008c899b5a29f227cc9dc1b24f058f929b7ab5a',
        ),
        Numbers(
            params={'pieces': 3, 'positions': 3},
            text=(
                'With three pieces (a trio), how many arrangements have exactly three '
                'positions?'
            ),
            salt='24a8fad069981802',
            answer_digest='eed0f04c17ab0a8692e4e67c8efa046b481784c82402337edbdd7dffc1c78e0a',
            today_digest='67a88295a62972e166f32a3090bba1525a75b4c3cab14a9d55f805a3c725f952',
        ),
        Numbers(
            params={'pieces': 4, 'positions': 1},
            text=(
                'With four pieces (a quartet), how many arrangements have exactly one '
                'position (a single stack)?'
            ),
            salt='44ade55ecb555ac9',
            answer_digest='62d29666480da922963bed0491ca306893a1316e0c88ebf32283ea397f1f24fd',
            today_digest='d46fa868c31b42d5e64fdf26e79ae11b986a2bdf6ed9a946ff3caad0d224efa5',
        ),
        Numbers(
            params={'pieces': 4, 'positions': 3},
            text=(
                'With four pieces (a quartet), how many arrangements have exactly three '
                'positions?'
            ),
            salt='6f977794fdadc168',
            answer_digest='8c69dd1df02c4924471dd3ca992fe34d9efe98993564fe254ebf3cb40a29d9b8',
            today_digest='08e9f45ed15b5f0f21e88bc14ab3dff726c3c7ed5842f1286010fa263bc5d172',
        ),
        Numbers(
            params={'pieces': 4, 'positions': 4},
            text=(
                'With four pieces (a quartet), how many arrangements have exactly four '
                'positions?'
            ),
            salt='dfdd87a10303b975',
            answer_digest='8c1c4c249f9622dbbd71d8241024e26b25a94afff1dd1b557f626e08dd241005',
            today_digest='777445ad6bb4f7e0d0297873dce110d677e7f83140cfd46be5fe0b13a32f57b8',
        ),
    ),
))

__all__ = ["IDS", "VARIANTS", "check", "grade"]
