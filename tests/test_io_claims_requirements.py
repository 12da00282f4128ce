"""Who claimed, whether it was agreed, and the opponents' requirements: JSON, PBN and LIN readers
and writers, and one test per bad-input class."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.errors import ParseError
from revoke_equity.io.json_case import case_from_dict, case_to_dict, dumps, loads
from revoke_equity.io.lin import dumps_lin, loads_lin
from revoke_equity.io.pbn import dumps_pbn, loads_pbn, read_pbn
from revoke_equity.model import Claim, Requirement, RequirementKind, Seat, Suit

LAWS = Path(__file__).parent / "data" / "laws"
L_FILES = sorted(LAWS.glob("l*.json"))
L01 = json.loads((LAWS / "l01-claim-disputed.json").read_text())["case"]
L04 = json.loads((LAWS / "l04-requirement-lead.json").read_text())["case"]


def changed(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(base)
    data.update(changes)
    return data


@pytest.mark.parametrize("path", L_FILES, ids=[p.stem.split("-")[0] for p in L_FILES])
def test_law_cases_round_trip_through_json_and_pbn(path: Path) -> None:
    (case,) = loads(path.read_text())
    assert case_to_dict(case) == json.loads(path.read_text())["case"]
    assert loads(dumps(case)) == [case]
    assert loads_pbn(dumps_pbn(case)) == [case]


def test_claim_by_and_agreed_are_read() -> None:
    case = case_from_dict(L01)
    assert case.claim == Claim(6, 6, by=Seat.S, agreed=False)


def test_claim_defaults_are_declarer_and_agreed_and_are_not_written() -> None:
    data = changed(L01, claim={"after_trick": 6, "declarer_tricks": 6})
    case = case_from_dict(data)
    assert case.claim == Claim(6, 6) and case.claim.by is None and case.claim.agreed
    assert case.claim.claimer(case.declarer) is Seat.S
    assert case_to_dict(case)["claim"] == {"after_trick": 6, "declarer_tricks": 6}


def test_requirements_are_read() -> None:
    data = changed(L04, requirements=[{"trick": 1, "player": "W", "kind": "lead", "suit": "h"},
                                      {"trick": 3, "player": "E", "kind": "HIGHEST"}])
    case = case_from_dict(data)
    assert case.requirements == (
        Requirement(1, Seat.W, RequirementKind.LEAD, Suit.HEARTS),
        Requirement(3, Seat.E, RequirementKind.HIGHEST, None),
    )
    assert case_to_dict(case)["requirements"] == [
        {"trick": 1, "player": "W", "kind": "lead", "suit": "H"},
        {"trick": 3, "player": "E", "kind": "highest"},
    ]


@pytest.mark.parametrize(
    ("base", "changes", "parts"),
    [
        pytest.param(L01, {"claim": {"after_trick": 6, "declarer_tricks": 6, "by": "X"}},
                     ["board 21", "claim by", "'X'"], id="claim-by-unknown-seat"),
        pytest.param(L01, {"claim": {"after_trick": 6, "declarer_tricks": 6, "agreed": "no"}},
                     ["board 21", "claim agreed must be true or false", "'no'"],
                     id="claim-agreed-not-a-boolean"),
        pytest.param(L01, {"claim": {"after_trick": 6, "declarer_tricks": 6, "who": "S"}},
                     ["board 21", "unknown field 'who'"], id="claim-unknown-field"),
        pytest.param(L04, {"requirements": [{"trick": 1, "player": "W", "kind": "follow"}]},
                     ["board 24", "trick 1", "W", "unknown requirement kind 'follow'"],
                     id="requirement-unknown-kind"),
        pytest.param(L04, {"requirements": [{"trick": 1, "player": "W", "kind": "lead"}]},
                     ["board 24", "trick 1", "W", "needs a 'suit'"], id="requirement-without-suit"),
        pytest.param(L04, {"requirements": [{"trick": 1, "player": "W", "kind": "lowest",
                                             "suit": "C"}]},
                     ["board 24", "trick 1", "W", "takes no 'suit'"], id="requirement-suit-not-taken"),
        pytest.param(L04, {"requirements": [{"trick": 1, "player": "W", "kind": "lead",
                                             "suit": "X"}]},
                     ["board 24", "trick 1", "W", "unknown suit 'X'"], id="requirement-unknown-suit"),
        pytest.param(L04, {"requirements": [{"trick": 14, "player": "W", "kind": "lowest"}]},
                     ["board 24", "requirements trick 14"], id="requirement-trick-out-of-range"),
        pytest.param(L04, {"requirements": [{"trick": 1, "player": "Q", "kind": "lowest"}]},
                     ["board 24", "requirements player", "'Q'"], id="requirement-unknown-seat"),
        pytest.param(L04, {"requirements": {"trick": 1, "player": "W", "kind": "lowest"}},
                     ["board 24", "requirements must be a list"], id="requirements-not-a-list"),
    ],
)
def test_bad_claim_or_requirement(base: dict[str, Any], changes: dict[str, Any],
                                  parts: list[str]) -> None:
    with pytest.raises(ParseError) as info:
        case_from_dict(changed(base, **changes))
    for part in parts:
        assert part in str(info.value), (part, str(info.value))


# --- PBN: the Claim, ClaimAgreed and Requirements tags --------------------------------------------


def _pbn(case_data: dict[str, Any], *extra_tags: str) -> str:
    """``case_data`` as PBN without its claim and requirement tags, plus ``extra_tags``."""
    case = case_from_dict(changed(case_data, requirements=[]))
    if case.claim is not None:
        case = case_from_dict(changed(case_data, requirements=[], claim={
            "after_trick": case.claim.after_trick, "declarer_tricks": case.claim.declarer_tricks}))
    lines = dumps_pbn(case).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("[Play"))
    return "\n".join(lines[:at] + list(extra_tags) + lines[at:]) + "\n"


def test_pbn_claim_tags_equal_the_json_case() -> None:
    (case,) = loads_pbn(_pbn(L01, '[Claim "S"]', '[ClaimAgreed "no"]'))
    assert case == case_from_dict(L01)


def test_pbn_claim_without_tags_is_declarers_and_agreed() -> None:
    (case,) = loads_pbn(_pbn(L01))
    assert case.claim == Claim(6, 6)


def test_pbn_requirements_tag() -> None:
    (case,) = loads_pbn(_pbn(L04, '[Requirements "1 W lead H, 11 W highest"]'))
    assert case.requirements == (
        Requirement(1, Seat.W, RequirementKind.LEAD, Suit.HEARTS),
        Requirement(11, Seat.W, RequirementKind.HIGHEST, None),
    )


@pytest.mark.parametrize(
    ("base", "tags", "parts"),
    [
        pytest.param(L04, ['[Claim "S"]'], ["board 24", "does not end in a claim"],
                     id="claim-tag-without-claim"),
        pytest.param(L01, ['[ClaimAgreed "maybe"]'], ["board 21", "ClaimAgreed must be yes or no"],
                     id="claim-agreed-not-yes-or-no"),
        pytest.param(L01, ['[Claim "Z"]'], ["board 21", "Claim", "'Z'"], id="claim-unknown-seat"),
        pytest.param(L04, ['[Requirements "1 W lead"]'], ["board 24", "trick 1", "W", "needs a suit"],
                     id="requirement-without-suit"),
        pytest.param(L04, ['[Requirements "1 W lowest C"]'], ["board 24", "takes no suit"],
                     id="requirement-suit-not-taken"),
        pytest.param(L04, ['[Requirements "1 W"]'], ["board 24", "trick player kind [suit]"],
                     id="requirement-too-short"),
    ],
)
def test_pbn_bad_claim_or_requirement_tags(base: dict[str, Any], tags: list[str],
                                           parts: list[str]) -> None:
    (entry,) = read_pbn(_pbn(base, *tags))
    assert isinstance(entry.error, ParseError)
    for part in parts:
        assert part in str(entry.error), (part, str(entry.error))
    assert entry.error.line is not None


def test_lin_claim_is_declarers_and_agreed() -> None:
    """LIN's ``mc`` does not say who claimed: a claim by declarer, agreed."""
    case = case_from_dict(L01)
    (read,) = loads_lin(dumps_lin(case))
    assert read.claim == Claim(6, 6)
