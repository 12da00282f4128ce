"""BBO LIN: the worked record, deals, auctions, claims, several records, and bad input."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from revoke_equity.errors import CaseError, ParseError, PlayError
from revoke_equity.io.json_case import loads
from revoke_equity.io.lin import contract_from_auction, dumps_lin, loads_lin, parse_md, read_lin
from revoke_equity.model import Claim, Contract, Seat, Vulnerability

CASES = Path(__file__).parent / "data" / "cases"
LIN = (CASES / "p03-two-defenders-revoke-cap.lin").read_text().strip()
P03 = loads((CASES / "p03-two-defenders-revoke-cap.json").read_text())[0]
TRICK_12 = "pg||" + LIN.split("pg||", 12)[-1]
"""The record's tricks 12 and 13."""
P14 = loads((CASES / "p14-claim-establishes.json").read_text())[0]


def test_worked_record_equals_json_case() -> None:
    (case,) = loads_lin(LIN)
    assert (case.deal, case.contract, case.declarer, case.vulnerable, case.play, case.claim) == (
        P03.deal,
        P03.contract,
        P03.declarer,
        P03.vulnerable,
        P03.play,
        P03.claim,
    )
    # the record's calls are its auction, which the JSON case does not give
    assert case.auction is not None and case.auction.texts() == ["4S", "P", "P", "P"]
    assert replace(case, auction=None) == P03


@pytest.mark.parametrize("path", sorted(CASES.glob("p*.json")), ids=lambda p: p.stem.split("-")[0])
def test_write_then_read(path: Path) -> None:
    (case,) = loads(path.read_text())
    # LIN has no law edition, 'noticed', corrections or penalty cards: those take their defaults.
    expected = replace(case, laws=P03.laws, noticed=P03.noticed, corrected=(), penalty_cards=())
    assert loads_lin(dumps_lin(case)) == [expected]


def test_claim_is_mc_less_tricks_won() -> None:
    text = dumps_lin(P14)
    assert "mc|10|" in text
    (case,) = loads_lin(text)
    assert case.claim == Claim(after_trick=4, declarer_tricks=8)


def test_fourth_hand_completed_and_dealer_digit() -> None:
    dealer, deal = parse_md("3SJ96HQJT952D5CAJT,S74HA7DAJ9763C964,SAKQT8HK43DK2C752,")
    assert dealer is Seat.N and deal == P03.deal
    _, missing_west = parse_md("3sj96hqjt952d5cajt,,sakq108hk43dk2c752,s532h86dqt84ckq83")
    assert missing_west == P03.deal


@pytest.mark.parametrize(
    ("calls", "dealer", "contract", "declarer"),
    [
        pytest.param(
            ["1h", "p", "1s", "p", "2h", "d", "r", "p", "p", "p"], Seat.N, "2HXX", Seat.N, id="redoubled"
        ),
        pytest.param(
            ["p", "1N", "p", "2C!", "p", "2H", "p", "4H", "p", "p", "p"],
            Seat.N,
            "4H",
            Seat.E,
            id="first-of-side-to-bid-strain",
        ),
        pytest.param(["1NT", "X", "p", "p", "p"], Seat.W, "1NX", Seat.W, id="nt-spelling-doubled"),
        pytest.param(["1c", "d", "1s", "p", "p", "p"], Seat.S, "1S", Seat.N, id="double-cleared-by-bid"),
    ],
)
def test_auction(calls: list[str], dealer: Seat, contract: str, declarer: Seat) -> None:
    assert contract_from_auction(calls, dealer) == (Contract.from_str(contract), declarer)


def test_vulnerability_from_sv_or_board() -> None:
    assert loads_lin(LIN.replace("sv|e|", "sv|b|"))[0].vulnerable is Vulnerability.ALL
    assert loads_lin(LIN.replace("sv|e|", ""))[0].vulnerable is Vulnerability.EW  # board 3
    qx = LIN.replace("ah|Board 3|", "qx|o5|").replace("sv|e|", "")
    assert loads_lin(qx)[0].board == 5 and loads_lin(qx)[0].vulnerable is Vulnerability.NS


def test_several_records_lenient() -> None:
    bad = LIN.replace("ah|Board 3|", "ah|Board 4|").replace("pc|SQ|", "pc|SX|")
    third = LIN.replace("ah|Board 3|", "ah|Board 5|")
    entries = read_lin("\n".join([LIN, bad, third]))
    assert [(e.board, e.ok) for e in entries] == [(3, True), (4, False), (5, True)]
    assert isinstance(entries[1].error, ParseError)
    assert "board 4, line 2, trick 5" in str(entries[1].error)


def _error(text: str) -> CaseError:
    (entry,) = read_lin(text)
    assert entry.error is not None, entry
    return entry.error


@pytest.mark.parametrize(
    ("cls", "old", "new", "parts"),
    [
        pytest.param(
            PlayError, "pc|C4|", "pc|H4|", ["board 3, line 1, trick 2, W, card H4"], id="card-not-held"
        ),
        pytest.param(
            PlayError,
            "pc|C4|",
            "pc|D4|",
            ["board 3, line 1, trick 2, W, card D4", "already played"],
            id="card-played-twice",
        ),
        pytest.param(
            PlayError,
            "pc|D4|pc|D5|",
            "pc|D5|pc|D4|",
            ["board 3, line 1, trick 1, E, card D5", "turn"],
            id="card-out-of-turn",
        ),
        pytest.param(
            PlayError,
            TRICK_12,
            "mc|13|",
            ["board 3", "trick 11", "13 tricks", "only 2 remain"],
            id="claim-more-than-remain",
        ),
        pytest.param(
            PlayError, TRICK_12, "", ["board 3", "trick 12", "no claim"], id="play-stops-without-claim"
        ),
        pytest.param(
            ParseError,
            "mb|4S|",
            "mb|4Z|",
            ["board 3, line 1, N: auction call 1 (N)", "not a call: '4Z'"],
            id="unknown-call",
        ),
        pytest.param(ParseError, "mb|4S|", "mb|p|", ["board 3", "passed out"], id="passed-out"),
        pytest.param(ParseError, "pc|C4|", "pc|N4|", ["board 3", "trick 2", "card N4"], id="unknown-card"),
        pytest.param(ParseError, "md|3SJ96", "md|3SJ9", ["board 3", "S", "12 cards"], id="deal-hand-of-12"),
        pytest.param(
            ParseError, "md|3SJ96", "md|3SJ95", ["board 3", "card S5", "both"], id="deal-card-dealt-twice"
        ),
        pytest.param(ParseError, "md|3SJ96", "md|7SJ96", ["board 3", "dealer digit 7"], id="unknown-dealer"),
        pytest.param(
            ParseError,
            ",SAKQT8HK43DK2C752,S532H86DQT84CKQ83",
            ",,",
            ["board 3", "2 hands"],
            id="two-hands-missing",
        ),
        pytest.param(ParseError, "sv|e|", "sv|q|", ["board 3", "sv|q|"], id="unknown-vulnerability"),
        pytest.param(ParseError, "HQJT952D5", "HQJT9Z2D5", ["board 3", "S", "'Z'"], id="bad-hand-text"),
    ],
)
def test_bad_record(cls: type[CaseError], old: str, new: str, parts: list[str]) -> None:
    assert old in LIN
    error = _error(LIN.replace(old, new, 1))
    assert type(error) is cls
    for part in parts:
        assert part in str(error), (part, str(error))


def test_no_record_at_all() -> None:
    (entry,) = read_lin("pn|a,b,c,d|st||", name="x.lin")
    assert entry.error is not None and "x.lin: no LIN record" in str(entry.error)
