"""Running a study in chunks of cases, on local worker processes (joblib/loky) or a Dask cluster.

Layout of the output directory ``DIR``::

    DIR/manifest.json               the run parameters (a rerun must match them), and the
                                    SHA-256 of each finished chunk file
    DIR/chunks/chunk-00042.parquet  the records of cases 42*K .. 42*K+K-1 (K = chunk size)
    DIR/records.parquet, records.csv, summary.json, summary.md, *.png   written at the end

Each chunk is computed by one worker, sent back to this process and written here (so a remote Dask
cluster needs no shared file system), through a temporary file renamed into place: a chunk file is
complete or absent, and its checksum is in the manifest before it is there. The chunk files are the
checkpoint: a rerun of the same command skips every finished chunk, so an interrupted run loses at
most the chunks that were in flight. A rerun with other parameters (deals, seed, laws, kinds,
revoke-card rule, play model, estimate, chunk size, the hand files the deals come from and their
contents, or another revoke-equity version) is refused; ``--jobs``, ``--backend`` and
``--scheduler`` may change, since the records do not depend on them. A chunk file that does not
match its checksum, or holds another chunk's cases, is refused and kept
(:mod:`revoke_equity.study.chunk_sums`). Before a resumed run adds cases, it studies a few finished
ones again (:func:`check_resume`) and refuses to go on when this code makes or rules them
differently from the code that began the run, so that one set of records never mixes two.

Memory stays flat in the number of cases: a bounded number of chunks is in flight, each is
written as it arrives, and the final files are streamed from the chunk files.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path
from typing import Any

from revoke_equity import __version__
from revoke_equity.study.chunk_sums import check_chunk, record_chunk
from revoke_equity.study.files import atomic_write, chunk_path
from revoke_equity.study.generate import StudyUsageError, generate_case
from revoke_equity.study.outputs import write_outputs
from revoke_equity.study.params import StudyParams
from revoke_equity.study.records import COST_COLUMNS, IDENTITY_COLUMNS, SCHEMA, records_for_case

__all__ = [
    "BACKENDS",
    "FORMAT",
    "ChunkResult",
    "StudyParams",
    "StudyResult",
    "check_resume",
    "chunk_path",
    "finished_chunks",
    "run_chunk",
    "run_study",
    "study_cases",
]

FORMAT = "revoke-equity/study@1"
BACKENDS = ("loky", "dask")
@dataclass(frozen=True)
class ChunkResult:
    """The records of one chunk, as a worker sends them back."""

    index: int
    records: list[dict[str, Any]]
    seconds: float
    pid: int


def run_chunk(params: StudyParams, index: int) -> ChunkResult:
    """Generate and rule on the cases of chunk ``index`` with this process's DDS solver.

    The solver's position cache is cleared before each case, so what a case costs does not depend
    on which cases the worker did before (and memory stays bounded).
    """
    start = time.perf_counter()
    records = study_cases(params, params.chunk_cases(index))
    return ChunkResult(index, records, time.perf_counter() - start, os.getpid())


def study_cases(params: StudyParams, case_ids: Iterable[int]) -> list[dict[str, Any]]:
    """The records of the cases ``case_ids`` (one per case and edition), generated and ruled with
    this process's DDS solver, its cache cleared before each case."""
    from revoke_equity.solver.pool import default_solver  # in the workers only: it loads endplay

    solver = default_solver()
    mix = params.mix_dict()
    deals = params.deal_source()
    records: list[dict[str, Any]] = []
    for case_id in case_ids:
        solver.clear_cache()
        synthetic = generate_case(params.seed, case_id, mix, solver, params.revoke_card,
                                  params.play_spec(), deals)
        records += records_for_case(synthetic, params.editions, solver, params.options())
    solver.clear_cache()
    return records


def write_chunk(out: Path, result: ChunkResult) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pylist(result.records, schema=SCHEMA)
    path = chunk_path(out, result.index)

    def write(tmp: Path) -> None:
        pq.write_table(table, tmp)
        record_chunk(out, result.index, tmp, table.num_rows)

    atomic_write(path, write)
    return path


def _chunk_state(path: Path, rows: int) -> str:
    """``complete``, ``incomplete`` (unreadable, or not all its rows: a write cut short) or
    ``foreign`` (complete, but with other record columns: written by another version)."""
    import pyarrow.parquet as pq

    try:
        meta = pq.ParquetFile(path)
        if meta.metadata.num_rows != rows:
            return "incomplete"
        return "complete" if meta.schema_arrow.equals(SCHEMA) else "foreign"
    except Exception:  # an unreadable file is redone, whatever the reason
        return "incomplete"


