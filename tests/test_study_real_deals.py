"""Research mode on real deals (``--deals-from``): the contract rule, the order the deals are drawn
in, every revoke kind on deals of list100.txt matching the file, the table's play before the
revoke, the same records with one or two workers and on Dask, ``--show-case``, and bad files."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from revoke_equity.io.json_case import loads
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.contract import Contract, Vulnerability
from revoke_equity.model.deal import Deal
from revoke_equity.model.edition import Edition
from revoke_equity.model.seats import Seat
from revoke_equity.ruling import rule
from revoke_equity.study.__main__ import main
from revoke_equity.study.generate import StudyKind, StudyUsageError, generate_case
from revoke_equity.study.players import PlaySpec
from revoke_equity.study.real_deals import deal_order, hand_files, table_contract
from revoke_equity.study.realplay import RealBoard
from revoke_equity.study.records import IDENTITY_COLUMNS, records_for_case
from revoke_equity.study.runner import StudyParams, run_study

HANDS = Path(__file__).parent / "data" / "dds-hands"
LIST100 = str(HANDS / "list100.txt")
SEATS_BY_CODE = "NESW"
VULNERABLE_BY_CODE = ("None", "All", "NS", "EW")
STRAIN_BY_CODE = "SHDCN"
TRUMP_BY_CODE = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)


def file_blocks(path: str) -> list[dict[str, str]]:
    """The PBN and TRACE lines of each block of a hand file, read here without the reader."""
    blocks: list[dict[str, str]] = []
    for line in Path(path).read_text().splitlines():
        tag = line.split(maxsplit=1)[0] if line.strip() else ""
        if tag == "PBN":
            blocks.append({})
        if tag in ("PBN", "PLAY", "TRACE"):
            blocks[-1][tag] = line
    return blocks


BLOCKS = file_blocks(LIST100)


def board(trump: Suit | None, trace: tuple[int, ...]) -> RealBoard:
    deal = Deal.from_pbn(BLOCKS[0]["PBN"].split('"')[1])
    return RealBoard("x#0", deal, trump, Seat.S, (), trace)


@pytest.mark.parametrize(("trump", "tricks", "contract"), [
    (None, 9, "3N"), (None, 11, "3N"), (None, 8, "2N"), (Suit.SPADES, 10, "4S"),
    (Suit.HEARTS, 11, "4H"), (Suit.SPADES, 9, "3S"), (Suit.CLUBS, 10, "4C"), (Suit.CLUBS, 11, "5C"),
    (Suit.DIAMONDS, 12, "6D"), (None, 13, "7N"), (Suit.HEARTS, 7, "1H"), (Suit.HEARTS, 4, "1H"),
])
def test_the_level_is_the_game_or_slam_the_table_made_else_the_partscore(
    trump: Suit | None, tricks: int, contract: str
) -> None:
    assert table_contract(board(trump, (8, tricks + 1, tricks))) == Contract.from_str(contract)


def test_a_deal_without_a_result_has_no_contract() -> None:
    assert table_contract(board(Suit.SPADES, ())) is None


def test_each_cycle_draws_every_deal_once() -> None:
    orders = [deal_order(5, cycle, 100) for cycle in range(3)] + [deal_order(6, 0, 100)]
    assert all(sorted(order) == list(range(100)) for order in orders)
    assert len(set(orders)) == 4  # each cycle and seed its own order


@pytest.fixture(scope="module")
def every_kind(dds_solver: Any) -> list[tuple[Any, list[dict[str, Any]]]]:
    """One case of each kind on list100's deals, played double-dummy, ruled under 2017."""
    files = hand_files([LIST100]).for_study(seed=11, real_play=False)
    cases = []
    for index, kind in enumerate(StudyKind):
        dds_solver.clear_cache()
        synthetic = generate_case(11, index, {kind: 1.0}, dds_solver, deals=files)
        cases.append((synthetic, records_for_case(synthetic, (Edition.LAWS_2017,), dds_solver)))
    return cases


