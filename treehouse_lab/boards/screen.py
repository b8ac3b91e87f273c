"""The seat at the screen: whose hidden cards a board's picture shows, and whom clicks act for.

One person looks at one picture, so the picture is drawn for one seat (``viewer=``): only
that seat's hidden cards are shown, and clicks act for that seat when it is a human seat
that may act now. The "At the screen" menu picks it:

* a seat (Player 1..n): that seat, whoever is to move; a click acts for it only when it
  may act (in a real-time phase it may act while others do too);
* *hot seat* (pass-and-play): the human who may act now when there is exactly one; when
  several humans may act at once (a secret bid), nobody's hidden cards are drawn and a
  click asks to pick who is at the screen; while only bots or chance may act the picture
  stays with the last human who had the screen (never a bot's hand).

The default is the only human seat when exactly one seat is human (the usual "you against
bots" board), and the hot seat otherwise (several humans sharing a screen, or bots only,
where the hot seat follows whichever seat is made human later).

Why a class of its own: the setting and the hot seat's memory are read off the match as it
is now by the picture, the clicks, the status line and Explain alike; holding them in one
place keeps those four from disagreeing about whose screen it is.
"""

from __future__ import annotations

from typing import Any

from ..match import Match
from .controls import HOT_SEAT
from .wording import names


class Screen:
    """The "At the screen" setting of one board (``setting``: a seat or ``HOT_SEAT``) and
    what it means for ``match`` now. ``viewer=None`` picks the default (see the module
    docstring); a bad ``viewer`` raises :class:`RuleError`."""

    def __init__(self, match: Match, viewer: int | str | None) -> None:
        self.match = match
        if viewer is None:
            humans = [p for p in range(match.game.players) if not match.is_bot(p)]
            viewer = humans[0] if len(humans) == 1 else HOT_SEAT
        self.setting: int | str = self.check(viewer)
        #: the hot seat's last human, kept on bots' turns
        self.last_hot: int | None = None

    def check(self, viewer: Any) -> int | str:
        """``viewer`` if it is a seat of the match's game (the one seat check,
        ``Game.check_seat``) or ``HOT_SEAT``, else RuleError. None, the default, is
        resolved before (``__init__``)."""
        if viewer == HOT_SEAT and isinstance(viewer, str):
            return viewer
        return self.match.game.check_seat(viewer, "Board", "viewer (the seat at the screen)",
                                          also=f"{HOT_SEAT!r} (or None, the default, when "
                                          "the board is made)")

    def keep_last_human(self) -> None:
        """On the hot seat, remember the one human who may act now (if exactly one may),
        so the picture stays with them while bots or chance play."""
        humans = self.match.humans_to_act()
        if self.setting == HOT_SEAT and len(humans) == 1:
            self.last_hot = humans[0]

    def seat(self) -> int | None:
        """The seat the picture is for, from the setting and the match as it is now (None:
        nobody's hidden cards)."""
        if self.setting != HOT_SEAT:
            return int(self.setting)
        humans = self.match.humans_to_act()
        if len(humans) == 1:
            return humans[0]
        if humans:
            return None  # several humans at once: show nobody's secrets until one is chosen
        if self.last_hot is not None and not self.match.is_bot(self.last_hot):
            return self.last_hot
        return next((p for p in range(self.match.game.players) if not self.match.is_bot(p)),
                    None)

    def acting(self) -> int | None:
        """The seat clicks act for: the seat at the screen when it is a human who may act."""
        seat = self.seat()
        return seat if seat is not None and seat in self.match.humans_to_act() else None

    def why_no_clicks(self) -> str:
        """Why the humans who may act cannot click here (the screen is someone else's)."""
        humans = self.match.humans_to_act()
        if self.setting == HOT_SEAT:
            return "pick who is at the screen (the 'At the screen' menu) to click for one of them"
        seat = int(self.setting)
        game = self.match.game
        return (f"the screen is {game.player_name(seat)}'s: choose "
                f"{names(game, humans, plain=True, joiner=' or ')} under 'At the screen' to "
                "click for them")


__all__ = ["Screen"]
