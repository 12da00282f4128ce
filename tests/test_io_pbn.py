"""PBN: the worked boards, the tokenizer's corners, write/read, and per-board errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from revoke_equity.errors import CaseError, ParseError, PlayError
from revoke_equity.io.json_case import loads
from revoke_equity.io.pbn import dumps_pbn, loads_pbn, read_pbn
from revoke_equity.model import Claim, Edition, Noticed, Vulnerability

CASES = Path(__file__).parent / "data" / "cases"
PBN = (CASES / "p-boards.pbn").read_text()
JSON_OF_BOARD = {
    1: "p01-64A1-offender-won-revoke-trick",
    2: "p02-64A2-declarer-revoked",
    14: "p14-claim-establishes",
}

BOARD_14 = """[Board "14"]
[Vulnerable "NS"]
[Deal "N:42.AK72.96.AKJ87 J73.653.A43.6532 KQ5.J9.KJ752.QT9 AT986.QT84.QT8.4"]
[Declarer "N"]
[Contract "5C"]
[Result "10"]
[Play "E"]
S3 SQ S6 S2
S7 S5 S8 S4
SJ SK S9 H2
C2 H9 H4 H7
*
"""


def _json(board: int):  # type: ignore[no-untyped-def]
    return loads((CASES / f"{JSON_OF_BOARD[board]}.json").read_text())[0]


@pytest.mark.parametrize("board", [1, 2, 14], ids=["p01", "p02", "p14"])
def test_worked_boards_equal_their_json_cases(board: int) -> None:
    cases = {case.board: case for case in loads_pbn(PBN)}
    case, expected = cases[board], _json(board)
    assert (case.deal, case.contract, case.declarer, case.vulnerable) == (
        expected.deal,
        expected.contract,
        expected.declarer,
        expected.vulnerable,
    )
    assert (case.play, case.claim) == (expected.play, expected.claim)
    assert case.laws is Edition.LAWS_2017
    assert case == expected


def test_claim_is_result_less_tricks_won() -> None:
    (case,) = loads_pbn(BOARD_14)
    assert case.claim == Claim(after_trick=4, declarer_tricks=8)


@pytest.mark.parametrize("board", [1, 2, 14], ids=["p01", "p02", "p14"])
def test_write_then_read(board: int) -> None:
    case = _json(board)
    assert loads_pbn(dumps_pbn(case)) == [case]


def test_write_then_read_several_with_extra_tags() -> None:
    cases = loads((CASES / "p15-noticed-after-round.json").read_text()) + loads(
        (CASES / "p12-1997-extra-trick.json").read_text()
    )
    text = dumps_pbn(cases)
    assert '[Noticed "after-round"]' in text and '[Laws "1997"]' in text
    assert loads_pbn(text) == cases


def test_partial_last_trick_before_claim() -> None:
    text = BOARD_14.replace("C2 H9 H4 H7\n*", "C2 H9 H4 H7\nH3 - - -\n*")
    (case,) = loads_pbn(text)
    assert len(case.play) == 17 and case.claim == Claim(after_trick=4, declarer_tricks=8)
    assert "H3 - - -\n*" in dumps_pbn(case)
    assert loads_pbn(dumps_pbn(case)) == [case]


def test_comments_escapes_tens_symbols_and_lower_case() -> None:
    text = (
        "% PBN 2.1\n%Content-type: text/x-pbn\n\n"
        '[Event "The \\"big\\" one"] ; a comment\n'
        "{ a comment\n\nspanning lines }\n"
        + BOARD_14.replace('[Contract "5C"]', '[Contract "5c"]  {inline}')
        .replace("S7 S5 S8 S4", "s7 ♠5 S8 s4 ; trick two")
        .replace('[Declarer "N"]', '[Declarer "North"]')
        .replace('[Vulnerable "NS"]', '[Vulnerable "N-S"]')
        .replace("SJ SK S9 H2", "SJ SK S9 H2 =1= $5")
    )
    (case,) = loads_pbn(text)
    assert case == loads_pbn(BOARD_14)[0]
    ten = loads_pbn(dumps_pbn(_json(1)).replace("ST ", "S10 "))[0]
    assert ten == _json(1)


def test_vulnerability_from_board_and_hash_copies_previous_value() -> None:
    second = BOARD_14.replace('[Board "14"]', '[Board "2"]').replace('[Vulnerable "NS"]\n', "")
    second = second.replace(
        '[Deal "N:42.AK72.96.AKJ87 J73.653.A43.6532 KQ5.J9.KJ752.QT9 AT986.QT84.QT8.4"]',
        '[Deal "#"]',
    )
    first, other = loads_pbn(BOARD_14 + "\n" + second)
    assert other.vulnerable is Vulnerability.NS and other.deal == first.deal
    none = loads_pbn(BOARD_14.replace('[Vulnerable "NS"]', '[Vulnerable "Love"]'))[0]
    assert none.vulnerable is Vulnerability.NONE


def test_noticed_and_laws_tags() -> None:
    text = BOARD_14.replace('[Result "10"]', '[Result "10"]\n[Noticed "after-round"]\n[Laws "2007"]')
    (case,) = loads_pbn(text)
    assert (case.noticed, case.laws) == (Noticed.AFTER_ROUND, Edition.LAWS_2007)


def test_header_only_game_is_skipped() -> None:
    entries = read_pbn('[Event "session"]\n[Site "club"]\n\n' + BOARD_14)
    assert [(e.board, e.ok) for e in entries] == [(14, True)]


def test_games_without_blank_lines_open_at_a_repeated_board_or_event_tag() -> None:
    glued = PBN.replace("\n\n[", "\n[")
    assert "\n\n" not in glued.strip()
    assert [(e.board, e.ok) for e in read_pbn(glued)] == [(1, True), (2, True), (14, True)]


def test_a_tag_repeated_with_its_value_is_one_tag() -> None:
    twice = BOARD_14.replace('[Declarer "N"]', '[Declarer "N"]\n[Vulnerable "NS"]')
    (entry,) = read_pbn(twice)
    assert entry.ok and entry.case == read_pbn(BOARD_14)[0].case


def test_a_tag_repeated_with_another_value_is_the_boards_error() -> None:
    twice = BOARD_14.replace('[Declarer "N"]', '[Declarer "N"]\n[Result "9"]')
    error = _one_error(twice)
    assert isinstance(error, ParseError)
    assert error.board == 14 and error.line == 7
    assert "[Result] tag is given twice: '9' at line 5, '10' here" in str(error)


def test_suffix_annotations_of_cards_are_read_without_them() -> None:
    annotated = BOARD_14.replace("S3 SQ S6 S2", "S3? SQ! S6 !? S2").replace("C2 H9", "C2?? H9!!")
    (entry,) = read_pbn(annotated)
    assert entry.ok and entry.case == read_pbn(BOARD_14)[0].case


def _one_error(text: str) -> CaseError:
    (entry,) = read_pbn(text)
    assert entry.case is None and entry.error is not None
    return entry.error


@pytest.mark.parametrize(
    ("cls", "old", "new", "parts"),
    [
        pytest.param(
            PlayError,
            "S7 S5 S8 S4",
            "S7 S5 S8 DA",
            ["board 14", "line 9", "trick 2", "N", "card DA", "does not hold"],
            id="card-not-held",
        ),
        pytest.param(
            PlayError,
            "SJ SK S9 H2",
            "SJ SK S9 S2",
            ["board 14", "line 10", "trick 3", "N", "card S2", "already played at trick 1"],
            id="card-played-twice",
        ),
        pytest.param(
            PlayError,
            "C2 H9 H4 H7\n*",
            "C2 H9 H4 H7\n- H3 - -\n*",
            ["board 14", "line 12", "trick 5", "S", "card H3", "turn order"],
            id="card-out-of-turn",
        ),
        pytest.param(
            PlayError,
            '[Result "10"]',
            '[Result "13"]',
            ["board 14", "line 6", "trick 4", "13 tricks", "9 remain"],
            id="claim-more-than-remain",
        ),
        pytest.param(
            PlayError, '[Result "10"]', '[Result "1"]', ["board 14", "won 2"], id="result-fewer-than-won"
        ),
        pytest.param(
            ParseError, '[Result "10"]\n', "", ["board 14", "no [Result] tag"], id="claim-without-result"
        ),
        pytest.param(
            PlayError,
            "C2 H9 H4 H7\n*",
            "C2 H9 H4 H7",
            ["board 14", "trick 5", "no claim"],
            id="play-stops-without-claim",
        ),
        pytest.param(
            ParseError,
            '[Contract "5C"]',
            '[Contract "5Z"]',
            ["board 14", "line 5", "contract", "5Z"],
            id="unknown-contract",
        ),
        pytest.param(
            ParseError,
            '[Declarer "N"]',
            '[Declarer "X"]',
            ["board 14", "line 4", "declarer"],
            id="unknown-seat",
        ),
        pytest.param(
            ParseError,
            "S7 S5 S8 S4",
            "S7 S5 S8 N4",
            ["board 14", "line 9", "trick 2", "N", "card N4"],
            id="unknown-card",
        ),
        pytest.param(
            ParseError,
            '[Result "10"]',
            '[Result "10"]\n[Laws "1963"]',
            ["board 14", "laws", "1963"],
            id="unknown-edition",
        ),
        pytest.param(
            ParseError,
            '[Result "10"]',
            '[Result "10"]\n[Noticed "soon"]',
            ["board 14", "noticed", "soon"],
            id="unknown-noticed",
        ),
        pytest.param(
            ParseError,
            "J73.653",
            "J74.653",
            ["board 14", "line 3", "E", "card S4", "both North and East"],
            id="deal-card-dealt-twice",
        ),
        pytest.param(ParseError, "J73.653", "J7.653", ["board 14", "E", "12 cards"], id="deal-hand-of-12"),
        pytest.param(
            ParseError,
            '[Play "E"]',
            '[Play "W"]',
            ["board 14", "line 7", "opening leader is E"],
            id="play-from-wrong-seat",
        ),
        pytest.param(
            ParseError, '[Declarer "N"]\n', "", ["board 14", "missing [Declarer]"], id="missing-tag"
        ),
        pytest.param(
            ParseError, "C2 H9 H4 H7\n*", "C2 H9 H4\n", ["board 14", "trick 4", "3 entries"], id="short-trick"
        ),
        pytest.param(ParseError, "*\n", "*\nD2\n", ["board 14", "after '*'"], id="cards-after-end"),
        pytest.param(
            ParseError,
            '[Result "10"]',
            '[Result "10]',
            ["board 14", "line 6", "malformed tag"],
            id="malformed-tag",
        ),
    ],
)
def test_bad_board(cls: type[CaseError], old: str, new: str, parts: list[str]) -> None:
    assert old in BOARD_14
    error = _one_error(BOARD_14.replace(old, new))
    assert type(error) is cls
    for part in parts:
        assert part in str(error), (part, str(error))


def test_broken_board_among_several_gives_its_error_only() -> None:
    broken = PBN.replace("H6 H4 H3 HJ", "H6 H4 H3 CA")  # board 2, trick 5: East does not hold CA
    entries = read_pbn(broken, name="p-boards.pbn")
    assert [(e.board, e.ok) for e in entries] == [(1, True), (2, False), (14, True)]
    error = entries[1].error
    assert isinstance(error, PlayError)
    assert (error.board, error.trick, error.seat, error.card) == (2, 5, "E", "CA")
    assert error.line == PBN.splitlines().index("H6 H4 H3 HJ") + 1
    with pytest.raises(PlayError):
        loads_pbn(broken)


def test_many_boards_one_broken() -> None:
    good = dumps_pbn(_json(1))
    boards = [good.replace('[Board "1"]', f'[Board "{n}"]') for n in range(1, 101)]
    boards[41] = boards[41].replace("C5 CT SA CK", "C5 CT SA CQ")
    entries = read_pbn("\n".join(boards))
    assert len(entries) == 100
    assert [e.board for e in entries if not e.ok] == [42]
    assert all(e.case is not None for e in entries if e.board != 42)
