"""A distribution of declarer's final tricks: what an estimator says would likely have happened.

Law 64C asks for the result *likely* had the revoke not occurred; Law 12C turns the likely and the
"at all probable" results into a score. A :class:`TrickDistribution` holds the probability of each
declarer total 0-13 and answers those two questions for a threshold.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

LIKELY = 1 / 3
"""Default threshold of a *likely* result (the ACBL's guidance: about one in three)."""
PROBABLE = 1 / 6
"""Default threshold of a result *at all probable* (about one in six)."""

_TOLERANCE = 1e-9


@dataclass(frozen=True)
class TrickDistribution:
    """``probabilities[t]`` is the probability that declarer's side ends with ``t`` tricks."""

    probabilities: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.probabilities) != 14:
            raise ValueError("a trick distribution has 14 entries (0 to 13 tricks)")
        if any(p < -_TOLERANCE for p in self.probabilities):
            raise ValueError("a probability is negative")
        if abs(sum(self.probabilities) - 1.0) > 1e-6:
            raise ValueError(f"the probabilities sum to {sum(self.probabilities)}, not 1")

    @classmethod
    def point(cls, tricks: int) -> TrickDistribution:
        """All the weight on one result (a double-dummy line)."""
        return cls.from_mapping({tricks: 1.0})

    @classmethod
    def from_mapping(cls, weights: Mapping[int, float]) -> TrickDistribution:
        """From unnormalised weights per declarer total (normalised here)."""
        total = math.fsum(weights.values())
        if total <= 0:
            raise ValueError("a trick distribution needs some weight")
        probs = [0.0] * 14
        for tricks, weight in weights.items():
            if not 0 <= tricks <= 13:
                raise ValueError(f"{tricks} tricks is not a result of a board")
            probs[tricks] += weight / total
        return cls(tuple(probs))

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> TrickDistribution:
        """From how many sampled playouts ended with each total."""
        return cls.from_mapping({t: float(n) for t, n in counts.items()})

    def __getitem__(self, tricks: int) -> float:
        return self.probabilities[tricks]

    @property
    def support(self) -> tuple[int, ...]:
        """The totals with a positive probability, ascending."""
        return tuple(t for t, p in enumerate(self.probabilities) if p > _TOLERANCE)

    @property
    def expected(self) -> float:
        return math.fsum(t * p for t, p in enumerate(self.probabilities))

    def likely(self, threshold: float = LIKELY) -> tuple[int, ...]:
        """The likely results: probability at least ``threshold``. When no result reaches it (a
        flat distribution), the most probable result(s)."""
        return self._at_least(threshold)

    def probable(self, threshold: float = PROBABLE) -> tuple[int, ...]:
        """The results at all probable: probability at least ``threshold``; never fewer than the
        likely ones."""
        return self._at_least(threshold)

    def _at_least(self, threshold: float) -> tuple[int, ...]:
        chosen = tuple(t for t, p in enumerate(self.probabilities) if p >= threshold - _TOLERANCE)
        if chosen:
            return chosen
        top = max(self.probabilities)
        return tuple(t for t, p in enumerate(self.probabilities) if p >= top - _TOLERANCE)

    def as_dict(self) -> dict[str, float]:
        """``{"10": 0.62, "11": 0.38}``: the totals with a positive probability (rounded to 6
        places for the JSON; the rounding is the only change)."""
        return {str(t): round(self.probabilities[t], 6) for t in self.support}


Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion observed ``successes`` times in ``trials``.

    The interval always holds the observed share (all trials: its upper end is 1, none: its lower
    end is 0); the bounds are kept so through rounding."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))
