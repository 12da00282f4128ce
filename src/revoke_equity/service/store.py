"""The ruling log: every ruling the service gives, in one SQLite file (stdlib :mod:`sqlite3`).

Durability: the database runs in WAL mode with ``synchronous=FULL``; :meth:`RulingLog.add` commits
before it returns, and the service answers a request only after that, so a ruling whose id a client
has seen survives a ``kill -9`` of the server (and a power cut). Concurrency: one writer connection
behind a lock (writes are a few inserts in one short ``BEGIN IMMEDIATE`` transaction); every read
opens its own short-lived connection, which WAL lets run beside the writer. ``busy_timeout`` covers
another process holding the file (a second server on the same ``--db``).

The path comes from the command line (``--db``), never from a request.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from revoke_equity.laws.law import Law, law_label

__all__ = ["LoggedRuling", "RulingLog", "new_id", "utc_now"]

SCHEMA_VERSION = 1
_BUSY_TIMEOUT_MS = 30_000
_SCHEMA = """
CREATE TABLE IF NOT EXISTS rulings (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL,
    version TEXT NOT NULL,
    laws TEXT NOT NULL,
    board INTEGER,
    case_json TEXT NOT NULL,
    ruling_json TEXT NOT NULL
);
"""


def new_id() -> str:
    """A new ruling id: 32 hex digits (a random UUID), unguessable and unique for practical use."""
    return uuid.uuid4().hex


def utc_now() -> str:
    """The current UTC time as ISO 8601 with milliseconds and a ``Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class LoggedRuling:
    """One row of the log: the case as ruled (JSON case) and the ruling JSON, with when and by
    which program version."""

    id: str
    created: str
    version: str
    laws: str
    board: int | None
    case: dict[str, Any]
    ruling: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The record as served by ``GET /api/v1/rulings/{id}`` and the JSON-lines export."""
        return {"id": self.id, "created": self.created, "version": self.version, "laws": self.laws,
                "board": self.board, "case": self.case, "ruling": self.ruling}

    def summary(self) -> dict[str, Any]:
        """The short form used by the listing."""
        rec = self.ruling.get("recommendation") or {}
        return {
            "id": self.id, "created": self.created, "version": self.version, "laws": self.laws,
            "board": self.board, "contract": self.ruling.get("contract"),
            "declarer": self.ruling.get("declarer"),
            "revokes": len(self.ruling.get("revokes") or []),
            "recommendation": {k: rec.get(k) for k in ("law", "adjusted", "declarer_tricks",
                                                       "score_ns")} | {"label": _label(rec)},
        }


def _label(recommendation: dict[str, Any]) -> str | None:
    """The recommendation's law as printed; worked out from its law for a ruling logged before
    the JSON had ``label``."""
    if recommendation.get("label") is not None:
        return str(recommendation["label"])
    try:
        return law_label(Law(str(recommendation.get("law"))))
    except ValueError:
        return None


class RulingLog:
    """The SQLite ruling log at ``path`` (created when missing)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._writer = self._connect()
        with self._lock:
            self._writer.execute("PRAGMA journal_mode=WAL")
            self._writer.executescript(_SCHEMA)
            self._writer.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=_BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout={_BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA synchronous=FULL")
        return conn

    def close(self) -> None:
        """Close the writer connection (readers are closed after each use)."""
        with self._lock:
            self._writer.close()

    def add(self, rows: Sequence[LoggedRuling]) -> None:
        """Store ``rows`` in one transaction; committed (durable) when this returns."""
        if not rows:
            return
        values = [
            (r.id, r.created, r.version, r.laws, r.board,
             json.dumps(r.case, ensure_ascii=False, separators=(",", ":")),
             json.dumps(r.ruling, ensure_ascii=False, separators=(",", ":")))
            for r in rows
        ]
        with self._lock:
            self._writer.execute("BEGIN IMMEDIATE")
            try:
                self._writer.executemany(
                    "INSERT INTO rulings (id, created, version, laws, board, case_json, ruling_json)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)", values)
            except BaseException:
                self._writer.execute("ROLLBACK")
                raise
            self._writer.execute("COMMIT")

    def _read(self) -> sqlite3.Connection:
        return self._connect()

    def get(self, ruling_id: str) -> LoggedRuling | None:
        """The ruling with this id, or None."""
        conn = self._read()
        try:
            row = conn.execute(f"SELECT {_COLUMNS} FROM rulings WHERE id = ?", (ruling_id,)).fetchone()
        finally:
            conn.close()
        return None if row is None else _row(row)

    def count(self) -> int:
        """How many rulings the log holds."""
        conn = self._read()
        try:
            return int(conn.execute("SELECT COUNT(*) FROM rulings").fetchone()[0])
        finally:
            conn.close()

    def page(self, limit: int, offset: int) -> tuple[int, list[LoggedRuling]]:
        """The total count and ``limit`` rulings from ``offset``, newest first."""
        conn = self._read()
        try:
            conn.execute("BEGIN")  # one snapshot for the count and the page
            total = int(conn.execute("SELECT COUNT(*) FROM rulings").fetchone()[0])
            rows = conn.execute(f"SELECT {_COLUMNS} FROM rulings ORDER BY seq DESC LIMIT ? OFFSET ?",
                                (limit, offset)).fetchall()
            conn.execute("COMMIT")
        finally:
            conn.close()
        return total, [_row(r) for r in rows]

    def export(self, batch: int = 200) -> Iterator[LoggedRuling]:
        """Every ruling, oldest first, read in short batches (no long read transaction)."""
        last = 0
        while True:
            conn = self._read()
            try:
                rows = conn.execute(
                    f"SELECT seq, {_COLUMNS} FROM rulings WHERE seq > ? ORDER BY seq LIMIT ?",
                    (last, batch)).fetchall()
            finally:
                conn.close()
            if not rows:
                return
            for row in rows:
                yield _row(row[1:])
            last = rows[-1][0]

    def check(self) -> dict[str, Any]:
        """Health of the log: ``{"ok": True, "rulings": n, "journal_mode": "wal"}`` or the error."""
        try:
            conn = self._read()
            try:
                mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
                total = int(conn.execute("SELECT COUNT(*) FROM rulings").fetchone()[0])
            finally:
                conn.close()
        except sqlite3.Error as exc:
            return {"ok": False, "error": str(exc)}
        return {"ok": True, "rulings": total, "journal_mode": mode}


_COLUMNS = "id, created, version, laws, board, case_json, ruling_json"


def _row(row: Sequence[Any]) -> LoggedRuling:
    return LoggedRuling(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), json.loads(row[6]))
