"""From the likely result to the score: the one place that decides adjust, weighted and split.

Implements ``likely-result.md`` §3 (Laws 64C, 12B2, 12C):
- *likely* results have probability at least ``likely`` (1/3), results *at all probable* at least
  ``probable`` (1/6);
- the weighted score (Law 12C1(c); 1997: 12C3) weights the results at all probable by their
  probabilities, renormalised and rounded to whole 5%, the remainder to the result best for the
  non-offenders; each component is scored on its own;
- the split pair (12C1(e); 1997: 12C2) gives the non-offenders the most favourable likely result and
  the offenders the most unfavourable result at all probable;
- one side offended: adjust when the weighted score (1997: the non-offenders' 12C2 score) is better
  for the non-offenders than the mechanical score (one-sided, Law 12B2); both sides offended
  (64C2(b)): adjust when the weighted score differs from the table score, with no split pair;
- a ruling that lets the result stand offers no weighted or split score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from revoke_equity.laws.editions import both_sides_label, rules, split_label, weighted_label
from revoke_equity.laws.law import Law, Sentence, cite, sentence_text
from revoke_equity.laws.rectification import TrickTransfer
from revoke_equity.model.distribution import LIKELY, PROBABLE, TrickDistribution
from revoke_equity.model.edition import Edition
from revoke_equity.model.seats import Side

Score = Callable[[int], int]
"""North-South's score for declarer's total."""

EACH_THEN_WEIGHT = "score each component, then weight"
"""How a weighted score is entered (Law 12C1(c)): each component is scored, in IMPs or
matchpoints, and the scores are weighted; the net of the components is not a score to enter."""


@dataclass(frozen=True)
class Thresholds:
    likely: float = LIKELY
    probable: float = PROBABLE


@dataclass(frozen=True)
class Candidate:
    """One comparison point's estimate: the law it would rest on and the distribution."""

    law: Law
    clause: str
    distribution: TrickDistribution


@dataclass(frozen=True)
class WeightedComponent:
    declarer_tricks: int
    score_ns: int
    percent: int


@dataclass(frozen=True)
class WeightedScore:
    """A weighted adjusted score: components best for the non-offenders first."""

    law: Law
    components: tuple[WeightedComponent, ...]

    @property
    def score_ns(self) -> float:
        return round(sum(c.percent * c.score_ns for c in self.components) / 100, 2)

    def parts(self) -> list[tuple[int, int]]:
        """``(percent, score_ns)`` per component."""
        return [(c.percent, c.score_ns) for c in self.components]

    def notation(self) -> str:
        """Directors' notation: ``60% of 11 tricks (NS -400) + 40% of 10 tricks (NS +50)``."""
        return " + ".join(f"{c.percent}% of {c.declarer_tricks} tricks (NS {c.score_ns:+d})"
                          for c in self.components)

    def to_enter(self) -> str:
        """What a reason says is entered: ``the weighted score 60% of 11 tricks (NS -400) + 40% of
        10 tricks (NS +50), score each component, then weight (net NS -220)``; a weighted score of
        one component is the assigned result it is (Law 12C1(c) weights results at all
        probable; one alone is that result): ``the score of 12 tricks (NS -420)``, no net."""
        if len(self.components) == 1:
            (c,) = self.components
            return f"the score of {c.declarer_tricks} tricks (NS {c.score_ns:+d})"
        return (f"the weighted score {self.notation()}, {EACH_THEN_WEIGHT} "
                f"(net NS {self.score_ns:+g})")


@dataclass(frozen=True)
class SplitScore:
    """The split pair: the two sides' results need not balance."""

    law: Law
    non_offenders_declarer_tricks: int
    non_offenders_score_ns: int
    offenders_declarer_tricks: int
    offenders_score_ns: int


RESULT, WEIGHTED, SPLIT = "result", "weighted", "split"
"""The scores a Director can be told to enter (:attr:`Recommendation.enter`)."""


@dataclass(frozen=True)
class Recommendation:
    """The score the laws lead to, and why."""

    law: Law
    adjusted: bool
    declarer_tricks: int
    """The mechanical result when not adjusted, else the single most likely result."""
    because: Sentence
    """Why, in one sentence naming the offending side and the score to enter, its citations
    apart (:attr:`reason` is its text)."""
    words: str
    """``the result stands``, ``rectified result``, ``corrected result`` or ``adjusted score``."""
    estimate: str | None = None
    comparison: str | None = None
    """The clause (``C1``, ``C2a``, ``C2b``) of the comparison the recommendation rests on."""
    weighted: WeightedScore | None = None
    split: SplitScore | None = None
    enter: str = RESULT
    """Which score the Director enters: :data:`RESULT` (one result: ``declarer_tricks``),
    :data:`WEIGHTED` or :data:`SPLIT` (the split pair: 1997's Law 12C2 score)."""
    non_offenders: Side | None = None
    """The non-offending side (``None``: no established revoke, or both sides revoked)."""

    @property
    def reason(self) -> str:
        """:attr:`because` as plain text."""
        return sentence_text(self.because)



