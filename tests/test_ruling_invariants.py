"""Checks every ruling satisfies (likely-result.md §5 and the words of §3), on every worked case
under every edition and every ``noticed`` value, and on seeded synthetic cases.

- each distribution sums to 1 and holds only totals reachable from its comparison point; likely is
  a subset of at all probable; weights sum to 100%;
- ``dd`` is the double-dummy value of the comparison position (worked out here from a bare solve);
- no weighted or split score unless adjusted; not adjusted when the recommended score is the
  mechanical one;
- "the result stands" only when the recommended score is the table's; Law 12B2 cited only when a
  transfer gave the non-offenders more than the likely result; the offending side named;
- the labels of each edition (64C / 64C1 / 64C2a / 64C2b; 12C1(c) / 12C1(e); 1997: 12C3 / 12C2);
- the score to enter for each side is the one the reason names (1997: the split pair of 12C2).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.law import cite
from revoke_equity.model import Case, Edition, Noticed
from revoke_equity.ruling import Ruling, rule
from revoke_equity.ruling.score_entry import score_to_enter
from revoke_equity.synthetic import play_with_revoke, random_deal

from conftest import CASES, DATA, DD

ADJUSTED_LAWS = {Edition.LAWS_1997: {"64C"}, Edition.LAWS_2007: {"64C"},
                 Edition.LAWS_2017: {"64C1", "64C2a", "64C2b"}}
LABELS = {Edition.LAWS_1997: ("12C3", "12C2"), Edition.LAWS_2007: ("12C1(c)", "12C1(e)"),
          Edition.LAWS_2017: ("12C1(c)", "12C1(e)")}


def _cases() -> list[Any]:
    paths = sorted(CASES.glob("p*.json")) + sorted((DATA / "laws").glob("l*.json"))
    return [pytest.param(case_from_dict(json.loads(p.read_text())["case"]), id=p.stem[:3])
            for p in paths]


def check(ruling: Ruling, dds: Any) -> None:
    """Every check of the module docstring on one ruling."""
    case = ruling.case
    rec = ruling.recommendation
    data = ruling.to_dict()
    table_score = ruling.score(ruling.record.declarer_tricks)
    mechanical_score = ruling.score(ruling.mechanical_tricks)
    recommended_score = ruling.score(rec.declarer_tricks)
    for comparison in ruling.comparisons:
        point = comparison.point
        position = point.position
        before = position.tricks(case.declarer.side)
        kept = len(point.kept) * 3  # a kept revoke moves at most 2 tricks (1997: 64A1/64A2+1)
        for estimate in comparison.estimates.values():
            dist = estimate.distribution
            assert abs(sum(dist.probabilities) - 1) < 1e-9
            for t in dist.support:
                assert before - kept <= t <= before + position.tricks_left + kept, (t, before)
            likely = set(dist.likely(ruling.options.likely))
            assert likely <= set(dist.probable(ruling.options.probable))
        # dd: the offender's (or, designating a penalty card, declarer's) best card, double-dummy
        scores = dds.solve(position)
        mover_side = position.to_move.side
        raw = {c: s if mover_side is case.declarer.side else position.tricks_left - s
               for c, s in scores.items() if c in point.choices}
        if not point.kept:
            best = (max if point.designated_by_declarer or point.revoke.side is case.declarer.side
                    else min)(raw.values())
            assert comparison.dd_tricks == before + best
    if rec.weighted is not None:
        assert sum(c.percent for c in rec.weighted.components) == 100
        assert rec.weighted.law == LABELS[case.laws][0]
    if rec.split is not None:
        assert rec.split.law == LABELS[case.laws][1]
    side = ruling.transfer.offending_side
    if not rec.adjusted:
        assert rec.weighted is None and rec.split is None
        assert "weighted" not in data["recommendation"] and "split" not in data["recommendation"]
        assert rec.declarer_tricks == ruling.mechanical_tricks or ruling.transfer.offending_side \
            is None
    else:
        assert rec.law in ADJUSTED_LAWS[case.laws]
        assert rec.words == "adjusted score"
        assert rec.weighted is not None
        if side is None:  # both sides: the weighted score differs from the table's
            assert rec.weighted.score_ns != table_score and rec.split is None
        else:  # the score entered (1997: the non-offenders' 12C2 score) beats the mechanical one
            assert rec.split is not None
            entered = (rec.split.non_offenders_score_ns if case.laws is Edition.LAWS_1997
                       else rec.weighted.score_ns)
            sign = 1 if side.other.value == "NS" else -1
            assert sign * entered > sign * mechanical_score
    stands = "the result stands"
    assert (rec.words == stands) == (not rec.adjusted and recommended_score == table_score)
    lines = " ".join(ruling.explanation)
    if recommended_score != table_score:
        assert "(The result stands," not in lines
    if "12B2" in rec.reason:
        assert ruling.transfer.transferred > 0 and not rec.adjusted
    if side is not None and ruling.established:
        assert f"{side} (the offending side)" in rec.reason or f"{side} revoked" in rec.reason
    if ruling.established and ruling.transfer.offending_side is None:
        assert "Both sides revoked" in rec.reason
    check_reason_cites_the_law(ruling, data)
    check_score_to_enter(ruling, data)


def check_reason_cites_the_law(ruling: Ruling, data: dict[str, Any]) -> None:
    """The reason, as parts, is the reason's text, and cites the law the recommendation rests on
    (and 12B2 when it says a rectification was too severe); a revoke not established cites Law 62,
    its correction; no revoke, no citation. No step or
    reason names a law in plain text: every ``Law 64A1`` is a citation."""
    plain = [p["text"] for step in [*data["steps"], data["recommendation"]["reason_parts"]]
             for p in step if "laws" not in p]
    assert not [t for t in plain if re.search(r"\bLaws? \d", t)], plain
    rec = data["recommendation"]
    parts = rec["reason_parts"]
    assert "".join(p["text"] for p in parts) == rec["reason"]
    cited = [c for p in parts for c in p.get("laws", [])]
    assert all(p["text"] == str(cite(*p["laws"])) for p in parts if "laws" in p)
    if ruling.established:
        assert rec["law"] in cited, (rec["law"], rec["reason"])
        assert ("12B2" in cited) == ("too severe" in rec["reason"])
    elif ruling.law62 is not None:  # a revoke not established, corrected: Law 62 alone
        assert cited == ["62"] == [rec["law"]]
    else:
        assert cited == []


def check_score_to_enter(ruling: Ruling, data: dict[str, Any]) -> None:
    """The score the hand-off to the scoring program enters for each side is the one the reason
    sentence tells the Director to enter: one result, the weighted score, or (1997, one side
    offended) each side's own 12C2 score."""
    rec = ruling.recommendation
    ns, ew = score_to_enter(data)
    expected = {"result": "result", "weighted": "weighted", "split": "split"}[rec.enter]
    if not rec.adjusted:
        assert expected == "result"
    elif ruling.transfer.offending_side is None or ruling.case.laws is not Edition.LAWS_1997:
        assert expected == "weighted"
    else:
        assert expected == "split"
    if expected == "split":
        assert rec.split is not None and ruling.transfer.offending_side is not None
        ns_offended = ruling.transfer.offending_side.value == "NS"
        assert ns.score == (rec.split.offenders_score_ns if ns_offended
                            else rec.split.non_offenders_score_ns)
        assert -ew.score == (rec.split.non_offenders_score_ns if ns_offended
                             else rec.split.offenders_score_ns)
        assert f"NS {ns.score:+d}" in rec.reason and f"NS {-ew.score:+d}" in rec.reason
    else:
        assert ew.score == -ns.score
        if ruling.established:  # else "No revoke was established: the table result stands."
            assert f"NS {ns.score:+g}" in rec.reason, (ns.score, rec.reason)
        if expected == "weighted":
            assert rec.weighted is not None and ns.score == rec.weighted.score_ns
        else:
            assert ns.score == data["recommendation"]["score_ns"]


