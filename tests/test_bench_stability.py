"""The stability table's arithmetic (``bench.stability``) on hand-made rulings, whose numbers are
worked out by hand below, and once on real rulings with the seed-free ``dd`` estimate. No timing
is asserted."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # ``bench`` is a top-level package of the repository, not installed
    sys.path.insert(0, str(REPO))

from bench.cases import BenchCase, published_cases, worked_cases  # noqa: E402
from bench.stability import (  # noqa: E402
    board_stability,
    derived_seeds,
    run_stability,
    summarise,
)

ZERO_OF_100 = 1.959964**2 / (100 + 1.959964**2)
"""The upper end of the 95% Wilson interval of a share seen 0 times in 100 playouts (0.0370)."""


def sd(distribution: dict[int, float], interval: dict[int, tuple[float, float]] | None = None
       ) -> dict[str, Any]:
    out: dict[str, Any] = {"distribution": {str(t): p for t, p in distribution.items()},
                           "parameters": {"playouts": 100}}
    if interval is not None:
        out["interval"] = {str(t): list(b) for t, b in interval.items()}
    return out


def ruling(estimate: dict[str, Any], *, tricks: int = 10, weighted: dict[int, float] | None = None,
           near: bool | None = None, net_range: tuple[float, float] | None = None
           ) -> dict[str, Any]:
    """A 4S ruling by North, not vulnerable (10 tricks +420, 9 tricks -50), with ``estimate`` as
    its ``sd`` (and a ``dd`` without an interval); adjusted to a weighted score when
    ``weighted`` gives its weights."""
    score = {9: -50, 10: 420, 11: 450}
    rec: dict[str, Any] = {"adjusted": weighted is not None, "enter": "result",
                           "declarer_tricks": tricks, "score_ns": score[tricks]}
    if weighted is not None:
        rec["enter"] = "weighted"
        rec["weighted"] = {
            "components": [{"declarer_tricks": t, "score_ns": score[t], "weight": w}
                           for t, w in weighted.items()],
            "score_ns": sum(score[t] * w for t, w in weighted.items())}
        if net_range is not None:
            rec["weighted"]["score_ns_range"] = list(net_range)
    if near is not None:
        rec["near_threshold"] = near
    dd = {"distribution": {str(tricks): 1.0}, "parameters": {}}
    return {"contract": "4S", "recommendation": rec,
            "equity": {"estimates": {"dd": dd, "sd": estimate}}}


def test_other_seeds_inside_the_first_seeds_intervals() -> None:
    first = sd({9: 0.5, 10: 0.5}, {9: (0.4, 0.6), 10: (0.4, 0.6), 11: (0.0, ZERO_OF_100)})
    second = sd({9: 0.55, 10: 0.4, 11: 0.05}, {9: (0.45, 0.65), 10: (0.3, 0.5), 11: (0.02, 0.1)})
    third = sd({9: 0.7, 10: 0.3}, {9: (0.6, 0.8), 10: (0.2, 0.4)})
    board = board_stability([ruling(first), ruling(second), ruling(third)])
    # 9: 0.55 inside, 10: 0.4 on the edge (inside), 11: 0.05 above the first seed's interval of
    # an unseen result [0, 0.037] (outside); 9: 0.7 and 10: 0.3 outside. The dd estimate has no
    # interval.
    assert (board["inside"], board["compared"]) == (2, 5)
    # 9: 0.5, 0.55, 0.7; 10: 0.5, 0.4, 0.3; 11: 0, 0.05, 0.
    assert board["spreads"] == pytest.approx([0.2, 0.2, 0.05])
    assert board["weighted_spread"] is None
    assert board["same_score"] is True and board["near_threshold"] is None


def test_two_seeds_consistent_as_two_estimates() -> None:
    """Consistent: the difference within the facing half-widths combined in quadrature; a value
    just outside the first seed's interval can still agree with it."""
    first = sd({9: 0.5, 10: 0.5}, {9: (0.4, 0.6), 10: (0.4, 0.6), 11: (0.0, ZERO_OF_100)})
    # 9: 0.62 is outside [0.4, 0.6] but 0.12 <= hypot(0.1, 0.1) = 0.141: consistent.
    # 10: 0.33 differs by 0.17 > hypot(0.1, 0.08) = 0.128: not consistent.
    # 11: 0.05 differs by 0.05 > hypot(0.037, 0.03) = 0.048: not consistent.
    other = sd({9: 0.62, 10: 0.33, 11: 0.05},
               {9: (0.52, 0.72), 10: (0.25, 0.41), 11: (0.02, 0.1)})
    board = board_stability([ruling(first), ruling(other)])
    assert (board["inside"], board["consistent"], board["compared"]) == (0, 1, 3)
    summary = summarise([board])
    assert summary["consistent_share"] == pytest.approx(1 / 3)
    # The same value on both sides, whatever the intervals, agrees.
    assert board_stability([ruling(first), ruling(first)])["consistent"] == 2


