"""The auction and the director's shown constraints in the JSON case: read, written back, and bad
ones refused with their place; the command line's --shown and the warning when the case's contract
is not what the auction reached."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from revoke_equity import cli
from revoke_equity.errors import ParseError
from revoke_equity.io import case_from_dict, case_to_dict
from revoke_equity.model import Seat

CASE = json.loads((Path(__file__).parent / "data" / "cases"
                   / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]


def with_fields(**fields: object) -> dict[str, object]:
    data = {k: v for k, v in CASE.items() if k not in ("auction", "alerted", "dealer", "shown")}
    data.update(fields)
    return data


def test_the_auction_and_shown_round_trip() -> None:
    data = with_fields(dealer="E", auction=["3S", "P", "4H", "P", "P", "P"], alerted=[2],
                       shown={"E": {"hcp": [6, 10], "S": [7, 8]}})
    case = case_from_dict(data)
    assert case.auction is not None and case.auction.dealer is Seat.E
    assert case.auction.texts() == ["3S", "P", "4H", "P", "P", "P"]
    assert case.auction.alerted == frozenset({2})
    assert case.shown.to_json() == {"E": {"hcp": [6, 10], "S": [7, 8]}}
    written = case_to_dict(case)
    assert {k: written[k] for k in ("dealer", "auction", "alerted", "shown")} == {
        "dealer": "E", "auction": ["3S", "P", "4H", "P", "P", "P"], "alerted": [2],
        "shown": {"E": {"hcp": [6, 10], "S": [7, 8]}}}
    assert case_from_dict(written) == case


def test_without_a_dealer_the_board_number_gives_it() -> None:
    case = case_from_dict(with_fields(board=3, auction=["P", "1N", "P", "P", "P"]))
    assert case.auction is not None and case.auction.dealer is Seat.S


def test_a_case_without_an_auction_has_none() -> None:
    case = case_from_dict(with_fields())
    assert case.auction is None and not case.shown
    assert "auction" not in case_to_dict(case) and "shown" not in case_to_dict(case)


BAD = [
    pytest.param({"dealer": "N", "auction": ["1S", "1H"]}, "call 2 (E): insufficient bid 1H",
                 id="insufficient-bid"),
    pytest.param({"dealer": "N", "auction": ["1S", "P", "X"]}, "call 3 (S)", id="double-of-partner"),
    pytest.param({"dealer": "N", "auction": ["1S", "P", "P", "P", "P"]}, "call 5 (N): the auction had",
                 id="call-after-the-end"),
    pytest.param({"dealer": "N", "auction": ["1S", "9H"]}, "call 2 (E): not a call", id="not-a-call"),
    pytest.param({"dealer": "N", "auction": "1S P"}, "auction must be a list", id="not-a-list"),
    pytest.param({"auction": ["1S"]}, "needs its 'dealer'", id="no-dealer-no-board"),
    pytest.param({"dealer": "N", "auction": ["1S"], "alerted": [3]}, "alerted call 3",
                 id="alert-beyond-the-calls"),
    pytest.param({"alerted": [0]}, "'alerted' needs an 'auction'", id="alert-without-auction"),
    pytest.param({"shown": {"E": {"hcp": [10, 6]}}}, "shown E: hcp", id="reversed-range"),
    pytest.param({"shown": {"Q": {"hcp": [1, 6]}}}, "unknown seat", id="unknown-seat"),
    pytest.param({"shown": {"E": {"spades": [1, 6]}}}, "unknown key", id="unknown-key"),
]


@pytest.mark.parametrize(("fields", "words"), BAD)
def test_a_bad_auction_or_shown_is_refused_with_its_place(fields: dict[str, object], words: str) -> None:
    data = with_fields(**fields)
    data.pop("board", None)
    with pytest.raises(ParseError, match=words.replace("(", r"\(").replace(")", r"\)")):
        case_from_dict(data)


def _write(tmp_path: Path, **fields: object) -> str:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(with_fields(**fields)))
    return str(path)


def test_the_command_line_warns_when_the_contract_is_not_the_auction_s(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The case is ruled on its own contract; stderr says what the auction reached."""
    contract, declarer = CASE["contract"], CASE["declarer"]
    path = _write(tmp_path, dealer="N", auction=["1C", "P", "P", "P"])
    assert cli.main(["rule", path, "--no-equity"]) == 0
    err = capsys.readouterr().err
    assert f"warning: board {CASE['board']}: the auction reached 1C by N, but the case's contract is " \
           f"{contract} by {declarer}" in err


