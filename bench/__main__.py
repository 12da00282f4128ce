"""``python -m bench [--quick] [--out DIR] [--seed N] [--seeds N] [--only SECTION ...]``

The stability table alone, for some sets: ``python -m bench --only sd-stability --set worked``
(``--set worked published synthetic``, ``--cases p07 p10``; the layouts options ``--worlds``,
``--max-worlds``, ``--tolerance``, and the playouts' ``--playouts``, ``--precision``); see
:mod:`bench.stability`.

Runs the benchmarks (full mode by default, about 10 minutes on two cores; ``--quick``
about a minute) and writes ``bench-<mode>.md`` (the tables of ``docs/performance.md``, summed
up in the README) and ``bench-<mode>.json`` (every number, samples included) into ``DIR``
(default ``bench/results/``, git-ignored). Every timed answer is checked; a mismatch stops the run.

Exit status: 0 done; 1 an oracle check failed (the mismatch is printed); 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from bench.config import DEFAULT_OUT, SECTIONS, STABILITY_SETS, Config
from bench.oracle import OracleMismatch
from bench.report import markdown
from bench.runner import run, stderr_log


def _seed_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 2 <= value <= 50:
        raise argparse.ArgumentTypeError("the stability table needs 2 to 50 seeds")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description="Benchmarks of the solver core and the ruling pipeline, with a report.",
    )
    parser.add_argument("--quick", action="store_true",
                        help="about a minute, safe for CI (fewer deals, cases, repetitions)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="directory for bench-<mode>.md/.json (default: bench/results/)")
    parser.add_argument("--seed", type=int, default=2024,
                        help="seed of the deal and case samples (default: 2024)")
    parser.add_argument("--worlds", type=int, help="layouts per decision in the sd section "
                        "(default: the product's default)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes for the sd section's playouts (default 1)")
    parser.add_argument("--seeds", type=_seed_count, help="seeds of the sd section's stability "
                        "table: the --seed, then seeds derived from it (default 5; 2 with "
                        "--quick)")
    parser.add_argument("--max-worlds", type=int, help="the most layouts an unsettled decision "
                        "draws in the sd sections (default: the product's default)")
    parser.add_argument("--tolerance", type=float, help="a decision is settled once its cards' "
                        "probabilities vary by at most this, in the sd sections (default: the "
                        "product's default)")
    parser.add_argument("--playouts", type=int, help="the most playouts of a sampled estimate in "
                        "the sd sections (default: the product's default)")
    parser.add_argument("--precision", type=float, help="the playouts stop once every "
                        "probability's 95%% interval is within +/- this, in the sd sections "
                        "(default: the product's default)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, metavar="SECTION",
                        help=f"run only these sections ({', '.join(SECTIONS)})")
    parser.add_argument("--set", nargs="+", choices=STABILITY_SETS, dest="sets", metavar="SET",
                        help="the stability table's sets of cases "
                        f"({', '.join(STABILITY_SETS)}; default: all)")
    parser.add_argument("--cases", nargs="+", metavar="PREFIX",
                        help="only the worked and published cases of the stability table whose "
                        "names start so (e.g. p07)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    config = Config.quick(args.seed) if args.quick else Config.full(args.seed)
    if args.only:
        config = config.only(tuple(args.only))
    config = replace(config, sd_worlds=args.worlds, sd_jobs=args.jobs,
                     sd_max_worlds=args.max_worlds, sd_tolerance=args.tolerance,
                     sd_playouts=args.playouts, sd_precision=args.precision)
    if args.sets:
        config = replace(config, stability_sets=tuple(args.sets))
    if args.cases:
        config = replace(config, stability_names=tuple(args.cases))
    if args.seeds is not None:
        config = replace(config, sd_seeds=args.seeds)
    try:
        report = run(config, args.out, stderr_log)
    except OracleMismatch as exc:
        print(f"bench: ORACLE MISMATCH: {exc}", file=sys.stderr)
        return 1
    print(markdown(report))
    stderr_log(f"wrote {', '.join(report['files'])} in {report['wall_seconds']:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