def finished_chunks(out: Path, params: StudyParams) -> set[int]:
    """Chunks of ``out`` whose file is complete; stray temporary and incomplete files are removed.

    Raises :class:`StudyUsageError`, removing nothing, when a complete chunk has other record
    columns: its cases were studied by another version, and redoing them would throw that work
    away; or when it does not match its checksum in the manifest or holds other cases' records
    (:func:`~revoke_equity.study.chunk_sums.check_chunk`)."""
    chunks = out / "chunks"
    done: set[int] = set()
    if not chunks.is_dir():
        return done
    redo: list[Path] = []
    for path in sorted(chunks.iterdir()):
        if path.name.startswith(".") and ".tmp-" in path.name:
            redo.append(path)
            continue
        stem = path.name.removeprefix("chunk-").removesuffix(".parquet")
        if not (path.name.startswith("chunk-") and stem.isdigit()):
            continue
        index = int(stem)
        if index >= params.chunks:
            redo.append(path)
            continue
        state = _chunk_state(path, len(params.chunk_cases(index)) * len(params.editions))
        if state == "foreign":
            raise StudyUsageError(
                f"{path} holds complete records with other columns than this version of "
                f"revoke-equity writes: finish the run with the version that began it, or use "
                f"another --out (nothing was removed)")
        if state == "complete":
            check_chunk(out, params, index)
            done.add(index)
        else:
            redo.append(path)
    for path in redo:
        if not path.name.startswith("."):
            print(f"revoke-equity study: {path} is incomplete; it is redone", file=sys.stderr)
        path.unlink(missing_ok=True)
    return done


def manifest_for(params: StudyParams) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "revoke_equity_version": __version__,
        "parameters": params.as_dict(),
        "identity_columns": list(IDENTITY_COLUMNS),
        "cost_columns": list(COST_COLUMNS),
    }


_COMPARED = ("format", "revoke_equity_version", "parameters")


def prepare(out: Path, params: StudyParams) -> set[int]:
    """Create ``out`` or check that it holds this same study; return the finished chunks.

    Raises :class:`StudyUsageError` when ``out`` holds another study (other parameters or
    version), or chunk files without a manifest.
    """
    manifest_path = out / "manifest.json"
    wanted = manifest_for(params)
    if manifest_path.exists():
        try:
            found = json.loads(manifest_path.read_text())
        except (OSError, ValueError) as exc:
            raise StudyUsageError(f"{manifest_path} cannot be read ({exc}); use another --out") from None
        different = [k for k in _COMPARED if found.get(k) != wanted[k]]
        if different:
            old = {k: found.get(k) for k in different}
            new = {k: wanted[k] for k in different}
            raise StudyUsageError(
                f"{out} holds a study with other parameters: {json.dumps(old)} there, "
                f"{json.dumps(new)} now. Rerun with the same parameters to resume it, or use "
                "another --out"
            )
    else:
        if (out / "chunks").exists():
            raise StudyUsageError(
                f"{out}/chunks exists but {manifest_path} does not; use another --out"
            )
        out.mkdir(parents=True, exist_ok=True)
        wanted["created"] = datetime.now(UTC).isoformat(timespec="seconds")
        atomic_write(manifest_path,
                      lambda tmp: tmp.write_text(json.dumps(wanted, indent=2) + "\n"))
    (out / "chunks").mkdir(exist_ok=True)
    return finished_chunks(out, params)


RESUME_CHECKS = 3
"""How many finished cases a resumed run studies again (the first case of each of the first
kinds met), to tell whether this code would have made the same records."""


