"""``revoke-equity study``: the research mode's command line.

``cli.py`` wires the subcommand with :func:`add_arguments` and :func:`run`. Exit codes: 0 the study
is complete and its outputs written; 1 a chunk failed or the run was interrupted (the finished
chunks are kept: rerun the same command to resume); 2 bad usage (bad parameters, or ``--out``
holding a study with other parameters). The top-level imports are light (the parser is built on
every start of the command line); the study's modules are imported by :func:`run`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

from revoke_equity.equity.estimate import DEFAULT_ESTIMATE, add_estimate_arguments, max_worlds_given
from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.edition import edition_names

if TYPE_CHECKING:
    from revoke_equity.model.edition import Edition
    from revoke_equity.study.dealsource import DealSource
    from revoke_equity.study.generate import StudyKind
    from revoke_equity.study.players import PlaySpec

__all__ = ["add_arguments", "run"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the study's options to ``parser`` (the ``study`` subparser)."""
    parser.description = (
        "A reproducible study of revoke equity: synthetic (or real: --deals-from) deals with "
        "revokes put in on purpose or coming from a misread card, "
        "each ruled under the chosen law editions, Law 64A's transfer compared with the "
        "double-dummy equity. Work is done in chunks written to DIR/chunks as they finish; "
        "rerunning the same command resumes an interrupted run."
    )
    parser.add_argument("--deals", type=int, metavar="N", help="number of cases (deals) to study")
    parser.add_argument("--deals-from", nargs="+", metavar="FILE",
                        help="draw the deals and contracts (declarer, strain, dealer, "
                        "vulnerability; the level the table's result makes) from DDS hand files "
                        "(e.g. tests/data/dds-hands/list100.txt) instead of shuffling them")
    parser.add_argument("--real-play", action="store_true",
                        help="with --deals-from: the cards before the first injected revoke are "
                        "the table's, as long as each is legal")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="study seed: the same seed gives the same records (default 0)")
    editions = ",".join(edition_names())
    parser.add_argument("--laws", default=editions, metavar="EDITIONS",
                        help="law editions to rule each case under, comma-separated "
                        f"(default {editions})")
    parser.add_argument("--kinds", metavar="MIX",
                        help="revoke kinds and weights, e.g. 'defender-discard=3,dummy=1' or "
                        "'declarer,dummy' (equal weights). Kinds: defender-discard, "
                        "defender-ruff, declarer, dummy, same-suit-twice, both-sides (put in on "
                        "purpose); hidden-defender, hidden-declarer, hidden-dummy, "
                        "hidden-both-sides (a misread card, and every revoke it leads to). "
                        "Named mixes: default (defender-discard=3,defender-ruff=2,declarer=2,"
                        "dummy=1,same-suit-twice=1,both-sides=1), hidden (hidden-defender=3,"
                        "hidden-declarer=2,hidden-dummy=1,hidden-both-sides=1), all")
    parser.add_argument("--revoke-card", choices=["best", "lowest"], default="best",
                        help="the offender's revoke card among his cards of the drawn manner: "
                        "best for his side double-dummy (default), or the lowest of a drawn suit")
    parser.add_argument("--play", choices=["dd", "sd"], default="dd",
                        help="how every card but an injected revoke is chosen, before and after "
                        "the revokes: double-dummy (default), or single-dummy by the class of "
                        "--players with --worlds layouts per decision (far slower)")
    add_estimate_arguments(parser, default=DEFAULT_ESTIMATE)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="J",
                        help="worker processes (default: the number of CPUs)")
    parser.add_argument("--out", default="revoke-study", metavar="DIR",
                        help="output directory (default ./revoke-study)")
    parser.add_argument("--backend", choices=["loky", "dask"], default="loky",
                        help="loky: local processes (joblib); dask: a Dask distributed cluster")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="with --backend dask: join the cluster at ADDRESS (e.g. "
                        "tcp://scheduler-host:8786) instead of starting a LocalCluster of --jobs workers")
    parser.add_argument("--chunk-size", type=int, default=25, metavar="K",
                        help="cases per chunk file (default 25)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.add_argument("--show-case", type=int, metavar="ID",
                        help="print case ID of the study (--seed, --kinds, --revoke-card, --play, "
                        "--deals-from, --real-play) as a JSON case for 'revoke-equity rule -' and "
                        "stop")


def _editions(text: str) -> tuple[Edition, ...]:
    from revoke_equity.model.edition import Edition
    from revoke_equity.study.generate import StudyUsageError

    try:
        return tuple(Edition.from_str(part) for part in text.split(",") if part.strip())
    except ValueError as exc:
        raise StudyUsageError(f"--laws: {exc}") from None


