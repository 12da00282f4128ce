"""Weighted (Law 12C1(c)) and split (12C1(e)) adjusted scores, and their IMP / matchpoint values.

The candidate results are the estimates of the likely result without the revokes: the pure
double-dummy equity and the play-guided replay. When they differ, the weighted score gives the
result more favourable to the non-offenders 60% and the other 40% (weights "sympathetic" to the
non-offenders, as in common practice; the doubt goes to the side that did not offend). The split
pair of 12C1(e) gives the non-offenders the most favourable *likely* result (the better of the two
estimates) and the offenders the most unfavourable result *at all probable*, which also counts the
offender's alternative legal cards at the revoke trick.

Scoring programs convert each weighted component to IMPs or matchpoints and then weight, never the
averaged score itself; :func:`weighted_imps` and :func:`weighted_matchpoints` do the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from revoke_equity.model.seats import Side

SYMPATHETIC_WEIGHT = 0.6
"""Weight of the candidate result more favourable to the non-offenders when two results differ."""

_IMP_TABLE = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
              1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int) -> int:
    """The WBF IMP scale: IMPs for a score difference (sign kept)."""
    size = abs(difference)
    value = sum(1 for bound in _IMP_TABLE if size >= bound)
    return value if difference >= 0 else -value


def matchpoints(score: int, field: Sequence[int]) -> float:
    """Matchpoints on a field of other NS scores: 2 per score beaten, 1 per tie (as a share of the
    top, 0-100%)."""
    if not field:
        raise ValueError("a matchpoint comparison needs at least one other score")
    points = sum(2 if score > other else 1 if score == other else 0 for other in field)
    return 100.0 * points / (2 * len(field))


@dataclass(frozen=True)
class WeightedComponent:
    declarer_tricks: int
    score_ns: int
    weight: float
    source: str

    def as_dict(self) -> dict[str, object]:
        return {"declarer_tricks": self.declarer_tricks, "score_ns": self.score_ns,
                "weight": self.weight, "source": self.source}


@dataclass(frozen=True)
class WeightedScore:
    components: tuple[WeightedComponent, ...]
    reason: str

    @property
    def score_ns(self) -> float:
        return round(sum(c.weight * c.score_ns for c in self.components), 2)

    def as_dict(self) -> dict[str, object]:
        return {"components": [c.as_dict() for c in self.components],
                "score_ns": self.score_ns, "reason": self.reason}


@dataclass(frozen=True)
class SplitScore:
    """12C1(e): the two sides' results need not balance."""

    non_offenders_declarer_tricks: int
    non_offenders_score_ns: int
    offenders_declarer_tricks: int
    offenders_score_ns: int

    def as_dict(self) -> dict[str, object]:
        return {
            "non_offenders": {"declarer_tricks": self.non_offenders_declarer_tricks,
                              "score_ns": self.non_offenders_score_ns},
            "offenders": {"declarer_tricks": self.offenders_declarer_tricks,
                          "score_ns": self.offenders_score_ns},
        }


def _favour(non_offenders: Side, declarer_side: Side) -> Callable[[int], int]:
    """Key that orders declarer-trick results from worst to best for the non-offenders."""
    return (lambda t: t) if non_offenders is declarer_side else (lambda t: -t)


def weighted_score(
    estimates: dict[str, int],
    non_offenders: Side,
    declarer_side: Side,
    score: Callable[[int], int],
) -> WeightedScore | None:
    """A 12C1(c) weighting over the distinct results of ``estimates`` (name -> declarer tricks), or
    ``None`` when they agree."""
    distinct = sorted(set(estimates.values()), key=_favour(non_offenders, declarer_side))
    if len(distinct) < 2:
        return None
    worse, better = distinct[0], distinct[-1]
    def names(t: int) -> str:
        return " and ".join(sorted(n for n, v in estimates.items() if v == t))
    components = (
        WeightedComponent(better, score(better), SYMPATHETIC_WEIGHT, names(better)),
        WeightedComponent(worse, score(worse), round(1 - SYMPATHETIC_WEIGHT, 2), names(worse)),
    )
    reason = (
        f"The estimates differ ({names(better)}: {better} tricks; {names(worse)}: {worse}). "
        f"Weighted {int(SYMPATHETIC_WEIGHT * 100)}% to the result better for the non-offenders, "
        f"the rest to the other (Law 12C1(c), weights sympathetic to the non-offending side)."
    )
    return WeightedScore(components, reason)


def split_score(
    likely: Sequence[int],
    at_all_probable: Sequence[int],
    non_offenders: Side,
    declarer_side: Side,
    score: Callable[[int], int],
) -> SplitScore:
    """12C1(e): the most favourable likely result for the non-offenders; the most unfavourable at
    all probable result for the offenders (= the most favourable for the non-offenders)."""
    key = _favour(non_offenders, declarer_side)
    for_non_offenders = max(likely, key=key)
    for_offenders = max([*likely, *at_all_probable], key=key)
    return SplitScore(for_non_offenders, score(for_non_offenders), for_offenders,
                      score(for_offenders))


def weighted_imps(weighted: WeightedScore, other_table_ns: int) -> float:
    """IMPs to NS for the weighted score against the other table's NS score (each component
    converted, then weighted)."""
    return round(sum(c.weight * imps(c.score_ns - other_table_ns) for c in weighted.components), 2)


def weighted_matchpoints(weighted: WeightedScore, field: Sequence[int]) -> float:
    """NS's matchpoint percentage for the weighted score on ``field`` (each component converted,
    then weighted)."""
    return round(sum(c.weight * matchpoints(c.score_ns, field) for c in weighted.components), 2)
