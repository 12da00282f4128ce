"""How the command line ends without a traceback: a closed output pipe, Ctrl-C, or a bug.

``revoke-equity rule many.pbn --json | head -1`` closes the pipe after one line; Python then
raises ``BrokenPipeError`` on the next write, and once more when it flushes standard output at
exit. :func:`quiet` ends such a run silently with 141 (128 + SIGPIPE, what a shell reports for a
command killed by a closed pipe), Ctrl-C with 130, and any other exception with one line on
standard error and exit 1. ``REVOKE_EQUITY_DEBUG=1`` shows the traceback of a bug instead.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable
from typing import TypeVar

EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

F = TypeVar("F", bound=Callable[..., int])


def internal_error(exc: BaseException, board: int | None = None) -> str:
    """One line for a bug met while ruling (``board``, when known)."""
    where = f"board {board}: " if board is not None else ""
    return (f"{where}internal error ({type(exc).__name__}: {str(exc)[:200]}); please report it "
            "(REVOKE_EQUITY_DEBUG=1 shows the traceback)")


def quiet(program: str) -> Callable[[F], F]:
    """Decorate a command's ``main``: see the module's documentation."""

    def decorate(main: F) -> F:
        @functools.wraps(main)
        def run(*args: object, **kwargs: object) -> int:
            for stream in (sys.stdout, sys.stderr):
                reconfigure = getattr(stream, "reconfigure", None)
                if reconfigure is not None:  # a lone surrogate from the input must not stop output
                    reconfigure(errors="backslashreplace")
            try:
                return main(*args, **kwargs)
            except BrokenPipeError:
                _silence_stdout()
                return EXIT_BROKEN_PIPE
            except KeyboardInterrupt:
                print(f"{program}: interrupted", file=sys.stderr)
                return EXIT_INTERRUPTED
            except Exception as exc:
                if os.environ.get("REVOKE_EQUITY_DEBUG"):
                    raise
                with contextlib.suppress(OSError):
                    print(f"{program}: {internal_error(exc)}", file=sys.stderr)
                return 1

        return run  # type: ignore[return-value]

    return decorate


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that the flush at exit does not raise again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a file (tests capture it)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