def test_an_outcome_the_first_seed_did_not_draw() -> None:
    """Inside when the first seed's interval for it (the ruling gives one for every result the
    position allows) covers it; outside when the ruling gives it none."""
    first = sd({10: 1.0}, {9: (0.0, ZERO_OF_100), 10: (0.963, 1.0)})
    below = sd({9: 0.03, 10: 0.97}, {9: (0.01, 0.08), 10: (0.92, 0.99)})
    assert board_stability([ruling(first), ruling(below)])["inside"] == 2
    above = sd({9: ZERO_OF_100 + 0.001, 10: 0.96}, {9: (0.01, 0.1), 10: (0.9, 0.99)})
    assert board_stability([ruling(first), ruling(above)])["inside"] == 0  # 0.96 < 0.963 too
    without = sd({10: 1.0}, {10: (0.963, 1.0)})  # no interval for 9 tricks
    assert board_stability([ruling(without), ruling(below)])["inside"] == 1  # only 10 tricks
    # An outcome the first seed reported and the other did not is in the spread, not the share.
    board = board_stability([ruling(below), ruling(first)])
    assert (board["inside"], board["compared"]) == (0, 1)  # 1.0 above 0.99
    assert board["spreads"] == pytest.approx([0.03, 0.03])


def test_weighted_spread_same_score_and_threshold_flags() -> None:
    estimate = sd({9: 0.4, 10: 0.6}, {9: (0.3, 0.5), 10: (0.5, 0.7)})
    sixty = ruling(estimate, weighted={10: 0.6, 9: 0.4})  # 252 - 20 = 232
    fifty_five = ruling(estimate, weighted={10: 0.55, 9: 0.45})  # 231 - 22.5 = 208.5
    result = ruling(estimate, tricks=10)  # not adjusted: +420
    changed = board_stability([sixty, fifty_five])
    assert changed["weighted_spread"] == pytest.approx(23.5)
    assert changed["same_score"] is False and changed["near_threshold"] is None
    same = board_stability([sixty, ruling(estimate, weighted={9: 0.4, 10: 0.6})])
    assert same["same_score"] is True and same["weighted_spread"] == 0
    far = board_stability([result, sixty, result])  # a weighted score offered by one seed
    assert far["weighted_spread"] == pytest.approx(420 - 232)
    flagged = board_stability([ruling(estimate, near=False),
                               ruling(estimate, tricks=9, near=True)])
    assert flagged["same_score"] is False and flagged["near_threshold"] is True
    with pytest.raises(ValueError, match="at least two seeds"):
        board_stability([result])

    summary = summarise([changed, same, far, flagged])
    assert summary["boards"] == 4
    assert summary["weighted_boards"] == 3
    assert summary["weighted_spread_median"] == pytest.approx(23.5)
    assert summary["weighted_spread_max"] == pytest.approx(188)
    assert summary["weighted_within"] == pytest.approx(2 / 3)
    assert (summary["same_score_boards"], summary["changed_boards"]) == (1, 3)
    assert summary["same_score_share"] == pytest.approx(1 / 4)
    assert summary["changed_flagged_near_threshold"] == 1
    assert summarise([changed])["changed_flagged_near_threshold"] is None


def test_a_move_within_the_first_seeds_range_of_the_net() -> None:
    """A changed board counts as shown when every other seed's net lies inside the first seed's
    range of it (the weights inside their intervals), or when it is flagged near a threshold."""
    estimate = sd({9: 0.4, 10: 0.6}, {9: (0.3, 0.5), 10: (0.5, 0.7)})
    sixty = ruling(estimate, weighted={10: 0.6, 9: 0.4}, net_range=(185, 280))  # net 232
    fifty_five = ruling(estimate, weighted={10: 0.55, 9: 0.45})  # 208.5
    fifty = ruling(estimate, weighted={10: 0.5, 9: 0.5})  # 185
    forty = ruling(estimate, weighted={10: 0.4, 9: 0.6})  # 138
    inside = board_stability([sixty, fifty_five, fifty])
    assert inside["same_score"] is False and inside["within_range"] is True
    outside = board_stability([sixty, fifty_five, forty])
    assert outside["within_range"] is False
    assert board_stability([fifty_five, sixty])["within_range"] is None  # the first gives none
    flagged = board_stability([ruling(estimate, weighted={10: 0.6, 9: 0.4}, near=True,
                                      net_range=(230, 235)), forty])
    summary = summarise([inside, outside, flagged])
    assert summary["changed_boards"] == 3
    assert summary["changed_flagged_or_within_range"] == 2
    assert summarise([board_stability([fifty_five, sixty])])[
        "changed_flagged_or_within_range"] is None


