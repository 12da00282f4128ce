"""``python -m revoke_equity.study``: the study's command line on its own (``revoke-equity study``
is the same)."""

from __future__ import annotations

import argparse
import sys

from revoke_equity.study.cli import add_arguments, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="revoke-equity study")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