def test_the_command_line_refuses_bad_shown_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                 ) -> None:
    assert cli.main(["rule", _write(tmp_path), "--no-equity", "--shown", "E: S 9-7"]) != 0
    assert "--shown: shown E: range '9-7'" in capsys.readouterr().err


def _p04(**fields: object) -> dict[str, object]:
    data = json.loads((Path(__file__).parent / "data" / "cases"
                       / "p04-62D-dummy-revoke-trick-12.json").read_text())["case"]
    data.update(fields)
    return data


def test_the_ruling_lists_what_was_shown_used_and_not_used(dds_solver: object) -> None:
    """North (11 points) opened 1C and South passed: South's 0-5 points are used; North's opening
    is not, his cards do not match it. Ignoring the auction drops the listing."""
    from revoke_equity.equity.estimate import EstimateOptions
    from revoke_equity.report.text import render
    from revoke_equity.ruling import rule

    case = case_from_dict(_p04(dealer="N", auction=["1C", "P", "P", "P"]))
    options = EstimateOptions(estimate="sd", worlds=20, playouts=50)
    ruling = rule(case, dds_solver, options=options)
    equity = ruling.to_dict()["equity"]
    assert equity is not None
    assert equity["shown"] == {"S": {"hcp": [0, 5]}}
    assert equity["shown_from"] == {"S": ["P (pass of partner's opening)"]}
    assert equity["shown_not_used"] == {"N": ["1C (opening)"]}
    text = render(ruling)
    assert "  S: 0-5 HCP, from P (pass of partner's opening)" in text
    assert "  N: not used, the cards do not match 1C (opening) (3+ clubs, 12-21 HCP)" in text
    ignored = rule(case, dds_solver, options=EstimateOptions(estimate="sd", worlds=20, playouts=50,
                                                             ignore_auction=True))
    equity = ignored.to_dict()["equity"]
    assert equity is not None and "shown" not in equity and "shown_from" not in equity
    # the director's shown replaces the auction's
    directed = rule(case_from_dict(_p04(dealer="N", auction=["1C", "P", "P", "P"],
                                        shown={"E": {"hcp": [6, 14]}})), dds_solver, options=options)
    equity = directed.to_dict()["equity"]
    assert equity is not None and equity["shown_from"] == {"E": ["director"]}


def _pbn(auction_lines: str, extra: str = "") -> str:
    from revoke_equity.io.pbn import dumps_pbn

    case = case_from_dict(with_fields())
    text = dumps_pbn(case)
    head, play = text.split('[Play "', 1)
    return head + extra + auction_lines + '[Play "' + play


def test_pbn_reads_the_auction_with_its_notes_alerts_and_all_pass() -> None:
    """Board 14: East deals. 2D explained by note 1 and 3C alerted: both count as alerted."""
    from revoke_equity.io.pbn import loads_pbn

    board = CASE["board"]
    dealer = ["N", "E", "S", "W"][(board - 1) % 4]
    text = _pbn(f'[Auction "{dealer}"]\n1S 2D =1= 3C! Pass\n5C AP\n[Note "1:both minors"]\n',
                '[Shown "E: S 0-3, HCP 6-10"]\n')
    (case,) = loads_pbn(text)
    assert case.auction is not None and case.auction.dealer is Seat(dealer)
    assert case.auction.texts() == ["1S", "2D", "3C", "P", "5C", "P", "P", "P"]
    assert case.auction.alerted == frozenset({1, 2})
    assert case.auction.notes == ((1, "both minors"),)
    assert case.shown.to_json() == {"E": {"hcp": [6, 10], "S": [0, 3]}}


