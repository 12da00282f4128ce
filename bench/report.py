"""The report: Markdown (compact, for ``docs/performance.md``) and JSON (everything,
samples included), written to the output directory as ``bench-<mode>.md`` / ``.json``."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from revoke_equity.equity.policy import level_cap, trunk_level

FORMAT = "revoke-equity/bench@1"


def _num(value: float, digits: int = 3) -> str:
    """``value`` with about ``digits`` significant digits (no exponent), ``-`` for NaN/None."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    decimals = max(0, digits - 1 - magnitude)
    return f"{value:.{decimals}f}"


def _count(value: float) -> str:
    """A count (a median may be a half): ``6``, ``6.5``."""
    return "-" if value is None or math.isnan(value) else f"{value:g}"


def _ms(seconds: float) -> str:
    return _num(seconds * 1000)


def _dist_ms(dist: dict[str, Any]) -> str:
    return f"{_ms(dist['median'])} / {_ms(dist['p90'])} / {_ms(dist['max'])}"


def _header(report: dict[str, Any]) -> list[str]:
    m = report["machine"]
    v = m["versions"]
    memory = f", {m['memory_gib']:.0f} GiB" if m.get("memory_gib") else ""
    load, load_end = report.get("load_average_start"), report.get("load_average_end")
    load_text = (f"; 1-min load average {load[0]:.2f} at start, {load_end[0]:.2f} at end"
                 if load and load_end else "")
    return [
        "## Performance",
        "",
        f"`python -m bench{' --quick' if report['mode'] == 'quick' else ''}` "
        f"(mode {report['mode']}, seed {report['seed']}) on {m['cpu']} "
        f"({m['cores']} cores{memory}); Python {v['python']}, endplay {v['endplay']}, "
        f"numpy {v['numpy']}, revoke-equity {v['revoke-equity']}{load_text}. "
        f"Times are median / p90 / max.",
    ]


