"""The command line's progress: on standard error when it is a terminal (a pseudo-terminal here),
never in a pipe nor with ``--quiet``; the ruling on standard output stays clean JSON either way."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

pytest.importorskip("endplay._dds")

RULE = [sys.executable, "-m", "revoke_equity.cli", "rule", "--example", "--estimate", "dd",
        "--json"]
P02 = Path(__file__).parent / "data" / "cases" / "p02-64A2-declarer-revoked.json"
SAMPLED = [sys.executable, "-m", "revoke_equity.cli", "rule", str(P02), "--estimate", "sd", "--json"]


def _on_terminal(*extra: str, limit: float = 300, command: list[str] = RULE, columns: int = 200
                 ) -> tuple[dict[str, object], str]:
    """The ruling JSON (stdout, a pipe) and what the terminal (stderr, a pty, 200 columns wide so
    nothing is cut, unless told) showed."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    process = subprocess.Popen([*command, *extra], stdout=subprocess.PIPE, stderr=child,
                               stdin=subprocess.DEVNULL)
    os.close(child)
    shown = b""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    out, _ = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
    os.close(main)
    assert process.returncode == 0, shown
    return json.loads(out), shown.decode("utf-8", "replace")


def test_progress_is_drawn_on_a_terminal_and_the_json_stays_clean() -> None:
    ruling, shown = _on_terminal()
    assert "loading the double-dummy solver" in shown
    assert "board 1 of 1" in shown
    assert "estimate dd at Law 64C" in shown
    assert ruling["recommendation"]  # the whole ruling object, nothing else, on stdout


def test_quiet_draws_nothing_on_a_terminal() -> None:
    ruling, shown = _on_terminal("--quiet")
    assert shown.strip() == ""
    assert ruling["recommendation"]


def test_nothing_is_drawn_in_a_pipe() -> None:
    done = subprocess.run(RULE, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL, check=True)
    assert done.stderr == ""
    assert json.loads(done.stdout)["recommendation"]


def test_the_playouts_advance_on_the_terminal_during_a_sampled_estimate() -> None:
    """p02's single-dummy estimate is sampled (60 playouts): each block of 20 is shown with the
    precision so far, not only the estimate's start and end."""
    ruling, shown = _on_terminal(command=SAMPLED)
    done = [int(n) for n in re.findall(r"(\d+)/\d+ playouts, \+/-[\d.]+ \(estimate sd at Law 64C1\)",
                                       shown)]
    assert len(done) >= 2 and done == sorted(done) and len(set(done)) == len(done)
    assert ruling["recommendation"]


def test_the_bar_moves_within_the_estimate_as_its_playouts_advance() -> None:
    """The bar shows the steps done plus the part of the step under way: while p02's sampled
    estimate plays its blocks of playouts, the percentage rises between the estimate's start and
    its end, not only at the stages' boundaries."""
    _, shown = _on_terminal(command=SAMPLED)
    during = [int(p) for p in re.findall(r"(\d+)% \[[^]]*\][ ,]*\d+/\d+ playouts, \+/-[\d.]+ "
                                         r"\(estimate sd", shown)]
    assert len(set(during)) >= 2 and during == sorted(during), during
    steps = {int(p) for p in re.findall(r"(\d+)% \[", shown)}
    assert len(steps) > len(set(during)), steps  # the boundaries too


def test_the_playouts_and_their_precision_fit_an_80_column_terminal() -> None:
    """The advance comes first in the line, so a terminal of 80 columns still shows it whole."""
    _, shown = _on_terminal(command=SAMPLED, columns=80)
    assert len(re.findall(r"\d+/\d+ playouts, \+/-\d\.\d\d", shown)) >= 2


def test_nothing_is_drawn_in_a_pipe_during_a_sampled_estimate() -> None:
    done = subprocess.run(SAMPLED, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL, check=True)
    assert done.stderr == ""
    assert json.loads(done.stdout)["recommendation"]
