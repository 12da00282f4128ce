"""The auction's calls checked against the Laws of calls, and what a natural auction showed, call by
call against the table of docs/auction.md."""

from __future__ import annotations

import pytest

from revoke_equity.equity.shown import infer, unseen_limits, usable
from revoke_equity.model import Card, Seat
from revoke_equity.model.auction import Auction, AuctionError
from revoke_equity.model.shown import Constraint


def words(text: str) -> list[str]:
    return text.split()


def shown_by(dealer: Seat, calls: str, alerted: frozenset[int] = frozenset()
             ) -> list[tuple[str, str, str]]:
    auction = Auction.parse(dealer, calls.split(), alerted)
    return [(e.seat.value, str(e.constraint), e.source) for e in infer(auction).entries]


TABLE = [
    pytest.param("1S P P P", [("N", "5+ spades, 12-21 HCP", "1S (opening)"),
                              ("S", "0-5 HCP", "P (pass of partner's opening)")], id="major-opening"),
    pytest.param("1D", [("N", "3+ diamonds, 12-21 HCP", "1D (opening)")], id="minor-opening"),
    pytest.param("1N", [("N", "2-5 spades, 2-5 hearts, 2-5 diamonds, 2-5 clubs, 15-17 HCP",
                         "1N (1NT opening)")], id="1nt-opening"),
    pytest.param("2N", [("N", "2-5 spades, 2-5 hearts, 2-5 diamonds, 2-5 clubs, 20-21 HCP",
                         "2N (2NT opening)")], id="2nt-opening"),
    pytest.param("2H", [("N", "6 hearts, 5-10 HCP", "2H (weak two)")], id="weak-two"),
    pytest.param("2C", [("N", "22+ HCP", "2C (strong 2C opening)")], id="strong-two-clubs"),
    pytest.param("P 3S", [("N", "0-11 HCP", "P (passed hand)"),
                          ("E", "7+ spades, 5-10 HCP", "3S (pre-empt)")], id="pass-then-pre-empt"),
    pytest.param("4H", [("N", "8+ hearts, 5-12 HCP", "4H (pre-empt)")], id="four-level-pre-empt"),
    pytest.param("1H P 2H", [("N", "5+ hearts, 12-21 HCP", "1H (opening)"),
                             ("S", "3+ hearts, 6-10 HCP", "2H (simple raise)")], id="simple-raise"),
    pytest.param("1S P 3S", [("N", "5+ spades, 12-21 HCP", "1S (opening)"),
                             ("S", "3+ spades, 10-12 HCP", "3S (jump raise)")], id="jump-raise"),
    pytest.param("1C P 2C", [("N", "3+ clubs, 12-21 HCP", "1C (opening)"),
                             ("S", "4+ clubs, 6-10 HCP", "2C (simple raise)")], id="minor-raise"),
    pytest.param("1D P 1S", [("N", "3+ diamonds, 12-21 HCP", "1D (opening)"),
                             ("S", "4+ spades, 6+ HCP", "1S (new suit at one)")], id="new-suit-at-one"),
    pytest.param("1S P 2D", [("N", "5+ spades, 12-21 HCP", "1S (opening)"),
                             ("S", "4+ diamonds, 10+ HCP", "2D (new suit at two)")], id="new-suit-at-two"),
    pytest.param("1H P 1N", [("N", "5+ hearts, 12-21 HCP", "1H (opening)"),
                             ("S", "6-10 HCP", "1N (1NT response)")], id="1nt-response"),
    pytest.param("1H P 2N", [("N", "5+ hearts, 12-21 HCP", "1H (opening)"),
                             ("S", "2-5 spades, 2-5 hearts, 2-5 diamonds, 2-5 clubs, 13-15 HCP",
                              "2N (2NT response)")], id="2nt-response"),
    pytest.param("1D 1S", [("N", "3+ diamonds, 12-21 HCP", "1D (opening)"),
                           ("E", "5+ spades, 8-16 HCP", "1S (overcall)")], id="overcall-at-one"),
    pytest.param("1S 2H", [("N", "5+ spades, 12-21 HCP", "1S (opening)"),
                           ("E", "5+ hearts, 10-16 HCP", "2H (overcall)")], id="overcall-at-two"),
    pytest.param("1D 2S", [("N", "3+ diamonds, 12-21 HCP", "1D (opening)"),
                           ("E", "6+ spades, 5-10 HCP", "2S (weak jump overcall)")], id="jump-overcall"),
    pytest.param("1C 3H", [("N", "3+ clubs, 12-21 HCP", "1C (opening)"),
                           ("E", "7+ hearts, 5-10 HCP", "3H (pre-emptive overcall)")],
                 id="pre-emptive-overcall"),
    pytest.param("1H 1N", [("N", "5+ hearts, 12-21 HCP", "1H (opening)"),
                           ("E", "2-5 spades, 2-5 hearts, 2-5 diamonds, 2-5 clubs, 15-18 HCP",
                            "1N (1NT overcall)")], id="1nt-overcall"),
    pytest.param("1H X", [("N", "5+ hearts, 12-21 HCP", "1H (opening)"),
                          ("E", "0-3 hearts, 12+ HCP", "X (takeout double)")], id="takeout-double"),
    pytest.param("1N P 2C", [("N", "2-5 spades, 2-5 hearts, 2-5 diamonds, 2-5 clubs, 15-17 HCP",
                              "1N (1NT opening)")], id="responses-to-1nt-show-nothing"),
    pytest.param("3N", [], id="3nt-opening-shows-nothing"),
    pytest.param("1S P 2S P 3S", [("N", "5+ spades, 12-21 HCP", "1S (opening)"),
                                  ("S", "3+ spades, 6-10 HCP", "2S (simple raise)")],
                 id="rebids-show-nothing"),
]


