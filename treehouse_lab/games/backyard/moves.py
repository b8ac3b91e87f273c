"""Backyard Builders Treehouse: the four kinds of action, each defined once.

Every kind (core/kinds.py) keeps together which moves it offers (``generate``: a decision;
the draws are the stage's chance outcomes), what it changes (``apply``), why it is allowed
(``explain``), its log line (``narrate``) and the board click that picks it
(``click_path``). Legality is stated once, by the moves handed out: a move is legal exactly
when it is in the generated list (core/stages.py), and core's ``why_not`` says so. What a
kind adds is ``refusal``: for a move that is not legal, the sentence of the rule that
forbids it (set-up first, the draw before the play, the matching rule), where core would
only list the legal moves. Kinds read and write the state's public fields only (state.py).

Rulings referred to as R1, R2 ... are in docs/rulings/backyard.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.fields import replace_at
from ...core.kinds import Kind, KindTable
from ...core.seating import left_of
from ...protocol import CHANCE, Action
from .actions import ChooseAchievement, ChooseStartPlayer, Draw, Play
from .rules import card_text, why_no_match
from .stages import DRAW, AchievementStage, DealStage, DrawStage, PlayStage, StartStage

if TYPE_CHECKING:  # pragma: no cover
    from .state import BackyardState

RULES = KindTable("backyard")

__all__ = ["RULES", "ChooseAchievement", "ChooseStartPlayer", "Draw", "Play"]


def _setup_first(s: BackyardState) -> str | None:
    """Game Setup comes before any card moves (R10)."""
    if isinstance(s.top, AchievementStage):
        return ("Game Setup: first turn up the achievement card, then randomly determine "
                "the start player")
    if isinstance(s.top, StartStage):
        return "Game Setup: first randomly determine the start player"
    return None


def _name(s: BackyardState, seat: int | None) -> str:
    return s.game.player_name(seat) if seat is not None and seat >= 0 else "nobody"


# -- Set-up ----------------------------------------------------------------------------------

@RULES.kind(ChooseAchievement)
class ChooseAchievementKind(Kind):
    """Achievement Card Expansion: "randomly choose ONE Achievement Card" (R10)."""

    def refusal(self, s: BackyardState, a: ChooseAchievement, player: int) -> str | None:
        g = s.game
        if not g.achievements_on:
            return ("Achievement Card Expansion: this game is played without achievement "
                    "cards (load_game(..., achievements=True) to use them)")
        if not isinstance(s.top, AchievementStage):
            return "Achievement Card Expansion: only 1 achievement card is chosen, at set-up"
        if a.achievement not in g.achievement_set:
            return (f"Achievement Card Expansion: {a.achievement!r} is not one of the "
                    f"{len(g.achievement_set)} achievement cards")
        if player != CHANCE:
            return "Achievement Card Expansion: the card is chosen at random, by no player"
        return None

    def apply(self, s: BackyardState, a: ChooseAchievement, player: int) -> None:
        s.achievement_id = a.achievement
        s.pop()

    def explain(self, s: BackyardState, a: ChooseAchievement, player: int) -> str:
        k = len(s.game.achievement_set)
        return (f"Achievement Card Expansion: randomly choose ONE achievement card; each "
                f"of the {k} has chance 1/{k}.")

    def narrate(self, s: BackyardState, a: ChooseAchievement, player: int) -> str:
        card = s.game.achievement_set.get(a.achievement)
        return f"The achievement card is {card}" if card else str(a)


@RULES.kind(ChooseStartPlayer)
class ChooseStartPlayerKind(Kind):
    """Game Setup: "Randomly determine a Start Player and place the Hammer Token in front
    of that player. It will stay there the entire game." """

    def refusal(self, s: BackyardState, a: ChooseStartPlayer, player: int) -> str | None:
        n = s.game.players
        if isinstance(s.top, AchievementStage):
            return "Achievement Card Expansion: Game Setup: turn up the achievement card first"
        if not isinstance(s.top, StartStage):
            return ("Game Setup: the start player is chosen once and keeps the hammer "
                    "the entire game")
        if not 0 <= a.player < n:
            return f"Game Setup: the start player must be a seat 0..{n - 1}"
        if player != CHANCE:
            return "Game Setup: the start player is determined at random, by no player"
        return None

    def apply(self, s: BackyardState, a: ChooseStartPlayer, player: int) -> None:
        s.start_player = a.player
        s.pop()

    def explain(self, s: BackyardState, a: ChooseStartPlayer, player: int) -> str:
        n = s.game.players
        return (f"Game Setup: randomly determine a start player; each of the {n} players "
                f"has chance 1/{n}. The hammer stays with them all game.")

    def narrate(self, s: BackyardState, a: ChooseStartPlayer, player: int) -> str:
        return (f"{_name(s, a.player)} is the start player and takes the hammer, then draws "
                f"{s.game.players} cards")


