"""JSON cases: the worked cases round trip, input spellings, and one test per bad-input class."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.errors import CaseError, ParseError, PlayError
from revoke_equity.io.json_case import case_from_dict, case_to_dict, dumps, loads, read_json
from revoke_equity.model import Case, Claim, Contract, Edition, Noticed, Seat, Vulnerability

CASES = Path(__file__).parent / "data" / "cases"
CASE_FILES = sorted(CASES.glob("p*.json"))
P01 = json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]
P14 = json.loads((CASES / "p14-claim-establishes.json").read_text())["case"]


def p01(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(P01)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_worked_case_round_trips(path: Path) -> None:
    wrapper = json.loads(path.read_text())
    (case,) = loads(path.read_text())
    assert case_to_dict(case) == {**wrapper["case"], "board": wrapper["case"]["board"]}
    assert loads(dumps(case)) == [case]
    assert case_from_dict(case_to_dict(case)) == case


def test_wrapper_object_and_list_read_alike() -> None:
    (from_object,) = loads(json.dumps(P01))
    (from_wrapper,) = loads(json.dumps({"name": "x", "case": P01, "expect": {}}))
    from_list = loads(json.dumps([P01, {"name": "y", "case": P14}]))
    assert from_object == from_wrapper == from_list[0]
    assert from_list[1].claim == Claim(after_trick=4, declarer_tricks=8)


def test_dumps_of_several_cases_is_a_list() -> None:
    cases = loads(json.dumps([P01, P14]))
    assert json.loads(dumps(cases))[1]["claim"] == {"after_trick": 4, "declarer_tricks": 8}
    assert loads(dumps(cases)) == cases


def test_defaults_omitted_but_required_fields_kept() -> None:
    out = case_to_dict(case_from_dict(p01(board=None, vulnerable=None, laws=None)))
    assert list(out) == ["laws", "deal", "contract", "declarer", "vulnerable", "play"]
    assert out["laws"] == "2017" and out["vulnerable"] == "None"


def test_input_spellings() -> None:
    play = [card.lower().replace("t", "10") for card in P01["play"]]
    case = case_from_dict(
        p01(play=play, contract="5c", declarer="north", vulnerable="Both", laws=1997, noticed="DURING-PLAY")
    )
    assert case.play == case_from_dict(P01).play
    assert (case.contract, case.declarer, case.vulnerable) == (
        Contract.from_str("5C"),
        Seat.N,
        Vulnerability.ALL,
    )
    assert (case.laws, case.noticed) == (Edition.LAWS_1997, Noticed.DURING_PLAY)
    no_play = {"play": [], "claim": {"after_trick": 0, "declarer_tricks": 9}}
    case = case_from_dict(p01(contract="3NT", vulnerable="-", **no_play))
    assert case.contract == Contract.from_str("3N") and case.vulnerable is Vulnerability.NONE
    assert case_from_dict(p01(vulnerable="Love")).vulnerable is Vulnerability.NONE


@pytest.mark.parametrize(
    ("board", "expected"),
    [(1, Vulnerability.NONE), (2, Vulnerability.NS), (7, Vulnerability.ALL), (14, Vulnerability.NONE)],
)
def test_board_number_fills_vulnerability(board: int, expected: Vulnerability) -> None:
    assert case_from_dict(p01(board=board, vulnerable=None)).vulnerable is expected


def test_corrected_and_penalty_cards_round_trip() -> None:
    data = p01(
        noticed="after-round",
        corrected=[{"trick": 4, "player": "E", "card": "C3"}],
        penalty_cards=[{"player": "W", "card": "SA", "from_trick": 3}],
    )
    case = case_from_dict(data)
    assert case.corrected[0].player is Seat.E and case.penalty_cards[0].from_trick == 3
    assert case_to_dict(case) == data


def _raises(cls: type[CaseError], data: object, *parts: str) -> CaseError:
    with pytest.raises(cls) as info:
        case_from_dict(data)
    for part in parts:
        assert part in str(info.value), (part, str(info.value))
    return info.value


_DUP_DEAL = "N:42.AK72.96.AKJ87 J74.653.A43.6532 KQ5.J9.KJ752.QT9 AT986.QT84.QT8.4"
_SHORT_DEAL = "N:42.AK72.96.AKJ8 J73.653.A43.6532 KQ5.J9.KJ752.QT9 AT986.QT84.QT8.4"
_NOT_HELD = ["S3", "SQ", "S6", "S2", "S5", "S8", "S4", "HA"]
_TWICE = ["S3", "SQ", "S6", "S2", "S5", "S8", "S4", "S2"]
_OUT_OF_TURN = ["S3", "S6", "SQ", "S2"]


@pytest.mark.parametrize(
    ("cls", "changes", "parts"),
    [
        pytest.param(
            ParseError, {"deal": _DUP_DEAL}, ["board 1", "E", "card S4", "S4"], id="deal-card-dealt-twice"
        ),
        pytest.param(ParseError, {"deal": _SHORT_DEAL}, ["board 1", "N", "12 cards"], id="deal-hand-of-12"),
        pytest.param(ParseError, {"deal": "N:AKQ"}, ["board 1", "deal"], id="deal-malformed"),
        pytest.param(
            PlayError,
            {"play": _NOT_HELD, "claim": {"after_trick": 2, "declarer_tricks": 1}},
            ["board 1", "trick 2", "E", "card HA"],
            id="card-not-held",
        ),
        pytest.param(
            PlayError,
            {"play": _TWICE, "claim": {"after_trick": 2, "declarer_tricks": 1}},
            ["board 1", "trick 2", "E", "card S2", "already"],
            id="card-played-twice",
        ),
        pytest.param(
            PlayError,
            {"play": _OUT_OF_TURN, "claim": {"after_trick": 1, "declarer_tricks": 1}},
            ["board 1", "trick 1", "S", "card S6", "turn"],
            id="card-out-of-turn",
        ),
        pytest.param(
            PlayError,
            {"claim": {"after_trick": 4, "declarer_tricks": 10}, "play": P14["play"]},
            ["board 1", "trick 4", "10 tricks", "9 remain"],
            id="claim-more-than-remain",
        ),
        pytest.param(
            PlayError,
            {"play": P14["play"]},
            ["board 1", "trick 5", "no claim"],
            id="play-stops-without-claim",
        ),
        pytest.param(ParseError, {"contract": "8S"}, ["board 1", "contract", "'8S'"], id="unknown-contract"),
        pytest.param(ParseError, {"contract": "Pass"}, ["board 1", "passed out"], id="passed-out"),
        pytest.param(ParseError, {"declarer": "Q"}, ["board 1", "declarer", "'Q'"], id="unknown-seat"),
        pytest.param(
            ParseError, {"play": ["S3", "N2"]}, ["board 1", "trick 1", "card N2"], id="unknown-card"
        ),
        pytest.param(ParseError, {"laws": "2019"}, ["board 1", "laws", "2019"], id="unknown-edition"),
        pytest.param(ParseError, {"noticed": "later"}, ["board 1", "noticed", "later"], id="unknown-noticed"),
        pytest.param(
            ParseError, {"vulnerable": "NE"}, ["board 1", "vulnerable", "NE"], id="unknown-vulnerability"
        ),
        pytest.param(ParseError, {"contract": 4}, ["board 1", "contract must be a string"], id="wrong-type"),
        pytest.param(ParseError, {"play": "S3 SQ"}, ["board 1", "play must be a list"], id="play-not-a-list"),
        pytest.param(ParseError, {"board": "seven"}, ["board", "whole number"], id="board-not-a-number"),
        pytest.param(
            ParseError, {"noticd": "after-round"}, ["board 1", "unknown field 'noticd'"], id="unknown-field"
        ),
        pytest.param(
            ParseError,
            {"claim": {"after_trick": 4}},
            ["board 1", "declarer_tricks"],
            id="claim-missing-field",
        ),
        pytest.param(
            ParseError,
            {"corrected": [{"trick": 4, "player": "W", "card": "C2"}]},
            ["board 1", "trick 4", "W", "card C2", "not dealt"],
            id="corrected-card-not-dealt-to-player",
        ),
        pytest.param(
            ParseError,
            {"penalty_cards": [{"player": "W", "card": "SA", "from_trick": 14}]},
            ["board 1", "from_trick 14"],
            id="penalty-card-trick-out-of-range",
        ),
    ],
)
def test_bad_input(cls: type[CaseError], changes: dict[str, Any], parts: list[str]) -> None:
    error = _raises(cls, p01(**changes), *parts)
    assert error.board == 1 or changes.get("board") is not None


def test_missing_required_field_names_it() -> None:
    data = p01()
    del data["contract"]
    _raises(ParseError, data, "board 1", "missing required field 'contract'")


def test_not_an_object() -> None:
    _raises(ParseError, ["deal"], "must be a JSON object")


def test_bad_json_text_gives_line() -> None:
    (entry,) = read_json('{\n "deal": ,\n}', name="x.json")
    assert isinstance(entry.error, ParseError)
    assert entry.error.line == 2 and "x.json" in str(entry.error)


def test_list_is_lenient_per_case() -> None:
    bad = p01(board=None, contract="9Z")
    entries = read_json(json.dumps([P01, bad, P14]))
    assert [e.ok for e in entries] == [True, False, True]
    assert entries[1].board is None and entries[1].error is not None
    assert str(entries[1].error).startswith("board 2 of the input: ")
    with pytest.raises(ParseError):
        loads(json.dumps([P01, bad]))


def test_case_from_dict_uses_board_hint_without_board() -> None:
    with pytest.raises(ParseError, match=r"^board 9 of the input: "):
        case_from_dict(p01(board=None, contract="0S"), board_hint="9 of the input")
    assert isinstance(case_from_dict(P01), Case)
