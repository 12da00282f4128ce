"""Research mode, whole runs: the same records whatever the workers or backend, resuming after a
crash or a kill, refusing another study's directory, the output files and the command line."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from revoke_equity.io.json_case import loads
from revoke_equity.ruling import rule
from revoke_equity.study import runner
from revoke_equity.study.__main__ import main
from revoke_equity.study.chunk_sums import file_sha256, record_chunk
from revoke_equity.study.generate import StudyUsageError
from revoke_equity.study.outputs import OUTPUT_FILES, write_outputs
from revoke_equity.study.records import COST_COLUMNS, IDENTITY_COLUMNS
from revoke_equity.study.runner import StudyParams, run_study

PARAMS = StudyParams(deals=8, seed=7, chunk_size=2, estimate="dd")  # 4 chunks; 1997, 2007, 2017; default mix;
# seed 7: cases with kinds of both sides, cheap to solve (the tests must stay fast)
CLI_PARAMS = ["--deals", "8", "--seed", "7", "--chunk-size", "2", "--estimate", "dd", "--no-progress"]


def identity(out: Path) -> pa.Table:
    return pq.read_table(out / "records.parquet").select(list(IDENTITY_COLUMNS))


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The study PARAMS run in this process (jobs 1), uninterrupted."""
    out = tmp_path_factory.mktemp("reference")
    result = run_study(PARAMS, out, jobs=1, progress=False)
    assert (result.chunks_run, result.cases_run) == (4, 8)
    return out


def test_two_loky_workers_give_identical_records(reference: Path, tmp_path: Path) -> None:
    result = run_study(PARAMS, tmp_path, jobs=2, progress=False)
    assert result.chunks_run == 4
    assert identity(tmp_path).equals(identity(reference))


