"""Fuzzing the readers, ``rule()`` and the command line with damaged boards in the four formats.

Every sample starts from valid boards (the worked cases and the PBN and LIN test files) written as a
JSON case, PBN, LIN or handviewer links, several boards to an input, and damages ONE board of it:
random edits (characters, format tokens, numbers, spans), or one of the malformed classes that
break a naive reader (:data:`CLASSES`). Each input then has an outcome:

* ``ruled``: every board read and ruled;
* ``clean error``: some board reported with a :class:`~revoke_equity.errors.RevokeEquityError`
  (the others ruled);
* ``other exception``: any other exception left a reader or ``rule()`` (a bug);
* ``crash``: the process died (a DDS crash would show here, run in a child process);
* ``hang``: no answer within :data:`HANG_SECONDS`.

A board is ``lost`` when a board OTHER than the damaged one is no longer read as it was. Samples
are a pure function of ``(seed, index)``, so a child process regenerates them without being sent
any text, and a sample that crashes or hangs is named by its index.

``python tests/fuzzing.py --inputs 12000 --cli 120`` prints the README's reliability figures
(``pytest -m slow tests/test_fuzz.py`` runs the same at that size).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import selectors
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from revoke_equity.errors import RevokeEquityError
from revoke_equity.io import (
    case_to_dict,
    dumps_lin,
    dumps_pbn,
    handviewer_url,
    loads,
    read_boards,
    sniff_format,
)
from revoke_equity.model import Case, Seat
from revoke_equity.model.contract import Doubling, dealer_for_board

HERE = Path(__file__).parent
CASES = HERE / "data" / "cases"
FORMATS = ("json", "pbn", "lin", "url")
OUTCOMES = ("ruled", "clean error", "other exception", "crash", "hang")
HANG_SECONDS = 60.0
"""A sample still unanswered after this long is a hang (the slowest take about 3 s)."""
STARTUP_SECONDS = 120.0
"""What a child may take to start and to reach its next sample (imports on a loaded machine)."""
EXTENSIONS = {"json": ".json", "pbn": ".pbn", "lin": ".lin", "url": ".txt"}

HOSTILE_NUMBERS = ("²", "①", "٣", "１", "9" * 5000, "0", "-1", "99999999999", "1e5", " 7", "00007", "")
HOSTILE_CHARS = ("²", "①", "\u00a0", "\u2028", "\x00", "\ufeff", "♠", "ß", "İ", "\ud800", "\x85", "\t")
TOKENS = {
    "json": ('"', "{", "}", "[", "]", ",", ":", "null", "true", "1e999", "NaN", '"S10"', "\\u0000",
             '"board": 5, ', "\\", "\n"),
    "pbn": ("[", "]", '"', "{", "}", ";", "%", "*", "-", "\n\n", '[Board "', '[Result "', "#", "=1=",
            "$3", '\\"', "\n", "10", "SA "),
    "lin": ("|", "||", "md|", "pc|", "mb|", "mc|", "qx|", "ah|Board ", "sv|", "\n", ",", "pg||", "p|"),
    "url": ("&", "=", "%", "%2", "?", "#", "lin=", "b=", "p=", "a=", "(", ")", "\n", "|", "d=", "v="),
}
ALPHABET = {
    "json": 'SHDCAKQJT98765432NEW:."[]{},0 \n',
    "pbn": 'SHDCAKQJT98765432NEW:."[]{}*-; \n0',
    "lin": "SHDCAKQJT98765432pdr|,0 \n",
    "url": "shdcakqjt98765432=&%|,0 \n",
}


@dataclass(frozen=True)
class Source:
    """A valid input: its boards' texts, and how they are joined into one text."""

    fmt: str
    boards: tuple[str, ...]
    header: str = ""
    joiner: str = "\n"
    footer: str = ""

    def text(self, boards: tuple[str, ...] | None = None) -> str:
        return self.header + self.joiner.join(self.boards if boards is None else boards) + self.footer


@dataclass(frozen=True)
class Sample:
    """One fuzz input. ``intact`` are the cases of the boards left undamaged: each must still be
    read (checked when the reader's format is the source's)."""

    index: int
    fmt: str
    kind: str
    text: str
    given: str | None
    intact: tuple[Case, ...] = ()


@dataclass
class Result:
    """What one sample gave: its outcome and its boards (ruled, reported, lost)."""

    index: int
    fmt: str
    kind: str
    outcome: str
    boards: int = 0
    ruled: int = 0
    reported: int = 0
    lost: int = 0
    detail: str = ""

    def as_json(self) -> str:
        return json.dumps(self.__dict__, ensure_ascii=True)


