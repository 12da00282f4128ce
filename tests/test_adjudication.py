"""From the likely result to the score (likely-result.md §3): adjust or not, the weighted score,
the split pair, the words and labels per edition, and the IMP / matchpoint arithmetic."""

from __future__ import annotations

import pytest

from revoke_equity.laws.adjudication import Candidate, Thresholds, adjudicate, weighted_score
from revoke_equity.laws.law import Law
from revoke_equity.laws.rectification import Rectification, TrickTransfer
from revoke_equity.model import Edition, Side
from revoke_equity.model.contract import Contract
from revoke_equity.model.distribution import TrickDistribution
from revoke_equity.model.seats import Seat
from revoke_equity.ruling.json_form import split_json, weighted_json
from revoke_equity.scoring import imps, matchpoints, weighted_imps, weighted_matchpoints

E1997, E2007, E2017 = Edition.LAWS_1997, Edition.LAWS_2007, Edition.LAWS_2017
FOUR_SPADES = Contract.from_str("4S")
SCORES_4S_NS_NV = {7: -150, 8: -100, 9: -50, 10: 420, 11: 450, 12: 480, 13: 510}


def score(tricks: int) -> int:
    """4S by South, not vulnerable."""
    return SCORES_4S_NS_NV[tricks]


def transfer(laws: list[str], offending: Side | None, table: int = 9,
             transferred: int = 1, declarer: Side = Side.NS) -> TrickTransfer:
    rects = tuple(Rectification(i + 1, "E", law, 1 if law.startswith("64A") else 0, ("",))
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


def test_a_result_whose_weight_rounds_to_nothing_is_no_component() -> None:
    """With results at all probable from 1% (a director's choice), 10 tricks at 2% rounds to 0%
    (20 x 0.02 = 0.4 twentieths): the weighted score is 100% of 9 tricks."""
    dist = TrickDistribution.from_mapping({9: 0.98, 10: 0.02})
    w = weighted_score(dist, lambda t: t, score, "12C1(c)", 0.01)
    assert w.parts() == [(100, -50)]


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
    assert (r1997.enter, r1997.non_offenders) == ("split", Side.NS)


def test_1997_split_pair_is_what_each_side_enters() -> None:
    """1997, EW revoked against 4S by South: NS get the most favourable likely result (10 tricks,
    +420), EW the most unfavourable at all probable one (11 tricks: EW -450), each in the
    scoring program; the weighted score (12C3) is not entered. 2017 enters the weighted score."""
    from revoke_equity.ruling.score_entry import score_to_enter

    def entered(edition: Edition) -> list[tuple[float, str]]:
        r = adjudicate(edition, transfer(["64B3"], Side.EW, table=9, transferred=0), 9, "64B3",
                       [candidate({10: 0.5, 11: 0.3, 9: 0.2})], score)
        assert r.weighted is not None and r.split is not None and r.non_offenders is not None
        rec = {"adjusted": r.adjusted, "declarer_tricks": r.declarer_tricks, "enter": r.enter,
               "score_ns": score(r.declarer_tricks),
               "weighted": weighted_json(r.weighted, FOUR_SPADES, Seat.S),
               "split": split_json(r.split, r.non_offenders, FOUR_SPADES, Seat.S)}
        return [(s.score, s.text) for s in score_to_enter({"contract": "4S", "recommendation": rec})]

    assert entered(E1997) == [(420, "4S= by S, NS +420 (Law 12C2, the non-offenders' score)"),
                              (-450, "4S+1 by S, EW -450 (Law 12C2, the offenders' score)")]
    assert entered(E2017) == [
        (335.0, "30% of 4S+1 by S, NS +450; 50% of 4S= by S, NS +420; 20% of 4S-1 by S, NS -50 "
                "(score each component, then weight; net NS +335)"),
        (-335.0, "30% of 4S+1 by S, EW -450; 50% of 4S= by S, EW -420; 20% of 4S-1 by S, EW +50 "
                 "(score each component, then weight; net EW -335)")]


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


@pytest.mark.parametrize(("edition", "stands", "weighted"), [
    (E1997, "64C", "12C3"), (E2007, "64B7", "12C1(c)"), (E2017, "64B7", "12C1(c)")])
def test_both_sides_adjusted_when_the_weighted_score_differs_from_the_table(
        edition: Edition, stands: str, weighted: str) -> None:
    both = transfer(["64B7", "64B7"], None, table=9, transferred=0)
    law = "64C2b" if edition is E2017 else "64C"
    same = adjudicate(edition, both, 9, stands, [candidate({9: 1.0}, law, "C2b")], score)
    assert (same.law, same.adjusted, same.declarer_tricks) == (stands, False, 9)
    assert same.weighted is None and same.split is None
    moved = adjudicate(edition, both, 9, stands, [candidate({10: 0.7, 9: 0.3}, law, "C2b")], score)
    assert (moved.law, moved.adjusted, moved.declarer_tricks) == (law, True, 10)
    assert moved.weighted is not None and moved.split is None
    assert moved.weighted.law == weighted
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


# --- Every branch of the adjudication, its fields and its sentence (worked by hand) -------------
# 4S by South, not vulnerable: 8 tricks NS -100, 9 NS -50, 10 NS +420, 11 NS +450.


def test_the_json_of_a_weighted_and_a_split_score() -> None:
    """EW offended (dummy's revoke, 64B3); without it 9 tricks 62%, 10 tricks 38%: weights 60/40,
    9 tricks first (best for EW); NS 0.6 * -50 + 0.4 * 420 = +138."""
    r = adjudicate(E2017, transfer(["64B3"], Side.NS, table=10, transferred=0), 10, "64B3",
                   [candidate({9: 0.62, 10: 0.38})], score)
    assert r.weighted is not None and r.split is not None
    assert weighted_json(r.weighted, FOUR_SPADES, Seat.S) == {
        "law": "12C1(c)",
        "components": [{"declarer_tricks": 9, "score_ns": -50, "weight": 0.6, "result": "4S-1",
                        "declarer": "S"},
                       {"declarer_tricks": 10, "score_ns": 420, "weight": 0.4, "result": "4S=",
                        "declarer": "S"}],
        "score_ns": 138.0}
    assert r.weighted.parts() == [(60, -50), (40, 420)]
    assert r.weighted.notation() == "60% of 9 tricks (NS -50) + 40% of 10 tricks (NS +420)"
    # NS offended: 10 tricks likely (50%), 11 only at all probable (30%), 9 at all probable (20%)
    r = adjudicate(E2017, transfer(["64B3"], Side.EW, table=9, transferred=0), 9, "64B3",
                   [candidate({10: 0.5, 11: 0.3, 9: 0.2})], score)
    assert r.split is not None
    assert r.non_offenders is Side.NS and r.enter == "weighted"
    assert split_json(r.split, Side.NS, FOUR_SPADES, Seat.S) == {
        "law": "12C1(e)", "non_offending_side": "NS",
        "non_offenders": {"declarer_tricks": 10, "score_ns": 420, "result": "4S=", "declarer": "S"},
        "offenders": {"declarer_tricks": 11, "score_ns": 450, "result": "4S+1", "declarer": "S"}}


def test_default_thresholds_are_one_in_three_and_one_in_six() -> None:
    assert (Thresholds().likely, Thresholds().probable) == (1 / 3, 1 / 6)


def test_no_estimate_sentence_and_words() -> None:
    r = adjudicate(E2017, transfer(["64A2"], Side.EW), 10, "64A2", [], score, estimate="sd")
    assert (r.law, r.adjusted, r.declarer_tricks, r.words) == ("64A2", False, 10, "rectified result")
    assert (r.estimate, r.comparison, r.weighted, r.split) == ("sd", None, None, None)
    assert r.reason == ("EW revoked; no estimate of the likely result was made, so enter the "
                        "rectified result NS +420 (Law 64A2).")


def test_no_established_revoke_sentence() -> None:
    r = adjudicate(E2017, transfer([], None), 9, "none", [], score)
    assert r.reason == "No revoke was established: the table result stands."
    assert r.comparison is None


def test_a_too_severe_transfer_stands_with_its_sentence() -> None:
    """EW revoked (64A1, two tricks: 9 -> 11); without the revoke NS make 9: the rectification
    gives NS more (+450 against -50), and Law 12B2 lets it stand."""
    r = adjudicate(E2017, transfer(["64A1"], Side.EW, transferred=2), 11, "64A1",
                   [candidate({9: 1.0})], score, estimate="dd")
    assert (r.law, r.adjusted, r.declarer_tricks, r.words) == ("64A1", False, 11, "rectified result")
    assert (r.estimate, r.comparison) == ("dd", "C1")
    assert r.reason == (
        "EW (the offending side) revoked; the rectified result gives NS more than they would "
        "likely have scored without the revoke, and a score is not adjusted merely because the "
        "rectification seems too severe or too favourable (Law 12B2): enter the rectified result "
        "NS +450 (Law 64A1).")


def test_a_transfer_equal_to_the_likely_result_is_not_called_severe() -> None:
    """EW revoked (64A2: 9 -> 10); without the revoke NS make 10: the same score, no 12B2."""
    r = adjudicate(E2017, transfer(["64A2"], Side.EW), 10, "64A2", [candidate({10: 1.0})], score)
    assert not r.adjusted
    assert r.reason == (
        "EW (the offending side) revoked; NS would likely not have scored more without the revoke "
        "than the rectified result gives them: enter the rectified result NS +420 (Law 64A2).")


def test_no_transfer_and_a_worse_likely_result_the_table_result_stands() -> None:
    """EW did not play a penalty card (64B3: nothing transferred); NS would likely have made 8
    without the revoke: the table result is better for NS, but nothing was transferred, so no
    12B2."""
    r = adjudicate(E2017, transfer(["64B3"], Side.EW, transferred=0), 9, "64B3",
                   [candidate({8: 1.0}, "64C1", "C1")], score)
    assert (r.adjusted, r.words, r.comparison) == (False, "the result stands", "C1")
    assert r.reason == (
        "EW (the offending side) revoked; NS would likely not have scored more without the revoke "
        "than the table result gives them: enter the table result NS -50 (Law 64B3).")


def test_an_adjusted_score_of_one_likely_result_is_entered_as_that_result() -> None:
    """NS revoked and EW would have beaten 4S by one trick for certain: the weighted score is
    100% of 9 tricks, one result, so the reason enters that result (no weighting, no net)."""
    r = adjudicate(E2017, transfer(["64B3"], Side.NS, table=10, transferred=0), 10, "64B3",
                   [candidate({9: 1.0})], score, estimate="dd")
    assert r.adjusted and r.weighted is not None and r.weighted.parts() == [(100, -50)]
    assert r.reason == (
        "NS (the offending side) revoked and EW would likely have scored more without the revoke "
        "than the table result NS +420 gives them: enter the adjusted score under Law 64C1, the "
        "score of 9 tricks (NS -50).")
    both = adjudicate(E2017, transfer(["64B3", "64B3"], None, table=10, transferred=0), 10,
                      "64C2b", [candidate({9: 1.0}, "64C2b", "C2b")], score)
    assert both.adjusted and both.reason.endswith(
        "under Law 64C2(b), the score of 9 tricks (NS -50).")


def test_adjusted_sentence_2017_and_1997() -> None:
    r = adjudicate(E2017, transfer(["64B3"], Side.NS, table=10, transferred=0), 10, "64B3",
                   [candidate({9: 0.62, 10: 0.38})], score, estimate="sd")
    assert (r.estimate, r.comparison) == ("sd", "C1")
    assert r.reason == (
        "NS (the offending side) revoked and EW would likely have scored more without the revoke "
        "than the table result NS +420 gives them: enter the adjusted score under Law 64C1, the "
        "weighted score 60% of 9 tricks (NS -50) + 40% of 10 tricks (NS +420), score each "
        "component, then weight (net NS +138).")
    # 1997, NS offended: 10 tricks likely (50%): NS +420 beats the table's -50. The split: NS get
    # 10 tricks, EW 11 (at all probable, 30%); the 12C3 weights: 11 (30%), 10 (50%), 9 (20%),
    # best for NS first: 0.3 * 450 + 0.5 * 420 + 0.2 * -50 = +335
    r = adjudicate(E1997, transfer(["64B3"], Side.EW, table=9, transferred=0), 9, "64B3",
                   [candidate({10: 0.5, 11: 0.3, 9: 0.2}, "64C")], score)
    assert (r.law, r.adjusted, r.declarer_tricks, r.words) == ("64C", True, 10, "adjusted score")
    assert r.weighted is not None and r.weighted.law == "12C3"
    assert r.weighted.parts() == [(30, 450), (50, 420), (20, -50)]
    assert r.weighted.score_ns == 335.0
    assert r.reason == (
        "EW (the offending side) revoked and NS would likely have scored more without the revoke "
        "than the table result NS -50 gives them: enter the adjusted score under Law 64C, the "
        "non-offenders' score NS +420 and the offenders' NS +450 (Law 12C2).")


def test_equal_comparisons_keep_the_laws_own_first() -> None:
    """NS (declarer) revoked twice in a suit: 64A2 then 64B2, 9 -> 8 tricks. Both comparisons give
    7 tricks (NS -150), better for EW than -100: the first, 64C2(a), is the law's own."""
    t = transfer(["64A2", "64B2"], Side.NS, table=9)
    r = adjudicate(E2017, t, 8, "64A2", [candidate({7: 1.0}, "64C2a", "C2a"),
                                         candidate({7: 1.0}, "64C1", "C1")], score)
    assert (r.law, r.comparison, r.declarer_tricks) == ("64C2a", "C2a", 7)


def test_the_single_most_likely_result_ties_to_the_non_offenders() -> None:
    """9 and 10 tricks, 50% each: NS offended get 10 as the single result, EW offended 9."""
    dist = {9: 0.5, 10: 0.5}
    for_ns = adjudicate(E2017, transfer(["64B3"], Side.EW, transferred=0), 9, "64B3",
                        [candidate(dist)], score)
    assert (for_ns.adjusted, for_ns.declarer_tricks) == (True, 10)
    for_ew = adjudicate(E2017, transfer(["64B3"], Side.NS, table=10, transferred=0), 10, "64B3",
                        [candidate(dist)], score)
    assert (for_ew.adjusted, for_ew.declarer_tricks) == (True, 9)


def test_results_within_rounding_of_the_top_tie_for_the_single_result() -> None:
    """10 tricks 1e-9 less probable than 9 (rounding noise) still ties with it: NS offended get
    10."""
    probs = [0.0] * 14
    probs[9], probs[10], probs[11] = 0.5, 0.5 - 1e-9, 1e-9
    cand = Candidate("64C1", "C1", TrickDistribution(tuple(probs)))
    r = adjudicate(E2017, transfer(["64B3"], Side.EW, transferred=0), 9, "64B3", [cand], score)
    assert (r.adjusted, r.declarer_tricks) == (True, 10)


def test_table_tricks_name_the_words_after_a_62D_correction() -> None:
    """Law 62D corrected tricks 12-13 to 10 tricks for declarer; the table had 9: a corrected
    result. Without ``table_tricks`` the transfer's own count (10, corrected) is the table's."""
    t = transfer(["64B3"], Side.EW, table=10, transferred=0)
    r = adjudicate(E2017, t, 10, Law.L62D, [candidate({10: 1.0})], score, table_tricks=9)
    assert r.words == "corrected result"
    assert r.reason == (
        "EW (the offending side) revoked; NS would likely not have scored more without the revoke "
        "than the corrected result gives them: enter the corrected result NS +420 (Law 62D).")
    assert adjudicate(E2017, t, 10, Law.L62D, [candidate({10: 1.0})], score).words == \
        "the result stands"


# --- Both sides revoked (64C2(b)): no split pair, ties and the remainder to the table result ----


def both() -> TrickTransfer:
    return transfer(["64B7", "64B7"], None, table=9, transferred=0)


@pytest.mark.parametrize(("edition", "stands"), [(E1997, "64C"), (E2007, "64B7"), (E2017, "64B7")])
def test_both_sides_without_an_estimate_the_result_stands(edition: Edition, stands: str) -> None:
    r = adjudicate(edition, both(), 9, stands, [], score, estimate="sd")
    assert (r.law, r.adjusted, r.declarer_tricks, r.words) == (stands, False, 9, "the result stands")
    assert (r.estimate, r.comparison, r.weighted, r.split) == ("sd", None, None, None)
    assert r.reason == ("Both sides revoked; no estimate of the likely result was made, so the "
                        f"result stands: enter NS -50 (Law {stands}).")


def test_both_sides_the_likely_result_scores_as_the_table() -> None:
    r = adjudicate(E2017, both(), 9, "64B7", [candidate({9: 1.0}, "64C2b", "C2b")], score,
                   estimate="dd")
    assert (r.law, r.adjusted, r.declarer_tricks, r.words) == ("64B7", False, 9, "the result stands")
    assert (r.estimate, r.comparison, r.weighted, r.split) == ("dd", "C2b", None, None)
    assert r.reason == ("Both sides revoked, and the likely result had no revoke occurred scores "
                        "as the table result: the result stands, enter NS -50 (Law 64B7).")


def test_both_sides_the_remainder_goes_to_the_table_result() -> None:
    """Table 9 tricks; without the revokes 8 (27%), 9 (27%), 10 (46%). Weights 25, 25, 45 by
    rounding; the 5% left goes to the table's 9 tricks, listed first, then 8 and 10 (one trick
    away each, in order): 30% of -50 + 25% of -100 + 45% of +420 = +149."""
    r = adjudicate(E2017, both(), 9, "64B7", [candidate({8: 0.27, 9: 0.27, 10: 0.46}, "64C2b",
                                                        "C2b")], score, estimate="sd")
    assert (r.law, r.adjusted, r.declarer_tricks, r.words) == ("64C2b", True, 10, "adjusted score")
    assert (r.estimate, r.comparison, r.split) == ("sd", "C2b", None)
    assert r.weighted is not None
    assert r.weighted.parts() == [(30, -50), (25, -100), (45, 420)]
    assert r.weighted.score_ns == 149.0
    assert r.reason == (
        "Both sides revoked, so the score is adjusted to the likely result had no revoke occurred: "
        "enter the adjusted score under Law 64C2(b), the weighted score 30% of 9 tricks (NS -50) "
        "+ 25% of 8 tricks (NS -100) + 45% of 10 tricks (NS +420), score each component, then "
        "weight (net NS +149).")


def test_both_sides_the_single_result_ties_to_the_table_result() -> None:
    """9 (the table's) and 10 tricks, 50% each: adjusted (NS +185, not -50), and the single
    result is the table's 9 tricks."""
    r = adjudicate(E2017, both(), 9, "64B7", [candidate({10: 0.5, 9: 0.5}, "64C2b", "C2b")],
                   score)
    assert (r.adjusted, r.declarer_tricks) == (True, 9)
    assert r.weighted is not None and r.weighted.parts() == [(50, -50), (50, 420)]
    assert r.weighted.score_ns == 185.0


@pytest.mark.parametrize(("edition", "adjusted"), [(E1997, False), (E2007, True), (E2017, True)])
def test_1997_decides_on_the_non_offenders_12c2_score_not_the_weighting(edition: Edition,
                                                                        adjusted: bool) -> None:
    """EW revoked (64B3), table 9 tricks (NS -50). Without the revoke 9 tricks 80%, 10 tricks 20%:
    the most favourable likely result for NS is 9 tricks (10 is only at all probable), so 1997
    (12C2) leaves the table result; the weighted score 0.8 * -50 + 0.2 * 420 = +44 beats -50,
    so 2007 and 2017 adjust."""
    r = adjudicate(edition, transfer(["64B3"], Side.EW, transferred=0), 9, "64B3",
                   [candidate({9: 0.8, 10: 0.2})], score)
    assert r.adjusted is adjusted
    if adjusted:
        assert r.weighted is not None and r.weighted.score_ns == 44.0


@pytest.mark.parametrize(("edition", "adjusted"), [(E1997, True), (E2007, False), (E2017, False)])
def test_1997_adjusts_where_the_weighting_would_not(edition: Edition, adjusted: bool) -> None:
    """EW revoked (64A2, 9 -> 10 tricks, NS +420). Without the revoke 9 tricks 60%, 11 tricks
    40%: 11 is likely, so the 1997 non-offenders' score is NS +450, better than +420; the
    weighted score 0.6 * -50 + 0.4 * 450 = +150 is not."""
    r = adjudicate(edition, transfer(["64A2"], Side.EW), 10, "64A2",
                   [candidate({9: 0.6, 11: 0.4})], score)
    assert r.adjusted is adjusted


def test_a_one_trick_transfer_beyond_the_weighted_score_is_too_severe() -> None:
    """Without the revoke 10, 11 and 12 tricks, a third each: 35% each by rounding, the 5% too
    many taken from the result best for the non-offenders.
    EW revoked (64A2: 10 -> 11 tricks, NS +450): 30% of +480 + 35% of +450 + 35% of +420 =
    +448.5, below +450. NS revoked (64A2: 12 -> 11 tricks): 35% of +480 + 35% of +450 + 30% of
    +420 = +451.5, above +450 (worse for EW). Either way not adjusted, and the one-trick
    transfer is too severe (Law 12B2)."""
    thirds = [candidate({10: 1.0, 11: 1.0, 12: 1.0})]
    for offenders, table, weighted in ((Side.EW, 10, 448.5), (Side.NS, 12, 451.5)):
        r = adjudicate(E2017, transfer(["64A2"], offenders, table=table), 11, "64A2", thirds,
                       score)
        assert not r.adjusted
        assert "too severe or too favourable (Law 12B2)" in r.reason
        assert weighted_score(thirds[0].distribution, (lambda t: t) if offenders is Side.EW
                              else (lambda t: -t), score, "12C1(c)", 1 / 6).score_ns == weighted
