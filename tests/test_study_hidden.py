"""Hidden-card revokes and the play models of the study: the misread card as its reader believes
it, the card played back, and generated cases whose every revoke comes from a misread card."""

from __future__ import annotations

import random
from typing import Any

import pytest

from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat
from revoke_equity.ruling import rule
from revoke_equity.study.generate import HIDDEN_MIX, StudyKind, generate_case, parse_mix
from revoke_equity.study.hidden import (
    SAME_COLOUR,
    HiddenCard,
    believed_position,
    draw_hidden,
    played_card,
    unseen_hands,
)
from revoke_equity.study.players import PlaySpec

from conftest import DD

C = Card.from_str
DEAL = Deal.from_pbn("N:AKQ2.AK2.AK2.AK2 JT9.QJT9.QJT9.QJ 8765.8765.876.87 43.43.543.T96543")
"""N is declarer in the tests below (E on lead); S is dummy."""


def test_unseen_hands() -> None:
    # declarer N: both defenders; a defender: his partner and declarer, never dummy (S)
    assert unseen_hands(Seat.N, Seat.N) == (Seat.E, Seat.W)
    assert unseen_hands(Seat.E, Seat.N) == (Seat.N, Seat.W)
    assert unseen_hands(Seat.W, Seat.N) == (Seat.N, Seat.E)


def test_the_card_is_taken_for_the_same_colour_nearest_rank_in_an_unseen_hand() -> None:
    drawn = {draw_hidden(DEAL, Seat.N, Seat.E, random.Random(i)) for i in range(60)}
    assert {h.card for h in drawn if h} == set(DEAL.hand(Seat.E))  # any card of his hand
    for h in drawn:
        assert h is not None and h.reader is Seat.E and h.holder is Seat.E
        assert h.taken_for.suit is SAME_COLOUR[h.card.suit]
        holders = {s for s in (Seat.N, Seat.W) if h.taken_for in DEAL.hand(s)}
        assert holders, h  # in declarer's or partner's hand, never dummy's
        pool = [c for s in (Seat.N, Seat.W) for c in DEAL.hand(s) if c.suit is h.taken_for.suit]
        nearest = min(abs(int(c.rank) - int(h.card.rank)) for c in pool)
        assert abs(int(h.taken_for.rank) - int(h.card.rank)) == nearest
    # E's heart queen: the diamond queen is E's own; N holds DA DK D2 and W D5 D4 D3 -> the
    # nearest are DK (1 away)
    assert HiddenCard(Seat.E, Seat.E, C("HQ"), C("DK")) in drawn
    # dummy's card is read by declarer and taken for a card of a defender
    for i in range(20):
        h = draw_hidden(DEAL, Seat.N, Seat.S, random.Random(i))
        assert h is not None and h.reader is Seat.N and h.holder is Seat.S
        assert h.taken_for in DEAL.hand(Seat.E) | DEAL.hand(Seat.W)


def test_believed_position_and_the_card_played() -> None:
    position = Position.initial(DEAL, Suit.SPADES, Seat.E)
    hidden = HiddenCard(Seat.E, Seat.E, C("HQ"), C("DK"))
    believed = believed_position(position, [hidden])
    assert believed.hand(Seat.E) == DEAL.hand(Seat.E) - {C("HQ")} | {C("DK")}
    assert believed.hand(Seat.N) == DEAL.hand(Seat.N) - {C("DK")} | {C("HQ")}
    assert believed.hand(Seat.S) == DEAL.hand(Seat.S) and believed.hand(Seat.W) == DEAL.hand(Seat.W)
    assert played_card(C("DK"), Seat.E, [hidden]) == C("HQ")
    assert played_card(C("DQ"), Seat.E, [hidden]) == C("DQ")
    assert played_card(C("DK"), Seat.N, [hidden]) == C("DK")  # the real DK of its holder
    # the misreading ends when the card is played, or when the card it was taken for is
    assert hidden.active(position)
    assert not hidden.active(position.play(C("HQ")))
    after_dk = position.play_all([C("DQ"), C("D8"), C("D5"), C("DK")])
    assert not hidden.active(after_dk)
    assert believed_position(after_dk, [hidden]) == after_dk


