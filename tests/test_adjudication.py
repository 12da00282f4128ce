"""From the likely result to the score (likely-result.md §3): adjust or not, the weighted score,
the split pair, the words and labels per edition, and the IMP / matchpoint arithmetic."""

from __future__ import annotations

import pytest

from revoke_equity.laws.adjudication import Candidate, Thresholds, adjudicate, weighted_score
from revoke_equity.laws.rectification import Rectification, TrickTransfer
from revoke_equity.model import Edition, Side
from revoke_equity.model.distribution import TrickDistribution
from revoke_equity.scoring import imps, matchpoints, weighted_imps, weighted_matchpoints

E1997, E2007, E2017 = Edition.LAWS_1997, Edition.LAWS_2007, Edition.LAWS_2017
SCORES_4S_NS_NV = {7: -150, 8: -100, 9: -50, 10: 420, 11: 450, 12: 480, 13: 510}


def score(tricks: int) -> int:
    """4S by South, not vulnerable."""
    return SCORES_4S_NS_NV[tricks]


def transfer(laws: list[str], offending: Side | None, table: int = 9,
             transferred: int = 1, declarer: Side = Side.NS) -> TrickTransfer:
    rects = tuple(Rectification(i + 1, "E", law, 1 if law.startswith("64A") else 0, "")
                  for i, law in enumerate(laws))
    return TrickTransfer(rects, offending, transferred, transferred, table, declarer)


def candidate(weights: dict[int, float], law: str = "64C1", clause: str = "C1") -> Candidate:
    return Candidate(law, clause, TrickDistribution.from_mapping(weights))


def test_no_established_revoke_the_result_stands() -> None:
    r = adjudicate(E2017, transfer([], None), 9, "none", [], score)
    assert (r.law, r.adjusted, r.declarer_tricks, r.words) == ("none", False, 9, "the result stands")
    assert r.weighted is None and r.split is None


@pytest.mark.parametrize("edition", [E1997, E2007, E2017])
def test_defenders_revoked_and_the_transfer_is_enough(edition: Edition) -> None:
    """EW revoked (64A2, 9 -> 10); likely 10 with 70%, 9 with 30%: the mechanical result gives NS
    at least the likely result, so it stands, with no weighted or split score."""
    r = adjudicate(edition, transfer(["64A2"], Side.EW), 10, "64A2",
                   [candidate({10: 0.7, 9: 0.3})], score)
    assert (r.law, r.adjusted, r.declarer_tricks) == ("64A2", False, 10)
    assert r.weighted is None and r.split is None
    assert r.words == "rectified result"
    assert "EW (the offending side)" in r.reason and "NS +420" in r.reason


def test_transfer_too_severe_cites_12b2_only_when_something_was_transferred() -> None:
    severe = adjudicate(E2017, transfer(["64A1"], Side.EW, transferred=2), 11, "64A1",
                        [candidate({9: 1.0})], score)
    assert not severe.adjusted and "12B2" in severe.reason
    nothing = adjudicate(E2017, transfer(["64B3"], Side.EW, transferred=0), 9, "64B3",
                         [candidate({8: 1.0})], score)
    assert not nothing.adjusted and "12B2" not in nothing.reason
    assert nothing.words == "the result stands"


@pytest.mark.parametrize(("edition", "law", "w_law", "s_law"), [
    (E2017, "64C1", "12C1(c)", "12C1(e)"), (E2007, "64C", "12C1(c)", "12C1(e)"),
    (E1997, "64C", "12C3", "12C2")])
def test_dummy_revoke_adjusted_to_a_weighted_score(edition: Edition, law: str, w_law: str,
                                                   s_law: str) -> None:
    """Dummy (NS) revoked, 64B3, no transfer: table 10. Without it declarer likely made 9 (62%)
    or 10 (38%): better for EW than the table's 10, so the score is adjusted."""
    cand = candidate({9: 0.62, 10: 0.38}, law)
    r = adjudicate(edition, transfer(["64B3"], Side.NS, table=10, transferred=0), 10, "64B3",
                   [cand], score)
    assert r.adjusted and r.law == law and r.words == "adjusted score"
    assert r.declarer_tricks == 9  # the single most likely result
    assert r.weighted is not None and r.split is not None
    assert r.weighted.law == w_law and r.split.law == s_law
    assert [(c.declarer_tricks, c.percent) for c in r.weighted.components] == [(9, 60), (10, 40)]
    assert r.weighted.score_ns == 0.6 * -50 + 0.4 * 420
    # Non-offenders (EW) get the most favourable likely result for them; offenders the most
    # unfavourable at all probable: both 9 tricks here.
    assert (r.split.non_offenders_declarer_tricks, r.split.offenders_declarer_tricks) == (9, 9)
    assert "NS (the offending side)" in r.reason


def test_weights_round_to_five_percent_with_the_remainder_to_the_non_offenders() -> None:
    dist = TrickDistribution.from_mapping({9: 0.41, 10: 0.33, 11: 0.26})
    w = weighted_score(dist, lambda t: -t, score, "12C1(c)", 1 / 6)  # EW the non-offenders
    assert [(c.declarer_tricks, c.percent) for c in w.components] == [(9, 40), (10, 35), (11, 25)]
    dist = TrickDistribution.from_mapping({9: 0.42, 10: 0.42, 11: 0.16})  # 11 not probable
    w = weighted_score(dist, lambda t: -t, score, "12C1(c)", 1 / 6)
    assert [(c.declarer_tricks, c.percent) for c in w.components] == [(9, 50), (10, 50)]
    dist = TrickDistribution.from_mapping({9: 0.35, 10: 0.35, 11: 0.30})  # 33.3/33.3/... rounding
    w = weighted_score(dist, lambda t: t, score, "12C1(c)", 1 / 6)
    assert sum(c.percent for c in w.components) == 100
    assert w.components[0].declarer_tricks == 11  # NS non-offenders: best for them first