def test_every_kind_on_real_deals_matches_the_file(
    every_kind: list[tuple[Any, list[dict[str, Any]]]]
) -> None:
    for (synthetic, records), kind in zip(every_kind, StudyKind, strict=True):
        assert synthetic.kind is kind and synthetic.revokes  # records_for_case checked the ruling
        stem, number = synthetic.source.split("#")
        block = BLOCKS[int(number)]
        assert stem == "list100"
        _, dealer, vulnerable, trump, first, _ = block["PBN"].split(maxsplit=5)
        case = synthetic.case
        assert case.deal == Deal.from_pbn(block["PBN"].split('"')[1])
        assert str(case.declarer) == SEATS_BY_CODE[(int(first) - 1) % 4]  # before the leader
        assert str(case.contract.strain) == STRAIN_BY_CODE[int(trump)]
        trace = tuple(int(t) for t in block["TRACE"].split()[2:])
        assert case.contract == table_contract(board(TRUMP_BY_CODE[int(trump)], trace))
        assert case.vulnerable is Vulnerability.from_str(VULNERABLE_BY_CODE[int(vulnerable)])
        (record,) = records
        assert (record["source"], record["dealer"]) == (synthetic.source,
                                                        SEATS_BY_CODE[int(dealer)])
        assert (record["contract"], record["declarer"]) == (str(case.contract), str(case.declarer))
        assert record["deals_drawn"] >= 1 and record["attempts"] >= 1


def test_the_table_play_is_kept_before_the_revoke(dds_solver: Any) -> None:
    files = hand_files([LIST100]).for_study(seed=2, real_play=True)
    kept = 0
    for index in range(4):
        synthetic = generate_case(2, index, {StudyKind.DEFENDER_DISCARD: 1.0}, dds_solver,
                                  deals=files)
        played = tuple(Card.from_str(text) for text in _play(synthetic.source))
        first = synthetic.revokes[0].index
        prefix = min(first, len(played))
        assert synthetic.case.play[:prefix] == played[:prefix]
        kept += prefix
        records_for_case(synthetic, (Edition.LAWS_2017,), dds_solver)  # the ruling finds the revoke
    assert kept > 0


def test_single_dummy_play_on_real_deals(dds_solver: Any) -> None:
    """``--play sd`` with the table's play kept: an injected and a hidden-card kind, ruled."""
    files = hand_files([LIST100]).for_study(seed=4, real_play=True)
    for index, kind in enumerate((StudyKind.DECLARER, StudyKind.HIDDEN_DEFENDER)):
        synthetic = generate_case(4, index, {kind: 1.0}, dds_solver,
                                  play=PlaySpec("sd", "strong", 2), deals=files)
        assert (synthetic.play_model, synthetic.kind) == ("sd", kind)
        records_for_case(synthetic, (Edition.LAWS_2017,), dds_solver)


def _play(source: str) -> list[str]:
    text = BLOCKS[int(source.split("#")[1])]["PLAY"].split('"')[1]
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def identity(out: Path) -> Any:
    return pq.read_table(out / "records.parquet").select(list(IDENTITY_COLUMNS))


REAL = StudyParams(deals=4, seed=3, chunk_size=1, editions=(Edition.LAWS_2017,), estimate="dd",
                   mix=(*((k, 1.0) for k in StudyKind),), deals_from=(LIST100,), real_play=True)


@pytest.fixture(scope="module")
def real_reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("real")
    assert run_study(REAL, out, jobs=1, progress=False).cases_run == 4
    return out


def test_real_deals_give_the_same_records_with_one_and_two_workers(
    real_reference: Path, tmp_path: Path
) -> None:
    assert run_study(REAL, tmp_path, jobs=2, progress=False).cases_run == 4
    assert identity(tmp_path).equals(identity(real_reference))
    records = pq.read_table(real_reference / "records.parquet").to_pylist()
    assert all(r["source"].startswith("list100#") for r in records)
    manifest = json.loads((real_reference / "manifest.json").read_text())
    assert (manifest["parameters"]["deals_from"], manifest["parameters"]["real_play"]) == (
        [LIST100], True)
    summary = (real_reference / "summary.md").read_text()
    assert f"real deals from {LIST100}." in summary and "no auction and no level" in summary


