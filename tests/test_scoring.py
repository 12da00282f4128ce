"""Duplicate scores (Law 77) through endplay, checked against scores worked out by hand."""

from __future__ import annotations

import pytest

from revoke_equity.model import Contract, Seat, Vulnerability
from revoke_equity.scoring import score_ns

KNOWN = [
    # contract, vulnerable (declarer's side), tricks, declarer's score
    ("1N", False, 7, 90), ("1N", False, 8, 120), ("2S", False, 8, 110),
    ("3N", False, 9, 400), ("3N", True, 9, 600), ("4S", True, 10, 620), ("4H", False, 11, 450),
    ("6C", True, 12, 1370), ("7N", True, 13, 2220), ("6S", False, 12, 980),
    ("1CX", False, 7, 140), ("1CXX", False, 7, 230), ("2HX", False, 8, 470), ("2HX", True, 8, 670),
    ("1NX", False, 8, 280), ("2HXX", False, 9, 840),
    ("3N", False, 8, -50), ("3N", True, 8, -100), ("3NX", False, 8, -100), ("3NX", True, 8, -200),
    ("3NX", False, 7, -300), ("3NX", False, 6, -500), ("3NX", False, 5, -800),
    ("3NX", True, 6, -800), ("4SXX", True, 9, -400), ("7NX", True, 0, -3800),
    ("7NX", False, 0, -3500),
]


@pytest.mark.parametrize(("contract", "vul", "tricks", "expected"), KNOWN,
                         ids=[f"{c}{'v' if v else 'nv'}-{t}" for c, v, t, _ in KNOWN])
def test_known_scores(contract: str, vul: bool, tricks: int, expected: int) -> None:
    vulnerability = Vulnerability.NS if vul else Vulnerability.NONE
    assert score_ns(Contract.from_str(contract), Seat.S, vulnerability, tricks) == expected
    # The same result for East-West is the negative, from North-South's side.
    ew_vul = Vulnerability.EW if vul else Vulnerability.NONE
    assert score_ns(Contract.from_str(contract), Seat.E, ew_vul, tricks) == -expected


def test_vulnerability_is_the_declarers() -> None:
    assert score_ns(Contract.from_str("4S"), Seat.N, Vulnerability.EW, 10) == 420
    assert score_ns(Contract.from_str("4S"), Seat.N, Vulnerability.ALL, 10) == 620


def test_tricks_out_of_range() -> None:
    with pytest.raises(ValueError, match="0-13"):
        score_ns(Contract.from_str("4S"), Seat.N, Vulnerability.NONE, 14)
