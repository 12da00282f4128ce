"""Each finished chunk's checksum, kept in the study's manifest, and the check of a chunk file
against it and against the cases it must hold.

``manifest.json`` gains ``"chunks": {"00042": {"sha256": ..., "rows": n}}``: the SHA-256 of the
chunk file's bytes, recorded before the file is renamed into place (so a chunk file that is there
always has its entry, and an entry without its file is only a chunk to redo). A resumed run, and
the end of a run, read a chunk only when its bytes match its entry and its rows are those of its
own cases (its ``case_id`` values, each once per edition): a chunk file swapped with another or
changed since it was written is refused, and kept, with a message naming it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from revoke_equity.study.errors import StudyUsageError
from revoke_equity.study.files import atomic_write, chunk_path
from revoke_equity.study.params import StudyParams

__all__ = ["check_chunk", "file_sha256", "record_chunk"]

_BLOCK = 1 << 20


def file_sha256(path: Path) -> str:
    """The SHA-256 of the file's bytes, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def _key(index: int) -> str:
    return f"{index:05d}"


def _manifest(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "manifest.json").read_text())
    return data


def record_chunk(out: Path, index: int, written: Path, rows: int) -> None:
    """Record in ``out``'s manifest the checksum of chunk ``index``, just written to ``written``
    (its temporary name: the entry is there before the chunk file is)."""
    manifest = _manifest(out)
    manifest.setdefault("chunks", {})[_key(index)] = {"sha256": file_sha256(written), "rows": rows}
    text = json.dumps(manifest, indent=2) + "\n"
    atomic_write(out / "manifest.json", lambda tmp: tmp.write_text(text))


def check_chunk(out: Path, params: StudyParams, index: int) -> None:
    """Check chunk ``index`` of ``out``: its bytes match the manifest's checksum (a manifest
    written before checksums were kept has none to compare), and its rows are its own cases'.

    Raises :class:`StudyUsageError`, removing nothing, when it does not."""
    import pyarrow.parquet as pq

    path = chunk_path(out, index)
    sums = _manifest(out).get("chunks")
    keep = ("; the file is kept: restore the run's own chunk file, or remove it to have the "
            "chunk studied again")
    if sums is not None:
        entry = sums.get(_key(index))
        if entry is None:
            raise StudyUsageError(f"{path} has no checksum in {out / 'manifest.json'}: it was not "
                                  f"written by this run{keep}")
        if file_sha256(path) != entry.get("sha256"):
            raise StudyUsageError(f"{path} does not match its checksum in "
                                  f"{out / 'manifest.json'}: it changed after it was written{keep}")
    found = pq.read_table(path, columns=["case_id"]).column("case_id").to_pylist()
    wanted = [c for c in params.chunk_cases(index) for _ in params.editions]
    if sorted(found) != sorted(wanted):
        cases = sorted(set(found))
        raise StudyUsageError(
            f"{path} holds the records of cases {_span(cases)}, not those of chunk {index} "
            f"(cases {_span(list(params.chunk_cases(index)))}){keep}")


def _span(cases: list[int]) -> str:
    if not cases:
        return "(none)"
    if cases == list(range(cases[0], cases[-1] + 1)):
        return f"{cases[0]}-{cases[-1]}" if len(cases) > 1 else str(cases[0])
    return ", ".join(map(str, cases[:10])) + (" ..." if len(cases) > 10 else "")
