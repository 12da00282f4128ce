"""Every reader locates a bad card or call by board, trick, seat and card, as the PBN reader does;
a board passed out reads the same in every format; a PBN hand given as ``-`` is refused by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.errors import CaseError, ParseError, PlayError
from revoke_equity.io import BoardInput, read_boards, read_path
from revoke_equity.io.handviewer import HANDVIEWER, handviewer_url
from revoke_equity.io.json_case import loads, read_json
from revoke_equity.io.lin import contract_from_auction, dumps_lin, read_lin
from revoke_equity.io.pbn import dumps_pbn, read_pbn
from revoke_equity.model import Seat

CASES = Path(__file__).parent / "data" / "cases"
LIN = (CASES / "p03-two-defenders-revoke-cap.lin").read_text().strip()
"""Board 3, 4S by North: East leads D4, South D5, West DA, North D2; West leads trick 2."""
P01_JSON: dict[str, Any] = json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]
"""Board 1, 5C by North: East leads S3, South wins with SQ and leads S5 to trick 2, West S8, ..."""
P01 = loads(json.dumps(P01_JSON))[0]
HANDS = "n=sakqt8hk43dk2c752&e=s532h86dqt84ckq83&s=sj96hqjt952d5cajt&w=s74ha7daj9763c964"
LINK = f"{HANDVIEWER}?{HANDS}&d=n&v=e&b=3"


def _error(entries: list[BoardInput]) -> CaseError:
    (entry,) = entries
    assert entry.case is None and entry.error is not None
    return entry.error


# -- LIN ------------------------------------------------------------------------------------------


def test_lin_card_that_cannot_be_read_names_the_seat_whose_turn_it_was() -> None:
    assert "pc|C4|" in LIN
    error = _error(read_lin(LIN.replace("pc|C4|", "pc|CZ|", 1)))
    assert type(error) is ParseError
    assert (error.board, error.trick, error.seat, error.card) == (3, 2, "W", "CZ")
    assert str(error).startswith("board 3, line 1, trick 2, W, card CZ: ")


def test_lin_bad_card_after_an_impossible_one_reports_the_impossible_one_first() -> None:
    # East's D4 replaced by South's D5 at trick 1: the record is wrong there, before the CZ
    text = LIN.replace("pc|D4|pc|D5|", "pc|D5|pc|D4|", 1).replace("pc|C4|", "pc|CZ|", 1)
    error = _error(read_lin(text))
    assert type(error) is PlayError
    assert str(error).startswith("board 3, line 1, trick 1, E, card D5: not in turn order")


def test_lin_unknown_call_names_its_seat() -> None:
    with pytest.raises(ParseError) as raised:
        contract_from_auction(["1S", "p", "foo"], Seat.N, board=7, line=4)
    assert raised.value.seat == "S"
    assert str(raised.value).startswith("board 7, line 4, S: auction call 3 (S): unknown call 'foo'")


def test_lin_unknown_call_in_a_record_names_its_seat() -> None:
    error = _error(read_lin(LIN.replace("mb|4S|mb|p|", "mb|4S|mb|foo|", 1)))
    assert (error.board, error.seat) == (3, "E")
    assert "auction call 2 (E): not a call: 'foo'" in str(error)


def test_a_board_passed_out_reads_alike_in_pbn_lin_and_json() -> None:
    pbn = dumps_pbn(P01).replace('[Contract "5C"]', '[Contract "Pass"]')
    lin = dumps_lin(P01).replace("mb|5C|", "mb|p|")
    json_case = json.dumps({**P01_JSON, "contract": "Pass"})
    reasons = {_error(read_pbn(pbn)).message, _error(read_lin(lin)).message,
               _error(read_json(json_case)).message}
    assert reasons == {"contract: the board was passed out, there is no play to rule on"}
    assert _error(read_lin(lin)).board == 1


@pytest.mark.parametrize(
    ("calls", "words"),
    [
        pytest.param([], "no contract: there are no calls", id="no-calls"),
        pytest.param(["p", "p", "p"], "no contract: the auction has 3 passes and no bid", id="three-passes"),
    ],
)
def test_an_auction_without_a_bid_that_is_not_a_pass_out_says_why(calls: list[str], words: str) -> None:
    with pytest.raises(ParseError, match=words):
        contract_from_auction(calls, Seat.N, board=3)


# -- handviewer links -----------------------------------------------------------------------------


def test_handviewer_card_that_cannot_be_read_names_trick_seat_and_card() -> None:
    error = _error(read_path(f"{LINK}&a=4sppp&p=d4d5dad2c4xxcqct"))
    assert (error.board, error.trick, error.seat, error.card, error.line) == (3, 2, "N", "xx", None)
    assert str(error).startswith("board 3, trick 2, N, card xx: p (play): cannot read 'xxcqct'")


def test_handviewer_call_that_cannot_be_read_names_its_seat() -> None:
    error = _error(read_path(f"{LINK}&a=4spzpp&p=d4"))
    assert error.seat == "S"
    assert str(error) == "board 3, S: a (auction): cannot read 'zpp'... as call 3"


def test_handviewer_passed_out_reads_as_in_pbn() -> None:
    error = _error(read_path(f"{LINK}&a=pppp&p="))
    assert str(error) == "board 3: contract: the board was passed out, there is no play to rule on"


def test_handviewer_lin_form_names_the_seat_and_no_line_inside_the_link() -> None:
    (entry,) = read_lin(LIN)
    assert entry.case is not None
    url = handviewer_url(entry.case).replace("pc%7CC4%7C", "pc%7CCZ%7C", 1)
    error = _error(read_path(url))
    assert (error.board, error.trick, error.seat, error.card, error.line) == (3, 2, "W", "CZ", None)


def test_links_in_a_file_are_still_named_by_their_line() -> None:
    text = f"{LINK}&a=4sppp&p=d4d5dad2c4xx\n\n{LINK}&a=4spzpp\n"
    first, second = read_boards(text, fmt="url")
    assert first.error is not None and first.error.line == 1 and first.error.seat == "N"
    assert second.error is not None and second.error.line == 3 and second.error.seat == "S"


# -- JSON -----------------------------------------------------------------------------------------


def test_json_card_that_cannot_be_read_names_the_seat_whose_turn_it_was() -> None:
    play = list(P01_JSON["play"])
    assert play[4:6] == ["S5", "S8"]
    play[5] = "SZ"  # West's card to trick 2, which South leads
    error = _error(read_json(json.dumps({**P01_JSON, "play": play})))
    assert str(error).startswith("board 1, trick 2, W, card SZ: play: not a card")
    leader = _error(read_json(json.dumps({**P01_JSON, "play": ["XX"]})))
    assert (leader.trick, leader.seat, leader.card) == (1, "E", "XX")


def test_json_corrected_and_penalty_card_that_cannot_be_read_name_their_player() -> None:
    corrected = _error(read_json(json.dumps(
        {**P01_JSON, "corrected": [{"trick": 4, "player": "E", "card": "C1"}]})))
    penalty = _error(read_json(json.dumps(
        {**P01_JSON, "penalty_cards": [{"player": "W", "card": "Q", "from_trick": 3}]})))
    assert (corrected.trick, corrected.seat, corrected.card) == (4, "E", "C1")
    assert (penalty.trick, penalty.seat, penalty.card) == (3, "W", "Q")


# -- PBN ------------------------------------------------------------------------------------------

DEAL = '[Deal "N:42.AK72.96.AKJ87 J73.653.A43.6532 KQ5.J9.KJ752.QT9 AT986.QT84.QT8.4"]'


def test_pbn_hand_given_as_dash_is_refused_by_name_with_the_cards_left_over() -> None:
    text = dumps_pbn(P01)
    assert DEAL in text
    error = _error(read_pbn(text.replace(DEAL, DEAL.replace("AT986.QT84.QT8.4", "-"))))
    assert error.seat == "W"
    assert error.message == ("deal: West's hand is '-' (not given): a revoke ruling needs all four "
                             "hands; the cards the other three do not hold are AT986.QT84.QT8.4")


def test_pbn_two_hands_given_as_dash_are_both_named() -> None:
    deal = DEAL.replace("J73.653.A43.6532", "-").replace("AT986.QT84.QT8.4", "-")
    error = _error(read_pbn(dumps_pbn(P01).replace(DEAL, deal)))
    assert error.seat is None
    assert error.message == ("deal: the hands of East and West are '-' (not given): a revoke ruling "
                             "needs all four hands")


def test_json_deal_with_a_dash_hand_is_refused_alike() -> None:
    deal = "N:42.AK72.96.AKJ87 - KQ5.J9.KJ752.QT9 AT986.QT84.QT8.4"
    error = _error(read_json(json.dumps({**P01_JSON, "deal": deal})))
    assert error.seat == "E" and "East's hand is '-' (not given)" in error.message
    assert "J73.653.A43.6532" in error.message


def test_pbn_corrected_card_that_cannot_be_read_names_its_player() -> None:
    text = dumps_pbn(P01).replace('[Laws "2017"]', '[Laws "2017"]\n[Corrected "4 E C1"]')
    error = _error(read_pbn(text))
    assert (error.trick, error.seat, error.card) == (4, "E", "C1")
