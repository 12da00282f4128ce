"""The end of a study: the chunk files streamed into ``records.parquet`` and ``records.csv``, the
tally into ``summary.json`` and ``summary.md``, and the PNG plots. One chunk in memory at a time;
every file is written to a temporary name and renamed into place."""

from __future__ import annotations

import json
from pathlib import Path

from revoke_equity.study.atlas import AtlasTally, atlas_markdown, summarize_atlas
from revoke_equity.study.chunk_sums import check_chunk
from revoke_equity.study.errors import StudyError
from revoke_equity.study.files import atomic_write, chunk_path
from revoke_equity.study.params import StudyParams
from revoke_equity.study.plots import (
    plot_adjusted_by_trick,
    plot_atlas_by_trick,
    plot_atlas_compensation,
    plot_differences,
)
from revoke_equity.study.records import SCHEMA
from revoke_equity.study.summary import Tally, markdown, summarize

__all__ = ["OUTPUT_FILES", "write_outputs"]

OUTPUT_FILES = ("records.parquet", "records.csv", "summary.json", "summary.md",
                "difference_by_kind.png", "adjusted_by_trick.png", "atlas_compensation.png",
                "atlas_by_trick.png")


def write_outputs(out: Path, params: StudyParams) -> list[Path]:
    """Write :data:`OUTPUT_FILES` into ``out`` from its chunk files (all must be there, each
    matching its checksum and holding its own cases:
    :func:`~revoke_equity.study.chunk_sums.check_chunk`)."""
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    paths = [chunk_path(out, i) for i in range(params.chunks)]
    missing = [p.name for p in paths if not p.exists()]
    if missing:
        raise StudyError(f"{len(missing)} chunk files are missing in {out}/chunks, e.g. {missing[0]}")
    for index in range(params.chunks):
        check_chunk(out, params, index)
    tally = Tally(tuple(e.value for e in params.editions))
    atlas_tally = AtlasTally()

    def write_records(parquet_tmp: Path) -> None:
        def write_csv(csv_tmp: Path) -> None:
            with pq.ParquetWriter(parquet_tmp, SCHEMA) as pw, \
                    pacsv.CSVWriter(csv_tmp, SCHEMA) as cw:
                for path in paths:
                    table = pq.read_table(path, schema=SCHEMA)
                    pw.write_table(table)
                    cw.write_table(table)
                    rows = table.to_pylist()
                    tally.add_all(rows)
                    atlas_tally.add_all(rows)

        atomic_write(out / "records.csv", write_csv)

    atomic_write(out / "records.parquet", write_records)
    summary = summarize(tally, params.as_dict())
    atlas = summary["atlas"] = summarize_atlas(atlas_tally, tally.editions, tally.kind_order(),
                                               summary["parameters"])
    atomic_write(out / "summary.json",
                  lambda tmp: tmp.write_text(json.dumps(summary, indent=2) + "\n"))
    atomic_write(out / "summary.md", lambda tmp: tmp.write_text(markdown(summary) + "\n"
                                                           + atlas_markdown(atlas, summary["parameters"])))
    atomic_write(out / "difference_by_kind.png", lambda tmp: plot_differences(summary, tmp))
    atomic_write(out / "adjusted_by_trick.png", lambda tmp: plot_adjusted_by_trick(summary, tmp))
    atomic_write(out / "atlas_compensation.png", lambda tmp: plot_atlas_compensation(atlas, tmp))
    atomic_write(out / "atlas_by_trick.png", lambda tmp: plot_atlas_by_trick(atlas, tmp))
    return [out / name for name in OUTPUT_FILES]
