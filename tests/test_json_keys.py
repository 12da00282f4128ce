"""JSON keys: a key given twice is an error naming it (``json`` would keep the last value without a
word), and a worked-case wrapper without its ``case`` says that ``case`` is missing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.errors import CaseError, ParseError
from revoke_equity.io import BoardInput, read_boards
from revoke_equity.io.json_case import loads, read_json

CASES = Path(__file__).parent / "data" / "cases"
P01: dict[str, Any] = json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]
"""Board 1, 5C by North."""


def _text(case: dict[str, Any], extra: str) -> str:
    """``case`` as JSON text with ``extra`` (``'"key": value'``) written after its last field."""
    return json.dumps(case)[:-1] + ", " + extra + "}"


def _error(entries: list[BoardInput]) -> CaseError:
    (entry,) = entries
    assert entry.case is None and entry.error is not None
    return entry.error


def test_a_key_given_twice_is_an_error_naming_it_and_the_board() -> None:
    error = _error(read_json(_text(P01, '"contract": "4D"')))
    assert type(error) is ParseError and error.board == 1
    assert str(error) == ("board 1: the field 'contract' is given twice ('5C', then '4D'): give each "
                          "field once")


def test_a_key_given_twice_with_the_same_value_is_still_an_error() -> None:
    with pytest.raises(ParseError, match="the field 'declarer' is given twice"):
        loads(_text(P01, '"declarer": "N"'))


@pytest.mark.parametrize(
    ("extra", "path"),
    [
        pytest.param('"claim": {"after_trick": 4, "declarer_tricks": 8, "after_trick": 5}',
                     "claim.after_trick", id="in-the-claim"),
        pytest.param('"corrected": [{"trick": 4, "player": "E", "card": "C2", "card": "C3"}]',
                     "corrected[0].card", id="in-a-list-entry"),
        pytest.param('"shown": {"E": {"hcp": [6, 10], "hcp": [0, 5]}}', "shown.E.hcp", id="nested-twice"),
    ],
)
def test_a_key_given_twice_inside_a_field_is_named_by_its_path(extra: str, path: str) -> None:
    error = _error(read_json(_text(P01, extra)))
    assert error.board == 1 and f"the field '{path}' is given twice" in str(error)


def test_in_a_list_only_the_case_with_the_key_twice_is_refused() -> None:
    good = json.dumps({**P01, "board": 2})
    twice = _text({**P01, "board": 3}, '"vulnerable": "EW"')
    text = f"[{good}, {twice}]"
    first, second = read_boards(text, fmt="json")
    assert first.case is not None and first.case.board == 2
    assert second.error is not None and second.error.board == 3
    assert "the field 'vulnerable' is given twice ('NS', then 'EW')" in str(second.error)


def test_a_key_given_twice_in_the_wrapper_is_refused_too() -> None:
    text = '{"name": "a", "name": "b", "case": ' + json.dumps(P01) + "}"
    assert "the field 'name' is given twice ('a', then 'b')" in str(_error(read_json(text)))
    text = '{"name": "a", "case": ' + _text(P01, '"play": []') + "}"
    assert "the field 'case.play' is given twice" in str(_error(read_json(text)))


def test_a_wrapper_without_its_case_says_case_is_missing() -> None:
    error = _error(read_json('{"name": "x", "expect": {}}'))
    assert error.message == ("missing field 'case' (the case itself) in a worked case "
                             "{\"name\", \"case\", \"expect\"}: this one has 'name', 'expect'")
    listed = _error(read_json('[{"name": "x"}]'))
    assert listed.board == "1 of the input" and "missing field 'case'" in listed.message


def test_a_wrapper_whose_case_is_not_an_object_says_so() -> None:
    error = _error(read_json('{"name": "x", "case": [1, 2]}'))
    assert "the worked case's 'case' must be the case, a JSON object, not list" in str(error)


def test_a_wrapper_with_its_case_still_reads() -> None:
    (case,) = loads(json.dumps({"name": "x", "case": P01, "expect": {}, "source": "book"}))
    assert case.board == 1
