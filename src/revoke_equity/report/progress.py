"""The command line's progress on a terminal: a tqdm bar on standard error, per board, moving
within a step as an estimate's playouts (or the exact tree's depths) advance.

Shown only when standard error is a terminal and ``--quiet`` is not given, so a pipe, a file or a
test never sees it; standard output (the ruling) is never touched.
"""

from __future__ import annotations

import os
import sys
from typing import IO, Any

from revoke_equity.ruling.progress import Stage

__all__ = ["TerminalProgress"]


class TerminalProgress:
    """Draws the stage of the ruling of board ``n`` of ``N`` (``board()``, then the ruling's
    :class:`Stage` calls); ``note()`` for a stage outside a ruling (loading the solver)."""

    def __init__(self, boards: int, stream: IO[str] | None = None) -> None:
        self.boards = boards
        self.stream = stream or sys.stderr
        self._bar: Any = None
        self._board = 0
        self._label = ""

    @staticmethod
    def wanted(quiet: bool, stream: IO[str] | None = None) -> bool:
        """Whether to show progress: not ``--quiet``, and standard error a terminal."""
        stream = stream or sys.stderr
        return not quiet and bool(getattr(stream, "isatty", lambda: False)())

    def note(self, text: str) -> None:
        self._close()
        print(f"revoke-equity: {text}...", file=self.stream, flush=True)

    def board(self, number: int | None) -> None:
        """The next board starts (``number``: its board number, when it has one)."""
        self._close()
        self._board += 1
        name = f" (board {number})" if number is not None else ""
        self._label = f"board {self._board} of {self.boards}{name}"

    def __call__(self, stage: Stage) -> None:
        """Draw ``stage``: the bar at its steps done plus the part of the step under way (an
        estimate's playouts, the exact tree's depths), its text after the bar."""
        from tqdm import tqdm

        if self._bar is None:
            self._bar = tqdm(total=stage.steps * _FINE, desc=self._label, file=self.stream,
                             leave=False, bar_format="{desc}: {bar} {percentage:3.0f}% "
                             "[{elapsed}] {postfix}", ncols=_columns(self.stream), nrows=24)
        self._bar.total = stage.steps * _FINE
        self._bar.n = round((stage.step + min(max(stage.part, 0.0), 1.0)) * _FINE)
        self._bar.set_postfix_str(stage.text, refresh=False)
        self._bar.refresh()

    def close(self) -> None:
        self._close()

    def _close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


_FINE = 100
"""Units of the bar in one step, so that it moves within a step as its part advances."""


def _columns(stream: IO[str]) -> int:
    """The terminal's width (80 when it does not say, as a fresh pseudo-terminal does not; tqdm
    would then draw nothing, as it does with no rows, hence the 24 rows above)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (OSError, ValueError, AttributeError):
        return 80
