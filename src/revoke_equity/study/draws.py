"""Seeds and random choices of the study: every choice through :meth:`random.Random.random`
only (the one method whose sequence Python promises to keep across versions)."""

from __future__ import annotations

import hashlib
import random

__all__ = ["below", "between", "case_seed", "play_seed"]


def case_seed(seed: int, index: int) -> int:
    """The seed of case ``index`` of a study seeded ``seed``: 63 bits of BLAKE2b over both (stable
    across Python versions, platforms and processes)."""
    digest = hashlib.blake2b(f"revoke-equity/study:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & (2**63 - 1)


def below(rng: random.Random, n: int) -> int:
    """A whole number in ``[0, n)`` from one ``rng.random()``."""
    return min(int(rng.random() * n), n - 1)



def between(rng: random.Random, low: int, high: int) -> int:
    """A whole number in ``[low, high]``."""
    return low + below(rng, high - low + 1)



def play_seed(case_seed: int) -> int:
    """The seed of a case's card draws under a play policy (a stream of its own, so the case's
    other choices do not depend on the play model's draws)."""
    digest = hashlib.blake2b(f"revoke-equity/study-play:{case_seed}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & (2**63 - 1)


