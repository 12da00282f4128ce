"""The study's arithmetic: tallies over the records, shares with 95% Wilson intervals, and the
``summary.json`` / ``summary.md`` texts.

Everything is computed from counts accumulated record by record (:class:`Tally`), so a summary of
any number of records needs memory for the counts only.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from revoke_equity.model.distribution import Z95
from revoke_equity.study.kinds import StudyKind

__all__ = ["ALL_KINDS", "OUTCOMES", "Tally", "markdown", "share", "share_text", "summarize", "wilson"]

OUTCOMES = ("under", "exact", "over")
ALL_KINDS = "all"
SUMMARY_FORMAT = "revoke-equity/study-summary@1"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval for ``k`` successes in ``n`` trials (``None`` when ``n`` is 0)::

        >>> [round(x, 4) for x in wilson(1, 5)]
        [0.0362, 0.6245]
    """
    if n <= 0:
        return None
    if not 0 <= k <= n:
        raise ValueError(f"{k} successes in {n} trials")
    p = k / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def share(k: int, n: int) -> dict[str, Any]:
    """``{"count", "share", "ci95"}`` for ``k`` of ``n`` (share and interval ``None`` when n is 0)."""
    interval = wilson(k, n)
    return {
        "count": k,
        "share": k / n if n else None,
        "ci95": [round(interval[0], 6), round(interval[1], 6)] if interval else None,
    }


@dataclass
class Tally:
    """Counts over study records (dicts with the columns of :data:`~.records.SCHEMA`).

    Keys are ``(edition, kind)``, ``kind`` also :data:`ALL_KINDS`. Generation costs are counted
    once per case, on the record of the study's first edition.
    """

    editions: tuple[str, ...]
    outcomes: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    diffs: Counter[tuple[str, str, int]] = field(default_factory=Counter)
    adjusted: Counter[tuple[str, str]] = field(default_factory=Counter)
    records: Counter[tuple[str, str]] = field(default_factory=Counter)
    diff_sum: Counter[tuple[str, str]] = field(default_factory=Counter)
    transferred_sum: Counter[tuple[str, str]] = field(default_factory=Counter)
    by_trick: Counter[tuple[str, int]] = field(default_factory=Counter)
    adjusted_by_trick: Counter[tuple[str, int]] = field(default_factory=Counter)
    rectification_laws: Counter[tuple[str, str]] = field(default_factory=Counter)
    recommendation_laws: Counter[tuple[str, str]] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    cost: Counter[str] = field(default_factory=Counter)

    def add(self, record: Mapping[str, Any]) -> None:
        edition, kind = str(record["edition"]), str(record["kind"])
        diff = int(record["nos_diff"])
        outcome = "under" if diff < 0 else "exact" if diff == 0 else "over"
        adjusted = bool(record["rec_adjusted"])
        for k in (kind, ALL_KINDS):
            self.records[edition, k] += 1
            self.outcomes[edition, k, outcome] += 1
            self.diffs[edition, k, diff] += 1
            self.diff_sum[edition, k] += diff
            self.transferred_sum[edition, k] += int(record["transferred"])
            self.adjusted[edition, k] += adjusted
        trick = int(record["revoke_trick"])
        self.by_trick[edition, trick] += 1
        self.adjusted_by_trick[edition, trick] += adjusted
        for law in str(record["laws_applied"]).split("+"):
            self.rectification_laws[edition, law] += 1
        self.recommendation_laws[edition, str(record["rec_law"])] += 1
        self.cost["records"] += 1
        for column in ("rule_dds_calls", "rule_dds_seconds", "rule_seconds"):
            self.cost[column] += record.get(column) or 0
        if edition == self.editions[0]:
            self.kinds[kind] += 1
            for column in ("gen_dds_calls", "gen_dds_seconds", "gen_seconds"):
                self.cost[column] += record.get(column) or 0

    def add_all(self, records: Iterable[Mapping[str, Any]]) -> Tally:
        for record in records:
            self.add(record)
        return self

    @property
    def cases(self) -> int:
        return sum(self.kinds.values())

    def kind_order(self) -> list[str]:
        """Kinds present, in the order of :class:`~.kinds.StudyKind`, then ``all``."""
        order = [k.value for k in StudyKind]
        present = {k for (_, k) in self.records if k != ALL_KINDS}
        known = sorted(present, key=lambda k: order.index(k) if k in order else len(order))
        return [*known, ALL_KINDS]


