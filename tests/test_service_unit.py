"""The service's parts in-process: options, content types, and the ruling log under concurrency."""

from __future__ import annotations

import argparse
import sqlite3
import threading
from pathlib import Path

import pytest

from revoke_equity.service import DEFAULT_DB, add_arguments, is_loopback, run
from revoke_equity.service.inputs import UnsupportedMediaType, decode_body, format_for
from revoke_equity.service.jobs import Job
from revoke_equity.service.store import LoggedRuling, RulingLog, new_id, utc_now


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_serve_options_defaults() -> None:
    args = _parse()
    assert (args.host, args.port, args.db, args.workers, args.time_budget) == (
        "127.0.0.1", 8000, DEFAULT_DB, 2, 30.0)
    args = _parse("--host", "::1", "--port", "0", "--db", "x.sqlite", "--workers", "3",
                  "--time-budget", "2.5")
    assert (args.host, args.port, args.db, args.workers, args.time_budget) == (
        "::1", 0, "x.sqlite", 3, 2.5)


@pytest.mark.parametrize("argv", [["--workers", "0"], ["--time-budget", "0"], ["--port", "70000"],
                                  ["--workers", "two"], ["--time-budget", "nan"]])
def test_serve_options_rejected(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        _parse(*argv)
    assert exc.value.code == 2
    assert argv[0] in capsys.readouterr().err


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.1.2.3", True), ("::1", True), ("[::1]", True), ("localhost", True),
    ("0.0.0.0", False), ("192.168.1.5", False), ("::", False), ("example.org", False),
])
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_run_refuses_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(_parse("--db", str(tmp_path / "no" / "log.sqlite"))) == 2
    assert "does not exist" in capsys.readouterr().err


