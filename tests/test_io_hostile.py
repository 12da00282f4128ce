"""Hostile input to the readers: numbers that ``int()`` refuses, nesting, size bounds, and damage
that makes a naive reader lose every other board of a file. Each gives a located error and loses
nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from revoke_equity.errors import CaseError, ParseError
from revoke_equity.io import dumps_lin, loads, read_boards, sniff_format
from revoke_equity.io import lin as lin_module
from revoke_equity.io import pbn as pbn_module
from revoke_equity.io._limits import MAX_DEPTH, MAX_DIGITS, json_integer, leading_number, whole_number

CASES = Path(__file__).parent / "data" / "cases"
PBN = (CASES / "p-boards.pbn").read_text()
LIN = (CASES / "p03-two-defenders-revoke-cap.lin").read_text().strip()
WORKED = [loads(p.read_text())[0] for p in sorted(CASES.glob("p*.json"))]
UNICODE_DIGITS = ["²", "①", "٣", "１"]
HUGE = "7" * 5000


def _only_error(text: str, fmt: str | None = None) -> CaseError:
    (entry,) = read_boards(text, fmt=fmt)
    assert entry.error is not None, "expected an error"
    return entry.error


def _boards(text: str, fmt: str | None = None) -> dict[object, bool]:
    return {entry.board if entry.board is not None else str(entry.error).split(":")[0]: entry.ok
            for entry in read_boards(text, fmt=fmt)}


# ------------------------------------------------------------------------------ one number parser


@pytest.mark.parametrize(("text", "value"), [
    ("7", 7), (" 12 ", 12), ("007", 7), ("123456789", 123456789),
    ("1234567890", None), ("", None), ("-1", None), ("+1", None), ("1 2", None), ("1_000", None),
    *[(digit, None) for digit in UNICODE_DIGITS], (HUGE, None),
])
def test_whole_number_takes_ascii_digits_only(text: str, value: int | None) -> None:
    assert whole_number(text) == value


def test_leading_number_and_json_integers() -> None:
    assert leading_number("Board 12") == 12 and leading_number("o3") == 3
    assert leading_number("Board ²") is None and leading_number("Board " + HUGE) is None
    assert json_integer("-5") == -5 and json_integer("13") == 13
    long = json_integer(HUGE)
    assert isinstance(long, str) and len(long) == 5000


@pytest.mark.parametrize("digit", [*UNICODE_DIGITS, HUGE])
def test_pbn_result_number_is_a_located_error(digit: str) -> None:
    head, claimed = PBN.split('[Board "14"]')  # board 14 ends in a claim: its Result is read
    text = head + '[Board "14"]' + claimed.replace('[Result "10"]', f'[Result "{digit}"]', 1)
    assert text != PBN
    entries = read_boards(text, fmt="pbn")
    bad = [e for e in entries if not e.ok]
    assert len(bad) == 1 and len(entries) == 3
    error = bad[0].error
    assert isinstance(error, ParseError) and error.board == 14 and error.line is not None
    assert "Result" in str(error)


@pytest.mark.parametrize("digit", [*UNICODE_DIGITS, HUGE])
def test_pbn_board_number_that_is_not_ascii_is_that_boards_error(digit: str) -> None:
    text = PBN.replace('[Board "2"]', f'[Board "{digit}"]', 1)
    entries = read_boards(text, fmt="pbn")
    assert [e.ok for e in entries] == [True, False, True]
    error = entries[1].error
    assert error is not None and "Board" in str(error)
    assert error.line == text.splitlines().index(f'[Board "{digit}"]') + 1


@pytest.mark.parametrize("digit", [*UNICODE_DIGITS, HUGE])
def test_lin_claim_and_board_numbers(digit: str) -> None:
    claimed = dumps_lin(WORKED[13])  # board 14 has a claim: mc|...|
    assert "mc|" in claimed
    error = _only_error(claimed.replace("mc|", f"mc|{digit}", 1), "lin")
    assert "mc (claim)" in str(error) and error.board == 14 and error.line == 1
    error = _only_error(LIN.replace("ah|Board 3|", f"ah|Board {digit}|"), "lin")
    assert "ah|" in str(error) and error.line == 1


@pytest.mark.parametrize("digit", [*UNICODE_DIGITS, HUGE])
def test_handviewer_board_number(digit: str) -> None:
    link = ("https://www.bridgebase.com/tools/handviewer.html?n=sakqt8hk43dk2c752&e=s532h86dqt84ckq83"
            f"&s=sj96hqjt952d5cajt&w=s74ha7daj9763c964&b={digit}")
    error = _only_error(link, "url")
    assert "b (board)" in str(error) and error.line == 1
    assert len(str(error)) < 300


@pytest.mark.parametrize("field", ["board", "laws"])
def test_json_integer_of_thousands_of_digits(field: str) -> None:
    case = json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]
    text = json.dumps({**case, field: 0}).replace(f'"{field}": 0', f'"{field}": {HUGE}')
    assert HUGE in text
    error = _only_error(text, "json")
    assert field in str(error) and len(str(error)) < 300


def test_json_claim_with_a_unicode_digit_string() -> None:
    case = json.loads((CASES / "p14-claim-establishes.json").read_text())["case"]
    case["claim"]["declarer_tricks"] = "²"
    error = _only_error(json.dumps(case), "json")
    assert "claim declarer_tricks" in str(error) and error.board == 14


# ------------------------------------------------------------------------------ nesting and size


def test_json_nested_thousands_deep_is_a_located_error() -> None:
    error = _only_error('{"board": 1, "deal": ' + "[" * 5000 + "]" * 5000 + "}", "json")
    assert f"nested more than {MAX_DEPTH} levels" in str(error) and error.line == 1


def test_json_nested_deep_inside_one_case_of_a_list_loses_no_other_case() -> None:
    paths = sorted(CASES.glob("p0*.json"))[:4]
    cases = [json.dumps(json.loads(p.read_text())["case"], indent=1) for p in paths]
    cases[2] = cases[2].replace('"play": [', '"play": [' + "[" * 3000, 1)
    entries = read_boards("[\n" + ",\n".join(cases) + "\n]", fmt="json")
    assert [e.ok for e in entries] == [True, True, False, True]
    assert "nested more than" in str(entries[2].error) and entries[2].error.board == "3 of the input"


def test_field_and_input_size_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    long_deal = PBN.replace('[Deal "N:', '[Deal "N:' + "A" * 5000, 1)
    error = read_boards(long_deal, fmt="pbn")[0].error
    assert error is not None and error.board == 1 and "deal" in str(error) and "longer than" in str(error)
    monkeypatch.setattr(pbn_module, "MAX_BOARDS", 2)
    entries = read_boards(PBN, fmt="pbn")
    assert [e.ok for e in entries] == [True, True, False] and "the rest is not read" in str(entries[2].error)
    monkeypatch.setattr(lin_module, "MAX_BOARDS", 1)
    entries = read_boards(LIN + "\n" + LIN, fmt="lin")
    assert [e.ok for e in entries] == [True, False]
    monkeypatch.setattr(pbn_module, "too_large", lambda size, name: ParseError(f"{name}: too large"))
    assert "too large" in str(_only_error(PBN, "pbn"))


def test_numbers_are_bounded_in_length() -> None:
    assert MAX_DIGITS == 9
    board14 = '[Board "14"]' + PBN.split('[Board "14"]')[1]
    assert read_boards(board14)[0].ok
    error = _only_error(board14.replace('[Result "10"]', '[Result "0000000010"]'), "pbn")
    assert "Result" in str(error) and error.board == 14


# ------------------------------------------------------------------------------ one bad board


def test_unterminated_pbn_comment_loses_only_its_own_board() -> None:
    lines = PBN.split("\n")
    opened = lines.index('[Board "2"]') + 2
    lines[opened - 1] += " { the director's note, never closed"
    entries = read_boards("\n".join(lines), fmt="pbn")
    assert [(e.board, e.ok) for e in entries] == [(1, True), (2, False), (14, True)]
    assert entries[1].error is not None and entries[1].error.line == opened
    assert f"comment opened at line {opened} is not closed" in str(entries[1].error)


def test_unterminated_pbn_comment_in_the_first_board_or_last() -> None:
    first = PBN.replace('[Board "1"]', '[Board "1"]\n{ left open', 1)
    assert [(e.board, e.ok) for e in read_boards(first)] == [(1, False), (2, True), (14, True)]
    last = PBN.rstrip("\n") + "\n{ left open at the end\n"
    assert [(e.board, e.ok) for e in read_boards(last)] == [(1, True), (2, True), (14, False)]
    between = PBN.replace('\n\n[Event "revoke-equity test"]\n[Board "2"]',
                          '\n\n{ a note\n\n[Event "revoke-equity test"]\n[Board "2"]', 1)
    entries = read_boards(between)  # reported on its own: it hid no board, but the file is damaged
    assert [(e.board, e.ok) for e in entries] == [(1, True), (None, False), (2, True), (14, True)]
    error = entries[1].error
    assert error is not None and error.board == "2 of the input" and error.line == 27


def test_pbn_comment_with_blank_lines_inside_a_board_still_reads() -> None:
    text = PBN.replace('[Play "E"]', '{ a note\n\nover two paragraphs }\n[Play "E"]', 1)
    assert all(e.ok for e in read_boards(text)) and len(read_boards(text)) == 3


def test_stray_bar_in_one_lin_record_loses_no_other() -> None:
    records = [dumps_lin(case) for case in WORKED[:4]]
    records[1] = records[1].replace("|pc|", "|p|c|", 1)
    entries = read_boards("\n".join(records), fmt="lin")
    assert [(e.board, e.ok) for e in entries] == [(1, True), (2, False), (3, True), (4, True)]


def test_lin_record_with_a_damaged_md_does_not_run_into_its_neighbours() -> None:
    records = [dumps_lin(case) for case in WORKED[:4]]
    records[2] = records[2].replace("md|", "m d|", 1)
    records[0] = records[0].replace("md|", "m\td|", 1)
    entries = read_boards("\n".join(records), fmt="lin")
    assert [e.ok for e in entries] == [False, True, False, True]
    assert "no md" in str(entries[0].error) and "no md" in str(entries[2].error)


@pytest.mark.parametrize("indent", [2, None], ids=["pretty", "one-line"])
@pytest.mark.parametrize(("old", "new"), [
    ('"contract"', '"contract" "'), ('"S4"', 'S4"'), ('"S4"', '"S4'), ('{"deal"', '{{"deal"'),
    ('"claim": {', '"claim": '), ("],", "]"),
], ids=["stray-quote", "lost-opening-quote", "lost-closing-quote", "extra-brace", "lost-brace",
        "lost-comma"])
def test_damaged_case_in_a_json_list_loses_no_other(indent: int | None, old: str, new: str) -> None:
    cases = [json.loads(p.read_text())["case"] for p in sorted(CASES.glob("p1*.json"))]
    texts = [json.dumps(case, indent=indent) for case in cases]
    damaged = next(i for i, text in enumerate(texts) if old in text.replace("{\n  ", "{"))
    texts[damaged] = texts[damaged].replace(old, new, 1) if old in texts[damaged] else \
        texts[damaged].replace("{", new[:-len('"deal"')] + "{", 1)
    entries = read_boards("[" + ", ".join(texts) + "]", fmt="json")
    good = [e.case for e in entries if e.case is not None]
    for number, case in enumerate(cases):
        if number != damaged:
            assert loads(json.dumps(case))[0] in good, number
    assert any(not e.ok for e in entries)


def test_damaged_json_list_error_names_board_line_and_column() -> None:
    paths = sorted(CASES.glob("p0*.json"))[:3]
    texts = [json.dumps(json.loads(p.read_text())["case"], indent=2) for p in paths]
    texts[1] = texts[1].replace('"contract"', '"contract" "', 1)
    entries = read_boards("[\n" + ",\n".join(texts) + "\n]", fmt="json")
    error = entries[1].error
    assert error is not None and error.board == "2 of the input" and error.line is not None
    assert "not valid JSON" in str(error) and "column" in str(error)


# ------------------------------------------------------------------------------ bodies that stalled


@pytest.mark.parametrize("text", [
    pytest.param("\n" * 40_000 + "x", id="40KB-blank-lines"),
    pytest.param("\n" * 40_000, id="blank-lines-only"),
    pytest.param(" " * 50_000 + "[", id="spaces-then-bracket"),
    pytest.param("|" * 50_000, id="bars"),
])
def test_sniffing_blank_or_odd_text_is_a_clean_error(text: str) -> None:
    assert sniff_format(text) is None
    assert "not a JSON case, PBN, LIN record or handviewer link" in str(_only_error(text))


def test_lin_record_of_many_calls_and_empty_tags() -> None:
    text = LIN.split("mb|")[0] + "mb|p|st||" * 8000  # about 72 KB
    assert len(text) > 70_000
    error = _only_error(text)
    # the fifth pass is refused at once (Law 22), so the 8,000 calls are not read on
    assert "auction call 5 (N): the auction had already ended" in str(error) and error.board == 3


def test_auction_with_unclosed_explanations() -> None:
    hands = ("https://www.bridgebase.com/tools/handviewer.html?n=sakqt8hk43dk2c752&e=s532h86dqt84ckq83"
             "&s=sj96hqjt952d5cajt&w=s74ha7daj9763c964&d=s&a=")
    error = _only_error(hands + "(" * 50_000, "url")
    assert "longer than" in str(error) and "a (auction)" in str(error)
    error = _only_error(hands + "(x" * 1500 + "4s", "url")
    assert "a (auction): an explanation '(' is not closed" in str(error)
