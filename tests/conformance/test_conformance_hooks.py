"""Each agreement check (test_conformance_agreement.py) can fail: break one hook of the
toy orchard on purpose and the check that guards it raises, while the unbroken toy passes.
A check that cannot fail proves nothing."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import tl_conformance_agreement as A
import tl_conformance_harness as H
import tl_toyorchard as orchard

from treehouse_lab.core.chance import CountedOutcomes, UniformOutcomes
from treehouse_lab.core.zones import ZoneTable


def _case():
    return next(c for c in H.cases_of(H.TOY_ORCHARD) if dict(c.config)["players"] == 3)


def _why_not():
    for pt in H.full_playthroughs(_case())[:2]:
        candidates = A.decision_candidates(pt)
        for i in H.sample_indices(pt, 16):
            A.check_why_not(pt.states[i], pt.where(i), candidates, random.Random(i))


def _determinize():
    for pt in H.full_playthroughs(_case())[:2]:
        for i in H.sample_indices(pt, 6):
            A.check_determinize(pt.states[i], pt.where(i), random.Random(i))


def _seat_texts():
    for pt in H.full_playthroughs(_case())[:2]:
        for i in sorted(set(H.sample_indices(pt, 6)) | set(A.reveal_indices(pt, 3))):
            A.check_seat_texts(pt.states[i], pt.where(i), random.Random(i))


def _bad_seats():
    pt = H.full_playthroughs(_case())[0]
    A.check_bad_seats(pt.states[len(pt.states) // 2], pt.where(len(pt.states) // 2))


def _chance_texts():
    for pt in H.full_playthroughs(_case())[:2]:
        for i, s in enumerate(pt.states):
            if s.is_chance_node():
                A.check_chance_texts(s, pt.where(i))


def _chance_exact():
    for pt in H.full_playthroughs(_case())[:2]:
        for i, s in enumerate(pt.states):
            if s.is_chance_node():
                H.check_chance(s, pt.where(i))


def _drawn():
    for pt in H.full_playthroughs(_case())[:2]:
        candidates = A.drawn_candidates(pt)
        for i, s in enumerate(pt.states):
            A.check_drawn(s, pt.where(i), candidates)


CHECKS = {"why_not": _why_not, "determinize": _determinize, "seat_texts": _seat_texts,
          "bad_seats": _bad_seats,
          "chance_texts": _chance_texts, "chance_exact": _chance_exact, "drawn": _drawn}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_the_unbroken_toy_passes(check):
    CHECKS[check]()


def _fails(check, match):
    with pytest.raises(AssertionError, match=match):
        CHECKS[check]()


# -- why_not ----------------------------------------------------------------------------------
def test_why_not_that_allows_everything_is_caught(monkeypatch):
    monkeypatch.setattr(orchard.BidKind, "why_not", lambda self, s, a, p: None)
    _fails("why_not", "is not legal for .* but why_not gives None")


def test_why_not_that_refuses_a_generated_move_is_caught(monkeypatch):
    def no_pruning(self, s, a, p):
        if s.stage != "tend" or p not in s.actors():
            return "Tend: not now"
        return "Tend: never" if a.how == "prune" else None

    monkeypatch.setattr(orchard.TendKind, "why_not", no_pruning)
    _fails("why_not", "is generated for .* but why_not says 'Tend: never'")


# -- determinize ------------------------------------------------------------------------------
def test_a_sample_that_changes_what_the_seat_sees_is_caught(monkeypatch):
    real = orchard.OrchardGame.determinize

    def moves_the_water(self, observation, seat, rng):
        d = real(self, observation, seat, rng)
        d.water = (d.water[0] + 1,) + d.water[1:]
        return d

    monkeypatch.setattr(orchard.OrchardGame, "determinize", moves_the_water)
    _fails("determinize", "its observation differ")


def test_a_sample_that_leaks_a_hidden_card_into_the_seat_s_view_is_caught(monkeypatch):
    """A determinizer that deals a card the seat cannot have seen into its own hand."""
    real = orchard.OrchardGame.determinize

    def leaks(self, observation, seat, rng):
        d = real(self, observation, seat, rng)
        other = (seat + 1) % self.players
        if d.hands[other] and d.hands[seat]:
            mine, theirs = d.hands[seat], d.hands[other]
            hands = list(d.hands)
            hands[seat] = tuple(sorted(mine[1:] + theirs[:1]))
            hands[other] = tuple(sorted(theirs[1:] + mine[:1]))
            d.hands = tuple(hands)
        return d

    monkeypatch.setattr(orchard.OrchardGame, "determinize", leaks)
    _fails("determinize", "its observation differ")


def test_legal_moves_that_read_hidden_cards_are_caught(monkeypatch):
    """A bid offered only when the opponent's hidden bid is low: the samples disagree."""
    real = orchard.BidKind.generate

    def peeks(self, s, seat):
        moves = real(self, s, seat)
        other = s.bids[(seat + 1) % s.game.players]
        return moves[:1] if other and orchard.card_value(other) < 3 else moves

    monkeypatch.setattr(orchard.BidKind, "generate", peeks)
    _fails("determinize", "its (legal moves|observation) differ")


def test_click_paths_that_read_hidden_cards_are_caught(monkeypatch):
    def peeks(self, s, a, seat):
        hint = "".join(b[-1] for b in s.bids if b)
        return ("card:" + a.card + "-" + hint,)

    monkeypatch.setattr(orchard.BidKind, "click_path", peeks)
    _fails("determinize", "its click paths differ")


