"""Timing one call, and summarising heavy-tailed samples (median, p90, max).

Every timed call runs with the garbage collector off and, for DDS, after
:func:`flush_dds`: DDS keeps its transposition table when the next call is on the same deal (a
second identical ``SolveBoard`` costs ~0.2 ms instead of tens), so without the flush whichever side
of a comparison ran second would win.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_FLUSH: Any = None


def flush_dds() -> None:
    """Make DDS (thread slot 0) forget the last deal: solve a tiny unrelated ending (~0.2 ms).

    Called without :data:`revoke_equity.solver.dds.DDS_LOCK`: the benchmark is single-threaded.
    """
    global _FLUSH
    import endplay._dds as dds

    if _FLUSH is None:
        flush = dds.deal()
        flush.trump = 4  # no trump
        flush.first = 0  # North leads
        for seat, ranks in enumerate(((14, 13), (12, 11), (10, 9), (8, 7))):  # two spades each
            for rank in ranks:
                flush.remainCards[seat][0] |= 1 << rank
        _FLUSH = flush
    dds.SolveBoard(_FLUSH, -1, 1, 1, dds.futureTricks(), 0)


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    """``(seconds, result)`` of ``fn()``, the garbage collector off during the call (it is not
    run before: a full collection costs more than most calls timed here)."""
    gc.disable()
    try:
        start = time.perf_counter()
        result = fn()
        return time.perf_counter() - start, result
    finally:
        gc.enable()


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) by linear interpolation; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def median(values: Sequence[float]) -> float:
    return quantile(values, 0.5)


def distribution(values: Sequence[float]) -> dict[str, float | int]:
    """``n``, ``median``, ``p90``, ``max``, ``min`` and ``mean`` of ``values``."""
    if not values:
        return {"n": 0, "median": math.nan, "p90": math.nan, "max": math.nan, "min": math.nan,
                "mean": math.nan}
    return {"n": len(values), "median": median(values), "p90": quantile(values, 0.9),
            "max": max(values), "min": min(values), "mean": sum(values) / len(values)}
