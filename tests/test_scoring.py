"""Duplicate scores (Law 77) through endplay, checked against scores worked out by hand."""

from __future__ import annotations

import pytest

from revoke_equity.model import Contract, Seat, Vulnerability
from revoke_equity.scoring import matchpoints, score_ns, weighted_imps, weighted_matchpoints

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


def test_matchpoints_need_a_field_and_say_so() -> None:
    with pytest.raises(ValueError) as raised:
        matchpoints(420, [])
    assert str(raised.value) == "a matchpoint comparison needs at least one other score"


def test_weighted_scores_keep_two_decimals() -> None:
    """60% of NS +420 and 40% of NS -50. At IMPs against +400 at the other table: +1 and -10 IMPs,
    so 0.6 - 4.0 = -3.4. At matchpoints on a field of +420, +100, -100: +420 ties one and beats
    two (5 of 6 points, 83.33%), -50 beats one (2 of 6, 33.33%): 50 + 13.33 = 63.33%."""
    parts = [(60, 420), (40, -50)]
    assert weighted_imps(parts, 400) == -3.4
    assert weighted_matchpoints(parts, [420, 100, -100]) == 63.33