def test_a_player_who_believes_he_is_void_revokes() -> None:
    """W holds two hearts, H4 and H3, and reads the H3 as the D2 (declarer N holds it): he
    follows to the first heart with the H4, believes he is void on the second, and any card is
    legal to him; all but the H3 (as the D2) are revokes."""
    hidden = HiddenCard(Seat.W, Seat.W, C("H3"), C("D2"))
    assert draw_hidden(DEAL, Seat.N, Seat.W, _rng_for(DEAL, Seat.W, C("H3"))) == hidden
    start = Position.initial(DEAL, Suit.SPADES, Seat.E)
    first = start.play(C("HQ")).play(C("H5"))
    assert believed_position(first, [hidden]).legal_cards() == {C("H4")}
    second = first.play_all([C("H4"), C("HA"), C("HK"), C("HJ"), C("H6")])
    believed = believed_position(second, [hidden])
    assert believed.legal_cards() == believed.hand(Seat.W)
    assert C("H3") not in believed.hand(Seat.W)
    assert second.legal_cards() == {C("H3")}  # really he must follow
    assert played_card(C("D2"), Seat.W, [hidden]) == C("H3")  # not a revoke, the card turns up


def _rng_for(deal: Deal, seat: Seat, card: Card) -> random.Random:
    """A generator whose one draw picks ``card`` of ``seat``'s hand (sorted by Card.sort_key)."""
    hand = sorted(deal.hand(seat), key=Card.sort_key)

    class Fixed(random.Random):
        def random(self) -> float:
            return (hand.index(card) + 0.5) / len(hand)

    return Fixed()


KINDS = [k for k in StudyKind if k.hidden]
ROLE_OF = {StudyKind.HIDDEN_DEFENDER: {"defender"}, StudyKind.HIDDEN_DECLARER: {"declarer"},
           StudyKind.HIDDEN_DUMMY: {"dummy"},
           StudyKind.HIDDEN_BOTH_SIDES: {"defender", "declarer", "dummy"}}


CHEAP = {StudyKind.HIDDEN_DEFENDER: (2, 5), StudyKind.HIDDEN_DECLARER: (1, 2),
         StudyKind.HIDDEN_DUMMY: (1, 5), StudyKind.HIDDEN_BOTH_SIDES: (1, 2)}
"""Case indexes (seed 5) whose deals solve fast: the tests must stay quick."""


@pytest.fixture(scope="module")
def hidden_cases(dds_solver: Any) -> list[tuple[Any, Any]]:
    """Two double-dummy-played cases of each hidden-card kind, with their rulings."""
    out = []
    for kind, indexes in CHEAP.items():
        for i in indexes:
            dds_solver.clear_cache()
            synthetic = generate_case(5, i, {kind: 1.0}, dds_solver)
            out.append((synthetic, rule(synthetic.case, dds_solver, trace=False, options=DD)))
    return out


def test_every_revoke_comes_from_a_misread_card(hidden_cases: list[tuple[Any, Any]]) -> None:
    for synthetic, ruling in hidden_cases:
        case = synthetic.case
        assert synthetic.kind.hidden and synthetic.play_model == "dd"
        assert len(synthetic.hidden) == (2 if synthetic.kind is StudyKind.HIDDEN_BOTH_SIDES else 1)
        assert synthetic.revokes, "a case holds at least one revoke"
        assert [(r.trick, r.player, r.card) for r in ruling.revokes] == [
            (r.trick, r.seat, r.card) for r in synthetic.revokes]
        assert all(r.established and r.trick <= 11 for r in ruling.revokes)
        assert {r.role for r in synthetic.revokes} <= ROLE_OF[synthetic.kind]
        positions = [Position.initial(case.deal, case.contract.strain.trump, case.declarer.next)]
        for card in case.play:
            positions.append(positions[-1].play(card))
        for revoke in synthetic.revokes:
            before = positions[revoke.index]
            mine = [h for h in synthetic.hidden if h.holder is revoke.seat]
            assert mine, f"{revoke.seat} revoked without a misread card"
            h = mine[0]
            assert h.active(before), "the misreading still lasts at the revoke"
            if revoke.card == h.card:  # played as the card it was taken for, on that suit
                assert revoke.suit_led is h.taken_for.suit
            else:  # believed void in the hidden card's suit
                assert revoke.suit_led is h.card.suit


def test_a_hidden_card_case_is_reproducible_with_a_policy(dds_solver: Any) -> None:
    spec = PlaySpec("sd", "club", 2)
    mix = {StudyKind.HIDDEN_DEFENDER: 1.0}
    first = generate_case(3, 4, mix, dds_solver, play=spec)
    generate_case(3, 2, mix, dds_solver, play=spec)  # other work between, caches warm
    again = generate_case(3, 4, mix, dds_solver, play=spec)
    assert first.case == again.case and first.revokes == again.revokes
    assert first.hidden == again.hidden and first.play_model == "sd"


def test_named_mixes() -> None:
    assert parse_mix("hidden") == HIDDEN_MIX
    assert set(parse_mix("all")) == set(StudyKind)
    assert parse_mix("hidden-dummy=2") == {StudyKind.HIDDEN_DUMMY: 2.0}
    with pytest.raises(ValueError):
        PlaySpec("perfect")