# -- A turn: draw, play, pass ------------------------------------------------------------------

@RULES.kind(Draw)
class DrawKind(Kind):
    """Game Setup: "The start player draws cards equal to the number of players"; Game
    Turn, step 1: "Draw 1 card from the Draw Deck and add it to your hand" (R1)."""

    def refusal(self, s: BackyardState, a: Draw, player: int) -> str | None:
        g = s.game
        setup = _setup_first(s)
        if setup:
            return setup
        if isinstance(s.top, PlayStage):
            return (f"Game Turn, step 2: {_name(s, s.holder)} has drawn and must now add a "
                    "card to their treehouse")
        if a.card in g.box_cards:
            return (f"Game Setup: {card_text(a.card)} is a purple card, removed in a "
                    "2-player game")
        if a.card not in s.deck:
            return f"Game Turn, step 1: {card_text(a.card)} is not in the draw deck"
        if player != CHANCE:
            return "Game Turn, step 1: the card drawn is chance; no player picks it"
        return None

    def apply(self, s: BackyardState, a: Draw, player: int) -> None:
        deck = s.deck
        i = deck.index(a.card)
        s.deck = deck[:i] + deck[i + 1:]
        s.hand_cards = tuple(sorted((*s.hand_cards, a.card)))
        if len(s.hand_cards) == s.game.players + s.stack[-1].EXTRA:
            s.pop()  # the deal or the draw is over (stages.DeckDraw.EXTRA)

    def explain(self, s: BackyardState, a: Draw, player: int) -> str:
        n = len(s.deck)
        if isinstance(s.top, DealStage):
            return (f"Game Setup: the start player draws cards equal to the number of "
                    f"players (card {len(s.hand_cards) + 1} of {s.game.players}); each of the "
                    f"{n} cards in the deck is equally likely, 1/{n}.")
        return (f"Game Turn, step 1: draw 1 card from the draw deck; each of the {n} cards "
                f"left is equally likely, 1/{n}.")

    def narrate(self, s: BackyardState, a: Draw, player: int) -> str:
        """Never names the card: the log is on screen for everyone (R6)."""
        who = _name(s, s.holder)
        left = len(s.deck) - 1
        if isinstance(s.top, DealStage):
            return (f"{who} (start player) draws a card for the hand "
                    f"({len(s.hand_cards) + 1} of {s.game.players}); {left} left in the deck")
        return f"{who} draws a card; {left} left in the deck"