def test_pbn_ignores_the_suffix_annotations_of_calls_but_not_the_alert() -> None:
    """``?``, ``!!`` and ``?!`` (after a call or alone) are a commentator's marks: the call is read
    without them and is not alerted; ``!`` is the alert."""
    from revoke_equity.io.pbn import loads_pbn

    board = CASE["board"]
    dealer = ["N", "E", "S", "W"][(board - 1) % 4]
    text = _pbn(f'[Auction "{dealer}"]\n1S? 2D!! 3C! ?! Pass\n5C AP\n', "")
    (case,) = loads_pbn(text)
    assert case.auction is not None
    assert case.auction.texts() == ["1S", "2D", "3C", "P", "5C", "P", "P", "P"]
    assert case.auction.alerted == frozenset({2})


def test_pbn_writes_the_auction_and_shown_back() -> None:
    from revoke_equity.io.pbn import dumps_pbn, loads_pbn

    data = with_fields(dealer="W", auction=["P", "1S", "2D", "X", "P", "P", "5C", "P", "P", "P"],
                       alerted=[3], shown={"E": {"hcp": [6, 10]}})
    case = case_from_dict(data)
    (back,) = loads_pbn(dumps_pbn(case))
    assert back.auction == case.auction and back.shown.to_json() == case.shown.to_json()
    noted = case_from_dict(with_fields(dealer="W", auction=["P", "1S", "P", "P", "P"]))
    assert noted.auction is not None
    import dataclasses
    noted = dataclasses.replace(noted, auction=dataclasses.replace(
        noted.auction, alerted=frozenset({1}), notes=((1, "could be short"),)))
    (back,) = loads_pbn(dumps_pbn(noted))
    assert back.auction == noted.auction


@pytest.mark.parametrize(("section", "words"), [
    pytest.param('[Auction "{dealer}"]\n1S 1H\n', "call 2 .*insufficient bid 1H", id="insufficient"),
    pytest.param('[Auction "{other}"]\n1S Pass\n', "out of rotation", id="out-of-rotation"),
    pytest.param('[Auction "{dealer}"]\n1S Pass Pass Pass 2H\n', "had already ended", id="after-end"),
    pytest.param('[Auction "{dealer}"]\n=1= 1S\n', "before any call", id="note-first"),
])
def test_pbn_refuses_a_bad_auction_with_its_line(section: str, words: str) -> None:
    from revoke_equity.io.pbn import loads_pbn

    board = CASE["board"]
    dealer = ["N", "E", "S", "W"][(board - 1) % 4]
    other = ["N", "E", "S", "W"][board % 4]
    text = _pbn(section.format(dealer=dealer, other=other))
    with pytest.raises(ParseError, match=words) as info:
        loads_pbn(text)
    assert info.value.line is not None and info.value.board == board


def test_lin_reads_the_calls_alerts_and_explanations_and_writes_them_back() -> None:
    from revoke_equity.io.lin import dumps_lin, loads_lin

    case = case_from_dict(with_fields())
    made_up = dumps_lin(case)
    assert loads_lin(made_up)[0].auction is None  # a made-up auction is not read as the real one
    contract, declarer = CASE["contract"], CASE["declarer"]
    dealer = ["N", "E", "S", "W"][(CASE["board"] - 1) % 4]
    data = with_fields(dealer=dealer, auction=["P"] * ((Seat(declarer).index - Seat(dealer).index) % 4)
                       + [contract, "P", "P", "P"])
    with_auction = case_from_dict(data)
    assert with_auction.auction is not None
    import dataclasses
    explained = dataclasses.replace(with_auction, auction=dataclasses.replace(
        with_auction.auction, alerted=frozenset({len(with_auction.auction.calls) - 4}),
        notes=((len(with_auction.auction.calls) - 4, "to play"),)))
    text = dumps_lin(explained)
    assert "an|to play|" in text and "!|" in text
    (back,) = loads_lin(text)
    assert back == explained