def test_summary_shares_and_spreads() -> None:
    boards = [{"compared": 8, "inside": 8, "spreads": [0.0, 0.1], "weighted_spread": None,
               "same_score": True, "near_threshold": None},
              {"compared": 12, "inside": 10, "spreads": [0.3], "weighted_spread": None,
               "same_score": True, "near_threshold": None}]
    summary = summarise(boards)
    assert summary["inside_share"] == pytest.approx(18 / 20)
    assert summary["probability_spread_median"] == pytest.approx(0.1)
    assert summary["probability_spread_max"] == pytest.approx(0.3)
    assert summary["weighted_within"] is None and summary["same_score_share"] == 1.0


def test_derived_seeds() -> None:
    seeds = derived_seeds(2024, 5)
    assert seeds[0] == 2024 and len(set(seeds)) == 5
    assert derived_seeds(2024, 5) == seeds
    assert derived_seeds(2024, 2) == seeds[:2]
    assert derived_seeds(7, 5)[1:] != seeds[1:]


def test_published_cases_read_whatever_the_folder_holds(tmp_path: Path) -> None:
    assert published_cases(folder=tmp_path / "absent") == []
    worked = json.loads(next((REPO / "tests" / "data" / "cases").glob("p02-*.json")).read_text())
    (tmp_path / "a-ruling.json").write_text(json.dumps(worked))
    (tmp_path / "b-two.json").write_text(json.dumps([worked["case"], worked["case"]]))
    (tmp_path / "c-broken.json").write_text('{"deal": "N:AKQ"}')
    skipped: list[str] = []
    cases = published_cases(folder=tmp_path, skipped=skipped)
    assert [c.name for c in cases] == ["a-ruling", "b-two#1", "b-two#2"]
    assert {c.group for c in cases} == {"published"}
    assert len(skipped) == 1 and skipped[0].startswith("c-broken.json")
    assert len(published_cases(2, folder=tmp_path)) == 2


def test_the_dd_estimate_does_not_move_with_the_seed(dds_solver: Any) -> None:
    from revoke_equity.ruling import rule

    def rule_json(bc: BenchCase, options: EstimateOptions) -> dict[str, Any]:
        return rule(bc.case, dds_solver, options=options, trace=False).to_dict()

    cases = worked_cases(None, ("p02", "p08"))
    table = run_stability({"worked": cases, "published": []}, derived_seeds(3, 3),
                          EstimateOptions(estimate="dd"), rule_json, lambda message: None)
    assert list(table["sets"]) == ["worked"]
    worked = table["sets"]["worked"]
    assert worked["boards"] == 2 and worked["outcomes_compared"] == 0
    assert worked["inside_share"] is None and worked["probability_spread_max"] is None
    assert worked["same_score_share"] == 1.0
    assert worked["weighted_boards"] in (0, 1) and worked["weighted_spread_max"] in (None, 0)
    assert table["seeds"][0] == 3 and len(table["load_average_start"] or [0, 0, 0]) == 3
    assert worked["cpu_seconds"] >= 0 and worked["wall_seconds"] > 0


def test_a_first_seed_that_solved_every_layout_gives_the_models_value() -> None:
    """A first seed's estimate without any interval is exact (every layout of every decision
    solved): another seed's outcome is inside, and consistent, when it holds that value: equal to
    it when exact too, inside its own interval when sampled."""
    exact = sd({5: 0.9996, 6: 0.0004})
    same = sd({5: 0.9996, 6: 0.0004})
    sampled = sd({5: 0.9995, 6: 0.0005}, {5: (0.9993, 0.9997), 6: (0.0003, 0.0007)})
    off = sd({5: 0.99, 6: 0.01}, {5: (0.985, 0.995), 6: (0.005, 0.015)})
    board = board_stability([ruling(exact), ruling(same), ruling(sampled), ruling(off)])
    assert (board["inside"], board["consistent"], board["compared"]) == (4, 4, 6)
    # The other way round: the exact value inside the first seed's interval.
    board = board_stability([ruling(sampled), ruling(exact), ruling(off)])
    assert (board["inside"], board["consistent"], board["compared"]) == (2, 2, 4)