def _solver_md(section: dict[str, Any]) -> list[str]:
    deals = section["deals"]
    ordinary = [d for d in deals if d["group"] == "ordinary"]
    refs = sum(1 for d in ordinary if d["reference"])
    hard = [d for d in deals if d["group"] == "hard"]
    pos = section["positions"]
    hard_text = f", and {len(hard)} of DDS's slowest deals (`largest.txt`)" if hard else ""
    lines = [
        "",
        f"**Solver core**: our solver layer against bare endplay calls on the same deals and "
        f"positions, in one run: {len(ordinary)} deals ({refs} from DDS's `list100.txt`, "
        f"{len(ordinary) - refs} random){hard_text}; mid-play after {pos['mid_play_cards']} cards, "
        f"mid-trick after {pos['mid_trick_cards']}. DDS is flushed and our cache cleared before "
        "every call; answers checked against DDS's reference answers and ours against bare.",
        "",
        "| operation | deals | ours ms | bare ms | ours/bare | layer µs/call |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in section["summary"]:
        label = row["label"] + (", largest.txt" if row["group"] == "hard" else "")
        bare = "(uncached)" if row["op"].endswith("cached") else _dist_ms(row["bare"])
        lines.append(
            f"| {label} | {row['deals']} | {_dist_ms(row['ours'])} | {bare} | "
            f"{_num(row['ratio_median'])} | {_num(row['overhead']['median'] * 1e6)} |"
        )
    table = next((r for r in section["summary"] if r["op"] == "dd_table"), None)
    cores = (f" A DD table kept {table['cores_used']:.1f} cores busy on average (CPU time / "
             "wall time: DDS computes the 20 results on several threads)." if table else "")
    lines += ["", "ours/bare: median of the paired ratios (same deal, same repetition); "
              "layer: our wall time minus the time inside DDS (median)." + cores]
    return lines


def _pipeline_md(section: dict[str, Any]) -> list[str]:
    lines = [
        "",
        "**Ruling pipeline**: `rule(case, DdsSolver())` on the worked cases and seeded synthetic "
        "cases (random deal, contract and legal play with one revoke). Warm: solver loaded, cache "
        "cleared, DDS flushed before each ruling. Cold: a fresh interpreter per ruling.",
        "",
        "| cases | n | warm ms | cold s | DDS calls | in DDS | our code ms | ruling ÷ DD table |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for group, s in section["summary"].items():
        calls = s["engine_calls"]
        lines.append(
            f"| {group} | {s['cases']} | {_dist_ms(s['warm'])} | {_num(s['cold']['median'])} | "
            f"{_count(calls['median'])} (max {_count(calls['max'])}) | {s['dds_share']:.0%} | "
            f"{_ms(s['our_code']['median'])} | {_num(s['ratio_to_table_median'])} "
            f"(worst {_num(s['ratio_to_table_worst'])}) |"
        )
    phases = section["summary"].get("all", {}).get("cold_phases")
    if phases:
        lines += ["", f"Cold, median phases: imports {_num(phases['imports'])} s, DDS load "
                  f"(endplay import) {_num(phases['solver_load'])} s, ruling "
                  f"{_num(phases['rule'])} s; the rest is interpreter start-up. DDS calls per "
                  "ruling are `Ruling.solver_stats['engine_calls']` (SolveBoard, AnalysePlay, "
                  "CalcDDtable)."]
    return lines


def _naive_md(section: dict[str, Any]) -> list[str]:
    s = section["summary"]
    return [
        "",
        "**What reuse and batching buy**: the same rulings through a solver with no cache, one "
        "`SolveBoard` per legal card (instead of one for all cards) and one per traced position "
        "(instead of one `AnalysePlay` per line); every answer checked equal to ours.",
        "",
        "| cases | ours ms | naive ms | naive/ours | DDS calls, ours → naive |",
        "|---:|---:|---:|---:|---:|",
        f"| {s['cases']} | {_dist_ms(s['ours'])} | {_dist_ms(s['naive'])} | "
        f"{_num(s['ratio_median'])} ({_num(s['ratio_min'])}-{_num(s['ratio_max'])}) | "
        f"{_count(s['ours_engine_calls']['median'])} → {_count(s['naive_engine_calls']['median'])} "
        "(median) |",
    ]


def _single_dummy_md(section: dict[str, Any]) -> list[str]:
    s = section["summary"]
    o = section.get("options", {})
    lines = [
        "",
        f"**Single-dummy estimate** (`--estimate sd`: {o.get('players')} players, "
        f"{o.get('worlds')} layouts a decision, at most {o.get('playouts')} playouts stopping at "
        f"+/-{o.get('precision')}, {o.get('jobs')} process(es)): every comparison point of the "
        "case, from an empty cache and a flushed DDS. DDS boards: positions solved by DDS (a "
        "batch of n counts n).",
        "",
        "| cases | n | seconds | DDS boards | boards per DDS call | decisions | ÷ DD table | "
        "widest 95% half-interval |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for group in ("worked", "synthetic", "all"):
        g = s.get(group)
        if g is None:
            continue
        lines.append(
            f"| {group} | {g['cases']} | {_num(g['seconds']['median'])} / "
            f"{_num(g['seconds']['p90'])} / {_num(g['seconds']['max'])} | "
            f"{_count(g['engine_calls']['median'])} | {_num(g['boards_per_call'])} | "
            f"{_count(g['decisions']['median'])} | {_num(g['ratio_to_table']['median'])} | "
            f"{g['widest_half_interval']:.3f} |")
    if s.get("by_trick"):
        lines += ["", "Median seconds by the revoke's trick (synthetic cases): " + ", ".join(
            f"{t}: {_num(v)}" for t, v in s["by_trick"].items()) + "."]
    naive = s.get("naive")
    if naive:
        lines += ["", f"Against the naive version (no memo of decisions, one uncached SolveBoard "
                  f"per layout) on the {naive['cases']} cheapest cases, distributions checked "
                  f"equal: naive/ours {_num(naive['ratio_median'])} "
                  f"({_num(naive['ratio_min'])}-{_num(naive['ratio_max'])}), DDS boards "
                  f"{_count(naive['ours_engine_calls'])} → {_count(naive['naive_engine_calls'])} "
                  "(median)."]
    return lines


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _ruling_cost(group: dict[str, Any]) -> str:
    """A ruling's CPU seconds (median / p90 / max), its wall seconds' median in brackets."""
    wall, cpu = group.get("ruling_seconds"), group.get("ruling_cpu_seconds")
    if not wall or not cpu:
        return "-"
    return (f"{_num(cpu['median'])} / {_num(cpu['p90'])} / {_num(cpu['max'])} "
            f"({_num(wall['median'])})")


def _trunk_words(options: dict[str, Any]) -> str:
    """What the trunk adds to the layouts a decision draws (nothing for a report without it)."""
    trunk = options.get("trunk")
    if not trunk:
        return ""
    most = level_cap(options["max_worlds"], trunk_level(1.0, trunk))
    return f", up to {most} where most replays pass"


def _sd_options(section: dict[str, Any]) -> str:
    """The layouts options the stability table was ruled with (`` at the defaults`` when it
    does not say)."""
    o = section.get("options")
    if not o:
        return " at the defaults"
    playouts = (f", at most {o['playouts']} playouts to +/-{o['precision']:g}"
                if "playouts" in o else "")
    return (f": {o['worlds']} to {o['max_worlds']} layouts a decision, tolerance "
            f"{o['tolerance']:g}{playouts}")


def _stability_md(section: dict[str, Any]) -> list[str]:
    t = section["targets"]
    seeds = section["seeds"]
    load, load_end = section.get("load_average_start"), section.get("load_average_end")
    load_text = (f"; 1-min load average {load[0]:.2f} at start, {load_end[0]:.2f} at end"
                 if load and load_end else "")
    lines = [
        "",
        f"**Stability under other seeds** (`--estimate {section['estimate']}`{_sd_options(section)}, "
        f"{len(seeds)} seeds: {', '.join(map(str, seeds))}{load_text}): each board ruled under "
        "every seed. Inside: the other seeds' reported probabilities inside the first seed's 95% "
        "intervals; consistent: the two seeds' probabilities within their two intervals combined "
        "(the test of a difference, expected near 95% with honest intervals, where inside is "
        "expected near 83% for an outcome that sampling error moves); spread: max - min over the "
        "seeds; weighted: boards offering a weighted score, "
        "its spread in NS points; same: the score to enter identical under every seed (changed: "
        "how many of the others the ruling flags as near a threshold; and how many are flagged "
        "or have the other seeds' net inside the first seed's range of it, the weights inside "
        "their 95% intervals)."
        + (" Each ruling starts from an empty solver cache, so its cost does not depend on the "
           "rulings before it (another seed, or the same deal in another case)."
           if section.get("cache_cleared") else ""),
        "",
        f"| cases | boards | inside (target >= {t['inside']:.0%}) | consistent | probability spread "
        f"median / max | weighted: boards, spread median / max | within {t['weighted_tolerance']} "
        f"points (target >= {t['weighted_within']:.0%}) | score to enter the same (target >= "
        f"{t['same_score']:.0%}) | changed, flagged, flagged or within range | wall s | CPU s | "
        "a ruling, CPU s median / p90 / max (wall s median) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for group, g in section["sets"].items():
        flagged = g["changed_flagged_near_threshold"]
        shown = g.get("changed_flagged_or_within_range")
        weighted = (f"{g['weighted_boards']}, {_num(g['weighted_spread_median'])} / "
                    f"{_num(g['weighted_spread_max'])}" if g["weighted_boards"] else "0")
        lines.append(
            f"| {group} | {g['boards']} | {_share(g['inside_share'])} "
            f"({g['outcomes_inside']}/{g['outcomes_compared']}) | "
            f"{_share(g.get('consistent_share'))} | "
            f"{_num(g['probability_spread_median'])} / {_num(g['probability_spread_max'])} | "
            f"{weighted} | {_share(g['weighted_within'])} | {_share(g['same_score_share'])} "
            f"({g['same_score_boards']}/{g['boards']}) | {g['changed_boards']}, "
            f"{'-' if flagged is None else flagged}, {'-' if shown is None else shown} | "
            f"{_num(g['wall_seconds'])} | "
            f"{_num(g['cpu_seconds'])} | {_ruling_cost(g)} |")
    if not section["sets"].get("published"):
        lines += ["", "No published cases (`tests/data/published/*.json`) were ruled."]
    default = section.get("default")
    if default:
        parts = [f"{group} {g['same_score_boards']}/{g['boards']}"
                 + (f", weighted within {t['weighted_tolerance']} points "
                    f"{_share(g['weighted_within'])}" if g["weighted_boards"] else "")
                 for group, g in default["sets"].items()]
        lines += ["", f"The default estimate (`{default['estimate']}`, the score every surface "
                  "rests on when none is named), the same boards under the same seeds: the "
                  f"score to enter the same on {'; '.join(parts)}."]
    return lines


def _cashout_md(section: dict[str, Any]) -> list[str]:
    o = section["options"]
    lines = [
        "",
        f"**Tricks a player can count** (`--only cashout`): positions at a trick start with at "
        f"most {section['max_tricks']} tricks left where the side on lead can take every trick "
        "by cards each of its players sees will work in every layout he can imagine (checked "
        f"over every layout, fewer than {section['layout_limit']} a decision): real deals "
        "(`tests/data/dds-hands`, along their play) and seeded random endings; from each, "
        f"{section['replays_per_position']} replays of the single-dummy player ({o['players']}: "
        f"slip {o['slip']:g}, tau {o['tau']:g}; {o['worlds']} to {o['max_worlds']} layouts a "
        f"decision{_trunk_words(o)}, seed {o['seed']}). Target: >= {section['target']:.0%} of "
        "replays take them.",
        "",
        "| positions | n | tricks left, median | replays taking them (95% Wilson) | positions "
        "always | losses: slip / tie in layouts drawn | the card lost a trick in every layout |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for group, g in section["summary"].items():
        drawn = g["losses"]["drawn"]
        lost = g["replays"] - g["took"]
        lines.append(
            f"| {group} | {g['positions']} | {_count(g['median_tricks'])} | "
            f"{_share(g['share'])} ({g['took']}/{g['replays']}; "
            f"{g['interval'][0]:.1%}-{g['interval'][1]:.1%}) | "
            f"{g['positions_all_taken']}/{g['positions']} | {drawn.get('slip', 0)} / "
            f"{drawn.get('tie', 0)} | {g['losses']['everywhere'].get('loses everywhere', 0)}"
            f"/{lost} |")
    lines += ["", f"CPU {_num(section['cpu_seconds'])} s ({_num(section['find_cpu_seconds'])} s "
              "to find and check the positions)."]
    return lines


def _study_md(section: dict[str, Any]) -> list[str]:
    lines = [
        "",
        f"**Study throughput**: `run_study` on {section['cases']} synthetic cases (each generated "
        f"and ruled under {section['editions']} law editions), chunks of {section['chunk_size']}"
        f"{', workers started and warm' if section['warm_up'] else ''}; the same records with "
        "every worker count. Each case computes one DD table, which runs on several threads, "
        "so one worker already uses more than one core part of the time.",
        "",
        "| workers | cases/s | speedup | efficiency | peak RSS per worker |",
        "|---:|---:|---:|---:|---:|",
    ]
    for run in section["runs"]:
        peaks = run["peak_rss_per_worker_mb"]
        rss = ", ".join(f"{mb:.0f}" for mb in peaks) + " MB" if peaks else "-"
        lines.append(
            f"| {run['jobs']} | {_num(run['cases_per_second'])} | {_num(run['speedup'])} | "
            f"{_num(run['efficiency'])} | {rss} |"
        )
    return lines


def markdown(report: dict[str, Any]) -> str:
    """The compact Markdown of ``report`` (what goes into ``docs/performance.md``)."""
    lines = _header(report)
    if "solver_core" in report:
        lines += _solver_md(report["solver_core"])
    if "pipeline" in report:
        lines += _pipeline_md(report["pipeline"])
    if "cold_start" in report:
        from bench.cold import cold_start_md

        lines += cold_start_md(report["cold_start"])
    if "naive" in report:
        lines += _naive_md(report["naive"])
    if "single_dummy" in report:
        if "summary" in report["single_dummy"]:
            lines += _single_dummy_md(report["single_dummy"])
        if report["single_dummy"].get("stability"):
            lines += _stability_md(report["single_dummy"]["stability"])
        if report["single_dummy"].get("auction"):
            from bench.auction_cost import auction_md

            lines += auction_md(report["single_dummy"]["auction"])
    if "cashout" in report:
        lines += _cashout_md(report["cashout"])
    if "study" in report:
        lines += _study_md(report["study"])
    checks = report["checks"]
    lines += ["", f"Oracle checks passed: {sum(checks.values())} "
              f"({', '.join(f'{k} {n}' for k, n in checks.items())}). "
              f"Bench wall time {report['wall_seconds']:.0f} s.", ""]
    return "\n".join(lines)


def _json_safe(value: Any) -> Any:
    """NaN and infinities as ``null`` (JSON has none)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    return value


def write(report: dict[str, Any], out: Path) -> tuple[Path, Path]:
    """Write ``bench-<mode>.md`` and ``bench-<mode>.json`` into ``out`` (created)."""
    out.mkdir(parents=True, exist_ok=True)
    md_path = out / f"bench-{report['mode']}.md"
    json_path = out / f"bench-{report['mode']}.json"
    md_path.write_text(markdown(report))
    json_path.write_text(json.dumps(_json_safe(report), indent=1, allow_nan=False) + "\n")
    return md_path, json_path
