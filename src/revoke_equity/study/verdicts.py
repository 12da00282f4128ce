"""One ruling, judged on each of its estimates: the score Laws 64C and 12C lead to when the
recommendation rests on the ``dd`` estimate, and when it rests on the ``sd`` one.

A ruling computes every estimate it was asked for at each comparison point, but adjudicates on one
(``--estimate``). The adjudication is a pure function of the distributions
(:func:`~revoke_equity.laws.adjudication.adjudicate`), so the study adjudicates again on each other
estimate, from the same comparison points, with the same thresholds: the answer for the ruling's
own estimate is the ruling's recommendation.

Measures, all from the non-offenders' view (the opponents of the first revoker when both sides
revoked, as in the study's records):

* the **weighted score** (Law 12C1(c); 12C3 in 1997): the one the recommendation enters when it
  adjusts, else the one of the law's own comparison point, which the adjudication weighed and found
  no better for the non-offenders;
* ``score_diff``: the non-offenders' mechanical score minus their weighted score (NS points turned
  to their side): negative, the mechanical result under-compensates them against that likely
  result; zero, exact; positive, over-compensates (it stands, Law 12B2);
* the **entered score**: what the scorer enters for the non-offenders (North-South's view): the
  mechanical score when the recommendation does not adjust, else the weighted score (1997: the
  non-offenders' Law 12C2 score).
"""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.laws.adjudication import (
    Candidate,
    Recommendation,
    Thresholds,
    WeightedScore,
    adjudicate,
    weighted_score,
)
from revoke_equity.laws.editions import rules, weighted_label
from revoke_equity.model.seats import Side
from revoke_equity.ruling import Ruling

__all__ = ["ATLAS_ESTIMATES", "Verdict", "compensation_of", "verdict"]

ATLAS_ESTIMATES = ("dd", "sd")
"""The estimates the study records a verdict for (when the ruling computed them)."""


@dataclass(frozen=True)
class Verdict:
    """The recommendation on one estimate, with the study's measures."""

    estimate: str
    recommendation: Recommendation
    expected: float
    """Declarer's expected tricks at the recommendation's comparison point."""
    weighted: WeightedScore
    score_diff: float
    entered_score_ns: float

    @property
    def compensation(self) -> str:
        return compensation_of(self.score_diff)


def compensation_of(diff: float) -> str:
    """``under`` (negative), ``exact`` (zero) or ``over`` (positive)."""
    return "under" if diff < 0 else "exact" if diff == 0 else "over"


def verdict(ruling: Ruling, estimate: str, non_offenders: Side) -> Verdict | None:
    """The recommendation on ``estimate`` and its measures (see the module docstring); ``None``
    when the ruling has no such estimate (it was not asked for, or no revoke was established)."""
    comparisons = ruling.comparisons
    if not comparisons or any(estimate not in c.estimates for c in comparisons):
        return None
    case, options, transfer = ruling.case, ruling.options, ruling.transfer
    candidates = [Candidate(c.point.law, c.point.clause, c.estimates[estimate].distribution)
                  for c in comparisons]
    table = ruling.record.declarer_tricks
    rec = adjudicate(case.laws, transfer, ruling.mechanical_tricks, ruling.mechanical_law,
                     candidates, ruling.score, estimate=estimate,
                     thresholds=Thresholds(options.likely, options.probable), table_tricks=table)
    chosen = next((c for c in candidates if c.clause == rec.comparison), candidates[0])
    weighted = rec.weighted
    if weighted is None:
        offending = transfer.offending_side
        declarer_side = case.declarer.side

        def favour(t: int) -> float:  # as the adjudication orders results
            if offending is None:
                return -abs(t - table)
            return t if offending.other is declarer_side else -t

        weighted = weighted_score(chosen.distribution, favour, ruling.score,
                                  weighted_label(case.laws), options.probable)
    sign = 1 if non_offenders is Side.NS else -1
    mechanical = ruling.score(ruling.mechanical_tricks)
    if not rec.adjusted:
        entered: float = ruling.score(rec.declarer_tricks)
    elif rules(case.laws).split_pair_is_the_score and rec.split is not None:
        entered = rec.split.non_offenders_score_ns
    else:
        entered = weighted.score_ns
    diff = round(sign * (mechanical - weighted.score_ns), 6) + 0.0  # no negative zero
    return Verdict(estimate, rec, chosen.distribution.expected, weighted, diff, entered)
