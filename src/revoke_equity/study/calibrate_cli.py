"""``revoke-equity calibrate``: the calibration of the single-dummy policy on real play
(:mod:`.calibration`) from the command line. Light imports: the parser is built on every start of
the command line; the work is imported by :func:`run`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from revoke_equity.errors import RevokeEquityError

__all__ = ["CALIBRATION_WORLDS", "add_arguments", "run"]

CALIBRATION_WORLDS = 64
"""Layouts a sampled decision draws: enough to see how rare a difference real players see."""



def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Fit the single-dummy player's error model to real play (DDS's trace): on a sample of "
        "real decisions, slip (how often the real card was a dominated one, where a decision has "
        "one) and tau (the temperature at which the policy's card loses a double-dummy trick as "
        "often as the real card, on the other decisions), by role; and how rare a difference "
        "between two cards real players see (how often they play a card by the share of layouts "
        "in which another beats it, and the likelihood of their cards at each rare)."
    )
    parser.add_argument("hands", nargs="+", metavar="FILE",
                        help="DDS hand files with play and trace (e.g. list100.txt, largest.txt)")
    parser.add_argument("--positions", type=int, default=300, metavar="N",
                        help="real decisions to fit the error model on (default 300)")
    parser.add_argument("--worlds", type=int, default=CALIBRATION_WORLDS,
                        help=f"layouts per single-dummy decision (default {CALIBRATION_WORLDS}: "
                        "a share of the layouts as small as 1/64 shows)")
    parser.add_argument("--seed", type=int, default=0, help="sample and layouts seed (default 0)")
    parser.add_argument("--out", default="calibration", metavar="DIR",
                        help="output directory (default ./calibration)")
    parser.add_argument("--no-progress", action="store_true", help="no progress on stderr")


def run(args: argparse.Namespace) -> int:
    """Write ``calibration.json``, ``calibration.md`` and ``calibration.png`` into ``--out``;
    print the Markdown. Exit 0, or 2 on bad input."""
    from revoke_equity.solver.pool import default_solver
    from revoke_equity.study.calibration import calibrate, markdown, plot
    from revoke_equity.study.realplay import read_real_boards

    try:
        if args.positions < 0 or not 1 <= args.worlds <= 200:
            raise RevokeEquityError("--positions must be 0 or more and --worlds 1-200")
        boards = [b for path in args.hands for b in read_real_boards(path)]
        if not boards:
            raise RevokeEquityError("no deal with a play and a trace in " + ", ".join(args.hands))
        result = calibrate(boards, default_solver(), positions=args.positions, worlds=args.worlds,
                           seed=args.seed, progress=not args.no_progress)
    except (RevokeEquityError, OSError) as exc:
        print(f"revoke-equity calibrate: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "calibration.json").write_text(json.dumps(result, indent=2) + "\n")
    text = markdown(result)
    (out / "calibration.md").write_text(text)
    plot(result, out / "calibration.png")
    print(text, end="")
    return 0
