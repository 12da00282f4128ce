"""The benchmark as an oracle: every timed answer is checked, and a mismatch stops the run."""

from __future__ import annotations

from collections import Counter


class OracleMismatch(AssertionError):
    """A timed answer differs from what it was checked against (the run stops; exit status 1)."""


class Oracle:
    """Counts the checks made, by kind, and raises :class:`OracleMismatch` on the first failure."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def equal(self, kind: str, got: object, expected: object, where: str) -> None:
        """Check ``got == expected``; count it under ``kind``; ``where`` names the deal/case/op."""
        self.counts[kind] += 1
        if got != expected:
            raise OracleMismatch(f"{kind} mismatch at {where}:\n  got      {got!r}\n"
                                 f"  expected {expected!r}")

    def as_dict(self) -> dict[str, int]:
        return dict(sorted(self.counts.items()))