@RULES.kind(Play)
class PlayKind(Kind):
    """Game Turn, step 2: "Select 1 card from your hand of cards and add that card to your
    Treehouse either face-up OR face-down as a wild"; step 3: "Pass the rest of your hand
    cards clockwise to the player to your left." Face up it must match (How to Build Your
    Treehouse, R8)."""

    def refusal(self, s: BackyardState, a: Play, player: int) -> str | None:
        g = s.game
        setup = _setup_first(s)
        if setup:
            return setup
        who = _name(s, s.holder)
        if isinstance(s.top, DealStage):
            return (f"Game Setup: the start player first draws cards equal to the number of "
                    f"players ({len(s.hand_cards)} of {g.players} drawn)")
        if isinstance(s.top, DrawStage):
            return f"Game Turn, step 1: {who} must draw 1 card before playing one"
        if player != s.holder:
            return f"Game Turn: it is {who}'s turn to build, not {_name(s, player)}'s"
        if a.card not in s.hand_cards:
            return f"Game Turn, step 2: {card_text(a.card)} is not in {who}'s hand"
        if not a.face_down and a.card not in g.fits[s.top_placed(player)]:
            return why_no_match(s.top_floor(player), g.card_set[a.card])
        return None

    def generate(self, s: BackyardState, seat: int) -> list[Action]:
        # How to Build Your Treehouse: face up only if the bottom floor matches; Game
        # Turn, step 2: face down as a wild, always.
        house = s.treehouses[seat]
        choices = s.game.choices[house[-1] if house else None]
        return [a for c in s.hand_cards for a in choices[c]]

    def click_path(self, s: BackyardState, a: Play, seat: int) -> tuple[str, ...]:
        """The card (face up) or the tab under it (face down): render.py draws both."""
        return (f"hand:{a.card}:{'down' if a.face_down else 'up'}",)

    def apply(self, s: BackyardState, a: Play, player: int) -> None:
        g = s.game
        hand = s.hand_cards
        i = hand.index(a.card)
        rest = hand[:i] + hand[i + 1:]
        houses = s.treehouses
        s.treehouses = replace_at(houses, player, (*houses[player], (a.card, a.face_down)))
        s.turn += 1
        if s.turn == g.total_plays:
            # Game End: the leftover hand is set aside unscored (R2).
            s.leftover = rest
            s.hand_cards = ()
            s.pop()
        else:
            # Step 3: the rest goes clockwise, to the left, who plays next (R1), and
            # their turn starts with a draw (step 1): the play stage stays for them.
            s.hand_cards = rest
            s.push(DRAW)

    def explain(self, s: BackyardState, a: Play, player: int) -> str:
        g = s.game
        card = g.card_set[a.card]
        if a.face_down:
            return (f"Game Turn, step 2: any card may be added face down as a wild. Its two "
                    f"grey floors match any colour or number, score {g.wild_points} each "
                    f"(ruling R3) and break colour runs.")
        top = s.top_floor(player)
        if top is None:
            why = "your Ladder Card matches any number or colour"
        elif top.colour is None:
            why = "your top floor is a grey wild, which matches any number or colour"
        else:
            same_c = card.bottom.colour == top.colour
            same_n = card.bottom.number == top.number
            what = ("both the colour and the number" if same_c and same_n
                    else "the colour" if same_c else "the number")
            why = f"the bottom floor {card.bottom} matches {what} of your top floor {top}"
        return f"How to Build Your Treehouse: {why}, so {card.text} may go on face up."

    def narrate(self, s: BackyardState, a: Play, player: int) -> str:
        """A face-down card is not named (R6)."""
        g = s.game
        p = s.holder
        if p is None:
            return str(a)
        n = len(s.treehouses[p]) + 1
        top = s.top_floor(p)
        on = ("their ladder" if top is None else "their wild" if top.colour is None
              else f"their {top}")
        what = "a card face down as a wild" if a.face_down else f"{card_text(a.card)} face up"
        cards = "1 card" if n == 1 else f"{n} cards"
        line = f"{_name(s, p)} plays {what} on {on}: {cards} in the treehouse"
        rest = len(s.hand_cards) - 1
        if s.turn + 1 == g.total_plays:
            return (line + f". That was the last card: the game ends, and the {rest} "
                    "leftover cards are set aside unscored")
        return line + f"; passes {rest} cards to {_name(s, left_of(p, g.players))}"