@pytest.mark.parametrize("noticed", list(Noticed), ids=lambda n: n.value)
@pytest.mark.parametrize("edition", list(Edition), ids=lambda e: e.value)
@pytest.mark.parametrize("case", _cases())
def test_worked_cases_under_every_edition_and_notice(case: Case, edition: Edition,
                                                     noticed: Noticed, dds_solver: Any) -> None:
    ruling = rule(dataclasses.replace(case, laws=edition, noticed=noticed), dds_solver,
                  options=EstimateOptions(estimate="dd"), trace=False)
    check(ruling, dds_solver)


def _synthetic(seed: int) -> Case:
    from revoke_equity.model import Contract, Seat, Strain, Vulnerability

    rng = random.Random(f"invariants:{seed}")
    while True:
        deal = random_deal(rng)
        contract = Contract(rng.randint(1, 7), rng.choice(list(Strain)))
        declarer = rng.choice([Seat.N, Seat.E, Seat.S, Seat.W])
        made = play_with_revoke(deal, contract, declarer, rng, rng.randrange(44))
        if made is not None:
            return Case(deal, contract, declarer, made[0],
                        vulnerable=rng.choice(list(Vulnerability)),
                        laws=rng.choice(list(Edition)), noticed=rng.choice(list(Noticed)))


@pytest.mark.parametrize("seed", range(300))
def test_synthetic_double_dummy(seed: int, dds_solver: Any) -> None:
    check(rule(_synthetic(seed), dds_solver, trace=False, options=DD), dds_solver)


