"""The command line never prints a traceback: a closed pipe, Ctrl-C, a bug on one board, hostile
files, an input with no board. Exit codes as the README gives them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import revoke_equity.ruling
from revoke_equity.cli import main

from conftest import CASES

PBN = CASES / "p-boards.pbn"


def _cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "revoke_equity.cli", *args], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_closed_output_pipe_ends_quietly(tmp_path: Path) -> None:
    many = tmp_path / "many.pbn"
    many.write_text("\n".join([PBN.read_text()] * 20))
    # The reader closes the pipe before the first ruling is printed: the write fails at once.
    with subprocess.Popen([sys.executable, "-m", "revoke_equity.cli", "rule", str(many), "--json",
                           "--no-equity"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        stderr = process.stderr.read().decode()
        code = process.wait(timeout=120)
    assert code == 141, stderr
    assert stderr == ""


@pytest.mark.parametrize(("name", "text"), [
    ("empty.pbn", ""), ("empty.json", "[]"), ("header.pbn", "% PBN 2.1\n% EXPORT\n"),
    ("blank.txt", "\n\n\n"), ("empty.lin", ""),
])
def test_input_with_no_board_is_exit_1(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    done = _cli("rule", str(path))
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.startswith("revoke-equity rule: ")
    assert "no board" in done.stderr or "no LIN record" in done.stderr or "not a JSON case" in done.stderr


@pytest.mark.parametrize(("name", "make", "needle"), [
    ("blank.txt", lambda: "\n" * 40_000, "not a JSON case"),
    ("deep.json", lambda: "[" * 5000, "nested more than"),
    ("huge.json", lambda: '{"board": ' + "9" * 5000 + "}", "more than the 9 digits"),
    ("sup.pbn", lambda: '[Result "²"]'.join(PBN.read_text().rsplit('[Result "10"]', 1)),
     "board 14, line 57: Result must be a whole number, not '²'"),
    ("open.pbn", lambda: PBN.read_text().replace('[Board "2"]', '[Board "2"]\n{ left open'),
     "comment opened at line"),
])
def test_hostile_files_give_located_errors_and_rule_the_rest(tmp_path: Path, name: str, make: Any,
                                                             needle: str) -> None:
    path = tmp_path / name
    path.write_text(make())
    done = _cli("rule", str(path), "--json", "--no-equity")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and needle in done.stderr
    assert all(line.startswith("revoke-equity rule: ") for line in done.stderr.splitlines())
    if name.endswith(".pbn"):
        assert len(json.loads(done.stdout)) == 2  # the two other boards of the file


def test_a_bug_on_one_board_is_reported_there_and_the_others_ruled(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real = revoke_equity.ruling.rule

    def rule(case: Any, *args: Any, **kwargs: Any) -> Any:
        if case.board == 2:
            raise ZeroDivisionError("a bug")
        return real(case, *args, **kwargs)

    monkeypatch.setattr(revoke_equity.ruling, "rule", rule)
    code = main(["rule", str(PBN), "--json", "--no-equity"])
    out, err = capsys.readouterr()
    assert code == 1
    assert [r["board"] for r in json.loads(out)] == [1, 14]
    assert "board 2: internal error (ZeroDivisionError: a bug); please report it" in err
    assert "Traceback" not in err


def test_interrupt_and_unexpected_errors_end_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr("revoke_equity.io.read_path", interrupted)
    assert main(["rule", str(PBN)]) == 130
    assert capsys.readouterr().err == "revoke-equity: interrupted\n"

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("unexpected")

    monkeypatch.setattr("revoke_equity.io.read_path", broken)
    assert main(["rule", str(PBN)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("revoke-equity: internal error (RuntimeError: unexpected)") and err.count("\n") == 1
    monkeypatch.setenv("REVOKE_EQUITY_DEBUG", "1")
    with pytest.raises(RuntimeError):
        main(["rule", str(PBN)])


def test_binary_stdin_and_endless_files_are_clean_errors() -> None:
    done = subprocess.run([sys.executable, "-m", "revoke_equity.cli", "rule", "-"],
                          input=bytes(range(256)) * 8, capture_output=True, timeout=120)
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert b"<stdin>: not a JSON case, PBN, LIN record or handviewer link" in done.stderr
    if Path("/dev/zero").exists():  # read up to the bound, never to the end
        done = subprocess.run([sys.executable, "-m", "revoke_equity.cli", "rule", "/dev/zero"],
                              capture_output=True, timeout=120)
        assert done.returncode == 1 and b"larger than the 16 MiB an input may have" in done.stderr
