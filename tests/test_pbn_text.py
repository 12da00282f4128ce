"""Free text in the PBN writers: hostile event names, auction notes and commentary cannot break a
tag or a line; the file reads back here and in endplay's PBN parser."""

from __future__ import annotations

import dataclasses
import json

import pytest

from revoke_equity.io import case_to_dict, loads_pbn, read_boards
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.io.pbn import dumps_pbn
from revoke_equity.io.pbn_text import commentary, one_line, tag, tag_value
from revoke_equity.model.auction import Auction
from revoke_equity.model.contract import dealer_for_board
from revoke_equity.model.deal import Deal
from revoke_equity.report.pbn import ruled_boards_pbn

from conftest import CASES

HOSTILE = [
    'say "hi"', "back\\slash", "ends in \\", '\\"', 'x"]y', 'x"]{y', "{brace", "brace}", "}{",
    '[Board "7"]', "semi; colon", "two\nlines", "cr\rlf\r\n", '\n\n[Board "2"]\n', "%escape",
    "\n% escape", "\u2028sep\u2029", "nel\x85vt\x0bff\x0cfs\x1c", "tab\there", "nul\x00bell\x07",
    "[[]]", "{[;%\"\\]}", "\u00e9v\u00e9nement \u2663\u2660", ";", '"',
]


def _case(note: str, board: int) -> object:
    """p09 as board ``board``, with an auction whose contract bid carries ``note``."""
    data = json.loads((CASES / "p09-64A1-one-trick.json").read_text())
    case = case_from_dict(data.get("case", data))
    dealer = dealer_for_board(board)
    calls = ["P"] * ((case.declarer.index - dealer.index) % 4)
    bid = len(calls)
    calls += [str(case.contract), "P", "P", "P"]
    auction = Auction.parse(dealer, calls, frozenset({bid}), ((bid, note),))
    return dataclasses.replace(case, board=board, auction=auction)


def _ruling() -> dict[str, object]:
    return {"format": "revoke-equity/ruling@2", "contract": "5H", "declarer": "E",
            "recommendation": {"law": "64A1", "adjusted": False, "declarer_tricks": 9,
                               "score_ns": 50},
            "explanation": ["a step with } a brace", "%a step\nover {two} lines", "\n"]}


@pytest.mark.parametrize("text", HOSTILE)
def test_a_tag_stays_one_tag_on_one_line(text: str) -> None:
    line = tag("Event", text)
    assert len(line.splitlines()) == 1 and line.startswith('[Event "') and line.endswith('"]')
    inner = line[len('[Event "'):-2]
    assert inner == tag_value(text)
    # no unescaped quote inside, and no '"]' that would end the value early for endplay
    assert '"]' not in inner
    unescaped = []
    i = 0
    while i < len(inner):
        assert inner[i] != '"'
        if inner[i] == "\\":
            i += 1
        unescaped.append(inner[i])
        i += 1
    assert "".join(unescaped) == one_line(text)
    assert len(one_line(text)) == len(text)


def test_a_tag_name_must_be_a_name() -> None:
    for name in ("", "Ev ent", 'E"', "É"):
        with pytest.raises(ValueError, match="not a PBN tag name"):
            tag(name, "x")


def test_commentary_is_one_block_of_lines() -> None:
    lines = commentary(HOSTILE)
    text = "\n".join(lines)
    assert text.count("{") == 1 and text.startswith("{") and text.count("}") == 1
    assert text.endswith("}") and "[" not in text and "]" not in text
    assert all(line.strip() and not line.strip().startswith("%") for line in lines)
    assert len(text.splitlines()) == len(lines)
    assert commentary(["", "\n", " "]) == []


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_free_text_round_trip(text: str) -> None:
    """Three boards with ``text`` as the event and as an auction note: this tool reads the three
    cases back (the note with its line breaks as spaces); endplay reads three boards, each
    with its deal, play and number, the event with the escapes left in."""
    from endplay.parsers import pbn as endplay_pbn

    cases = [_case(text + " note", board) for board in (1, 2, 3)]
    written = ruled_boards_pbn([(case, _ruling()) for case in cases], event=text + " event")
    for source in (written, dumps_pbn(cases)):
        entries = read_boards(source, fmt="pbn", name="hostile.pbn")
        assert [e.ok for e in entries] == [True] * 3, [e.error for e in entries]
        assert [case_to_dict(e.case) for e in entries] == [case_to_dict(c) for c in cases]
        for entry, case in zip(entries, cases, strict=True):
            ((index, _),) = case.auction.notes
            assert entry.case.auction.notes == ((index, one_line(text + " note").strip()),)
    assert [case_to_dict(c) for c in loads_pbn(written)] == [case_to_dict(c) for c in cases]

    boards = endplay_pbn.loads(written)
    assert [b.board_num for b in boards] == [1, 2, 3]
    for board, case in zip(boards, cases, strict=True):
        assert len(list(board.play)) == len(case.play)
        assert Deal.from_pbn(board.deal.to_pbn()) == case.deal
        assert board.info["Event"] == tag_value(text + " event")
        assert board.info["RulingLaw"] == "64A1"