@pytest.mark.parametrize("seed", range(6))
def test_synthetic_single_dummy_and_table(seed: int, dds_solver: Any) -> None:
    """Small parameters (the checks do not depend on them); late revokes keep it quick."""
    case = _synthetic(1000 + seed)
    options = EstimateOptions(estimate="sd", extra=("table",), worlds=3, playouts=6)
    ruling = rule(case, dds_solver, options=options, trace=False)
    check(ruling, dds_solver)
    for comparison in ruling.comparisons:
        sd = comparison.estimates["sd"]
        if sd.interval is not None:
            # every result drawn and, sampled, every one the position allows (without kept
            # revokes: declarer's tricks so far plus any of the tricks left)
            assert set(sd.distribution.support) <= set(sd.interval)
            point = comparison.point
            if sd.parameters["method"] == "sampled" and not point.kept:
                won = point.position.tricks(point.declarer_side)
                assert set(sd.interval) == set(range(won, won + point.position.tricks_left + 1))
            for t, (lo, hi) in sd.interval.items():
                assert 0 <= lo <= sd.distribution[t] <= hi <= 1


# Without DDS: late revokes, so that the brute-force solver answers every estimate.


def _late(seed: int) -> tuple[Case, EstimateOptions]:
    """Late revokes: one, two by a player (in one suit or not), or failures to play penalty
    cards (one or two: declarer designates)."""
    from playgen import late_penalty_cards, late_revokes

    rng = random.Random(f"late:{seed}")
    twice = seed % 3 == 0
    if seed % 5 == 4:
        case = late_penalty_cards(rng, first_card=36, cards=1 + seed % 2)
    else:
        case = late_revokes(rng, first_card=36, revokes=2 if twice else 1,
                            same_suit=seed % 6 == 0)
    estimate = ("dd", "sd", "table")[seed % 3]
    options = EstimateOptions(estimate=estimate, extra=("sd", "table")[: seed % 3], worlds=3,
                              playouts=20, exact_budget=(0, 2000)[seed % 2],
                              likely=(0.5, 1 / 3)[seed % 2], probable=(0.25, 1 / 6)[seed % 2])
    return case, options


def test_a_rulings_estimates_share_the_single_dummy_players_decisions() -> None:
    """With both the sd and the table estimate, the second asks the single-dummy player only
    what the first did not: fewer decisions than on its own, on some of these boards."""
    from revoke_equity.equity.single_dummy import estimator
    from revoke_equity.solver.bruteforce import BruteForceSolver

    spared = 0
    for seed in (2, 5, 8, 11):
        case, options = _late(seed)
        assert options.names[1:] == ("table", "sd")
        ruling = rule(case, BruteForceSolver(), options=options, trace=False)
        for comparison in ruling.comparisons:
            alone = estimator("sd", ruling.record, options).estimate(comparison.point,
                                                                    BruteForceSolver())
            shared = comparison.estimates["sd"]
            assert shared.distribution == alone.distribution
            spared += alone.details["decisions"] - shared.details["decisions"]
    assert spared > 0


@pytest.mark.parametrize("seed", range(30))
def test_late_revokes_with_the_brute_force(seed: int) -> None:
    """The checks above on random late revokes, every estimate with the brute-force solver; the
    law part is the ruling without a solver; the solver work reported is this ruling's own."""
    from revoke_equity.solver.bruteforce import BruteForceSolver

    case, options = _late(seed)
    solver = BruteForceSolver()
    rule(case, solver, options=EstimateOptions(estimate="dd"), trace=False)  # work before
    before = solver.stats.as_dict()
    ruling = rule(case, solver, options=options, trace=False)
    after = solver.stats.as_dict()
    check(ruling, solver)
    assert ruling.solver_stats == pytest.approx({k: after[k] - before[k] for k in after},
                                                abs=1e-5)
    assert ruling.solver_stats["solve_calls"] > 0 or not ruling.comparisons
    law_only = rule(case)
    assert law_only.comparisons == () and law_only.solver_stats == {}
    assert (ruling.revokes, ruling.transfer, ruling.mechanical_tricks, ruling.mechanical_law,
            ruling.twelfth) == (law_only.revokes, law_only.transfer, law_only.mechanical_tricks,
                                law_only.mechanical_law, law_only.twelfth)
    assert ruling.trace is None and law_only.trace is None
    for comparison in ruling.comparisons:
        assert tuple(comparison.estimates) == options.names
        for name, estimate in comparison.estimates.items():
            assert estimate.name == name
            if name != "dd" and options.exact_budget == 0:
                assert estimate.parameters["method"] == "sampled"
    rec = ruling.recommendation
    if ruling.comparisons:
        assert rec.estimate == options.estimate
        assert law_only.recommendation.estimate is None
        # the comparison the recommendation rests on, and its results at the options' thresholds
        assert rec.comparison in {c.point.clause for c in ruling.comparisons}
        chosen = next(c for c in ruling.comparisons if c.point.clause == rec.comparison)
        dist = chosen.estimates[options.estimate].distribution
        if rec.weighted is not None:
            assert {c.declarer_tricks for c in rec.weighted.components} <= set(
                dist.probable(options.probable))
        if rec.split is not None:
            assert rec.split.non_offenders_declarer_tricks in dist.likely(options.likely)
            assert rec.split.offenders_declarer_tricks in dist.probable(options.probable)
    assert ruling.explanation