@pytest.mark.parametrize(("calls", "expected"), TABLE)
def test_the_table_call_by_call(calls: str, expected: list[tuple[str, str, str]]) -> None:
    assert shown_by(Seat.N, calls) == expected


def test_an_alerted_call_shows_nothing_and_nor_do_the_answers_to_it() -> None:
    """2D alerted (a multi, say): neither it nor the overcall over it nor the response shows
    anything; the pass before it still does."""
    assert shown_by(Seat.N, "P 2D 2S P", alerted=frozenset({1})) == [("N", "0-11 HCP", "P (passed hand)")]
    # an alerted response: the opening still shows what it shows
    assert shown_by(Seat.N, "1H P 3H", alerted=frozenset({2})) == [
        ("N", "5+ hearts, 12-21 HCP", "1H (opening)")]


BAD = [
    pytest.param("1S 1H", 1, "insufficient", id="insufficient-bid"),
    pytest.param("1S P 1S", 2, "insufficient", id="same-bid-again"),
    pytest.param("1S P X", 2, "double", id="double-of-partner"),
    pytest.param("P X", 1, "double", id="double-of-nothing"),
    pytest.param("1S XX", 1, "redouble", id="redouble-without-double"),
    pytest.param("1S P P P 2H", 4, "ended", id="call-after-the-end"),
    pytest.param("P P P P P", 4, "ended", id="after-passed-out"),
    pytest.param("1S 9H", 1, "not a call", id="not-a-call"),
]


@pytest.mark.parametrize(("calls", "index", "words"), BAD)
def test_a_bad_auction_names_the_call(calls: str, index: int, words: str) -> None:
    with pytest.raises(AuctionError, match=words) as info:
        Auction.parse(Seat.E, calls.split())
    assert info.value.index == index
    assert info.value.seat is [Seat.E, Seat.S, Seat.W, Seat.N][index % 4]
    assert f"call {index + 1} ({info.value.seat.value})" in str(info.value)


def test_the_final_contract_and_its_declarer() -> None:
    auction = Auction.parse(Seat.S, words("1H 1S 2H 2S P P 3H X P P P"))
    assert auction.final_contract() == ("3HX", Seat.S)
    assert Auction.parse(Seat.S, words("P P P P")).final_contract() is None
    assert Auction.parse(Seat.W, words("P 1N P 3N P P P")).final_contract() == ("3N", Seat.N)


def test_a_constraint_the_real_deal_breaks_is_not_used() -> None:
    shown = infer(Auction.parse(Seat.E, words("3S P P P")))
    east = frozenset(Card.from_str(c) for c in words("SA SK SQ SJ ST S9 H2 H3 H4 D2 D3 C2 C3"))
    kept, broken = usable(shown, {Seat.E: east})
    assert not kept and [e.source for e in broken.entries] == ["3S (pre-empt)"]


def test_unseen_limits_subtract_played_and_seen_cards_and_skip_the_viewer() -> None:
    shown = infer(Auction.parse(Seat.E, words("3S P P P")))  # E 7+ spades, 5-10; S passed
    east = frozenset(Card.from_str(c) for c in words("SK SQ ST S9 S8 S7 S6 H2 H3 H4 D2 D3 C2"))
    holding = east - {Card.from_str("SK"), Card.from_str("H2")}
    limits = unseen_limits(shown, {Seat.E: east, Seat.S: frozenset()}, {Seat.E: holding},
                           {}, viewer=Seat.S)
    assert limits == {Seat.E: Constraint.of(hcp=(2, 7), S=(6, 12)).meet(Constraint(
        lengths=((0, 13), (0, 12), (0, 13), (0, 13))))}
    assert Seat.S not in limits
