"""``python -m revoke_equity``: the ``revoke-equity`` command (:func:`revoke_equity.cli.main`)."""

from __future__ import annotations

import sys

from revoke_equity.cli import main

if __name__ == "__main__":
    sys.exit(main())