def test_lin_refuses_an_insufficient_bid_with_its_line() -> None:
    from revoke_equity.io.lin import loads_lin

    record = "md|3S42HAK72D96CAKJ87,SAT986HQT84DQT8C4,SKQ5HJ9DKJ752CQT9,|sv|n|\nmb|1S|mb|1H|mb|p|\n"
    with pytest.raises(ParseError, match="insufficient bid 1H") as info:
        loads_lin(record)
    assert info.value.line == 2


def test_a_handviewer_link_carries_the_auction_both_ways() -> None:
    from revoke_equity.io.handviewer import handviewer_url, parse_handviewer

    contract, declarer = CASE["contract"], CASE["declarer"]
    dealer = ["N", "E", "S", "W"][(CASE["board"] - 1) % 4]
    passes = ["P"] * ((Seat(declarer).index - Seat(dealer).index) % 4)
    case = case_from_dict(with_fields(dealer=dealer, auction=[*passes, contract, "P", "P", "P"],
                                      alerted=[len(passes)]))
    back = parse_handviewer(handviewer_url(case))
    assert back.auction == case.auction


def test_a_handviewer_a_parameter_with_an_insufficient_bid_is_refused() -> None:
    from revoke_equity.io.handviewer import HANDVIEWER, parse_handviewer

    url = (f"{HANDVIEWER}?n=sakqjt98765432&e=hakqjt98765432&s=dakqjt98765432&d=n&b=1"
           "&a=1s1hppp&p=")
    with pytest.raises(ParseError, match=r"a \(auction\): auction call 2 \(E\): insufficient bid 1H"):
        parse_handviewer(url)


def test_pbn_keeps_its_contract_when_the_auction_reached_another_with_a_warning() -> None:
    """The PBN ``Contract`` tag is ruled on; the ruling warns that the auction reached 1C."""
    from revoke_equity.io.pbn import loads_pbn
    from revoke_equity.ruling import rule

    board = CASE["board"]
    dealer = ["N", "E", "S", "W"][(board - 1) % 4]
    (case,) = loads_pbn(_pbn(f'[Auction "{dealer}"]\n1C Pass Pass Pass\n'))
    assert str(case.contract) == CASE["contract"] and case.declarer is Seat(CASE["declarer"])
    warnings = rule(case).to_dict()["warnings"]
    assert warnings == [f"the auction reached 1C by {dealer}, but the case's contract is "
                        f"{CASE['contract']} by {CASE['declarer']}: the case's contract is ruled on"]


def _reaching_the_contract(**fields: object) -> dict[str, object]:
    """The case with an auction from the dealer that passes round to declarer's bid of the
    contract."""
    contract, declarer = CASE["contract"], CASE["declarer"]
    dealer = ["N", "E", "S", "W"][(CASE["board"] - 1) % 4]
    passes = ["P"] * ((Seat(declarer).index - Seat(dealer).index) % 4)
    return with_fields(dealer=dealer, auction=[*passes, contract, "P", "P", "P"], **fields)


def test_a_handviewer_link_carries_the_explanations_both_ways() -> None:
    import dataclasses

    from revoke_equity.io.handviewer import handviewer_url, parse_handviewer

    case = case_from_dict(_reaching_the_contract())
    assert case.auction is not None
    bid = len(case.auction.calls) - 4
    explained = dataclasses.replace(case, auction=dataclasses.replace(
        case.auction, alerted=frozenset({bid}), notes=((bid, "to play"),)))
    back = parse_handviewer(handviewer_url(explained))
    assert back.auction == explained.auction and back.auction != case.auction