def _max_worlds(args: argparse.Namespace) -> int:
    """``--max-worlds``, or its default (a :class:`StudyUsageError` below ``--worlds``)."""
    from revoke_equity.study.generate import StudyUsageError

    try:
        return max_worlds_given(args.worlds, args.max_worlds)
    except ValueError as exc:
        raise StudyUsageError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    """Run the study that ``args`` describe; return the exit code."""
    from revoke_equity.study.generate import StudyUsageError, parse_mix
    from revoke_equity.study.players import PlaySpec
    from revoke_equity.study.runner import StudyParams, run_study

    try:
        mix = parse_mix(args.kinds)
        editions = _editions(args.laws)
        deals_from = tuple(args.deals_from or ())
        if args.show_case is not None:
            return _show_case(args.seed, args.show_case, mix, editions, args.revoke_card,
                              PlaySpec(args.play, args.players, args.worlds),
                              _hand_files(deals_from, mix, args.seed, args.real_play))
        if args.deals is None:
            raise StudyUsageError("give --deals N (or --show-case ID)")
        params = StudyParams(args.deals, args.seed, editions, tuple(mix.items()), args.chunk_size,
                             args.revoke_card, args.estimate, args.players, args.worlds,
                             args.playouts, args.play, deals_from=deals_from,
                             real_play=args.real_play,
                             max_worlds=_max_worlds(args), tolerance=args.tolerance)
        result = run_study(params, args.out, jobs=args.jobs, backend=args.backend,
                           scheduler=args.scheduler, progress=not args.no_progress)
    except StudyUsageError as exc:
        print(f"revoke-equity study: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"\nrevoke-equity study: interrupted; the finished chunks are in {args.out}/chunks. "
              "Rerun the same command to resume.", file=sys.stderr)
        return EXIT_FAILED
    except (RevokeEquityError, OSError, RuntimeError) as exc:
        print(f"revoke-equity study: {type(exc).__name__}: {exc}\nThe finished chunks are in "
              f"{args.out}/chunks; rerun the same command to resume.", file=sys.stderr)
        return EXIT_FAILED
    print((result.out / "summary.md").read_text(), end="")
    rate = f", {result.cases_per_second:.2f} cases/s" if result.cases_run else ""
    print(f"revoke-equity study: {params.deals} cases x {len(params.editions)} editions in "
          f"{result.out} ({result.chunks_resumed} of {result.chunks_total} chunks resumed; "
          f"{result.cases_run} cases run in {result.seconds:.1f} s{rate})", file=sys.stderr)
    return EXIT_OK


def _hand_files(
    paths: tuple[str, ...], mix: Mapping[StudyKind, float], seed: int, real_play: bool
) -> DealSource | None:
    from revoke_equity.study.generate import StudyUsageError
    from revoke_equity.study.real_deals import hand_files

    if real_play and not paths:
        raise StudyUsageError("--real-play needs --deals-from")
    return hand_files(paths, list(mix)).for_study(seed, real_play) if paths else None


def _show_case(
    seed: int,
    case_id: int,
    mix: Mapping[StudyKind, float],
    editions: tuple[Edition, ...],
    revoke_card: str,
    play: PlaySpec,
    deals: DealSource | None = None,
) -> int:
    from dataclasses import replace

    from revoke_equity.io.json_case import dumps
    from revoke_equity.solver.pool import default_solver
    from revoke_equity.study.generate import StudyUsageError, generate_case

    if case_id < 0:
        raise StudyUsageError(f"--show-case must be 0 or more, not {case_id}")
    synthetic = generate_case(seed, case_id, mix, default_solver(), revoke_card, play, deals)
    print(dumps(replace(synthetic.case, laws=editions[0])))
    revokes = "; ".join(f"trick {r.trick} {r.seat} ({r.role}) {r.manner}s with {r.card} on a "
                        f"{r.suit_led} lead" for r in synthetic.revokes)
    hidden = "".join(f"; {h}" for h in synthetic.hidden)
    source = f", deal {synthetic.source}" if synthetic.source else ""
    print(f"case {case_id} of seed {seed}{source}: {synthetic.kind}, case seed {synthetic.seed}, "
          f"{synthetic.case.contract} by {synthetic.case.declarer} (double-dummy "
          f"{synthetic.dd_tricks} tricks), play {synthetic.play_model}{hidden}; {revokes}",
          file=sys.stderr)
    return EXIT_OK
