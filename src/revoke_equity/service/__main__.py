"""``python -m revoke_equity.service [--host H] [--port P] [--db PATH] [--workers N]
[--time-budget S]``: the same server as ``revoke-equity serve``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from revoke_equity import __version__
from revoke_equity._quiet import quiet
from revoke_equity.service import add_arguments, run


@quiet("python -m revoke_equity.service")
def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and serve; the exit code of :func:`revoke_equity.service.run`."""
    parser = argparse.ArgumentParser(
        prog="python -m revoke_equity.service",
        description="Serve the revoke-equity HTTP API and the directors' web page.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