def test_real_deals_on_dask_give_the_same_records(real_reference: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    assert run_study(REAL, tmp_path, jobs=2, backend="dask", progress=False).cases_run == 4
    assert identity(tmp_path).equals(identity(real_reference))


def test_show_case_on_real_deals(real_reference: Path, capsys: Any) -> None:
    row = pq.read_table(real_reference / "records.parquet").to_pylist()[2]
    kinds = ",".join(k.value for k in StudyKind)
    assert main(["--seed", "3", "--show-case", "2", "--kinds", kinds, "--deals-from", LIST100,
                 "--real-play"]) == 0
    captured = capsys.readouterr()
    (case,) = loads(captured.out)
    assert f"deal {row['source']}" in captured.err
    assert (case.deal.to_pbn(), str(case.contract), str(case.declarer)) == (
        row["deal"], row["contract"], row["declarer"])
    assert " ".join(str(c) for c in case.play) == row["play"]
    ruling = rule(replace(case, laws=Edition.LAWS_2017))
    assert ruling.transfer.transferred == row["transferred"]


def test_a_changed_file_is_not_resumed(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    text = Path(LIST100).read_text()
    hands.write_text(text)
    params = replace(REAL, deals=1, deals_from=(str(hands),), deals_digest="")
    run_study(params, tmp_path / "out", jobs=1, progress=False, finish=False)
    hands.write_text(text.replace("PLAY 45", "PLAY 44", 1))
    changed = replace(params, deals_digest="")
    assert changed.deals_digest != params.deals_digest
    with pytest.raises(StudyUsageError, match="other parameters"):
        run_study(changed, tmp_path / "out", jobs=1, progress=False)


def test_a_deal_without_a_result_is_skipped_and_counted(tmp_path: Path) -> None:
    hands = tmp_path / "two.txt"
    unplayed = BLOCKS[1]["PBN"]
    hands.write_text(f"{unplayed}\n" + "\n".join(BLOCKS[0].values()) + "\n")
    params = StudyParams(deals=2, seed=1, editions=(Edition.LAWS_2017,), estimate="dd",
                         mix=((StudyKind.DEFENDER_DISCARD, 1.0),), deals_from=(str(hands),))
    run_study(params, tmp_path / "out", jobs=1, progress=False, finish=False)
    records = [r for path in sorted((tmp_path / "out" / "chunks").iterdir())
               for r in pq.read_table(path).to_pylist()]
    assert {r["source"] for r in records} == {"two#1"}
    assert sorted(r["deals_drawn"] for r in records)[-1] >= 2  # the case that drew two#0 first


@pytest.mark.parametrize(("text", "message"), [
    ('PBN 0 0 0 0 "N:AK.."\nPLAY 1 "SA"\nTRACE 2 7 7\n', r"bad\.txt, line 1"),
    ('NUMBER 1\n\nPBN 0 7 0 0 "N:AK.."\n', r"bad\.txt, line 3"),
    ("no deals here\n", r"bad\.txt: no deal in it"),
    (BLOCKS[1]["PBN"] + "\n", r"no deal with a play and a trace"),
])
def test_bad_hand_files_are_named_with_their_line(
    text: str, message: str, tmp_path: Path, capsys: Any
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    assert main(["--deals", "1", "--deals-from", str(bad), "--out", str(tmp_path / "o"),
                 "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith("revoke-equity study: --deals-from") and message.replace("\\", "") in err


def test_missing_and_binary_files_and_impossible_kinds(tmp_path: Path, capsys: Any) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"PBN \xff\xfe\x00")
    notrump = tmp_path / "notrump.txt"
    notrump.write_text("\n".join(BLOCKS[1].values()) + "\n")  # notrump by N
    for args, message in [
        (["--deals-from", str(tmp_path / "none.txt")], "none.txt: No such file"),
        (["--deals-from", str(binary)], "binary.txt: not a text file"),
        (["--deals-from", str(notrump), "--kinds", "defender-ruff"], "every contract is in notrump"),
        (["--real-play"], "--real-play needs --deals-from"),
    ]:
        assert main(["--deals", "1", *args, "--out", str(tmp_path / "o"), "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err, err
        assert main(["--show-case", "0", *args]) == 2
        assert message in capsys.readouterr().err
