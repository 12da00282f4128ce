"""The front door (format sniffing, files, stdin, links, overrides) and fuzzed round trips of
every format."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revoke_equity.errors import ParseError, PlayError
from revoke_equity.io import (
    BoardInput,
    apply_overrides,
    dumps,
    dumps_lin,
    dumps_pbn,
    handviewer_url,
    loads,
    loads_lin,
    loads_pbn,
    parse_handviewer,
    read_boards,
    read_path,
    sniff_format,
)
from revoke_equity.model import (
    Card,
    Case,
    Claim,
    Contract,
    Correction,
    Deal,
    Doubling,
    Edition,
    Noticed,
    PenaltyCard,
    Position,
    Seat,
    Strain,
    Vulnerability,
)
from revoke_equity.model.cards import ALL_CARDS

CASES = Path(__file__).parent / "data" / "cases"
PBN_PATH = CASES / "p-boards.pbn"
LIN_PATH = CASES / "p03-two-defenders-revoke-cap.lin"
P01_PATH = CASES / "p01-64A1-offender-won-revoke-trick.json"
P03 = loads((CASES / "p03-two-defenders-revoke-cap.json").read_text())[0]


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        pytest.param(P01_PATH.read_text(), "json", id="json-object"),
        pytest.param('[\n {"deal": 1}]', "json", id="json-list"),
        pytest.param(PBN_PATH.read_text(), "pbn", id="pbn-with-percent-header"),
        pytest.param('[Board "1"]\n[Deal "N:..."]', "pbn", id="pbn-tags"),
        pytest.param(LIN_PATH.read_text(), "lin", id="lin"),
        pytest.param("md|1SAK,,,|", "lin", id="lin-md-first"),
        pytest.param(handviewer_url(P03), "url", id="url"),
        pytest.param("hello", None, id="unknown"),
    ],
)
def test_sniff_format(text: str, fmt: str | None) -> None:
    assert sniff_format(text) == fmt


@pytest.mark.parametrize("path", [PBN_PATH, LIN_PATH, P01_PATH], ids=["pbn", "lin", "json"])
def test_read_path_and_sniffed_text_agree(path: Path) -> None:
    from_path = read_path(path)
    assert from_path == read_boards(path.read_text())
    assert all(entry.ok for entry in from_path)


def test_read_path_ignores_misleading_content_for_extension(tmp_path: Path) -> None:
    target = tmp_path / "boards.txt"
    target.write_text(LIN_PATH.read_text())
    assert read_path(target, fmt="lin") == read_path(target)


def test_read_path_latin1_pbn(tmp_path: Path) -> None:
    target = tmp_path / "club.pbn"
    text = PBN_PATH.read_text().replace("revoke-equity test", "Société")
    target.write_bytes(text.encode("latin-1"))
    assert [entry.board for entry in read_path(target)] == [1, 2, 14]


def test_read_path_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(LIN_PATH.read_text()))
    (entry,) = read_path("-")
    assert entry.case is not None and entry.case.auction is not None  # the LIN's mb calls
    assert entry == BoardInput(3, replace(P03, auction=entry.case.auction), None)


def test_read_path_url_is_parsed_not_fetched() -> None:
    assert read_path(handviewer_url(P03)) == [BoardInput(3, P03, None)]


def test_url_lines_one_board_each() -> None:
    entries = read_boards(f"{handviewer_url(P03)}\n\nhttps://example.com/?x=1\n")
    assert [entry.ok for entry in entries] == [True, False]
    assert entries[1].error is not None and entries[1].error.line == 3


def test_read_path_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_path(tmp_path / "nope.pbn")


def test_unknown_format_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        read_boards("x", fmt="xml")


def test_unreadable_text_gives_one_error_entry() -> None:
    (entry,) = read_boards("hello", name="notes.txt")
    assert entry.case is None and entry.error is not None and "notes.txt" in str(entry.error)


def test_lenient_across_formats() -> None:
    cases = json.loads(P01_PATH.read_text())["case"]
    bad = dict(cases, board=2, play=["S3", "S3"], claim={"after_trick": 0, "declarer_tricks": 0})
    entries = read_boards(json.dumps([cases, bad]))
    assert [(e.board, e.ok) for e in entries] == [(1, True), (2, False)]
    assert isinstance(entries[1].error, PlayError)
    assert (entries[1].error.board, entries[1].error.trick, entries[1].error.card) == (2, 1, "S3")


def test_apply_overrides() -> None:
    case = apply_overrides(P03, laws="1997", noticed="after-round")
    assert (case.laws, case.noticed) == (Edition.LAWS_1997, Noticed.AFTER_ROUND)
    assert apply_overrides(P03) == P03
    assert apply_overrides(P03, laws=Edition.LAWS_2007).laws is Edition.LAWS_2007
    with pytest.raises(ParseError, match="board 3: unknown law edition"):
        apply_overrides(P03, laws="2020")


# -- fuzzed round trips ---------------------------------------------------------------------------


@st.composite
def random_cases(draw: st.DrawFn, extras: bool = True) -> Case:
    """A random deal, contract and play (mostly legal cards, sometimes a revoke), possibly
    stopped by a claim, with random case facts."""
    cards = draw(st.permutations(ALL_CARDS))
    deal = Deal(tuple(frozenset(cards[13 * i : 13 * i + 13]) for i in range(4)))  # type: ignore[arg-type]
    contract = Contract(
        draw(st.integers(1, 7)), draw(st.sampled_from(Strain)), draw(st.sampled_from(Doubling))
    )
    declarer = draw(st.sampled_from(Seat))
    position = Position.initial(deal, contract.strain.trump, declarer.next)
    play: list[Card] = []
    for _ in range(draw(st.integers(0, 52))):
        legal = sorted(position.legal_cards(), key=Card.sort_key)
        held = sorted(position.hand(position.to_move), key=Card.sort_key)
        card = draw(st.sampled_from(draw(st.sampled_from([legal, legal, held]))))
        play.append(card)
        position = position.play(card)
    claim = None
    if len(play) < 52:
        after = len(play) // 4
        claim = Claim(after, draw(st.integers(0, 13 - after)))
    case = Case(
        deal=deal,
        contract=contract,
        declarer=declarer,
        play=tuple(play),
        vulnerable=draw(st.sampled_from(Vulnerability)),
        board=draw(st.none() | st.integers(1, 64)),
        claim=claim,
    )
    if not extras:
        return case

    def owned(card: Card) -> Seat:
        return deal.holder(card)

    corrected = draw(st.lists(st.sampled_from(ALL_CARDS), max_size=2, unique=True))
    penalties = draw(st.lists(st.sampled_from(ALL_CARDS), max_size=2, unique=True))
    return replace(
        case,
        laws=draw(st.sampled_from(Edition)),
        noticed=draw(st.sampled_from(Noticed)),
        corrected=tuple(Correction(draw(st.integers(1, 13)), owned(c), c) for c in corrected),
        penalty_cards=tuple(PenaltyCard(owned(c), c, draw(st.integers(1, 13))) for c in penalties),
    )


FUZZ = settings(max_examples=60, deadline=None)


@FUZZ
@given(random_cases())
def test_json_round_trip(case: Case) -> None:
    assert loads(dumps(case)) == [case]


@FUZZ
@given(random_cases())
def test_pbn_round_trip(case: Case) -> None:
    assert loads_pbn(dumps_pbn(case)) == [case]


@FUZZ
@given(random_cases(extras=False))
def test_lin_round_trip(case: Case) -> None:
    assert loads_lin(dumps_lin(case)) == [case]


@FUZZ
@given(random_cases(extras=False))
def test_handviewer_round_trip(case: Case) -> None:
    assert parse_handviewer(handviewer_url(case)) == case


@settings(max_examples=25, deadline=None)
@given(st.lists(random_cases(), min_size=1, max_size=3))
def test_several_boards_round_trip(cases: list[Case]) -> None:
    assert [entry.case for entry in read_boards(dumps(cases))] == cases
    assert [entry.case for entry in read_boards(dumps_pbn(cases))] == cases