def test_hidden_from_that_forgets_a_zone_is_caught(monkeypatch):
    """Zones that deal the face-down bids but leave them out of ``hidden_from``: which card
    a grower bid changes from sample to sample, unlisted."""
    zones = orchard.OrchardGame.ZONES
    listed = ZoneTable([z for z in zones.zones if z.name != "bids"], zones.universe)
    monkeypatch.setattr(orchard.OrchardState, "_hidden_from",
                        lambda self, p: listed.hidden_from(self, p))
    _fails("determinize", "which hidden_from.* does not list")


# -- what a seat is told ---------------------------------------------------------------------
def test_a_narration_of_the_last_bid_that_tells_the_others_bids_is_caught(monkeypatch):
    """The toy's narration as it once was: the last bidder, asking before it bids, read
    every bid in it."""
    def tells(self, s, a, player):
        if sum(b is None for b in s.bids) > 1:
            return f"{s.game.player_name(player)} bids a card face down"
        bids = [a.card if p == player else b for p, b in enumerate(s.bids)]
        return "all bids revealed: " + ", ".join(bids)

    monkeypatch.setattr(orchard.BidKind, "narrate", tells)
    _fails("seat_texts", r"narrate\(Bid .* reads")


def test_a_refusal_that_lists_the_actor_s_hand_is_caught(monkeypatch):
    """A refusal that lists the cards still in the growers' hands: the hand of one who has
    bid face down tells its bid."""
    def lists(self, s, a, player):
        return "still in hand: " + ", ".join(c for h in s.hands for c in h)

    monkeypatch.setattr(orchard.BidKind, "refusal", lists)
    _fails("seat_texts", r"why_illegal\(Bid .* reads")


# -- seats ------------------------------------------------------------------------------------
def test_an_observation_without_the_seat_check_is_caught(monkeypatch):
    monkeypatch.setattr(orchard.OrchardState, "observation",
                        lambda self, p: self._observation(int(p)))
    _fails("bad_seats", r"observation\(True\) is accepted")


def test_hidden_from_without_the_seat_check_is_caught(monkeypatch):
    monkeypatch.setattr(orchard.OrchardState, "hidden_from",
                        lambda self, p: self._hidden_from(p))
    _fails("bad_seats", r"hidden_from\(True\) is accepted")


def test_a_bad_seat_refused_with_the_wrong_error_is_caught(monkeypatch):
    def index_error(self, p):
        return self._observation(["a", "b", "c"].index(p))

    monkeypatch.setattr(orchard.OrchardState, "observation", index_error)
    _fails("bad_seats", "raises ValueError, not RuleError")


# -- chance texts -----------------------------------------------------------------------------
def test_chance_outcomes_sharing_a_text_are_caught(monkeypatch):
    monkeypatch.setattr(orchard.Harvest, "__str__", lambda self: "A token comes to the market")
    _fails("chance_texts", "chance outcomes share a text")


# -- exact chance -----------------------------------------------------------------------------
def test_outcomes_marked_uniform_that_are_not_are_caught(monkeypatch):
    """A node handed out as uniform is sampled without reading its probabilities
    (core/chance.py), so the suite checks that they really are 1/k: here the first outcome
    is twice as likely as each other one (still summing to 1), yet marked uniform."""
    real = orchard.OrchardState.chance_outcomes

    def marked(self):
        outcomes = real(self)
        k = len(outcomes)
        bad = UniformOutcomes([(outcomes[0][0], Fraction(2, k + 1)),
                               *((o, Fraction(1, k + 1)) for o, _ in outcomes[1:])])
        bad.equal = True
        return bad

    monkeypatch.setattr(orchard.OrchardState, "chance_outcomes", marked)
    _fails("chance_exact", "marked uniform are not each 1/")


def test_counted_outcomes_whose_counts_are_not_their_chances_are_caught(monkeypatch):
    """A counted node (a bag draw) is sampled from its counts alone (core/chance.py), so the
    suite checks the counts against the chances: here the first count is doubled."""
    real = orchard.OrchardState.chance_outcomes

    def miscounted(self):
        outcomes = real(self)
        bad = CountedOutcomes(outcomes)
        bad.counts = (2, *(1 for _ in outcomes[1:]))
        return bad

    monkeypatch.setattr(orchard.OrchardState, "chance_outcomes", miscounted)
    _fails("chance_exact", "counted outcomes' counts")


def _recognising(monkeypatch, drawn):
    """The toy's harvest as a stage that recognises its draws, by ``drawn``."""
    monkeypatch.setattr(orchard.HarvestStage, "drawn", drawn)
    monkeypatch.setattr(orchard.HarvestStage, "DRAWS_ANEW", True)


def test_a_stage_recognising_draws_it_did_not_hand_out_is_caught(monkeypatch):
    _recognising(monkeypatch, lambda self, s, a: isinstance(a, orchard.Harvest))
    _fails("drawn", r"harvest\.drawn\(")


def test_a_stage_recognising_an_equal_copy_as_its_draw_is_caught(monkeypatch):
    """Recognised by equality, an action of a subclass that compares equal would pass for
    the game's own draw."""
    _recognising(monkeypatch, lambda self, s, a: any(a == o for o, _ in self.outcomes(s)))
    _fails("drawn", r"harvest\.drawn\(")