def test_dask_local_cluster_gives_identical_records(reference: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    result = run_study(PARAMS, tmp_path, jobs=2, backend="dask", progress=False)
    assert result.chunks_run == 4
    assert sorted(p.name for p in (tmp_path / "chunks").iterdir()) == [
        f"chunk-0000{i}.parquet" for i in range(4)]
    assert identity(tmp_path).equals(identity(reference))


def test_resume_after_a_crash_and_a_lost_chunk(
    reference: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = runner.run_chunk
    ran: list[int] = []

    def crash_after_two(params: StudyParams, index: int) -> runner.ChunkResult:
        if len(ran) == 2:
            raise RuntimeError("simulated crash")
        ran.append(index)
        return real(params, index)

    monkeypatch.setattr(runner, "run_chunk", crash_after_two)
    with pytest.raises(RuntimeError, match="simulated crash"):
        run_study(PARAMS, tmp_path, jobs=1, progress=False)
    chunks = sorted(p.name for p in (tmp_path / "chunks").iterdir())
    assert chunks == ["chunk-00000.parquet", "chunk-00001.parquet"]
    assert not (tmp_path / "records.parquet").exists()
    monkeypatch.undo()

    result = run_study(PARAMS, tmp_path, jobs=1, progress=False)
    assert (result.chunks_resumed, result.chunks_run, result.cases_run) == (2, 2, 4)
    assert identity(tmp_path).equals(identity(reference))

    (tmp_path / "chunks" / "chunk-00001.parquet").unlink()
    (tmp_path / "chunks" / ".chunk-00002.parquet.tmp-123").write_bytes(b"half a file")
    result = run_study(PARAMS, tmp_path, jobs=1, progress=False)
    assert (result.chunks_resumed, result.chunks_run) == (3, 1)
    assert identity(tmp_path).equals(identity(reference))
    assert not list((tmp_path / "chunks").glob(".*"))


def test_resume_after_the_process_is_killed(reference: Path, tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "revoke_equity.study", *CLI_PARAMS, "--jobs", "1",
         "--out", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not list((tmp_path / "chunks").glob("chunk-*.parquet")):
            assert process.poll() is None, "the study ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    done = len(list((tmp_path / "chunks").glob("chunk-*.parquet")))
    assert 1 <= done < 4
    result = run_study(PARAMS, tmp_path, jobs=1, progress=False)
    assert result.chunks_resumed == done
    assert identity(tmp_path).equals(identity(reference))


def test_chunks_with_other_columns_are_refused_and_kept(reference: Path, tmp_path: Path,
                                                       capsys: Any) -> None:
    """A run begun by a version that wrote other record columns is not resumed: its complete
    chunks stay (redoing them would throw the work away), and the message says why; a chunk cut
    short is still redone."""
    out = tmp_path / "run"
    out.mkdir()
    (out / "chunks").mkdir()
    (out / "manifest.json").write_bytes((reference / "manifest.json").read_bytes())
    older = pq.read_table(reference / "chunks" / "chunk-00000.parquet")
    pq.write_table(older.drop_columns([older.column_names[-1]]), out / "chunks" / "chunk-00000.parquet")
    with pytest.raises(StudyUsageError, match="other columns"):
        run_study(PARAMS, out, jobs=1, progress=False)
    assert (out / "chunks" / "chunk-00000.parquet").exists()

    pq.write_table(older.slice(0, 1), out / "chunks" / "chunk-00000.parquet")  # cut short
    result = run_study(PARAMS, out, jobs=1, progress=False)
    assert (result.chunks_resumed, result.chunks_run) == (0, 4)
    assert "chunk-00000.parquet is incomplete; it is redone" in capsys.readouterr().err
    assert identity(out).equals(identity(reference))


def _copy_chunks(reference: Path, out: Path, indices: range) -> None:
    (out / "chunks").mkdir(parents=True, exist_ok=True)
    (out / "manifest.json").write_bytes((reference / "manifest.json").read_bytes())
    for index in indices:
        path = runner.chunk_path(reference, index)
        (out / "chunks" / path.name).write_bytes(path.read_bytes())


def test_a_run_begun_by_code_that_studies_cases_differently_is_refused(
    reference: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before a resumed run adds cases, it studies the first case of each of the first kinds again;
    a record that differs (here: a chunk file as other code would have written it) stops the run
    before it adds anything, and nothing is removed."""
    out = tmp_path / "run"
    _copy_chunks(reference, out, range(2))  # cases 0-3 finished
    kind = {r["case_id"]: r["kind"] for r in pq.read_table(reference / "records.parquet").to_pylist()}
    first_of_kind = [c for c in range(4) if kind[c] not in {kind[d] for d in range(c)}]
    first_of_kind = first_of_kind[:runner.RESUME_CHECKS]
    assert len(first_of_kind) >= 2  # the check covers more than one kind here
    target = first_of_kind[-1]
    path = runner.chunk_path(out, target // PARAMS.chunk_size)
    rows = pq.read_table(path).to_pylist()
    for row in rows:
        if row["case_id"] == target and row["edition"] == "2017":
            row["mechanical_tricks"] += 1
    pq.write_table(pa.Table.from_pylist(rows, schema=runner.SCHEMA), path)
    record_chunk(out, target // PARAMS.chunk_size, path, len(rows))  # as that code recorded it
    checked: list[int] = []
    real = runner.study_cases

    def spy(params: StudyParams, case_ids: Any) -> list[dict[str, Any]]:
        checked.extend(case_ids)
        return real(params, case_ids)

    monkeypatch.setattr(runner, "study_cases", spy)
    with pytest.raises(StudyUsageError,
                       match=rf"case {target} \(.*2017 Laws\) now gives mechanical_tricks"):
        run_study(PARAMS, out, jobs=1, progress=False)
    assert checked == first_of_kind
    assert sorted(p.name for p in (out / "chunks").iterdir()) == [
        "chunk-00000.parquet", "chunk-00001.parquet"]

    _copy_chunks(reference, out, range(2))  # the run's own records: it resumes
    result = run_study(PARAMS, out, jobs=1, progress=False)
    assert (result.chunks_resumed, result.chunks_run) == (2, 2)
    assert identity(out).equals(identity(reference))


def test_the_manifest_keeps_each_chunks_checksum(reference: Path) -> None:
    manifest = json.loads((reference / "manifest.json").read_text())
    assert manifest["chunks"] == {
        f"{i:05d}": {"sha256": file_sha256(runner.chunk_path(reference, i)), "rows": 6}
        for i in range(4)}
    assert all(len(entry["sha256"]) == 64 for entry in manifest["chunks"].values())


def test_a_swapped_or_tampered_chunk_is_refused_and_kept(reference: Path, tmp_path: Path) -> None:
    """Chunk 1's file holding chunk 0's records (cases 0 and 1 twice, 2 and 3 lost), or its own
    records changed after they were written: the resumed run stops before it adds anything,
    names the file, and removes nothing; so does the end of a finished run."""
    out = tmp_path / "run"
    _copy_chunks(reference, out, range(2))
    swapped = runner.chunk_path(out, 1)
    swapped.write_bytes(runner.chunk_path(reference, 0).read_bytes())
    with pytest.raises(StudyUsageError, match=r"chunk-00001\.parquet does not match its checksum"):
        run_study(PARAMS, out, jobs=1, progress=False)
    assert swapped.read_bytes() == runner.chunk_path(reference, 0).read_bytes()
    assert sorted(p.name for p in (out / "chunks").iterdir()) == [
        "chunk-00000.parquet", "chunk-00001.parquet"]

    # a manifest without checksums (as written before they were kept): the cases still tell
    manifest = json.loads((out / "manifest.json").read_text())
    del manifest["chunks"]
    (out / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(StudyUsageError,
                       match=r"holds the records of cases 0-1, not those of chunk 1 \(cases 2-3\)"):
        run_study(PARAMS, out, jobs=1, progress=False)
    assert swapped.exists()

    finished = tmp_path / "finished"
    _copy_chunks(reference, finished, range(4))
    path = runner.chunk_path(finished, 3)
    rows = pq.read_table(path).to_pylist()
    rows[0]["mechanical_tricks"] += 1
    pq.write_table(pa.Table.from_pylist(rows, schema=runner.SCHEMA), path)
    tampered = path.read_bytes()
    with pytest.raises(StudyUsageError, match=r"chunk-00003\.parquet does not match"):
        write_outputs(finished, PARAMS)
    with pytest.raises(StudyUsageError, match=r"chunk-00003\.parquet does not match"):
        run_study(PARAMS, finished, jobs=1, progress=False)
    assert path.read_bytes() == tampered and not (finished / "records.parquet").exists()


def test_another_study_in_the_same_directory_is_refused(reference: Path, capsys: Any) -> None:
    for other in (replace(PARAMS, seed=8), replace(PARAMS, deals=13),
                  replace(PARAMS, chunk_size=4), replace(PARAMS, editions=PARAMS.editions[:1]),
                  replace(PARAMS, revoke_card="lowest")):
        with pytest.raises(StudyUsageError, match="other parameters"):
            run_study(other, reference, jobs=1, progress=False)
    assert main([*CLI_PARAMS, "--seed", "8", "--out", str(reference)]) == 2
    assert "other parameters" in capsys.readouterr().err


def test_outputs(reference: Path) -> None:
    for name in OUTPUT_FILES:
        assert (reference / name).stat().st_size > 0, name
    for png in reference.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    records = pq.read_table(reference / "records.parquet")
    assert records.num_rows == 24
    assert records.column_names == [*IDENTITY_COLUMNS, *COST_COLUMNS]
    assert records.column("case_id").to_pylist() == [i for i in range(8) for _ in range(3)]
    assert len((reference / "records.csv").read_text().splitlines()) == 25
    summary = json.loads((reference / "summary.json").read_text())
    assert (summary["cases"], summary["records"]) == (8, 24)
    rows = {(r["edition"], r["kind"]): r for r in summary["compensation"]}
    for edition in ("1997", "2007", "2017"):
        mine = records.filter(pa.compute.equal(records.column("edition"), edition))
        diffs = mine.column("nos_diff").to_pylist()
        assert rows[edition, "all"]["n"] == 8
        assert rows[edition, "all"]["under"]["count"] == sum(d < 0 for d in diffs)
        assert rows[edition, "all"]["over"]["count"] == sum(d > 0 for d in diffs)
    manifest = json.loads((reference / "manifest.json").read_text())
    assert manifest["parameters"] == PARAMS.as_dict()
    assert "| 2017 | **all** | 8 |" in (reference / "summary.md").read_text()


def test_command_line(reference: Path, tmp_path: Path, capsys: Any) -> None:
    # a finished study: nothing to run, the outputs are written again and the summary printed
    assert main([*CLI_PARAMS, "--out", str(reference)]) == 0
    captured = capsys.readouterr()
    assert "# Revoke equity study" in captured.out and "4 of 4 chunks resumed" in captured.err
    # any case alone, as a JSON case that the rule command reads
    assert main(["--seed", "7", "--show-case", "5", "--laws", "2007"]) == 0
    captured = capsys.readouterr()
    (case,) = loads(captured.out)
    ruling = rule(case)
    row = pq.read_table(reference / "records.parquet").to_pylist()[5 * 3 + 1]
    assert (row["case_id"], row["edition"]) == (5, "2007")
    assert ruling.revokes[0].trick == row["revoke_trick"]
    assert ruling.transfer.transferred == row["transferred"]
    assert " ".join(str(c) for c in case.play) == row["play"]
    for bad in (["--deals", "0"], ["--deals", "5", "--jobs", "0"], ["--deals", "5", "--laws", "1990"],
                ["--deals", "5", "--kinds", "ruffs"], ["--deals", "5", "--scheduler", "tcp://x:1"],
                ["--deals", "5", "--worlds", "8", "--max-worlds", "4"], []):
        assert main([*bad, "--out", str(tmp_path / "x"), "--no-progress"]) == 2, bad


def test_single_dummy_study_is_the_same_with_one_and_two_workers(tmp_path: Path) -> None:
    """``--estimate sd``: every record rests on the single-dummy estimate, seeded by the study's
    seed, so one and two workers give the same records."""
    params = StudyParams(deals=2, seed=7, chunk_size=1, estimate="sd", worlds=3, playouts=10,
                         editions=PARAMS.editions[-1:])
    one = run_study(params, tmp_path / "one", jobs=1, progress=False)
    two = run_study(params, tmp_path / "two", jobs=2, progress=False)
    assert (one.cases_run, two.cases_run) == (2, 2)
    assert identity(tmp_path / "one").equals(identity(tmp_path / "two"))
    records = pq.read_table(tmp_path / "one" / "records.parquet").to_pylist()
    assert {r["estimate"] for r in records} == {"sd"}
    assert all(0 <= r["estimate_expected"] <= 13 for r in records)


def test_the_study_rules_with_its_max_worlds_and_tolerance_and_keeps_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--max-worlds`` and ``--tolerance`` reach every ruling's options and the manifest (only
    when not the default, so that an older study's manifest still matches)."""
    seen = []
    real = runner.StudyParams.options

    def spy(self: StudyParams) -> Any:
        seen.append(real(self))
        return seen[-1]

    monkeypatch.setattr(runner.StudyParams, "options", spy)
    out = tmp_path / "s"
    assert main(["--deals", "1", "--seed", "3", "--laws", "2017", "--estimate", "dd",
                 "--worlds", "4", "--max-worlds", "6", "--tolerance", "0.1", "--out", str(out),
                 "--no-progress"]) == 0
    assert seen and {(o.worlds, o.max_worlds, o.tolerance) for o in seen} == {(4, 6, 0.1)}
    parameters = json.loads((out / "manifest.json").read_text())["parameters"]
    assert (parameters["max_worlds"], parameters["tolerance"]) == (6, 0.1)
    assert "max_worlds" not in PARAMS.as_dict() and "tolerance" not in PARAMS.as_dict()