def test_run_refuses_a_file_that_is_not_a_database(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "log.sqlite"
    db.write_text("not a database, just text " * 100)
    assert run(_parse("--db", str(db))) == 1
    assert "cannot open the ruling log" in capsys.readouterr().err


@pytest.mark.parametrize(("content_type", "fmt"), [
    ("application/json", "json"), ("application/json; charset=utf-8", "json"),
    ("application/x-pbn", "pbn"), ("application/x-lin", "lin"), ("text/uri-list", "url"),
    ("text/plain", None), ("TEXT/PLAIN; charset=latin-1", None), (None, None), ("", None),
    ("application/vnd.case+json", "json"), ("application/x-www-form-urlencoded", None),
])
def test_content_types(content_type: str | None, fmt: str | None) -> None:
    assert format_for(content_type) == fmt


@pytest.mark.parametrize("content_type", ["image/png", "application/pdf", "multipart/form-data"])
def test_unsupported_content_types(content_type: str) -> None:
    with pytest.raises(UnsupportedMediaType, match="cannot read"):
        format_for(content_type)


def test_decode_body() -> None:
    assert decode_body("\ufeff[Board \"1\"]".encode(), "pbn") == '[Board "1"]'
    assert decode_body('[Event "Café"]'.encode("latin-1"), "pbn") == '[Event "Café"]'
    assert decode_body(b"# comment\nhttps://x/handviewer.html?lin=1\n", "url") == (
        "https://x/handviewer.html?lin=1")


def _row(n: int) -> LoggedRuling:
    return LoggedRuling(new_id(), utc_now(), "0.1.0", "2017", n,
                        {"deal": "N:...", "board": n}, {"board": n, "contract": "4S",
                                                        "recommendation": {"law": "64A1"}})


def test_log_concurrent_writers_two_connections(tmp_path: Path) -> None:
    """Two logs on one file (as two servers would be), 8 threads each adding 25 batches of 2 while
    others read: nothing lost, nothing duplicated, WAL mode."""
    db = tmp_path / "log.sqlite"
    logs = [RulingLog(db), RulingLog(db)]
    written: list[str] = []
    lock = threading.Lock()
    failures: list[BaseException] = []

    def writer(number: int) -> None:
        try:
            log = logs[number % 2]
            for k in range(25):
                rows = [_row(number * 100 + k), _row(number * 100 + k)]
                log.add(rows)
                with lock:
                    written.extend(r.id for r in rows)
                log.page(5, 0)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for log in logs:
        log.close()
    assert not failures
    reopened = RulingLog(db)
    try:
        assert reopened.count() == len(written) == 400
        exported = [r.id for r in reopened.export(batch=37)]
        assert sorted(exported) == sorted(written) and len(set(exported)) == 400
        total, page = reopened.page(10, 0)
        assert total == 400 and len(page) == 10
        assert page[0].id == exported[-1]  # newest first
        assert reopened.get(written[0]) is not None and reopened.get("nope") is None
        check = reopened.check()
        assert check == {"ok": True, "rulings": 400, "journal_mode": "wal"}
        summary = page[0].summary()
        assert summary["contract"] == "4S" and summary["recommendation"]["law"] == "64A1"
    finally:
        reopened.close()


def test_listing_labels_a_ruling_logged_before_labels() -> None:
    """A ruling logged without ``recommendation.label`` is listed with its law as printed."""
    def summary(rec: dict[str, object]) -> object:
        ruling = {"contract": "4S", "recommendation": rec}
        return LoggedRuling(new_id(), utc_now(), "0.1.0", "2017", 1, {}, ruling).summary()[
            "recommendation"]["label"]

    assert summary({"law": "none"}) == "no revoke"
    assert summary({"law": "64A1"}) == "Law 64A1"
    assert summary({"law": "64C", "label": "Law 64C"}) == "Law 64C"
    assert summary({"law": "not a law"}) is None


def test_log_add_is_all_or_nothing(tmp_path: Path) -> None:
    log = RulingLog(tmp_path / "log.sqlite")
    try:
        first = _row(1)
        log.add([first])
        with pytest.raises(sqlite3.IntegrityError):
            log.add([_row(2), first])  # a duplicate id fails the whole batch
        assert log.count() == 1
        log.add([_row(3)])  # and the writer is usable afterwards
        assert log.count() == 2
    finally:
        log.close()


def test_a_job_board_refuses_jobs_beyond_its_limit_and_keeps_the_running_ones() -> None:
    """:class:`JobBoard`: at ``limit`` running jobs it is full; finished jobs are forgotten first,
    running ones never; a cancelled job says so."""
    import asyncio

    from revoke_equity.service.jobs import JobBoard

    async def scenario() -> tuple[bool, bool, list[str], str]:
        board = JobBoard(limit=2)
        gate = asyncio.Event()

        async def wait(_: object) -> tuple[int, object]:
            await gate.wait()
            return 200, {"ok": True}

        first, second = board.start(wait), board.start(wait)
        full = board.full()
        gate.set()
        await asyncio.sleep(0.01)
        after = board.full()
        third = board.start(lambda _: asyncio.sleep(3600))  # type: ignore[arg-type, return-value]
        await asyncio.sleep(0)
        board.cancel(third.id)
        await asyncio.sleep(0.01)
        jobs = {"first": first.id, "second": second.id, "third": third.id}
        kept = [name for name, job_id in jobs.items() if board.get(job_id) is not None]
        return full, after, kept, third.state

    full, after, kept, third_state = asyncio.run(scenario())
    assert full and not after
    assert kept == ["second", "third"]  # the oldest finished one forgotten, the running one kept
    assert third_state == "cancelled"


def _stage(step: int, steps: int, part: float = 0.0) -> dict[str, object]:
    return {"stage": "estimate", "step": step, "steps": steps, "text": "", "part": part}


def test_a_jobs_fraction_counts_the_part_of_a_step_done_and_never_goes_back() -> None:
    """Two boards, the first of four steps: the step under way counts by its part (the
    playouts done of those planned), a stage that counts less (a second ruling ignoring the
    auction, with its own steps) leaves the fraction where it was, and a part past 1 counts 1."""
    job = Job("job-0", boards=2)
    first, second = job.progress(1), job.progress(2)
    seen = []
    for report, stage in [(first, _stage(1, 4)), (first, _stage(1, 4, 0.5)),
                          (first, _stage(0, 2)), (first, _stage(3, 4, 7.0)),
                          (second, _stage(0, 3, 0.5))]:
        report(stage)
        seen.append(job.fraction())
    assert seen == [0.125, 0.1875, 0.1875, 0.5, round((1 + 0.5 / 3) / 2, 4)]
    job.state = "cancelled"
    assert job.fraction() == seen[-1]  # a cancelled job keeps what it had done
    job.state = "done"
    assert job.fraction() == 1.0
