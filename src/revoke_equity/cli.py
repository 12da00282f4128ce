"""The command line: ``revoke-equity rule FILE`` and friends.

``main(argv)`` returns the exit code: 0 every board ruled; 1 some boards could not be read or ruled
(the others are still ruled, the errors go to stderr), or the input holds no board; 2 bad usage;
141 the output pipe was closed early (``| head``), as for a command killed by SIGPIPE; 130
interrupted. It never prints a traceback (see :mod:`revoke_equity._quiet`).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import re
import sys
from collections.abc import Sequence
from importlib import resources
from typing import TYPE_CHECKING, TypeVar

from revoke_equity import __version__
from revoke_equity._quiet import internal_error, quiet
from revoke_equity.equity.estimate import (
    DEFAULT_ALSO,
    DEFAULT_ESTIMATE,
    DEFAULT_PRECISION,
    DEFAULT_SEED,
    EstimateOptions,
    add_estimate_arguments,
    class_estimates,
    estimate_and_also,
    max_worlds_given,
)
from revoke_equity.errors import CaseError, RevokeEquityError
from revoke_equity.model.distribution import LIKELY, PROBABLE
from revoke_equity.model.edition import DEFAULT_EDITION, edition_names

if TYPE_CHECKING:
    from revoke_equity.model.case import Case
    from revoke_equity.model.shown import Shown
    from revoke_equity.ruling import Ruling
    from revoke_equity.ruling.schema import RulingJSON, ScoreComparisonJSON
    from revoke_equity.ruling.sensitivity import UnderClass
    from revoke_equity.solver.base import Solver

# The readers, the ruling pipeline, the report writers, the service and the study are imported
# inside the command that uses them, for start-up time: ``--help``, ``serve`` and ``study`` do not
# load the ruling pipeline, and only a ruling with estimates loads endplay (over a second).

EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE = 0, 1, 2
FORMATS = ("text", "json", "pbn", "html")
_T = TypeVar("_T")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise _UsageError(f"{self.prog}: error: {message}")


class _UsageError(Exception):
    pass


# Over 60 lines: the rule command's options, declared in the order --help lists them.
def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="revoke-equity",
        description="Law-exact revoke rulings (Laws 61-64, 12C) with an estimate of the likely "
        "result without the revoke (double-dummy play by default, with single-dummy players "
        "shown beside it; single-dummy on request).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    rule = sub.add_parser("rule", help="rule on the board(s) of a case file",
                          description="Rule on every board of FILE (.json, .pbn, .lin, - for "
                          "stdin, or a BBO handviewer URL). The formats are described in the "
                          "project's docs/case-format.md (the input) and docs/ruling-format.md "
                          "(the ruling).")
    rule.add_argument("file", nargs="?", help="case file, '-' for stdin, or a handviewer URL")
    rule.add_argument("--example", action="store_true",
                      help="rule on the bundled example board instead of a file")
    rule.add_argument("--board", type=int, help="rule on this board number only")
    rule.add_argument("--laws", choices=edition_names(),
                      help=f"law edition (default: the case's own, else {DEFAULT_EDITION})")
    rule.add_argument("--noticed", choices=["during-play", "end-of-play", "after-next-deal-call",
                                            "after-round"],
                      help="when attention was first drawn to the revoke (default: the case's own,"
                      " else end-of-play)")
    rule.add_argument("--format", choices=FORMATS, default="text",
                      help="text (default); json: the ruling JSON of docs/ruling-format.md; pbn: "
                      "the board with its play and the ruling as PBN tags and commentary; html: "
                      "the printable ruling sheet")
    rule.add_argument("--json", action="store_const", dest="format", const="json",
                      help="the same as --format json")
    rule.add_argument("--quiet", action="store_true",
                      help="no progress on standard error (it is shown only on a terminal)")
    sheet = rule.add_argument_group("ruling sheet (--format html; --event also in pbn)")
    sheet.add_argument("--event", help="the event's name")
    sheet.add_argument("--session", help="the session")
    sheet.add_argument("--table", help="the table number")
    sheet.add_argument("--pairs", nargs=2, metavar=("NS", "EW"),
                       help="the NS and EW pairs (numbers or names)")
    rule.add_argument("--no-equity", action="store_true",
                      help="skip the estimate of the likely result without the revoke (no solver "
                      "calls): the law's rectification only")
    rule.add_argument("--compare", type=int, action="append", metavar="SCORE",
                      help="the other table's NS score: show each option in IMPs (once; a "
                      "score a board can give, such as 620 or -100)")
    rule.add_argument("--field", action="append", metavar="S1,S2,...",
                      help="other NS scores on the board: show each option in matchpoints "
                      "(--field -50,420 or --field=-50,420; once, with every score in the one "
                      "list, each a score a board can give)")
    rule.add_argument("--unicode", action="store_true", help="suit symbols in the text output")
    likely = rule.add_argument_group("the likely result without the revoke")
    add_estimate_arguments(likely, default=DEFAULT_ESTIMATE, named=True)
    likely.add_argument("--also", metavar="NAMES", default=None,
                        help="estimates to show beside it, each with the score it would lead "
                        f"to, e.g. --also sd,table (default {','.join(DEFAULT_ALSO)} when "
                        "--estimate is not given, else none; --also '' for none)")
    likely.add_argument("--also-players", metavar="CLASSES", default="",
                        help="rule again with these classes of player and show how the "
                             "recommendation moves, e.g. --also-players expert,club (with the "
                             + _listed(class_estimates()) + " estimates: the others model no "
                             "players)")
    likely.add_argument("--ignore-auction", action="store_true",
                        help="imagine the layouts without what the auction or --shown showed "
                             "(docs/auction.md), to see what it changed")
    likely.add_argument("--auction-effect", action="store_true",
                        help="rule once more ignoring the auction and say whether it moved the "
                             "likely result (doubles the estimate's cost; docs/auction.md)")
    likely.add_argument("--shown", metavar="TEXT", default=None,
                        help="what the seats showed, e.g. \"E: S 7-8, HCP 6-10\" (replaces what "
                             "the auction shows; docs/auction.md)")
    likely.add_argument("--precision", type=float, default=DEFAULT_PRECISION, metavar="P",
                        help="sampled playouts stop once every probability's 95%% interval is "
                        f"within +/-P (default {DEFAULT_PRECISION:g}; 0: all --playouts), or from "
                        "40 playouts within +/-2P where one result is surely the only one at all "
                        "probable; a firmer weighted score takes a smaller P and more --playouts")
    likely.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"seed of the sampled layouts and playouts (default {DEFAULT_SEED})")
    likely.add_argument("--jobs", type=int, default=1,
                        help="processes that play the sampled playouts (default 1; 2 pays only "
                        "when a core is idle; the answer is the same with any number)")
    likely.add_argument("--likely", type=float, default=LIKELY, metavar="P",
                        help="probability of a likely result (default 1/3)")
    likely.add_argument("--probable", type=float, default=PROBABLE, metavar="P",
                        help="probability of a result at all probable (default 1/6)")
    from revoke_equity.service import add_arguments as add_serve_arguments

    serve = sub.add_parser("serve", help="run the HTTP API and the directors' web page",
                           description="Serve the HTTP API (/api/v1, OpenAPI at /openapi.json) "
                           "and the directors' web page at /. Needs the 'serve' extra.")
    add_serve_arguments(serve)
    from revoke_equity.study.cli import add_arguments as add_study_arguments

    study = sub.add_parser("study", help="research mode: revoke equity over many synthetic deals",
                           description="A reproducible study of how well Law 64A's transfer "
                           "matches the likely result without the revoke, over many seeded deals.")
    add_study_arguments(study)
    from revoke_equity.study.calibrate_cli import add_arguments as add_calibrate_arguments

    calibrate = sub.add_parser("calibrate", help="research mode: the single-dummy policy against "
                               "real play (how often a card loses a double-dummy trick)")
    add_calibrate_arguments(calibrate)
    return parser


@quiet("revoke-equity")
def main(argv: Sequence[str] | None = None) -> int:
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:
        # What argparse would print, without building the subcommands' parsers (the study's own
        # imports cost most of a cold start).
        print(f"revoke-equity {__version__}")
        return EXIT_OK
    parser = build_parser()
    try:
        args = parser.parse_args(_negative_lists(sys.argv[1:] if argv is None else argv))
    except _UsageError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as exc:  # --help, --version
        return int(exc.code or 0)
    if args.command == "rule":
        return _rule(args)
    if args.command == "study":
        from revoke_equity.study.cli import run as study

        return study(args)
    if args.command == "calibrate":
        from revoke_equity.study.calibrate_cli import run as calibrate

        return calibrate(args)
    if args.command == "serve":
        from revoke_equity.service import run as serve

        return serve(args)
    parser.print_help(sys.stderr)
    return EXIT_USAGE


_SCORES = re.compile(r"^-\d[\d\s,+-]*$")


def _negative_lists(argv: Sequence[str]) -> list[str]:
    """``--field -50,420`` as ``--field=-50,420``: argparse takes a value that starts with ``-``
    and is not a plain number for an option."""
    out: list[str] = []
    for arg in argv:
        if out and out[-1] == "--field" and _SCORES.match(arg):
            out[-1] = f"--field={arg}"
        else:
            out.append(arg)
    return out


def _once(option: str, values: list[_T] | None) -> _T | None:
    """The one value of an option that may be given once (argparse keeps the last of several;
    a second ``--field`` may mean more scores or other scores, so neither is guessed)."""
    if not values:
        return None
    if len(values) > 1:
        given = " and ".join(f"{option} {v}" for v in values)
        raise _UsageError(f"{option} may be given once, not {len(values)} times ({given})"
                          + ("; give every score in one list" if option == "--field" else ""))
    return values[0]


def _compare(values: list[int] | None) -> int | None:
    """The other table's NS score of ``--compare``, refused when no board can score it."""
    score = _once("--compare", values)
    if score is not None:
        _check_score("--compare", score)
    return score