def summarize(tally: Tally, parameters: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``summary.json`` object of ``tally``."""
    kinds = tally.kind_order()
    compensation = []
    distribution = []
    for edition in tally.editions:
        for kind in kinds:
            n = tally.records[edition, kind]
            if not n:
                continue
            row: dict[str, Any] = {"edition": edition, "kind": kind, "n": n}
            for outcome in OUTCOMES:
                row[outcome] = share(tally.outcomes[edition, kind, outcome], n)
            row["adjusted"] = share(tally.adjusted[edition, kind], n)
            row["mean_diff"] = round(tally.diff_sum[edition, kind] / n, 6)
            row["mean_transferred"] = round(tally.transferred_sum[edition, kind] / n, 6)
            compensation.append(row)
            counts = {d: c for (e, k, d), c in tally.diffs.items() if (e, k) == (edition, kind)}
            distribution.append({"edition": edition, "kind": kind,
                                 "counts": {str(d): counts[d] for d in sorted(counts)}})
    by_trick = []
    for edition in tally.editions:
        for trick in sorted(t for (e, t) in tally.by_trick if e == edition):
            n = tally.by_trick[edition, trick]
            entry = share(tally.adjusted_by_trick[edition, trick], n)
            by_trick.append({"edition": edition, "trick": trick, "n": n, **entry})
    records = tally.cost["records"]
    cases = tally.cases
    cost = {
        "note": "timing varies between runs; only this block does",
        "gen_dds_calls_per_case": round(tally.cost["gen_dds_calls"] / cases, 3) if cases else None,
        "gen_dds_seconds_per_case": round(tally.cost["gen_dds_seconds"] / cases, 6) if cases else None,
        "gen_seconds_per_case": round(tally.cost["gen_seconds"] / cases, 6) if cases else None,
        "rule_dds_calls_per_record": round(tally.cost["rule_dds_calls"] / records, 3)
        if records else None,
        "rule_dds_seconds_per_record": round(tally.cost["rule_dds_seconds"] / records, 6)
        if records else None,
        "rule_seconds_per_record": round(tally.cost["rule_seconds"] / records, 6) if records else None,
    }
    return {
        "format": SUMMARY_FORMAT,
        "parameters": dict(parameters or {}),
        "cases": cases,
        "records": records,
        "cases_by_kind": {k: tally.kinds[k] for k in kinds if k != ALL_KINDS},
        "definitions": DEFINITIONS,
        "compensation": compensation,
        "difference_distribution": distribution,
        "adjusted_by_trick": by_trick,
        "rectification_laws": _nested(tally.rectification_laws, tally.editions),
        "recommendation_laws": _nested(tally.recommendation_laws, tally.editions),
        "cost": cost,
    }


DEFINITIONS = {
    "nos_diff": "non-offenders' tricks under the mechanical result (Law 64A after 64B) minus "
                "their tricks under the double-dummy equity (ruling.md)",
    "under": "nos_diff < 0: the transfer gave the non-offenders less than the equity (Law 64C "
             "adjusts)",
    "exact": "nos_diff = 0",
    "over": "nos_diff > 0: the transfer gave them more (it stands, Law 12B2)",
    "adjusted": "the recommended score is an adjusted one (64C, 64C1, 64C2a, 64C2b)",
    "ci95": "95% Wilson score interval of the share",
    "both-sides": "no single non-offending side: the opponents of the first revoker are used",
    "trick": "the trick of the (first) revoke",
}


def _nested(counter: Counter[tuple[str, str]], editions: Sequence[str]) -> dict[str, dict[str, int]]:
    return {
        edition: {law: counter[e, law] for (e, law) in sorted(counter) if e == edition}
        for edition in editions
    }


def share_text(entry: Mapping[str, Any]) -> str:
    """A :func:`share` as ``12.3% [10.1, 14.8]`` (its 95% interval); ``-`` when there is none."""
    if entry.get("share") is None:
        return "-"
    lo, hi = entry["ci95"]
    return f"{100 * entry['share']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def markdown(summary: Mapping[str, Any]) -> str:
    """``summary.md``: the parameters, the key table, the 64C share by trick, the laws applied."""
    p = summary["parameters"]
    lines = [
        "# Revoke equity study",
        "",
        f"{summary['cases']} cases (seed {p.get('seed')}), {summary['records']} rulings; laws "
        f"{', '.join(p.get('laws', []))}; kinds "
        + ", ".join(f"{k} {n}" for k, n in summary["cases_by_kind"].items())
        + (f"; real deals from {', '.join(p['deals_from'])}" if p.get("deals_from") else "") + ".",
        "",
        "## Does Law 64A compensate the non-offenders?",
        "",
        "Mechanical result (64A/64B) against the double-dummy equity, from the non-offenders' "
        "view. Shares with 95% Wilson intervals. *Under*: the transfer gave them fewer tricks than "
        "the equity (the Director adjusts under 64C); *over*: more (it stands, Law 12B2).",
        "",
        "| edition | kind | n | under-compensated | exact | over-compensated | 64C adjusted | "
        "mean diff |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in summary["compensation"]:
        kind = f"**{row['kind']}**" if row["kind"] == ALL_KINDS else row["kind"]
        lines.append(
            f"| {row['edition']} | {kind} | {row['n']} | {share_text(row['under'])} | "
            f"{share_text(row['exact'])} | {share_text(row['over'])} | {share_text(row['adjusted'])} | "
            f"{row['mean_diff']:+.2f} |"
        )
    lines += ["", "For both-sides cases (no automatic transfer, Law 64B7) the non-offenders are the "
              "opponents of the first revoker.", "", "## Share needing Law 64C, by the trick of "
              "the (first) revoke", ""]
    editions = list(p.get("laws", [])) or sorted({r["edition"] for r in summary["adjusted_by_trick"]})
    tricks = sorted({r["trick"] for r in summary["adjusted_by_trick"]})
    cells = {(r["edition"], r["trick"]): r for r in summary["adjusted_by_trick"]}
    lines += ["| trick | " + " | ".join(editions) + " |",
              "|---:|" + "---:|" * len(editions)]
    for trick in tricks:
        row_cells = []
        for edition in editions:
            entry = cells.get((edition, trick))
            row_cells.append(f"{share_text(entry)} (n {entry['n']})" if entry else "-")
        lines.append(f"| {trick} | " + " | ".join(row_cells) + " |")
    lines += ["", "## Laws applied", "", "| edition | rectification (per revoke) | recommendation |",
              "|---|---|---|"]
    for edition in editions:
        rect = summary["rectification_laws"].get(edition, {})
        rec = summary["recommendation_laws"].get(edition, {})
        lines.append(f"| {edition} | " + ", ".join(f"{k} {v}" for k, v in rect.items()) + " | "
                     + ", ".join(f"{k} {v}" for k, v in rec.items()) + " |")
    cost = summary["cost"]
    lines += ["", "## Cost", "",
              f"Per case: {cost['gen_dds_calls_per_case']} DDS calls, "
              f"{cost['gen_seconds_per_case']} s to generate; per ruling: "
              f"{cost['rule_dds_calls_per_record']} DDS calls, {cost['rule_seconds_per_record']} s.",
              ""]
    return "\n".join(lines)
