"""The study's PNG plots, drawn from ``summary.json``'s data with matplotlib's Agg backend."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from revoke_equity.laws.editions import EDITIONS_IN_ORDER

__all__ = ["plot_adjusted_by_trick", "plot_atlas_by_trick", "plot_atlas_compensation",
           "plot_differences"]

_PALETTE = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")
_EDITION_COLOURS = {str(e): _PALETTE[i % len(_PALETTE)] for i, e in enumerate(EDITIONS_IN_ORDER)}
"""A colour per edition, by its place in the list of editions (oldest first)."""


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def plot_differences(summary: Mapping[str, Any], path: Path) -> None:
    """One panel per revoke kind (and all kinds): the share of cases at each value of the
    non-offenders' mechanical-minus-equity difference, a bar per law edition."""
    plt = _pyplot()
    rows = summary["difference_distribution"]
    kinds: list[str] = []
    editions: list[str] = []
    for row in rows:
        if row["kind"] not in kinds:
            kinds.append(row["kind"])
        if row["edition"] not in editions:
            editions.append(row["edition"])
    values = sorted({int(d) for row in rows for d in row["counts"]}) or [0]
    xs = list(range(min(values), max(values) + 1))
    columns = min(4, len(kinds))
    panels_rows = math.ceil(len(kinds) / columns)
    fig, axes = plt.subplots(panels_rows, columns, figsize=(4.2 * columns, 3.2 * panels_rows),
                             squeeze=False, sharex=True, sharey=True)
    width = 0.8 / max(1, len(editions))
    by_key = {(row["edition"], row["kind"]): row["counts"] for row in rows}
    for i, kind in enumerate(kinds):
        ax = axes[i // columns][i % columns]
        n = 0
        for j, edition in enumerate(editions):
            counts = by_key.get((edition, kind), {})
            total = sum(counts.values())
            n = max(n, total)
            shares = [counts.get(str(x), 0) / total if total else 0 for x in xs]
            ax.bar([x + (j - (len(editions) - 1) / 2) * width for x in xs], shares, width,
                   label=edition, color=_EDITION_COLOURS.get(edition))
        ax.axvline(0, color="grey", linewidth=0.8, linestyle=":")
        ax.set_title(f"{kind} (n={n})", fontsize=10)
        ax.set_xticks(xs)
        ax.grid(axis="y", alpha=0.3)
    for k in range(len(kinds), panels_rows * columns):
        axes[k // columns][k % columns].set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel("mechanical − equity (non-offenders' tricks)")
    for row_axes in axes:
        row_axes[0].set_ylabel("share of cases")
    axes[0][0].legend(title="Laws", fontsize=8)
    fig.suptitle("Law 64A against the double-dummy equity: < 0 under-compensated, "
                 "> 0 over-compensated", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)


def plot_adjusted_by_trick(summary: Mapping[str, Any], path: Path) -> None:
    """The share of rulings with an adjusted score (Law 64C) by the trick of the (first) revoke,
    a line per law edition with 95% Wilson intervals."""
    plt = _pyplot()
    rows = summary["adjusted_by_trick"]
    editions: list[str] = []
    for row in rows:
        if row["edition"] not in editions:
            editions.append(row["edition"])
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    offsets = {e: (i - (len(editions) - 1) / 2) * 0.12 for i, e in enumerate(editions)}
    for edition in editions:
        mine = [r for r in rows if r["edition"] == edition and r["share"] is not None]
        xs = [r["trick"] + offsets[edition] for r in mine]
        ys = [r["share"] for r in mine]
        low = [r["share"] - r["ci95"][0] for r in mine]
        high = [r["ci95"][1] - r["share"] for r in mine]
        ax.errorbar(xs, ys, yerr=[low, high], marker="o", capsize=3, label=edition,
                    color=_EDITION_COLOURS.get(edition))
    tricks = sorted({r["trick"] for r in rows})
    if tricks:
        ax.set_xticks(tricks)
        counts = {t: max(r["n"] for r in rows if r["trick"] == t) for t in tricks}
        ax.set_xticklabels([f"{t}\nn={counts[t]}" for t in tricks], fontsize=8)
    tops = [r["ci95"][1] for r in rows if r["ci95"] is not None]
    ax.set_ylim(0, min(1.0, max(tops, default=1.0) + 0.05))
    ax.set_xlabel("trick of the (first) revoke")
    ax.set_ylabel("share adjusted (Law 64C)")
    ax.set_title("Share of revoke rulings needing an adjusted score, 95% Wilson intervals")
    ax.grid(alpha=0.3)
    ax.legend(title="Laws")
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)


_ESTIMATE_COLOURS = {"dd": "#4c72b0", "sd": "#c44e52"}


def _atlas_edition(atlas: Mapping[str, Any]) -> str | None:
    editions = [r["edition"] for r in atlas["compensation"]]
    return editions[-1] if editions else None


def compensation_title(estimates: list[str], edition: str | None) -> str:
    """The compensation plot's title, naming the estimates the study made."""
    return (f"The mechanical result against the {' and the '.join(estimates)} likely result "
            f"({edition} Laws)")


def plot_atlas_compensation(atlas: Mapping[str, Any], path: Path) -> None:
    """For the latest edition: per revoke kind, the shares under-compensated and over-compensated
    against each estimate's likely result, with 95% Wilson intervals."""
    plt = _pyplot()
    edition = _atlas_edition(atlas)
    rows = [r for r in atlas["compensation"] if r["edition"] == edition]
    kinds: list[str] = []
    for row in rows:
        if row["kind"] not in kinds:
            kinds.append(row["kind"])
    estimates = list(atlas["estimates"])
    fig, axes = plt.subplots(1, 2, figsize=(max(8.0, 1.3 * len(kinds) + 4), 4.4), sharey=True,
                             squeeze=False)
    width = 0.8 / max(1, len(estimates))
    by_key = {(r["kind"], r["estimate"]): r for r in rows}
    for ax, outcome in zip(axes[0], ("under", "over"), strict=True):
        for j, estimate in enumerate(estimates):
            xs, ys, low, high = [], [], [], []
            for i, kind in enumerate(kinds):
                row = by_key.get((kind, estimate))
                if row is None or row[outcome]["share"] is None:
                    continue
                entry = row[outcome]
                xs.append(i + (j - (len(estimates) - 1) / 2) * width)
                ys.append(entry["share"])
                low.append(entry["share"] - entry["ci95"][0])
                high.append(entry["ci95"][1] - entry["share"])
            ax.bar(xs, ys, width, yerr=[low, high], capsize=2, label=estimate,
                   color=_ESTIMATE_COLOURS.get(estimate))
        ax.set_xticks(range(len(kinds)))
        ax.set_xticklabels(kinds, rotation=35, ha="right", fontsize=8)
        ax.set_title(f"{outcome}-compensated by Law 64A", fontsize=10)
        ax.set_ylim(0, 1)
        ax.grid(axis="y", alpha=0.3)
    axes[0][0].set_ylabel("share of rulings")
    axes[0][0].legend(title="likely result", fontsize=8)
    fig.suptitle(compensation_title(estimates, edition), fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)


def plot_atlas_by_trick(atlas: Mapping[str, Any], path: Path) -> None:
    """For the latest edition: the share under-compensated by the trick of the (first) revoke, a
    line per estimate with 95% Wilson intervals."""
    plt = _pyplot()
    edition = _atlas_edition(atlas)
    rows = [r for r in atlas["by_trick"] if r["edition"] == edition]
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for i, estimate in enumerate(atlas["estimates"]):
        mine = [r for r in rows if r["estimate"] == estimate and r["under"]["share"] is not None]
        xs = [r["trick"] + (i - 0.5) * 0.12 for r in mine]
        ys = [r["under"]["share"] for r in mine]
        low = [r["under"]["share"] - r["under"]["ci95"][0] for r in mine]
        high = [r["under"]["ci95"][1] - r["under"]["share"] for r in mine]
        ax.errorbar(xs, ys, yerr=[low, high], marker="o", capsize=3, label=estimate,
                    color=_ESTIMATE_COLOURS.get(estimate))
    tricks = sorted({r["trick"] for r in rows})
    if tricks:
        ax.set_xticks(tricks)
    ax.set_ylim(0, 1)
    ax.set_xlabel("trick of the (first) revoke")
    ax.set_ylabel("share under-compensated")
    ax.set_title(f"Under-compensated by Law 64A, by trick ({edition} Laws), 95% Wilson intervals",
                 fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(title="likely result")
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)