def weighted_score(distribution: TrickDistribution, favour: Callable[[int], float], score: Score,
                   law: Law, probable: float) -> WeightedScore:
    """The results at all probable, weighted by their probabilities renormalised and rounded to
    whole 5%; ``favour`` orders results (higher: better for the side the remainder goes to)."""
    results = sorted(distribution.probable(probable), key=favour, reverse=True)
    total = sum(distribution[t] for t in results)
    percents = [5 * round(20 * distribution[t] / total) for t in results]
    percents[0] += 100 - sum(percents)
    return WeightedScore(law, tuple(
        WeightedComponent(t, score(t), p) for t, p in zip(results, percents, strict=True) if p > 0))


def split_score(distribution: TrickDistribution, favour: Callable[[int], float], score: Score,
                law: Law, thresholds: Thresholds) -> SplitScore:
    """The most favourable likely result for the non-offenders (``favour``: higher is better for
    them) and the most unfavourable at all probable one for the offenders."""
    mine = max(distribution.likely(thresholds.likely), key=favour)
    theirs = max(distribution.probable(thresholds.probable), key=favour)
    return SplitScore(law, mine, score(mine), theirs, score(theirs))


def most_likely(distribution: TrickDistribution, favour: Callable[[int], float]) -> int:
    """The single most likely result, ties broken by ``favour``."""
    top = max(distribution.probabilities)
    return max((t for t in distribution.support if distribution[t] >= top - 1e-9), key=favour)


# Over 60 lines: Law 12C's decision in the order the law takes it (no revoke, the comparison, the
# likely and at all probable results, the weighted or split score); kept whole to be read with it.
def adjudicate(
    edition: Edition,
    transfer: TrickTransfer,
    mechanical_tricks: int,
    mechanical_law: Law,
    candidates: Sequence[Candidate],
    score: Score,
    *,
    estimate: str | None = None,
    thresholds: Thresholds = Thresholds(),
    table_tricks: int | None = None,
    replayed: bool = True,
) -> Recommendation:
    """Decide between the mechanical result and an adjusted score (see the module docstring).

    ``mechanical_law`` is the law the mechanical result rests on (a rectification law, ``62D``, or a
    ``64B`` exception); ``candidates`` are the comparisons to weigh, the law's own first;
    ``table_tricks`` declarer's tricks as played (by default the transfer's own count, which after
    a Law 62D correction holds the corrected tricks 12-13); ``replayed`` false when a revoke not
    established (``mechanical_law`` 62) could not be corrected by replaying the play (no solver).
    """
    table = transfer.table_declarer_tricks if table_tricks is None else table_tricks
    if not transfer.rectifications and mechanical_law is Law.L62 and not replayed:
        return Recommendation(
            Law.L62, False, mechanical_tricks,
            ("No revoke was established; the revoke not established must be corrected and the "
             "play replayed from the corrected trick (", cite(Law.L62), "), which needs a "
             f"solver: the table result NS {score(mechanical_tricks):+d} is not the corrected "
             "result.",),
            "the result stands", estimate)
    if not transfer.rectifications and mechanical_law is Law.L62:
        words = _words(mechanical_tricks, table, Law.L62)
        return Recommendation(
            Law.L62, False, mechanical_tricks,
            ("No revoke was established; the revoke not established is corrected and the play "
             "replayed from the corrected trick (", cite(Law.L62), f"): enter the {_noun(words)} "
             f"NS {score(mechanical_tricks):+d}."),
            words, estimate)
    if not transfer.rectifications:
        return Recommendation(Law.NONE, False, mechanical_tricks,
                              ("No revoke was established: the table result stands.",),
                              _words(mechanical_tricks, table, Law.NONE))
    offending = transfer.offending_side
    if offending is None:
        if mechanical_law is Law.L62D:  # the correction stands beside both sides' revokes
            return _both_sides(edition, mechanical_tricks, candidates, score, estimate,
                               thresholds, Law.L62D, _words(mechanical_tricks, table, Law.L62D))
        return _both_sides(edition, table, candidates, score, estimate, thresholds)
    non_offenders = offending.other
    decl = transfer.declarer_side

    def favour(t: int) -> float:
        return t if non_offenders is decl else -t

    def for_them(score_ns: float) -> float:
        return score_ns if non_offenders is Side.NS else -score_ns

    mechanical_score = score(mechanical_tricks)
    words = _words(mechanical_tricks, table, mechanical_law)
    noun = _noun(words)
    if not candidates and mechanical_law in (Law.L62D, Law.L62):
        return Recommendation(
            mechanical_law, False, mechanical_tricks,
            (f"{offending} revoked and the revoke is corrected, the law's own remedy (",
             cite(mechanical_law), "); no adjusted score (", cite(Law.L64C),
             f") applies to another revoke: enter the {noun} NS {mechanical_score:+d}."),
            words, estimate, non_offenders=non_offenders)
    if not candidates:
        return Recommendation(
            mechanical_law, False, mechanical_tricks,
            (f"{offending} revoked; no estimate of the likely result was made, so enter the "
             f"{noun} NS {mechanical_score:+d} (", cite(mechanical_law), ")."),
            words, estimate, non_offenders=non_offenders)
    best: tuple[float, Candidate, WeightedScore, SplitScore] | None = None
    for candidate in candidates:
        dist = candidate.distribution
        weighted = weighted_score(dist, favour, score, weighted_label(edition), thresholds.probable)
        split = split_score(dist, favour, score, split_label(edition), thresholds)
        value = for_them(split.non_offenders_score_ns if rules(edition).split_pair_is_the_score
                         else weighted.score_ns)
        if value > for_them(mechanical_score) and (best is None or value > best[0]):
            best = (value, candidate, weighted, split)
    if best is None:
        law_first = candidates[0]
        weighted = weighted_score(law_first.distribution, favour, score, weighted_label(edition),
                                  thresholds.probable)
        severe = for_them(mechanical_score) > for_them(weighted.score_ns)
        if severe and transfer.transferred > 0:
            why: Sentence = (
                f"the rectified result gives {non_offenders} more than they would likely have "
                "scored without the revoke, and a score is not adjusted merely because the "
                "rectification seems too severe or too favourable (", cite("12B2"), ")")
        else:
            why = (f"{non_offenders} would likely not have scored more without the revoke than "
                   f"the {noun} gives them",)
        return Recommendation(
            mechanical_law, False, mechanical_tricks,
            (f"{offending} (the offending side) revoked; ", *why, f": enter the {noun} NS "
             f"{mechanical_score:+d} (", cite(mechanical_law), ")."),
            words, estimate, law_first.clause, non_offenders=non_offenders)
    _, chosen, weighted, split = best
    tricks = most_likely(chosen.distribution, favour)
    entered = SPLIT if rules(edition).split_pair_is_the_score else WEIGHTED
    if entered == SPLIT:
        enter: Sentence = (f"the non-offenders' score NS {split.non_offenders_score_ns:+d} and "
                           f"the offenders' NS {split.offenders_score_ns:+d} (", cite(split.law),
                           ")")
    else:
        enter = (weighted.to_enter(),)
    reason: Sentence = (
        f"{offending} (the offending side) revoked and {non_offenders} would likely have scored "
        f"more without the revoke than the {noun} NS {mechanical_score:+d} gives them: enter the "
        "adjusted score under ", cite(chosen.law), ", ", *enter, ".")
    return Recommendation(chosen.law, True, tricks, reason, "adjusted score", estimate,
                          chosen.clause, weighted, split, entered, non_offenders)


