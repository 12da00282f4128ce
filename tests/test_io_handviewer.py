"""BBO handviewer links: both forms, write/read, and bad links."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from urllib.parse import quote

import pytest

from revoke_equity.errors import CaseError, ParseError, PlayError
from revoke_equity.io.handviewer import HANDVIEWER, handviewer_url, parse_handviewer
from revoke_equity.io.json_case import loads
from revoke_equity.model import Contract, Seat, Vulnerability

CASES = Path(__file__).parent / "data" / "cases"
P03 = loads((CASES / "p03-two-defenders-revoke-cap.json").read_text())[0]
P14 = loads((CASES / "p14-claim-establishes.json").read_text())[0]
LIN = (CASES / "p03-two-defenders-revoke-cap.lin").read_text().strip()
PLAY = "".join(str(card).lower() for card in P03.play)
HANDS = "n=sakqt8hk43dk2c752&e=s532h86dqt84ckq83&s=sj96hqjt952d5cajt&w=s74ha7daj9763c964"
SHORT = f"{HANDVIEWER}?{HANDS}&d=n&v=e&b=3&a=4s(natural)ppp&p={PLAY}"


def test_lin_form_equals_json_case() -> None:
    """The LIN's calls are its auction, which the JSON case does not give."""
    for url in (f"{HANDVIEWER}?lin={quote(LIN, safe='')}", f"{HANDVIEWER}?lin={LIN}"):  # encoded or not
        case = parse_handviewer(url)
        assert case.auction is not None and case.auction.texts() == ["4S", "P", "P", "P"]
        assert dataclasses.replace(case, auction=None) == P03


def test_hand_form_equals_json_case() -> None:
    """The link's a= is its auction (4S explained, so alerted), which the JSON case does not give."""
    case = parse_handviewer(SHORT)
    assert case.auction is not None and case.auction.texts() == ["4S", "P", "P", "P"]
    assert case.auction.alerted == frozenset({0}) and case.auction.notes == ((0, "natural"),)
    assert dataclasses.replace(case, auction=None) == P03


def test_hand_form_with_one_hand_left_out_and_board_defaults() -> None:
    url = SHORT.replace("&w=s74ha7daj9763c964", "").replace("&v=e", "").replace("&d=n", "")
    # board 3: dealer S, EW vulnerable; the auction then starts with South.
    url = url.replace("a=4s(natural)ppp", "a=p!p4sppp")
    case = parse_handviewer(url)
    assert case.deal == P03.deal and case.vulnerable is Vulnerability.EW
    assert (case.contract, case.declarer) == (Contract.from_str("4S"), Seat.N)


@pytest.mark.parametrize("case", [P03, P14], ids=["p03", "p14-claim"])
def test_url_write_then_read(case) -> None:  # type: ignore[no-untyped-def]
    url = handviewer_url(case)
    assert url.startswith(HANDVIEWER + "?lin=md%7C")
    assert parse_handviewer(url) == case


@pytest.mark.parametrize(
    ("cls", "url", "parts"),
    [
        pytest.param(
            ParseError, "https://example.com/x?y=1", ["not a handviewer link"], id="not-a-handviewer-link"
        ),
        pytest.param(ParseError, "https://ex]ample.com/?lin=x", ["not a valid link"], id="malformed-url"),
        pytest.param(
            ParseError,
            SHORT.replace("a=4s(natural)ppp", "a=4zppp"),
            ["board 3", "a (auction)"],
            id="unknown-call",
        ),
        pytest.param(ParseError, SHORT.replace("d=n", "d=q"), ["board 3", "d (dealer)"], id="unknown-dealer"),
        pytest.param(ParseError, SHORT.replace("v=e", "v=z"), ["board 3", "v=z"], id="unknown-vulnerability"),
        pytest.param(
            PlayError,
            SHORT.replace("p=d4d5", "p=d5d4"),
            ["board 3, trick 1, E, card D5"],
            id="card-out-of-turn",
        ),
        pytest.param(
            PlayError, SHORT.replace(PLAY, PLAY[:40]), ["board 3", "no claim"], id="play-stops-without-claim"
        ),
        pytest.param(ParseError, SHORT.replace("p=d4", "p=z4"), ["board 3", "p (play)"], id="unknown-card"),
        pytest.param(
            ParseError,
            SHORT.replace("n=sakqt8", "n=sakqt"),
            ["board 3", "N", "12 cards"],
            id="deal-hand-of-12",
        ),
        pytest.param(ParseError, f"{HANDVIEWER}?lin={LIN}{LIN}", ["2 boards"], id="two-boards-in-one-link"),
    ],
)
def test_bad_link(cls: type[CaseError], url: str, parts: list[str]) -> None:
    with pytest.raises(cls) as info:
        parse_handviewer(url)
    assert type(info.value) is cls
    for part in parts:
        assert part in str(info.value), (part, str(info.value))
