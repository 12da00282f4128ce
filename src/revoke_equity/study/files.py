"""A study's files: where chunk files go, and writes that are complete or absent."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

__all__ = ["atomic_write", "chunk_path"]


def chunk_path(out: Path, index: int) -> Path:
    return out / "chunks" / f"chunk-{index:05d}.parquet"


def atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    """``write(tmp)`` then rename ``tmp`` to ``path`` (same directory: an atomic replace)."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        write(tmp)
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