def test_lin_refuses_a_call_after_the_end_with_its_line() -> None:
    from revoke_equity.io.lin import loads_lin

    record = ("md|3S42HAK72D96CAKJ87,SAT986HQT84DQT8C4,SKQ5HJ9DKJ752CQT9,|sv|n|\n"
              "mb|1S|mb|p|mb|p|\nmb|p|mb|2H|\n")
    with pytest.raises(ParseError, match="had already ended") as info:
        loads_lin(record)
    assert info.value.line == 3


UNFINISHED = ("the auction is not finished: it stops after 2 calls (5C by N so far), without the "
              "passes that end it; the case's contract 5C by N is ruled on")
"""Board 1's warning for the calls 5C (North deals and opens) and a pass."""


def test_an_unfinished_auction_is_a_warning_and_its_case_is_ruled_on() -> None:
    from revoke_equity.model.auction import Auction, contract_warning
    from revoke_equity.ruling import rule

    assert (CASE["board"], CASE["contract"], CASE["declarer"]) == (1, "5C", "N")
    assert contract_warning(Auction.parse(Seat.N, ["5C", "P"]), "5C", Seat.N) == UNFINISHED
    case = case_from_dict(with_fields(dealer="N", auction=["5C", "P"]))
    assert rule(case).to_dict()["warnings"] == [UNFINISHED]


@pytest.mark.parametrize(("calls", "words"), [
    pytest.param([], "the auction has no calls; the case's contract 5C by N is ruled on", id="no-calls"),
    pytest.param(["P", "P"], "it stops after 2 calls (no bid), without", id="passes-only"),
    pytest.param(["1D", "P", "3D"], "it stops after 3 calls (3D by N so far), without the passes "
                 "that end it; the case's contract 5C by N is ruled on", id="another-contract-so-far"),
])
def test_an_unfinished_auction_says_how_far_it_got(calls: list[str], words: str) -> None:
    from revoke_equity.model.auction import Auction, contract_warning

    warning = contract_warning(Auction.parse(Seat.N, calls), "5C", Seat.N)
    assert warning is not None and words in warning


def test_a_finished_auction_that_reaches_the_contract_says_nothing() -> None:
    from revoke_equity.model.auction import Auction, contract_warning

    assert contract_warning(Auction.parse(Seat.N, ["5C", "P", "P", "P"]), "5C", Seat.N) is None


def test_the_command_line_warns_of_an_unfinished_auction(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, dealer="N", auction=["5C", "P"])
    assert cli.main(["rule", path, "--no-equity"]) == 0
    assert f"warning: board 1: {UNFINISHED}" in capsys.readouterr().err


def test_lin_reads_an_unfinished_auction_and_writes_calls_that_end_it() -> None:
    """The record's calls stop after 5C and a pass: the contract is theirs, the warning says the
    auction is unfinished; written back, the calls are made up from the contract (marked so)."""
    from revoke_equity.io.lin import dumps_lin, loads_lin
    from revoke_equity.model.auction import contract_warning

    full = dumps_lin(case_from_dict(_reaching_the_contract()))
    assert "mb|5C|mb|p|mb|p|mb|p|" in full
    (case,) = loads_lin(full.replace("mb|5C|mb|p|mb|p|mb|p|", "mb|5C|mb|p|"))
    assert case.auction is not None and case.auction.texts() == ["5C", "P"]
    assert contract_warning(case.auction, str(case.contract), case.declarer) == UNFINISHED
    written = dumps_lin(case)
    assert "nt|the auction is not known" in written and "mb|5C|mb|p|mb|p|mb|p|" in written
    (back,) = loads_lin(written)
    assert back.auction is None and (back.contract, back.declarer) == (case.contract, case.declarer)
