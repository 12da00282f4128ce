"""What a benchmark run does: sizes and repetitions of each section (quick, full, and a tiny one
for the tests)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

Log = Callable[[str], None]
"""Where a benchmark reports its progress (one line a call)."""

SECTIONS = ("solver", "ruling", "naive", "sd", "sd-stability", "cashout", "study")
"""The sections of a run, in the order they run (``--only`` picks some). ``sd`` includes the
stability table; ``sd-stability`` is that table alone (for the sets of ``stability_sets``), run
as the sd section."""

STABILITY_SETS = ("worked", "published", "synthetic")
"""The sets of cases of the stability table, in the order it rules them."""

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data"
DDS_HANDS = DATA / "dds-hands"
WORKED_CASES = DATA / "cases"
PUBLISHED_CASES = DATA / "published"
DEFAULT_OUT = REPO / "bench" / "results"


@dataclass(frozen=True)
class Config:
    """Sizes of one run. Counts are upper bounds (a file may hold fewer)."""

    mode: str
    """``quick``, ``full`` or ``tiny`` (tests); names the report files."""
    seed: int = 2024
    sections: tuple[str, ...] = SECTIONS

    # -- solver core ------------------------------------------------------------------------------
    list_deals: int = 30
    """Deals drawn (seeded) from ``list100.txt``; their FUT/TABLE/TRACE answers are the oracle."""
    list_indices: tuple[int, ...] = ()
    """Explicit deals of ``list100.txt`` (0-based) instead of the seeded sample (the tests' cheap
    ones)."""
    random_deals: int = 10
    """Seeded random deals with a random legal line (oracle: ours and bare agree)."""
    hard_deals: int = 0
    """Deals of ``largest.txt`` (the heavy tail; the first ``n`` in file order)."""
    reps: int = 3
    """Timed repetitions of each operation on each ordinary deal (ours and bare each)."""
    hard_reps: int = 1
    """The same for the hard deals."""
    cached_reps: int = 20
    """Timed calls of a cached solve per deal."""

    # -- ruling pipeline ---------------------------------------------------------------------------
    worked_cases: int | None = None
    """Worked cases ``tests/data/cases/p*.json`` used (``None``: all, in file order)."""
    worked_names: tuple[str, ...] = ()
    """Explicit worked cases (file name prefixes such as ``p03``) instead of the first ones."""
    synthetic_cases: int = 40
    """Seeded synthetic cases (random deal, contract and legal play with one revoke)."""
    ruling_reps: int = 3
    """Timed warm rulings per case."""
    table_reps: int = 2
    """Timed DD tables per case (the yardstick a ruling is measured in)."""
    cold_cases: int = 6
    """Cases ruled cold (a fresh interpreter per ruling): the first half worked, then synthetic."""
    cold_reps: int = 2
    cold_start_rounds: int = 5
    """Paired rounds of whole-process cold starts (:func:`bench.cold.cold_start`; 0: none)."""
    naive_cases: int = 12
    """Cases also ruled by the no-reuse baseline (worked first, then synthetic)."""

    # -- single-dummy estimate ---------------------------------------------------------------------
    sd_worked: tuple[str, ...] = ("p",)
    """Worked cases of the single-dummy section (file name prefixes; ``p``: all)."""
    sd_synthetic: int = 22
    """Synthetic cases of the single-dummy section."""
    sd_tricks: tuple[int, ...] = tuple(range(1, 12))
    """The tricks their revokes are put on, in turn."""
    sd_naive: int = 4
    """The cheapest cases also estimated by the naive version (no memo, one solve per layout)."""
    sd_worlds: int | None = None
    """Layouts per decision of the single-dummy section (``None``: the product's default)."""
    sd_max_worlds: int | None = None
    """The most layouts an unsettled decision draws (``None``: the product's default)."""
    sd_tolerance: float | None = None
    """A decision is settled once its cards' probabilities vary by at most this (``None``: the
    product's default)."""
    sd_playouts: int | None = None
    """The most playouts of a sampled estimate (``None``: the product's default)."""
    sd_precision: float | None = None
    """The playouts stop once every probability's 95% interval is within +/- this (``None``:
    the product's default)."""
    sd_jobs: int = 1
    """Processes for the single-dummy section's playouts."""
    sd_auction_rounds: int = 3
    """Rulings each way (with the auction, without) of each case with an auction."""
    sd_auction_cases: str = "board-"
    """The cases of ``tests/data/auction`` whose names start so."""
    sd_auction_sampler: bool = True
    """Whether to time the constrained sampler on its large case (seconds state by state)."""
    sd_seeds: int = 5
    """Seeds of the stability table (the run's seed, then seeds derived from it)."""
    stability_worked: tuple[str, ...] = ("p",)
    """Worked cases of the stability table (file name prefixes; ``p``: all)."""
    stability_published: int | None = None
    """Published cases of the stability table (``tests/data/published/*.json`` in file order;
    ``None``: all, 0: none)."""
    stability_alone: bool = False
    """The sd section is its stability table alone (``--only sd-stability``)."""
    stability_sets: tuple[str, ...] = STABILITY_SETS
    """The sets the stability table rules (``--set``)."""
    stability_names: tuple[str, ...] = ()
    """Only the worked and published cases whose names start with one of these (``--cases``;
    empty: every case of the set)."""
    stability_synthetic: int = 10
    """Synthetic cases of the stability table (one a trick, revokes at tricks 4-11 then 4 and 5
    again: an earlier revoke costs up to a minute a ruling, five times over; with the worked and
    published cases this keeps ``--only sd`` near 25 minutes on 2 cores)."""
    stability_tricks: tuple[int, ...] = tuple(range(4, 12))
    """The tricks the stability table's synthetic revokes are put on, in turn."""

    # -- cashing the tricks a player can count -----------------------------------------------------
    cashout_deals: int = 121
    """Real deals of ``tests/data/dds-hands`` searched for a cashable position (list100 then
    largest, 121 in all)."""
    cashout_endings: int = 40
    """Seeded random endings cashable for the side on lead."""
    cashout_tricks: int = 5
    """The most tricks left in a position of the cashout section."""
    cashout_layouts: int = 300
    """A position is checked only when each of its decisions has fewer layouts than this."""
    cashout_replays: int = 50
    """Seeded replays of the single-dummy player from each cashable position."""

    # -- study -------------------------------------------------------------------------------------
    study_cases: int = 40
    """Synthetic cases per study run (one run per worker count)."""
    study_workers: tuple[int, ...] = (1, 2)
    study_warm_up: bool = True
    """Start the workers with an untimed study first (off only in the tests: it costs time)."""

    @classmethod
    def full(cls, seed: int = 2024) -> Config:
        """The full run (about 10 minutes on 2 cores): the lead's numbers."""
        return cls(mode="full", seed=seed, list_deals=60, random_deals=20, hard_deals=8,
                   reps=5, hard_reps=1, cached_reps=50, synthetic_cases=60, ruling_reps=3,
                   table_reps=2, cold_cases=8, cold_reps=3, naive_cases=16, study_cases=60)

    @classmethod
    def quick(cls, seed: int = 2024) -> Config:
        """About a minute; safe for CI (numbers are indicative only)."""
        return cls(mode="quick", seed=seed, list_deals=5, random_deals=2, hard_deals=0, reps=2,
                   cached_reps=10, worked_cases=None, synthetic_cases=5, ruling_reps=2,
                   table_reps=1, cold_cases=2, cold_reps=1, cold_start_rounds=2, naive_cases=3,
                   study_cases=6,
                   sd_worked=("p04", "p05"), sd_synthetic=2, sd_tricks=(11, 10), sd_naive=1,
                   sd_auction_rounds=1, sd_seeds=2, stability_worked=("p01", "p02", "p05"),
                   stability_published=0, stability_synthetic=0, cashout_deals=30,
                   cashout_endings=10, cashout_tricks=4, cashout_layouts=100, cashout_replays=20)

    @classmethod
    def tiny(cls, seed: int = 11) -> Config:
        """A few seconds: the structure and the oracle checks, for ``tests/test_bench.py`` (two
        cheap list100 deals and worked cases; seed 11 draws a cheap random deal)."""
        return cls(mode="tiny", seed=seed, list_indices=(59, 15), random_deals=1, hard_deals=0,
                   reps=1, cached_reps=2, worked_names=("p03", "p06"), synthetic_cases=1,
                   ruling_reps=1, table_reps=1, cold_cases=1, cold_reps=1, cold_start_rounds=0,
                   naive_cases=1,
                   study_cases=2, study_warm_up=False, sd_worked=("p04",), sd_synthetic=1,
                   sd_tricks=(11,), sd_naive=1, sd_auction_rounds=1,
                   sd_auction_cases="board-9-", sd_auction_sampler=False, sd_seeds=2,
                   stability_worked=("p02",), stability_published=0, stability_synthetic=1,
                   stability_tricks=(11,), cashout_deals=6, cashout_endings=2, cashout_tricks=3,
                   cashout_layouts=30, cashout_replays=4)

    def only(self, sections: tuple[str, ...]) -> Config:
        """This configuration restricted to ``sections`` (kept in run order)."""
        unknown = [s for s in sections if s not in SECTIONS]
        if unknown:
            raise ValueError(f"unknown section {unknown[0]!r} (expected {', '.join(SECTIONS)})")
        alone = "sd-stability" in sections and "sd" not in sections
        if alone:  # the sd section, its stability table alone
            sections = (*sections, "sd")
        return replace(self, sections=tuple(s for s in SECTIONS if s in sections),
                       stability_alone=alone)
