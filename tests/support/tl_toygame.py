"""A toy game for the conformance suite (not registered in ``tl.GAMES``).

"Toy race": 2-3 racers move along a track to ``target``. Each is dealt a hidden hand of two
cards from a deck of eight (a sorted tuple of card ids: a face-down deck has no order to
store, so each deal is a chance node over the cards left). On a turn a racer rolls a lumpy
die (faces 1, 2, 2, 3, 3, 3: a chance node with unequal Fractions) or plays a card (moves
its value, then draws a replacement while the deck lasts). The first to reach ``target``
wins.

It exists so the suite proves itself on a game that is correct, and so Match tests have a
small, fast game with chance, hidden information, multi-step clicks and two option kinds.
It is a plain ``State`` (no stages, no Kinds) that declares its zones, so the suite also
meets a game written on the protocol alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from xml.sax.saxutils import escape

from treehouse_lab.core.jsonio import expect_dict, expect_int, expect_list, expect_str
from treehouse_lab.core.options import Option
from treehouse_lab.core.seating import left_of
from treehouse_lab.core.zones import COUNTED, OWNER, Zone, ZoneTable
from treehouse_lab.errors import RuleError
from treehouse_lab.protocol import CHANCE, TERMINAL, Action, Game, State

HAND = 2
CARDS = tuple(f"c{i}" for i in range(1, 9))
VALUE = {c: (i % 4) + 1 for i, c in enumerate(CARDS)}
FACES = (1, 2, 2, 3, 3, 3)
PHASES = ("deal", "turn", "roll", "draw", "over")


@dataclass(frozen=True)
class Draw(Action):
    KIND = "draw"
    card: str

    def __str__(self) -> str:
        return f"Draw {self.card}"


@dataclass(frozen=True)
class Roll(Action):
    KIND = "roll"

    def __str__(self) -> str:
        return "Roll the die"


@dataclass(frozen=True)
class Die(Action):
    KIND = "die"
    face: int

    def __str__(self) -> str:
        return f"The die shows {self.face}"


@dataclass(frozen=True)
class Play(Action):
    KIND = "play"
    card: str

    def __str__(self) -> str:
        return f"Play {self.card} (move {VALUE.get(self.card, '?')})"


def _check_target(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 5 <= value <= 30:
        raise RuleError(f"option target={value!r} is not allowed; a whole number 5..30")
    return value


class ToyGame(Game):
    NAME = "toyrace"
    TITLE = "Toy race"
    OPTIONS = (
        Option("players", 2, "2 or 3 racers", choices=(2, 3)),
        Option("target", 12, "the square that wins", check=_check_target, examples=(8,)),
    )
    ACTION_TYPES = (Draw, Roll, Die, Play)

    def new_initial_state(self) -> ToyState:
        n = self.players
        return ToyState(self, "deal", 0, [0] * n, [[] for _ in range(n)], CARDS, [])

    def max_game_length(self) -> int:
        """The deal is two draws a racer; every turn then takes two steps (a roll and the
        die, or a card and its replacement, at most) and moves the racer at least 1, so
        after ``players * (target - 1)`` turns some racer has reached the target."""
        n = self.players
        return HAND * n + 2 * (n * (self.options["target"] - 1) + 1)

    def components(self) -> dict[str, list[str]]:
        return {"card": sorted(CARDS)}

    def _state_from_json(self, data) -> ToyState:
        n, target = self.players, self.options["target"]
        d = expect_dict(data, "toyrace",
                        {"phase", "to_move", "positions", "hands", "deck", "discard"})
        phase = expect_str(d["phase"], "toyrace.phase", PHASES)
        to_move = expect_int(d["to_move"], "toyrace.to_move", 0, n - 1)
        positions = [expect_int(v, f"toyrace.positions[{i}]", 0, target + 3)
                     for i, v in enumerate(expect_list(d["positions"], "toyrace.positions", n))]
        hands = []
        for i, h in enumerate(expect_list(d["hands"], "toyrace.hands", n)):
            hand = [expect_str(c, f"toyrace.hands[{i}]", CARDS)
                    for c in expect_list(h, f"toyrace.hands[{i}]")]
            if len(hand) > HAND:
                raise RuleError(f"toyrace.hands[{i}]: a hand holds at most {HAND} cards")
            hands.append(sorted(hand))
        deck = [expect_str(c, "toyrace.deck", CARDS)
                for c in expect_list(d["deck"], "toyrace.deck")]
        discard = [expect_str(c, "toyrace.discard", CARDS)
                   for c in expect_list(d["discard"], "toyrace.discard")]
        seen = deck + discard + [c for h in hands for c in h]
        if sorted(seen) != sorted(CARDS):
            raise RuleError("toyrace: every card must be in exactly one place "
                            "(deck, a hand or the discard)")
        crossed = [p for p in range(n) if positions[p] >= target]
        if phase == "over":
            if crossed != [to_move]:
                raise RuleError("toyrace.phase: 'over' needs exactly the mover at the target")
        elif crossed:
            raise RuleError("toyrace.positions: a racer at the target ends the game")
        sizes = [len(h) for h in hands]
        if phase == "deal":
            if discard or any(positions) or to_move != 0:
                raise RuleError("toyrace.phase: 'deal' happens before anyone moves")
            if sizes != sorted(sizes, reverse=True) or sizes[0] - sizes[-1] > 1 \
                    or sizes[-1] == HAND:
                raise RuleError("toyrace.hands: not a position of the round-robin deal")
        if phase == "draw" and (not deck or sizes[to_move] >= HAND):
            raise RuleError("toyrace.phase: 'draw' needs cards in the deck and room in the hand")
        return ToyState(self, phase, to_move, positions, hands, tuple(sorted(deck)), discard)

    # -- drawing ----------------------------------------------------------------------
    def render_svg(self, state, viewer=None, selection=(), targets=frozenset()) -> str:
        targets, selection = set(targets), set(selection)

        def attrs(tid: str, cls: str) -> str:
            classes = [cls] + (["tl-target"] if tid in targets else []) \
                + (["tl-selected"] if tid in selection else [])
            extra = f' data-target="{tid}"' if tid in targets else ""
            return f'class="{" ".join(classes)}"{extra}'

        target = self.options["target"]
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tl-board tl-toyrace" '
                 f'width="{40 + 20 * target}" height="{60 + 40 * self.players}">']
        for p, pos in enumerate(state.positions):
            y = 20 + 30 * p
            parts.append(f'<g data-racer="{p}" data-position="{pos}">'
                         f'<rect x="10" y="{y}" width="{20 * target}" height="20" fill="#eee"/>'
                         f'<circle cx="{20 + 20 * min(pos, target)}" cy="{y + 10}" r="8"/></g>')
        y = 30 + 30 * self.players
        parts.append(f'<rect {attrs("roll", "tl-button")} x="10" y="{y}" width="60" '
                     f'height="20"/><text x="14" y="{y + 15}">roll</text>')
        parts.append(f'<rect {attrs("play", "tl-button")} x="80" y="{y}" width="60" '
                     f'height="20"/><text x="84" y="{y + 15}">play</text>')
        if viewer is not None:
            for i, c in enumerate(state.hands[viewer]):
                x = 160 + 40 * i
                parts.append(f'<rect {attrs("card:" + c, "tl-card")} x="{x}" y="{y}" '
                             f'width="30" height="20"/>'
                             f'<text x="{x + 4}" y="{y + 15}">{escape(c)}</text>')
        parts.append("</svg>")
        return "".join(parts)

    def render_text(self, state) -> str:
        lines = [f"Toy race to {self.options['target']} ({state.phase})"]
        for p, pos in enumerate(state.positions):
            mark = "*" if p == state.to_move else " "
            lines.append(f"{mark}{self.player_name(p)}: square {pos}, "
                         f"{len(state.hands[p])} card(s)")
        lines.append(f"deck {len(state.deck)}, discard {' '.join(state.discard) or '-'}")
        return "\n".join(lines)

    def click_paths(self, state, player=None):
        if state.current_player < 0:
            return {}
        out = {}
        for a in state.legal_actions(player):
            out[a] = ("roll",) if isinstance(a, Roll) else ("card:" + a.card, "play")
        return out


class ToyState(State):
    def __init__(self, game, phase, to_move, positions, hands, deck, discard):
        self.game = game
        self.phase = phase
        self.to_move = to_move
        self.positions = positions
        self.hands = hands
        self.deck = deck
        self.discard = discard

    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "turn":
            return self.to_move
        return CHANCE

    def _deal_target(self) -> int:
        sizes = [len(h) for h in self.hands]
        return sizes.index(min(sizes))

    def _legal_actions(self, player):
        return [Roll()] + [Play(c) for c in self.hands[player]]

    def _chance_outcomes(self):
        if self.phase in ("deal", "draw"):
            p = Fraction(1, len(self.deck))  # every card left is as likely: one Fraction
            return [(Draw(c), p) for c in self.deck]
        if self.phase == "roll":
            return [(Die(f), Fraction(FACES.count(f), len(FACES))) for f in sorted(set(FACES))]
        return []

    def narrate(self, action, by=None):
        """A drawn card goes face down into a hand: its log line, told to every seat, says
        whose hand and not the card (the outcome's own text, unique at the node, names
        it: docs/dev/adding-a-game.md, "Hidden chance outcomes")."""
        if isinstance(action, Draw) and self.is_chance_node():
            self._narrator(by)
            who = self._deal_target() if self.phase == "deal" else self.to_move
            return f"{self.game.player_name(who)} draws a card face down"
        return super().narrate(action, by)

    def _apply(self, action, player):
        if isinstance(action, Draw):
            self.deck = tuple(c for c in self.deck if c != action.card)
            who = self._deal_target() if self.phase == "deal" else self.to_move
            self.hands[who] = sorted(self.hands[who] + [action.card])
            if self.phase == "draw":
                self._next_turn()
            elif all(len(h) == HAND for h in self.hands):
                self.phase = "turn"
        elif isinstance(action, Roll):
            self.phase = "roll"
        elif isinstance(action, Die):
            if not self._move(action.face):
                self._next_turn()
        elif isinstance(action, Play):
            self.hands[self.to_move].remove(action.card)
            self.discard.append(action.card)
            if not self._move(VALUE[action.card]):
                if len(self.deck):
                    self.phase = "draw"
                else:
                    self._next_turn()

    def _move(self, steps: int) -> bool:
        self.positions[self.to_move] += steps
        if self.positions[self.to_move] >= self.game.options["target"]:
            self.phase = "over"
            return True
        return False

    def _next_turn(self):
        self.to_move = left_of(self.to_move, self.game.players)
        self.phase = "turn"

    def scores(self):
        return [{"total": pos, "squares": pos} for pos in self.positions]

    def winners(self):
        best = max(self.positions)
        return [p for p, v in enumerate(self.positions) if v == best]

    def _observation(self, player):
        return {
            "viewer": player,
            "phase": self.phase,
            "to_move": self.to_move,
            "positions": list(self.positions),
            "hand": list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": list(self.discard),
        }

    def components(self):
        cards = list(self.deck) + list(self.discard) + [c for h in self.hands for c in h]
        return {"card": sorted(cards)}

    def to_json(self):
        return {
            "phase": self.phase,
            "to_move": self.to_move,
            "positions": list(self.positions),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "discard": list(self.discard),
        }

    def clone(self):
        return ToyState(self.game, self.phase, self.to_move, list(self.positions),
                        [list(h) for h in self.hands], self.deck, list(self.discard))


# What each racer sees (core/zones.py): the deck is face down but counted, a hand is its
# holder's; observation, hidden_from and determinization follow from this.
ToyGame.ZONES = ZoneTable([Zone("deck", COUNTED, "deck", ordered=False),
                           Zone("hands", OWNER, "hands", per_seat=True)],
                          universe=lambda g: CARDS)