def check_resume(out: Path, params: StudyParams, done: set[int]) -> None:
    """Study again the first finished case of each of the first :data:`RESUME_CHECKS` revoke kinds
    met in ``out``'s finished chunks (in case order) and compare every identity column.

    Raises :class:`StudyUsageError`, removing nothing, when one differs: the run was begun by code
    that makes or rules its cases differently (same version number, other code), and adding this
    code's cases would mix two studies in one set of records."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    stored: dict[int, list[dict[str, Any]]] = {}
    kinds: set[str] = set()
    for index in sorted(done):
        rows = pq.read_table(chunk_path(out, index)).to_pylist()
        for case_id in params.chunk_cases(index):
            mine = [r for r in rows if r["case_id"] == case_id]
            if mine and mine[0]["kind"] not in kinds and len(stored) < RESUME_CHECKS:
                kinds.add(mine[0]["kind"])
                stored[case_id] = mine
        if len(stored) == RESUME_CHECKS:
            break
    again = pa.Table.from_pylist(study_cases(params, list(stored)),
                                 schema=SCHEMA).to_pylist()  # as a chunk file holds them
    for new in again:
        old = next((r for r in stored[new["case_id"]] if r["edition"] == new["edition"]), None)
        differs = [c for c in IDENTITY_COLUMNS
                   if old is None or not _same(old.get(c), new.get(c))]
        if differs:
            column = differs[0]
            raise StudyUsageError(
                f"{out} was begun by code that studies its cases differently: case "
                f"{new['case_id']} ({new['kind']}, {new['edition']} Laws) now gives {column} = "
                f"{new.get(column)!r}, its chunk file {(old or {}).get(column)!r}"
                + (f" (and {len(differs) - 1} more columns differ)" if len(differs) > 1 else "")
                + ". Finish the run with the code that began it, or use another --out (nothing "
                "was removed)")


def _same(a: object, b: object) -> bool:
    """Equal record values (two NaNs are the same value)."""
    return a == b or (isinstance(a, float) and isinstance(b, float) and a != a and b != b)


# -- backends -------------------------------------------------------------------------------------


def _loky(params: StudyParams, todo: list[int], jobs: int) -> Iterator[ChunkResult]:
    """Chunks on ``jobs`` loky worker processes (in this process when ``jobs`` is 1), as they
    finish; at most ``2 * jobs`` in flight."""
    from joblib import Parallel, delayed  # type: ignore[import-untyped]  # no type stubs

    parallel = Parallel(n_jobs=jobs, backend="loky", return_as="generator_unordered",
                        pre_dispatch="2*n_jobs")
    yield from parallel(delayed(run_chunk)(params, index) for index in todo)


def _dask(
    params: StudyParams, todo: list[int], jobs: int, scheduler: str | None
) -> Iterator[ChunkResult]:
    """Chunks on a Dask cluster: the one at ``scheduler``, else a LocalCluster of ``jobs`` worker
    processes with one thread each; at most two chunks per worker in flight."""
    import logging

    from distributed import Client, LocalCluster, as_completed

    cluster = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {}))) if scheduler else jobs
        pending = iter(todo)
        first = [client.submit(run_chunk, params, i, pure=False) for i in islice(pending, 2 * workers)]
        running = as_completed(first)
        for future in running:
            result: ChunkResult = future.result()
            future.release()
            nxt = next(pending, None)
            if nxt is not None:
                running.add(client.submit(run_chunk, params, nxt, pure=False))
            yield result
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# -- the run --------------------------------------------------------------------------------------


@dataclass
class StudyResult:
    """What a run did."""

    out: Path
    params: StudyParams
    chunks_total: int
    chunks_resumed: int
    chunks_run: int
    cases_run: int
    seconds: float
    outputs: list[Path] = field(default_factory=list)

    @property
    def cases_per_second(self) -> float:
        return self.cases_run / self.seconds if self.seconds > 0 else 0.0


def run_study(
    params: StudyParams,
    out: str | Path,
    *,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    progress: bool = True,
    finish: bool = True,
) -> StudyResult:
    """Run (or resume) the study ``params`` into ``out``; then write the records, summary and plots
    (unless ``finish`` is false). Raises :class:`StudyUsageError` on bad parameters or a foreign
    ``out``; a failing chunk's exception propagates after the finished chunks are on disk."""
    if backend not in BACKENDS:
        raise StudyUsageError(f"unknown backend {backend!r} (expected loky or dask)")
    if scheduler is not None and backend != "dask":
        raise StudyUsageError("--scheduler needs --backend dask")
    if jobs < 1:
        raise StudyUsageError(f"--jobs must be at least 1, not {jobs}")
    out = Path(out)
    done = prepare(out, params)
    todo = [i for i in range(params.chunks) if i not in done]
    if done and todo:
        check_resume(out, params, done)
    resumed_cases = sum(len(params.chunk_cases(i)) for i in done)
    start = time.perf_counter()
    cases = 0
    results: Iterable[ChunkResult]
    if not todo:
        results = ()
    elif backend == "dask":
        results = _dask(params, todo, jobs, scheduler)
    else:
        results = _loky(params, todo, jobs)
    bar = _progress(params.deals, resumed_cases, progress)
    try:
        for result in results:
            write_chunk(out, result)
            n = len(params.chunk_cases(result.index))
            cases += n
            bar.update(n)
    finally:
        bar.close()
        close = getattr(results, "close", None)
        if close is not None:
            close()
    seconds = time.perf_counter() - start
    outcome = StudyResult(out, params, params.chunks, len(done), len(todo), cases, seconds)
    if finish:
        outcome.outputs = write_outputs(out, params)
    return outcome


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, initial: int, enabled: bool) -> Any:
    if not enabled:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, unit="case", file=sys.stderr, smoothing=0.1,
                desc="revoke-equity study", dynamic_ncols=True)