# ------------------------------------------------------------------------------------ valid inputs


@cache
def worked_cases() -> tuple[Case, ...]:
    return tuple(loads(path.read_text())[0] for path in sorted(CASES.glob("p*.json")))


def hands_link(case: Case) -> str:
    """The ``n=/e=/s=/w=`` form of a handviewer link (complete play only: that form has no claim)."""
    params = []
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        cards = sorted(case.deal.hand(seat), key=lambda c: c.sort_key())
        text = "".join(suit + "".join(str(c)[1] for c in cards if str(c)[0] == suit.upper())
                       for suit in "shdc")
        params.append(f"{seat.value.lower()}={text.lower()}")
    dealer = dealer_for_board(case.board) if case.board is not None else case.declarer
    calls = ["p"] * ((case.declarer.index - dealer.index) % 4)
    calls.append(f"{case.contract.level}{case.contract.strain.value}".lower())
    calls += ["d"] if case.contract.doubling >= Doubling.DOUBLED else []
    calls += ["r"] if case.contract.doubling is Doubling.REDOUBLED else []
    calls += ["p", "p", "p"]
    vul = {"None": "o", "NS": "n", "EW": "e", "All": "b"}[case.vulnerable.value]
    params += [f"d={dealer.value.lower()}", f"v={vul}", f"a={''.join(calls)}",
               "p=" + "".join(str(card).lower() for card in case.play)]
    if case.board is not None:
        params.append(f"b={case.board}")
    return "https://www.bridgebase.com/tools/handviewer.html?" + "&".join(params)


