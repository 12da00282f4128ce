"""The command line's progress: on standard error when it is a terminal (a pseudo-terminal here),
never in a pipe nor with ``--quiet``; the ruling on standard output stays clean JSON either way."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import time

import pytest

pytest.importorskip("endplay._dds")

RULE = [sys.executable, "-m", "revoke_equity.cli", "rule", "--example", "--estimate", "dd",
        "--json"]


def _on_terminal(*extra: str, limit: float = 300) -> tuple[dict[str, object], str]:
    """The ruling JSON (stdout, a pipe) and what the terminal (stderr, a pty) showed."""
    main, child = pty.openpty()
    process = subprocess.Popen([*RULE, *extra], stdout=subprocess.PIPE, stderr=child,
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
