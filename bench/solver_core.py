"""Solver core: our solver layer (:class:`~revoke_equity.solver.dds.DdsSolver`) against bare
endplay calls on the same deals and positions, in the same run.

Operations (:data:`OPERATIONS`): a full DD table; a solve (every card) at the opening lead, at a
mid-play position and at a mid-trick one; a trace of a whole line. Each is timed ``reps`` times on
every deal through both sides; in each repetition the two sides take turns going first, DDS is
flushed (:func:`~bench.timing.flush_dds`) and our cache cleared before every timed call, so neither
side profits from the other's work. The cached case (a solve our cache answers) is timed apart.

Every answer is checked (:class:`~bench.oracle.Oracle`): against the reference answers of the
DDS hands files where the deal comes from one (``TABLE``, ``FUT``, ``TRACE``, and the mid-play
solves against the ``TRACE`` value at that point of the line), and ours against bare always.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from bench.bare import (
    bare_solve,
    bare_table,
    bare_trace,
    best_for_ns,
    our_solve,
    our_table,
    trace_to_ns,
)
from bench.config import DDS_HANDS, Config
from bench.hands import read_hands
from bench.oracle import Oracle
from bench.timing import distribution, flush_dds, median, timed
from bench.workload import BenchDeal, Spot, from_reference, random_deal

OPERATIONS = ("dd_table", "solve_lead", "solve_mid_play", "solve_mid_trick", "trace_line")
CACHED = "solve_lead_cached"
"""The cached row: a solve at the lead answered from our cache (no DDS call)."""
LABELS = {
    "dd_table": "DD table (CalcDDtable)",
    "solve_lead": "solve, opening lead (SolveBoard)",
    "solve_mid_play": "solve, mid-play (trick 5 lead)",
    "solve_mid_trick": "solve, mid-trick (2 cards on table)",
    "trace_line": "trace, whole line (AnalysePlay)",
    CACHED: "solve, opening lead, cached",
}
SIDES = ("ours", "bare")

Log = Callable[[str], None]


@dataclass(frozen=True)
class Sample:
    """One timed call."""

    op: str
    deal: str
    group: str
    rep: int
    side: str
    seconds: float
    engine_seconds: float | None
    """Ours only: the time our layer spent inside DDS (``SolverStats.seconds``)."""
    cpu_seconds: float | None = None
    """CPU time of the process during the call, all threads (DDS's tables run on several)."""


def choose_deals(config: Config) -> list[BenchDeal]:
    """The ordinary deals (seeded sample of list100, then random ones) and the hard ones."""
    rng = random.Random(config.seed)
    refs = read_hands(DDS_HANDS / "list100.txt")
    picked = list(config.list_indices) or sorted(
        rng.sample(range(len(refs)), min(config.list_deals, len(refs))))
    deals = [from_reference(refs[i], "ordinary", rng) for i in picked]
    deals += [random_deal(i, rng) for i in range(config.random_deals)]
    if config.hard_deals:
        hard = read_hands(DDS_HANDS / "largest.txt")[:config.hard_deals]
        deals += [from_reference(ref, "hard", rng) for ref in hard]
    return deals


class _Checker:
    """The expected answer of each (operation, deal): the reference's where it has one, else the
    first answer seen (so ours and bare must agree)."""

    def __init__(self, oracle: Oracle) -> None:
        self.oracle = oracle
        self.seen: dict[tuple[str, str], object] = {}

    def check(self, op: str, bd: BenchDeal, side: str, answer: object) -> None:
        where = f"{bd.name} {op} ({side})"
        ref = bd.ref
        if ref is not None and op == "dd_table":
            self.oracle.equal("reference TABLE", answer, ref.table_answer(), where)
        elif ref is not None and op in ("solve_lead", CACHED):
            self.oracle.equal("reference FUT", answer, ref.lead_answer(), where)
        elif ref is not None and op == "trace_line":
            assert isinstance(answer, tuple)
            expected = trace_to_ns(bd.lead.position, bd.line, ref.trace)
            self.oracle.equal("reference TRACE", answer, expected, where)
        elif ref is not None and op in ("solve_mid_play", "solve_mid_trick"):
            spot = bd.mid_play if op == "solve_mid_play" else bd.mid_trick
            if spot.cards < len(ref.trace) and spot.cards <= len(ref.play):
                expected_ns = trace_to_ns(bd.lead.position, bd.line, ref.trace)[spot.cards]
                assert isinstance(answer, dict)
                got_ns = best_for_ns(spot.position, answer)
                self.oracle.equal("reference TRACE at a solved position", got_ns, expected_ns,
                                  where)
        key = (op if op != CACHED else "solve_lead", bd.name)
        if key in self.seen:
            self.oracle.equal("ours vs bare", answer, self.seen[key], where)
        else:
            self.seen[key] = answer


def _reported(bd: BenchDeal) -> int:
    """How many positions of the line DDS reports (all but those inside the last trick)."""
    return min(len(bd.line), 48) + 1


def _call(op: str, side: str, bd: BenchDeal, solver: Any) -> Callable[[], object]:
    """The timed call: one operation, one side, one deal. Each returns its answer in plain
    Python values (the bare trace as DDS's raw counts: :func:`_comparable` converts it after the
    clock has stopped)."""
    spot: Spot = {"solve_lead": bd.lead, "solve_mid_play": bd.mid_play,
                  "solve_mid_trick": bd.mid_trick}.get(op, bd.lead)
    if side == "ours":
        if op == "dd_table":
            return lambda: our_table(solver.dd_table(bd.deal))
        if op == "trace_line":
            n = _reported(bd)
            return lambda: solver.trace(bd.lead.position, bd.line)[:n]
        return lambda: our_solve(solver.solve(spot.position))
    if op == "dd_table":
        return lambda: bare_table(bd.lead.bare)
    if op == "trace_line":
        line = bd.line_text
        return lambda: bare_trace(bd.lead.bare, line)
    return lambda: bare_solve(spot.bare)


def _solve_ours(solver: Any, position: Any) -> dict[str, int]:
    return our_solve(solver.solve(position))


def _comparable(op: str, side: str, bd: BenchDeal, answer: object) -> object:
    """The answer in the shape both sides are checked in (the bare trace as ours: North-South's
    remaining tricks at each reported position)."""
    if op == "trace_line" and side == "bare":
        assert isinstance(answer, tuple)
        return trace_to_ns(bd.lead.position, bd.line, answer)
    return answer


def _measure(op: str, side: str, bd: BenchDeal, rep: int, solver: Any,
             checker: _Checker) -> Sample:
    fn = _call(op, side, bd, solver)
    solver.clear_cache()
    flush_dds()
    engine_before = solver.stats.seconds
    cpu_before = time.process_time()
    seconds, answer = timed(fn)
    cpu = time.process_time() - cpu_before
    engine = solver.stats.seconds - engine_before if side == "ours" else None
    checker.check(op, bd, side, _comparable(op, side, bd, answer))
    return Sample(op, bd.name, bd.group, rep, side, seconds, engine, cpu)


def _warm_up(solver: Any, bd: BenchDeal) -> None:
    """Load DDS and its memory once, untimed (the first call of a process is slower)."""
    solver.dd_table(bd.deal)
    solver.solve(bd.mid_trick.position)
    bare_solve(bd.mid_trick.bare)
    solver.trace(bd.mid_play.position, ())
    solver.clear_cache()


def run_solver_core(config: Config, oracle: Oracle, log: Log) -> dict[str, Any]:
    """Time every operation on every deal through both sides; summarise (see the module doc)."""
    from revoke_equity.solver.dds import DdsSolver

    deals = choose_deals(config)
    solver = DdsSolver()
    checker = _Checker(oracle)
    _warm_up(solver, deals[0])
    samples: list[Sample] = []
    groups = [("ordinary", config.reps), ("hard", config.hard_reps)]
    for op in OPERATIONS:
        for group, reps in groups:
            members = [bd for bd in deals if bd.group == group]
            if not members:
                continue
            log(f"solver core: {op}, {len(members)} {group} deals x {reps} reps x 2 sides")
            for rep in range(reps):
                for i, bd in enumerate(members):
                    order = SIDES if (rep + i) % 2 == 0 else SIDES[::-1]
                    for side in order:
                        samples.append(_measure(op, side, bd, rep, solver, checker))
    log(f"solver core: {CACHED}, {config.cached_reps} calls per deal")
    for bd in deals:
        if bd.group != "ordinary":
            continue
        solver.clear_cache()
        solver.solve(bd.lead.position)
        position = bd.lead.position
        for rep in range(config.cached_reps):
            before = solver.stats.seconds
            seconds, answer = timed(partial(_solve_ours, solver, position))
            checker.check(CACHED, bd, "ours", answer)
            samples.append(Sample(CACHED, bd.name, bd.group, rep, "ours", seconds,
                                  solver.stats.seconds - before))
    return {
        "deals": [{"name": bd.name, "group": bd.group, "trump": bd.trump, "first": bd.first,
                   "line_cards": len(bd.line), "reference": bd.ref is not None} for bd in deals],
        "positions": {"mid_play_cards": deals[0].mid_play.cards,
                      "mid_trick_cards": deals[0].mid_trick.cards},
        "summary": summarise(samples),
        "samples": [asdict(s) for s in samples],
    }


def summarise(samples: list[Sample]) -> list[dict[str, Any]]:
    """One row per (operation, group): both sides' distributions (seconds), the paired ratio
    ours/bare (median over deal x rep pairs, and of the totals), and our layer's own time per call
    (wall minus time inside DDS)."""
    rows: list[dict[str, Any]] = []
    for op in (*OPERATIONS, CACHED):
        for group in ("ordinary", "hard"):
            mine = [s for s in samples if s.op == op and s.group == group]
            if not mine:
                continue
            ours = [s for s in mine if s.side == "ours"]
            if op == CACHED:
                bare = [s for s in samples if s.op == "solve_lead" and s.group == group
                        and s.side == "bare"]
                bare_by_deal: dict[str, list[float]] = {}
                for s in bare:
                    bare_by_deal.setdefault(s.deal, []).append(s.seconds)
                ratios = [s.seconds / median(bare_by_deal[s.deal]) for s in ours
                          if s.deal in bare_by_deal]
            else:
                bare = [s for s in mine if s.side == "bare"]
                bare_at = {(s.deal, s.rep): s.seconds for s in bare}
                ratios = [s.seconds / bare_at[(s.deal, s.rep)] for s in ours
                          if (s.deal, s.rep) in bare_at]
            total_ours = sum(s.seconds for s in ours)
            total_bare = sum(s.seconds for s in bare)
            overhead = [s.seconds - (s.engine_seconds or 0.0) for s in ours]
            cpu = sum(s.cpu_seconds or 0.0 for s in mine if s.cpu_seconds is not None)
            wall = sum(s.seconds for s in mine if s.cpu_seconds is not None)
            rows.append({
                "op": op,
                "label": LABELS[op],
                "group": group,
                "deals": len({s.deal for s in ours}),
                "calls": len(ours),
                "ours": distribution([s.seconds for s in ours]),
                "bare": distribution([s.seconds for s in bare]),
                "ratio_median": median(ratios),
                "ratio_p90": distribution(ratios)["p90"],
                "ratio_total": total_ours / total_bare if total_bare else float("nan"),
                "overhead": distribution(overhead),
                "cores_used": cpu / wall if wall else float("nan"),
            })
    return rows