def test_split_uses_likely_for_non_offenders_and_probable_for_offenders() -> None:
    """EW revoked; NS (declarer) non-offenders. Likely: 10 (50%), 11 (30% < 1/3: only probable)."""
    r = adjudicate(E2007, transfer(["64B3"], Side.EW, table=9, transferred=0), 9, "64B3",
                   [candidate({10: 0.5, 11: 0.3, 9: 0.2})], score)
    assert r.adjusted and r.split is not None
    assert r.split.non_offenders_declarer_tricks == 10
    assert r.split.offenders_declarer_tricks == 11


def test_1997_adjusts_on_the_12c2_score() -> None:
    """1997: the non-offenders' 12C2 score (most favourable likely) decides, not the weighting."""
    dist = {10: 0.34, 9: 0.66}  # EW revoked; NS non-offenders; mechanical 9 after 64B3
    r1997 = adjudicate(E1997, transfer(["64B3"], Side.EW, table=9, transferred=0), 9, "64B3",
                       [candidate(dist)], score)
    assert r1997.adjusted and r1997.split is not None
    assert r1997.split.non_offenders_declarer_tricks == 10
    assert "12C2" in r1997.reason


def test_thresholds_change_what_is_likely() -> None:
    dist = {9: 0.8, 10: 0.2}
    strict = adjudicate(E2017, transfer(["64B3"], Side.EW, transferred=0), 9, "64B3",
                        [candidate(dist)], score)
    assert strict.adjusted  # 10 is at all probable (20% >= 1/6): 80% of 9 + 20% of 10 > 9
    assert strict.weighted is not None and strict.weighted.notation().startswith("20% of 10")
    loose = adjudicate(E2017, transfer(["64B3"], Side.EW, transferred=0), 9, "64B3",
                       [candidate(dist)], score, thresholds=Thresholds(0.5, 0.3))
    assert not loose.adjusted and loose.weighted is None


def test_best_of_two_comparisons_for_the_non_offenders() -> None:
    """64C2(a) and 64C1 both weighed: the non-offenders get the better, with its law."""
    t = transfer(["64A2", "64B2"], Side.NS, table=9)
    c2a = candidate({8: 1.0}, "64C2a", "C2a")
    c1 = candidate({9: 1.0}, "64C1", "C1")
    r = adjudicate(E2017, t, 9, "64A2", [c2a, c1], score)
    assert (r.law, r.comparison, r.declarer_tricks) == ("64C2a", "C2a", 8)
    r = adjudicate(E2017, t, 9, "64A2", [candidate({9: 1.0}, "64C2a", "C2a"),
                                         candidate({7: 1.0}, "64C1", "C1")], score)
    assert (r.law, r.comparison, r.declarer_tricks) == ("64C1", "C1", 7)


@pytest.mark.parametrize(("edition", "stands"), [(E1997, "64C"), (E2007, "64B7"), (E2017, "64B7")])
def test_both_sides_adjusted_when_the_weighted_score_differs_from_the_table(
        edition: Edition, stands: str) -> None:
    both = transfer(["64B7", "64B7"], None, table=9, transferred=0)
    law = "64C2b" if edition is E2017 else "64C"
    same = adjudicate(edition, both, 9, stands, [candidate({9: 1.0}, law, "C2b")], score)
    assert (same.law, same.adjusted, same.declarer_tricks) == (stands, False, 9)
    assert same.weighted is None and same.split is None
    moved = adjudicate(edition, both, 9, stands, [candidate({10: 0.7, 9: 0.3}, law, "C2b")], score)
    assert (moved.law, moved.adjusted, moved.declarer_tricks) == (law, True, 10)
    assert moved.weighted is not None and moved.split is None
    assert "Both sides revoked" in moved.reason


def test_no_estimate_no_adjustment() -> None:
    r = adjudicate(E2017, transfer(["64A2"], Side.EW), 10, "64A2", [], score)
    assert not r.adjusted and r.weighted is None and "no estimate" in r.reason


@pytest.mark.parametrize(("difference", "expected"), [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (420, 9), (430, 10), (-620, -12),
    (1000, 14), (890, 13), (1430, 16), (4000, 24), (5000, 24)])
def test_imp_scale(difference: int, expected: int) -> None:
    assert imps(difference) == expected


def test_matchpoints() -> None:
    assert matchpoints(420, [400, 420, 450, -50]) == 62.5  # beats 2, ties 1, loses 1: 5/8
    assert matchpoints(620, [100]) == 100.0
    with pytest.raises(ValueError):
        matchpoints(0, [])


def test_weighted_imps_and_matchpoints_convert_each_component() -> None:
    parts = [(60, 420), (40, -50)]
    # 420 vs 450: -1 IMP; -50 vs 450: -11 IMPs -> 0.6 * -1 + 0.4 * -11
    assert weighted_imps(parts, 450) == round(0.6 * -1 + 0.4 * -11, 2)
    assert weighted_matchpoints(parts, [420, 100]) == round(0.6 * 75 + 0.4 * 0, 2)