@cache
def sources() -> dict[str, tuple[Source, ...]]:
    """Valid inputs of several boards in each format (each checked by :func:`check_sources`)."""
    cases = worked_cases()
    groups = [cases[0:4], cases[4:8], cases[8:12], cases[12:15]]
    pbn_text = (CASES / "p-boards.pbn").read_text()
    pbn_header, *pbn_boards = pbn_text.rstrip("\n").split("\n\n")
    out: dict[str, list[Source]] = {fmt: [] for fmt in FORMATS}
    out["pbn"].append(Source("pbn", tuple(pbn_boards), pbn_header + "\n\n", "\n\n", "\n"))
    out["lin"].append(Source("lin", ((CASES / "p03-two-defenders-revoke-cap.lin").read_text().strip(),)))
    for group in groups:
        dicts = [case_to_dict(case) for case in group]
        out["json"].append(Source("json", tuple(json.dumps(d, indent=2) for d in dicts),
                                  "[\n", ",\n", "\n]\n"))
        out["json"].append(Source("json", tuple(json.dumps(d) for d in dicts), "[", ", ", "]"))
        games = dumps_pbn(group).rstrip("\n").split("\n\n")
        out["pbn"].append(Source("pbn", tuple(games[1:]), games[0] + "\n\n", "\n\n", "\n"))
        out["lin"].append(Source("lin", tuple(dumps_lin(case) for case in group), "", "\n", "\n"))
        links = [hands_link(c) if c.claim is None else handviewer_url(c) for c in group]
        out["url"].append(Source("url", tuple(handviewer_url(case) for case in group), "", "\n", "\n"))
        out["url"].append(Source("url", tuple(links), "", "\n", "\n"))
    out["json"].append(Source("json", ((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text(),)))
    return {fmt: tuple(items) for fmt, items in out.items()}


@cache
def source_cases(source: Source) -> tuple[tuple[Case, ...], ...]:
    """The cases read from each board of ``source`` alone (one per board)."""
    return tuple(tuple(_cases(source.text((board,)), source.fmt)) for board in source.boards)


def _cases(text: str, fmt: str | None) -> list[Case]:
    return [entry.case for entry in read_boards(text, fmt=fmt) if entry.case is not None]


def check_sources() -> list[str]:
    """Problems with the valid inputs (none expected): every board reads alone and in its file."""
    problems = []
    for fmt, items in sources().items():
        for number, source in enumerate(items):
            entries = read_boards(source.text(), fmt=fmt)
            if not all(entry.ok for entry in entries) or len(entries) != len(source.boards):
                problems.append(f"{fmt} source {number}: {[str(e.error) for e in entries if e.error]}")
            if any(len(cases) != 1 for cases in source_cases(source)):
                problems.append(f"{fmt} source {number}: a board does not read alone")
    return problems


# ------------------------------------------------------------------------------------ damage


def _span(rng: random.Random, text: str) -> tuple[int, int]:
    start = rng.randrange(len(text) + 1)
    return start, min(len(text), start + rng.randint(1, 12))


def mutate(rng: random.Random, text: str, fmt: str) -> str:
    """One to four random edits of ``text``."""
    for _ in range(rng.randint(1, 4)):
        action = rng.random()
        start, end = _span(rng, text)
        if action < 0.25:
            char = rng.choice(ALPHABET[fmt]) if rng.random() < 0.8 else rng.choice(HOSTILE_CHARS)
            text = text[:start] + char + text[start + 1 :]
        elif action < 0.45:
            text = text[:start] + text[end:]
        elif action < 0.7:
            token = rng.choice(TOKENS[fmt]) if rng.random() < 0.8 else rng.choice(HOSTILE_CHARS)
            text = text[:start] + token + text[start:]
        elif action < 0.8:
            where = rng.randrange(len(text) + 1)
            text = text[:where] + text[start:end] + text[where:]
        elif action < 0.9:
            text = replace_number(rng, text)
        elif action < 0.95:
            text = text[: rng.randrange(len(text) + 1)]
        else:
            lines = text.split("\n")
            rng.shuffle(lines)
            text = "\n".join(lines)
    return text


def replace_number(rng: random.Random, text: str, numbers: tuple[str, ...] = HOSTILE_NUMBERS) -> str:
    """``text`` with one run of ASCII digits replaced by a hostile number (or unchanged)."""
    runs = []
    i = 0
    while i < len(text):
        if text[i].isascii() and text[i].isdigit():
            j = i
            while j < len(text) and text[j].isascii() and text[j].isdigit():
                j += 1
            runs.append((i, j))
            i = j
        else:
            i += 1
    if not runs:
        return text
    start, end = rng.choice(runs)
    return text[:start] + rng.choice(numbers) + text[end:]


def _number_field(fmt: str) -> str:
    """The board number field of each format (where ``int()`` fails on a hostile digit)."""
    return {"json": '"board": ', "pbn": '[Board "', "lin": "ah|Board ", "url": "b="}[fmt]


def unicode_digit(rng: random.Random, text: str, fmt: str) -> str:
    """A superscript, circled, Arabic-Indic or full-width digit in a number field."""
    digit = rng.choice(("²", "①", "٣", "１", "³"))
    fields = [_number_field(fmt), '[Result "', "mc|", "qx|o", '"declarer_tricks": ']
    for marker in rng.sample(fields, len(fields)):
        at = text.find(marker)
        if at >= 0:
            at += len(marker)
            return text[:at] + digit + text[at:]
    return replace_number(rng, text, (digit,))


def huge_integer(rng: random.Random, text: str, fmt: str) -> str:
    """An integer of more than 4,300 digits, where ``int()`` gives up."""
    return replace_number(rng, text, ("7" * rng.randint(4301, 20000),))


def deep_nesting(rng: random.Random, text: str, fmt: str) -> str:
    """Brackets nested a few thousand deep (JSON), or their like in the other formats."""
    depth = rng.randint(1000, 20000)
    bomb = {"json": "[" * depth, "pbn": "{" * depth, "lin": "|" * depth, "url": "(" * depth}[fmt]
    where = rng.randrange(len(text) + 1)
    return text[:where] + bomb + text[where:]


def unterminated_comment(rng: random.Random, text: str, fmt: str) -> str:
    """An opening ``{`` (a PBN comment) or quote, never closed."""
    opener = {"json": '"', "pbn": "{", "lin": "nt|", "url": "("}[fmt]
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    lines[k] = lines[k] + " " + opener + " left open"
    return "\n".join(lines)


def blank_lines(rng: random.Random, text: str, fmt: str) -> str:
    """About 40 KB of blank lines inside the board."""
    where = rng.randrange(len(text) + 1)
    return text[:where] + "\n" * rng.randint(20000, 60000) + text[where:]


def many_calls(rng: random.Random, text: str, fmt: str) -> str:
    """A run of calls and empty tags of about 72 KB (LIN), or of cards in the play (the others)."""
    unit = {"json": '"S2", ', "pbn": "- ", "lin": "mb|p|st||", "url": "p"}[fmt]
    marker = {"json": '"play": [', "pbn": '[Play "', "lin": "mb|", "url": "p="}[fmt]
    where = text.find(marker)
    where = rng.randrange(len(text) + 1) if where < 0 else where + len(marker)
    return text[:where] + unit * (72000 // len(unit)) + text[where:]


CLASSES: dict[str, Callable[[random.Random, str, str], str]] = {
    "unicode digit": unicode_digit,
    "huge integer": huge_integer,
    "deep nesting": deep_nesting,
    "unterminated comment": unterminated_comment,
    "blank lines": blank_lines,
    "many calls": many_calls,
}
"""The malformed classes that make a naive reader raise, lose boards, or stall."""
EMPTY = {"json": ("", "[]", "  \n"), "pbn": ("", "% PBN 2.1\n% EXPORT\n"), "lin": ("", "pn|a,b,c,d|"),
         "url": ("", "\n\n")}


def sample(seed: int, index: int) -> Sample:
    """Sample ``index`` of run ``seed``: one damaged board in a valid input of format
    ``FORMATS[index % 4]`` (see :func:`damaged`)."""
    return damaged(random.Random(f"{seed}/{index}"), FORMATS[index % len(FORMATS)], index)


def damaged(rng: random.Random, fmt: str, index: int = 0, kind: str | None = None,
            sniff: bool | None = None) -> Sample:
    """A valid input of format ``fmt`` with one board damaged by ``kind`` (one of
    :data:`CLASSES`, ``"random edits"``, ``"no board"``; drawn when ``None``); fed to the reader
    with its format (as a file's extension or a request's content type gives it) or sniffed
    (``sniff``; drawn when ``None``: two times in five)."""
    if sniff is None:
        sniff = rng.random() >= 0.6
    reader_fmt = None if sniff else fmt
    if kind is None:
        draw = rng.random()
        kind = "no board" if draw < 0.01 else rng.choice(list(CLASSES)) if draw < 0.2 else "random edits"
    if kind == "no board":
        return Sample(index, fmt, kind, rng.choice(EMPTY[fmt]), reader_fmt)
    source = rng.choice(sources()[fmt])
    k = rng.randrange(len(source.boards))
    boards = list(source.boards)
    damage = CLASSES.get(kind)
    boards[k] = damage(rng, boards[k], fmt) if damage else mutate(rng, boards[k], fmt)
    intact = tuple(case for j, cases in enumerate(source_cases(source)) if j != k for case in cases)
    return Sample(index, fmt, kind, source.text(tuple(boards)), reader_fmt, intact)


# ------------------------------------------------------------------------------------ one run


def run_sample(item: Sample, solver: Any = None) -> Result:
    """Read ``item`` and rule every board read (with ``solver``, or the law part only)."""
    from revoke_equity.equity.estimate import EstimateOptions
    from revoke_equity.ruling import rule

    result = Result(item.index, item.fmt, item.kind, "ruled")
    try:
        entries = read_boards(item.text, fmt=item.given)
    except Exception as exc:  # what this fuzzing looks for
        result.outcome, result.detail = "other exception", f"reader: {type(exc).__name__}: {exc}"[:300]
        return result
    result.boards = len(entries)
    if not entries:
        result.outcome, result.detail = "clean error", "no board"
    read: list[Case] = []
    for entry in entries:
        if entry.case is None:
            result.reported += 1
            result.outcome = "clean error"
            continue
        read.append(entry.case)
        try:
            rule(entry.case, solver, options=EstimateOptions(estimate="dd"))
        except RevokeEquityError:
            result.reported += 1
            result.outcome = "clean error"
            continue
        except Exception as exc:
            result.outcome = "other exception"
            result.detail = f"rule: {type(exc).__name__}: {exc}"[:300]
            return result
        result.ruled += 1
    if item.given is not None or sniff_format(item.text) == item.fmt:
        result.lost = sum(1 for case in item.intact if case not in read)
    return result


def child(seed: int, start: int, stop: int, dds_every: int) -> None:
    """Run samples ``start..stop-1``, one JSON line each: ``"begin i"`` first, so the parent knows
    which sample a crash or hang belongs to."""
    solver = None
    for index in range(start, stop):
        print(f"begin {index}", flush=True)
        if os.environ.get("FUZZ_ABORT_AT") == str(index):  # to test that a crash is recorded
            os.abort()
        if os.environ.get("FUZZ_HANG_AT") == str(index):  # to test that a hang is recorded
            time.sleep(3600)
        if dds_every and index % dds_every == 0 and solver is None:
            from revoke_equity.solver.dds import DdsSolver

            solver = DdsSolver()
        use = solver if dds_every and index % dds_every == 0 else None
        print(run_sample(sample(seed, index), use).as_json(), flush=True)


def _follow(process: subprocess.Popen[bytes], seed: int, index: int, stop: int, hang_seconds: float,
            results: list[Result], stderr: Any) -> int:
    """Collect one child's results; the index to carry on from when it ends (``stop``: done).

    A sample hangs when its result takes more than ``hang_seconds`` after its ``begin`` line; the
    child's start (the imports) and the time between samples get ``STARTUP_SECONDS``, so a loaded
    machine does not turn a slow start into a hang."""
    running: int | None = None
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while True:
            wait = hang_seconds if running is not None else max(hang_seconds, STARTUP_SECONDS)
            if not selector.select(wait):
                process.kill()
                process.wait()
                item = sample(seed, running if running is not None else index)
                results.append(Result(item.index, item.fmt, item.kind, "hang"))
                return item.index + 1
            # unbuffered: one line at a time, so ``select`` never waits on lines already read
            line = process.stdout.readline().decode("utf-8", "replace")
            if not line:  # the child ended
                code = process.wait()
                stderr.seek(0)
                if running is None:
                    if code != 0 or (results and results[-1].index != stop - 1):
                        raise RuntimeError(f"a fuzzing child failed outside any sample (exit {code}): "
                                           f"{stderr.read()[-2000:]}")
                    return stop
                item = sample(seed, running)
                results.append(Result(item.index, item.fmt, item.kind, "crash",
                                      detail=f"exit {code}: {stderr.read()[-300:]}"))
                return running + 1
            if line.startswith("begin "):
                running = int(line.split()[1])
                continue
            result = Result(**json.loads(line))
            results.append(result)
            running = None


def in_children(seed: int, count: int, *, dds_every: int = 10, start: int = 0,
                hang_seconds: float = HANG_SECONDS, env: dict[str, str] | None = None) -> list[Result]:
    """Samples ``start..start+count-1`` in child processes: a crash or a hang ends the child, is
    recorded against the sample it was running, and a new child carries on after it."""
    results: list[Result] = []
    index, stop = start, start + count
    while index < stop:
        command = [sys.executable, str(Path(__file__).resolve()), "--child", "--seed", str(seed),
                   "--start", str(index), "--stop", str(stop), "--dds-every", str(dds_every)]
        with tempfile.TemporaryFile("w+", errors="replace") as stderr, subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=stderr, stdin=subprocess.DEVNULL, bufsize=0,
            env={**os.environ, **(env or {})},
        ) as process:
            index = _follow(process, seed, index, stop, hang_seconds, results, stderr)
    return results


# ------------------------------------------------------------------------------------ the CLI


@dataclass
class CliResult:
    index: int
    fmt: str
    outcome: str
    code: int | None
    detail: str = ""


def run_cli(item: Sample, folder: Path, *, equity: bool = True, timeout: float = HANG_SECONDS) -> CliResult:
    """``revoke-equity rule FILE --json`` on ``item`` written to a file (its format's extension,
    or ``.txt`` to be sniffed). ``ruled``: exit 0 and JSON on stdout; ``clean error``: exit 1 and
    one-line messages on stderr; a traceback, another exit code or non-JSON output is ``other
    exception``; a signal is ``crash``; no exit within ``timeout`` is ``hang``."""
    path = folder / f"sample-{item.index}{EXTENSIONS[item.fmt] if item.given else '.txt'}"
    path.write_bytes(item.text.encode("utf-8", "surrogatepass"))
    # The double-dummy estimate: the cheapest that still runs the solver and the whole pipeline
    # (what is fuzzed is reading, ruling and reporting; the single-dummy estimate has tests of its
    # own, and at its default it can take longer than the hang limit on a busy machine).
    command = [sys.executable, "-m", "revoke_equity.cli", "rule", str(path), "--json",
               "--estimate", "dd"]
    if not equity:
        command.append("--no-equity")
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace",
                              timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return CliResult(item.index, item.fmt, "hang", None)
    finally:
        path.unlink(missing_ok=True)
    code, stderr = done.returncode, done.stderr
    if code < 0:
        return CliResult(item.index, item.fmt, "crash", code, stderr[-300:])
    if "Traceback" in stderr or code not in (0, 1):
        return CliResult(item.index, item.fmt, "other exception", code, stderr[-300:])
    if code == 0:
        try:
            json.loads(done.stdout)
        except ValueError:
            return CliResult(item.index, item.fmt, "other exception", code, "stdout is not JSON")
        return CliResult(item.index, item.fmt, "ruled", code)
    if not stderr.strip():
        return CliResult(item.index, item.fmt, "other exception", code, "exit 1 without a message")
    return CliResult(item.index, item.fmt, "clean error", code)


def cli_runs(seed: int, count: int, *, start: int = 0, equity: bool = True) -> list[CliResult]:
    with tempfile.TemporaryDirectory(prefix="revoke-equity-fuzz-") as folder:
        return [run_cli(sample(seed, index), Path(folder), equity=equity)
                for index in range(start, start + count)]


# ------------------------------------------------------------------------------------ report


@dataclass
class Figures:
    """Outcome counts by format, boards ruled / reported / lost, and the CLI runs."""

    outcomes: dict[str, Counter[str]] = field(default_factory=dict)
    boards: dict[str, Counter[str]] = field(default_factory=dict)
    cli: dict[str, Counter[str]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, results: list[Result], cli: list[CliResult]) -> Figures:
        figures = cls()
        for result in results:
            figures.outcomes.setdefault(result.fmt, Counter())[result.outcome] += 1
            boards = figures.boards.setdefault(result.fmt, Counter())
            boards.update(ruled=result.ruled, reported=result.reported, lost=result.lost)
            if result.outcome not in ("ruled", "clean error") or result.lost:
                figures.failures.append(f"sample {result.index} ({result.fmt}, {result.kind}): "
                                        f"{result.outcome}, {result.lost} lost; {result.detail}")
        for run in cli:
            figures.cli.setdefault(run.fmt, Counter())[run.outcome] += 1
            if run.outcome not in ("ruled", "clean error"):
                figures.failures.append(f"CLI sample {run.index} ({run.fmt}): {run.outcome}, exit "
                                        f"{run.code}; {run.detail}")
        return figures

    def markdown(self) -> str:
        lines = ["| format | inputs | " + " | ".join(OUTCOMES) + " | boards ruled | boards reported "
                 "| boards lost |", "|---|" + "---:|" * (len(OUTCOMES) + 4)]
        total: Counter[str] = Counter()
        total_boards: Counter[str] = Counter()
        for fmt in FORMATS:
            counts, boards = self.outcomes.get(fmt, Counter()), self.boards.get(fmt, Counter())
            total.update(counts)
            total_boards.update(boards)
            lines.append(self._row(fmt, counts, boards))
        lines.append(self._row("all", total, total_boards))
        if self.cli:
            lines += ["", "| command line | runs | " + " | ".join(OUTCOMES) + " |",
                      "|---|" + "---:|" * (len(OUTCOMES) + 1)]
            all_cli: Counter[str] = Counter()
            for fmt in FORMATS:
                counts = self.cli.get(fmt, Counter())
                all_cli.update(counts)
                lines.append(f"| {fmt} | {sum(counts.values())} | "
                             + " | ".join(str(counts[o]) for o in OUTCOMES) + " |")
            lines.append(f"| all | {sum(all_cli.values())} | "
                         + " | ".join(str(all_cli[o]) for o in OUTCOMES) + " |")
        return "\n".join(lines)

    @staticmethod
    def _row(name: str, counts: Counter[str], boards: Counter[str]) -> str:
        return (f"| {name} | {sum(counts.values())} | " + " | ".join(str(counts[o]) for o in OUTCOMES)
                + f" | {boards['ruled']} | {boards['reported']} | {boards['lost']} |")


def long_run(seed: int, inputs: int, cli: int, dds_every: int = 10) -> tuple[Figures, float]:
    started = time.monotonic()
    results = in_children(seed, inputs, dds_every=dds_every)
    runs = cli_runs(seed, cli, start=inputs)
    return Figures.of(results, runs), time.monotonic() - started


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--inputs", type=int, default=12000)
    parser.add_argument("--cli", type=int, default=120)
    parser.add_argument("--dds-every", type=int, default=10,
                        help="rule every Nth sample with DDS (the rest: the law part only)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--stop", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.seed, args.start, args.stop, args.dds_every)
        return 0
    figures, seconds = long_run(args.seed, args.inputs, args.cli, args.dds_every)
    print(figures.markdown())
    print(f"\n{args.inputs} inputs (seed {args.seed}, every {args.dds_every}th with DDS) and "
          f"{args.cli} command-line runs in {seconds:.0f} s")
    for failure in figures.failures:
        print(failure)
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(_main())
