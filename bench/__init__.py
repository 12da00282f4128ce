"""Benchmarks of the solver core and of the ruling pipeline, as ratios, with a report.

``python -m bench`` (full) or ``python -m bench --quick`` (about a minute); see :mod:`bench.__main__`.
Every benchmark is also an oracle: the answers it times are checked (against the DDS reference
deals' own answers, against bare endplay, against the worked cases, against a no-reuse baseline)
and a mismatch stops the run with :class:`~bench.oracle.OracleMismatch`.

Sections (each a module): :mod:`bench.solver_core` (our solver layer against bare endplay calls),
:mod:`bench.pipeline` (rulings warm and cold, DDS share, against one DD table; with the naive
baseline of :mod:`bench.naive`), :mod:`bench.study_bench` (study throughput with 1 and 2 worker
processes); :mod:`bench.report` writes Markdown and JSON.
"""

from __future__ import annotations

from bench.config import Config
from bench.oracle import OracleMismatch
from bench.runner import run

__all__ = ["Config", "OracleMismatch", "run"]
