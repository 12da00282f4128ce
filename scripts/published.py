"""Rule every published revoke ruling of tests/data/published with each estimate; print a table.

    PYTHONPATH=src python scripts/published.py [--estimates dd,sd,table] [--seed N] [--players P]

Each case file is a worked case ``{"name", "case", ...}`` with the published ruling beside it
(docs/published-rulings.md). For every case and estimate the table gives the law path (revokes,
their establishment, the law and tricks of each rectification, the mechanical result) against the
published one, and the declarer tricks of the score to enter against the published result where the
source gives one. The summary counts, per estimate, the rulings it agrees with.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.ruling import rule
from revoke_equity.solver.pool import default_solver

PUBLISHED = Path(__file__).resolve().parent.parent / "tests" / "data" / "published"


def published_cases() -> list[dict[str, Any]]:
    """Every published case, in file order."""
    return [json.loads(p.read_text()) for p in sorted(PUBLISHED.glob("pub*.json"))]


def law_path(ruling: dict[str, Any]) -> dict[str, Any]:
    """The law path of a ruling's JSON, in the fields a published ruling states."""
    return {
        "revokes": [{"trick": r["trick"], "player": r["player"], "established": r["established"]}
                    for r in ruling["revokes"]],
        "rectifications": [{"trick": r["trick"], "player": r["player"], "law": r["law"],
                            "tricks": r["tricks"]} for r in ruling["rectifications"]],
        "mechanical_declarer_tricks": ruling["mechanical"]["declarer_tricks"],
    }


def law_path_differences(published: dict[str, Any], ruling: dict[str, Any]) -> list[str]:
    """The law-path fields where ``ruling`` differs from ``published`` (fields the source leaves
    open, ``null``, are not compared)."""
    ours = law_path(ruling)
    return [key for key, value in ours.items()
            if published.get(key) is not None and published[key] != value]


def rule_case(data: dict[str, Any], estimate: str, seed: int, players: str) -> dict[str, Any]:
    """The ruling JSON of one published case under ``estimate``."""
    options = EstimateOptions(estimate=estimate, players=players, seed=seed)
    return rule(case_from_dict(data["case"]), default_solver(), options=options).to_dict()


def verdict(data: dict[str, Any], ruling: dict[str, Any]) -> str:
    """``agrees`` when the score to enter has the published declarer tricks and law (those the
    source gives), ``differs`` when not, ``n/a`` when the source gives neither."""
    published, rec = data["published"], ruling["recommendation"]
    wanted = {key: published.get(key) for key in ("declarer_tricks", "law")}
    if all(value is None for value in wanted.values()):
        return "n/a"
    same = all(value is None or rec[key] == value for key, value in wanted.items())
    return "agrees" if same else "differs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--estimates", default="dd", help="comma-separated: dd, sd, table")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--players", default="strong")
    args = parser.parse_args(argv)
    estimates = [name.strip() for name in args.estimates.split(",") if name.strip()]
    cases = published_cases()
    rows: list[str] = []
    summary: dict[str, list[int]] = {name: [0, 0, 0] for name in estimates}  # agrees, compared, law ok
    started, cpu = time.perf_counter(), time.process_time()
    for data in cases:
        pub = data["published"]
        for name in estimates:
            ruling = rule_case(data, name, args.seed, args.players)
            rec = ruling["recommendation"]
            diffs = law_path_differences(pub, ruling)
            seen = verdict(data, ruling)
            known = data.get("known_disagreements", {}).get(name)
            counts = summary[name]
            counts[0] += seen == "agrees"
            counts[1] += seen != "n/a"
            counts[2] += not diffs
            wanted = "-" if pub.get("declarer_tricks") is None else str(pub["declarer_tricks"])
            if pub.get("law") is not None:
                wanted += f" ({pub['law']})"
            note = "" if known is None else " (recorded)"
            rows.append(f"| {data['name']} | {data['edition']} | {name} | "
                        f"{'ok' if not diffs else 'differs: ' + ', '.join(diffs)} | {wanted} | "
                        f"{rec['declarer_tricks']} ({rec['law']}{', adjusted' if rec['adjusted'] else ''}) | "
                        f"{seen}{note} |")
    wall, cpu_s = time.perf_counter() - started, time.process_time() - cpu
    print(f"Published rulings: {len(cases)} cases, estimates {', '.join(estimates)}, "
          f"seed {args.seed}, {args.players} players\n")
    print("| estimate | agrees with the published result | law path as published |")
    print("|---|---:|---:|")
    for name, (agrees, compared, law_ok) in summary.items():
        print(f"| {name} | {agrees} of {compared} | {law_ok} of {len(cases)} |")
    print("\n| case | laws | estimate | law path | published tricks (law) | recommended tricks (law) "
          "| result |")
    print("|---|---|---|---|---:|---|---|")
    print("\n".join(rows))
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    print(f"\n{wall:.1f} s wall, {cpu_s:.1f} CPU s (this process), load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