def _field(values: list[str] | None) -> list[int] | None:
    """The NS scores of ``--field``, each one a board can score."""
    text = _once("--field", values)
    if text is None:
        return None
    try:
        scores = [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise _UsageError(f"--field takes NS scores separated by commas, not {text!r}") from None
    for score in scores:
        _check_score("--field", score)
    return scores


def _check_score(option: str, score: int) -> None:
    """A :class:`_UsageError` unless ``score`` is an NS score some contract and result give."""
    if score in _duplicate_scores():
        return
    why = ("a score is a multiple of 10" if score % 10 else
           f"no contract and result scores NS {score:+d}")
    raise _UsageError(f"{option}: {score} is not an NS score ({why}; {_nearest(score)})")


def _nearest(score: int) -> str:
    """``the nearest are +600 and +610``: the scores a board can give either side of ``score``."""
    scores = _duplicate_scores()
    near = [f"{s:+d}" if s else "0" for s in (max((s for s in scores if s < score), default=None),
                                             min((s for s in scores if s > score), default=None))
            if s is not None]
    return f"the nearest are {near[0]} and {near[1]}" if len(near) == 2 else \
        f"the nearest is {near[0]}"


@functools.cache
def _duplicate_scores() -> frozenset[int]:
    """Every NS score a board can give: each contract, undoubled, doubled or redoubled, by
    either side at each vulnerability, with each number of tricks, and 0 when passed out."""
    from revoke_equity.model.cards import Strain
    from revoke_equity.model.contract import Contract, Doubling, Vulnerability
    from revoke_equity.model.seats import Seat
    from revoke_equity.scoring import score_ns

    scores = {0}
    for contract in (Contract(level, strain, doubling) for level in range(1, 8)
                     for strain in Strain for doubling in Doubling):
        for vulnerable in Vulnerability:
            for declarer in (Seat.N, Seat.E):
                scores.update(score_ns(contract, declarer, vulnerable, tricks)
                              for tricks in range(14))
    return frozenset(scores)


def _options(args: argparse.Namespace) -> EstimateOptions:
    try:
        estimate, also = estimate_and_also(args.estimate, args.also)
    except ValueError as exc:
        raise _UsageError(f"--also: {exc}") from None
    _check_also_players(args, estimate, also)
    try:
        return EstimateOptions(
            estimate=estimate, players=args.players, worlds=args.worlds,
            max_worlds=max_worlds_given(args.worlds, args.max_worlds),
            tolerance=args.tolerance, playouts=args.playouts, precision=args.precision,
            seed=args.seed, likely=args.likely, probable=args.probable,
            jobs=args.jobs, ignore_auction=args.ignore_auction,
            auction_effect=args.auction_effect,
            extra=also)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None


def _check_also_players(args: argparse.Namespace, estimate: str, also: tuple[str, ...]) -> None:
    """A :class:`_UsageError` for an unknown class of ``--also-players``, or for classes that
    cannot move the ruling: without an estimate (``--no-equity``), or with ``estimate`` and the
    ``also`` beside it modelling no players (``dd`` alone), every class would give the same
    ruling."""
    from revoke_equity.ruling.sensitivity import other_classes, played_estimate

    try:
        other_classes(args.also_players, args.players,
                      None if args.no_equity else played_estimate(estimate, also))
    except ValueError as exc:
        raise _UsageError(f"--also-players: {exc}, or leave --also-players out") from None
    if args.no_equity and any(n.strip() for n in args.also_players.split(",")):
        raise _UsageError("--also-players: --no-equity makes no estimate, so no class of player "
                          "can move the ruling; leave one of them out")


def _listed(names: Sequence[str]) -> str:
    *first, last = names
    return f"{', '.join(first)} and {last}" if first else last


def _director_shown(text: str | None) -> Shown | None:
    """What ``--shown`` says the seats showed, read once for every board (a
    :class:`_UsageError` naming the part that cannot be read)."""
    from revoke_equity.model.shown import Shown

    if text is None:
        return None
    try:
        return Shown.from_text(text)
    except ValueError as exc:
        raise _UsageError(f"--shown: {exc}") from None


def _with_shown(case: Case, shown: Shown | None) -> Case:
    """``case`` with the director's ``--shown`` constraints (when given), warning on stderr when
    the case's contract is not what its auction reached."""
    from revoke_equity.model.auction import contract_warning

    if case.auction is not None:
        warning = contract_warning(case.auction, str(case.contract), case.declarer)
        if warning is not None:
            where = f"board {case.board}: " if case.board is not None else ""
            print(f"revoke-equity rule: warning: {where}{warning}", file=sys.stderr)
    return case if shown is None else dataclasses.replace(case, shown=shown)


# Over 60 lines: read, rule each board (its errors on stderr, the others still ruled), write; the
# writers and the score comparison are functions of their own.
def _rule(args: argparse.Namespace) -> int:
    from revoke_equity.io import BoardInput, apply_overrides, read_boards, read_path

    try:
        compare, field = _compare(args.compare), _field(args.field)
        options = _options(args)
        shown = _director_shown(args.shown)
        if args.example == (args.file is not None):
            raise _UsageError("give a FILE (or '-', or a handviewer URL), or --example")
        if args.example:
            text = resources.files("revoke_equity").joinpath(
                "examples/two-revokes-same-suit.json").read_text()
            boards: list[BoardInput] = read_boards(text, fmt="json", name="example")
        else:
            boards = read_path(args.file)
    except _UsageError as exc:
        print(f"revoke-equity rule: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"revoke-equity rule: cannot read {args.file}: {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_USAGE
    except RevokeEquityError as exc:
        print(f"revoke-equity rule: {exc}", file=sys.stderr)
        return EXIT_SOME_FAILED
    if not boards:
        print(f"revoke-equity rule: no board in {args.file or 'the example'}: nothing to rule on",
              file=sys.stderr)
        return EXIT_SOME_FAILED
    if args.board is not None:
        boards = [b for b in boards if b.board == args.board]
        if not boards:
            print(f"revoke-equity rule: no board {args.board} in the input", file=sys.stderr)
            return EXIT_SOME_FAILED
    several = len(boards) > 1
    from revoke_equity.report.progress import TerminalProgress

    progress = TerminalProgress(len(boards)) if TerminalProgress.wanted(args.quiet) else None
    solver = None
    if not args.no_equity:
        from revoke_equity.solver.pool import default_solver

        if progress is not None:
            progress.note("loading the double-dummy solver")
        solver = default_solver()
    from revoke_equity.report.text import render
    from revoke_equity.ruling import rule  # looked up at each run, so a test can replace it
    from revoke_equity.ruling.other_tables import score_comparison

    failed = False
    rulings: list[RulingJSON] = []
    ruled: list[tuple[Ruling, RulingJSON]] = []
    input_tags: list[tuple[tuple[str, str], ...]] = []  # each ruled board's, for --format pbn
    texts: list[str] = []
    for entry in boards:
        if entry.error is not None or entry.case is None:
            print(f"revoke-equity rule: {entry.error}", file=sys.stderr)
            failed = True
            continue
        for warning in entry.warnings:
            print(f"revoke-equity rule: warning: {warning}", file=sys.stderr)
        case = apply_overrides(entry.case, laws=args.laws, noticed=args.noticed)
        if progress is not None:
            progress.board(case.board)
        try:
            case = _with_shown(case, shown)
            ruling = rule(case, solver, options=options, progress=progress)
        except RevokeEquityError as exc:
            print(f"revoke-equity rule: {_located(exc, case.board)}", file=sys.stderr)
            failed = True
            continue
        except Exception as exc:  # a bug: report it on this board, rule the others
            print(f"revoke-equity rule: {internal_error(exc, case.board)}", file=sys.stderr)
            failed = True
            continue
        comparison = score_comparison(ruling, compare, field)
        others = _other_classes(case, solver, options, args.also_players)
        data = ruling.to_dict(comparison=comparison,
                              sensitivity=[o.as_dict() for o in others])
        if entry.warnings:
            data["warnings"] = [*entry.warnings, *data.get("warnings", [])]
        rulings.append(data)
        ruled.append((ruling, data))
        input_tags.append(entry.tags)
        if args.format == "text":
            text = render(ruling, unicode=args.unicode)
            if comparison:
                text += _comparison_text(comparison)
            if others:
                text += "\nHow firm it is\n--------------\n" + "\n".join(o.text for o in others) \
                    + "\n"
            texts.append(text + _score_text(data))
    if progress is not None:
        progress.close()
    _write(args, several, rulings, ruled, texts, input_tags)
    return EXIT_SOME_FAILED if failed else EXIT_OK


def _write(args: argparse.Namespace, several: bool, rulings: list[RulingJSON],
           ruled: list[tuple[Ruling, RulingJSON]], texts: list[str],
           input_tags: list[tuple[tuple[str, str], ...]]) -> None:
    """Print the rulings in ``args.format`` (PBN with the input's own tags of each board)."""
    if args.format == "json":
        # One board: its ruling object (nothing when it failed); several: a list, whatever the format.
        if several or rulings:
            payload: object = rulings if several else rulings[0]
            print(json.dumps(payload, indent=2, ensure_ascii=False))
    elif args.format == "pbn" and ruled:
        from revoke_equity.report.pbn import ruled_boards_pbn

        print(ruled_boards_pbn([(r.case, data) for r, data in ruled], event=args.event,
                               tags=input_tags), end="")
    elif args.format == "html" and ruled:
        from revoke_equity.report.html import SheetFields, ruling_sheets_html

        ns, ew = args.pairs or (None, None)
        fields = SheetFields(args.event, args.session, args.table, ns, ew)
        print(ruling_sheets_html(ruled, fields), end="")
    elif args.format == "text":
        print("\n".join(texts), end="")


def _other_classes(case: Case, solver: Solver | None, options: EstimateOptions, names: str
                   ) -> list[UnderClass]:
    """The ruling under each class of ``--also-players`` (none without a solver)."""
    from revoke_equity.ruling.sensitivity import under_other_classes

    classes = tuple(n.strip() for n in names.split(",") if n.strip())
    if not classes or solver is None:
        return []
    return under_other_classes(case, solver, options, classes)


def _score_text(data: RulingJSON) -> str:
    lines = ["", "Score to enter", "--------------"]
    lines += [s["text"] for s in data["score_to_enter"]]
    return "\n".join(lines) + "\n"


def _located(exc: RevokeEquityError, board: int | None) -> str:
    if isinstance(exc, CaseError):
        return str(exc.with_board(board))
    return f"board {board}: {exc}" if board is not None else str(exc)


def _comparison_text(comparison: ScoreComparisonJSON) -> str:
    lines = ["", "Comparison", "----------"]
    if "imps_ns" in comparison:
        opts = comparison["imps_ns"]["options"]
        lines.append("IMPs to NS: " + ", ".join(f"{k} {v:+g}" for k, v in opts.items()))
    if "matchpoints_ns_percent" in comparison:
        opts = comparison["matchpoints_ns_percent"]["options"]
        lines.append("NS matchpoints %: " + ", ".join(f"{k} {v:g}" for k, v in opts.items()))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