def _both_sides(edition: Edition, table: int, candidates: Sequence[Candidate],
                score: Score, estimate: str | None, thresholds: Thresholds,
                stands: Law | None = None, words: str = "the result stands") -> Recommendation:
    """64C2(b): both sides revoked; no non-offending side, so no split pair. ``table`` is the
    result that stands, ``stands`` the law it rests on: 64B7 (1997: 64C), or 62D when a trick-12
    correction stands (then ``table`` is the corrected result, ``words`` its name)."""
    stands = stands or both_sides_label(edition)
    if not candidates:
        return Recommendation(stands, False, table,
                              ("Both sides revoked; no estimate of the likely result was made, "
                               f"so {_stands(words)}: enter NS {score(table):+d} (",
                               cite(stands), ")."),
                              words, estimate)
    chosen = candidates[0]

    def favour(t: int) -> float:
        return -abs(t - table)  # the remainder and ties go towards the table result

    weighted = weighted_score(chosen.distribution, favour, score, weighted_label(edition),
                              thresholds.probable)
    if weighted.score_ns == score(table):
        return Recommendation(
            stands, False, table,
            ("Both sides revoked, and the likely result had no revoke occurred scores as the "
             f"{_noun(words)}: {_stands(words)}, enter NS {score(table):+d} (",
             cite(stands), ")."),
            words, estimate, chosen.clause)
    tricks = most_likely(chosen.distribution, favour)
    return Recommendation(
        chosen.law, True, tricks,
        ("Both sides revoked, so the score is adjusted to the likely result had no revoke "
         "occurred: enter the adjusted score under ", cite(chosen.law), ", ",
         f"{weighted.to_enter()}."),
        "adjusted score", estimate, chosen.clause, weighted, None, WEIGHTED)


def _words(recommended: int, table: int, law: Law) -> str:
    """How the score is named (``likely-result.md`` §3, "Words"): a correction under Law 62
    (a revoke not established) or 62D is a "corrected result"."""
    if recommended == table:
        return "the result stands"
    return "corrected result" if law in (Law.L62D, Law.L62) else "rectified result"


def _stands(words: str) -> str:
    return "the result stands" if words == "the result stands" else f"the {words} stands"


def _noun(words: str) -> str:
    return "table result" if words == "the result stands" else words
